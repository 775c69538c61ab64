"""Scoring as pure functions, table-style against the worked examples of rules/*.md."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted import card, cards

from game.actions import DOUBLE_NIL, NIL, BidValue
from game.cards import HEARTS, SPADES, mask_of
from game.scoring import score_pitch, score_spades_side, spades_winner, trick_points

N, DN = NIL, DOUBLE_NIL

# bids, tricks, bags before -> contract, nil, bags, bag penalty, total, bags after
SPADES_SIDES: list[tuple[str, tuple[BidValue, ...], tuple[int, ...], int, tuple[int, int, int, int, int, int]]] = [
    ("Alex 4 + Charlie 2: contract 6 made exactly", (4, 2), (3, 3), 0, (60, 0, 0, 0, 60, 0)),
    ("Alex 4 + Charlie 2: 5 tricks fail the contract of 6", (4, 2), (4, 1), 0, (-60, 0, 0, 0, -60, 0)),
    ("Beth 3 + David 2 bid 5 and win 7: 52 and 2 bags", (3, 2), (4, 3), 0, (50, 0, 2, 0, 52, 2)),
    ("a failed contract scores no bags for its tricks", (7, 6), (6, 6), 4, (-130, 0, 0, 0, -130, 4)),
    ("sandbagging 1: bid 4 win 7", (2, 2), (4, 3), 0, (40, 0, 3, 0, 43, 3)),
    ("sandbagging 2: bid 3 win 6", (2, 1), (3, 3), 3, (30, 0, 3, 0, 33, 6)),
    ("sandbagging 3: bid 4 win 9, the 11th bag costs 100 and 1 carries", (2, 2), (5, 4), 6, (40, 0, 5, -100, -55, 1)),
    ("sandbagging 4: 9 more bags cost another 100", (1, 1), (6, 5), 1, (20, 0, 9, -100, -71, 0)),
    ("bags crossing 10 twice in one hand", (1, N), (13, 0), 9, (10, 100, 12, -200, -78, 1)),
    ("exactly 10 bags leave 0", (1, 1), (6, 6), 0, (20, 0, 10, -100, -70, 0)),
    ("Nil made, partner's contract made alone", (N, 4), (0, 5), 0, (40, 100, 1, 0, 141, 1)),
    ("Nil failed: its tricks never count toward the partner's 4", (N, 4), (2, 3), 0, (-40, -100, 2, 0, -138, 2)),
    ("Nil failed, partner made: the Nil tricks are bags", (N, 4), (2, 4), 0, (40, -100, 2, 0, -58, 2)),
    ("both Nil made", (N, N), (0, 0), 0, (0, 200, 0, 0, 200, 0)),
    ("both Nil failed", (N, N), (3, 2), 0, (0, -200, 5, 0, -195, 5)),
    ("one Nil made, one failed", (N, N), (0, 1), 0, (0, 0, 1, 0, 1, 1)),
    ("Double Nil made", (DN, 4), (0, 4), 0, (40, 200, 0, 0, 240, 0)),
    ("Double Nil failed", (DN, 4), (1, 4), 0, (40, -200, 1, 0, -159, 1)),
    ("both Double Nil made", (DN, DN), (0, 0), 0, (0, 400, 0, 0, 400, 0)),
    ("both Double Nil failed", (DN, DN), (1, 1), 0, (0, -400, 2, 0, -398, 2)),
    ("one Double Nil made, one failed", (DN, DN), (2, 0), 0, (0, 0, 2, 0, 2, 2)),
    ("Nil made and Double Nil failed: +100 - 200", (N, DN), (0, 1), 0, (0, -100, 1, 0, -99, 1)),
    ("two-player: Karen bids 7 and wins 8: 71", (7,), (8,), 0, (70, 0, 1, 0, 71, 1)),
    ("two-player: Megan bids 8 and wins 8", (8,), (8,), 0, (80, 0, 0, 0, 80, 0)),
    ("two-player: Drew bids 6 and wins 5", (6,), (5,), 0, (-60, 0, 0, 0, -60, 0)),
    ("two-player: Kathy's Nil made", (N,), (0,), 0, (0, 100, 0, 0, 100, 0)),
    ("two-player: Kathy's Nil failed with 1 trick", (N,), (1,), 0, (0, -100, 1, 0, -99, 1)),
    ("two-player: Double Nil failed, bags cross 10", (DN,), (3,), 8, (0, -200, 3, -100, -297, 1)),
    ("two-player: Bonnie bids 4 and wins 9 with 6 bags held", (4,), (9,), 6, (40, 0, 5, -100, -55, 1)),
]


@pytest.mark.parametrize(("bids", "tricks", "bags_before", "expected"),
                         [row[1:] for row in SPADES_SIDES], ids=[row[0] for row in SPADES_SIDES])
def test_spades_side_scores(bids: tuple[BidValue, ...], tricks: tuple[int, ...], bags_before: int,
                            expected: tuple[int, int, int, int, int, int]) -> None:
    breakdown, bags_after = score_spades_side(bids, tricks, bags_before)
    got = (breakdown["contract"], breakdown["nil"], breakdown["bags"], breakdown["bag_penalty"],
           breakdown["total"], bags_after)
    assert got == expected
    assert breakdown["contract"] + breakdown["bags"] + breakdown["nil"] + breakdown["bag_penalty"] == breakdown["total"]


def test_spades_sandbagging_example_runs_across_four_hands() -> None:
    bags, score, totals = 0, 0, []
    for bids, tricks in (((2, 2), (4, 3)), ((2, 1), (3, 3)), ((2, 2), (5, 4)), ((1, 1), (6, 5))):
        breakdown, bags = score_spades_side(bids, tricks, bags)
        score += breakdown["total"]
        totals.append((breakdown["total"], bags, breakdown["bag_penalty"]))
    assert totals == [(43, 3, 0), (33, 6, 0), (-55, 1, -100), (-71, 0, -100)]
    assert score == -50


def test_spades_breakdown_names_the_contract_and_counted_tricks() -> None:
    breakdown, _ = score_spades_side((N, 4), (2, 3), 0)
    assert (breakdown["bid"], breakdown["tricks"], breakdown["made"]) == (4, 3, False)
    breakdown, _ = score_spades_side((N, N), (0, 2), 0)
    assert (breakdown["bid"], breakdown["tricks"], breakdown["made"]) == (None, 0, None)


@pytest.mark.parametrize(("scores", "target", "mercy", "winner"), [
    ([512, 230], 500, None, 0),
    ([230, 500], 500, None, 1),
    ([499, 499], 500, None, None),
    ([510, 530], 500, None, 1),
    ([530, 510], 500, None, 0),
    ([510, 510], 500, None, None),
    ([-300, 20], 500, None, None),
    ([-200, 20], 500, -200, 1),
    ([20, -250], 500, -200, 0),
    ([-199, 20], 500, -200, None),
    ([-200, -200], 500, -200, None),  # Decision: both at -200 or below, equal scores play on
    ([-260, -200], 500, -200, 1),  # Decision: both at -200 or below, the higher score wins
    ([-210, -400], 500, -200, 0),
    ([-300, -300], 500, -200, None),
    ([260, 90], 250, None, 0),
    ([299, 0], 300, None, None),
    ([1000, 999], 1000, None, 0),
], ids=lambda value: repr(value))
def test_spades_winner(scores: list[int], target: int, mercy: int | None, winner: int | None) -> None:
    assert spades_winner(scores, target, mercy) == winner


@pytest.mark.parametrize(("text", "points"), [
    ("TH", 10), ("AS", 4), ("KD", 3), ("QC", 2), ("JH", 1),
    ("9S 8S 7S 6S 5S 4S 3S 2S", 0),
    ("TH AS KD QC JS 9H 2C", 20),
    ("AH TC", 14), ("JH 9H 2D 2C", 1), ("TD QD", 12), ("AC JC", 5),
])
def test_trick_points(text: str, points: int) -> None:
    assert trick_points(mask_of(cards(text))) == points


def test_trick_points_of_the_whole_deck_is_80() -> None:
    assert trick_points((1 << 52) - 1) == 80


# Pitch example 1 (rules/pitch.md), seats South 0, West 1, North 2, East 3: the tricks as played.
EXAMPLE_1_TRICKS: list[tuple[int, list[tuple[int, str]], int]] = [
    (1, [(1, "9H"), (2, "JH"), (3, "2C"), (0, "2D")], 2),
    (2, [(2, "TS"), (3, "AS"), (0, "3S"), (1, "4S")], 3),
    (3, [(3, "5C"), (0, "6C"), (1, "AH"), (2, "TC")], 1),
    (1, [(1, "3H"), (2, "7D"), (3, "8D"), (0, "9D")], 1),
    (1, [(1, "TD"), (2, "QD"), (3, "7S"), (0, "8S")], 2),
    (2, [(2, "JC"), (3, "5S"), (0, "AC"), (1, "6S")], 0),
]


def _pitch_rows(tricks: list[tuple[int, list[tuple[int, str]], int]], sides: list[int], trump: int,
                pitcher_side: int, bid: int, low_to_player: bool = False) -> list[dict[str, Any]]:
    log = [(leader, [(seat, card(text)) for seat, text in plays], winner) for leader, plays, winner in tricks]
    in_play = mask_of(c for _, plays, _ in log for _, c in plays)
    return score_pitch(max(sides) + 1, sides, in_play, trump, log, pitcher_side, bid, low_to_player)


def _summary(rows: list[dict[str, Any]]) -> list[tuple[int, int, int, int, int, bool, int]]:
    return [(r["high"], r["low"], r["jack"], r["game"], r["trick_points"], r["set_back"], r["total"]) for r in rows]


def test_pitch_example_1_west_makes_2_and_north_scores_the_jack() -> None:
    rows = _pitch_rows(EXAMPLE_1_TRICKS, [0, 1, 2, 3], HEARTS, pitcher_side=1, bid=2)
    assert _summary(rows) == [
        (0, 0, 0, 0, 5, False, 0),
        (1, 1, 0, 0, 14, False, 2),
        (0, 0, 1, 0, 13, False, 1),
        (0, 0, 0, 0, 14, False, 0),
    ]


def test_pitch_example_3_pitcher_short_of_his_bid_is_set_back_by_it() -> None:
    rows = _pitch_rows(EXAMPLE_1_TRICKS, [0, 1, 2, 3], HEARTS, pitcher_side=1, bid=3)
    assert [r["total"] for r in rows] == [0, -3, 1, 0]
    assert [r["won"] for r in rows] == [0, 2, 1, 0]


def test_pitch_low_to_the_player_who_played_it() -> None:
    tricks = [(0, [(0, "3H"), (1, "AH")], 1), (1, [(1, "2S"), (0, "KS")], 0)]
    by_winner = _pitch_rows(tricks, [0, 1], HEARTS, pitcher_side=0, bid=1)
    by_player = _pitch_rows(tricks, [0, 1], HEARTS, pitcher_side=0, bid=1, low_to_player=True)
    assert [(r["high"], r["low"]) for r in by_winner] == [(0, 0), (1, 1)]
    assert [(r["high"], r["low"]) for r in by_player] == [(0, 1), (1, 0)]
    assert [r["total"] for r in by_winner] == [-1, 3]  # game: 0 has 3 (king), 1 has 4 (ace)
    assert [r["total"] for r in by_player] == [1, 2]


def test_pitch_example_2_a_lone_jack_of_trumps_scores_3() -> None:
    tricks = [(3, [(3, "JS"), (0, "2H"), (1, "3H"), (2, "4H")], 3)]
    rows = _pitch_rows(tricks, [0, 1, 2, 3], SPADES, pitcher_side=3, bid=2)
    assert [(r["high"], r["low"], r["jack"]) for r in rows][3] == (1, 1, 1)
    assert rows[3]["total"] == 4  # with Game: the only trick points are the jack's


def test_pitch_tied_game_points_score_to_nobody() -> None:
    tricks = [(0, [(0, "AS"), (1, "2H")], 0), (1, [(1, "AH"), (0, "3H")], 1)]
    rows = _pitch_rows(tricks, [0, 1], SPADES, pitcher_side=0, bid=2)
    assert [r["trick_points"] for r in rows] == [4, 4]
    assert [r["game"] for r in rows] == [0, 0]
    assert [r["total"] for r in rows] == [2, 0]  # one trump in play: High and Low


def test_pitch_partnership_rows_are_per_team() -> None:
    rows = _pitch_rows(EXAMPLE_1_TRICKS, [0, 1, 0, 1], HEARTS, pitcher_side=1, bid=2)
    # South+North won 5+13 trick points and the jack; West+East 14+14, High and Low.
    assert _summary(rows) == [(0, 0, 1, 0, 18, False, 1), (1, 1, 0, 1, 28, False, 3)]


BID = st.one_of(st.integers(1, 13), st.sampled_from([N, DN]))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(BID, st.integers(0, 13)), min_size=1, max_size=2), st.integers(0, 9))
def test_any_spades_side_breakdown_adds_up_and_keeps_the_bags_under_10(
        seats: list[tuple[BidValue, int]], bags_before: int) -> None:
    bids, tricks = [b for b, _ in seats], [t for _, t in seats]
    breakdown, bags_after = score_spades_side(bids, tricks, bags_before)
    assert breakdown["total"] == breakdown["contract"] + breakdown["bags"] + breakdown["nil"] + breakdown["bag_penalty"]
    assert 0 <= bags_after <= 9
    assert bags_before + breakdown["bags"] == bags_after - breakdown["bag_penalty"] // 10
    nil_tricks = sum(t for b, t in seats if not isinstance(b, int))
    assert breakdown["bags"] >= nil_tricks
    assert breakdown["nil"] == sum((100 if b == N else 200) * (1 if t == 0 else -1) for b, t in seats
                                   if not isinstance(b, int))
