"""The scene base class (the scene stack the main loop drives is ``ui.stack.SceneStack``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.stack import SceneLike, SceneStack

if TYPE_CHECKING:
    from ui.context import AppContext

__all__ = ["Scene", "SceneLike", "SceneStack"]


class Scene:
    """One screen of the program: handles events, updates with dt, draws without changing state."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one pygame event (positions come from ``event.pos``, never the real mouse)."""

    def update(self, dt_s: float) -> None:
        """Advance animations and logic by ``dt_s`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change game state."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def on_enter(self) -> None:
        """The scene became the top of the stack."""

    def on_exit(self) -> None:
        """The scene left the top of the stack (popped, replaced or covered); stop its workers."""

    def on_cover(self, by: SceneLike) -> None:
        """Another scene was pushed over this one; by default the same as leaving (``on_exit``). A scene
        may stay paused but alive instead (the table: its computers go on thinking under any scene)."""
        self.on_exit()

    def on_uncover(self) -> None:
        """The scene over this one was popped; by default the same as entering (``on_enter``)."""
        self.on_enter()
