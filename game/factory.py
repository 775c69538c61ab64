"""Making a game of any kind from its name, options and seat count (the facts come from game.games)."""

from __future__ import annotations

from game.chance import Chance
from game.games import GAMES as REGISTRY
from game.options import GameOptions, PitchOptions, SpadesOptions
from game.state import TrickGame

GAMES = tuple(REGISTRY)  # the game names: "spades", "spades-two", "pitch"


def default_options(game: str) -> SpadesOptions | PitchOptions:
    """The rules files' default options for a game; ValueError for a game the registry does not list."""
    info = REGISTRY.get(game)
    if info is None:
        raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")
    return info.default_options()


def new_game(game: str, options: GameOptions | None = None, players: int = 4, seed: int | None = None,
             chance: Chance | None = None) -> TrickGame:
    """A new game with its first hand dealt: ``"spades"``, ``"spades-two"`` or ``"pitch"``."""
    info = REGISTRY.get(game)
    if info is None:
        raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(GAMES)}.")
    if options is None and info.allows_seats(players):
        options = info.default_options_at(players)  # Spades for three: each for himself
    return info.make(options, players, seed, chance)


def seats_for(game: str, players: int) -> int:
    """How many seats a game has: its fixed count, or ``players`` when the game allows several."""
    info = REGISTRY.get(game)
    if info is None or info.min_seats != info.max_seats:
        return players
    return info.min_seats
