"""Computer players: a seat's view in, a legal action out, never a look at hidden cards."""

from __future__ import annotations

import random
from typing import Protocol

from game.actions import Action
from game.state import SeatView

LEVELS = ("random",)


class Player(Protocol):
    """A computer player at some level."""

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal``."""


class RandomPlayer:
    """The ``random`` level: a uniformly random legal action at every decision."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        """Any legal action, uniformly."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        return self.rng.choice(view.legal)


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of the named level."""
    if level == "random":
        return RandomPlayer(seed)
    raise ValueError(f"Unknown computer level {level!r}: choose one of {', '.join(LEVELS)}.")
