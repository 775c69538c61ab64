"""The UI frame: tween maths, the Tweener, scene routing, the app loop, resizing, and the real entry point."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from ui.draw import text, theme
from ui.draw.tween import (
    Tween,
    Tweener,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    lerp,
    linear,
)
from ui.scene import Scene

ROOT = Path(__file__).resolve().parents[1]


# --- tweens --------------------------------------------------------------------------------
@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_every_ease_starts_at_zero_and_ends_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_eases_have_their_shapes():
    assert ease_out_cubic(0.5) == pytest.approx(0.875)
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_in_out_cubic(0.25) < 0.25 < 0.75 < ease_in_out_cubic(0.75)
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0  # overshoots


def test_a_float_tween_moves_with_time():
    tw = Tween(10.0, 20.0, duration_s=2.0)
    assert tw.value == 10.0
    tw.update(0.5)
    assert tw.value == pytest.approx(12.5)
    tw.update(1.5)
    assert tw.done and tw.value == 20.0


def test_a_tuple_tween_interpolates_each_coordinate():
    tw = Tween((0, 100), (50, 0), duration_s=1.0)
    tw.update(0.5)
    assert tw.value == pytest.approx((25.0, 50.0))


def test_a_delayed_tween_holds_its_start_until_the_delay_has_passed():
    tw = Tween(0.0, 1.0, duration_s=1.0, delay_s=0.5)
    tw.update(0.4)
    assert tw.value == 0.0
    tw.update(0.6)
    assert tw.value == pytest.approx(0.5)


def test_a_zero_duration_tween_is_done_at_once():
    tw = Tween(3.0, 7.0, duration_s=0.0)
    assert tw.done and tw.value == 7.0


def test_lerp_refuses_tuples_of_different_lengths():
    with pytest.raises(ValueError):
        lerp((1, 2), (1, 2, 3), 0.5)


class Sprite:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


def test_the_tweener_sets_the_attribute_and_calls_back_once_when_done():
    sprite, calls = Sprite(), []
    tweener = Tweener()
    tweener.animate(sprite, "x", 100.0, 1.0, linear, on_done=lambda: calls.append("done"))
    tweener.update(0.25)
    assert sprite.x == pytest.approx(25.0) and calls == []
    tweener.update(1.0)
    tweener.update(1.0)
    assert sprite.x == 100.0 and calls == ["done"] and not tweener.busy


def test_a_new_tween_on_the_same_attribute_replaces_the_old_one_without_its_callback():
    sprite, calls = Sprite(), []
    tweener = Tweener()
    tweener.animate(sprite, "x", 100.0, 1.0, linear, on_done=lambda: calls.append("old"))
    tweener.update(0.5)
    tweener.animate(sprite, "x", 0.0, 1.0, linear, on_done=lambda: calls.append("new"))
    assert len(tweener) == 1
    tweener.update(0.5)
    assert sprite.x == pytest.approx(25.0)  # from 50 back toward 0
    tweener.update(0.5)
    assert sprite.x == 0.0 and calls == ["new"]


def test_tweens_on_different_attributes_or_objects_run_side_by_side():
    a, b = Sprite(), Sprite()
    tweener = Tweener()
    tweener.animate(a, "x", 10.0, 1.0, linear)
    tweener.animate(a, "pos", (10.0, 20.0), 1.0, linear)
    tweener.animate(b, "x", 30.0, 1.0, linear)
    tweener.update(1.0)
    assert (a.x, a.pos, b.x) == (10.0, (10.0, 20.0), 30.0)


def test_a_callback_may_chain_a_new_tween_on_the_same_attribute():
    sprite = Sprite()
    tweener = Tweener()
    tweener.animate(sprite, "x", 10.0, 0.5, linear,
                    on_done=lambda: tweener.animate(sprite, "x", 0.0, 0.5, linear))
    tweener.update(0.5)
    assert sprite.x == 10.0 and tweener.running(sprite, "x")
    tweener.update(0.5)
    assert sprite.x == 0.0 and not tweener.busy


def test_cancel_and_finish_all():
    sprite, calls = Sprite(), []
    tweener = Tweener()
    tweener.animate(sprite, "x", 10.0, 1.0, on_done=lambda: calls.append("x"))
    tweener.cancel(sprite, "x")
    assert not tweener.busy and calls == []
    tweener.animate(sprite, "x", 10.0, 1.0, on_done=lambda: calls.append("x"))
    tweener.wait(5.0, lambda: calls.append("timer"))
    tweener.finish_all()
    assert sprite.x == 10.0 and calls == ["x", "timer"]


# --- scene routing ---------------------------------------------------------------------------
class Recorder(Scene):
    """A scene that records what it is given and paints a colour band."""

    def __init__(self, ctx, color, overlay=False, band=None):
        super().__init__(ctx)
        self.color, self.is_overlay, self.band = color, overlay, band
        self.events: list[int] = []
        self.updates: list[float] = []
        self.sizes: list[tuple[int, int]] = []

    def handle_event(self, event):
        self.events.append(event.type)

    def update(self, dt_s):
        self.updates.append(dt_s)

    def draw(self, surface):
        surface.fill(self.color, self.band)

    def on_resize(self, size):
        self.sizes.append(size)


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_only_the_top_scene_receives_events_and_updates(bare_app):
    ctx = bare_app.ctx
    bottom, top = Recorder(ctx, (255, 0, 0)), Recorder(ctx, (0, 0, 255))
    ctx.scenes.push(bottom)
    ctx.scenes.push(top)
    pygame.event.post(_key(pygame.K_a))
    bare_app.step(1 / 60)
    assert pygame.KEYDOWN in top.events and bottom.events == []
    assert top.updates == [pytest.approx(1 / 60)] and bottom.updates == []


def test_an_overlay_draws_over_the_scene_below_and_a_full_scene_hides_it(bare_app):
    ctx = bare_app.ctx
    ctx.scenes.push(Recorder(ctx, (255, 0, 0)))
    ctx.scenes.push(Recorder(ctx, (0, 0, 255), overlay=True, band=pygame.Rect(0, 0, 100, 100)))
    bare_app.step(1 / 60)
    assert tuple(bare_app.screen.get_at((50, 50)))[:3] == (0, 0, 255)
    assert tuple(bare_app.screen.get_at((600, 400)))[:3] == (255, 0, 0)
    bare_app.screen.fill((0, 0, 0))
    ctx.scenes.push(Recorder(ctx, (0, 255, 0), band=pygame.Rect(0, 0, 10, 10)))
    bare_app.step(1 / 60)
    assert tuple(bare_app.screen.get_at((600, 400)))[:3] == (0, 0, 0)  # the scenes below were not drawn
    assert tuple(bare_app.screen.get_at((5, 5)))[:3] == (0, 255, 0)


def test_dt_is_clamped_so_a_stall_does_not_jump_animations(bare_app):
    scene = Recorder(bare_app.ctx, (0, 0, 0))
    bare_app.ctx.scenes.push(scene)
    bare_app.step(5.0)
    assert scene.updates == [pytest.approx(0.1)]


def test_quit_event_stops_the_loop(bare_app):
    bare_app.ctx.scenes.push(Recorder(bare_app.ctx, (0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    bare_app.step(1 / 60)
    assert not bare_app.running


def test_an_empty_stack_stops_the_loop(bare_app):
    bare_app.step(1 / 60)
    assert not bare_app.running


def test_resize_tells_every_scene_and_updates_the_context(bare_app):
    ctx = bare_app.ctx
    scenes = [Recorder(ctx, (0, 0, 0)), Recorder(ctx, (0, 0, 0))]
    for scene in scenes:
        ctx.scenes.push(scene)
    bare_app.resize((1600, 900))
    assert ctx.size == (1600, 900) and bare_app.screen.get_size() == (1600, 900)
    assert all(scene.sizes == [(1600, 900)] for scene in scenes)


def test_f11_flips_the_full_screen_setting(bare_app):
    bare_app.ctx.scenes.push(Recorder(bare_app.ctx, (0, 0, 0)))
    pygame.event.post(_key(pygame.K_F11))
    bare_app.step(1 / 60)
    assert bare_app.ctx.settings.fullscreen is True
    pygame.event.post(_key(pygame.K_F11))
    bare_app.step(1 / 60)
    assert bare_app.ctx.settings.fullscreen is False
    assert bare_app.screen.get_size() == bare_app.ctx.size


def test_screenshot_writes_a_png(bare_app, tmp_path):
    bare_app.ctx.scenes.push(Recorder(bare_app.ctx, (10, 200, 30)))
    bare_app.step(1 / 60)
    path = bare_app.screenshot(tmp_path / "shot.png")
    assert tuple(pygame.image.load(str(path)).get_at((5, 5)))[:3] == (10, 200, 30)


# --- drawing helpers --------------------------------------------------------------------------
def test_the_felt_is_made_once_per_size(bare_app):
    first = theme.felt_surface((640, 360))
    assert theme.felt_surface((640, 360)) is first
    assert theme.felt_surface((800, 600)).get_size() == (800, 600)
    centre, corner = first.get_at((320, 150)), first.get_at((2, 2))
    assert centre.g > corner.g  # the vignette darkens the edges


def test_text_sizes_scale_with_the_window():
    assert text.scaled(20, (1280, 720)) == 20
    assert text.scaled(20, (3840, 2160)) == 60
    assert text.scaled(20, (2560, 720)) == 20  # limited by the height


def test_wrap_keeps_lines_inside_the_width(bare_app):
    lines = text.wrap("the quick brown fox jumps over the lazy dog " * 5, 24, 200)
    assert len(lines) > 3
    assert all(text.measure(line, 24)[0] <= 200 for line in lines)


# --- the real entry point ----------------------------------------------------------------------
def test_run_prints_ready_saves_the_first_frame_and_exits_on_sigterm(tmp_path):
    shot = tmp_path / "first.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TRICK_TABLE_SCREENSHOT=str(shot), TRICK_TABLE_READY="1")
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from ui.app import run; sys.exit(run([]))"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "READY"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert shot.exists() and shot.stat().st_size > 10_000


def test_the_deal_is_animated_in_the_engines_packets():
    from game.pitch.rules import PACKET
    from ui.table.anim import deal_order

    assert deal_order([6, 6, 6, 6], 3, PACKET) == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3 + [0] * 3 + [1] * 3 + \
        [2] * 3 + [3] * 3
    assert deal_order([13] * 4, 0, 1)[:5] == [1, 2, 3, 0, 1] and len(deal_order([13] * 4, 0, 1)) == 52


def test_the_event_player_refuses_an_event_without_the_seat_card_or_details_its_kind_carries():
    from game.cards import DECK
    from game.events import CARD_PLAYED, HAND_SCORED, Event
    from ui.table.anim import card_of, data_of, seat_of

    played = Event(CARD_PLAYED, 2, DECK[0])
    assert seat_of(played) == 2 and card_of(played) == DECK[0]
    assert data_of(Event(HAND_SCORED, data={"hand": 1})) == {"hand": 1}
    for read, event in ((seat_of, Event(CARD_PLAYED)), (card_of, Event(CARD_PLAYED, 2)),
                        (data_of, Event(HAND_SCORED))):
        with pytest.raises(ValueError, match="without its"):
            read(event)


def test_the_shown_hand_is_empty_for_nobody_and_for_a_hand_face_down_or_not_known():
    from game.cards import DECK
    from ui.table.model import TableModel

    model = TableModel(4)
    model.hands = {0: [DECK[0], DECK[1]], 1: None}
    assert model.shown_hand(0) == [DECK[0], DECK[1]]
    assert model.shown_hand(1) == [] and model.shown_hand(2) == [] and model.shown_hand(None) == []


def test_a_normal_start_prints_nothing(tmp_path):
    shot = tmp_path / "first.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TRICK_TABLE_SCREENSHOT=str(shot))
    env.pop("TRICK_TABLE_READY", None)
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 20
        while not (shot.exists() and shot.stat().st_size > 10_000) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert shot.exists(), "the window never drew its first frame"
        time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, _err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert out == ""


def test_the_startup_run_quits_by_itself_after_the_first_frame():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               TRICK_TABLE_READY="1", TRICK_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=30)
    assert proc.returncode == 0 and proc.stdout == "READY\n"
