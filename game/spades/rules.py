"""Spades for four players in two partnerships (rules/spades.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Any

from game.actions import (
    DOUBLE_NIL,
    NIL,
    Action,
    Bid,
    BidValue,
    Exchange,
    IllegalAction,
    Look,
    bid_actions,
    bid_text,
    is_bid_value,
)
from game.cards import DECK, SPADES, SUIT_MASKS, SUIT_NAMES, Card, cards_of, undealt
from game.chance import Chance
from game.events import (
    BID_MADE,
    EXCHANGED,
    HAND_STARTED,
    SPADES_BROKEN,
    Event,
)
from game.facts import GameFacts
from game.options import SpadesOptions
from game.scoring import score_spades_side, spades_winner
from game.state import HandLog, HandResult, Phase, TrickGame

NON_SPADES = SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
CARD_BITS = [1 << card for card in range(52)]  # a hand's mask is the sum of its cards' bits (a list: fast to map)
HAND_SIZE = 13
EXCHANGE_SIZE = 3
FACTS = GameFacts("spades", "Spades", 4, 4, 4, hand_size=HAND_SIZE, packet=1, named_bids=(NIL, DOUBLE_NIL),
                  look_is_decision=False, has_bags=True, trump=SPADES, trump_must_break=True, auction=False,
                  exchange_size=EXCHANGE_SIZE, always_partners=True)


def deal_hands(deck: Sequence[Card], dealer: int) -> list[list[Card]]:
    """Each seat's 13 cards from a shuffled deck (top first): one at a time, clockwise from the dealer's left."""
    deal: list[list[Card]] = [[]] * 4
    for i in range(4):
        deal[(dealer + 1 + i) % 4] = list(deck[i::4])
    return deal


def deck_for_deal(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The shuffled deck (top first) that deals ``hands`` (by seat): the inverse of ``deal_hands``.

    Raises ValueError when ``hands`` is not a possible deal (13 cards to each of four seats).
    """
    undealt(dealer, hands, num_seats)
    if any(len(hand) != HAND_SIZE for hand in hands) or len(hands) != 4:
        raise ValueError("Spades deals 13 cards to each of four seats")
    return [DECK[hands[(dealer + 1 + i) % 4][i // 4]] for i in range(52)]


@dataclass
class BlindHandLog(HandLog):
    """A Spades hand's log: ``blind`` lists the seats that bid (or declared) Double Nil, in order."""

    blind: list[int] = field(default_factory=list)


@dataclass
class SpadesHandLog(BlindHandLog):
    """A four-player Spades hand's log: who dealt, each seat's 13 dealt cards and the partner exchanges.

    ``exchange`` holds one ``(giver, taker, cards given)`` per Double Nil exchange direction.
    """

    dealer: int = 0
    deal: list[list[Card]] = field(default_factory=list)

    def start(self) -> tuple[object, ...]:
        """The dealer and each seat's dealt cards."""
        return (self.dealer, tuple(tuple(hand) for hand in self.deal))
    exchange: list[tuple[int, int, tuple[Card, ...]]] = field(default_factory=list)


@cache
def bid_made(seat: int, value: BidValue) -> Event:
    """The event of one seat's bid (shared: events are immutable and bidding is on the hot path)."""
    return Event(BID_MADE, seat, value=value)


class SpadesRules(TrickGame):
    """Trick play, bidding checks and scoring common to four- and two-player Spades."""

    options: SpadesOptions
    log: BlindHandLog

    def _setup_spades(self) -> None:
        self.trump = SPADES
        numbers: tuple[BidValue, ...] = ((NIL,) if self.options.nil else ()) + tuple(range(1, 14))
        self._numeric_bids = numbers
        self._blind_bids = numbers + ((DOUBLE_NIL,) if self.options.double_nil else ())

    def numeric_bids(self) -> tuple[BidValue, ...]:
        """The bids a seat that has looked may make: Nil (if allowed) and 1..13."""
        return self._numeric_bids

    def _bid_choices(self, seat: int) -> tuple[BidValue, ...]:
        return self._numeric_bids if self.looked[seat] else self._blind_bids

    def _why_not_bid(self, action: Action) -> str | None:
        if not isinstance(action, Bid):
            return self._kind_error(action, "bid")
        if is_bid_value(action.value) and action.value in self._bid_choices(action.seat):
            return None
        if action.value == DOUBLE_NIL:
            if not self.options.double_nil:
                return "Double Nil is not allowed in this game."
            return "Double Nil may only be bid before looking at your cards."
        if action.value == NIL and not self.options.nil:
            return "Nil is not allowed in this game."
        return f"{bid_text(action.value)} is not a bid: bid {'Nil or ' if self.options.nil else ''}1 to 13."

    # ----- trick play
    @staticmethod
    def lead_mask(hand: int, spades_broken: bool) -> int:
        """Lead anything once spades are broken; before that, spades only from a hand of spades."""
        return hand if spades_broken else (hand & NON_SPADES) or hand

    @staticmethod
    def follow_mask(hand: int, led: int, trump: int | None) -> int:
        """Follow suit if able, otherwise play anything."""
        return (hand & SUIT_MASKS[led]) or hand

    def _play_refusal(self, card: Card) -> str:
        if not self.trick:
            return "Spades are not broken yet: lead another suit."
        return f"You must follow suit ({SUIT_NAMES[self.led_suit]})."

    def _on_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        if card & 3 == SPADES and not self.spades_broken:
            self.spades_broken = True
            if events is not None:
                events.append(Event(SPADES_BROKEN, seat, DECK[card]))

    # ----- scoring
    def _score_hand(self) -> HandResult:
        points = []
        bids, tricks, scores, bags = self.bids, self.tricks_won, self.scores, self.bags
        for side, team in enumerate(self.teams):
            breakdown, bags[side] = score_spades_side([bids[s] for s in team], [tricks[s] for s in team], bags[side])
            scores[side] += breakdown["total"]
            points.append(breakdown)
        return HandResult(points, list(scores), list(bags))

    def _game_winner(self, result: HandResult) -> int | None:
        return spades_winner(self.scores, self.options.target, self.options.mercy)

    def _blind_seats(self) -> list[int]:
        return list(self.log.blind)


class SpadesGame(SpadesRules):
    """Four-player partnership Spades: deal, bid (Nil, Double Nil), exchange, play, score."""

    kind = FACTS.name
    facts = FACTS
    log: SpadesHandLog

    def __init__(self, options: SpadesOptions | None = None, seed: int | None = None,
                 chance: Chance | None = None) -> None:
        super().__init__(options or SpadesOptions(), 4, [[0, 2], [1, 3]], seed, chance)
        self._setup_spades()
        self._deal([])

    def _deal(self, events: list[Event] | None) -> None:
        self._start_hand_state(SpadesHandLog(dealer=self.dealer))
        deal = deal_hands(self._shuffled_deck(), self.dealer)
        for seat in range(4):
            self.hands[seat] = sum(map(CARD_BITS.__getitem__, deal[seat]))
        first = (self.dealer + 1) % 4
        self.looked = [not self.options.double_nil] * 4
        self.log.deal = deal
        self.phase = Phase.BIDDING
        self.to_act = first
        self.pending_exchange: dict[int, tuple[Card, ...]] = {}
        self.exchange_order: list[int] = []
        if events is not None:
            events.append(Event(HAND_STARTED, self.dealer, value=self.hand_number))

    # ----- bidding and exchange
    def _legal_other(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        if self.phase is Phase.BIDDING:
            offered: list[Action] = [] if self.looked[seat] else [Look(seat)]  # look first: the turn stays
            offered.extend(bid_actions(seat, self._bid_choices(seat)))
            return offered
        hand = cards_of(self.hands[seat])
        return [Exchange(seat, combo) for combo in combinations(hand, EXCHANGE_SIZE)]

    def _why_not_other(self, action: Action) -> str | None:
        if self.phase is Phase.BIDDING:
            return self._why_not_bid(action)
        if self.phase is not Phase.EXCHANGE:
            return self._kind_error(action, "play a card")
        if not isinstance(action, Exchange):
            return self._kind_error(action, "choose three cards to give your partner")
        cards = action.cards
        if not isinstance(cards, (tuple, list)) or len(cards) != EXCHANGE_SIZE:
            return "Choose exactly three different cards to give your partner."
        for card in cards:
            if not (type(card) in (int, Card) and 0 <= card < 52 and self.hands[action.seat] >> card & 1):
                return f"You do not hold {card}."
        if len(set(cards)) != EXCHANGE_SIZE:
            return "Choose exactly three different cards to give your partner."
        return None

    def _apply_other(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Bid):
            self._bid(action, events)
        elif isinstance(action, Exchange):
            self._exchange(action, events)
        else:  # pragma: no cover - why_illegal refuses it first
            raise IllegalAction(f"Unexpected action {action}.")

    def _bid(self, action: Bid, events: list[Event]) -> None:
        seat, value = action.seat, action.value
        if value == DOUBLE_NIL:  # he looks at his cards once the bidding round is over
            self.log.blind.append(seat)
        else:
            self.looked[seat] = True
        self.bids[seat] = value
        bids = self.log.bids
        bids.append((seat, value))
        events.append(bid_made(seat, value))
        if len(bids) < 4:
            self.to_act = (seat + 1) % 4
            return
        self.looked = [True] * 4
        self.exchange_order = self._exchange_seats()
        if self.exchange_order:
            self.phase = Phase.EXCHANGE
            self.to_act = self.exchange_order[0]
        else:
            self._start_play()

    def _why_not_look(self, seat: int) -> str | None:
        if self.bids[seat] == DOUBLE_NIL and self.phase is Phase.BIDDING:
            return "A Double Nil bidder looks at his cards once the bidding is over."
        return None

    def _exchange_seats(self) -> list[int]:
        """Double Nil bidders whose partner did not bid Double Nil too, each followed by the partner."""
        order = []
        for seat, bid in self.log.bids:
            if bid == DOUBLE_NIL:
                partner = self.partner(seat)
                assert partner is not None
                if self.bids[partner] != DOUBLE_NIL:
                    order += [seat, partner]
        return order

    def _exchange(self, action: Exchange, events: list[Event]) -> None:
        seat = action.seat
        self.pending_exchange[seat] = tuple(DECK[c] for c in action.cards)
        events.append(Event(EXCHANGED, seat, value=len(action.cards)))
        partner = self.partner(seat)
        if partner in self.pending_exchange:
            for giver, taker in ((seat, partner), (partner, seat)):
                for card in self.pending_exchange[giver]:
                    self.hands[giver] ^= 1 << card
                    self.hands[taker] |= 1 << card
            for giver, taker in ((partner, seat), (seat, partner)):
                self.log.exchange.append((giver, taker, self.pending_exchange[giver]))
        self.exchange_order.pop(0)
        if self.exchange_order:
            self.to_act = self.exchange_order[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAYING
        self.to_act = self.next_seat(self.dealer)

    def _exchange_size(self, seat: int) -> int:
        return EXCHANGE_SIZE if self.phase is Phase.EXCHANGE and seat == self.to_act else 0

    def _copy_extra(self, state: dict[str, Any]) -> None:
        state["pending_exchange"] = dict(self.pending_exchange)
        state["exchange_order"] = self.exchange_order[:]

    def _private_view(self, seat: int) -> dict[str, Any]:
        received = next((cards for _, taker, cards in self.log.exchange if taker == seat), ())
        return {"exchange_given": tuple(self.pending_exchange.get(seat, ())), "exchange_received": tuple(received)}
