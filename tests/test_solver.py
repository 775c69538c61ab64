"""The endgame solver's value equals brute force over every order of play (the engine's own moves and
scoring), on thousands of small random endings of each game; merging and bounds change nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.actions import Play
from game.ai.solver import EndgameSolver, SolverBudgetExceeded, cards_left, margin, solve, supports
from game.factory import new_game
from game.games import GAMES
from game.spades.rules import NON_SPADES
from game.state import Phase, TrickGame

CASES = [("spades", 4), ("spades-two", 2), ("pitch", 4), ("pitch", 3)]


def _ending(kind: str, players: int, seed: int, tricks_left: int, options: Any = None,
            keep_spades: bool = False) -> TrickGame:
    """A random deal played at random (bids and cards) until ``tricks_left`` tricks remain, sometimes mid-trick;
    with ``keep_spades`` the random cards are other suits' whenever a seat has one (so that spades are often
    not broken yet when the ending starts)."""
    rng = random.Random(seed)
    game = new_game(kind, options, players, seed)
    game.stop_at_hand_end = True
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))
    target = tricks_left * game.num_seats - rng.randrange(game.num_seats)
    while cards_left(game) > target or game.trump is None:
        legal = game.legal_actions()
        plain = [a for a in legal if isinstance(a, Play) and NON_SPADES >> a.card & 1] if keep_spades else []
        game.apply(rng.choice(plain or legal))
    return game


def _brute(game: TrickGame, root_side: int, bag_cost: float) -> float:
    """Minimax over every legal card at every turn, through the engine itself (no table, no merging)."""
    if game.phase is not Phase.PLAYING:
        result = game.results[-1]
        before = game.results[-2].bags if len(game.results) > 1 else [0] * len(game.teams)
        sides = [float(row["total"]) - bag_cost * (result.bags[i] - before[i]) for i, row in enumerate(result.points)]
        return margin(sides, root_side)
    seat = game.to_act
    assert seat is not None
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(_brute(child, root_side, bag_cost))
    return max(values) if game.side_of(seat) == root_side else min(values)


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_solver_equals_brute_force_on_small_endings(kind: str, players: int) -> None:
    count = 0
    for seed in range(1200 if players <= 3 else 700):
        tricks = 3 if seed % 5 == 0 else 2
        if players == 2:
            tricks += 1
        game = _ending(kind, players, seed, tricks)
        assert supports(game)
        seat = game.to_act
        assert seat is not None
        bag_cost = 10.0 if seed % 2 else 0.0
        root_side = game.side_of(seat)
        expected = _brute(game, root_side, bag_cost)
        assert solve(game, seat, bag_cost) == pytest.approx(expected), (kind, seed)
        # from another seat's side too (the other side minimises then)
        other = (seat + 1) % game.num_seats
        assert solve(game, other, bag_cost) == pytest.approx(_brute(game, game.side_of(other), bag_cost))
        count += 1
    assert count >= 700


def _any_time(kind: str) -> Any:
    """The game's default options with spades led any time (house rule S5)."""
    info = GAMES[kind]
    return info.options_class(**{**info.default_options().to_json(), "spades_any_time": True})


@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2)])
def test_solver_equals_brute_force_with_spades_led_any_time(kind: str, players: int) -> None:
    """Under "spades led any time" the solver searches (it starts with spades broken) and its values are the
    brute force's through the engine's own legal cards, a spade lead before any spade fell included."""
    early_spade_leads = 0
    for seed in range(400):
        kept = bool(seed % 2)
        game = _ending(kind, players, 30_000 + seed, 3 if kept or players == 2 else 2, _any_time(kind), kept)
        assert supports(game)
        seat = game.to_act
        assert seat is not None
        if not game.trick and not game.spades_broken:
            hand = game.hands[seat]
            if hand & ~NON_SPADES and hand & NON_SPADES:
                early_spade_leads += 1
        values = EndgameSolver(game, seat, 10.0).move_values()
        legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
        assert sorted(values) == sorted(legal), (kind, seed)
        for card, value in values.items():
            child = game.clone()
            child.apply(Play(seat, card))
            assert value == pytest.approx(_brute(child, game.side_of(seat), 10.0)), (kind, seed, card)
    if players == 2:  # the option's own case: a spade led from a mixed hand while none has fallen (at a table
        assert early_spade_leads >= 5  # of four, three tricks from the end, a void has nearly always broken them)


