"""Chance: the shuffles and random picks of a game, from one seeded generator.

A replay can force the outcomes (the recorded deals) while the generator is
still advanced exactly as in the original game, so later hands follow the seed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from itertools import starmap
from typing import Any, TypeVar

from game.cards import DECK, Card

T = TypeVar("T")  # what a forced outcome replaces: the same kind of value

NO_ARGS = ((),) * len(DECK)  # one empty argument tuple per card: a random key each


class Chance:
    """Every chance event of one game; outcomes may be forced for replay."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        self._forced: dict[str, deque[Any]] = {"seat": deque(), "deck": deque(), "sample": deque()}
        self._shared = False  # True: the generator and queues may be shared with a clone (copy before use)

    def clone(self) -> Chance:
        """A copy with the same future outcomes; cheap: the state is copied only when either one is used."""
        new = Chance.__new__(Chance)
        new.rng, new._forced, new._shared = self.rng, self._forced, True
        self._shared = True
        return new

    def _own(self) -> None:
        """Take a private copy of a generator and queues that a clone may share."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        self.rng = rng
        self._forced = {kind: deque(queue) for kind, queue in self._forced.items()}
        self._shared = False

    def force(self, kind: str, outcomes: Iterable[Any]) -> None:
        """Queue outcomes ("seat", "deck" or "sample") to use instead of the generator's."""
        if self._shared:
            self._own()
        self._forced[kind].extend(outcomes)

    def _take(self, kind: str, drawn: T) -> T:
        queue = self._forced[kind]
        return queue.popleft() if queue else drawn

    def pick_seat(self, num_seats: int) -> int:
        """A seat chosen at random (the first dealer or first drawer)."""
        if self._shared:
            self._own()
        seat: int = self._take("seat", self.rng.randrange(num_seats))
        return seat

    def shuffled_deck(self) -> list[Card]:
        """The 52 cards in a fresh random order, top first."""
        # Sorting by independent random keys is a uniform shuffle, and faster than shuffle();
        # starmap draws the 52 keys without a Python call per card.
        if self._shared:
            self._own()
        keys = list(starmap(self.rng.random, NO_ARGS))
        deck: list[Card] = self._take("deck", sorted(DECK, key=keys.__getitem__))
        return deck

    def sample(self, pool: list[Card], count: int) -> list[Card]:
        """``count`` different cards drawn at random from ``pool``."""
        if self._shared:
            self._own()
        cards: list[Card] = self._take("sample", self.rng.sample(pool, count))
        return cards
