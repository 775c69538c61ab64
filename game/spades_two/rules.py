"""Spades for two players: drawing from the stock, Double Nil redraw, bidding, play (rules/spades-two.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.actions import DOUBLE_NIL, NIL, Action, Bid, BidValue, Draw, IllegalAction, Look, Redraw, bid_actions
from game.cards import DECK, SPADES, Card, cards_of, undealt
from game.chance import Chance
from game.events import BID_MADE, DOUBLE_NIL_DECLARED, DREW, HAND_STARTED, REDRAWN, Event
from game.facts import GameFacts
from game.options import SpadesOptions, SpadesTwoOptions
from game.spades.rules import HAND_SIZE, BlindHandLog, SpadesRules
from game.state import Phase

MAX_REDRAW = 3
FACTS = GameFacts("spades-two", "Spades for two", 2, 2, 2, hand_size=HAND_SIZE, packet=0,
                  named_bids=(NIL, DOUBLE_NIL), look_is_decision=True, has_bags=True, trump=SPADES,
                  trump_must_break=True, auction=False, redraw_max=MAX_REDRAW, seen_discards=True)


def deck_for_deal(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The stock (top first) after which drawing gives ``hands``: there is no deal, ``dealer`` draws first.

    Each player keeps the first card of every turn and discards the second (the 26 cards in no
    hand are the discards, in deck order). Raises ValueError when ``hands`` cannot end the drawing.
    """
    discards = undealt(dealer, hands, num_seats)
    if len(hands) != 2 or any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError("Spades for two ends the drawing with 13 cards in each hand")
    stock: list[Card] = []
    for turn in range(2 * HAND_SIZE):
        seat = (dealer + turn) % 2  # the players alternate, the first drawer first
        stock += [DECK[hands[seat][turn // 2]], discards[turn]]
    return stock


@dataclass
class SpadesTwoHandLog(BlindHandLog):
    """A two-player Spades hand's log: the first drawer, the shuffled stock, the draws and redraws.

    ``draws`` holds one ``(seat, kept, dropped, kept the first card)`` per draw; ``redraw`` one
    ``(seat, cards thrown, cards drawn)`` per Double Nil redraw that replaced cards.
    """

    first: int = 0
    stock: list[Card] = field(default_factory=list)
    draws: list[tuple[int, Card, Card, bool]] = field(default_factory=list)
    redraw: list[tuple[int, list[Card], list[Card]]] = field(default_factory=list)

    def start(self) -> tuple[object, ...]:
        """The first drawer and the stock."""
        return (self.first, tuple(self.stock))


class SpadesTwoGame(SpadesRules):
    """Two-player Spades: each seat scores alone; ``dealer`` is the first drawer of the hand."""

    kind = FACTS.name
    facts = FACTS
    log: SpadesTwoHandLog

    def __init__(self, options: SpadesOptions | None = None, seed: int | None = None,
                 chance: Chance | None = None) -> None:
        super().__init__(SpadesTwoOptions.of(options or SpadesTwoOptions()), 2, [[0], [1]], seed, chance)
        self._setup_spades()
        self._deal([])

    @property
    def first(self) -> int:
        """The seat that draws first this hand (the other bids and leads first)."""
        return self.dealer

    @property
    def second(self) -> int:
        """The seat that draws second, bids first and leads to the first trick."""
        return self.next_seat(self.dealer)

    def _deal(self, events: list[Event] | None) -> None:
        self._start_hand_state(SpadesTwoHandLog(first=self.first))
        self.stock: list[Card] = self._shuffled_deck()
        self.stock_pos = 0
        self.discards = 0
        self.looked = [not self.options.double_nil] * 2
        self.redraw_queue: list[int] = []
        self.log.stock = list(self.stock)
        self.phase = Phase.DRAWING
        self.to_act = self.first
        if events is not None:
            events.append(Event(HAND_STARTED, self.first, value=self.hand_number))

    # ----- what may be done
    def _legal_other(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        if self.phase is Phase.DRAWING:
            if not self.looked[seat]:
                return [Look(seat), Bid(seat, DOUBLE_NIL)]
            return [Draw(seat, True), Draw(seat, False)]
        if self.phase is Phase.REDRAW:
            hand = cards_of(self.hands[seat])
            return [Redraw(seat, combo) for k in range(MAX_REDRAW + 1) for combo in combinations(hand, k)]
        return list(bid_actions(seat, self.numeric_bids()))

    def _why_not_look(self, seat: int) -> str | None:
        if self.phase is not Phase.DRAWING or seat != self.to_act:
            return "You look at your cards as you draw them."
        return None

    def _why_not_other(self, action: Action) -> str | None:
        seat = self.to_act
        assert seat is not None
        if self.phase is Phase.DRAWING:
            if isinstance(action, Bid) and action.value == DOUBLE_NIL:
                if not self.options.double_nil:
                    return "Double Nil is not allowed in this game."
                if self.looked[seat]:
                    return "Double Nil may only be declared before you take your first card."
                return None
            if not isinstance(action, Draw):
                return self._kind_error(action, "draw")
            if not self.looked[seat]:
                return "Take your first card (or declare Double Nil) first."
            if not isinstance(action.keep, bool):
                return "Keep (True) or discard (False) the card you took."
            return None
        if self.phase is Phase.REDRAW:
            if not isinstance(action, Redraw):
                return self._kind_error(action, "choose up to three cards to replace")
            cards = action.cards
            if not isinstance(cards, (tuple, list)) or len(cards) > MAX_REDRAW:
                return "Choose up to three different cards to replace."
            for card in cards:
                if not (type(card) in (int, Card) and 0 <= card < 52 and self.hands[seat] >> card & 1):
                    return f"You do not hold {card}."
            if len(set(cards)) != len(cards):
                return "Choose up to three different cards to replace."
            return None
        if self.phase is not Phase.BIDDING:
            return self._kind_error(action, "play a card")
        if isinstance(action, Bid) and action.value == DOUBLE_NIL and self.options.double_nil:
            return "Double Nil must be declared before drawing."
        return self._why_not_bid(action)

    def _bid_choices(self, seat: int) -> tuple[BidValue, ...]:
        return self._numeric_bids

    # ----- doing it
    def _apply_other(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Draw):
            self._draw(action, events)
        elif isinstance(action, Bid) and self.phase is Phase.DRAWING:
            seat = action.seat
            self.looked[seat] = True
            self.bids[seat] = DOUBLE_NIL
            self.log.blind.append(seat)
            events.append(Event(DOUBLE_NIL_DECLARED, seat))
        elif isinstance(action, Bid):
            self._bid(action, events)
        elif isinstance(action, Redraw):
            self._redraw(action, events)
        else:  # pragma: no cover - why_illegal refuses it first
            raise IllegalAction(f"Unexpected action {action}.")

    def _draw(self, action: Draw, events: list[Event]) -> None:
        seat = action.seat
        first, second = self.stock[self.stock_pos], self.stock[self.stock_pos + 1]
        kept, dropped = (first, second) if action.keep else (second, first)
        self.hands[seat] |= 1 << kept
        self.discards |= 1 << dropped
        self.stock_pos += 2
        self.log.draws.append((seat, kept, dropped, action.keep))
        events.append(Event(DREW, seat, value=action.keep))
        if self.stock_pos < len(self.stock):
            self.to_act = self.next_seat(seat)
            return
        self.redraw_queue = [s for s in (self.first, self.second) if s in self.log.blind]
        if self.redraw_queue:
            self.phase = Phase.REDRAW
            self.to_act = self.redraw_queue[0]
        else:
            self._start_bidding()

    def _redraw(self, action: Redraw, events: list[Event]) -> None:
        seat = action.seat
        thrown = [DECK[c] for c in action.cards]
        pool = cards_of(self.discards)
        drawn = self._sample(pool, len(thrown)) if thrown else []
        for card in thrown:
            self.hands[seat] ^= 1 << card
        for card in drawn:
            self.hands[seat] |= 1 << card
            self.discards ^= 1 << card
        for card in thrown:
            self.discards |= 1 << card
        if thrown:
            self.log.redraw.append((seat, thrown, drawn))
        events.append(Event(REDRAWN, seat, value=len(thrown)))
        self.redraw_queue.pop(0)
        if self.redraw_queue:
            self.to_act = self.redraw_queue[0]
        else:
            self._start_bidding()

    def _start_bidding(self) -> None:
        for seat in self.log.blind:
            self.log.bids.append((seat, DOUBLE_NIL))
        self.phase = Phase.BIDDING
        self._next_bidder(None)

    def _next_bidder(self, after: int | None) -> None:
        order = [self.second, self.first]
        start = 0 if after is None else order.index(after) + 1
        for seat in order[start:]:
            if self.bids[seat] is None:
                self.to_act = seat
                return
        self.phase = Phase.PLAYING
        self.to_act = self.second

    def _bid(self, action: Bid, events: list[Event]) -> None:
        self.bids[action.seat] = action.value
        self.log.bids.append((action.seat, action.value))
        events.append(Event(BID_MADE, action.seat, value=action.value))
        self._next_bidder(action.seat)

    # ----- views
    def _drawn_card_for(self, seat: int) -> Card | None:
        if self.phase is Phase.DRAWING and seat == self.to_act and self.looked[seat]:
            return self.stock[self.stock_pos]
        return None

    def _stock_size(self) -> int:
        """The cards still face down in the stock (a card taken and being decided on is no longer in it)."""
        if self.phase is not Phase.DRAWING or self.to_act is None:
            return 0
        return len(self.stock) - self.stock_pos - (1 if self.looked[self.to_act] else 0)

    def _copy_extra(self, state: dict[str, Any]) -> None:
        state["redraw_queue"] = self.redraw_queue[:]

    def _bid_order(self) -> tuple[tuple[int, BidValue], ...]:
        if self.phase is Phase.DRAWING or self.phase is Phase.REDRAW:  # Double Nil is listed when declared
            return tuple((seat, DOUBLE_NIL) for seat in self.log.blind)
        return tuple(self.log.bids)

    def _redraw_counts(self) -> tuple[int | None, ...]:
        """Per seat, the number of cards replaced in its Double Nil redraw (0: kept them); None until it has redrawn.

        Public: the opponent sees how many cards were exchanged, never which.
        """
        if self.phase is Phase.DRAWING:
            return (None, None)
        thrown = {seat: len(cards) for seat, cards, _ in self.log.redraw}
        return tuple(thrown.get(seat, 0) if seat in self.log.blind and seat not in self.redraw_queue else None
                     for seat in range(2))

    def _private_view(self, seat: int) -> dict[str, Any]:
        redraw = next(((thrown, drawn) for s, thrown, drawn in self.log.redraw if s == seat), ((), ()))
        return {"discarded": tuple(dropped for s, _, dropped, _ in self.log.draws if s == seat),
                "redraw_thrown": tuple(redraw[0]), "redraw_drawn": tuple(redraw[1]),
                "discard_size": self.discards.bit_count()}
