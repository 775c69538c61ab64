"""The README's first two commands work on a stock system (issue 14, item 17), and CI runs them as written.

A stock Debian, Ubuntu or Homebrew Python refuses ``pip install`` outside a virtual environment (PEP 668), so
both commands make one in the project folder; "install and play" installs only what the game needs.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAY = "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt && .venv/bin/python main.py"
TEST = "python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt && .venv/bin/python -m pytest -q"


def first_commands() -> dict[str, list[str]]:
    """The README's "Install and ..." lines before the first paragraph of prose: label -> its commands."""
    found: dict[str, list[str]] = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[1:8]:
        label, colon, rest = line.partition(":")
        if colon and label.startswith("Install and "):
            found[label] = re.findall(r"`([^`]+)`", rest)
    return found


def requirement_names(name: str) -> list[str]:
    """The lines of a requirements file, each cut to its package name (or the ``-r`` line as it is)."""
    out = []
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line if line.startswith("-r") else re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0])
    return out


def test_the_readme_opens_with_install_and_play_then_install_and_test_in_a_venv() -> None:
    commands = first_commands()
    assert list(commands) == ["Install and play", "Install and test"]
    assert commands["Install and play"][0] == PLAY
    assert commands["Install and test"][0] == TEST
    windows_play, windows_test = commands["Install and play"][1], commands["Install and test"][1]
    assert windows_play.startswith("py -m venv .venv && .venv\\Scripts\\pip install -r requirements.txt")
    assert windows_test.startswith("py -m venv .venv && .venv\\Scripts\\pip install -r requirements-dev.txt")


def test_playing_needs_only_the_game_and_the_tests_add_their_tools() -> None:
    assert requirement_names("requirements.txt") == ["pygame-ce", "platformdirs"]
    dev = requirement_names("requirements-dev.txt")
    assert dev[0] == "-r requirements.txt"
    assert sorted(dev[1:]) == ["hypothesis", "mypy", "pytest", "pytest-xdist", "ruff"]


def test_ci_runs_the_readme_test_command_verbatim_and_fails_on_no_tests() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TEST in script
    assert "pip install -r requirements.txt" not in script.replace("requirements-dev.txt", "")
    assert re.search(r'"\$status" -eq 5 \]; then\s+echo[^\n]*\n\s+exit 1', script)
    for check in ("-m ruff check .", "-m mypy game", "-m mypy ui"):
        assert f".venv/bin/python {check}" in script
    assert "xvfb xdotool imagemagick" in script
