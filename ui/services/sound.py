"""Sound effects synthesised in code: shuffle/deal, card played, trick won, bid, Nil made or broken, hand won
or set, game won or lost.

Every effect is a few enveloped tones or a burst of filtered noise, generated here sample by sample (pure
Python, no files) at the mixer's own rate and format the first time it is needed, then kept. Effects are
mixed quietly (``BASE_GAIN`` times the volume setting). Nothing plays when the sound setting is off, and
without an audio device (the mixer failed to start) every call does nothing.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from ui.services.settings import Settings

BASE_GAIN = 0.35  # effects sit well under any music the player may have on
PEAK = 0.8  # each effect is normalised to this share of full scale
SYNTH_RATE = 22050  # effects are computed at this rate and repeated up to the mixer's rate
REPEAT_GAP_S = 0.05  # the same effect is not started again sooner (Instant speed shows a trick in one frame)


class _Playable(Protocol):
    """What the player needs of a ``pygame.mixer.Sound`` (tests pass counting fakes)."""

    def play(self) -> object:
        """Start playing."""

    def set_volume(self, value: float) -> None:
        """Set the volume 0..1."""


@contextmanager
def _c_stderr_silenced() -> Iterator[None]:
    """Keep the C libraries' own complaints off the terminal (ALSA prints a dozen lines when a machine has no
    sound card); Python's messages are unaffected outside this block."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def init_mixer() -> bool:
    """Start the mixer if there is a sound device; False (and a silent program) otherwise."""
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.pre_init(44100, -16, 2, 512)
            with _c_stderr_silenced():
                pygame.mixer.init()
    except (pygame.error, NotImplementedError, AttributeError, OSError):
        return False
    try:
        return pygame.mixer.get_init() is not None
    except pygame.error:
        return False


# ----- synthesis (mono floats in -1..1 at SYNTH_RATE) ----------------------------------------------
def _silence(seconds: float) -> list[float]:
    return [0.0] * max(1, round(seconds * SYNTH_RATE))


def _add_tone(buf: list[float], start_s: float, freq: float, length_s: float, gain: float = 1.0,
              decay_s: float = 0.12, attack_s: float = 0.004, partials: tuple[tuple[float, float], ...] = ((1, 1.0),),
              glide: float = 1.0) -> None:
    """Mix a tone into ``buf``: quick attack, exponential decay, a few harmonics, an optional pitch glide."""
    rate = SYNTH_RATE
    first = round(start_s * rate)
    count = min(len(buf) - first, round(length_s * rate))
    if count <= 0:
        return
    attack = max(1, round(attack_s * rate))
    fade = max(1, round(0.006 * rate))  # a short fade at the very end: no click
    k = math.exp(-1.0 / max(1e-4, decay_s * rate))
    env = gain
    phase = 0.0
    two_pi = 2 * math.pi
    step = two_pi * freq / rate
    bend = glide ** (1.0 / count)
    sin = math.sin
    for i in range(count):
        a = env * (i / attack if i < attack else 1.0) * (1.0 if count - i > fade else (count - i) / fade)
        s = 0.0
        for mult, amp in partials:
            s += amp * sin(phase * mult)
        buf[first + i] += a * s
        env *= k
        phase += step
        step *= bend


def _add_noise(buf: list[float], start_s: float, length_s: float, gain: float, decay_s: float, smooth: float,
               rng: random.Random, attack_s: float = 0.002) -> None:
    """Mix a burst of low-passed noise into ``buf`` (``smooth`` 0..1: higher is duller)."""
    rate = SYNTH_RATE
    first = round(start_s * rate)
    count = min(len(buf) - first, round(length_s * rate))
    if count <= 0:
        return
    attack = max(1, round(attack_s * rate))
    k = math.exp(-1.0 / max(1e-4, decay_s * rate))
    env, y, keep = gain, 0.0, 1.0 - smooth
    rnd = rng.random
    for i in range(count):
        y += keep * ((rnd() * 2.0 - 1.0) - y)
        buf[first + i] += env * (i / attack if i < attack else 1.0) * y
        env *= k


def _deal(rng: random.Random) -> list[float]:
    """A riffle: a quick run of soft card flicks."""
    buf = _silence(0.5)
    for i in range(11):
        at = i * 0.036 + rng.uniform(0.0, 0.008)
        _add_noise(buf, at, 0.05, 0.55 + 0.4 * rng.random(), 0.012, 0.55, rng)
    return buf


def _card(rng: random.Random) -> list[float]:
    """A card slapped down: a bright snap over a soft thump."""
    buf = _silence(0.09)
    _add_noise(buf, 0.0, 0.06, 1.0, 0.011, 0.35, rng)
    _add_tone(buf, 0.0, 150.0, 0.09, 0.5, decay_s=0.025, glide=0.7)
    return buf


def _trick(rng: random.Random) -> list[float]:
    """The trick swept in: a short swish and a low knock."""
    buf = _silence(0.2)
    _add_noise(buf, 0.0, 0.16, 0.7, 0.05, 0.8, rng, attack_s=0.04)
    _add_tone(buf, 0.1, 196.0, 0.1, 0.45, decay_s=0.03, partials=((1, 1.0), (2, 0.3)))
    return buf


def _bid(rng: random.Random) -> list[float]:
    """A bid: a light wooden tick."""
    buf = _silence(0.13)
    _add_tone(buf, 0.0, 880.0, 0.13, 0.8, decay_s=0.03, partials=((1, 1.0), (2.76, 0.35)))
    return buf


