"""The command line: every bad input is one line on stderr and exit status 2, never a traceback;
Ctrl-C ends quietly with 130, a closed pipe quietly; files that never end or never answer are given up on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import main
from game.games import GAMES
from game.record import read_records

ROOT = Path(__file__).resolve().parents[1]
OUT = "{tmp}/games.jsonl"

BAD_COMMAND_LINES: list[tuple[str, list[str], str]] = [
    # simulate: seat counts each game allows
    ("spades for three", ["simulate", "--game", "spades", "--players", "3"],
     "simulate: Spades is for 4 players, not --players 3"),
    ("spades for five", ["simulate", "--game", "spades", "--players", "5"],
     "simulate: Spades is for 4 players, not --players 5"),
    ("spades for two with four", ["simulate", "--game", "spades-two", "--players", "4"],
     "simulate: Spades for two is for 2 players, not --players 4"),
    ("pitch for one", ["simulate", "--game", "pitch", "--players", "1"],
     "simulate: Pitch is for 2 to 7 players, not --players 1"),
    ("pitch for eight", ["simulate", "--game", "pitch", "--players", "8"],
     "simulate: Pitch is for 2 to 7 players, not --players 8"),
    ("players as text", ["simulate", "--game", "pitch", "--players", "four"],
     "main.py simulate: argument --players: 'four' is not a whole number"),
    # counts
    ("no games", ["simulate", "--game", "spades", "--games", "0"],
     "main.py simulate: argument --games: '0' must be 1 or more"),
    ("negative games", ["simulate", "--game", "spades", "--games", "-2"],
     "main.py simulate: argument --games: '-2' must be 1 or more"),
    ("no hands", ["simulate", "--game", "pitch", "--hands", "0"],
     "main.py simulate: argument --hands: '0' must be 1 or more"),
    ("no max hands", ["simulate", "--game", "pitch", "--max-hands", "0"],
     "main.py simulate: argument --max-hands: '0' must be 1 or more"),
    ("too many hands", ["simulate", "--game", "pitch", "--hands", "301"],
     "main.py simulate: argument --hands: '301' is more than 300 hands (a record is one line of at most 1 MB)"),
    ("too many hands for safety", ["simulate", "--game", "spades", "--max-hands", "1000"],
     "main.py simulate: argument --max-hands: '1000' is more than 300 hands"),
    ("games as a float", ["simulate", "--game", "pitch", "--games", "1.5"],
     "main.py simulate: argument --games: '1.5' is not a whole number"),
    # target and mercy
    ("target 0", ["simulate", "--game", "spades", "--target", "0"],
     "simulate: --target must be a positive whole number, not 0"),
    ("negative target", ["simulate", "--game", "pitch", "--target", "-5"],
     "simulate: --target must be a positive whole number, not -5"),
    ("mercy 0", ["simulate", "--game", "spades", "--mercy", "0"],
     "simulate: --mercy must be a negative score (such as -200), not 0"),
    ("positive mercy", ["simulate", "--game", "spades-two", "--mercy", "200"],
     "simulate: --mercy must be a negative score (such as -200), not 200"),
    ("a target the rules do not offer", ["simulate", "--game", "spades", "--target", "123"],
     "simulate: Spades target must be one of 500, 250, 300, 1000, not 123."),
    ("a pitch target the rules do not offer", ["simulate", "--game", "pitch", "--target", "8"],
     "simulate: Pitch target must be one of 7, 11, 15, 21, not 8."),
    ("a mercy the rules do not offer", ["simulate", "--game", "spades", "--mercy", "-150"],
     "simulate: Spades mercy must be one of None (off), -200, not -150."),
    # the other game's flags
    ("mercy in pitch", ["simulate", "--game", "pitch", "--mercy", "-200"],
     "simulate: --mercy is not an option of Pitch"),
    ("no nil in pitch", ["simulate", "--game", "pitch", "--no-nil"], "simulate: --no-nil is not an option of Pitch"),
    ("no double nil in pitch", ["simulate", "--game", "pitch", "--no-double-nil"],
     "simulate: --no-double-nil is not an option of Pitch"),
    ("low in spades", ["simulate", "--game", "spades", "--low", "player"],
     "simulate: --low is not an option of Spades"),
    ("partnerships in spades for two", ["simulate", "--game", "spades-two", "--partnerships"],
     "simulate: --partnerships is not an option of Spades for two"),
    ("no dealer steal in spades", ["simulate", "--game", "spades", "--no-dealer-steal"],
     "simulate: --no-dealer-steal is not an option of Spades"),
    ("partnerships for three", ["simulate", "--game", "pitch", "--players", "3", "--partnerships"],
     "simulate: --partnerships is for Pitch with --players 4"),
    # levels and games
    ("unknown level", ["simulate", "--game", "spades", "--level", "genius"],
     "main.py simulate: argument --level: invalid choice: 'genius'"),
    ("unknown level in a list", ["simulate", "--game", "spades", "--levels", "random,genius"],
     "simulate: unknown level 'genius' (levels: random, easy, normal, hard)"),
    ("no levels", ["simulate", "--game", "spades", "--levels", ""],
     "simulate: unknown level '' (levels: random, easy, normal, hard)"),
    ("more levels than seats", ["simulate", "--game", "spades-two", "--levels", "easy,normal,hard"],
     "simulate: 3 levels for 2 seats"),
    ("a level twice over", ["simulate", "--game", "spades", "--level", "easy", "--levels", "easy,hard"],
     "simulate: give --level or --levels, not both"),
    ("unknown game", ["simulate", "--game", "hearts"], "main.py simulate: argument --game: invalid choice: 'hearts'"),
    ("no output", ["simulate", "--game", "spades", "--no-out"],
     "main.py simulate: the following arguments are required: --out"),
    ("an unknown flag", ["simulate", "--game", "spades", "--fast"], "main.py: unrecognized arguments: --fast"),
    # output paths, checked before a game is played
    ("output to a folder", ["simulate", "--game", "spades", "--out", "{tmp}"],
     "simulate: cannot write {tmp}: it is a folder"),
    ("output to a missing folder", ["simulate", "--game", "spades", "--out", "{tmp}/none/games.jsonl"],
     "simulate: cannot write {tmp}/none/games.jsonl: No such file or directory"),
    ("output nobody may write", ["simulate", "--game", "spades", "--out", "/proc/games.jsonl"],
     "simulate: cannot write /proc/games.jsonl: "),
    # bench
    ("bench for no time", ["bench", "--seconds", "0"],
     "main.py bench: argument --seconds: '0' must be a positive finite number of seconds"),
    ("bench for negative time", ["bench", "--seconds", "-1"],
     "main.py bench: argument --seconds: '-1' must be a positive finite"),
    ("bench for ever", ["bench", "--seconds", "inf"],
     "main.py bench: argument --seconds: 'inf' must be a positive finite"),
    ("bench for nan", ["bench", "--seconds", "nan"],
     "main.py bench: argument --seconds: 'nan' must be a positive finite"),
    ("bench for text", ["bench", "--seconds", "two"], "main.py bench: argument --seconds: 'two' is not a number"),
    # replay
    ("replay nothing", ["replay"], "main.py replay: the following arguments are required: file"),
    # commands and window options
    ("a typo", ["simulte", "--game", "spades"],
     "main.py: unknown command or option 'simulte' (commands: simulate, replay, bench, arena, pool; "
     "window options: --size WxH, --fullscreen, --screenshot PNG)"),
    ("an unknown option", ["--colour", "red"], "main.py: unknown command or option '--colour'"),
    ("a shortened option", ["--full"], "main.py: unknown command or option '--full'"),
    ("a size without height", ["--size", "800"], "main.py: argument --size: '800' is not a size such as 1280x720"),
    ("a size of nothing", ["--size", "0x0"], "main.py: argument --size: '0x0': each side must be 1 to 16384 pixels"),
    ("a size as words", ["--size", "bigxsmall"], "main.py: argument --size: 'bigxsmall' is not a size"),
    ("a screenshot into a folder", ["--screenshot", "{tmp}"], "main.py: --screenshot {tmp} must end in .png"),
    ("a screenshot that is a folder", ["--screenshot", "{tmp}/shots.png"],
     "main.py: --screenshot {tmp}/shots.png is a folder"),
    ("a screenshot in a missing folder", ["--screenshot", "{tmp}/none/shot.png"],
     "main.py: --screenshot {tmp}/none/shot.png: the folder {tmp}/none does not exist"),
    ("a screenshot under a file", ["--screenshot", "/proc/version/shot.png"],
     "main.py: --screenshot /proc/version/shot.png: the folder /proc/version is not a folder"),
    ("a screenshot nobody may write", ["--screenshot", "/proc/shot.png"],
     "main.py: --screenshot /proc/shot.png: cannot write it"),
    ("a screenshot as text", ["--screenshot", "{tmp}/shot.txt"], "main.py: --screenshot {tmp}/shot.txt must end in"),
]


@pytest.mark.parametrize(("args", "message"), [row[1:] for row in BAD_COMMAND_LINES],
                         ids=[row[0] for row in BAD_COMMAND_LINES])
def test_a_bad_command_line_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     args: list[str], message: str) -> None:
    (tmp_path / "shots.png").mkdir()
    args = [arg.format(tmp=tmp_path) for arg in args]
    if args[0] == "simulate" and "--out" not in args and "--no-out" not in args:
        args += ["--out", OUT.format(tmp=tmp_path)]
    started = time.monotonic()
    assert main.main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(message.format(tmp=tmp_path)), err
    assert time.monotonic() - started < 5  # refused before any game is played
    assert not (tmp_path / "games.jsonl").exists() and not (tmp_path / "none").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shots.png"]  # nothing written, no folder made


def test_a_screenshot_path_from_the_environment_is_checked_too(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICK_TABLE_SCREENSHOT", str(tmp_path / "none" / "shot.png"))
    assert main.main([]) == 2
    assert capsys.readouterr().err == f"main.py: --screenshot {tmp_path}/none/shot.png: the folder {tmp_path}/none " \
                                      "does not exist\n"


def test_window_options_that_are_fine_reach_the_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ui.app

    seen: list[list[str]] = []
    monkeypatch.setattr(ui.app, "run", lambda argv: seen.append(list(argv)) or 0)
    argv = ["--size", "1024x600", "--fullscreen", "--screenshot", str(tmp_path / "shot.png")]
    assert main.main(argv) == 0
    assert seen == [argv] and not (tmp_path / "shot.png").exists()  # checked, then left for the window to write


def test_simulate_writes_each_record_as_its_game_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import game.tools.simulate

    out = tmp_path / "games.jsonl"
    lines_at_start: list[int] = []
    play = game.tools.simulate.play_game

    def counting(*args: object, **kwargs: object) -> object:
        lines_at_start.append(len(out.read_text().splitlines()))
        return play(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(game.tools.simulate, "play_game", counting)
    assert main.main(["simulate", "--game", "pitch", "--players", "3", "--games", "4", "--hands", "1",
                      "--out", str(out)]) == 0
    assert lines_at_start == [0, 1, 2, 3]
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [1, 2, 3, 4]
    assert capsys.readouterr().out.startswith("simulate: 4 pitch game(s), 3 players")


@pytest.mark.parametrize(("game", "players"), [("spades", None), ("spades-two", None), ("pitch", None), ("pitch", "7")])
def test_simulate_defaults_to_the_seats_each_game_has(tmp_path: Path, game: str, players: str | None) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "--game", game, "--hands", "1", "--out", str(out)] + (["--players", players] if players else [])
    assert main.main(args) == 0
    record = json.loads(out.read_text())
    assert len(record["seats"]) == {"spades": 4, "spades-two": 2}.get(game, int(players or 4))


# ----------------------------------------------------------------- replay: files of every kind
def test_an_empty_file_has_no_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, data in (("empty.jsonl", b""), ("blank.jsonl", b"\n  \n\t\r\n\n")):
        path = tmp_path / name
        path.write_bytes(data)
        assert main.main(["replay", str(path), "--check"]) == 1
        assert capsys.readouterr().out == f"replay: no records in {path}\n"


def test_a_folder_or_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["replay", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{tmp_path}: cannot read the file (it is a folder)",
                                                    "replay: 0 legal, 1 with problems"]
    assert main.main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{tmp_path}/none.jsonl: cannot read the file (No such file " \
                                                      "or directory)"


def test_a_line_longer_than_a_megabyte_stops_the_reading(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"{}\n" + b" " * (1 << 20) + b"x\n{}\n")
    results = list(read_records(str(path)))
    assert [(r.line, r.error) for r in results][1] == (2, "line 2: longer than 1,048,576 bytes (stopped reading)")
    assert len(results) == 2 and results[0].error.startswith("line 1: ")


def test_a_line_of_exactly_a_megabyte_is_read(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[" + b" " * ((1 << 20) - 2) + b"]\n[]")
    assert [r.error for r in read_records(str(path))] == ["line 1: a record must be a JSON object",
                                                          "line 2: a record must be a JSON object"]


def test_dev_zero_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert main.main(["replay", "/dev/zero"]) == 1
    assert time.monotonic() - started < 10
    assert capsys.readouterr().out.splitlines() == ["/dev/zero: line 1: longer than 1,048,576 bytes (stopped reading)",
                                                    "replay: 0 legal, 1 with problems"]


def test_a_fifo_nobody_writes_to_is_given_up_on(tmp_path: Path) -> None:
    fifo = tmp_path / "never"
    os.mkfifo(fifo)
    started = time.monotonic()
    results = list(read_records(str(fifo), idle_s=0.3))
    assert time.monotonic() - started < 5
    assert [(r.line, r.error) for r in results] == [(1, "line 1: nothing to read for 0.3 s (stopped reading)")]


def test_a_fifo_is_read_as_its_writer_writes(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"sleep 0.3; printf '[]\\n\\n{{}}' > '{fifo}'"])
    try:
        results = list(read_records(str(fifo), idle_s=10))
    finally:
        writer.wait(timeout=10)
    assert [r.line for r in results] == [1, 3]
    assert results[0].error == "line 1: a record must be a JSON object"


# ----------------------------------------------------------------- as a real process
def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, timeout=120,
                          **kwargs)  # type: ignore[call-overload]


def test_a_file_name_that_is_not_utf8_is_printed_safely(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/games\xff.jsonl"
    made = subprocess.run([sys.executable, "main.py", "simulate", "--game", "pitch", "--hands", "1", "--out", name],
                          cwd=ROOT, capture_output=True, timeout=120)
    assert made.returncode == 0 and made.stderr == b""
    assert made.stdout.decode().rstrip().endswith(f"-> {tmp_path}/games\\xff.jsonl")
    checked = subprocess.run([sys.executable, "main.py", "replay", name, "--check"], cwd=ROOT, capture_output=True,
                             timeout=120)
    assert checked.returncode == 0 and checked.stderr == b""
    assert checked.stdout.decode().startswith(f"{tmp_path}/games\\xff.jsonl: line 1: legal (pitch")


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert run("simulate", "--game", "pitch", "--players", "2", "--games", "200", "--hands", "1",
               "--out", str(out)).returncode == 0
    proc = subprocess.Popen([sys.executable, "main.py", "replay", str(out), "--check"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=60) == 141
    assert b": line 1: legal (pitch" in first and proc.stderr.read() == b""


def running_in_group(group: int) -> list[int]:
    """The processes of a process group that still run (exited ones waiting to be reaped do not count)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == group and fields[0] not in ("Z", "X"):
            found.append(int(entry.name))
    return found


