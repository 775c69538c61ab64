"""Work on numbered items in worker processes, the results in the items' order.

The work reaches each worker once, when it starts; a task is then only an item's number, and at most
two tasks per worker wait in the pool's queue. Both keep a Ctrl-C quick and sure: the pool's ``terminate``
waits for the thread that writes tasks into the workers' pipe, and tasks that each carried a large work (a
match's list of deals) kept that thread blocked on a full pipe, whose readers a Ctrl-C had stopped: the run
hung for good (docs/ai-notes.md, stop 67).
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable
from contextlib import ExitStack
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar

from game.tools.children import ctrl_c_ignored, ignore_ctrl_c

T = TypeVar("T")
WAITING_PER_WORKER = 2  # tasks sent ahead to each worker: one at work, one ready to start

_work: Callable[[int], Any] | None = None  # in a worker process: the work ``in_order`` gave it


def in_order(work: Callable[[int], T], count: int, jobs: int = 1,
             progress: Callable[[int, list[T]], None] | None = None) -> list[T]:
    """``work(0)``, ..., ``work(count - 1)`` in ``jobs`` processes (``work`` must pickle), in index order;
    ``progress(count, done)`` after each one."""
    results: list[T] = []
    if jobs == 1:
        for index in range(count):
            results.append(work(index))
            if progress:
                progress(count, results)
        return results
    with ExitStack() as stack:  # the pool stops however the loop ends, a Ctrl-C just after its start too
        with ctrl_c_ignored():  # the pool's processes start ignoring Ctrl-C (game/tools/children.py)
            context = multiprocessing.get_context("spawn")
            pool = stack.enter_context(context.Pool(jobs, initializer=_start_worker, initargs=(work,)))
        waiting: deque[AsyncResult[T]] = deque()
        sent = 0
        while len(results) < count:
            while sent < count and len(waiting) < WAITING_PER_WORKER * jobs:
                waiting.append(pool.apply_async(_do, (sent,)))
                sent += 1
            results.append(waiting.popleft().get())
            if progress:
                progress(count, results)
    return results


def _start_worker(work: Callable[[int], Any]) -> None:
    """A worker's start: it ignores Ctrl-C (its parent stops it) and keeps the work it will do."""
    global _work
    ignore_ctrl_c()
    _work = work


def _do(index: int) -> Any:
    """A task in a worker: the work on item ``index``."""
    assert _work is not None, "a worker's work is given when it starts"
    return _work(index)
