"""The arena: duplicate matches between two computer levels, so the luck of the cards cancels.

A *deal* is one hand from a fresh start: a chosen dealer (deal ``i`` is dealt by seat
``i % seats``, so every seat deals equally often), a shuffled deck, scores 0 and bags 0.
Each deal is played once per *layout* of the two levels A and B round the table, with the
very same deck and dealer forced through ``game.chance.Chance`` (Spades for two: the stock
order is the deal; its redraw samples follow the deal's seed too):

- Spades and Pitch with partnerships: A at seats 0 and 2, then A at seats 1 and 3;
- Spades for two: A at seat 0, then A at seat 1;
- Pitch (every player alone): once per seat of the table for A, the other seats B.

Hands are single hands, not games: every play starts from 0 to 0, so a deal's plays are
comparable card for card, and the bag count or the game's end never makes one play
different from the other.

Figures, for A against B:

- points per hand: a side's hand total (Spades: contract, bags, Nil, bag penalty; Pitch:
  points won or the bid lost when set back). Pitch with more than two sides compares A's
  points with the mean of the B seats' points in the same play.
- the edge: per deal, the paired difference A - B averaged over the deal's plays; its mean
  over the deals with a 95% confidence interval mean ± 1.96·sd/√n (sd over deals).
- the edge with bags priced (Spades under a bag penalty): the same, each bag charged its share
  of the penalty (``bag_share``: 100 points for 10 bags, 10 a bag). A hand from 0 bags never
  reaches the penalty, so the plain edge counts a bag as the point it scores; over a game it
  nets about -9, and that is how the hard level values it.
- hands won: plays in which A scored more than B (Pitch: more than the B seats' mean);
  games won: deals in which A's plays add up to more than B's (the deal's edge is above 0).
- contracts made (Spades: a side's combined bid; Pitch: the pitcher's bid), Nils and Double
  Nils bid and made (Spades), bags per hand (Spades), set backs (Pitch), and the time each
  level took per decision (median and 95th percentile).

Deals are independent, so ``jobs`` worker processes give the same figures as one, decision
times apart (they are measured on the clock).

The searching levels get a **work budget** by default: ``budget`` worlds per decision (each
world valued by a rollout, or by the endgame solver with its fixed node budget near the end of a
hand), so the same seed gives the same figures byte for byte on a busy or a quiet machine
(``DEFAULT_BUDGET`` worlds). ``think_ms`` gives them a wall-clock budget instead (the window's
way); then a busier machine may decide differently.

Some levels exist for the arena only (``TEST_LEVELS``, never offered in the window or the setup
screen): ``hard-1``, the hard level without the endgame solver, the Nil reading, the bid reading,
Pitch's prize for going out and Spades for two's leads left to the search (the baseline it is measured
against), ``oracle``, the hard level's
search given the true deal as its every world (each rollout noisy, so that their mean is worth more
than one deterministic playout; told the table, its rollouts model the seats by their levels as Hard's
do), ``oracle-partner``, the hard level whose every world gives its partner the true hand (the other
hidden cards dealt as Hard deals them: what knowing the partner's cards is worth;
a table with partners only), ``normal-1``, the normal level before its last change,
``hard-unread``, the hard level before the bid reading (its worlds fit the Nil bids only), and the trials
``hard-game`` (each hand valued by the chance to win the game, game/ai/gamevalue.py),
``hard-honest`` (in the rollouts the other side judges from what it cannot see), ``hard-noisy`` (noisy
rollouts, as the oracle's) and ``hard-reads`` (worlds weighted by the other seats' play,
game/ai/reading.py; Spades, four players or two, and Pitch). A level ``BIDDER/PLAYER`` bids with one level and
plays the cards with the other; ``DRAWER/BIDDER/PLAYER`` also draws (Spades for two) with a third.
A searching level may carry settings of the hard level's search constants, ``LEVEL:NAME=VALUE,...``
(``hard:pitcher_bonus=0.7,rollout_eps=0.2``; the names are ``SETTINGS``), so a trial of a constant
runs from the command line, in any number of jobs, against the level as it is.

The ``arena`` command line is game/tools/arena_cli.py; whole games are game/tools/arena_games.py.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from game.actions import DOUBLE_NIL, NIL, Action
from game.ai import Player, make_player
from game.ai.hard import HardPlayer
from game.ai.players import PolicyPlayer
from game.cards import Card
from game.chance import Chance
from game.factory import new_game
from game.games import GAMES as REGISTRY
from game.games import Options, Policy
from game.history import DECK_ORDER, ChanceOutcome
from game.options import seated_defaults
from game.sampling import WorldSampler
from game.state import Phase, SeatView, TrickGame
from game.tools.parallel import in_order
from game.worlds import known_sampler

ROLES = ("a", "b")
Z95 = 1.96
# the hard level's baseline, ceiling and trials
PARTNER_ORACLE = "oracle-partner"  # the hard level whose worlds hold the partner's true hand
SEARCH_TRIALS = ("hard-1", "oracle", PARTNER_ORACLE, "hard-unread", "hard-game", "hard-honest", "hard-noisy",
                 "hard-reads")
TEST_LEVELS = (*SEARCH_TRIALS, "normal-1")  # the arena's own: never offered in the window
SEARCHING = ("hard", *SEARCH_TRIALS)
SPLIT = "/"  # "BIDDER/PLAYER": one level decides until the card play, the other plays the cards
SET = ":"  # "LEVEL:NAME=VALUE,...": a searching level with some of its constants set
PAIR = "+"  # "LEVEL+PARTNER": one seat of the side plays LEVEL, its partners PARTNER, shown as a person's
PAIR_SHOWN = "^"  # "LEVEL^PARTNER": the same, the partners shown at their own level (a computer's seats)
# the hard level's constants a level may set, and the values each admits (low, high)
SETTINGS: dict[str, tuple[float, float]] = {
    "pitcher_bonus": (-10.0, 10.0), "overbid_step": (0.0, 10.0), "auction_floor": (0.0, 1.0),
    "auction_tries": (1, 1000), "nil_tries": (1, 1000), "bid_tries": (1, 1000), "read_tries": (1, 1000),
    "read_miss": (0.0, 1.0), "rollout_eps": (0.0, 1.0), "draft_weight": (0.0, 100.0),
    "draft_high_weight": (0.0, 100.0),
    "double_nil_behind": (-1000.0, 1000.0),
    "double_nil_margin": (-1000.0, 1000.0), "bag_cost": (-1.0, 100.0), "solver_nodes": (0, 10_000_000),
    "nil_bonus": (-1000.0, 1000.0), "bid_tilt": (-100.0, 100.0),
    "read_nils": (0, 1), "prior_scale": (0.0, 100.0), "lead_prior": (0, 1), "bid_sigma": (0.05, 100.0),
    "bid_shift": (-13.0, 13.0),
    "bid_worlds": (0, 1), "bid_table": (0, 1), "go_out": (0.0, 100.0), "trick_bias": (0.0, 1.0),
    "solver_cards": (0, 52), "resample": (0, 1), "partner_miss": (0.0, 1.0), "nil_rule": (0, 2),
    "model_levels": (0, 1), "honest_rule": (0, 1), "honest_opponents": (0, 1), "honest_side": (0, 2),
    "rule_play": (0, 1), "rule_miss": (0.0, 1.0), "rule_rollout": (0, 52), "rule_everyone": (0, 1),
    "solver_nil": (0, 1), "solver_opp_nil": (0, 1), "solver_tail": (0, 52), "bid_tail": (0, 52),
    "person_rule": (0, 2), "model_easy": (0, 1), "easy_auction": (0, 1), "chain_steps": (0, 10_000),
    "chain_burn": (0, 100_000),
}
DEFAULT_BUDGET = 100  # worlds per decision of a searching level when no --think-ms is given
NOISY_EPS = 0.1  # the oracle and the hard-noisy trial: the chance a seat of a rollout plays any legal card
HARD_1_DRAFT_WEIGHT = 3.0  # hard-1's Spades for two draft: spades and high cards alike 3 times likelier


@dataclass(frozen=True)
class ArenaConfig:
    """What a match plays: the game, its seats, the two levels and how many deals."""

    game: str
    a: str
    b: str
    players: int
    partnerships: bool = False
    deals: int = 100
    seed: int = 1
    think_ms: int | None = None
    rules: tuple[tuple[str, Any], ...] = ()  # --rule KEY=VALUE: house rules, as RECORD.md writes them
    budget: int | None = None  # worlds per decision of a searching level (None: DEFAULT_BUDGET, or think_ms)
    target: int | None = None  # whole games (--games): the target score (None: the rules' default)
    mercy: int | None = None  # whole games of Spades: the mercy line (None: the rules' default)

    def worlds(self) -> int | None:
        """The searching levels' worlds per decision; None when they think by the clock."""
        if self.budget is not None:
            return self.budget
        return None if self.think_ms is not None else DEFAULT_BUDGET

    def budget_shown(self) -> int | None:
        """The worlds a decision the figures report: None when neither level searches (or by the clock)."""
        parts = {part.split(SET)[0] for level in (self.a, self.b) for part in level_parts(level)}
        return self.worlds() if parts & set(SEARCHING) else None

    def options(self) -> Options:
        """The rule options (the defaults at this table, with partnerships when asked, the --rule options,
        --target, --mercy)."""
        info = REGISTRY[self.game]
        chosen = {**info.default_options().to_json(), **seated_defaults(info.option_specs, self.players),
                  **dict(self.rules)}
        if self.partnerships:
            chosen["partnerships"] = True
        if self.target is not None:
            chosen["target"] = self.target
        if self.mercy is not None:
            chosen["mercy"] = self.mercy
        return info.options_class(**chosen)

    def level(self, role: str) -> str:
        """The level playing ``role`` ("a" or "b")."""
        return self.a if role == "a" else self.b


