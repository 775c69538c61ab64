"""Save and resume: the autosave after every action, Continue, and record files (Save record as / Open record).

The autosave is one JSON file in the user's data folder (``ui.services.storage.data_dir()``)::

    {"format": "trick-table-save/1", "saved_at": "2026-11-30T15:20:00Z",
     "window": {"humans": [0], "hot_seat": false, "think_ms": 500, "title": "Spades, hand 3",
                "scores": [120, 80], "coach_key": "<32 hex digits: the Hint's and the review's seeds>"},
     "record": { ... the game record, trick-record/1 (../shared/RECORD.md), the hand in progress included ... }}

The game itself is only the record (the seats in it carry name, human or computer and level);
resuming replays it (``game.record.replay``), so a save can never hold a state the rules do not allow.
Writes are atomic (``ui.services.storage.atomic_write_text``) and happen on a background thread: the drawing
thread only clones the game (a few microseconds) and hands it over; the thread writes the newest state
it has been given. The writer renames each state into place without waiting for the disk (a killed
program keeps it: the system has it), and a second thread then flushes the newest file to the disk
(``fsync``), so a slow disk never holds the next state back: a ``kill -9`` loses at most the action in
progress, a power cut at most the states of the last flush. A finished game clears the autosave. A save
that cannot be used is moved aside (renamed, never deleted) with a plain-words message for the title menu,
and the player starts fresh.

``load_record_file(path)`` reads the first game of a record file (``.jsonl``, or one JSON object);
``open_record_for_play(path)`` turns an unfinished one into a game to resume.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.games import GAMES
from game.names import clean_name
from game.record import FORMAT as RECORD_FORMAT
from game.record import MAX_LINE, RecordError, Replay, dumps, replay, to_record
from game.reviews import FIELD as REVIEWS_FIELD
from game.state import Phase, TrickGame
from ui.services import storage

if TYPE_CHECKING:
    from ui.config import GameConfig

SAVE_FORMAT = "trick-table-save/1"
SAVE_FORMAT_PREFIX = "trick-table-save/"
AUTOSAVE_NAME = "autosave.json"
MAX_SAVE_BYTES = 20 * 1024 * 1024  # far larger than any real game (a 500-point Spades game is ~15 KB)
MAX_RECORD_BYTES = MAX_LINE  # the first game of a record file: the one limit every reader of records keeps
STALE_TEMP_S = 60.0  # a temporary file of a save older than this was left by a killed program


# ----------------------------------------------------------------- the saved document
def save_document(game: TrickGame, seats: list[dict[str, Any]], window: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """The autosave of ``game`` (at any moment) as a JSON-ready object: the record plus what the window needs."""
    window = dict(window or {})
    record = to_record(game, seats)
    reviews = window.pop(REVIEWS_FIELD, None)  # the hands' reviews go in the record's optional field
    if isinstance(reviews, list) and reviews:
        record[REVIEWS_FIELD] = reviews
    return {
        "format": SAVE_FORMAT,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "window": window,
        "record": record,
    }


def save_text(game: TrickGame, seats: list[dict[str, Any]], window: dict[str, Any] | None = None) -> str:
    """The autosave as the text written to the file (one line of JSON)."""
    return json.dumps(save_document(game, seats, window), separators=(",", ":")) + "\n"


@dataclass
class SavedGame:
    """A game read back from a save or a record file, replayed and ready to resume."""

    game: TrickGame
    record: dict[str, Any]
    window: dict[str, Any] = field(default_factory=dict)
    actions: int = 0

    def config(self) -> GameConfig:
        """The window's ``GameConfig`` for this game (seats, options, seed from the record; the coach key the
        window kept, if it is one)."""
        from ui.services.computer import coach_key_of  # start-up speed: it loads the computer players' service

        return replace(config_for(self.game, self.record.get("seats") or []),
                       coach_key=coach_key_of(self.window.get("coach_key")))


def config_for(game: TrickGame, seats: list[Any]) -> GameConfig:
    """A ``GameConfig`` matching a replayed game and its record's seats (names cleaned as every reader cleans
    them, ``game.names.clean_name``; an unknown computer level plays at the default level)."""
    from ui.config import DEFAULT_LEVEL, LEVELS, GameConfig, SeatConfig  # start-up speed: it loads game.ai

    levels = set(LEVELS) | {"random"}
    out = []
    for number in range(game.num_seats):
        seat = seats[number] if number < len(seats) and isinstance(seats[number], dict) else {}
        name = clean_name(seat.get("name"), f"Seat {number + 1}")
        level = seat.get("level")
        out.append(SeatConfig(name, seat.get("player") == "human", level if level in levels else DEFAULT_LEVEL))
    return GameConfig(game.kind, game.num_seats, game.options, tuple(out), game.seed)


def _problem_of_replay(record: object) -> tuple[Replay | None, str | None]:
    """Replay a record: ``(Replay, None)`` or ``(None, plain-words problem)``; never raises."""
    try:
        return replay(record), None
    except RecordError as error:
        return None, f"it is not a legal game ({error})"
    except RecursionError:
        return None, "it is not a game record (it is nested far too deep)"
    except Exception as error:  # wrong types deep inside a record: a problem to report, never a traceback
        return None, f"it is not a readable game record ({type(error).__name__}: {error})"


def parse_save(value: object) -> tuple[SavedGame | None, str | None]:
    """Check a save document read from JSON and replay its game: ``(SavedGame, None)`` or ``(None, problem)``."""
    if not isinstance(value, dict):
        return None, "it is not a Trick Table save (it holds no JSON object)"
    fmt = value.get("format")
    if not isinstance(fmt, str) or not fmt.startswith(SAVE_FORMAT_PREFIX):
        return None, "it is not a Trick Table save (it has no save format)"
    if fmt != SAVE_FORMAT:
        return None, (f"it was written in a format this version cannot read ({fmt}; this version reads "
                      f"{SAVE_FORMAT}): perhaps by a newer Trick Table")
    record = value.get("record")
    if not isinstance(record, dict):
        return None, "it holds no game record"
    if record.get("format") != RECORD_FORMAT:
        return None, f"its game record has an unknown format ({str(record.get('format'))[:40]})"
    result, problem = _problem_of_replay(record)
    if result is None:
        return None, problem
    if result.game.phase is Phase.GAME_OVER or result.game.winner is not None:
        return None, "the saved game is already over"
    window = value.get("window")
    return SavedGame(result.game, record, window if isinstance(window, dict) else {}, result.actions), None


# ----------------------------------------------------------------- record files
def _first_line(path: Path, limit: int) -> tuple[str | None, str | None]:
    """The first non-blank line of a text file (at most ``limit`` bytes), or a problem.

    Reads in chunks, each looked at once (never the whole file), and stops once ``limit`` bytes are read
    without a line's end."""
    too_large = f"its first game is far too large (more than {storage.describe_size(limit)})"
    try:
        with open(path, "rb") as handle:
            line = bytearray()
            read = 0
            while True:
                chunk = handle.read(1 << 16)
                if not chunk:
                    break
                read += len(chunk)
                if not line:
                    chunk = chunk.lstrip()  # blank lines before the first game
                end = chunk.find(b"\n")
                line += chunk[:end] if end >= 0 else chunk
                if end >= 0 and line.strip():
                    break
                if len(line) > limit or read - len(line) > limit:  # a huge line, or a flood of blank ones
                    return None, too_large
    except IsADirectoryError:
        return None, "it is a folder, not a file"
    except FileNotFoundError:
        return None, "the file does not exist"
    except OSError as error:
        return None, f"the file cannot be read ({error.strerror or error})"
    if len(line) > limit:
        return None, too_large
    if not line.strip():
        return None, "the file is empty"
    if b"\x00" in line:
        return None, "the file is not text (it holds binary data)"
    try:
        return bytes(line).decode("utf-8"), None
    except UnicodeDecodeError as error:
        return None, f"the file is not valid UTF-8 text (bad byte at position {error.start})"


