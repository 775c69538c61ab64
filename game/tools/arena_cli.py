"""The ``arena`` command line: its options, the match they ask for (``game.tools.arena``), the files a run
takes up and keeps (``--save-deals``: game/tools/arena_deals.py; ``--save-games``: game/tools/arena_games_file.py),
its progress on stderr and its figures on stdout (the JSON line last with ``--json``). A bad option or file is
one line on stderr and exit status 2; a run stopped by Ctrl-C keeps every deal or game it finished.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from game.ai import LEVELS
from game.factory import GAMES, seats_for
from game.games import GAMES as REGISTRY
from game.options import parse_rules
from game.tools import arena_deals, arena_games, arena_games_file
from game.tools.arena import (
    DEFAULT_BUDGET,
    PAIR,
    PAIR_SHOWN,
    PARTNER_ORACLE,
    SET,
    SETTINGS,
    SPLIT,
    TEST_LEVELS,
    ArenaConfig,
    DealResult,
    bag_share,
    level_parts,
    level_sides,
    mean_ci,
    parse_settings,
    play_deals,
    report,
    summarize,
)
from game.worlds import takes_known

ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


def unwritable(path: str) -> str | None:
    """Why a file cannot be written at ``path`` (a folder, no such folder, no permission), or None."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.isdir(folder):
        return f"no folder {folder}"
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "permission denied"
    return None


HELP = """Duplicate matches: every deal (one hand from 0 to 0, same dealer and cards) is played once
per seating of the two levels (Spades, Pitch partnerships: A at seats 0+2 then 1+3; Spades for two: A
at seat 0 then 1; Pitch: A at each seat in turn, B at the others). Edge = per deal, A's points minus
B's (Pitch: minus the B seats' mean) averaged over its plays; 95% CI over deals (mean +- 1.96 sd/sqrt n).
A hand is won by the level that scored more in that play; a game (one deal's plays) by the level whose
plays of the deal add up to more points. Hands are single hands, not whole games: every play starts at
0 to 0 with no bags. The last line with --json is one JSON object of every figure."""


MAX_THINK_MS = 60_000  # --think-ms: at most a minute per decision
MAX_BUDGET = 4000  # --budget: at most the hard level's own cap of worlds


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for: the machine's processor count."""
    return max(1, os.cpu_count() or 1)


