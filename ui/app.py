"""The window and its one loop: events → top scene → update(dt) → draw visible scenes → flip."""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.reviews import reviews_of
from game.state import TrickGame
from ui.context import AppContext
from ui.draw import caches, text, theme
from ui.draw.toast import draw_pill, pill_size
from ui.scenes.confirm import ConfirmScene
from ui.scenes.file_chooser import FileChooserScene
from ui.scenes.menu import MenuScene
from ui.scenes.tips import skip_first_game_tips
from ui.services import stats, storage, tips
from ui.services.saves import (
    FINISHED,
    SavedGame,
    SaveService,
    load_record_file,
    open_record_for_play,
    suggested_record_name,
    write_record_file,
)
from ui.services.settings import SETTINGS_FILE, Settings, SettingsStore
from ui.services.sound import SoundPlayer, init_mixer
from ui.stack import SceneStack

if TYPE_CHECKING:
    from ui.config import GameConfig
    from ui.scenes.table import TableScene
    from ui.scenes.viewer import ViewerScene

TITLE = "Trick Table"
DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 480)
MAX_DT_S = 0.1  # a long stall (dragging the window) must not make animations jump
FPS = 60
SCREENSHOT_ENV = "TRICK_TABLE_SCREENSHOT"
READY_ENV = "TRICK_TABLE_READY"  # set to 1: print READY on stdout after the first frame (benchmarks, e2e tests)
NOTICE_S = 4.0  # a message over the screens (a bad settings file...) shows this long plus its reading time
EXIT_ENV = "TRICK_TABLE_EXIT_AFTER_FIRST_FRAME"  # set to 1: quit by itself once the first frame is shown


def layout_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size the scenes lay out for: the window's own, or below the minimum the smallest size of the
    same shape that is at least the minimum (drawn there and shrunk into the window)."""
    w, h = max(1, int(window[0])), max(1, int(window[1]))
    if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
        return w, h
    k = max(MIN_SIZE[0] / w, MIN_SIZE[1] / h)
    return max(MIN_SIZE[0], math.ceil(w * k)), max(MIN_SIZE[1], math.ceil(h * k))


def _table_scene() -> type[TableScene]:
    """The table scene's class."""
    from ui.scenes.table import TableScene  # start-up speed: the engine and computer players load after the menu

    return TableScene


def _viewer_scene() -> type[ViewerScene]:
    """The replay viewer's class."""
    from ui.scenes.viewer import ViewerScene  # start-up speed: the replay code loads when a record is opened

    return ViewerScene


