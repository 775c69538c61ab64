"""Inference from the bids: how likely a seat's numeric Spades bid was on a hand a world gives it.

A seat that bid 5 holds a hand worth about 5 tricks, a partner who bid 1 holds little. The hard
level can weight its worlds by ``bid_fit`` (rejection sampling, as it does for Nil bids): the
chance, relative to the best-fitting hand, that a bidder whose trick estimate for the hand is
``spades_expected_tricks`` (the rollout policy's own, calibrated on rollouts) bids ``bid``, a
normal error of ``BID_SIGMA`` tricks around the estimate, never below ``BID_FLOOR`` (players bid
in ways no estimate foresees).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.actions import BidValue
from game.ai.rollout import spades_expected_tricks

BID_SIGMA = 1.5  # tricks: how far a bid strays from the hand's estimate (one standard deviation)
BID_FLOOR = 0.02  # the least relative chance of any bid on any hand


def bid_fit(hand: int, bid: int, players: int = 4, sigma: float = BID_SIGMA) -> float:
    """The relative chance (``BID_FLOOR`` .. 1) that a seat holding ``hand`` when it bid bids ``bid``."""
    gap = bid - spades_expected_tricks(hand, players)
    return max(BID_FLOOR, math.exp(-gap * gap / (2.0 * sigma * sigma)))


def bids_fit(hands: Sequence[int], bids: Sequence[tuple[int, BidValue]], seat: int, players: int,
             sigma: float = BID_SIGMA) -> float:
    """The product of ``bid_fit`` over the other seats' numeric bids (``hands``: each seat's cards when it bid)."""
    fit = 1.0
    for q, bid in bids:
        if q != seat and isinstance(bid, int):
            fit *= bid_fit(hands[q], bid, players, sigma)
    return fit
