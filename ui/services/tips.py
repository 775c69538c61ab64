"""Which games' first-game tips were dismissed for good or shown once, kept in ``tips.json`` in the data folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from game.games import GAMES
from ui.services import storage

__all__ = ["FILE_NAME", "FORMAT", "MAX_BYTES", "TipsStore", "tips_path"]

FILE_NAME = "tips.json"
FORMAT = "trick-table-tips/1"
MAX_BYTES = 64 * 1024


def tips_path() -> Path:
    """Where the dismissed tips are remembered."""
    return storage.data_dir() / FILE_NAME


def _names(value: object) -> set[str] | None:
    """A list of game names read from the file (unknown games left out); None when it is no list of names."""
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        return None
    return {k for k in value if k in GAMES}


class TipsStore:
    """Which games' tips were dismissed for good and which were shown once; a bad file is moved aside
    and said once. ``path`` is None when the data folder cannot be used: what is dismissed or seen is
    then remembered for the session only."""

    def __init__(self, path: Path | None = None, *, in_memory: bool = False) -> None:
        self.path: Path | None = path
        if path is None and not in_memory:
            try:
                self.path = tips_path()
            except OSError:
                self.path = None  # no data folder: kept in memory
        self.problem: str | None = None
        self.dismissed: set[str] = set()
        self.seen: set[str] = set()  # games whose tips opened at a first game (not again by themselves)
        self.reload()

    def reload(self) -> set[str]:
        """Read the file (missing: nothing dismissed or seen; bad: moved aside, nothing dismissed or seen);
        the dismissed games. Without a file (no data folder) what the session has is kept."""
        if self.path is None:
            return self.dismissed
        self.dismissed, self.seen = set(), set()
        if not self.path.exists():
            return self.dismissed
        value, problem = storage.read_json_file(self.path, MAX_BYTES)
        if problem is None:
            if isinstance(value, dict) and value.get("format") == FORMAT:
                dismissed, seen = _names(value.get("dismissed")), _names(value.get("seen", []))
                if dismissed is not None and seen is not None:
                    self.dismissed, self.seen = dismissed, seen
                    return self.dismissed
            problem = "it is not a tips file of this program"
        try:
            where = f"it was kept as {storage.move_aside(self.path).name}"
        except OSError:
            where = "it could not be moved aside"
        self.problem = f"The tips file could not be read ({problem}): {where}."
        return self.dismissed

    def take_problem(self) -> str | None:
        """The message about a bad file (or a failed write), once."""
        problem, self.problem = self.problem, None
        return problem

    def shows(self, kind: str) -> bool:
        """Whether a new game of ``kind`` opens with its tips (neither shown once nor dismissed)."""
        return kind not in self.dismissed and kind not in self.seen

    def set_dismissed(self, kind: str, dismissed: bool = True) -> None:
        """Dismiss ``kind``'s tips for good (or switch them back on for its next new game), and write the file."""

        def change() -> None:
            if dismissed:
                self.dismissed.add(kind)
            else:
                self.dismissed.discard(kind)
                self.seen.discard(kind)

        self._update(change)

    def mark_seen(self, kind: str) -> None:
        """``kind``'s tips opened at a first game: they do not open by themselves again. Writes the file."""
        self._update(lambda: self.seen.add(kind))

    def _update(self, change: Callable[[], None]) -> None:
        """Apply ``change`` as a read-modify-write under the file's lock (as the statistics do)."""
        if self.path is None:
            change()
            return
        try:
            with storage.locked(self.path):
                self.reload()
                change()
                doc = {"format": FORMAT, "dismissed": sorted(self.dismissed), "seen": sorted(self.seen)}
                storage.atomic_write_text(self.path, json.dumps(doc) + "\n")
        except OSError as exc:
            self.problem = f"The tips setting could not be saved ({exc.strerror or exc})."