CTRL_C = [
    ("simulate", ["simulate", "--game", "spades", "--games", "100000", "--out", "{tmp}/games.jsonl"], 1.0),
    ("arena in two processes", ["arena", "--game", "spades", "--a", "normal", "--b", "easy", "--deals", "100000",
                                "--jobs", "2"], 4.0),
    ("bench", ["bench", "--seconds", "30", "--engine-only"], 1.5),
    ("the window", ["--size", "900x600"], 4.0),
]


@pytest.mark.parametrize(("args", "wait_s"), [row[1:] for row in CTRL_C], ids=[row[0] for row in CTRL_C])
def test_ctrl_c_ends_quietly_with_130(tmp_path: Path, args: list[str], wait_s: float) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "main.py", *[arg.format(tmp=tmp_path) for arg in args]], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        time.sleep(wait_s)  # imported and at work (worker processes started)
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to every process of the group
        _out, err = proc.communicate(timeout=30)
        assert proc.returncode == 130 and err == b"", err.decode()
        deadline = time.monotonic() + 10
        while running_in_group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert running_in_group(proc.pid) == []  # no worker process is left behind
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


def peak_bytes_reading(path: Path) -> tuple[int, int]:
    """(records read, peak bytes allocated while reading and replaying every record of ``path``)."""
    import tracemalloc

    tracemalloc.start()
    try:
        count = sum(1 for _ in read_records(str(path)))
        return count, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_replay_memory_stays_flat_whatever_the_file_size(tmp_path: Path) -> None:
    made = tmp_path / "one.jsonl"
    assert main.main(["simulate", "--game", "spades-two", "--hands", "20", "--out", str(made)]) == 0
    record = made.read_bytes()
    blank = b" " * 999 + b"\n"  # a blank line costs no replay, only reading
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    small.write_bytes(record * 3 + b"{}\n" * 1000 + blank * 100)
    large.write_bytes(record * 10 + b"{}\n" * 20_000 + blank * 4000)  # 4.5 MB
    (read_small, peak_small), (read_large, peak_large) = peak_bytes_reading(small), peak_bytes_reading(large)
    assert (read_small, read_large) == (1003, 20_010)
    assert peak_large < peak_small + 500_000, (peak_small, peak_large)  # the file is never held


