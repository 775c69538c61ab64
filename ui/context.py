"""What every scene is handed: the scene stack, the settings and their store, sound, messages, shared resources."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ui.scene import SceneStack
from ui.settings_store import Settings, SettingsStore

if TYPE_CHECKING:
    from ui.sound import SoundPlayer

__all__ = ["AppContext", "Settings", "SettingsStore"]


@dataclass
class AppContext:
    """Handed to every scene: no globals, no singletons."""

    scenes: SceneStack
    settings: Settings
    size: tuple[int, int]
    resources: dict[str, Any] = field(default_factory=dict)  # caches (card art, fonts) keyed by name
    quit_requested: bool = False
    store: SettingsStore | None = None  # where the settings are kept between runs (None: not kept)
    sound: SoundPlayer | None = None  # the sound effects (None: silent)
    notices: list[str] = field(default_factory=list)  # plain-words messages the window shows once, in order

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
