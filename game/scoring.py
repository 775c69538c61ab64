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


TEN_FOR_200_BID = 10  # ten for two hundred: a contract of this many or more (rules/house-rules.md S3)
TEN_FOR_200_POINTS = 200


def score_spades_side(bids: Sequence[BidValue | None], tricks: Sequence[int], bags_before: int, *,
                      nil_value: int = NIL_POINTS[NIL], bag_limit: int | None = BAG_LIMIT,
                      bag_penalty: int = BAG_PENALTY, ten_for_200: bool = False) -> tuple[dict[str, Any], int]:
    """One side's Spades hand: its members' bids and tricks, and its bag count before the hand.

    The house rules (rules/house-rules.md): ``nil_value`` is what a Nil wins or loses (Double Nil
    twice that); every ``bag_limit`` bags cost ``bag_penalty`` and are taken off the count, the rest
    carrying over (``bag_limit`` None: bags are counted but never cost); with ``ten_for_200`` a
    contract of 10 or more scores +200 made or -200 failed, in the breakdown's ``ten_for_200`` in
    place of ``contract`` (the key is there only with that rule on).

    Returns the breakdown (``contract`` + ``bags`` + ``nil`` + ``bag_penalty`` [+ ``ten_for_200``]
    == ``total``) and the side's bag count after any penalty.
    """
    contract = counted = nil_points = bags = 0
    has_contract = False
    for bid, won in zip(bids, tricks, strict=True):
        if isinstance(bid, int):
            has_contract = True
            contract += bid
            counted += won
        elif bid in NIL_POINTS:
            value = nil_value if bid == NIL else 2 * nil_value
            nil_points += value if won == 0 else -value
            bags += won
    made = has_contract and counted >= contract
    if made:
        bags += counted - contract
    contract_points = (10 * contract if made else -10 * contract) if has_contract else 0
    bonus = 0
    if ten_for_200 and has_contract and contract >= TEN_FOR_200_BID:
        bonus, contract_points = (TEN_FOR_200_POINTS if made else -TEN_FOR_200_POINTS), 0
    bag_count = bags_before + bags
    penalties = bag_count // bag_limit if bag_limit else 0
    if bag_limit:
        bag_count -= penalties * bag_limit
    breakdown = {
        "bid": contract if has_contract else None,
        "tricks": counted,
        "contract": contract_points,
        "bags": bags,
        "nil": nil_points,
        "bag_penalty": -bag_penalty * penalties,
        "total": contract_points + bags + nil_points - bag_penalty * penalties + bonus,
        "made": None if not has_contract else made,
    }
    if ten_for_200:
        breakdown["ten_for_200"] = bonus
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
                pitcher_side: int, bid: int, low_to_player: bool = False, off_jack: int | None = None
                ) -> list[dict[str, Any]]:
    """Each side's Pitch result: High, Low, Jack, Game, whether set back, and the total.

    ``in_play`` is the mask of all cards dealt; ``tricks`` are (leader, plays, winner).
    ``off_jack``, with that house rule, is the off-jack card (rules/house-rules.md P1): a trump
    between the jack and the ten for High and Low, and one more point, ``off_jack``, to whoever
    wins it (the key is in every row only with the rule on).
    """
    won_by = {}
    played_by = {}
    for _, plays, winner in tricks:
        for seat, card in plays:
            won_by[card] = side_of_seat[winner]
            played_by[card] = side_of_seat[seat]
    rows = [{"high": 0, "low": 0, "jack": 0, "game": 0} for _ in range(num_sides)]
    trumps = in_play & SUIT_MASKS[trump]
    if off_jack is not None:
        for row in rows:
            row["off_jack"] = 0
        if in_play >> off_jack & 1:
            rows[won_by[off_jack]]["off_jack"] += 1
            trumps |= 1 << off_jack
    if trumps:
        if off_jack is not None and trumps >> off_jack & 1:
            ranked = sorted(cards_of(trumps), key=lambda c: 17 if c == off_jack else 2 * c.rank)  # J 18, 10 16
            high, low = ranked[-1], ranked[0]
        else:
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
        won = row["high"] + row["low"] + row["jack"] + row["game"] + row.get("off_jack", 0)
        row["won"] = won
        row["trick_points"] = game_points[side]
        row["set_back"] = side == pitcher_side and won < bid
        row["total"] = -bid if row["set_back"] else won
    return rows
