"""Scoring as pure functions over sides, following rules/spades.md and rules/pitch.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.actions import DOUBLE_NIL, NIL, BidValue
from game.cards import JACK, SUIT_MASKS, cards_of, highest, lowest

BAG_LIMIT = 10
BAG_PENALTY = 100
NIL_POINTS: dict[str, int] = {NIL: 100, DOUBLE_NIL: 200}
TRICK_POINTS = {8: 10, 12: 4, 11: 3, 10: 2, 9: 1}  # ten, ace, king, queen, jack (by rank index)


def score_spades_side(bids: Sequence[BidValue | None], tricks: Sequence[int], bags_before: int
                      ) -> tuple[dict[str, Any], int]:
    """One side's Spades hand: its members' bids and tricks, and its bag count before the hand.

    Returns the breakdown (``contract`` + ``bags`` + ``nil`` + ``bag_penalty`` == ``total``)
    and the side's bag count after any 10-bag penalty.
    """
    contract = counted = nil_points = bags = 0
    has_contract = False
    for bid, won in zip(bids, tricks, strict=True):
        if isinstance(bid, int):
            has_contract = True
            contract += bid
            counted += won
        elif bid in NIL_POINTS:
            nil_points += NIL_POINTS[bid] if won == 0 else -NIL_POINTS[bid]
            bags += won
    contract_points = 0
    if has_contract:
        if counted >= contract:
            contract_points = 10 * contract
            bags += counted - contract
        else:
            contract_points = -10 * contract
    bag_count = bags_before + bags
    penalties = bag_count // BAG_LIMIT
    bag_count -= penalties * BAG_LIMIT
    breakdown = {
        "bid": contract if has_contract else None,
        "tricks": counted,
        "contract": contract_points,
        "bags": bags,
        "nil": nil_points,
        "bag_penalty": -BAG_PENALTY * penalties,
        "total": contract_points + bags + nil_points - BAG_PENALTY * penalties,
        "made": None if not has_contract else counted >= contract,
    }
    return breakdown, bag_count


def spades_winner(scores: Sequence[int], target: int, mercy: int | None) -> int | None:
    """The winning side once a side reaches the target (or falls to the mercy score), else None.

    The higher score wins; equal top scores play another hand.
    """
    best = max(scores)
    if best < target and (mercy is None or min(scores) > mercy):
        return None
    leaders = [i for i, s in enumerate(scores) if s == best]
    return leaders[0] if len(leaders) == 1 else None


def trick_points(mask: int) -> int:
    """Pitch's "game" points in a set of cards: ten 10, ace 4, king 3, queen 2, jack 1."""
    return sum(TRICK_POINTS.get(card.rank, 0) for card in cards_of(mask))


def score_pitch(num_sides: int, side_of_seat: Sequence[int], in_play: int, trump: int,
                tricks: Sequence[tuple[int, Sequence[tuple[int, int]], int]],
                pitcher_side: int, bid: int, low_to_player: bool = False) -> list[dict[str, Any]]:
    """Each side's Pitch result: High, Low, Jack, Game, whether set back, and the total.

    ``in_play`` is the mask of all cards dealt; ``tricks`` are (leader, plays, winner).
    """
    won_by = {}
    played_by = {}
    for _, plays, winner in tricks:
        for seat, card in plays:
            won_by[card] = side_of_seat[winner]
            played_by[card] = side_of_seat[seat]
    rows = [{"high": 0, "low": 0, "jack": 0, "game": 0} for _ in range(num_sides)]
    trumps = in_play & SUIT_MASKS[trump]
    if trumps:
        high, low = highest(trumps), lowest(trumps)
        rows[won_by[high]]["high"] += 1
        rows[(played_by if low_to_player else won_by)[low]]["low"] += 1
        jack = JACK * 4 + trump
        if trumps >> jack & 1:
            rows[won_by[jack]]["jack"] += 1
    won_masks = [0] * num_sides
    for card, side in won_by.items():
        won_masks[side] |= 1 << card
    game_points = [trick_points(m) for m in won_masks]
    best = max(game_points)
    if game_points.count(best) == 1:
        rows[game_points.index(best)]["game"] = 1
    for side, row in enumerate(rows):
        won = row["high"] + row["low"] + row["jack"] + row["game"]
        row["won"] = won
        row["trick_points"] = game_points[side]
        row["set_back"] = side == pitcher_side and won < bid
        row["total"] = -bid if row["set_back"] else won
    return rows
