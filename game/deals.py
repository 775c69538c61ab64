"""The inverse of dealing: the shuffled deck (top first) that gives a chosen deal, for any game."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.games import GAMES


def deck_for_deal(kind: str, dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The deck, top first, that the game ``kind`` deals into ``hands`` (listed by seat).

    Each game's own ``deck_for_deal`` (the registry's ``GAMES[kind].deck_for_deal``) knows how it
    deals; ``dealer`` is the seat that deals (Spades for two: the first drawer). Raises ValueError
    when ``hands`` is not a possible deal or the game is unknown.
    """
    info = GAMES.get(kind)
    if info is None:
        raise ValueError(f"unknown game {kind!r}")
    return info.deck_for_deal(dealer, hands, num_seats)
