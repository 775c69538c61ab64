"""Computer players: a seat's view in, a legal action out, never a look at hidden cards.

A computer decides from the ``SeatView`` it is given and nothing else, and always answers
one of ``view.legal``. In four-player Spades a face-down hand (``view.hand is None``) that
does not bid Double Nil answers ``Look(seat)`` (listed first among its bids), and is asked
again with its cards face up.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Protocol

from game.actions import Action, Look
from game.state import SeatView

LEVELS = ("random", "easy", "normal", "hard")


class Player(Protocol):
    """A computer player at some level."""

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal``."""


class RandomPlayer:
    """The ``random`` level: a uniformly random legal action at every decision."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        """Any legal action, uniformly. In four-player Spades looking is no decision of the game: a
        face-down seat picks among its bids (a number looks for it), leaving the listed ``Look`` aside."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        legal = view.legal
        if view.kind == "spades" and isinstance(legal[0], Look):
            legal = legal[1:]
        return self.rng.choice(legal)


def make_player(level: str, seed: int | None = None, think_ms: int | None = None) -> Player:
    """A computer player of the named level (``think_ms``: the hard level's budget per decision)."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        from game.ai.easy import EasyPlayer

        return EasyPlayer(seed)
    if level == "normal":
        from game.ai.normal import NormalPlayer

        return NormalPlayer(seed)
    if level == "hard":
        hard = import_module("game.ai.hard")  # written by the search work; imported only when asked for
        player: Player = hard.HardPlayer(seed=seed, think_ms=think_ms)
        return player
    raise ValueError(f"Unknown computer level {level!r}: choose one of {', '.join(LEVELS)}.")
