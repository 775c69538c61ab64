"""The window at any size: no scene crashes however small the window gets (below the minimum the scenes are
laid out at the minimum's shape and shrunk to fit), and frames stay bounded at very large sizes."""

from __future__ import annotations

import time

import pygame
import pytest

from tests.test_ui_table import Driver
from ui.app import MIN_SIZE, layout_size, make_app
from ui.scenes.gameover import GameOverScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene

TINY = [(100, 50), (640, 90), (90, 640), (1, 1), (600, 360), (799, 479), (800, 480)]


@pytest.mark.parametrize("window", TINY + [(1280, 720), (5000, 300)])
def test_the_layout_size_is_never_below_the_minimum_and_keeps_the_shape(window):
    w, h = layout_size(window)
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]
    if window[0] >= MIN_SIZE[0] and window[1] >= MIN_SIZE[1]:
        assert (w, h) == window
    else:
        assert abs(w / h - window[0] / window[1]) < 0.02 * max(w / h, window[0] / window[1])


def distinct(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, max(1, w // 40))
                for y in range(0, h, max(1, h // 40))})


def run_at_sizes(app, sizes=TINY, frames: int = 2) -> None:
    """Resize through ``sizes``, running frames at each; every frame draws something (not one flat colour)."""
    for size in sizes:
        app.resize(size)
        for _ in range(frames):
            app.step(1 / 60)
        assert app.screen.get_size() == size
        if size[0] * size[1] >= 2500:
            assert distinct(app.screen) > 2, size


@pytest.mark.parametrize("scene", ["menu", "setup", "settings", "rules", "gameover"])
def test_form_scenes_draw_at_every_small_size(scene):
    app = make_app((100, 50), headless=True)
    try:
        ctx = app.ctx
        extra = {
            "setup": lambda: SetupScene(ctx),
            "settings": lambda: SettingsScene(ctx),
            "rules": lambda: RulesScene(ctx, "pitch"),
            "gameover": lambda: GameOverScene(ctx, "You win!", [("You", 510), ("West", 420)], lambda: None),
        }.get(scene)
        if extra is not None:
            ctx.scenes.push(extra())
        run_at_sizes(app)
    finally:
        app.close()


def test_a_click_in_a_tiny_window_lands_where_the_scene_drew_the_button():
    app = make_app((1280, 720), headless=True)
    try:
        menu = app.ctx.scenes.top
        app.resize((400, 240))
        for _ in range(60):
            app.step(1 / 60)
        button = next(b for b in menu.group.widgets if getattr(b, "label", "") == "Rules")
        x, y = button.rect.center
        k = 400 / app.ctx.size[0]
        pos = (round(x * k), round(y * k))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        assert isinstance(app.ctx.scenes.top, RulesScene)
    finally:
        app.close()


@pytest.mark.parametrize("game, players", [("spades", 4), ("pitch", 7), ("spades-two", 2)])
def test_the_table_and_its_overlays_draw_at_every_small_size(game, players):
    d = Driver(game, players, [0], seed=4, speed="instant", size=(100, 50))
    try:
        scene = d.scene
        run_at_sizes(d.app)
        for opener in (scene.open_score_sheet, scene.open_last_trick, scene.open_menu):
            opener()
            run_at_sizes(d.app, [(100, 50), (640, 90), (1, 1)])
            for overlay in ("sheet", "last_trick", "menu"):
                scene.overlays.close(overlay)
        d.app.resize((1280, 720))  # the driver clicks in the scene's own coordinates
        d.step()
        d.finish_hand()
        assert scene.overlays.summary is not None
        run_at_sizes(d.app)
        d.app.resize((640, 90))
        scene.overlays.close("summary")
        scene.open_score_sheet()
        run_at_sizes(d.app, [(640, 90), (100, 50)])
    finally:
        d.close()


def test_frames_stay_bounded_at_a_very_large_size():
    d = Driver("pitch", 7, [0], seed=4, speed="normal", size=(5000, 5000))
    try:
        for _ in range(3):
            d.step(1 / 60)  # the first frames make the card art and the felt once
        started = time.perf_counter()
        frames = 0
        while frames < 30:
            d.step(1 / 60)
            frames += 1
        per_frame = (time.perf_counter() - started) / frames
        assert per_frame < 0.25, f"{per_frame * 1000:.0f} ms a frame at 5000x5000"
    finally:
        d.close()
