"""The scene base class and the scene stack the main loop drives."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ui.context import AppContext


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

    def on_cover(self, by: Scene) -> None:
        """Another scene was pushed over this one; by default the same as leaving (``on_exit``). A scene
        may stay paused but alive instead (the table: its computers go on thinking under any scene)."""
        self.on_exit()

    def on_uncover(self) -> None:
        """The scene over this one was popped; by default the same as entering (``on_enter``)."""
        self.on_enter()


class SceneStack:
    """A stack of scenes: only the top one receives events and updates; draws go bottom-up for overlays."""

    def __init__(self) -> None:
        self._stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene receiving input, or None when empty (the program then quits)."""
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self._stack)

    def push(self, scene: Scene) -> None:
        """Put a scene on top (e.g. an overlay or a sub-screen)."""
        if self._stack:
            self._stack[-1].on_cover(scene)
        self._stack.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Remove the top scene and return to the one below."""
        if not self._stack:
            return None
        scene = self._stack.pop()
        scene.on_exit()
        if self._stack:
            self._stack[-1].on_uncover()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` out of the stack wherever it is (``pop`` when it is on top); nothing if absent."""
        if self.top is scene:
            self.pop()
        elif scene in self:
            self._stack = [s for s in self._stack if s is not scene]
            scene.on_exit()

    def replace(self, scene: Scene) -> None:
        """Replace the top scene."""
        if self._stack:
            self._stack.pop().on_exit()
        self._stack.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from one scene (e.g. back to the title menu)."""
        while self._stack:
            self._stack.pop().on_exit()
        self._stack.append(scene)
        scene.on_enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and those under overlays (``is_overlay``)."""
        start = len(self._stack) - 1
        while start > 0 and getattr(self._stack[start], "is_overlay", False):
            start -= 1
        return self._stack[max(start, 0):]
