"""Render every card face and the backs onto green felt and save a PNG for review.

Usage: SDL_VIDEODRIVER=dummy python tools/card_sheet.py [out.png]
(default screenshots/cards.png).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.cards import DECK, Card  # noqa: E402
from ui.draw.cardart import CardArt  # noqa: E402

FELT = (22, 92, 58)
FELT_DARK = (14, 66, 42)
SMALL, LARGE, TINY = 90, 180, 48
FEATURED = ("AS", "KH", "QS", "JD", "TC", "7H", "AD")


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green felt background with a soft vignette."""
    surface = pygame.Surface(size)
    surface.fill(FELT)
    w, h = size
    for i in range(40):
        shade = [round(a + (b - a) * (1 - i / 40)) for a, b in zip(FELT, FELT_DARK, strict=True)]
        pygame.draw.rect(surface, shade, (i * 3, i * 3, w - i * 6, h - i * 6), 3)
    return surface


def place(surface: pygame.Surface, art: CardArt, image: pygame.Surface, pos: tuple[int, int]) -> None:
    """Blit a card with its drop shadow."""
    surface.blit(art.shadow(), (pos[0] + art.shadow_offset[0], pos[1] + art.shadow_offset[1]))
    surface.blit(image, pos)


def draw_sheet() -> pygame.Surface:
    """All 52 faces and the back at the small size, then featured cards large and tiny."""
    small, large, tiny = CardArt(SMALL), CardArt(LARGE), CardArt(TINY)
    gap = 12
    width = max(30 + 14 * (SMALL + gap), 30 + 8 * (LARGE + gap + 6))
    large_row = 4 * (small.height + gap) + 40
    height = large_row + large.height + tiny.height + 90
    sheet = felt((width, height))
    for suit in range(4):
        for rank in range(13):
            card = Card.of(rank, suit)
            place(sheet, small, small.face(card), (30 + rank * (SMALL + gap), 30 + suit * (small.height + gap)))
    place(sheet, small, small.back(), (30 + 13 * (SMALL + gap), 30))
    place(sheet, small, CardArt(SMALL, "navy").back(), (30 + 13 * (SMALL + gap), 30 + small.height + gap))
    highlighted = (30 + 13 * (SMALL + gap), 30 + 2 * (small.height + gap))
    sheet.blit(
        small.highlight(), (highlighted[0] + small.highlight_offset[0], highlighted[1] + small.highlight_offset[1])
    )
    sheet.blit(small.face(Card.parse("QH")), highlighted)
    x = 30
    for text in FEATURED:
        place(sheet, large, large.face(Card.parse(text)), (x, large_row))
        x += LARGE + gap + 6
    place(sheet, large, large.back(), (x, large_row))
    x, y = 30, large_row + large.height + 40
    for card in (*(Card.parse(t) for t in FEATURED), Card.parse("KC"), Card.parse("3D")):
        place(sheet, tiny, tiny.face(card), (x, y))
        x += TINY + 10
    place(sheet, tiny, tiny.back(), (x, y))
    return sheet


def time_faces(width: int = 100) -> float:
    """Seconds to render all 52 faces at ``width`` on a fresh CardArt."""
    art = CardArt(width)
    start = time.perf_counter()
    for card in DECK:
        art.face(card)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    """Render the sheet to the path in ``argv`` (or the default) and print timings."""
    out = Path(argv[1] if len(argv) > 1 else "screenshots/cards.png")
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    print(f"52 faces at 100 px: {time_faces(100) * 1000:.0f} ms")
    pygame.image.save(draw_sheet(), str(out))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