def _joker_ending(seed: int, tricks_left: int) -> TrickGame:
    """A random four-player Spades deal with the jokers (house rule S7) played at random until ``tricks_left``
    tricks remain, sometimes mid-trick, the jokers and the top spades held back while a seat has another card
    (so that they are often still in play)."""
    info = GAMES["spades"]
    options = info.options_class(**{**info.default_options().to_json(), "jokers": True})
    rng = random.Random(seed)
    game = new_game("spades", options, 4, seed)
    game.stop_at_hand_end = True
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))
    target = tricks_left * 4 - rng.randrange(4)
    while cards_left(game) > target:
        legal = game.legal_actions()
        low = [a for a in legal if isinstance(a, Play) and a.card < 44]
        game.apply(rng.choice(low or legal))
    return game


def test_solver_equals_brute_force_with_the_jokers() -> None:
    """With the jokers the solver searches (the Big Joker by the kernel's number) and every card's value is the
    brute force's through the engine: the jokers follow a spade lead, win over the ace of spades and the Big
    over the Little, and merge with the top spades only when nothing lies between."""
    from game.cards import JOKER_MASK

    holding = both = 0
    for seed in range(300):
        game = _joker_ending(40_000 + seed, 3 if seed % 3 else 2)
        assert supports(game)
        seat = game.to_act
        assert seat is not None
        in_hands = 0
        for hand in game.hands:
            in_hands |= hand & JOKER_MASK
        holding += bool(in_hands)
        both += in_hands == JOKER_MASK
        bag_cost = 10.0 if seed % 2 else 0.0
        values = EndgameSolver(game, seat, bag_cost).move_values()
        legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
        assert sorted(values) == sorted(legal), seed
        for card, value in values.items():
            child = game.clone()
            child.apply(Play(seat, card))
            assert value == pytest.approx(_brute(child, game.side_of(seat), bag_cost)), (seed, card)
        other = (seat + 1) % 4
        assert solve(game, other, bag_cost) == pytest.approx(_brute(game, game.side_of(other), bag_cost)), seed
    assert holding >= 150 and both >= 50, (holding, both)


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_move_values_equal_brute_force_per_card(kind: str, players: int) -> None:
    for seed in range(150):
        game = _ending(kind, players, 10_000 + seed, 2 if players > 2 else 4)
        seat = game.to_act
        assert seat is not None
        values = EndgameSolver(game, seat, 10.0).move_values()
        legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
        assert sorted(values) == sorted(legal)
        for card, value in values.items():
            child = game.clone()
            child.apply(Play(seat, card))
            assert value == pytest.approx(_brute(child, game.side_of(seat), 10.0)), (kind, seed, card)


@pytest.mark.parametrize(("kind", "players"), CASES)
def test_merging_and_bounds_change_no_value(kind: str, players: int) -> None:
    nodes = [0, 0]
    for seed in range(40):
        game = _ending(kind, players, 20_000 + seed, 4 if players > 2 else 7)
        seat = game.to_act
        assert seat is not None
        plain = EndgameSolver(game, seat, 10.0, merge=False, bounds=False)
        fast = EndgameSolver(game, seat, 10.0)
        assert fast.value() == pytest.approx(plain.value())
        nodes[0] += fast.nodes
        nodes[1] += plain.nodes
    assert nodes[0] < nodes[1]  # over many positions the merging and the bounds save work


def test_the_world_is_left_unchanged_and_the_budget_stops_the_search() -> None:
    game = _ending("spades", 4, 5, 5)
    before = (list(game.hands), list(game.trick), list(game.tricks_won), game.to_act)
    seat = game.to_act
    assert seat is not None
    solver = EndgameSolver(game, seat, 10.0)
    solver.value()
    assert (list(game.hands), list(game.trick), list(game.tricks_won), game.to_act) == before
    assert solver.nodes > 10
    with pytest.raises(SolverBudgetExceeded):
        EndgameSolver(game, seat, 10.0, node_limit=10).value()
    # the same position, the same count of nodes: a work budget repeats
    again = EndgameSolver(game, seat, 10.0)
    again.value()
    assert again.nodes == solver.nodes