@dataclass(frozen=True)
class SideHand:
    """One side's outcome in one play of a deal."""

    role: str
    points: float
    contract: bool | None = None  # made or not; None: the side had no contract this hand
    bags: int = 0
    nil_bid: int = 0
    nil_made: int = 0
    double_nil_bid: int = 0
    double_nil_made: int = 0
    set_back: bool = False


@dataclass(frozen=True)
class PlayResult:
    """One play of a deal: which role sat where, each side's outcome, the deal seen, the times."""

    roles: tuple[str, ...]
    sides: tuple[SideHand, ...]
    start: tuple[Any, ...] = ()
    times_ms: dict[str, list[float]] = field(default_factory=dict)

    def points(self, role: str, bag_share: float = 0.0) -> float:
        """The mean hand total of the sides that ``role`` played, each bag less ``bag_share`` points."""
        values = [side.points - bag_share * side.bags for side in self.sides if side.role == role]
        return sum(values) / len(values)

    @property
    def diff(self) -> float:
        """A's points minus B's in this play."""
        return self.points("a") - self.points("b")

    def priced_diff(self, bag_share: float) -> float:
        """A's points minus B's with every bag taken charged ``bag_share`` points."""
        return self.points("a", bag_share) - self.points("b", bag_share)


@dataclass(frozen=True)
class DealResult:
    """Every play of one deal."""

    index: int
    plays: tuple[PlayResult, ...]

    @property
    def diff(self) -> float:
        """The deal's paired difference: A minus B averaged over its plays."""
        return sum(play.diff for play in self.plays) / len(self.plays)

    def priced_diff(self, bag_share: float) -> float:
        """The deal's paired difference with every bag charged ``bag_share`` points."""
        return sum(play.priced_diff(bag_share) for play in self.plays) / len(self.plays)


