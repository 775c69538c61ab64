"""Sound effects: synthesised with the right lengths and real signal; quiet; silent when off or without audio."""

from __future__ import annotations

import math
import subprocess
import sys
from array import array
from pathlib import Path

import pygame
import pytest

from ui.services import sound
from ui.services.settings import Settings

LENGTHS_S = {"deal": 0.5, "card": 0.09, "trick": 0.2, "bid": 0.13, "nil_made": 0.5, "nil_broken": 0.42,
             "hand_won": 0.55, "hand_set": 0.55, "game_won": 1.0, "game_lost": 0.9}


@pytest.fixture(autouse=True)
def _no_tips(monkeypatch):
    monkeypatch.setenv("TRICK_TABLE_TIPS", "off")


class FakeSound:
    """Counts play and volume calls instead of making noise."""

    def __init__(self) -> None:
        self.plays = 0
        self.volumes: list[float] = []

    def play(self) -> None:
        self.plays += 1

    def set_volume(self, value: float) -> None:
        self.volumes.append(value)


def test_every_named_effect_exists():
    assert set(sound.EFFECTS) == set(LENGTHS_S)


@pytest.mark.parametrize("name", sorted(LENGTHS_S))
def test_effects_have_their_lengths_and_real_signal(name):
    samples = sound.synthesize(name)
    assert len(samples) == round(LENGTHS_S[name] * sound.SYNTH_RATE)
    peak = max(abs(s) for s in samples)
    assert peak == pytest.approx(sound.PEAK, rel=1e-6)  # normalised, never clipping
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > 0.03  # not silent
    assert abs(samples[-1]) < 0.05  # fades out: no click at the end
    assert sound.synthesize(name) == samples  # the same every time


def test_effects_differ_from_one_another():
    made = {name: tuple(round(s, 3) for s in sound.synthesize(name)[:2000]) for name in LENGTHS_S}
    assert len(set(made.values())) == len(made)


def test_buffers_match_the_mixer_format():
    samples = sound.synthesize("card")
    n = len(samples)
    stereo16 = sound.to_buffer(samples, 44100, -16, 2)
    assert len(stereo16) == 2 * n * 2 * 2
    values = array("h", stereo16)
    assert values[0::2] == values[1::2]  # both channels the same
    assert max(abs(v) for v in values) == pytest.approx(sound.PEAK * 32767, rel=0.01)
    assert len(sound.to_buffer(samples, 22050, -16, 1)) == n * 2
    assert len(sound.to_buffer(samples, 48000, 32, 2)) == round(n * 48000 / 22050) * 4 * 2


def test_real_mixer_sounds_have_the_right_length(app):
    player = app.ctx.sound
    assert player is not None and player.available  # the dummy audio driver
    player.prepare()
    for name, seconds in LENGTHS_S.items():
        assert player.sounds[name].get_length() == pytest.approx(seconds, abs=0.01)
    player.play("card")
    assert player.played == ["card"]


def test_off_or_muted_means_no_play_calls():
    settings = Settings()
    player = sound.SoundPlayer(settings, available=True)
    ticks = iter(range(0, 1000, 1))
    player.clock = lambda: float(next(ticks))  # a second between calls: never held back as a repeat
    fake = FakeSound()
    player.sounds = {name: fake for name in sound.EFFECTS}
    settings.sound = False
    player.play("card")
    settings.sound, settings.volume = True, 0
    player.play("card")
    assert fake.plays == 0 and player.played == []
    settings.volume = 40
    player.play("trick")
    assert fake.plays == 1 and fake.volumes == [pytest.approx(sound.BASE_GAIN * 0.4)]
    assert fake.volumes[0] < 0.5  # mixed quietly even at full volume
    player.play("no such effect")
    assert fake.plays == 1


def test_no_audio_device_the_program_runs_silently(monkeypatch):
    """mixer.init failing (a machine with no sound card) must not crash: the table plays on, silently."""
    from ui.app import make_app
    from ui.scenes.table import TableScene, make_config

    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    assert sound.init_mixer() is False
    app = make_app((1280, 720), headless=True, menu=False)
    try:
        assert app.audio is False and app.ctx.sound is not None and not app.ctx.sound.available
        app.ctx.settings.speed = "instant"
        scene = TableScene(app.ctx, make_config("spades", ["A", "B", "C", "D"], [], seed=5), computer_sync=True)
        app.ctx.scenes.push(scene)
        for _ in range(60):
            app.step(0.05)
        assert scene.control.applied > 4  # bids and cards went on
        assert app.ctx.sound.played == [] and app.ctx.sound.sounds == {}
    finally:
        app.close()


