"""Game over: the winner, the final scores, and Play again / Review game / Menu; shown over the table."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ui.draw import text, theme
from ui.draw.tween import ease_out_back
from ui.draw.widgets import Button
from ui.scenes import FormScene
from ui.scenes.menu import MenuScene

if TYPE_CHECKING:
    from ui.context import AppContext

CONFETTI_COLORS = (theme.GOLD_LIGHT, theme.GOLD, (250, 248, 240), (200, 40, 50), (90, 160, 230))
CONFETTI_COUNT = 70


class _Flake:
    """One falling piece of confetti (positions as fractions of the window)."""

    __slots__ = ("x", "y", "vy", "phase", "spin", "color", "size")

    def __init__(self, rng: random.Random) -> None:
        self.x = rng.random()
        self.y = rng.uniform(-0.8, 0.9)
        self.vy = 0.12 + rng.random() * 0.14
        self.phase = rng.random() * math.tau
        self.spin = 2.0 + rng.random() * 4.0
        self.color = rng.choice(CONFETTI_COLORS)
        self.size = 0.6 + rng.random() * 0.8


class GameOverScene(FormScene):
    """The result of a finished game: ``winner_text`` big, ``final_scores`` as (name, score) rows.

    ``winners`` (optional) lists the rows to highlight; by default, rows whose name appears in
    ``winner_text``. ``on_review`` (optional) opens the finished game in the replay viewer (button and R).
    """

    is_overlay = True

    def __init__(
        self,
        ctx: AppContext,
        winner_text: str,
        final_scores: Sequence[tuple[str, int]],
        on_play_again: Callable[[], None],
        winners: Sequence[int] | None = None,
        on_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.winner_text = winner_text
        self.final_scores = [(str(name), int(score)) for name, score in final_scores]
        self.on_play_again = on_play_again
        # Rows to highlight: given, or those whose name the winner text mentions.
        self.winners = set(winners) if winners is not None else {
            i for i, (name, _score) in enumerate(self.final_scores) if name and name in winner_text
        }
        self.play_again = Button("Play again", self._play_again, primary=True)
        self.review = Button("Review game", on_review, key="R") if on_review is not None else None
        self.menu = Button("Menu", self.to_menu, key="Esc")
        self.buttons = [b for b in (self.play_again, self.review, self.menu) if b is not None]
        self.group.set_widgets(self.buttons)
        self.group.set_focus(self.play_again)
        self.pop_k = 0.0  # the panel pops in
        self.time_s = 0.0
        rng = random.Random(len(winner_text) * 7919 + len(self.final_scores))
        self.flakes = [_Flake(rng) for _ in range(CONFETTI_COUNT)]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.layout()
        instant = ctx.settings.speed_factor() == 0
        if instant:
            self.pop_k = 1.0
        else:
            self.tweener.animate(self, "pop_k", 1.0, 0.45, ease_out_back)

    def _play_again(self) -> None:
        self.on_play_again()

    def to_menu(self) -> None:
        """Back to the title menu (through the app's hook when there is one)."""
        if self.ctx.app is not None:
            self.ctx.app.go_to_menu()
            return
        self.ctx.scenes.reset(MenuScene(self.ctx))

    def back(self) -> None:
        """Esc goes to the menu."""
        self.to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Widgets first; R reviews the game (when offered); an unused Esc goes to the menu."""
        if self.review is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.review.activate()
            return
        super().handle_event(event)

    def layout(self) -> None:
        """A centred panel sized for the score rows."""
        w, h = self.size
        s = self.s
        rows = max(1, len(self.final_scores))
        self.row_h = min(s(40), max(s(24), (h - s(380)) // rows))
        pw = s(640)
        ph = s(206) + rows * self.row_h + s(120)
        ph = min(ph, h - s(40))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        count = len(self.buttons)
        gap, bh = s(20), s(54)
        bw = min(s(220), (pw - s(60) - gap * (count - 1)) // count)
        y = self.panel.bottom - s(34) - bh
        x = self.panel.centerx - (count * bw + (count - 1) * gap) // 2
        for button in self.buttons:
            button.set_rect((x, y, bw, bh))
            x += bw + gap

    def update(self, dt_s: float) -> None:
        """Let the confetti fall and the panel settle."""
        super().update(dt_s)
        self.time_s += dt_s
        for f in self.flakes:
            f.y += f.vy * dt_s
            if f.y > 1.05:
                f.y -= 1.15

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        w, h = self.size
        s = self.s
        for f in self.flakes:
            if f.y < -0.05:
                continue
            x = (f.x + 0.02 * math.sin(self.time_s * 1.5 + f.phase)) * w
            wobble = abs(math.cos(self.time_s * f.spin + f.phase))
            fw = max(1, round(s(9) * f.size * wobble))
            fh = max(1, round(s(5) * f.size))
            pygame.draw.rect(surface, f.color, (round(x) - fw // 2, round(f.y * h), fw, fh))

    def draw(self, surface: pygame.Surface) -> None:
        """The veil, confetti, then the result panel."""
        self.draw_background(surface)
        self._draw_confetti(surface)
        s = self.s
        k = self.pop_k
        panel = self.panel
        if k < 0.999:
            scale = 0.85 + 0.15 * k
            panel = self.panel.inflate(round(self.panel.w * (scale - 1)), round(self.panel.h * (scale - 1)))
        theme.draw_solid_panel(surface, panel)
        if k < 0.98:
            return
        p = self.panel
        text.blit_text(surface, "GAME OVER", s(26), theme.TEXT_DIM, (p.centerx, p.y + s(40)), "center")
        size = text.fit_size(self.winner_text, s(84), p.width - s(60))
        self.draw_title(surface, self.winner_text, (p.centerx, p.y + s(100)), size)
        y = p.y + s(156)
        pygame.draw.line(surface, theme.GOLD_DARK, (p.x + s(60), y), (p.right - s(60), y), max(1, s(2)))
        theme.draw_suit(surface, 0, (p.centerx, y), s(18), theme.GOLD)
        y += s(24)
        x0, x1 = p.x + s(90), p.right - s(90)
        for i, (name, score) in enumerate(self.final_scores):
            won = i in self.winners
            col = theme.GOLD_LIGHT if won else theme.TEXT
            cy = y + self.row_h // 2
            if won:
                band = pygame.Rect(p.x + s(60), y + s(2), p.width - s(120), self.row_h - s(4))
                surface.blit(theme.rounded_surface(band.size, s(8), (*theme.GOLD_DARK, 70), (*theme.GOLD_DARK, 40)),
                             band)
            size = text.fit_size(name, s(34), (x1 - x0) * 2 // 3)
            text.blit_text(surface, name, size, col, (x0, cy), "midleft")
            text.blit_text(surface, str(score).replace("-", "\u2212"), s(34), col, (x1, cy), "midright")
            y += self.row_h
        self.group.draw(surface)
