"""The replay viewer's hand list, and the viewer opened on a game in memory (review from the table)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai import make_player
from game.factory import default_options, new_game
from game.record import replay
from game.state import Phase
from game.tools.simulate import simulate
from tests.test_viewer import broken_record, check_position, click, open_viewer, press, recorded, same_state
from ui.app import App
from ui.replay.hand_list import signed
from ui.scenes.viewer import ViewerScene, open_viewer_for_game

SHOTS = Path("/tmp/trick-table-viewer")


@pytest.fixture
def window(bare_app: App) -> App:
    """A headless window with nothing on it."""
    return bare_app


def long_record() -> dict[str, Any]:
    """A four-player Spades game to 1000 (more hands than the list shows at once)."""
    options = dataclasses.replace(default_options("spades"), target=1000)
    return simulate("spades", options, 4, 1, 3, ["normal"], 300).records[0]


def wheel(app: App, y: int) -> None:
    """A mouse wheel turn (``y`` > 0: up) and one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step(0.016)


def row_center(scene: ViewerScene, index: int) -> tuple[int, int]:
    """Where to click row ``index`` (shown now)."""
    rect = scene.hand_list.row_rect(index)
    assert rect is not None, f"row {index} is not shown"
    return rect.center


def start_of(scene: ViewerScene, number: int) -> int:
    """The number of actions at which hand ``number`` is dealt."""
    return scene.timeline.positions[scene.timeline.hand_starts()[number - 1]].k


@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 5)])
def test_one_row_per_hand_with_the_engines_points(window: App, kind: str, players: int) -> None:
    record = recorded(kind, players, hands=300, seed=5)
    scene = open_viewer(window, record)
    press(window, pygame.K_h)
    assert scene.list_open and scene.buttons["hands"].enabled
    rows = scene.hand_list.rows
    results = replay(record).game.results
    assert record["winner"] is not None and len(rows) == len(record["hands"]) == len(results)
    for number, (row, hand, result) in enumerate(zip(rows, record["hands"], results, strict=True), start=1):
        assert row.number == number
        assert row.points == tuple(p["total"] for p in result.points) == tuple(p["total"] for p in hand["points"])
        dealer = scene.names[hand["first" if kind == "spades-two" else "dealer"]]
        assert row.who == (f"{dealer} draws first" if kind == "spades-two" else f"Dealer {dealer}")
        if kind == "pitch":
            assert row.bids == f"{scene.names[result.pitcher]} bid {result.bid}"
            assert (result.pitcher, result.bid) == (hand["pitcher"], hand["bid"])
        else:
            by_seat = {b["seat"]: b["bid"] for b in hand["bids"]}
            words = ["Nil" if b == "nil" else "Double Nil" if b == "double_nil" else str(b)
                     for b in (by_seat[s] for s in range(players))]
            assert row.bids == "Bids " + "/".join(words)
    assert signed(52) == "+52" and signed(-41) == "\u221241" and signed(0) == "0"


def test_clicking_a_row_jumps_to_the_start_of_that_hand(window: App) -> None:
    record = recorded("spades", 4, hands=300, seed=5)
    scene = open_viewer(window, record)
    click(window, scene.buttons["hands"].rect.center)
    assert scene.list_open
    for index in (2, 0, len(scene.hand_list.rows) - 1):
        scene.hand_list.keep_visible(index)
        click(window, row_center(scene, index))
        pos = scene.position
        assert pos is not None and pos.hand == index + 1 and not pos.hand_over
        assert pos.k == start_of(scene, index + 1)
        assert scene.game is not None
        same_state(scene.game, replay(record, limit=pos.k).game)
        check_position(scene, record)
        assert scene.hand_list.focused and scene.hand_list.focus == index


def test_the_wheel_scrolls_a_long_list_and_the_shown_hand_stays_in_view(window: App) -> None:
    record = long_record()
    window.resize((800, 480))
    scene = open_viewer(window, record)
    press(window, pygame.K_h)
    hands = scene.hand_list
    assert len(hands.rows) == len(record["hands"]) > hands.visible_rows
    assert hands.top == 0
    wheel(window, -1)
    assert hands.top == 2
    for _ in range(30):
        wheel(window, -1)
    assert hands.top == len(hands.rows) - hands.visible_rows  # never past the end
    last = len(hands.rows) - 1
    click(window, row_center(scene, last))
    assert scene.position is not None and scene.position.k == start_of(scene, last + 1)
    for _ in range(30):
        wheel(window, 1)
    assert hands.top == 0 and hands.row_rect(last) is None  # the wheel alone leaves the hand shown out of view
    press(window, pygame.K_HOME)
    press(window, pygame.K_END)  # the viewer moves on to the last hand: its row is scrolled into view
    assert hands.row_rect(last) is not None
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / "viewer-hand-list-800.png")


