"""Bid inference: worlds weighted by the other seats' bids follow the bids (a chi-square test on a small case)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations
from typing import Any, cast

import pytest

from game.ai.hard import DRAFT_HIGH_WEIGHT, DRAFT_WEIGHT, HardPlayer
from game.ai.inference import (
    BID_FLOOR,
    BID_SIGMA,
    TWO_BID_SHIFT,
    bid_fit,
    bids_fit,
    expected_bid,
    four_rule_bid,
    rule_fit,
    table_estimate,
    two_rule_bid,
)
from game.ai.normal import estimate_four
from game.ai.rollout import spades_expected_tricks
from game.ai.solver import cards_left
from game.cards import JACK, cards_of, mask_of
from game.factory import new_game
from game.options import SpadesOptions
from game.sampling import played_masks
from game.state import Phase, SeatView, TrickGame
from game.tools.arena import HARD_1_DRAFT_WEIGHT
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


def _bid_weighted_case() -> tuple[SeatView, dict[tuple[int, ...], float]]:
    """A late view of seat 0 with a handful of fitting deals whose bid fits differ, and each deal's
    chance by those fits (a loose fit, sigma 1.5: enough deals of a small case fit at all)."""
    seed = 1
    while True:
        view = _late_view(seed)
        deals = _deals(view)
        played = played_masks(view)
        fits = [bids_fit([0, *(h | played[q] for q, h in zip((1, 2, 3), deal, strict=True))], view.bid_order, 0, 4,
                         1.5)
                for deal in deals]
        if len(deals) >= 6 and max(fits) > 1.5 * min(fits):
            break
        seed += 1
    total = sum(fits)
    return view, {deal: fit / total for deal, fit in zip(deals, fits, strict=True)}


def _chi_square_of_worlds(player: HardPlayer, view: SeatView, expected: dict[tuple[int, ...], float],
                          rng: random.Random, draws: int = 6000) -> tuple[float, float]:
    """The chi-square of ``draws`` of the player's worlds (seats 1..3's hands) against ``expected``, and its
    0.1% critical value (Wilson-Hilferty: a correct sampler fails it once in a thousand seeds)."""
    counts = Counter(tuple(player._world(view, rng).hands[1:]) for _ in range(draws))  # noqa: SLF001
    assert set(counts) <= set(expected)
    chi2 = sum((counts.get(deal, 0) - draws * p) ** 2 / (draws * p) for deal, p in expected.items())
    df = len(expected) - 1
    return chi2, df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.slow  # about 7 minutes: 12,000 worlds by exact rejection sampling
def test_bid_weighted_worlds_follow_the_bids() -> None:
    view, expected = _bid_weighted_case()
    player = HardPlayer(seed=3)
    player.bid_worlds, player.bid_sigma = True, 1.5
    player.bid_tries = 100_000  # plain rejection sampling: the worlds follow the weights exactly
    rng = random.Random(11)
    chi2, critical = _chi_square_of_worlds(player, view, expected, rng)
    assert chi2 < critical, (chi2, critical)
    # and the uniform worlds do not follow them (the weighting changes the frequencies)
    uniform_player = HardPlayer(seed=3)
    uniform_player.bid_worlds = False
    assert _chi_square_of_worlds(uniform_player, view, expected, rng)[0] > critical


def _bid_by_normal(kind: str, players: int, seed: int, options: SpadesOptions | None = None) -> TrickGame:
    """A hand of ``kind`` (drawn and) bid by the rule-based level at every seat, as the play begins."""
    from game.ai.players import NormalPlayer  # noqa: PLC0415

    game = new_game(kind, options or SpadesOptions(), players, seed)
    seats = [NormalPlayer(seed + q) for q in range(players)]
    while game.phase is not Phase.PLAYING:
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].choose(game.view(seat)))
    return game


def _normal_bids(seed: int) -> SeatView:
    """Seat 0's view of a four-player Spades hand once the rule-based level has bid at every seat."""
    return _bid_by_normal("spades", 4, seed).view(0)


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


# ---------------------------------------------------------------- Spades for two: the opponent's bid

def _two_player_bids(seed: int) -> tuple[TrickGame, SeatView]:
    """A Spades for two hand drafted and bid by the rule-based level; the first player's view as the play
    begins."""
    game = _bid_by_normal("spades-two", 2, seed)
    assert game.to_act is not None
    return game, game.view(game.to_act)


