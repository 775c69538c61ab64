"""Computer players off the drawing path: a worker process decides, the drawing thread only polls.

A level player (``easy``, ``normal``, ``hard``) searches in pure Python; in a thread it would
fight the drawing loop for the interpreter. So decisions run in one worker *process*
(``ComputerWorker``, multiprocessing's "spawn" context), started in the background when the
program starts and warmed up (it imports the levels and builds a player of each). The table
submits a seat's ``SeatView`` (plain frozen values, pickled between our own processes) with a
key naming the decision point; the answer comes back tagged with that key and is used only
while the key is still the one asked (stale answers are dropped). Nothing on the drawing
thread ever waits: starting happens in a helper thread, asking is a queue put, polling is a
non-blocking get, stopping is a message sent and forgotten.

If the process cannot start or dies, decisions fall back to a thread (logged). A player
object that is not one of the level players built here (tests hand in their own) always
runs in the thread. ``sync=True`` decides inline (tests).

A player that raises is never swallowed: the error goes to ``computer-players.log`` in the
user's log folder (``platformdirs.user_log_dir("trick-table")``), the seat switches to the
``normal`` level for the rest of the game, and ``take_failures()`` tells the table so it can
say so on screen; the decision is made again at that level, so the game never stalls.

A player's seed never reveals the deal: the game's seed fixes every deal, so a player is seeded
through ``player_seed`` (a keyed hash whose key is fresh OS randomness of this process), never
with anything a player could turn back into the game's seed.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import logging
import multiprocessing
import multiprocessing.queues
import os
import queue
import secrets
import sys
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from importlib import import_module
from multiprocessing.reduction import ForkingPickler
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, cast

import platformdirs

from game.actions import Action
from game.ai import LEVELS, Player, make_player
from game.state import SeatView
from game.tools.children import ctrl_c_ignored, ignore_ctrl_c
from ui.services.settings import DEFAULT_THINK_MS

# While a computer thinks in a *thread* (the fallback), hand the interpreter back and forth often,
# so the drawing thread never waits long for its turn.
THINKING_SWITCH_INTERVAL_S = 0.0003
FALLBACK_LEVEL = "normal"  # what a seat whose player failed plays on at
HINT_LEVEL = "hard"  # the level whose choice the Hint shows
# The Hint's player: the hard level's search over a fixed budget of worlds, with its reasons (game.ai.coach)
COACH_LEVEL = "coach"
REVIEW_LEVEL = "review"  # the review of a hand (game.ai.review.ReviewerPlayer): a job is a ReviewJob, not a view
DUPLICATE_LEVEL = "duplicate"  # "Hard in my seat" (game.ai.duplicate.DuplicatePlayer): a job is a DuplicateJob
LOG_DIR_ENV = "TRICK_TABLE_LOG_DIR"  # overrides the log folder (tests)
LOG_FILE = "computer-players.log"
LIVENESS_CHECK_S = 0.5  # how often the drawing thread checks that the worker process lives
STALL_GRACE_S = 10.0  # an answer later than think_ms plus this means the worker is stuck
WORKER_IDLE_CHECK_S = 1.0  # the worker checks this often that the program is still there
WORKER_NICE = 5  # the worker process runs at a lower priority than the window
MAX_INBOXES = 32  # askers whose unread answers the program keeps
# The thinking budget per decision in ms as it is now (the setting, read when a question is asked).
ThinkTime = Callable[[], int]


def default_think_time() -> int:
    """The thinking budget when nobody set one (tools and tests): the setting's default."""
    return DEFAULT_THINK_MS

log = logging.getLogger("trick_table.computers")
_log_ready = False
_tokens = itertools.count(1)


# ----- logging ---------------------------------------------------------------------------------
def log_dir() -> Path:
    """The folder of the log file: ``$TRICK_TABLE_LOG_DIR`` or the user's log folder."""
    override = os.environ.get(LOG_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_log_dir("trick-table"))


class _LogFile(logging.StreamHandler):  # type: ignore[type-arg]
    """A log handler on a file opened by ``open_log_file``; closing the handler closes the file."""

    def close(self) -> None:
        """Flush and close the file."""
        try:
            super().close()
        finally:
            self.stream.close()