def test_keyboard_focus_moves_through_the_rows_and_enter_jumps(window: App) -> None:
    record = long_record()
    window.resize((800, 480))
    scene = open_viewer(window, record)
    scene.go_to(scene.timeline.hand_starts()[3] + 5)  # in hand 4
    press(window, pygame.K_h)
    hands = scene.hand_list
    assert hands.focused and hands.focus == 3  # the list takes the keyboard on the hand shown
    press(window, pygame.K_DOWN)
    press(window, pygame.K_DOWN)
    assert hands.focus == 5 and scene.position is not None and scene.position.hand == 4  # focus only moves
    press(window, pygame.K_UP)
    press(window, pygame.K_RETURN)
    assert scene.position.hand == 5 and scene.position.k == start_of(scene, 5)
    check_position(scene, record)
    press(window, pygame.K_PAGEDOWN)
    assert hands.focus == 4 + hands.visible_rows
    assert hands.row_rect(hands.focus) is not None  # scrolled to keep the focus in view
    for _ in range(40):
        press(window, pygame.K_DOWN)
    assert hands.focus == len(hands.rows) - 1
    press(window, pygame.K_KP_ENTER)
    assert scene.position.hand == len(hands.rows)
    press(window, pygame.K_RIGHT)  # ← / → still step while the list has the keyboard
    assert scene.position.k == start_of(scene, len(hands.rows)) + 1
    press(window, pygame.K_TAB)  # Tab gives the keyboard back to the table: ↑/↓ step tricks again
    assert not hands.focused
    press(window, pygame.K_UP)
    assert scene.position.k == start_of(scene, len(hands.rows))
    press(window, pygame.K_TAB)
    assert hands.focused and hands.focus == len(hands.rows) - 1
    click(window, (100, 100))  # a click on the table takes the keyboard from the list
    assert not hands.focused
    press(window, pygame.K_h)
    press(window, pygame.K_TAB)  # the list closed, Tab goes through the bar's buttons as before
    assert not scene.list_open and scene.group.focus is scene.buttons["start"]


def test_a_record_with_a_problem_lists_the_hands_up_to_it(window: App) -> None:
    record, _problem, good = broken_record()  # the problem is in hand 2
    scene = open_viewer(window, record)
    press(window, pygame.K_h)
    rows = scene.hand_list.rows
    assert [row.number for row in rows] == [1, 2] and scene.hand_list.problem
    first = replay(record, limit=good).game.results[0]
    assert rows[0].points == tuple(p["total"] for p in first.points) and rows[1].points is None
    click(window, row_center(scene, 1))
    assert scene.position is not None and scene.position.k == start_of(scene, 2)
    check_position(scene, record)
    window.screenshot(SHOTS / "viewer-hand-list-problem.png")


def test_a_game_in_progress_lists_its_last_hand_in_progress(window: App) -> None:
    game = new_game("pitch", default_options("pitch"), 3, seed=21)
    rng = random.Random(4)
    while len(game.results) < 2 or game.hand_number < 3 or not any(b is not None for b in game.bids):
        game.apply(rng.choice(game.legal_actions()))
    scene = open_viewer_for_game(window.ctx, game)
    window.step(0.016)
    press(window, pygame.K_h)
    rows = scene.hand_list.rows
    assert [row.number for row in rows] == [1, 2, 3] and rows[2].points is None and not scene.hand_list.problem
    assert rows[1].points == tuple(p["total"] for p in game.results[1].points)
    assert rows[2].who == f"Dealer {scene.names[game.dealer]}"


def test_the_list_after_a_resize_and_beside_or_over_the_table(window: App) -> None:
    scene = open_viewer(window, recorded("pitch", 4, hands=300, seed=5))
    full = scene.view.size
    press(window, pygame.K_h)
    assert scene.docked() and scene.view.size[0] == full[0] - scene.hand_list.rect.width  # beside the table
    assert scene.hand_list.rect.right == 1280 and scene.hand_list.rect.bottom == full[1]
    for size in ((800, 480), (1920, 1080), (1280, 720)):
        window.resize(size)
        window.step(0.016)
        w, h = size
        hands = scene.hand_list
        assert scene.list_open and hands.rect.right == w and hands.rect.bottom == scene.view.size[1]  # above the bar
        assert hands.rect.bottom < scene.buttons["close"].rect.top and hands.list_rect.bottom <= hands.rect.bottom
        assert scene.view.size[0] == (w - hands.rect.width if scene.docked() else w)
        assert scene.docked() == (size != (800, 480))  # too narrow: the list lies over the table's right side
        click(window, row_center(scene, 1))
        assert scene.position is not None and scene.position.hand == 2
        SHOTS.mkdir(exist_ok=True)
        window.screenshot(SHOTS / f"viewer-hand-list-{w}.png")
    press(window, pygame.K_h)
    assert not scene.list_open and scene.view.size == full


