"""The player's settings: a typed dataclass with the allowed values, read from and written to the data folder.

``settings.json`` in ``ui.services.storage.data_dir()`` holds one JSON object. Reading never fails: a file that is bad
in any way (cut short, not JSON, binary, wrong types, unknown entries, values out of range, a newer version)
gives the defaults for the bad entries only, one plain-words message, and the file is rewritten; the file as
it was is first moved aside (``settings.json.bad-...``), never deleted, so that nothing a newer version wrote
is lost. Writes are atomic (``ui.services.storage.atomic_write_text``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.games import GAMES
from ui.services import storage

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
MAX_BYTES = 256 * 1024  # a settings file is a few hundred bytes; anything this big is not ours
NAME_MAX_LEN = 12  # as long as a seat name on the setup screen

SPEEDS = ("slow", "normal", "fast", "instant")
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
CARD_BACKS = ("classic", "navy", "rosette", "tartan")
FELTS = ("green", "blue", "burgundy", "charcoal")
HAND_SUIT_ORDERS = ("SHCD", "SHDC", "CDHS", "HSDC")  # letters of game.cards.SUITS, left to right in the hand
HAND_RANK_ORDERS = ("high-low", "low-high")
COMPUTER_LEVELS = ("easy", "normal", "hard")
THINK_MS_RANGE = (50, 10_000)
DEFAULT_THINK_MS = 500  # the one default of the hard level's (and the Hint's) thinking time per decision
VOLUME_RANGE = (0, 100)


@dataclass
class Settings:
    """Player preferences, kept between runs (``ui.services.settings``); scenes read and change them in place."""

    speed: str = "normal"  # animation speed: slow / normal / fast / instant
    pace: str = "normal"  # the computer players' pause before each move: slow / normal / fast / instant
    think_ms: int = DEFAULT_THINK_MS  # how long a Hard computer player (and the Hint) thinks per decision
    sound: bool = True
    volume: int = 60  # 0..100
    four_color: bool = False  # spades black, hearts red, diamonds blue, clubs green
    card_back: str = "classic"
    felt: str = "green"
    fullscreen: bool = False
    player_name: str = ""  # the default name of the player at seat one ("" = "You")
    hand_suits: str = "SHCD"
    hand_rank: str = "high-low"
    confirm_play: bool = False  # a first click or Enter selects a card, a second plays it
    computer_level: str = "normal"  # the default level of computer seats
    last_setup: dict[str, Any] = field(default_factory=dict)  # the last new-game choices (setup screen)

    def speed_factor(self) -> float:
        """Multiplier on animation durations (0 means instant)."""
        return SPEED_FACTORS.get(self.speed, 1.0)

    def pace_factor(self) -> float:
        """Multiplier on the computer players' pause before a move: the pace times the animation speed (so at
        Normal pace the pause follows the speed as it always did; no pause at Instant speed or pace)."""
        return SPEED_FACTORS.get(self.pace, 1.0) * self.speed_factor()

    def to_json(self) -> dict[str, Any]:
        """The settings as the file stores them."""
        data: dict[str, Any] = {"version": SETTINGS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = dict(value) if isinstance(value, dict) else value
        return data


def _choice(allowed: tuple[Any, ...]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and v in allowed


def _int_range(low: int, high: int) -> Callable[[object], bool]:
    return lambda v: type(v) is int and low <= v <= high


def _is_bool(v: object) -> bool:
    return type(v) is bool


def _is_name(v: object) -> bool:
    return isinstance(v, str) and len(v) <= NAME_MAX_LEN and v == v.strip() and v.isprintable()


def _is_seat_name(v: object) -> bool:
    return isinstance(v, str) and len(v) <= NAME_MAX_LEN and v.isprintable()


# Every entry's test of a good value; the file's entries are checked one by one against these.
VALID: dict[str, Callable[[Any], bool]] = {
    "speed": _choice(SPEEDS),
    "pace": _choice(SPEEDS),
    "think_ms": _int_range(*THINK_MS_RANGE),
    "sound": _is_bool,
    "volume": _int_range(*VOLUME_RANGE),
    "four_color": _is_bool,
    "card_back": _choice(CARD_BACKS),
    "felt": _choice(FELTS),
    "fullscreen": _is_bool,
    "player_name": _is_name,
    "hand_suits": _choice(HAND_SUIT_ORDERS),
    "hand_rank": _choice(HAND_RANK_ORDERS),
    "confirm_play": _is_bool,
    "computer_level": _choice(COMPUTER_LEVELS),
}
LABELS = {  # entries as a message names them
    "speed": "animation speed", "pace": "computer pace", "think_ms": "computer thinking time", "sound": "sound",
    "volume": "volume", "four_color": "four-colour deck", "card_back": "card back", "felt": "table colour",
    "fullscreen": "full screen", "player_name": "your name", "hand_suits": "hand suit order",
    "hand_rank": "hand rank order", "confirm_play": "confirm before playing", "computer_level": "computer level",
    "last_setup": "last new-game choices",
}


def check_last_setup(value: object) -> tuple[dict[str, Any], bool]:
    """The remembered new-game choices cut down to what is well formed: ``(clean, everything was fine)``."""
    if not isinstance(value, dict):
        return {}, False
    clean: dict[str, Any] = {}
    fine = True
    for key, item in value.items():
        if key == "game" and isinstance(item, str) and item in GAMES:
            clean[key] = item
        elif key == "pitch_players" and type(item) is int and GAMES["pitch"].allows_seats(item):
            clean[key] = item
        elif key == "options" and isinstance(item, dict):
            opts: dict[str, dict[str, Any]] = {}
            for kind, chosen in item.items():
                info = GAMES.get(kind) if isinstance(kind, str) else None
                if info is None or not isinstance(chosen, dict):
                    fine = False
                    continue
                good = {k: v for k, v in chosen.items()
                        if k in info.option_choices and any(v == c and type(v) is type(c)
                                                            for c in info.option_choices[k])}
                fine = fine and len(good) == len(chosen)
                opts[kind] = good
            clean[key] = opts
        elif key == "seats" and isinstance(item, list):
            seats: list[dict[str, Any]] = []
            for seat in item[:8]:
                ok = (isinstance(seat, dict) and _is_seat_name(seat.get("name", ""))
                      and _is_bool(seat.get("edited", False))
                      and _is_bool(seat.get("human", False)) and seat.get("level", "normal") in COMPUTER_LEVELS
                      and set(seat) <= {"name", "edited", "human", "level"})
                if not ok:
                    fine = False
                    seats.append({})
                    continue
                seats.append(dict(seat))
            fine = fine and len(item) <= 8
            clean[key] = seats
        else:
            fine = False
    return clean, fine


def settings_from_json(data: object) -> tuple[Settings, list[str]]:
    """Settings from a parsed file: good entries kept, bad ones at their defaults; returns the bad ones' labels."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings, ["the whole file (it is not a JSON object)"]
    bad: list[str] = []
    for key, value in data.items():
        if key == "version":
            if value != SETTINGS_VERSION:
                bad.append("its version")
        elif key == "last_setup":
            clean, fine = check_last_setup(value)
            settings.last_setup = clean
            if not fine:
                bad.append(LABELS[key])
        elif key in VALID:
            if VALID[key](value):
                setattr(settings, key, value)
            else:
                bad.append(LABELS[key])
        else:
            bad.append(f"an unknown entry ({str(key)[:30]!r})")
    return settings, bad


