"""The Hint: the ``hard`` level's choice for the human to act, worked out in the background.

The table asks with the acting human's own ``SeatView`` (what that seat has seen, nothing
more) and the decision point; the answer is shown only while the position is unchanged:
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
from game.state import SeatView
from ui.computer import ComputerPlayers, ComputerWorker, PlayerSpec, hint_level, player_for
from ui.table_view import HINT_GLOW
from ui.widgets import Button

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


class Hints:
    """Hint requests of one table: one ``hard`` player per human seat, asked through the worker."""

    def __init__(self, humans: list[int], seed: int | None, on_click: Callable[[], None], sync: bool = False,
                 worker: ComputerWorker | None = None, think_ms: int | Callable[[], int] | None = None) -> None:
        level = hint_level()
        specs = {seat: PlayerSpec(level, None if seed is None else seed * 131 + seat + 7) for seat in humans}
        ms = think_ms() if callable(think_ms) else think_ms
        players = {seat: player_for(level, spec.seed, ms) for seat, spec in specs.items()}
        self.players = ComputerPlayers(players, sync=sync, specs=specs, worker=worker, think_ms=think_ms)
        self.button = Button(LABEL, on_click, key="H")
        self.key: Hashable | None = None
        self.seat: int | None = None
        self.action: Action | None = None

    def request(self, key: Hashable, view: SeatView) -> None:
        """Ask for the hint of ``view.seat`` at decision point ``key`` (a repeated request is ignored)."""
        if key == self.key:
            return
        self.key, self.seat, self.action = key, view.seat, None
        self.players.ask(key, view)

    def update(self, key: Hashable) -> None:
        """Take the answer if it has come; forget the hint when the position is no longer ``key``."""
        if self.key is None:
            return
        if key != self.key:
            self.drop()
            return
        if self.action is None:
            answer = self.players.result(key)
            if answer is not None and answer.action is not None:
                self.action = answer.action
        self.button.label = LABEL_BUSY if self.pending() else LABEL

    def pending(self) -> bool:
        """True while a requested hint is still being worked out."""
        return self.key is not None and self.action is None and self.players.busy()

    def shown(self, key: Hashable) -> Action | None:
        """The hinted action at decision point ``key``, if it has come."""
        return self.action if key == self.key and self.key is not None else None

    def drop(self) -> None:
        """Forget the hint (the position changed); a search in progress is ignored when it ends."""
        if self.key is not None:
            self.players.stop()
        self.key = self.seat = self.action = None
        self.button.label = LABEL

    def close(self) -> None:
        """Stop for good."""
        self.key = self.seat = self.action = None
        self.players.close()


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
