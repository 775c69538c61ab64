"""Scripted Ten-point Pitch hands for tests: choose the deal and the stock, then play them through ``apply()``.

Only the cards that matter are named; every hand is filled up to nine cards, and every ``x`` of the
stock is filled, with cards that are no trump of the hand (so every trump must be named somewhere).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.actions import Action, Bid, BidValue, Discard, NameTrump, Play
from game.cards import JOKER_DECK, SUITS, Card
from game.chance import Chance
from game.events import TRICK_WON
from game.options import TenPointPitchOptions
from game.ten_point_pitch.rules import HAND_SIZE, TenPointPitchGame, deck_for, is_trump


def cards(text: str) -> list[Card]:
    """Cards from their two-letter forms separated by spaces."""
    return [Card.parse(word) for word in text.split()]


def deal_of(trump: str, hands: Mapping[int, str], stock: str, players: int) -> tuple[list[list[Card]], list[Card]]:
    """Each seat's nine cards and the stock (top first): the named cards, the rest filled with non-trumps."""
    suit = SUITS.index(trump)
    named = [c for text in hands.values() for c in cards(text)] + [Card.parse(t) for t in stock.split() if t != "x"]
    assert len(set(named)) == len(named), "a card is named twice"
    pool = [c for c in JOKER_DECK if c not in named and not is_trump(c, suit)]
    deal = []
    for seat in range(players):
        mine = cards(hands.get(seat, ""))
        deal.append(mine + [pool.pop(0) for _ in range(HAND_SIZE - len(mine))])
    rest = [pool.pop(0) if token == "x" else Card.parse(token) for token in stock.split()]
    assert not pool and len(rest) == len(JOKER_DECK) - HAND_SIZE * players, "every card must be placed once"
    return deal, rest


def scripted_game(trump: str, hands: Mapping[int, str], stock: str, dealer: int, players: int = 4,
                  options: TenPointPitchOptions | None = None) -> TenPointPitchGame:
    """A game whose first hand is this deal and stock, with ``dealer`` dealing."""
    deal, rest = deal_of(trump, hands, stock, players)
    chance = Chance(0)
    chance.force("seat", [dealer])
    chance.force("deck", [deck_for(dealer, deal, rest)])
    return TenPointPitchGame(options or TenPointPitchOptions(partnerships=players == 4), players, 0, chance)


def bid_and_name(game: TenPointPitchGame, bids: Mapping[int, BidValue], trump: str) -> None:
    """Every seat bids as given (in the engine's order), then the pitcher names trump."""
    while game.phase.value == "bidding":
        seat = game.to_act
        assert seat is not None
        game.apply(Bid(seat, bids[seat]))
    assert game.to_act is not None
    game.apply(NameTrump(game.to_act, SUITS.index(trump)))


def put_down(game: TenPointPitchGame, seat: int, text: str) -> None:
    """The seat puts these cards down, one at a time."""
    for one in cards(text):
        assert game.to_act == seat
        game.apply(Discard(seat, one))


def play(game: TenPointPitchGame, tricks: Sequence[str]) -> list[int]:
    """Play tricks written as ``"2:AS 3:2S 0:7S"`` (seat:card in playing order); return each winner."""
    winners = []
    for trick in tricks:
        for item in trick.split():
            seat, text = item.split(":")
            assert game.to_act == int(seat), f"seat {game.to_act} is to play, not {seat} ({trick})"
            events = game.apply(Play(int(seat), Card.parse(text)))
        winners += [e.seat for e in events if e.kind == TRICK_WON and e.seat is not None]
    return winners


def listed(actions: Sequence[Action]) -> set[str]:
    """Actions as text, to compare sets."""
    return {str(a) for a in actions}
