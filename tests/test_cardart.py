"""Tests for the code-drawn card art: sizes, caching, distinct faces, colours and shapes."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.cards import DECK, DIAMONDS, HEARTS, Card
from ui.draw import cardart
from ui.draw.cardart import CardArt, CardArtCache, card_art_for_width
from ui.draw.suits import suit_surface

WIDTH = 100


@pytest.fixture(scope="module")
def art() -> CardArt:
    """One CardArt shared by the tests of this module."""
    return CardArt(WIDTH)


def red_pixel_count(surface: pygame.Surface) -> int:
    """How many clearly red, mostly opaque pixels (r > 140, g < 60, b < 90) the surface holds."""
    mask = pygame.mask.from_threshold(surface, (198, 30, 45, 192), (58, 30, 45, 64))
    return mask.count()


def test_all_52_faces_are_distinct(art: CardArt) -> None:
    """Every card has its own picture."""
    images = {pygame.image.tobytes(art.face(card), "RGBA") for card in DECK}
    assert len(images) == 52


@pytest.mark.parametrize("width", [40, 59, 60, 90, 100, 180, 400])
def test_sizes_match_request(width: int) -> None:
    """Faces and backs are exactly width x round(width * 1.4); extras are larger than the card."""
    art = CardArt(width)
    expected = (width, round(width * 1.4))
    assert art.size == expected
    assert art.face(Card.parse("QH")).get_size() == expected
    assert art.face(Card.parse("TS")).get_size() == expected
    assert art.back().get_size() == expected
    assert art.shadow().get_width() > width and art.shadow().get_height() > expected[1]
    assert art.highlight().get_width() > width and art.highlight().get_height() > expected[1]


@pytest.mark.parametrize("width", [44, 100, 250])
def test_red_suits_have_red_ink_and_black_suits_none(width: int) -> None:
    """Hearts and diamonds show red; spades and clubs, court cards included, show none."""
    art = CardArt(width)
    for card in DECK:
        reds = red_pixel_count(art.face(card))
        if card.suit in (HEARTS, DIAMONDS):
            assert reds > 10, f"{card} has no red"
        else:
            assert reds == 0, f"{card} has {reds} red pixels"


@pytest.mark.parametrize("text", ["2C", "TH", "QS", "AS", "KD"])
def test_rounded_corners_are_transparent_and_centre_opaque(art: CardArt, text: str) -> None:
    """The corner pixels are cut away by the rounded corners; the middle and edges are solid."""
    face = art.face(Card.parse(text))
    w, h = face.get_size()
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert face.get_at(corner).a == 0
    assert face.get_at((w // 2, h // 2)).a == 255
    assert face.get_at((w // 2, 0)).a > 200
    assert face.get_at((0, h // 2)).a > 200
    assert face.get_flags() & pygame.SRCALPHA


def test_back_differs_from_every_face(art: CardArt) -> None:
    """The back is not any face, and it is mostly the coloured field, not ivory."""
    back = pygame.image.tobytes(art.back(), "RGBA")
    assert all(back != pygame.image.tobytes(art.face(card), "RGBA") for card in DECK)
    centre = art.back().get_at((art.width // 4, art.height // 4))
    assert centre.r < 230 or centre.b < 230


def test_images_are_cached_per_instance(art: CardArt) -> None:
    """Asking twice returns the very same surface objects."""
    card = Card.parse("JD")
    assert art.face(card) is art.face(card)
    assert art.face(card) is art.face(int(card))
    assert art.back() is art.back()
    assert art.shadow() is art.shadow()
    assert art.highlight() is art.highlight()
    assert art.highlight((0, 200, 255)) is not art.highlight()


def test_card_art_for_width_caches_and_stays_bounded() -> None:
    """A cache hands back the same CardArt per width and style and forgets old sizes."""
    cache = CardArtCache()
    first = card_art_for_width(77, cache=cache)
    assert card_art_for_width(77, cache=cache) is first and cache.get(77) is first
    assert card_art_for_width(77) is not first  # the fallback cache is another one
    assert first.size == (77, round(77 * 1.4))
    assert cache.get(77, "red") is cache.get(77, "classic")  # an old name of the classic back
    assert cache.get(77, "navy") is not first and cache.get(77, four_color=True) is not first
    for width in range(200, 200 + cardart.ART_CACHE_SIZE + 3):
        cache.get(width)
    assert len(cache) <= cardart.ART_CACHE_SIZE
    assert cache.get(77) is not first
    cache.reset()
    assert len(cache) == 0


def test_two_table_views_of_one_context_share_their_card_art(bare_app: Any) -> None:
    """Card images made from the context's cache share one rendering per width and style."""
    from ui.draw.sprites import CardImages

    one = CardImages([60, 90], "navy", False, art=bare_app.ctx.art)
    two = CardImages([90, 120], "navy", False, art=bare_app.ctx.art)
    assert one.art(90) is two.art(90) and one.art(60) is not two.art(120)
    assert CardImages([90], "navy", False).art(90) is not one.art(90)  # without ``art``: the fallback cache


