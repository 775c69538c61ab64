"""The scene stack the main loop drives, and what it needs of a scene (``ui.scene.Scene`` is the base class).

It sits below ``ui.context`` (the context holds the stack) and knows scenes only by this protocol.
"""

from __future__ import annotations

from typing import Protocol

import pygame

__all__ = ["SceneLike", "SceneStack"]


class SceneLike(Protocol):
    """What the stack and the main loop call on a scene (``ui.scene.Scene`` documents each)."""

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt_s: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...

    def on_enter(self) -> None: ...

    def on_exit(self) -> None: ...

    def on_cover(self, by: SceneLike) -> None: ...

    def on_uncover(self) -> None: ...


class SceneStack:
    """A stack of scenes: only the top one receives events and updates; draws go bottom-up for overlays."""

    def __init__(self) -> None:
        self._stack: list[SceneLike] = []

    @property
    def top(self) -> SceneLike | None:
        """The scene receiving input, or None when empty (the program then quits)."""
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self._stack)

    def all(self) -> list[SceneLike]:
        """Every scene in the stack, bottom first (a copy)."""
        return list(self._stack)

    def push(self, scene: SceneLike) -> None:
        """Put a scene on top (e.g. an overlay or a sub-screen)."""
        if self._stack:
            self._stack[-1].on_cover(scene)
        self._stack.append(scene)
        scene.on_enter()

    def pop(self) -> SceneLike | None:
        """Remove the top scene and return to the one below."""
        if not self._stack:
            return None
        scene = self._stack.pop()
        scene.on_exit()
        if self._stack:
            self._stack[-1].on_uncover()
        return scene

    def remove(self, scene: SceneLike) -> None:
        """Take ``scene`` out of the stack wherever it is (``pop`` when it is on top); nothing if absent."""
        if self.top is scene:
            self.pop()
        elif scene in self:
            self._stack = [s for s in self._stack if s is not scene]
            scene.on_exit()

    def replace(self, scene: SceneLike) -> None:
        """Replace the top scene."""
        if self._stack:
            self._stack.pop().on_exit()
        self._stack.append(scene)
        scene.on_enter()

    def reset(self, scene: SceneLike) -> None:
        """Clear the stack and start again from one scene (e.g. back to the title menu)."""
        while self._stack:
            self._stack.pop().on_exit()
        self._stack.append(scene)
        scene.on_enter()

    def visible(self) -> list[SceneLike]:
        """SceneLikes to draw, bottom first: the top one and those under overlays (``is_overlay``)."""
        start = len(self._stack) - 1
        while start > 0 and getattr(self._stack[start], "is_overlay", False):
            start -= 1
        return self._stack[max(start, 0):]
