"""Monkey tests: thousands of random clicks, drags, keys, wheel turns, motions and resizes.

A headless ``make_app`` is driven with a fixed dt and a fixed seed (``random.Random``), so a
failure replays exactly (computers decide inline). Clicks spread over the window but favour
the rects of the widgets, buttons and cards on screen; now and then the monkey makes the
move a sensible player would, so games go on. F11 is never pressed.

Menu-like screens (menu, setup, settings, rules, game over) must never raise. On the table
the game must always move on: computers play once it is their turn, animations end, the
human seat always has something to do when the table waits for it, and over the run the
engine applies many actions and finishes hands. No frame may show another seat's hidden
card face up (hot seat included). A stuck table fails with the seed, the
event number and the last events.
"""

from __future__ import annotations

import logging
from collections import Counter, deque
from random import Random
from typing import Any

import pygame
import pytest

from tests.e2e_helpers import (
    DT,
    human_click_point,
    table_config,
)
from ui.app import MIN_SIZE
from ui.scenes.gameover import GameOverScene
from ui.scenes.menu import MenuScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.scenes.table import COMPUTER_PAUSE_S, TableScene
from ui.scenes.viewer import ViewerScene
from ui.services.saves import record_as_filed
from ui.table.panels.overlay_scene import TableOverlayScene

