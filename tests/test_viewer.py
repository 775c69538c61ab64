"""The replay viewer: every position it shows is ``replay(record, limit=k)``'s state, forward and back."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.factory import default_options
from game.games import GAMES as REGISTRY
from game.record import RecordError, replay
from game.state import Phase, TrickGame
from game.tools.simulate import simulate
from ui.app import App, make_app
from ui.scenes.viewer import ViewerScene, cards_of
from ui.table.view import HandState

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path("/tmp/trick-table-viewer")
GAMES = [("spades", 4), ("spades-two", 2), ("pitch", 4), ("ten-point-pitch", 4), ("ten-point-pitch", 3)]


def recorded(kind: str, players: int, hands: int = 2, seed: int = 5) -> dict[str, Any]:
    """A game played by normal-level computers, as its record."""
    options = REGISTRY[kind].default_options_at(players)  # Ten-point Pitch for three: each for himself
    return simulate(kind, options, players, 1, seed, ["normal"], hands).records[0]


@pytest.fixture
def window(bare_app: App) -> App:
    """A headless window with nothing on it."""
    return bare_app


def open_viewer(app: App, record: Any, problem: str | None = None) -> ViewerScene:
    """Push the viewer and show its first frame."""
    scene = ViewerScene(app.ctx, record, problem)
    app.ctx.scenes.push(scene)
    app.step(0.016)
    return scene


def press(app: App, key: int) -> None:
    """A key press and one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(0.016)


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos`` and one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.016)


def same_state(shown: TrickGame, expected: TrickGame) -> None:
    """Every seat's view, the scores and whose turn it is agree."""
    assert shown.phase is expected.phase and shown.to_act == expected.to_act
    assert list(shown.scores) == list(expected.scores) and shown.hand_number == expected.hand_number
    for seat in range(expected.num_seats):
        assert shown.view(seat) == expected.view(seat)


def check_position(scene: ViewerScene, record: Any) -> None:
    """The scene's state is replay(record, limit=k)'s, and the table shows it: every hand face up,
    the bids, tricks, trick and scores."""
    pos = scene.position
    assert pos is not None and scene.game is not None and scene.model is not None
    expected = replay(record, limit=pos.k).game
    same_state(scene.game, expected)
    model = scene.model
    if pos.hand_over:
        assert model.phase is Phase.HAND_OVER and scene.summary is not None
        assert scene.summary.new_scores == list(expected.results[-1].scores)
        return
    assert scene.summary is None
    assert model.scores == list(expected.scores) and [round(s) for s in model.shown_scores] == list(expected.scores)
    assert model.bids == list(expected.view(0).bids) and model.tricks_won == list(expected.view(0).tricks_won)
    for seat in range(expected.num_seats):
        assert model.hands[seat] == model.sort_hand(cards_of(expected.hands[seat]))  # in the settings' order
    items = scene.view.items(model, HandState())
    shown = sorted(item.card for item in items if item.face_up and item.owner is not None and item.card is not None)
    in_hands = sorted(card for seat in range(expected.num_seats) for card in cards_of(expected.hands[seat]))
    assert shown == in_hands  # every card in every hand is drawn face up, and no other card of a hand
    if pos.trick_done:
        assert model.trick == list(expected.view(0).last_trick)
    else:
        assert model.trick == list(expected.view(0).trick)


