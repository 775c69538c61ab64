"""Window speed figures: frame times of a busy table, startup time, and frames while a computer thinks.

Run by ``python main.py bench``. Everything uses SDL's dummy video driver, so the figures
measure our drawing, not a display server.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.actions import Bid, Play
from game.ai import make_player
from game.factory import new_game
from game.record import dumps, to_record
from game.state import Phase, TrickGame
from game.tools.coach_bench import played_hand
from ui.app import App, make_app
from ui.draw.sprites import Flight
from ui.scenes.table import TableScene, make_config
from ui.services.computer import ComputerWorker
from ui.services.review import DuplicateRun, HandReviews, duplicate_job
from ui.services.saves import SaveService, save_text, window_facts
from ui.services.settings import DEFAULT_THINK_MS

ROOT = Path(__file__).resolve().parents[1]
EXIT_ENV = "TRICK_TABLE_EXIT_AFTER_FIRST_FRAME"
FRAMES = 300
SIZES = ((1280, 720), (1920, 1080))


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _table(size: tuple[int, int], humans: list[int], sync: bool = True, level: str = "random",
           worker: ComputerWorker | None = None) -> tuple[App, TableScene]:
    """A headless App showing a four-player Spades table (``worker``: the computer players' process)."""
    _headless()  # each App draws with drawing caches of its own (ui.draw.caches)
    app = make_app(size, headless=True, menu=False)
    if worker is not None:
        app.ctx.worker = worker
    config = make_config("spades", ["You", "West", "North", "East"], humans, seed=7, level=level)
    scene = TableScene(app.ctx, config, computer_sync=sync)
    app.ctx.scenes.push(scene)
    return app, scene


def _mid_trick(app: App, scene: TableScene) -> None:
    """Step the table until the human must play with two cards already in the trick."""
    app.ctx.settings.speed = "instant"
    for _ in range(4000):
        app.step(0.05)
        decision = scene.decision()
        if decision.kind == "bid":
            scene.try_action(Bid(0, 3))
        elif decision.kind == "play":
            if len(scene.model.trick) >= 2:
                break
            scene.try_action(decision.legal[0])
    app.ctx.settings.speed = "normal"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def frame_times(size: tuple[int, int], frames: int = FRAMES) -> dict[str, float]:
    """Median and 99th percentile of drawing a four-player table mid-trick while a card glides."""
    app, scene = _table(size, [0])
    try:
        _mid_trick(app, scene)
        lay = scene.view.layout
        start = lay.spots[2].anchor
        flight = Flight(None, True, start, lay.centre, lay.small_w, lay.trick_w, 1.0, flip=True, spin_deg=12.0)
        scene.player.flights.append(flight)
        scene.notes.show_toast("You must follow suit (hearts).", life_s=1e9)
        scene.hand.hover = next((a.card for a in scene.decision().legal if isinstance(a, Play)), None)
        times, cpu = [], []
        for i in range(frames + 20):
            t0, c0 = time.perf_counter(), time.thread_time()
            flight.elapsed_s = (i % 60) / 60  # keep it moving across the table, forever
            scene.time_s += 1 / 60
            scene.notes.update(1 / 60)
            app.draw()
            pygame.display.flip()
            if i >= 20:  # the first frames render the card faces once
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
        redraw = []
        for i in range(max(30, frames // 5)):
            t0 = time.perf_counter()
            flight.elapsed_s = (i % 60) / 60
            scene.painter.forget()  # as during the deal or a score count-up: the whole table redrawn
            app.draw()
            pygame.display.flip()
            redraw.append((time.perf_counter() - t0) * 1000)
        return {"median": round(statistics.median(times), 2), "p99": round(_percentile(times, 0.99), 2),
                "cpu_median": round(statistics.median(cpu), 2), "cpu_p99": round(_percentile(cpu, 0.99), 2),
                "full_redraw_median": round(statistics.median(redraw), 2),
                "full_redraw_p99": round(_percentile(redraw, 0.99), 2)}
    finally:
        app.close()


def thinking_frames(size: tuple[int, int] = (1280, 720), level: str = "hard", decisions: int = 12,
                    think_ms: int | None = None, timeout_s: float = 30.0) -> dict[str, Any]:
    """Frame times (update + draw + flip) of a table of four computers at ``level`` (the real ``hard``
    search, in the worker process the program starts) while they make ``decisions`` decisions."""
    worker = ComputerWorker().start()
    warm_s = time.perf_counter()
    ready = worker.wait_ready(60.0)  # the program warms it up at start, long before the first game
    warm_s = time.perf_counter() - warm_s
    app, scene = _table(size, [], sync=False, level=level, worker=worker)
    try:
        if think_ms is not None:
            app.ctx.settings.think_ms = think_ms
        app.ctx.settings.speed = "normal"
        for _ in range(5):
            app.step(1 / 60)  # the first frames render the table and the card faces once
        times: list[float] = []
        cpu: list[float] = []
        waits: list[tuple[int, float]] = []
        start_applied = scene.control.applied
        asked_at: dict[int, float] = {}
        deadline = time.perf_counter() + timeout_s
        while time.perf_counter() < deadline and scene.control.applied < start_applied + decisions:
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            pygame.display.flip()
            t1 = time.perf_counter()
            times.append((t1 - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            key = scene.control.applied
            if scene.control.computers.asked(key):
                asked_at.setdefault(key, t1)
                if key not in {k for k, _ in waits} and scene.control.computers.result(key) is not None:
                    waits.append((key, (t1 - asked_at[key]) * 1000))
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))  # as clock.tick(60) does
        return {"max": round(max(times), 2), "p99": round(_percentile(times, 0.99), 2),
                "p95": round(_percentile(times, 0.95), 2), "median": round(statistics.median(times), 2),
                "cpu_max": round(max(cpu), 2), "frames": len(times), "level": level,
                "think_ms": app.ctx.settings.think_ms, "decisions": scene.control.applied - start_applied,
                "worker": worker.state if ready else f"thread ({worker.state})",
                "worker_warm_up_s": round(warm_s, 2),
                "decision_wait_ms": [round(ms) for _key, ms in waits]}
    finally:
        scene.control.computers.close()
        scene.control.hints.close()
        worker.stop()
        app.close()


def review_frames(size: tuple[int, int] = (1280, 720), timeout_s: float = 60.0) -> dict[str, Any]:
    """Frame times (update + draw + flip) of a table whose first hand the worker process reviews (a whole hand of
    four-player Spades played by ``normal`` computers, reviewed for seat 0): median, p99 and max in ms."""
    worker = ComputerWorker().start()
    worker.wait_ready(60.0)
    app, scene = _table(size, [0], sync=False, level="normal", worker=worker)
    try:
        reviews = HandReviews([0], 3, worker=worker)
        for _ in range(5):
            app.step(1 / 60)
        reviews.request(played_hand(100), 1)
        times: list[float] = []
        deadline = time.perf_counter() + timeout_s
        while time.perf_counter() < deadline and reviews.of(1) is None:
            t0 = time.perf_counter()
            app.step(1 / 60)
            pygame.display.flip()
            times.append((time.perf_counter() - t0) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
        reviews.close()
        return {"median": round(statistics.median(times), 2) if times else 0.0,
                "p99": round(_percentile(times, 0.99), 2) if times else 0.0,
                "max": round(max(times), 2) if times else 0.0, "frames": len(times),
                "reviewed": reviews.of(1) is not None}
    finally:
        scene.on_exit()
        worker.stop()
        app.close()


DUPLICATE_THINK_MS = 200  # Hard's budget a decision in the duplicate_frame_ms run (keeps the bench short)


def duplicate_frames(size: tuple[int, int] = (1280, 720), timeout_s: float = 120.0) -> dict[str, Any]:
    """Frame times (update + draw + flip) of a table while the worker process plays a hand again with Hard in
    seat 0 ("Hard in my seat": the first hand of ``played_hand(100)``, the other seats ``normal``), polling its
    progress every frame as the summary's bar does: median, p99 and max in ms, and the progress reports seen."""
    worker = ComputerWorker().start()
    worker.wait_ready(60.0)
    app, scene = _table(size, [0], sync=False, level="normal", worker=worker)
    run = DuplicateRun(worker=worker)
    try:
        for _ in range(5):
            app.step(1 / 60)
        seats = [{"name": "You", "player": "human"}] + [{"name": f"C{q}", "player": "computer", "level": "normal"}
                                                          for q in (1, 2, 3)]
        run.start(duplicate_job(to_record(played_hand(100), seats), 1, 0, DUPLICATE_THINK_MS))
        times: list[float] = []
        seen: set[float] = set()
        deadline = time.perf_counter() + timeout_s
        while time.perf_counter() < deadline and run.running():
            t0 = time.perf_counter()
            seen.add(run.fraction())
            app.step(1 / 60)
            pygame.display.flip()
            times.append((time.perf_counter() - t0) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
        return {"median": round(statistics.median(times), 2) if times else 0.0,
                "p99": round(_percentile(times, 0.99), 2) if times else 0.0,
                "max": round(max(times), 2) if times else 0.0, "frames": len(times),
                "progress_reports": len(seen - {0.0}), "done": run.result is not None,
                "think_ms": DUPLICATE_THINK_MS}
    finally:
        run.close()
        scene.on_exit()
        worker.stop()
        app.close()


def startup_seconds(timeout_s: float = 20.0) -> float:
    """Wall time from starting ``python main.py`` to its first frame (it prints READY), dummy driver."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env[EXIT_ENV] = "1"
    env["TRICK_TABLE_READY"] = "1"  # the program prints READY after its first frame only when asked
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=str(ROOT), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ready = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "READY":
                ready = time.perf_counter() - start
                break
            if time.perf_counter() - start > timeout_s:
                break
    finally:
        if proc.poll() is None:
            try:
                proc.wait(timeout=0.5)  # quits by itself if the app honours the exit variable
            except subprocess.TimeoutExpired:
                proc.terminate()  # SDL turns SIGTERM into QUIT
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    return round(ready if ready is not None else float("nan"), 3)


def window_figures(log: Callable[[str], None] = print) -> dict[str, Any]:
    """Frame times at 1280x720 and 1920x1080, startup time, and the longest frame while a computer thinks."""
    figures: dict[str, Any] = {"frame_ms": {}}
    for size in SIZES:
        key = f"{size[0]}x{size[1]}"
        row = frame_times(size)
        figures["frame_ms"][key] = row
        log(f"window {key}: frame median {row['median']} ms, p99 {row['p99']} ms wall "
            f"(CPU {row['cpu_median']} / {row['cpu_p99']} ms; four-player table mid-trick, a card gliding; "
            f"targets 4 / 8 ms); frames that redraw the whole table (deal, count-up): median "
            f"{row['full_redraw_median']} ms, p99 {row['full_redraw_p99']} ms")
    figures["startup_s"] = startup_seconds()
    log(f"window startup: {figures['startup_s']} s to the first frame of python main.py (target 1.5 s)")
    thinking = thinking_frames()
    figures["thinking_frame_ms"] = thinking
    review = review_frames()
    figures["review_frame_ms"] = review
    log(f"window while a hand is reviewed in the worker: frame median {review['median']} ms, p99 {review['p99']}, "
        f"max {review['max']} over {review['frames']} frames (target max <= 33 ms)")
    duplicate = duplicate_frames()
    figures["duplicate_frame_ms"] = duplicate
    log(f"window while Hard plays a hand in my seat in the worker ({duplicate['think_ms']} ms a decision): frame "
        f"median {duplicate['median']} ms, p99 {duplicate['p99']}, max {duplicate['max']} over {duplicate['frames']} "
        f"frames, {duplicate['progress_reports']} progress steps shown (target max <= 33 ms)")
    log(f"window while {thinking['level']} computers think ({thinking['think_ms']} ms per decision, "
        f"{thinking['decisions']} decisions, worker: {thinking['worker']}): longest frame {thinking['max']} ms "
        f"(p95 {thinking['p95']}, p99 {thinking['p99']}, median {thinking['median']}; drawing thread's CPU at most "
        f"{thinking['cpu_max']} ms) over {thinking['frames']} frames (target < 33 ms)")
    return figures


def _over(game: TrickGame) -> bool:
    """Whether ``game`` is over (a call, so that a type checker does not take the phase as fixed)."""
    return game.phase is Phase.GAME_OVER


def save_figures(seed: int = 11, folder: Path | str | None = None) -> dict[str, float]:
    """A normal-level Spades game to 500 saved after every action (``ui.services.saves``). Returns the drawing
    thread's cost per action (the clone handed over), the writer's time per save (record, JSON, atomic durable
    write), both median and p99 in ms, and the size in bytes of the save and of the record at the end."""
    game = new_game("spades", None, 4, seed)
    players = [make_player("normal", seed * 101 + s) for s in range(4)]
    seats = [{"name": f"Computer {s + 1}", "player": "computer", "level": "normal"} for s in range(4)]
    with tempfile.TemporaryDirectory() as scratch:
        service = SaveService(folder if folder is not None else scratch)
        handed: list[float] = []
        size = 0
        while not _over(game) and game.to_act is not None:
            seat = game.to_act
            game.apply(players[seat].choose(game.view(seat)))
            if _over(game):
                size = len(save_text(game, seats, window_facts([], DEFAULT_THINK_MS, game)).encode())
            started = time.perf_counter()
            service.autosave(game, seats, window_facts([], DEFAULT_THINK_MS, game))
            handed.append((time.perf_counter() - started) * 1000.0)
            service.flush()  # every action written (the window skips states that a newer one replaced)
        written = service.timings_ms()
        service.close()

    def pick(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    return {"actions": float(len(handed)), "hands": float(len(game.results)),
            "drawing_thread_median_ms": pick(handed, 0.5), "drawing_thread_p99_ms": pick(handed, 0.99),
            "write_median_ms": pick(written, 0.5), "write_p99_ms": pick(written, 0.99),
            "save_bytes": float(size), "record_bytes": float(len(dumps(to_record(game, seats)).encode()))}


if __name__ == "__main__":
    window_figures(print)
