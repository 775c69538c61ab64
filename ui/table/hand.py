"""The viewer's hand as the window handles it: what the pointer and the keyboard have chosen, where each card
is drawn (the cards glide when the fan changes), and the two-player drawn card's flight from the stock.

No engine here: the table hands in the decision (its legal cards), the cards shown and the layout. The
keyboard's choice only ever rests on a card the decision allows (a playable card when playing, any card of
an exchange or redraw); ``focus`` is its index into the shown hand.
"""

from __future__ import annotations

import math

import pygame

from game.actions import Discard, Play
from game.cards import Card
from ui.draw.sprites import Flight
from ui.draw.tween import ease_out_cubic
from ui.table.layout import TableLayout
from ui.table.panels.bid_panel import Decision
from ui.table.view import HandState

DRAW_FLIGHT_S = 0.32  # the drawn card's flight from the stock, at Normal speed


CARD_CHOICES = ("play", "discard")  # the decisions made one card at a time: play it, put it down


def legal_cards(decision: Decision) -> set[Card]:
    """The cards a decision made one card at a time allows (a card played, a card put down)."""
    return {a.card for a in decision.legal if isinstance(a, (Play, Discard))}


def choosable(decision: Decision, hand: list[Card]) -> list[int]:
    """The indexes of ``hand`` the keyboard may rest on: the playable cards when playing (the cards that may
    be put down in a draw), every card of an exchange or redraw, none otherwise."""
    if decision.kind in CARD_CHOICES:
        legal = legal_cards(decision)
        return [i for i, card in enumerate(hand) if card in legal]
    if decision.kind in ("exchange", "redraw"):
        return list(range(len(hand)))
    return []


