"""The data folder under hostile conditions (issue 14, items 10-14): no usable folder, two windows on one
folder, more names than the statistics keep, a killed writer, bad settings, stale temporary files, a log
file that is a symbolic link.

Two windows are two processes here: a child process holds the folder (or adds to the statistics) while this
one tries; the children start together on a signal from this process, never on a sleep.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.factory import new_game
from game.options import SpadesOptions
from ui.services import stats as stats_mod
from ui.services import storage
from ui.services.saves import ANOTHER_WINDOW, SaveService
from ui.services.stats import Delta, PlayerStats, StatsStore, Tally

ROOT = Path(__file__).resolve().parents[1]
SEATS = [{"name": "You", "player": "human"}] + [{"name": f"Computer {s}", "player": "computer",
                                                  "level": "easy"} for s in range(1, 4)]


# ----------------------------------------------------------------- item 10: a data folder that cannot be made
def unusable_folders(tmp_path: Path) -> Iterator[tuple[str, dict[str, str | None]]]:
    """(label, environment changes) that leave the program no data folder it can create."""
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    yield "a file", {"TRICK_TABLE_DATA_DIR": str(a_file)}
    yield "under a file", {"TRICK_TABLE_DATA_DIR": str(a_file / "data")}
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "a-fifo"
        os.mkfifo(fifo)
        yield "a fifo", {"TRICK_TABLE_DATA_DIR": str(fifo)}
    if Path("/proc/self").is_dir():
        yield "under /proc", {"TRICK_TABLE_DATA_DIR": "/proc/trick-table/data"}
    yield "no writable home", {"TRICK_TABLE_DATA_DIR": None, "XDG_DATA_HOME": None, "HOME": str(a_file)}


CASES = ["a file", "under a file", "a fifo", "under /proc", "no writable home"]


def apply_env(monkeypatch: pytest.MonkeyPatch, changes: dict[str, str | None]) -> None:
    for key, value in changes.items():
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)


@pytest.mark.parametrize("case", CASES)
def test_no_usable_data_folder_starts_says_once_nothing_is_kept_and_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    changes = dict(unusable_folders(tmp_path)).get(case)
    if changes is None:
        pytest.skip(f"{case}: not on this system")
    apply_env(monkeypatch, changes)
    assert storage.data_dir_problem() is not None
    from ui.app import make_app

    app = make_app((1280, 720), headless=True)
    try:
        assert len(app.ctx.notices) == 1, app.ctx.notices
        assert "nothing will be kept" in app.ctx.notices[0]
        game = new_game("spades", SpadesOptions(), 4, 3)
        game.apply(game.legal_actions()[0])
        app.saves.autosave(game, SEATS)  # play goes on: nothing saved, nothing said
        app.ctx.stats.add("spades", 4, {"You": Delta(Tally(hands=1), None)})
        app.ctx.tips.set_dismissed("spades")
        app.ctx.save_settings()
        assert app.saves.take_write_problems() == [] and not app.saves.has_save()
        assert app.ctx.stats.get("You").tally("spades").hands == 1  # counted for this session
        assert app.ctx.stats.take_problem() is None and app.ctx.tips.take_problem() is None
        for _ in range(3):
            app.step(1 / 60)
    finally:
        app.close()


@pytest.mark.parametrize("case", ["a file", "a fifo", "no writable home"])
def test_the_program_starts_without_a_traceback_when_the_data_folder_cannot_be_made(tmp_path: Path,
                                                                                    case: str) -> None:
    changes = dict(unusable_folders(tmp_path)).get(case)
    if changes is None:
        pytest.skip(f"{case}: not on this system")
    env = {k: v for k, v in os.environ.items() if changes.get(k, v) is not None}
    env.update({k: v for k, v in changes.items() if v is not None})
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TRICK_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--size", "800x480"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr


# ----------------------------------------------------------------- item 11: two windows on one data folder
ADDER = """import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from ui.services.stats import Delta, StatsStore, Tally
store = StatsStore(Path(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()
for _ in range(int(sys.argv[3])):
    store.add("spades", 4, {{"Shared": Delta(Tally(hands=1), None), sys.argv[2]: Delta(Tally(hands=1), None)}})
print(store.take_problem() or "done", flush=True)
"""


def start_children(script: str, arg_lists: list[list[str]]) -> list[subprocess.Popen[str]]:
    """Start one child per argument list and wait until each says it is ready."""
    children = [subprocess.Popen([sys.executable, "-c", script, *args], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
                for args in arg_lists]
    for child in children:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "ready", child.communicate(timeout=60)
    return children


def test_two_processes_adding_to_one_statistics_file_keep_every_addition(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    each = 120
    children = start_children(ADDER.format(root=str(ROOT)), [[str(path), "Ann", str(each)],
                                                             [str(path), "Bob", str(each)]])
    for child in children:  # both start at once
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    outs = [child.communicate(timeout=300) for child in children]
    assert [child.returncode for child in children] == [0, 0], outs
    assert [out.strip() for out, _ in outs] == ["done", "done"], outs
    store = StatsStore(path)
    assert store.take_problem() is None
    assert store.get("Shared").tally("spades").hands == 2 * each
    assert (store.get("Ann").tally("spades").hands, store.get("Bob").tally("spades").hands) == (each, each)


HOLDER = """import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from game.factory import new_game
from game.options import SpadesOptions
from ui.services.saves import SaveService
service = SaveService(Path(sys.argv[1]))
claim = service.claim()
game = new_game("spades", SpadesOptions(), 4, 11)
game.apply(game.legal_actions()[0])
service.autosave(game, [{{"name": "First window", "player": "human"}}] + [{{"name": "C", "player": "computer",
                  "level": "easy"}}] * 3)
service.flush()
print("ready" if claim is None else "refused: " + claim, flush=True)
sys.stdin.readline()
service.close()
"""


def test_a_second_window_on_the_folder_says_so_and_never_overwrites_the_first_ones_game(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    (holder,) = start_children(HOLDER.format(root=str(ROOT)), [[str(folder)]])
    try:
        before = (folder / "autosave.json").read_bytes()
        second = SaveService(folder)
        assert second.claim() == ANOTHER_WINDOW
        game = new_game("spades", SpadesOptions(), 4, 99)
        for _ in range(3):
            game.apply(game.legal_actions()[0])
            second.autosave(game, SEATS)
        second.flush()
        assert (folder / "autosave.json").read_bytes() == before  # the first window's game is untouched
        assert not second.has_save() and second.load() == (None, None)
        second.close()
    finally:
        holder.communicate("go\n", timeout=60)
    assert holder.returncode == 0
    third = SaveService(folder)
    assert third.claim() is None  # the first window closed: the folder is free again
    saved, problem = third.load()
    assert problem is None and saved is not None and saved.record["seats"][0]["name"] == "First window"
    third.close()


def test_the_window_tells_the_player_when_another_window_owns_the_saved_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(folder))
    (holder,) = start_children(HOLDER.format(root=str(ROOT)), [[str(folder)]])
    try:
        from ui.app import make_app

        app = make_app((1280, 720), headless=True)
        try:
            assert ANOTHER_WINDOW in app.ctx.notices
            assert not app.has_saved_game()  # no Continue of the other window's game
        finally:
            app.close()
    finally:
        holder.communicate("go\n", timeout=60)


# ----------------------------------------------------------------- item 12: more names than are kept
def write_names(path: Path, count: int) -> None:
    """A statistics file of ``count`` names, name ``i`` having last played at second ``i``."""
    players = {f"Player {i}": PlayerStats({"spades/4": Tally(hands=i + 1)}, [],
                                          f"2026-01-01 00:{i // 60 % 60:02d}:{i % 60:02d}")
               for i in range(count)}
    path.write_text(stats_mod._dump(players))


def test_the_name_after_the_200th_is_kept_and_only_the_longest_idle_one_goes(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    write_names(path, stats_mod.MAX_NAMES)
    StatsStore(path).add("spades", 4, {"Newcomer": Delta(Tally(hands=1), None)})
    store = StatsStore(path)
    assert store.take_problem() is None
    assert len(store.players) == stats_mod.MAX_NAMES
    assert "Newcomer" in store.players and "Player 0" not in store.players
    assert store.get("Player 199").tally("spades").hands == 200  # every other history is whole
    assert [p.name for p in tmp_path.iterdir() if ".bad-" in p.name] == []


def test_a_file_with_more_names_than_kept_is_read_never_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    write_names(path, 250)
    store = StatsStore(path)
    assert store.take_problem() is None
    assert len(store.players) == stats_mod.MAX_NAMES
    assert "Player 249" in store.players and "Player 49" not in store.players
    assert json.loads(path.read_text())["players"]  # the file was not moved aside


# ----------------------------------------------------------------- item 14: settings, temporary files, the log
@pytest.mark.parametrize(("label", "content"), [
    ("newer version", {"version": 2, "felt": "blue", "table_glow": "soft"}),
    ("partly bad", {"version": 1, "felt": "blue", "volume": 900, "colour_blind": True}),
])
def test_a_settings_file_rewritten_keeps_the_original_as_a_bad_copy(label: str, content: dict[str, object]) -> None:
    from ui.services.settings import SETTINGS_FILE, SettingsStore

    path = storage.data_dir() / SETTINGS_FILE
    path.write_text(json.dumps(content), encoding="utf-8")
    settings, message = SettingsStore().load()
    assert settings.felt == "blue" and message is not None
    copies = sorted(storage.data_dir().glob(f"{SETTINGS_FILE}.bad-*"))
    assert len(copies) == 1 and copies[0].name in message
    assert json.loads(copies[0].read_text(encoding="utf-8")) == content  # nothing the file held is lost
    assert SettingsStore().load()[1] is None  # the rewritten file is good


def test_stale_temporary_files_of_settings_stats_and_tips_are_removed_at_start() -> None:
    folder = storage.data_dir()
    time_ago = 10 * 60
    stale = [folder / f".{name}.k1l2m3.tmp" for name in ("settings.json", "stats.json", "tips.json")]
    fresh = folder / ".stats.json.n4o5p6.tmp"  # another window writing just now
    foreign = folder / ".notes.txt.q7r8s9.tmp"  # not ours
    for path in (*stale, fresh, foreign):
        path.write_text("{")
    for path in (*stale, foreign):
        when = path.stat().st_mtime - time_ago
        os.utime(path, (when, when))
    from ui.app import make_app

    app = make_app((1280, 720), headless=True)
    app.close()
    assert [p.exists() for p in stale] == [False, False, False]
    assert fresh.exists() and foreign.exists()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_the_computer_players_log_is_never_written_through_a_symbolic_link(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.services import computer

    logs = tmp_path / "logs"
    logs.mkdir()
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious\n")
    (logs / computer.LOG_FILE).symlink_to(target)
    monkeypatch.setenv(computer.LOG_DIR_ENV, str(logs))
    computer.reset_log()
    computer.log_error("a player failed", "details")
    computer.reset_log()
    assert target.read_text() == "precious\n"
    with pytest.raises(OSError):
        computer.open_log_file(logs / computer.LOG_FILE)


def test_the_computer_players_log_is_appended_to_a_plain_file(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.services import computer

    monkeypatch.setenv(computer.LOG_DIR_ENV, str(tmp_path))
    (tmp_path / computer.LOG_FILE).write_text("earlier\n")
    computer.reset_log()
    computer.log_error("a player failed", "details")
    computer.reset_log()
    text = (tmp_path / computer.LOG_FILE).read_text()
    assert text.startswith("earlier\n") and "a player failed" in text and "details" in text


# ----------------------------------------------------------------- item 13: a slow disk never holds a save back
def test_each_state_is_in_the_file_while_the_disk_is_still_flushing_an_older_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk's flush (fsync) is held for as long as the test likes: every state handed over still reaches
    the file (what a kill -9 leaves) at once, never queued behind the flush."""
    import threading

    from game.record import to_record

    release = threading.Event()
    entered = threading.Event()
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        entered.set()
        release.wait(120)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", slow_fsync)
    service = SaveService(tmp_path / "data")
    path = service.path
    game = new_game("spades", SpadesOptions(), 4, 5)
    try:
        for step in range(6):
            game.apply(game.legal_actions()[0])
            service.autosave(game, SEATS)
            want = to_record(game, SEATS)
            give_up = time.monotonic() + 60  # a deadlock guard, not a timing figure: the state must come
            while not (path.exists() and json.loads(path.read_text())["record"] == want):
                assert time.monotonic() < give_up, f"state {step + 1} never reached the file while the disk flushed"
                time.sleep(0.005)
        assert entered.wait(60)  # the flush really was held meanwhile
    finally:
        release.set()
    assert service.flush(60)
    service.close()
    saved, problem = SaveService(tmp_path / "data").load()
    assert problem is None and saved is not None and saved.record == want
