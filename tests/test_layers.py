"""The engine's layers, read from the source: game/ never imports the window, and only a game's own
package (game/<game>/) and the registry (game/games.py) know a game by its name."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
NAMES = frozenset(GAMES)  # every game's name, from the registry itself
# The packages of the games (game/spades/ for "spades", game/spades_two/ for "spades-two"...) and the registry.
ALLOWED = {GAME / name.replace("-", "_") for name in NAMES} | {GAME / "games.py"}
# The issue's own search, extended to every registered name.
_ANY_NAME = "|".join(map(re.escape, NAMES))
GREP = re.compile(rf"""(==|!=) *["']({_ANY_NAME})["']|in \(["']({_ANY_NAME})""")


def sources() -> Iterator[Path]:
    """Every Python file of game/."""
    yield from sorted(GAME.rglob("*.py"))


def outside_the_games() -> Iterator[Path]:
    """The files of game/ that are neither a game's own package nor the registry."""
    for path in sources():
        if not any(path == allowed or allowed in path.parents for allowed in ALLOWED):
            yield path


def imported_modules(tree: ast.AST) -> Iterator[str]:
    """Every module an ``import`` or ``from ... import`` names, anywhere in the file."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


def _is_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def name_switches(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Where the code tells games apart by name: a comparison with a name, ``in`` a collection of
    names, a ``match`` case on one, a dict keyed by names, a subscript by a name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for operand in operands:
                if _is_name(operand):
                    yield node.lineno, "compares with a game name"
                if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) and any(map(_is_name, operand.elts)):
                    yield node.lineno, "tests membership in game names"
        elif isinstance(node, ast.Dict) and any(key is not None and _is_name(key) for key in node.keys):
            yield node.lineno, "a dict keyed by game names"
        elif isinstance(node, ast.Subscript) and _is_name(node.slice):
            yield node.lineno, "looks something up by a game name"
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchValue) \
                and _is_name(node.pattern.value):
            yield node.pattern.lineno, "a match case on a game name"


@pytest.mark.parametrize("path", list(sources()), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_never_imports_the_window_or_pygame(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [m for m in imported_modules(tree) if m.split(".")[0] in ("ui", "pygame")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_only_the_games_own_packages_and_the_registry_know_a_game_by_name() -> None:
    found = []
    for path in outside_the_games():
        text = path.read_text(encoding="utf-8")
        for line, what in name_switches(ast.parse(text)):
            found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
        for number, line in enumerate(text.splitlines(), 1):
            if GREP.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "game names outside game/<game>/ and game/games.py:\n" + "\n".join(found)


def test_the_name_scan_finds_what_it_looks_for() -> None:
    """The scan itself: each kind of switch it must catch is caught."""
    name = sorted(NAMES)[0]
    for code in (f"x = kind == {name!r}", f"x = {name!r} != kind", f"x = kind in ({name!r}, 'other')",
                 f"x = {{{name!r}: 1}}", f"x = TABLE[{name!r}]",
                 f"match kind:\n    case {name!r}:\n        pass"):
        assert list(name_switches(ast.parse(code))), code
    assert not list(name_switches(ast.parse("x = GAMES[view.kind].facts.auction")))