def load_record_file(path: str | os.PathLike[str]) -> tuple[dict[str, Any] | None, str | None]:
    """The first game of a record file (``trick-record/1``: a ``.jsonl`` line, or a file holding one JSON
    object): ``(record, None)``, or ``(None, problem in plain words)``. Never raises.

    The record is only checked to be a ``trick-record/1`` object (an autosave file is accepted too: its
    record is returned); whether it replays is for the caller (``game.record.replay``), so that a viewer
    can open a record up to its problem.
    """
    source = Path(path)
    if source.is_dir():
        return None, "it is a folder, not a file"
    line, problem = _first_line(source, MAX_RECORD_BYTES)
    if line is None:
        return None, problem
    value, problem = storage.parse_json_text(line)
    if problem is not None:
        whole, whole_problem = storage.read_json_file(source, MAX_RECORD_BYTES)  # one object over several lines
        if whole_problem is not None:
            return None, problem
        value = whole
    if isinstance(value, dict) and isinstance(value.get("format"), str) and value["format"].startswith(
            SAVE_FORMAT_PREFIX) and isinstance(value.get("record"), dict):
        value = value["record"]  # an autosave opened as a record
    if not isinstance(value, dict):
        return None, "it is not a game record (no JSON object)"
    if value.get("format") != RECORD_FORMAT:
        shown = value.get("format")
        if shown is None:
            return None, f"it is not a game record (it has no \"format\": \"{RECORD_FORMAT}\")"
        return None, f"it is a record in an unknown format ({str(shown)[:40]}; this version reads {RECORD_FORMAT})"
    return value, None


