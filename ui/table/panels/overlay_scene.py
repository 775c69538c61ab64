"""The table's overlays as scenes: the hand summary, score sheet, last-trick review, pause menu and hot-seat
curtain are each pushed over the table while they are up.

The table under its own overlays is covered, not exited: the overlay scene's ``update`` runs the table's,
so the table keeps animating and its computers keep thinking (none moves while an overlay is up; the pause
menu stops play altogether). Input goes to the top scene, so the newest overlay answers first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from ui.draw.widgets import Button
from ui.scene import Scene, SceneLike
from ui.table.layout import TableLayout

if TYPE_CHECKING:
    from ui.context import AppContext


class Overlay(Protocol):
    """A panel drawn over the table (``HandSummary``, ``ScoreSheet``, ``LastTrick``, ``TableMenu``, ``Curtain``)."""

    rect: pygame.Rect

    def place(self, layout: TableLayout) -> None:
        """Lay the panel out for the table's layout."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event (the panel takes them all)."""

    def update(self, dt_s: float) -> None:
        """Animate."""

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Draw over the table (dimming it)."""


class TableOverlayScene(Scene):
    """One overlay panel of ``table`` as a scene over it; ``name`` is the table's name for it ("summary",
    "sheet", "last_trick", "menu", "curtain") and ``buttons`` its clickable buttons by name (for tests)."""

    is_overlay = True

    def __init__(self, ctx: AppContext, table: Any, name: str, panel: Overlay,
                 buttons: dict[str, Button]) -> None:
        super().__init__(ctx)
        self.table = table
        self.name = name
        self.panel = panel
        self.buttons = buttons

    def handle_event(self, event: pygame.event.Event) -> None:
        """The table hands the event to this panel (Esc over the curtain opens the pause menu instead)."""
        self.table.overlay_event(self, event)

    def update(self, dt_s: float) -> None:
        """The table goes on under the overlay (and animates the panel)."""
        self.table.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the table (drawn first, below this scene)."""
        self.panel.draw(surface, self.table.layout)

    def on_cover(self, by: SceneLike) -> None:
        """Another scene over this one covers the table too (paused, not exited)."""
        self.table.on_cover(by)

    def on_exit(self) -> None:
        """Gone from the stack (closed, or the stack cleared): the table no longer shows this overlay."""
        self.table.overlay_gone(self)


P = TypeVar("P")


class OverlaySlot(Generic[P]):
    """A table attribute for one overlay: its panel while the overlay's scene is on the stack, else None.
    Setting it to None closes the overlay (panels are opened by the table's openers)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> P | None:
        scene = table.overlays.get(self.name) if table is not None else None
        return scene.panel if scene is not None else None

    def __set__(self, table: Any, value: P | None) -> None:
        if value is not None:
            raise ValueError(f"open the {self.name} overlay with the table's opener")
        table.close_overlay(self.name)
