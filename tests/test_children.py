"""Child processes ignore Ctrl-C from their first instruction (game/tools/children.py): a SIGINT while a
child still starts its interpreter cannot print a traceback (it did on a busy machine)."""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.tools.children import ctrl_c_ignored
from ui.services.computer import ComputerWorker

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")


def ignores_sigint(pid: int) -> bool:
    """Whether process ``pid`` ignores SIGINT now (the kernel's SigIgn mask)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1)
    raise AssertionError("no SigIgn line")


def _sleep() -> None:
    time.sleep(30)


def test_a_child_started_in_the_block_ignores_ctrl_c_at_once_and_the_parent_does_not() -> None:
    before = signal.getsignal(signal.SIGINT)
    ctx = multiprocessing.get_context("spawn")
    with ctrl_c_ignored():
        quiet = ctx.Process(target=_sleep, daemon=True)
        quiet.start()
    plain = ctx.Process(target=_sleep, daemon=True)
    plain.start()
    try:
        assert quiet.pid is not None and plain.pid is not None
        assert ignores_sigint(quiet.pid)  # read at once: the child may still be importing
        assert not ignores_sigint(plain.pid)
        assert signal.getsignal(signal.SIGINT) == before  # the parent's own Ctrl-C is back
    finally:
        for process in (quiet, plain):
            process.kill()
            process.join(10)


HELD_CTRL_C = """
import multiprocessing, os, signal, sys, time
sys.path.insert(0, {root!r})
from game.tools.children import ctrl_c_ignored
reached = []
try:
    with ctrl_c_ignored():
        os.kill(os.getpid(), signal.SIGINT)  # a Ctrl-C while the children start
        lock = multiprocessing.get_context("spawn").Lock()  # the first lock: the resource tracker's start
        time.sleep(0.2)
        reached.append("the block's end")
    time.sleep(5)
    print("lost")
except KeyboardInterrupt:
    print("held until", *reached)
"""


def test_a_ctrl_c_while_children_start_reaches_the_parent_when_they_have_started() -> None:
    # It was lost (stop 67): the parent ignored it in that moment, and the resource tracker's start let
    # SIGINT through while it was still ignored.
    script = HELD_CTRL_C.format(root=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.stdout, done.stderr) == ("held until the block's end\n", "")


def test_the_block_changes_nothing_off_the_main_thread() -> None:
    seen: list[object] = []

    def run() -> None:
        with ctrl_c_ignored():
            seen.append(signal.getsignal(signal.SIGINT))
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [signal.getsignal(signal.SIGINT)]


def test_the_computer_players_process_ignores_ctrl_c_from_its_start() -> None:
    worker = ComputerWorker().start()  # on the main thread: started at once, ignoring Ctrl-C
    try:
        process = worker._process
        assert process is not None and process.pid is not None
        assert ignores_sigint(process.pid)
        assert worker.wait_ready()
    finally:
        worker.stop()
        if worker._process is not None:
            worker._process.join(30)
