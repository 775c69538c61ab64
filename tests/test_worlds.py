"""sample_world: worlds agree with the view, the real deal always fits, deals are uniform, nothing hidden leaks."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, permutations

import pytest

from game.actions import DOUBLE_NIL, Bid, Draw, Look, Play, Redraw
from game.cards import DECK, FULL_MASK, SUIT_MASKS, Card, cards_of
from game.chance import Chance
from game.deals import deck_for_deal
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.pitch.rules import PitchGame
from game.spades.rules import SpadesGame
from game.state import Phase, SeatView, TrickGame
from game.worlds import UniformDealer, known_sampler, new_sampler, sample_world, sampler_for, unseen_cards, void_suits

CONFIGS = [
    ("spades", 4, SpadesOptions()),
    ("spades", 4, SpadesOptions(double_nil=False)),
    ("spades-two", 2, SpadesOptions()),
    ("pitch", 4, PitchOptions()),
    ("pitch", 4, PitchOptions(partnerships=True, dealer_steal=False, low="player")),
    ("pitch", 3, PitchOptions()),
    ("pitch", 7, PitchOptions()),
    ("pitch", 2, PitchOptions()),
]
PHASES = {
    "spades": {Phase.BIDDING, Phase.EXCHANGE, Phase.PLAYING},
    "spades-two": {Phase.DRAWING, Phase.REDRAW, Phase.BIDDING, Phase.PLAYING},
    "pitch": {Phase.BIDDING, Phase.PLAYING},
}


def mask(cards: object) -> int:
    """The mask of some cards."""
    return sum(1 << c for c in cards)  # type: ignore[attr-defined]


def suit_cards(suits: int) -> int:
    """Every card of the suits in a 4-bit mask."""
    return sum(SUIT_MASKS[s] for s in range(4) if suits >> s & 1)


def random_positions(kind: str, players: int, options: object, seed: int, count: int,
                     max_steps: int) -> Iterator[TrickGame]:
    """Games played with random legal actions, stopped at random points (never over)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = new_game(kind, options, players=players, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(max_steps)):
            if game.phase is Phase.GAME_OVER:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.GAME_OVER:
            continue
        made += 1
        yield game


def opponent_redrew(view: SeatView) -> bool:
    """Spades for two: the opponent replaced cards after this seat's discards were on the pile."""
    opp = 1 - view.seat
    if opp not in view.blind or view.phase is Phase.DRAWING:
        return False
    return not (view.phase is Phase.REDRAW and (view.to_act == opp or view.dealer != opp))


def hidden_allowed(view: SeatView, seat: int) -> int:
    """Every card that ``seat``'s hidden hand may hold by the view, derived here without the sampler."""
    allowed = unseen_cards(view)
    if view.kind == "spades" and view.exchange_received and seat == (view.seat + 2) % 4:
        allowed |= mask(view.exchange_given)
    if view.kind == "spades-two" and opponent_redrew(view):
        allowed |= mask(view.discarded) | mask(view.redraw_thrown)
    return allowed & ~suit_cards(void_suits(view)[seat]) & ~mask(view.played)


def check_world(game: TrickGame, seat: int, rng: random.Random) -> tuple[SeatView, TrickGame]:
    """Sample a world for the seat's view and check it against the view and the rules."""
    view = game.view(seat)
    world = sample_world(view, rng)
    assert world is not game and world.stop_at_hand_end
    assert world.view(seat) == view
    hands = world.hands
    everything = 0
    for s, hand in enumerate(hands):
        assert not everything & hand, "a card in two hands"
        everything |= hand
        assert hand.bit_count() == view.hand_sizes[s]
        if s != seat or view.hand is None:
            assert not hand & ~hidden_allowed(view, s), f"seat {s} holds a card the view rules out"
    assert not everything & world.played
    if view.kind == "pitch":
        assert world.in_play == everything | world.played  # type: ignore[attr-defined]
        assert world.in_play.bit_count() == 6 * view.num_seats  # type: ignore[attr-defined]
    if view.kind == "spades":
        partner = (seat + 2) % 4
        if view.exchange_received:
            assert mask(view.exchange_given) & ~world.played & ~hands[partner] == 0
    if view.kind == "spades-two":
        discards = world.discards  # type: ignore[attr-defined]
        assert not discards & (everything | world.played)
        if view.phase is Phase.DRAWING:
            stock = world.stock  # type: ignore[attr-defined]
            assert sorted(stock) == list(DECK)
            future = mask(stock[world.stock_pos:])  # type: ignore[attr-defined]
            assert everything | discards | future == FULL_MASK
            if view.drawn_card is not None:
                assert stock[world.stock_pos] == view.drawn_card  # type: ignore[attr-defined]
        else:
            assert everything | discards | world.played == FULL_MASK
            if not opponent_redrew(view):
                assert not hands[1 - seat] & mask(view.discarded)
    return view, world


