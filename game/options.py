"""Rule options of each game, with the defaults of the rules files."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SPADES_TARGETS = (500, 250, 300, 1000)
PITCH_TARGETS = (7, 11, 15, 21)


@dataclass(frozen=True)
class SpadesOptions:
    """Options for Spades (four players) and Spades for two."""

    target: int = 500
    nil: bool = True
    double_nil: bool = True
    mercy: int | None = None

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

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""
        return asdict(self)
