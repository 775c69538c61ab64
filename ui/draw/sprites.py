"""Card sprites: a card image at a position, face up or down, maybe in flight. No rules here."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.cards import Card
from ui.draw.cardart import ASPECT as CARD_ASPECT
from ui.draw.cardart import CardArt, CardArtCache, card_art_for_width
from ui.draw.tween import Ease, ease_in_out_cubic

Point = tuple[float, float]


class CardImages:
    """The card art of one table layout: a few fixed widths, each rendered once and kept.

    ``art`` is the cache the renderings come from (the context's ``ctx.art``, so that two views of the same
    size and style share them); without it, a shared fallback cache."""

    def __init__(self, widths: list[int], back_style: str = "classic", four_color: bool = False,
                 art: CardArtCache | None = None) -> None:
        self.arts: dict[int, CardArt] = {w: card_art_for_width(w, back_style, four_color, art)
                                         for w in sorted(set(widths))}
        self._dims: dict[int, pygame.Surface] = {}
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}

    def art(self, width: int) -> CardArt:
        """The art of exactly this width if the table uses it, else the nearest larger one."""
        art = self.arts.get(width)
        if art is not None:
            return art
        bigger = [w for w in self.arts if w >= width]
        return self.arts[min(bigger) if bigger else max(self.arts)]

    def image(self, card: Card | None, face_up: bool, width: int) -> pygame.Surface:
        """A card's face (or back) at ``width`` pixels; odd widths are smooth-scaled per call."""
        art = self.art(width)
        src = art.face(card) if face_up and card is not None else art.back()
        if art.width == width:
            return src
        height = round(width * CARD_ASPECT)
        return pygame.transform.smoothscale(src, (max(1, width), max(1, height)))

    def sideways_back(self, width: int) -> pygame.Surface:
        """A card back of ``width`` turned a quarter (for piles of won tricks)."""
        key = (width, -1, -1)
        image = self._scaled.get(key)
        if image is None:
            image = pygame.transform.rotate(self.art(width).back(), 90)
            self._scaled[key] = image
        return image

    def dim(self, width: int) -> pygame.Surface:
        """A translucent dark card-shaped veil, to grey out cards that may not be played."""
        veil = self._dims.get(width)
        if veil is None:
            art = self.art(width)
            veil = pygame.Surface(art.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (10, 16, 12, 118), veil.get_rect(), border_radius=art.radius)
            self._dims[width] = veil
        return veil


def draw_card(surface: pygame.Surface, images: CardImages, card: Card | None, face_up: bool,
              rect: pygame.Rect, shadow: bool = True, dimmed: bool = False,
              glow: tuple[int, int, int] | None = None) -> None:
    """Blit one card into ``rect`` (its width picks the art) with its soft shadow and optional glow."""
    art = images.art(rect.width)
    exact = art.width == rect.width
    if shadow and exact:
        ox, oy = art.shadow_offset
        surface.blit(art.shadow(), (rect.x + ox, rect.y + oy))
    if glow is not None and exact:
        hx, hy = art.highlight_offset
        surface.blit(art.highlight(glow), (rect.x + hx, rect.y + hy))
    surface.blit(images.image(card, face_up, rect.width), rect.topleft)
    if dimmed and exact:
        surface.blit(images.dim(rect.width), rect.topleft)


@dataclass
class Flight:
    """A card moving from one point to another over ``duration_s``, with easing, scale and an optional flip."""

    card: Card | None
    face_up: bool
    start: Point
    end: Point
    width_start: int
    width_end: int
    duration_s: float
    delay_s: float = 0.0
    ease: Ease = ease_in_out_cubic
    flip: bool = False  # turn from back to face on the way
    arc_px: float = 0.0  # lift the path into a gentle arc
    spin_deg: float = 0.0  # start turned this much and straighten while flying
    turn_deg: float = 0.0  # end turned this much (a won trick lies sideways on its pile)
    on_land: Callable[[], None] | None = None
    elapsed_s: float = 0.0
    landed: bool = False

    @property
    def progress(self) -> float:
        """Linear progress 0..1 (0 during the delay)."""
        t = self.elapsed_s - self.delay_s
        if t <= 0:
            return 0.0
        return 1.0 if self.duration_s <= 0 else min(1.0, t / self.duration_s)

    @property
    def started(self) -> bool:
        """True once the delay is over (the card shows)."""
        return self.elapsed_s >= self.delay_s

    def update(self, dt_s: float) -> bool:
        """Advance; return True (once) when the card lands."""
        self.elapsed_s += dt_s
        if not self.landed and self.progress >= 1.0 and self.started:
            self.land()
            return True
        return False

    def land(self) -> None:
        """Finish now and run the landing callback once."""
        if self.landed:
            return
        self.elapsed_s = self.delay_s + self.duration_s
        self.landed = True
        if self.on_land is not None:
            self.on_land()

    def state(self) -> tuple[Point, int, bool, float]:
        """Centre, width, whether the face shows, and the horizontal squash of a flip (1 = flat)."""
        k = self.ease(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k - math.sin(math.pi * k) * self.arc_px
        width = round(self.width_start + (self.width_end - self.width_start) * k)
        if not self.flip:
            return (x, y), width, self.face_up, 1.0
        squash = abs(math.cos(math.pi * k))
        return (x, y), width, k >= 0.5, max(0.04, squash)

    def draw(self, surface: pygame.Surface, images: CardImages) -> None:
        """Draw the card where it is now (nothing during its delay)."""
        if not self.started or self.landed:
            return
        (x, y), width, face, squash = self.state()
        image = images.image(self.card, face, width)
        if squash < 1.0:
            image = pygame.transform.scale(image, (max(1, round(image.get_width() * squash)), image.get_height()))
        k = self.ease(self.progress)
        angle = self.spin_deg * (1.0 - k) + self.turn_deg * k
        if angle:
            image = pygame.transform.rotate(image, angle)
        rect = image.get_rect(center=(round(x), round(y)))
        art = images.art(width)
        if art.width == width and squash >= 1.0 and not angle:
            ox, oy = art.shadow_offset
            surface.blit(art.shadow(), (rect.x + ox, rect.y + oy + round(width * 0.04)))
        surface.blit(image, rect)