class App:
    """The program's window, scene stack and loop; ``step`` runs exactly one frame."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False, fullscreen: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        self.drawing = caches.use(caches.DrawingCaches())  # this window's fonts and surfaces, none of an old one
        self.audio = init_mixer()  # a sound device, or silence
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])) if not headless else tuple(size)
        pygame.display.set_caption(TITLE)
        self._set_icon()
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_min_size()
        self.fullscreen = False
        size = layout_size(self.screen.get_size())
        self._canvas: pygame.Surface | None = None if size == self.screen.get_size() else pygame.Surface(size)
        self.ctx = self._context(size)  # its drawing caches are the ones just put in use (ctx.drawing)
        settings = self.ctx.settings
        settings.fullscreen = settings.fullscreen or fullscreen
        self.ctx.sound = SoundPlayer(settings, self.audio)
        self.notice: tuple[str, float] | None = None  # the message shown now and its time left (s)
        self.computer_sync = False  # tests: resumed tables decide computer moves inline
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.running = True
        self._apply_fullscreen()

    def _context(self, size: tuple[int, int]) -> AppContext:
        """The scenes' context on the data folder, with its messages queued to be said once at startup.

        No usable data folder: defaults, nothing kept (said once), and play goes on. Another window owning
        the folder: this one does not save its game (said once). A bad settings, statistics or tips file was
        moved aside (never deleted) and is said once."""
        folder_problem = storage.data_dir_problem()
        if folder_problem is not None:
            self.saves = SaveService(off=folder_problem)
            ctx = AppContext(SceneStack(), Settings(), size, app=self, audio=self.audio, saves=self.saves,
                             stats=stats.StatsStore(in_memory=True), tips=tips.TipsStore(in_memory=True))
            ctx.notify(f"{folder_problem}: nothing will be kept this time (no saved game, settings or "
                       f"statistics).")
            return ctx
        storage.remove_stale_temps(storage.data_dir(), (SETTINGS_FILE, stats.FILE_NAME, tips.FILE_NAME))
        store = SettingsStore()
        settings, problem = store.load()  # the player's saved settings; a bad file gives defaults and a message
        self.saves = SaveService()
        ctx = AppContext(SceneStack(), settings, size, store=store, app=self, audio=self.audio, saves=self.saves)
        for message in (self.saves.claim(), problem, ctx.stats.take_problem(), ctx.tips.take_problem()):
            if message:
                ctx.notify(message)
        return ctx

    # --- the hooks scenes call through ctx.app (ui.context.AppHooks) ---------------------------
    def start_game(self, config: GameConfig) -> None:
        """Open the table for ``config`` in place of the setup screen.

        A game without a seed gets one, so that its record (and a resumed game) deals the same hands."""
        if config.seed is None:
            config = replace(config, seed=random.Random().randrange(1, 2**31))
        self.ctx.scenes.replace(_table_scene()(self.ctx, config, computer_sync=self.computer_sync))

    def has_saved_game(self) -> bool:
        """Whether there is an autosave to Continue."""
        return self.saves.has_save()

    def resume(self, saved: SavedGame) -> None:
        """Open the table for a saved game over the title menu, exactly where it was (no first-game tips:
        the game is not new)."""
        table = _table_scene()(self.ctx, saved.config(), computer_sync=self.computer_sync, game=saved.game)
        table.coach.reviews.load(reviews_of(saved.record))  # the hands' reviews kept in the record (docs/review.md)
        skip_first_game_tips(table)  # the tips open only at the start of a new game
        self.ctx.scenes.push(table)

    def continue_game(self) -> None:
        """Continue on the title menu: resume the autosave, or say in plain words why it cannot be."""
        saved, _problem = self.saves.load()  # a problem is queued for the menu, the file moved aside
        if saved is not None:
            self.resume(saved)

    def open_record(self, path: str | os.PathLike[str], on_keep: Callable[[], None] | None = None) -> str | None:
        """Open record: continue a record file's unfinished first game; returns a problem in plain words, or None.

        A finished game, or a record that replays only up to a problem, goes to the replay viewer
        (``open_viewer``, which shows the problem). An unfinished game takes the one save slot, so when a game
        is saved already this first asks, as a new game does (``ask_to_replace_save``); Keep leaves the saved
        game as it is and calls ``on_keep``."""
        saved, problem = open_record_for_play(path)
        if saved is None:
            record, _ = load_record_file(path)
            if record is not None:  # finished, or a record that replays only up to a problem: shown to there
                self.open_viewer(record, None if problem == FINISHED else problem)
                return None
            return f"That record cannot be continued: {problem}."
        if self.has_saved_game():
            self.ask_to_replace_save(lambda: self.resume(saved), on_keep)  # the saved game stays until Replace
        else:
            self.resume(saved)
        return None

    def ask_to_replace_save(self, on_replace: Callable[[], None], on_keep: Callable[[], None] | None = None) -> None:
        """Ask "Replace the saved game?" over the current screen (the game in progress named as the save gives
        it): Replace calls ``on_replace``, Keep (or Esc) ``on_keep`` when given."""
        saved = self.saves.in_progress()
        body = (f"Your game in progress ({saved}) will be lost." if saved
                else "Your game in progress will be lost.")
        self.ctx.scenes.push(ConfirmScene(self.ctx, "Replace the saved game?", body, "Replace", "Keep",
                                          on_confirm=on_replace, on_cancel=on_keep))

    def open_viewer(self, record: dict[str, Any], problem: str | None = None) -> None:
        """Show a recorded game in the replay viewer over the current screen (Esc returns to it)."""
        self.ctx.scenes.push(_viewer_scene()(self.ctx, record, problem, computer_sync=self.computer_sync))

    def save_record_as(self, game: TrickGame, seats: list[dict[str, Any]], say: Callable[[str], None]) -> None:
        """Save record as (the table menu): a file chooser over the current screen; the game as it was when asked
        is written to the file chosen, the chooser closes and ``say`` tells where it went."""
        saves = self.saves
        snapshot = game.clone()  # the game at the moment the player asked, whatever happens under the chooser

        def chosen(path: Path) -> str | None:
            problem = write_record_file(path, snapshot, seats)
            if problem is not None:
                return f"The record was not saved: {problem}."
            saves.record_folder = path.parent
            if self.ctx.scenes.top is chooser:
                self.ctx.scenes.pop()
            say(f"Record saved as {path.name}")
            return None

        chooser = FileChooserScene(self.ctx, "Save record as", chosen, save=True,
                                   suggested=suggested_record_name(game), start_dir=saves.record_folder)
        self.ctx.scenes.push(chooser)

    def go_to_menu(self) -> None:
        """Clear the stack and show the title menu."""
        self.ctx.scenes.reset(MenuScene(self.ctx))

    # --- window ----------------------------------------------------------------------------
    def _set_icon(self) -> None:
        icon = pygame.Surface((32, 32), pygame.SRCALPHA)
        pygame.draw.rect(icon, theme.FELT, icon.get_rect(), border_radius=6)
        theme.draw_suit(icon, 0, (16, 16), 24, theme.GOLD_LIGHT)
        pygame.display.set_icon(icon)

    def _set_min_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # the only way to reach the window here
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error, ValueError):
            pass

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (tests, full-screen changes) and relayout every scene."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        screen = pygame.display.get_surface()
        if screen is None:
            raise RuntimeError("the window has no display surface")  # never once set_mode has made the window
        self.screen = screen
        size = layout_size(self.screen.get_size())
        self._canvas = None if size == self.screen.get_size() else pygame.Surface(size).convert()
        if size != tuple(self.ctx.size):
            self.ctx.size = size
            for scene in self.ctx.scenes.all():
                scene.on_resize(size)

    def _apply_fullscreen(self) -> None:
        want = bool(self.ctx.settings.fullscreen)
        if want == self.fullscreen:
            return
        try:
            if want:
                self.windowed_size = self.screen.get_size()
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = want
        except pygame.error:
            self.ctx.settings.fullscreen = self.fullscreen  # could not switch: keep the truth
        self._resized()

    # --- the loop ----------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one event: quitting, resizing and F11 here; everything else goes to the top scene."""
        if event.type == pygame.QUIT:
            self.ctx.quit_requested = True
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.ctx.settings.fullscreen = not self.ctx.settings.fullscreen
            return
        top = self.ctx.scenes.top
        if top is not None:
            top.handle_event(self._to_layout(event))

    def _to_layout(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event's position in the scenes' coordinates (they differ below the minimum size)."""
        if self._canvas is None or not hasattr(event, "pos"):
            return event
        kx = self._canvas.get_width() / max(1, self.screen.get_width())
        ky = self._canvas.get_height() / max(1, self.screen.get_height())
        data = dict(event.dict)
        data["pos"] = (int(event.pos[0] * kx), int(event.pos[1] * ky))
        if "rel" in data:
            data["rel"] = (int(event.rel[0] * kx), int(event.rel[1] * ky))
        return pygame.event.Event(event.type, data)

    def step(self, dt_s: float) -> None:
        """One frame: process queued events, update the top scene by ``dt_s`` seconds, draw, flip."""
        for event in pygame.event.get():
            self.dispatch(event)
            if self.ctx.quit_requested:
                break
        self._apply_fullscreen()
        top = self.ctx.scenes.top
        if self.ctx.quit_requested or top is None:
            self.running = False
            return
        top.update(max(0.0, min(dt_s, MAX_DT_S)))
        self._age_notice(max(0.0, min(dt_s, MAX_DT_S)))
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def draw(self) -> None:
        """Draw the visible scenes bottom first (overlays over what lies under them)."""
        target = self._canvas if self._canvas is not None else self.screen
        visible = self.ctx.scenes.visible()
        if not visible:
            target.fill((0, 0, 0))
        for scene in visible:
            scene.draw(target)
        self._draw_notice(target)
        if self._canvas is not None:
            # Below the minimum size the scenes are laid out at the minimum (same shape) and shrunk to fit.
            pygame.transform.smoothscale(self._canvas, self.screen.get_size(), self.screen)

    def _age_notice(self, dt_s: float) -> None:
        """Count down the message shown; take the next one waiting in ``ctx.notices``."""
        if self.notice is not None:
            message, left = self.notice
            self.notice = (message, left - dt_s) if left > dt_s else None
        if self.notice is None and self.ctx.notices:
            message = self.ctx.notices.pop(0)
            self.notice = (message, NOTICE_S + len(message) / 25)

    def _draw_notice(self, target: pygame.Surface) -> None:
        """The message shown now, as a pill at the top of the window over every scene."""
        if self.notice is None:
            return
        message, left = self.notice
        size = text.scaled(20, target.get_size())
        room = target.get_width() * 0.92
        lines = [message]
        if pill_size(message, size)[0] > room and ": " in message:  # a long message: two lines, at its colon
            head, tail = message.split(": ", 1)
            lines = [head + ":", tail]
        widest = max(pill_size(line, size)[0] for line in lines)
        size = max(10, min(size, int(size * room) // max(1, widest)))
        alpha = round(255 * max(0.0, min(1.0, left / 0.3)))
        for i, line in enumerate(lines):  # at the top, over the title
            draw_pill(target, line, (target.get_width() // 2, round(size * (1.6 + 2.1 * i))), size, alpha)

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Save the current frame as an image (PNG by extension); returns the path."""
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(out))
        return out

    def close(self) -> None:
        """Save the settings if they changed, write the pending autosave, close the window and shut pygame down."""
        self.ctx.save_settings()
        for scene in reversed(self.ctx.scenes.all()):
            scene.on_exit()
        self.saves.close()  # the last action's save is written before the program ends (its thread is a daemon)
        self.ctx.art.clear()
        self.drawing.clear()  # its pygame objects die with pygame.quit()
        pygame.quit()


