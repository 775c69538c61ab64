"""Rule options of each game: every option's allowed values, label and help text, and the options classes.

An ``OptionSpec`` is what the setup screen, the command line, the records and the settings read
about one option: its record key, the label and one-line help players see, and its choices
(each value with how it is shown, in the order shown). The defaults are the rules files'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

OptionValue = bool | int | str | None


@dataclass(frozen=True)
class Choice:
    """One allowed value of an option and how the setup screen shows it."""

    value: OptionValue
    label: str


@dataclass(frozen=True)
class OptionSpec:
    """One rule option: its record key, label, help, choices (in display order) and default.

    ``seats``, when given, lists the seat counts at which the option may differ from its default
    (Pitch's partnerships need four players); elsewhere it is fixed at the default.
    """

    key: str
    label: str
    help: str
    choices: tuple[Choice, ...]
    default: OptionValue
    seats: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not any(_same(self.default, c.value) for c in self.choices):
            raise ValueError(f"option {self.key}: the default {self.default!r} is not among its choices")

    @property
    def values(self) -> tuple[OptionValue, ...]:
        """Every allowed value, the default first."""
        return (self.default, *(c.value for c in self.choices if not _same(c.value, self.default)))

    @property
    def is_toggle(self) -> bool:
        """True for an on/off option (shown as a toggle)."""
        return {type(c.value) for c in self.choices} == {bool}

    def label_of(self, value: object) -> str:
        """How ``value`` is shown ("Off", "Lose at −200"); ``repr`` for a value not offered."""
        return next((c.label for c in self.choices if _same(c.value, value)), repr(value))

    def allowed_at(self, seats: int) -> tuple[OptionValue, ...]:
        """The values this option may take at a table of ``seats``."""
        return self.values if self.seats is None or seats in self.seats else (self.default,)


def _same(a: object, b: object) -> bool:
    """Equal and of the same type (a bool is no number, 500.0 is no 500)."""
    return type(a) is type(b) and a == b


def _numbers(values: Sequence[int], default: int) -> tuple[Choice, ...]:
    return tuple(Choice(v, str(v)) for v in sorted(values)) if default in values else ()


ON_OFF = (Choice(True, "On"), Choice(False, "Off"))

SPADES_TARGETS = (500, 250, 300, 1000)  # rules/spades.md "Options the program offers", default first
SPADES_MERCY = (None, -200)  # off, or lose at -200
PITCH_TARGETS = (7, 11, 15, 21)  # rules/pitch.md, default first
PITCH_LOW = ("winner", "player")  # Low to the player who wins it, or to the player who played it
YES_NO = (True, False)

SPADES_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "Target score", "The first side to reach this score wins.",
               _numbers(SPADES_TARGETS, 500), 500),
    OptionSpec("nil", "Nil bids allowed", "A player may bid to take no trick, for 100 points won or lost.",
               ON_OFF, True),
    OptionSpec("double_nil", "Double Nil allowed",
               "Before looking at the cards, bid to take no trick for 200 points.", ON_OFF, True),
    OptionSpec("mercy", "Mercy rule", "A side that falls to -200 loses the game.",
               (Choice(None, "Off"), Choice(-200, "Lose at \u2212200")), None),
)
PITCH_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "Target score", "Reach this score in a hand you pitch and make to win.",
               _numbers(PITCH_TARGETS, 7), 7),
    OptionSpec("partnerships", "Partnerships", "Four players in two partnerships, partners opposite.",
               ON_OFF, False, seats=(4,)),
    OptionSpec("dealer_steal", "Dealer may steal", "The dealer may take the bid at the highest bid so far.",
               ON_OFF, True),
    OptionSpec("low", "Low point to", "Who scores the point for the lowest trump.",
               (Choice("winner", "Trick winner"), Choice("player", "Who played it")), "winner"),
)


def choices_of(specs: Sequence[OptionSpec]) -> Mapping[str, tuple[Any, ...]]:
    """Every option's allowed values, default first, by key."""
    return {spec.key: spec.values for spec in specs}


# Every option's allowed values, default first (the window and the command line offer these).
SPADES_CHOICES: dict[str, tuple[Any, ...]] = dict(choices_of(SPADES_OPTIONS))
PITCH_CHOICES: dict[str, tuple[Any, ...]] = dict(choices_of(PITCH_OPTIONS))


def _check(name: str, value: object, allowed: tuple[Any, ...]) -> None:
    """Refuse a value the rules do not offer (a bool is no number, 500.0 is no 500)."""
    if not any(type(value) is type(choice) and value == choice for choice in allowed):
        shown = ", ".join("None (off)" if choice is None else repr(choice) for choice in allowed)
        raise ValueError(f"{name} must be one of {shown}, not {value!r}.")


class GameOptions(Protocol):
    """What every game's options class offers: the target score and the record's ``options`` object."""

    @property
    def target(self) -> int:
        """The score that ends the game."""

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""


@dataclass(frozen=True)
class SpadesOptions:
    """Options for Spades (four players) and Spades for two; refuses values the rules do not list."""

    target: int = 500
    nil: bool = True
    double_nil: bool = True
    mercy: int | None = None

    def __post_init__(self) -> None:
        for name, allowed in SPADES_CHOICES.items():
            _check(f"Spades {name}", getattr(self, name), allowed)

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""
        return asdict(self)


@dataclass(frozen=True)
class PitchOptions:
    """Options for Pitch: target, partnerships (four players), dealer steal, who gets Low."""

    target: int = 7
    partnerships: bool = False
    dealer_steal: bool = True
    low: str = "winner"

    def __post_init__(self) -> None:
        for name, allowed in PITCH_CHOICES.items():
            _check(f"Pitch {name}", getattr(self, name), allowed)

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""
        return asdict(self)
