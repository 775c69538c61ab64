"""game/tools/choice_flips.py: a trial of the hard level's bid choice measured on the plays it changes gives the
arena's own paired figure, because every play it does not change is the very same play."""

from __future__ import annotations

import pytest

from game.tools import choice_flips
from game.tools.arena import ArenaConfig, layouts, mean_ci, play_once

TRIAL = "hard:nil_bonus=30"


def _config(level: str, deals: int = 6) -> ArenaConfig:
    return ArenaConfig("spades", level, "normal", 4, False, deals, 3, None, (), budget=8)


def test_only_the_plays_whose_choice_changes_differ_and_the_figure_is_the_whole_match_s() -> None:
    level, trial = _config("hard"), _config(TRIAL)
    settings = choice_flips.trial_settings(TRIAL)
    per_deal, changed = [], 0
    for index in range(level.deals):
        diffs = []
        for play, roles in enumerate(layouts(level)):
            before, after = play_once(level, index, play, roles), play_once(trial, index, play, roles)
            if choice_flips.changes_choice(level, index, play, settings):
                changed += 1
            else:
                assert before.sides == after.sides  # the very same play
            diffs.append(after.diff - before.diff)
        per_deal.append(sum(diffs) / len(diffs))
    assert changed >= 2
    figures = choice_flips.measure(level, TRIAL)
    mean, _sd, low, high = mean_ci(per_deal)
    assert figures["plays_changed"] == changed
    assert figures["points_per_hand_diff"] == round(mean, 3)
    assert figures["ci95_diff"] == [round(low, 3), round(high, 3)]


@pytest.mark.parametrize("trial, says", [
    ("hard:read_miss=0.8", "read_miss changes the search"),
    ("normal", "must be hard with choice settings"),
    ("hard", "must be hard with choice settings"),
])
def test_a_trial_that_changes_more_than_the_choice_is_refused(trial: str, says: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert choice_flips.main(["--trial", trial, "--deals", "1", "--budget", "4"]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


@pytest.mark.parametrize("args, says", [
    (["--trial", TRIAL, "--deals", "0"], "0 is not from 1"),
    (["--trial", TRIAL, "--budget", "x"], "'x' is not a whole number"),
    (["--trial", TRIAL, "--b", "oracle"], "invalid choice"),
    (["--deals", "3"], "required"),
])
def test_a_bad_command_line_is_one_line_and_status_2(args: list[str], says: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        choice_flips.main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and err.startswith("choice_flips: ")