def test_a_world_before_trump_is_named_is_not_supported() -> None:
    game = new_game("pitch", None, 4, 3)
    rng = random.Random(3)
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))
    assert not supports(game)


def _late_twins(seed: int, most: int = 20, jokers: bool = False) -> tuple[TrickGame, TrickGame]:
    """Two Spades deals (``jokers``: house rule S7) that differ by two unplayed cards of one suit swapped between
    seats 1 and 3, played alike until seat 0 or 2 is to play with at most ``most`` cards left (it cannot tell
    them apart)."""
    from game.cards import cards_of
    from game.chance import Chance
    from game.deals import deck_for_deal
    from game.options import SpadesOptions

    options = SpadesOptions(double_nil=False, jokers=jokers)
    rng = random.Random(seed)
    while True:
        first = new_game("spades", options, 4, seed)
        dealer, hands = first.dealer, [list(cards_of(h)) for h in first.hands]
        history = []
        while not (first.phase is Phase.PLAYING and cards_left(first) <= most and first.to_act in (0, 2)
                   and len(first.legal_actions()) > 1):
            action = rng.choice(first.legal_actions())
            first.apply(action)
            history.append(action)
        pairs = [(x, y) for x in cards_of(first.hands[1]) for y in cards_of(first.hands[3])
                 if x & 3 == y & 3 and max(x, y) < 52]
        if pairs:
            break
        seed += 1000
    x, y = pairs[0]
    other = [[y if c == x else x if c == y else c for c in hand] for hand in hands]
    chance = Chance(seed)
    chance.force("seat", [dealer])
    chance.force("deck", [deck_for_deal("spades", dealer, other, 4)])
    second = new_game("spades", options, 4, seed, chance)
    for action in history:
        second.apply(action)
    assert second.hands != first.hands
    return first, second


@pytest.mark.parametrize(("seed", "jokers"), [(1, False), (2, False), (3, False), (4, False), (5, True), (6, True)])
def test_hard_with_the_solver_does_not_peek(seed: int, jokers: bool) -> None:
    from game.ai.hard import HardPlayer

    first, second = _late_twins(seed, jokers=jokers)
    seat = first.to_act
    assert seat is not None
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b
    player_a, player_b = HardPlayer(seed=9, samples=12), HardPlayer(seed=9, samples=12)
    assert player_a.choose(view_a) == player_b.choose(view_b)
    assert player_a.solved_worlds == player_b.solved_worlds > 0  # the worlds were valued by the solver


def _late_with_nil(seed: int, nil_side: bool) -> TrickGame:
    """A four-player Spades hand where seat 2 bid Nil, played at random until seat 0 (its partner) or seat 1
    (an opponent: ``nil_side`` False) is to play with at most 20 cards left, seat 2 having won no trick."""
    from game.actions import NIL, Bid
    from game.options import SpadesOptions

    rng = random.Random(seed)
    while True:
        game = new_game("spades", SpadesOptions(double_nil=False), 4, seed)
        while game.phase is not Phase.PLAYING:
            actions = game.legal_actions()
            nil = [a for a in actions if isinstance(a, Bid) and a.value == NIL]
            bids = [a for a in actions if isinstance(a, Bid) and isinstance(a.value, int) and a.value]
            if game.to_act == 2 and nil:
                game.apply(nil[0])
            else:
                game.apply(rng.choice(bids or actions))
        seat = 0 if nil_side else 1
        while cards_left(game) > 20 or game.to_act != seat:
            if game.phase is not Phase.PLAYING:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.PLAYING and not game.tricks_won[2] and len(game.legal_actions()) > 1:
            return game
        seed += 1000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solver_nil_off_leaves_the_sides_live_nil_to_the_rollouts(seed: int) -> None:
    """``solver_nil`` False (an arena trial): no world is solved while the deciding seat's side has a live Nil;
    the opponents of that Nil still solve theirs, and so does every seat by default; ``solver_opp_nil`` False
    the other way round: the Nil's opponents leave it to the rollouts, its side solves."""
    from game.ai.hard import HardPlayer

    for nil_side in (True, False):
        game = _late_with_nil(seed, nil_side)
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        default, trial, setter = (HardPlayer(seed=5, samples=10) for _ in range(3))
        trial.solver_nil = False
        setter.solver_opp_nil = False
        for player in (default, trial, setter):
            assert player.choose(view) in view.legal
        assert default.solved_worlds > 0
        assert (trial.solved_worlds == 0) if nil_side else (trial.solved_worlds > 0)
        assert (setter.solved_worlds > 0) if nil_side else (setter.solved_worlds == 0)