def test_shadow_is_soft_and_translucent(art: CardArt) -> None:
    """The shadow is black, partly transparent in the middle and fades out to its edges."""
    shadow = art.shadow()
    w, h = shadow.get_size()
    middle = shadow.get_at((w // 2, h // 2))
    assert (middle.r, middle.g, middle.b) == (0, 0, 0)
    assert 40 < middle.a < 255
    assert shadow.get_at((0, 0)).a < middle.a // 4
    assert 0 < shadow.get_at((w // 2, 2)).a < middle.a


def test_highlight_leaves_the_card_face_clear(art: CardArt) -> None:
    """The glow surrounds the card; its centre is fully transparent."""
    glow = art.highlight()
    w, h = glow.get_size()
    assert glow.get_at((w // 2, h // 2)).a == 0
    m = art.highlight_margin
    assert glow.get_at((w // 2, m // 2)).a > 40
    assert art.highlight_offset == (-m, -m)


def test_suit_shapes_are_distinct_at_16px() -> None:
    """At 16 px the four suit shapes still differ (by their alpha masks)."""
    masks = set()
    for suit in range(4):
        image = suit_surface(suit, 16, (0, 0, 0))
        masks.add(bytes(image.get_at((x, y)).a // 64 for y in range(16) for x in range(16)))
    assert len(masks) == 4


def test_no_display_needed_and_each_face_is_rendered_once() -> None:
    """All 52 faces render at width 100 without a display mode, each once: asked again, a face is the very
    surface drawn the first time (the window's cost of faces is a benchmark figure, ``main.py bench``)."""
    assert pygame.display.get_surface() is None
    fresh = CardArt(WIDTH)
    faces = [fresh.face(card) for card in DECK]
    assert len({id(face) for face in faces}) == 52 and all(face.get_width() == WIDTH for face in faces)
    assert all(fresh.face(card) is face for card, face in zip(DECK, faces, strict=True))


def test_ten_is_drawn_as_two_digits(art: CardArt) -> None:
    """The ten's index is wider than a single-character index such as the nine's."""
    ten = art._index(Card.parse("TS"))
    nine = art._index(Card.parse("9S"))
    assert ten.get_width() > nine.get_width()


# ----- the jokers (Ten-point Pitch; the Spades Jokers house rule)
@pytest.mark.parametrize("width", [40, 72, 100, 140])
@pytest.mark.parametrize("four_color", [False, True])
def test_the_jokers_are_drawn_distinct_from_each_other_and_every_card(width: int, four_color: bool) -> None:
    from game.cards import BIG_JOKER, LITTLE_JOKER

    art = CardArt(width, four_color=four_color)
    big, little = art.face(BIG_JOKER), art.face(LITTLE_JOKER)
    assert big.get_size() == little.get_size() == art.size
    faces = {pygame.image.tobytes(art.face(card), "RGBA") for card in DECK}
    assert pygame.image.tobytes(big, "RGBA") not in faces and pygame.image.tobytes(little, "RGBA") not in faces
    assert pygame.image.tobytes(big, "RGBA") != pygame.image.tobytes(little, "RGBA")
    if not four_color:
        assert red_pixel_count(big) > 3 * max(1, red_pixel_count(little))  # the Big Joker in red, the Little in black


def test_a_joker_of_a_suit_carries_its_mark_and_is_cached_apart() -> None:
    from game.cards import BIG_JOKER, SPADES

    art = CardArt(WIDTH)
    plain, marked = art.face(BIG_JOKER), art.face(BIG_JOKER, SPADES)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    assert art.face(BIG_JOKER) is plain and art.face(BIG_JOKER, SPADES) is marked
    assert art.face(DECK[0], SPADES) is art.face(DECK[0])  # a mark only ever on a joker
