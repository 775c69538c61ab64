"""Name a house-rules preset: a small panel over the setup screen with a name field, Save and Cancel.

The setup screen opens it ("Save these rules"); Save hands the name to ``on_save`` (which keeps the
game's current options under it with the settings), Cancel or Esc keeps things as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button, TextField
from ui.scenes import FormScene
from ui.services.settings import PRESET_NAME_MAX_LEN

if TYPE_CHECKING:
    from ui.context import AppContext


class PresetNameScene(FormScene):
    """Ask for a preset's name; ``on_save(name)`` runs with the stripped name when the player saves."""

    is_overlay = True

    def __init__(self, ctx: AppContext, title: str, body: str, name: str, on_save: Callable[[str], None]) -> None:
        super().__init__(ctx)
        self.title = title
        self.body = body
        self.on_save = on_save
        self.field = TextField(name[:PRESET_NAME_MAX_LEN], PRESET_NAME_MAX_LEN, self._changed, placeholder="Name")
        self.field.select_all()
        self.cancel_button = Button("Cancel", self.cancel, key="Esc")
        self.save_button = Button("Save", self.save, primary=True, key="Enter")
        self.group.set_widgets([self.field, self.cancel_button, self.save_button])
        self.group.set_focus(self.field)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._changed(self.field.value)
        self.layout()

    def name(self) -> str:
        """The name as it would be saved."""
        return self.field.value.strip()

    def _changed(self, value: str) -> None:
        self.save_button.enabled = bool(value.strip())

    def _close(self) -> None:
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()

    def save(self) -> None:
        """Close and keep the rules under the name (nothing without a name)."""
        name = self.name()
        if not name:
            return
        self._close()
        self.on_save(name)

    def cancel(self) -> None:
        """Close, saving nothing."""
        self._close()

    def back(self) -> None:
        """Esc cancels."""
        self.cancel()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter saves, Esc cancels; the field takes the typing."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        self.group.handle_event(event)

    def layout(self) -> None:
        """A centred panel: title, sentence, the field, the two buttons."""
        w, h = self.size
        s = self.s
        pw = min(w - s(40), s(620))
        ph = min(h - s(20), s(300))
        self.rect = pygame.Rect(0, 0, pw, ph)
        self.rect.center = (w // 2, h // 2)
        self.field.set_rect((self.rect.x + s(40), self.rect.y + s(130), pw - s(80), s(52)))
        bw, bh = max(s(200), 140), max(s(50), 36)
        y = self.rect.bottom - s(28) - bh
        self.cancel_button.set_rect((self.rect.centerx - bw - s(12), y, bw, bh))
        self.save_button.set_rect((self.rect.centerx + s(12), y, bw, bh))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the darkened screen below."""
        self.draw_background(surface)
        s = self.s
        rect = self.rect
        theme.draw_solid_panel(surface, rect, radius=s(18))
        text.blit_text(surface, self.title, text.fit_size(self.title, s(32), rect.width - s(40), bold=True),
                       theme.GOLD_LIGHT, (rect.centerx, rect.y + s(24)), "midtop", bold=True)
        size = text.fit_size(self.body, s(20), rect.width - s(60))
        text.blit_text(surface, self.body, size, theme.TEXT, (rect.centerx, rect.y + s(80)), "midtop")
        self.group.draw(surface)
