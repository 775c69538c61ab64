"""Child processes that a terminal's Ctrl-C cannot reach while they start, and a parent that does not lose it.

Ctrl-C sends SIGINT to every process of the terminal's group. The program's worker processes ignore it
once their own code runs (the parent stops them and ends with status 130), but a spawned child first
starts a new interpreter and reads its instructions, and a SIGINT in that moment printed a traceback on a
busy machine. A signal that is ignored when a program starts stays ignored in it, so a parent starts its
children inside ``ctrl_c_ignored()``. The parent holds SIGINT back (blocks it) in that moment rather than
lose it: a Ctrl-C while a pool of workers started, a few hundred milliseconds on a busy machine, once left
a match running on (docs/ai-notes.md, stop 67). Nothing in the block may let it through again:
multiprocessing's resource tracker, started with the first lock, unblocks SIGINT once it has started, so it
is started before.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def ctrl_c_ignored() -> Iterator[None]:
    """Ignore SIGINT while the block runs, so that children started in it ignore it from their first
    instruction; a Ctrl-C in that moment is held back and reaches this process when the block ends (where
    signals cannot be blocked, it is lost). Only the main thread may change a signal's handling: elsewhere
    nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    holds = hasattr(signal, "pthread_sigmask")
    if holds:  # a blocked signal stays pending even while it is ignored (Linux), and a child inherits both
        _start_resource_tracker()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if holds:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


def ignore_ctrl_c() -> None:
    """A worker process ignores Ctrl-C (its parent stops it and ends quietly: main.py, status 130), and
    no longer holds it back: one that came while it started is dropped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker now (where there is one), not inside ``ctrl_c_ignored``: its
    start unblocks SIGINT, which lost a Ctrl-C that came while the disposition was still to ignore it."""
    try:
        from multiprocessing import resource_tracker
    except ImportError:  # (no tracker on this system)
        return
    resource_tracker.ensure_running()