def check_other_views(world: TrickGame) -> None:
    """Inside a world every seat's view is a valid view that the world fits (logs of deals, exchanges, draws)."""
    for s in range(world.num_seats):
        view = world.view(s)
        for t in range(world.num_seats):
            if t != s or view.hand is None:
                assert not world.hands[t] & ~hidden_allowed(view, t)
        new_sampler(view)


def play_on(world: TrickGame, rng: random.Random) -> None:
    """Random legal actions to the end of the hand: the world follows the rules and stops there."""
    results = len(world.results)
    steps = 0
    while world.phase is not Phase.HAND_OVER:
        world.apply(rng.choice(world.legal_actions()))
        steps += 1
        assert steps < 200
    assert world.to_act is None and world.legal_actions() == []
    assert len(world.results) == results + 1


@pytest.mark.parametrize(("kind", "players", "options"), CONFIGS, ids=lambda c: str(c))
def test_worlds_agree_with_the_view_and_the_real_deal_fits(kind: str, players: int, options: object) -> None:
    rng = random.Random(11)
    phases: Counter[Phase] = Counter()
    count = 260 if kind != "pitch" or players == 4 else 120
    max_steps = {"spades": 140, "spades-two": 150, "pitch": 60}[kind]
    for index, game in enumerate(random_positions(kind, players, options, 5 + players, count, max_steps)):
        phases[game.phase] += 1
        for seat in range(game.num_seats):
            view = game.view(seat)
            # the real game is one of the possible worlds
            for s in range(game.num_seats):
                if s != seat or view.hand is None:
                    assert not game.hands[s] & ~hidden_allowed(view, s), f"the real hand of seat {s} is ruled out"
            _, world = check_world(game, seat, rng)
            if index % 4 == 0:
                check_other_views(world)
                play_on(world, rng)
    expected = PHASES[kind] if options != SpadesOptions(double_nil=False) else {Phase.BIDDING, Phase.PLAYING}
    assert set(phases) == expected


def test_double_nil_positions_are_covered() -> None:
    """Spades exchange both ways and Spades for two redraws both ways, all sampled and replayed."""
    rng = random.Random(3)
    seen: Counter[str] = Counter()
    for game in random_positions("spades", 4, SpadesOptions(), 77, 400, 70):
        for seat in range(4):
            view = game.view(seat)
            if view.exchange_received:
                seen["exchange done"] += 1
            elif view.exchange_given:
                seen["exchange pending"] += 1
            elif game.phase is Phase.EXCHANGE and game.to_act == seat:
                seen["exchange to choose"] += 1
            check_world(game, seat, rng)
    for game in random_positions("spades-two", 2, SpadesOptions(), 78, 300, 80):
        for seat in range(2):
            view = game.view(seat)
            if opponent_redrew(view):
                seen["opponent redrew"] += 1
            if view.redraw_thrown:
                seen["redrew"] += 1
            if view.hand is None or not view.looked[seat]:
                seen["before looking"] += 1
            _, world = check_world(game, seat, rng)
            check_other_views(world)
            play_on(world, rng)
    assert min(seen.values()) > 0 and len(seen) == 6, seen


def test_own_hand_is_sampled_before_looking() -> None:
    game = SpadesGame(SpadesOptions(), seed=4)
    seat = game.to_act
    view = game.view(seat)
    assert view.hand is None
    rng = random.Random(1)
    hands = {sample_world(view, rng).hands[seat] for _ in range(20)}
    assert len(hands) == 20 and all(h.bit_count() == 13 for h in hands)
    assert unseen_cards(view) == FULL_MASK


