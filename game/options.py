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
    """One allowed value of an option and how the setup screen shows it.

    ``seats``, when given, lists the seat counts at which this value may be chosen (Spades with
    partnerships needs four players; each for himself, three or four).
    """

    value: OptionValue
    label: str
    seats: tuple[int, ...] | None = None


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
        """The values this option may take at a table of ``seats`` (the default first when allowed)."""
        if self.seats is not None and seats not in self.seats:
            return (self.default,)
        seated = {c.value: c.seats is None or seats in c.seats for c in self.choices}
        return tuple(v for v in self.values if seated.get(v, True))

    def default_at(self, seats: int) -> OptionValue:
        """The value a table of ``seats`` starts with: the default, or the first value allowed there."""
        allowed = self.allowed_at(seats)
        return allowed[0] if allowed else self.default


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


# ----- house rules (rules/house-rules.md); RECORD.md gives the keys and values
PARTNERS_ONLY = (4,)  # options of partnership Spades only (not Cutthroat: never with three seats)
NIL_VALUE = OptionSpec("nil_value", "Nil value", "What a Nil wins or loses (Double Nil is twice as much).",
                       (Choice(100, "100"), Choice(50, "50")), 100)
BAG_RULE = OptionSpec("bag_rule", "Bag rule", "What overtricks (bags) cost once enough pile up.",
                      (Choice("10/100", "10 bags cost 100"), Choice("5/50", "5 bags cost 50"),
                       Choice("none", "No bag penalty")), "10/100")
SPADES_ANY_TIME = OptionSpec("spades_any_time", "Spades led any time",
                             "A spade may be led to any trick, even before spades are broken.", ON_OFF, False)
TWO_CLUBS_OPENS = OptionSpec("two_clubs_opens", "Two of clubs opens",
                             "Whoever holds the 2\u2663 leads it to the first trick (the 3\u2663 with three players).",
                             ON_OFF, False)
JOKERS = OptionSpec("jokers", "Jokers", "The 2\u2665 and 2\u2666 are out; the Big and Little Joker are the two "
                    "highest spades.", (Choice(True, "Big and Little Joker"), Choice(False, "Off")), False)
PARTNERSHIPS = OptionSpec("partnerships", "Partnerships",
                          "Play in two partnerships, or each for himself with three or four players.",
                          (Choice(True, "Partnerships", seats=(4,)), Choice(False, "Each for himself", seats=(3, 4))),
                          True)
TEN_FOR_200 = OptionSpec("ten_for_200", "Ten for two hundred",
                         "A side that bids 10 or more wins 200 if it makes it and loses 200 if not.", ON_OFF, False,
                         seats=PARTNERS_ONLY)
MIN_SIDE_BID = OptionSpec("min_side_bid", "Minimum side bid",
                          "Partners' number bids must add up to at least 4.",
                          (Choice(0, "None"), Choice(4, "4")), 0, seats=PARTNERS_ONLY)
NIL_PASS = OptionSpec("nil_pass", "Nil pass",
                      "After the bidding a Nil bidder and his partner swap this many cards.",
                      (Choice(0, "None"), Choice(1, "1 card"), Choice(2, "2 cards")), 0, seats=PARTNERS_ONLY)
OFF_JACK = OptionSpec("off_jack", "Off-jack",
                      "The other jack of trump's colour is a trump, between the jack and the ten, worth a point.",
                      ON_OFF, False)
MIN_BID = OptionSpec("min_bid", "Minimum bid", "The lowest bid allowed (pass is always allowed).",
                     (Choice(1, "1"), Choice(2, "2")), 1)

SPADES_HOUSE: tuple[OptionSpec, ...] = (NIL_VALUE, BAG_RULE, TEN_FOR_200, MIN_SIDE_BID, SPADES_ANY_TIME,
                                        TWO_CLUBS_OPENS, JOKERS, NIL_PASS, PARTNERSHIPS)
SPADES_TWO_HOUSE: tuple[OptionSpec, ...] = (NIL_VALUE, BAG_RULE, SPADES_ANY_TIME)  # house-rules.md's table
PITCH_HOUSE: tuple[OptionSpec, ...] = (OFF_JACK, MIN_BID)
# What Cutthroat Spades (partnerships off) does not offer: these stay at their defaults.
NOT_IN_CUTTHROAT = ("ten_for_200", "min_side_bid", "nil_pass")
SPADES_OPTIONS = SPADES_OPTIONS + SPADES_HOUSE
SPADES_TWO_OPTIONS: tuple[OptionSpec, ...] = SPADES_OPTIONS[:4] + SPADES_TWO_HOUSE
PITCH_OPTIONS = PITCH_OPTIONS + PITCH_HOUSE
# The house-rule keys: a record that leaves one out means its default (RECORD.md).
HOUSE_KEYS: frozenset[str] = frozenset(spec.key for spec in SPADES_HOUSE + PITCH_HOUSE)


def choices_of(specs: Sequence[OptionSpec]) -> Mapping[str, tuple[Any, ...]]:
    """Every option's allowed values, default first, by key."""
    return {spec.key: spec.values for spec in specs}


