"""``bench`` figures of the coach: a Hint with its reasons, and the review of a hand (game.ai.coach, game.ai.review).

Fixed work, timed: ``hint_ms`` is ``coach.explain`` at the Hint's budget for the default thinking time
(``coach.worlds_for``) over the first decisions of seat 0 in four-player Spades games played by the
``normal`` level; ``review_hand_ms`` is ``review.review_hand`` of seat 0 over whole hands of those games.
Each: median and p95 in ms.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.ai import make_player
from game.ai.coach import explain, worlds_for
from game.ai.review import REVIEW_WORLDS, review_hand
from game.factory import new_game

DEFAULT_THINK_MS = 500  # the thinking-time setting's default (ui.services.settings)


def _pick(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else 0.0


def played_hand(seed: int) -> Any:
    """A four-player Spades game whose first hand the ``normal`` level played to its end."""
    game = new_game("spades", None, 4, seed)
    players = [make_player("normal", seed * 7 + s) for s in range(4)]
    while game.hand_number == 1 and not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


def coach_figures(log: Callable[[str], None] = print, hints: int = 24, hands: int = 3) -> dict[str, Any]:
    """``{"hint_ms": {...}, "review_hand_ms": {...}}`` (median, p95, count)."""
    worlds = worlds_for(DEFAULT_THINK_MS)
    hint_times: list[float] = []
    seed = 1
    while len(hint_times) < hints:
        game = new_game("spades", None, 4, seed)
        players = [make_player("normal", seed * 7 + s) for s in range(4)]
        while game.hand_number == 1 and not game.results and len(hint_times) < hints:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and len(view.legal) > 1:
                started = time.perf_counter()
                explain(view, worlds, seed)
                hint_times.append((time.perf_counter() - started) * 1000.0)
            game.apply(players[seat].choose(view))
        seed += 1
    review_times: list[float] = []
    for index in range(hands):
        game = played_hand(100 + index)
        started = time.perf_counter()
        review_hand(game, 1, [0], REVIEW_WORLDS, index)
        review_times.append((time.perf_counter() - started) * 1000.0)
    figures = {"hint_ms": {"median": _pick(hint_times, 0.5), "p95": _pick(hint_times, 0.95), "count": len(hint_times),
                           "worlds": worlds},
               "review_hand_ms": {"median": _pick(review_times, 0.5), "p95": _pick(review_times, 0.95),
                                  "count": len(review_times), "worlds": REVIEW_WORLDS}}
    log(f"coach: a hint with its reasons {figures['hint_ms']['median']} ms median, {figures['hint_ms']['p95']} ms p95 "
        f"({worlds} worlds); review of a four-player Spades hand {figures['review_hand_ms']['median']} ms median, "
        f"{figures['review_hand_ms']['p95']} ms p95 ({REVIEW_WORLDS} worlds a decision)")
    return figures
