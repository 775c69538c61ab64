"""What a game is started with: the game, its options and who sits in each seat (typed, no scene).

The seat counts a game allows come from the registry (``game.games``); the setup screen, the
saves and the table all build and read these values.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import ai
from game.games import GAMES, Options

LEVELS = [level for level in ai.LEVELS if level != "random"] or list(ai.LEVELS)  # weakest first
DEFAULT_LEVEL = "normal" if "normal" in LEVELS else LEVELS[0]
NAME_MAX_LEN = 12
SEAT_NAMES = {
    2: ("You", "North"),
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
    5: ("You", "West", "Northwest", "Northeast", "East"),
    6: ("You", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
    7: ("You", "Southwest", "West", "Northwest", "Northeast", "East", "Southeast"),
}


@dataclass(frozen=True)
class SeatConfig:
    """Who sits in a seat: a name, human or computer, and the computer's level."""

    name: str
    human: bool
    level: str = DEFAULT_LEVEL

    def to_record(self) -> dict[str, str]:
        """The seat as RECORD.md writes it: ``{"name", "player", "level"?}``."""
        if self.human:
            return {"name": self.name, "player": "human"}
        return {"name": self.name, "player": "computer", "level": self.level}


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game: which game, its options, the seats, and an optional seed."""

    game: str
    players: int
    options: Options
    seats: tuple[SeatConfig, ...]
    seed: int | None = None
    coach_key: str | None = None  # the key of the Hint's and the review's seeds, kept by the save (None: none yet)

    def __post_init__(self) -> None:
        info = GAMES.get(self.game)
        if info is None:
            raise ValueError(f"unknown game {self.game!r}")
        if not info.allows_seats(self.players, self.options):
            raise ValueError(f"{self.game} cannot be played by {self.players} players with these options")
        if len(self.seats) != self.players:
            raise ValueError(f"{len(self.seats)} seats for {self.players} players")

    def seat_records(self) -> list[dict[str, str]]:
        """The seats in the record's format."""
        return [seat.to_record() for seat in self.seats]


def default_names(players: int, human: list[bool] | None = None) -> tuple[str, ...]:
    """Default seat names, clockwise from the bottom of the screen ("You" first); with two or more people
    at the table, theirs are "Player 1", "Player 2"... ("You" would be ambiguous on the curtain)."""
    names = list(SEAT_NAMES.get(players, tuple(["You"] + [f"Player {i + 1}" for i in range(1, players)])))
    people = [i for i in range(players) if human is not None and i < len(human) and human[i]]
    if len(people) >= 2:
        for number, seat in enumerate(people, start=1):
            names[seat] = f"Player {number}"
    return tuple(names)


def level_label(level: str) -> str:
    """A computer level as shown: "random" → "Random"."""
    return level.replace("_", " ").replace("-", " ").capitalize()