# ---------------------------------------------------------------- what the play proves
def scripted_pitch(hands: list[str], dealer: int = 3) -> PitchGame:
    """A four-player Pitch game with chosen hands (seat by seat)."""
    chance = Chance(1)
    chance.force("seat", [dealer])
    cards = [[Card.parse(c) for c in hand.split()] for hand in hands]
    chance.force("deck", [deck_for_deal("pitch", dealer, cards, 4)])
    return PitchGame(PitchOptions(), players=4, chance=chance)


def test_pitch_voids_follow_the_rules() -> None:
    # Seat 0 pitches hearts, then leads clubs. Seat 3 has no trump and throws a club on the trump
    # lead; seat 1 has no club and throws a diamond while holding a trump (legal: a seat that cannot
    # follow may play anything); seat 2 trumps while holding a club (legal: a trump may always be played).
    game = scripted_pitch(["AH 2C 3D 4S 5S 6S", "KH QH QD QS JS TS", "9H 8H 8C 7D 6D 5D", "2D 3C 4C 5C 6C 7C"])
    for action in (Bid(0, 4), Play(0, Card.parse("AH")), Play(1, Card.parse("KH")),
                   Play(2, Card.parse("9H")), Play(3, Card.parse("3C")),
                   Play(0, Card.parse("2C")), Play(1, Card.parse("QD")), Play(2, Card.parse("8H")),
                   Play(3, Card.parse("4C"))):
        game.apply(action)
    view = game.view(0)
    voids = void_suits(view)
    clubs, hearts = 1 << 3, 1 << 1
    assert voids[3] == hearts  # did not follow the trump lead: no trump
    assert voids[1] == clubs  # no club left, but a trump may remain: it does (QH)
    assert game.hands[1] & SUIT_MASKS[1]
    assert voids[2] == 0  # trumping proves nothing
    for seat in (1, 2, 3):
        assert not game.hands[seat] & ~hidden_allowed(view, seat)  # the real hands fit
    rng = random.Random(4)
    worlds = [sample_world(view, rng) for _ in range(300)]
    assert all(not w.hands[1] & SUIT_MASKS[3] and not w.hands[3] & SUIT_MASKS[1] for w in worlds)
    assert any(w.hands[1] & SUIT_MASKS[1] for w in worlds) and any(w.hands[2] & SUIT_MASKS[3] for w in worlds)


def test_spade_led_unbroken_proves_a_hand_of_spades() -> None:
    chance = Chance(1)
    chance.force("seat", [3])
    spades_only = [Card.of(r, 0) for r in range(13)]
    rest = [c for c in DECK if c & 3 != 0]
    hands = [spades_only, rest[0:13], rest[13:26], rest[26:39]]
    chance.force("deck", [deck_for_deal("spades", 3, hands, 4)])
    game = SpadesGame(SpadesOptions(double_nil=False), chance=chance)
    for seat in (0, 1, 2, 3):
        game.apply(Bid(seat, 3))
    game.apply(Play(0, Card.parse("2S")))
    view = game.view(1)
    assert void_suits(view)[0] == 0b1110
    world = sample_world(view, random.Random(2))
    assert world.hands[0] == mask(spades_only) & ~(1 << Card.parse("2S"))


# ---------------------------------------------------------------- uniformity
def chi_square_bound(df: int, z: float = 3.72) -> float:
    """The chi-square quantile for ``df`` degrees of freedom at the normal quantile z (3.72: p = 1e-4)."""
    h = 2 / (9 * df)
    return float(df * (1 - h + z * math.sqrt(h)) ** 3)


def find_position(kind: str, players: int, options: object, wanted: Callable[[TrickGame], bool],
                  seed: int) -> TrickGame:
    """The first random position (by seed) that ``wanted`` accepts, checked at every step."""
    rng = random.Random(seed)
    for _ in range(5000):
        game = new_game(kind, options, players=players, seed=rng.randrange(1 << 30))
        while game.phase is not Phase.GAME_OVER and game.hand_number == 1:
            if wanted(game):
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no such position")