def test_the_two_player_model_centres_on_the_rule_based_bids() -> None:
    """The model (the rollout estimate plus ``TWO_BID_SHIFT``) is within a third of a trick of what the
    rule-based level bids on its drafted hands, on average, and fits its bids well."""
    gaps, fits = [], []
    for seed in range(60):
        game, view = _two_player_bids(seed)
        for seat, bid in view.bid_order:
            if isinstance(bid, int):
                gaps.append(bid - expected_bid(game.hands[seat], 2, "rollout", TWO_BID_SHIFT))
                fits.append(bid_fit(game.hands[seat], bid, 2, BID_SIGMA, "rollout", TWO_BID_SHIFT))
    assert len(gaps) >= 100
    assert abs(sum(gaps) / len(gaps)) < 0.35
    assert sum(fits) / len(fits) > 0.6


def test_two_player_bid_worlds_give_a_high_bidder_a_strong_hand() -> None:
    """A seat's worlds give an opponent who bid 7 or more a hand the model values higher than the drafted
    worlds alone do, and one who bid 3 or less a hand nearer what the model says such a bid holds (the
    drafted worlds already give her a weak one)."""
    found: dict[str, SeatView] = {}
    for seed in range(200):
        if len(found) == 2:
            break
        _, view = _two_player_bids(seed)
        bid = dict(view.bid_order).get(1 - view.seat)
        if isinstance(bid, int) and bid >= 7:
            found.setdefault("high", view)
        elif isinstance(bid, int) and bid <= 3:
            found.setdefault("low", view)
    assert set(found) == {"high", "low"}

    def mean_estimate(player: HardPlayer, view: SeatView) -> float:
        rng = random.Random(4)
        played = played_masks(view)
        opponent = 1 - view.seat
        values = [spades_expected_tricks(player._world(view, rng).hands[opponent] | played[opponent], 2)  # noqa: SLF001
                  for _ in range(200)]
        return sum(values) / len(values)

    reading, drafted = HardPlayer(seed=1), HardPlayer(seed=1)
    drafted.bid_worlds = False
    assert mean_estimate(reading, found["high"]) > mean_estimate(drafted, found["high"]) + 0.5
    low = found["low"]
    target = int(dict(low.bid_order)[1 - low.seat]) - TWO_BID_SHIFT  # the estimate of a hand the model bids it on
    assert abs(mean_estimate(reading, low) - target) < abs(mean_estimate(drafted, low) - target) - 0.1


def test_the_two_player_rule_is_the_rule_based_levels_bid() -> None:
    """Knowing the other player is the rule-based level, her number bid follows from her hand and what the
    seat itself holds and threw away (the cards she never saw): the rule gives her every bid exactly."""
    checked = 0
    for seed in range(120):
        game, _ = _two_player_bids(seed)
        for viewer in (0, 1):
            view = game.view(viewer)
            opponent = 1 - viewer
            by_rule = HardPlayer._two_rule_bid(view, played_masks(view))  # noqa: SLF001
            if by_rule is None:
                continue
            bid, unseen, rival, near = by_rule
            assert bid == dict(view.bid_order)[opponent]
            assert two_rule_bid(game.hands[opponent], unseen, rival, near) == bid
            assert rule_fit(bid, bid) == 1.0 and rule_fit(bid + 2, bid) == BID_FLOOR
            checked += 1
    assert checked >= 200


@pytest.mark.parametrize("options", [SpadesOptions(), SpadesOptions(min_side_bid=4)], ids=["plain", "minimum-4"])
def test_the_four_player_rule_is_the_rule_based_levels_bid(options: SpadesOptions) -> None:
    """The rule gives the rule-based level's four-player number bids from the bidders' hands (its trick
    estimate remembered per suit, which sums in another order: one bid in hundreds falls the other side of a
    rounding), the partner's Nil before it included, and under a minimum side bid (house rule S4) the least
    bid the rules let a side's second bidder make when his hand is worth less."""
    agree = checked = covered = raised = 0
    for seed in range(150):
        game = _bid_by_normal("spades", 4, seed, options)
        view = game.view(0)
        for seat, bid, near, partner_nil, least in HardPlayer._four_rule_bids(view, 0b1110):  # noqa: SLF001
            assert bid == dict(view.bid_order)[seat] and not near
            covered += partner_nil
            checked += 1
            ruled = four_rule_bid(game.hands[seat], 4, False, near, partner_nil, least)
            agree += ruled == bid
            raised += ruled == least > four_rule_bid(game.hands[seat], 4, False, near, partner_nil)
    assert checked >= 400 and covered >= 5
    assert agree >= checked - 2
    assert (raised >= 10) == bool(options.min_side_bid)


