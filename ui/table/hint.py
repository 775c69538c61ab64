"""The Hint: the ``hard`` level's choice for the human to act, worked out in the background.

The table's controller asks with the acting human's own ``SeatView`` (what that seat has seen,
nothing more) and the decision point (``ui.table.controller.HintRequests``); the answer is
shown only while the position is unchanged:
a card lifts and glows, the cards of an exchange or redraw glow, or the button of a bid,
draw or Look is ringed. A new position drops the hint in progress.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.actions import Action, Bid, Draw, Exchange, Look, Play, Redraw
from game.cards import Card
from ui.draw.widgets import Button
from ui.services.computer import ComputerWorker, ThinkTime, default_think_time
from ui.table.controller import HintRequests
from ui.table.view import HINT_GLOW

LABEL = "Hint"
LABEL_BUSY = "Thinking\u2026"


def hint_button_name(action: Action) -> str | None:
    """The decision panel's button that carries out ``action`` (None for a card to play)."""
    if isinstance(action, Bid):
        return f"bid:{action.value}"
    if isinstance(action, Look):
        return "look"
    if isinstance(action, Draw):
        return "draw:keep" if action.keep else "draw:discard"
    if isinstance(action, Exchange):
        return "give"
    if isinstance(action, Redraw):
        return "replace" if action.cards else "keep_hand"
    return None


def hint_cards(action: Action | None) -> set[Card]:
    """The cards of the viewer's hand that the hint points at."""
    if isinstance(action, Play):
        return {action.card}
    if isinstance(action, (Exchange, Redraw)):
        return set(action.cards)
    return set()


def hint_rect(layout: Any) -> pygame.Rect:
    """Where the Hint button sits: bottom right, level with the viewer's plate (mirroring it)."""
    w, _h = layout.size
    bw, bh = layout.buttons["menu"].size
    rect = pygame.Rect(0, 0, round(bw * 1.15), bh)
    plate = layout.spots[0].plate
    rect.midright = (w - layout.margin, plate.centery)
    return rect


class Hints(HintRequests):
    """The table's hint requests (``ui.table.controller.HintRequests``) and the Hint button, whose label says
    when a hint is being worked out."""

    def __init__(self, humans: list[int], seed: int | None, on_click: Callable[[], None], sync: bool = False,
                 worker: ComputerWorker | None = None, think_ms: ThinkTime = default_think_time) -> None:
        super().__init__(humans, seed, sync, worker, think_ms)
        self.button = Button(LABEL, on_click, key="H")

    def update(self, key: Hashable) -> None:
        """Take the answer if it has come (or forget the hint); the button says whether it is still coming."""
        super().update(key)
        self.button.label = LABEL_BUSY if self.pending() else LABEL

    def drop(self) -> None:
        """Forget the hint; the button is ready again."""
        super().drop()
        self.button.label = LABEL


def draw_hint_ring(surface: pygame.Surface, rect: pygame.Rect, time_s: float, px: Callable[[float], int]) -> None:
    """A pulsing glow and ring round a hinted button."""
    pulse = 0.5 + 0.5 * math.sin(time_s * math.tau * 1.2)
    pad = px(10)
    outer = rect.inflate(2 * pad, 2 * pad)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    for i in range(pad, 0, -max(1, pad // 5)):  # a soft halo fading outwards
        k = 1 - i / pad
        pygame.draw.rect(layer, (*HINT_GLOW, round((40 + 60 * pulse) * k)), layer.get_rect().inflate(-2 * i, -2 * i),
                         max(1, pad // 5), border_radius=px(10) + i)
    width = max(2, px(4))
    ring = layer.get_rect().inflate(-2 * pad + 2 * width, -2 * pad + 2 * width)
    pygame.draw.rect(layer, (*HINT_GLOW, round(170 + 85 * pulse)), ring, width, border_radius=px(10))
    surface.blit(layer, outer)
