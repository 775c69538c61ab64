"""The bundled UI font (Lato, OFL: assets/fonts/) cached by size, sizes scaled from the window, rendered labels.

Any string can be drawn and measured: ``drawable`` turns what the font cannot take (a NUL, a lone surrogate,
a control character) into a white square and cuts a label at ``MAX_DRAWN_CHARS`` characters, and no rendered label is
wider than ``MAX_SURFACE_W`` pixels, so a name read from a file can neither crash the window nor fill memory."""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from pathlib import Path

import pygame

from ui.draw import caches

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR_FILE, BOLD_FILE = "Lato-Regular.ttf", "Lato-Bold.ttf"
DEFAULT_FONT_SCALE = 0.72  # pygame's default font drew at 0.6875 of the size asked; Lato is narrower
BASE_SIZE = (1280, 720)  # the layout's design size; everything scales from it
_RENDER_CACHE_MAX = 1500
MAX_DRAWN_CHARS = 400  # a label longer than this is cut (with an ellipsis) before it is rendered or measured
MAX_SURFACE_W = 4096  # no rendered label is wider than this (pixels): what lies beyond is clipped
REPLACEMENT = "\u25a1"  # a white square, drawn for a character the font cannot take (NUL, lone surrogate, control)
_UNDRAWABLE = ("Cc", "Cs")  # control characters (NUL among them) and surrogates

Color = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color


def drawable(text: str) -> str:
    """``text`` as the renderer can take it, whatever it holds: each NUL, lone surrogate or other control
    character (Unicode categories Cc and Cs) becomes one ``REPLACEMENT`` (so the length, and a caret's position in
    it, stay the same), and text longer than ``MAX_DRAWN_CHARS`` is cut with an ellipsis. Never raises."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > MAX_DRAWN_CHARS:
        text = text[:MAX_DRAWN_CHARS - 1] + "\u2026"
    if text.isprintable():
        return text
    return "".join(REPLACEMENT if unicodedata.category(ch) in _UNDRAWABLE else ch for ch in text)


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 this window is (by its tighter dimension)."""
    w, h = size
    return max(0.5, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))


def scaled(px_at_720: float, size: tuple[int, int]) -> int:
    """A length designed for 1280x720, scaled to a window of ``size`` (at least 1)."""
    return max(1, round(px_at_720 * ui_scale(size)))


def font_path(bold: bool = False) -> Path:
    """The bundled font file: Lato Regular, or its true Bold weight (never a synthetic bold)."""
    return FONT_DIR / (BOLD_FILE if bold else REGULAR_FILE)


