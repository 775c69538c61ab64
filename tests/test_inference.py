"""Bid inference: worlds weighted by the other seats' bids follow the bids (a chi-square test on a small case)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations

import pytest

from game.ai.hard import HardPlayer, _played_masks
from game.ai.inference import bid_fit, bids_fit, table_estimate
from game.ai.normal import estimate_four
from game.ai.solver import cards_left
from game.cards import JACK, cards_of
from game.factory import new_game
from game.options import SpadesOptions
from game.state import Phase, SeatView
from game.worlds import unseen_cards, void_suits


def test_a_high_bid_fits_a_strong_hand_better_than_a_weak_one() -> None:
    strong = sum(1 << c for c in (48, 44, 40, 36, 49, 45, 50, 46, 51, 0, 1, 2, 3))  # AKQJ of spades, aces, kings
    weak = sum(1 << c for c in (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17))
    assert bid_fit(strong, 10) > 0.5 > bid_fit(weak, 10)  # the strong hand's estimate: 9.9 tricks
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
        fits = [bids_fit([0, *(h | played[q] for q, h in zip((1, 2, 3), deal, strict=True))], view.bid_order, 0, 4,
                         1.5)  # a loose fit: enough deals of a small case fit at all
                for deal in deals]
        if len(deals) >= 6 and max(fits) > 1.5 * min(fits):
            break
        seed += 1
    total = sum(fits)
    expected = {deal: fit / total for deal, fit in zip(deals, fits, strict=True)}
    player = HardPlayer(seed=3)
    player.bid_worlds, player.bid_sigma = True, 1.5
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
    uniform_player = HardPlayer(seed=3)
    uniform_player.bid_worlds = False
    uniform = Counter(tuple(uniform_player._world(view, rng).hands[1:]) for _ in range(draws))  # noqa: SLF001
    chi2_uniform = sum((uniform.get(d, 0) - draws * p) ** 2 / (draws * p) for d, p in expected.items())
    assert chi2_uniform > critical


def _normal_bids(seed: int) -> SeatView:
    """Seat 0's view of a four-player Spades hand once the rule-based level has bid at every seat."""
    from game.ai.players import NormalPlayer  # noqa: PLC0415

    game = new_game("spades", SpadesOptions(), 4, seed)
    players = [NormalPlayer(seed + q) for q in range(4)]
    while game.phase is not Phase.PLAYING:
        game.apply(players[game.to_act].choose(game.view(game.to_act)))
    return game.view(0)


def test_the_table_model_fits_the_rule_based_bids_better_than_the_rollout_estimate() -> None:
    rng = random.Random(5)
    table, rollout = [], []
    for _ in range(400):
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        bid = max(1, int(estimate_four(hand) + 0.45))  # the rule-based level's numeric bid (game/ai/normal.py)
        table.append(bid_fit(hand, bid, 4, 0.7, "table"))
        rollout.append(bid_fit(hand, bid, 4, 0.7, "rollout"))
    assert sum(table) / len(table) > 0.85
    assert sum(table) / len(table) > sum(rollout) / len(rollout) + 0.15


def test_bid_worlds_give_a_high_bidder_the_strong_hands() -> None:
    """Over the worlds of seat 0, the seat that bid the most holds more honours than the one that bid
    the least; with uniform worlds (no bid reading) they hold about the same."""
    for seed in range(1, 40):
        view = _normal_bids(seed)
        numeric = [(b, q) for q, b in view.bid_order if q != 0 and isinstance(b, int)]
        if len(numeric) == 3 and max(numeric)[0] - min(numeric)[0] >= 3:
            break
    high, low = max(numeric)[1], min(numeric)[1]
    honours = sum(1 << c for c in range(52) if c >> 2 >= JACK)

    def mean_gap(player: HardPlayer) -> float:
        rng = random.Random(2)
        gaps = []
        for _ in range(300):
            world = player._world(view, rng)  # noqa: SLF001
            gaps.append((world.hands[high] & honours).bit_count() - (world.hands[low] & honours).bit_count())
        return sum(gaps) / len(gaps)

    reading = HardPlayer(seed=1)  # the hard level's model: fitted to its own bids (1.0 tricks, +0.24)
    assert reading.bid_worlds
    sharp = HardPlayer(seed=1)  # the model fitted to the rule-based level's bids (0.7 tricks)
    sharp.bid_sigma, sharp.bid_shift = 0.7, 0.0
    uniform = HardPlayer(seed=1)
    uniform.bid_worlds = False
    assert abs(mean_gap(uniform)) < 0.4
    assert mean_gap(reading) > 0.6
    assert mean_gap(sharp) > 0.8


def test_the_remembered_estimate_is_the_rule_based_levels() -> None:
    rng = random.Random(9)
    for _ in range(2000):
        hand = sum(1 << c for c in rng.sample(range(52), 13))
        assert table_estimate(hand) == pytest.approx(estimate_four(hand), abs=1e-9)
