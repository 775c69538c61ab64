"""Golden records: hand-written games (tests/data/, see its README) replay to the numbers the rules give.

The files were written once and are never regenerated: the reader must accept them and the rules
must give exactly the points below (copied from the worked examples of rules/*.md), and the writer
must write the same hands again, so that the writer and the reader cannot drift together.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.games import GAMES
from game.record import read_records, to_record
from game.state import HandResult, TrickGame

DATA = Path(__file__).parent / "data"
SPADES_KEYS = ("contract", "tricks", "bags", "nil", "bag_penalty", "total")
PITCH_KEYS = ("high", "low", "jack", "game", "set_back", "total")


def replayed(name: str) -> list[TrickGame]:
    """Every record of a golden file, replayed (each must read without a problem)."""
    games = []
    for line in read_records(str(DATA / f"{name}.jsonl")):
        assert line.error is None, line.error
        assert line.replay is not None and line.replay.finished
        games.append(line.replay.game)
    return games


def points(result: HandResult, keys: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Each side's breakdown as a tuple of the given parts."""
    return [tuple(side[key] for key in keys) for side in result.points]


# ----------------------------------------------------------------- Spades (rules/spades.md)
def test_spades_bids_four_three_two_two_and_beth_and_david_win_seven_for_52() -> None:
    game = replayed("spades")[0]
    first = game.results[0]
    assert game.hand_logs[0].bids == [(0, 4), (1, 3), (2, 2), (3, 2)]  # Alex 4, Beth 3, Charlie 2, David 2
    # Alex and Charlie must win 6 and win 6: 60. Beth and David bid 5 and win 7: 50 + 2 = 52 (and 2 bags).
    assert points(first, SPADES_KEYS) == [(60, 6, 0, 0, 0, 60), (50, 7, 2, 0, 0, 52)]
    assert (list(first.scores), list(first.bags)) == ([60, 52], [0, 2])


def test_spades_bags_three_three_five_cost_100_and_one_carries_over() -> None:
    game = replayed("spades")[0]
    # Alex and Charlie bid 4 and win 7, bid 3 and win 6, bid 4 and win 9: 3 + 3 + 5 = 11 bags.
    assert [points(r, SPADES_KEYS)[0] for r in game.results[1:4]] == [
        (40, 7, 3, 0, 0, 43), (30, 6, 3, 0, 0, 33), (40, 9, 5, 0, -100, -55)]
    assert [r.bags[0] for r in game.results[1:4]] == [3, 6, 1]
    assert [list(r.scores) for r in game.results[1:4]] == [[103, 112], [136, 182], [81, 222]]


def test_spades_nil_made_and_double_nil_failed_is_minus_100_plus_the_bag() -> None:
    game = replayed("spades")[0]
    fifth = game.results[4]
    log: Any = game.hand_logs[4]
    assert log.blind == [1] and [giver for giver, _, _ in log.exchange] == [1, 3]
    # Beth's Double Nil fails (one trick), David's Nil is made: +100 - 200 = -100, and Beth's trick is a bag.
    assert points(fifth, SPADES_KEYS) == [(80, 12, 4, 0, 0, 84), (0, 0, 1, -100, 0, -99)]
    assert (list(fifth.scores), list(fifth.bags), game.winner) == ([165, 123], [5, 3], None)


# ----------------------------------------------------------------- Spades for two (rules/spades-two.md)
def test_spades_for_two_karen_bids_seven_and_wins_eight_for_71() -> None:
    game = replayed("spades-two")[0]
    first = game.results[0]
    assert points(first, SPADES_KEYS)[1] == (70, 8, 1, 0, 0, 71)
    assert (list(first.scores), list(first.bags)) == ([50, 71], [0, 1])


def test_spades_for_two_bonnies_bags_cost_100_and_one_carries_over() -> None:
    game = replayed("spades-two")[0]
    # Bonnie bids 4 and wins 7, bids 3 and wins 6, bids 4 and wins 9: 11 bags, -100, 1 carries over.
    assert [points(r, SPADES_KEYS)[0] for r in game.results[1:4]] == [
        (40, 7, 3, 0, 0, 43), (30, 6, 3, 0, 0, 33), (40, 9, 5, 0, -100, -55)]
    assert [r.bags[0] for r in game.results[1:4]] == [3, 6, 1]
    assert points(game.results[2], SPADES_KEYS)[1] == (-80, 7, 0, 0, 0, -80)  # Karen bids 8, wins 7: set


