"""Trick Table: play Spades, Spades for two, Pitch and Ten-point Pitch in a window, or work headless.

    python main.py                      open the window and play
    python main.py simulate ...         computer players play whole games, written as records
    python main.py replay FILE --check  replay every record of a file and report
    python main.py replay FILE [--game N]  open a record in the window, every hand face up
    python main.py bench [--json]       speed figures
    python main.py arena ...            duplicate matches between two computer levels
    python main.py pool FILE ...        arena matches saved to files, pooled or paired

Every problem with the command line is one line on stderr and exit status 2; Ctrl-C ends
any command (or the window) quietly with status 130, and a closed pipe quietly with 141.
"""

from __future__ import annotations

import os
import signal

if __name__ == "__main__":  # first thing: Ctrl-C while the modules below load ends quietly with 130 too
    signal.signal(signal.SIGINT, lambda _signum, _frame: os._exit(130))  # (main() takes over once they are in)

import argparse  # noqa: E402
import contextlib  # noqa: E402
import errno  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import stat  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any, NoReturn, TextIO  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame
from game.ai import LEVELS  # noqa: E402
from game.games import GAMES, Options  # noqa: E402
from game.options import parse_rules, seated_defaults  # noqa: E402
from game.tools.simulate import MAX_HANDS  # noqa: E402

USAGE_ERROR = 2
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a program stopped by Ctrl-C
BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a program whose reader went away
MAX_BENCH_SECONDS = 3600.0  # bench --seconds: at most an hour per figure
WINDOW_OPTIONS = "--size WxH, --fullscreen, --screenshot PNG"
IMAGE_SUFFIXES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")
# simulate's option flags (argparse names) and the rule option each sets; a game without that option refuses it
OPTION_FLAGS = {"target": "target", "mercy": "mercy", "no_nil": "nil", "no_double_nil": "double_nil",
                "low": "low", "partnerships": "partnerships", "no_partnerships": "partnerships",
                "no_dealer_steal": "dealer_steal"}


class UsageError(Exception):
    """A command line the program refuses: the message is the one line to print."""


class StartError(Exception):
    """The program cannot start (no display for the window): the message is the one line to print."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line (no usage block) and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``prog: message`` on stderr and exit 2."""
        raise UsageError(f"{self.prog}: {message}")


def shown(text: str) -> str:
    """A file name as it can always be printed: bytes that are not UTF-8 written as \\xNN."""
    return os.fsencode(text).decode("utf-8", "backslashreplace")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def hand_count(text: str) -> int:
    """An argparse type: a number of hands from 1 to MAX_HANDS (a longer game's record is too long a line)."""
    value = positive_int(text)
    if value > MAX_HANDS:
        raise argparse.ArgumentTypeError(f"{text!r} is more than {MAX_HANDS} hands (a record is one line of "
                                         f"at most 1 MB)")
    return value