def uniformity(view: SeatView, seats: list[int], fitting: set[tuple[int, ...]], samples_per_world: int,
               sample: Callable[[random.Random], TrickGame] | None = None) -> None:
    """Sample worlds (``sample_world``, else ``sample``) and compare the hidden hands' frequencies with the
    uniform distribution over ``fitting``."""
    rng = random.Random(2024)
    n = samples_per_world * len(fitting)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        hands = (sample_world(view, rng) if sample is None else sample(rng)).hands
        counts[tuple(hands[s] for s in seats)] += 1
    assert set(counts) <= fitting, "a sampled world that does not fit"
    expected = n / len(fitting)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in fitting)
    assert chi2 < chi_square_bound(len(fitting) - 1), (chi2, len(fitting))


def has_void(game: TrickGame, seat: int) -> bool:
    """Whether the view of ``seat`` shows some other seat void in a suit."""
    return any(v for s, v in enumerate(void_suits(game.view(seat))) if s != seat)


def late_with_a_void(game: TrickGame) -> bool:
    """Ten tricks played, a new trick to lead, and some other seat shown void in a suit."""
    return (game.phase is Phase.PLAYING and len(game.trick_log) == 10 and not game.trick
            and has_void(game, game.to_act))


def three_by_three(view: SeatView, others: list[int]) -> set[tuple[int, ...]]:
    """Every deal of the view's nine unseen cards, three to each of ``others``, that their voids allow."""
    unseen = cards_of(unseen_cards(view))
    voids = void_suits(view)
    fitting = set()
    for first in combinations(unseen, 3):
        left = [c for c in unseen if c not in first]
        for second in combinations(left, 3):
            third = [c for c in left if c not in second]
            hands = (mask(first), mask(second), mask(third))
            if all(not h & suit_cards(voids[s]) for s, h in zip(others, hands, strict=True)):
                fitting.add(hands)
    return fitting


def test_uniform_spades_late_hand_with_voids() -> None:
    game = find_position("spades", 4, SpadesOptions(double_nil=False), late_with_a_void, 1)
    seat = game.to_act
    view = game.view(seat)
    others = [s for s in range(4) if s != seat]
    fitting = three_by_three(view, others)
    assert 1 < len(fitting) < 1680  # the voids rule some deals out
    assert tuple(game.hands[s] for s in others) in fitting
    uniformity(view, others, fitting, 25)


def last_trick_of_pitch() -> tuple[TrickGame, SeatView, list[int], set[tuple[int, ...]]]:
    """A Pitch hand at its last trick, one card led and a void shown: the game, the view of the seat to
    play, the two seats still holding a card, and every way their voids allow to give them the unseen cards."""
    def wanted(game: TrickGame) -> bool:
        return (game.phase is Phase.PLAYING and len(game.trick_log) == 5 and len(game.trick) == 1
                and has_void(game, game.to_act))

    game = find_position("pitch", 4, PitchOptions(), wanted, 2)
    view = game.view(game.to_act)
    hidden = [s for s in range(4) if s != game.to_act and view.hand_sizes[s]]
    voids = void_suits(view)
    unseen = cards_of(unseen_cards(view))
    fitting = {(1 << a, 1 << b) for a, b in permutations(unseen, 2)
               if not (1 << a) & suit_cards(voids[hidden[0]]) and not (1 << b) & suit_cards(voids[hidden[1]])}
    return game, view, hidden, fitting


def test_uniform_pitch_with_voids_and_undealt_cards() -> None:
    _, view, hidden, fitting = last_trick_of_pitch()
    assert len(hidden) == 2
    unseen = cards_of(unseen_cards(view))
    assert len(fitting) < len(unseen) * (len(unseen) - 1)
    uniformity(view, hidden, fitting, 12)