def open_log_file(path: Path) -> Any:
    """Open the log file for appending (created 0600 if missing), never through a symbolic link: O_NOFOLLOW
    where the system has it, a check first everywhere. Raises OSError (ELOOP for a link)."""
    if path.is_symlink():
        raise OSError(errno.ELOOP, "the log file is a symbolic link", str(path))
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    return open(fd, "a", encoding="utf-8")


def _ensure_log() -> None:
    """Attach the log file to the logger once (created only when there is something to write)."""
    global _log_ready
    if _log_ready:
        return
    _log_ready = True
    log.setLevel(logging.INFO)
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _LogFile(open_log_file(folder / LOG_FILE))
    except OSError:
        handler = logging.StreamHandler(sys.stderr)  # no writable log folder (or a link): say it on stderr
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)


def log_error(message: str, details: str = "") -> None:
    """Write an error (with its traceback text) to the computer players' log file."""
    _ensure_log()
    log.error("%s%s", message, f"\n{details.rstrip()}" if details else "")


def reset_log() -> None:
    """Detach the log file (tests that point ``$TRICK_TABLE_LOG_DIR`` elsewhere)."""
    global _log_ready
    for handler in list(log.handlers):
        log.removeHandler(handler)
        handler.close()
    _log_ready = False


# ----- players ---------------------------------------------------------------------------------
_SEED_KEY = secrets.token_bytes(32)  # drawn once per process from the OS; never handed to a player
SEED_KEY_ENV = "TRICK_TABLE_TEST_SEED_KEY"  # tests only: a fixed key, so that a table's computers replay alike


def _seed_key() -> bytes:
    """The key of ``player_seed``: this process's random one, or the tests' fixed one when they set it."""
    fixed = os.environ.get(SEED_KEY_ENV)
    return hashlib.blake2b(fixed.encode(), digest_size=32).digest() if fixed else _SEED_KEY


COACH_KEY_HEX = 32  # a game's coach key: 16 bytes as hex digits


