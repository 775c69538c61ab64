"""``in_order`` (game/tools/parallel.py): results in the items' order from worker processes, and a Ctrl-C
that stops the pool at once, however large the work each worker was given."""

from __future__ import annotations

import subprocess
import sys
from functools import partial
from pathlib import Path

from game.tools.parallel import in_order

ROOT = Path(__file__).resolve().parents[1]


def _nth_square(values: tuple[int, ...], index: int) -> int:
    return values[index] ** 2


def test_the_results_come_in_order_with_progress_after_each() -> None:
    values = tuple(range(1000, 1040))
    seen: list[int] = []
    results = in_order(partial(_nth_square, values), len(values), jobs=2,
                       progress=lambda total, done: seen.append(len(done)) if total == len(values) else None)
    assert results == [value ** 2 for value in values]
    assert seen == list(range(1, len(values) + 1))
    assert in_order(partial(_nth_square, values), 5, jobs=1) == [value ** 2 for value in values[:5]]


INTERRUPTED_RUN = """
import multiprocessing, sys
from functools import partial
sys.path.insert(0, {root!r})
from tests.test_parallel import _nth_square
from game.tools.parallel import in_order

def stop(total, done):
    if len(done) == {after}:
        raise KeyboardInterrupt  # as a Ctrl-C at this moment

if __name__ == "__main__":
    values = tuple(range(100_000))  # a large work: 100 000 items, each worker holds them all
    try:
        in_order(partial(_nth_square, values), len(values), jobs=2, progress=stop)
    except KeyboardInterrupt:
        print("stopped", len(multiprocessing.active_children()))
"""


def test_a_ctrl_c_stops_the_pool_at_once_and_leaves_no_worker() -> None:
    # Before stop 67 every task carried the whole work, and the pool's stop could wait for good on a thread
    # blocked writing tasks into a pipe nobody read any more: 2 of 40 Ctrl-Cs at random moments of an arena
    # run hung (docs/ai-notes.md has the sweep). Here: the stop at two moments, ended and nothing left.
    for after in (1, 40):
        script = INTERRUPTED_RUN.format(root=str(ROOT), after=after)
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stdout, done.stderr) == (0, "stopped 0\n", "")