def test_uniform_spades_two_with_a_void() -> None:
    def wanted(game: TrickGame) -> bool:
        return (game.phase is Phase.PLAYING and len(game.trick_log) == 11 and not game.trick
                and not game.log.blind and has_void(game, game.to_act))

    game = find_position("spades-two", 2, SpadesOptions(), wanted, 3)
    seat = game.to_act
    view = game.view(seat)
    opp = 1 - seat
    voids = void_suits(view)[opp]
    unseen = cards_of(unseen_cards(view))
    fitting = {(mask(h),) for h in combinations(unseen, 2) if not mask(h) & suit_cards(voids)}
    assert 1 < len(fitting) < math.comb(len(unseen), 2)
    uniformity(view, [opp], fitting, 40)


def test_dealer_is_exactly_uniform_on_a_tiny_case() -> None:
    # 6 cards (2 spades, 2 hearts, 2 clubs) to holders of 2, 2, 2; holder 0 has no spades, holder 1 no hearts.
    cards = [Card.parse(c) for c in "2S 3S 2H 3H 2C 3C".split()]
    dealer = UniformDealer(mask(cards), [2, 2, 2], [0b1110, 0b1101, 0b1111])
    fitting = set()
    for a in combinations(cards, 2):
        rest = [c for c in cards if c not in a]
        for b in combinations(rest, 2):
            if not mask(a) & SUIT_MASKS[0] and not mask(b) & SUIT_MASKS[1]:
                fitting.add((mask(a), mask(b)))
    rng = random.Random(5)
    n = 400 * len(fitting)
    counts = Counter(tuple(mask(h) for h in dealer.deal(rng)[:2]) for _ in range(n))
    assert set(counts) == fitting
    expected = n / len(fitting)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < chi_square_bound(len(fitting) - 1)


# ---------------------------------------------------------------- nothing hidden leaks
@pytest.mark.parametrize(("kind", "players", "options"), CONFIGS[::2] + [CONFIGS[5]], ids=lambda c: str(c))
def test_worlds_do_not_depend_on_where_the_hidden_cards_lie(kind: str, players: int, options: object) -> None:
    rng = random.Random(8)
    compared = 0
    for game in random_positions(kind, players, options, 31, 40, 120):
        seat = game.to_act
        view = game.view(seat)
        other = sample_world(view, rng)  # a game that differs from the real one only in the hidden cards
        other_view = other.view(seat)
        assert other_view == view and other_view is not view
        if other.hands != game.hands:
            compared += 1
        first = [sample_world(view, random.Random(99)) for _ in range(5)]
        second = [sample_world(other_view, random.Random(99)) for _ in range(5)]
        assert [w.hands for w in first] == [w.hands for w in second]
        assert [getattr(w.log, "deal", None) for w in first] == [getattr(w.log, "deal", None) for w in second]
    assert compared > 20


# ---------------------------------------------------------------- errors
def test_an_inconsistent_view_is_refused() -> None:
    game = next(random_positions("spades", 4, SpadesOptions(), 3, 1, 1))
    while game.phase is not Phase.PLAYING or len(game.trick_log) < 3:
        game.apply(random.Random(len(game.trick_log)).choice(game.legal_actions()))
    view = game.view(game.to_act)
    sizes = list(view.hand_sizes)
    sizes[(view.seat + 1) % 4] += 1
    with pytest.raises(ValueError, match="no deal fits"):
        sample_world(dataclasses.replace(view, hand_sizes=tuple(sizes)), random.Random(1))
    cards = [Card.parse(c) for c in "2S 3S 2H".split()]
    with pytest.raises(ValueError, match="no deal fits"):
        UniformDealer(mask(cards), [2, 1], [0b1110, 0b1110])  # nobody may hold the spades


def test_a_finished_hand_or_game_has_no_worlds() -> None:
    game = SpadesGame(SpadesOptions(), seed=3)
    world = sample_world(game.view(game.to_act), random.Random(1))
    play_on(world, random.Random(2))
    with pytest.raises(ValueError, match="hand is over"):
        new_sampler(world.view(0))
    with pytest.raises(ValueError, match="game is over"):
        new_sampler(dataclasses.replace(world.view(0), phase=Phase.GAME_OVER))


def hypergeometric(j: int, population: int, marked: int, drawn: int) -> float:
    """P(exactly j marked cards among ``drawn`` cards taken at random from ``population``)."""
    return math.comb(marked, j) * math.comb(population - marked, drawn - j) / math.comb(population, drawn)


