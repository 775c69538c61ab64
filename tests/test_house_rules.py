"""House rules (rules/house-rules.md): every worked example and each option's edge, as scripted hands."""

from __future__ import annotations

import pytest

from game.actions import DOUBLE_NIL, NIL, BidValue
from game.scoring import score_spades_side

N, DN = NIL, DOUBLE_NIL
FIVE_FOR_50 = {"bag_limit": 5, "bag_penalty": 50}
NO_BAG_PENALTY = {"bag_limit": None, "bag_penalty": 0}

# rule, bids, tricks, bags before -> contract, nil, bags, bag penalty, ten for 200, total, bags after
HOUSE_SIDES: list[tuple[str, dict[str, object], tuple[BidValue, ...], tuple[int, ...], int,
                        tuple[int, int, int, int, int, int, int]]] = [
    ("example 1, 5 for 50: 3 bags and 4 more reach 7, cost 50, 2 carry over", FIVE_FOR_50, (2, 2), (4, 4), 3,
     (40, 0, 4, -50, 0, -6, 2)),
    ("5 for 50: exactly 5 bags leave 0", FIVE_FOR_50, (3,), (8,), 0, (30, 0, 5, -50, 0, -15, 0)),
    ("5 for 50: 11 bags in all cost 100 and 1 carries", FIVE_FOR_50, (1, N), (9, 0), 3, (10, 100, 8, -100, 0, 18, 1)),
    ("no bag penalty: the count only grows", NO_BAG_PENALTY, (2, 2), (5, 4), 8, (40, 0, 5, 0, 0, 45, 13)),
    ("example 2, ten for 200: a contract of 10 (6 + 4) with 9 tricks", {"ten_for_200": True}, (6, 4), (5, 4), 0,
     (0, 0, 0, 0, -200, -200, 0)),
    ("example 2, ten for 200: a contract of 9 made with 12 tricks is +93", {"ten_for_200": True}, (5, 4), (6, 6), 0,
     (90, 0, 3, 0, 0, 93, 3)),
    ("S3: North 6 and South 5 take 12 tricks: +200 + 1 bag", {"ten_for_200": True}, (6, 5), (7, 5), 0,
     (0, 0, 1, 0, 200, 201, 1)),
    ("S3: a single bid of 10 beside a partner's made Nil", {"ten_for_200": True}, (10, N), (11, 0), 0,
     (0, 100, 1, 0, 200, 301, 1)),
    ("S3: bags still cost beside the 200", {"ten_for_200": True}, (7, 3), (12, 1), 8,
     (0, 0, 3, -100, 200, 103, 1)),
    ("S1: Nil worth 50 made", {"nil_value": 50}, (N, 4), (0, 5), 0, (40, 50, 1, 0, 0, 91, 1)),
    ("S1: Nil worth 50 failed", {"nil_value": 50}, (N, 4), (1, 4), 0, (40, -50, 1, 0, 0, -9, 1)),
    ("S1: Double Nil is twice the Nil value of 50", {"nil_value": 50}, (DN, 4), (0, 4), 0,
     (40, 100, 0, 0, 0, 140, 0)),
    ("S1: a failed Double Nil at 50 loses 100", {"nil_value": 50}, (DN,), (2,), 0, (0, -100, 2, 0, 0, -98, 2)),
]


@pytest.mark.parametrize(("rule", "bids", "tricks", "bags_before", "expected"),
                         [row[1:] for row in HOUSE_SIDES], ids=[row[0] for row in HOUSE_SIDES])
def test_house_rule_side_scores(rule: dict[str, object], bids: tuple[BidValue, ...], tricks: tuple[int, ...],
                                bags_before: int, expected: tuple[int, int, int, int, int, int, int]) -> None:
    breakdown, bags_after = score_spades_side(bids, tricks, bags_before, **rule)  # type: ignore[arg-type]
    got = (breakdown["contract"], breakdown["nil"], breakdown["bags"], breakdown["bag_penalty"],
           breakdown.get("ten_for_200", 0), breakdown["total"], bags_after)
    assert got == expected
    parts = ("contract", "bags", "nil", "bag_penalty", "ten_for_200")
    assert sum(breakdown.get(part, 0) for part in parts) == breakdown["total"]
    assert ("ten_for_200" in breakdown) == bool(rule.get("ten_for_200"))  # named only with the rule on
