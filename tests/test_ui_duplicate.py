"""\"Hard in my seat\" through the window: the worker's progress bar, Cancel and Esc, from the summary and the viewer.

These run the real worker process (one for the module): the point is that the job runs there while frames go
on. Nothing here is timed: the tests wait for what the worker reports, with generous deadlines.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pygame
import pytest

from game.factory import new_game
from game.record import to_record
from tests.e2e_helpers import click, run_table_until
from ui.app import make_app
from ui.scenes.table import TableScene, make_config
from ui.scenes.viewer import ViewerScene, open_viewer_for_game
from ui.services.computer import ComputerWorker
from ui.services.review import DuplicateRun, HandDuplicates, duplicate_job
from ui.table.panels.review_strip import OFFER

DEADLINE_S = 240.0  # far beyond what any of these takes; only a worker that never answers meets it
SHOTS = "/tmp/coach-shots"


@pytest.fixture(scope="module")
def worker() -> Iterator[ComputerWorker]:
    os.makedirs(SHOTS, exist_ok=True)  # the screenshots taken on the way (not committed)
    started = ComputerWorker(warm=("normal",)).start()
    assert started.wait_ready(60.0), f"the worker never became ready ({started.state})"
    started._progress = _ReportLog(started._progress)  # every report the worker hands in, kept in order
    yield started
    started.stop()


class _ReportLog(dict[Any, Any]):
    """The worker's table of the last progress report per table, that also keeps every report it is given
    (``reports``), so a test sees the reports themselves, whatever the frames happened to sample."""

    def __init__(self, start: dict[Any, Any]) -> None:
        super().__init__(start)
        self.reports: list[tuple[Any, ...]] = []

    def __setitem__(self, token: Any, said: Any) -> None:
        self.reports.append((token, *said))
        super().__setitem__(token, said)


def _reports_so_far(worker: ComputerWorker) -> int:
    """How many progress reports the worker has handed in so far."""
    log = worker._progress
    assert isinstance(log, _ReportLog)
    return len(log.reports)


def _reports_since(worker: ComputerWorker, start: int) -> list[tuple[int, int]]:
    """The (done, expected) reports the worker handed in, after the first ``start``, for the job it reported
    on last (a job called off before may still have reports on the way), in order."""
    log = worker._progress
    assert isinstance(log, _ReportLog) and len(log.reports) > start
    last = log.reports[-1][1]
    return [(done, expected) for _token, key, done, expected in log.reports[start:] if key == last]


def _until(app: Any, done: Callable[[], bool], each: Callable[[], None] = lambda: None) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not done():
        assert time.monotonic() < deadline, "the worker never got there"
        app.step(0.02)
        each()
        time.sleep(0.005)  # as the real loop's clock.tick does


def _summary(worker: ComputerWorker, humans: list[int] | None = None, seed: int = 6) -> tuple[Any, TableScene]:
    app = make_app((1280, 720), headless=True, menu=False)
    pygame.event.clear()
    app.ctx.worker = worker
    app.ctx.settings.speed = "instant"
    app.ctx.settings.think_ms = 100  # a quick Hard: the test is about the plumbing, not the play
    names = ["Ann", "West", "Bob", "East"] if humans else ["You", "West", "North", "East"]
    config = make_config("spades", names, humans or [0], seed=seed, level="normal")
    scene = TableScene(app.ctx, config, computer_sync=True)  # the table's own computers decide inline
    scene.coach.duplicates.close()
    scene.coach.duplicates = HandDuplicates(config, False, worker, scene.think_ms)  # this one in the worker
    app.ctx.scenes.push(scene)
    run_table_until(app, scene, lambda: scene.overlays.summary is not None, Random(seed))
    app.step(0.05)
    return app, scene


def _key(app: Any, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(0.02)


def test_the_worker_stops_a_long_job_it_is_told_to_cancel_and_answers_the_next(worker: ComputerWorker) -> None:
    from game.ai.players import NormalPlayer

    game = new_game("spades", None, 4, 31)
    players = [NormalPlayer(s) for s in range(4)]
    while len(game.results) < 3 and game.winner is None:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    seats = [{"name": "You", "player": "human"}] + [{"name": n, "player": "computer", "level": "hard"}
                                                      for n in ("West", "North", "East")]
    record = to_record(game, seats)
    run = DuplicateRun(worker=worker)
    try:
        run.start(duplicate_job(record, 3, 0, 200))  # Hard everywhere, two hands of warm-up first: a long job
        key = run.key
        deadline = time.monotonic() + DEADLINE_S
        while run.fraction() <= 0:
            assert time.monotonic() < deadline and run.running()
            time.sleep(0.01)
        assert run.running() and run.fraction() < 0.5
        assert run.cancel() and not run.running()
        stopped = worker.called_off
        while not any(k == key for k, _d in stopped.get(run.players.token, [])):
            assert time.monotonic() < deadline, "the worker never stopped the job"
            worker.poll()
            time.sleep(0.01)
        done = next(d for k, d in stopped[run.players.token] if k == key)
        assert done < 20 * 39 * 3  # stopped well before the end: far less than the work of three hands
        run.start(duplicate_job(record, 1, 0, 50))  # the worker takes the next job
        while run.running():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert run.result is not None and run.result.hand == 1 and run.fraction() == 1.0
    finally:
        run.close()


def test_hard_in_my_seat_shows_a_growing_progress_bar_and_cancel_or_esc_call_it_off(worker: ComputerWorker) -> None:
    app, scene = _summary(worker)
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None and summary.extra.duplicate is not None
    row = summary.extra.duplicate
    rect = scene.button_rect("hard_in_my_seat")
    assert rect is not None and row.line() == OFFER
    run = scene.coach.duplicates.run

    # Esc calls the replay off first: the summary stays, the menu does not open
    click(app, rect.center)
    assert row.pending()  # the frame came back while Hard plays in the worker
    _until(app, lambda: row.fraction() > 0)
    _key(app, pygame.K_ESCAPE)
    assert not row.pending() and row.line() == OFFER and scene.overlays.top() is not None
    assert scene.overlays.top().name == "summary"  # type: ignore[union-attr]

    # Cancel does the same, and D starts it again
    _key(app, pygame.K_d)
    assert row.pending()
    _until(app, lambda: row.fraction() > 0)
    click(app, row.cancel_button.rect.center)
    assert not row.pending() and row.button.label == "Hard in my seat"

    # a new request after the cancels still runs to its end, its bar growing frame by frame
    start = _reports_so_far(worker)
    click(app, rect.center)
    seen: list[float] = []
    _until(app, lambda: row.result() is not None, lambda: seen.append(row.fraction()))
    assert seen == sorted(seen), "the progress never goes back"
    reports = _reports_since(worker, start)  # what the worker said on the way, whatever frames sampled
    assert any(0 < done < expected for done, expected in reports) and reports == sorted(reports)
    assert row.fraction() == 1.0 and row.line().startswith("You: ") and "Hard in your seat: " in row.line()
    assert run.players._thread is None  # it ran in the worker process, not in this one
    cancelled = [k for k, _d in worker.called_off.get(run.players.token, [])]
    assert len(cancelled) == 2  # both called-off jobs really stopped in the worker
    app.close()


def test_continue_calls_off_hard_in_my_seat_so_the_next_hand_has_the_worker(worker: ComputerWorker) -> None:
    app, scene = _summary(worker, seed=7)
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None and summary.extra.duplicate is not None
    row = summary.extra.duplicate
    _key(app, pygame.K_d)
    _until(app, lambda: row.fraction() > 0)
    _key(app, pygame.K_RETURN)  # Continue: the next hand
    assert scene.overlays.summary is None and not scene.coach.duplicates.run.running()
    token = scene.coach.duplicates.run.players.token
    _until(app, lambda: bool(worker.called_off.get(token)), worker.poll)  # and the worker really stopped it
    app.close()


def test_hard_in_my_seat_from_the_viewer_shows_both_results_then_the_hand(worker: ComputerWorker) -> None:
    app, scene = _summary(worker, seed=4)
    viewer = open_viewer_for_game(app.ctx, scene.control.game, scene.control.config.seat_records())
    app.step(0.05)
    assert list(viewer.dup_rows) == [0]
    row = viewer.dup_rows[0]
    assert viewer.duplicate_shown() and row.button.label == "Hard in my seat"
    pygame.image.save(app.screen, f"{SHOTS}/viewer_offer.png")
    click(app, row.button.rect.center)
    assert row.pending() and viewer.duplicate_line() is not None
    _until(app, lambda: row.fraction() > 0)
    _key(app, pygame.K_ESCAPE)  # Esc calls it off first: the viewer stays
    assert app.ctx.scenes.top is viewer and not row.pending()
    start = _reports_so_far(worker)
    _key(app, pygame.K_d)
    seen: list[float] = []
    shot = False

    def watch() -> None:
        nonlocal shot
        seen.append(row.fraction())
        if not shot and 0.3 < seen[-1] < 1:
            pygame.image.save(app.screen, f"{SHOTS}/viewer_progress.png")
            shot = True

    _until(app, lambda: row.result() is not None, watch)
    seen.append(row.fraction())
    assert seen == sorted(seen) and seen[-1] == 1.0
    reports = _reports_since(worker, start)
    assert any(0 < done < expected for done, expected in reports) and reports == sorted(reports)
    line = viewer.duplicate_line()
    assert line is not None and line.startswith("You: ") and "Hard in your seat: " in line
    app.step(0.05)
    pygame.image.save(app.screen, f"{SHOTS}/viewer_duplicate_result.png")
    click(app, row.button.rect.center)  # "See it"
    replayed = app.ctx.scenes.top
    assert isinstance(replayed, ViewerScene) and replayed is not viewer and replayed.banner == line
    assert replayed.position is not None and replayed.position.hand == 1 and not replayed.dup_rows
    app.step(0.05)
    pygame.image.save(app.screen, f"{SHOTS}/viewer_duplicate_hand.png")
    app.close()


def test_the_viewer_lets_each_person_of_a_hot_seat_game_choose_a_seat(worker: ComputerWorker) -> None:
    app, scene = _summary(worker, humans=[0, 2], seed=5)
    viewer = open_viewer_for_game(app.ctx, scene.control.game, scene.control.config.seat_records())
    app.step(0.05)
    assert [r.button.label for r in viewer.dup_rows.values()] == ["Hard for Ann", "Hard for Bob"]
    pygame.image.save(app.screen, f"{SHOTS}/viewer_offer_hot_seat.png")
    bob = viewer.dup_rows[2]
    click(app, bob.button.rect.center)
    assert bob.pending() and not viewer.dup_rows[0].pending()
    _until(app, lambda: bob.result() is not None)
    assert bob.result().seat == 2 and bob.line().startswith("Bob: ") and "Hard in Bob's seat" in bob.line()
    click(app, bob.button.rect.center)  # "See it": Bob's seat at the bottom, where Hard played it
    replayed = app.ctx.scenes.top
    assert isinstance(replayed, ViewerScene) and replayed.view.bottom == 2 and replayed.banner == bob.line()
    app.step(0.05)
    pygame.image.save(app.screen, f"{SHOTS}/viewer_duplicate_hand_hot_seat.png")
    app.close()


def test_without_the_worker_process_a_thread_reports_progress_and_cancel_stops_it() -> None:
    from game.ai.players import NormalPlayer

    game = new_game("spades", None, 4, 33)
    players = [NormalPlayer(s) for s in range(4)]
    while len(game.results) < 1:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    seats = [{"name": "You", "player": "human"}] + [{"name": n, "player": "computer", "level": "normal"}
                                                      for n in ("West", "North", "East")]
    dead = ComputerWorker()
    dead.state = "dead"  # the process could not start: the computers think in a thread
    run = DuplicateRun(worker=dead)
    try:
        job = duplicate_job(to_record(game, seats), 1, 0, 150)
        run.start(job)
        deadline = time.monotonic() + DEADLINE_S
        while run.fraction() <= 0:
            assert time.monotonic() < deadline and run.running()
            time.sleep(0.01)
        thread, key = run.players._thread, run.key
        assert thread is not None and run.cancel()
        thread.join(DEADLINE_S)
        assert not thread.is_alive() and run.players.failed == {}  # stopped, and no seat "failed" for it
        done, expected = run.players._progress[key]  # the last report, the one that was told to stop
        assert done < expected, "the job was played to its end"
        run.start(job)
        while run.running():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert run.result is not None and run.fraction() == 1.0
    finally:
        run.close()
