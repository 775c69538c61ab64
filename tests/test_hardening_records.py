"""Issue 14, items 1-6: nothing in a record, a save or a statistics file ends the program.

Names with a NUL, a lone surrogate or a megabyte of text; a record with nothing to replay; a long record
whose problem is at its end; a record nested nearly too deep for JSON; an unfinished trick without a
``winner``; and the one line limit of every reader of records. Every record and file is built here.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

import game.record as record_module
import ui.scenes.viewer as viewer_module
from game.factory import default_options, new_game
from game.record import MAX_LINE, check_line, dumps, replay, to_record
from game.tools.simulate import simulate
from ui.app import App
from ui.draw import text, theme
from ui.scenes.viewer import ViewerScene

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path("/tmp/trick-table-hardening")
DT = 0.016
BAD_NAMES_JSON = ['"A\\u0000B"', '"\\ud800"', '"\\u0007bell\\u001b[31m"', '"  Ann\\tLee\\n"']  # one per seat


def recorded(kind: str = "spades", players: int = 4, hands: int = 2, seed: int = 5,
             level: str = "normal") -> dict[str, Any]:
    """A game played by computers, as its record (read back from its JSON text)."""
    made = simulate(kind, default_options(kind), players, 1, seed, [level], hands).records[0]
    return json.loads(dumps(made))


def with_names(record: dict[str, Any], names_json: list[str]) -> dict[str, Any]:
    """The record with its seats' names replaced by JSON string literals (escapes as a file holds them)."""
    text_form = dumps(record)
    for seat, literal in enumerate(names_json):
        old = json.dumps(record["seats"][seat]["name"])
        marker = f'"name":{old}'
        start = text_form.index(marker, text_form.index('"seats"'))
        text_form = text_form[:start] + f'"name":{literal}' + text_form[start + len(marker):]
        record = json.loads(text_form)
    return record


def open_viewer(app: App, record: Any) -> ViewerScene:
    """Push the viewer and draw its first frame."""
    scene = ViewerScene(app.ctx, record)
    app.ctx.scenes.push(scene)
    app.step(DT)
    return scene


def press(app: App, key: int) -> None:
    """A key press and one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(DT)


def shot(app: App, name: str) -> None:
    """A screenshot to look at (never committed)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / name))


# ----------------------------------------------------------------- 1. names that cannot be drawn
def test_names_are_cleaned_on_read_by_one_rule() -> None:
    from game.names import MAX_NAME_CHARS, clean_name, seat_names

    assert clean_name("A\x00B") == "AB"
    assert clean_name("\ud800", "Seat 2") == "Seat 2"
    assert clean_name("\x07bell\x1b[31m") == "bell[31m"
    assert clean_name("  Ann\tLee\n\u2028 ") == "Ann Lee"
    assert clean_name("\udce9t\u00e9") == "t\u00e9"
    assert clean_name("x" * 900_000) == "x" * MAX_NAME_CHARS == "x" * 24
    assert clean_name("Zo\u00eb \u2660 \u6797") == "Zo\u00eb \u2660 \u6797"  # printable text is kept as it is
    assert clean_name(None, "Seat 1") == clean_name(12, "Seat 1") == "Seat 1"
    assert seat_names([{"name": "A\x00B"}, "not a seat", {"name": "\ud800"}], 4) == ["AB", "Seat 2", "Seat 3",
                                                                                      "Seat 4"]


def test_the_renderer_draws_and_measures_any_string() -> None:
    pygame.font.init()
    nasty = ["A\x00B", "\ud800", "\udce9", "".join(chr(c) for c in range(32)) + "\x7f\x85", "\U0010ffff", "",
             "\ud83d\ude00", "W" * 100_000, "a\u200bb\u202e"]
    for value in nasty:
        surf = text.render(value, 24, (255, 255, 255))
        assert surf.get_width() <= text.MAX_SURFACE_W
        width, height = text.measure(value, 24)
        assert width == surf.get_width() and height > 0
        canvas = pygame.Surface((400, 100))
        text.blit_text(canvas, value, 20, (255, 255, 255), (10, 10), shadow=(0, 0, 0))
        text.fit_size(value, 30, 200)
        text.wrap(value + " and more", 20, 300)
        theme.gradient_text(value, 30, (255, 255, 255), (200, 200, 200))
    assert text.drawable("A\x00B") == "A\u25a1B" and text.drawable("\ud800x") == "\u25a1x"


