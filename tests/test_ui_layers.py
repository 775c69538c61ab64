"""The window's import layers, read from the code's own imports (every ``import`` statement in ui/, at module
level, inside functions and under ``TYPE_CHECKING`` alike).

From the bottom: the drawing helpers, the services, the config and the scene stack; the context; the scene
base class; the table, the replay parts and the per-game presentations; the scenes; the program (``ui.app``);
the benchmarks. A module may import its own layer or a lower one, never a higher one, and no import circle
exists at all. Function-level imports are few, and each says why it is not at the top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "ui"

# (module or package prefix, layer): the longest matching prefix gives a module's layer
LAYERS: tuple[tuple[str, int], ...] = (
    ("ui", 0),  # the package itself (ui/__init__.py)
    ("ui.draw", 0),
    ("ui.services", 0),
    ("ui.config", 0),
    ("ui.stack", 0),
    ("ui.context", 1),
    ("ui.scene", 2),
    ("ui.table", 3),
    ("ui.replay", 3),
    ("ui.games", 3),
    ("ui.scenes", 4),
    ("ui.app", 5),
    ("ui.bench", 6),
)
MAX_FUNCTION_LEVEL_IMPORTS = 8


def module_name(path: Path) -> str:
    """``ui/scenes/menu.py`` -> ``ui.scenes.menu``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(UI.rglob("*.py"))}


def layer_of(module: str) -> int | None:
    """The layer of a ui module by its longest matching prefix (None: not placed in any layer)."""
    best: tuple[int, int] | None = None
    for prefix, layer in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            if best is None or len(prefix) > best[0]:
                best = (len(prefix), layer)
    return best[1] if best is not None else None


def _owning_module(name: str) -> str | None:
    """The ui module a dotted name lives in (``ui.draw.text.font`` -> ``ui.draw.text``), or None."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The ui modules one import statement of ``module`` names (relative imports resolved)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
            package = package[:len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{alias.name}" for alias in node.names] + [base]
    found = {_owning_module(n) for n in names if n == "ui" or n.startswith("ui.")}
    return {m for m in found if m is not None and m != module}


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def import_graph() -> dict[str, dict[str, int]]:
    """Every ui module's ui imports: ``{module: {imported module: line of the first such import}}``."""
    graph: dict[str, dict[str, int]] = {}
    for module, path in MODULES.items():
        edges: dict[str, int] = {}
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            for target in imported(module, node):
                edges.setdefault(target, node.lineno)
        graph[module] = edges
    return graph


def find_circle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One import circle as the modules along it (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, {})):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                circle = visit(target)
                if circle is not None:
                    return circle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            circle = visit(module)
            if circle is not None:
                return circle
    return None


def function_level_imports() -> list[tuple[str, int, str]]:
    """Imports inside a function or a class body (not at module level, not under ``if TYPE_CHECKING``), as
    (file, line, source line)."""
    out = []
    for module, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        out.append((module, inner.lineno, lines[inner.lineno - 1]))
    return sorted(set(out))


GRAPH = import_graph()


def test_the_scan_reads_the_window_package() -> None:
    assert len(MODULES) > 40 and "ui.app" in MODULES and "ui.draw.cardart" in MODULES
    assert "ui.context" in GRAPH["ui.app"]  # a module-level import
    assert "ui.scenes.table" in GRAPH["ui.app"]  # a function-level one
    assert "ui.context" in GRAPH["ui.scene"]  # one under TYPE_CHECKING


def test_every_ui_module_has_a_layer() -> None:
    assert [m for m in MODULES if layer_of(m) is None] == []


def test_no_import_circle_in_ui() -> None:
    assert find_circle(GRAPH) is None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_goes_up_a_layer(module: str) -> None:
    mine = layer_of(module)
    assert mine is not None
    upward = {target: line for target, line in GRAPH[module].items() if (layer_of(target) or 0) > mine}
    assert upward == {}, f"{module} (layer {mine}) imports higher layers: {upward}"


def test_drawing_and_services_never_import_scenes_tables_or_games() -> None:
    higher = ("ui.scenes", "ui.scene", "ui.table", "ui.games", "ui.replay", "ui.context", "ui.app")
    bad = {(m, t) for m, edges in GRAPH.items() if m.startswith(("ui.draw", "ui.services"))
           for t in edges if t.startswith(higher)}
    assert bad == set()


def test_panels_table_and_replay_never_import_a_scene() -> None:
    bad = {(m, t) for m, edges in GRAPH.items() if m.startswith(("ui.table", "ui.replay"))
           for t in edges if t == "ui.scenes" or t.startswith("ui.scenes.")}
    assert bad == set()


def test_function_level_imports_are_few_and_each_says_why() -> None:
    found = function_level_imports()
    assert len(found) <= MAX_FUNCTION_LEVEL_IMPORTS, found
    assert [f for f in found if "#" not in f[2]] == []


def test_the_checks_catch_a_circle_and_an_upward_import() -> None:
    assert find_circle({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b": 1}, "b": {}}) is None
    assert layer_of("ui.scenes.menu") == 4 and layer_of("ui.scene") == 2 and layer_of("ui.draw.text") == 0
    node = ast.parse("from ui.scenes.menu import MenuScene").body[0]
    assert isinstance(node, ast.ImportFrom) and imported("ui.draw.theme", node) == {"ui.scenes.menu"}
