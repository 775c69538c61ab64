"""The program's screens; ``FormScene`` is the shared base of the menu-like ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.draw import text, theme
from ui.draw.tween import Tweener
from ui.draw.widgets import WidgetGroup
from ui.scene import Scene

if TYPE_CHECKING:
    from ui.context import AppContext


class FormScene(Scene):
    """A screen of widgets on the felt: laid out from the window size; Esc goes back."""

    is_overlay = False

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.size: tuple[int, int] = tuple(ctx.size)  # type: ignore[assignment]
        self.group = WidgetGroup()
        self.tweener = Tweener()

    def s(self, px_at_720: float) -> int:
        """A length designed for 1280x720, scaled to the current window."""
        return text.scaled(px_at_720, self.size)

    def layout(self) -> None:
        """Compute every rect from ``self.size``."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout for the new window size."""
        self.size = (int(size[0]), int(size[1]))
        self.layout()

    def on_enter(self) -> None:
        """Catch up with a resize that happened while another scene was on top."""
        if tuple(self.ctx.size) != self.size:
            self.on_resize(self.ctx.size)

    def back(self) -> None:
        """Leave this screen (Esc)."""
        self.ctx.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Widgets first; an unused Esc goes back."""
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt_s: float) -> None:
        """Advance widget and tween animations."""
        self.tweener.update(dt_s)
        self.group.update(dt_s)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt when this scene is at the bottom of what is drawn; a dark veil over the scene below otherwise."""
        if self.is_overlay and self.ctx.scenes.visible()[:1] != [self]:
            theme.dim(surface, 150)
        else:
            theme.draw_felt(surface, self.ctx.settings.felt)

    def draw_title(self, surface: pygame.Surface, title: str, center: tuple[int, int], size: int) -> pygame.Rect:
        """A gold title of font ``size`` with a soft drop shadow; returns its rect."""
        img = theme.gradient_text(title, size, theme.GOLD_LIGHT, theme.GOLD)
        rect = img.get_rect(center=center)
        off = max(2, size // 26)
        surface.blit(theme.faded_text(title, size, (0, 0, 0), 130), rect.move(off, off))
        surface.blit(img, rect)
        return rect
