"""What a search found for each action of one decision: the values per world, for the Hint's reasons and
the hand's review (game/ai/coach.py) when a game's hard level has its own search."""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action


@dataclass(frozen=True)
class ValuedActions:
    """The actions searched, each one's value in every world (the same worlds for all, in order), the
    index of the rule-based choice among them (-1: none) and the points the search gives it."""

    actions: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    prior: int
    prior_bonus: float

    @property
    def worlds(self) -> int:
        """The number of worlds each action was valued in."""
        return len(self.values[0]) if self.values else 0
