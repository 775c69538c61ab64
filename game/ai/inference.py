"""Inference from the bids: how likely a seat's numeric Spades bid was on a hand a world gives it.

A seat that bid 5 holds a hand worth about 5 tricks, a partner who bid 1 holds little. The hard
level weights its four-player Spades worlds by ``bids_fit`` (rejection sampling, as it does for Nil bids): the
chance, relative to the best-fitting hand, that a bidder bids ``bid`` on the hand, a normal error
of ``sigma`` tricks around what a sensible bidder bids on it, never below ``BID_FLOOR`` (players
bid in ways no estimate foresees).

What a sensible bidder bids (``BidModel``): ``"rollout"``, the rollout policy's trick estimate
(``spades_expected_tricks``) as it is, or ``"table"``, the rule-based level's estimate
(``estimate_four``) plus ``shift`` (its bid is that estimate rounded up from .55, so about the
estimate itself). The hard level uses the table with ``BID_SHIFT`` and ``BID_SIGMA`` fitted to its own
bids; the figures that chose them are in docs/ai-notes.md. A Spades for two opponent known to bid by the
rule-based level's rules is fitted by its rule itself (``rule_fit`` of ``two_rule_bid``: what she bids
depends on her hand and the cards she has not seen, in Spades for two the other player's hand and
discards), and so is a four-player seat the table shows at that level (``four_rule_bid``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Literal

from game.actions import BidValue
from game.ai.normal import (
    THREE_SCALE,
    THREE_SHIFT,
    estimate_four,
    number_bid,
    ruff_tricks,
    side_tricks,
    spade_tricks,
    two_player_estimate,
)
from game.ai.rollout import spades_expected_tricks
from game.cards import SPADES, SUIT_MASKS

BidModel = Literal["rollout", "table"]
BID_SIGMA = 1.0  # tricks: how far a bid strays from the hand's estimate (one standard deviation)
BID_FLOOR = 0.02  # the least relative chance of any bid on any hand
BID_SHIFT = 0.24  # tricks added to the model's estimate
TWO_BID_SHIFT = -0.9  # Spades for two: tricks added to the rollout estimate (drafted hands bid below it)
RULE_SIGMA = 0.5  # tricks: a bid off the rule-based level's own by one fits exp(-2) as well as its own


def expected_bid(hand: int, players: int = 4, model: BidModel = "table", shift: float = BID_SHIFT,
                 jokers: bool = False) -> float:
    """What a sensible bidder holding ``hand`` bids, before rounding (``model``: see the module)."""
    if model == "table" and players >= 3:
        estimate = estimate_four(hand, jokers) if jokers else table_estimate(hand)
        if players == 3:  # Cutthroat for three: 17 cards, two rivals (as the rule-based level bids)
            estimate = THREE_SCALE * estimate + THREE_SHIFT
        return estimate + shift
    return spades_expected_tricks(hand, players, jokers) + shift


def table_estimate(hand: int) -> float:
    """``estimate_four(hand)`` (no jokers) from parts remembered per suit: the same up to rounding, and
    about five times as fast (the worlds of one decision ask it thousands of times)."""
    spades = hand & SUIT_MASKS[SPADES]
    sides = [hand & SUIT_MASKS[s] for s in (1, 2, 3)]
    lengths = (sides[0].bit_count(), sides[1].bit_count(), sides[2].bit_count())
    return _spade_part(spades) + _side_part(sides[0]) + _side_part(sides[1]) + _side_part(sides[2]) \
        + _ruff_part(spades, lengths)


@cache
def _spade_part(spades: int) -> float:
    return spade_tricks(spades)


@cache
def _side_part(cards: int) -> float:
    return side_tricks(cards)


@cache
def _ruff_part(spades: int, lengths: tuple[int, int, int]) -> float:
    """``ruff_tricks`` depends on the spades and the side suits' lengths only: any cards of those lengths."""
    shape = spades
    for suit, length in zip((1, 2, 3), lengths, strict=True):
        shape |= sum(1 << (rank * 4 + suit) for rank in range(length))
    return ruff_tricks(shape)


def bid_fit(hand: int, bid: int, players: int = 4, sigma: float = BID_SIGMA, model: BidModel = "table",
            shift: float = BID_SHIFT, jokers: bool = False) -> float:
    """The relative chance (``BID_FLOOR`` .. 1) that a seat holding ``hand`` when it bid bids ``bid``."""
    gap = bid - expected_bid(hand, players, model, shift, jokers)
    return max(BID_FLOOR, math.exp(-gap * gap / (2.0 * sigma * sigma)))


def bids_fit(hands: Sequence[int], bids: Sequence[tuple[int, BidValue]], seat: int, players: int,
             sigma: float = BID_SIGMA, model: BidModel = "table", shift: float = BID_SHIFT,
             jokers: bool = False) -> float:
    """The product of ``bid_fit`` over the other seats' numeric bids (``hands``: each seat's cards when it bid)."""
    fit = 1.0
    for q, bid in bids:
        if q != seat and isinstance(bid, int):
            fit *= bid_fit(hands[q], bid, players, sigma, model, shift, jokers)
    return fit


def two_rule_bid(hand: int, unseen: int, rival: int | None, near_limit: bool) -> int:
    """What the rule-based level bids in Spades for two holding ``hand`` (13 cards) with a number bid, not
    having seen ``unseen``; ``rival``: the other player's number bid when it came first; ``near_limit``: her
    side's bags are near the limit (game/ai/normal.py's ``spades_bid``)."""
    return max(1, min(13, number_bid(two_player_estimate(hand, unseen, rival), True, near_limit)))


def four_rule_bid(hand: int, players: int, jokers: bool, near_limit: bool, partner_nil: bool, least: int = 0) -> int:
    """What the rule-based level bids in four-player Spades (three: Cutthroat) holding ``hand`` with a
    number bid; ``near_limit``: its side's bags are near the limit; ``partner_nil``: its partner bid Nil
    before it; ``least``: the least number the rules let it bid (a minimum side bid, house rule S4), which
    it bids when its hand is worth less (game/ai/normal.py's ``spades_bid``; the estimate remembered per
    suit, ``table_estimate``)."""
    est = estimate_four(hand, jokers) if jokers else table_estimate(hand)
    if players == 3:
        est = THREE_SCALE * est + THREE_SHIFT
    bid = int(est + 0.7) if partner_nil else number_bid(est, False, near_limit)
    return max(least, 1, min(hand.bit_count(), bid))


def rule_fit(bid: int, ruled: int, sigma: float = RULE_SIGMA) -> float:
    """The relative chance (``BID_FLOOR`` .. 1) that a seat bidding by the rule-based level's rule bid
    ``bid`` on a hand the rule bids ``ruled`` on (1 when they agree)."""
    gap = bid - ruled
    return max(BID_FLOOR, math.exp(-gap * gap / (2.0 * sigma * sigma)))