def bounded_int(low: int, high: Callable[[], int] | int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (a number, or a function giving it)."""

    def parse(text: str) -> int:
        top = high() if callable(high) else high
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not low <= value <= top:
            shown = text if len(text) <= 20 else f"{text[:12]}...({len(text)} digits)"
            raise argparse.ArgumentTypeError(f"{shown} is not from {low} to {top}")
        return value

    return parse


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Say what is wrong in one line and exit 2."""
        print(f"arena: {message}", file=sys.stderr)
        raise SystemExit(2)


def add_parser(sub: argparse._SubParsersAction[ParserT]) -> ParserT:
    """Add the ``arena`` subcommand to the main parser's subparsers."""
    arena = sub.add_parser("arena", help="duplicate matches between two computer levels", allow_abbrev=False,
                           description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    if type(arena).error is argparse.ArgumentParser.error:  # main.py's parser may already say it in one line
        arena.error = _OneLineParser.error.__get__(arena)  # type: ignore[method-assign]
    arena.add_argument("--game", choices=GAMES, required=True)
    levels = ", ".join(LEVELS + TEST_LEVELS) + f"; BIDDER{SPLIT}PLAYER: one bids, the other plays the cards " \
        f"(DRAWER{SPLIT}BIDDER{SPLIT}PLAYER: a third draws); LEVEL{PAIR}PARTNER: one seat of the side plays " \
        f"LEVEL, its partner PARTNER, shown to every player as a person's seat (the deals take the side's seats " \
        f"in turn), LEVEL{PAIR_SHOWN}PARTNER the same shown at its level; hard{SET}NAME=VALUE,...: a searching " \
        f"level with constants set ({', '.join(SETTINGS)})"
    arena.add_argument("--a", required=True, metavar="LEVEL", help=f"level A ({levels})")
    arena.add_argument("--b", required=True, metavar="LEVEL", help=f"level B ({levels})")
    arena.add_argument("--players", type=int, default=None, metavar="N",
                       help="Spades 4, Spades for two 2, Pitch 2 to 7 (default 4)")
    arena.add_argument("--partnerships", action="store_true", help="Pitch with four players in two teams")
    arena.add_argument("--deals", type=int, default=100, metavar="N", help="duplicate deals (default 100)")
    arena.add_argument("--seed", type=int, default=1, metavar="S", help="the deals' seed (default 1)")
    arena.add_argument("--think-ms", type=bounded_int(1, MAX_THINK_MS), default=None, metavar="MS",
                       help=f"time budget per decision of a searching level, 1 to {MAX_THINK_MS} "
                            f"(default: the work budget, --budget)")
    arena.add_argument("--budget", type=bounded_int(1, MAX_BUDGET), default=None, metavar="N",
                       help=f"worlds per decision of a searching level (hard, hard-1, oracle): the same seed gives "
                            f"the same figures on any machine (default {DEFAULT_BUDGET}; with --think-ms: the clock)")
    arena.add_argument("--jobs", type=bounded_int(1, max_jobs), default=1, metavar="N",
                       help="worker processes, at most the processor count; the figures do not depend on it "
                            "(default 1)")
    arena.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                       help="a house rule, repeatable (RECORD.md's keys and values): jokers=true, "
                            "bag_rule=5/50, partnerships=false (with --players 3 or 4), off_jack=true")
    arena.add_argument("--games", type=bounded_int(1, 100_000), default=None, metavar="N",
                       help="whole games to the target in duplicate instead of single deals (game k's hands are "
                            "dealt the same for both seatings)")
    arena.add_argument("--target", type=int, default=None, metavar="POINTS", help="whole games: the target score")
    arena.add_argument("--mercy", type=int, default=None, metavar="POINTS",
                       help="whole games of Spades: a side at or below this score loses")
    arena.add_argument("--first-game", type=bounded_int(0, 10_000_000), default=0, metavar="K",
                       help="whole games: play games K .. K+N-1 of the seed's match (a match split into runs, "
                            "pooled by `main.py pool`; default 0)")
    arena.add_argument("--save-games", default=None, metavar="FILE",
                       help="whole games: write each game's plays to FILE (JSON) as they end, for `main.py pool` "
                            "to pool runs; a FILE of this match's games is taken up (its games are not played "
                            "again), any other FILE is refused")
    arena.add_argument("--json", action="store_true", help="end with one JSON object of all figures")
    arena.add_argument("--save-deals", default=None, metavar="FILE",
                       help="also write each deal's A - B to FILE (JSON, after every deal), for `main.py pool` "
                            "to pool matches or pair them deal by deal; an existing FILE only if it holds this "
                            "very match's deals: the run takes them up and plays the rest")
    return arena


def config_from_args(args: argparse.Namespace) -> ArenaConfig:
    """The match the options ask for; ValueError says what is wrong with them."""
    for level in (args.a, args.b):
        sides = level_sides(level)
        parts = level_parts(level)
        if len(sides) > 2 or (PAIR in level and PAIR_SHOWN in level) or \
                any(len(side.split(SPLIT)) > 3 for side in sides) or \
                any(part.split(SET)[0] not in LEVELS + TEST_LEVELS for part in parts):
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS + TEST_LEVELS)}, or "
                             f"BIDDER{SPLIT}PLAYER such as hard{SPLIT}normal, or DRAWER{SPLIT}BIDDER{SPLIT}PLAYER, "
                             f"or LEVEL{PAIR}PARTNER such as hard{PAIR}normal, or LEVEL{PAIR_SHOWN}PARTNER)")
        for part in parts:
            if SET in part:
                parse_settings(part)
    players = args.players if args.players is not None else seats_for(args.game, 4)
    info = REGISTRY[args.game]
    if info.min_seats != info.max_seats and not info.allows_seats(players):
        raise ValueError(f"{info.title} is for {info.min_seats} to {info.max_seats} players")
    if info.min_seats == info.max_seats and players != info.min_seats:
        raise ValueError(f"{args.game} is for {info.min_seats} players, not {players}")
    if args.partnerships and not info.offers_partnerships(players):
        tables = {(g.title, n) for g in REGISTRY.values() for n in range(g.min_seats, g.max_seats + 1)
                  if g.offers_partnerships(n)}
        titles = " or ".join(sorted({title for title, _ in tables}))
        counts = " or ".join(sorted({str(n) for _, n in tables}))
        raise ValueError(f"--partnerships is for {titles} with {counts} players")
    rules = tuple(parse_rules(args.game, info.option_specs, args.rule).items())
    options = ArenaConfig(args.game, "", "", players, args.partnerships, rules=rules).options()
    if not info.allows_seats(players, options):  # a house rule's seats: Spades for three is each for himself
        raise ValueError(f"{args.game} with these options is not for {players} players")
    if any(len(level_sides(level)) > 1 for level in (args.a, args.b)) and \
            all(len(team) < 2 for team in info.teams(players, options)):
        raise ValueError(f"a level with a partner (LEVEL{PAIR}PARTNER) is for a table with partners")
    if any(part.split(SET)[0] == PARTNER_ORACLE for level in (args.a, args.b) for part in level_parts(level)) and (
            all(len(team) < 2 for team in info.teams(players, options)) or not takes_known(args.game)):
        games = ", ".join(g.title for kind, g in REGISTRY.items() if takes_known(kind))
        raise ValueError(f"{PARTNER_ORACLE} is for a table with partners, in {games} (Pitch with --partnerships)")
    if args.deals < 1:
        raise ValueError("--deals must be at least 1")
    if not 1 <= args.jobs <= max_jobs():
        raise ValueError(f"--jobs must be from 1 to {max_jobs()} (the processor count)")
    if args.think_ms is not None and not 0 < args.think_ms <= MAX_THINK_MS:
        raise ValueError(f"--think-ms must be from 1 to {MAX_THINK_MS}")
    budget = getattr(args, "budget", None)
    mercy = getattr(args, "mercy", None)
    if mercy is not None and REGISTRY[args.game].facts.auction:
        raise ValueError("--mercy is a Spades rule")
    config = ArenaConfig(args.game, args.a, args.b, players, args.partnerships, args.deals, args.seed, args.think_ms,
                         rules, budget=budget, target=getattr(args, "target", None), mercy=mercy)
    config.options()  # a --target or --mercy the game does not offer: refused here, in one line
    return config