def test_the_table_plays_effects_for_its_events():
    from ui.app import make_app
    from ui.scenes.table import TableScene, make_config

    class Recorder:
        def __init__(self) -> None:
            self.names: list[str] = []

        def play(self, name: str) -> None:
            self.names.append(name)

    app = make_app((1280, 720), headless=True, menu=False)
    try:
        recorder = Recorder()
        app.ctx.sound = recorder  # type: ignore[assignment]
        app.ctx.settings.speed = "instant"
        scene = TableScene(app.ctx, make_config("spades", ["A", "B", "C", "D"], [], seed=5), computer_sync=True)
        app.ctx.scenes.push(scene)
        for _ in range(400):
            app.step(0.05)
            if scene.overlays.summary is not None:
                break
        assert scene.overlays.summary is not None  # a whole hand was shown
        names = recorder.names
        assert names[0] == "deal"
        assert names.count("bid") == 4
        assert names.count("card") == 52
        assert names.count("trick") + names.count("nil_broken") == 13
        assert names[-1] in ("hand_won", "hand_set", "nil_made")  # the hand's result, for the bottom seat's side
    finally:
        app.close()


def test_hand_and_game_sounds_follow_our_side():
    from ui.table.anim import EventPlayer

    class View:
        viewer, bottom = 0, 0

        @staticmethod
        def side_of(seat: int) -> int:
            return seat % 2

    player = EventPlayer.__new__(EventPlayer)
    player.view = View()  # type: ignore[assignment]
    made = {"points": [{"contract": 60, "nil": 0, "total": 62}, {"contract": -50, "nil": 0, "total": -50}]}
    assert player._hand_sound(made) == "hand_won"
    set_ = {"points": [{"contract": -70, "nil": 0, "total": -70}, {"contract": 50, "total": 50}]}
    assert player._hand_sound(set_) == "hand_set"
    nil = {"points": [{"contract": 40, "nil": 100, "total": 140}, {"contract": 50, "total": 50}]}
    assert player._hand_sound(nil) == "nil_made"
    pitch_set = {"points": [{"set_back": 3, "total": -3}, {"set_back": 0, "total": 2}]}
    assert player._hand_sound(pitch_set) == "hand_set"
    heard: list[str] = []
    player.sound = heard.append

    class Stage:
        @staticmethod
        def game_over(event) -> None:
            pass

    player.stage = Stage()  # type: ignore[assignment]
    from game.events import GAME_OVER, Event

    for winner in (0, 1):
        for beat in player._game_over(Event(GAME_OVER, value=winner)):
            beat.start()
    assert heard == ["game_won", "game_lost"]


def test_the_same_effect_is_not_piled_up_within_a_moment():
    player = sound.SoundPlayer(Settings(), available=True)
    fake = FakeSound()
    player.sounds = {name: fake for name in sound.EFFECTS}
    now = [10.0]
    player.clock = lambda: now[0]
    for _ in range(4):
        player.play("card")  # four cards shown in the same frame
    player.play("trick")
    assert player.played == ["card", "trick"]
    now[0] += sound.REPEAT_GAP_S
    player.play("card")
    assert player.played == ["card", "trick", "card"]


def test_the_c_libraries_complaints_at_mixer_start_stay_off_the_terminal() -> None:
    """ALSA writes straight to file descriptor 2 on a machine without a sound card; the mixer's start silences
    that descriptor only for its own call, so the program's messages still reach the terminal."""
    script = (
        "import os, sys\n"
        "from ui.services.sound import _c_stderr_silenced\n"
        "with _c_stderr_silenced():\n"
        "    os.write(2, b'ALSA lib: cannot find card 0\\n')\n"
        "print('the program speaks', file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    assert "ALSA" not in done.stderr
    assert "the program speaks" in done.stderr
