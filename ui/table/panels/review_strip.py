"""The hand summary's review lines: "2 decisions to look at, about 18 points" and "Hard in my seat".

Shown inside the hand summary (``HandSummary.extra``) while a review of the hand is being worked
out in the background ("Reviewing your decisions…") and once it has come (``game.ai.review``); its
button opens the replay viewer at the first marked decision. A second line offers "Hard in my seat"
(``game.ai.duplicate``: the same deal played again with Hard in the person's seat, in the background):
while it runs, a progress bar (the work the worker reports done) and Cancel (Esc: the job stops in the worker);
then it says "You: +52. Hard in your seat: +61" with a button to see that hand in the viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button

BUSY = "Reviewing your decisions\u2026"
LOOK = "Look at them"
OFFER = "What would Hard make of your cards?"
ASK = "Review each player's own decisions?"  # hot-seat: only when the players ask
PLAYING = "Hard is playing your cards\u2026"
ROW_GAP = 8


class DuplicateRow:
    """The second line: "Hard in my seat"; while Hard plays, a progress bar and Cancel (Esc); then the two results
    side by side and "See it". Used by the hand summary's strip and by the replay viewer."""

    def __init__(self, result: Callable[[], Any], pending: Callable[[], bool], start: Callable[[], None],
                 see: Callable[[Any], None], fraction: Callable[[], float] | None = None,
                 cancel: Callable[[], bool] | None = None, offer: str = "Hard in my seat") -> None:
        self.result, self.pending, self.start, self.see = result, pending, start, see
        self.offer = offer  # the button's words before the replay
        self.fraction = fraction or (lambda: 0.0)  # how far the replay is, 0..1, as the worker last said
        self.cancel = cancel or (lambda: False)
        self.button = Button(offer, self._press, key="D")
        self.cancel_button = Button("Cancel", self._cancel_pressed, key="Esc")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.px: Callable[[float], int] = lambda v: round(v)

    def _press(self) -> None:
        result = self.result()
        if result is not None:
            self.see(result)
        elif not self.pending():
            self.start()

    def _cancel_pressed(self) -> None:
        self.cancel_running()

    def cancel_running(self) -> bool:
        """Cancel (or Esc): call the replay off; back to "Hard in my seat". False when nothing runs."""
        return self.pending() and self.cancel()

    def line(self) -> str:
        result = self.result()
        if result is not None:
            return str(result.text)
        if self.pending():
            return f"{PLAYING} {round(100 * self.fraction())}%"
        return OFFER

    def button_shown(self) -> bool:
        return self.result() is not None or not self.pending()

    def place(self, rect: pygame.Rect, px: Callable[[float], int], button_w: int) -> None:
        """Lay the row out in ``rect`` with buttons ``button_w`` wide at its right."""
        self.rect, self.px = rect, px
        self.button.set_rect((rect.right - button_w, rect.y, button_w, rect.height))
        self.cancel_button.set_rect((rect.right - button_w, rect.y, button_w, rect.height))
        self.bar = pygame.Rect(rect.x, rect.y + px(4), rect.width - button_w - px(12), rect.height - px(8))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """D or the button (start, or "See it"); while Hard plays, Cancel."""
        if self.pending():
            return self.cancel_button.handle_event(event)
        if not self.button_shown():
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self._press()
            return True
        return self.button.handle_event(event)

    def update(self, dt_s: float) -> None:
        self.button.label = "See it" if self.result() is not None else self.offer
        self.button.update(dt_s)
        self.cancel_button.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        px, rect = self.px, self.rect
        if self.pending():
            self._draw_bar(surface)
            self.cancel_button.draw(surface)
            return
        shown = self.button_shown()
        room = rect.width - (self.button.rect.width + px(12) if shown else 0)
        words = self.line()
        done = self.result() is not None
        size = text.fit_size(words, px(19), room, bold=done)
        text.blit_text(surface, words, size, theme.GOLD_LIGHT if done else theme.TEXT_DIM,
                       (rect.x, rect.centery), "midleft", bold=done)
        if shown:
            self.button.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The progress bar, its words over it."""
        px, bar = self.px, self.bar
        radius = bar.height // 2
        pygame.draw.rect(surface, theme.FIELD, bar, border_radius=radius)
        filled = bar.copy()
        filled.width = round(bar.width * self.fraction())
        if filled.width > 0:
            filled.width = max(filled.width, bar.height)
            pygame.draw.rect(surface, theme.GOLD_DARK, filled, border_radius=radius)
        pygame.draw.rect(surface, theme.GOLD_DARK, bar, max(1, px(1)), border_radius=radius)
        words = self.line()
        size = text.fit_size(words, px(18), bar.width - px(16))
        text.blit_text(surface, words, size, theme.TEXT, bar.center, "center", shadow=(0, 0, 0))


class ReviewStrip:
    """One line of the review and its button, inside the summary panel."""

    def __init__(self, review: Callable[[], Any], on_open: Callable[[Any], None],
                 duplicate: DuplicateRow | None = None, start: Callable[[], None] | None = None,
                 pending: Callable[[], bool] | None = None, names: list[str] | None = None) -> None:
        self.review = review  # the HandReview once it has come, else None
        self.names = names  # hot-seat: the seats' names, so the line speaks of each person's own decisions
        self.on_open = on_open
        self.start = start  # hot-seat: the review starts only when asked (None: it started with the summary)
        self.pending = pending or (lambda: self.review() is None)
        self.duplicate = duplicate
        self.button = Button(LOOK, self._open, key="R")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row2 = pygame.Rect(0, 0, 0, 0)
        self.px: Callable[[float], int] = lambda v: round(v)

    def line(self) -> str:
        review = self.review()
        if review is None:
            return BUSY if self.pending() or self.start is None else ASK
        return str(review.summary(self.names))

    def can_ask(self) -> bool:
        """Hot-seat: the review may be asked for now."""
        return self.start is not None and self.review() is None and not self.pending()

    def has_marks(self) -> bool:
        review = self.review()
        return (review is not None and bool(review.marks)) or self.can_ask()

    def _open(self) -> None:
        if self.can_ask() and self.start is not None:
            self.start()
            return
        review = self.review()
        if review is not None and review.marks:
            self.on_open(review)

    def rows(self) -> int:
        """The lines the strip needs in the summary."""
        return 2 if self.duplicate is not None else 1

    def place(self, rect: pygame.Rect, px: Callable[[float], int]) -> None:
        """Lay out in ``rect`` (the summary gives ``rows()`` lines of 40 design pixels, ``ROW_GAP`` apart)."""
        self.px = px
        bw = px(190)
        row_h = (rect.height - px(ROW_GAP) * (self.rows() - 1)) // self.rows()
        self.rect = pygame.Rect(rect.x, rect.y, rect.width, row_h)
        self.button.set_rect((rect.right - bw, rect.y, bw, row_h))
        if self.duplicate is not None:
            self.row2 = pygame.Rect(rect.x, rect.y + row_h + px(ROW_GAP), rect.width, row_h)
            self.duplicate.place(self.row2, px, bw)

    def cancel_running(self) -> bool:
        """Esc over the summary: call off "Hard in my seat" first (True when it was running)."""
        return self.duplicate is not None and self.duplicate.cancel_running()

    def handle_event(self, event: pygame.event.Event) -> bool:
        dup = self.duplicate
        if dup is not None and dup.handle_event(event):
            return True
        if not self.has_marks():
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self._open()
            return True
        return self.button.handle_event(event)

    def update(self, dt_s: float) -> None:
        self.button.label = "Review" if self.can_ask() else LOOK
        self.button.update(dt_s)
        if self.duplicate is not None:
            self.duplicate.update(dt_s)

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
        if self.duplicate is not None:
            self.duplicate.draw(surface)