def test_spades_for_two_a_double_nil_declared_while_drawing_and_redrawn_is_made() -> None:
    game = replayed("spades-two")[0]
    log: Any = game.hand_logs[4]
    assert log.blind == [1] and [(seat, len(thrown)) for seat, thrown, _ in log.redraw] == [(1, 2)]
    assert points(game.results[4], SPADES_KEYS) == [(60, 13, 7, 0, 0, 67), (0, 0, 0, 200, 0, 200)]
    assert (list(game.scores), list(game.bags), game.winner) == ([138, 282], [8, 2], None)


# ----------------------------------------------------------------- Pitch (rules/pitch.md)
def test_pitch_example_1_west_makes_two_and_the_tie_gives_no_game() -> None:
    game = replayed("pitch")[0]
    first = game.results[0]
    assert (first.pitcher, first.bid, game.hand_logs[0].trump) == (1, 2, 1)  # West bids 2, hearts are trump
    assert [side["trick_points"] for side in first.points] == [5, 14, 13, 14]  # South, West, North, East
    assert points(first, PITCH_KEYS) == [(0, 0, 0, 0, False, 0), (1, 1, 0, 0, False, 2),
                                         (0, 0, 1, 0, False, 1), (0, 0, 0, 0, False, 0)]


def test_pitch_example_2_the_only_trump_is_the_jack_and_east_scores_three() -> None:
    game = replayed("pitch")[0]
    second = game.results[1]
    spades = [(seat, str(c)) for seat, hand in enumerate(game.hand_logs[1].deal) for c in hand if c.suit == 0]
    assert spades == [(3, "JS")] and (second.pitcher, game.hand_logs[1].trump) == (3, 0)  # East leads it
    assert points(second, PITCH_KEYS)[3] == (1, 1, 1, 0, False, 3)
    assert list(second.scores) == [0, 2, 2, 3]


def test_pitch_example_3_north_wins_high_and_jack_on_a_bid_of_three_and_is_set_back() -> None:
    game = replayed("pitch")[0]
    third = game.results[2]
    assert (third.pitcher, third.bid) == (2, 3)
    assert points(third, PITCH_KEYS) == [(0, 0, 0, 1, False, 1), (0, 0, 0, 0, False, 0),
                                         (1, 0, 1, 0, True, -3), (0, 1, 0, 0, False, 1)]
    assert (list(game.scores), game.winner) == ([1, 2, -1, 4], None)


def test_pitch_example_4_west_wins_with_seven_although_north_has_more() -> None:
    game = replayed("pitch")[1]
    pitchers = [r.pitcher for r in game.results]
    assert pitchers == [0, 3, 0, 2, 1]
    assert [list(r.scores) for r in game.results] == [[2, 0, 2, 0], [2, 0, 5, 1], [3, 0, 8, 1], [3, 4, 7, 1],
                                                      [3, 7, 8, 1]]
    # North has 8 after a hand South pitched: the game goes on. Then North pitches 1, wins nothing and is
    # set back to 7: still at the target, but a set-back pitcher does not win (Decision).
    assert points(game.results[3], PITCH_KEYS)[2] == (0, 0, 0, 0, True, -1)
    assert game.winner == 1 and game.scores[1] < game.scores[2]


# ----------------------------------------------------------------- the writer writes the same hands
@pytest.mark.parametrize("name", ["spades", "spades-two", "pitch"])
def test_the_writer_writes_the_golden_hands_again(name: str) -> None:
    lines = (DATA / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    for text, game in zip(lines, replayed(name), strict=True):
        golden = json.loads(text)
        written = to_record(game, golden["seats"])
        for key in ("format", "game", "seats", "teams", "seed"):
            assert written[key] == golden[key], key
        # The options: the golden file's, and the house rules it leaves out written at their defaults.
        assert written["options"] == {**GAMES[name].default_options().to_json(), **golden["options"]}
        for number, (mine, theirs) in enumerate(zip(written["hands"], golden["hands"], strict=False), 1):
            for key, value in theirs.items():
                if key == "points":  # the file gives the parts the rules name; the writer gives more
                    assert [{k: side[k] for k in given} for side, given in zip(mine[key], value, strict=True)] \
                        == value, f"hand {number} points"
                else:
                    assert mine[key] == value, f"hand {number} {key}"
