"""The engine stays pure: no pygame under game/, and no module-level ``random`` (only Random instances)."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
GAME_FILES = sorted((ROOT / "game").rglob("*.py"))


def pygame_imports(source: str) -> list[str]:
    """Every import of pygame (or a pygame submodule) in a piece of source code."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] in ("pygame", "pygame_ce")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("pygame", "pygame_ce"):
            found.append(node.module or "")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and any(
                isinstance(arg, ast.Constant) and str(arg.value).startswith("pygame") for arg in node.args):
            found.append(str(node.args[0].value))  # type: ignore[attr-defined]
    return found


def module_random_uses(source: str) -> list[str]:
    """Every use of the module-level ``random`` functions (anything but ``random.Random``)."""
    tree = ast.parse(source)
    names = {"random"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.asname or alias.name for alias in node.names if alias.name == "random"}
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [f"from random import {a.name}" for a in node.names if a.name not in ("Random", "SystemRandom")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
            if node.attr not in ("Random", "SystemRandom"):
                found.append(f"{node.value.id}.{node.attr} (line {node.lineno})")
    return found


def test_the_scanners_find_what_they_look_for() -> None:
    assert pygame_imports("import pygame\nfrom pygame.locals import QUIT\nimport os") == ["pygame", "pygame.locals"]
    assert pygame_imports("importlib.import_module('pygame')") == ["pygame"]
    assert pygame_imports("import os\nfrom game.cards import DECK") == []
    bad = "import random\nimport random as r\nfrom random import shuffle\nrandom.shuffle(x)\nr.choice(y)\n"
    assert sorted(module_random_uses(bad)) == ["from random import shuffle", "r.choice (line 5)",
                                               "random.shuffle (line 4)"]
    assert module_random_uses("import random\nrng = random.Random(3)\nrng.shuffle(x)\n") == []


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_engine_file_imports_pygame(path: Path) -> None:
    assert pygame_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_engine_file_uses_the_module_level_random(path: Path) -> None:
    assert module_random_uses(path.read_text(encoding="utf-8")) == []


def test_importing_and_running_the_engine_loads_no_pygame() -> None:
    code = ("import sys, game.factory, game.record, game.tools.simulate, game.tools.bench, game.ai\n"
            "from game.tools.simulate import simulate\n"
            "from game.options import SpadesOptions\n"
            "simulate('spades', SpadesOptions(), 4, 1, 3, ['random'], 1)\n"
            "assert not any(m.split('.')[0] == 'pygame' for m in sys.modules), 'pygame was imported'\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


MODULE_FUNCTIONS = ("random", "shuffle", "choice", "choices", "randrange", "randint", "sample", "seed",
                    "getrandbits", "uniform")


def test_whole_games_never_call_the_module_level_random(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the engine called the module-level random")

    for name in MODULE_FUNCTIONS:
        monkeypatch.setattr(random, name, forbidden)
    for kind, players, options in (("spades", 4, SpadesOptions(mercy=-200)), ("spades-two", 2, SpadesOptions()),
                                   ("pitch", 5, PitchOptions())):
        result = simulate(kind, options, players, 2, 9, ["random"], 2)
        assert len(result.records) == 2
        game = new_game(kind, options, players, None)  # no seed: still a Random instance
        assert game.legal_actions()