def make_app(size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False, menu: bool = True) -> App:
    """An App showing the title menu (``menu=False``: an empty stack, for tests)."""
    app = App(size, headless=headless)
    if menu:
        app.saves.check_on_start()  # a bad autosave is reported on the title menu and moved aside
        app.ctx.scenes.push(MenuScene(app.ctx))
    return app


def _parse_size(value: str) -> tuple[int, int]:
    w, _, h = value.lower().partition("x")
    return int(w), int(h)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="trick-table",
                                     description="Play Spades, Spades for two, Pitch and Ten-point Pitch in a window.")
    parser.add_argument("--size", type=_parse_size, default=DEFAULT_SIZE, help="window size, e.g. 1600x900")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--screenshot", default=os.environ.get(SCREENSHOT_ENV), help="save the first frame here")
    args, _unknown = parser.parse_known_args(list(argv) if argv is not None else [])
    return args


def run(argv: Sequence[str] | None = None) -> int:
    """Open the window and play until the player quits; returns the exit status."""
    args = _parse(argv)
    app = make_app(args.size)
    from ui.services.computer import ComputerWorker  # start-up speed: the computer players load after the window

    worker = ComputerWorker().start()  # the computer players' process, warming up in the background
    app.ctx.worker = worker
    if args.fullscreen:
        app.ctx.settings.fullscreen = True
    try:
        run_loop(app, args)
    finally:
        worker.stop()  # a message, not a wait: the process ends by itself
        app.close()
    return 0


def run_loop(app: App, args: argparse.Namespace) -> None:
    """The window's loop until the player quits: step, then the first frame's screenshot and signals."""
    dt_s = 1.0 / FPS
    while app.running:
        app.step(dt_s)
        if app.frames == 1 and app.running:
            if args.screenshot:
                app.screenshot(args.screenshot)
            if os.environ.get(READY_ENV) == "1":
                print("READY", flush=True)
            if os.environ.get(EXIT_ENV) == "1":
                app.running = False  # the startup figure: import, window and first frame, no signal
        dt_s = app.clock.tick(FPS) / 1000.0


def run_viewer(record: dict[str, Any], problem: str | None = None, argv: Sequence[str] = ()) -> int:
    """Open the window on ``record`` alone in the replay viewer (Esc quits); the window options apply."""
    args = _parse(list(argv))
    app = make_app(args.size, menu=False)
    app.open_viewer(record, problem)
    try:
        run_loop(app, args)
    finally:
        app.close()
    return 0


def main() -> None:
    """Run from the command line."""
    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()