def new_coach_key() -> str:
    """A key for one game's Hint and review seeds (``GameConfig.coach_key``): random, or under the tests' fixed
    key the same for every game. The save keeps it beside the record, which holds the deal already."""
    fixed = os.environ.get(SEED_KEY_ENV)
    if fixed:
        return hashlib.blake2b(f"coach:{fixed}".encode(), digest_size=COACH_KEY_HEX // 2).hexdigest()
    return secrets.token_hex(COACH_KEY_HEX // 2)


def coach_key_of(value: object) -> str | None:
    """``value`` if it is a coach key (``COACH_KEY_HEX`` lowercase hex digits), else None (a save's field)."""
    if isinstance(value, str) and len(value) == COACH_KEY_HEX and all(c in "0123456789abcdef" for c in value):
        return value
    return None


def player_seed(game_seed: int | None, seat: int, purpose: str = "seat", key: str | None = None) -> int | None:
    """The seed of the computer player (``purpose`` "seat") or the Hint's player ("hint") at ``seat`` of the game
    with ``game_seed``: BLAKE2b of the three keyed with this process's secret key, so it is the same whenever
    this program asks again (a player rebuilt after a settings change plays on as before) but is no function
    of the game's seed that a player could invert to rebuild the deal: another run gives another seed.
    ``key``: the game's coach key (``new_coach_key``), which its save keeps, so that the Hint and the review
    seeded by it answer alike after Continue. None (an unseeded player) for an unseeded game."""
    if game_seed is None:
        return None
    own = coach_key_of(key)
    secret = bytes.fromhex(own) if own is not None else _seed_key()
    digest = hashlib.blake2b(f"{purpose}:{game_seed}:{seat}".encode(), key=secret, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # a non-negative 63-bit whole number


def fallback_level() -> str:
    """The level a failed seat plays on at (``normal`` when there is one)."""
    return FALLBACK_LEVEL if FALLBACK_LEVEL in LEVELS else LEVELS[0]


def hint_level() -> str:
    """The level whose choice the Hint shows (``hard`` when there is one)."""
    return HINT_LEVEL if HINT_LEVEL in LEVELS else fallback_level()


def _make(level: str, seed: int | None, think_ms: int, table: tuple[str | None, ...] = ()) -> Player:
    if level == COACH_LEVEL:  # these load the hard level: only when first asked for (start-up speed)
        coach = import_module("game.ai.coach")
        return cast(Player, coach.CoachPlayer(seed, coach.worlds_for(think_ms), table))
    if level == REVIEW_LEVEL:
        return cast(Player, import_module("game.ai.review").ReviewerPlayer(seed))
    if level == DUPLICATE_LEVEL:
        return cast(Player, import_module("game.ai.duplicate").DuplicatePlayer(seed))
    return make_player(level, seed, think_ms=think_ms, table=table)


def _answer(result: Any) -> Answer:
    """An ``Answer`` from what a player's ``choose`` gave: an action, or the coach's ``Advice`` (action and note)."""
    action = getattr(result, "action", None)
    if action is not None and hasattr(result, "note"):
        return Answer(action, note=result.note)
    return Answer(result)


def player_for(level: str, seed: int | None, think_ms: int = DEFAULT_THINK_MS,
               table: tuple[str | None, ...] = ()) -> Player:
    """The computer player of ``level`` (``table``: each seat's level, None for a person; ``make_player``);
    an unknown level, or one that cannot be built (logged), gives the fallback level, and failing that the
    first level there is."""
    if level not in LEVELS and level not in (COACH_LEVEL, REVIEW_LEVEL, DUPLICATE_LEVEL):
        level = fallback_level()
    try:
        return _make(level, seed, think_ms, table)
    except Exception as error:
        log_error(f"The {level} computer player could not be made; the {fallback_level()} level plays instead.",
                  _error_text(error))
    try:
        return _make(fallback_level(), seed, think_ms, table)
    except Exception as error:
        log_error(f"The {fallback_level()} computer player could not be made either.", _error_text(error))
        return _make(LEVELS[0], seed, think_ms)


class SeatLike(Protocol):
    """A seat as ``computers_for`` reads it (``ui.config.SeatConfig``)."""

    @property
    def human(self) -> bool: ...

    @property
    def level(self) -> str: ...


@dataclass(frozen=True)
class PlayerSpec:
    """What the worker process needs to build a seat's player: level, seed, thinking time and every
    seat's level as the table shows it (None: a person)."""

    level: str
    seed: int | None
    think_ms: int = DEFAULT_THINK_MS
    table: tuple[str | None, ...] = ()


@dataclass
class Answer:
    """A finished decision: the action, or the error the player raised."""

    action: Action | None
    error: BaseException | None = None
    note: Any = None  # the Hint's reasons (a ``game.ai.coach.Note``), when the player gave them


class ComputerFailed(RuntimeError):
    """A computer player raised in the worker process (the message holds its traceback)."""


def _error_text(error: BaseException) -> str:
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


def _mapping_proxy(data: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only dict again (unpickling)."""
    return MappingProxyType(data)


def _reduce_mapping_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return _mapping_proxy, (dict(proxy),)


# Views may hold read-only dicts (a hand's score breakdown); they travel as the same read-only dicts.
ForkingPickler.register(MappingProxyType, _reduce_mapping_proxy)


def _pack(message: tuple[Any, ...]) -> bytes:
    """A message as bytes, pickled here so that an error shows in the sender, not in a feeder thread."""
    return bytes(ForkingPickler.dumps(message))


# ----- the worker process ----------------------------------------------------------------------
def _warm_up(levels: tuple[str, ...]) -> None:
    """Import every level and build one player of each, so the first real decision starts at once."""
    for level in levels:
        try:
            player_for(level, 0, DEFAULT_THINK_MS)
        except Exception:
            pass


def _worker_main(jobs: multiprocessing.queues.Queue[bytes], answers: multiprocessing.queues.Queue[bytes],
                 warm: tuple[str, ...]) -> None:
    """The worker process: take jobs, keep only the newest per asker, answer each one.

    A player with ``reports_progress`` (a long job: "Hard in my seat") is handed a progress callback: each call
    sends ``("progress", token, key, done, expected)`` back on the answer queue and reads the messages that came
    in meanwhile (kept for the loop); a stop, or a cancel or a newer job from the same asker, makes the
    callback return False, the job stops and ``("cancelled", token, key, done)`` goes back instead of an answer.
    """
    ignore_ctrl_c()  # Ctrl-C is the window's to handle; it stops this worker
    try:
        os.nice(WORKER_NICE)  # when the CPU is short, drawing goes first
    except (AttributeError, OSError):
        pass
    _warm_up(warm)
    answers.cancel_join_thread()  # the program may be gone: never wait at exit to hand in an answer
    answers.put(_pack(("ready", os.getpid())))
    parent = multiprocessing.parent_process()
    players: dict[tuple[Any, ...], Player] = {}
    pending: dict[Any, tuple[Any, ...]] = {}  # asker's token -> its newest job
    early: list[tuple[Any, ...]] = []  # messages read by a long job's progress callback, for the loop
    while True:
        messages, early = early, []
        if not pending and not messages:
            try:
                messages.append(ForkingPickler.loads(jobs.get(timeout=WORKER_IDLE_CHECK_S)))
            except queue.Empty:
                if parent is not None and not parent.is_alive():
                    return  # the program is gone
                continue
        while True:
            try:
                messages.append(ForkingPickler.loads(jobs.get_nowait()))
            except queue.Empty:
                break
        for message in messages:
            if message[0] == "stop":
                return
            if message[0] == "cancel":
                pending.pop(message[1], None)
            elif message[0] == "job":
                pending.pop(message[1], None)
                pending[message[1]] = message  # a newer question from the same asker replaces the older
        if not pending:
            continue
        token = next(iter(pending))
        _kind, token, key, seat, spec, view = pending.pop(token)
        cache_key = (token, seat, spec)
        called_off = [0]  # > 0: the job was told to stop (the work done then, plus one)

        def report(done: int, expected: int, token: Any = token, key: Any = key,
                   called_off: list[int] = called_off, early: list[tuple[Any, ...]] = early) -> bool:
            answers.put(_pack(("progress", token, key, done, expected)))
            while True:
                try:
                    message = ForkingPickler.loads(jobs.get_nowait())
                except queue.Empty:
                    break
                early.append(message)
                if message[0] == "stop" or (message[0] in ("cancel", "job") and message[1] == token):
                    called_off[0] = done + 1
            return called_off[0] == 0

        try:
            player = players.get(cache_key)
            if player is None:
                if len(players) > 64:
                    players.clear()
                player = players[cache_key] = player_for(spec.level, spec.seed, spec.think_ms, spec.table)
            if getattr(player, "reports_progress", False):
                chosen = cast(Any, player).choose(view, progress=report)
            else:
                chosen = player.choose(view)
            answer = _pack(("answer", token, key, chosen, None))
        except Exception as error:
            if called_off[0]:
                answer = _pack(("cancelled", token, key, called_off[0] - 1))
            else:
                answer = _pack(("answer", token, key, None, _error_text(error)))
        answers.put(answer)


class ComputerWorker:
    """One worker process for every table of the program; nothing here ever blocks the caller."""

    def __init__(self, warm: tuple[str, ...] | None = None) -> None:
        self.warm = tuple(warm) if warm is not None else tuple(lv for lv in LEVELS if lv != "random")
        self.state = "new"  # new -> starting -> ready; dead (could not start, died, stuck); stopped
        self._lock = threading.Lock()
        self._backlog: list[bytes] = []  # messages sent before the process was there
        self._jobs: Any = None
        self._answers: Any = None
        self._process: Any = None
        self._inbox: dict[Any, list[tuple[Any, Any, str | None]]] = {}
        self._progress: dict[Any, tuple[Any, int, int]] = {}  # token -> (key, done, expected) of its long job
        self.called_off: dict[Any, list[tuple[Any, int]]] = {}  # token -> (key, work done) of jobs that stopped
        self._next_check = 0.0

    @property
    def alive(self) -> bool:
        """True unless the process failed or was stopped (starting counts as alive: jobs wait)."""
        return self.state in ("new", "starting", "ready")

    def start(self) -> ComputerWorker:
        """Start the process (a few milliseconds; the process then warms up on its own); returns self. On the
        main thread the process starts ignoring Ctrl-C (``ctrl_c_ignored``: a SIGINT while it starts would
        print a traceback); from another thread it starts from a helper thread, at once."""
        with self._lock:
            if self.state != "new":
                return self
            self.state = "starting"
        if threading.current_thread() is threading.main_thread():
            with ctrl_c_ignored():
                self._start_process()
            return self
        # Not a daemon: a program that quits at once waits the few milliseconds the start takes, rather
        # than leaving a half-started process that cannot read its instructions.
        threading.Thread(target=self._start_process, name="computer-worker-start").start()
        return self

    def _start_process(self) -> None:
        try:
            ctx = multiprocessing.get_context("spawn")
            jobs, answers = ctx.Queue(), ctx.Queue()
            jobs.cancel_join_thread()  # never wait at exit for questions nobody will read
            process = ctx.Process(target=_worker_main, args=(jobs, answers, self.warm),
                                  name="trick-table-computers", daemon=True)
            process.start()
        except Exception as error:
            log_error("The computer players' process could not be started; they think in a thread instead.",
                      _error_text(error))
            with self._lock:
                self.state = "dead"
                self._backlog.clear()
            return
        with self._lock:
            self._jobs, self._answers, self._process = jobs, answers, process
            for data in self._backlog:
                jobs.put(data)
            self._backlog.clear()
            if self.state == "stopped":
                jobs.put(_pack(("stop",)))

    def submit(self, message: tuple[Any, ...]) -> bool:
        """Send a message to the process (buffered while it starts); False if the process is gone or the
        message cannot be sent (logged)."""
        if not self.alive:
            return False
        try:
            data = _pack(message)
        except Exception as error:
            log_error("A question for the computer players' process could not be sent; a thread answers it.",
                      _error_text(error))
            return False
        with self._lock:
            if not self.alive:
                return False
            if self._jobs is None:
                self._backlog.append(data)
            else:
                self._jobs.put(data)  # a feeder thread writes it: never blocks
            return True

    def poll(self) -> None:
        """Collect the answers that have arrived (non-blocking) and notice a dead process."""
        answers = self._answers
        if answers is None:
            return
        while True:
            try:
                raw = answers.get_nowait()
            except (queue.Empty, OSError, EOFError):
                break
            try:
                message = ForkingPickler.loads(raw)
            except Exception as error:
                log_error("An answer of the computer players' process could not be read.", _error_text(error))
                continue
            if message[0] == "ready":
                if self.state == "starting":
                    self.state = "ready"
            elif message[0] == "answer":
                _kind, token, key, action, failure = message
                self._inbox.setdefault(token, []).append((key, action, failure))
                if len(self._inbox) > MAX_INBOXES:  # answers to tables long gone
                    self._inbox.pop(next(iter(self._inbox)))
            elif message[0] == "progress":
                _kind, token, key, done, expected = message
                self._progress.pop(token, None)
                self._progress[token] = (key, done, expected)
                if len(self._progress) > MAX_INBOXES:
                    self._progress.pop(next(iter(self._progress)))
            elif message[0] == "cancelled":
                _kind, token, key, done = message
                stopped = self.called_off.setdefault(token, [])
                stopped.append((key, done))
                del stopped[:-8]
                if len(self.called_off) > MAX_INBOXES:
                    self.called_off.pop(next(iter(self.called_off)))
        now = time.monotonic()
        if self.alive and now >= self._next_check:
            self._next_check = now + LIVENESS_CHECK_S
            process = self._process
            if process is not None and not process.is_alive():
                self.state = "dead"
                log_error(f"The computer players' process ended (exit code {process.exitcode}); "
                          "they think in a thread instead.")

    def take(self, token: Hashable) -> list[tuple[Any, Any, str | None]]:
        """The answers that arrived for ``token`` (each ``(key, action, error text)``), oldest first."""
        self.poll()
        return self._inbox.pop(token, [])

    def progress(self, token: Hashable, key: Hashable) -> tuple[int, int] | None:
        """How far ``token``'s long job ``key`` is, ``(done, expected)`` as it last said (None before it said)."""
        self.poll()
        last = self._progress.get(token)
        return (last[1], last[2]) if last is not None and last[0] == key else None

    def forget(self, token: Hashable) -> None:
        """Drop ``token``'s queued questions and answers (its table moved on or closed); a long job of its that
        is running stops at its next progress report."""
        self._inbox.pop(token, None)
        self._progress.pop(token, None)
        self.submit(("cancel", token))

    def kill(self) -> None:
        """The process is stuck: signal it to end (no waiting) and stop using it."""
        with self._lock:
            self.state = "dead"
            process = self._process
        if process is not None:
            try:
                process.terminate()
            except (OSError, AttributeError, ValueError):
                pass

    def stop(self) -> None:
        """Tell the process to finish and forget it (no join: it exits on its own)."""
        with self._lock:
            was = self.state
            self.state = "stopped"
            if was in ("starting", "ready") and self._jobs is not None:
                self._jobs.put(_pack(("stop",)))

    def wait_ready(self, timeout_s: float = 30.0) -> bool:
        """Block until the process has warmed up (benchmarks and tests only, never the drawing loop)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            self.poll()
            if self.state == "ready":
                return True
            if not self.alive:
                return False
            time.sleep(0.005)
        return False


# ----- what the table uses -----------------------------------------------------------------------
class ComputerPlayers:
    """The computer seats of one table: asks go to the worker process (or a thread, or inline when
    ``sync``); answers are polled without waiting."""

    def __init__(self, players: dict[int, Player], sync: bool = False,
                 specs: dict[int, PlayerSpec] | None = None, worker: ComputerWorker | None = None,
                 think_ms: ThinkTime = default_think_time) -> None:
        self.players = players
        self.sync = sync
        self.specs = dict(specs or {})
        self._built = {seat: players[seat] for seat in self.specs if seat in players}
        self.think_ms = think_ms
        self._built_ms: dict[int, int] = dict.fromkeys(self._built, self._think_ms())  # their budget
        self.worker = worker
        self._own_worker = False
        self.token = (os.getpid(), next(_tokens))
        self._answers: dict[Hashable, Answer] = {}
        self._asked: set[Hashable] = set()
        self._asked_at = 0.0
        self._sent: dict[Hashable, tuple[int, SeatView, float]] = {}  # questions at the worker process
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._jobs: queue.Queue[tuple[Hashable, int, SeatView] | None] = queue.Queue()
        self._closed = False
        self._failures: list[tuple[int, str]] = []
        self._progress: dict[Hashable, tuple[int, int]] = {}  # a long job's work done and expected, by key
        self.failed: dict[int, str] = {}  # seats that fell back, and the level they play on at

    # ----- the table's API
    def plays(self, seat: int | None) -> bool:
        """True when a computer sits at ``seat``."""
        return seat is not None and seat in self.players

    def ask(self, key: Hashable, view: SeatView) -> None:
        """Start deciding for ``view.seat`` at decision point ``key`` (once per key; older keys are dropped)."""
        if key in self._asked or self._closed:
            return
        self._asked = {key}
        self._asked_at = time.monotonic()
        with self._lock:
            self._answers = {}
            self._progress = {}
        self._sent = {}
        self._dispatch(key, view)

    def asked(self, key: Hashable) -> bool:
        """True once ``key`` has been submitted."""
        return key in self._asked

    def result(self, key: Hashable) -> Answer | None:
        """The answer for ``key`` if it has come (never waits)."""
        self._pump()
        with self._lock:
            return self._answers.get(key)

    def progress(self, key: Hashable) -> tuple[int, int] | None:
        """How far the long job ``key`` (a player with ``reports_progress``) is: ``(done, expected)`` as it last
        said, wherever it runs; None before it said anything, or when ``key`` is not the question asked."""
        self._pump()
        if key not in self._asked:
            return None
        if key in self._sent and self.worker is not None:
            return self.worker.progress(self.token, key)
        with self._lock:
            return self._progress.get(key)

    def busy(self) -> bool:
        """True while a submitted decision has no answer yet."""
        self._pump()
        with self._lock:
            return any(key not in self._answers for key in self._asked)

    def waiting_s(self) -> float:
        """Seconds the current question has been waiting for its answer (0 when answered or none)."""
        return time.monotonic() - self._asked_at if self.busy() else 0.0

    def take_failures(self) -> list[tuple[int, str]]:
        """Seats whose player failed since the last call, with the level they now play at (for a toast)."""
        with self._lock:
            out, self._failures = self._failures, []
        return out

    def wait(self, key: Hashable, timeout_s: float = 10.0) -> Answer | None:
        """Block until ``key`` is answered (tests and benchmarks only)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            answer = self.result(key)
            if answer is not None:
                return answer
            time.sleep(0.001)
        return None

    def stop(self) -> None:
        """Forget pending questions, let the thread end and stop a worker process of our own (asking
        again restarts them); never waits."""
        self._asked = set()
        with self._lock:
            self._answers = {}
            self._progress = {}
        if self._own_worker and self.worker is not None:
            self.worker.stop()
            self.worker, self._own_worker = None, False
        elif self._sent and self.worker is not None:
            self.worker.forget(self.token)
        self._sent = {}
        if self._thread is not None:
            self._jobs.put(None)  # that thread ends after its current decision; a new one gets a new queue
            self._jobs = queue.Queue()
            self._thread = None

    def close(self) -> None:
        """Stop for good (and stop the worker process if this table started its own)."""
        self._closed = True
        self.stop()

    # ----- routing
    def _think_ms(self) -> int:
        return self.think_ms()

    def _spec(self, seat: int) -> PlayerSpec:
        spec = self.specs[seat]
        return PlayerSpec(self.failed.get(seat, spec.level), spec.seed, self._think_ms(), spec.table)

    def _level_player(self, seat: int) -> bool:
        """True when the seat's player is the level player built here (not one handed in by a test)."""
        return seat in self.specs and self.players.get(seat) is self._built.get(seat)

    def _dispatch(self, key: Hashable, view: SeatView) -> None:
        seat = view.seat
        if self.sync:
            answer = self._decide_here(view, key)
            with self._lock:
                self._answers[key] = answer
            return
        if self._level_player(seat):
            worker = self._worker()
            if worker.alive and worker.submit(("job", self.token, key, seat, self._spec(seat), view)):
                self._sent[key] = (seat, view, time.monotonic())
                return
        self._ensure_thread()
        self._jobs.put((key, seat, view))

    def _worker(self) -> ComputerWorker:
        if self.worker is None:
            self.worker = ComputerWorker().start()  # no program-wide worker (tests, tools): our own
            self._own_worker = True
        return self.worker

    def _pump(self) -> None:
        """Take the worker's answers to our questions; move them to the thread if the worker failed."""
        if not self._sent or self.worker is None:
            return
        for key, action, error in self.worker.take(self.token):
            sent = self._sent.pop(key, None)
            if sent is None or key not in self._asked:
                continue  # stale
            seat, view, _at = sent
            if error is None:
                with self._lock:
                    self._answers[key] = _answer(action)
                continue
            if seat in self.failed:
                log_error(f"The fallback player at seat {seat} failed too; the table plays a legal action.", error)
                with self._lock:
                    self._answers[key] = Answer(None, ComputerFailed(error))
                continue
            self._failed(seat, error)
            self._dispatch(key, view)  # again, at the fallback level
        if not self._sent:
            return
        for key, (seat, view, _at) in list(self._sent.items()):
            said = self.worker.progress(self.token, key)
            if said is not None and self._progress.get(key) != said:  # a long job that reports is alive
                self._progress[key] = said
                self._sent[key] = (seat, view, time.monotonic())
        stuck = [key for key, (_s, _v, at) in self._sent.items()
                 if time.monotonic() - at > self._think_ms() / 1000 + STALL_GRACE_S]
        if stuck:
            log_error("The computer players' process gave no answer in time; it is stopped and the computers "
                      "think in a thread instead.")
            self.worker.kill()
        if not self.worker.alive:
            moved, self._sent = self._sent, {}
            for key, (_seat, view, _at) in moved.items():
                if key in self._asked:
                    self._ensure_thread()
                    self._jobs.put((key, view.seat, view))

    def _failed(self, seat: int, details: str) -> None:
        """Log a failed decision, switch the seat to the fallback level and queue the notice."""
        level = self.failed.get(seat, self.specs[seat].level if seat in self.specs else "custom")
        fallback = fallback_level()
        log_error(f"The computer player at seat {seat} (level {level}) failed; it plays on at the {fallback} level.",
                  details)
        self.failed[seat] = fallback
        spec = self.specs.get(seat, PlayerSpec(fallback, None))
        player = player_for(fallback, spec.seed, self._think_ms(), spec.table)
        self.specs[seat] = PlayerSpec(spec.level, spec.seed, spec.think_ms, spec.table)
        with self._lock:
            self.players[seat] = player
            self._built[seat] = player
            self._built_ms[seat] = self._think_ms()
            self._failures.append((seat, fallback))

    # ----- deciding in this process (inline or in the thread)
    def _local_player(self, seat: int) -> Player | None:
        """The seat's player in this process, rebuilt when the thinking-time setting changed."""
        player = self.players.get(seat)
        if player is not None and self._level_player(seat):
            ms = self._think_ms()
            if self._built_ms.get(seat) != ms:
                spec = self._spec(seat)
                player = player_for(spec.level, spec.seed, ms, spec.table)
                with self._lock:
                    self.players[seat] = self._built[seat] = player
                    self._built_ms[seat] = ms
        return player

    def _decide_here(self, view: SeatView, key: Hashable = None) -> Answer:
        seat = view.seat
        player = self._local_player(seat)
        if player is None:
            return Answer(None, ValueError(f"no computer player at seat {seat}"))
        try:
            if getattr(player, "reports_progress", False):
                def report(done: int, expected: int) -> bool:
                    with self._lock:
                        self._progress[key] = (done, expected)
                    return key in self._asked and not self._closed  # stop() calls it off

                return _answer(cast(Any, player).choose(view, progress=report))
            return _answer(player.choose(view))
        except Exception as error:
            if key is not None and key not in self._asked:
                return Answer(None, error)  # called off: no failure, nobody waits for it
            if seat in self.failed and player is self._built.get(seat):
                log_error(f"The fallback player at seat {seat} failed too; the table plays a legal action.",
                          _error_text(error))
                return Answer(None, error)
            self._failed(seat, _error_text(error))
        try:
            return Answer(self.players[seat].choose(view))
        except Exception as error:
            log_error(f"The fallback player at seat {seat} failed too; the table plays a legal action.",
                      _error_text(error))
            return Answer(None, error)

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._jobs = queue.Queue()
            self._thread = threading.Thread(target=self._run, args=(self._jobs,), name="computer-players",
                                            daemon=True)
            self._thread.start()

    def _run(self, jobs: queue.Queue[tuple[Hashable, int, SeatView] | None]) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            key, _seat, view = job
            if key not in self._asked:
                continue  # already stale
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, THINKING_SWITCH_INTERVAL_S))
            try:
                answer = self._decide_here(view, key)
            finally:
                sys.setswitchinterval(before)
            with self._lock:
                if key in self._asked:
                    self._answers[key] = answer


def table_of(seats: Sequence[SeatLike]) -> tuple[str | None, ...]:
    """Each seat's level as the table shows it, None for a person's (``make_player``'s ``table``)."""
    return tuple(None if seat.human else seat.level for seat in seats)


def computers_for(seats: Sequence[SeatLike], seed: int | None, sync: bool = False, worker: ComputerWorker | None = None,
                  think_ms: ThinkTime = default_think_time) -> ComputerPlayers:
    """The ``ComputerPlayers`` of a game's seats (``SeatConfig``s: the non-human ones at their levels)."""
    table = table_of(seats)
    specs = {i: PlayerSpec(seat.level, player_seed(seed, i), table=table)
             for i, seat in enumerate(seats) if not seat.human}
    ms = think_ms()
    players = {i: player_for(spec.level, spec.seed, ms, table) for i, spec in specs.items()}
    return ComputerPlayers(players, sync=sync, specs=specs, worker=worker, think_ms=think_ms)
