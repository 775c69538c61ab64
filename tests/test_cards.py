"""Cards: the two-letter notation, ranks and suits, masks, and the display order of a hand."""

from __future__ import annotations

import pytest

from game.cards import (
    DECK,
    FULL_MASK,
    RANKS,
    SUIT_MASKS,
    SUITS,
    Card,
    cards_of,
    highest,
    lowest,
    mask_of,
    sort_for_hand,
)


def test_every_card_prints_and_parses_back() -> None:
    names = [str(card) for card in DECK]
    assert len(set(names)) == 52
    assert names[:5] == ["2S", "2H", "2D", "2C", "3S"] and names[-1] == "AC"
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card  # repr round-trips


@pytest.mark.parametrize(("text", "rank", "suit"), [("2S", 0, 0), ("TH", 8, 1), ("JD", 9, 2), ("QC", 10, 3),
                                                     ("KS", 11, 0), ("AC", 12, 3), ("th", 8, 1)])
def test_rank_and_suit(text: str, rank: int, suit: int) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card == Card.of(rank, suit) == DECK[rank * 4 + suit]


@pytest.mark.parametrize("text", ["", "T", "1H", "10H", "TX", "ASD", " AS", "ZZ"])
def test_text_that_is_not_a_card_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 5, ["A", "S"], b"AS"])
def test_a_value_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "name"), [("QH", "queen of hearts"), ("TD", "10 of diamonds"),
                                             ("AS", "ace of spades"), ("2C", "2 of clubs"), ("JS", "jack of spades")])
def test_spoken_names(text: str, name: str) -> None:
    assert Card.parse(text).name() == name


def test_cards_order_by_rank_first() -> None:
    assert Card.parse("AS") > Card.parse("KH") > Card.parse("QC") > Card.parse("2D")
    hearts = [Card.parse(rank + "H") for rank in RANKS]
    assert max(hearts) == Card.parse("AH") and min(hearts) == Card.parse("2H")
    assert sorted(hearts, reverse=True)[0] == Card.parse("AH")


def test_masks_round_trip_and_find_the_highest_and_lowest() -> None:
    hand = [Card.parse(t) for t in ("AS", "3H", "TD", "2C", "KH")]
    mask = mask_of(hand)
    assert mask.bit_count() == 5
    assert set(cards_of(mask)) == set(hand)
    assert cards_of(mask) == sorted(hand)
    hearts = mask & SUIT_MASKS[1]
    assert highest(hearts) == Card.parse("KH") and lowest(hearts) == Card.parse("3H")
    assert cards_of(0) == []


def test_the_suit_masks_split_the_deck() -> None:
    assert [m.bit_count() for m in SUIT_MASKS] == [13] * 4
    assert SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3] == FULL_MASK == mask_of(DECK)
    for suit, mask in enumerate(SUIT_MASKS):
        assert {str(c)[1] for c in cards_of(mask)} == {SUITS[suit]}


def test_a_hand_is_sorted_by_suit_alternating_colours_then_high_to_low() -> None:
    hand = [Card.parse(t) for t in ("2D", "AS", "3C", "KH", "TS", "AD", "4H", "QC")]
    assert [str(c) for c in sort_for_hand(hand)] == ["AS", "TS", "KH", "4H", "QC", "3C", "AD", "2D"]
    assert [str(c) for c in sort_for_hand(hand, "HSDC")] == ["KH", "4H", "AS", "TS", "AD", "2D", "QC", "3C"]


def test_cards_are_values_not_identities() -> None:
    assert Card.parse("TH") == int(Card.parse("TH")) and hash(Card.parse("TH")) == hash(int(Card.parse("TH")))
    assert {Card.parse("TH"), DECK[Card.parse("TH")]} == {Card.parse("TH")}
    assert str(Card.parse("TH")) == "TH" and f"{Card.parse('9C')}" == "9C"
