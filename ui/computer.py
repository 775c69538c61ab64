"""Computer players run off the drawing path: a worker thread decides, the main thread polls.

The scene submits a seat's ``SeatView`` snapshot with a key naming the decision point;
the worker calls that seat's player and stores the answer under the key. The main
thread picks it up with ``result(key)`` and applies it only if the game is still at that
decision point. The worker never touches pygame or the game itself.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Hashable
from dataclasses import dataclass

from game.actions import Action
from game.ai import LEVELS, Player, make_player
from game.state import SeatView

# While a computer thinks, hand the interpreter back and forth often, so the drawing thread
# never waits long for its turn (the default 5 ms interval makes frames stall for 50+ ms).
THINKING_SWITCH_INTERVAL_S = 0.0003


@dataclass
class Answer:
    """A finished decision: the action, or the error the player raised."""

    action: Action | None
    error: BaseException | None = None


def player_for(level: str, seed: int | None) -> Player:
    """The computer player of ``level``; an unknown level falls back to the first one there is."""
    try:
        return make_player(level, seed)
    except ValueError:
        return make_player(LEVELS[0], seed)


class ComputerPlayers:
    """The computer seats' players and one worker thread (or inline decisions when ``sync``)."""

    def __init__(self, players: dict[int, Player], sync: bool = False) -> None:
        self.players = players
        self.sync = sync
        self._jobs: queue.Queue[tuple[Hashable, int, SeatView] | None] = queue.Queue()
        self._answers: dict[Hashable, Answer] = {}
        self._asked: set[Hashable] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def plays(self, seat: int | None) -> bool:
        """True when a computer sits at ``seat``."""
        return seat is not None and seat in self.players

    def ask(self, key: Hashable, view: SeatView) -> None:
        """Start deciding for ``view.seat`` at decision point ``key`` (once per key)."""
        if key in self._asked or self._closed:
            return
        self._asked = {key}
        with self._lock:
            self._answers = {}
        if self.sync:
            self._answers[key] = self._decide(view)
            return
        self._ensure_thread()
        self._jobs.put((key, view.seat, view))

    def asked(self, key: Hashable) -> bool:
        """True once ``key`` has been submitted."""
        return key in self._asked

    def result(self, key: Hashable) -> Answer | None:
        """The answer for ``key`` if the worker has finished it."""
        with self._lock:
            return self._answers.get(key)

    def busy(self) -> bool:
        """True while a submitted decision has no answer yet."""
        with self._lock:
            return any(key not in self._answers for key in self._asked)

    def wait(self, key: Hashable, timeout_s: float = 10.0) -> Answer | None:
        """Block until ``key`` is answered (tests and benchmarks only)."""
        import time

        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            answer = self.result(key)
            if answer is not None:
                return answer
            time.sleep(0.001)
        return None

    def stop(self) -> None:
        """Stop the worker and forget pending questions (asking again restarts it)."""
        self._asked = set()
        with self._lock:
            self._answers = {}
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=2.0)
            self._thread = None

    def close(self) -> None:
        """Stop for good."""
        self._closed = True
        self.stop()

    # ----- the worker
    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="computer-players", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            key, _seat, view = job
            if key not in self._asked:
                continue  # already stale
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, THINKING_SWITCH_INTERVAL_S))
            try:
                answer = self._decide(view)
            finally:
                sys.setswitchinterval(before)
            with self._lock:
                if key in self._asked:
                    self._answers[key] = answer

    def _decide(self, view: SeatView) -> Answer:
        player = self.players.get(view.seat)
        if player is None:
            return Answer(None, ValueError(f"no computer player at seat {view.seat}"))
        try:
            return Answer(player.choose(view))
        except Exception as error:  # a broken player must not kill the worker
            return Answer(None, error)
