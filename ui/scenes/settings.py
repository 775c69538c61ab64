"""Settings: how fast the game moves, how long a Hard computer thinks, and full screen; shown over the
screen that opened it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import text, theme
from ui.scenes import FormScene
from ui.widgets import Button, ChoiceSelector, Toggle

if TYPE_CHECKING:
    from ui.context import AppContext

SPEEDS = [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Instant", "instant")]
SPEED_HELP = {
    "slow": "Cards glide gently; computer players take their time.",
    "normal": "A comfortable pace to follow every card.",
    "fast": "Brisk animations and short pauses.",
    "instant": "No animation and no pauses: the table jumps to the result.",
}
THINK_TIMES = [("0.25 s", 250), ("0.5 s", 500), ("1 s", 1000), ("2 s", 2000)]
THINK_HELP = "How long a Hard computer player (and the Hint) thinks about each move."


class SettingsScene(FormScene):
    """Speed (slow / normal / fast / instant), the computers' thinking time and full screen; changes apply
    at once. Esc or Back returns."""

    is_overlay = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.speed = ChoiceSelector("Speed", SPEEDS, on_change=self._set_speed, wrap=False)
        self.speed.set_value(ctx.settings.speed)
        self.think = ChoiceSelector("Computer thinking time", THINK_TIMES, on_change=self._set_think, wrap=False)
        self.think.set_value(min((ms for _label, ms in THINK_TIMES),
                                 key=lambda ms: abs(ms - getattr(ctx.settings, "think_ms", 500))))
        self.fullscreen = Toggle("Full screen", ctx.settings.fullscreen, on_change=self._set_fullscreen)
        self.back_button = Button("Back", self.back, primary=True)
        self.group.set_widgets([self.speed, self.think, self.fullscreen, self.back_button])
        self.group.set_focus(self.speed)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.layout()

    def _set_speed(self, value: str) -> None:
        self.ctx.settings.speed = value

    def _set_think(self, value: int) -> None:
        self.ctx.settings.think_ms = int(value)

    def _set_fullscreen(self, value: bool) -> None:
        self.ctx.settings.fullscreen = value

    def layout(self) -> None:
        """A centred panel: title, three rows with their help lines, Back."""
        w, h = self.size
        s = self.s
        pw, ph = s(600), s(510)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad, row = s(40), s(54)
        x, rw = self.panel.x + pad, pw - 2 * pad
        self.speed.set_rect((x, self.panel.y + s(104), rw, row))
        self.think.set_rect((x, self.panel.y + s(104) + row + s(56), rw, row))
        self.fullscreen.set_rect((x, self.panel.y + s(104) + 2 * (row + s(56)), rw, row))
        bw, bh = s(200), s(52)
        self.back_button.set_rect((self.panel.centerx - bw // 2, self.panel.bottom - pad - bh + s(8), bw, bh))

    def update(self, dt_s: float) -> None:
        """Follow F11 (the app flips the setting) and animate the widgets."""
        if self.fullscreen.value != self.ctx.settings.fullscreen:
            self.fullscreen.value = self.ctx.settings.fullscreen
        super().update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over a darkened view of the screen below."""
        self.draw_background(surface)
        s = self.s
        theme.draw_panel(surface, self.panel)
        self.draw_title(surface, "Settings", (self.panel.centerx, self.panel.y + s(52)), s(58))
        help_text = SPEED_HELP.get(self.speed.value, "")
        text.blit_text(surface, help_text, text.fit_size(help_text, s(21), self.speed.rect.width),
                       theme.TEXT_DIM, (self.speed.rect.x + s(4), self.speed.rect.bottom + s(12)))
        text.blit_text(surface, THINK_HELP, text.fit_size(THINK_HELP, s(21), self.think.rect.width),
                       theme.TEXT_DIM, (self.think.rect.x + s(4), self.think.rect.bottom + s(12)))
        note = "F11 also switches full screen."
        text.blit_text(surface, note, s(21), theme.TEXT_DIM,
                       (self.fullscreen.rect.x + s(4), self.fullscreen.rect.bottom + s(12)))
        self.group.draw(surface)
