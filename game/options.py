"""Rule options of each game, with the defaults and the choices of the rules files."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SPADES_TARGETS = (500, 250, 300, 1000)  # rules/spades.md "Options the program offers", default first
SPADES_MERCY = (None, -200)  # off, or lose at -200
PITCH_TARGETS = (7, 11, 15, 21)  # rules/pitch.md, default first
PITCH_LOW = ("winner", "player")  # Low to the player who wins it, or to the player who played it
YES_NO = (True, False)
TEN_POINT_TARGETS = (52, 21, 32)  # rules/ten-point-pitch.md, default first
TEN_POINT_LOW = ("player", "winner")  # Low to the player who played it (default), or to the trick's winner

# Every option's allowed values, default first (the window and the command line offer these).
SPADES_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": SPADES_TARGETS, "nil": YES_NO, "double_nil": YES_NO, "mercy": SPADES_MERCY}
PITCH_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": PITCH_TARGETS, "partnerships": (False, True), "dealer_steal": YES_NO, "low": PITCH_LOW}
TEN_POINT_PITCH_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": TEN_POINT_TARGETS, "partnerships": YES_NO, "low": TEN_POINT_LOW}


def _check(name: str, value: object, allowed: tuple[Any, ...]) -> None:
    """Refuse a value the rules do not offer (a bool is no number, 500.0 is no 500)."""
    if not any(type(value) is type(choice) and value == choice for choice in allowed):
        shown = ", ".join("None (off)" if choice is None else repr(choice) for choice in allowed)
        raise ValueError(f"{name} must be one of {shown}, not {value!r}.")


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


@dataclass(frozen=True)
class TenPointPitchOptions:
    """Options for Ten-point Pitch: target, partnerships (four players; else each for himself), who gets Low."""

    target: int = 52
    partnerships: bool = True
    low: str = "player"

    def __post_init__(self) -> None:
        for name, allowed in TEN_POINT_PITCH_CHOICES.items():
            _check(f"Ten-point Pitch {name}", getattr(self, name), allowed)

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""
        return asdict(self)
