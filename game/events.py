"""Events: what an applied action caused, for the window to animate and the log to tell."""

from __future__ import annotations

from typing import Any, NamedTuple

from game.cards import Card

# Event kinds, in the order they may occur in a hand.
HAND_STARTED = "hand_started"  # seat=dealer (or first drawer); data: hand number
LOOKED = "looked"  # seat looked at its cards
DREW = "drew"  # two-player drawing: seat, data: kept (bool) - cards only in the drawer's view
DOUBLE_NIL_DECLARED = "double_nil_declared"
REDRAWN = "redrawn"  # seat, data: count
BID_MADE = "bid_made"  # seat, value
BIDDING_DONE = "bidding_done"  # Pitch: seat=pitcher, value=bid
EXCHANGED = "exchanged"  # seat gave cards (count only in public events)
CARD_PLAYED = "card_played"  # seat, card
TRUMP_SET = "trump_set"  # Pitch: value = suit index
SPADES_BROKEN = "spades_broken"
TRICK_WON = "trick_won"  # seat = winner, cards = the trick
HAND_SCORED = "hand_scored"  # data: the hand result (points per side, scores)
GAME_OVER = "game_over"  # value = winning side index


class Event(NamedTuple):
    """Something that happened: a kind, the seat concerned, a card or cards, a value, details."""

    kind: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    value: Any = None
    data: dict[str, Any] | None = None
