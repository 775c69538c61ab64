"""Small card-mask helpers for computer players: who wins a trick, which cards beat it, masters.

The jokers (house rule S7, cards 52 Little and 53 Big) are the two highest spades here: their bits
are only ever set in a game played with them, so the helpers need not know the options.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import FULL_MASK, JOKER_DECK, JOKER_MASK, SPADES, Card, cards_of
from game.cards import SUIT_MASKS as PLAIN_SUIT_MASKS
from game.cards import mask_of as mask_of
from game.scoring import TRICK_POINTS as POINT_VALUES  # Pitch trick points by rank

cards_in = cards_of  # the AI modules' name for it

FULL = FULL_MASK
SUIT_MASKS = (PLAIN_SUIT_MASKS[SPADES] | JOKER_MASK, *PLAIN_SUIT_MASKS[1:])  # the jokers among the spades
SUIT_OF = tuple(card & 3 for card in range(52)) + (SPADES, SPADES)


def suit_of(card: int) -> int:
    """A card's suit (a joker is a spade)."""
    return SUIT_OF[card]


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def low_card(mask: int) -> Card:
    """The lowest-ranked card of a non-empty mask."""
    return JOKER_DECK[(mask & -mask).bit_length() - 1]


def high_card(mask: int) -> Card:
    """The highest-ranked card of a non-empty mask."""
    return JOKER_DECK[mask.bit_length() - 1]


def suit(mask: int, which: int) -> int:
    """The cards of one suit in a mask."""
    return mask & SUIT_MASKS[which]


def above(card: int) -> int:
    """The mask of every card of ``card``'s suit that ranks higher."""
    return SUIT_MASKS[SUIT_OF[card]] & ~((1 << (card + 1)) - 1)


def below(card: int) -> int:
    """The mask of every card of ``card``'s suit that ranks lower."""
    return SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def beats(card: int, best: int, led: int, trump: int | None) -> bool:
    """Whether ``card`` played now would beat ``best``, the trick's winning card so far."""
    suit, best_suit = SUIT_OF[card], SUIT_OF[best]
    if suit == trump:
        return best_suit != trump or card > best
    return suit == led and best_suit != trump and card > best


def winning(trick: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """The (seat, card) winning a non-empty trick so far."""
    led = SUIT_OF[trick[0][1]]
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best, led, trump):
            best_seat, best = seat, card
    return best_seat, best


def beating(mask: int, best: int, led: int, trump: int | None) -> int:
    """The cards of ``mask`` that would beat ``best`` in a trick whose led suit is ``led``."""
    if trump is not None and SUIT_OF[best] == trump:
        return mask & above(best)
    out = mask & above(best) if SUIT_OF[best] == led else 0
    if trump is not None and trump != led:
        out |= mask & SUIT_MASKS[trump]
    return out


def cheapest(mask: int, trump: int | None) -> Card:
    """The card of a non-empty mask one parts with most easily: the lowest non-trump, else the lowest trump."""
    plain = mask & ~SUIT_MASKS[trump] if trump is not None else mask
    return low_card(plain or mask)


def dearest(mask: int, trump: int | None) -> Card:
    """The highest non-trump card of a non-empty mask, else its highest trump."""
    plain = mask & ~SUIT_MASKS[trump] if trump is not None else mask
    return high_card(plain or mask)


def masters(hand: int, unseen: int) -> int:
    """The cards of ``hand`` that no unseen card of their suit outranks."""
    out = 0
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        if not mine:
            continue
        theirs = unseen & SUIT_MASKS[s]
        out |= mine & above(high_card(theirs)) if theirs else mine
    return out


def is_master(card: int, unseen: int) -> bool:
    """Whether no unseen card of ``card``'s suit outranks it."""
    return not unseen & above(card)


def trick_points(mask: int) -> int:
    """Pitch's game points in a mask: ten 10, ace 4, king 3, queen 2, jack 1."""
    total = 0
    for card in cards_in(mask):
        total += POINT_VALUES.get(card >> 2, 0)
    return total


def point_value(card: int) -> int:
    """One card's Pitch game points."""
    return POINT_VALUES.get(card >> 2, 0)
