"""Options: exactly the values the rules files list; anything else is refused with a clear ValueError."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.options import PITCH_LOW, PITCH_TARGETS, SPADES_MERCY, SPADES_TARGETS, PitchOptions, SpadesOptions

RULES = Path(__file__).resolve().parents[1].parent / "shared" / "rules"


@pytest.mark.parametrize("target", SPADES_TARGETS)
@pytest.mark.parametrize("mercy", SPADES_MERCY)
def test_every_spades_choice_of_the_rules_is_accepted(target: int, mercy: int | None) -> None:
    for nil in (True, False):
        for double_nil in (True, False):
            options = SpadesOptions(target=target, nil=nil, double_nil=double_nil, mercy=mercy)
            written = options.to_json()
            assert {key: written[key] for key in ("target", "nil", "double_nil", "mercy")} == {
                "target": target, "nil": nil, "double_nil": double_nil, "mercy": mercy}


@pytest.mark.parametrize("target", PITCH_TARGETS)
@pytest.mark.parametrize("low", PITCH_LOW)
def test_every_pitch_choice_of_the_rules_is_accepted(target: int, low: str) -> None:
    for partnerships in (True, False):
        for steal in (True, False):
            options = PitchOptions(target=target, partnerships=partnerships, dealer_steal=steal, low=low)
            assert options.to_json()["low"] == low and options.target == target


@pytest.mark.parametrize(("make", "message"), [
    (lambda: PitchOptions(low="bogus"), "Pitch low must be one of 'winner', 'player', not 'bogus'."),
    (lambda: PitchOptions(target=10), "Pitch target must be one of 7, 11, 15, 21, not 10."),
    (lambda: PitchOptions(target=0), "Pitch target must be one of 7, 11, 15, 21, not 0."),
    (lambda: PitchOptions(target=7.0), "Pitch target must be one of 7, 11, 15, 21, not 7.0."),
    (lambda: PitchOptions(partnerships=1), "Pitch partnerships must be one of False, True, not 1."),
    (lambda: PitchOptions(dealer_steal="yes"), "Pitch dealer_steal must be one of True, False, not 'yes'."),
    (lambda: SpadesOptions(target=400), "Spades target must be one of 500, 250, 300, 1000, not 400."),
    (lambda: SpadesOptions(target=-5), "Spades target must be one of 500, 250, 300, 1000, not -5."),
    (lambda: SpadesOptions(target=True), "Spades target must be one of 500, 250, 300, 1000, not True."),
    (lambda: SpadesOptions(mercy=-100), "Spades mercy must be one of None (off), -200, not -100."),
    (lambda: SpadesOptions(mercy=200), "Spades mercy must be one of None (off), -200, not 200."),
    (lambda: SpadesOptions(nil=None), "Spades nil must be one of True, False, not None."),
    (lambda: SpadesOptions(double_nil=0), "Spades double_nil must be one of True, False, not 0."),
])
def test_a_value_the_rules_do_not_list_is_refused_by_name(make: Any, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        make()
    assert str(refused.value) == message


def test_the_choices_are_those_of_the_rules_files() -> None:
    if not RULES.is_dir():
        pytest.skip("the shared rules folder is not beside the project")
    spades = (RULES / "spades.md").read_text()
    line = re.search(r"- Target score: (.*)\.", spades)
    assert line is not None
    assert {int(n) for n in re.findall(r"\d+", line.group(1))} == set(SPADES_TARGETS)
    assert int(re.findall(r"\d+", line.group(1))[0]) == SpadesOptions().target
    assert "Mercy rule: off / lose at −200." in spades and SPADES_MERCY == (None, -200)
    pitch = (RULES / "pitch.md").read_text()
    found = re.search(r"target \(\*\*(\d+)\*\*; options ([\d, ]+)\)", pitch)
    assert found is not None
    assert (int(found.group(1)), *map(int, found.group(2).split(", "))) == PITCH_TARGETS
    assert PitchOptions().target == PITCH_TARGETS[0] and "Low to the player who played it" in pitch
