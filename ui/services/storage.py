"""The user's data folder and safe file handling: atomic writes, moving bad files aside, careful JSON reads.

Every module that keeps something between runs (saves, settings, statistics) goes through here:

- ``data_dir()`` is ``$TRICK_TABLE_DATA_DIR`` when set, else ``platformdirs.user_data_dir("trick-table")``;
  it is created on demand.
- ``atomic_write_text(path, text)`` writes a temporary file in the same folder, flushes and fsyncs it, then
  renames it over ``path`` (``os.replace``), so a crash or ``kill -9`` leaves either the old file or the new one.
- ``move_aside(path)`` renames a bad file to ``NAME.bad-YYYYmmdd-HHMMSS`` (never deletes it).
- ``read_json_file(path, max_bytes)`` returns ``(value, None)`` or ``(None, problem)`` with the problem in plain
  words (missing, empty, too large, not text, not JSON, ...); it never raises for a bad file. No pickle, no eval.
- ``data_dir_problem()`` says in plain words why the data folder cannot be used (None when it can);
  ``FolderLock`` lets one window own the data folder's autosave; ``locked(path)`` serialises a
  read-modify-write of one file between processes; ``remove_stale_temps`` clears what killed writers left.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import platformdirs

ENV_DATA_DIR = "TRICK_TABLE_DATA_DIR"
APP_NAME = "trick-table"


def data_dir() -> Path:
    """The folder for the user's data ($TRICK_TABLE_DATA_DIR or the platform's data folder), created if missing."""
    override = os.environ.get(ENV_DATA_DIR)
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_dir_problem() -> str | None:
    """Why the data folder cannot be used, in plain words (it cannot be created, or it is no folder);
    None when it can. Never raises."""
    where = "(the user's data folder)"
    try:
        override = os.environ.get(ENV_DATA_DIR)
        where = override if override else platformdirs.user_data_dir(APP_NAME)
        folder = data_dir()
        if not folder.is_dir():
            raise NotADirectoryError(0, "it is not a folder", str(folder))
    except (OSError, RuntimeError, ValueError, KeyError) as exc:  # RuntimeError, KeyError: no home to find it in
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return f"The data folder {where} cannot be used ({reason})"
    return None


STALE_TEMP_S = 60.0  # a temporary file older than this was left by a killed writer (a write takes milliseconds)


def remove_stale_temps(folder: Path, names: Iterable[str], older_than_s: float = STALE_TEMP_S) -> int:
    """Remove the temporary files ``atomic_write_bytes`` left for ``names`` in ``folder`` (``.NAME.*.tmp``)
    when older than ``older_than_s`` (a writer killed mid-write); returns how many went. Never raises."""
    removed = 0
    now = time.time()
    for name in names:
        try:
            candidates = list(folder.glob(f".{name}.*.tmp"))
        except OSError:
            continue
        for stale in candidates:
            with contextlib.suppress(OSError):
                if stale.is_file() and not stale.is_symlink() and now - stale.stat().st_mtime > older_than_s:
                    stale.unlink()
                    removed += 1
    return removed


def _lock_fd(fd: int, wait: bool) -> bool:
    """Lock an open file for this process (``fcntl.flock``; on Windows ``msvcrt.locking``). True when locked
    (or when the platform has no lock at all: then nothing can be serialised); False when another holds it
    and ``wait`` is False."""
    try:
        import fcntl  # the platform decides: POSIX has fcntl, Windows msvcrt
    except ImportError:  # Windows
        try:
            import msvcrt  # the platform decides (see fcntl above)
        except ImportError:  # pragma: no cover - neither: no locking on this platform
            return True
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True  # a filesystem without locks: go on unlocked
    return True


def _open_lock_file(path: Path) -> int:
    """Open (creating) a lock file, never through a symbolic link; raises OSError."""
    return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)


class FolderLock:
    """The claim of one program on a folder: held from ``acquire`` until ``release`` (or the process ends,
    however it ends: the system drops the lock with the process)."""

    def __init__(self, folder: Path, name: str = ".trick-table.lock") -> None:
        self.path = folder / name
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it: True when this program owns the folder now. A lock file that
        cannot be made (a read-only folder) counts as owned: nothing can be written there anyway."""
        if self._fd is not None:
            return True
        try:
            fd = _open_lock_file(self.path)
        except OSError:
            return True
        if not _lock_fd(fd, wait=False):
            os.close(fd)
            return False
        self._fd = fd
        return True

    @property
    def held(self) -> bool:
        """Whether this program holds the lock."""
        return self._fd is not None

    def release(self) -> None:
        """Let the folder go (closing the file drops the lock)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock beside ``path`` (``.NAME.lock``) for a read-modify-write of it, waiting for
    another process that holds it. Where no lock file can be made, the block runs unlocked."""
    try:
        fd: int | None = _open_lock_file(path.with_name(f".{path.name}.lock"))
    except OSError:
        fd = None
    try:
        if fd is not None:
            _lock_fd(fd, wait=True)
        yield
    finally:
        if fd is not None:
            os.close(fd)


