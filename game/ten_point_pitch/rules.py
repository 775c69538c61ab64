"""Ten-point Pitch (rules/ten-point-pitch.md): 54 cards, bids 4 to 10, the draw to six trumps, trumps only.

Three or four players, each for himself, or four in two partnerships. Nine cards each; one round
of bids (the dealer stuck at 4 when all pass, a 10 ends it); the pitcher names trump; the draw
(each other player from the dealer's left throws his non-trumps face down and draws to six, the
pitcher last takes the whole stock and keeps six, trumps first; more than six trumps are put
down face up, "burned"); then only trumps are played, and a player with no trump is out. Ten
points a hand: High, Low, Jack, Off-jack, the two Jokers, the Three (3) and Game.

The draw's decisions are ``Discard`` actions, one card at a time, asked only when the player has
a choice; everything the rules decide for him (non-trumps thrown, cards drawn, the stock taken)
happens at once, as events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.actions import (
    PASS,
    Action,
    Bid,
    BidValue,
    Discard,
    IllegalAction,
    NameTrump,
    bid_actions,
    bid_text,
    is_bid_value,
)
from game.cards import BIG_JOKER, JACK, JOKER_DECK, LITTLE_JOKER, SUIT_NAMES, Card, cards_of
from game.chance import Chance
from game.events import BID_MADE, BIDDING_DONE, CARD_PLAYED, HAND_STARTED, TRICK_WON, TRUMP_SET, Event
from game.facts import GameFacts
from game.options import TenPointPitchOptions
from game.state import HandLog, HandResult, Phase, TrickGame, _random_bit

KIND = "ten-point-pitch"
HAND_SIZE = 9  # cards dealt to each player
KEEP = 6  # cards a player holds after the draw (at most)
PACKET = 3
MIN_BID, MAX_BID = 4, 10
DEALER_STUCK = 4  # the bid of a dealer everyone passed to
MIN_PLAYERS, MAX_PLAYERS = 3, 4
THREE = 1  # the rank index of the three

# Event kinds of the draw and of play, beside game/events.py's (seat: whose; value: a count).
DISCARDED = "tpp_discarded"  # seat put ``value`` cards down face down (no card shown)
BURNED = "tpp_burned"  # seat put trumps down face up: ``cards``
DREW = "tpp_drew"  # seat was dealt ``value`` cards from the stock
TOOK_STOCK = "tpp_took_stock"  # the pitcher took the ``value`` cards left in the stock
DRAW_DONE = "tpp_draw_done"  # seat's draw is over
WENT_OUT = "tpp_went_out"  # seat holds no trump: out of the hand, ``value`` cards discarded face down

FACTS = GameFacts(KIND, "Ten-point Pitch", MIN_PLAYERS, MAX_PLAYERS, 4, hand_size=KEEP, packet=PACKET,
                  named_bids=(PASS,), look_is_decision=True, has_bags=False, trump=None, trump_must_break=False,
                  auction=True)

POINT_NAMES = ("high", "low", "jack", "off_jack", "big_joker", "little_joker", "three", "game")


# ----------------------------------------------------------------- the trump suit's facts
def off_jack(trump: int) -> Card:
    """The jack of the other suit of the same colour (spades and clubs, hearts and diamonds)."""
    return Card.of(JACK, 3 - trump)


def _order(trump: int) -> tuple[Card, ...]:
    top = [Card.of(rank, trump) for rank in (12, 11, 10, 9)]
    return tuple(top + [off_jack(trump), BIG_JOKER, LITTLE_JOKER] + [Card.of(rank, trump) for rank in range(8, -1, -1)])


TRUMP_ORDERS: tuple[tuple[Card, ...], ...] = tuple(_order(s) for s in range(4))  # highest first, 16 each
TRUMP_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in order) for order in TRUMP_ORDERS)
POWERS: tuple[dict[int, int], ...] = tuple({c: 15 - i for i, c in enumerate(order)} for order in TRUMP_ORDERS)
TRICK_POINTS = {8: 10, 12: 4, 11: 3, 10: 2, 9: 1}  # ten, ace, king, queen, jack (and off-jack), by rank index


def trump_order(trump: int) -> tuple[Card, ...]:
    """The sixteen trumps of this suit, highest first: A K Q J, off-jack, Big and Little Joker, 10 ... 2."""
    return TRUMP_ORDERS[trump]


def trump_mask(trump: int) -> int:
    """The sixteen trumps of this suit as a card mask."""
    return TRUMP_MASKS[trump]


def is_trump(card: int, trump: int) -> bool:
    """Whether the card belongs to the trump suit for the hand (jokers and the off-jack do)."""
    return bool(TRUMP_MASKS[trump] >> card & 1)


def power(card: int, trump: int) -> int:
    """A trump's place: 15 for the ace down to 0 for the two (KeyError for a card that is no trump)."""
    return POWERS[trump][card]