def seen_in_opponent_hand(view: SeatView, expected: list[float], n: int, seed: int) -> Counter[int]:
    """Sample worlds; check by chi-square that the number of my discards in the opponent's hand follows ``expected``."""
    known = mask(view.discarded)
    rng = random.Random(seed)
    counts = Counter((sample_world(view, rng).hands[1 - view.seat] & known).bit_count() for _ in range(n))
    support = [j for j, p in enumerate(expected) if p > 0]
    assert set(counts) <= set(support), (counts, expected)
    if len(support) > 1:
        chi2 = sum((counts.get(j, 0) - n * expected[j]) ** 2 / (n * expected[j]) for j in support)
        assert chi2 < chi_square_bound(len(support) - 1), (counts, expected)
    return counts


def test_opponent_redraw_mixes_my_discards_in_by_the_hypergeometric_law() -> None:
    # The opponent declared Double Nil and replaced k cards from the pile, which held this seat's
    # 13 discards: how many of them its hand holds follows the draw, P(j) = Hyp(j; 26, |K|, k).
    # The view shows k (public); a view without the counts takes 0..3 as equally likely.
    def wanted(game: TrickGame) -> bool:
        return (game.phase is Phase.BIDDING and len(game.log.blind) == 1
                and game.log.blind[0] != game.to_act and not game.log.bids[1:])

    game = find_position("spades-two", 2, SpadesOptions(), wanted, 4)
    seat = game.to_act
    view = game.view(seat)
    known = mask(view.discarded).bit_count()
    pile = view.discard_size
    k = view.redraw_counts[1 - seat]
    assert k == len(game.log.redraw[0][1]) if game.log.redraw else k == 0
    exact = [hypergeometric(j, pile, known, k) if j <= k else 0.0 for j in range(4)]
    seen_in_opponent_hand(view, exact, 6000, 6)
    unknown = dataclasses.replace(view, redraw_counts=())
    averaged = [sum(hypergeometric(j, pile, known, c) for c in range(j, 4)) / 4 for j in range(4)]
    seen_in_opponent_hand(unknown, averaged, 6000, 7)


def redrawn_position(count: int, seed: int) -> SeatView:
    """Spades for two at seat 0's bid, after seat 1 (Double Nil, the first drawer) replaced ``count`` cards."""
    game = two_player_from(seed, first=1)
    draw_keeping(game, blind=1)
    assert game.phase is Phase.REDRAW and game.to_act == 1
    game.apply(Redraw(1, tuple(sorted(game.view(1).hand or ())[:count])))
    assert game.phase is Phase.BIDDING and game.to_act == 0
    return game.view(0)


def two_player_from(seed: int, first: int) -> TrickGame:
    """A Spades for two game whose first drawer is ``first``."""
    chance = Chance(seed)
    chance.force("seat", [first])
    return new_game("spades-two", SpadesOptions(), 2, seed, chance)


def draw_keeping(game: TrickGame, blind: int) -> None:
    """Draw to the end, keeping every first card; ``blind`` declares Double Nil."""
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        if not game.looked[seat]:
            game.apply(Bid(seat, DOUBLE_NIL) if seat == blind else Look(seat))
        game.apply(Draw(seat, True))


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_known_redraw_count_gives_the_exact_law(count: int) -> None:
    view = redrawn_position(count, 40 + count)
    assert view.redraw_counts == (None, count)
    known = mask(view.discarded).bit_count()
    exact = [hypergeometric(j, view.discard_size, known, count) if j <= count else 0.0 for j in range(4)]
    counts = seen_in_opponent_hand(view, exact, 3000, count)
    if count == 0:
        assert counts == Counter({0: 3000})  # it kept its cards: none of mine can be in its hand


