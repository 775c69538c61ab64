"""The drawing helpers' caches as one service: fonts and rendered labels, theme surfaces, suit shapes, and the
card art of callers without a context.

They hold pygame objects, which die with ``pygame.quit()``. All of them are parts of one ``DrawingCaches``:
the App makes a fresh one for its window (``ctx.drawing``) and makes it the one in use, the helpers of
``ui/draw`` reach their part through ``active()``, and the App clears it when it closes. Nothing is reset
by hand: a new window never sees a surface of an old one. Code without an App (tests, tools) uses the one
made at import.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar, Protocol, TypeVar, cast

import pygame

__all__ = ["Clearable", "DrawingCaches", "SurfaceCache", "active", "use"]


class Clearable(Protocol):
    """A part of the caches: made with no arguments, emptied by ``clear``."""

    def clear(self) -> None: ...


P = TypeVar("P", bound=Clearable)


class DrawingCaches:
    """One window's drawing caches, one part per kind (made on first use)."""

    def __init__(self) -> None:
        self._parts: dict[type[Clearable], Clearable] = {}

    def part(self, kind: type[P]) -> P:
        """The part of this kind (``ui.draw.text.FontCache``, ``ui.draw.theme.ThemeSurfaces``...)."""
        found = self._parts.get(kind)
        if found is None:
            found = self._parts[kind] = kind()
        return cast(P, found)

    def clear(self) -> None:
        """Empty every part (pygame is shutting down, or was re-initialised)."""
        for part in self._parts.values():
            part.clear()


class SurfaceCache:
    """Surfaces by key, keeping the ``max_items`` most recently used."""

    max_items: ClassVar[int] = 256

    def __init__(self) -> None:
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The surface kept under ``key`` (now the most recently used), or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        """Keep ``surf`` under ``key`` (the least recently used go beyond ``max_items``); returns it."""
        self._items[key] = surf
        while len(self._items) > self.max_items:
            self._items.popitem(last=False)
        return surf

    def drop(self, keep: Hashable | None = None, *, prefix: tuple[object, ...] = ()) -> None:
        """Forget every surface whose tuple key starts with ``prefix`` (except ``keep``)."""
        n = len(prefix)
        for key in [k for k in self._items if isinstance(k, tuple) and k[:n] == prefix and k != keep]:
            del self._items[key]

    def surfaces(self) -> list[pygame.Surface]:
        """Every surface kept (for measuring what the cache holds)."""
        return list(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()


_in_use: list[DrawingCaches] = [DrawingCaches()]  # the one the helpers use: the App's, or the import-time one


def active() -> DrawingCaches:
    """The caches the drawing helpers use now (the App's, ``ctx.drawing``, while one is open)."""
    return _in_use[0]


def use(caches: DrawingCaches) -> DrawingCaches:
    """Make ``caches`` the ones the drawing helpers use (the App does, as its window opens); returns them."""
    _in_use[0] = caches
    return caches
