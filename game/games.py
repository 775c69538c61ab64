"""The registry of games: one GameInfo per game with every fact about it and every part it is made of.

The window, the command line, the records and the computer players read a game's facts here (or
from ``view.facts``, the same ``GameFacts``) instead of repeating them or comparing game names.
A new game is one package (game/<game>/) and one entry below: see docs/engine-api.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from game.actions import Action, NamedBid
from game.ai.tuning import PITCH_TUNING, SPADES_TUNING, SPADES_TWO_TUNING, TEN_POINT_PITCH_TUNING, HardTuning
from game.ai.valued import ValuedActions
from game.cards import DECK, JOKER_DECK, Card
from game.chance import Chance
from game.codecs import Codec
from game.facts import GameFacts
from game.options import (
    PITCH_OPTIONS,
    SPADES_OPTIONS,
    SPADES_TWO_OPTIONS,
    TEN_POINT_PITCH_OPTIONS,
    GameOptions,
    OptionSpec,
    PitchOptions,
    SpadesOptions,
    SpadesTwoOptions,
    TenPointPitchOptions,
    choices_of,
)
from game.pitch import players as pitch_players
from game.pitch import rules as pitch
from game.pitch.codec import PitchCodec
from game.pitch.worlds import PitchWorlds
from game.sampling import WorldSampler
from game.spades import players as spades_players
from game.spades import rules as spades
from game.spades.codec import SpadesCodec
from game.spades.worlds import SpadesWorlds
from game.spades_two import players as spades_two_players
from game.spades_two import rules as spades_two
from game.spades_two.codec import SpadesTwoCodec
from game.spades_two.worlds import SpadesTwoWorlds
from game.state import SeatView, TrickGame, trick_winner
from game.ten_point_pitch import hard as ten_point_hard
from game.ten_point_pitch import players as ten_point_players
from game.ten_point_pitch import rules as ten_point
from game.ten_point_pitch.codec import TenPointPitchCodec
from game.ten_point_pitch.worlds import TenPointPitchWorlds

Options = SpadesOptions | SpadesTwoOptions | PitchOptions | TenPointPitchOptions

# make(options or None for the defaults, players, seed, chance or None) -> a game with its first hand dealt
Maker = Callable[[GameOptions | None, int, int | None, Chance | None], TrickGame]
# a computer level's policy for one game: the action a seat takes, from its view alone
Policy = Callable[[SeatView, random.Random], Action]
# deck_for_deal(dealer, hands by seat, seats) -> the shuffled deck (top first) that deals them
DealOrder = Callable[[int, Sequence[Sequence[Card]], int], list[Card]]
# teams(seats, options) -> the sides, each a list of seats
Teams = Callable[[int, GameOptions | None], list[list[int]]]
# hard(view, rng, think_ms, samples or None) -> a game's own hard-level choice, one of view.legal
HardSearch = Callable[[SeatView, random.Random, int, int | None], Action]
# trick_winner(options, plays, trump) -> the seat winning a trick (finished or not) under the game's rules
TrickWinner = Callable[[Any, Sequence[tuple[int, Card]], int | None], int]
# hard_values(view, rng, worlds, extra actions) -> that search's candidates, each valued in the same worlds
HardValues = Callable[[SeatView, random.Random, int, tuple[Action, ...]], ValuedActions]


def standard_winner(options: Any, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """The seat winning ``plays``: the highest trump, else the highest card of the suit led."""
    return trick_winner(plays, trump)


@dataclass(frozen=True)
class GameInfo:
    """Everything about one game that does not change during play, and the parts it is made of.

    ``facts`` holds the data (seats, sizes, bids, rules: game/facts.py); the rest are the game's
    parts: its options class and option specs, its constructor, teams rule, record codec, the
    inverse of its deal, its computer players' ``easy`` and ``normal`` policies, the hard
    level's search tuning and its world sampler; ``hard``, when a game has one, is its own search
    for the hard level (Ten-point Pitch), used in place of the shared one, and ``hard_values`` the
    values its candidates get (what the Hint explains and a hand's review compares).
    """

    facts: GameFacts
    options_class: type[SpadesOptions] | type[SpadesTwoOptions] | type[PitchOptions] | type[TenPointPitchOptions]
    option_specs: tuple[OptionSpec, ...]  # every option with its values, label and help (game/options.py)
    make: Maker
    teams: Teams
    codec: Codec  # how the game's hands are written in a record and read back (game/codecs.py)
    deck_for_deal: DealOrder
    easy: Policy
    normal: Policy
    tuning: HardTuning
    worlds: Callable[[SeatView], WorldSampler]  # the game's world sampler for a view (game/worlds.py)
    deck: tuple[Card, ...] = DECK  # the cards the game is played with
    trick_winner: TrickWinner = standard_winner  # who is winning a trick (house rules: jokers, the off-jack)
    hard: HardSearch | None = None  # the game's own hard-level search (None: the shared PIMC search)
    hard_values: HardValues | None = None  # with ``hard``: its candidates' values (the Hint's reasons, reviews)
    normal_1: Policy | None = None  # the normal level before a change under trial (the arena's normal-1)

    # ----- the facts, by name (GameFacts documents each)
    @property
    def name(self) -> str:
        """The name used by new_game, records and the command line."""
        return self.facts.name

    @property
    def title(self) -> str:
        """The name shown to players."""
        return self.facts.title

    @property
    def min_seats(self) -> int:
        """The fewest seats the game is played by."""
        return self.facts.min_seats

    @property
    def max_seats(self) -> int:
        """The most seats the game is played by."""
        return self.facts.max_seats

    @property
    def default_seats(self) -> int:
        """The seats a new game has unless asked otherwise."""
        return self.facts.default_seats

    @property
    def hand_size(self) -> int:
        """The cards each seat holds when play begins."""
        return self.facts.hand_size

    @property
    def exchange_size(self) -> int:
        """The cards each side of a Double Nil exchange gives (0: no exchange)."""
        return self.facts.exchange_size

    @property
    def redraw_max(self) -> int:
        """The cards a Double Nil bidder may replace (0: no redraw)."""
        return self.facts.redraw_max

    @property
    def packet(self) -> int:
        """The cards dealt to a seat at a time (0: the hands are drawn, not dealt)."""
        return self.facts.packet

    @property
    def named_bids(self) -> tuple[NamedBid, ...]:
        """The bids that are words the game may offer."""
        return self.facts.named_bids

    @property
    def look_is_decision(self) -> bool:
        """False when looking at one's cards is no choice of the game (four-player Spades)."""
        return self.facts.look_is_decision

    @property
    def has_bags(self) -> bool:
        """Whether overtricks (bags) are counted."""
        return self.facts.has_bags

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
        if not self.facts.allows_seats(seats):
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

    def offers_partnerships(self, seats: int) -> bool:
        """Whether partnerships are an option, off unless asked for, at a table of ``seats`` (its
        ``partnerships`` OptionSpec; Spades, where partnerships are the default and "each for himself"
        the house rule, does not count: nothing asks for them there)."""
        return any(spec.key == "partnerships" and spec.default is False and True in spec.allowed_at(seats)
                   for spec in self.option_specs)


def _spades(options: GameOptions | None, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return spades.SpadesGame(cast("SpadesOptions | None", options), seed, chance, players)


def _spades_two(options: GameOptions | None, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return spades_two.SpadesTwoGame(cast("SpadesOptions | None", options), seed, chance)


def _pitch(options: GameOptions | None, players: int, seed: int | None, chance: Chance | None) -> TrickGame:
    return pitch.PitchGame(cast("PitchOptions | None", options), players, seed, chance)


def _partners(seats: int, options: GameOptions | None) -> list[list[int]]:
    """Two partnerships of opposite seats, or (partnerships off: Cutthroat Spades) a side per seat."""
    if getattr(options, "partnerships", True) is False:
        return _alone(seats, options)
    return [[0, 2], [1, 3]]


def _alone(seats: int, options: GameOptions | None) -> list[list[int]]:
    return [[seat] for seat in range(seats)]


def _pitch_teams(seats: int, options: GameOptions | None) -> list[list[int]]:
    return pitch.pitch_teams(seats, bool(getattr(options, "partnerships", False)))


def _ten_point_pitch(options: GameOptions | None, players: int, seed: int | None,
                     chance: Chance | None) -> TrickGame:
    return ten_point.TenPointPitchGame(cast("TenPointPitchOptions | None", options), players, seed, chance)


def _ten_point_teams(seats: int, options: GameOptions | None) -> list[list[int]]:
    """Two partnerships of opposite seats when asked for at four, else a side per seat."""
    return ten_point.ten_point_teams(seats, seats == 4 and bool(getattr(options, "partnerships", True)))


def _ten_point_deck_for_deal(dealer: int, hands: Sequence[Sequence[Card]], seats: int) -> list[Card]:
    """The deck that deals ``hands`` (nine cards a seat), the stock after them in deck order."""
    held = {card for hand in hands for card in hand}
    return ten_point.deck_for(dealer, hands, [card for card in JOKER_DECK if card not in held])


GAMES: dict[str, GameInfo] = {
    info.name: info for info in (
        GameInfo(spades.FACTS, SpadesOptions, SPADES_OPTIONS, _spades, _partners, SpadesCodec(),
                 spades.deck_for_deal, spades_players.easy_choose, spades_players.normal_choose, SPADES_TUNING,
                 SpadesWorlds, trick_winner=spades.winning_seat, normal_1=spades_players.normal_1_choose),
        GameInfo(spades_two.FACTS, SpadesTwoOptions, SPADES_TWO_OPTIONS, _spades_two, _alone, SpadesTwoCodec(),
                 spades_two.deck_for_deal, spades_two_players.easy_choose, spades_two_players.normal_choose,
                 SPADES_TWO_TUNING, SpadesTwoWorlds, normal_1=spades_two_players.normal_1_choose),
        GameInfo(pitch.FACTS, PitchOptions, PITCH_OPTIONS, _pitch, _pitch_teams, PitchCodec(),
                 pitch.deck_for_deal, pitch_players.easy_choose, pitch_players.normal_choose, PITCH_TUNING,
                 PitchWorlds, trick_winner=pitch.winning_seat, normal_1=pitch_players.normal_1_choose),
        GameInfo(ten_point.FACTS, TenPointPitchOptions, TEN_POINT_PITCH_OPTIONS, _ten_point_pitch, _ten_point_teams,
                 TenPointPitchCodec(), _ten_point_deck_for_deal, ten_point_players.easy_choose,
                 ten_point_players.normal_choose, TEN_POINT_PITCH_TUNING, TenPointPitchWorlds, deck=JOKER_DECK,
                 trick_winner=ten_point.winning_seat,
                 hard=ten_point_hard.hard_choose, hard_values=ten_point_hard.candidate_values),
    )
}
