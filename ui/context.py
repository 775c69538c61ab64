"""What every scene is handed: the scene stack, the settings and their store, and the program's services.

The services are typed fields, each with a default that lets a bare ``AppContext(SceneStack(), Settings(),
size)`` work in tests: no saves, no computer worker, no sound, no app hooks; statistics and tips stores on
the data folder (``ui.services.storage.data_dir()``, which the test suite points at a temporary folder); a card art
cache of its own.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ui.draw import caches
from ui.draw.caches import DrawingCaches
from ui.draw.cardart import CardArtCache
from ui.services.settings import Settings, SettingsStore
from ui.services.stats import StatsStore
from ui.services.tips import TipsStore
from ui.stack import SceneStack

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.state import TrickGame
    from ui.config import GameConfig
    from ui.services.computer import ComputerWorker
    from ui.services.saves import SaveService
    from ui.services.sound import SoundPlayer

__all__ = ["AppContext", "AppHooks", "Settings", "SettingsStore"]


class AppHooks(Protocol):
    """The program's navigation, as scenes may ask for it (``ui.app.App`` provides it)."""

    def start_game(self, config: GameConfig) -> None:
        """Open the table for ``config`` in place of the screen on top."""

    def go_to_menu(self) -> None:
        """Clear the stack and show the title menu."""

    def has_saved_game(self) -> bool:
        """Whether there is a game in progress to Continue."""

    def continue_game(self) -> None:
        """Resume the saved game (a problem is said on the title menu)."""

    def open_record(self, path: str | os.PathLike[str]) -> str | None:
        """Continue a record file's unfinished game (or view a finished one); a problem in plain words, or None."""

    def open_viewer(self, record: dict[str, Any], problem: str | None = None) -> None:
        """Show a recorded game in the replay viewer over the current screen."""

    def save_record_as(self, game: TrickGame, seats: list[dict[str, Any]], say: Callable[[str], None]) -> None:
        """Save record as: ask for a file over the current screen, write ``game`` as it is now, ``say`` where."""


@dataclass
class AppContext:
    """Handed to every scene: no globals, no singletons."""

    scenes: SceneStack
    settings: Settings
    size: tuple[int, int]
    quit_requested: bool = False
    store: SettingsStore | None = None  # where the settings are kept between runs (None: not kept)
    sound: SoundPlayer | None = None  # the sound effects (None: silent)
    notices: list[str] = field(default_factory=list)  # plain-words messages the window shows once, in order
    app: AppHooks | None = None  # the program's navigation (None: scenes built without an App, in tests)
    audio: bool = False  # whether a sound device was found
    saves: SaveService | None = None  # the autosave and record files (None: nothing is saved)
    stats: StatsStore = field(default_factory=StatsStore)  # the statistics file (ui.services.stats)
    tips: TipsStore = field(default_factory=TipsStore)  # which games' first-game tips were dismissed (ui.services.tips)
    worker: ComputerWorker | None = None  # the computer players' process (None: they decide on this side)
    art: CardArtCache = field(default_factory=CardArtCache)  # rendered card faces and backs by width and style
    # fonts, labels, theme surfaces and suit shapes (ui.draw.caches): the App's own; a bare context shares the
    # ones in use
    drawing: DrawingCaches = field(default_factory=caches.active)

    def notify(self, message: str) -> None:
        """Show ``message`` once over whatever screen is up (a toast drawn by the app)."""
        if message and message not in self.notices:
            self.notices.append(message)

    def save_settings(self) -> None:
        """Write the settings now (after a change on the Settings screen); a failure is said once."""
        if self.store is not None:
            problem = self.store.save(self.settings)
            if problem:
                self.notify(problem)

    def play_sound(self, name: str) -> None:
        """Play a sound effect by name (silent when sound is off or there is no audio device)."""
        if self.sound is not None:
            self.sound.play(name)
