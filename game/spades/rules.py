"""Spades for four players in two partnerships (rules/spades.md), or each for himself with three or
four (Cutthroat Spades), under the house rules of rules/house-rules.md."""

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
from game.cards import (
    BIG_JOKER,
    DECK,
    JOKER_DECK,
    JOKER_MASK,
    LITTLE_JOKER,
    RANKS,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    cards_of,
    undealt,
)
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
from game.state import HandLog, HandResult, Phase, TrickGame, trick_winner

NON_SPADES = SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
CARD_BITS = [1 << card for card in range(54)]  # a hand's mask is the sum of its cards' bits (a list: fast to map)
HAND_SIZE = 13
EXCHANGE_SIZE = 3
CUTTHROAT_THREE_HAND = 17  # Cutthroat Spades for three: 51 cards, the 2 of clubs out
CUTTHROAT_OUT = Card.parse("2C")
MIN_SIDE_BID_NOTE = "Your side must bid at least 4"
# The Jokers house rule: the 2 of hearts and 2 of diamonds give way to the Little and Big Joker.
JOKER_SWAP = {Card.parse("2H"): LITTLE_JOKER, Card.parse("2D"): BIG_JOKER}
JOKER_SUIT_OF = tuple(card & 3 for card in DECK) + (SPADES, SPADES)  # the jokers are spades for every rule
JOKER_SUIT_MASKS = (SUIT_MASKS[0] | JOKER_MASK, *SUIT_MASKS[1:])


