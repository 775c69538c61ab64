"""ui.services.storage: the data folder, atomic writes, moving bad files aside, careful JSON reads."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ui.services import storage


def test_data_dir_honours_the_environment_and_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "nested" / "data"
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(target))
    assert storage.data_dir() == target
    assert target.is_dir()


def test_data_dir_falls_back_to_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRICK_TABLE_DATA_DIR", raising=False)
    monkeypatch.setattr(storage.platformdirs, "user_data_dir", lambda name: str(tmp_path / f"pd-{name}"))
    assert storage.data_dir() == tmp_path / "pd-trick-table"
    assert (tmp_path / "pd-trick-table").is_dir()


def test_atomic_write_replaces_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    storage.atomic_write_text(target, "first")
    storage.atomic_write_text(target, "second é")
    assert target.read_text(encoding="utf-8") == "second é"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.txt"
    storage.atomic_write_text(target, "old")

    def broken_replace(src: str, dst: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(storage.os, "replace", broken_replace)
    with pytest.raises(OSError):
        storage.atomic_write_text(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_move_aside_renames_and_never_deletes(tmp_path: Path) -> None:
    bad = tmp_path / "save.json"
    bad.write_text("garbage")
    first = storage.move_aside(bad)
    assert not bad.exists()
    assert first.read_text() == "garbage"
    assert first.name.startswith("save.json.bad-")
    bad.write_text("garbage again")
    second = storage.move_aside(bad)
    assert second != first and second.read_text() == "garbage again" and first.exists()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b'{"a": [1, 2', "cut short"),
        (b'{"a": nope}', "not valid JSON"),
        (b"\x89PNG\x00\x00binary", "binary"),
        (b'{"name": "\xff\xfe"}', "UTF-8"),
        (b'{"x": NaN}', "not valid JSON"),
    ],
)
def test_read_json_file_problems_in_plain_words(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(content)
    value, problem = storage.read_json_file(path, 1000)
    assert value is None
    assert problem is not None and words in problem


def test_read_json_file_size_cap_and_missing(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"x": "a" * 5000}))
    value, problem = storage.read_json_file(path, 1000)
    assert value is None and problem is not None and "too large" in problem
    value, problem = storage.read_json_file(tmp_path / "missing.json", 1000)
    assert value is None and problem == "the file does not exist"
    value, problem = storage.read_json_file(tmp_path, 1000)
    assert value is None and problem is not None and "folder" in problem


def test_read_json_file_reads_good_json(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    storage.atomic_write_text(path, json.dumps({"a": [1, 2, "é"]}))
    assert storage.read_json_file(path, 1000) == ({"a": [1, 2, "é"]}, None)
    assert os.path.getsize(path) < 1000
