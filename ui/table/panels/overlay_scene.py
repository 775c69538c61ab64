"""The table's overlays as scenes: the hand summary, score sheet, last-trick review, pause menu and hot-seat
curtain are each pushed over the table while they are up.

The table under its own overlays is covered, not exited: the overlay scene's ``update`` runs the table's,
so the table keeps animating and its computers keep thinking (none moves while an overlay is up; the pause
menu stops play altogether). Input goes to the top scene, so the newest overlay answers first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

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


class OverlayHost(Protocol):
    """What an overlay scene asks of the table's overlays (``ui.table.overlays.TableOverlays``)."""

    def event(self, scene: TableOverlayScene, event: pygame.event.Event) -> None:
        """An event for the overlay ``scene`` on top."""

    def update(self, dt_s: float) -> None:
        """Run the table under the overlays."""

    def layout(self) -> TableLayout:
        """The table's layout now."""

    def covered(self, by: SceneLike) -> None:
        """Another scene came over the overlays (and so over the table)."""

    def gone(self, scene: TableOverlayScene) -> None:
        """The overlay ``scene`` left the stack."""


class TableOverlayScene(Scene):
    """One overlay panel as a scene over ``table``; ``host`` is the table's overlays, ``name`` their name for it
    ("summary", "sheet", "last_trick", "menu", "curtain") and ``buttons`` its clickable buttons by name (for
    tests)."""

    is_overlay = True

    def __init__(self, ctx: AppContext, table: Scene, host: OverlayHost, name: str, panel: Overlay,
                 buttons: dict[str, Button]) -> None:
        super().__init__(ctx)
        self.table = table
        self.host = host
        self.name = name
        self.panel = panel
        self.buttons = buttons

    def handle_event(self, event: pygame.event.Event) -> None:
        """The table hands the event to this panel (Esc over the curtain opens the pause menu instead)."""
        self.host.event(self, event)

    def update(self, dt_s: float) -> None:
        """The table goes on under the overlay (and animates the panel)."""
        self.host.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the table (drawn first, below this scene)."""
        self.panel.draw(surface, self.host.layout())

    def on_cover(self, by: SceneLike) -> None:
        """Another scene over this one covers the table too (paused, not exited)."""
        self.host.covered(by)

    def on_exit(self) -> None:
        """Gone from the stack (closed, or the stack cleared): the table no longer shows this overlay."""
        self.host.gone(self)
