"""Suit shapes (spade, heart, diamond, club) drawn as antialiased polygons.

pygame-ce's bundled font has no suit glyphs, so every suit symbol in the game
comes from here. Shapes are defined in a unit box (0..1 on both axes), drawn
supersampled and smooth-scaled down, so they stay clean from 8 px to 400 px.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from ui.draw import caches
from ui.draw.caches import SurfaceCache

SPADE, HEART, DIAMOND, CLUB = range(4)
RED = (200, 16, 46)
BLACK = (27, 27, 31)
BLUE = (22, 84, 196)  # diamonds in the four-colour deck
GREEN = (18, 128, 58)  # clubs in the four-colour deck
# Suit inks by suit number: the usual two colours, or the four-colour deck (spades black, hearts red,
# diamonds blue, clubs green).
TWO_COLOR_INKS = (BLACK, RED, RED, BLACK)
FOUR_COLOR_INKS = (BLACK, RED, BLUE, GREEN)
SUPERSAMPLE = 4

Point = tuple[float, float]
Color = tuple[int, ...]


def suit_color(suit: int, four_color: bool = False) -> tuple[int, int, int]:
    """The ink of a suit: red for hearts and diamonds, near-black for spades and clubs; in the four-colour
    deck (``four_color``) diamonds blue and clubs green."""
    return (FOUR_COLOR_INKS if four_color else TWO_COLOR_INKS)[suit]


@cache
def _heart_curve(steps: int = 96) -> tuple[Point, ...]:
    """The classic parametric heart, point down, scaled into the unit box."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        raw.append((x, -y))
    return tuple(_fit(raw, 0.04, 0.07, 0.96, 0.95))


def _fit(points: Sequence[Point], x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """Scale and move points so their bounding box becomes (x0, y0)-(x1, y1)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    lx, hx, ly, hy = min(xs), max(xs), min(ys), max(ys)
    sx = (x1 - x0) / (hx - lx)
    sy = (y1 - y0) / (hy - ly)
    return [(x0 + (x - lx) * sx, y0 + (y - ly) * sy) for x, y in points]


def _stem(top: float, bottom: float, half_width: float, steps: int = 12) -> list[Point]:
    """A flared foot under a spade or club: narrow at the top, concave sides, wide base."""
    left, right = [], []
    for i in range(steps + 1):
        f = i / steps
        w = 0.025 + (half_width - 0.025) * f**2.2
        y = top + (bottom - top) * f
        left.append((0.5 - w, y))
        right.append((0.5 + w, y))
    return left + right[::-1]


@cache
def spade_body() -> tuple[Point, ...]:
    """A spade's leaf in the unit box (without the foot): the heart turned point-up."""
    pts = [(x, 1 - y) for x, y in _heart_curve()]
    return tuple(_fit(pts, 0.07, 0.03, 0.93, 0.80))


@cache
def _diamond() -> tuple[Point, ...]:
    """A lozenge with gently concave sides."""
    corners = [(0.5, 0.02), (0.87, 0.5), (0.5, 0.98), (0.13, 0.5)]
    pts: list[Point] = []
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % 4]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = mx + (0.5 - mx) * 0.12, my + (0.5 - my) * 0.12
        for s in range(10):
            t = s / 10
            u = 1 - t
            pts.append((u * u * ax + 2 * u * t * cx + t * t * bx, u * u * ay + 2 * u * t * cy + t * t * by))
    return tuple(pts)


CLUB_LOBES = ((0.5, 0.29, 0.215), (0.265, 0.585, 0.215), (0.735, 0.585, 0.215))


def draw_suit_shape(surface: pygame.Surface, suit: int, rect: pygame.Rect, color: Color) -> None:
    """Draw a suit shape filling a square rect (not antialiased; draw big, then scale)."""
    x, y, s = rect.x, rect.y, rect.w

    def tr(points: Sequence[Point]) -> list[Point]:
        return [(x + px * s, y + py * s) for px, py in points]

    if suit == HEART:
        pygame.draw.polygon(surface, color, tr(_heart_curve()))
    elif suit == DIAMOND:
        pygame.draw.polygon(surface, color, tr(_diamond()))
    elif suit == SPADE:
        pygame.draw.polygon(surface, color, tr(spade_body()))
        pygame.draw.polygon(surface, color, tr(_stem(0.6, 0.97, 0.2)))
    else:
        for cx, cy, r in CLUB_LOBES:
            pygame.draw.circle(surface, color, (x + cx * s, y + cy * s), r * s)
        pygame.draw.polygon(surface, color, tr([(0.5, 0.36), (0.32, 0.62), (0.68, 0.62)]))
        pygame.draw.polygon(surface, color, tr(_stem(0.5, 0.97, 0.19)))


class SuitShapes(SurfaceCache):
    """Suit images by suit, size, ink and turn: a part of the window's drawing caches (``ui.draw.caches``)."""

    max_items = 512


def suit_surface(suit: int, size: int, color: Color | None = None, flipped: bool = False) -> pygame.Surface:
    """A cached size x size per-pixel-alpha image of a suit, optionally turned upside down (do not modify it)."""
    key = (suit, size, None if color is None else tuple(color), flipped)
    shapes = caches.active().part(SuitShapes)
    found = shapes.get(key)
    return found if found is not None else shapes.put(key, _suit_image(suit, size, color, flipped))


def _suit_image(suit: int, size: int, color: Color | None, flipped: bool) -> pygame.Surface:
    ink = tuple(color) if color is not None else suit_color(suit)
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((*ink[:3], 0))
    draw_suit_shape(canvas, suit, pygame.Rect(0, 0, big, big), ink)
    image = pygame.transform.smoothscale(canvas, (size, size))
    if flipped:
        image = pygame.transform.rotate(image, 180)
    return image