# ----- playing


def layouts(config: ArenaConfig) -> list[tuple[str, ...]]:
    """The role of every seat in each play of a deal."""
    teams = REGISTRY[config.game].teams(config.players, config.options())
    n = config.players
    if all(len(team) == 1 for team in teams):  # every seat alone: A at each seat in turn
        return [tuple("a" if seat == first else "b" for seat in range(n)) for first in range(n)]
    side = {seat: index for index, team in enumerate(teams) for seat in team}  # sides: A on each in turn
    return [tuple("a" if side[seat] == first else "b" for seat in range(n)) for first in range(len(teams))]


def deal_seed(config: ArenaConfig, index: int) -> int:
    """The seed of deal ``index`` (a string seed hashes the same in every process)."""
    return random.Random(f"arena:{config.game}:{config.players}:{config.seed}:{index}").getrandbits(62)


@cache
def _deck(config: ArenaConfig) -> tuple[Card, ...]:
    """The cards the game shuffles at this table with these rules: the registry's ``deck`` (the jokers
    of Ten-point Pitch), as a dealt game's history shows it (house rules may change it)."""
    game = new_game(config.game, config.options(), config.players, 0)
    decks = [entry.outcome for entry in game.history if isinstance(entry, ChanceOutcome) and entry.kind == DECK_ORDER]
    if decks and isinstance(decks[0], tuple):
        return tuple(sorted(decks[0]))
    return REGISTRY[config.game].deck