@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 4)])
def test_solver_tail_one_card_past_its_reach_is_the_solvers_value(kind: str, players: int) -> None:
    """``solver_tail`` (an arena trial): a card's rollout hands over to the solver at that many cards left, so
    one card before it, each card's value is exactly the solver's value of playing that card."""
    from game.ai.hard import HardPlayer

    checked = 0
    for seed in range(40):
        game, rng = _ending(kind, players, seed, 4), random.Random(seed)
        while game.phase is Phase.PLAYING and cards_left(game) > 3 * players + 1:
            game.apply(rng.choice(game.legal_actions()))
        seat = game.to_act
        if game.phase is not Phase.PLAYING or cards_left(game) != 3 * players + 1 or seat is None:
            continue
        player = HardPlayer(seed=1, samples=4)
        player.solver_tail = 3 * players
        view = game.view(seat)
        player.start_valuing(view)
        player._tail_reach = 3 * players
        cards = [action.card for action in game.legal_actions() if isinstance(action, Play)]
        bag_cost = player._bag_cost(game)
        exact = EndgameSolver(game, seat, bag_cost, leaf=player._leaf(game)).move_values(cards)
        for card in cards:
            assert player._tail_value(game, seat, card, bag_cost, player._honest(view), 3 * players) == exact[card]
            checked += 1
        player.stop_valuing()
    assert checked > 40


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_with_the_solver_tail_does_not_peek(seed: int) -> None:
    """With ``solver_tail`` the worlds of an early decision are valued partly by the solver; two deals the
    deciding seat cannot tell apart still get the same choice."""
    from game.ai.hard import HardPlayer

    first, second = _late_twins(seed, most=36)
    seat = first.to_act
    assert seat is not None and cards_left(first) > 20
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b
    player_a, player_b = HardPlayer(seed=9, samples=8), HardPlayer(seed=9, samples=8)
    player_a.solver_tail = player_b.solver_tail = 12
    solved = []
    tail_value = player_a._tail_value

    def counted(*args: object) -> float | None:
        value = tail_value(*args)  # type: ignore[arg-type]
        solved.append(value is not None)
        return value

    player_a._tail_value = counted  # type: ignore[method-assign]
    assert player_a.choose(view_a) == player_b.choose(view_b)
    assert sum(solved) > 8  # the worlds were valued through the solver's tail


@pytest.mark.parametrize(("kind", "reach"), [("spades", 12), ("pitch", 8)])
def test_bid_tail_hands_each_bids_rollout_to_the_solver(kind: str, reach: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bid_tail`` (an arena trial): at a bid, every world's rollout reaches the solver with at most that
    many cards left (Pitch: its trump named by the pitch), and the choice is a legal bid; off, no world of a
    bid is solved."""
    from game.ai import hard

    sizes: list[int] = []

    class Counted(EndgameSolver):
        def __init__(self, world: TrickGame, *args: object, **kwargs: object) -> None:
            sizes.append(cards_left(world))
            assert world.trump is not None
            super().__init__(world, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hard, "EndgameSolver", Counted)
    for seed in range(3):
        game = new_game(kind, None, 4, seed)
        while game.phase is not Phase.BIDDING:
            game.apply(game.legal_actions()[0])
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        while len(hard.HardPlayer(seed=1).candidates(view)) < 2:  # a Look, or no choice: the next decision
            game.apply(game.legal_actions()[0])
            seat = game.to_act
            assert seat is not None and game.phase is Phase.BIDDING
            view = game.view(seat)
        for tail in (0, reach):
            sizes.clear()
            player = hard.HardPlayer(seed=2, samples=6)
            player.bid_tail = tail
            assert player.choose(view) in view.legal
            if tail:
                assert sizes and max(sizes) <= reach
            else:
                assert not sizes