def test_four_player_worlds_of_normal_seats_hold_the_hands_their_rule_bids_on() -> None:
    """Told the table shows the other seats at Normal, a seat's worlds give them hands on which that level's
    rule bids what they bid far more often than the model of Hard's own bids does."""
    told_hits = plain_hits = bids = 0
    for seed in range(10):
        view = _normal_bids(seed)
        told, plain = HardPlayer(seed=seed), HardPlayer(seed=seed)
        told.table = ("hard", "normal", "normal", "normal")
        rules = HardPlayer._four_rule_bids(view, 0b1110)  # noqa: SLF001
        rng = random.Random(seed)
        for _ in range(10):
            for player in (told, plain):
                hands = player._world(view, rng).hands  # noqa: SLF001
                hits = sum(four_rule_bid(hands[q], 4, False, near, partner_nil, least) == bid
                           for q, bid, near, partner_nil, least in rules)
                if player is told:
                    told_hits += hits
                    bids += len(rules)
                else:
                    plain_hits += hits
    assert bids >= 200 and told_hits > 0.6 * bids  # 163 of 240; Hard's own model's worlds: 106
    assert told_hits > plain_hits + 0.15 * bids


def test_two_player_worlds_of_a_normal_opponent_hold_the_hands_her_rule_bids_on() -> None:
    """Told the table shows her at Normal, a seat's worlds give the opponent hands on which that rule bids
    what she bid far more often than the rollout model's worlds do."""
    told_hits = plain_hits = worlds = 0
    for seed in range(12):
        _, view = _two_player_bids(seed)
        by_rule = HardPlayer._two_rule_bid(view, played_masks(view))  # noqa: SLF001
        if by_rule is None:
            continue
        bid, unseen, rival, near = by_rule
        told, plain = HardPlayer(seed=seed), HardPlayer(seed=seed)
        told.table = tuple("hard" if q == view.seat else "normal" for q in range(2))
        rng = random.Random(seed)
        for _ in range(20):
            worlds += 1
            told_hits += two_rule_bid(told._world(view, rng).hands[1 - view.seat], unseen, rival, near) == bid  # noqa: SLF001
            plain_hits += two_rule_bid(plain._world(view, rng).hands[1 - view.seat], unseen, rival, near) == bid  # noqa: SLF001
    assert worlds >= 200 and told_hits > 0.7 * worlds  # the rollout model: a little over half (0.54)
    assert told_hits > 1.3 * plain_hits


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_player_bid_reading_does_not_peek(seed: int) -> None:
    """Swapping a card of the opponent's hand with one of her discards of the same suit (neither seen by
    the seat to play) leaves that seat's view, its worlds' values and its decision unchanged."""
    game, view = _two_player_bids(seed)
    opponent = 1 - view.seat
    seen = mask_of(view.discarded)
    hidden = cast("Any", game).discards & ~seen  # the discards: Spades for two's own
    swap = next(((x, y) for x in cards_of(game.hands[opponent]) for y in cards_of(hidden) if x & 3 == y & 3),
                None)
    assert swap is not None
    x, y = (int(c) for c in swap)
    other = game.clone()
    other.hands[opponent] ^= (1 << x) | (1 << y)
    cast("Any", other).discards ^= (1 << x) | (1 << y)
    view_b = other.view(view.seat)
    assert view_b == view
    assert HardPlayer(seed=5).evaluate(view, 12) == HardPlayer(seed=5).evaluate(view_b, 12)
    assert HardPlayer(seed=6, samples=16).choose(view) == HardPlayer(seed=6, samples=16).choose(view_b)
    told = [HardPlayer(seed=6, samples=16) for _ in range(2)]  # her bid fitted by Normal's own rule
    for player in told:
        player.table = tuple("hard" if q == view.seat else "normal" for q in range(2))
    assert told[0].choose(view) == told[1].choose(view_b)


