"""The computer players in the window: levels on the setup screen and the plates, the worker process,
a failing player, the Hint, and a whole hand against hard computers driven through the table.

Headless (conftest sets SDL's dummy drivers). Frames worth looking at are saved under
/tmp/trick-table-shots (never in the repository).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.actions import Bid, Look, Play
from game.chance import Chance
from game.factory import new_game
from game.options import SpadesOptions
from game.record import to_record
from game.state import SeatView
from ui.app import make_app
from ui.config import LEVELS
from ui.scenes.setup import SetupScene
from ui.scenes.table import TableScene, make_config
from ui.services import computer
from ui.services.computer import ComputerPlayers, ComputerWorker, PlayerSpec, player_for
from ui.table.hint import LABEL, LABEL_BUSY, hint_button_name
from ui.table.view import HINT_GLOW

DT = 1 / 60
SHOTS = Path("/tmp/trick-table-shots")
NAMES = ["You", "West", "North", "East"]
THINK_MS = 40  # the hard level's budget in these tests


# ----- helpers ----------------------------------------------------------------------------------
def click(app: Any, pos: tuple[int, int]) -> None:
    """Move, press and release the left button at ``pos``, then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def press(app: Any, key: int) -> None:
    """One key press, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def shot(app: Any, name: str) -> Path:
    """Draw a fresh frame and save it for a human to look at."""
    app.draw()
    return app.screenshot(SHOTS / f"{name}.png")


def until(app: Any, done: Callable[[], bool], max_frames: int = 3000, dt: float = 0.05,
          sleep_s: float = 0.0) -> None:
    """Step ``app`` until ``done()`` (fails after ``max_frames``)."""
    for _ in range(max_frames):
        if done():
            return
        app.step(dt)
        if sleep_s:
            time.sleep(sleep_s)
    raise AssertionError("never got there")


class Spy:
    """Wraps a player and keeps every view it was asked with."""

    def __init__(self, player: Any, game_view: Callable[[int], SeatView]) -> None:
        self.player = player
        self.game_view = game_view
        self.views: list[SeatView] = []
        self.matched: list[bool] = []

    def choose(self, view: SeatView) -> Any:
        """Record the view (and whether it is exactly that seat's own view now), then decide."""
        self.views.append(view)
        self.matched.append(view == self.game_view(view.seat))
        return self.player.choose(view)


class Raiser:
    """A computer player whose search always crashes."""

    def choose(self, view: SeatView) -> Any:
        """Raise."""
        raise RuntimeError("boom in the search")


class Gated:
    """A player that answers only once the test lets it."""

    def __init__(self, go: threading.Event) -> None:
        self.go = go

    def choose(self, view: SeatView) -> Any:
        """Wait for ``go``, then the first legal action."""
        self.go.wait(10.0)
        return view.legal[0]


@pytest.fixture
def log_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The computer players' log goes to a temporary folder."""
    monkeypatch.setenv(computer.LOG_DIR_ENV, str(tmp_path))
    computer.reset_log()
    yield tmp_path
    computer.reset_log()


def log_text(folder: Path) -> str:
    """What the computer players' log holds."""
    for handler in computer.log.handlers:
        handler.flush()
    path = folder / computer.LOG_FILE
    return path.read_text(encoding="utf-8") if path.exists() else ""


def table_app(humans: list[int], level: str, sync: bool = True, engine: Any = None, seed: int = 5,
              worker: ComputerWorker | None = None, speed: str = "fast") -> tuple[Any, TableScene]:
    """A headless App with a four-player Spades table on top."""
    from ui.draw import cardart

    cardart.reset()
    app = make_app((1280, 720), headless=True, menu=False)
    pygame.event.clear()
    app.ctx.settings.think_ms = THINK_MS
    app.ctx.settings.speed = speed
    if worker is not None:
        app.ctx.worker = worker
    names = list(NAMES)
    if len(humans) > 1:
        for number, seat in enumerate(humans, start=1):
            names[seat] = f"Player {number}"
    config = make_config("spades", names, humans, seed=seed, level=level)
    scene = TableScene(app.ctx, config, computer_sync=sync, game=engine)
    app.ctx.scenes.push(scene)
    return app, scene


def west_first() -> Any:
    """A Spades game where seat 0 deals, so West (a computer) decides first."""
    chance = Chance(30)
    chance.force("seat", [0])
    return new_game("spades", SpadesOptions(), 4, 30, chance)


def act_as_human(app: Any, scene: TableScene) -> bool:
    """Make the viewer's decision by clicking, if there is one now; True when something was clicked."""
    points = scene.clickable_points()
    if "look" in points:
        click(app, points["look"])
        return True
    kind = scene.decision().kind
    if kind == "bid":
        bids = sorted(n for n in points if n.startswith("bid:") and n[4:].isdigit())
        click(app, points["bid:3"] if "bid:3" in points else points[bids[0]])
        return True
    if kind == "play":
        card = next(a.card for a in scene.decision().legal if isinstance(a, Play))
        click(app, points[f"card:{card}"])
        return True
    if "continue" in points:
        return False
    assert not kind, f"unexpected decision {kind}"
    return False


# ----- levels on the setup screen, the table and the record ---------------------------------------
def test_setup_offers_easy_normal_and_hard_with_normal_by_default(app: Any) -> None:
    assert LEVELS == ["easy", "normal", "hard"]
    click(app, app.ctx.scenes.top.new_game.rect.center)
    setup = app.ctx.scenes.top
    assert isinstance(setup, SetupScene)
    for i in (1, 2, 3):
        level = setup.rows[i].level
        assert [(label, value) for label, value in level.choices] == [("Easy", "easy"), ("Normal", "normal"),
                                                                      ("Hard", "hard")]
        assert level.value == "normal" and level in setup.group.widgets
    assert setup.rows[0].level not in setup.group.widgets  # a human seat has no level
    assert [seat.level for seat in setup.config().seats[1:]] == ["normal"] * 3
    shot(app, "setup_levels")


def test_the_chosen_level_reaches_the_table_its_plate_and_the_record(sync_app: Any) -> None:
    app = sync_app
    app.ctx.settings.think_ms = THINK_MS
    click(app, app.ctx.scenes.top.new_game.rect.center)
    setup = app.ctx.scenes.top
    click(app, setup.rows[1].level.right_rect.center)  # West: Normal -> Hard
    click(app, setup.rows[3].level.left_rect.center)  # East: Normal -> Easy
    assert setup.levels[1:4] == ["hard", "normal", "easy"]
    click(app, setup.start_button.rect.center)
    table = app.ctx.scenes.top
    assert isinstance(table, TableScene)
    assert [seat.level for seat in table.control.config.seats[1:]] == ["hard", "normal", "easy"]
    specs = table.control.computers.specs
    assert {seat: spec.level for seat, spec in specs.items()} == {1: "hard", 2: "normal", 3: "easy"}
    # every computer knows the table it sits at (a person's seat: None); Hard models the Normal seat by it
    assert {spec.table for spec in specs.values()} == {(None, "hard", "normal", "easy")}
    assert table.control.computers.players[1].table == (None, "hard", "normal", "easy")
    assert table.view.levels == {1: "Hard", 2: "Normal", 3: "Easy"}
    record = to_record(table.control.game, table.control.config.seat_records())
    assert record["seats"] == [{"name": "You", "player": "human"},
                               {"name": "West", "player": "computer", "level": "hard"},
                               {"name": "North", "player": "computer", "level": "normal"},
                               {"name": "East", "player": "computer", "level": "easy"}]
    # The plate says it: West's plate looks different without its level.
    plate = table.view.spot(1).plate
    with_level = pygame.Surface(app.screen.get_size())
    table.view.draw_plate(with_level, table.model, 1, False, None)
    table.view.levels = {}
    without = pygame.Surface(app.screen.get_size())
    table.view.draw_plate(without, table.model, 1, False, None)
    table.view.levels = {1: "Hard", 2: "Normal", 3: "Easy"}
    changed = sum(with_level.get_at((x, y)) != without.get_at((x, y))
                  for x in range(plate.left, plate.right, 2) for y in range(plate.top, plate.centery, 2))
    assert changed > 30
    until(app, lambda: table.player.idle)
    table.painter.forget()
    shot(app, "plates_with_levels")


# ----- the worker process -----------------------------------------------------------------------
@pytest.fixture
def worker() -> Iterator[ComputerWorker]:
    """A warmed-up worker process (stopped afterwards)."""
    started = ComputerWorker(warm=("random", "normal")).start()
    assert started.wait_ready(60.0), f"the worker never became ready ({started.state})"
    yield started
    started.stop()


def test_the_worker_process_answers_and_a_stale_answer_is_ignored(worker: ComputerWorker) -> None:
    engine = new_game("spades", SpadesOptions(), 4, 1)
    seat = engine.to_act
    assert seat is not None
    view = engine.view(seat)
    players = ComputerPlayers({seat: player_for("normal", 1)}, specs={seat: PlayerSpec("normal", 1)}, worker=worker)
    try:
        players.ask(1, view)
        assert players.busy() or players.result(1) is not None
        answer = players.wait(1, 30.0)
        assert answer is not None and answer.error is None
        assert answer.action in view.legal or answer.action == Look(seat)
        assert players._thread is None and worker.state == "ready"  # decided in the process, not here
        players.ask(2, view)
        players.ask(3, view)  # the decision point moved on before 2 was answered
        assert players.wait(3, 30.0) is not None
        assert players.result(2) is None
        worker._inbox.setdefault(players.token, []).append((2, view.legal[0], None))  # a late answer to 2
        assert players.result(2) is None and players.result(3) is not None
        players.stop()
        assert players.result(3) is None  # stopped: nothing pending, nothing answered
    finally:
        players.close()


def test_an_error_in_the_worker_process_is_logged_and_the_seat_falls_back(worker: ComputerWorker,
                                                                          log_dir: Path) -> None:
    engine = new_game("spades", SpadesOptions(), 4, 1)
    seat = engine.to_act
    assert seat is not None
    broken = dataclasses.replace(engine.view(seat), legal=())  # the random level raises on it
    players = ComputerPlayers({seat: player_for("random", 1)}, specs={seat: PlayerSpec("random", 1)}, worker=worker)
    try:
        players.ask(1, broken)
        assert players.wait(1, 30.0) is not None  # answered (by the fallback, or an error the table covers)
        assert players.take_failures() == [(seat, "normal")] and players.failed == {seat: "normal"}
        text = log_text(log_dir)
        assert f"seat {seat} (level random) failed" in text and "has nothing to do now" in text
        view = engine.view(seat)
        players.ask(2, view)  # the seat plays on at Normal, in the process
        answer = players.wait(2, 30.0)
        assert answer is not None and (answer.action in view.legal or answer.action == Look(seat))
        assert players._thread is None
    finally:
        players.close()


def test_a_dead_worker_process_falls_back_to_a_thread(worker: ComputerWorker, log_dir: Path) -> None:
    engine = new_game("spades", SpadesOptions(), 4, 1)
    seat = engine.to_act
    assert seat is not None
    view = engine.view(seat)
    players = ComputerPlayers({seat: player_for("normal", 1)}, specs={seat: PlayerSpec("normal", 1)}, worker=worker)
    try:
        worker._process.kill()
        deadline = time.monotonic() + 10.0
        while worker.alive and time.monotonic() < deadline:
            worker.poll()
            time.sleep(0.05)
        assert worker.state == "dead"
        players.ask(1, view)
        answer = players.wait(1, 30.0)
        assert answer is not None and answer.error is None and players._thread is not None
        assert "process ended" in log_text(log_dir)
    finally:
        players.close()


def test_a_worker_process_that_cannot_start_falls_back_to_a_thread(monkeypatch: pytest.MonkeyPatch,
                                                                    log_dir: Path) -> None:
    def no_processes(method: str) -> Any:
        raise OSError("no processes here")

    monkeypatch.setattr(computer.multiprocessing, "get_context", no_processes)
    engine = new_game("spades", SpadesOptions(), 4, 1)
    seat = engine.to_act
    assert seat is not None
    view = engine.view(seat)
    players = ComputerPlayers({seat: player_for("normal", 1)}, specs={seat: PlayerSpec("normal", 1)})
    try:
        players.ask(1, view)  # starts its own worker, which fails in the background
        answer = players.wait(1, 30.0)
        assert answer is not None and answer.error is None and players._thread is not None
        assert players.worker is not None and players.worker.state == "dead"
        assert "could not be started" in log_text(log_dir) and "no processes here" in log_text(log_dir)
    finally:
        players.close()


def test_a_player_that_raises_is_logged_shown_and_the_seat_plays_a_legal_action(log_dir: Path) -> None:
    app, scene = table_app([0], "hard", engine=west_first())
    try:
        scene.control.computers.players[1] = Raiser()  # West's search crashes
        until(app, lambda: bool(scene.control.computers.failed))
        assert scene.control.computers.failed == {1: "normal"}
        app.step(DT)  # the table reads the failure on its next frame
        text = log_text(log_dir)
        assert "boom in the search" in text and "seat 1" in text
        assert scene.notes.toast is not None and "West's computer player failed" in scene.notes.toast.message
        assert scene.view.levels[1] == "Normal"
        # West bids (the engine takes only legal bids)
        until(app, lambda: scene.control.game.view(0).bids[1] is not None)
        assert scene.control.game.to_act != 1
    finally:
        app.close()


# ----- the Hint ---------------------------------------------------------------------------------
def test_the_hint_shows_the_hard_choice_made_from_the_viewers_own_view() -> None:
    app, scene = table_app([0], "random", engine=west_first())
    try:
        spy = Spy(scene.control.hints.players.players[0], scene.control.game.view)
        scene.control.hints.players.players[0] = spy
        assert scene.control.game.to_act == 1 and scene.button_rect("hint") is None  # West to bid first: no Hint button
        press(app, pygame.K_h)
        assert scene.notes.toast is not None and scene.notes.toast.message == "A hint comes on your turn."
        until(app, lambda: scene.decision().kind == "bid" or scene.button_rect("look") is not None)
        if scene.button_rect("look") is not None:
            click(app, scene.button_rect("look").center)
        until(app, lambda: scene.decision().kind == "bid")
        assert scene.button_rect("hint") is not None
        press(app, pygame.K_h)
        action = scene.shown_hint()
        legal = scene.control.game.view(0).legal
        assert action is not None and action in legal and isinstance(action, Bid)
        ring = scene.button_rect(hint_button_name(action))
        assert ring is not None  # the hinted bid's button is there to ring
        shot(app, "hint_bid")
        click(app, ring.center)
        assert scene.control.game.view(0).bids[0] == action.value and scene.shown_hint() is None
        until(app, lambda: scene.decision().kind == "play")
        click(app, scene.button_rect("hint").center)  # the button does what H does
        action = scene.shown_hint()
        view = scene.control.game.view(0)
        assert isinstance(action, Play) and action in view.legal
        item = next(i for i in scene.render_items() if i.card == action.card and i.face_up)
        assert item.glow == HINT_GLOW
        others = [scene.rect_for_card(c) for c in scene.model.hands[0] if c != action.card]
        assert all(item.rect.top < rect.top for rect in others)  # lifted above the rest of the hand
        app.step(DT)
        shot(app, "hint_card")
        assert spy.views and all(v.seat == 0 for v in spy.views) and all(spy.matched)
        click(app, scene.clickable_points()[f"card:{action.card}"])  # play it: the hint goes
        assert scene.control.hints.key is None and scene.shown_hint() is None
        assert not any(i.glow == HINT_GLOW for i in scene.render_items())
    finally:
        app.close()


def test_in_hot_seat_the_hint_is_for_the_human_whose_turn_it_is() -> None:
    app, scene = table_app([0, 2], "random")
    try:
        spies = {}
        for seat in (0, 2):
            spies[seat] = Spy(scene.control.hints.players.players[seat], scene.control.game.view)
            scene.control.hints.players.players[seat] = spies[seat]
        hinted = set()
        for _ in range(4000):
            if scene.overlays.curtain is not None:
                assert scene.button_rect("hint") is None  # nothing to hint behind the curtain
                click(app, scene.button_rect("curtain").center)
                continue
            if scene.decision().kind and scene.control.viewer not in hinted:
                press(app, pygame.K_h)
                hinted.add(scene.control.viewer)
                action = scene.shown_hint()
                assert action is not None and (action in scene.control.game.view(scene.control.viewer).legal
                                               or action == Look(scene.control.viewer))
                assert spies[scene.control.viewer].views[-1].seat == scene.control.viewer == scene.control.game.to_act
            if hinted == {0, 2}:
                break
            if not act_as_human(app, scene):
                app.step(0.05)
        assert hinted == {0, 2}
        for seat, spy in spies.items():
            assert all(v.seat == seat for v in spy.views) and all(spy.matched)
    finally:
        app.close()


def test_a_hint_in_progress_is_dropped_when_the_position_changes() -> None:
    app, scene = table_app([0], "random", engine=west_first())
    go = threading.Event()
    try:
        for _ in range(3000):
            if scene.decision().kind == "play":
                break
            if not act_as_human(app, scene):  # looks and bids
                app.step(0.05)
        assert scene.decision().kind == "play"
        scene.control.hints.players.sync = False
        scene.control.hints.players.players[0] = Gated(go)
        press(app, pygame.K_h)
        assert scene.control.hints.pending() and scene.hint_button.label == LABEL_BUSY
        card = next(a.card for a in scene.decision().legal if isinstance(a, Play))
        click(app, scene.clickable_points()[f"card:{card}"])  # the position changes under the search
        assert scene.control.hints.key is None and scene.hint_button.label == LABEL
        go.set()
        time.sleep(0.05)
        for _ in range(5):
            app.step(DT)
        assert scene.shown_hint() is None and not any(i.glow == HINT_GLOW for i in scene.render_items())
    finally:
        go.set()
        app.close()


# ----- a whole hand against hard computers, through the window ------------------------------------
def test_a_whole_hand_against_hard_computers_through_the_table_scene() -> None:
    worker = ComputerWorker().start()
    assert worker.wait_ready(60.0)
    app, scene = table_app([0], "hard", sync=False, worker=worker, seed=11)
    try:
        assert {spec.level for spec in scene.control.computers.specs.values()} == {"hard"}
        deadline = time.monotonic() + 240.0
        hinted = False
        while scene.overlays.summary is None and time.monotonic() < deadline:
            if scene.decision().kind == "play" and not hinted:  # once: the Hint, from the process too
                press(app, pygame.K_h)
                until(app, lambda: scene.shown_hint() is not None, dt=DT, sleep_s=0.005)
                action = scene.shown_hint()
                assert isinstance(action, Play) and action in scene.control.game.view(0).legal
                assert {i.card for i in scene.render_items() if i.glow == HINT_GLOW} == {action.card}
                assert scene.control.hints.players._thread is None
                click(app, scene.clickable_points()[f"card:{action.card}"])
                hinted = True
            elif not act_as_human(app, scene):
                app.step(0.05)
                time.sleep(0.002)  # as the real loop's clock.tick does
        assert hinted
        assert scene.overlays.summary is not None, "the hand never ended"
        first_hand = scene.control.game.hand_logs[0]  # the engine may already have dealt the next hand
        assert len(first_hand.tricks) == 13 and first_hand.result is not None
        # every computer move came from the process
        assert scene.control.computers._thread is None and worker.state == "ready"
        assert not scene.control.computers.failed
        shot(app, "hard_hand_summary")
    finally:
        app.close()
        worker.stop()


def follow_hint(app: Any, scene: TableScene) -> str:
    """Ask for the hint at the viewer's decision and carry it out by clicking what it points at."""
    press(app, pygame.K_h)
    action = scene.shown_hint()
    seat = scene.control.viewer
    assert action is not None and seat is not None
    assert action in scene.control.game.view(seat).legal or action == Look(seat)
    glowing = {i.card for i in scene.render_items() if i.glow == HINT_GLOW}
    cards = sorted(getattr(action, "cards", ()) or ([action.card] if isinstance(action, Play) else []))
    assert glowing == set(cards)  # exactly the hinted cards glow in the hand
    name = hint_button_name(action)
    for card in cards if not isinstance(action, Play) else []:
        click(app, scene.clickable_points()[f"card:{card}"])  # choose the cards to give or throw
    if isinstance(action, Play):
        click(app, scene.clickable_points()[f"card:{action.card}"])
    else:
        rect = scene.button_rect(name)
        assert rect is not None, f"the hinted button {name} is not on screen"
        click(app, rect.center)
    return type(action).__name__


@pytest.mark.parametrize("game, players", [("spades-two", 2), ("pitch", 3), ("spades", 4)])
def test_following_every_hint_plays_a_whole_hand(game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.review import ReviewerPlayer
    from ui.draw import cardart

    cardart.reset()
    jobs: list[Any] = []
    review_of = ReviewerPlayer.choose

    def kept(self: Any, job: Any) -> Any:
        jobs.append(job)
        return review_of(self, job)
    monkeypatch.setattr(ReviewerPlayer, "choose", kept)
    app = make_app((1280, 720), headless=True, menu=False)
    try:
        app.ctx.settings.think_ms = THINK_MS
        app.ctx.settings.speed = "instant"
        config = make_config(game, (NAMES if players == 4 else ["You", "West", "East"][:players]), [0], seed=3,
                             level="normal")
        scene = TableScene(app.ctx, config, computer_sync=True)
        app.ctx.scenes.push(scene)
        kinds = []
        for _ in range(5000):
            if scene.overlays.summary is not None:
                break
            if scene.decision().kind:
                kinds.append(follow_hint(app, scene))
            else:
                app.step(0.05)
        assert scene.overlays.summary is not None and scene.control.game.results, "the hand never ended"
        assert "Play" in kinds and "Bid" in kinds
        if game == "spades-two":
            assert "Draw" in kinds
        # the review's first looks are the Hint's own (its seed, its budget, the table it models): what the Hint
        # said is never marked
        assert scene.coach.reviews.hints == {0: scene.control.hints.players.specs[0].seed}
        assert [job.record["seats"] for job in jobs] == [config.seat_records()]
        assert [(job.hints, job.hint_worlds) for job in jobs] == [(((0, scene.coach.reviews.hints[0]),), 24)]
        review = scene.coach.reviews.of(1)
        assert review is not None and review.decisions >= 5 and review.marks == ()
    finally:
        app.close()


def test_the_thinking_time_setting_reaches_the_hard_players(app: Any) -> None:
    from ui.scenes.settings import SettingsScene

    assert app.ctx.settings.think_ms == 500  # 0.5 s by default
    click(app, app.ctx.scenes.top.settings.rect.center)
    settings = app.ctx.scenes.top
    assert isinstance(settings, SettingsScene)
    assert [label for label, _ms in settings.think.choices] == ["0.25 s", "0.5 s", "1 s", "2 s"]
    assert settings.think.value == 500
    click(app, settings.think.right_rect.center)
    assert app.ctx.settings.think_ms == 1000
    shot(app, "settings_thinking_time")
    config = make_config("spades", NAMES, [0], seed=2, level="hard")
    table = TableScene(app.ctx, config, computer_sync=True)
    try:
        assert {table.control.computers._spec(seat).think_ms for seat in (1, 2, 3)} == {1000}
        hints = table.control.hints.players
        assert hints._spec(0) == PlayerSpec("coach", hints.specs[0].seed, 1000, (None, "hard", "hard", "hard"))
        app.ctx.settings.think_ms = 250  # changed during the game: the next question uses it
        assert table.control.computers._spec(1).think_ms == 250
        before = table.control.computers.players[1]
        assert table.control.computers._local_player(1) is not before  # rebuilt with the new budget (inline, thread)
        assert table.control.computers._local_player(1) is table.control.computers.players[1]
    finally:
        table.on_exit()
