"""The table's overlays (summary, score sheet, last trick, pause menu, curtain) are scenes pushed over it; a
table covered by any scene is paused, not exited: its computers and the Hint keep thinking."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_last_trick_scene import play_to_the_first_trick  # noqa: E402
from test_ui_table import Driver, GatedPlayer  # noqa: E402

from game.actions import Play  # noqa: E402
from game.chance import Chance  # noqa: E402
from game.events import GAME_OVER, Event  # noqa: E402
from game.factory import new_game  # noqa: E402
from game.options import SpadesOptions  # noqa: E402
from ui.table.panels.overlay_scene import TableOverlayScene  # noqa: E402

OPEN_KEYS = {"menu": pygame.K_ESCAPE, "sheet": pygame.K_s, "last_trick": pygame.K_l}
BUTTON = {"menu": "resume", "sheet": "close", "last_trick": "close"}


def count_calls(obj, name: str) -> list[int]:
    """Wrap ``obj.name`` so each call is counted (and still made); the list grows by one per call."""
    calls: list[int] = []
    real = getattr(obj, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    setattr(obj, name, counted)
    return calls


def assert_overlay_on_top(d: Driver, name: str) -> TableOverlayScene:
    """The overlay ``name`` is the top scene, right over the table (or over the table's other overlays)."""
    stack, table = d.app.ctx.scenes, d.scene
    top = stack.top
    assert isinstance(top, TableOverlayScene) and top.table is table and top.name == name
    assert getattr(table.overlays, name) is top.panel and table.overlays.top() is top
    visible = stack.visible()
    assert visible[0] is table and visible[-1] is top  # drawn over the table, which shows dimmed under it
    return top


def west_first_driver(drivers: list[Driver], humans: list[int] | None = None) -> Driver:
    """Four-player Spades where West (a computer) decides first, its computers in their thread."""
    chance = Chance(30)
    chance.force("seat", [0])
    engine = new_game("spades", SpadesOptions(), 4, 30, chance)
    d = Driver("spades", 4, humans or [0], seed=30, engine=engine)
    drivers.append(d)
    return d


def at_bid_with_a_gated_hint(drivers: list[Driver]) -> tuple[Driver, threading.Event]:
    """The human's bid (cards looked at), with the Hint's player answering only once the event is set."""
    d = west_first_driver(drivers)
    table = d.scene
    go = threading.Event()
    d.until(lambda: table.decision().kind == "bid" or table.button_rect("look") is not None)
    if table.button_rect("look") is not None:
        d.click_button("look")
    d.until(lambda: table.decision().kind == "bid")
    table.control.hints.players.sync = False
    table.control.hints.players.players[0] = GatedPlayer(go)
    return d, go


@pytest.mark.parametrize("name", ["menu", "sheet", "last_trick"])
@pytest.mark.parametrize("close", ["esc", "own key", "button"])
def test_each_overlay_is_a_scene_over_the_table_and_closes_by_esc_its_key_or_its_button(drivers, name, close):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    if name == "last_trick":
        play_to_the_first_trick(d)
    table = d.scene
    d.key(OPEN_KEYS[name])
    top = assert_overlay_on_top(d, name)
    assert table.button_rect(BUTTON[name]) == top.buttons[BUTTON[name]].rect
    assert table.button_rect("scores") is None and table.decision().kind == ""  # the table takes no input
    for _ in range(3):
        d.step()
    assert d.app.ctx.scenes.top is top  # stays up until closed
    if close == "esc":
        d.key(pygame.K_ESCAPE)
    elif close == "own key":
        d.key(OPEN_KEYS[name])
    else:
        d.click_button(BUTTON[name])
    assert d.app.ctx.scenes.top is table and table.overlays.names() == [] and getattr(table.overlays, name) is None
    assert len(d.app.ctx.scenes) == 1


def test_the_summary_is_a_scene_enter_continues_and_the_table_goes_on_under_it(drivers):
    d = Driver("spades", 4, [0], seed=6, speed="fast")
    drivers.append(d)
    d.finish_hand()
    table = d.scene
    top = assert_overlay_on_top(d, "summary")
    assert table.button_rect("continue") == top.panel.button.rect
    d.key(pygame.K_RETURN)
    assert d.app.ctx.scenes.top is table and table.overlays.summary is None
    d.until(lambda: table.model.hand_sizes[0] == 13)  # released: the next hand is dealt
    assert d.app.ctx.scenes.top is table


def test_a_computers_question_is_kept_under_the_rules_and_played_once_they_close(drivers):
    from ui.scenes.rules import RulesScene

    d = west_first_driver(drivers)
    table = d.scene
    go = threading.Event()
    try:
        table.control.computers.sync = False
        for seat in (1, 2, 3):
            table.control.computers.players[seat] = GatedPlayer(go)
        stops = count_calls(table.control.computers, "stop")
        d.until(lambda: table.player.idle and table.control.computers.busy())  # West is thinking
        asked = table.control.applied
        d.key(pygame.K_ESCAPE)
        d.click_button("rules")  # the menu closes first, then the rules cover the table
        stack = d.app.ctx.scenes
        assert isinstance(stack.top, RulesScene) and table in stack and table.overlays.menu is None and len(stack) == 2
        assert stops == [] and table.control.computers.asked(asked)  # covered, not exited: the question stands
        go.set()
        assert table.control.computers.wait(asked) is not None  # answered in the background
        for _ in range(20):
            d.step()
        assert table.control.applied == asked  # paused: nobody moves under the rules
        asks = count_calls(table.control.computers, "ask")
        d.key(pygame.K_ESCAPE)
        assert stack.top is table
        d.until(lambda: table.control.applied > asked, max_frames=60)  # the answer is played...
        assert table.control.applied == asked + 1 and asks == [] and stops == []  # ...not asked again
        d.key(pygame.K_ESCAPE)
        d.click_button("quit")  # leaving for good stops them, once
        assert stops == [1] and table not in stack and len(stack) == 1
    finally:
        go.set()


def test_a_hint_in_progress_is_kept_under_the_settings_and_shown_after_them(drivers):
    from ui.scenes.settings import SettingsScene

    d, go = at_bid_with_a_gated_hint(drivers)
    table = d.scene
    try:
        stops = count_calls(table.control.hints.players, "stop")
        d.key(pygame.K_h)
        assert table.control.hints.pending()
        d.key(pygame.K_ESCAPE)
        d.click_button("settings")
        assert isinstance(d.app.ctx.scenes.top, SettingsScene)
        go.set()
        for _ in range(5):
            d.step()
        assert stops == [] and table.control.hints.key is not None
        d.key(pygame.K_ESCAPE)
        assert d.app.ctx.scenes.top is table
        d.until(lambda: table.shown_hint() is not None, max_frames=200)
        assert table.shown_hint() in table.control.game.view(0).legal and stops == []
    finally:
        go.set()


def test_a_hint_in_progress_is_kept_under_the_score_sheet(drivers):
    d, go = at_bid_with_a_gated_hint(drivers)
    table = d.scene
    try:
        d.key(pygame.K_h)
        d.key(pygame.K_s)
        assert table.overlays.sheet is not None and table.shown_hint() is None  # nothing shows under the sheet
        go.set()
        for _ in range(10):
            d.step()  # the table runs under its own overlay: the answer is taken
        assert table.control.hints.action is not None
        d.key(pygame.K_s)
        assert table.shown_hint() is not None
    finally:
        go.set()


@pytest.mark.parametrize("via_hook", [True, False])
def test_quitting_over_the_curtain_clears_every_overlay_and_stops_the_computers_once(drivers, via_hook):
    from ui.scenes.menu import MenuScene

    d = Driver("pitch", 4, [0, 1], seed=17, speed="fast")
    drivers.append(d)
    table = d.scene
    while d.next_stop() != "curtain":
        d.click_button("bid:pass" if table.button_rect("bid:pass") else "bid:2")
    assert_overlay_on_top(d, "curtain")
    d.key(pygame.K_ESCAPE)  # the menu opens over the curtain
    assert_overlay_on_top(d, "menu")
    assert table.overlays.curtain is not None and table.overlays.names() == ["curtain", "menu"]
    assert table.face_up_hidden_cards() == []
    if not via_hook:
        d.app.ctx.app = None
    stops = count_calls(table.control.computers, "stop")
    d.click_button("quit")
    stack = d.app.ctx.scenes
    assert stops == [1] and table.overlays.names() == [] and table not in stack
    if via_hook:
        assert isinstance(stack.top, MenuScene) and len(stack) == 1
    else:
        assert len(stack) == 0


def test_the_curtain_is_a_scene_that_hides_every_hand_and_enter_lifts_it(drivers):
    d = Driver("pitch", 4, [0, 1], seed=17, speed="fast")
    drivers.append(d)
    table = d.scene
    while d.next_stop() != "curtain":
        d.click_button("bid:pass" if table.button_rect("bid:pass") else "bid:2")
    top = assert_overlay_on_top(d, "curtain")
    assert table.button_rect("curtain") == top.panel.button.rect and table.button_rect("menu") is None
    assert table.control.viewer is None and table.face_up_hidden_cards() == []
    assert not any(item.face_up and item.owner is not None for item in table.render_items())
    target = table.control.game.to_act
    d.key(pygame.K_RETURN)
    assert d.app.ctx.scenes.top is table and table.overlays.curtain is None and table.control.viewer == target


def test_the_summary_opened_under_the_last_trick_comes_over_it_and_takes_the_input_first(drivers):
    d = Driver("spades", 4, [0], seed=6, speed="normal")
    drivers.append(d)
    table = d.scene
    for _ in range(20000):
        if table.control.game.results and table.overlays.summary is None and not table.player.idle:
            break  # the engine has scored the hand; the screen is still playing the last trick
        kind = table.decision().kind
        if kind == "bid":
            d.click_button("bid:3")
        elif kind == "play":
            d.click_card(next(a.card for a in table.decision().legal if isinstance(a, Play)))
        else:
            d.step()
    assert table.control.game.results and table.model.last_trick
    d.key(pygame.K_l)
    review = assert_overlay_on_top(d, "last_trick")
    d.until(lambda: table.overlays.summary is not None)  # the event player goes on under the review
    summary = assert_overlay_on_top(d, "summary")
    assert d.app.ctx.scenes.visible()[-2:] == [review, summary]
    assert table.button_rect("continue") is not None and table.button_rect("close") is None
    d.until(lambda: table.overlays.summary.count_k >= 1.0)
    d.key(pygame.K_ESCAPE)  # Esc over the summary opens the pause menu over it; Esc again resumes
    menu = assert_overlay_on_top(d, "menu")
    assert d.app.ctx.scenes.visible()[-3:] == [review, summary, menu]
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.scenes.top is summary and table.overlays.menu is None and table.overlays.last_trick is not None
    d.key(pygame.K_RETURN)
    assert d.app.ctx.scenes.top is review and table.overlays.summary is None
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.scenes.top is table and table.overlays.names() == []


@pytest.mark.parametrize("name", ["menu", "sheet", "last_trick", "summary", "curtain"])
def test_a_resize_relays_the_table_out_and_re_centres_the_overlay(drivers, name):
    if name == "curtain":
        d = Driver("pitch", 4, [0, 1], seed=17, speed="fast")
        drivers.append(d)
        while d.next_stop() != "curtain":
            d.click_button("bid:pass" if d.scene.button_rect("bid:pass") else "bid:2")
    else:
        d = Driver("spades", 4, [0], seed=6, speed="fast")
        drivers.append(d)
        if name == "summary":
            d.finish_hand()
        else:
            if name == "last_trick":
                play_to_the_first_trick(d)
            d.key(OPEN_KEYS[name])
    table = d.scene
    top = assert_overlay_on_top(d, name)
    d.app.resize((1000, 700))
    d.step()
    assert table.view.size == (1000, 700) and d.app.ctx.scenes.top is top
    assert top.panel.rect.center == (500, 350) and pygame.Rect(0, 0, 1000, 700).contains(top.panel.rect)
    button = next(iter(top.buttons.values()))
    assert top.panel.rect.contains(button.rect)
    d.app.draw()  # draws bottom-up without trouble at the new size


def test_the_game_ending_with_an_overlay_up_shows_the_result_over_the_bare_table(drivers):
    from ui.scenes.gameover import GameOverScene
    from ui.scenes.menu import MenuScene

    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    table = d.scene
    d.key(pygame.K_s)
    assert table.overlays.sheet is not None
    stops = count_calls(table.control.computers, "stop")
    table.stage.game_over(Event(GAME_OVER, value=0))
    stack = d.app.ctx.scenes
    assert isinstance(stack.top, GameOverScene) and stack.visible() == [table, stack.top]
    assert table.overlays.names() == [] and stops == [1]
    d.key(pygame.K_ESCAPE)
    assert isinstance(stack.top, MenuScene) and len(stack) == 1


def test_the_menus_save_record_item_closes_the_menu_and_opens_the_chooser_over_the_table(drivers):
    from ui.scenes.file_chooser import FileChooserScene

    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    table = d.scene
    stops = count_calls(table.control.computers, "stop")
    d.key(pygame.K_ESCAPE)
    d.click_button("save_record")
    stack = d.app.ctx.scenes
    assert isinstance(stack.top, FileChooserScene) and len(stack) == 2 and table.overlays.menu is None
    d.key(pygame.K_ESCAPE)
    assert stack.top is table and stops == []