def _fsync_path(path: Path) -> None:
    """Flush a file or folder to disk; one that cannot be opened or flushed is no error."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries to disk where the platform allows it (a rename is durable after this)."""
    if os.name == "posix":
        _fsync_path(folder)


def sync_file(path: Path | str) -> None:
    """Flush a file already in place, and its folder's entry, to the disk; a file gone since (replaced by a
    newer one, or removed) or a system that cannot is no error. Never raises for the file."""
    target = Path(path)
    _fsync_path(target)
    _fsync_dir(target.parent)


def atomic_write_bytes(path: Path | str, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically: a temporary file in the same folder, fsync'd, then renamed.

    With ``durable=False`` the fsyncs are skipped (still atomic against a killed process, not a power cut).
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    if durable:
        _fsync_dir(target.parent)


def atomic_write_text(path: Path | str, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; see ``atomic_write_bytes``."""
    atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def move_aside(path: Path | str) -> Path:
    """Rename a bad file to ``NAME.bad-YYYYmmdd-HHMMSS`` (a numbered suffix if taken) and return the new path."""
    source = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = source.with_name(f"{source.name}.bad-{stamp}")
    number = 2
    while candidate.exists():
        candidate = source.with_name(f"{source.name}.bad-{stamp}-{number}")
        number += 1
    os.replace(source, candidate)
    return candidate


def describe_size(size: int) -> str:
    """A byte count in plain words (``"52 MB"``, ``"3 KB"``, ``"12 bytes"``)."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.0f} MB"
    if size >= 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size} bytes"


def read_text_file(path: Path | str, max_bytes: int) -> tuple[str | None, str | None]:
    """Read a UTF-8 text file of at most ``max_bytes``: ``(text, None)`` or ``(None, problem in plain words)``."""
    source = Path(path)
    try:
        size = source.stat().st_size
    except FileNotFoundError:
        return None, "the file does not exist"
    except OSError as exc:
        return None, f"the file cannot be read ({exc.strerror or exc})"
    if source.is_dir():
        return None, "it is a folder, not a file"
    if size == 0:
        return None, "the file is empty"
    if size > max_bytes:
        return None, f"the file is far too large ({describe_size(size)}; at most {describe_size(max_bytes)})"
    try:
        with open(source, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        return None, f"the file cannot be read ({exc.strerror or exc})"
    if len(data) > max_bytes:
        return None, f"the file is far too large (more than {describe_size(max_bytes)})"
    if not data.strip():
        return None, "the file is empty"
    if b"\x00" in data:
        return None, "the file is not text (it holds binary data)"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"the file is not valid UTF-8 text (bad byte at position {exc.start})"
    return text, None


def parse_json_text(text: str) -> tuple[Any, str | None]:
    """Parse JSON text: ``(value, None)`` or ``(None, problem in plain words)``; NaN/Infinity are refused."""

    def _no_constants(name: str) -> NoReturn:
        raise ValueError(f"{name} is not allowed")

    try:
        return json.loads(text, parse_constant=_no_constants), None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            return None, "the file is cut short (its JSON ends too early)"
        return None, f"the file is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
    except (ValueError, RecursionError) as exc:
        return None, f"the file is not valid JSON ({exc})"


def read_json_file(path: Path | str, max_bytes: int) -> tuple[Any, str | None]:
    """Read one JSON document of at most ``max_bytes``: ``(value, None)`` or ``(None, problem in plain words)``."""
    text, problem = read_text_file(path, max_bytes)
    if text is None:
        return None, problem
    return parse_json_text(text)