class FontCache:
    """Fonts by size and rendered labels: a part of the window's drawing caches (``ui.draw.caches``; ``fonts()``
    gives the one in use). Fonts die with ``pygame.quit()`` (or ``pygame.font.quit()``): ``clear()`` forgets
    everything, and the App clears its caches when it closes."""

    def __init__(self, max_rendered: int = _RENDER_CACHE_MAX) -> None:
        self.max_rendered = max_rendered
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()
        self._cap: float | None = None

    def font_px(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The bundled font at exactly ``px`` pixels (the default font if the files are missing)."""
        px = max(4, int(px))
        key = (-px, bold)  # negative: not a scaled size (``font``)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            try:
                f = pygame.font.Font(str(font_path(bold)), px)
            except (OSError, pygame.error):
                f = pygame.font.Font(None, px)
            self._fonts[key] = f
        return f

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled UI font at ``size`` in the layout's sizes (see the module's ``font``)."""
        size = max(6, int(size))
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            px = max(4, round(size * DEFAULT_FONT_SCALE))
            try:
                f = pygame.font.Font(str(font_path(bold)), px)
            except (OSError, FileNotFoundError, pygame.error):
                f = pygame.font.Font(None, size)  # the font files are missing: still readable
            self._fonts[key] = f
        return f

    def cap_ratio(self) -> float:
        """The height of a digit's ink as a share of the Bold font's pixel size (measured once)."""
        if self._cap is None:
            ink = self.font_px(200, bold=True).render("8", True, (0, 0, 0)).get_bounding_rect()
            self._cap = max(0.2, ink.height / 200)
        return self._cap

    def render(self, text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
        """``text`` rendered antialiased (kept: the most recent ``max_rendered`` labels)."""
        key = (text, int(size), _color_key(color), bold)
        surf = self._rendered.get(key)
        if surf is not None:
            self._rendered.move_to_end(key)
            return surf
        surf = _clipped(_render_safely(self.font(size, bold), drawable(text), color))
        self._rendered[key] = surf
        if len(self._rendered) > self.max_rendered:
            self._rendered.popitem(last=False)
        return surf

    def clear(self) -> None:
        """Forget every font and label (pygame.font was shut down or is about to be)."""
        self._fonts.clear()
        self._rendered.clear()
        self._cap = None


def _render_safely(face: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """The font's rendering of already ``drawable`` text; should SDL_ttf still refuse it, the text with every
    character outside printable ASCII replaced (and at worst an empty line): never raises."""
    try:
        return face.render(text, True, color)
    except (ValueError, UnicodeError, pygame.error):
        plain = "".join(ch if " " <= ch <= "~" else "?" for ch in text)
        try:
            return face.render(plain, True, color)
        except (ValueError, UnicodeError, pygame.error):
            return pygame.Surface((1, face.get_linesize()), pygame.SRCALPHA)


def _clipped(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` cut to ``MAX_SURFACE_W`` pixels wide (a copy, so the wide one is freed)."""
    if surf.get_width() <= MAX_SURFACE_W:
        return surf
    return surf.subsurface(pygame.Rect(0, 0, MAX_SURFACE_W, surf.get_height())).copy()


def fonts() -> FontCache:
    """The fonts and labels of the drawing caches in use (``ui.draw.caches.active()``)."""
    return caches.active().part(FontCache)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled UI font (Lato) at ``size`` (cached); ``bold`` picks the Bold weight's own file.

    Sizes keep their old meaning: ``size`` is what pygame's default font was asked for, which draws
    at ``DEFAULT_FONT_SCALE`` of it, so every layout keeps its proportions."""
    return fonts().font(size, bold)


def _color_key(color: Color) -> tuple[int, ...]:
    return tuple(pygame.Color(color))


def render(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """The text rendered antialiased on a transparent background (cached; do not modify it)."""
    return fonts().render(text, size, color, bold)


def measure(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height the text takes at ``size`` (as ``render`` draws it: see ``drawable``)."""
    face = font(size, bold)
    shown = drawable(text)
    try:
        w, h = face.size(shown)
    except (ValueError, UnicodeError, pygame.error):
        w, h = face.size("".join(ch if " " <= ch <= "~" else "?" for ch in shown))
    return min(w, MAX_SURFACE_W), h


def line_height(size: int, bold: bool = False) -> int:
    """The recommended distance between baselines at ``size``."""
    return font(size, bold).get_linesize()


def fit_size(text: str, size: int, max_width: int, bold: bool = False, min_size: int = 8) -> int:
    """The largest size not above ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > min_size and measure(text, size, bold)[0] > max_width:
        size -= max(1, size // 12)
    return size


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``max_width`` (a too-long word gets its own line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if not line or measure(candidate, size, bold)[0] <= max_width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    shadow: Color | None = None,
    shadow_px: int = 0,
) -> pygame.Rect:
    """Draw cached text with ``anchor`` (a Rect attribute such as "center") at ``pos``; return its rect."""
    surf = render(text, size, color, bold)
    rect = surf.get_rect(**{anchor: pos})
    if shadow is not None:
        off = shadow_px or max(1, size // 18)
        surface.blit(render(text, size, shadow, bold), rect.move(off, off))
    surface.blit(surf, rect)
    return rect


def reset() -> None:
    """Forget the fonts and labels in use (call when pygame.font is re-initialised)."""
    fonts().clear()
