"""The hand summary's review line: "2 decisions to look at, about 18 points" and a button to see them.

Shown inside the hand summary (``HandSummary.extra``) while a review of the hand is being worked
out in the background ("Reviewing your decisions…") and once it has come (``game.ai.review``). The
button opens the replay viewer at the first marked decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button

BUSY = "Reviewing your decisions\u2026"
LOOK = "Look at them"


class ReviewStrip:
    """One line of the review and its button, inside the summary panel."""

    def __init__(self, review: Callable[[], Any], on_open: Callable[[Any], None]) -> None:
        self.review = review  # the HandReview once it has come, else None
        self.on_open = on_open
        self.button = Button(LOOK, self._open, key="R")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px: Callable[[float], int] = lambda v: round(v)

    def line(self) -> str:
        review = self.review()
        return BUSY if review is None else review.summary()

    def has_marks(self) -> bool:
        review = self.review()
        return review is not None and bool(review.marks)

    def _open(self) -> None:
        review = self.review()
        if review is not None and review.marks:
            self.on_open(review)

    def place(self, rect: pygame.Rect, px: Callable[[float], int]) -> None:
        self.rect, self.px = rect, px
        bw = px(170)
        self.button.set_rect((rect.right - bw, rect.y, bw, rect.height))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.has_marks():
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self._open()
            return True
        return self.button.handle_event(event)

    def update(self, dt_s: float) -> None:
        self.button.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        px, rect = self.px, self.rect
        marks = self.has_marks()
        room = rect.width - (self.button.rect.width + px(12) if marks else 0)
        line = self.line()
        size = text.fit_size(line, px(19), room)
        color = theme.GOLD_LIGHT if marks else theme.TEXT_DIM
        text.blit_text(surface, line, size, color, (rect.x, rect.centery), "midleft", bold=marks)
        if marks:
            self.button.draw(surface)
