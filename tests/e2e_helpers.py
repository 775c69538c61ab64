"""Helpers shared by the window (end-to-end), monkey and screenshot tests.

- colour checks that tell a real frame from a blank one;
- synthetic input for a headless ``App`` (positions always in ``event.pos``);
- a table "human" that answers whatever the table asks of the viewer;
- an X session: Xvfb started with ``-displayfd``, the real program, xdotool and
  ImageMagick ``import``, all cleaned up by PID.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from io import BytesIO
from pathlib import Path
from random import Random
from typing import Any

import pygame

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "screenshots"
DT = 1 / 60


# ----- is a frame blank? ------------------------------------------------------------------------
def colour_stats(surface: pygame.Surface) -> tuple[int, float]:
    """(distinct colours, share of the commonest colour) over every other pixel of ``surface``."""
    w, h = surface.get_size()
    small = pygame.transform.scale(surface.convert(24) if surface.get_bitsize() != 24 else surface,
                                   (max(1, w // 2), max(1, h // 2)))
    data = pygame.image.tobytes(small, "RGB")
    counts = Counter(data[i:i + 3] for i in range(0, len(data), 3))
    total = len(data) // 3
    return len(counts), counts.most_common(1)[0][1] / total


def assert_not_blank(surface: pygame.Surface, name: str, min_colours: int = 200, max_share: float = 0.9) -> None:
    """Fail when ``surface`` has too few colours or one colour covers most of it."""
    distinct, share = colour_stats(surface)
    assert distinct > min_colours, f"{name}: only {distinct} distinct colours (blank?)"
    assert share < max_share, f"{name}: one colour covers {share:.0%} of the frame"


def region_diff(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> float:
    """Mean absolute difference per channel (0-255) of two surfaces inside ``rect``."""
    ra = a.subsurface(rect).convert(24) if a.get_bitsize() != 24 else a.subsurface(rect).copy()
    rb = b.subsurface(rect).convert(24) if b.get_bitsize() != 24 else b.subsurface(rect).copy()
    up, down = ra.copy(), rb.copy()
    up.blit(rb, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    down.blit(ra, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    cu, cd = pygame.transform.average_color(up), pygame.transform.average_color(down)
    return sum(cu[i] + cd[i] for i in range(3)) / 3


def brightness(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """Mean of R, G and B inside ``rect``."""
    r, g, b = pygame.transform.average_color(surface, rect)[:3]
    return (r + g + b) / 3


# ----- synthetic input for a headless App --------------------------------------------------------
def post_motion(pos: tuple[int, int]) -> None:
    """Post a mouse motion to ``pos``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    """Post motion, press and release at ``pos``."""
    post_motion(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def step(app: Any, frames: int = 1, dt: float = DT) -> None:
    """Run ``frames`` frames with a fixed dt."""
    for _ in range(frames):
        app.step(dt)


def click(app: Any, pos: tuple[int, int]) -> None:
    """Click at ``pos`` and run one frame."""
    post_click(pos)
    app.step(DT)


def reset_card_art() -> None:
    """Forget the drawing caches in use (fonts, surfaces, the fallback card art), which outlive ``pygame.quit()``
    (``ui.draw.caches``; ``App.close()`` clears its own)."""
    from ui.draw import caches

    caches.active().clear()


def use_sync_computers(app: Any) -> None:
    """Make every table the app opens decide its computers inline (reproducible runs): a new game's, and a
    game resumed from the autosave or a record."""
    app.computer_sync = True


def table_config(game: str, players: int, humans: Iterable[int] = (0,), seed: int = 1, **options: Any) -> Any:
    """A ``GameConfig`` with default seat names (``options`` override the game's defaults)."""
    from dataclasses import replace

    from game.factory import default_options
    from ui.config import GameConfig, SeatConfig, default_names

    humans = set(humans)
    seats = tuple(SeatConfig(name, i in humans) for i, name in enumerate(default_names(players)))
    return GameConfig(game, players, replace(default_options(game), **options), seats, seed)


# ----- a table "human" ---------------------------------------------------------------------------
def human_stop(scene: Any) -> str:
    """What the table waits for from a person now: "" (nothing), or a decision / overlay name (the newest
    overlay's: a score sheet opened over the hand summary is closed first)."""
    top = scene.overlays.top()
    if top is not None:
        return {"sheet": "close", "last_trick": "close", "menu": "resume"}.get(top.name, top.name)
    return scene.decision().kind


def human_click_point(scene: Any, rng: Random) -> tuple[int, int] | None:
    """Where a sensible person clicks now to move the game on (None: nothing to do)."""
    from game.actions import Discard, Play

    stop = human_stop(scene)
    if not stop and scene.player.holding:
        return scene.view.layout.centre  # a finished trick held until a click (the "Finished trick" setting)
    points = scene.clickable_points()
    if stop in ("curtain", "close", "resume"):
        return points.get(stop)
    if stop == "summary":
        return points.get("continue")
    if stop == "play":
        legal = [a.card for a in scene.decision().legal if isinstance(a, Play)]
        return points.get(f"card:{rng.choice(legal)}")
    if stop == "bid" and "look" in points:
        return points["look"]  # a number bid needs a look at the cards first
    if stop == "bid":
        names = [n for n in points if n.startswith("bid:") and "double" not in n] or [n for n in points
                                                                                        if n.startswith("bid:")]
        return points[rng.choice(names)] if names else None  # the panel shows its buttons a frame later
    if stop == "trump":  # Ten-point Pitch: the pitcher names trump
        return points[rng.choice(sorted(n for n in points if n.startswith("trump:")))]
    if stop == "discard":  # Ten-point Pitch's draw: one card put down at a time
        thrown = [a.card for a in scene.decision().legal if isinstance(a, Discard)]
        return points.get(f"card:{rng.choice(thrown)}") if thrown else None
    if stop == "draw_first":
        # The panel's "Take first card" is named "look", which button_rect("look") does not
        # return (it answers for the bidding's Look button): ask the panel itself.
        rect = scene.panel.rect_of("look")
        return rect.center if rect is not None else None
    if stop == "draw":
        return points[rng.choice(["draw:keep", "draw:discard"])]
    if stop in ("exchange", "redraw"):
        selected = len(scene.hand.selected)
        if stop == "redraw":
            return points["keep_hand"]
        if selected >= (scene.decision().cards or 3):  # the engine's count: three, or a Nil pass's one or two
            return points["give"]
        hand = [c for c in scene.model.hands.get(scene.control.viewer) or [] if c not in scene.hand.selected]
        return points.get(f"card:{rng.choice(hand)}") if hand else None
    return None


def play_human(app: Any, scene: Any, rng: Random) -> bool:
    """Click once for the viewer if the table waits for a person; True when a click was made."""
    if scene.overlays.summary is not None and scene.overlays.summary.count_k < 1.0:
        return False  # let the count finish (a click would only hurry it)
    pos = human_click_point(scene, rng)
    if pos is None:
        return False
    click(app, pos)
    return True


def run_table_until(app: Any, scene: Any, done: Callable[[], bool], rng: Random, max_frames: int = 20000,
                    human: bool = True) -> int:
    """Step (playing for the humans when ``human``) until ``done()``; returns the frames used."""
    for frame in range(max_frames):
        if done():
            return frame
        if human and play_human(app, scene, rng):
            continue
        app.step(DT)
    raise AssertionError(f"the table never got there in {max_frames} frames "
                         f"(phase {scene.control.game.phase}, to act {scene.control.game.to_act}, "
                         f"stop {human_stop(scene)!r})")


# ----- a real X server ---------------------------------------------------------------------------
def have_x_tools() -> str | None:
    """None when Xvfb, xdotool and ImageMagick's import are all installed; otherwise what is missing."""
    missing = [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]
    return ", ".join(missing) + " not installed" if missing else None


def _stop(proc: subprocess.Popen | None, timeout_s: float = 3.0) -> None:
    """Terminate a child by its PID, kill it if it lingers, and reap it (never raises)."""
    if proc is None:
        return
    try:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=timeout_s)
    except Exception:  # cleanup must never fail
        pass