@pytest.mark.parametrize(("args", "options"), [
    (["--game", "spades", "--no-nil", "--mercy", "-200", "--target", "250"],
     {"target": 250, "nil": False, "double_nil": True, "mercy": -200}),
    (["--game", "spades-two", "--no-double-nil"], {"target": 500, "nil": True, "double_nil": False, "mercy": None}),
    (["--game", "pitch", "--players", "4", "--partnerships", "--no-dealer-steal", "--low", "player", "--target", "11"],
     {"target": 11, "partnerships": True, "dealer_steal": False, "low": "player"}),
    (["--game", "pitch", "--players", "3"],
     {"target": 7, "partnerships": False, "dealer_steal": True, "low": "winner"}),
], ids=["spades", "spades-two", "pitch-partnerships", "pitch-defaults"])
def test_simulate_plays_with_the_options_asked_for(tmp_path: Path, args: list[str], options: dict[str, object]) -> None:
    out = tmp_path / "games.jsonl"
    assert main.main(["simulate", *args, "--hands", "1", "--out", str(out)]) == 0
    written = json.loads(out.read_text())["options"]
    assert {key: written[key] for key in options} == options
    defaults = GAMES[args[1] if args[:1] == ["--game"] else "spades"].default_options().to_json()
    assert {key: value for key, value in written.items() if key not in options} == {
        key: value for key, value in defaults.items() if key not in options}  # the house rules at their defaults


# Ctrl-C while main.py's modules load: the child sends itself SIGINT the moment a chosen module is first
# imported (from the earliest import after main.py's first lines to the heavy ones), so the signal lands at
# that point of the start on any machine, however busy.
SIGNAL_AT_IMPORT = """import os, runpy, signal, sys
class Trip:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Trip())
sys.argv = ['main.py', *sys.argv[1:]]
runpy.run_path('main.py', run_name='__main__')
"""


@pytest.mark.parametrize("module", ["argparse", "game.ai", "game.tools.simulate"])
def test_ctrl_c_while_the_program_starts_is_quiet_too(tmp_path: Path, module: str) -> None:
    proc = subprocess.run([sys.executable, "-c", SIGNAL_AT_IMPORT.format(module=module), "simulate", "--game",
                           "spades", "--games", "1000", "--out", str(tmp_path / "games.jsonl")], cwd=ROOT,
                          capture_output=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, b"", b"")


def test_no_display_for_the_window_is_one_line() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="no-such-driver")
    done = subprocess.run([sys.executable, "main.py", "--size", "900x600"], cwd=ROOT, env=env, capture_output=True,
                          timeout=60)
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr == b"main.py: cannot open a window: no-such-driver not available\n"
