"""Which games' first-game tips were dismissed for good, kept in ``tips.json`` in the data folder."""

from __future__ import annotations

import json
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


class TipsStore:
    """Which games' tips were dismissed for good; a bad file is moved aside and said once. ``path`` is None
    when the data folder cannot be used: what is dismissed is then remembered for the session only."""

    def __init__(self, path: Path | None = None, *, in_memory: bool = False) -> None:
        self.path: Path | None = path
        if path is None and not in_memory:
            try:
                self.path = tips_path()
            except OSError:
                self.path = None  # no data folder: kept in memory
        self.problem: str | None = None
        self.dismissed: set[str] = set()
        self.reload()

    def reload(self) -> set[str]:
        """Read the file (missing: nothing dismissed; bad: moved aside, nothing dismissed)."""
        if self.path is None:
            return self.dismissed
        self.dismissed = set()
        if not self.path.exists():
            return self.dismissed
        value, problem = storage.read_json_file(self.path, MAX_BYTES)
        if problem is None:
            if isinstance(value, dict) and value.get("format") == FORMAT and isinstance(value.get("dismissed"), list) \
                    and all(isinstance(k, str) for k in value["dismissed"]):
                self.dismissed = {k for k in value["dismissed"] if k in GAMES}
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
        """Whether a new game of ``kind`` opens with its tips."""
        return kind not in self.dismissed

    def set_dismissed(self, kind: str, dismissed: bool = True) -> None:
        """Dismiss ``kind``'s tips for good (or switch them back on), and write the file (a read-modify-write
        under the file's lock, as the statistics)."""
        if self.path is None:
            (self.dismissed.add if dismissed else self.dismissed.discard)(kind)
            return
        try:
            with storage.locked(self.path):
                self.reload()
                (self.dismissed.add if dismissed else self.dismissed.discard)(kind)
                doc = {"format": FORMAT, "dismissed": sorted(self.dismissed)}
                storage.atomic_write_text(self.path, json.dumps(doc) + "\n")
        except OSError as exc:
            self.problem = f"The tips setting could not be saved ({exc.strerror or exc})."