def open_record_for_play(path: str | os.PathLike[str]) -> tuple[SavedGame | None, str | None]:
    """A record file's first game, replayed, to continue playing: ``(SavedGame, None)`` or ``(None, problem)``
    (the problem ``FINISHED`` when the game is over)."""
    record, problem = load_record_file(path)
    if record is None:
        return None, problem
    result, problem = _problem_of_replay(record)
    if result is None:
        return None, problem
    if result.game.phase is Phase.GAME_OVER or result.game.winner is not None:
        return None, FINISHED
    return SavedGame(result.game, record, {}, result.actions), None


FINISHED = "this game is over: there is nothing left to play"


def write_record_file(path: Path | str, game: TrickGame, seats: list[dict[str, Any]]) -> str | None:
    """Write ``game``'s record as a one-line ``.jsonl`` file (atomically); None, or the problem in plain words."""
    try:
        storage.atomic_write_text(path, dumps(to_record(game, seats)) + "\n")
    except OSError as error:
        return f"the file could not be written ({error.strerror or error})"
    return None


def suggested_record_name(game: TrickGame) -> str:
    """A file name for a game's record: ``spades-2026-11-30-1530.jsonl``."""
    return f"{game.kind}-{time.strftime('%Y-%m-%d-%H%M')}.jsonl"


