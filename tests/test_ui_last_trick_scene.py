"""The last-trick review is a scene pushed over the table; the table under it is paused, not exited."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_ui_table import Driver  # noqa: E402

from ui.overlay_scene import TableOverlayScene  # noqa: E402


def play_to_the_first_trick(d: Driver) -> None:
    while d.scene.model.last_trick == [] or not d.scene.player.idle:
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:3")
        elif stop == "play":
            if d.scene.model.last_trick:
                break
            d.play_random_card()


def test_the_review_is_a_scene_over_the_table_which_goes_on_under_it():
    d = Driver("spades", 4, [0], seed=3)
    try:
        table = d.scene
        play_to_the_first_trick(d)
        stops = []
        table.computers.stop = lambda: stops.append(1)  # the computers must not be stopped by the review
        d.key(pygame.K_l)
        stack = d.app.ctx.scenes
        assert isinstance(stack.top, TableOverlayScene) and stack.top.name == "last_trick" and table in stack
        assert stack.visible()[-2:] == [table, stack.top]  # the table is drawn under it
        assert table.last_trick is stack.top.panel
        before = table.time_s
        for _ in range(5):
            d.step()
        assert table.time_s > before  # covered, not exited: the table still runs
        assert stops == [] and table.decision().kind == ""  # ...but nobody acts under the review
        d.click(table.button_rect("close").center)
        assert stack.top is table and table.last_trick is None and stops == []
    finally:
        d.close()


def test_leaving_the_review_by_clearing_it_takes_the_scene_off_the_stack():
    d = Driver("spades", 4, [0], seed=3)
    try:
        table = d.scene
        play_to_the_first_trick(d)
        table.open_last_trick()
        assert isinstance(d.app.ctx.scenes.top, TableOverlayScene)
        table.last_trick = None
        assert d.app.ctx.scenes.top is table and table.overlays == {}
    finally:
        d.close()
