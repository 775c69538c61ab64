"""Issue 14, items 7-9: the file chooser survives any name and any file system error, and Open record asks
before it replaces the saved game. Driven with synthetic pygame events, as a player would."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.factory import default_options, new_game
from game.record import dumps, to_record
from ui.app import App
from ui.scenes.confirm import ConfirmScene
from ui.scenes.file_chooser import FileChooserScene
from ui.scenes.menu import MenuScene
from ui.scenes.table import TableScene
from ui.services import storage
from ui.services.saves import AUTOSAVE_NAME, SaveService, load_record_file, window_facts, write_record_file

DT = 1 / 60
SHOTS = Path("/tmp/trick-table-hardening")


def key(app: App, code: int) -> None:
    """A key press through the event queue, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(DT)


def type_text(app: App, value: str) -> None:
    """``value`` typed as text input events, then one frame."""
    for ch in value:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    """A full left click at ``pos`` through the event queue, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def unfinished(seed: int, actions: int) -> tuple[Any, list[dict[str, Any]]]:
    """A Spades game ``actions`` random actions in (stopped when seat 0, the human, is to act)."""
    rng = random.Random(seed)
    game = new_game("spades", default_options("spades"), 4, seed)
    for step in range(actions + 60):
        if step >= actions and game.to_act == 0:
            break
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"name": ("Ann", "Bo", "Cy", "Di")[s], "player": "human" if s == 0 else "computer",
              "level": "normal"} for s in range(4)]
    return game, seats


def latin1_folder(tmp_path: Path) -> tuple[Path, bytes]:
    """A folder holding a record file and a folder whose names are Latin-1, not UTF-8."""
    folder = tmp_path / "records"
    folder.mkdir()
    raw = os.fsencode(folder) + b"/caf\xe9.jsonl"
    game, seats = unfinished(4, 10)
    with open(raw, "w", encoding="utf-8") as out:
        out.write(dumps(to_record(game, seats)) + "\n")
    os.mkdir(os.fsencode(folder) + b"/dossier-\xe9t\xe9")
    return folder, raw


def chooser_on(app: App, folder: Path, save: bool = False) -> tuple[FileChooserScene, list[Path]]:
    """A chooser over ``folder`` (its choices collected), pushed and drawn once."""
    chosen: list[Path] = []
    chooser = FileChooserScene(app.ctx, "Save record as" if save else "Open record",
                               lambda path: chosen.append(path) or None, start_dir=folder, save=save,
                               suggested="game.jsonl" if save else "")
    app.ctx.scenes.push(chooser)
    app.step(DT)
    return chooser, chosen


# ----------------------------------------------------------------- 7. names that are not UTF-8
@pytest.mark.parametrize("save", [False, True], ids=["open", "save"])
def test_names_that_are_not_utf8_are_listed_and_drawn(bare_app: App, tmp_path: Path, save: bool) -> None:
    folder, raw = latin1_folder(tmp_path)
    chooser, chosen = chooser_on(bare_app, folder, save)
    assert [e.label for e in chooser.entries] == ["..", "dossier-\u25a1t\u25a1", "caf\u25a1.jsonl"]
    key(bare_app, pygame.K_DOWN)  # the file: its true name goes into the field, drawn safely
    bare_app.step(DT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(bare_app.screen, str(SHOTS / f"chooser-latin1-{'save' if save else 'open'}.png"))
    row = chooser.row_rect(1)
    assert row is not None
    click(bare_app, row.center)  # a double click on the folder: into it, and back out
    click(bare_app, row.center)
    assert os.fsencode(chooser.folder).endswith(b"/dossier-\xe9t\xe9")
    click(bare_app, chooser.up_button.rect.center)
    assert chooser.folder == folder.resolve()


def test_a_file_whose_name_is_not_utf8_is_still_opened(bare_app: App, tmp_path: Path) -> None:
    folder, raw = latin1_folder(tmp_path)
    chooser, chosen = chooser_on(bare_app, folder)
    key(bare_app, pygame.K_END)
    key(bare_app, pygame.K_RETURN)
    assert len(chosen) == 1 and os.fsencode(chosen[0]) == os.fsencode(folder.resolve()) + b"/caf\xe9.jsonl"
    record, problem = load_record_file(chosen[0])
    assert problem is None and record is not None and record["seats"][0]["name"] == "Ann"


def test_open_record_from_the_menu_lists_a_folder_with_such_names(app: App, tmp_path: Path) -> None:
    folder, _raw = latin1_folder(tmp_path)
    app.saves.record_folder = folder
    app.step(DT)
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, menu.open_record.rect.center)
    chooser = app.ctx.scenes.top
    assert isinstance(chooser, FileChooserScene) and len(chooser.entries) == 3
    app.step(DT)


# ----------------------------------------------------------------- 8. every file system error is a message
@pytest.mark.parametrize("save", [False, True], ids=["open", "save"])
def test_a_typed_name_over_255_bytes_is_a_message(bare_app: App, tmp_path: Path, save: bool) -> None:
    chooser, chosen = chooser_on(bare_app, tmp_path, save)
    chooser.field.value = ""
    type_text(bare_app, "a" * 300)
    key(bare_app, pygame.K_RETURN)
    assert bare_app.ctx.scenes.top is chooser and chosen == []
    assert chooser.problem is not None and "File name too long" in chooser.problem
    assert len(chooser.problem) < 140  # the name is cut in the message
    bare_app.step(DT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(bare_app.screen, str(SHOTS / f"chooser-too-long-{'save' if save else 'open'}.png"))
    chooser.field.value = ""
    type_text(bare_app, "sub/" + "\u00e9" * 200 + "/x.jsonl")  # too long as a folder's name, in bytes
    key(bare_app, pygame.K_RETURN)
    assert bare_app.ctx.scenes.top is chooser and chosen == [] and chooser.problem


def test_other_file_system_errors_are_messages_too(bare_app: App, tmp_path: Path) -> None:
    chooser, chosen = chooser_on(bare_app, tmp_path)
    chooser.field.value = "bad\x00name.jsonl"  # a NUL cannot be typed, but a path with one must not crash
    key(bare_app, pygame.K_RETURN)
    assert bare_app.ctx.scenes.top is chooser and chooser.problem
    chooser.field.value = "~no-such-user-here/x.jsonl"
    key(bare_app, pygame.K_RETURN)
    assert bare_app.ctx.scenes.top is chooser and chooser.problem
    chooser.open_folder(tmp_path / ("b" * 300))  # a folder that cannot even be looked at
    assert chooser.problem is not None and "cannot be read" in chooser.problem
    bare_app.step(DT)
    (tmp_path / "x.jsonl").write_text("{}")

    def failing(path: Path) -> str | None:
        raise OSError(5, "Input/output error")

    chooser.on_choose = failing
    chooser.open_folder(tmp_path)
    chooser.field.value = "x.jsonl"
    key(bare_app, pygame.K_RETURN)
    assert bare_app.ctx.scenes.top is chooser and "Input/output error" in (chooser.problem or "")


def test_a_date_no_calendar_shows_is_left_out() -> None:
    from ui.scenes.file_chooser import Entry

    assert Entry("x.jsonl", Path("x.jsonl"), False, 2048, 1e300).detail() == "2 KB"
    assert Entry("x.jsonl", Path("x.jsonl"), False, 2048, float("nan")).detail() == "2 KB"


# ----------------------------------------------------------------- 9. ask before replacing the saved game
def save_game(game: Any, seats: list[dict[str, Any]]) -> bytes:
    """Write the autosave the way the table does; its bytes."""
    writer = SaveService()
    writer.autosave(game, seats, window_facts([0], 500, game))
    writer.close()
    return (storage.data_dir() / AUTOSAVE_NAME).read_bytes()


def test_open_record_of_an_unfinished_game_asks_before_replacing_the_saved_game(app: App, tmp_path: Path) -> None:
    saved_game, seats = unfinished(1, 12)
    before = save_game(saved_game, seats)
    other, other_seats = unfinished(2, 30)
    path = tmp_path / "other.jsonl"
    assert write_record_file(path, other, other_seats) is None
    app.computer_sync = True
    app.saves.record_folder = tmp_path
    app.ctx.scenes.reset(MenuScene(app.ctx))
    app.step(DT)
    menu = app.ctx.scenes.top
    click(app, menu.open_record.rect.center)
    chooser = app.ctx.scenes.top
    assert isinstance(chooser, FileChooserScene)
    type_text(app, "other.jsonl")
    key(app, pygame.K_RETURN)
    ask = app.ctx.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.title == "Replace the saved game?"
    assert ask.body == "Your game in progress (Spades, 0\u20130) will be lost."
    assert ask.group.focus is ask.cancel_button  # Keep, the safe answer, has the focus
    click(app, ask.cancel_button.rect.center)  # Keep: back to the chooser, the save untouched
    assert app.ctx.scenes.top is chooser
    assert (storage.data_dir() / AUTOSAVE_NAME).read_bytes() == before
    key(app, pygame.K_RETURN)  # asked again; Esc keeps too
    assert isinstance(app.ctx.scenes.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is chooser and (storage.data_dir() / AUTOSAVE_NAME).read_bytes() == before
    key(app, pygame.K_RETURN)
    ask = app.ctx.scenes.top
    click(app, ask.confirm_button.rect.center)  # Replace: the record's game is played on
    table = app.ctx.scenes.top
    assert isinstance(table, TableScene) and table.control.game is not None
    assert [table.control.game.view(s) for s in range(4)] == [other.view(s) for s in range(4)]


def test_open_record_without_a_saved_game_opens_at_once(app: App, tmp_path: Path) -> None:
    game, seats = unfinished(2, 30)
    path = tmp_path / "game.jsonl"
    assert write_record_file(path, game, seats) is None
    assert not app.has_saved_game()
    app.computer_sync = True
    assert app.open_record(path) is None
    assert isinstance(app.ctx.scenes.top, TableScene)


def test_a_finished_record_goes_to_the_viewer_without_asking(app: App, tmp_path: Path) -> None:
    from game.tools.simulate import simulate
    from ui.scenes.viewer import ViewerScene

    saved_game, seats = unfinished(1, 12)
    before = save_game(saved_game, seats)
    record = simulate("pitch", default_options("pitch"), 2, 1, 9, ["normal"], 300).records[0]
    assert record["winner"] is not None
    path = tmp_path / "done.jsonl"
    path.write_text(json.dumps(record) + "\n")
    assert app.open_record(path) is None
    assert isinstance(app.ctx.scenes.top, ViewerScene)
    assert (storage.data_dir() / AUTOSAVE_NAME).read_bytes() == before
