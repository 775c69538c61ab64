"""The user's data folder and safe file handling: atomic writes, moving bad files aside, careful JSON reads.

Every module that keeps something between runs (saves, settings, statistics) goes through here:

- ``data_dir()`` is ``$TRICK_TABLE_DATA_DIR`` when set, else ``platformdirs.user_data_dir("trick-table")``;
  it is created on demand.
- ``atomic_write_text(path, text)`` writes a temporary file in the same folder, flushes and fsyncs it, then
  renames it over ``path`` (``os.replace``), so a crash or ``kill -9`` leaves either the old file or the new one.
- ``move_aside(path)`` renames a bad file to ``NAME.bad-YYYYmmdd-HHMMSS`` (never deletes it).
- ``read_json_file(path, max_bytes)`` returns ``(value, None)`` or ``(None, problem)`` with the problem in plain
  words (missing, empty, too large, not text, not JSON, ...); it never raises for a bad file. No pickle, no eval.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
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


def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries to disk where the platform allows it (a rename is durable after this)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