@pytest.mark.parametrize(("kind", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_the_viewer_steps_to_the_end_and_back_matching_replay(window: App, kind: str, players: int) -> None:
    record = recorded(kind, players)
    scene = open_viewer(window, record)
    total = replay(record).actions
    assert scene.timeline.total == total and scene.problem is None
    seen = [scene.position]
    check_position(scene, record)
    while scene.index < scene.last:
        press(window, pygame.K_RIGHT)
        check_position(scene, record)
        seen.append(scene.position)
    assert seen[-1] is not None and seen[-1].k == total
    assert [p.k for p in seen if p is not None and not p.hand_over] == list(range(total + 1))
    assert sum(1 for p in seen if p is not None and p.hand_over) == len(replay(record).game.results)
    while scene.index > 0:
        press(window, pygame.K_LEFT)
        check_position(scene, record)
    assert scene.position == seen[0]
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / f"viewer-{kind}-start.png")


def test_tricks_home_end_and_the_slider(window: App) -> None:
    record = recorded("spades", 4, hands=1)
    scene = open_viewer(window, record)
    press(window, pygame.K_DOWN)
    first = scene.position
    assert first is not None and first.trick_done and first.trick == 1  # the first trick, complete on the table
    assert scene.model is not None and len(scene.model.trick) == 4 and scene.model.winning is not None
    press(window, pygame.K_PAGEDOWN)
    assert scene.position is not None and scene.position.trick == 2 and scene.position.trick_done
    press(window, pygame.K_UP)
    assert scene.position == first
    press(window, pygame.K_END)
    assert scene.index == scene.last and scene.position is not None and scene.position.k == scene.timeline.total
    press(window, pygame.K_HOME)
    assert scene.index == 0
    click(window, (scene.slider.right, scene.slider.centery))
    assert scene.index == scene.last
    click(window, (scene.slider_x(scene.last // 2), scene.slider.centery))
    assert scene.index == scene.last // 2
    check_position(scene, record)
    click(window, scene.buttons["start"].rect.center)
    assert scene.index == 0
    click(window, scene.buttons["next"].rect.center)
    assert scene.index == 1


def test_a_hand_is_shown_scored_before_the_next_deal(window: App) -> None:
    record = recorded("spades", 4, hands=2)
    scene = open_viewer(window, record)
    press(window, pygame.K_DOWN)
    while scene.position is not None and not scene.position.hand_over:
        press(window, pygame.K_DOWN)
    assert scene.summary is not None and scene.summary.hand == 1
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / "viewer-hand-scored.png")
    press(window, pygame.K_RETURN)  # the summary's Next goes on to the next deal
    pos = scene.position
    assert pos is not None and not pos.hand_over and pos.hand == 2 and scene.summary is None


def broken_record() -> tuple[dict[str, Any], str, int]:
    """A record whose second hand has an illegal play: (record, its problem, actions that replay)."""
    record = copy.deepcopy(recorded("spades", 4, hands=2))
    trick = record["hands"][1]["tricks"][2]
    led = trick["plays"][0][1]
    for play in trick["plays"][1:]:  # a card of the led suit from a seat that had one: replaced by the leader's
        if play[1][1] == led[1]:
            play[1] = led
            break
    else:
        trick["plays"][1][1] = led
    with pytest.raises(RecordError) as caught:
        replay(record)
    good = 0
    while True:
        try:
            replay(record, limit=good + 1)
        except RecordError:
            break
        good += 1
    return record, str(caught.value), good


def test_a_record_with_a_problem_opens_up_to_the_problem_and_shows_it(window: App) -> None:
    record, problem, good = broken_record()
    scene = open_viewer(window, record)
    assert scene.problem == problem and "hand 2" in problem
    assert scene.timeline.total == good
    press(window, pygame.K_END)
    assert scene.position is not None and scene.position.k == good
    check_position(scene, record)
    assert scene.buttons["next"].enabled is False
    press(window, pygame.K_RIGHT)
    assert scene.position.k == good  # nothing past the problem
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / "viewer-problem.png")
    # the problem is drawn in the table area: a panel with a red edge under the trick
    surface = pygame.display.get_surface()
    top = scene.view.layout.trick_area.bottom + scene._px(8)
    reds = sum(1 for x in range(200, 1080, 4) for y in range(top, top + 6)
               if surface.get_at((x, y))[:3] == (240, 130, 120))
    assert reds > 20


def test_a_record_that_does_not_replay_at_all_shows_only_the_problem(window: App) -> None:
    record = recorded("pitch", 3, hands=1)
    record["hands"][0]["deal"][0][0] = record["hands"][0]["deal"][1][0]  # a card dealt twice
    scene = open_viewer(window, record)
    assert scene.timeline.start is None and scene.position is None and "dealt twice" in (scene.problem or "")
    press(window, pygame.K_RIGHT)
    press(window, pygame.K_END)
    assert scene.status() == "Nothing to show"


def test_escape_leaves_the_viewer(window: App) -> None:
    from ui.scenes.menu import MenuScene

    menu = MenuScene(window.ctx)
    window.ctx.scenes.push(menu)
    open_viewer(window, recorded("pitch", 2, hands=1))
    press(window, pygame.K_ESCAPE)
    assert window.ctx.scenes.top is menu
    window.ctx.scenes.pop()
    open_viewer(window, recorded("pitch", 2, hands=1))
    press(window, pygame.K_ESCAPE)  # alone (from the command line): the program ends
    window.step(0.016)
    assert window.running is False


def test_replay_without_check_opens_the_window(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(recorded("spades-two", 2, hands=1, seed=s)) for s in (1, 2)) + "\n")
    shot = tmp_path / "first.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TRICK_TABLE_EXIT_AFTER_FIRST_FRAME="1",
               TRICK_TABLE_SCREENSHOT=str(shot))
    done = subprocess.run([sys.executable, "main.py", "replay", str(path), "--game", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 10_000
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    done = subprocess.run([sys.executable, "main.py", "replay", str(bad)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and done.stdout.startswith(f"{bad}: line 1: not a record (")


def test_without_a_history_every_state_is_replayed(window: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.scenes.viewer as viewer

    monkeypatch.setattr(viewer, "_actions_of", lambda game: None)
    record = recorded("pitch", 3, hands=2)
    scene = open_viewer(window, record)
    assert scene.timeline.total == replay(record).actions
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT):
        press(window, key)
        check_position(scene, record)


def test_open_record_shows_a_finished_game_in_the_viewer(tmp_path: Path) -> None:
    from ui.scenes.menu import MenuScene

    record = recorded("pitch", 2, hands=300, seed=9)
    assert record["winner"] is not None
    path = tmp_path / "finished.jsonl"
    path.write_text(json.dumps(record) + "\n")
    app = make_app((1280, 720), headless=True, menu=True)
    try:
        assert app.open_record(path) is None
        scene = app.ctx.scenes.top
        assert isinstance(scene, ViewerScene) and scene.timeline.total == replay(record).actions
        app.step(0.016)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.ctx.scenes.top, MenuScene)
    finally:
        app.close()


@pytest.mark.parametrize(("kind", "players", "cut"), [("spades", 4, 30), ("spades-two", 2, 17), ("pitch", 5, 9)])
def test_a_game_in_progress_opens_at_its_last_action(window: App, kind: str, players: int, cut: int) -> None:
    import random

    from game.factory import new_game
    from game.record import to_record

    game = new_game(kind, default_options(kind), players, seed=21)
    rng = random.Random(4)
    for _ in range(cut):
        game.apply(rng.choice(game.legal_actions()))
    record = json.loads(json.dumps(to_record(game)))
    scene = open_viewer(window, record)
    assert scene.problem is None and scene.timeline.total == replay(record).actions
    press(window, pygame.K_END)
    assert scene.game is not None
    same_state(scene.game, game)
    check_position(scene, record)


def test_open_record_shows_a_record_with_a_problem_up_to_it(tmp_path: Path) -> None:
    record, problem, good = broken_record()
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(record) + "\n")
    app = make_app((1280, 720), headless=True, menu=True)
    try:
        assert app.open_record(path) is None
        scene = app.ctx.scenes.top
        assert isinstance(scene, ViewerScene) and scene.problem == problem and scene.timeline.total == good
    finally:
        app.close()
