"""The computer players' policies for Pitch (the registry's ``easy`` and ``normal`` hooks)."""

from __future__ import annotations

import random

from game.actions import Action
from game.ai.easy import easy_pitch_choose
from game.ai.normal import normal_pitch_choose
from game.ai.normal_game import PITCH_CUTS_BEFORE
from game.state import SeatView


def easy_choose(view: SeatView, rng: random.Random) -> Action:
    """The easy level's choice: one of ``view.legal``, from the view alone."""
    return easy_pitch_choose(view, rng)


def normal_choose(view: SeatView, rng: random.Random) -> Action:
    """The normal level's choice: one of ``view.legal``, from the view alone."""
    return normal_pitch_choose(view, rng)


def normal_1_choose(view: SeatView, rng: random.Random) -> Action:
    """The normal level with its bids' earlier game cuts (the arena's ``normal-1`` baseline)."""
    return normal_pitch_choose(view, rng, PITCH_CUTS_BEFORE)
