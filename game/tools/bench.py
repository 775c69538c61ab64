"""Speed figures: random full hands per second, clones per second of a mid-hand state, and the
time each computer level takes per decision. Plain Python: nothing here needs numba."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from game import playout
from game.actions import Exchange, Redraw
from game.ai import LEVELS, make_player
from game.cards import Card, cards_of
from game.factory import new_game
from game.games import GAMES
from game.state import Phase, TrickGame

GAME_HANDS = 20  # hands played in one game before the next fresh game
PLAYING, EXCHANGE, REDRAW = Phase.PLAYING, Phase.EXCHANGE, Phase.REDRAW  # (a global is read faster)
Rand = Callable[[], float]


def _endless_game(kind: str, seed: int) -> TrickGame:
    """A game that never ends: each hand stops at Phase.HAND_OVER and next_hand() deals the next."""
    game = new_game(kind, None, GAMES[kind].default_seats, seed)  # the game's defaults
    game.stop_at_hand_end = True
    return game


def _random_decision(game: TrickGame, rand: Rand) -> None:
    """Apply a uniformly random legal decision (exchange and redraw sampled, not enumerated)."""
    seat = game.to_act
    assert seat is not None, "nobody is to act"
    phase = game.phase
    if phase is EXCHANGE:
        game.apply(Exchange(seat, _sample(cards_of(game.hands[seat]), 3, rand)))
    elif phase is REDRAW:
        game.apply(Redraw(seat, _sample(cards_of(game.hands[seat]), int(rand() * 4), rand)))
    else:
        actions = game.legal_actions()
        game.apply(actions[int(rand() * len(actions))])


def _sample(cards: list[Card], count: int, rand: Rand) -> tuple[Card, ...]:
    """``count`` different cards of ``cards`` drawn uniformly (a partial Fisher-Yates shuffle)."""
    for i in range(count):
        j = i + int(rand() * (len(cards) - i))
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards[:count])


def _random_hand_fast(game: TrickGame, rng: random.Random) -> None:
    """One hand: decisions through apply(), the card play through the engine's random playout."""
    rand = rng.random
    if game.phase is Phase.HAND_OVER:
        game.next_hand()
    while game.phase is not PLAYING:
        _random_decision(game, rand)
    game.random_playout(rand)


def _random_hand_api(game: TrickGame, rng: random.Random) -> None:
    """One hand with every action through legal_actions() and apply() (events and checks included)."""
    if game.phase is Phase.HAND_OVER:
        game.next_hand()
    rand = rng.random
    while game.phase is not Phase.HAND_OVER:
        actions = game.legal_actions()
        game.apply(actions[int(rand() * len(actions))])


def hands_per_second(kind: str, play_hand: Callable[[TrickGame, random.Random], None], seconds: float,
                     seed: int = 1) -> float:
    """How many random hands of ``kind`` ``play_hand`` completes per second.

    Every ``GAME_HANDS`` hands a fresh game is dealt (its cost is counted), as games end: one
    endless game would keep every hand's log, and the cyclic garbage collector would re-scan
    that ever-growing history, which is no cost of playing a hand.
    """
    warm_up = getattr(playout, "runner", None)
    if warm_up is not None:
        warm_up()  # a compiled kernel's first use (import, compile or cache load) is not a hand's cost
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = _endless_game(kind, seed + hands)
        for _ in range(GAME_HANDS):
            play_hand(game, rng)
        hands += GAME_HANDS
    return hands / (time.perf_counter() - start)


def kernel() -> str:
    """The name of the playout kernel ("python" unless game.playout says otherwise)."""
    name = getattr(playout, "kernel_name", None)
    return str(name()) if name is not None else "python"


