"""Engine speed figures: random full hands per second, from a fresh deal to the last trick."""

from __future__ import annotations

import random
import time
from typing import Any

from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame

ENDLESS = 10**9  # a target no random game reaches, so hands keep coming


def _endless_game(kind: str, seed: int) -> TrickGame:
    options = PitchOptions(target=ENDLESS) if kind == "pitch" else SpadesOptions(target=ENDLESS)
    return new_game(kind, options, 4, seed)


def _random_hand_fast(game: TrickGame, rng: random.Random) -> None:
    """One hand: decisions through apply(), card play through the bitmask hot path."""
    number = game.hand_number
    rand = rng.random
    while game.hand_number == number:
        if game.phase is Phase.PLAYING:
            mask = game.legal_mask()
            count = mask.bit_count()
            pick = int(rand() * count)
            for _ in range(pick):
                mask &= mask - 1
            game.play_fast((mask & -mask).bit_length() - 1)
        else:
            actions = game.legal_actions()
            game.apply(actions[int(rand() * len(actions))])


def _random_hand_api(game: TrickGame, rng: random.Random) -> None:
    """One hand with every action through legal_actions() and apply() (events and checks included)."""
    number = game.hand_number
    rand = rng.random
    while game.hand_number == number:
        actions = game.legal_actions()
        game.apply(actions[int(rand() * len(actions))])


def hands_per_second(kind: str, play_hand, seconds: float, seed: int = 1) -> float:
    """How many random hands of ``kind`` ``play_hand`` completes per second."""
    game = _endless_game(kind, seed)
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            play_hand(game, rng)
        hands += 20
    return hands / (time.perf_counter() - start)


def engine_figures(seconds: float = 2.0) -> dict[str, Any]:
    """Random full hands per second for every game, on the hot path and through the full API."""
    figures = {}
    for kind in ("spades", "spades-two", "pitch"):
        figures[kind] = {
            "hands_per_s": round(hands_per_second(kind, _random_hand_fast, seconds)),
            "api_hands_per_s": round(hands_per_second(kind, _random_hand_api, seconds / 2)),
        }
    return figures
