"""The cards in play and each card's suit under the house rules (rules/house-rules.md), read from the
options alone: what the worlds and the computer players need to know about the jokers (two more
spades in place of the 2 of hearts and 2 of diamonds), Cutthroat for three (the 2 of clubs out) and
the off-jack (a trump of the hand, no card of its printed suit).

Every function gives the standard answer for options without these rules, so callers need not
ask which game they are in.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from game.cards import DECK, FULL_MASK, JACK, JOKER_MASK, SPADES, SUIT_MASKS, Card

TWO_HEARTS, TWO_DIAMONDS, TWO_CLUBS = Card.parse("2H"), Card.parse("2D"), Card.parse("2C")
OTHER_OF_COLOUR = (3, 2, 1, 0)  # spades and clubs, hearts and diamonds
STANDARD_SUITS: tuple[int, ...] = tuple(card & 3 for card in DECK) + (SPADES, SPADES)


def has_jokers(options: Any) -> bool:
    """Whether the Big and Little Joker are in play (house rule S7)."""
    return bool(getattr(options, "jokers", False))


def off_jack_card(options: Any, trump: int | None) -> int | None:
    """The off-jack of this trump under house rule P1, or None (no such rule, or no trump yet)."""
    if trump is None or not getattr(options, "off_jack", False):
        return None
    return JACK * 4 + OTHER_OF_COLOUR[trump]


def deck_mask(options: Any, num_seats: int) -> int:
    """The mask of every card that can be in play: the 52, or with jokers the 50 and the two jokers;
    Cutthroat Spades for three leaves out the 2 of clubs."""
    mask = FULL_MASK
    if has_jokers(options):
        mask = mask & ~(1 << TWO_HEARTS) & ~(1 << TWO_DIAMONDS) | JOKER_MASK
    if getattr(options, "partnerships", True) is False and num_seats == 3 and hasattr(options, "jokers"):
        mask &= ~(1 << TWO_CLUBS)
    return mask


@cache
def _tables(jokers: bool, off_jack: int | None, trump: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    suits = list(STANDARD_SUITS)
    masks = list(SUIT_MASKS)
    if jokers:
        masks[SPADES] |= JOKER_MASK
    if off_jack is not None and trump is not None:
        suits[off_jack] = trump
        masks[trump] |= 1 << off_jack
        masks[off_jack & 3] &= ~(1 << off_jack)
    return tuple(suits), tuple(masks)


def suit_table(options: Any, trump: int | None) -> tuple[int, ...]:
    """Each card's suit for every rule (jokers are spades; the off-jack is a trump)."""
    return _tables(has_jokers(options), off_jack_card(options, trump), trump)[0]


def suit_masks(options: Any, trump: int | None) -> tuple[int, ...]:
    """The four suits' card masks under the rules in force (jokers among the spades, the off-jack among
    the trumps)."""
    return _tables(has_jokers(options), off_jack_card(options, trump), trump)[1]
