"""Colours and cached drawing helpers: green felt, soft shadows, gold-trimmed panels, suit shapes."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

import pygame

from ui.draw import caches
from ui.draw import text as ui_text
from ui.draw.caches import SurfaceCache
from ui.draw.suits import FOUR_COLOR_INKS, suit_surface

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Felt
FELT = (24, 96, 58)
FELT_LIGHT = (40, 128, 78)
FELT_DARK = (8, 40, 24)
# Table colours (the felt setting): the lit centre and the dark edge of each cloth
FELTS: dict[str, tuple[RGB, RGB]] = {
    "green": (FELT_LIGHT, FELT_DARK),
    "blue": ((40, 88, 140), (8, 24, 52)),
    "burgundy": ((126, 38, 52), (40, 8, 16)),
    "charcoal": ((78, 82, 86), (18, 20, 22)),
}
# Gold accents
GOLD = (214, 178, 92)
GOLD_LIGHT = (246, 222, 150)
GOLD_DARK = (140, 108, 44)
# Panels and controls
PANEL = (14, 24, 19, 232)
PANEL_TOP = (30, 44, 36, 236)
SOLID_PANEL = (14, 24, 19)  # modal panels over the table: nothing under them shows through
SOLID_PANEL_TOP = (30, 44, 36)
PANEL_EDGE = GOLD
CONTROL = (36, 56, 45)
CONTROL_TOP = (52, 78, 62)
CONTROL_HOVER = (58, 90, 70)
CONTROL_HOVER_TOP = (80, 120, 94)
CONTROL_PRESSED = (22, 36, 29)
CONTROL_DISABLED = (34, 40, 37)
PRIMARY = (150, 112, 38)
PRIMARY_TOP = (222, 184, 96)
PRIMARY_HOVER = (176, 134, 50)
PRIMARY_HOVER_TOP = (244, 208, 120)
FIELD = (8, 14, 11)
# Text
TEXT = (242, 238, 226)
TEXT_DIM = (170, 184, 174)
TEXT_DISABLED = (104, 114, 108)
TEXT_DARK = (28, 24, 16)
# Cards and suits
CARD_FACE = (250, 248, 240)
CARD_EDGE = (180, 170, 150)
SUIT_RED = (200, 32, 44)
SUIT_BLACK = (24, 24, 30)
TEAM_COLORS = ((96, 170, 236), (236, 132, 92))  # side 0, side 1



class ThemeSurfaces(SurfaceCache):
    """The theme's made surfaces (felt, panels, shadows, suit symbols, title text): a part of the window's
    drawing caches (``ui.draw.caches``)."""

    max_items = 256


def surfaces() -> ThemeSurfaces:
    """The theme surfaces of the drawing caches in use."""
    return caches.active().part(ThemeSurfaces)


def _cached(key: Hashable) -> pygame.Surface | None:
    return surfaces().get(key)


def _store(key: Hashable, surf: pygame.Surface) -> pygame.Surface:
    return surfaces().put(key, surf)


def reset() -> None:
    """Forget every theme surface in use (e.g. after pygame was re-initialised)."""
    surfaces().clear()


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _alpha(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if _display_ready() else surf


def felt_surface(size: tuple[int, int], felt: str = "green") -> pygame.Surface:
    """Felt of the chosen colour (``FELTS``) with a radial vignette and a faint weave, made once per window size."""
    light, dark = FELTS.get(felt, FELTS["green"])
    key = ("felt", size, light, dark)
    surf = _cached(key)
    if surf is not None:
        return surf
    w, h = max(1, size[0]), max(1, size[1])
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx = (x + 0.5) / 64 - 0.5
            dy = (y + 0.5) / 36 - 0.42
            d = min(1.0, math.sqrt(dx * dx * 1.1 + dy * dy * 1.6) * 1.55)
            k = d * d * (3 - 2 * d)  # smoothstep
            small.set_at((x, y), _mix(light, dark, k))
    surfaces().drop(prefix=("felt",))  # one window-sized felt at a time (100 MB at 5000x5000)
    # One full-size surface, made in the display's format (a second copy costs a lot at 5000x5000).
    surf = new_opaque((w, h))
    pygame.transform.smoothscale(small, (w, h), surf)
    tile = _noise_tile()
    for ty in range(0, h, tile.get_height()):
        for tx in range(0, w, tile.get_width()):
            surf.blit(tile, (tx, ty))
    return _store(key, surf)


def new_opaque(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface in the display's pixel format when a display exists (one allocation, no convert)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None and screen.get_bitsize() in (24, 32):
        return pygame.Surface(size, 0, screen)
    return pygame.Surface(size)


def _noise_tile() -> pygame.Surface:
    key = ("noise",)
    surf = _cached(key)
    if surf is not None:
        return surf
    rng = random.Random(1729)
    n = 96
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            v = rng.random()
            if v < 0.5:
                surf.set_at((x, y), (0, 0, 0, int(v * 22)))
            else:
                surf.set_at((x, y), (255, 255, 255, int((v - 0.5) * 12)))
    return _store(key, _alpha(surf))


def draw_felt(surface: pygame.Surface, felt: str = "green") -> None:
    """Cover ``surface`` with the felt of colour ``felt`` (one cached blit per frame)."""
    surface.blit(felt_surface(surface.get_size(), felt), (0, 0))


def _mix(a: tuple[int, ...], b: tuple[int, ...], k: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b, strict=False))


def mix(a: tuple[int, ...], b: tuple[int, ...], k: float) -> tuple[int, ...]:
    """Blend two colours: ``k`` 0 gives ``a``, 1 gives ``b``."""
    return _mix(a, b, max(0.0, min(1.0, k)))


def shadow_surface(size: tuple[int, int], radius: int, blur_px: int, alpha: int = 120) -> pygame.Surface:
    """A soft dark rounded-rect shadow, ``blur_px`` larger than ``size`` on every side (cached)."""
    key = ("shadow", size, radius, blur_px, alpha)
    surf = _cached(key)
    if surf is not None:
        return surf
    w, h = size
    pad = max(1, blur_px)
    q = 4 if min(w, h) > 32 else 1  # blur a quarter-size copy: cheap even for big panels
    sw, sh = max(1, (w + 2 * pad) // q), max(1, (h + 2 * pad) // q)
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    inner = pygame.Rect(pad // q, pad // q, max(1, w // q), max(1, h // q))
    pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(0, radius // q))
    blur = max(1, pad // q // 2)
    small = pygame.transform.gaussian_blur(small, blur)
    surf = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
    return _store(key, _alpha(surf))


def draw_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int = 0,
    blur_px: int = 12,
    offset: tuple[int, int] = (0, 6),
    alpha: int = 120,
) -> None:
    """Draw a soft shadow under ``rect`` (shifted by ``offset``)."""
    shadow = shadow_surface(rect.size, radius, blur_px, alpha)
    surface.blit(shadow, (rect.x - blur_px + offset[0], rect.y - blur_px + offset[1]))


def rounded_surface(
    size: tuple[int, int],
    radius: int,
    top: tuple[int, ...],
    bottom: tuple[int, ...],
    border: tuple[int, ...] | None = None,
    border_px: int = 0,
    inner_border: tuple[int, ...] | None = None,
) -> pygame.Surface:
    """A rounded rectangle with a vertical gradient and optional double border (cached)."""
    key = ("round", size, radius, top, bottom, border, border_px, inner_border)
    surf = _cached(key)
    if surf is not None:
        return surf
    w, h = max(1, size[0]), max(1, size[1])
    grad = pygame.Surface((1, 2), pygame.SRCALPHA)
    grad.set_at((0, 0), _rgba(top))
    grad.set_at((0, 1), _rgba(bottom))
    grad = pygame.transform.smoothscale(grad, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if border is not None and border_px > 0:
        pygame.draw.rect(grad, _rgba(border), grad.get_rect(), width=border_px, border_radius=radius)
        if inner_border is not None:
            gap = border_px * 2 + 1
            inner = grad.get_rect().inflate(-2 * gap, -2 * gap)
            if inner.width > 0 and inner.height > 0:
                pygame.draw.rect(grad, _rgba(inner_border), inner, width=1, border_radius=max(0, radius - gap))
    return _store(key, _alpha(grad))


def _rgba(c: tuple[int, ...]) -> RGBA:
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int | None = None,
    shadow: bool = True,
    top: tuple[int, ...] = PANEL_TOP,
    bottom: tuple[int, ...] = PANEL,
    border: tuple[int, ...] | None = PANEL_EDGE,
) -> None:
    """A dark panel with a gold trim and a soft shadow."""
    scale = max(1.0, surface.get_height() / 720)
    r = radius if radius is not None else round(14 * scale)
    if shadow:
        draw_shadow(surface, rect, r, blur_px=round(16 * scale), offset=(0, round(8 * scale)), alpha=150)
    border_px = max(2, round(2 * scale))
    inner = (*GOLD_DARK, 150) if border is not None else None
    surface.blit(rounded_surface(rect.size, r, top, bottom, border, border_px, inner), rect)


def draw_solid_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int | None = None) -> None:
    """An opaque dark panel with the gold trim, for modal panels (score sheet, summary, game over...)."""
    draw_panel(surface, rect, radius, top=SOLID_PANEL_TOP, bottom=SOLID_PANEL)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken the whole surface as a black veil of opacity ``alpha`` would (behind an overlay)."""
    k = max(0, min(255, 255 - alpha))
    surface.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)  # much cheaper than an alpha blit


