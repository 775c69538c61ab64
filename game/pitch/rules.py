"""Pitch (Auction Pitch, Setback) for 2 to 7 players or two partnerships (rules/pitch.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.actions import (
    DOUBLE_NIL,
    NIL,
    PASS,
    Action,
    Bid,
    BidValue,
    IllegalAction,
    bid_actions,
    bid_text,
    is_bid_value,
)
from game.cards import DECK, JACK, SUIT_MASKS, SUIT_NAMES, Card, undealt
from game.chance import Chance
from game.events import BID_MADE, BIDDING_DONE, HAND_STARTED, TRUMP_SET, Event
from game.facts import GameFacts
from game.options import PitchOptions
from game.scoring import score_pitch
from game.state import HandLog, HandResult, Phase, TrickGame, trick_winner

HAND_SIZE = 6
PACKET = 3
SHUT_OUT = 4  # the shut-out bid of rules/pitch.md (5 with the off-jack: PitchOptions.shut_out)
OTHER_OF_COLOUR = (3, 2, 1, 0)  # spades and clubs, hearts and diamonds
DEALER_MINIMUM = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 7
FACTS = GameFacts("pitch", "Pitch", MIN_PLAYERS, MAX_PLAYERS, 4, hand_size=HAND_SIZE, packet=PACKET,
                  named_bids=(PASS,), look_is_decision=True, has_bags=False, trump=None, trump_must_break=False,
                  auction=True, trump_or_follow=True, undealt=True)


def pitch_teams(players: int, partnerships: bool) -> list[list[int]]:
    """One team per player, or two partnerships of opposite seats (four players only)."""
    if partnerships:
        if players != 4:
            raise ValueError("Pitch partnerships need exactly four players.")
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def deal_hands(deck: Sequence[Card], dealer: int, num_seats: int) -> list[list[Card]]:
    """Each seat's 6 cards from a shuffled deck (top first): three at a time, twice round from the
    dealer's left; the rest of the deck is set aside."""
    deal: list[list[Card]] = [[] for _ in range(num_seats)]
    position = 0
    for _ in range(HAND_SIZE // PACKET):
        for i in range(num_seats):
            deal[(dealer + 1 + i) % num_seats] += deck[position:position + PACKET]
            position += PACKET
    return deal


def deck_for_deal(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The shuffled deck (top first) that deals ``hands`` (by seat), the undealt cards last in deck order.

    The inverse of ``deal_hands``; raises ValueError when ``hands`` is not a possible deal.
    """
    rest = undealt(dealer, hands, num_seats)
    if any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError("Pitch deals 6 cards to each seat")
    order: list[Card] = []
    for start in range(0, HAND_SIZE, PACKET):
        for i in range(num_seats):
            order += [DECK[c] for c in hands[(dealer + 1 + i) % num_seats][start:start + PACKET]]
    return order + rest


@dataclass
class PitchHandLog(HandLog):
    """A Pitch hand's log: who dealt, each seat's six dealt cards; once scored, the pitcher, bid and trump."""

    dealer: int = 0
    deal: list[list[Card]] = field(default_factory=list)

    def start(self) -> tuple[object, ...]:
        """The dealer and each seat's dealt cards."""
        return (self.dealer, tuple(tuple(hand) for hand in self.deal))
    pitcher: int | None = None
    bid: int | None = None
    trump: int | None = None


def off_jack_of(trump: int) -> Card:
    """The off-jack (house rule P1): the jack of the other suit of trump's colour."""
    return Card.of(JACK, OTHER_OF_COLOUR[trump])


@cache
def off_jack_tables(trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Each card's suit, its order within its suit and the suits' masks when the off-jack is a trump
    between the jack and the ten of trump (trick_winner(), legal_mask())."""
    off = off_jack_of(trump)
    suit_of = [card & 3 for card in DECK]
    suit_of[off] = trump
    power = [2 * card for card in DECK]
    power[off] = 2 * Card.of(JACK, trump) - 1  # below the jack of trump, above its ten
    masks = list(SUIT_MASKS)
    masks[trump] |= 1 << off
    masks[off & 3] &= ~(1 << off)
    return tuple(suit_of), tuple(power), tuple(masks)


def winning_seat(options: Any, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """The seat winning ``plays`` (a trick, finished or not) under ``options`` (the off-jack a trump)."""
    if not getattr(options, "off_jack", False) or trump is None:
        return trick_winner(plays, trump)
    suit_of, power, _ = off_jack_tables(trump)
    return trick_winner(plays, trump, suit_of, power)


def pitch_bid_choices(dealer: bool, high: int, options: PitchOptions) -> list[BidValue]:
    """The bids open to a seat (``dealer``: the dealer's) over the ``high`` bid (0: none yet): pass or a
    higher bid from the minimum bid (1, or 2 by house rule P2) to the shut-out (4, or 5 with the off-jack);
    the dealer must bid 2+ when all passed and may equal (steal)."""
    top, least = options.shut_out, options.min_bid
    if not dealer:
        return [PASS, *range(max(high + 1, least), top + 1)]
    if high == 0:
        return list(range(max(DEALER_MINIMUM, least), top + 1))
    lowest = high if options.dealer_steal else high + 1
    return [PASS, *range(max(lowest, least), top + 1)]


class PitchGame(TrickGame):
    """Auction Pitch: six cards each, one round of bids, the pitcher's first lead sets trump."""

    kind = FACTS.name
    facts = FACTS
    options: PitchOptions
    log: PitchHandLog

    def __init__(self, options: PitchOptions | None = None, players: int = 4, seed: int | None = None,
                 chance: Chance | None = None) -> None:
        options = options or PitchOptions()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Pitch is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
        super().__init__(options, players, pitch_teams(players, options.partnerships), seed, chance)
        self._deal([])

    # ----- the deal
    def _deal(self, events: list[Event] | None) -> None:
        self._start_hand_state(PitchHandLog(dealer=self.dealer))
        n = self.num_seats
        deal = deal_hands(self._shuffled_deck(n * HAND_SIZE), self.dealer, n)
        for seat in range(n):
            self.hands[seat] = sum(1 << c for c in deal[seat])
        self.in_play = sum(self.hands)
        self.trump = None
        self.suit_of = self.power = None  # the off-jack joins trump once trump is named
        self._suit_masks: tuple[int, ...] = SUIT_MASKS
        self.pitcher: int | None = None
        self.high = 0
        self.log.deal = deal
        self.phase = Phase.BIDDING
        self.to_act = self.next_seat(self.dealer)
        if events is not None:
            events.append(Event(HAND_STARTED, self.dealer, value=self.hand_number))

    # ----- the auction
    def bid_choices(self, seat: int) -> list[BidValue]:
        """``seat``'s bids now (``pitch_bid_choices``)."""
        return pitch_bid_choices(seat == self.dealer, self.high, self.options)

    def _legal_other(self) -> list[Action]:
        seat = self.to_act
        assert seat is not None
        return list(bid_actions(seat, tuple(self.bid_choices(seat))))

    def _why_not_other(self, action: Action) -> str | None:
        if self.phase is not Phase.BIDDING:
            return self._kind_error(action, "play a card")
        if not isinstance(action, Bid):
            return self._kind_error(action, "bid")
        if is_bid_value(action.value) and action.value in self.bid_choices(action.seat):
            return None
        top, least = self.options.shut_out, self.options.min_bid
        if not is_bid_value(action.value) or action.value in (NIL, DOUBLE_NIL):
            return f"{bid_text(action.value)} is not a Pitch bid: pass or bid {least} to {top}."
        if action.seat == self.dealer and self.high == 0:
            return f"Everyone passed: the dealer must bid at least {max(DEALER_MINIMUM, least)}."
        if action.value == self.high and action.seat == self.dealer:
            return "Dealer steal is off: the dealer must bid higher than the high bid."
        if isinstance(action.value, int) and 1 <= action.value < least:
            return f"The minimum bid is {least}: pass or bid {least} to {top}."
        if not isinstance(action.value, int) or not 1 <= action.value <= top:
            return f"Pitch bids are {least} to {top}."
        return f"A bid must be higher than the high bid ({self.high})."

    def _apply_other(self, action: Action, events: list[Event]) -> None:
        if not isinstance(action, Bid):  # pragma: no cover - why_illegal refuses it first
            raise IllegalAction(f"Unexpected action {action}.")
        seat, value = action.seat, action.value
        self.bids[seat] = value
        self.log.bids.append((seat, value))
        events.append(Event(BID_MADE, seat, value=value))
        if isinstance(value, int):  # not a pass
            self.high = value
            self.pitcher = seat
        if value == self.options.shut_out or seat == self.dealer:
            self.phase = Phase.PLAYING
            self.to_act = self.pitcher
            events.append(Event(BIDDING_DONE, self.pitcher, value=self.high))
        else:
            self.to_act = self.next_seat(seat)

    # ----- trick play
    @staticmethod
    def lead_mask(hand: int, spades_broken: bool) -> int:
        """Any card may lead (the pitcher's first lead sets trump)."""
        return hand

    @staticmethod
    def follow_mask(hand: int, led: int, trump: int | None) -> int:
        """Follow suit or trump; when trump is led, play trump if able; void: anything."""
        following = hand & SUIT_MASKS[led]
        if not following:
            return hand
        if led == trump or trump is None:  # (trump is set by the first card, before anyone follows)
            return following
        return following | (hand & SUIT_MASKS[trump])

    def _play_refusal(self, card: Card) -> str:
        suit = SUIT_NAMES[self.led_suit]
        assert self.trump is not None
        if self.led_suit == self.trump:
            return f"Trump was led: you must play a trump ({suit})."
        return f"You must follow suit ({suit}) or play a trump ({SUIT_NAMES[self.trump]})."

    def legal_mask(self) -> int:
        """lead_mask()/follow_mask() with the off-jack (house rule P1) a trump of the hand."""
        if self.suit_of is None:
            return super().legal_mask()
        seat = self.to_act
        assert seat is not None and self.trump is not None
        hand = self.hands[seat]
        if not self.trick:
            return hand
        masks = self._suit_masks
        following = hand & masks[self.led_suit]
        if not following or self.led_suit == self.trump:
            return following or hand
        return following | (hand & masks[self.trump])

    def winner_of(self, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
        return winning_seat(self.options, plays, trump)

    def _on_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        if self.trump is None:
            self.trump = card & 3
            if self.options.off_jack:  # the pitcher's first card names trump by its printed suit
                self.suit_of, self.power, self._suit_masks = off_jack_tables(self.trump)
            if events is not None:
                events.append(Event(TRUMP_SET, seat, DECK[card], value=self.trump))

    # ----- scoring and the end
    def _score_hand(self) -> HandResult:
        assert self.pitcher is not None and self.trump is not None
        pitcher_side = self.side_of(self.pitcher)
        points = score_pitch(len(self.teams), self._side, self.in_play, self.trump, self.trick_log,
                             pitcher_side, self.high, self.options.low == "player",
                             off_jack_of(self.trump) if self.options.off_jack else None)
        for side, row in enumerate(points):
            self.scores[side] += row["total"]
        self.log.pitcher, self.log.bid, self.log.trump = self.pitcher, self.high, self.trump
        return HandResult(points, list(self.scores), list(self.bags), self.pitcher, self.high)

    def _game_winner(self, result: HandResult) -> int | None:
        """The pitcher's side wins at or above the target, on a hand it pitched and made (not set back)."""
        assert self.pitcher is not None
        side = self.side_of(self.pitcher)
        if result.points[side]["set_back"]:
            return None
        return side if self.scores[side] >= self.options.target else None

    def _pitcher(self) -> int | None:
        return self.pitcher

    def _high_bid(self) -> int:
        return self.high
