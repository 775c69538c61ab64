"""The registry of games: one GameInfo per game with its seat counts, sizes, options and constructor.

The window, the command line and the records read these facts here instead of repeating them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.chance import Chance
from game.codecs import Codec
from game.options import (
    PITCH_OPTIONS,
    SPADES_OPTIONS,
    SPADES_TWO_OPTIONS,
    TEN_POINT_PITCH_OPTIONS,
    OptionSpec,
    PitchOptions,
    SpadesOptions,
    SpadesTwoOptions,
    TenPointPitchOptions,
    choices_of,
)
from game.pitch.codec import PitchCodec
from game.pitch.rules import HAND_SIZE as PITCH_HAND_SIZE
from game.pitch.rules import MAX_PLAYERS, MIN_PLAYERS, PitchGame
from game.spades.codec import SpadesCodec
from game.spades.rules import EXCHANGE_SIZE, SpadesGame
from game.spades.rules import HAND_SIZE as SPADES_HAND_SIZE
from game.spades_two.codec import SpadesTwoCodec
from game.spades_two.rules import MAX_REDRAW, SpadesTwoGame
from game.state import TrickGame
from game.ten_point_pitch.codec import TenPointPitchCodec
from game.ten_point_pitch.rules import KEEP as TEN_POINT_KEEP
from game.ten_point_pitch.rules import MAX_PLAYERS as TEN_POINT_MAX
from game.ten_point_pitch.rules import MIN_PLAYERS as TEN_POINT_MIN
from game.ten_point_pitch.rules import TenPointPitchGame

Options = SpadesOptions | SpadesTwoOptions | PitchOptions | TenPointPitchOptions

# make(options or None for the defaults, players, seed, chance or None) -> a game with its first hand dealt
Maker = Callable[[Any, int, "int | None", "Chance | None"], TrickGame]


@dataclass(frozen=True)
class GameInfo:
    """The facts of one game that do not change during play."""

    name: str  # "spades", "spades-two", "pitch", "ten-point-pitch": the name of new_game, records, the command line
    title: str  # the name shown to players
    min_seats: int
    max_seats: int
    default_seats: int
    hand_size: int  # cards each seat holds when play begins
    exchange_size: int  # cards each side of a four-player Double Nil exchange gives (0: no exchange)
    redraw_max: int  # cards a two-player Double Nil bidder may replace (0: no redraw)
    options_class: type[SpadesOptions] | type[SpadesTwoOptions] | type[PitchOptions] | type[TenPointPitchOptions]
    option_specs: tuple[OptionSpec, ...]  # every option with its values, label and help (game/options.py)
    make: Maker
    codec: Codec  # how the game's hands are written in a record and read back (game/codecs.py)

    @property
    def option_choices(self) -> Mapping[str, tuple[Any, ...]]:
        """Every option's allowed values, default first, by record key."""
        return MappingProxyType(dict(choices_of(self.option_specs)))

    def default_options(self) -> Options:
        """The rules files' default options."""
        return self.options_class()

    def allows_seats(self, seats: int, options: Any = None) -> bool:
        """Whether the game is played by this many seats (with ``options``, when given: each option's
        value must be one it may take at that table, so Spades with partnerships needs four)."""
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            return False
        if options is None:
            return True
        return all(any(type(v) is type(getattr(options, spec.key)) and v == getattr(options, spec.key)
                       for v in spec.allowed_at(seats)) for spec in self.option_specs)

    def default_options_at(self, seats: int) -> Options:
        """The default options for a table of ``seats`` (Spades for three is each for himself)."""
        changed = {spec.key: spec.default_at(seats) for spec in self.option_specs
                   if spec.default_at(seats) != spec.default}
        return self.options_class(**{**self.default_options().to_json(), **changed})


def _spades(options: Any, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return SpadesGame(options, seed, chance, players)


def _spades_two(options: Any, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return SpadesTwoGame(options, seed, chance)


def _pitch(options: Any, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return PitchGame(options, players, seed, chance)


def _ten_point_pitch(options: Any, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return TenPointPitchGame(options, players, seed, chance)


GAMES: dict[str, GameInfo] = {
    "spades": GameInfo("spades", "Spades", 3, 4, 4, SPADES_HAND_SIZE, EXCHANGE_SIZE, 0, SpadesOptions,
                       SPADES_OPTIONS, _spades, SpadesCodec()),
    "spades-two": GameInfo("spades-two", "Spades for two", 2, 2, 2, SPADES_HAND_SIZE, 0, MAX_REDRAW,
                           SpadesTwoOptions, SPADES_TWO_OPTIONS, _spades_two,
                           SpadesTwoCodec()),
    "pitch": GameInfo("pitch", "Pitch", MIN_PLAYERS, MAX_PLAYERS, 4, PITCH_HAND_SIZE, 0, 0, PitchOptions,
                      PITCH_OPTIONS, _pitch, PitchCodec()),
    "ten-point-pitch": GameInfo("ten-point-pitch", "Ten-point Pitch", TEN_POINT_MIN, TEN_POINT_MAX, 4,
                                TEN_POINT_KEEP, 0, 0, TenPointPitchOptions, TEN_POINT_PITCH_OPTIONS,
                                _ten_point_pitch, TenPointPitchCodec()),
}
