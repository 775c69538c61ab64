"""The command line under hostile input (issue 14, item 15): a full disk, a pipe nobody reads, absurd numbers.

Each case runs ``main.py`` as a subprocess with a timeout: it must end (never hang), with one line on stderr,
no traceback, and the status given (2 for a number out of its range, 1 for output that cannot be written).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")


def run_main(*args: str, stdout: int | None = subprocess.PIPE, timeout_s: float = 120) -> tuple[int, str, str]:
    """Run ``main.py ARGS``; returns (status, stdout, stderr). A hang fails the test by its timeout."""
    done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE,
                          timeout=timeout_s, text=True)
    return done.returncode, done.stdout or "", done.stderr


def assert_one_line(err: str) -> None:
    """Exactly one line on stderr, and no traceback in it."""
    assert "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err


def good_record_file(tmp_path: Path) -> Path:
    """A file holding one legal record (a one-hand simulated game)."""
    out = tmp_path / "good.jsonl"
    status, _, err = run_main("simulate", "--game", "spades", "--hands", "1", "--out", str(out))
    assert status == 0, err
    return out


@needs_dev_full
def test_simulate_onto_a_full_disk_is_one_line() -> None:
    status, _, err = run_main("simulate", "--game", "spades", "--hands", "1", "--out", str(FULL))
    assert status == 1
    assert_one_line(err)
    assert err.startswith("simulate: cannot write /dev/full: ")


@needs_dev_full
def test_replay_check_with_its_output_on_a_full_disk_is_one_line(tmp_path: Path) -> None:
    record = good_record_file(tmp_path)
    with open(FULL, "w") as full:
        status, _, err = run_main("replay", str(record), "--check", stdout=full.fileno())
    assert status == 1
    assert_one_line(err)
    assert err.startswith("main.py: cannot write its output: ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_simulate_into_a_named_pipe_nobody_reads_says_so_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, _, err = run_main("simulate", "--game", "spades", "--hands", "1", "--out", str(pipe), timeout_s=60)
    assert status == 2
    assert_one_line(err)
    assert "that no program is reading" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_simulate_into_a_named_pipe_with_a_reader_writes_the_records(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = subprocess.Popen(["cat", str(pipe)], stdout=subprocess.PIPE)  # opens the pipe and waits on it
    try:
        # the reader may not have opened the pipe yet: then simulate refuses, and the reader is released
        status, _, err = run_main("simulate", "--game", "spades", "--hands", "1", "--out", str(pipe), timeout_s=60)
        if status == 2:
            assert "that no program is reading" in err
            with open(pipe, "w"):
                pass  # let the reader end
            pytest.skip("the reader had not opened the pipe yet")
        out, _ = reader.communicate(timeout=60)
    finally:
        reader.kill()
        reader.wait()
    assert status == 0, err
    assert out.count(b"\n") == 1 and out.startswith(b"{")


BIG = "9" * 400


@pytest.mark.parametrize(("args", "says"), [
    (["arena", "--game", "spades", "--a", "hard", "--b", "easy", "--deals", "1", "--think-ms", BIG],
     "--think-ms: 999999999999...(400 digits) is not from 1 to 60000"),
    (["arena", "--game", "spades", "--a", "hard", "--b", "easy", "--deals", "1", "--think-ms", "1000000000000"],
     "--think-ms: 1000000000000 is not from 1 to 60000"),
    (["arena", "--game", "spades", "--a", "easy", "--b", "easy", "--deals", "1", "--jobs", "1000000000"],
     f"--jobs: 1000000000 is not from 1 to {max(1, os.cpu_count() or 1)}"),
    (["bench", "--engine-only", "--seconds", "1e308"], "--seconds: '1e308' must be a positive finite number"),
    (["bench", "--engine-only", "--seconds", "3601"], "--seconds: '3601' must be a positive finite number"),
], ids=["think-ms-400-digits", "think-ms-huge", "jobs-a-billion", "bench-1e308-s", "bench-over-an-hour"])
def test_numbers_out_of_their_range_are_one_line_and_status_2(args: list[str], says: str) -> None:
    status, out, err = run_main(*args, timeout_s=60)
    assert (status, out) == (2, "")
    assert_one_line(err)
    assert says in err


def test_the_most_jobs_the_arena_takes_is_the_processor_count() -> None:
    from game.tools.arena_cli import max_jobs

    assert max_jobs() == max(1, os.cpu_count() or 1)
