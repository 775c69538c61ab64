"""The table's overlays: the hand summary, score sheet, last trick, pause menu and hot-seat curtain, each
pushed as a scene over the table while it is up (``ui.table.panels.overlay_scene``).

``TableOverlays`` keeps the overlay scenes up, by name, oldest first; only the newest takes input. The
table opens them (it builds the panels); an overlay closed, or lost when the stack is cleared, is forgotten.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ui.draw.widgets import Button
from ui.scene import Scene, SceneLike
from ui.table.layout import TableLayout
from ui.table.panels.curtain import Curtain
from ui.table.panels.last_trick import LastTrick
from ui.table.panels.menu import TableMenu
from ui.table.panels.overlay_scene import Overlay, TableOverlayScene
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.panels.summary import HandSummary

if TYPE_CHECKING:
    from ui.context import AppContext

OverlayEvent = Callable[[TableOverlayScene, pygame.event.Event], None]


class TableOverlays:
    """The overlay scenes of ``table`` on the stack of ``ctx``. ``on_event`` takes the events of the newest
    overlay, ``on_update`` runs the table under them, ``on_cover`` is told when another scene covers them and
    ``layout`` gives the table's layout."""

    def __init__(self, ctx: AppContext, table: Scene, *, on_event: OverlayEvent,
                 on_update: Callable[[float], None], on_cover: Callable[[SceneLike], None],
                 layout: Callable[[], TableLayout]) -> None:
        self.ctx = ctx
        self.table = table
        self.scenes: dict[str, TableOverlayScene] = {}  # up, by name, oldest first
        self._on_event = on_event
        self._on_update = on_update
        self._on_cover = on_cover
        self._layout = layout

    # ----- opening and closing
    def open(self, name: str, panel: Overlay, buttons: dict[str, Button]) -> None:
        """Lay ``panel`` out and push it as the overlay ``name`` over the table (and over any overlay up)."""
        panel.place(self._layout())
        scene = TableOverlayScene(self.ctx, self.table, self, name, panel, buttons)
        self.scenes[name] = scene
        self.ctx.scenes.push(scene)

    def close(self, name: str) -> None:
        """Take the overlay ``name`` off the stack (nothing when it is not up)."""
        scene = self.scenes.pop(name, None)
        if scene is not None:
            self.ctx.scenes.remove(scene)

    def closer(self, name: str) -> Callable[[], None]:
        """A callback that closes the overlay ``name`` (a panel's Close button)."""
        return lambda: self.close(name)

    def close_all(self) -> None:
        """Take every overlay off the stack, newest first."""
        for name in reversed(list(self.scenes)):
            self.close(name)

    # ----- what is up
    def up(self) -> bool:
        """True while any overlay covers the table."""
        return bool(self.scenes)

    def may_open(self) -> bool:
        """True when a review (score sheet, last trick) may open now: nothing is up, or only the hand summary
        (the review opens over it)."""
        return list(self.scenes) in ([], ["summary"])

    def names(self) -> list[str]:
        """The overlays up, oldest first."""
        return list(self.scenes)

    def top(self) -> TableOverlayScene | None:
        """The newest overlay up (it takes the input), or None."""
        return next(reversed(self.scenes.values()), None)

    def panel(self, name: str) -> Any:
        """The panel of the overlay ``name`` while it is up, else None."""
        scene = self.scenes.get(name)
        return scene.panel if scene is not None else None

    @property
    def summary(self) -> HandSummary | None:
        """The hand summary, while it is up."""
        return self.panel("summary")

    @property
    def sheet(self) -> ScoreSheet | None:
        """The score sheet, while it is up."""
        return self.panel("sheet")

    @property
    def last_trick(self) -> LastTrick | None:
        """The last-trick review, while it is up."""
        return self.panel("last_trick")

    @property
    def menu(self) -> TableMenu | None:
        """The pause menu, while it is up."""
        return self.panel("menu")

    @property
    def curtain(self) -> Curtain | None:
        """The hot-seat curtain, while it is up."""
        return self.panel("curtain")

    # ----- each frame
    def update(self, dt_s: float) -> None:
        """Run the table under its overlays (an overlay scene's update)."""
        self._on_update(dt_s)

    def animate(self, dt_s: float) -> None:
        """Animate every panel up."""
        for scene in list(self.scenes.values()):
            scene.panel.update(dt_s)

    def place(self, layout: TableLayout) -> None:
        """Lay every panel up out again (the window was resized)."""
        for scene in self.scenes.values():
            scene.panel.place(layout)

    # ----- what the overlay scenes tell (ui.table.panels.overlay_scene.OverlayHost)
    def event(self, scene: TableOverlayScene, event: pygame.event.Event) -> None:
        """An event for the overlay ``scene`` on top."""
        self._on_event(scene, event)

    def layout(self) -> TableLayout:
        """The table's layout now."""
        return self._layout()

    def covered(self, by: SceneLike) -> None:
        """Another scene came over the overlays: it covers the table too."""
        self._on_cover(by)

    def gone(self, scene: TableOverlayScene) -> None:
        """An overlay's scene left the stack (closed, or the stack cleared): forget it."""
        if self.scenes.get(scene.name) is scene:
            del self.scenes[scene.name]
