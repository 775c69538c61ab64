"""Making a game of any kind from its name, options and seat count."""

from __future__ import annotations

from typing import Any

from game.chance import Chance
from game.options import PitchOptions, SpadesOptions
from game.pitch import PitchGame
from game.spades import SpadesGame
from game.spades_two import SpadesTwoGame
from game.state import TrickGame

GAMES = ("spades", "spades-two", "pitch")


def default_options(game: str) -> SpadesOptions | PitchOptions:
    """The rules files' default options for a game."""
    return PitchOptions() if game == "pitch" else SpadesOptions()


def new_game(game: str, options: Any = None, players: int = 4, seed: int | None = None,
             chance: Chance | None = None) -> TrickGame:
    """A new game with its first hand dealt: ``"spades"``, ``"spades-two"`` or ``"pitch"``."""
    if game == "spades":
        return SpadesGame(options, seed, chance)
    if game == "spades-two":
        return SpadesTwoGame(options, seed, chance)
    if game == "pitch":
        return PitchGame(options, players, seed, chance)
    raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")


def seats_for(game: str, players: int) -> int:
    """How many seats a game has."""
    return {"spades": 4, "spades-two": 2}.get(game, players)
