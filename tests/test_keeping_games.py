"""Keeping games (issue #9, the smaller defects): New game asks before replacing the one saved game, the
first-game tips never open over a resumed game, and a bad statistics file is said once at startup."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.factory import new_game
from game.options import SpadesOptions
from game.record import to_record
from ui.scenes.confirm import ConfirmScene
from ui.scenes.menu import MenuScene
from ui.scenes.setup import SetupScene
from ui.scenes.table import TableScene
from ui.scenes.tips import TipsScene
from ui.services import storage
from ui.services.saves import AUTOSAVE_NAME, SaveService, window_facts
from ui.services.stats import FILE_NAME as STATS_FILE

DT = 1 / 60


def click(app: Any, pos: tuple[int, int]) -> None:
    """A full left click at ``pos`` through the event queue, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def key(app: Any, code: int) -> None:
    """A key press through the event queue, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(DT)


def seats_for(game: Any, humans: tuple[int, ...]) -> list[dict[str, Any]]:
    """Record seats: the humans named Ann, Bo..., the others normal computers."""
    return [{"name": ("Ann", "Bo", "Cy", "Di")[s], "player": "human" if s in humans else "computer",
             "level": "normal"} for s in range(game.num_seats)]


def first_hand_game(actions: int, humans: tuple[int, ...] = (0,)) -> tuple[Any, list[dict[str, Any]]]:
    """A Spades game a few actions into its first hand (nothing scored yet), stopped when a human is to act."""
    rng = random.Random(3)
    game = new_game("spades", SpadesOptions(), 4, 21)
    for step in range(actions + 40):
        if step >= actions and game.to_act in humans:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert not game.results and game.to_act in humans
    return game, seats_for(game, humans)


def save_game(game: Any, seats: list[dict[str, Any]], scores: list[int] | None = None) -> None:
    """Write the autosave the way the table does (``scores``: what the window facts say)."""
    window = window_facts([0], 500, game)
    if scores is not None:
        window["scores"] = scores
    writer = SaveService()
    writer.autosave(game, seats, window)
    writer.close()


def open_setup(app: Any) -> SetupScene:
    """New game on the title menu."""
    app.step(DT)
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, menu.new_game.rect.center)
    setup = app.ctx.scenes.top
    assert isinstance(setup, SetupScene)
    return setup


# ----------------------------------------------------------------- one save slot: ask before replacing it
def test_new_game_asks_before_replacing_the_saved_game_and_keep_loses_nothing(app: Any) -> None:
    game, seats = first_hand_game(6)
    save_game(game, seats, [230, 150])
    path = storage.data_dir() / AUTOSAVE_NAME
    before = path.read_bytes()
    app.computer_sync = True
    app.ctx.scenes.reset(MenuScene(app.ctx))
    setup = open_setup(app)
    choices = setup.config()
    click(app, setup.start_button.rect.center)
    ask = app.ctx.scenes.top
    assert isinstance(ask, ConfirmScene)
    assert ask.title == "Replace the saved game?"
    assert ask.body == "Your game in progress (Spades, 230\u2013150) will be lost."
    assert ask.confirm_button.label == "Replace" and ask.cancel_button.label == "Keep"
    assert ask.group.focus is ask.cancel_button  # the safe answer has the focus
    click(app, ask.cancel_button.rect.center)  # Keep
    assert app.ctx.scenes.top is setup and setup.config() == choices
    assert path.read_bytes() == before and app.has_saved_game()
    click(app, setup.start_button.rect.center)  # asked again; Esc keeps too
    assert isinstance(app.ctx.scenes.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is setup and path.read_bytes() == before
    click(app, setup.start_button.rect.center)
    ask = app.ctx.scenes.top
    assert isinstance(ask, ConfirmScene)
    click(app, ask.confirm_button.rect.center)  # Replace
    table = app.ctx.scenes.top
    assert isinstance(table, TableScene) and table.game is not None
    assert setup not in app.ctx.scenes and ask not in app.ctx.scenes
    assert not table.game.history or to_record(table.game, seats) != to_record(game, seats)  # a new game


def test_new_game_without_a_saved_game_starts_at_once(app: Any) -> None:
    assert not app.has_saved_game()
    setup = open_setup(app)
    click(app, setup.start_button.rect.center)
    assert isinstance(app.ctx.scenes.top, TableScene)


def test_the_question_names_the_game_even_when_the_scores_are_missing(app: Any) -> None:
    game, seats = first_hand_game(6)
    save_game(game, seats)
    assert app.saves.in_progress() == "Spades, 0\u20130"
    writer = SaveService()
    writer.autosave(game, seats, {"title": "Spades, hand 1"})
    writer.close()
    assert app.saves.in_progress() == "Spades, hand 1"


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_question_fits_the_window(bare_app: Any, size: tuple[int, int], tmp_path: Path) -> None:
    bare_app.resize(size)
    ask = ConfirmScene(bare_app.ctx, "Replace the saved game?",
                       "Your game in progress (Spades, 230\u2013150) will be lost.", "Replace", "Keep",
                       on_confirm=lambda: None)
    bare_app.ctx.scenes.push(SetupScene(bare_app.ctx))
    bare_app.ctx.scenes.push(ask)
    bare_app.step(DT)
    screen = pygame.Rect((0, 0), bare_app.ctx.size)
    assert screen.contains(ask.rect)
    for button in (ask.cancel_button, ask.confirm_button):
        assert ask.rect.contains(button.rect)
    assert ask.cancel_button.rect.right < ask.confirm_button.rect.left
    bare_app.screenshot(tmp_path / "confirm.png")


# ----------------------------------------------------------------- no first-game tips over a resumed game
@pytest.fixture
def tips_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tips open by themselves, as for a player (the suite turns them off elsewhere)."""
    monkeypatch.delenv("TRICK_TABLE_TIPS", raising=False)