class XSession:
    """Xvfb on a free display (``-displayfd``), the program under test, xdotool and screenshots."""

    def __init__(self, screen: tuple[int, int] = (1280, 800)) -> None:
        self.screen = screen
        self.xvfb: subprocess.Popen | None = None
        self.proc: subprocess.Popen | None = None
        self.display = ""
        self.output: list[str] = []
        self.wid = ""
        self.origin = (0, 0)
        self.size = (0, 0)

    # ----- lifetime
    def __enter__(self) -> XSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the program, then Xvfb, by PID; wait for both."""
        _stop(self.proc)
        _stop(self.xvfb)

    def start_xvfb(self, timeout_s: float = 10.0) -> str:
        """Start Xvfb; returns the display (":N")."""
        read_fd, write_fd = os.pipe()
        try:
            self.xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_fd), "-noreset", "-screen", "0",
                 f"{self.screen[0]}x{self.screen[1]}x24", "-nolisten", "tcp"],
                pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
        finally:
            os.close(write_fd)
        data = b""
        deadline = time.monotonic() + timeout_s
        try:
            while not data.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or self.xvfb.poll() is not None:
                    raise RuntimeError("Xvfb did not report its display")
                ready, _, _ = select.select([read_fd], [], [], left)
                if ready:
                    chunk = os.read(read_fd, 64)
                    if not chunk:
                        raise RuntimeError("Xvfb closed -displayfd without a display number")
                    data += chunk
        finally:
            os.close(read_fd)
        self.display = ":" + data.decode().strip()
        return self.display

    def env(self) -> dict[str, str]:
        """The environment for X clients on this display (the program gets a real x11 video driver)."""
        env = dict(os.environ)
        env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("TRICK_TABLE_READY", None)  # a normal start: the test waits for the window, not for a line
        env.pop("SDL_AUDIODRIVER", None)  # as a player runs it: no sound card must not matter
        return env

    def start_program(self, args: list[str]) -> subprocess.Popen:
        """Start ``python main.py args`` with stdout read line by line in the background."""
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=self.env(),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1)

        def reader(stream: Any) -> None:  # keeps the pipe from filling; the output is shown on failure
            for line in stream:
                self.output.append(line.rstrip("\n"))

        threading.Thread(target=reader, args=(self.proc.stdout,), daemon=True).start()
        return self.proc

    # ----- X clients
    def run(self, *args: str, timeout_s: float = 10.0) -> str:
        """Run an X client on this display; returns its stdout."""
        done = subprocess.run(list(args), env=self.env(), capture_output=True, text=True, timeout=timeout_s,
                              check=True)
        return done.stdout

    def find_window(self, timeout_s: float = 10.0) -> str:
        """The program's visible window (xdotool search --sync --onlyvisible --pid), its origin and size."""
        assert self.proc is not None
        out = self.run("timeout", str(timeout_s), "xdotool", "search", "--sync", "--onlyvisible", "--pid",
                       str(self.proc.pid), timeout_s=timeout_s + 2)
        self.wid = out.split()[0]
        geometry = {}
        for line in self.run("xdotool", "getwindowgeometry", "--shell", self.wid).splitlines():
            key, _, value = line.partition("=")
            geometry[key] = int(value) if value.strip().lstrip("-").isdigit() else value
        self.origin = (int(geometry["X"]), int(geometry["Y"]))
        self.size = (int(geometry["WIDTH"]), int(geometry["HEIGHT"]))
        self.run("xdotool", "windowfocus", "--sync", self.wid)
        return self.wid

    def move(self, pos: tuple[int, int]) -> None:
        """Move the pointer to ``pos`` in window coordinates."""
        self.run("xdotool", "mousemove", "--window", self.wid, str(pos[0]), str(pos[1]))

    def click(self, pos: tuple[int, int]) -> None:
        """Move to ``pos`` (window coordinates) and click the left button."""
        self.run("xdotool", "mousemove", "--window", self.wid, str(pos[0]), str(pos[1]), "click", "1")

    def grab(self) -> pygame.Surface:
        """The window's pixels now (``import -window root``, cropped to the window)."""
        data = subprocess.run(["import", "-window", "root", "-depth", "8", "bmp:-"], env=self.env(),
                              capture_output=True, timeout=10, check=True).stdout
        root = pygame.image.load(BytesIO(data), "root.bmp")
        return root.subsurface(pygame.Rect(self.origin, self.size)).copy()

    def save_root(self, path: Path) -> pygame.Surface:
        """Save the whole screen as an image with ImageMagick and load it back."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.run("import", "-window", "root", "-quality", "10", str(path))  # fast zlib level
        return pygame.image.load(str(path))

    def wait_screen(self, ok: Callable[[pygame.Surface], bool], timeout_s: float, what: str) -> pygame.Surface:
        """Grab the window until ``ok(frame)``; returns that frame (fails on timeout or exit)."""
        deadline = time.monotonic() + timeout_s
        while True:
            frame = self.grab()
            if ok(frame):
                return frame
            assert self.proc is not None and self.proc.poll() is None, \
                f"the program exited waiting for {what}; output: {self.output[-20:]}"
            if time.monotonic() > deadline:
                SHOTS.mkdir(parents=True, exist_ok=True)
                pygame.image.save(frame, str(SHOTS / "e2e_timeout.png"))
                raise AssertionError(f"timed out waiting for {what} (last frame: screenshots/e2e_timeout.png)")
            time.sleep(0.03)