def settings_text(settings: Settings) -> str:
    """The file's text for ``settings``."""
    return json.dumps(settings.to_json(), indent=2, sort_keys=False, ensure_ascii=False) + "\n"


class SettingsStore:
    """Reads and writes ``settings.json`` in a folder (the data folder by default)."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self._folder = Path(folder) if folder is not None else None
        self.saved_text: str | None = None  # what the file holds as far as this program knows
        self.failed = False  # a write failed (said once)

    @property
    def path(self) -> Path:
        """The settings file."""
        folder = self._folder if self._folder is not None else storage.data_dir()
        return folder / SETTINGS_FILE

    def load(self) -> tuple[Settings, str | None]:
        """The stored settings and, when the file was bad, one message in plain words (the file is then rewritten)."""
        try:
            path = self.path
        except OSError as exc:
            return Settings(), f"Your settings cannot be kept: the data folder is not usable ({exc.strerror or exc})."
        if not path.exists():
            return Settings(), None
        data, problem = storage.read_json_file(path, MAX_BYTES)
        if problem is not None:
            settings = Settings()
            moved = self._move_aside(path)
            note = f" (the old file is kept as {moved.name})" if moved is not None else ""
            self.save(settings)
            return settings, f"Your settings could not be read: {problem}. The defaults are used{note}."
        settings, bad = settings_from_json(data)
        if bad:
            moved = self._move_aside(path)  # what this version does not know is kept, not dropped
            note = f" (the old file is kept as {moved.name})" if moved is not None else ""
            self.save(settings)
            listed = ", ".join(bad[:4]) + (f" and {len(bad) - 4} more" if len(bad) > 4 else "")
            return settings, f"Some settings were not valid and are back to their defaults: {listed}{note}."
        self.saved_text = settings_text(settings)
        return settings, None

    @staticmethod
    def _move_aside(path: Path) -> Path | None:
        try:
            return storage.move_aside(path)
        except OSError:
            return None

    def save(self, settings: Settings) -> str | None:
        """Write ``settings`` if they changed since the last write; returns a problem in plain words or None."""
        content = settings_text(settings)
        if content == self.saved_text:
            return None
        try:
            storage.atomic_write_text(self.path, content)
        except OSError as exc:
            first = not self.failed
            self.failed = True
            return f"Your settings could not be saved ({exc.strerror or exc})." if first else None
        self.saved_text = content
        return None
