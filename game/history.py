"""A game's history: every action applied and every outcome of chance, in order (python-chess's move
stack, OpenSpiel's chance nodes).

``game.history`` is a tuple of entries: the actions themselves (``Look``, ``Bid``, ``Play``, ``Draw``,
``Exchange``, ``Redraw``, exactly as given to ``apply()``) and ``ChanceOutcome`` values. It starts
with the first dealer's pick (``ChanceOutcome("seat", 3)``); every hand starts with its shuffled deck
(``ChanceOutcome("deck", (...52 cards, top first))``), noted right after the action that ended the
hand before; a two-player Double Nil redraw is followed by the cards it drew (``"sample"``).

The record (``game.record.to_record``) is a projection of this list, and replaying it (``game.replay.rebuild``,
or reading a record) forces the outcomes and applies the actions through ``apply()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.actions import Action
from game.cards import Card
from game.chance import Chance

SEAT, DECK_ORDER, SAMPLE = "seat", "deck", "sample"  # the kinds of chance outcome (Chance.force's names)


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of chance: ``kind`` is ``"seat"`` (the first dealer or drawer, ``outcome`` a seat),
    ``"deck"`` (a shuffled deck, top first) or ``"sample"`` (cards drawn at random from a pile)."""

    kind: str
    outcome: int | tuple[Card, ...]

    def __str__(self) -> str:
        if isinstance(self.outcome, int):
            return f"chance: {self.kind} {self.outcome}"
        return f"chance: {self.kind} {' '.join(map(str, self.outcome))}"


Entry = Action | ChanceOutcome


@dataclass(frozen=True)
class HandHistory:
    """One hand's part of a history: its number (from 1), dealer (or first drawer), deck and entries
    (the deck's own entry excluded; the actions and later outcomes of the hand, in order)."""

    number: int
    dealer: int
    deck: tuple[Card, ...]
    entries: tuple[Entry, ...]

    def actions(self) -> list[Action]:
        """The hand's actions in order (no chance outcomes)."""
        return [entry for entry in self.entries if not isinstance(entry, ChanceOutcome)]


def split_hands(history: Sequence[Entry], num_seats: int) -> list[HandHistory]:
    """The history cut into hands; the dealer moves one seat to the left each hand (all three games)."""
    if not history or not isinstance(history[0], ChanceOutcome) or history[0].kind != SEAT:
        raise ValueError("a history starts with the first dealer's pick")
    first = history[0].outcome
    assert isinstance(first, int)
    starts = [i for i, entry in enumerate(history)
              if isinstance(entry, ChanceOutcome) and entry.kind == DECK_ORDER]
    hands = []
    for number, (start, end) in enumerate(zip(starts, starts[1:] + [len(history)], strict=True), 1):
        entry = history[start]
        assert isinstance(entry, ChanceOutcome) and isinstance(entry.outcome, tuple)
        deck = entry.outcome
        hands.append(HandHistory(number, (first + number - 1) % num_seats, deck, tuple(history[start + 1:end])))
    return hands


def force_outcomes(chance: Chance, entries: Iterable[Entry]) -> None:
    """Queue every chance outcome of ``entries`` on ``chance``, in order, so that a replay draws them."""
    for entry in entries:
        if isinstance(entry, ChanceOutcome):
            outcome: Any = entry.outcome
            chance.force(entry.kind, [list(outcome) if isinstance(outcome, tuple) else outcome])