def test_a_record_whose_names_hold_a_nul_or_a_surrogate_is_legal_and_shown(bare_app: App) -> None:
    record = with_names(recorded(), BAD_NAMES_JSON)
    assert record["seats"][0]["name"] == "A\x00B" and record["seats"][1]["name"] == "\ud800"
    assert check_line(json.dumps(record), 1).error is None  # names do not make a game illegal
    scene = open_viewer(bare_app, record)
    assert scene.names == ["AB", "Seat 2", "bell[31m", "Ann Lee"]
    press(bare_app, pygame.K_END)
    press(bare_app, pygame.K_s)  # the score sheet names the sides too
    press(bare_app, pygame.K_s)
    press(bare_app, pygame.K_h)
    shot(bare_app, "viewer-bad-names.png")


def test_an_unfinished_record_with_such_names_plays_and_continues(tmp_path: Path) -> None:
    from ui.app import make_app
    from ui.scenes.table import TableScene
    from ui.services.saves import SaveService, config_for, open_record_for_play, write_record_file

    game = new_game("spades", default_options("spades"), 4, 8)
    rng = random.Random(8)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"name": f"S{s}", "player": "human" if s == 0 else "computer", "level": "normal"} for s in range(4)]
    path = tmp_path / "bad-names.jsonl"
    assert write_record_file(path, game, seats) is None
    path.write_text(dumps(with_names(json.loads(path.read_text()), BAD_NAMES_JSON)) + "\n")
    saved, problem = open_record_for_play(path)
    assert problem is None and saved is not None
    assert [seat.name for seat in config_for(saved.game, saved.record["seats"]).seats] == [
        "AB", "Seat 2", "bell[31m", "Ann Lee"]
    for _ in range(2):  # open it, then Continue it on the next start: both draw the table
        app = make_app((1280, 720), headless=True)
        try:
            app.computer_sync = True
            if app.has_saved_game():
                app.continue_game()
            else:
                assert app.open_record(path) is None
            table = app.ctx.scenes.top
            assert isinstance(table, TableScene)
            for _ in range(3):
                app.step(DT)
            assert app.ctx.scenes.top is table
        finally:
            app.close()
    saved, problem = SaveService().load()
    assert problem is None and saved is not None
    assert [seat["name"] for seat in saved.record["seats"]] == ["AB", "Seat 2", "bell[31m", "Ann Lee"]


def test_a_statistics_file_with_such_names_opens_the_statistics_screen(bare_app: App) -> None:
    from ui.scenes.stats import StatsScene
    from ui.services import storage
    from ui.services.stats import FILE_NAME, FORMAT, StatsStore

    entry = {"tallies": {"spades/4": {"games": 1, "won": 1, "hands": 5}}, "recent": [], "last_played": ""}
    doc = {"format": FORMAT, "players": {"A\x00B": entry, "\ud800": entry, "AB": entry, "W" * 5000: entry}}
    path = storage.data_dir() / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))  # ensure_ascii: the NUL and the surrogate are JSON escapes
    store = StatsStore(path)
    assert store.problem is None
    assert sorted(store.names()) == ["AB", "Player", "W" * 24]
    assert store.get("AB").tally("spades").games == 2  # "A\x00B" and "AB" are one name once cleaned
    scene = StatsScene(bare_app.ctx, store)
    bare_app.ctx.scenes.push(scene)
    bare_app.step(DT)
    assert bare_app.ctx.scenes.top is scene


