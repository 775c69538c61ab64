"""The in-game menu (Esc): Resume, Rules, Settings, Save record as…, Quit to menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button, WidgetGroup
from ui.table.layout import TableLayout


class TableMenu:
    """A small panel over the table; Esc again resumes."""

    def __init__(self, on_resume: Callable[[], None], on_rules: Callable[[], None],
                 on_quit: Callable[[], None], on_settings: Callable[[], None] | None = None,
                 on_save_record: Callable[[], None] | None = None) -> None:
        self.on_resume = on_resume
        self.buttons = {
            "resume": Button("Resume", on_resume, primary=True, key="Esc"),
            "rules": Button("Rules", on_rules),
        }
        if on_settings is not None:
            self.buttons["settings"] = Button("Settings", on_settings)
        if on_save_record is not None:
            self.buttons["save_record"] = Button("Save record as\u2026", on_save_record)
        self.buttons["quit"] = Button("Quit to menu", on_quit)
        self.group = WidgetGroup(list(self.buttons.values()))
        self.group.set_focus(self.buttons["resume"])
        self.rect = pygame.Rect(0, 0, 0, 0)

    def place(self, layout: TableLayout) -> None:
        """Centre the panel and stack its buttons."""
        px = layout.px
        bw, bh, gap = px(260), px(52), px(14)
        n = len(self.buttons)
        self.rect = pygame.Rect(0, 0, bw + px(80), px(90) + n * bh + (n - 1) * gap + px(36))
        self.rect.center = (layout.size[0] // 2, layout.size[1] // 2)
        y = self.rect.y + px(90)
        for button in self.buttons.values():
            button.set_rect((self.rect.centerx - bw // 2, y, bw, bh))
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons and keyboard focus; Esc resumes."""
        if self.group.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_resume()
        return True

    def update(self, dt_s: float) -> None:
        """Animate the buttons."""
        self.group.update(dt_s)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The dimmed table under the menu."""
        px = layout.px
        theme.dim(surface, 150)
        theme.draw_solid_panel(surface, self.rect, radius=px(18))
        text.blit_text(surface, "Paused", px(34), theme.GOLD_LIGHT, (self.rect.centerx, self.rect.y + px(26)),
                       "midtop", bold=True)
        self.group.draw(surface)