# ----------------------------------------------------------------- the background writer
class _Writer:
    """A thread that writes the newest save it was handed (older ones not yet written are skipped), and with
    ``durable`` a second thread that flushes the newest file written to the disk (never in the writer's way)."""

    def __init__(self, durable: bool = True) -> None:
        self.durable = durable
        self._lock = threading.Condition()
        self._job: tuple[Any, ...] | None = None  # ("save", path, game, seats, window) or ("clear", path)
        self._busy = False
        self._stop = False
        self._thread: threading.Thread | None = None
        self._unsynced: Path | None = None  # the file written last and not yet flushed to the disk
        self._syncing = False
        self._syncer: threading.Thread | None = None
        self.errors: list[str] = []
        self.timings_s: list[float] = []  # time per save written (to_record, JSON, atomic write)
        self.written = 0

    def submit(self, job: tuple[Any, ...]) -> None:
        """Hand over a job; it replaces any job not yet started."""
        with self._lock:
            self._job = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="trick-table-saves", daemon=True)
                self._stop = False
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._job is None and not self._stop:
                    self._lock.wait()
                if self._job is None:
                    return
                job, self._job = self._job, None
                self._busy = True
            try:
                self._do(job)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def _do(self, job: tuple[Any, ...]) -> None:
        start = time.perf_counter()
        try:
            if job[0] == "save":
                _, path, game, seats, window = job
                storage.atomic_write_text(path, save_text(game, seats, window), durable=False)
                self.written += 1
                self.timings_s.append(time.perf_counter() - start)
                del self.timings_s[:-1000]
                if self.durable:
                    self._hand_to_syncer(path)
            else:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(job[1])
        except Exception as error:  # a full disk or a read-only folder: said once in the window, never a crash
            with self._lock:
                self.errors.append(f"The game could not be saved ({getattr(error, 'strerror', None) or error}).")

    def _hand_to_syncer(self, path: Path) -> None:
        """Have the file just written flushed to the disk by the syncing thread (the newest one only)."""
        with self._lock:
            self._unsynced = path
            if self._syncer is None or not self._syncer.is_alive():
                self._syncer = threading.Thread(target=self._sync_loop, name="trick-table-saves-sync", daemon=True)
                self._syncer.start()
            self._lock.notify_all()

    def _sync_loop(self) -> None:
        while True:
            with self._lock:
                while self._unsynced is None and not self._stop:
                    self._lock.wait()
                if self._unsynced is None:
                    return
                path, self._unsynced = self._unsynced, None
                self._syncing = True
            try:
                storage.sync_file(path)
            finally:
                with self._lock:
                    self._syncing = False
                    self._lock.notify_all()

    def _pending(self) -> bool:
        """Whether a job is waiting or being written, or a file written is not yet on the disk (lock held)."""
        return self._job is not None or self._busy or self._unsynced is not None or self._syncing

    def flush(self, timeout_s: float = 5.0) -> bool:
        """Wait until every job handed over is written and on the disk; False if that took longer than
        ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        with self._lock:
            while self._pending():
                left = deadline - time.monotonic()
                writer_gone = self._thread is None or not self._thread.is_alive()
                syncer_gone = self._syncer is None or not self._syncer.is_alive()
                if left <= 0 or (writer_gone and syncer_gone):
                    return not self._pending()
                self._lock.wait(left)
        return True

    def close(self, timeout_s: float = 5.0) -> None:
        """Write what is pending, then end the thread."""
        self.flush(timeout_s)
        with self._lock:
            self._stop = True
            self._lock.notify_all()
        for thread in (self._thread, self._syncer):
            if thread is not None:
                thread.join(timeout_s)


# ----------------------------------------------------------------- the service the window uses
ANOTHER_WINDOW = ("Another Trick Table window is using the saved game: this one plays without saving "
                  "(close the other to keep games).")


class SaveService:
    """The window's saves: autosave after each action, Continue, and the messages for the title menu.

    One window owns a data folder's autosave (``claim``: a lock held until ``close``); a service that is
    ``off`` (another window owns it, or there is no usable data folder) saves nothing and offers no
    Continue, so it never overwrites the game of another window.
    """

    def __init__(self, folder: Path | str | None = None, durable: bool = True, off: str | None = None) -> None:
        self._folder = Path(folder) if folder is not None else None
        self.writer = _Writer(durable)
        self.notices: list[str] = []  # plain-words messages the title menu shows, oldest first
        self.record_folder: Path | None = None  # where Save record as / Open record last looked
        self._reported: set[str] = set()  # write problems already said (each is said once)
        self.off = off  # why this window saves nothing (None: it saves)
        self._lock: storage.FolderLock | None = None

    def claim(self) -> str | None:
        """Take the data folder's autosave for this window: None when it is ours (or saving is already off
        for another reason), else the one-line message that another window has it (saving is then off)."""
        if self.off is not None:
            return None
        try:
            lock = storage.FolderLock(self.folder)
        except OSError:
            return None  # no folder: each write will say why
        if not lock.acquire():
            self.off = ANOTHER_WINDOW
            return ANOTHER_WINDOW
        self._lock = lock
        return None

    @property
    def folder(self) -> Path:
        """The folder of the autosave (the data folder unless one was given), created on demand."""
        if self._folder is None:
            return storage.data_dir()
        self._folder.mkdir(parents=True, exist_ok=True)
        return self._folder

    @property
    def path(self) -> Path:
        """The autosave file."""
        return self.folder / AUTOSAVE_NAME

    def has_save(self) -> bool:
        """True when there is an autosave to continue (or one being written)."""
        if self.off is not None:
            return False
        try:
            self.writer.flush(1.0)
            return self.path.is_file()
        except OSError:
            return False

    def autosave(self, game: TrickGame, seats: list[dict[str, Any]], window: dict[str, Any] | None = None) -> None:
        """Save ``game`` in the background (a finished game clears the save instead); cheap on this thread.
        Nothing at all when saving is off."""
        if self.off is not None:
            return
        try:
            path = self.path
        except OSError as error:
            self.writer.errors.append(f"The game could not be saved ({error.strerror or error}).")
            return
        if game.phase is Phase.GAME_OVER or game.winner is not None:
            self.clear()
            return
        self.writer.submit(("save", path, game.clone(), list(seats), dict(window or {})))

    def clear(self) -> None:
        """Remove the autosave (the game it held is over); nothing when saving is off."""
        if self.off is not None:
            return
        with contextlib.suppress(OSError):
            self.writer.submit(("clear", self.path))

    def flush(self, timeout_s: float = 5.0) -> bool:
        """Wait for the save in progress (tests, Continue, closing the window)."""
        return self.writer.flush(timeout_s)

    def summary(self) -> str | None:
        """What Continue resumes, for the title menu ("Spades, hand 3"), read from the save's window facts
        without replaying it; None when there is none."""
        value = self._read_quietly()
        window = value.get("window") if value is not None else None
        if not isinstance(window, dict) or not isinstance(window.get("title"), str):
            return None
        return " ".join(window["title"].split())[:40] or None

    def in_progress(self) -> str | None:
        """The saved game in a few words for a question ("Spades, 230\u2013150": the game and the scores), read
        from the save without replaying it; None when there is none."""
        value = self._read_quietly()
        if value is None:
            return None
        window: dict[str, Any] = value["window"] if isinstance(value.get("window"), dict) else {}
        record: dict[str, Any] = value["record"] if isinstance(value.get("record"), dict) else {}
        kind = record.get("game")
        title = GAMES[kind].title if isinstance(kind, str) and kind in GAMES else None
        scores = window.get("scores")
        if title and isinstance(scores, list) and scores and all(type(v) is int for v in scores):
            return f"{title}, " + "\u2013".join(str(v).replace("-", "\u2212") for v in scores[:8])
        shown = window.get("title")
        if isinstance(shown, str) and shown.strip():
            return " ".join(shown.split())[:40]
        return title

    def _read_quietly(self) -> dict[str, Any] | None:
        """The save's JSON object as it is on disk, or None when there is none or it cannot be read (a
        problem is reported only by ``load``, which also moves the file aside)."""
        if self.off is not None:
            return None
        try:
            if not self.path.is_file() or self.path.stat().st_size > MAX_SAVE_BYTES:
                return None
        except OSError:
            return None
        value, problem = storage.read_json_file(self.path, MAX_SAVE_BYTES)
        return value if problem is None and isinstance(value, dict) else None

    def take_write_problems(self) -> list[str]:
        """Problems met while writing saves since the last call, each said only once (shown as a toast)."""
        with self.writer._lock:
            problems, self.writer.errors = self.writer.errors, []
        fresh = [p for p in dict.fromkeys(problems) if p not in self._reported]
        self._reported.update(fresh)
        return fresh

    def take_notices(self) -> list[str]:
        """The messages for the title menu since the last call."""
        notices, self.notices = self.notices, []
        return notices

    def load(self) -> tuple[SavedGame | None, str | None]:
        """Read and replay the autosave: ``(SavedGame, None)``, ``(None, None)`` when there is none, or
        ``(None, message)`` when it could not be used: the file is then moved aside and the message (also
        queued for the title menu) says so in plain words. ``(None, None)`` when saving is off."""
        if self.off is not None:
            return None, None
        self.flush()
        try:
            path = self.path
            if not path.exists():
                return None, None
        except OSError as error:
            return None, f"The saved game could not be read ({error.strerror or error})."
        value, problem = storage.read_json_file(path, MAX_SAVE_BYTES)
        saved = None
        if problem is None:
            saved, problem = parse_save(value)
        if saved is not None:
            return saved, None
        message = self._set_aside(path, problem or "it could not be read")
        self.notices.append(message)
        return None, message

    def _set_aside(self, path: Path, problem: str) -> str:
        try:
            moved = storage.move_aside(path)
        except OSError as error:
            return (f"Your saved game could not be opened: {problem}. It could not be moved aside either "
                    f"({error.strerror or error}). A new game will replace it.")
        return (f"Your saved game could not be opened: {problem}. The file was kept as {moved.name} "
                f"in {moved.parent}. You can start a new game.")

    def check_on_start(self) -> None:
        """At startup: remove temporary files a killed program left, and test the autosave so that a bad one is
        reported on the title menu at once (and moved aside). Nothing when saving is off."""
        if self.off is not None:
            return
        try:
            folder = self.folder
        except OSError:
            return
        storage.remove_stale_temps(folder, [AUTOSAVE_NAME], STALE_TEMP_S)
        self.load()

    def timings_ms(self) -> list[float]:
        """Milliseconds per save written so far (the newest 1000), for the figures."""
        return [t * 1000.0 for t in self.writer.timings_s]

    def close(self) -> None:
        """Write the pending save, stop the writer thread and let the data folder go (the window is closing)."""
        self.writer.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def window_facts(humans: list[int], think_ms: int, game: TrickGame, coach_key: str | None = None) -> dict[str, Any]:
    """What the window keeps next to the record: who the people are, hot-seat, think time, a title, and the
    game's coach key (``GameConfig.coach_key``) when it has one."""
    title = GAMES[game.kind].title if game.kind in GAMES else game.kind
    facts: dict[str, Any] = {"humans": list(humans), "hot_seat": len(humans) > 1, "think_ms": think_ms,
                             "title": f"{title}, hand {game.hand_number}", "scores": list(game.scores)}
    if coach_key is not None:
        facts["coach_key"] = coach_key
    return facts


def record_as_filed(game: TrickGame, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """``game``'s record (finished or not) as a record file would hold it: written out and read back."""
    value: dict[str, Any] = json.loads(dumps(to_record(game, seats)))
    return value