# ----------------------------------------------------------------- 2. a name a megabyte long
def test_a_huge_name_costs_no_more_to_draw_than_a_short_one(bare_app: App) -> None:
    record = recorded()
    record["seats"][1]["name"] = "W" * 900_000
    assert len(dumps(record)) < MAX_LINE and check_line(dumps(record), 1).error is None
    scene = open_viewer(bare_app, record)
    assert scene.names[1] == "W" * 24
    press(bare_app, pygame.K_END)
    press(bare_app, pygame.K_s)
    limit = 2 * 1280 * 720  # no surface drawn for a label or its shadow is bigger than two windows
    surfaces = theme.surfaces().surfaces() + list(text.fonts()._rendered.values())
    assert max(s.get_width() * s.get_height() for s in surfaces) <= limit
    assert text.render("W" * 900_000, 40, (0, 0, 0)).get_width() <= text.MAX_SURFACE_W


# ----------------------------------------------------------------- 3. nothing to replay
def test_a_fresh_game_saved_before_the_first_move_opens_in_the_viewer(bare_app: App) -> None:
    game = new_game("spades", default_options("spades"), 4, 3)
    record = json.loads(dumps(to_record(game)))
    assert replay(record).actions == 0
    scene = open_viewer(bare_app, record)
    assert scene.timeline.total == 0 and scene.problem is None and scene.model is not None
    for key in (pygame.K_RIGHT, pygame.K_END, pygame.K_DOWN, pygame.K_LEFT, pygame.K_HOME, pygame.K_h):
        press(bare_app, key)
    assert scene.status().endswith("0/0")
    shot(bare_app, "viewer-fresh-game.png")


def test_a_record_whose_first_action_is_illegal_shows_the_deal_and_the_problem(bare_app: App) -> None:
    record = recorded()
    first = record["hands"][0]["bids"][0]
    first["seat"] = (first["seat"] + 1) % 4  # not this seat's turn
    scene = open_viewer(bare_app, record)
    assert scene.timeline.total == 0 and scene.model is not None
    assert scene.problem is not None and "hand 1, bid 1" in scene.problem and "illegal" in scene.problem
    press(bare_app, pygame.K_END)
    shot(bare_app, "viewer-first-action-illegal.png")


# ----------------------------------------------------------------- 4. a long record, its problem at the end
def test_the_last_good_step_of_a_long_record_is_found_in_a_few_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    record = recorded(hands=12, level="random", seed=2)
    record["scores"] = [s + 1 for s in record["scores"]]  # the problem is found once every action has replayed
    calls: list[int | None] = []
    real = record_module.replay

    def counting(record: Any, limit: int | None = None, *args: Any, **kwargs: Any) -> Any:
        calls.append(limit)
        return real(record, limit, *args, **kwargs)

    monkeypatch.setattr(record_module, "replay", counting)
    monkeypatch.setattr(viewer_module, "replay", counting)
    timeline = viewer_module.Timeline(record)
    assert len(calls) <= 4, calls  # not one replay of the whole record per probe of a search
    monkeypatch.undo()
    total = timeline.total
    assert total > 500 and timeline.problem is not None and "scores" in timeline.problem
    replay(record, limit=total)  # the largest limit that replays...
    with pytest.raises(record_module.RecordError):
        replay(record, limit=total + 1)  # ...and the next does not


@pytest.mark.parametrize("where", ["the last play", "the last trick's winner"])
def test_the_last_good_step_is_exact_wherever_the_problem_lies(where: str) -> None:
    from game.record import last_good_limit

    record = recorded(hands=3, level="random", seed=4)
    trick = [hand for hand in record["hands"] if hand["tricks"]][-1]["tricks"][-1]  # the last trick played
    if where == "the last play":
        trick["plays"][-1][1] = trick["plays"][0][1]  # a card already played
    else:
        trick["winner"] = (trick["winner"] + 1) % 4
    done, problem = last_good_limit(record)
    assert done is not None and problem is not None
    assert _replays(record, done.actions) and not _replays(record, done.actions + 1)


def _replays(record: Any, limit: int) -> bool:
    try:
        replay(record, limit=limit)
    except record_module.REPLAY_ERRORS:
        return False
    return True