def deal_game(config: ArenaConfig, index: int) -> TrickGame:
    """Deal ``index``: a new game whose first dealer and deck are forced, the same every time."""
    seed = deal_seed(config, index)
    keys = random.Random(seed)
    deck = sorted(_deck(config), key=lambda _card: keys.random())
    chance = Chance(seed)
    chance.force("seat", [index % config.players])
    chance.force("deck", [deck])
    game = new_game(config.game, config.options(), config.players, seed, chance)
    game.stop_at_hand_end = True
    return game


class BaselinePlayer(PolicyPlayer):
    """The arena's ``normal-1``: the game's ``normal_1`` policy, the normal level before a change under
    trial (the normal level itself where a game keeps none)."""

    level = "normal-1"

    def policy(self, kind: str) -> Policy:
        """The game's baseline policy."""
        info = REGISTRY[kind]
        return info.normal_1 or info.normal


class SplitPlayer:
    """A level made of two (``BIDDER/PLAYER``): ``bidder`` decides every bid, exchange, draw and redraw,
    ``player`` every card (to tell how much of a level's edge its bids make and how much its play); or of
    three (``DRAWER/BIDDER/PLAYER``): ``drawer`` decides Spades for two's draws and redraw (and whether to
    look), ``bidder`` the rest before the play."""

    def __init__(self, bidder: Player, player: Player, drawer: Player | None = None) -> None:
        self.bidder, self.player, self.drawer = bidder, player, drawer

    def choose(self, view: SeatView) -> Action:
        """The card player's choice in the play, the drawer's in the draw, the bidder's in the rest."""
        if view.phase is Phase.PLAYING:
            return self.player.choose(view)
        if self.drawer is not None and view.phase in (Phase.DRAWING, Phase.REDRAW):
            return self.drawer.choose(view)
        return self.bidder.choose(view)


def level_parts(level: str) -> list[str]:
    """The single levels a level names: its partner's (``LEVEL+PARTNER``), its bidder's and player's..."""
    return [part for side in level_sides(level) for part in side.split(SPLIT)]


def level_sides(level: str) -> list[str]:
    """A level's parts by seat of the side: ``[LEVEL, PARTNER]`` for ``LEVEL+PARTNER`` or ``LEVEL^PARTNER``."""
    return level.replace(PAIR_SHOWN, PAIR).split(PAIR)


