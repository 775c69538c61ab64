"""A small question over the screen below: a title, a sentence, and two buttons (the look of the Statistics
screen's Reset confirmation). The safe answer has the focus; Esc (or a click outside) gives the safe answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button
from ui.scenes import FormScene

if TYPE_CHECKING:
    from ui.context import AppContext


class ConfirmScene(FormScene):
    """Ask before something that cannot be undone: ``confirm`` does it, ``cancel`` keeps things as they were.

    Either button first closes the question, then calls ``on_confirm`` (or ``on_cancel`` when given)."""

    is_overlay = True

    def __init__(self, ctx: AppContext, title: str, body: str, confirm: str, cancel: str,
                 on_confirm: Callable[[], None], on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.body = body
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.cancel_button = Button(cancel, self.cancel, key="Esc")
        self.confirm_button = Button(confirm, self.confirm, primary=True)
        self.group.set_widgets([self.cancel_button, self.confirm_button])
        self.group.set_focus(self.cancel_button)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.layout()

    def _close(self) -> None:
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()

    def confirm(self) -> None:
        """Close the question, then do what was asked."""
        self._close()
        self.on_confirm()

    def cancel(self) -> None:
        """Close the question and keep things as they were."""
        self._close()
        if self.on_cancel is not None:
            self.on_cancel()

    def back(self) -> None:
        """Esc is the safe answer."""
        self.cancel()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons; Esc or a click outside the panel cancels."""
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.cancel()

    def layout(self) -> None:
        """A centred panel whose height follows the wrapped sentence; the two buttons at its foot."""
        w, h = self.size
        s = self.s
        pw = min(w - s(40), max(s(620), 2 * max(s(200), 140) + s(84)))
        self.body_size = max(s(21), 15)  # small windows: still readable
        self.lines = text.wrap(self.body, self.body_size, pw - s(60))
        body_h = len(self.lines) * text.line_height(self.body_size)
        bw, bh = max(s(200), 140), max(s(50), 36)
        ph = min(h - s(20), s(84) + body_h + s(30) + bh + s(28))
        self.rect = pygame.Rect(0, 0, pw, ph)
        self.rect.center = (w // 2, h // 2)
        y = self.rect.bottom - s(28) - bh
        self.cancel_button.set_rect((self.rect.centerx - bw - s(12), y, bw, bh))
        self.confirm_button.set_rect((self.rect.centerx + s(12), y, bw, bh))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the darkened screen below."""
        self.draw_background(surface)
        s = self.s
        rect = self.rect
        theme.draw_solid_panel(surface, rect, radius=s(18))
        size = text.fit_size(self.title, s(32), rect.width - s(40), bold=True)
        text.blit_text(surface, self.title, size, theme.GOLD_LIGHT, (rect.centerx, rect.y + s(26)), "midtop",
                       bold=True)
        y = rect.y + s(84)
        for line in self.lines:
            text.blit_text(surface, line, self.body_size, theme.TEXT, (rect.centerx, y), "midtop")
            y += text.line_height(self.body_size)
        self.group.draw(surface)