def test_continue_in_the_first_hand_opens_no_tips(app: Any, tips_on: None) -> None:
    game, seats = first_hand_game(6)
    save_game(game, seats)
    app.computer_sync = True
    app.ctx.scenes.reset(MenuScene(app.ctx))
    app.step(DT)
    menu = app.ctx.scenes.top
    assert menu.continue_game.enabled
    click(app, menu.continue_game.rect.center)
    assert isinstance(app.ctx.scenes.top, TableScene)
    for _ in range(5):
        app.step(DT)
        assert not isinstance(app.ctx.scenes.top, TipsScene)


def test_a_record_opened_in_the_first_hand_opens_no_tips(app: Any, tips_on: None, tmp_path: Path) -> None:
    from ui.services.saves import write_record_file

    game, seats = first_hand_game(3)
    path = tmp_path / "first-hand.jsonl"
    assert write_record_file(path, game, seats) is None
    app.computer_sync = True
    assert app.open_record(path) is None
    assert isinstance(app.ctx.scenes.top, TableScene)
    app.step(DT)
    assert not isinstance(app.ctx.scenes.top, TipsScene)


def test_a_table_given_a_game_under_way_opens_no_tips(app: Any, tips_on: None) -> None:
    from ui.scenes.table import make_config

    game, _seats = first_hand_game(2)
    table = TableScene(app.ctx, make_config("spades", ["Ann", "W", "N", "E"], [0], seed=21), computer_sync=True,
                       game=game)
    app.ctx.scenes.push(table)
    app.step(DT)
    assert app.ctx.scenes.top is table


def test_a_new_game_still_opens_its_tips(app: Any, tips_on: None) -> None:
    setup = open_setup(app)
    click(app, setup.start_button.rect.center)
    assert isinstance(app.ctx.scenes.top, TipsScene)