def test_escape_closes_the_list_first_then_leaves(window: App) -> None:
    from ui.scenes.menu import MenuScene

    menu = MenuScene(window.ctx)
    window.ctx.scenes.push(menu)
    scene = open_viewer(window, recorded("spades", 4, hands=2))
    press(window, pygame.K_h)
    press(window, pygame.K_s)
    assert scene.sheet is not None
    press(window, pygame.K_ESCAPE)  # the score sheet first
    assert scene.sheet is None and scene.list_open and window.ctx.scenes.top is scene
    press(window, pygame.K_ESCAPE)  # then the list
    assert not scene.list_open and window.ctx.scenes.top is scene
    press(window, pygame.K_ESCAPE)  # then the viewer
    assert window.ctx.scenes.top is menu


def test_a_record_that_does_not_replay_has_no_hand_list(window: App) -> None:
    record = recorded("pitch", 3, hands=1)
    record["hands"][0]["deal"][0][0] = record["hands"][0]["deal"][1][0]
    scene = open_viewer(window, record)
    press(window, pygame.K_h)
    assert scene.hand_list.rows == [] and not scene.list_open and not scene.buttons["hands"].enabled


# ----------------------------------------------------------------- review a game from the table
@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("pitch", 3)])
def test_open_viewer_for_game_shows_the_game_and_esc_returns(window: App, kind: str, players: int) -> None:
    from ui.scenes.menu import MenuScene

    menu = MenuScene(window.ctx)
    window.ctx.scenes.push(menu)
    game = new_game(kind, default_options(kind), players, seed=8)
    computers = [make_player("normal", seat) for seat in range(players)]
    while game.phase is not Phase.GAME_OVER:  # played to the end by the engine's computer players
        assert game.to_act is not None
        game.apply(computers[game.to_act].choose(game.view(game.to_act)))
    seats = [{"name": name, "player": "human" if i == 0 else "computer", "level": "normal"}
             for i, name in enumerate(["Ann", "Bob", "Cy", "Di"][:players])]
    seats[0].pop("level")
    scene = open_viewer_for_game(window.ctx, game, seats)
    window.step(0.016)
    assert window.ctx.scenes.top is scene and scene.problem is None
    assert scene.names == ["Ann", "Bob", "Cy", "Di"][:players] and scene.bottom == 0
    press(window, pygame.K_END)
    assert scene.game is not None and scene.game.winner == game.winner
    same_state(scene.game, game)
    press(window, pygame.K_h)
    assert [row.points for row in scene.hand_list.rows] == [tuple(p["total"] for p in r.points)
                                                           for r in game.results]
    press(window, pygame.K_ESCAPE)
    press(window, pygame.K_ESCAPE)
    assert window.ctx.scenes.top is menu


def test_open_viewer_for_a_game_in_progress(window: App) -> None:
    game = new_game("spades-two", default_options("spades-two"), 2, seed=4)
    rng = random.Random(6)
    for _ in range(90):
        game.apply(rng.choice(game.legal_actions()))
    before = game.clone()
    scene = open_viewer_for_game(window.ctx, game)
    window.step(0.016)
    assert scene.timeline.total == 90
    press(window, pygame.K_END)
    assert scene.game is not None
    same_state(scene.game, game)
    same_state(game, before)  # the game itself was only read


def test_a_hand_summary_lies_over_a_list_that_lies_over_the_table(window: App) -> None:
    window.resize((800, 480))
    scene = open_viewer(window, recorded("spades", 4, hands=2))
    scene.go_to(next(i for i, pos in enumerate(scene.timeline.positions) if pos.hand_over))
    press(window, pygame.K_h)
    assert scene.summary is not None and scene.list_open and not scene.docked()
    row = scene.hand_list.row_rect(0)
    assert row is not None
    overlap = scene.summary.rect.clip(row)
    assert overlap.width > 0 and scene.hand_list.row_at(overlap.center) == 0
    index = scene.index
    click(window, overlap.center)  # on the summary (a click on it goes on), not on hand 1's row under it
    assert scene.index == index + 1 and scene.position is not None and scene.position.hand == 2
