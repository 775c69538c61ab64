"""Bid inference: worlds weighted by the other seats' bids follow the bids (a chi-square test on a small case)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations

import pytest

from game.ai.hard import HardPlayer, _played_masks
from game.ai.inference import bid_fit, bids_fit
from game.ai.solver import cards_left
from game.cards import cards_of
from game.factory import new_game
from game.options import SpadesOptions
from game.state import Phase, SeatView
from game.worlds import unseen_cards, void_suits


def test_a_high_bid_fits_a_strong_hand_better_than_a_weak_one() -> None:
    strong = sum(1 << c for c in (48, 44, 40, 36, 49, 45, 50, 46, 51, 0, 1, 2, 3))  # AKQJ of spades, aces, kings
    weak = sum(1 << c for c in (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17))
    assert bid_fit(strong, 9) > 0.5 > bid_fit(weak, 9)
    assert bid_fit(weak, 1) > bid_fit(strong, 1)


def _late_view(seed: int) -> SeatView:
    rng = random.Random(seed)
    game = new_game("spades", SpadesOptions(double_nil=False, nil=False), 4, seed)
    while not (game.phase is Phase.PLAYING and cards_left(game) == 8 and not game.trick and game.to_act == 0):
        if game.phase is Phase.PLAYING and cards_left(game) < 8:
            return _late_view(seed + 100)
        game.apply(rng.choice(game.legal_actions()))
    return game.view(0)


def _deals(view: SeatView) -> list[tuple[int, ...]]:
    """Every way to give the unseen cards to seats 1..3 (their hand sizes, their voids)."""
    unseen = cards_of(unseen_cards(view))
    sizes = [view.hand_sizes[q] for q in (1, 2, 3)]
    voids = void_suits(view)
    out = set()
    for order in permutations(unseen):
        hands, start = [], 0
        for size in sizes:
            hands.append(sum(1 << c for c in order[start:start + size]))
            start += size
        if all(not (hands[i] >> c & 1) or not (voids[i + 1] >> (c & 3) & 1) for i in range(3) for c in unseen):
            out.add(tuple(hands))
    return sorted(out)


@pytest.mark.slow  # about 7 minutes: 12,000 worlds by exact rejection sampling
def test_bid_weighted_worlds_follow_the_bids() -> None:
    seed = 1
    while True:
        view = _late_view(seed)
        deals = _deals(view)
        played = _played_masks(view)
        fits = [bids_fit([0, *(h | played[q] for q, h in zip((1, 2, 3), deal, strict=True))], view.bid_order, 0, 4)
                for deal in deals]
        if len(deals) >= 6 and max(fits) > 1.5 * min(fits):
            break
        seed += 1
    total = sum(fits)
    expected = {deal: fit / total for deal, fit in zip(deals, fits, strict=True)}
    player = HardPlayer(seed=3)
    player.bid_worlds = True
    player.bid_tries = 100_000  # plain rejection sampling: the worlds follow the weights exactly
    rng = random.Random(11)
    draws = 6000
    counts = Counter(tuple(player._world(view, rng).hands[1:]) for _ in range(draws))  # noqa: SLF001
    assert set(counts) <= set(expected)
    chi2 = sum((counts.get(deal, 0) - draws * p) ** 2 / (draws * p) for deal, p in expected.items())
    df = len(expected) - 1
    # the 0.1% critical value (Wilson-Hilferty): a correct sampler fails this once in a thousand seeds
    critical = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (chi2, critical, df)
    # and the uniform worlds do not follow them (the weighting changes the frequencies)
    uniform = Counter(tuple(HardPlayer(seed=3)._world(view, rng).hands[1:]) for _ in range(draws))  # noqa: SLF001
    chi2_uniform = sum((uniform.get(d, 0) - draws * p) ** 2 / (draws * p) for d, p in expected.items())
    assert chi2_uniform > critical
