"""The computer players' policies for Spades (the registry's ``easy`` and ``normal`` hooks; Spades for two's too)."""

from __future__ import annotations

import random

from game.actions import Action
from game.ai.easy import easy_spades_choose
from game.ai.normal import normal_spades_choose
from game.state import SeatView


def easy_choose(view: SeatView, rng: random.Random) -> Action:
    """The easy level's choice: one of ``view.legal``, from the view alone."""
    return easy_spades_choose(view, rng)


def normal_choose(view: SeatView, rng: random.Random) -> Action:
    """The normal level's choice: one of ``view.legal``, from the view alone."""
    return normal_spades_choose(view, rng)


def normal_1_choose(view: SeatView, rng: random.Random) -> Action:
    """The normal level as it was before it had the game in mind (the arena's ``normal-1`` baseline)."""
    return normal_spades_choose(view, rng, game_aware=False)
