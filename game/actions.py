"""Actions a seat can take: small frozen values; the applied list of them is the game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from game.cards import DECK, Card


class NamedBid(StrEnum):
    """A bid that is a word, not a number; its value is how records write it."""

    NIL = "nil"
    DOUBLE_NIL = "double_nil"
    PASS = "pass"


BidValue = int | str  # a number of tricks/points, or a NamedBid (a str: records read back plain strings)
NIL, DOUBLE_NIL, PASS = NamedBid.NIL, NamedBid.DOUBLE_NIL, NamedBid.PASS
BID_WORDS = {NIL: "Nil", DOUBLE_NIL: "Double Nil", PASS: "Pass"}


@dataclass(frozen=True)
class Look:
    """The seat turns its dealt hand face up (after this it may not bid Double Nil)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} looks at its cards"


@dataclass(frozen=True)
class Bid:
    """A bid: a number, ``"nil"``, ``"double_nil"`` (Spades) or ``"pass"`` (Pitch)."""

    seat: int
    value: BidValue

    def __str__(self) -> str:
        return f"seat {self.seat} bids {bid_text(self.value)}"


@dataclass(frozen=True)
class Play:
    """The seat plays a card to the trick."""

    seat: int
    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is int and 0 <= self.card < len(DECK):  # a plain number: the Card it names
            object.__setattr__(self, "card", DECK[self.card])

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@dataclass(frozen=True)
class Draw:
    """Two-player Spades: keep (True) or discard (False) the card just taken from the stock."""

    seat: int
    keep: bool

    def __str__(self) -> str:
        return f"seat {self.seat} {'keeps' if self.keep else 'discards'} the drawn card"


@dataclass(frozen=True)
class Exchange:
    """Double Nil: the three cards this seat gives to its partner."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} gives {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class Redraw:
    """Two-player Double Nil: the up-to-three cards to throw away and replace."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        shown = " ".join(map(str, self.cards)) or "nothing"
        return f"seat {self.seat} replaces {shown}"


Action = Look | Bid | Play | Draw | Exchange | Redraw


@cache
def bid_actions(seat: int, values: tuple[BidValue, ...]) -> tuple[Bid, ...]:
    """The Bid actions of one seat for these values (shared: bidding is on the hot path)."""
    return tuple(Bid(seat, value) for value in values)


def bid_text(value: BidValue) -> str:
    """A bid as people say it: ``"4"``, ``"Nil"``, ``"Double Nil"``, ``"Pass"``."""
    if isinstance(value, str):
        words: dict[str, str] = BID_WORDS  # type: ignore[assignment]  # a NamedBid is a str
        return words.get(value, value)  # a str that is no NamedBid: as is
    return str(value)


def is_bid_value(value: object) -> bool:
    """Whether ``value`` has the form of a bid: a whole number (not True/False) or a named bid."""
    return type(value) is int or (isinstance(value, str) and value in BID_WORDS)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""
