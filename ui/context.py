"""What every scene is handed: the scene stack, settings and shared drawing resources."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ui.scene import SceneStack


@dataclass
class Settings:
    """Player preferences for this session (persistence comes later)."""

    speed: str = "normal"  # slow / normal / fast / instant
    think_ms: int = 500  # how long a Hard computer player (and the Hint) thinks per decision
    fullscreen: bool = False
    last_setup: dict[str, Any] = field(default_factory=dict)  # the last new-game choices

    def speed_factor(self) -> float:
        """Multiplier on animation and computer-pause durations (0 means instant)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}[self.speed]


@dataclass
class AppContext:
    """Handed to every scene: no globals, no singletons."""

    scenes: SceneStack
    settings: Settings
    size: tuple[int, int]
    resources: dict[str, Any] = field(default_factory=dict)  # caches (card art, fonts) keyed by name
    quit_requested: bool = False