def suit_color(suit: int, four_color: bool = False) -> RGB:
    """Red for hearts and diamonds (suits 1, 2), black for spades and clubs; in the four-colour deck
    (``four_color``) diamonds and clubs take the card art's blue and green."""
    if four_color and suit in (2, 3):
        return FOUR_COLOR_INKS[suit]
    return SUIT_RED if suit in (1, 2) else SUIT_BLACK


def suit_image(suit: int, size_px: int, color: tuple[int, ...] | None = None,
               four_color: bool = False) -> pygame.Surface:
    """An antialiased suit symbol (0..3 = spades, hearts, diamonds, clubs), ``size_px`` square, in ``color`` or
    the suit's own (``suit_color``)."""
    col = tuple(color) if color is not None else suit_color(suit, four_color)
    size_px = max(4, int(size_px))
    key = ("suit", suit, size_px, col)
    surf = _cached(key)
    if surf is not None:
        return surf
    return _store(key, _alpha(suit_surface(suit, size_px, col)))  # the card art's shapes: symbols match


def draw_suit(
    surface: pygame.Surface,
    suit: int,
    center: tuple[int, int],
    size_px: int,
    color: tuple[int, ...] | None = None,
    four_color: bool = False,
) -> None:
    """Draw a suit symbol centred at ``center`` (in ``color``, or the suit's own in the deck's colours)."""
    img = suit_image(suit, size_px, color, four_color)
    surface.blit(img, img.get_rect(center=center))


