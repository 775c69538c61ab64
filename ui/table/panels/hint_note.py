"""The Hint's note: why the hinted card or bid, drawn beside it (``game.ai.coach.Note.text``).

A small dark panel of a few lines just above what the Hint lifted (the card, or the button of a
bid), kept inside the window and never lower than the top of the viewer's hand, so it covers no
card of the hand. The note's suit symbols (♠♥♦♣ in its words) are drawn as the game's suit shapes:
the bundled font has no suit glyphs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ui.draw import text, theme

SUITS = "\u2660\u2665\u2666\u2663"
FONT_PX = 17  # at 1280x720
PAD = 10
GAP = 10
MAX_WIDTH = 0.5  # of the window
BACK = (18, 24, 30, 225)
EDGE = (250, 214, 96)
INK = (238, 238, 232)
FIRST_INK = (255, 236, 170)
RED_ON_DARK = (255, 120, 120)


def _segments(line: str) -> list[tuple[str, int | None]]:
    """The line cut into runs of text and single suit symbols (suit number)."""
    out: list[tuple[str, int | None]] = []
    run = ""
    for ch in line:
        if ch in SUITS:
            if run:
                out.append((run, None))
                run = ""
            out.append(("", SUITS.index(ch)))
        else:
            run += ch
    if run:
        out.append((run, None))
    return out


def _line_width(line: str, size: int, bold: bool = False) -> int:
    """The width the line takes as drawn (``bold``: the note's first line is)."""
    return sum(text.measure(part, size, bold)[0] if suit is None else round(size * 0.8)
               for part, suit in _segments(line))


def _wrap(line: str, size: int, width: int, bold: bool = False) -> list[str]:
    words = line.split(" ")
    out: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}" if current else word
        if current and _line_width(trial, size, bold) > width:
            out.append(current)
            current = word
        else:
            current = trial
    if current:
        out.append(current)
    return out


def note_rect(lines: Sequence[str], anchor: pygame.Rect, size: tuple[int, int], px: Callable[[float], int],
              floor: int | None = None, below: bool = False) -> tuple[pygame.Rect, list[str], int]:
    """Where the note goes (above ``anchor``, or under it when ``below``: a panel of bids; inside the window, its
    bottom no lower than ``floor``), its lines wrapped to fit, and the font size."""
    w, h = size
    font_px = max(11, px(FONT_PX))
    pad, gap = px(PAD), px(GAP)
    room = round(w * MAX_WIDTH) - 2 * pad
    wrapped = [part for index, line in enumerate(lines) for part in _wrap(line, font_px, room, index == 0)]
    inner = max((_line_width(line, font_px, index == 0) for index, line in enumerate(wrapped)), default=0)
    line_h = text.line_height(font_px)
    rect = pygame.Rect(0, 0, inner + 2 * pad, len(wrapped) * line_h + 2 * pad)
    bottom = anchor.top - gap
    if floor is not None:
        bottom = min(bottom, floor - gap)
    rect.midbottom = (anchor.centerx, bottom)
    if below:
        rect.midtop = (anchor.centerx, anchor.bottom + gap)
    rect.clamp_ip(pygame.Rect(gap, gap, w - 2 * gap, h - 2 * gap))
    if floor is not None and rect.bottom > floor - gap // 2:
        rect.bottom = floor - gap // 2
    return rect, wrapped, font_px


def draw_hint_note(surface: pygame.Surface, lines: Sequence[str], anchor: pygame.Rect, px: Callable[[float], int],
                   floor: int | None = None, below: bool = False) -> pygame.Rect:
    """Draw the note beside ``anchor`` (see ``note_rect``); returns where it went."""
    if not lines:
        return pygame.Rect(0, 0, 0, 0)
    rect, wrapped, font_px = note_rect(lines, anchor, surface.get_size(), px, floor, below)
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = px(8)
    pygame.draw.rect(panel, BACK, panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*EDGE, 200), panel.get_rect(), max(1, px(2)), border_radius=radius)
    surface.blit(panel, rect)
    pad = px(PAD)
    line_h = text.line_height(font_px)
    y = rect.top + pad
    for index, line in enumerate(wrapped):
        x = rect.left + pad
        ink = FIRST_INK if index == 0 else INK
        for part, suit in _segments(line):
            if suit is None:
                img = text.render(part, font_px, ink, bold=index == 0)
                surface.blit(img, (x, y + (line_h - img.get_height()) // 2))
                x += img.get_width()
            else:
                color = RED_ON_DARK if suit in (1, 2) else ink
                size = round(font_px * 0.8)
                theme.draw_suit(surface, suit, (x + size // 2, y + line_h // 2), size, color)
                x += size
        y += line_h
    return rect
