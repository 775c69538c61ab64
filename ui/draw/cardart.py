"""Playing-card art drawn entirely in code: faces, backs, shadows and highlights.

Every image is rendered at the requested width (height = width * 1.4), once per
``CardArt`` instance, and cached. Shapes are drawn supersampled and smooth-scaled
down for clean antialiased edges; ranks use the bundled Lato Bold.
No display mode is needed; surfaces are converted only when one exists.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence

import pygame

from game.cards import ACE, DECK, JACK, RANKS, Card
from ui.draw import caches
from ui.draw.suits import (
    BLACK,
    CLUB,
    DIAMOND,
    FOUR_COLOR_INKS,
    HEART,
    RED,
    SPADE,
    TWO_COLOR_INKS,
    draw_suit_shape,
    spade_body,
    suit_color,
    suit_surface,
)
from ui.draw.text import fonts

QUEEN, KING = JACK + 1, JACK + 2
ASPECT = 1.4  # a card is this many times as tall as it is wide (the table lays cards out with it)
SMALL_WIDTH = 60  # below this width pips cannot fit: faces show big indices (and an ace or court its one suit)
ART_CACHE_SIZE = 6
MIN_INDEX_PIP_PX = 13

FACE_TOP = (255, 255, 252)
FACE_BOTTOM = (244, 240, 229)
EDGE = (128, 126, 120)
GOLD = (214, 170, 64)
GOLD_LIGHT = (246, 214, 120)
GOLD_DARK = (140, 100, 30)
INK = (30, 26, 28)
SKIN = (248, 220, 192)
CHEEK = (240, 186, 170)
LIPS = (204, 106, 112)
NOSE = (176, 120, 96)
IVORY = (252, 247, 232)
PANEL_BG = (251, 244, 224)
ERMINE = (250, 250, 246)
GLOW = (255, 214, 74)
STEEL = (214, 220, 228)
STEEL_DARK = (150, 158, 170)
WOOD = (132, 92, 52)
LEAF = (60, 140, 80)
LEAF_DARK = (40, 110, 60)

SECONDARY = {SPADE: (40, 78, 156), HEART: (40, 78, 156), DIAMOND: (30, 112, 92), CLUB: (30, 112, 92)}
ROBE = {SPADE: (36, 38, 52), HEART: RED, DIAMOND: RED, CLUB: (36, 38, 52)}
HAIR = {JACK: (112, 70, 38), QUEEN: (222, 176, 74), KING: (176, 126, 62)}

# Card backs (the card-back setting): a pattern and its colours. "red" is the classic back's old name.
BACK_STYLES = {
    "classic": {"field": (146, 20, 34), "line": (184, 52, 62), "dark": (108, 12, 24), "trim": (236, 204, 150)},
    "navy": {"field": (24, 42, 92), "line": (56, 84, 146), "dark": (14, 26, 62), "trim": (226, 196, 128)},
    "rosette": {"field": (22, 84, 88), "line": (120, 196, 190), "dark": (10, 52, 56), "trim": (236, 220, 170)},
    "tartan": {"field": (28, 96, 54), "line": (208, 178, 84), "dark": (14, 40, 70), "trim": (238, 214, 150)},
}
BACK_PATTERNS = {"classic": "lattice", "navy": "lattice", "rosette": "rosette", "tartan": "tartan"}
BACK_ALIASES = {"red": "classic"}

# Pip positions as (column -1/0/1, row 0..1 from the top pip row to the bottom one).
PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1), (1, 1)),
}

Point = tuple[float, float]
Rgb = tuple[int, int, int]


def reset() -> None:
    """Forget the fallback art of ``card_art_for_width`` in use (the fonts are ``ui.draw.text.fonts()``)."""
    caches.active().part(CardArtCache).clear()


def font(size: int) -> pygame.font.Font:
    """The bundled UI font's Bold weight (Lato Bold) at this pixel size, cached (``ui.draw.text.fonts()``)."""
    return fonts().font_px(max(6, int(size)), bold=True)