def whole_number(text: str) -> int:
    """An argparse type: any whole number (the message names the text when it is not one)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most ``MAX_BENCH_SECONDS``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive finite number of seconds, at most "
                                         f"{MAX_BENCH_SECONDS:.0f}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line of the headless commands (no command opens the window)."""
    parser = Parser(
        prog="main.py", description="Trick Table: Spades, Spades for two, Pitch and Ten-point Pitch.",
        allow_abbrev=False,
        epilog=f"With no command the window opens; window options: {WINDOW_OPTIONS}.")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="computer players play whole games; one record per game",
                         allow_abbrev=False)
    sim.add_argument("--game", choices=tuple(GAMES), required=True)
    sim.add_argument("--players", type=whole_number, default=None,
                     help="Spades 4, Spades for two 2, Pitch 2 to 7 (default 4)")
    sim.add_argument("--partnerships", action="store_true", default=None,
                     help="Pitch with four players in two teams")
    sim.add_argument("--no-partnerships", action="store_true", default=None,
                     help="Ten-point Pitch with four players each for himself")
    sim.add_argument("--games", type=positive_int, default=1)
    sim.add_argument("--hands", type=hand_count, default=None, help="stop each game after this many hands")
    sim.add_argument("--max-hands", type=hand_count, default=MAX_HANDS,
                     help=f"safety stop for games that never end (random play rarely reaches the target); "
                          f"at most {MAX_HANDS}, so that a record stays under the 1 MB a line may have")
    sim.add_argument("--seed", type=whole_number, default=1)
    sim.add_argument("--level", choices=LEVELS, default=None)
    sim.add_argument("--levels", default=None, help="a level per seat, comma-separated")
    sim.add_argument("--target", type=whole_number, default=None)
    sim.add_argument("--no-nil", action="store_true", default=None, help="Spades: Nil may not be bid")
    sim.add_argument("--no-double-nil", action="store_true", default=None, help="Spades: Double Nil may not be bid")
    sim.add_argument("--mercy", type=whole_number, default=None, help="Spades: a side at or below this score loses")
    sim.add_argument("--no-dealer-steal", action="store_true", default=None, help="Pitch: no dealer's steal")
    sim.add_argument("--low", choices=("winner", "player"), default=None, help="Pitch: who scores Low")
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                     help="a house rule, repeatable, as RECORD.md writes it: nil_value=50, bag_rule=5/50, "
                          "jokers=true, partnerships=false (Cutthroat, --players 3 or 4), off_jack=true, min_bid=2")
    sim.add_argument("--out", required=True, help="the .jsonl file to write")
    rep = sub.add_parser("replay", help="replay the records of a .jsonl file", allow_abbrev=False)
    rep.add_argument("file")
    rep.add_argument("--check", action="store_true", help="report legal or the first problem of each record")
    rep.add_argument("--game", type=positive_int, default=1, metavar="N",
                     help="without --check: the record to open in the window (1 = the file's first)")
    bench = sub.add_parser("bench", help="print speed figures", allow_abbrev=False)
    bench.add_argument("--json", action="store_true", help="end with one JSON object of all figures")
    bench.add_argument("--seconds", type=positive_seconds, default=2.0, help="time spent on each engine figure")
    bench.add_argument("--engine-only", action="store_true")
    from game.tools.arena_cli import add_parser as add_arena_parser  # the window never needs it (its import is slow)

    add_arena_parser(sub)
    pool = sub.add_parser("pool", help="pool arena matches saved with --save-deals (or pair them deal by deal) "
                                       "or with --save-games", allow_abbrev=False)
    pool.add_argument("files", nargs="+", metavar="FILE",
                      help="deals files (arena --save-deals) or games files (arena --games N --save-games)")
    pool.add_argument("--against", nargs="+", default=[], metavar="FILE",
                      help="the levels replaced: per deal, the first FILE's edge less the first of these, "
                           "and so on (the same deals)")
    pool.add_argument("--json", action="store_true", help="end with one JSON object of the figures")
    return parser


def flag(name: str) -> str:
    """The command-line spelling of an argparse destination."""
    return "--" + name.replace("_", "-")


def check_simulate(args: argparse.Namespace) -> tuple[int, list[str]]:
    """The seat count and levels of a ``simulate`` command line; UsageError names the first problem."""
    info = GAMES[args.game]
    title = info.title
    players = args.players if args.players is not None else info.default_seats
    seats = [n for n in range(info.min_seats, info.max_seats + 1) if info.allows_seats(n, _rule_options(args, n))]
    if players not in seats:
        allowed = f"{seats[0]}" if len(seats) == 1 else f"{seats[0]} to {seats[-1]}"
        raise UsageError(f"simulate: {title} is for {allowed} players, not --players {players}")
    given = [name for name, option in OPTION_FLAGS.items()
             if getattr(args, name) is not None and option not in info.option_choices]
    if given:
        raise UsageError(f"simulate: {flag(given[0])} is not an option of {title}")
    if args.partnerships and args.no_partnerships:
        raise UsageError("simulate: give --partnerships or --no-partnerships, not both")
    if args.partnerships and players != 4:
        raise UsageError("simulate: --partnerships is for Pitch with --players 4")
    if args.target is not None and args.target < 1:
        raise UsageError(f"simulate: --target must be a positive whole number, not {args.target}")
    if args.mercy is not None and args.mercy >= 0:
        raise UsageError(f"simulate: --mercy must be a negative score (such as -200), not {args.mercy}")
    if args.levels is not None and args.level is not None:
        raise UsageError("simulate: give --level or --levels, not both")
    levels = args.levels.split(",") if args.levels is not None else [args.level or "random"]
    bad = [level for level in levels if level not in LEVELS]
    if bad:
        raise UsageError(f"simulate: unknown level {bad[0]!r} (levels: {', '.join(LEVELS)})")
    if len(levels) > players:
        raise UsageError(f"simulate: {len(levels)} levels for {players} seats (--levels gives one a seat, "
                         f"repeated when shorter)")
    return players, levels