def _notes(freqs: tuple[float, ...], gap_s: float, hold_s: float, decay_s: float, total_s: float,
           partials: tuple[tuple[float, float], ...] = ((1, 1.0), (2, 0.25), (3, 0.1))) -> list[float]:
    buf = _silence(total_s)
    for i, freq in enumerate(freqs):
        last = i == len(freqs) - 1
        _add_tone(buf, i * gap_s, freq, (total_s - i * gap_s) if last else hold_s, 0.7,
                  decay_s=decay_s * (2.0 if last else 1.0), partials=partials)
    return buf


def _nil_made(rng: random.Random) -> list[float]:
    """A Nil made: a bright rising chime."""
    return _notes((784.0, 988.0, 1319.0), 0.09, 0.2, 0.09, 0.5, ((1, 1.0), (3, 0.2)))


def _nil_broken(rng: random.Random) -> list[float]:
    """A Nil broken: two falling notes."""
    return _notes((440.0, 330.0), 0.13, 0.15, 0.08, 0.42, ((1, 1.0), (2, 0.4)))


def _hand_won(rng: random.Random) -> list[float]:
    """A hand won: a major arpeggio."""
    return _notes((392.0, 494.0, 587.0, 784.0), 0.08, 0.18, 0.09, 0.55)


def _hand_set(rng: random.Random) -> list[float]:
    """A hand set: a falling minor line."""
    return _notes((392.0, 311.0, 262.0), 0.12, 0.16, 0.08, 0.55, ((1, 1.0), (2, 0.45)))


def _game_won(rng: random.Random) -> list[float]:
    """A game won: a little fanfare ending on a held chord."""
    buf = _notes((523.0, 659.0, 784.0), 0.11, 0.14, 0.1, 1.0)
    for freq in (523.0, 659.0, 784.0, 1047.0):
        _add_tone(buf, 0.36, freq, 0.64, 0.35, decay_s=0.35, partials=((1, 1.0), (2, 0.2)))
    return buf


def _game_lost(rng: random.Random) -> list[float]:
    """A game lost: a slow falling phrase."""
    return _notes((392.0, 370.0, 349.0, 262.0), 0.16, 0.18, 0.12, 0.9, ((1, 1.0), (2, 0.3)))


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "deal": _deal,
    "card": _card,
    "trick": _trick,
    "bid": _bid,
    "nil_made": _nil_made,
    "nil_broken": _nil_broken,
    "hand_won": _hand_won,
    "hand_set": _hand_set,
    "game_won": _game_won,
    "game_lost": _game_lost,
}


def synthesize(name: str) -> list[float]:
    """The effect ``name`` as mono samples in -1..1 at ``SYNTH_RATE``, normalised to ``PEAK`` (deterministic)."""
    samples = EFFECTS[name](random.Random(name))
    top = max(1e-9, max(abs(s) for s in samples))
    k = PEAK / top
    return [s * k for s in samples]


_TYPECODES = {-16: ("h", 32767.0, 0.0), 16: ("H", 32767.0, 32768.0), -8: ("b", 127.0, 0.0),
              8: ("B", 127.0, 128.0), -32: ("i", 2147483647.0, 0.0), 32: ("f", 1.0, 0.0)}


def to_buffer(samples: list[float], rate: int, fmt: int, channels: int) -> bytes:
    """Samples at ``SYNTH_RATE`` as raw bytes in the mixer's format (rate, sample type, channels interleaved)."""
    code, scale, offset = _TYPECODES.get(fmt, _TYPECODES[-16])
    ratio = rate / SYNTH_RATE
    count = max(1, round(len(samples) * ratio))
    last = len(samples) - 1
    src = [samples[min(last, int(i / ratio))] for i in range(count)] if ratio != 1 else samples
    mono: array[Any] = array("f", src) if code == "f" else array(code, [int(s * scale + offset) for s in src])
    channels = max(1, channels)
    if channels == 1:
        return mono.tobytes()
    out: array[Any] = array(code, bytes(mono.itemsize * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out.tobytes()


class SoundPlayer:
    """Plays the named effects at the settings' volume; silent when sound is off or there is no audio device."""

    def __init__(self, settings: Settings, available: bool) -> None:
        self.settings = settings
        self.available = available
        self.sounds: dict[str, _Playable] = {}
        self.played: list[str] = []  # names actually started (tests, and a record of what was heard)
        self.clock: Callable[[], float] = time.monotonic
        self._last: dict[str, float] = {}  # when each effect last started

    def sound(self, name: str) -> _Playable | None:
        """The mixer sound of ``name``, made the first time it is asked for (None without audio)."""
        if not self.available or name not in EFFECTS:
            return None
        made = self.sounds.get(name)
        if made is None:
            try:
                init = pygame.mixer.get_init()
                if init is None:
                    self.available = False
                    return None
                rate, fmt, channels = init
                made = pygame.mixer.Sound(buffer=to_buffer(synthesize(name), rate, fmt, channels))
            except (pygame.error, ValueError, TypeError, MemoryError):
                self.available = False  # the device went away or refuses the data: stay silent
                return None
            self.sounds[name] = made
        return made

    def prepare(self) -> None:
        """Make every effect now (otherwise each is made when first played)."""
        for name in EFFECTS:
            self.sound(name)

    def play(self, name: str) -> None:
        """Play effect ``name`` quietly, unless sound is off, the volume is 0 or there is no audio."""
        settings = self.settings
        if not settings.sound or settings.volume <= 0 or not self.available:
            return
        effect = self.sound(name)
        if effect is None:
            return
        now = self.clock()
        if now - self._last.get(name, -1e9) < REPEAT_GAP_S:
            return  # already sounding: a pile of the same effect at once would only be louder
        self._last[name] = now
        try:
            effect.set_volume(BASE_GAIN * max(0, min(100, settings.volume)) / 100)
            effect.play()
        except pygame.error:
            self.available = False
            return
        self.played.append(name)
        del self.played[:-50]