# Every option's allowed values, default first (the window and the command line offer these).
SPADES_CHOICES: dict[str, tuple[Any, ...]] = dict(choices_of(SPADES_OPTIONS))
SPADES_TWO_CHOICES: dict[str, tuple[Any, ...]] = dict(choices_of(SPADES_TWO_OPTIONS))
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


def _not_offered(game: str, name: str, value: object, default: object) -> None:
    """Refuse an option a game does not offer unless it is at its default."""
    if not _same(value, default):
        raise ValueError(f"{game} does not offer {name}: it may only be {default!r}, not {value!r}.")


@dataclass(frozen=True)
class SpadesOptions:
    """Options for Spades (partnerships or Cutthroat) and Spades for two; refuses values the rules do not list.

    With ``partnerships`` off (Cutthroat Spades) the options Cutthroat does not offer
    (``NOT_IN_CUTTHROAT``) must stay at their defaults.
    """

    target: int = 500
    nil: bool = True
    double_nil: bool = True
    mercy: int | None = None
    nil_value: int = 100
    bag_rule: str = "10/100"
    ten_for_200: bool = False
    min_side_bid: int = 0
    spades_any_time: bool = False
    two_clubs_opens: bool = False
    jokers: bool = False
    nil_pass: int = 0
    partnerships: bool = True

    def __post_init__(self) -> None:
        for name, allowed in SPADES_CHOICES.items():
            _check(f"Spades {name}", getattr(self, name), allowed)
        if not self.partnerships:
            for name in NOT_IN_CUTTHROAT:
                _not_offered("Cutthroat Spades (each for himself)", name, getattr(self, name), SPADES_CHOICES[name][0])

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object (every option, defaults included)."""
        return asdict(self)

    @property
    def bag_limit(self) -> int | None:
        """How many bags cost a penalty (10 or 5), or None under "no bag penalty"."""
        return {"10/100": 10, "5/50": 5}.get(self.bag_rule)

    @property
    def bag_penalty(self) -> int:
        """What reaching the bag limit costs (100 or 50; 0 under "no bag penalty")."""
        return {"10/100": 100, "5/50": 50}.get(self.bag_rule, 0)


@dataclass(frozen=True)
class SpadesTwoOptions(SpadesOptions):
    """Options for Spades for two: those of Spades that house-rules.md's table offers it (S1, S2, S5).

    Every other Spades option may be given only at its default; the record writes the offered ones.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        for name, allowed in SPADES_CHOICES.items():
            if name not in SPADES_TWO_CHOICES:
                _not_offered("Spades for two", name, getattr(self, name), allowed[0])

    @classmethod
    def of(cls, options: SpadesOptions) -> SpadesTwoOptions:
        """The same options as Spades for two's (ValueError when one it does not offer is not at its default)."""
        if isinstance(options, SpadesTwoOptions):
            return options
        return cls(**asdict(options))

    def to_json(self) -> dict[str, Any]:
        """The options Spades for two offers, as the record's ``options`` object."""
        return {name: getattr(self, name) for name in SPADES_TWO_CHOICES}


@dataclass(frozen=True)
class PitchOptions:
    """Options for Pitch: target, partnerships (four players), dealer steal, who gets Low, off-jack, minimum bid."""

    target: int = 7
    partnerships: bool = False
    dealer_steal: bool = True
    low: str = "winner"
    off_jack: bool = False
    min_bid: int = 1

    def __post_init__(self) -> None:
        for name, allowed in PITCH_CHOICES.items():
            _check(f"Pitch {name}", getattr(self, name), allowed)

    def to_json(self) -> dict[str, Any]:
        """The options as the record's ``options`` object."""
        return asdict(self)

    @property
    def shut_out(self) -> int:
        """The highest bid, which ends the auction at once: 4, or 5 with the off-jack."""
        return 5 if self.off_jack else 4


ALL_KEYS: frozenset[str] = frozenset(spec.key for spec in SPADES_OPTIONS + PITCH_OPTIONS)


def rule_value(text: str) -> OptionValue:
    """An option's value as the command line writes it, in RECORD.md's forms: ``true``/``false``,
    ``null``, a whole number, or text (``5/50``, ``none``, ``player``)."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "null":
        return None
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def parse_rules(game: str, specs: Sequence[OptionSpec], rules: Sequence[str]) -> dict[str, OptionValue]:
    """The options ``--rule KEY=VALUE`` (repeatable) asks for, by key; ValueError names the first
    problem in one line: no ``=``, a key no game has, a key ``game`` does not offer, a value the
    option does not allow."""
    offered = {spec.key: spec for spec in specs}
    chosen: dict[str, OptionValue] = {}
    for rule in rules:
        key, sep, text = rule.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--rule {rule!r}: write KEY=VALUE, such as jokers=true")
        if key not in offered:
            if key in ALL_KEYS:
                raise ValueError(f"--rule {key}: {game} does not offer this option")
            raise ValueError(f"--rule {key}: unknown option (options of {game}: {', '.join(offered)})")
        value = rule_value(text)
        spec = offered[key]
        if not any(_same(value, allowed) for allowed in spec.values):
            shown = ", ".join("null" if v is None else str(v).lower() if type(v) is bool else str(v)
                              for v in spec.values)
            raise ValueError(f"--rule {key}={text}: not a value of {key} (one of {shown})")
        chosen[key] = value
    return chosen
