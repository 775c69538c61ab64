"""The inverse of dealing: the shuffled deck (top first) that gives a chosen deal."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import DECK, JOKER_DECK, Card
from game.pitch.rules import HAND_SIZE as PITCH_HAND
from game.pitch.rules import PACKET as PITCH_PACKET
from game.spades.rules import CUTTHROAT_OUT, CUTTHROAT_THREE_HAND
from game.spades.rules import HAND_SIZE as SPADES_HAND


def deck_for_deal(kind: str, dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The 52-card deck, top first, that the game ``kind`` deals into ``hands`` (listed by seat).

    Spades deals one card at a time clockwise from the dealer's left; Pitch three at a time
    in two rounds, the rest of the deck set aside. Two-player Spades has no deal: ``dealer``
    is the first drawer, and the stock returned lets each player keep the first card of every
    turn and discard the second (the 26 cards in no hand are the discards, in deck order).
    Raises ValueError when ``hands`` is not a possible deal.
    """
    if len(hands) != num_seats or not 0 <= dealer < num_seats:
        raise ValueError(f"{len(hands)} hands and dealer {dealer} do not fit {num_seats} seats")
    flat = [card for hand in hands for card in hand]
    if len(set(flat)) != len(flat) or any(not 0 <= card < len(JOKER_DECK) for card in flat):
        raise ValueError("a card is dealt twice, or is not a card")
    rest = [card for card in DECK if card not in set(flat)]
    if kind == "spades":
        return _spades_deck(dealer, hands, num_seats) + ([CUTTHROAT_OUT] if num_seats == 3 else [])
    if kind == "pitch":
        return _pitch_deck(dealer, hands, num_seats) + rest
    if kind == "spades-two":
        return _stock(dealer, hands, rest)
    raise ValueError(f"unknown game {kind!r}")


def _spades_deck(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """Spades: one card at a time from the dealer's left; with three seats (Cutthroat) the 2\u2663
    is out and set aside at the bottom of the deck."""
    size = SPADES_HAND if num_seats == 4 else CUTTHROAT_THREE_HAND
    if any(len(hand) != size for hand in hands) or num_seats not in (3, 4):
        raise ValueError("Spades deals 13 cards to each of four seats, or 17 to each of three")
    return [JOKER_DECK[hands[(dealer + 1 + i) % num_seats][i // num_seats]] for i in range(size * num_seats)]


def _pitch_deck(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    if any(len(hand) != PITCH_HAND for hand in hands):
        raise ValueError("Pitch deals 6 cards to each seat")
    order: list[Card] = []
    for start in range(0, PITCH_HAND, PITCH_PACKET):
        for i in range(num_seats):
            order += [DECK[c] for c in hands[(dealer + 1 + i) % num_seats][start:start + PITCH_PACKET]]
    return order


def _stock(first: int, hands: Sequence[Sequence[Card]], discards: list[Card]) -> list[Card]:
    if len(hands) != 2 or any(len(hand) != SPADES_HAND for hand in hands):
        raise ValueError("Spades for two ends the drawing with 13 cards in each hand")
    stock: list[Card] = []
    for turn in range(2 * SPADES_HAND):
        seat = (first + turn) % 2  # the players alternate, the first drawer first
        stock += [DECK[hands[seat][turn // 2]], discards[turn]]
    return stock
