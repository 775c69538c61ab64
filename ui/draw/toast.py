"""Short messages on the table: a toast in the middle (refusals, trump set) and bid bubbles at seats."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.draw import text, theme

TOAST_S = 2.4
BUBBLE_S = 1.8
FADE_S = 0.3


@dataclass
class Note:
    """A message that shows for ``life_s`` seconds, fading in and out."""

    message: str
    life_s: float
    suit: int | None = None
    age_s: float = 0.0
    seat: int | None = None

    @property
    def alive(self) -> bool:
        """True until its time is up."""
        return self.age_s < self.life_s

    @property
    def alpha(self) -> int:
        """Opacity now: fades in quickly and out at the end."""
        k = min(1.0, self.age_s / 0.12, max(0.0, (self.life_s - self.age_s) / FADE_S))
        return round(255 * max(0.0, k))


class Notes:
    """The current toast and the seats' bubbles."""

    def __init__(self) -> None:
        self.toast: Note | None = None
        self.bubbles: dict[int, Note] = {}

    def show_toast(self, message: str, suit: int | None = None, life_s: float = TOAST_S) -> None:
        """Replace the toast with a new message."""
        self.toast = Note(message, life_s, suit)

    def show_bubble(self, seat: int, message: str, life_s: float = BUBBLE_S) -> None:
        """Show a bubble at a seat (replacing that seat's last one)."""
        self.bubbles[seat] = Note(message, life_s, seat=seat)

    def update(self, dt_s: float) -> None:
        """Age every note and drop the finished ones."""
        if self.toast is not None:
            self.toast.age_s += dt_s
            if not self.toast.alive:
                self.toast = None
        for seat in list(self.bubbles):
            note = self.bubbles[seat]
            note.age_s += dt_s
            if not note.alive:
                del self.bubbles[seat]

    def clear(self) -> None:
        """Forget every note."""
        self.toast = None
        self.bubbles.clear()


SUIT_CHARS = {"\u2660": 0, "\u2665": 1, "\u2666": 2, "\u2663": 3}  # ♠ ♥ ♦ ♣, which the fonts do not hold


def _pieces(message: str) -> list[str | int]:
    """The message split into runs of text and suits (a suit symbol is drawn as a shape, e.g. "The 2♣ opens")."""
    out: list[str | int] = []
    for ch in message:
        if ch in SUIT_CHARS:
            out.append(SUIT_CHARS[ch])
        elif out and isinstance(out[-1], str):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _suit_w(size: int) -> int:
    return round(size * 0.72)


def _measure(message: str, size: int) -> tuple[int, int]:
    """Width and height of the message's text and inline suit shapes."""
    h = text.measure(message.translate({ord(c): None for c in SUIT_CHARS}) or " ", size, bold=True)[1]
    w = sum(_suit_w(size) if isinstance(p, int) else text.measure(p, size, bold=True)[0] for p in _pieces(message))
    return w, h


def pill_size(message: str, size: int, suit: int | None = None) -> tuple[int, int]:
    """The width and height of the pill ``draw_pill`` draws for ``message`` at font ``size``."""
    tw, th = _measure(message, size)
    icon = round(size * 0.95) if suit is not None else 0
    pad_x, pad_y = round(size * 0.8), round(size * 0.42)
    return tw + 2 * pad_x + (icon + round(size * 0.35) if icon else 0), th + 2 * pad_y


def draw_pill(surface: pygame.Surface, message: str, center: tuple[int, int], size: int, alpha: int,
              suit: int | None = None, gold: bool = False) -> pygame.Rect:
    """A rounded dark pill with a gold edge holding one line of text (and a suit shape)."""
    icon = round(size * 0.95) if suit is not None else 0
    pad_x = round(size * 0.8)
    w, h = pill_size(message, size, suit)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center
    layer = pygame.Surface((w + 2 * size, h + 2 * size), pygame.SRCALPHA)
    inner = pygame.Rect(size, size, w, h)
    theme.draw_shadow(layer, inner, h // 2, blur_px=max(2, size // 2), offset=(0, max(1, size // 6)), alpha=140)
    top = (64, 50, 22, 240) if gold else (34, 48, 40, 240)
    bottom = (40, 30, 12, 240) if gold else (12, 20, 16, 240)
    layer.blit(theme.rounded_surface((w, h), h // 2, top, bottom, theme.GOLD, max(1, size // 14)), inner)
    x = inner.x + pad_x
    if suit is not None and icon:
        light = (236, 84, 92) if suit in (1, 2) else theme.TEXT
        theme.draw_suit(layer, suit, (x + icon // 2, inner.centery), icon, light)
        x += icon + round(size * 0.35)
    ink = theme.GOLD_LIGHT if gold else theme.TEXT
    for piece in _pieces(message):
        if isinstance(piece, int):
            red = (236, 84, 92) if piece in (1, 2) else ink
            theme.draw_suit(layer, piece, (x + _suit_w(size) // 2, inner.centery), round(size * 0.8), red)
            x += _suit_w(size)
        else:
            x = text.blit_text(layer, piece, size, ink, (x, inner.centery), "midleft", bold=True).right
    layer.set_alpha(alpha)
    surface.blit(layer, (rect.x - size, rect.y - size))
    return rect