def _deals_saved(config: ArenaConfig, jobs: int, save: str | None, kept: dict[int, DealResult]) -> list[DealResult]:
    """Every deal of the match in order: those ``kept`` (taken up from ``save``) and the rest played, with
    ``save`` (when given) rewritten after each deal played."""
    to_deal = [index for index in range(config.deals) if index not in kept]
    if kept:
        print(f"arena: {config.deals - len(to_deal)} of the {config.deals} deals are in {save} already; "
              f"playing the other {len(to_deal)}", file=sys.stderr, flush=True)
    share = bag_share(config)

    def progress(total: int, done: list[DealResult]) -> None:
        if save is not None:  # after every deal: a run stopped early keeps what it played
            arena_deals.save(save, config, share, [*kept.values(), *done])
        _progress(total, done)

    played = {deal.index: deal for deal in play_deals(config, to_deal, jobs, progress)}
    return [played[index] if index in played else kept[index] for index in range(config.deals)]


def _progress(total: int, done: list[DealResult]) -> None:
    """A line on stderr every tenth of the match: deals done and the edge so far."""
    step = max(1, total // 10)
    if len(done) % step == 0 or len(done) == total:
        diff, _sd, low, high = mean_ci([deal.diff for deal in done])
        print(f"arena: {len(done)}/{total} deals, A - B {diff:+.2f} ({low:+.2f} .. {high:+.2f})",
              file=sys.stderr, flush=True)


def _game_progress(total: int, done: list[Any]) -> None:
    """A line on stderr every tenth of a whole-game match."""
    step = max(1, total // 10)
    if len(done) % step == 0 or len(done) == total:
        won = sum(play.winner == "a" for pair in done for play in pair)
        print(f"arena: {len(done)}/{total} games, A won {won} of {sum(len(pair) for pair in done)}",
              file=sys.stderr, flush=True)


def run_command(args: argparse.Namespace) -> int:
    """The ``arena`` command: play the match, print the figures (and the JSON line)."""
    try:
        config = config_from_args(args)
    except ValueError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    games = getattr(args, "games", None)
    save = getattr(args, "save_deals", None)
    save_games = getattr(args, "save_games", None)
    first_game = getattr(args, "first_game", 0) or 0
    if games and save is not None:
        print("arena: --save-deals is for single deals, not --games (whole games: --save-games)", file=sys.stderr)
        return 2
    if not games and (save_games is not None or first_game):
        print("arena: --save-games and --first-game are for whole games (--games N)", file=sys.stderr)
        return 2
    for path in (save, save_games):
        problem = unwritable(path) if path is not None else None  # a path that cannot be written: refused now
        if problem:
            print(f"arena: cannot write {path}: {problem}", file=sys.stderr)
            return 2
    try:
        kept = arena_deals.taken_up(save, config) if save is not None and not games else {}
    except arena_deals.DealsFileError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if games:
        wanted = range(first_game, first_game + games)
        try:
            kept_games = arena_games_file.taken_up(save_games, config) if save_games is not None else {}
        except arena_deals.DealsFileError as error:
            print(f"arena: {error}", file=sys.stderr)
            return 2
        to_play = [index for index in wanted if index not in kept_games]
        if kept_games:
            print(f"arena: {games - len(to_play)} of the {games} games are in {save_games} already; "
                  f"playing the other {len(to_play)}", file=sys.stderr, flush=True)

        def progress(total: int, done: list[Any]) -> None:
            if save_games is not None:
                every = {**kept_games, **dict(zip(to_play, done, strict=False))}
                arena_games_file.save(save_games, config, sorted(every.items()))
            _game_progress(total, done)

        played = dict(zip(to_play, arena_games.play_games(config, to_play, progress, args.jobs), strict=True))
        figures = arena_games.summarize_games(config, [played[index] if index in played else kept_games[index]
                                                       for index in wanted])
        figures["first_game"] = first_game
        figures["seconds"] = round(time.perf_counter() - start, 1)
        for line in arena_games.report_games(figures):
            print(line)
        if args.json:
            print(json.dumps(figures))
        return 0
    deals = _deals_saved(config, args.jobs, save, kept)
    summary = summarize(config, deals, time.perf_counter() - start)
    for line in report(summary):
        print(line)
    if args.json:
        print(json.dumps(summary))
    return 0