def test_open_record_keeps_the_command_lines_line_limit(tmp_path: Path) -> None:
    from ui.services.saves import load_record_file

    record = recorded(hands=1)
    fits = tmp_path / "fits.jsonl"
    record["seats"][0]["name"] = "x" * (MAX_LINE - len(dumps(record)) - 10)
    fits.write_text(dumps(record) + "\n")
    assert load_record_file(fits)[1] is None
    over = tmp_path / "over.jsonl"
    record["seats"][0]["name"] += "x" * 100
    over.write_text(dumps(record) + "\n")  # read by Open record before, refused by replay on the command line
    got, problem = load_record_file(over)
    assert got is None and problem == "its first game is far too large (more than 1 MB)"
    endless = tmp_path / "endless.jsonl"
    with open(endless, "wb") as out:
        out.write(b'{"format": "trick-record/1", "x": "')
        out.write(b"y" * (20 * 1024 * 1024))  # 20 MB and no line's end
    got, problem = load_record_file(endless)
    assert got is None and problem == "its first game is far too large (more than 1 MB)"
    blank = tmp_path / "blank-first.jsonl"
    blank.write_text("\n \n\t\n" + dumps(recorded(hands=1)) + "\n")
    assert load_record_file(blank)[1] is None


# ----------------------------------------------------------------- 5. nested nearly too deep for JSON
def test_a_value_nested_too_deep_to_show_is_named_not_raised() -> None:
    from game.codecs import show

    deep: list[Any] = []
    for _ in range(sys.getrecursionlimit() + 10):
        deep = [deep]
    assert "nested too deep" in show(deep)
    record = recorded(hands=1)
    record["hands"][0]["deal"][0][0] = deep
    assert "nested too deep" in check_line_error(record)


def check_line_error(record: dict[str, Any]) -> str:
    """The problem ``replay`` gives (it must be a RecordError, not an escaping RecursionError)."""
    with pytest.raises(record_module.RecordError) as caught:
        replay(record)
    return str(caught.value)


def test_replay_in_the_window_says_a_record_nested_too_deep_in_one_line(tmp_path: Path) -> None:
    base = dumps(recorded("pitch", 3, hands=1))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRICK_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    for depth in range(976, 994, 2):  # from where JSON still reads it to where it does not
        path = tmp_path / f"deep-{depth}.jsonl"
        path.write_text(base.replace('"deal":[[', '"deal":[[' + "[" * depth + "]" * depth + ",", 1) + "\n")
        done = subprocess.run([sys.executable, "main.py", "replay", str(path)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert "Traceback" not in done.stderr, (depth, done.stderr[-2000:])
        assert done.returncode == 1 and done.stdout.startswith(f"{path}: line 1: "), (depth, done.stdout)
        assert len(done.stdout.splitlines()) == 1


# ----------------------------------------------------------------- 6. an unfinished trick without a winner
def test_the_unfinished_trick_may_leave_out_its_winner_or_give_null() -> None:
    game = new_game("spades", default_options("spades"), 4, 6)
    rng = random.Random(6)
    while not (sum(game.tricks_won) >= 1 and len(game.trick) == 2):  # a trick done, the next one under way
        game.apply(rng.choice(game.legal_actions()))
    record = json.loads(dumps(to_record(game)))
    trick = record["hands"][-1]["tricks"][-1]
    assert len(trick["plays"]) == 2 and trick["winner"] is None
    del trick["winner"]
    assert check_line(json.dumps(record), 1).error is None  # absent
    trick["winner"] = None
    assert check_line(json.dumps(record), 1).error is None  # null
    trick["winner"] = 1
    assert "'winner' is 1 but the rules give null" in (check_line(json.dumps(record), 1).error or "")
    trick["winner"] = None
    del record["hands"][-1]["tricks"][0]["winner"]  # a finished trick must still say who won it
    assert "trick 1: missing field 'winner'" in (check_line(json.dumps(record), 1).error or "")
