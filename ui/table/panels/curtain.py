"""The hot-seat curtain: hides every hand until the next person says they are ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button
from ui.table.layout import TableLayout

CURTAIN = (10, 28, 18)


class Curtain:
    """"Pass to Ann — click when ready": a full-window veil; any click, Enter or Space lifts it."""

    def __init__(self, name: str, on_ready: Callable[[], None], reason: str = "") -> None:
        self.name = name
        self.on_ready = on_ready
        self.reason = reason
        label = "Show my cards" if name == "You" else f"I'm {name} \u2014 show my cards"
        self.button = Button(label, on_ready, primary=True, key="Enter")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None

    def place(self, layout: TableLayout) -> None:
        """Centre the message and the button."""
        px = layout.px
        w, h = layout.size
        self.rect = pygame.Rect(0, 0, min(w - px(40), px(640)), px(250))
        self.rect.center = (w // 2, h // 2)
        bw, bh = min(self.rect.width - px(60), px(380)), px(54)
        self.button.set_rect((self.rect.centerx - bw // 2, self.rect.bottom - px(30) - bh, bw, bh))
        self._veil = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any full click or Enter/Space lifts the curtain."""
        if self.button.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_ready()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.on_ready()
        return True

    def update(self, dt_s: float) -> None:
        """Animate the button."""
        self.button.update(dt_s)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """An almost opaque veil over the whole table, the message and the button."""
        px = layout.px
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._veil.fill((*CURTAIN, 236))
        surface.blit(self._veil, (0, 0))
        theme.draw_panel(surface, self.rect, radius=px(20))
        title = "Your turn" if self.name == "You" else f"Pass to {self.name}"
        size = text.fit_size(title, px(46), self.rect.width - px(40), bold=True)
        text.blit_text(surface, title, size, theme.GOLD_LIGHT, (self.rect.centerx, self.rect.y + px(30)), "midtop",
                       bold=True)
        line = self.reason or ("Click when you are ready." if self.name == "You"
                               else f"{self.name}, click when you are ready.")
        size = text.fit_size(line, px(20), self.rect.width - px(40))
        text.blit_text(surface, line, size, theme.TEXT_DIM, (self.rect.centerx, self.rect.y + px(98)), "midtop")
        self.button.draw(surface)
