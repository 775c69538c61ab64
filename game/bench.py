"""Engine speed figures: random full hands per second, from a fresh deal to the last trick."""

from __future__ import annotations

import random
import time
from typing import Any

from game.actions import Exchange, Redraw
from game.cards import cards_of
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.playout import kernel_name
from game.playout import runner as playout_runner
from game.state import Phase, TrickGame

ENDLESS = 10**9  # a target no random game reaches, so hands keep coming
GAME_HANDS = 20  # hands played in one game before the next fresh game
PLAYING, EXCHANGE, REDRAW = Phase.PLAYING, Phase.EXCHANGE, Phase.REDRAW  # (a global is read faster)


def _endless_game(kind: str, seed: int) -> TrickGame:
    options = PitchOptions(target=ENDLESS) if kind == "pitch" else SpadesOptions(target=ENDLESS)
    return new_game(kind, options, 4, seed)


def _random_decision(game: TrickGame, rand) -> None:
    """Apply a uniformly random legal decision (exchange and redraw sampled, not enumerated)."""
    seat = game.to_act
    phase = game.phase
    if phase is EXCHANGE:
        game.apply(Exchange(seat, _sample(cards_of(game.hands[seat]), 3, rand)))
    elif phase is REDRAW:
        game.apply(Redraw(seat, _sample(cards_of(game.hands[seat]), int(rand() * 4), rand)))
    else:
        actions = game.legal_actions()
        game.apply(actions[int(rand() * len(actions))])


def _sample(cards: list, count: int, rand) -> tuple:
    """``count`` different cards of ``cards`` drawn uniformly (a partial Fisher-Yates shuffle)."""
    for i in range(count):
        j = i + int(rand() * (len(cards) - i))
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards[:count])


def _random_hand_fast(game: TrickGame, rng: random.Random) -> None:
    """One hand: decisions through apply(), the card play through the engine's random playout."""
    rand = rng.random
    while game.phase is not PLAYING:
        _random_decision(game, rand)
    game.random_playout(rand)


def _random_hand_api(game: TrickGame, rng: random.Random) -> None:
    """One hand with every action through legal_actions() and apply() (events and checks included)."""
    number = game.hand_number
    rand = rng.random
    while game.hand_number == number:
        actions = game.legal_actions()
        game.apply(actions[int(rand() * len(actions))])


def hands_per_second(kind: str, play_hand, seconds: float, seed: int = 1) -> float:
    """How many random hands of ``kind`` ``play_hand`` completes per second.

    Every ``GAME_HANDS`` hands a fresh game is dealt (its cost is counted), as games end: one
    endless game would keep every hand's log, and the cyclic garbage collector would re-scan
    that ever-growing history, which is no cost of playing a hand.
    """
    playout_runner()  # numba's first use (import, compile or cache load) is not a hand's cost
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


def engine_figures(seconds: float = 2.0) -> dict[str, Any]:
    """Random full hands per second for every game, on the hot path and through the full API."""
    figures = {}
    for kind in ("spades", "spades-two", "pitch"):
        figures[kind] = {
            "hands_per_s": round(hands_per_second(kind, _random_hand_fast, seconds)),
            "api_hands_per_s": round(hands_per_second(kind, _random_hand_api, seconds / 2)),
            "playout_kernel": kernel_name(),
        }
    return figures
