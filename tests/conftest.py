"""Shared test setup: a headless SDL (no window, no sound card) and an App fixture."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The window seeds its computer players through a key drawn fresh in each run (ui.services.computer.player_seed), so
# that no player can derive the deal from its seed; the tests fix that key, so a table's computers play
# alike in every run (tests/test_hardening_seeds.py checks the real program without it).
os.environ["TRICK_TABLE_TEST_SEED_KEY"] = "tests"

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import pytest  # noqa: E402

SCREENSHOTS = ROOT / "screenshots"


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data and log folders: no test reads or writes the player's real ones."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("TRICK_TABLE_LOG_DIR", str(base / "logs"))
    monkeypatch.setenv("TRICK_TABLE_TIPS", "off")  # no first-game tips over the tables of tests (tests/test_help.py)
    yield base
    computer = sys.modules.get("ui.services.computer")
    if computer is not None:  # a log file opened in this test's folder is not reused by the next test
        computer.reset_log()


def _headless_app(menu: bool = True, sync_computers: bool = False) -> Iterator[object]:
    from ui.app import make_app

    application = make_app((1280, 720), headless=True, menu=menu)
    pygame.event.clear()
    if sync_computers:
        from e2e_helpers import use_sync_computers

        use_sync_computers(application)
        application.ctx.settings.think_ms = 50  # a hard search (a seat or the Hint) decided inline stays short
    try:
        yield application
    finally:
        application.close()


@pytest.fixture
def app() -> Iterator[object]:
    """A headless App at 1280x720 showing the title menu; pygame is shut down afterwards."""
    yield from _headless_app()


@pytest.fixture
def bare_app() -> Iterator[object]:
    """A headless App at 1280x720 with an empty scene stack."""
    yield from _headless_app(menu=False)


@pytest.fixture
def sync_app() -> Iterator[object]:
    """A headless App at 1280x720 on the title menu whose tables decide computer moves inline."""
    yield from _headless_app(sync_computers=True)


@pytest.fixture
def drivers() -> Iterator[list]:
    """Table drivers a test makes (``tests.test_ui_table.Driver``), each closed afterwards."""
    made: list = []
    yield made
    for driver in made:
        driver.close()
