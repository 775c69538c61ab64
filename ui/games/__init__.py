"""Every game's presentation in the window, by the registry's name of the game.

``presentation_of(kind)`` is the one place the window turns a game's name into how it shows
that game; ``shown_games()`` lists the registry's games the window can present, in the
registry's order. A game is added to the window by adding its module here.
"""

from __future__ import annotations

from types import MappingProxyType

from game.games import GAMES
from ui.games.base import Presentation
from ui.games.pitch import PitchPresentation
from ui.games.spades import SpadesPresentation
from ui.games.spades_two import SpadesTwoPresentation
from ui.games.ten_point_pitch import TenPointPitchPresentation

PRESENTATIONS = MappingProxyType({p.name: p for p in (SpadesPresentation(), SpadesTwoPresentation(),
                                                      PitchPresentation(), TenPointPitchPresentation())})


def presentation_of(kind: str) -> Presentation:
    """The presentation of the game named ``kind``; ValueError for a game the window cannot show."""
    presentation = PRESENTATIONS.get(kind)
    if presentation is None:
        raise ValueError(f"the window has no presentation of the game {kind!r}")
    return presentation


def shown_games() -> tuple[str, ...]:
    """The registry's games that have a presentation, in the registry's order."""
    return tuple(kind for kind in GAMES if kind in PRESENTATIONS)


__all__ = ["PRESENTATIONS", "Presentation", "presentation_of", "shown_games"]