def _rule_options(args: argparse.Namespace, players: int) -> Options:
    """The default options for ``players`` seats with the ``--rule`` ones (UsageError when the rules do
    not allow them); Spades: 3 seats only each for himself when asked."""
    info = GAMES[args.game]
    try:
        return info.options_class(**{**info.default_options().to_json(), **seated_defaults(info.option_specs, players),
                                     **parse_rules(args.game, info.option_specs, args.rule)})
    except ValueError as error:
        raise UsageError(f"simulate: {error}") from None


def options_from_args(args: argparse.Namespace) -> Options:
    """The rule options the simulate flags ask for (UsageError when the rules do not allow them)."""
    info = GAMES[args.game]
    chosen: dict[str, Any] = {}
    for name, option in OPTION_FLAGS.items():
        value = getattr(args, name)
        if value is not None and option in info.option_choices:
            chosen[option] = not value if name.startswith("no_") else value  # --no-nil: nil is False
    players = args.players if args.players is not None else info.default_seats
    chosen = {**seated_defaults(info.option_specs, players), **chosen}  # Ten-point Pitch for 3: each for himself
    try:
        chosen.update(parse_rules(args.game, info.option_specs, args.rule))
        options = info.options_class(**{**info.default_options().to_json(), **chosen})
    except ValueError as error:
        raise UsageError(f"simulate: {error}") from None
    players = args.players if args.players is not None else info.default_seats
    for spec in info.option_specs:
        value = getattr(options, spec.key)
        if not any(type(v) is type(value) and v == value for v in spec.allowed_at(players)):
            shown = str(value).lower() if type(value) is bool else value
            raise UsageError(f"simulate: {spec.key}={shown} is not for {players} players "
                             f"(allowed there: {', '.join(str(v).lower() for v in spec.allowed_at(players))})")
    return options


def open_output(path: str, command: str) -> TextIO:
    """Open ``path`` for writing text before any work is done; UsageError says why it cannot be.

    A named pipe (FIFO) is opened without waiting: with no program reading it, that is the error (it
    would otherwise wait for a reader for ever)."""
    if os.path.isdir(path):
        raise UsageError(f"{command}: cannot write {shown(path)}: it is a folder")
    try:
        if stat.S_ISFIFO(os.stat(path).st_mode):
            return _open_pipe(path, command)
    except OSError:
        pass  # no such file yet (or it cannot be looked at): open() below says why when it matters
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{command}: cannot write {shown(path)}: {error.strerror or error}") from None


def _open_pipe(path: str, command: str) -> TextIO:
    """Open a named pipe for writing now or never: UsageError when no program is reading it."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise UsageError(f"{command}: cannot write {shown(path)}: it is a named pipe that no program "
                             f"is reading") from None
        raise UsageError(f"{command}: cannot write {shown(path)}: {error.strerror or error}") from None
    os.set_blocking(fd, True)  # a reader is there: from now on a write waits for it as usual
    return open(fd, "w", encoding="utf-8")


def run_simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command: each game's record is written the moment the game ends."""
    from game.record import dumps
    from game.tools.simulate import simulate

    players, levels = check_simulate(args)
    options = options_from_args(args)
    start = time.perf_counter()
    out = open_output(args.out, "simulate")

    def write(record: dict[str, Any]) -> None:
        out.write(dumps(record) + "\n")
        out.flush()

    try:
        result = simulate(args.game, options, players, args.games, args.seed, levels,
                          args.hands if args.hands is not None else args.max_hands, on_record=write)
        out.close()
    except OSError as error:
        print(f"simulate: cannot write {shown(args.out)}: {error.strerror or error}", file=sys.stderr)
        _close_quietly(out)
        return 1
    wins = ", ".join(f"side {side}: {count}" for side, count in sorted(result.wins.items())) or "none"
    print(f"simulate: {args.games} {args.game} game(s), {players} players, levels {','.join(levels)}: "
          f"{result.finished} finished, {result.hands} hands, wins {wins}; "
          f"{time.perf_counter() - start:.2f} s -> {shown(args.out)}")
    return 0