def _kept_kinds(hand: int) -> tuple[int, int, int]:
    """A hand's spades, queens-or-better of the other suits, and low cards of the other suits."""
    spades = sum(1 for card in cards_of(hand) if card & 3 == 0)
    high = sum(1 for card in cards_of(hand) if card & 3 and card >> 2 >= 10)
    return spades, high, hand.bit_count() - spades - high


def test_drafted_worlds_hold_as_many_spades_and_honours_as_drafted_hands() -> None:
    """Before her bid is read, the opponent's hand in the drafted worlds holds as many spades, high cards
    of the other suits and low cards as the rule-based level's drafted hands really do (within a quarter
    of a card each, 100 hands, 40 worlds each); one weight for spades and high cards alike (3, the model
    before) gives too few spades and too many low cards."""
    def gaps(spade_weight: float, high_weight: float) -> list[float]:
        player = HardPlayer(seed=1)
        player.draft_weight, player.draft_high_weight = spade_weight, high_weight
        true, model = [0.0] * 3, [0.0] * 3
        for seed in range(100):
            game, view = _two_player_bids(seed)
            opponent = 1 - view.seat
            played = played_masks(view)[opponent]
            for kind, count in enumerate(_kept_kinds(game.hands[opponent] | played)):
                true[kind] += count
            rng = random.Random(seed)
            for _ in range(40):
                world = player._drafted_world(view, rng)  # noqa: SLF001
                for kind, count in enumerate(_kept_kinds(world.hands[opponent] | played)):
                    model[kind] += count / 40
        return [(m - t) / 100 for m, t in zip(model, true, strict=True)]

    fitted = gaps(DRAFT_WEIGHT, DRAFT_HIGH_WEIGHT)
    assert all(abs(gap) < 0.25 for gap in fitted), fitted
    spades, _, low = gaps(HARD_1_DRAFT_WEIGHT, HARD_1_DRAFT_WEIGHT)
    assert spades < -0.4 and low > 0.3


def test_resampling_chooses_the_drawn_worlds_in_proportion_to_their_fit() -> None:
    """Past its tries, the sampler keeps the fittest world; with ``resample`` (an arena trial) one of the
    drawn worlds, each with a chance in proportion to its fit (a chi-square test, 1:2:3)."""
    fits = {0: 1e-9, 1: 2e-9, 2: 3e-9}  # so unlikely that no draw is ever kept outright
    draws = 6000

    def picks(resample: bool) -> Counter[int]:
        player = HardPlayer(seed=5)
        player.resample = resample
        rng = random.Random(7)
        cycle = iter(range(3 * draws))

        def draw(_view: SeatView, _rng: random.Random) -> TrickGame:
            return cast(TrickGame, next(cycle) % 3)  # the three worlds, each drawn once a call

        view = cast(SeatView, None)
        return Counter(cast(int, player._fitted_world(view, rng, 3, lambda w: fits[cast(int, w)], draw))  # noqa: SLF001
                       for _ in range(draws))

    assert picks(False) == Counter({2: draws})  # always the fittest
    counts = picks(True)
    total = sum(fits.values())
    chi2 = sum((counts[w] - draws * f / total) ** 2 / (draws * f / total) for w, f in fits.items())
    assert chi2 < 13.8, counts  # the 0.1% critical value, two degrees of freedom


def test_the_chained_worlds_follow_the_bids() -> None:
    """``chain_steps`` (a trial): the decision's worlds after its first come from a Metropolis chain of
    swaps whose target is the fit, so they follow the bid weights as exact rejection sampling does (a
    chi-square test on the same small case, at one fiftieth of its cost)."""
    view, expected = _bid_weighted_case()
    player = HardPlayer(seed=3)
    player.bid_worlds, player.bid_sigma = True, 1.5
    player.bid_tries, player.chain_steps, player.chain_burn = 2, 8, 20
    rng = random.Random(11)
    chi2, critical = _chi_square_of_worlds(player, view, expected, rng)
    assert chi2 < critical, (chi2, critical)
    player.chain_steps = 0  # without the chain: a few draws, the fittest kept
    assert _chi_square_of_worlds(player, view, expected, rng)[0] > critical