def seat_levels(config: ArenaConfig, index: int, roles: tuple[str, ...]) -> tuple[tuple[str, ...],
                                                                                  tuple[str | None, ...]]:
    """Each seat's level in deal or game ``index``, and each seat's level as the table shows it to the
    players (``make_player``'s ``table``). A side of ``LEVEL+PARTNER`` seats LEVEL at its seat
    ``index % len(side)`` (so the deals take each seat of the side in turn) and PARTNER at the others,
    which stand for a person's seats: the table shows them as a person's (None); ``LEVEL^PARTNER`` shows
    them at PARTNER, a computer's seats."""
    teams = REGISTRY[config.game].teams(config.players, config.options())
    levels: list[str] = []
    shown: list[str | None] = []
    for seat, role in enumerate(roles):
        level = config.level(role)
        if PAIR not in level and PAIR_SHOWN not in level:
            levels.append(level)
            shown.append(level)
            continue
        lead, partner = level_sides(level)
        team = next(team for team in teams if seat in team)
        led = team[index % len(team)] == seat
        levels.append(lead if led else partner)
        shown.append(lead if led else partner if PAIR_SHOWN in level else None)
    return tuple(levels), tuple(shown)


def level_player(level: str, seed: int, config: ArenaConfig, game: TrickGame,
                 table: tuple[str | None, ...] = ()) -> Player:
    """The player of a level: the searching ones with the match's budget (worlds, or the clock); ``table``:
    every seat's level (``make_player``)."""
    if SPLIT in level:
        *draws, bids, cards = level.split(SPLIT)
        drawer = level_player(draws[0], seed, config, game, table) if draws else None
        return SplitPlayer(level_player(bids, seed, config, game, table),
                           level_player(cards, seed, config, game, table), drawer)
    if level == "normal-1":
        return BaselinePlayer(seed)
    if SET in level:
        base, settings = parse_settings(level)
        player = level_player(base, seed, config, game, table)
        for name, value in settings.items():
            setattr(player, name, value)
        return player
    if level not in SEARCHING:
        return make_player(level, seed, config.think_ms)
    worlds = config.worlds()
    if level == "oracle":
        def true_world(view: Any, rng: random.Random) -> TrickGame:
            return game.clone()  # the live deal: this level sees every card (the arena's ceiling only)
        # every world is the true deal; noisy rollouts make their mean more than one playout's chance
        player = HardPlayer(seed=seed, think_ms=config.think_ms, samples=worlds, sampler=true_world)
        player.nil_tries = player.auction_tries = 1
        player.draft_weight = player.draft_high_weight = 1.0
        player.read_nils = player.bid_worlds = False  # the true deal: nothing to read
        player.table = table  # ... but its rollouts model the seats by the table's levels, as Hard's do
        player.rollout_eps = NOISY_EPS
        return player
    player = HardPlayer(seed=seed, think_ms=config.think_ms, samples=worlds,
                        sampler=_partner_known(game) if level == PARTNER_ORACLE else None)
    player.table = table
    player.model_levels = level in ("hard", PARTNER_ORACLE)  # the trials and baselines model no seat by its level
    player.rollout_eps = NOISY_EPS if level == "hard-noisy" else 0.0  # a trial: noisy rollouts
    player.read_play = level == "hard-reads"  # a trial: worlds weighted by the other seats' play (reading.py)
    player.solver = level != "hard-1"
    player.read_nils = level != "hard-1"  # hard-1: Hard before the endgame solver and the Nil and bid readings
    player.go_out = 0.0 if level == "hard-1" else None  # ... and before Pitch's prize for going out
    player.bid_worlds = level not in ("hard-1", "hard-unread")  # the baselines: worlds fit only the Nil bids
    if level == "hard-1":  # ... and drafted with one weight for spades and high cards alike, the rules' lead
        player.draft_weight = player.draft_high_weight = HARD_1_DRAFT_WEIGHT  # given the prior too
        player.lead_prior = True
    player.game_value = level == "hard-game"  # a trial: hands valued by the chance to win the game (gamevalue.py)
    player.honest_opponents = level == "hard-honest"  # a trial: the other side's rollout play judges honestly
    return player


def _partner_known(game: TrickGame) -> Callable[[SeatView, random.Random], TrickGame]:
    """The worlds of ``oracle-partner``: the seat's partners hold their true hands (the live deal's), the other
    hidden cards dealt as Hard deals them: what knowing the partner's cards is worth (the arena's only)."""
    samplers: dict[int, WorldSampler] = {}

    def sample(view: SeatView, rng: random.Random) -> TrickGame:
        sampler = samplers.get(id(view))
        if sampler is None or sampler.view is not view:
            samplers.clear()
            mates = next(team for team in view.teams if view.seat in team)
            known = {q: game.hands[q] for q in mates if q != view.seat}
            sampler = samplers[id(view)] = known_sampler(view, known)
        return sampler.sample(rng)
    return sample