SEED = 20240611
SIZE = (1280, 720)
SIZES = [(800, 480), (1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (800, 1000),
         (1920, 480), (1000, 700)]
LETTERS = [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz"]
DIGITS = [getattr(pygame, f"K_{d}") for d in "0123456789"]
KEYS = ([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 4
        + [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE] * 3
        + [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END,
           pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_KP0, pygame.K_KP5, pygame.K_F1]
        + DIGITS * 2 + LETTERS)
assert pygame.K_F11 not in KEYS


@pytest.fixture
def app(sync_app: Any) -> Any:
    """The headless App of conftest, with computer moves decided inline."""
    return sync_app


# ----- the monkey -------------------------------------------------------------------------------
def table_on_top(app: Any) -> Any:
    """The top scene, or the table under the table's own overlay scene (the last-trick review)."""
    top = app.ctx.scenes.top
    return top.table if isinstance(top, TableOverlayScene) else top


class Monkey:
    """Random input for whatever scene is on top; remembers the last events for the failure message."""

    def __init__(self, app: Any, seed: int, sensible: float = 0.2) -> None:
        self.app = app
        self.rng = Random(seed)
        self.seed = seed
        self.sensible = sensible  # share of events that are what a sensible player would click
        self.log: deque[str] = deque(maxlen=25)
        self.count = 0
        self.kinds: Counter[str] = Counter()
        self.buttons_down: set[int] = set()

    # ----- where to click
    def targets(self) -> list[pygame.Rect]:
        """Rects worth clicking on the top scene: widgets (and their arrows, tabs), buttons, cards."""
        top = table_on_top(self.app)
        rects: list[pygame.Rect] = []
        if isinstance(top, TableScene):
            for point in top.clickable_points().values():
                rects.append(pygame.Rect(point[0] - 6, point[1] - 6, 12, 12))
            lay = top.view.layout
            rects += [lay.fan, lay.trick_area, *(spot.pile for spot in lay.spots), *(spot.plate for spot in lay.spots)]
            if top.panel.visible:
                rects.append(top.panel.rect)
            return rects
        group = getattr(top, "group", None)
        for widget in getattr(group, "widgets", []):
            rects.append(widget.rect)
            for name in ("left_rect", "right_rect"):
                extra = getattr(type(widget), name, None)
                if extra is not None:
                    rects.append(getattr(widget, name))
            rects += list(getattr(widget, "segment_rects", []))
        track = getattr(top, "track", None)
        if isinstance(track, pygame.Rect):
            rects.append(track)
        return [r for r in rects if r.width > 0 and r.height > 0]

    def point(self) -> tuple[int, int]:
        """A position: mostly inside a target rect, else anywhere in the window (rarely just outside)."""
        w, h = self.app.screen.get_size()
        rng = self.rng
        targets = self.targets()
        if targets and rng.random() < 0.7:
            r = rng.choice(targets)
            return (rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, max(r.top, r.bottom - 1)))
        if rng.random() < 0.03:
            return (rng.randint(-20, w + 20), rng.randint(-20, h + 20))
        return (rng.randrange(w), rng.randrange(h))

    def sensible_point(self) -> tuple[int, int] | None:
        """What a player who wants the game to go on would click now (table only)."""
        top = table_on_top(self.app)
        if isinstance(top, TableScene):
            return human_click_point(top, self.rng)
        return None

    # ----- events
    def post(self, kind: str, **attrs: Any) -> None:
        event = pygame.event.Event(getattr(pygame, kind), **attrs)
        self.log.append(f"{kind} {attrs}")
        pygame.event.post(event)

    def click_at(self, pos: tuple[int, int], button: int = 1, drag_to: tuple[int, int] | None = None) -> None:
        self.post("MOUSEMOTION", pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post("MOUSEBUTTONDOWN", pos=pos, button=button, touch=False)
        end = pos
        if drag_to is not None:
            self.post("MOUSEMOTION", pos=drag_to, rel=(drag_to[0] - pos[0], drag_to[1] - pos[1]),
                      buttons=(button == 1, button == 2, button == 3), touch=False)
            end = drag_to
        self.post("MOUSEBUTTONUP", pos=end, button=button, touch=False)

    def key(self, key: int) -> None:
        rng = self.rng
        mod = rng.choice([pygame.KMOD_NONE] * 6 + [pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL])
        name = pygame.key.name(key)
        unicode = name if len(name) == 1 else {pygame.K_SPACE: " ", pygame.K_RETURN: "\r",
                                                pygame.K_BACKSPACE: "\b", pygame.K_TAB: "\t"}.get(key, "")
        if unicode and mod & pygame.KMOD_SHIFT:
            unicode = unicode.upper()
        self.post("KEYDOWN", key=key, mod=mod, unicode=unicode, scancode=0)
        if unicode and unicode.isprintable():
            self.post("TEXTINPUT", text=unicode)
        self.post("KEYUP", key=key, mod=mod, unicode=unicode, scancode=0)

    def act(self) -> str:
        """Post one random action (a few events); returns its kind."""
        rng = self.rng
        self.count += 1
        if rng.random() < self.sensible:
            pos = self.sensible_point()
            if pos is not None:
                self.click_at(pos)
                return "sensible"
        roll = rng.random()
        if roll < 0.40:
            button = rng.choice([1] * 12 + [2, 3, 4, 5])
            drag = self.point() if rng.random() < 0.08 else None
            self.click_at(self.point(), button, drag)
            return "click"
        if roll < 0.70:
            self.key(rng.choice(KEYS))
            return "key"
        if roll < 0.86:
            pos = self.point()
            self.post("MOUSEMOTION", pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                      buttons=(rng.random() < 0.1, 0, 0), touch=False)
            return "motion"
        if roll < 0.95:
            dy = rng.choice([-3, -1, -1, 1, 1, 3])
            self.post("MOUSEWHEEL", x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy), which=0,
                      touch=False)
            return "wheel"
        if roll < 0.97:
            self.post(rng.choice(["WINDOWLEAVE", "WINDOWENTER", "WINDOWFOCUSLOST", "WINDOWFOCUSGAINED"]))
            return "window"
        size = rng.choice(SIZES)
        self.log.append(f"resize {size}")
        self.app.resize(size)
        return "resize"

    def step(self) -> None:
        """Run one frame; a quit request (Quit, Esc on the menu) is noted and undone."""
        self.app.step(DT)
        if self.app.ctx.quit_requested or not self.app.running:
            self.kinds["quit"] += 1
            self.app.ctx.quit_requested = False
            self.app.running = True
            if self.app.ctx.scenes.top is None:
                self.app.go_to_menu()

    def where(self) -> str:
        return f"seed {self.seed}, action #{self.count}; last events:\n  " + "\n  ".join(self.log)


def drive(monkey: Monkey, actions: int = 1) -> None:
    """``actions`` random actions, then one frame, with the context of a failure attached."""
    try:
        for _ in range(actions):
            monkey.kinds[monkey.act()] += 1
        monkey.step()
    except Exception as error:
        raise AssertionError(f"{type(error).__name__}: {error} ({monkey.where()})") from error


# ----- the menu-like screens --------------------------------------------------------------------
def open_scene(app: Any, name: str) -> type:
    """Show screen ``name`` as the program would (over the title menu); returns its class."""
    app.go_to_menu()
    menu = app.ctx.scenes.top
    if name == "menu":
        return MenuScene
    if name == "setup":
        menu.open_setup()
        return SetupScene
    if name == "settings":
        menu.open_settings()
        return SettingsScene
    if name == "rules":
        menu.open_rules()
        return RulesScene
    config = table_config("spades", 4)
    app.ctx.scenes.push(GameOverScene(app.ctx, "You & North win!", [("You & North", 512), ("West & East", 377)],
                                      lambda: app.start_game(config), winners=[0]))
    return GameOverScene


MENU_SCENES = ["menu", "setup", "settings", "rules", "gameover"]
MENU_FRAMES = 60  # frames with the screen on top, four random actions each


def test_monkey_on_menu_screens(app) -> None:
    """Every menu-like screen gets its share of random input; leaving it is fine, and it is reopened."""
    monkey = Monkey(app, SEED, sensible=0.0)
    on_target: Counter[str] = Counter()
    for name in MENU_SCENES:
        app.resize(SIZE)
        cls = open_scene(app, name)
        away = 0
        while on_target[name] < MENU_FRAMES:
            if isinstance(app.ctx.scenes.top, cls):
                on_target[name] += 1
                away = 0
            else:
                away += 1
                if away > 4:  # the monkey left (Back, Start game, Play again...): come back
                    cls = open_scene(app, name)
                    away = 0
            drive(monkey, 4)
    assert all(on_target[name] >= MENU_FRAMES for name in MENU_SCENES)
    print(f"menus: {monkey.count} actions {dict(monkey.kinds)}")
    assert monkey.kinds["click"] > 800 and monkey.kinds["key"] > 600 and monkey.kinds["resize"] > 20, monkey.kinds


# ----- the table --------------------------------------------------------------------------------
TABLE_RUNS = {
    # name: (game, players, humans, options, frames)
    # (a finished trick stays in view half a second even at Instant, and a typed bid waits for Enter)
    "spades": ("spades", 4, (0,), {}, 1200),
    "spades_two": ("spades-two", 2, (0,), {}, 1500),
    "pitch5": ("pitch", 5, (0,), {}, 1200),
    "spades_hot_seat": ("spades", 4, (0, 2), {}, 1200),
    "pitch4_partners": ("pitch", 4, (0,), {"partnerships": True}, 1600),
    "ten_point_pitch": ("ten-point-pitch", 4, (0,), {}, 1500),
    "spades_house": ("spades", 4, (0,), {"jokers": True, "nil_pass": 2, "two_clubs_opens": True, "bag_rule": "5/50"},
                     3000),  # a Nil pass and the opening two of clubs: more to do before a hand is scored
    "pitch3_off_jack": ("pitch", 3, (0,), {"off_jack": True}, 1200),
}
# A table that gets stuck applies next to nothing; over seeds 1-6 and this file's own, a run applied 0.039 to
# 0.1 actions a frame (the monkey quits, resizes and opens screens at random), so this floor is no seed's luck.
MIN_APPLIED_PER_FRAME = 0.03
SPEEDS = ("fast", "instant", "normal", "instant")  # in turn, SPEED_FRAMES each: animations and whole hands
SPEED_FRAMES = 300
COMPUTER_LIMIT_FRAMES = 240  # a computer's move after the screen caught up (pause + a margin)
ANIMATION_LIMIT_FRAMES = 1200  # twenty seconds of animation without the screen catching up
HUMAN_LIMIT_FRAMES = 30  # the table waits for the human but offers nothing to do


class Watch:
    """Checks, frame after frame, that the table on top moves on."""

    def __init__(self, monkey: Monkey) -> None:
        self.monkey = monkey
        self.table: TableScene | None = None
        self.tables = 0
        self.applied = 0  # over every table of the run
        self.hands = 0
        self.games_over = 0
        self.computer_wait = self.busy = self.human_wait = 0
        self.last_applied = 0

    def fail(self, what: str) -> None:
        t = self.table
        state = ""
        if t is not None:
            g = t.control.game
            state = (f" [{g.kind}, hand {g.hand_number}, phase {g.phase}, to act {g.to_act}, "
                     f"viewer {t.control.viewer}, applied {t.control.applied}, idle {t.player.idle}, "
                     f"decision {t.decision().kind!r}]")
        raise AssertionError(f"table stuck: {what}{state} ({self.monkey.where()})")

    def adopt(self, table: TableScene) -> None:
        if self.table is not None:
            self.hands += len(self.table.model.results)
            self.games_over += int(self.table.finished)
        self.table = table
        self.tables += 1
        self.last_applied = table.control.applied
        self.computer_wait = self.busy = self.human_wait = 0

    def check(self) -> None:
        t = self.table
        assert t is not None
        if t.control.applied != self.last_applied:
            self.applied += t.control.applied - self.last_applied
            self.last_applied = t.control.applied
            self.computer_wait = self.busy = self.human_wait = 0
        if table_on_top(self.monkey.app) is not t:
            return  # covered by the rules, or left
        shown = t.face_up_hidden_cards()
        if shown:
            self.fail(f"hidden cards drawn face up: {[(i.card, i.owner) for i in shown]}")
        if t.overlays.menu is not None or t.finished:
            return  # paused by the player, or over
        g = t.control.game
        if not t.player.idle:
            self.busy = 0 if t.player.holding else self.busy + 1
            if self.busy > ANIMATION_LIMIT_FRAMES:
                self.fail("the animation never catches up")
            return
        overlay = t.overlays.up()
        if t.control.computers.plays(g.to_act) and not overlay:
            self.computer_wait += 1
            if self.computer_wait > COMPUTER_LIMIT_FRAMES:
                self.fail(f"the computer at seat {g.to_act} does not play")
        elif g.to_act in t.control.humans and not overlay:
            self.human_wait = 0 if t.decision().kind else self.human_wait + 1
            if self.human_wait > HUMAN_LIMIT_FRAMES:
                self.fail("the human is to act but the table offers nothing")


@pytest.mark.parametrize("name", list(TABLE_RUNS))
def test_monkey_at_the_table(app, name: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="trick_table.computers")
    game, players, humans, options, frames = TABLE_RUNS[name]
    seed = SEED + sum(map(ord, name))
    monkey = Monkey(app, seed, sensible=0.25)
    watch = Watch(monkey)
    table_seed = seed

    def start() -> None:
        nonlocal table_seed
        table_seed += 1
        app.go_to_menu()
        app.start_game(table_config(game, players, humans, table_seed, **options))

    start()
    away = 0
    for frame in range(frames):
        app.ctx.settings.speed = SPEEDS[frame // SPEED_FRAMES % len(SPEEDS)]
        app.ctx.settings.confirm_play, app.ctx.settings.pace = False, "normal"  # Settings clicks must not slow play
        app.ctx.settings.trick_stays = "short"  # nor hold every trick until a click
        top = table_on_top(app)
        if isinstance(top, TableScene):
            if top is not watch.table:
                watch.adopt(top)
            away = 0
        else:
            away += 1
            if away > 60:  # quit to the menu, the game ended, or the rules are up: a new game
                start()
                away = 0
        drive(monkey)
        if watch.table is not None:
            watch.check()
    watch.adopt(watch.table)  # count the last table's hands
    print(f"{name}: {frames} frames, {monkey.count} actions {dict(monkey.kinds)}, {watch.tables} table(s), "
          f"{watch.applied} actions applied, {watch.hands} hands scored, {watch.games_over} game(s) over")
    least = round(frames * MIN_APPLIED_PER_FRAME)
    assert watch.applied >= least, f"only {watch.applied} actions applied over the run ({monkey.kinds})"
    assert watch.hands + watch.games_over >= 1, f"no hand finished ({watch.applied} actions, {monkey.kinds})"
    # no computer seat, Hint or review fell back on a failure (the window hides them behind a fallback)
    failures = [r.getMessage() for r in caplog.records if r.name == "trick_table.computers"]
    assert not failures, failures[:3]


def test_min_size_is_what_the_monkey_uses() -> None:
    assert min(SIZES) >= MIN_SIZE and all(w >= MIN_SIZE[0] and h >= MIN_SIZE[1] for w, h in SIZES)
    assert COMPUTER_PAUSE_S * 1.6 * 60 < COMPUTER_LIMIT_FRAMES  # even at the slow speed


def test_the_monkey_s_resumed_tables_decide_inline(app) -> None:
    """A table the monkey reaches through Continue (the autosave resumed) decides its computers inline as a new
    one does: the watch counts frames, and a worker on a loaded machine can miss COMPUTER_LIMIT_FRAMES."""
    app.start_game(table_config("pitch", 4, (0,), 3, partnerships=True))
    new = table_on_top(app)
    assert isinstance(new, TableScene) and new.control.computers.sync
    for _ in range(200):  # the computers bid and play up to the human's turn; each action is autosaved
        app.step(DT)
    assert new.control.applied > 0 and app.has_saved_game()
    app.go_to_menu()
    app.continue_game()
    resumed = table_on_top(app)
    assert isinstance(resumed, TableScene) and resumed is not new
    assert resumed.control.computers.sync


def test_the_monkey_s_viewers_replay_hard_in_my_seat_inline(app) -> None:
    """A viewer the app opens over a table (as the table menu's View record does) runs "Hard in my seat" inline
    when the app's tables decide inline, not in a worker."""
    app.start_game(table_config("spades", 4, (0,), 5))
    table = table_on_top(app)
    for _ in range(60):
        app.step(DT)
    app.open_viewer(record_as_filed(table.control.game, table.control.config.seat_records()))
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, ViewerScene) and viewer.computer_sync
