"""Chance: the shuffles and random picks of a game, from one seeded generator.

A replay can force the outcomes (the recorded deals) while the generator is
still advanced exactly as in the original game, so later hands follow the seed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from itertools import starmap

from game.cards import DECK, Card

NO_ARGS = ((),) * len(DECK)  # one empty argument tuple per card: a random key each


class Chance:
    """Every chance event of one game; outcomes may be forced for replay."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        self._forced: dict[str, deque] = {"seat": deque(), "deck": deque(), "sample": deque()}

    def force(self, kind: str, outcomes: Iterable) -> None:
        """Queue outcomes ("seat", "deck" or "sample") to use instead of the generator's."""
        self._forced[kind].extend(outcomes)

    def _take(self, kind: str, drawn):
        queue = self._forced[kind]
        return queue.popleft() if queue else drawn

    def pick_seat(self, num_seats: int) -> int:
        """A seat chosen at random (the first dealer or first drawer)."""
        return self._take("seat", self.rng.randrange(num_seats))

    def shuffled_deck(self) -> list[Card]:
        """The 52 cards in a fresh random order, top first."""
        # Sorting by independent random keys is a uniform shuffle, and faster than shuffle();
        # starmap draws the 52 keys without a Python call per card.
        keys = list(starmap(self.rng.random, NO_ARGS))
        return self._take("deck", sorted(DECK, key=keys.__getitem__))

    def sample(self, pool: list[Card], count: int) -> list[Card]:
        """``count`` different cards drawn at random from ``pool``."""
        return self._take("sample", self.rng.sample(pool, count))