def parse_settings(level: str) -> tuple[str, dict[str, float | int]]:
    """``LEVEL:NAME=VALUE,...`` as the level and its settings; ValueError says what is wrong."""
    base, _, text = level.partition(SET)
    if base not in SEARCHING:
        raise ValueError(f"only a searching level ({', '.join(SEARCHING)}) takes settings, not {base!r}")
    settings: dict[str, float | int] = {}
    for item in text.split(","):
        name, equals, raw = item.partition("=")
        if name not in SETTINGS or not equals:
            raise ValueError(f"unknown setting {item!r} in {level!r} (NAME=VALUE; names: {', '.join(SETTINGS)})")
        low, high = SETTINGS[name]
        integral = isinstance(low, int)
        try:
            value: float | int = int(raw) if integral else float(raw)
        except ValueError:
            raise ValueError(f"{name} must be {'a whole number' if integral else 'a number'}, not {raw!r}") \
                from None
        if not low <= value <= high:  # NaN fails both sides
            raise ValueError(f"{name} must be from {low} to {high}, not {raw}")
        settings[name] = value
    return base, settings


def _start_of(game: TrickGame) -> tuple[Any, ...]:
    """The deal as the game logged it: who dealt (drew first) and the cards (Spades for two: the stock)."""
    return game.hand_logs[0].start()


def seated(config: ArenaConfig, index: int, play: int, roles: tuple[str, ...]) -> tuple[TrickGame, list[Player]]:
    """Deal ``index`` dealt, and its players for play ``play`` (``roles[seat]`` at each seat), each seeded by
    the deal, the play and the seat."""
    game = deal_game(config, index)
    seed = deal_seed(config, index)
    levels, table = seat_levels(config, index, roles)
    return game, [level_player(level, seed + 16 * play + seat + 1, config, game, table)
                  for seat, level in enumerate(levels)]


def play_once(config: ArenaConfig, index: int, play: int, roles: tuple[str, ...]) -> PlayResult:
    """Play deal ``index`` once, ``roles[seat]`` choosing for each seat, and read the hand's outcome."""
    game, players = seated(config, index, play, roles)
    timed = seat_levels(config, index, roles)[1]  # a partner's seat (LEVEL+PARTNER) is not the level's time
    times: dict[str, list[float]] = {role: [] for role in ROLES}
    clock = time.perf_counter
    while not game.results:
        seat = game.to_act
        if seat is None:
            raise RuntimeError(f"deal {index}: the hand stopped with no seat to act")
        view = game.view(seat)
        start = clock()
        action = players[seat].choose(view)
        if timed[seat] is not None:
            times[roles[seat]].append((clock() - start) * 1000.0)
        game.apply(action)
    return PlayResult(roles, _sides(game, roles), _start_of(game), times)


def _sides(game: TrickGame, roles: tuple[str, ...]) -> tuple[SideHand, ...]:
    """Each side's outcome of the game's first hand."""
    log = game.hand_logs[0]
    points = game.results[0].points
    won = [0] * game.num_seats
    for _leader, _plays, winner in log.tricks:
        won[winner] += 1
    bids = dict(log.bids)
    sides = []
    for side, team in enumerate(game.teams):
        row = points[side]
        role = roles[team[0]]
        if game.facts.auction:  # one side pitched: it made its bid or was set back
            pitched = game.results[0].pitcher is not None and game.side_of(game.results[0].pitcher) == side
            sides.append(SideHand(role, row["total"], (not row["set_back"]) if pitched else None,
                                  set_back=bool(row["set_back"])))
            continue
        nils = [(bids.get(seat), won[seat]) for seat in team]
        sides.append(SideHand(
            role, row["total"], row["made"], row["bags"],
            nil_bid=sum(bid == NIL for bid, _ in nils), nil_made=sum(bid == NIL and w == 0 for bid, w in nils),
            double_nil_bid=sum(bid == DOUBLE_NIL for bid, _ in nils),
            double_nil_made=sum(bid == DOUBLE_NIL and w == 0 for bid, w in nils)))
    return tuple(sides)


