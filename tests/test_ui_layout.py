"""The table layout: every seat count at several window sizes, nothing overlapping, everything on screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui.table.layout import TableLayout  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (800, 480), (1024, 768), (3840, 2160)]
GAMES = [("spades-two", 2, 2, 13), ("spades", 4, 2, 13)] + [("pitch", n, n, 6) for n in range(2, 8)] + [
    ("pitch", 4, 2, 6)]


def layouts():
    """Every game shape at every size."""
    for size in SIZES:
        for kind, seats, sides, hand in GAMES:
            name = f"{kind}-{seats}-{sides}-{size[0]}x{size[1]}"
            yield pytest.param(TableLayout(size, seats, kind, sides, hand), id=name)


@pytest.mark.parametrize("layout", list(layouts()))
def test_no_two_regions_overlap(layout):
    regions = layout.all_regions()
    names = list(regions)
    clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if regions[a].colliderect(regions[b])]
    assert clashes == []


@pytest.mark.parametrize("layout", list(layouts()))
def test_everything_is_on_screen(layout):
    screen = pygame.Rect((0, 0), layout.size)
    for name, rect in layout.all_regions().items():
        assert screen.contains(rect), name
    for spot in layout.spots:
        assert screen.contains(spot.plate) and screen.contains(spot.pile) and screen.contains(spot.backs)
    for slot in range(1, layout.num_seats):
        for rect in layout.back_rects(slot, layout.hand_size) + layout.pile_rects(slot, 13):
            assert screen.contains(rect)


@pytest.mark.parametrize("layout", list(layouts()))
def test_the_full_hand_fits_beside_the_name_plate(layout):
    screen = pygame.Rect((0, 0), layout.size)
    rects = layout.hand_rects(layout.hand_size, lifted=set(range(layout.hand_size)))
    plate = layout.spots[0].plate
    for rect in rects:
        assert screen.contains(rect)
        assert not rect.colliderect(plate)
        assert not rect.colliderect(layout.spots[0].pile)
    step = rects[1].x - rects[0].x
    assert step >= layout.card_w * 0.3  # every card's index stays readable


@pytest.mark.parametrize("layout", list(layouts()))
def test_each_trick_card_lies_toward_its_seat(layout):
    cx, cy = layout.centre
    for spot in layout.spots[1:]:
        tx, ty = spot.trick
        bx, by = spot.box.center
        assert (tx - cx) * (bx - cx) + (ty - cy) * (by - cy) > 0
    assert layout.spots[0].trick[1] > cy


@pytest.mark.parametrize("layout", list(layouts()) + [pytest.param(TableLayout((1024, 600), 7, "pitch", 7, 6),
                                                                     id="pitch-7-1024x600")])
def test_trick_cards_never_cover_one_another(layout):
    rects = [layout.trick_rect(spot.slot) for spot in layout.spots]
    clashes = [(a, b) for a in range(len(rects)) for b in range(a + 1, len(rects)) if rects[a].colliderect(rects[b])]
    assert clashes == []


def test_seats_go_clockwise_from_the_bottom():
    layout = TableLayout((1280, 720), 4)
    edges = [spot.edge for spot in layout.spots]
    assert edges == ["bottom", "left", "top", "right"]
    six = TableLayout((1280, 720), 6, "pitch", 6, 6)
    left = [s for s in six.spots if s.edge == "left"]
    right = [s for s in six.spots if s.edge == "right"]
    assert left[0].box.centery > left[1].box.centery  # up the left side
    assert right[0].box.centery < right[1].box.centery  # down the right side
    top = [s for s in TableLayout((1280, 720), 7, "pitch", 7, 6).spots if s.edge == "top"]
    assert top[0].box.centerx < top[1].box.centerx


def test_sizes_scale_with_the_window():
    small, big = TableLayout((1280, 720), 4), TableLayout((1920, 1080), 4)
    assert big.card_w == round(small.card_w * 1.5)
    assert big.score_panel.width > small.score_panel.width


BUBBLES = ["Gives 3 cards", "Keeps the hand", "Double Nil!", "Replaces 3", "Double Nil", "Pass", "13", "4"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind, seats, sides, hand", GAMES)
def test_speech_bubbles_never_touch_a_plate(size, kind, seats, sides, hand):
    from ui.draw.toast import pill_size
    from ui.table.view import BUBBLE_PX

    layout = TableLayout(size, seats, kind, sides, hand)
    screen = pygame.Rect((0, 0), size)
    others = [layout.score_panel, layout.trick_area, layout.fan.union(layout.fan.move(0, -layout.lift)),
              *layout.buttons.values()]
    for message in BUBBLES:
        for spot in layout.spots:
            rect = layout.bubble_rect(spot.slot, pill_size(message, layout.px(BUBBLE_PX)))
            where = f"{message!r} at slot {spot.slot} ({spot.edge}): {rect}"
            assert screen.contains(rect), where
            for other in layout.spots:
                assert not rect.colliderect(other.plate), f"{where} overlaps the plate of slot {other.slot}"
                assert not rect.colliderect(other.pile), f"{where} overlaps the pile of slot {other.slot}"
                if other.slot:
                    assert not rect.colliderect(other.box), f"{where} overlaps the cards of slot {other.slot}"
            assert rect.collidelist(others) == -1, where
            near = pygame.Rect(spot.box).inflate(layout.px(240), layout.px(140))
            assert rect.colliderect(near), f"{where} is far from its seat"


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720)])
@pytest.mark.parametrize("seats", [2, 4, 7])
def test_every_face_up_card_shows_a_corner_suit_big_enough_to_tell_spades_from_clubs(size, seats):
    from ui.draw.cardart import CardArt

    layout = TableLayout(size, seats, "pitch" if seats != 4 else "spades", seats, 6)
    least = 12 if size[1] >= 600 else 10
    for width in (layout.card_w, layout.trick_w, layout.big_w):
        assert CardArt(width).index_pip_px() >= least, width


@pytest.mark.parametrize("size", SIZES + [(1024, 600)])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_message_leaves_the_trick_and_the_prompt_in_view(size, seats):
    from ui.draw.toast import pill_size

    layout = TableLayout(size, seats, "spades" if seats == 4 else "pitch", seats, 13 if seats != 3 else 6)
    w, h = pill_size("You must follow suit (hearts).", layout.px(22))
    toast = pygame.Rect(0, 0, w, h)
    toast.center = layout.toast_at
    assert toast.collidelist([layout.trick_rect(spot.slot) for spot in layout.spots]) == -1
    assert toast.bottom < layout.prompt_at[1] - layout.px(8)