def test_uniform_spades_two_late_hand_after_a_known_redraw() -> None:
    """Late in a hand after the opponent replaced k cards: each possible hidden hand has the exact posterior.

    Derived here from the redraw itself (its hand H uniform over the U = 13 + P - |K| cards this seat
    had not seen, k of them thrown at random, k drawn from the pile of P): a final hand with j of
    this seat's discards has prior C(13 - j, k - j) * C(U - 13 + j, k), up to a constant.
    """
    def wanted(game: TrickGame) -> bool:
        if game.phase is not Phase.PLAYING or len(game.trick_log) != 11 or game.trick:
            return False
        seat = game.to_act
        return game.log.blind == [1 - seat] and bool(game.log.redraw)

    game = find_position("spades-two", 2, SpadesOptions(), wanted, 9)
    seat = game.to_act
    view = game.view(seat)
    opp = 1 - seat
    k = view.redraw_counts[opp]
    assert k is not None and k >= 1
    discards = mask(view.discarded)
    pile = view.discard_size
    unseen_then = 13 + pile - discards.bit_count()
    shown = (mask(c for _, plays, _ in view.tricks for s, c in plays if s == opp) & discards).bit_count()
    allowed = (unseen_cards(view) | discards & ~mask(view.played)) & ~suit_cards(void_suits(view)[opp])
    weights = {}
    for pair in combinations(cards_of(allowed), 2):
        j = shown + (mask(pair) & discards).bit_count()
        weight = math.comb(13 - j, k - j) * math.comb(unseen_then - 13 + j, k) if j <= k else 0
        if weight:
            weights[mask(pair)] = weight
    assert game.hands[opp] in weights
    total = sum(weights.values())
    assert len({w for w in weights.values()}) > 1  # the redraw makes the deals unequal
    rng = random.Random(12)
    n = 15 * len(weights)
    counts = Counter(sample_world(view, rng).hands[opp] for _ in range(n))
    assert set(counts) <= set(weights)
    chi2 = sum((counts.get(h, 0) - n * w / total) ** 2 / (n * w / total) for h, w in weights.items())
    assert chi2 < chi_square_bound(len(weights) - 1), (chi2, len(weights))


def test_the_sampler_of_a_view_is_reused_and_worlds_are_independent() -> None:
    game = next(random_positions("spades", 4, SpadesOptions(), 12, 1, 1))
    view = game.view(game.to_act)
    assert sampler_for(view) is sampler_for(view)
    twin = game.view(game.to_act)
    assert twin == view and sampler_for(twin) is not sampler_for(view)
    rng = random.Random(3)
    first, second = sample_world(view, rng), sample_world(view, rng)
    assert first.hands != second.hands
    first.apply(first.legal_actions()[0])  # playing in one world changes neither the other nor the next
    assert second.view(view.seat) == view and sample_world(view, rng).view(view.seat) == view


def test_known_partner_hand_is_kept_and_the_rest_dealt_uniformly() -> None:
    """The arena's partner oracle: the partner's true hand in every world, the opponents' split uniform."""
    game = find_position("spades", 4, SpadesOptions(double_nil=False), late_with_a_void, 3)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    partner = (seat + 2) % 4
    opponents = [(seat + 1) % 4, (seat + 3) % 4]
    sampler = known_sampler(view, {partner: game.hands[partner]})
    left = cards_of(unseen_cards(view) & ~game.hands[partner])
    voids = void_suits(view)
    fitting = set()
    for first in combinations(left, 3):
        second = mask(c for c in left if c not in first)
        hands = (mask(first), second)
        if all(not h & suit_cards(voids[s]) for s, h in zip(opponents, hands, strict=True)):
            fitting.add(hands)
    assert tuple(game.hands[s] for s in opponents) in fitting
    rng = random.Random(5)
    for _ in range(50):
        world = sampler.sample(rng)
        assert world.hands[partner] == game.hands[partner] and world.view(seat) == view
    uniformity(view, opponents, fitting, 25, sampler.sample)


@pytest.mark.parametrize(("kind", "options"), [("spades", SpadesOptions()),
                                               ("pitch", PitchOptions(partnerships=True))], ids=str)
