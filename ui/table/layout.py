"""Where everything on the table goes, computed from the window size and the number of seats.

Lengths are designed for 1280x720 and scaled by ``u`` (the window's tighter ratio to that size);
positions hang from the window's edges and centre, so any size and aspect ratio works.
Screen *slots* are numbered clockwise from the bottom: slot 0 is the bottom of the screen,
then the left column (upward), the top row (left to right), the right column (downward).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.draw.cardart import ASPECT as CARD_ASPECT  # a card is 1.4 times as tall as it is wide

DESIGN_SIZE = (1280, 720)


# Design lengths at 1280x720.
MARGIN = 12
GAP = 12
PLATE_W, PLATE_H = 190, 60
SMALL_W = 42  # opponents' card backs
PILE_W = 26  # won-tricks piles
HAND_W = 112  # the viewer's hand
TRICK_W = 86  # cards in the trick
BIG_W = 150  # the card just drawn (two-player)
LIFT = 24  # how far a card lifts on hover
BUTTON_W, BUTTON_H = 104, 36
SCORE_W = 268
TOAST_HALF_H = 20  # half the height of a message pill (font 22)
CROWDED_TRICK = 0.85  # the trick cards' size with five or more seats
MAX_HAND_STEP = 0.52  # the widest overlap step in the hand, as a share of the card width

# How many opponents go to the left column, the top row and the right column.
COLUMNS: dict[int, tuple[int, int, int]] = {
    1: (0, 1, 0),
    2: (1, 0, 1),
    3: (1, 1, 1),
    4: (1, 2, 1),
    5: (2, 1, 2),
    6: (2, 2, 2),
}
TOP_BUTTONS = ("last_trick", "scores", "menu")


def ui_unit(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 the window is, by its tighter dimension (never below 0.45)."""
    return max(0.45, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


def score_panel_rows(kind: str, num_sides: int) -> float:
    """The score panel's height at 1280x720 for a game and its number of sides."""
    if kind == "pitch":
        row = 26 if num_sides <= 4 else 23
        return 40 + row * num_sides + 58 + 22  # the last line says why a side at the target has not won
    return 40 + 46 * num_sides + 34


@dataclass
class SeatSpot:
    """One seat's place: its whole box, name plate, card backs (or hand), won-tricks pile and trick spot."""

    slot: int
    edge: str  # "bottom", "left", "top" or "right"
    box: pygame.Rect
    plate: pygame.Rect
    backs: pygame.Rect
    pile: pygame.Rect
    trick: tuple[int, int] = (0, 0)

    @property
    def anchor(self) -> tuple[int, int]:
        """Where this seat's cards leave from and arrive at."""
        return self.backs.center


@dataclass
class TableLayout:
    """Every rect of the table for one window size, seat count and hand size."""

    size: tuple[int, int]
    num_seats: int
    kind: str = "spades"
    num_sides: int = 2
    hand_size: int = 13
    u: float = 1.0
    spots: list[SeatSpot] = field(default_factory=list)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.u = ui_unit(self.size)
        self._sizes()
        self._panels()
        self._bottom()
        self._opponents()
        self._centre()

    # ----- helpers
    def px(self, design: float) -> int:
        """A design length (at 1280x720) in pixels for this window."""
        return max(1, round(design * self.u))

    @staticmethod
    def card_height(width: int) -> int:
        """A card's height for its width."""
        return round(width * CARD_ASPECT)

    # ----- the parts
    def _sizes(self) -> None:
        px = self.px
        self.margin, self.gap = px(MARGIN), px(GAP)
        self.card_w = px(HAND_W)
        self.card_h = self.card_height(self.card_w)
        self.small_w = px(SMALL_W)
        self.small_h = self.card_height(self.small_w)
        self.trick_w = px(TRICK_W)
        self.trick_h = self.card_height(self.trick_w)
        self.big_w = px(BIG_W)
        self.big_h = self.card_height(self.big_w)
        self.pile_w = px(PILE_W)
        self.pile_h = self.card_height(self.pile_w)
        self.lift = px(LIFT)
        self.plate_w, self.plate_h = px(PLATE_W), px(PLATE_H)
        self.box_w = self.plate_w
        self.box_h = self.small_h + px(4) + self.plate_h

    def _panels(self) -> None:
        w, _h = self.size
        px = self.px
        self.score_panel = pygame.Rect(self.margin, self.margin, px(SCORE_W),
                                       px(score_panel_rows(self.kind, self.num_sides)))
        bw, bh, gap = px(BUTTON_W), px(BUTTON_H), px(8)
        x = w - self.margin - len(TOP_BUTTONS) * bw - (len(TOP_BUTTONS) - 1) * gap
        self.buttons = {}
        for name in TOP_BUTTONS:
            self.buttons[name] = pygame.Rect(x, self.margin, bw, bh)
            x += bw + gap

    def _bottom(self) -> None:
        """The viewer's hand along the bottom, its name plate to the left and its pile above the plate."""
        w, h = self.size
        px = self.px
        room = w - 2 * (self.margin + self.plate_w + self.gap)
        count = max(1, self.hand_size)
        step = self._hand_step(count, room)
        fan_w = self.card_w + step * (count - 1)
        top = h - self.margin - self.card_h
        self.fan = pygame.Rect((w - fan_w) // 2, top, fan_w, self.card_h)
        self.fan_room = room
        plate = pygame.Rect(max(self.margin, self.fan.left - self.gap - self.plate_w), h - self.margin - self.plate_h,
                            self.plate_w, self.plate_h)
        pile = pygame.Rect(plate.right - px(54), plate.top - px(6) - self.pile_h, px(50), self.pile_h)
        box = plate.union(pile)
        self.spots = [SeatSpot(0, "bottom", box, plate, self.fan.copy(), pile)]

    def _hand_step(self, count: int, room: int) -> int:
        if count <= 1:
            return 0
        return max(self.px(14), min(round(self.card_w * MAX_HAND_STEP), (room - self.card_w) // (count - 1)))

    def _box(self, slot: int, edge: str, center: tuple[int, int]) -> SeatSpot:
        """An opponent's box: card backs on top (pile at their right), the name plate below."""
        box = pygame.Rect(0, 0, self.box_w, self.box_h)
        box.center = center
        plate = pygame.Rect(box.left, box.bottom - self.plate_h, self.box_w, self.plate_h)
        pile = pygame.Rect(box.right - self.px(50), box.top + self.px(4), self.px(50), self.pile_h)
        backs = pygame.Rect(box.left, box.top, box.width - pile.width - self.px(6), self.small_h)
        return SeatSpot(slot, edge, box, plate, backs, pile)

    def _opponents(self) -> None:
        w, h = self.size
        others = self.num_seats - 1
        if others < 1:
            return
        left, top, right = COLUMNS[others]
        bottom_spot = self.spots[0]
        col_top = max(self.score_panel.bottom, self.buttons["menu"].bottom) + self.gap
        col_bottom = bottom_spot.box.top - self.gap
        self.centre = (w // 2, round(h * 0.44))
        slot = 1
        for y in self._column(left, col_top, col_bottom, reverse=True):
            self.spots.append(self._box(slot, "left", (self.margin + self.box_w // 2, y)))
            slot += 1
        for x in self._row(top):
            self.spots.append(self._box(slot, "top", (x, self.margin + self.box_h // 2)))
            slot += 1
        for y in self._column(right, col_top, col_bottom, reverse=False):
            self.spots.append(self._box(slot, "right", (w - self.margin - self.box_w // 2, y)))
            slot += 1

    def _column(self, count: int, top: int, bottom: int, reverse: bool) -> list[int]:
        """Centres down a side column; one seat sits level with the table's centre."""
        if count == 0:
            return []
        half = self.box_h // 2
        if count == 1:
            return [min(max(self.centre[1], top + half), bottom - half)]
        span = bottom - top
        ys = [round(top + span * (i + 0.5) / count) for i in range(count)]
        return ys[::-1] if reverse else ys

    def _row(self, count: int) -> list[int]:
        """Centres along the top, between the score panel and the buttons, symmetric about the middle."""
        if count == 0:
            return []
        w = self.size[0]
        lo = self.score_panel.right + self.gap + self.box_w // 2
        hi = self.buttons["last_trick"].left - self.gap - self.box_w // 2
        half = max(0, min(w // 2 - lo, hi - w // 2))
        if count == 1:
            return [w // 2]
        return [round(w // 2 - half + 2 * half * i / (count - 1)) for i in range(count)]

    def _centre(self) -> None:
        """The trick spots toward each seat, the piles for two-player drawing and the action area."""
        w, h = self.size
        if not hasattr(self, "centre"):
            self.centre = (w // 2, round(h * 0.44))
        cx, cy = self.centre
        n = max(1, self.num_seats)
        if n >= 5:  # smaller cards on a wider ring: seven cards never cover one another's corners
            self.trick_w = round(self.trick_w * CROWDED_TRICK)
            self.trick_h = self.card_height(self.trick_w)
            rx, ry = self.trick_w * 2.2, self.trick_h * 1.2
        else:
            rx, ry = self.trick_w * 1.08, self.trick_h * (0.68 if n == 3 else 0.62)
        for spot in self.spots:
            # Evenly round the table, clockwise from the bottom, like the seats themselves.
            angle = math.pi / 2 + math.tau * spot.slot / n
            spot.trick = (round(cx + math.cos(angle) * rx), round(cy + math.sin(angle) * ry))
        rects = [self.trick_rect(s.slot) for s in self.spots]
        self.trick_area = rects[0].unionall(rects[1:]) if rects else pygame.Rect(cx, cy, 0, 0)
        self.drawn = pygame.Rect(0, 0, self.big_w, self.big_h)
        self.drawn.center = (cx, cy - self.px(22))
        offset = self.px(300)
        self.stock = pygame.Rect(0, 0, self.trick_w, self.trick_h)
        self.stock.center = (cx - offset, cy)
        self.discard = self.stock.copy()
        self.discard.center = (cx + offset, cy)
        self.prompt_at = (w // 2, self.fan.top - self.lift - self.px(18))
        # A message goes just under the trick when it fits above the prompt, else over the trick's foot.
        half = self.px(TOAST_HALF_H)
        under = self.trick_area.bottom + self.px(4) + half
        fits = under + half <= self.prompt_at[1] - self.px(12)
        self.toast_at = (w // 2, under if fits else self.fan.top - self.lift - self.px(50))
        self.look_button = pygame.Rect(0, 0, self.px(200), self.px(46))
        self.look_button.center = (self.fan.centerx, self.fan.centery)

    def _bubble_places(self, spot: SeatSpot, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where a seat's bubble may go, best first: beside its box, toward the table."""
        w, h = size
        gap = self.px(10)
        box, plate = spot.box, spot.plate

        def at(anchor: str, point: tuple[int, int]) -> pygame.Rect:
            rect = pygame.Rect(0, 0, w, h)
            setattr(rect, anchor, point)
            return rect

        right = at("midleft", (box.right + gap, plate.centery))
        left = at("midright", (box.left - gap, plate.centery))
        below = at("midtop", (box.centerx, box.bottom + gap))
        above = at("midbottom", (box.centerx, box.top - gap))
        if spot.edge == "bottom":
            beside_pile = at("bottomright", (spot.pile.left - gap, plate.top - gap))
            over_pile = at("bottomleft", (plate.left, box.top - gap))
            over_hand = at("bottomleft", (self.fan.left, self.fan.top - self.lift - gap))
            return [beside_pile, over_pile, over_hand, above]
        if spot.edge == "left":
            return [right, at("midleft", (box.right + gap, spot.backs.centery)), below, above]
        if spot.edge == "right":
            return [left, at("midright", (box.left - gap, spot.backs.centery)), below, above]
        return [right, left, below]

    def bubble_rect(self, slot: int, size: tuple[int, int]) -> pygame.Rect:
        """Where a speech bubble of ``size`` goes beside the seat at ``slot``: the first of its places
        that is on screen and touches no seat (plate, cards, pile), the hand, the trick, the score
        panel or a button."""
        screen = pygame.Rect((0, 0), self.size)
        bottom = self.spots[0]
        blocked = [bottom.plate, bottom.pile] + [s.box for s in self.spots[1:]]
        blocked += [self.fan.union(self.fan.move(0, -self.lift)), self.trick_area, self.score_panel,
                    *self.buttons.values()]
        places = self._bubble_places(self.spots[slot], size)
        for rect in places:
            if screen.contains(rect) and rect.collidelist(blocked) == -1:
                return rect
        return places[0].clamp(screen)

    # ----- queries
    def trick_rect(self, slot: int) -> pygame.Rect:
        """The rect of the trick card played from screen ``slot``."""
        rect = pygame.Rect(0, 0, self.trick_w, self.trick_h)
        rect.center = self.spots[slot].trick
        return rect

    def hand_rects(self, count: int, lifted: set[int] | None = None) -> list[pygame.Rect]:
        """The rects of ``count`` cards fanned along the bottom, left to right (``lifted`` indexes raised)."""
        if count <= 0:
            return []
        step = self._hand_step(count, self.fan_room)
        width = self.card_w + step * (count - 1)
        x0 = (self.size[0] - width) // 2
        lifted = lifted or set()
        return [pygame.Rect(x0 + i * step, self.fan.top - (self.lift if i in lifted else 0), self.card_w, self.card_h)
                for i in range(count)]

    def back_rects(self, slot: int, count: int) -> list[pygame.Rect]:
        """The rects of ``count`` card backs of an opponent at ``slot``, overlapping left to right."""
        spot = self.spots[slot]
        if count <= 0:
            return []
        area = spot.backs
        step = 0 if count == 1 else min(self.px(11), (area.width - self.small_w) / (count - 1))
        width = self.small_w + step * (count - 1)
        x0 = area.centerx - width / 2
        return [pygame.Rect(round(x0 + i * step), area.top, self.small_w, self.small_h) for i in range(count)]

    def pile_rects(self, slot: int, count: int) -> list[pygame.Rect]:
        """The small backs of a seat's won-tricks pile, stacked with a slight offset."""
        if count <= 0:
            return []
        pile = self.spots[slot].pile
        w, h = self.pile_h, self.pile_w  # tricks lie sideways
        step = min(self.px(2), (pile.width - w) / max(1, count - 1))
        top = pile.bottom - h - self.px(4)
        return [pygame.Rect(round(pile.left + i * step), round(top - i * step * 0.6), w, h) for i in range(count)]

    def all_regions(self) -> dict[str, pygame.Rect]:
        """Named rects that must never overlap one another (for tests and debugging)."""
        out = {"score_panel": self.score_panel, "hand": self.fan.inflate(0, 0).union(
            self.fan.move(0, -self.lift)), "trick": self.trick_area}
        out.update({f"button:{name}": rect for name, rect in self.buttons.items()})
        for spot in self.spots:
            out[f"seat:{spot.slot}"] = spot.box
        return out
