"""The computer players' policies for Spades for two: Spades' own, which read the drawing from the view."""

from __future__ import annotations

from game.spades.players import easy_choose, normal_1_choose, normal_choose

__all__ = ["easy_choose", "normal_1_choose", "normal_choose"]
