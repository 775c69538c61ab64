"""The computer levels as players: each answers one of ``view.legal`` from its ``SeatView`` alone.

``random`` picks uniformly; ``easy`` and ``normal`` ask the game's own policy (the registry's
``GAMES[kind].easy`` / ``.normal`` hooks, ``(view, rng) -> Action``); ``hard`` searches sampled
worlds (game/ai/hard.py). No level ever sees a hidden card: the view holds none.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.actions import Action, Look
from game.ai import LEVELS
from game.games import GAMES, Policy
from game.state import SeatView


class Player(Protocol):
    """A computer player at some level."""

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal``."""


class RandomPlayer:
    """The ``random`` level: a uniformly random legal action at every decision."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        """Any legal action, uniformly. Where looking is no decision of the game (four-player Spades), a
        face-down seat picks among its bids (a number looks for it), leaving the listed ``Look`` aside."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        legal = view.legal
        if not view.facts.look_is_decision and isinstance(legal[0], Look):
            legal = legal[1:]
        return self.rng.choice(legal)


class PolicyPlayer:
    """A level that asks the game's own policy (``easy`` or ``normal``) for each decision."""

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def policy(self, kind: str) -> Policy:
        """The game's policy for this level."""
        raise NotImplementedError

    def choose(self, view: SeatView) -> Action:
        """The action this seat takes now, from its view alone."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        return self.policy(view.kind)(view, self.rng)


class EasyPlayer(PolicyPlayer):
    """The ``easy`` level: simple, sensible rules for every decision of every game."""

    level = "easy"

    def policy(self, kind: str) -> Policy:
        """The game's easy policy."""
        return GAMES[kind].easy


class NormalPlayer(PolicyPlayer):
    """The ``normal`` level: rule-based bidding and play for every decision of every game."""

    level = "normal"

    def policy(self, kind: str) -> Policy:
        """The game's normal policy."""
        return GAMES[kind].normal


def make_player(level: str, seed: int | None = None, think_ms: int | None = None,
                table: tuple[str | None, ...] = ()) -> Player:
    """A computer player of the named level (``think_ms``: the hard level's budget per decision; ``table``:
    each seat's level as the table shows it, None for a person, which the hard level models its seats by)."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        from game.ai.hard import HardPlayer  # noqa: PLC0415 - the search loads when first asked for (start-up)

        player = HardPlayer(seed=seed, think_ms=think_ms)
        player.table = table
        return player
    raise ValueError(f"Unknown computer level {level!r}: choose one of {', '.join(LEVELS)}.")