def winning_seat(options: Any, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """The seat winning ``plays`` (a trick, finished or not) under ``options`` (the jokers are the top spades)."""
    return trick_winner(plays, trump, JOKER_SUIT_OF if getattr(options, "jokers", False) else None)
FACTS = GameFacts("spades", "Spades", 3, 4, 4, hand_size=HAND_SIZE, packet=1, named_bids=(NIL, DOUBLE_NIL),
                  look_is_decision=False, has_bags=True, trump=SPADES, trump_must_break=True, auction=False,
                  exchange_size=EXCHANGE_SIZE, always_partners=False)  # Cutthroat: each for himself


def deal_hands(deck: Sequence[Card], dealer: int, num_seats: int = 4) -> list[list[Card]]:
    """Each seat's cards from a shuffled deck (top first): one at a time, clockwise from the dealer's
    left, 13 each (17 each from the 51 in play with three seats)."""
    size = HAND_SIZE if num_seats == 4 else CUTTHROAT_THREE_HAND
    deal: list[list[Card]] = [[]] * num_seats
    for i in range(num_seats):
        deal[(dealer + 1 + i) % num_seats] = list(deck[i:size * num_seats:num_seats])
    return deal


def house_deck(deck: list[Card], jokers: bool, num_seats: int) -> list[Card]:
    """A shuffled 52-card deck as the house rules deal it: with jokers, the 2\u2665 and 2\u2666
    replaced by the Little and Big Joker where they lie; with three seats, the 2\u2663 moved to the
    bottom (out of play). A deck already so made is returned unchanged."""
    if jokers:
        deck = [JOKER_SWAP.get(card, card) for card in deck]
    if num_seats == 3 and deck[-1] != CUTTHROAT_OUT:
        deck = [card for card in deck if card != CUTTHROAT_OUT] + [CUTTHROAT_OUT]
    return deck


def opening_card(num_seats: int) -> Card:
    """The card that leads the first trick under "two of clubs opens": the 2\u2663, or the 3\u2663
    in Cutthroat Spades for three (where the 2\u2663 is out)."""
    return Card.parse("3C") if num_seats == 3 else Card.parse("2C")


def deck_for_deal(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The shuffled deck (top first) that deals ``hands`` (by seat): the inverse of ``deal_hands``;
    with three seats (Cutthroat) the 2\u2663 is out, set aside at the bottom of the deck.

    Raises ValueError when ``hands`` is not a possible deal (13 cards to each of four seats, or 17
    to each of three).
    """
    undealt(dealer, hands, num_seats)
    size = HAND_SIZE if num_seats == 4 else CUTTHROAT_THREE_HAND
    if any(len(hand) != size for hand in hands) or num_seats not in (3, 4):
        raise ValueError("Spades deals 13 cards to each of four seats, or 17 to each of three")
    deck = [JOKER_DECK[hands[(dealer + 1 + i) % num_seats][i // num_seats]] for i in range(size * num_seats)]
    return deck + ([CUTTHROAT_OUT] if num_seats == 3 else [])


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


CARD_COUNTS = {1: "one", 2: "two", 3: "three"}


@cache
def bid_made(seat: int, value: BidValue) -> Event:
    """The event of one seat's bid (shared: events are immutable and bidding is on the hot path)."""
    return Event(BID_MADE, seat, value=value)


def side_minimum(min_side_bid: int, partner_bid: BidValue | None) -> int | None:
    """Under a minimum side bid of ``min_side_bid`` (house rule S4), the least number the side's second
    bidder may bid after his partner's ``partner_bid``; None when it does not bind him (his partner has
    not bid, or bid enough). After a partner's Nil or Double Nil: the whole minimum (or a Nil of his own)."""
    if partner_bid is None:
        return None  # he bids first for his side: anything goes
    if isinstance(partner_bid, int):
        least = min_side_bid - partner_bid
        return least if least > 0 else None
    return min_side_bid


class SpadesRules(TrickGame):
    """Trick play, bidding checks and scoring common to four- and two-player Spades."""

    options: SpadesOptions
    log: BlindHandLog

    def _setup_spades(self, hand_size: int = HAND_SIZE) -> None:
        self.trump = SPADES
        self.max_bid = hand_size
        numbers: tuple[BidValue, ...] = ((NIL,) if self.options.nil else ()) + tuple(range(1, hand_size + 1))
        self._numeric_bids = numbers
        self._blind_bids = numbers + ((DOUBLE_NIL,) if self.options.double_nil else ())
        self._any_time = self.options.spades_any_time
        self._suit_masks = JOKER_SUIT_MASKS if self.options.jokers else SUIT_MASKS
        self._non_spades = NON_SPADES
        self.opening: Card | None = None  # "two of clubs opens": the card that must lead the first trick
        if self.options.jokers:
            self.suit_of = JOKER_SUIT_OF  # the jokers' numbers (52 Little, 53 Big) rank them above the A of spades

    def numeric_bids(self) -> tuple[BidValue, ...]:
        """The bids a seat that has looked may make: Nil (if allowed) and 1..13 (1..17 for three)."""
        return self._numeric_bids

    def _bid_choices(self, seat: int) -> tuple[BidValue, ...]:
        choices = self._numeric_bids if self.looked[seat] else self._blind_bids
        least = self._side_minimum(seat)
        if least is None:
            return choices
        nils = self.bids[self._partner_of(seat)] in (NIL, DOUBLE_NIL)  # two Nil bidders: no contract, no minimum
        return tuple(v for v in choices if (v >= least if isinstance(v, int) else nils))

    def _partner_of(self, seat: int) -> int:
        partner = self.partner(seat)
        assert partner is not None
        return partner

    def _side_minimum(self, seat: int) -> int | None:
        """Under a minimum side bid (house rule S4), the least number this seat, his side's second
        bidder, may bid; None when the rule does not bind him. A partner's Nil or Double Nil leaves
        him 4 or more, or a Nil or Double Nil of his own (a side of two Nil bidders has no contract)."""
        if not self.options.min_side_bid or self.partner(seat) is None:
            return None
        return side_minimum(self.options.min_side_bid, self.bids[self._partner_of(seat)])

    def _why_not_bid(self, action: Action) -> str | None:
        if not isinstance(action, Bid):
            return self._kind_error(action, "bid")
        if is_bid_value(action.value) and action.value in self._bid_choices(action.seat):
            return None
        least = self._side_minimum(action.seat)
        if least is not None and action.value in self._bid_choices_unbound(action.seat):
            nils = " (or Nil)" if least == self.options.min_side_bid else ""
            return f"{MIN_SIDE_BID_NOTE}: bid {least} or more{nils}."
        if action.value == DOUBLE_NIL:
            if not self.options.double_nil:
                return "Double Nil is not allowed in this game."
            return "Double Nil may only be bid before looking at your cards."
        if action.value == NIL and not self.options.nil:
            return "Nil is not allowed in this game."
        nil = "Nil or " if self.options.nil else ""
        return f"{bid_text(action.value)} is not a bid: bid {nil}1 to {self.max_bid}."

    def _bid_choices_unbound(self, seat: int) -> tuple[BidValue, ...]:
        """The bids the seat could make were there no minimum side bid."""
        return self._numeric_bids if self.looked[seat] else self._blind_bids

    # ----- trick play
    @staticmethod
    def lead_mask(hand: int, spades_broken: bool) -> int:
        """Lead anything once spades are broken; before that, spades only from a hand of spades."""
        return hand if spades_broken else (hand & NON_SPADES) or hand

    @staticmethod
    def follow_mask(hand: int, led: int, trump: int | None) -> int:
        """Follow suit if able, otherwise play anything."""
        return (hand & SUIT_MASKS[led]) or hand

    def legal_mask(self) -> int:
        """The cards ``to_act`` may play: lead_mask()/follow_mask() under the house rules in force
        (jokers are spades, spades led any time, the 2\u2663 opening the first trick)."""
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        if self.trick:
            return (hand & self._suit_masks[self.led_suit]) or hand
        if self.opening is not None:
            return 1 << self.opening
        if self.spades_broken or self._any_time:
            return hand
        return (hand & self._non_spades) or hand

    def kernel_plays(self) -> bool:
        return self.suit_of is None and self._standard_play() and not self._any_time

    def solver_plays(self) -> bool:
        return (self.suit_of is None or self.options.jokers) and self._standard_play()

    def _standard_play(self) -> bool:
        """No opening card to lead, and thirteen cards each (not Cutthroat for three)."""
        return self.opening is None and self.max_bid == HAND_SIZE

    @property
    def spades_led_any_time(self) -> bool:
        return self._any_time

    def _play_refusal(self, card: Card) -> str:
        if not self.trick:
            if self.opening is not None:
                return f"The {RANKS[self.opening.rank]}\u2663 opens the first trick."
            return "Spades are not broken yet: lead another suit."
        return f"You must follow suit ({SUIT_NAMES[self.led_suit]})."

    def _on_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        self.opening = None
        if (card & 3 if self.suit_of is None else self.suit_of[card]) == SPADES and not self.spades_broken:
            self.spades_broken = True
            if events is not None and not self._any_time:  # led any time, "spades broken" is not shown
                events.append(Event(SPADES_BROKEN, seat, JOKER_DECK[card]))

    # ----- scoring
    def _score_hand(self) -> HandResult:
        points = []
        bids, tricks, scores, bags = self.bids, self.tricks_won, self.scores, self.bags
        for side, team in enumerate(self.teams):
            breakdown, bags[side] = score_spades_side(
                [bids[s] for s in team], [tricks[s] for s in team], bags[side], nil_value=self.options.nil_value,
                bag_limit=self.options.bag_limit, bag_penalty=self.options.bag_penalty,
                ten_for_200=self.options.ten_for_200)
            scores[side] += breakdown["total"]
            points.append(breakdown)
        return HandResult(points, list(scores), list(bags))

    def _game_winner(self, result: HandResult) -> int | None:
        return spades_winner(self.scores, self.options.target, self.options.mercy)

    def _blind_seats(self) -> list[int]:
        return list(self.log.blind)


class SpadesGame(SpadesRules):
    """Four-player partnership Spades: deal, bid (Nil, Double Nil), exchange, play, score; with
    partnerships off, Cutthroat Spades for three or four, each seat a side of its own."""

    kind = FACTS.name
    facts = FACTS
    log: SpadesHandLog

    def __init__(self, options: SpadesOptions | None = None, seed: int | None = None,
                 chance: Chance | None = None, players: int = 4) -> None:
        options = options or (SpadesOptions() if players == 4 else SpadesOptions(partnerships=False))
        if players not in ((4,) if options.partnerships else (3, 4)):
            raise ValueError(f"Spades is for four players in partnerships, or three or four each for himself, "
                             f"not {players}{' in partnerships' if options.partnerships else ''}.")
        teams = [[0, 2], [1, 3]] if options.partnerships else [[seat] for seat in range(players)]
        super().__init__(options, players, teams, seed, chance)
        self._setup_spades(HAND_SIZE if players == 4 else CUTTHROAT_THREE_HAND)
        self._deal([])

    def _house_deck(self, deck: list[Card]) -> list[Card]:
        return house_deck(deck, self.options.jokers, self.num_seats)

    def _deal(self, events: list[Event] | None) -> None:
        self._start_hand_state(SpadesHandLog(dealer=self.dealer))
        n = self.num_seats
        house = self.options.jokers or n == 3
        deck = self._shuffled_deck(self.max_bid * n, self._house_deck if house else None)
        deal = deal_hands(deck, self.dealer, n)
        for seat in range(n):
            self.hands[seat] = sum(map(CARD_BITS.__getitem__, deal[seat]))
        first = self.next_seat(self.dealer)
        self.looked = [not self.options.double_nil] * n
        self.log.deal = deal
        self.phase = Phase.BIDDING
        self.to_act = first
        self.pending_exchange: dict[int, tuple[Card, ...]] = {}
        self.exchange_order: list[int] = []
        self.exchange_sizes: dict[int, int] = {}  # per seat in an exchange: 3 (Double Nil) or the Nil pass
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
        return [Exchange(seat, combo) for combo in combinations(hand, self.exchange_sizes[seat])]

    def _why_not_other(self, action: Action) -> str | None:
        if self.phase is Phase.BIDDING:
            return self._why_not_bid(action)
        if self.phase is not Phase.EXCHANGE:
            return self._kind_error(action, "play a card")
        size = self.exchange_sizes.get(action.seat, EXCHANGE_SIZE)
        many = f"exactly {CARD_COUNTS[size]} different card{'s' if size > 1 else ''}"
        if not isinstance(action, Exchange):
            return self._kind_error(action, f"choose {CARD_COUNTS[size]} card{'s' if size > 1 else ''} "
                                            f"to give your partner")
        cards = action.cards
        if not isinstance(cards, (tuple, list)) or len(cards) != size:
            return f"Choose {many} to give your partner."
        for card in cards:
            if not (type(card) in (int, Card) and 0 <= card < len(JOKER_DECK) and self.hands[action.seat] >> card & 1):
                return f"You do not hold {card}."
        if len(set(cards)) != size:
            return f"Choose {many} to give your partner."
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
        if len(bids) < self.num_seats:
            self.to_act = self.next_seat(seat)
            return
        self.looked = [True] * self.num_seats
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
        """Double Nil bidders whose partner did not bid Double Nil too, each followed by the partner
        (three cards each); with the Nil pass (house rule S8), a side's only Nil bidder beside a
        number bid, followed by the partner (that many cards each). Cutthroat has no exchange."""
        order = []
        for seat, bid in self.log.bids:
            partner = self.partner(seat)
            if partner is None:
                continue
            if bid == DOUBLE_NIL and self.bids[partner] != DOUBLE_NIL:
                size = EXCHANGE_SIZE
            elif bid == NIL and self.options.nil_pass and isinstance(self.bids[partner], int):
                size = self.options.nil_pass
            else:
                continue
            order += [seat, partner]
            self.exchange_sizes[seat] = self.exchange_sizes[partner] = size
        return order

    def _exchange(self, action: Exchange, events: list[Event]) -> None:
        seat = action.seat
        self.pending_exchange[seat] = tuple(JOKER_DECK[c] for c in action.cards)
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
        """Play begins at the dealer's left, or (two of clubs opens) with the holder of the opening card."""
        self.phase = Phase.PLAYING
        self.to_act = self.next_seat(self.dealer)
        if self.options.two_clubs_opens:
            self.opening = opening_card(self.num_seats)
            self.to_act = next(seat for seat in range(self.num_seats) if self.hands[seat] >> self.opening & 1)

    def _exchange_size(self, seat: int) -> int:
        if self.phase is Phase.EXCHANGE and seat == self.to_act:
            return self.exchange_sizes.get(seat, EXCHANGE_SIZE)
        return 0

    def _copy_extra(self, state: dict[str, Any]) -> None:
        state["pending_exchange"] = dict(self.pending_exchange)
        state["exchange_order"] = self.exchange_order[:]
        state["exchange_sizes"] = dict(self.exchange_sizes)

    def _private_view(self, seat: int) -> dict[str, Any]:
        received = next((cards for _, taker, cards in self.log.exchange if taker == seat), ())
        return {"exchange_given": tuple(self.pending_exchange.get(seat, ())), "exchange_received": tuple(received)}
