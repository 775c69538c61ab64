"""Drawing the table from the displayed model: seats, name plates, hands, piles and the trick.

``TableView`` owns the layout for the current window size and the screen rotation (which
seat sits at the bottom). ``items()`` lists every card it would draw, so tests can check
that no hidden card is ever face up; ``draw()`` blits exactly that list and the plates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.actions import bid_text
from game.cards import Card
from game.state import Phase
from ui.draw import text, theme
from ui.draw.cardart import CardArtCache
from ui.draw.sprites import CardImages, draw_card
from ui.draw.toast import pill_size
from ui.table.layout import SeatSpot, TableLayout
from ui.table.model import TableModel

SIDE_COLORS = (
    theme.TEAM_COLORS[0], theme.TEAM_COLORS[1], (126, 204, 120), (190, 146, 236),
    (236, 206, 92), (236, 124, 178), (96, 206, 206),
)
PULSE_HZ = 0.9
PLATE_TOP = (40, 58, 48, 238)
PLATE_BOTTOM = (16, 26, 21, 238)
GLOW = (255, 214, 96)
HINT_GLOW = (120, 222, 255)  # the Hint's card glow and the ring round a hinted button
BUBBLE_PX = 20  # the font size of the seats' speech bubbles


def side_color(side: int) -> tuple[int, int, int]:
    """The colour that marks a side on plates, panels and charts."""
    return SIDE_COLORS[side % len(SIDE_COLORS)]


@dataclass
class CardItem:
    """One card the table draws: where, which, face up or not, whose it is."""

    card: Card | None
    face_up: bool
    rect: pygame.Rect
    owner: int | None  # the seat whose hand or pile it belongs to; None for the trick and the stock
    dimmed: bool = False
    glow: tuple[int, int, int] | None = None
    shadow: bool = True
    sideways: bool = False  # a won trick, lying turned on its pile
    footprint: bool = False  # the resting place a lifted card left: still that card's (clicks play it)


@dataclass
class HandState:
    """How the bottom hand looks this frame: which cards are legal, hovered, selected, hidden."""

    legal: set[Card] | None = None  # None: nothing to choose now (no dimming)
    hover: Card | None = None
    selected: set[Card] = field(default_factory=set)
    focus: Card | None = None  # the keyboard's card
    hidden: set[Card] = field(default_factory=set)  # in flight: drawn by the animation instead
    x: dict[Card, int] = field(default_factory=dict)  # where cards are while the fan closes a gap
    hint: set[Card] = field(default_factory=set)  # the Hint's card(s): lifted and glowing
    marked: set[Card] = field(default_factory=set)  # cards that just arrived (Double Nil exchange, redraw)


class TableView:
    """Layout, rotation and drawing of the table for one game and window size."""

    def __init__(self, kind: str, num_seats: int, teams: list[list[int]], names: list[str],
                 size: tuple[int, int], hand_size: int, art: CardArtCache | None = None) -> None:
        self.kind = kind
        self.art = art  # where card renderings come from (the context's ``ctx.art``; None: a shared fallback)
        self.num_seats = num_seats
        self.teams = teams
        self.names = names
        self.hand_size = hand_size
        self.bottom = 0  # the seat drawn at the bottom of the screen
        self.viewer: int | None = None  # whose hand is drawn face up at the bottom
        self._side = {seat: i for i, team in enumerate(teams) for seat in team}
        self.levels: dict[int, str] = {}  # computer seats' levels, shown on their plates ("West \u00b7 Hard")
        self._glows: dict[tuple[object, ...], pygame.Surface] = {}  # cached plate glows, ring, footprints
        self.style: tuple[str, bool, str] = ("classic", False, "green")  # card back, four colours, felt (settings)
        self.resize(size)

    # ----- geometry
    def resize(self, size: tuple[int, int]) -> None:
        """Recompute every rect and the card images for a window size."""
        self.size = (int(size[0]), int(size[1]))
        self.layout = TableLayout(self.size, self.num_seats, self.kind, len(self.teams), self.hand_size)
        lay = self.layout
        self.images = CardImages([lay.card_w, lay.trick_w, lay.small_w, lay.big_w, lay.pile_w], *self.style[:2],
                                 art=self.art)
        self._glows.clear()

    def set_style(self, back_style: str, four_color: bool, felt: str) -> None:
        """Use this card back, deck colours and felt (the settings); card images are remade when they change."""
        style = (back_style, bool(four_color), felt)
        if style != self.style:
            self.style = style
            self.resize(self.size)

    def slot_of(self, seat: int) -> int:
        """The screen slot of a seat (slot 0 is the bottom)."""
        return (seat - self.bottom) % self.num_seats

    def spot(self, seat: int) -> SeatSpot:
        """The seat's place on screen."""
        return self.layout.spots[self.slot_of(seat)]

    def side_of(self, seat: int) -> int:
        """The seat's side."""
        return self._side[seat]

    def px(self, design: float) -> int:
        """A design length in pixels."""
        return self.layout.px(design)

    def trick_rect(self, seat: int) -> pygame.Rect:
        """Where the seat's card lies in the trick."""
        return self.layout.trick_rect(self.slot_of(seat))

    def hand_cards(self, model: TableModel) -> list[Card | None]:
        """The bottom hand, left to right: the viewer's cards, or unknown backs."""
        seat = self.bottom
        hand = model.hands.get(seat) if self.viewer == seat else None
        if hand is not None and model.dealt is None:
            return list(hand)
        count = model.hand_sizes[seat] if model.dealt is None else self.hand_target(model)
        return [None] * count

    def hand_target(self, model: TableModel) -> int:
        """How many cards the bottom hand will hold once the deal lands."""
        hand = model.hands.get(self.bottom) if self.viewer == self.bottom else None
        return len(hand) if hand is not None else model.hand_sizes[self.bottom]

    def hand_rect_of(self, model: TableModel, card: Card, state: HandState | None = None) -> pygame.Rect | None:
        """The rect of one of the viewer's cards in the bottom fan (lifted when hovered or selected)."""
        cards = self.hand_cards(model)
        if card not in cards:
            return None
        return self._hand_rects(cards, state)[cards.index(card)]

    def _hand_rects(self, cards: list[Card | None], state: HandState | None) -> list[pygame.Rect]:
        """The fan's rects, lifted as the state says, at the cards' sliding positions."""
        rects = self.layout.hand_rects(len(cards), self._lifted(cards, state))
        if state is not None and state.x:
            for card, rect in zip(cards, rects, strict=True):
                if card is not None and card in state.x:
                    rect.x = state.x[card]
        return rects

    def _lifted(self, cards: list[Card | None], state: HandState | None) -> set[int]:
        if state is None:
            return set()
        out = set()
        for i, card in enumerate(cards):
            if card is None:
                continue
            if card in state.selected or card in state.hint:
                out.add(i)
            elif state.legal is not None and card in state.legal and card in (state.hover, state.focus):
                out.add(i)
        return out

    def card_at(self, model: TableModel, pos: tuple[int, int], state: HandState | None = None) -> Card | None:
        """The viewer's card drawn on top at ``pos`` (a lifted card's footprint counts as that card), or None."""
        for rect, card in self.hand_hits(model, state or HandState()):
            if rect.collidepoint(pos):
                return card
        return None

    def hand_hits(self, model: TableModel, state: HandState) -> list[tuple[pygame.Rect, Card]]:
        """The hand's face-up cards and footprints as (rect, card), topmost first: the drawing order reversed,
        so whatever is drawn on top at a point is what a click there plays."""
        return [(item.rect, item.card) for item in reversed(self._hand_items(model, state, False))
                if item.card is not None]

    def source_of(self, model: TableModel, seat: int, card: Card | None) -> tuple[tuple[int, int], int]:
        """Where a card leaving the seat's hand starts: its centre and width."""
        if self.slot_of(seat) == 0:
            if card is not None:
                rect = self.hand_rect_of(model, card)
                if rect is not None:
                    return rect.center, rect.width
            return self.layout.fan.center, self.layout.card_w
        rects = self.layout.back_rects(self.slot_of(seat), max(1, model.hand_sizes[seat]))
        return rects[len(rects) // 2].center, self.layout.small_w

    def bubble_rect(self, seat: int, message: str) -> pygame.Rect:
        """Where the seat's speech bubble saying ``message`` is drawn (beside its plate, clear of every plate)."""
        return self.layout.bubble_rect(self.slot_of(seat), pill_size(message, self.px(BUBBLE_PX)))

    def pile_point(self, seat: int) -> tuple[int, int]:
        """The centre of the seat's won-tricks pile."""
        return self.spot(seat).pile.center

    def pile_at(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on any seat's won-tricks pile."""
        return any(spot.pile.inflate(self.px(8), self.px(8)).collidepoint(pos) for spot in self.layout.spots)

    # ----- what is drawn
    def items(self, model: TableModel, hand: HandState, hide_hands: bool = False,
              drawn_card: Card | None = None) -> list[CardItem]:
        """Every card the table draws this frame, bottom layer first (piles, backs, trick, hand, drawn card)."""
        out: list[CardItem] = []
        lay = self.layout
        if model.kind == "spades-two" and model.phase in (Phase.DRAWING, Phase.REDRAW):
            out += self._stock_items(model)
        for seat in range(self.num_seats):
            slot = self.slot_of(seat)
            for rect in lay.pile_rects(slot, model.tricks_won[seat]):
                out.append(CardItem(None, False, rect, seat, shadow=False, sideways=True))
            if slot != 0:
                out += self._seat_items(model, seat, slot)
        for seat, card in model.trick:
            out.append(CardItem(card, True, self.trick_rect(seat), None))
        out += self._hand_items(model, hand, hide_hands)
        if drawn_card is not None and not hide_hands:
            out.append(CardItem(drawn_card, True, lay.drawn.copy(), self.bottom, glow=GLOW))
        return out

    def _seat_items(self, model: TableModel, seat: int, slot: int) -> list[CardItem]:
        """The cards another seat holds, as the table shows them: face down."""
        return [CardItem(None, False, rect, seat) for rect in self.layout.back_rects(slot, model.shown_count(seat))]

    def _stock_items(self, model: TableModel) -> list[CardItem]:
        lay = self.layout
        out = []
        for pile, count in ((lay.stock, model.stock_size), (lay.discard, model.discard_count)):
            layers = min(6, (count + 3) // 4)
            for i in range(layers):
                out.append(CardItem(None, False, pile.move(-i * self.px(1), -i * self.px(1)), None, shadow=i == 0))
        return out

    def _hand_items(self, model: TableModel, hand: HandState, hide: bool) -> list[CardItem]:
        cards = self.hand_cards(model)
        if not cards:
            return []
        rects = self._hand_rects(cards, hand)
        landed = model.dealt[self.bottom] if model.dealt is not None else len(cards)  # fewer while dealing
        resting = self._hand_rects(cards, HandState(x=hand.x))
        out = []
        n = len(cards)
        for i, (card, rect) in enumerate(zip(cards, rects, strict=False)):
            if i >= landed or (card is not None and card in hand.hidden):
                continue
            face = card is not None and not hide and self._revealed(model, i, n)
            if face and rect.top != resting[i].top:
                # A lifted card keeps its resting place (drawn as its shadow): the strip it uncovered is
                # still this card's, so the pointer there neither plays a neighbour nor makes hover flicker.
                out.append(CardItem(card, False, resting[i], self.bottom, shadow=False, footprint=True))
            legal = hand.legal
            dimmed = face and legal is not None and card not in legal and card not in hand.selected
            glow = None
            if face and card in hand.selected:
                glow = GLOW
            elif face and card in hand.hint:
                glow = HINT_GLOW
            elif face and card == hand.focus and legal is not None:
                glow = (250, 250, 240)
            out.append(CardItem(card if face else None, face, rect, self.bottom, dimmed, glow))
        return out

    @staticmethod
    def _revealed(model: TableModel, index: int, count: int) -> bool:
        """During the post-deal flip, cards turn face up from left to right."""
        if model.revealed >= 1.0:
            return True
        return model.revealed * (count + 2) - index >= 1.5

    # ----- drawing
    def draw(self, surface: pygame.Surface, model: TableModel, hand: HandState,
             to_act: int | None, hide_hands: bool = False, drawn_card: Card | None = None,
             status: dict[int, str] | None = None) -> None:
        """Draw the whole table under the panels: felt, plates, cards."""
        theme.draw_felt(surface, self.style[2])
        self._draw_table_ring(surface)
        for seat in range(self.num_seats):
            self.draw_plate(surface, model, seat, to_act == seat, (status or {}).get(seat))
        for item in self.items(model, hand, hide_hands, drawn_card):
            if item.sideways:
                surface.blit(self.images.sideways_back(self.layout.pile_w), item.rect)
                continue
            if item.footprint:
                surface.blit(self._footprint(item.rect.size), item.rect)
                continue
            draw_card(surface, self.images, item.card, item.face_up, item.rect, item.shadow, item.dimmed, item.glow)
        if model.kind == "spades-two" and model.phase in (Phase.DRAWING, Phase.REDRAW):
            self._draw_pile_labels(surface, model)
        if not hide_hands:
            self._draw_arrival_marks(surface, model, hand)

    def arrival_mark_rects(self, model: TableModel, hand: HandState) -> dict[Card, pygame.Rect]:
        """Where the "New" tag of each card that just arrived goes: above the card's visible strip."""
        cards = self.hand_cards(model)
        rects = self._hand_rects(cards, hand)
        out = {}
        size = max(10, self.px(18))
        w, h = text.measure("New", size, bold=True)
        for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
            if card is None or card not in hand.marked:
                continue
            right = rects[i + 1].left if i + 1 < len(rects) else rect.right
            tag = pygame.Rect(0, 0, w + self.px(10), h + self.px(2))
            tag.midbottom = ((rect.left + right) // 2, rect.top - self.px(3))
            out[card] = tag
        return out

    def _draw_arrival_marks(self, surface: pygame.Surface, model: TableModel, hand: HandState) -> None:
        size = max(10, self.px(18))
        for tag in self.arrival_mark_rects(model, hand).values():
            theme.draw_shadow(surface, tag, tag.height // 2, blur_px=self.px(6), offset=(0, self.px(2)), alpha=140)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, tag, border_radius=tag.height // 2)
            text.blit_text(surface, "New", size, theme.TEXT_DARK, tag.center, "center", bold=True)

    def draw_lead_mark(self, surface: pygame.Surface, model: TableModel) -> None:
        """A small gold "Led" tag on the top edge of the card that led the trick in progress."""
        if not model.trick:
            return
        rect = self.trick_rect(model.trick[0][0])
        size = max(10, self.px(18))
        w, h = text.measure("Led", size, bold=True)
        tag = pygame.Rect(0, 0, w + self.px(12), h + self.px(2))
        tag.center = (rect.centerx, rect.top)
        pygame.draw.rect(surface, theme.GOLD_LIGHT, tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, theme.GOLD_DARK, tag, max(1, self.px(1)), border_radius=tag.height // 2)
        text.blit_text(surface, "Led", size, theme.TEXT_DARK, tag.center, "center", bold=True)

    def _draw_table_ring(self, surface: pygame.Surface) -> None:
        """A faint gold oval around the centre of the table."""
        lay = self.layout
        rect = pygame.Rect(0, 0, max(lay.trick_area.width + self.px(90), self.px(330)),
                           max(lay.trick_area.height + self.px(40), self.px(290)))
        rect.center = lay.centre
        key = ("ring", rect.size)
        ring = self._glows.get(key)
        if ring is None:
            ring = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(ring, (*theme.GOLD_LIGHT, 38), ring.get_rect(), max(1, self.px(2)))
            pygame.draw.ellipse(ring, (0, 0, 0, 26), ring.get_rect().inflate(-self.px(10), -self.px(10)))
            self._glows[key] = ring
        surface.blit(ring, rect)

    def _draw_pile_labels(self, surface: pygame.Surface, model: TableModel) -> None:
        lay = self.layout
        size = self.px(17)
        for pile, label in ((lay.stock, f"Stock {model.stock_size}"), (lay.discard, f"Discards {model.discard_count}")):
            text.blit_text(surface, label, size, theme.TEXT_DIM, (pile.centerx, pile.bottom + self.px(8)), "midtop",
                           shadow=(0, 0, 0), shadow_px=1)

    def plate_line(self, model: TableModel, seat: int) -> str:
        """The second line of a seat's plate: its bid and tricks won this hand."""
        bid = model.bids[seat] if seat < len(model.bids) else None
        parts = []
        if model.kind == "pitch":
            if model.pitcher == seat and model.phase is Phase.PLAYING:
                parts.append(f"Pitcher, bid {model.high_bid}")
            elif bid is not None:
                parts.append(bid_text(bid) if bid == "pass" else f"Bid {bid_text(bid)}")
        elif bid is not None:
            parts.append(bid_text(bid) if isinstance(bid, str) else f"Bid {bid}")
        if model.phase is Phase.PLAYING or model.tricks_won[seat]:
            parts.append(f"Won {model.tricks_won[seat]}")
        return "  \u00b7  ".join(parts) if parts else ""

    def draw_glow(self, surface: pygame.Surface, seat: int, time_s: float) -> None:
        """The gentle pulsing glow around the plate of the seat to act (drawn every frame, over the table)."""
        rect = self.spot(seat).plate
        pulse = 0.5 + 0.5 * math.sin(time_s * math.tau * PULSE_HZ)
        glow = self._plate_glow(rect.size)
        glow.set_alpha(round(90 + 165 * pulse))
        pad = self.px(14)
        surface.blit(glow, (rect.x - pad, rect.y - pad))

    def draw_plate(self, surface: pygame.Surface, model: TableModel, seat: int, active: bool,
                   status: str | None) -> None:
        """A seat's name plate: side colour, name, bid and tricks, dealer chip (gold edge when to act)."""
        spot = self.spot(seat)
        rect = spot.plate
        r = self.px(12)
        theme.draw_shadow(surface, rect, r, blur_px=self.px(10), offset=(0, self.px(5)), alpha=120)
        border = theme.GOLD_LIGHT if active else theme.GOLD_DARK
        surface.blit(theme.rounded_surface(rect.size, r, PLATE_TOP, PLATE_BOTTOM, border, max(1, self.px(2))), rect)
        stripe = pygame.Rect(rect.x + self.px(7), rect.y + self.px(10), self.px(5), rect.height - self.px(20))
        pygame.draw.rect(surface, side_color(self.side_of(seat)), stripe, border_radius=self.px(3))
        x = stripe.right + self.px(9)
        name_size = self.px(23)
        chip_r = self.px(12)
        name_w = rect.right - x - 2 * chip_r - self.px(12)
        name = self.names[seat]
        level = self.levels.get(seat)
        name_size = text.fit_size(f"{name} \u00b7 {level}" if level else name, name_size, name_w, bold=True)
        at = text.blit_text(surface, name, name_size, theme.TEXT, (x, rect.y + self.px(9)), bold=True)
        if level:
            text.blit_text(surface, f" \u00b7 {level}", name_size, theme.GOLD_LIGHT, at.midright, "midleft")
        line = status if status else self.plate_line(model, seat)
        if line:
            size = text.fit_size(line, self.px(18), rect.right - x - self.px(8))
            color = theme.GOLD_LIGHT if status else theme.TEXT_DIM
            text.blit_text(surface, line, size, color, (x, rect.bottom - self.px(9)), "bottomleft")
        if seat == model.dealer:
            self._draw_chip(surface, (rect.right - chip_r - self.px(8), rect.y + chip_r + self.px(7)), chip_r,
                            "1st" if model.kind == "spades-two" else "D")

    def _footprint(self, size: tuple[int, int]) -> pygame.Surface:
        """The shadow a lifted card casts on its resting place: dark, card-shaped, a thin gold edge."""
        key = ("footprint", size)
        image = self._glows.get(key)
        if image is None:
            image = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(3, round(size[0] * 0.07))
            pygame.draw.rect(image, (6, 14, 10, 232), image.get_rect(), border_radius=radius)
            pygame.draw.rect(image, (*theme.GOLD_DARK, 220), image.get_rect(), max(1, self.px(2)), border_radius=radius)
            self._glows[key] = image
        return image

    def _plate_glow(self, size: tuple[int, int]) -> pygame.Surface:
        glow = self._glows.get(size)
        if glow is None:
            pad = self.px(14)
            glow = theme.shadow_surface(size, self.px(14), pad, alpha=255).copy()
            glow.fill((*GLOW, 0), special_flags=pygame.BLEND_RGB_MAX)
            inner = pygame.Rect(pad, pad, size[0], size[1])
            pygame.draw.rect(glow, (*GLOW, 0), inner, border_radius=self.px(12))  # the plate itself stays clear
            self._glows[size] = glow
        return glow

    def _draw_chip(self, surface: pygame.Surface, center: tuple[int, int], radius: int, label: str) -> None:
        pygame.draw.circle(surface, (0, 0, 0), (center[0], center[1] + max(1, radius // 6)), radius)
        pygame.draw.circle(surface, (246, 240, 224), center, radius)
        pygame.draw.circle(surface, theme.GOLD, center, radius, max(1, radius // 5))
        size = text.fit_size(label, round(radius * 1.35), round(radius * 1.5), bold=True)
        text.blit_text(surface, label, size, theme.TEXT_DARK, center, "center", bold=True)