def _close_quietly(stream: TextIO) -> None:
    """Close a file whose writing already failed: what is left in its buffer is dropped, never raised."""
    with contextlib.suppress(OSError):
        stream.close()  # the file is closed even when the last flush fails


def run_view(args: argparse.Namespace) -> int | None:
    """``replay FILE`` without ``--check``: open record number ``--game`` in the window, every hand face up.

    None when the file has no record to show (it cannot be read, or holds none): the report says why,
    as with ``--check``.
    """
    from game.record import REPLAY_ERRORS, RecordError, read_lines, replay

    name = shown(args.file)
    count, found = 0, None
    try:
        for number, raw in read_lines(args.file):
            if raw.strip():
                count += 1
                if count == args.game:
                    found = number, raw
                    break
    except Exception:  # noqa: BLE001 - the file cannot be read on: the report below names the problem
        return None
    if found is None:
        if count == 0:
            return None
        raise UsageError(f"replay: {name} holds {count} record(s), not --game {args.game}")
    number, raw = found
    try:
        record = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        print(f"{name}: line {number}: not a record ({error})")
        return 1
    try:
        replay(record, limit=0)
    except REPLAY_ERRORS as error:  # said as ``--check`` says it (a record nested too deep is one line too)
        kind = type(error).__name__
        problem = str(error) if isinstance(error, RecordError) else f"malformed record ({kind}: {error})"
        print(f"{name}: line {number}: {problem}")  # not even the first deal can be shown
        return 1
    check_display()
    from ui.app import run_viewer

    return run_viewer(record)


def run_replay(args: argparse.Namespace) -> int:
    """The ``replay`` command: the file is read line by line, each record replayed, reported and forgotten
    (``--check``); without it the record opens in the window."""
    from game.record import read_records

    if not args.check:
        status = run_view(args)
        if status is not None:
            return status
    name = shown(args.file)
    legal = bad = 0
    for item in read_records(args.file):
        if item.error:
            bad += 1
            print(f"{name}: {item.error}")
            continue
        legal += 1
        if args.check and item.replay is not None:
            game = item.replay.game
            state = f"winner side {game.winner}" if game.winner is not None else "unfinished"
            print(f"{name}: line {item.line}: legal ({game.kind}, {len(game.results)} hands, "
                  f"scores {list(game.scores)}, {state})")
    if legal + bad == 0:
        print(f"replay: no records in {name}")
        return 1
    print(f"replay: {legal} legal, {bad} with problems")
    return 0 if bad == 0 else 1


def run_bench(args: argparse.Namespace) -> int:
    """The ``bench`` command: engine figures, then the window's when pygame is there."""
    from game.tools.bench import ai_figures, engine_figures, solver_figures

    figures: dict[str, Any] = {"engine": engine_figures(args.seconds)}
    for kind, row in figures["engine"].items():
        print(f"engine {kind}: {row['hands_per_s']} random full hands/s (hot path), "
              f"{row['api_hands_per_s']} through legal_actions()/apply(), {row['clones_per_s']} clones/s mid-hand")
    if not args.engine_only:
        figures["ai"] = ai_figures(args.seconds, print)
        from game.tools.coach_bench import coach_figures

        figures.update(coach_figures(print))  # "hint_ms" and "review_hand_ms"
        figures["solver"] = solver_figures(print)
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
    """The ``arena`` command: duplicate matches between two computer levels (game/tools/arena_cli.py)."""
    from game.tools.arena_cli import run_command

    return run_command(args)