def winning_seat(options: Any, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """The seat winning ``plays`` (a trick, finished or not; every card a trump): the highest trump."""
    if trump is None:
        raise ValueError("no trick is played before trump is named")
    return max(plays, key=lambda play: POWERS[trump][play[1]])[0]


def card_points(card: int) -> int:
    """The card's trick points toward Game: ten 10, ace 4, king 3, queen 2, either jack 1, joker 0."""
    return 0 if card >= 52 else TRICK_POINTS.get(card >> 2, 0)


def sort_hand(cards: Sequence[Card], trump: int | None) -> list[Card]:
    """Cards in the hand's display order: once trump is named the trumps first, highest first (the
    off-jack and jokers among them), then the others by suit and rank."""
    from game.cards import sort_for_hand

    if trump is None:
        return sort_for_hand(cards)
    trumps = sorted((c for c in cards if is_trump(c, trump)), key=lambda c: -power(c, trump))
    return trumps + sort_for_hand([c for c in cards if not is_trump(c, trump)])


def ten_point_teams(players: int, partnerships: bool) -> list[list[int]]:
    """Two partnerships of opposite seats (four players only), or one team per player."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Ten-point Pitch is for {MIN_PLAYERS} or {MAX_PLAYERS} players, not {players}.")
    if partnerships:
        if players != 4:
            raise ValueError("Ten-point Pitch partnerships need exactly four players.")
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def deal_hands(deck: Sequence[Card], dealer: int, num_seats: int) -> tuple[list[list[Card]], list[Card]]:
    """Each seat's 9 cards from a shuffled 54-card deck (top first), three at a time clockwise from
    the dealer's left, and the stock: the rest, top first."""
    deal: list[list[Card]] = [[] for _ in range(num_seats)]
    position = 0
    for _ in range(HAND_SIZE // PACKET):
        for i in range(num_seats):
            deal[(dealer + 1 + i) % num_seats] += deck[position:position + PACKET]
            position += PACKET
    return deal, list(deck[position:])


def deck_for(dealer: int, deal: Sequence[Sequence[Card]], stock: Sequence[Card]) -> list[Card]:
    """The inverse of ``deal_hands``: the deck, top first, that deals ``deal`` (by seat) and leaves ``stock``."""
    n = len(deal)
    order: list[Card] = []
    for start in range(0, HAND_SIZE, PACKET):
        for i in range(n):
            order += deal[(dealer + 1 + i) % n][start:start + PACKET]
    return order + list(stock)


# ----------------------------------------------------------------- scoring
def score_hand(num_sides: int, side_of_seat: Sequence[int], in_play: int, trump: int,
               tricks: Sequence[tuple[int, Sequence[tuple[int, int]], int]], pitcher_side: int, bid: int,
               low_to_player: bool = True) -> list[dict[str, Any]]:
    """Each side's ten points for the hand: ``high``, ``low``, ``jack``, ``off_jack``, ``big_joker``,
    ``little_joker``, ``three`` (3), ``game``, with ``won`` (their sum), ``trick_points``, ``set_back``
    and ``total`` (what the side's score changes by: the points won, or minus the bid when set back).

    ``in_play`` is the mask of the trumps held after the draw (every one is played to a trick);
    ``tricks`` are (leader, plays, winner). A point whose card is not in play is nobody's.
    """
    won_by: dict[int, int] = {}
    played_by: dict[int, int] = {}
    for _, plays, winner in tricks:
        for seat, card in plays:
            won_by[card] = side_of_seat[winner]
            played_by[card] = side_of_seat[seat]
    rows: list[dict[str, Any]] = [dict.fromkeys(POINT_NAMES, 0) for _ in range(num_sides)]
    held = [c for c in TRUMP_ORDERS[trump] if in_play >> c & 1]
    if held:
        rows[won_by[held[0]]]["high"] = 1
        rows[(played_by if low_to_player else won_by)[held[-1]]]["low"] = 1
    for name, card, value in (("jack", Card.of(JACK, trump), 1), ("off_jack", off_jack(trump), 1),
                              ("big_joker", BIG_JOKER, 1), ("little_joker", LITTLE_JOKER, 1),
                              ("three", Card.of(THREE, trump), 3)):
        if in_play >> card & 1:
            rows[won_by[card]][name] = value
    game_points = [0] * num_sides
    for card, side in won_by.items():
        game_points[side] += card_points(card)
    best = max(game_points)
    if game_points.count(best) == 1:
        rows[game_points.index(best)]["game"] = 1
    for side, row in enumerate(rows):
        won = sum(row[name] for name in POINT_NAMES)
        row["won"] = won
        row["trick_points"] = game_points[side]
        row["set_back"] = side == pitcher_side and won < bid
        row["total"] = -bid if row["set_back"] else won
    return rows


def game_winner(scores: Sequence[int], target: int, pitcher_side: int) -> int | None:
    """The side that wins after a hand, or None: a side at or above the target wins; when several are,
    the pitcher's side if it is one of them ("the bidder goes out first"), else the highest score, and
    an exact tie plays another hand."""
    reached = [side for side, score in enumerate(scores) if score >= target]
    if not reached:
        return None
    if pitcher_side in reached:
        return pitcher_side
    best = max(scores[side] for side in reached)
    leaders = [side for side in reached if scores[side] == best]
    return leaders[0] if len(leaders) == 1 else None


# ----------------------------------------------------------------- what a seat may know
@dataclass(frozen=True)
class DrawEntry:
    """One player's draw as the record writes it: cards put down face down and face up (burned), and
    the cards dealt from the stock (the pitcher: ``taken``, every card left in it)."""

    seat: int
    discarded: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    burned: tuple[Card, ...] = ()
    pitcher: bool = False

    def to_json(self) -> dict[str, Any]:
        """The record's draw object (``taken`` in place of ``drawn`` for the pitcher)."""
        return {"seat": self.seat, "discarded": [str(c) for c in self.discarded],
                "taken" if self.pitcher else "drawn": [str(c) for c in self.drawn],
                "burned": [str(c) for c in self.burned]}


@dataclass
class TenPointHandLog(HandLog):
    """A Ten-point Pitch hand's log: who dealt, each seat's nine dealt cards, the stock (top first);
    once scored, the pitcher, bid, trump and the draw."""

    dealer: int = 0
    deal: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    pitcher: int | None = None
    bid: int | None = None
    trump: int | None = None
    draw: list[DrawEntry] = field(default_factory=list)

    def start(self) -> tuple[object, ...]:
        """The dealer and each seat's nine dealt cards (the stock is the rest of the same forced deck)."""
        return (self.dealer, tuple(tuple(hand) for hand in self.deal))


@dataclass(frozen=True)
class TenPointView:
    """Ten-point Pitch's part of a ``SeatView`` (``view.part``): only what the seat may know.

    ``out``: per seat, whether it is out of the hand's play. ``burned``: per seat, the trumps it put
    down face up (public). ``face_down``: per seat, how many cards it put down face down.
    ``drawn``: per seat, how many cards it was dealt from the stock or took (None before its turn
    of the draw). ``draw_turn``: the seat whose draw is being made (None outside the draw).
    ``to_put_down``: how many more cards ``draw_turn`` must put down. ``my_drawn`` and
    ``my_face_down``: this seat's own cards from the stock and put down face down.
    """

    out: tuple[bool, ...]
    burned: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    drawn: tuple[int | None, ...]
    draw_turn: int | None
    to_put_down: int
    my_drawn: tuple[Card, ...]
    my_face_down: tuple[Card, ...]


# ----------------------------------------------------------------- the game
class TenPointPitchGame(TrickGame):
    """Ten-point Pitch for three or four players, or two partnerships of two."""

    kind = KIND
    facts = FACTS
    options: TenPointPitchOptions
    log: TenPointHandLog
    _MUTABLE_LISTS = TrickGame._MUTABLE_LISTS + ("stock", "out", "burned", "face_down", "drawn", "draw_log")

    def __init__(self, options: TenPointPitchOptions | None = None, players: int = 4, seed: int | None = None,
                 chance: Chance | None = None) -> None:
        options = options or TenPointPitchOptions(partnerships=players == 4)
        super().__init__(options, players, ten_point_teams(players, options.partnerships), seed, chance)
        self._deal([])

    # ----- the deal
    def _deal(self, events: list[Event] | None) -> None:
        self._start_hand_state(TenPointHandLog(dealer=self.dealer))
        n = self.num_seats
        deal, stock = deal_hands(self._shuffled_deck(len(JOKER_DECK), cards=JOKER_DECK), self.dealer, n)
        for seat in range(n):
            self.hands[seat] = sum(1 << c for c in deal[seat])
        self.stock: list[Card] = stock
        self.trump = None
        self.trumps = 0  # the trump suit's mask once named
        self.pitcher: int | None = None
        self.high = 0
        self.in_play = 0  # the trumps held when play began
        self.out = [False] * n
        self.burned = [0] * n
        self.face_down = [0] * n
        self.drawn: list[int | None] = [None] * n
        self.draw_log: list[DrawEntry] = []
        self.draw_order: tuple[int, ...] = ()
        self.draw_index = 0
        self.trick_size = 0
        self.log.deal, self.log.stock = deal, list(stock)
        self.phase = Phase.BIDDING
        self.to_act = self.next_seat(self.dealer)
        if events is not None:
            events.append(Event(HAND_STARTED, self.dealer, value=self.hand_number))

    # ----- the auction
    def bid_choices(self, seat: int) -> list[BidValue]:
        """Pass or a bid of 4 to 10 above the high bid; a dealer everyone passed to bids exactly 4."""
        if seat == self.dealer and self.high == 0:
            return [DEALER_STUCK]
        return [PASS, *range(max(self.high + 1, MIN_BID), MAX_BID + 1)]

    def _legal_other(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        if self.phase is Phase.BIDDING:
            return list(bid_actions(seat, tuple(self.bid_choices(seat))))
        if self.phase is Phase.NAMING_TRUMP:
            return [NameTrump(seat, suit) for suit in range(4)]
        return [Discard(seat, c) for c in cards_of(self._discardable(seat))]

    def _why_not_other(self, action: Action) -> str | None:
        if self.phase is Phase.BIDDING:
            return self._why_not_bid(action)
        if self.phase is Phase.NAMING_TRUMP:
            if not isinstance(action, NameTrump):
                return self._kind_error(action, "name trump")
            if type(action.suit) is not int or not 0 <= action.suit < 4:
                return f"{action.suit!r} is no suit: trump is spades (0), hearts (1), diamonds (2) or clubs (3)."
            return None
        if self.phase is Phase.DISCARDING:
            if not isinstance(action, Discard):
                return self._kind_error(action, "put down a card")
            return self._why_not_discard(action.seat, action.card)
        return self._kind_error(action, "play a card")

    def _why_not_bid(self, action: Action) -> str | None:
        if not isinstance(action, Bid):
            return self._kind_error(action, "bid")
        choices = self.bid_choices(action.seat)
        if is_bid_value(action.value) and action.value in choices:
            return None
        if action.seat == self.dealer and self.high == 0:
            return f"Everyone passed: the dealer is stuck with a bid of {DEALER_STUCK}."
        if not isinstance(action.value, int) or not MIN_BID <= action.value <= MAX_BID:
            return f"{bid_text(action.value)} is not a Ten-point Pitch bid: pass or bid {MIN_BID} to {MAX_BID}."
        return f"A bid must be higher than the high bid ({self.high})."

    def _apply_other(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Bid):
            self._bid(action.seat, action.value, events)
        elif isinstance(action, NameTrump):
            self._name_trump(action.seat, action.suit, events)
        elif isinstance(action, Discard):
            self._put_down(action.seat, JOKER_DECK[action.card], events)
            self._advance_draw(events)
        else:  # pragma: no cover - why_illegal refuses it first
            raise IllegalAction(f"Unexpected action {action}.")

    def _bid(self, seat: int, value: BidValue, events: list[Event]) -> None:
        self.bids[seat] = value
        self.log.bids.append((seat, value))
        events.append(Event(BID_MADE, seat, value=value))
        if isinstance(value, int):
            self.high, self.pitcher = value, seat
        if value == MAX_BID or seat == self.dealer:
            self.phase = Phase.NAMING_TRUMP
            self.to_act = self.pitcher
            events.append(Event(BIDDING_DONE, self.pitcher, value=self.high))
        else:
            self.to_act = self.next_seat(seat)

    def _name_trump(self, seat: int, suit: int, events: list[Event]) -> None:
        self.trump, self.trumps = suit, TRUMP_MASKS[suit]
        events.append(Event(TRUMP_SET, seat, value=suit))
        n = self.num_seats
        others = tuple((self.dealer + 1 + i) % n for i in range(n) if (self.dealer + 1 + i) % n != seat)
        self.draw_order, self.draw_index = others + (seat,), 0
        self._begin_draw(events)
        self._advance_draw(events)

    # ----- the draw
    def _begin_draw(self, events: list[Event]) -> None:
        """The rules' part of the current drawer's draw: his non-trumps face down, then cards from the
        stock up to six (the pitcher: the whole stock, and its non-trumps face down when he holds six
        trumps or more)."""
        seat = self.draw_order[self.draw_index]
        pitcher = seat == self.pitcher
        self.draw_log.append(DrawEntry(seat, pitcher=pitcher))
        self._throw(seat, self.hands[seat] & ~self.trumps, events)
        if pitcher:
            taken = self.stock
            self.stock = []
            self._receive(seat, taken, events, TOOK_STOCK)
            if (self.hands[seat] & self.trumps).bit_count() >= KEEP:
                self._throw(seat, self.hands[seat] & ~self.trumps, events)
        else:
            need = KEEP - self.hands[seat].bit_count()
            if need > 0:
                taken = self.stock[:need]
                del self.stock[:need]
                self._receive(seat, taken, events, DREW)
            else:
                self.drawn[seat] = 0

    def _receive(self, seat: int, cards: list[Card], events: list[Event], kind: str) -> None:
        for c in cards:
            self.hands[seat] |= 1 << c
        self.drawn[seat] = len(cards)
        self.draw_log[-1] = replace(self.draw_log[-1], drawn=tuple(cards))
        events.append(Event(kind, seat, value=len(cards)))

    def _throw(self, seat: int, mask: int, events: list[Event]) -> None:
        """Put these cards of the seat down face down (the rules' part of the draw)."""
        if not mask:
            return
        thrown = tuple(cards_of(mask))
        self.hands[seat] &= ~mask
        self.face_down[seat] |= mask
        entry = self.draw_log[-1]
        self.draw_log[-1] = replace(entry, discarded=entry.discarded + thrown)
        events.append(Event(DISCARDED, seat, value=len(thrown)))

    def _discardable(self, seat: int) -> int:
        """The cards the drawer may put down now: trumps (face up) when he holds six or more, else
        non-trumps (face down); nothing once he holds six cards or fewer."""
        hand = self.hands[seat]
        if hand.bit_count() <= KEEP:
            return 0
        trumps = hand & self.trumps
        return trumps if trumps.bit_count() >= KEEP else hand & ~self.trumps

    def _why_not_discard(self, seat: int, card: Any) -> str | None:
        if type(card) not in (int, Card) or not 0 <= card < len(JOKER_DECK):
            return f"{card!r} is not a card."
        if not self.hands[seat] >> card & 1:
            return f"You do not hold the {JOKER_DECK[card].name()}."
        if self._discardable(seat) >> card & 1:
            return None
        if self.trumps >> card & 1:
            return (f"You keep every trump while you hold fewer than {KEEP}: put down a card that is not "
                    f"a trump.")
        return f"You hold {KEEP} trumps or more: put down trumps (face up), not the {JOKER_DECK[card].name()}."

    def _put_down(self, seat: int, card: Card, events: list[Event]) -> None:
        """A chosen card put down: a trump face up (burned, out of play), anything else face down."""
        entry = self.draw_log[-1]
        self.hands[seat] ^= 1 << card
        if self.trumps >> card & 1:
            self.burned[seat] |= 1 << card
            self.draw_log[-1] = replace(entry, burned=entry.burned + (card,))
            events.append(Event(BURNED, seat, cards=(card,)))
        else:
            self.face_down[seat] |= 1 << card
            self.draw_log[-1] = replace(entry, discarded=entry.discarded + (card,))
            events.append(Event(DISCARDED, seat, value=1))

    def _advance_draw(self, events: list[Event]) -> None:
        """Ask the drawer for his next card to put down, or move on to the next drawer, or to play."""
        while True:
            seat = self.draw_order[self.draw_index]
            if self._discardable(seat):
                self.phase, self.to_act = Phase.DISCARDING, seat
                return
            events.append(Event(DRAW_DONE, seat))
            self.draw_index += 1
            if self.draw_index == len(self.draw_order):
                self._start_play(events)
                return
            self._begin_draw(events)

    # ----- play
    def _start_play(self, events: list[Event] | None) -> None:
        """Play begins: players holding no trump are out, the pitcher (or the next holder) leads."""
        self.phase = Phase.PLAYING
        self.in_play = 0
        for seat in range(self.num_seats):
            self.in_play |= self.hands[seat] & self.trumps
            if not self.hands[seat] & self.trumps:
                self._go_out(seat, events)
        assert self.pitcher is not None
        leader = self._holder_from(self.pitcher)
        if leader is None:
            self._finish_hand(events)
        else:
            self._begin_trick(leader)

    def _go_out(self, seat: int, events: list[Event] | None) -> None:
        """The seat holds no trump: it is out, its other cards go face down."""
        rest = self.hands[seat]
        self.out[seat] = True
        self.face_down[seat] |= rest
        self.hands[seat] = 0
        if events is not None:
            events.append(Event(WENT_OUT, seat, value=rest.bit_count()))

    def _holder_from(self, seat: int) -> int | None:
        """``seat`` if it still holds a trump, else the next seat on its left that does (None: nobody)."""
        for i in range(self.num_seats):
            candidate = (seat + i) % self.num_seats
            if not self.out[candidate]:
                return candidate
        return None

    def _begin_trick(self, leader: int) -> None:
        self.leader = self.to_act = leader
        self.trick_size = self.out.count(False)

    def legal_mask(self) -> int:
        """The trumps ``to_act`` holds (only trumps are played, any of them)."""
        seat = self.to_act
        assert seat is not None
        return self.hands[seat] & self.trumps

    def _why_not_play(self, card: Card) -> str | None:
        if type(card) not in (int, Card) or not 0 <= card < len(JOKER_DECK):
            return f"{card!r} is not a card."
        seat = self.to_act
        assert seat is not None and self.trump is not None
        if not self.hands[seat] >> card & 1:
            return f"You do not hold the {JOKER_DECK[card].name()}."
        if self.legal_mask() >> card & 1:
            return None
        return (f"Only trumps are played: the {JOKER_DECK[card].name()} is not a trump "
                f"({SUIT_NAMES[self.trump]} are trump).")

    def _play_card(self, seat: int, card: Card, events: list[Event] | None) -> None:
        card = JOKER_DECK[card]
        self.hands[seat] ^= 1 << card
        self.played |= 1 << card
        trick = self.trick
        if not trick:
            self.leader = seat
        trick.append((seat, card))
        if events is not None:
            events.append(Event(CARD_PLAYED, seat, card))
        if not self.hands[seat] & self.trumps:
            self._go_out(seat, events)
        if len(trick) < self.trick_size:
            following = self._holder_from(self.next_seat(seat))
            assert following is not None
            self.to_act = following
            return
        self._end_trick(events)

    def winner_of(self, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
        return winning_seat(self.options, plays, trump)

    def _end_trick(self, events: list[Event] | None) -> None:
        assert self.trump is not None
        trick = self.trick
        winner = winning_seat(self.options, trick, self.trump)
        self.tricks_won[winner] += 1
        side = self._side[winner]
        for _, played in trick:
            self.won_cards[side] |= 1 << played
        leader = trick[0][0]
        self.trick_log.append((leader, trick, winner))
        self.last_trick, self.last_winner = trick, winner
        self.trick = []
        if events is not None:
            events.append(Event(TRICK_WON, winner, cards=tuple(c for _, c in trick)))
        following = self._holder_from(winner)
        if following is None:
            self.leader, self.to_act = winner, None
            self._finish_hand(events)
        else:
            self._begin_trick(following)

    def play_fast(self, card: int) -> None:
        """Play a card for ``to_act`` with no checks and no events (for search and benchmarks)."""
        self._offered = ()
        seat = self.to_act
        assert seat is not None
        from game.state import PLAYS

        self._note(PLAYS[seat][card])
        self._play_card(seat, JOKER_DECK[card], None)

    def random_playout(self, rand: Any) -> None:
        """Play the rest of the hand with uniformly random trumps, then score it (no events, no history)."""
        self._offered = ()
        self.keeps_history = False
        while self.phase is Phase.PLAYING:
            seat = self.to_act
            assert seat is not None
            self._play_card(seat, JOKER_DECK[_random_bit(self.legal_mask(), rand)], None)

    # ----- scoring and the end
    def _score_hand(self) -> HandResult:
        assert self.pitcher is not None and self.trump is not None
        points = score_hand(len(self.teams), self._side, self.in_play, self.trump, self.trick_log,
                            self.side_of(self.pitcher), self.high, self.options.low == "player")
        for side, row in enumerate(points):
            self.scores[side] += row["total"]
        self.log.pitcher, self.log.bid, self.log.trump = self.pitcher, self.high, self.trump
        self.log.draw = list(self.draw_log)
        return HandResult(points, list(self.scores), list(self.bags), self.pitcher, self.high)

    def _game_winner(self, result: HandResult) -> int | None:
        assert self.pitcher is not None
        return game_winner(self.scores, self.options.target, self.side_of(self.pitcher))

    def _pitcher(self) -> int | None:
        return self.pitcher

    def _high_bid(self) -> int:
        return self.high

    def _stock_size(self) -> int:
        return len(self.stock)

    def _private_view(self, seat: int) -> dict[str, Any]:
        turn = self.draw_order[self.draw_index] if self.phase is Phase.DISCARDING else None
        mine = next((e for e in self.draw_log if e.seat == seat), None)
        part = TenPointView(
            out=tuple(self.out), burned=tuple(tuple(cards_of(m)) for m in self.burned),
            face_down=tuple(m.bit_count() for m in self.face_down), drawn=tuple(self.drawn), draw_turn=turn,
            to_put_down=max(0, self.hands[turn].bit_count() - KEEP) if turn is not None else 0,
            my_drawn=mine.drawn if mine is not None else (), my_face_down=tuple(cards_of(self.face_down[seat])))
        return {"part": part}