def visible_point(rect: pygame.Rect, right: pygame.Rect | None) -> tuple[int, int]:
    """A point on the part of a card at ``rect`` not covered by the card to its right (at ``right``)."""
    if right is not None and right.left > rect.left:
        return ((rect.left + right.left) // 2, rect.centery)
    return rect.center


class ViewerHand:
    """The viewer's choices in the hand and how it is drawn between frames (none of it game state)."""

    def __init__(self) -> None:
        self.hover: Card | None = None  # the card under the pointer
        self.pressed: Card | None = None  # the card the left button went down on
        self.focus: int | None = None  # the keyboard's choice, an index into the shown hand
        self.selected: set[Card] = set()  # chosen cards: an exchange, a redraw, a card waiting to be confirmed
        self.hinted: Card | None = None  # the hinted card the keyboard's choice last moved to
        self.fan_x: dict[Card, float] = {}  # where each card is drawn (they glide)
        self.drawn_shown: Card | None = None  # two-player: the drawn card last shown, and its flight in
        self.drawn_flight: Flight | None = None

    def clear(self) -> None:
        """Forget every choice under way (an action was made, the curtain came down, the table was reset)."""
        self.hover = self.pressed = None
        self.focus = None
        self.selected.clear()

    def reset(self) -> None:
        """Forget the choices and where the cards were drawn (undo: the table is drawn afresh)."""
        self.clear()
        self.fan_x = {}
        self.drawn_shown = None
        self.drawn_flight = None

    # ----- the keyboard's choice
    def resting(self, decision: Decision, hand: list[Card]) -> int | None:
        """Where the keyboard's choice rests: ``focus`` moved onto a card the decision allows (the next one to
        the right, else the last) when the hand changed under it; None when the keyboard has chosen nothing."""
        candidates = choosable(decision, hand)
        if self.focus is None or not candidates:
            return None
        if self.focus in candidates:
            return self.focus
        later = [i for i in candidates if i > self.focus]
        return later[0] if later else candidates[-1]

    def focused(self, decision: Decision, hand: list[Card]) -> Card | None:
        """The card the keyboard has chosen (``resting``, which becomes ``focus``), or None."""
        self.focus = self.resting(decision, hand) if self.focus is not None else None
        return hand[self.focus] if self.focus is not None else None

    def move_focus(self, decision: Decision, hand: list[Card], step: int) -> None:
        """Move the keyboard's choice ``step`` allowed cards on, round the hand (0: stay, or take the first)."""
        candidates = choosable(decision, hand)
        if not candidates:
            self.focus = None
            return
        if self.focused(decision, hand) is None:
            self.focus = candidates[0] if step >= 0 else candidates[-1]
            return
        assert self.focus is not None
        self.focus = candidates[(candidates.index(self.focus) + step) % len(candidates)]

    def focus_on(self, decision: Decision, hand: list[Card], card: Card) -> None:
        """Make ``card`` the keyboard's choice, when the decision allows it (a hinted or clicked card)."""
        if card in hand and hand.index(card) in choosable(decision, hand):
            self.focus = hand.index(card)

    def waiting(self, decision: Decision) -> Card | None:
        """The card chosen by a first click and waiting for the confirming one (the confirm-before-playing
        setting), when the decision still allows it; None otherwise."""
        if decision.kind != "play":
            return None
        legal = {a.card for a in decision.legal if isinstance(a, Play)}
        return next((card for card in sorted(self.selected) if card in legal), None)

    def follow_hint(self, decision: Decision, hand: list[Card], card: Card | None) -> None:
        """A hinted card to play becomes the keyboard's choice, once when the hint comes (Enter then plays it)."""
        if card is not None and card != self.hinted:
            self.focus_on(decision, hand, card)
        self.hinted = card

    # ----- how the hand is drawn
    def state(self, decision: Decision, hand: list[Card] | None, hint: set[Card], marked: set[Card]) -> HandState:
        """How the hand is drawn now: the cards that may be chosen, the hovered, chosen and focused ones."""
        cards = list(hand or ())
        index = self.resting(decision, cards)
        focus = cards[index] if index is not None else None
        x = {card: round(pos) for card, pos in self.fan_x.items()}
        hint = hint & set(cards)
        if decision.kind in CARD_CHOICES:
            legal = legal_cards(decision)
            chosen = self.selected & legal  # a card waiting for the confirming click (a setting)
            return HandState(legal, self.hover, chosen, focus, x=x, hint=hint, marked=marked)
        if decision.kind in ("exchange", "redraw"):
            return HandState(set(cards), self.hover, set(self.selected), focus, x=x, hint=hint, marked=marked)
        return HandState(None, None, set(), None, x=x, marked=marked)

    def slide(self, cards: list[Card], targets: list[int], dt_s: float, speed: float) -> None:
        """Glide each card of ``cards`` towards its place ``targets`` (x of each, in order)."""
        k = 1.0 if speed <= 0 else 1.0 - math.exp(-dt_s * 14.0 / speed)
        placed: dict[Card, float] = {}
        for card, target in zip(cards, targets, strict=True):
            x = self.fan_x.get(card)
            x = float(target) if x is None else x + (target - x) * k
            placed[card] = float(target) if abs(target - x) < 0.6 else x
        self.fan_x = placed

    def fly_drawn(self, card: Card | None, layout: TableLayout, dt_s: float, speed: float) -> None:
        """Two-player drawing: the card just taken turns over on its way from the stock (once per card)."""
        if card is not None and card != self.drawn_shown:
            self.drawn_flight = Flight(card, True, layout.stock.center, layout.drawn.center, layout.trick_w,
                                       layout.big_w, DRAW_FLIGHT_S * speed, ease=ease_out_cubic, flip=True)
        self.drawn_shown = card
        if card is None:
            self.drawn_flight = None
        elif self.drawn_flight is not None and self.drawn_flight.update(dt_s):
            self.drawn_flight = None

    def drawn_arrived(self, card: Card | None) -> bool:
        """True once the drawn ``card`` has landed face up (or there is none)."""
        return card is None or (card == self.drawn_shown and self.drawn_flight is None)