def run_pool(args: argparse.Namespace) -> int:
    """The ``pool`` command: arena matches' per-deal results pooled or paired (game/tools/arena_deals.py), or
    whole games pooled (game/tools/arena_games_file.py)."""
    from game.tools import arena_games_file
    from game.tools.arena_deals import DealsFileError, run

    try:
        if arena_games_file.is_games_file(args.files[0]):  # whole games: pooled, never paired
            if args.against:
                raise DealsFileError(f"{args.files[0]}: whole games pool together; --against pairs deals files only")
            figures, lines = arena_games_file.run(args.files)
        else:
            figures, lines = run(args.files, args.against)
    except DealsFileError as error:
        raise UsageError(f"pool: {error}") from None
    for line in lines:
        print(line)
    if args.json:
        print(json.dumps(figures))
    return 0


COMMANDS = {"simulate": run_simulate, "replay": run_replay, "bench": run_bench, "arena": run_arena,
            "pool": run_pool}


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: a window size written WxH (each side 1 to 16384 pixels)."""
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1280x720")
    size = int(width), int(height)
    if not all(1 <= side <= 16384 for side in size):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 1 to 16384 pixels")
    return size


def check_screenshot(path: str) -> None:
    """Refuse a screenshot path that cannot be written, before the window opens (no folder is created)."""
    name = shown(path)
    if not path.lower().endswith(IMAGE_SUFFIXES):
        raise UsageError(f"main.py: --screenshot {name} must end in {', '.join(IMAGE_SUFFIXES)}")
    if os.path.isdir(path):
        raise UsageError(f"main.py: --screenshot {name} is a folder")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        problem = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise UsageError(f"main.py: --screenshot {name}: the folder {shown(folder)} {problem}")
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as error:
        raise UsageError(f"main.py: --screenshot {name}: cannot write it ({error.strerror or error})") from None
    if not existed:
        os.remove(path)


def check_window_args(argv: list[str]) -> None:
    """Refuse anything that is neither a command nor a window option (UsageError names the commands)."""
    parser = Parser(prog="main.py", allow_abbrev=False, add_help=False)
    parser.add_argument("--size", type=window_size)
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--screenshot")
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        raise UsageError(f"main.py: unknown command or option {shown(unknown[0])!r} "
                         f"(commands: {', '.join(COMMANDS)}; window options: {WINDOW_OPTIONS})")
    screenshot = args.screenshot if args.screenshot is not None else os.environ.get("TRICK_TABLE_SCREENSHOT")
    if screenshot is not None:
        check_screenshot(screenshot)


def run_command(argv: list[str]) -> int:
    """Run a headless command; with none, open the window (window options go to ui.app)."""
    if argv and (argv[0] in COMMANDS or argv[0] in ("-h", "--help")):
        args = build_parser().parse_args(argv)
        command: Callable[[argparse.Namespace], int] = COMMANDS[args.command]
        return command(args)
    check_window_args(argv)
    check_display()
    from ui.app import run

    return run(argv)


def check_display() -> None:
    """Refuse to start the window when there is no display to open it on (one line, not a traceback)."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        raise StartError(f"main.py: cannot open a window: {error}") from None
    finally:
        pygame.display.quit()


def main(argv: list[str] | None = None) -> int:
    """The program: one line and status 2 for a bad command line, 130 for Ctrl-C, 141 for a closed pipe."""
    args = list(sys.argv[1:] if argv is None else argv)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C raises KeyboardInterrupt, handled below
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")  # whatever the terminal's encoding, printing never fails
    try:
        status = run_command(args)
        sys.stdout.flush()  # a full disk under a redirected output is reported here, not at the exit
        return status
    except UsageError as error:
        print(error, file=sys.stderr)
        return USAGE_ERROR
    except StartError as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        # Nobody reads any more: send what is left to /dev/null so that the exit's flush is quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except OSError as error:  # the output (or a file) cannot be written: a full disk, a device error
        where = f"cannot write {shown(str(error.filename))}" if error.filename else "cannot write its output"
        print(f"main.py: {where}: {error.strerror or error}", file=sys.stderr)
        _drop_output()
        return 1


def _drop_output() -> None:
    """Send what is left of the standard output to /dev/null, so that the exit's flush is quiet too."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