def gradient_text(text: str, size: int, top: RGB, bottom: RGB, bold: bool = False) -> pygame.Surface:
    """Text filled with a vertical colour gradient (for titles; cached)."""
    key = ("gtext", text, size, top, bottom, bold)
    surf = _cached(key)
    if surf is not None:
        return surf
    base = ui_text.render(text, size, (255, 255, 255), bold).copy()  # any text: see ui.draw.text.drawable
    if _display_ready():
        base = base.convert_alpha()
    w, h = base.get_size()
    grad = pygame.Surface((1, 2), pygame.SRCALPHA)
    grad.set_at((0, 0), (*top, 255))
    grad.set_at((0, 1), (*bottom, 255))
    grad = pygame.transform.smoothscale(grad, (max(1, w), max(1, h)))
    base.blit(grad, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return _store(key, base)


def faded_text(text: str, size: int, color: RGB, alpha: int, bold: bool = False) -> pygame.Surface:
    """Text at a given opacity, e.g. a drop shadow (cached)."""
    key = ("ftext", text, size, color, alpha, bold)
    surf = _cached(key)
    if surf is not None:
        return surf
    surf = ui_text.render(text, size, color, bold).copy()
    surf.set_alpha(alpha)
    return _store(key, surf)


def fade_strip(size: tuple[int, int], color: tuple[int, ...] | pygame.Color, fade_down: bool) -> pygame.Surface:
    """A strip going from ``color`` to transparent (downward if ``fade_down``): soft edges of a scroll view."""
    key = ("fade", size, tuple(color[:3]), fade_down)
    surf = _cached(key)
    if surf is not None:
        return surf
    grad = pygame.Surface((1, 2), pygame.SRCALPHA)
    solid, clear = (*color[:3], 255), (*color[:3], 0)
    grad.set_at((0, 0), solid if fade_down else clear)
    grad.set_at((0, 1), clear if fade_down else solid)
    surf = pygame.transform.smoothscale(grad, (max(1, size[0]), max(1, size[1])))
    return _store(key, _alpha(surf))