def play_deal(config: ArenaConfig, index: int) -> DealResult:
    """Every play of deal ``index`` (the unit of work of a worker process)."""
    return DealResult(index, tuple(play_once(config, index, play, roles)
                                   for play, roles in enumerate(layouts(config))))


def run_match(config: ArenaConfig, jobs: int = 1,
              progress: Callable[[int, list[DealResult]], None] | None = None) -> list[DealResult]:
    """Play all the deals, in ``jobs`` processes; the results come back in deal order."""
    return play_deals(config, list(range(config.deals)), jobs, progress)


def play_deals(config: ArenaConfig, indices: list[int], jobs: int = 1,
               progress: Callable[[int, list[DealResult]], None] | None = None) -> list[DealResult]:
    """Play the deals ``indices`` of the match (a run taking up a file plays only those it lacks), in
    ``jobs`` processes; the results come back in the order of ``indices``."""
    return in_order(partial(_play_listed, config, tuple(indices)), len(indices), jobs, progress)


def _play_listed(config: ArenaConfig, indices: tuple[int, ...], number: int) -> DealResult:
    """The ``number``-th of the listed deals (a worker's unit of work: it must pickle)."""
    return play_deal(config, indices[number])


# ----- figures


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def mean_ci(values: list[float]) -> tuple[float, float, float, float]:
    """Mean, sample standard deviation and the 95% interval mean ± 1.96·sd/√n (one value: no spread)."""
    n = len(values)
    mean = sum(values) / n
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return mean, sd, mean - half, mean + half


def _won(values: list[float]) -> dict[str, int]:
    return {"a": sum(v > 0 for v in values), "b": sum(v < 0 for v in values),
            "tied": sum(v == 0 for v in values)}


def _side_figures(game: str, sides: list[SideHand]) -> dict[str, Any]:
    """Contracts, Nils, bags and set backs of one role's side-hands."""
    contracts = [s.contract for s in sides if s.contract is not None]
    made = sum(contracts)
    row: dict[str, Any] = {"hands": len(sides), "contracts": len(contracts), "made": made,
                           "made_pct": round(100.0 * made / len(contracts), 1) if contracts else None}
    if REGISTRY[game].facts.auction:
        row["set_backs"] = sum(s.set_back for s in sides)
    else:
        row["bags_per_hand"] = round(sum(s.bags for s in sides) / len(sides), 3) if sides else None
        for key in ("nil_bid", "nil_made", "double_nil_bid", "double_nil_made"):
            row[key] = sum(getattr(s, key) for s in sides)
    return row


def summarize(config: ArenaConfig, deals: list[DealResult], seconds: float | None = None) -> dict[str, Any]:
    """Every figure of a match, as a JSON-ready dict (see the module docstring)."""
    if not deals:
        raise ValueError("no deals were played")
    plays = [play for deal in deals for play in deal.plays]
    diff, sd, low, high = mean_ci([deal.diff for deal in deals])
    sides = {role: [s for play in plays for s in play.sides if s.role == role] for role in ROLES}
    times = {role: [t for play in plays for t in play.times_ms.get(role, [])] for role in ROLES}
    summary: dict[str, Any] = {
        "game": config.game, "players": config.players, "partnerships": config.partnerships,
        "a": config.a, "b": config.b, "deals": len(deals), "hands": len(plays), "seed": config.seed,
        "think_ms": config.think_ms, "budget": config.budget_shown(),
        "points_per_hand": {role: round(sum(p.points(role) for p in plays) / len(plays), 3) for role in ROLES},
        "points_per_hand_diff": round(diff, 3), "sd": round(sd, 3), "ci95": [round(low, 3), round(high, 3)],
        "hands_won": _won([play.diff for play in plays]),
        "games_won": _won([deal.diff for deal in deals]),
        "sides": {role: _side_figures(config.game, sides[role]) for role in ROLES},
        "decision_ms": {role: {"median": round(statistics.median(times[role]), 3) if times[role] else 0.0,
                               "p95": round(percentile(times[role], 0.95), 3),
                               "decisions": len(times[role])} for role in ROLES},
    }
    share = bag_share(config)
    if share:
        priced, _sd, low, high = mean_ci([deal.priced_diff(share) for deal in deals])
        summary["bag_share"] = share
        summary["points_per_hand_diff_bags_priced"] = round(priced, 3)
        summary["ci95_bags_priced"] = [round(low, 3), round(high, 3)]
    if seconds is not None:
        summary["seconds"] = round(seconds, 1)
    return summary