def test_known_partner_hands_fit_every_phase(kind: str, options: object) -> None:
    rng = random.Random(8)
    phases: Counter[Phase] = Counter()
    for game in random_positions(kind, 4, options, 21, 120, 140 if kind == "spades" else 60):
        phases[game.phase] += 1
        seat = game.to_act if game.to_act is not None else 0
        view = game.view(seat)
        partner = (seat + 2) % 4
        world = known_sampler(view, {partner: game.hands[partner]}).sample(rng)
        assert world.hands[partner] == game.hands[partner]
        assert world.view(seat) == view
        assert sum(h.bit_count() for h in world.hands) == sum(view.hand_sizes)
        everything = 0
        for s, hand in enumerate(world.hands):
            assert not everything & hand
            everything |= hand
            if s != seat or view.hand is None:
                assert not hand & ~hidden_allowed(view, s) or s == partner
        play_on(world, rng)
    assert Phase.PLAYING in phases and Phase.BIDDING in phases


def test_known_hands_are_refused_where_they_cannot_be() -> None:
    two = new_game("spades-two", None, players=2, seed=3)
    with pytest.raises(ValueError, match="cannot take known hands"):
        known_sampler(two.view(0), {1: two.hands[1]})
    four = new_game("spades", None, players=4, seed=3)
    while four.phase is not Phase.PLAYING:
        four.apply(four.legal_actions()[0])
    seat = four.to_act
    assert seat is not None
    with pytest.raises(ValueError, match="not another seat's hand"):
        known_sampler(four.view(seat), {seat: four.hands[seat]})


def test_swapping_two_hidden_cards_keeps_the_worlds_fitting_and_uniform() -> None:
    """The Spades sampler's ``neighbour`` swaps one hidden card of each of two holders: every world it gives fits
    the view (hand sizes, voids, the history), and a chain of swaps, every one taken, visits the fitting
    deals uniformly (the proposal is symmetric; a chi-square test on a late hand with a void)."""
    game = find_position("spades", 4, SpadesOptions(double_nil=False), late_with_a_void, 1)
    seat = game.to_act
    view = game.view(seat)
    others = [s for s in range(4) if s != seat]
    fitting = three_by_three(view, others)
    sampler = sampler_for(view)
    rng = random.Random(5)
    world = sampler.sample(rng)
    refused = checked = 0

    def walk(rng: random.Random) -> TrickGame:
        nonlocal world, refused, checked
        for _ in range(12):
            proposal = sampler.neighbour(world, rng)
            if proposal is None:
                refused += 1
                continue
            if checked < 300:  # the whole view is dear to compare: the first few hundred
                checked += 1
                assert proposal.view(seat) == view
                dealt = [mask(cards) for cards in proposal.log.deal]
                assert all(dealt[s] == proposal.hands[s] | mask(game.log.deal[s]) & proposal.played
                           for s in range(4))
            world = proposal
        return world

    uniformity(view, others, fitting, 25, walk)
    assert refused  # the void rules some swaps out
    assert world.hands[seat] == game.hands[seat]


def test_no_swaps_where_the_worlds_hold_exchanged_cards() -> None:
    def exchanged(game: TrickGame) -> bool:
        return game.phase is Phase.PLAYING and bool(game.log.exchange)  # type: ignore[attr-defined]

    game = find_position("spades", 4, SpadesOptions(), exchanged, 3)
    view = game.view(game.to_act)
    sampler = sampler_for(view)
    rng = random.Random(1)
    assert not sampler.swappable
    assert sampler.neighbour(sampler.sample(rng), rng) is None


def test_pitch_swaps_reach_the_undealt_cards_uniformly() -> None:
    """Pitch's holders for a swap are the other seats and the cards no one was dealt: a chain of swaps, every
    one taken, visits the fitting deals uniformly, and the cards in play follow the hands."""
    game, view, hidden, fitting = last_trick_of_pitch()
    seat = game.to_act
    sampler = sampler_for(view)
    world = sampler.sample(random.Random(3))
    checked = 0

    def walk(rng: random.Random) -> TrickGame:
        nonlocal world, checked
        for _ in range(20):  # enough swaps that the visits are nearly independent
            proposal = sampler.neighbour(world, rng)
            if proposal is not None:
                world = proposal
                if checked < 300:
                    checked += 1
                    assert world.view(seat) == view
                    assert world.in_play == sum(world.hands) | world.played  # type: ignore[attr-defined]
                    assert mask(world.log.deal[hidden[0]]) & ~world.played == world.hands[hidden[0]]
        return world

    uniformity(view, hidden, fitting, 12, walk)