def mid_hand_game(kind: str, seed: int = 1) -> TrickGame:
    """A game of ``kind`` in the middle of its first hand's play (half its tricks done, one card led)."""
    game = _endless_game(kind, seed)
    rng = random.Random(seed)
    while game.phase is not PLAYING:
        _random_decision(game, rng.random)
    cards = sum(h.bit_count() for h in game.hands)
    half = (cards // game.num_seats // 2) * game.num_seats + 1
    while cards - sum(h.bit_count() for h in game.hands) < half:
        legal = cards_of(game.legal_mask())
        game.play_fast(legal[int(rng.random() * len(legal))])
    return game


def clones_per_second(kind: str, seconds: float, seed: int = 1) -> float | None:
    """How many ``clone()`` calls of a mid-hand state run per second (None: the engine has no clone)."""
    game = mid_hand_game(kind, seed)
    clone = getattr(game, "clone", None)
    if clone is None:
        return None
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            clone()
        count += 100
    return count / (time.perf_counter() - start)


def engine_figures(seconds: float = 2.0) -> dict[str, Any]:
    """Per game: random full hands per second (hot path and full API) and clones per second."""
    figures: dict[str, Any] = {}
    for kind in GAMES:
        clones = clones_per_second(kind, seconds / 4)
        figures[kind] = {
            "hands_per_s": round(hands_per_second(kind, _random_hand_fast, seconds)),
            "api_hands_per_s": round(hands_per_second(kind, _random_hand_api, seconds / 2)),
            "clones_per_s": round(clones) if clones is not None else None,
            "playout_kernel": kernel(),
        }
    return figures


AI_GAMES = tuple((info.name, info.default_seats) for info in GAMES.values())
LEAST_DECISIONS = 10


def decision_times_ms(kind: str, players: int, level: str, seconds: float, seed: int = 1) -> list[float]:
    """Milliseconds per decision of ``level`` playing every seat of whole games, for about ``seconds``
    (and at least ``LEAST_DECISIONS`` decisions); the level's own default time budget."""
    times: list[float] = []
    clock = time.perf_counter
    deadline = clock() + seconds
    game_number = 0
    while clock() < deadline or len(times) < LEAST_DECISIONS:
        game_number += 1
        game = new_game(kind, None, players, seed + game_number)
        seats = [make_player(level, seed * 1000 + game_number * 10 + s) for s in range(players)]
        while game.to_act is not None and (clock() < deadline or len(times) < LEAST_DECISIONS):
            view = game.view(game.to_act)
            start = clock()
            action = seats[game.to_act].choose(view)
            times.append((clock() - start) * 1000.0)
            game.apply(action)
    return times


def ai_figures(seconds: float = 2.0, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Per game and level (random aside): median and 95th percentile milliseconds per decision."""
    figures: dict[str, Any] = {}
    for kind, players in AI_GAMES:
        row = figures.setdefault(kind, {})
        for level in LEVELS:
            if level == "random":
                continue
            times = sorted(decision_times_ms(kind, players, level, seconds))
            row[level] = {"median_ms": round(statistics.median(times), 2),
                          "p95_ms": round(times[max(0, math.ceil(0.95 * len(times)) - 1)], 2),
                          "decisions": len(times)}
            if log:
                log(f"ai {kind} {level}: median {row[level]['median_ms']} ms, p95 {row[level]['p95_ms']} ms "
                    f"per decision ({len(times)} decisions)")
    return figures


SOLVER_GAMES = (("spades", 4, 20), ("spades-two", 2, 14), ("pitch", 4, 20))  # (game, seats, most cards left)
SOLVER_POSITIONS = 6  # random endings timed at each number of cards left


def ending(kind: str, players: int, seed: int, cards: int) -> TrickGame:
    """A random deal played at random (bids and cards) until ``cards`` cards are left in the hands."""
    rng = random.Random(seed)
    game = new_game(kind, None, players, seed)
    game.stop_at_hand_end = True
    while game.phase is not PLAYING:
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
    while sum(h.bit_count() for h in game.hands) > cards or game.trump is None:
        actions = game.legal_actions()
        game.apply(actions[int(rng.random() * len(actions))])
    return game


def solver_figures(log: Callable[[str], None] | None = None, positions: int = SOLVER_POSITIONS,
                   bag_cost: float = 10.0) -> dict[str, Any]:
    """The endgame solver (game/ai/solver.py): per game, nodes per second and, at each number of cards
    left (a trick's worth apart, the seat to lead), the mean and largest nodes and milliseconds to value
    every legal card of ``positions`` random endings. Times are this process's processor time (one core's
    work, whatever else the machine runs)."""
    from game.ai.solver import EndgameSolver

    figures: dict[str, Any] = {}
    for kind, players, most in SOLVER_GAMES:
        rows = []
        all_nodes, all_seconds = 0, 0.0
        for cards in range(players, most + 1, players):
            nodes, times = [], []
            for index in range(positions):
                game = ending(kind, players, 1000 * cards + index, cards)
                seat = game.to_act
                assert seat is not None
                solver = EndgameSolver(game, seat, bag_cost)
                start = time.process_time()
                solver.move_values()
                times.append(time.process_time() - start)
                nodes.append(solver.nodes)
            all_nodes += sum(nodes)
            all_seconds += sum(times)
            rows.append({"cards_left": cards, "positions": positions, "mean_nodes": round(statistics.mean(nodes)),
                         "max_nodes": max(nodes), "mean_cpu_ms": round(1000 * statistics.mean(times), 2),
                         "max_cpu_ms": round(1000 * max(times), 2)})
            if log:
                log(f"solver {kind} {cards} cards left: mean {rows[-1]['mean_nodes']} nodes, "
                    f"{rows[-1]['mean_cpu_ms']} ms of processor time (largest {rows[-1]['max_cpu_ms']} ms)")
        figures[kind] = {"players": players, "nodes_per_s": round(all_nodes / all_seconds) if all_seconds else None,
                         "by_cards_left": rows}
    return figures