def deals_match(config: ArenaConfig) -> dict[str, Any]:
    """What a deals file says of its match (game/tools/arena_deals.py)."""
    return {"game": config.game, "players": config.players, "partnerships": config.partnerships,
            "a": config.a, "b": config.b, "seed": config.seed, "deals": config.deals,
            "budget": config.budget_shown(), "think_ms": config.think_ms,
            "rules": [[key, value] for key, value in config.rules]}


def bag_share(config: ArenaConfig) -> float:
    """What one bag costs over a game under the match's bag rule: the penalty shared by the bags that
    bring it (100 / 10 = 10 points); 0 for a game without bags or under "no bag penalty"."""
    options = config.options()
    limit = getattr(options, "bag_limit", None)
    return float(getattr(options, "bag_penalty", 0)) / limit if limit else 0.0


def report(summary: dict[str, Any]) -> list[str]:
    """The figures in plain lines."""
    a, b = summary["a"], summary["b"]
    name = {"a": f"A ({a})", "b": f"B ({b})"}
    seats = "partnerships" if summary["partnerships"] else f"{summary['players']} players"
    took = f", {summary['seconds']} s" if "seconds" in summary else ""
    think = f", think {summary['think_ms']} ms" if summary["think_ms"] else ""
    if summary.get("budget"):
        think += f", budget {summary['budget']} worlds a decision"
    low, high = summary["ci95"]
    hands, games = summary["hands_won"], summary["games_won"]
    lines = [
        f"arena: {summary['game']} ({seats}), A = {a}, B = {b}: {summary['deals']} duplicate deals, "
        f"{summary['hands']} hands, seed {summary['seed']}{think}{took}",
        f"points per hand: A {summary['points_per_hand']['a']:+.2f}, B {summary['points_per_hand']['b']:+.2f}; "
        f"A - B {summary['points_per_hand_diff']:+.2f} (95% CI {low:+.2f} .. {high:+.2f})",
        f"hands won: A {hands['a']}, B {hands['b']}, tied {hands['tied']}; "
        f"games (deals) won: A {games['a']}, B {games['b']}, tied {games['tied']}",
    ]
    if "bag_share" in summary:
        low, high = summary["ci95_bags_priced"]
        lines.append(f"with each bag charged its share of the penalty ({summary['bag_share']:g} points, as over a "
                     f"game): A - B {summary['points_per_hand_diff_bags_priced']:+.2f} (95% CI {low:+.2f} .. "
                     f"{high:+.2f})")
    for role in ROLES:
        row = summary["sides"][role]
        pct = f" ({row['made_pct']}%)" if row["made_pct"] is not None else ""
        text = f"{name[role]}: contracts made {row['made']}/{row['contracts']}{pct}"
        if REGISTRY[summary["game"]].facts.auction:
            text += f", set backs {row['set_backs']}"
        else:
            text += (f", Nil {row['nil_made']}/{row['nil_bid']} made, Double Nil "
                     f"{row['double_nil_made']}/{row['double_nil_bid']} made, bags per hand {row['bags_per_hand']}")
        ms = summary["decision_ms"][role]
        text += f"; decision median {ms['median']:.3g} ms, p95 {ms['p95']:.3g} ms ({ms['decisions']} decisions)"
        lines.append(text)
    return lines
