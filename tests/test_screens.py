"""Every main screen rendered headless to screenshots/screen_*.png, each checked not to be blank.

The table's states are reached the way a player reaches them: the game starts from the
setup screen (over the title menu), the computers play inline (``computer_sync``) and the
human seat answers each decision by clicking where the scene says its buttons and cards
are. On every table frame no other seat's hidden card may be drawn face up.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pygame
import pytest

from game.actions import Play
from tests.e2e_helpers import (
    DT,
    SHOTS,
    assert_not_blank,
    click,
    run_table_until,
    step,
    table_config,
)
from ui.games import shown_games
from ui.scenes.gameover import GameOverScene
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.scenes.table import TableScene

SIZE = (1280, 720)
GAMES = {  # name in the file → (game, players)
    "spades": ("spades", 4),
    "spades_two": ("spades-two", 2),
    "pitch5": ("pitch", 5),
}


@pytest.fixture
def app(sync_app: Any) -> Any:
    """The headless App of conftest, with computer moves decided inline."""
    return sync_app


def shoot(app, name: str, settle: int = 0) -> Path:
    """After ``settle`` frames, save the frame as screenshots/screen_<name>.png and check it is not blank."""
    step(app, settle)
    app.draw()
    path = app.screenshot(SHOTS / f"screen_{name}.png")
    assert_not_blank(app.screen, path.name)
    top = app.ctx.scenes.top
    if isinstance(top, TableScene):
        assert top.face_up_hidden_cards() == [], f"{path.name}: another seat's hidden card is face up"
    return path


def open_table(app, game: str, players: int, seed: int = 7, **options) -> TableScene:
    """Menu → New game → (the setup screen) → start ``game`` with the human at seat 0."""
    click(app, app.ctx.scenes.top.new_game.rect.center)
    assert isinstance(app.ctx.scenes.top, SetupScene)
    app.start_game(table_config(game, players, (0,), seed, **options))
    table = app.ctx.scenes.top
    assert isinstance(table, TableScene)
    return table


def until(app, table: TableScene, done: Callable[[], bool], seed: int = 1, max_frames: int = 20000) -> None:
    """Play on (the human clicking sensible choices) until ``done()``."""
    run_table_until(app, table, done, Random(seed), max_frames)


def idle_decision(table: TableScene, kind: str) -> Callable[[], bool]:
    """True once the viewer must make a ``kind`` decision and the screen has caught up."""
    return lambda: table.player.idle and table.decision().kind == kind


# ----- the menu-like screens --------------------------------------------------------------------
def test_menu_settings_and_rules_screens(app) -> None:
    step(app, 90)  # the fan has opened
    shoot(app, "menu")
    click(app, app.ctx.scenes.top.settings.rect.center)
    assert isinstance(app.ctx.scenes.top, SettingsScene)
    step(app, 20)
    shoot(app, "settings")
    app.ctx.scenes.pop()
    click(app, app.ctx.scenes.top.rules.rect.center)
    rules = app.ctx.scenes.top
    assert isinstance(rules, RulesScene)
    for i, kind in enumerate(shown_games()):
        click(app, rules.tabs.segment_rects[i].center)
        assert rules.tabs.index == i
        step(app, 20)
        shoot(app, f"rules_{kind.replace('-', '_')}")


@pytest.mark.parametrize("kind", shown_games())
def test_setup_screen_for_each_game(app, kind: str) -> None:
    click(app, app.ctx.scenes.top.new_game.rect.center)
    setup = app.ctx.scenes.top
    assert isinstance(setup, SetupScene)
    click(app, setup.tabs.segment_rects[shown_games().index(kind)].center)
    assert setup.game == kind
    if kind == "pitch":
        while setup.players < 5:
            click(app, setup.controls["pitch"]["players"].right_rect.center)
        assert setup.players == 5
    step(app, 20)
    shoot(app, f"setup_{kind.replace('-', '_')}")


# ----- the table --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_table_screens_for_each_game(app, name: str) -> None:
    game, players = GAMES[name]
    app.ctx.settings.speed = "fast"
    table = open_table(app, game, players)
    if game == "spades-two":
        until(app, table, idle_decision(table, "draw"))
        shoot(app, f"{name}_draw", settle=40)  # cards in flight land
    until(app, table, idle_decision(table, "bid"))
    if table.button_rect("look") is not None:
        click(app, table.button_rect("look").center)  # see the cards before bidding
        until(app, table, idle_decision(table, "bid"))
    shoot(app, f"{name}_bidding", settle=40)  # cards in flight land
    others = min(2, players - 1)  # cards already in the trick when the human plays
    until(app, table, lambda: idle_decision(table, "play")() and len(table.model.trick) >= others)
    legal = [a.card for a in table.decision().legal if isinstance(a, Play)]
    point = table.clickable_points().get(f"card:{legal[-1]}")  # hover a legal card: it lifts
    if point is not None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(DT)
    shoot(app, f"{name}_mid_trick", settle=40)  # cards in flight land
    until(app, table, lambda: table.overlays.summary is not None and table.overlays.summary.count_k >= 1.0)
    shoot(app, f"{name}_hand_summary")
    app.ctx.settings.speed = "instant"  # on through the next hand quickly
    until(app, table, lambda: len(table.model.results) >= 2 and table.overlays.summary is None and table.player.idle
          and app.ctx.scenes.top is table)
    click(app, table.button_rect("scores").center)
    assert table.overlays.sheet is not None
    step(app, 20)
    shoot(app, f"{name}_score_sheet")


def test_game_over_screen(app) -> None:
    app.ctx.settings.speed = "instant"
    table = open_table(app, "pitch", 3, seed=11)
    until(app, table, lambda: isinstance(app.ctx.scenes.top, GameOverScene), max_frames=60000)
    over = app.ctx.scenes.top
    assert isinstance(over, GameOverScene)
    assert app.ctx.scenes.visible() == [table, over]  # over the finished table, not the title menu
    app.ctx.settings.speed = "normal"
    step(app, 60)
    shoot(app, "game_over")
    click(app, over.menu.rect.center)
    assert isinstance(app.ctx.scenes.top, MenuScene) and len(app.ctx.scenes) == 1


def test_review_game_opens_the_finished_game_in_the_viewer_and_esc_comes_back(app) -> None:
    from game.record import replay, to_record
    from ui.scenes.viewer import ViewerScene

    app.ctx.settings.speed = "instant"
    table = open_table(app, "pitch", 3, seed=11)
    until(app, table, lambda: isinstance(app.ctx.scenes.top, GameOverScene), max_frames=60000)
    over = app.ctx.scenes.top
    assert over.review is not None and over.buttons == [over.play_again, over.review, over.menu]
    rects = [b.rect for b in over.buttons]  # three buttons in a row inside the panel, apart
    assert all(over.panel.contains(r) for r in rects) and len({r.y for r in rects}) == 1
    assert rects[0].right < rects[1].left and rects[1].right < rects[2].left
    for opener in ("button", "key"):
        if opener == "button":
            click(app, over.review.rect.midleft)  # at the button's edge, not its centre
        else:
            app.ctx.scenes.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0,
                                                               unicode="r", scancode=0))
        viewer = app.ctx.scenes.top
        assert isinstance(viewer, ViewerScene) and viewer.position is not None
        record = to_record(table.control.game, table.control.config.seat_records())
        assert viewer.position.k == 0 and viewer.game is not None  # from the first deal
        assert viewer.game.view(0) == replay(record, limit=0).game.view(0)
        viewer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        final = replay(record).game
        assert list(viewer.game.scores) == list(table.control.game.scores) == list(final.scores)
        assert viewer.game.winner == table.control.game.winner is not None
        viewer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                               scancode=0))
        assert app.ctx.scenes.top is over and table in app.ctx.scenes
