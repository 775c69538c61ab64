"""Trick Table: play Spades, Spades for two and Pitch in a window, or work headless.

    python main.py                      open the window and play
    python main.py simulate ...         computer players play whole games, written as records
    python main.py replay FILE --check  replay every record of a file and report
    python main.py bench [--json]       speed figures
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame

from game.ai import LEVELS  # noqa: E402
from game.arena import add_parser as add_arena_parser  # noqa: E402
from game.factory import GAMES, seats_for  # noqa: E402
from game.options import PitchOptions, SpadesOptions  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    """The command line: no subcommand plays in a window."""
    parser = argparse.ArgumentParser(
        prog="main.py", description="Trick Table: Spades and Pitch.",
        epilog="With no command the window opens; window options: --size WxH, --fullscreen, --screenshot PNG.")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="computer players play whole games; one record per game")
    sim.add_argument("--game", choices=GAMES, required=True)
    sim.add_argument("--players", type=int, default=4, help="Pitch: 2 to 7 players")
    sim.add_argument("--partnerships", action="store_true", help="Pitch with four players in two teams")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--hands", type=int, default=None, help="stop each game after this many hands")
    sim.add_argument("--max-hands", type=int, default=1000,
                     help="safety stop for games that never end (random play rarely reaches the target)")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--level", choices=LEVELS, default=None)
    sim.add_argument("--levels", default=None, help="a level per seat, comma-separated")
    sim.add_argument("--target", type=int, default=None)
    sim.add_argument("--no-nil", action="store_true")
    sim.add_argument("--no-double-nil", action="store_true")
    sim.add_argument("--mercy", type=int, default=None, help="Spades: a side at or below this score loses")
    sim.add_argument("--no-dealer-steal", action="store_true")
    sim.add_argument("--low", choices=("winner", "player"), default="winner")
    sim.add_argument("--out", required=True, help="the .jsonl file to write")
    rep = sub.add_parser("replay", help="replay the records of a .jsonl file")
    rep.add_argument("file")
    rep.add_argument("--check", action="store_true", help="report legal or the first problem of each record")
    bench = sub.add_parser("bench", help="print speed figures")
    bench.add_argument("--json", action="store_true", help="end with one JSON object of all figures")
    bench.add_argument("--seconds", type=float, default=2.0, help="time spent on each engine figure")
    bench.add_argument("--engine-only", action="store_true")
    add_arena_parser(sub)
    return parser


def options_from_args(args: argparse.Namespace) -> SpadesOptions | PitchOptions:
    """The rule options the simulate flags ask for."""
    if args.game == "pitch":
        return PitchOptions(target=args.target or 7, partnerships=args.partnerships,
                            dealer_steal=not args.no_dealer_steal, low=args.low)
    return SpadesOptions(target=args.target or 500, nil=not args.no_nil,
                         double_nil=not args.no_double_nil, mercy=args.mercy)


def run_simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command."""
    from game.record import dumps
    from game.simulate import simulate

    levels = (args.levels.split(",") if args.levels else [args.level or "random"])
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        print(f"simulate: unknown level {bad[0]!r} (levels: {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    if args.game == "pitch" and not 2 <= args.players <= 7:
        print("simulate: Pitch is for 2 to 7 players", file=sys.stderr)
        return 2
    if args.partnerships and (args.game != "pitch" or args.players != 4):
        print("simulate: --partnerships is for Pitch with --players 4", file=sys.stderr)
        return 2
    players = seats_for(args.game, args.players)
    start = time.perf_counter()
    result = simulate(args.game, options_from_args(args), players, args.games, args.seed, levels,
                      args.hands if args.hands is not None else args.max_hands)
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            for record in result.records:
                out.write(dumps(record) + "\n")
    except OSError as error:
        print(f"simulate: cannot write {args.out}: {error}", file=sys.stderr)
        return 1
    wins = ", ".join(f"side {side}: {count}" for side, count in sorted(result.wins.items())) or "none"
    print(f"simulate: {args.games} {args.game} game(s), {players} players, levels {','.join(levels)}: "
          f"{result.finished} finished, {result.hands} hands, wins {wins}; "
          f"{time.perf_counter() - start:.2f} s -> {args.out}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """The ``replay`` command: every record replayed and checked."""
    from game.record import read_records

    results = read_records(args.file)
    bad = 0
    for item in results:
        if item.error:
            bad += 1
            print(f"{args.file}: {item.error}")
        elif args.check:
            game = item.replay.game
            state = f"winner side {game.winner}" if game.winner is not None else "unfinished"
            print(f"{args.file}: line {item.line}: legal ({game.kind}, {len(game.results)} hands, "
                  f"scores {game.scores}, {state})")
    print(f"replay: {len(results) - bad} legal, {bad} with problems")
    return 0 if bad == 0 and results else 1


def run_bench(args: argparse.Namespace) -> int:
    """The ``bench`` command: engine figures, then the window's when pygame is there."""
    from game.bench import ai_figures, engine_figures

    figures: dict = {"engine": engine_figures(args.seconds)}
    for kind, row in figures["engine"].items():
        print(f"engine {kind}: {row['hands_per_s']} random full hands/s (hot path), "
              f"{row['api_hands_per_s']} through legal_actions()/apply(), {row['clones_per_s']} clones/s mid-hand")
    if not args.engine_only:
        figures["ai"] = ai_figures(args.seconds, print)
        try:
            from ui.bench import window_figures
        except ImportError as error:
            print(f"window figures skipped: {error}")
        else:
            figures.update(window_figures(print))
    if args.json:
        print(json.dumps(figures))
    return 0


def run_arena(args: argparse.Namespace) -> int:
    """The ``arena`` command: duplicate matches between two computer levels (game/arena.py)."""
    from game.arena import run_command

    return run_command(args)


COMMANDS = {"simulate": run_simulate, "replay": run_replay, "bench": run_bench, "arena": run_arena}


def main(argv: list[str] | None = None) -> int:
    """Run a headless command; with none, open the window (window options go to ui.app)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and (argv[0] in COMMANDS or argv[0] in ("-h", "--help")):
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    from ui.app import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