def test_under_the_tips_the_new_table_shows_the_deal_about_to_start(app: Any, tips_on: None) -> None:
    setup = open_setup(app)
    click(app, setup.start_button.rect.center)
    table = app.ctx.scenes.visible()[0]
    assert isinstance(table, TableScene) and isinstance(app.ctx.scenes.top, TipsScene)
    assert not table.player.idle and table.player.flights  # the cards are on their way from the deck...
    assert not [item for item in table.render_items() if item.owner is not None]  # ...no hand is dealt yet
    key(app, pygame.K_RETURN)  # Got it: the deal goes on
    for _ in range(400):
        if table.player.idle:
            break
        app.step(DT)
    assert len([item for item in table.render_items() if item.owner == 0]) == table.game.view(0).hand_sizes[0]


# ----------------------------------------------------------------- a bad statistics file, said at startup
def test_a_bad_statistics_file_is_said_once_at_startup_and_kept_aside() -> None:
    from ui.app import make_app
    from ui.scenes.stats import StatsScene

    path = storage.data_dir() / STATS_FILE
    path.write_bytes(b'{"format": "trick-table-stats/1", "players": ')
    app = make_app((1280, 720), headless=True)
    try:
        said = [n for n in app.ctx.notices if "statistics file could not be read" in n]
        assert len(said) == 1 and "statistics start afresh" in said[0]
        moved = [p for p in path.parent.iterdir() if p.name.startswith(STATS_FILE + ".bad-")]
        assert len(moved) == 1 and moved[0].read_bytes().startswith(b'{"format"')  # renamed, never deleted
        assert not path.exists() and app.ctx.stats.players == {}
        app.step(DT)
        assert app.notice is not None and "statistics" in app.notice[0]
        scene = StatsScene(app.ctx)
        assert scene.message is None  # not said a second time on the Statistics screen
    finally:
        app.close()


def test_a_bad_tips_file_is_said_at_startup_too() -> None:
    from ui.app import make_app
    from ui.services.tips import FILE_NAME as TIPS_FILE

    (storage.data_dir() / TIPS_FILE).write_bytes(b"\x00\x01")
    app = make_app((1280, 720), headless=True)
    try:
        assert any("tips file could not be read" in n for n in app.ctx.notices)
    finally:
        app.close()


def test_a_statistics_write_problem_at_the_table_is_said_over_the_table(app: Any, monkeypatch: Any) -> None:
    from ui.services.stats import TableStats

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "atomic_write_text", refuse)
    game, seats = first_hand_game(2)
    rng = random.Random(4)
    counter = TableStats(app.ctx, seats, game)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    counter.after_action(game)
    assert any("statistics could not be saved" in n for n in app.ctx.notices)
    assert app.ctx.stats.take_problem() is None  # said once


def test_a_bare_context_has_working_services_in_the_test_data_folder() -> None:
    from ui.context import AppContext
    from ui.draw.cardart import CardArtCache
    from ui.scene import SceneStack
    from ui.services.settings import Settings

    ctx = AppContext(SceneStack(), Settings(), (1280, 720))
    assert ctx.app is None and ctx.saves is None and ctx.worker is None and not ctx.audio
    assert isinstance(ctx.art, CardArtCache) and ctx.art is not AppContext(SceneStack(), Settings(), (800, 480)).art
    data = storage.data_dir()
    assert ctx.stats.path.parent == data and ctx.tips.path.parent == data  # the suite's own folder
    assert not hasattr(ctx, "resources")
    setup = SetupScene(ctx)
    setup.start()  # no app: nothing happens, nothing breaks
    from ui.scenes.gameover import GameOverScene

    ctx.scenes.push(setup)
    over = GameOverScene(ctx, "Ann wins!", [], lambda: None)
    ctx.scenes.push(over)
    over.to_menu()  # no app: the title menu by itself
    assert isinstance(ctx.scenes.top, MenuScene) and len(ctx.scenes) == 1
