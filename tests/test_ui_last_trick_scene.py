"""The last-trick review is a scene pushed over the table; the table under it is paused, not exited."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_ui_table import Driver, play_to_the_first_trick  # noqa: E402

from ui.table.panels.overlay_scene import TableOverlayScene  # noqa: E402


def test_the_review_is_a_scene_over_the_table_which_goes_on_under_it(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    table = d.scene
    play_to_the_first_trick(d)
    stops = []
    table.control.computers.stop = lambda: stops.append(1)  # the computers must not be stopped by the review
    d.key(pygame.K_l)
    stack = d.app.ctx.scenes
    assert isinstance(stack.top, TableOverlayScene) and stack.top.name == "last_trick" and table in stack
    assert stack.visible()[-2:] == [table, stack.top]  # the table is drawn under it
    assert table.overlays.last_trick is stack.top.panel
    before = table.time_s
    for _ in range(5):
        d.step()
    assert table.time_s > before  # covered, not exited: the table still runs
    assert stops == [] and table.decision().kind == ""  # ...but nobody acts under the review
    d.click(table.button_rect("close").center)
    assert stack.top is table and table.overlays.last_trick is None and stops == []


def test_leaving_the_review_by_clearing_it_takes_the_scene_off_the_stack(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    table = d.scene
    play_to_the_first_trick(d)
    table.open_last_trick()
    assert isinstance(d.app.ctx.scenes.top, TableOverlayScene)
    table.overlays.close("last_trick")
    assert d.app.ctx.scenes.top is table and table.overlays.names() == []
