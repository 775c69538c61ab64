"""Child processes that a terminal's Ctrl-C cannot reach while they start.

Ctrl-C sends SIGINT to every process of the terminal's group. The program's worker processes ignore it
once their own code runs (the parent stops them and ends with status 130), but a spawned child first
starts a new interpreter and reads its instructions, and a SIGINT in that moment printed a traceback on a
busy machine. A signal that is ignored when a program starts stays ignored in it, so a parent starts its
children inside ``ctrl_c_ignored()``.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_ignored() -> Iterator[None]:
    """Ignore SIGINT while the block runs, so that children started in it ignore it from their first
    instruction. Only the main thread may change a signal's handling: elsewhere nothing changes. A Ctrl-C
    in that moment (the few milliseconds a start takes) is lost."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def ignore_ctrl_c() -> None:
    """A worker process ignores Ctrl-C: its parent stops it and ends quietly (main.py: status 130)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
