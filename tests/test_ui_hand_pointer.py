"""The hand under the pointer: the card drawn on top at a pixel is the card a click there plays, and hover
settles at once (moving onto a pixel a second time never changes which card is lifted).

Checked over every pixel of the hand's area (lift band included) for every hand size and every window
size of the layout tests, by painting "which card owns this pixel" rasters with pygame (C speed).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import DECK, Card  # noqa: E402
from ui.table.model import TableModel  # noqa: E402
from ui.table.view import HandState, TableView  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (800, 480), (1024, 768), (3840, 2160), (1024, 600)]
SHAPES = [("spades", 4, 2, 13), ("pitch", 7, 7, 6)]


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.display.init()
    yield
    from ui.draw import cardart

    cardart.reset()


def table(size: tuple[int, int], kind: str, seats: int, sides: int, hand: int, count: int):
    """A view and a model whose bottom seat (the viewer) holds ``count`` cards."""
    teams = [[s for s in range(seats) if s % sides == i] for i in range(sides)]
    view = TableView(kind, seats, teams, [f"P{i}" for i in range(seats)], size, hand)
    view.viewer = view.bottom = 0
    model = TableModel(seats, kind)
    cards = [DECK[i * 4 % 52] for i in range(count)]
    model.hands = {0: cards}
    model.hand_sizes = [count] * seats
    return view, model, cards


def area(view: TableView) -> pygame.Rect:
    """The hand's area with the lift band above it and a pixel of margin all round."""
    lay = view.layout
    return lay.fan.union(lay.fan.move(0, -lay.lift)).inflate(2, 2)


def paint(box: pygame.Rect, pieces: list[tuple[pygame.Rect, int]]) -> pygame.Surface:
    """A raster of ``box``: each pixel holds the code of the last piece painted over it (0: none)."""
    surf = pygame.Surface(box.size)
    surf.fill((0, 0, 0))
    for rect, code in pieces:
        surf.fill((code, 0, 0), rect.move(-box.x, -box.y))
    return surf


def drawn_raster(view, model, state, cards, box) -> pygame.Surface:
    """What is drawn on top at each pixel: the hand's items in drawing order (footprints are their card's)."""
    items = [i for i in view.items(model, state) if i.owner == 0 and not i.sideways]
    return paint(box, [(i.rect, cards.index(i.card) + 1) for i in items if i.card is not None])


def hit_raster(view, model, state, cards, box) -> pygame.Surface:
    """What a click plays at each pixel (the hits, topmost painted last)."""
    return paint(box, [(rect, cards.index(card) + 1) for rect, card in reversed(view.hand_hits(model, state))])


def owned(raster: pygame.Surface, code: int) -> pygame.mask.Mask:
    """The pixels of ``raster`` holding ``code``."""
    return pygame.mask.from_threshold(raster, (code, 0, 0), (1, 1, 1, 255))


def state_for(cards: list[Card], hover: Card | None) -> HandState:
    return HandState(set(cards), hover, set(), None)


def cases():
    for size in SIZES:
        for kind, seats, sides, hand in SHAPES:
            for count in range(1, hand + 1):
                yield pytest.param(size, kind, seats, sides, hand, count,
                                   id=f"{kind}-{size[0]}x{size[1]}-{count}cards")


@pytest.mark.parametrize("size, kind, seats, sides, hand, count", list(cases()))
def test_the_card_on_top_is_the_card_clicked_and_hover_never_flickers(size, kind, seats, sides, hand, count):
    view, model, cards = table(size, kind, seats, sides, hand, count)
    box = area(view)
    rasters = {}
    for hover in [None, *cards]:
        state = state_for(cards, hover)
        drawn = drawn_raster(view, model, state, cards, box)
        hits = hit_raster(view, model, state, cards, box)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(hits, "RGB"), (
            f"hovering {hover}: a pixel plays a card other than the one drawn on top")
        rasters[hover] = hits
    # Hover is a fixed point: from any lifted card (or none), moving onto a pixel lifts the card there, and
    # with that card lifted the same pixel still belongs to it.
    for start in [None, *cards]:
        for code, card in enumerate(cards, start=1):
            there = owned(rasters[start], code)
            after = owned(rasters[card], code)
            lost = there.count() - there.overlap_area(after, (0, 0))
            assert lost == 0, f"{lost} pixels flicker from {card} to another card (hover was {start})"


@pytest.mark.parametrize("size", SIZES)
def test_card_at_agrees_with_the_hits_on_every_column_and_row(size):
    view, model, cards = table(size, "spades", 4, 2, 13, 13)
    box = area(view)
    for hover in (None, cards[5]):
        state = state_for(cards, hover)
        hits = hit_raster(view, model, state, cards, box)
        rows = [box.top + 1, view.layout.fan.centery, view.layout.fan.bottom - 2]
        columns = sorted({r.centerx for r, _c in view.hand_hits(model, state)})
        points = [(x, y) for x in range(box.left, box.right) for y in rows]
        points += [(x, y) for y in range(box.top, box.bottom) for x in columns]
        for x, y in points:
            code = hits.get_at((x - box.x, y - box.y))[0]
            expected = cards[code - 1] if code else None
            assert view.card_at(model, (x, y), state) == expected, (x, y)
