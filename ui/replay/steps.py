"""What the hand list reads of a replayed record: its positions and its states (``ui.scenes.viewer.Timeline``
provides them). The list knows the timeline only through these protocols, so the replay layer never imports
a scene."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.state import TrickGame

__all__ = ["PositionLike", "TimelineLike"]


class PositionLike(Protocol):
    """One place on the timeline: the state after ``k`` actions, or (``hand_over``) the hand just scored."""

    @property
    def k(self) -> int: ...

    @property
    def hand_over(self) -> bool: ...

    @property
    def hand(self) -> int: ...


class TimelineLike(Protocol):
    """Every state of a record by number of actions, and the positions the viewer steps through."""

    @property
    def total(self) -> int:
        """The last number of actions that replays."""
        ...

    @property
    def positions(self) -> Sequence[PositionLike]:
        """Every position, in order."""
        ...

    def state(self, k: int) -> TrickGame:
        """The game after ``k`` actions (a copy the caller may keep)."""
        ...

    def hand_starts(self) -> list[int]:
        """Indexes of the positions where a hand begins (its deal, before any action)."""
        ...
