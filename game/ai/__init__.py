"""Computer players: a seat's view in, a legal action out, never a look at hidden cards.

A computer decides from the ``SeatView`` it is given and nothing else, and always answers
one of ``view.legal``. Where looking is no decision of the game (four-player Spades), a
face-down hand that does not bid Double Nil answers ``Look(seat)`` (listed first among its
bids), and is asked again with its cards face up.

The levels are in game/ai/players.py; ``LEVELS``, ``Player``, ``make_player`` and
``RandomPlayer`` are also reachable here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the real types for the checker; at run time __getattr__ below loads them
    from game.ai.players import EasyPlayer, NormalPlayer, Player, RandomPlayer, make_player

__all__ = ["LEVELS", "EasyPlayer", "NormalPlayer", "Player", "RandomPlayer", "make_player"]

LEVELS = ("random", "easy", "normal", "hard")
_FROM_PLAYERS = ("Player", "make_player", "RandomPlayer", "EasyPlayer", "NormalPlayer")


def __getattr__(name: str) -> object:
    """The levels' names from game/ai/players.py, loaded on first use."""
    if name in _FROM_PLAYERS:
        # Lazy: game.games imports the games' policies from this package, and players.py imports
        # game.games; importing it here at the top would make game.games -> game.ai a circle.
        from game.ai import players  # noqa: PLC0415

        return getattr(players, name)
    raise AttributeError(f"module 'game.ai' has no attribute {name!r}")