def cap_ratio() -> float:
    """The height of a capital or digit's ink as a share of the font size (measured once)."""
    return fonts().cap_ratio()


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting when a display exists; otherwise return as is."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _supersample(width: int) -> int:
    """How many times larger to draw shapes before smooth-scaling them to ``width`` pixels."""
    return max(2, min(4, 900 // max(1, width)))


def _rounded(size: tuple[int, int], radius: float, color: Sequence[int], ss: int = 4) -> pygame.Surface:
    """An antialiased filled rounded rectangle on a transparent surface."""
    big = pygame.Surface((size[0] * ss, size[1] * ss), pygame.SRCALPHA)
    big.fill((*color[:3], 0))
    pygame.draw.rect(big, color, big.get_rect(), border_radius=max(1, round(radius * ss)))
    return pygame.transform.smoothscale(big, size)


def _text(text: str, size: int, color: Sequence[int]) -> pygame.Surface:
    """Text rendered and cropped to its ink, so it can be placed exactly."""
    image = font(size).render(text, True, color)
    return image.subsurface(image.get_bounding_rect()).copy()


def _rank_text(rank: int, cap: float, color: Sequence[int]) -> pygame.Surface:
    """A rank label ('2'..'10', 'J', 'Q', 'K', 'A') with about ``cap`` pixels of letter height."""
    size = round(cap / cap_ratio())
    if RANKS[rank] != "T":
        return _text(RANKS[rank], size, color)
    one, zero = _text("1", size, color), _text("0", size, color)
    gap = max(1, round(cap * 0.06))
    height = max(one.get_height(), zero.get_height())
    both = pygame.Surface((one.get_width() + gap + zero.get_width(), height), pygame.SRCALPHA)
    both.fill((*color[:3], 0))
    both.blit(one, (0, (height - one.get_height()) // 2))
    both.blit(zero, (one.get_width() + gap, (height - zero.get_height()) // 2))
    squeezed = max(1, round(both.get_width() * 0.86))
    return pygame.transform.smoothscale(both, (squeezed, height))


def _vertical_gradient(size: tuple[int, int], top: Rgb, bottom: Rgb) -> pygame.Surface:
    """A surface shading from ``top`` to ``bottom``."""
    strip = pygame.Surface((1, max(2, size[1])))
    last = strip.get_height() - 1
    for y in range(strip.get_height()):
        f = y / last
        strip.set_at((0, y), [round(a + (b - a) * f) for a, b in zip(top, bottom, strict=True)])
    return pygame.transform.scale(strip, size)


class _Pen:
    """Draws on a supersampled surface in fractional coordinates with optional ink outlines."""

    def __init__(self, surface: pygame.Surface, line: float) -> None:
        self.surface = surface
        self.w, self.h = surface.get_size()
        self.line = max(1, round(line))

    def pt(self, u: float, v: float) -> Point:
        """Fractional (u, v) to surface pixels."""
        return (u * self.w, v * self.h)

    def poly(self, color: Sequence[int], points: Sequence[Point], outline: bool = True) -> None:
        """A filled polygon, outlined in ink."""
        pts = [self.pt(u, v) for u, v in points]
        pygame.draw.polygon(self.surface, color, pts)
        if outline:
            pygame.draw.polygon(self.surface, INK, pts, self.line)

    def ellipse(self, color: Sequence[int], cu: float, cv: float, ru: float, rv: float, outline: bool = True) -> None:
        """A filled ellipse centred at (cu, cv) with radii (ru, rv) in fractions of width and height."""
        rect = pygame.Rect(0, 0, max(1, round(2 * ru * self.w)), max(1, round(2 * rv * self.h)))
        rect.center = (round(cu * self.w), round(cv * self.h))
        pygame.draw.ellipse(self.surface, color, rect)
        if outline:
            pygame.draw.ellipse(self.surface, INK, rect, self.line)

    def dot(self, color: Sequence[int], cu: float, cv: float, r: float, outline: bool = False) -> None:
        """A circle whose radius is a fraction of the width."""
        pygame.draw.circle(self.surface, color, self.pt(cu, cv), max(1.0, r * self.w))
        if outline:
            pygame.draw.circle(self.surface, INK, self.pt(cu, cv), max(1.0, r * self.w), self.line)

    def stroke(self, color: Sequence[int], points: Sequence[Point], width: float = 1.0) -> None:
        """A polyline ``width`` times the outline thickness, with round joins and caps."""
        thick = max(1, round(self.line * width))
        pts = [self.pt(u, v) for u, v in points]
        pygame.draw.lines(self.surface, color, False, pts, thick)
        if thick > 2:
            for p in pts:
                pygame.draw.circle(self.surface, color, p, thick / 2)

    def suit(self, suit: int, cu: float, cv: float, size: float, color: Sequence[int] | None = None) -> None:
        """A suit shape centred at (cu, cv), ``size`` a fraction of the width."""
        s = round(size * self.w)
        rect = pygame.Rect(0, 0, s, s)
        rect.center = (round(cu * self.w), round(cv * self.h))
        draw_suit_shape(self.surface, suit, rect, tuple(color or suit_color(suit)))


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bezier curve."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _mirror(points: Sequence[Point], axis: float) -> list[Point]:
    """Points reflected about the vertical line u = axis, in reverse order."""
    return [(2 * axis - u, v) for u, v in reversed(points)]


def _symmetric(half: Sequence[Point], axis: float) -> list[Point]:
    """A closed outline from its left half (top to bottom) plus the mirror image."""
    return list(half) + _mirror(half, axis)


# ----------------------------------------------------------------------------- court figures

HEAD_U, HEAD_V = 0.57, 0.44


def _draw_robe(pen: _Pen, suit: int, rank: int) -> None:
    """Shoulders and robe in the suit colour, a tunic in the second colour, gold trim."""
    robe, second, a = ROBE[suit], SECONDARY[suit], HEAD_U
    pen.poly(robe, _symmetric([(a - 0.41, 1.02), (a - 0.39, 0.82), (a - 0.33, 0.71), (a - 0.13, 0.645)], a))
    pen.poly(second, [(a - 0.11, 0.66), (a + 0.11, 0.66), (a + 0.065, 1.02), (a - 0.065, 1.02)])
    pen.stroke(GOLD, [(a - 0.085, 0.7), (a - 0.05, 1.02)], 1.4)
    pen.stroke(GOLD, [(a + 0.085, 0.7), (a + 0.05, 1.02)], 1.4)
    for i in range(3):
        pen.dot(GOLD_LIGHT, a, 0.8 + i * 0.08, 0.017, outline=True)
    for side in (-1, 1):
        sleeve = _bezier(
            (a + side * 0.385, 0.86), (a + side * 0.33, 0.77), (a + side * 0.22, 0.78), (a + side * 0.16, 1.02)
        )
        pen.stroke(GOLD, sleeve, 2.4)
        for u, v in ((0.3, 0.9), (0.25, 0.97), (0.34, 0.98), (0.22, 0.72), (0.29, 0.75)):
            pen.dot(GOLD_LIGHT, a + side * u, v, 0.012)
    if rank == KING:
        collar = _symmetric([(a - 0.35, 0.76), (a - 0.3, 0.67), (a - 0.12, 0.615)], a)
        pen.poly(ERMINE, collar + [(a + 0.12, 0.77), (a, 0.72), (a - 0.12, 0.77)])
        for u, v in (
            (-0.28, 0.69),
            (-0.2, 0.7),
            (-0.12, 0.7),
            (0.12, 0.7),
            (0.2, 0.7),
            (0.28, 0.69),
            (-0.25, 0.735),
            (0.25, 0.735),
        ):
            pen.poly(INK, [(a + u, v - 0.012), (a + u - 0.011, v + 0.02), (a + u + 0.011, v + 0.02)], outline=False)
    else:
        pen.poly(
            GOLD,
            _symmetric([(a - 0.2, 0.7), (a - 0.15, 0.63), (a - 0.08, 0.615)], a)
            + [(a + 0.1, 0.69), (a, 0.74), (a - 0.1, 0.69)],
        )


def _draw_face(pen: _Pen, rank: int) -> None:
    """Neck, face, eyes, nose and mouth."""
    a, v = HEAD_U, HEAD_V
    pen.poly(SKIN, [(a - 0.05, v + 0.09), (a + 0.05, v + 0.09), (a + 0.055, v + 0.2), (a - 0.055, v + 0.2)])
    pen.ellipse(SKIN, a, v, 0.11, 0.15)
    for side in (-1, 1):
        eu = a + side * 0.045
        pen.ellipse(IVORY, eu, v - 0.01, 0.022, 0.015, outline=False)
        pen.dot(INK, eu + 0.003, v - 0.01, 0.0115)
        pen.stroke(
            INK,
            _bezier((eu - 0.026, v - 0.04), (eu - 0.01, v - 0.058), (eu + 0.01, v - 0.058), (eu + 0.026, v - 0.042), 6),
            0.9,
        )
        pen.ellipse(CHEEK, a + side * 0.062, v + 0.045, 0.022, 0.016, outline=False)
    pen.stroke(
        NOSE, _bezier((a + 0.004, v + 0.0), (a - 0.004, v + 0.03), (a - 0.02, v + 0.05), (a + 0.006, v + 0.052), 8), 0.8
    )
    if rank != KING:
        pen.ellipse(LIPS, a, v + 0.088, 0.028, 0.013, outline=False)
        pen.stroke(INK, [(a - 0.022, v + 0.088), (a + 0.022, v + 0.088)], 0.5)


def _draw_king(pen: _Pen, suit: int) -> None:
    """A bearded king under a five-pointed jewelled crown, holding a sword."""
    a, v, hair = HEAD_U, HEAD_V, HAIR[KING]
    _draw_sword(pen, a + 0.285)
    pen.poly(hair, _symmetric([(a - 0.125, v - 0.08), (a - 0.15, v + 0.1), (a - 0.12, v + 0.15)], a))
    _draw_robe(pen, suit, KING)
    _draw_face(pen, KING)
    beard = [(a - 0.115, v + 0.0), (a - 0.105, v + 0.13), (a - 0.06, v + 0.24), (a, v + 0.29)]
    pen.poly(hair, _symmetric(beard, a) + [(a + 0.075, v + 0.07), (a, v + 0.11), (a - 0.075, v + 0.07)])
    pen.ellipse(LIPS, a, v + 0.1, 0.026, 0.011, outline=False)
    pen.poly(
        hair,
        [
            (a - 0.085, v + 0.085),
            (a - 0.04, v + 0.06),
            (a, v + 0.07),
            (a + 0.04, v + 0.06),
            (a + 0.085, v + 0.085),
            (a, v + 0.09),
        ],
    )
    for dv in (0.14, 0.19, 0.235):
        pen.stroke(
            INK,
            _bezier((a - 0.035, v + dv), (a - 0.01, v + dv + 0.02), (a + 0.01, v + dv + 0.02), (a + 0.035, v + dv), 6),
            0.6,
        )
    _draw_crown(pen, a, v - 0.09, SECONDARY[suit])


def _draw_crown(pen: _Pen, a: float, base: float, jewel: Sequence[int]) -> None:
    """A five-pointed gold crown sitting at height ``base`` with a jewelled band."""
    spikes = [
        (a - 0.15, base),
        (a - 0.155, base - 0.19),
        (a - 0.1, base - 0.09),
        (a - 0.07, base - 0.25),
        (a - 0.03, base - 0.1),
        (a, base - 0.29),
    ]
    pen.poly(GOLD, _symmetric(spikes, a))
    pen.poly(
        GOLD_LIGHT,
        [(a - 0.16, base - 0.065), (a + 0.16, base - 0.065), (a + 0.155, base + 0.005), (a - 0.155, base + 0.005)],
    )
    for du, tip in ((-0.155, 0.19), (-0.07, 0.25), (0, 0.29), (0.07, 0.25), (0.155, 0.19)):
        pen.dot(GOLD_LIGHT, a + du, base - tip, 0.019, outline=True)
    for du in (-0.1, 0, 0.1):
        pen.dot(jewel, a + du, base - 0.03, 0.02, outline=True)


def _draw_sword(pen: _Pen, u: float) -> None:
    """An upright sword behind the figure's shoulder."""
    pen.poly(STEEL, [(u - 0.022, 0.66), (u - 0.022, 0.14), (u, 0.06), (u + 0.022, 0.14), (u + 0.022, 0.66)])
    pen.stroke(STEEL_DARK, [(u, 0.14), (u, 0.64)], 0.8)
    pen.poly(GOLD, [(u - 0.075, 0.655), (u + 0.075, 0.655), (u + 0.075, 0.69), (u - 0.075, 0.69)])
    pen.dot(GOLD_LIGHT, u - 0.075, 0.672, 0.019, outline=True)
    pen.dot(GOLD_LIGHT, u + 0.075, 0.672, 0.019, outline=True)


def _draw_queen(pen: _Pen, suit: int) -> None:
    """A queen with long hair, a flowered tiara and a flower in her hand."""
    a, v, hair, second = HEAD_U, HEAD_V, HAIR[QUEEN], SECONDARY[suit]
    locks = [
        (a - 0.05, v - 0.17),
        (a - 0.14, v - 0.1),
        (a - 0.17, v + 0.08),
        (a - 0.2, v + 0.27),
        (a - 0.15, v + 0.31),
        (a - 0.09, v + 0.2),
    ]
    pen.poly(hair, _symmetric(locks, a))
    _draw_robe(pen, suit, QUEEN)
    necklace = _bezier((a - 0.1, 0.66), (a - 0.08, 0.74), (a + 0.08, 0.74), (a + 0.1, 0.66), 8)
    for u, w in necklace[1:-1]:
        pen.dot(GOLD_LIGHT, u, w, 0.013, outline=True)
    pen.dot(second, a, 0.745, 0.022, outline=True)
    _draw_face(pen, QUEEN)
    fringe = [(a - 0.115, v - 0.0), (a - 0.1, v - 0.12), (a - 0.03, v - 0.158)]
    pen.poly(
        hair,
        fringe
        + [
            (a + 0.03, v - 0.158),
            (a + 0.1, v - 0.12),
            (a + 0.115, v - 0.0),
            (a + 0.07, v - 0.1),
            (a, v - 0.115),
            (a - 0.07, v - 0.1),
        ],
    )
    band = [(a - 0.13, v - 0.12), (a - 0.07, v - 0.2), (a, v - 0.215)]
    pen.poly(GOLD, _symmetric(band, a) + [(a + 0.11, v - 0.09), (a, v - 0.16), (a - 0.11, v - 0.09)])
    for du, dv, r in (
        (-0.1, -0.2, 0.026),
        (0.1, -0.2, 0.026),
        (-0.05, -0.245, 0.024),
        (0.05, -0.245, 0.024),
        (0, -0.27, 0.032),
    ):
        _rosette(pen, a + du, v + dv, r, second)
    _draw_flower(pen, a - 0.31, 0.66, second)


def _rosette(pen: _Pen, u: float, v: float, r: float, centre: Sequence[int]) -> None:
    """A small five-petalled gold flower."""
    for i in range(5):
        ang = i * 2 * math.pi / 5 - math.pi / 2
        pen.dot(GOLD_LIGHT, u + math.cos(ang) * r * 0.8, v + math.sin(ang) * r * 0.8, r * 0.55, outline=True)
    pen.dot(centre, u, v, r * 0.45, outline=True)


def _draw_flower(pen: _Pen, u: float, v: float, color: Sequence[int]) -> None:
    """A long-stemmed six-petalled flower held before the robe."""
    pen.stroke(LEAF_DARK, _bezier((u + 0.05, 1.02), (u + 0.05, 0.9), (u - 0.01, 0.8), (u, v + 0.04), 8), 1.6)
    pen.poly(LEAF, [(u + 0.035, 0.87), (u + 0.09, 0.8), (u + 0.13, 0.79), (u + 0.1, 0.84)])
    for i in range(6):
        ang = i * math.pi / 3
        pen.dot(color, u + math.cos(ang) * 0.04, v + math.sin(ang) * 0.04, 0.031, outline=True)
    pen.dot(GOLD_LIGHT, u, v, 0.03, outline=True)


def _draw_jack(pen: _Pen, suit: int) -> None:
    """A young jack in a feathered cap, holding a halberd."""
    a, v, hair = HEAD_U, HEAD_V, HAIR[JACK]
    _draw_halberd(pen, a - 0.3)
    pen.poly(
        hair, _symmetric([(a - 0.06, v - 0.15), (a - 0.135, v - 0.05), (a - 0.145, v + 0.1), (a - 0.1, v + 0.13)], a)
    )
    _draw_robe(pen, suit, JACK)
    _draw_face(pen, JACK)
    pen.poly(
        hair,
        [
            (a - 0.115, v + 0.0),
            (a - 0.1, v - 0.11),
            (a, v - 0.155),
            (a + 0.1, v - 0.11),
            (a + 0.115, v + 0.0),
            (a + 0.06, v - 0.08),
            (a - 0.06, v - 0.08),
        ],
    )
    _draw_cap(pen, a, v - 0.16, suit)


def _draw_cap(pen: _Pen, a: float, base: float, suit: int) -> None:
    """A flat cap with a gold band, a jewel and a long curling feather."""
    second = SECONDARY[suit]
    feather = _bezier(
        (a + 0.04, base - 0.05), (a + 0.12, base - 0.24), (a + 0.3, base - 0.3), (a + 0.37, base - 0.2), 12
    )
    back = _bezier((a + 0.35, base - 0.18), (a + 0.26, base - 0.2), (a + 0.16, base - 0.12), (a + 0.1, base - 0.02), 12)
    pen.poly(IVORY, feather + back)
    pen.stroke(
        second,
        _bezier((a + 0.07, base - 0.05), (a + 0.14, base - 0.19), (a + 0.26, base - 0.24), (a + 0.35, base - 0.2), 10),
        1.1,
    )
    pen.poly(second, _symmetric([(a - 0.14, base - 0.02), (a - 0.12, base - 0.12), (a - 0.04, base - 0.155)], a))
    pen.ellipse(ROBE[suit], a, base - 0.005, 0.2, 0.055)
    pen.poly(GOLD, [(a - 0.15, base + 0.03), (a - 0.14, base - 0.02), (a + 0.14, base - 0.02), (a + 0.15, base + 0.03)])
    pen.dot(GOLD_LIGHT, a + 0.07, base - 0.06, 0.024, outline=True)
    pen.dot(second, a + 0.07, base - 0.06, 0.011)


def _draw_halberd(pen: _Pen, u: float) -> None:
    """A halberd staff with an axe blade, held upright."""
    pen.poly(WOOD, [(u - 0.015, 1.02), (u - 0.015, 0.16), (u + 0.015, 0.16), (u + 0.015, 1.02)])
    pen.poly(STEEL, [(u, 0.03), (u + 0.025, 0.16), (u - 0.025, 0.16)])
    pen.poly(STEEL, [(u + 0.015, 0.18), (u + 0.1, 0.13), (u + 0.125, 0.235), (u + 0.1, 0.34), (u + 0.015, 0.29)])
    pen.poly(STEEL, [(u - 0.015, 0.2), (u - 0.055, 0.225), (u - 0.015, 0.25)])
    pen.dot(GOLD, u, 0.17, 0.022, outline=True)


FIGURES: dict[int, Callable[[_Pen, int], None]] = {JACK: _draw_jack, QUEEN: _draw_queen, KING: _draw_king}


# ----------------------------------------------------------------------------- the art


class CardArt:
    """Faces, back, shadow and highlight for cards of one width, each rendered once and cached."""

    def __init__(self, card_width: int, back_style: str = "classic", four_color: bool = False) -> None:
        self.width = max(16, int(card_width))
        self.height = round(self.width * ASPECT)
        self.size = (self.width, self.height)
        self.radius = max(3, round(self.width * 0.07))
        back_style = BACK_ALIASES.get(back_style, back_style)
        self.back_style = back_style if back_style in BACK_STYLES else "classic"
        self.four_color = bool(four_color)
        self.inks = FOUR_COLOR_INKS if self.four_color else TWO_COLOR_INKS
        self.shadow_margin = max(3, round(self.width * 0.07))
        self.shadow_offset = (
            -self.shadow_margin + round(self.width * 0.015),
            -self.shadow_margin + max(1, round(self.width * 0.03)),
        )
        self.highlight_margin = max(4, round(self.width * 0.08))
        self.highlight_offset = (-self.highlight_margin, -self.highlight_margin)
        self._ss = _supersample(self.width)
        self._cache: dict[object, pygame.Surface] = {}

    # -- public images

    def face(self, card: Card) -> pygame.Surface:
        """The face of ``card`` (per-pixel alpha, rounded corners)."""
        key = ("face", int(card))
        if key not in self._cache:
            self._cache[key] = _finish(self._render_face(DECK[int(card)]))
        return self._cache[key]

    def back(self) -> pygame.Surface:
        """The patterned card back."""
        if "back" not in self._cache:
            self._cache["back"] = _finish(self._render_back())
        return self._cache["back"]

    def shadow(self) -> pygame.Surface:
        """A soft drop shadow; blit it at the card position plus ``shadow_offset``."""
        if "shadow" not in self._cache:
            self._cache["shadow"] = _finish(self._render_shadow())
        return self._cache["shadow"]

    def highlight(self, color: Sequence[int] = GLOW) -> pygame.Surface:
        """A glowing outline; blit it at the card position plus ``highlight_offset``."""
        key = ("highlight", tuple(color))
        if key not in self._cache:
            self._cache[key] = _finish(self._render_highlight(tuple(color)))
        return self._cache[key]

    def ink(self, suit: int) -> Rgb:
        """The colour a suit is printed in on these cards (two- or four-colour deck)."""
        return self.inks[suit]

    # -- shared pieces

    def _blank(self) -> pygame.Surface:
        """The empty ivory face with its thin border (cached, copy before drawing on it)."""
        if "blank" not in self._cache:
            w, h, ss = self.width, self.height, self._ss
            edge = max(1, round(w / 110)) * ss
            big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
            big.fill((*EDGE, 0))
            pygame.draw.rect(big, EDGE, big.get_rect(), border_radius=self.radius * ss)
            inner = big.get_rect().inflate(-2 * edge, -2 * edge)
            pygame.draw.rect(big, (255, 255, 255), inner, border_radius=self.radius * ss - edge)
            blank = pygame.transform.smoothscale(big, self.size)
            blank.blit(
                _vertical_gradient(self.size, FACE_TOP, FACE_BOTTOM), (0, 0), special_flags=pygame.BLEND_RGB_MULT
            )
            self._cache["blank"] = blank
        return self._cache["blank"]

    def _small(self) -> bool:
        """Whether this width only gets indices and one central suit."""
        return self.width < SMALL_WIDTH

    def _index(self, card: Card) -> pygame.Surface:
        """The corner index: rank above a small suit shape."""
        w, color = self.width, self.ink(card.suit)
        cap = w * (0.21 if self._small() else 0.165)
        rank = _rank_text(card.rank, cap, color)
        pip = suit_surface(card.suit, self.index_pip_px(), color)
        gap = max(1, round(w * 0.03))
        out = pygame.Surface(
            (max(rank.get_width(), pip.get_width()), rank.get_height() + gap + pip.get_height()), pygame.SRCALPHA
        )
        out.blit(rank, ((out.get_width() - rank.get_width()) // 2, 0))
        out.blit(pip, ((out.get_width() - pip.get_width()) // 2, rank.get_height() + gap))
        return out

    def index_pip_px(self) -> int:
        """The corner's suit size: at least 12 px on mid-sized cards, so a spade never reads as a club."""
        w = self.width
        if self._small():
            return max(5, round(w * 0.16), min(12, round(w * 0.23)))
        return max(round(w * 0.125), min(MIN_INDEX_PIP_PX, round(w * 0.19)))

    def _blit_indices(self, surface: pygame.Surface, card: Card) -> None:
        """The index at the top left and, turned over, at the bottom right."""
        index = self._index(card)
        cx = self.width * (0.125 if self._small() else 0.102)
        top = round(self.width * (0.07 if self._small() else 0.058))
        x = round(cx - index.get_width() / 2)
        surface.blit(index, (x, top))
        flipped = pygame.transform.rotate(index, 180)
        surface.blit(flipped, (self.width - x - index.get_width(), self.height - top - index.get_height()))

    # -- faces

    def _render_face(self, card: Card) -> pygame.Surface:
        """Draw one face: blank card, centre art, then the two corner indices."""
        surface = self._blank().copy()
        if self._small():
            self._draw_small_centre(surface, card)
        elif card.rank == ACE:
            self._draw_ace(surface, card)
        elif card.rank >= JACK:  # jack, queen or king
            self._draw_court(surface, card)
        else:
            self._draw_pips(surface, card)
        self._blit_indices(surface, card)
        return surface

    def _draw_small_centre(self, surface: pygame.Surface, card: Card) -> None:
        """Tiny cards, where the pips cannot fit: an ace's one suit shape, a court card's on a gold panel; a
        number card shows its corner indices alone (one shape would read as an ace)."""
        w, h = self.size
        if card.rank < JACK:
            return
        if JACK <= card.rank <= KING:
            panel = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.56))
            panel.center = (w // 2, h // 2)
            pygame.draw.rect(surface, PANEL_BG, panel)
            pygame.draw.rect(surface, GOLD, panel, max(1, w // 30))
        size = round(w * (0.42 if card.rank == ACE else 0.34))
        pip = suit_surface(card.suit, size, self.ink(card.suit))
        surface.blit(pip, pip.get_rect(center=(w / 2, h / 2)))

    def _draw_pips(self, surface: pygame.Surface, card: Card) -> None:
        """The traditional pip arrangement; pips below the middle are turned over."""
        w, h = self.size
        size = round(w * 0.185)
        top, bottom = h * 0.2, h * 0.8
        for col, row in PIPS[card.rank + 2]:
            pip = suit_surface(card.suit, size, self.ink(card.suit), flipped=row > 0.5)
            centre = (w / 2 + col * w * 0.2, top + row * (bottom - top))
            surface.blit(pip, pip.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_ace(self, surface: pygame.Surface, card: Card) -> None:
        """One big centred suit; the ace of spades gets an ornate one."""
        w, h = self.size
        if card.suit != SPADE:
            pip = suit_surface(card.suit, round(w * 0.44), self.ink(card.suit))
            surface.blit(pip, pip.get_rect(center=(w // 2, h // 2)))
            return
        art = _ornate_spade(round(w * 0.8), self._ss)
        surface.blit(art, art.get_rect(center=(w // 2, h // 2)))

    def _draw_court(self, surface: pygame.Surface, card: Card) -> None:
        """A framed panel holding the mirrored figure, the big rank letter and suit."""
        w, h = self.size
        panel = pygame.Rect(round(w * 0.205), round(w * 0.105), 0, 0)
        panel.w = w - 2 * panel.x
        panel.h = (h - 2 * panel.y) // 2 * 2
        half = self._court_half(card, (panel.w, panel.h // 2))
        surface.blit(half, panel.topleft)
        surface.blit(pygame.transform.rotate(half, 180), (panel.x, panel.y + panel.h // 2))
        line = max(1, round(w / 100))
        mid = panel.y + panel.h // 2
        pygame.draw.line(surface, GOLD_DARK, (panel.x, mid), (panel.right - 1, mid), line)
        pygame.draw.rect(surface, self.ink(card.suit), panel, line)
        inner = panel.inflate(-4 * line, -4 * line)
        pygame.draw.rect(surface, GOLD, inner, line)

    def _court_half(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The top half of a court panel: background, figure, rank letter and suit."""
        ss = self._ss
        big = pygame.Surface((size[0] * ss, size[1] * ss))
        big.fill(PANEL_BG)
        pen = _Pen(big, size[0] * ss * 0.011)
        for i in range(-6, 14):
            u = i * 0.09
            pen.stroke((242, 230, 198), [(u, 0), (u + 0.5, 1.0)], 1.0)
        FIGURES[card.rank](pen, card.suit)
        image = pygame.transform.smoothscale(big, size)
        letter = _text("JQK"[card.rank - JACK], round(size[0] * 0.22 / cap_ratio() * 0.9), self.ink(card.suit))
        lx, ly = round(size[0] * 0.08), round(size[0] * 0.08)
        image.blit(letter, (lx, ly))
        pip = suit_surface(card.suit, round(size[0] * 0.15), self.ink(card.suit))
        image.blit(
            pip, (lx + (letter.get_width() - pip.get_width()) // 2, ly + letter.get_height() + round(size[0] * 0.04))
        )
        return image

    # -- back, shadow, highlight

    def _render_back(self) -> pygame.Surface:
        """White margin, then a deep field with a diamond lattice, double trim and a medallion."""
        w, h = self.size
        colors = BACK_STYLES[self.back_style]
        inset = max(2, round(w * 0.055))
        inner = (w - 2 * inset, h - 2 * inset)
        ss = self._ss
        big = pygame.Surface((inner[0] * ss, inner[1] * ss))
        big.fill(colors["field"])
        pattern = BACK_PATTERNS[self.back_style]
        if pattern == "rosette":
            _draw_rosettes(big, w * ss, colors)
        elif pattern == "tartan":
            _draw_tartan(big, w * ss, colors)
        else:
            _draw_lattice(big, w * ss * 0.085, max(1, round(w * ss * 0.009)), colors)
        _draw_trim(big, round(w * ss * 0.03), max(1, round(w * ss * 0.008)), colors["trim"])
        if pattern != "tartan":
            _draw_medallion(big, w * ss, colors)
        else:
            _draw_crest(big, w * ss, colors)
        field = _with_alpha(pygame.transform.smoothscale(big, inner))
        mask = _rounded(inner, max(1, self.radius - inset * 0.6), (255, 255, 255))
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface = self._blank().copy()
        surface.blit(field, (inset, inset))
        return surface

    def _render_shadow(self) -> pygame.Surface:
        """The card's rounded shape in translucent black, blurred."""
        m = self.shadow_margin
        surface = pygame.Surface((self.width + 2 * m, self.height + 2 * m), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        card = _rounded(self.size, self.radius, (0, 0, 0, 120))
        surface.blit(card, (m, m))
        return _blur(surface, max(1, m // 2))

    def _render_highlight(self, color: tuple[int, ...]) -> pygame.Surface:
        """A blurred halo outside the card edge plus a crisp line on it; the face area stays clear."""
        m, w, h = self.highlight_margin, self.width, self.height
        ss = self._ss
        size = (w + 2 * m, h + 2 * m)
        glow = pygame.Surface(size, pygame.SRCALPHA)
        glow.fill((*color[:3], 0))
        ring = max(2, round(m * 0.55))
        rect = pygame.Rect(m - ring, m - ring, w + 2 * ring, h + 2 * ring)
        pygame.draw.rect(glow, (*color[:3], 255), rect, ring, border_radius=self.radius + ring)
        glow = _blur(glow, max(1, m // 3))
        glow.blit(_rounded(self.size, self.radius, (0, 0, 0, 255)), (m, m), special_flags=pygame.BLEND_RGBA_SUB)
        big = pygame.Surface((size[0] * ss, size[1] * ss), pygame.SRCALPHA)
        big.fill((*color[:3], 0))
        line = max(2, round(w * 0.025)) * ss
        edge = pygame.Rect(m * ss - line // 3, m * ss - line // 3, w * ss + line * 2 // 3, h * ss + line * 2 // 3)
        pygame.draw.rect(big, (*color[:3], 255), edge, line, border_radius=self.radius * ss + line // 3)
        glow.blit(pygame.transform.smoothscale(big, size), (0, 0))
        return glow


def _ornate_spade(size: int, ss: int) -> pygame.Surface:
    """The ace of spades' emblem: a big inlined spade in a beaded ring with scrolls."""
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    big.fill((*BLACK, 0))
    pen = _Pen(big, size * ss * 0.008)
    centre = pen.pt(0.5, 0.5)
    pygame.draw.circle(big, BLACK, centre, 0.455 * big.get_width(), max(1, round(pen.line * 1.6)))
    pygame.draw.circle(big, BLACK, centre, 0.43 * big.get_width(), pen.line)
    for i in range(40):
        ang = i * math.pi * 2 / 40
        pen.dot(BLACK, 0.5 + math.cos(ang) * 0.482, 0.5 + math.sin(ang) * 0.482, 0.009)
    for side in (-1, 1):
        scroll = _bezier(
            (0.5 + side * 0.05, 0.8), (0.5 + side * 0.2, 0.86), (0.5 + side * 0.36, 0.8), (0.5 + side * 0.33, 0.7), 16
        )
        scroll += _bezier(
            (0.5 + side * 0.33, 0.7), (0.5 + side * 0.31, 0.64), (0.5 + side * 0.24, 0.66), (0.5 + side * 0.26, 0.71), 8
        )
        pen.stroke(BLACK, scroll, 2.0)
        pen.dot(BLACK, 0.5 + side * 0.26, 0.71, 0.016)
    pen.suit(SPADE, 0.5, 0.47, 0.62)
    body = [(0.5 + (x - 0.5) * 0.62 * 0.8, 0.47 + (y - 0.47) * 0.62 * 0.8 - 0.012) for x, y in spade_body()]
    pygame.draw.polygon(big, IVORY, [pen.pt(u, v) for u, v in body], max(1, round(pen.line * 1.3)))
    pen.suit(SPADE, 0.5, 0.44, 0.12, IVORY)
    return pygame.transform.smoothscale(big, (size, size))


def _blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A Gaussian blur; big radii are blurred at reduced size (cheap, and it looks the same)."""
    factor = max(1, radius // 3)
    if factor == 1:
        return pygame.transform.gaussian_blur(surface, radius)
    size = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, size[0] // factor), max(1, size[1] // factor)))
    return pygame.transform.smoothscale(pygame.transform.gaussian_blur(small, max(1, radius // factor)), size)


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    """An opaque surface copied into one with per-pixel alpha."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def _draw_lattice(big: pygame.Surface, step: float, width: int, colors: dict[str, Rgb]) -> None:
    """Two sets of diagonal lines making a diamond lattice, with a dot in every diamond."""
    w, h = big.get_size()
    n = int((w + h) / step) + 2
    for i in range(-n, n):
        x = i * step
        pygame.draw.line(big, colors["line"], (x, 0), (x + h, h), width)
        pygame.draw.line(big, colors["line"], (x, 0), (x - h, h), width)
    r = max(1.0, step * 0.12)
    for i in range(-n, n):
        for j in range(0, int(h / step * 2) + 2):
            cx = i * step + (step / 2 if j % 2 else 0)
            cy = j * step / 2
            if -step < cx < w + step:
                pygame.draw.circle(big, colors["dark"], (cx + step / 2, cy), r * 1.4)
                pygame.draw.circle(big, colors["line"], (cx + step / 2, cy), r * 0.7)


def _draw_trim(big: pygame.Surface, inset: int, width: int, color: Rgb) -> None:
    """A double border line inside the back's field."""
    rect = big.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, color, rect, width, border_radius=inset)
    pygame.draw.rect(big, color, rect.inflate(-4 * width, -4 * width), max(1, width // 2), border_radius=inset)


def _draw_medallion(big: pygame.Surface, unit: float, colors: dict[str, Rgb]) -> None:
    """A central oval medallion holding the four suits."""
    w, h = big.get_size()
    centre = (w / 2, h / 2)
    rect = pygame.Rect(0, 0, round(unit * 0.5), round(unit * 0.62))
    rect.center = (round(centre[0]), round(centre[1]))
    line = max(1, round(unit * 0.01))
    pygame.draw.ellipse(big, colors["dark"], rect.inflate(line * 6, line * 6))
    pygame.draw.ellipse(big, colors["trim"], rect.inflate(line * 6, line * 6), line)
    pygame.draw.ellipse(big, colors["field"], rect)
    pygame.draw.ellipse(big, colors["trim"], rect, line * 2)
    s = round(unit * 0.13)
    d = unit * 0.1
    for suit, (dx, dy) in ((SPADE, (0, -1.2)), (HEART, (1, 0)), (DIAMOND, (0, 1.2)), (CLUB, (-1, 0))):
        box = pygame.Rect(0, 0, s, s)
        box.center = (round(centre[0] + dx * d), round(centre[1] + dy * d))
        draw_suit_shape(big, suit, box, colors["trim"])
    pygame.draw.circle(big, colors["trim"], centre, unit * 0.018)


def _draw_rosettes(big: pygame.Surface, unit: float, colors: dict[str, Rgb]) -> None:
    """Guilloche work: rings of overlapping circles round the centre and in the corners, over fine rays."""
    w, h = big.get_size()
    line = max(1, round(unit * 0.005))
    centre = (w / 2, h / 2)
    for i in range(48):
        ang = i * math.pi / 24
        far = (centre[0] + math.cos(ang) * (w + h), centre[1] + math.sin(ang) * (w + h))
        pygame.draw.line(big, colors["dark"], centre, far, line)
    for (cx, cy), big_r in ((centre, unit * 0.42), ((0, 0), unit * 0.3), ((w, 0), unit * 0.3), ((0, h), unit * 0.3),
                            ((w, h), unit * 0.3)):
        for ring, count in ((big_r, 30), (big_r * 0.62, 22)):
            small = ring * 0.42
            for i in range(count):
                ang = i * 2 * math.pi / count
                at = (cx + math.cos(ang) * (ring - small), cy + math.sin(ang) * (ring - small))
                pygame.draw.circle(big, colors["line"], at, small, line)


def _draw_tartan(big: pygame.Surface, unit: float, colors: dict[str, Rgb]) -> None:
    """A plaid: broad dark bands both ways, crossed where they meet, and thin gold lines."""
    w, h = big.get_size()
    band, step = round(unit * 0.13), unit * 0.3
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 0))
    dark = (*colors["dark"], 120)
    n = int(max(w, h) / step) + 2
    for i in range(-1, n):
        at = round(i * step)
        veil.fill(dark, pygame.Rect(at, 0, band, h))
        veil.fill(dark, pygame.Rect(0, at, w, band))
    big.blit(veil, (0, 0))
    thin = max(1, round(unit * 0.008))
    for i in range(-1, n):
        at = round(i * step + band + (step - band) / 2)
        pygame.draw.line(big, colors["line"], (at, 0), (at, h), thin)
        pygame.draw.line(big, colors["line"], (0, at), (w, at), thin)
        mid = round(i * step + band / 2)
        pygame.draw.line(big, (170, 40, 44), (mid, 0), (mid, h), thin)
        pygame.draw.line(big, (170, 40, 44), (0, mid), (w, mid), thin)


def _draw_crest(big: pygame.Surface, unit: float, colors: dict[str, Rgb]) -> None:
    """A gold-edged shield holding a spade, in the middle of the plaid."""
    w, h = big.get_size()
    cx, cy = w / 2, h / 2
    sw, sh = unit * 0.36, unit * 0.44
    shield = [(cx - sw / 2, cy - sh / 2), (cx + sw / 2, cy - sh / 2), (cx + sw / 2, cy + sh * 0.1),
              (cx, cy + sh / 2), (cx - sw / 2, cy + sh * 0.1)]
    line = max(1, round(unit * 0.012))
    pygame.draw.polygon(big, colors["dark"], shield)
    pygame.draw.polygon(big, colors["trim"], shield, line)
    box = pygame.Rect(0, 0, round(unit * 0.2), round(unit * 0.2))
    box.center = (round(cx), round(cy - sh * 0.04))
    draw_suit_shape(big, SPADE, box, colors["trim"])


class CardArtCache:
    """Rendered card art by width, back style and deck colours, shared by every view that asks for the same
    (the context's ``ctx.art``); keeps only the ``limit`` most recently used."""

    def __init__(self, limit: int = ART_CACHE_SIZE) -> None:
        self.limit = limit
        self._art: OrderedDict[tuple[int, str, bool], CardArt] = OrderedDict()

    def get(self, width: int, back_style: str = "classic", four_color: bool = False) -> CardArt:
        """The art for this width, back and deck colours (made on first use)."""
        back_style = BACK_ALIASES.get(back_style, back_style)
        key = (max(16, int(width)), back_style, bool(four_color))
        art = self._art.get(key)
        if art is None:
            art = self._art[key] = CardArt(key[0], back_style, bool(four_color))
            while len(self._art) > self.limit:
                self._art.popitem(last=False)
        else:
            self._art.move_to_end(key)
        return art

    def __len__(self) -> int:
        return len(self._art)

    def clear(self) -> None:
        """Forget every rendering (pygame was shut down, or the display changed)."""
        self._art.clear()

    def reset(self) -> None:
        """The same as ``clear``."""
        self.clear()


def card_art_for_width(width: int, back_style: str = "classic", four_color: bool = False,
                       cache: CardArtCache | None = None) -> CardArt:
    """Card art for this width, back and deck colours from ``cache`` (the context's ``ctx.art``), or from a
    fallback in the drawing caches in use (``ui.draw.caches``) when none is given."""
    return (cache if cache is not None else caches.active().part(CardArtCache)).get(width, back_style, four_color)
