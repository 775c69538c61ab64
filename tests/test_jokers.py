"""The two jokers as cards (Ten-point Pitch; the Spades Jokers house rule): notation, order, masks."""

from __future__ import annotations

import pytest

from game.actions import Discard, Play
from game.cards import (
    BIG_JOKER,
    DECK,
    FULL_MASK,
    JOKER_DECK,
    JOKER_MASK,
    JOKER_SUIT,
    JOKERS,
    LITTLE_JOKER,
    Card,
    cards_of,
    highest,
    lowest,
    mask_of,
    sort_for_hand,
)
from game.chance import Chance


def test_the_jokers_are_cards_52_and_53_outside_the_deck() -> None:
    assert (int(LITTLE_JOKER), int(BIG_JOKER)) == (52, 53) and JOKERS == (LITTLE_JOKER, BIG_JOKER)
    assert len(DECK) == 52 and JOKER_DECK == DECK + JOKERS and all(JOKER_DECK[i] == i for i in range(54))
    assert FULL_MASK == (1 << 52) - 1 and JOKER_MASK == mask_of(JOKERS) and not FULL_MASK & JOKER_MASK


@pytest.mark.parametrize(("text", "joker", "name", "rank"), [("BJ", BIG_JOKER, "Big Joker", 14),
                                                             ("LJ", LITTLE_JOKER, "Little Joker", 13),
                                                             ("bj", BIG_JOKER, "Big Joker", 14)])
def test_a_joker_prints_parses_and_names_itself(text: str, joker: Card, name: str, rank: int) -> None:
    card = Card.parse(text)
    assert card is joker and str(card) == text.upper() and card.name() == name
    assert (card.rank, card.suit, card.is_joker) == (rank, JOKER_SUIT, True)
    assert eval(repr(card), {"Card": Card}) == card


def test_the_fifty_two_cards_are_unchanged() -> None:
    for index, card in enumerate(DECK):
        assert (card.rank, card.suit, card.is_joker) == (index >> 2, index & 3, False)
        assert Card.parse(str(card)) is card
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("XJ")


def test_masks_hold_jokers_and_hands_sort_them_first() -> None:
    mask = mask_of([BIG_JOKER, Card.parse("2S"), LITTLE_JOKER])
    assert cards_of(mask) == [Card.parse("2S"), LITTLE_JOKER, BIG_JOKER]
    assert highest(mask) is BIG_JOKER and lowest(mask) == Card.parse("2S")
    shown = sort_for_hand([Card.parse("AS"), LITTLE_JOKER, Card.parse("2H"), BIG_JOKER])
    assert [str(c) for c in shown] == ["BJ", "LJ", "AS", "2H"]


def test_actions_and_shuffles_take_jokers() -> None:
    assert Play(0, 53).card is BIG_JOKER and Discard(1, 52).card is LITTLE_JOKER  # type: ignore[arg-type]
    deck = Chance(3).shuffled_deck(JOKER_DECK)
    assert sorted(deck) == list(JOKER_DECK)
    assert sorted(Chance(3).shuffled_deck()) == list(DECK)
