"""The drawing caches are one service owned by the window (``ctx.drawing``, ``ui.draw.caches``): a new window
never draws with an old one's fonts or surfaces, and no module of ui/ keeps a cache of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

import ui.app
from ui.app import make_app
from ui.draw import caches, cardart, suits, text, theme
from ui.draw.cardart import CardArtCache
from ui.draw.suits import SuitShapes
from ui.draw.text import FontCache
from ui.draw.theme import ThemeSurfaces

UI = Path(__file__).resolve().parents[1] / "ui"


def test_each_window_draws_with_caches_of_its_own_and_clears_them_when_it_closes() -> None:
    first = make_app((1280, 720), headless=True)
    try:
        first.step(0.016)  # the title menu: labels, felt, suit shapes, the fan's card art
        drawing = first.ctx.drawing
        assert caches.active() is drawing
        assert len(drawing.part(FontCache)._rendered) > 0
        assert len(drawing.part(ThemeSurfaces)) > 0 and len(drawing.part(SuitShapes)) > 0
        assert text.fonts() is drawing.part(FontCache) and theme.surfaces() is drawing.part(ThemeSurfaces)
    finally:
        first.close()
    assert len(drawing.part(FontCache)._rendered) == 0 and len(drawing.part(ThemeSurfaces)) == 0
    assert len(drawing.part(SuitShapes)) == 0
    second = make_app((1280, 720), headless=True)
    try:
        second.step(0.016)
        assert second.ctx.drawing is not drawing and caches.active() is second.ctx.drawing
        assert len(drawing.part(FontCache)._rendered) == 0  # the old window's caches stay empty
    finally:
        second.close()


def test_the_helpers_fill_the_caches_in_use() -> None:
    pygame.display.init()
    pygame.font.init()
    mine = caches.use(caches.DrawingCaches())
    text.render("Trick Table", 20, (255, 255, 255))
    theme.suit_image(1, 24)
    suits.suit_surface(2, 30)
    cardart.card_art_for_width(70)
    assert len(mine.part(FontCache)._rendered) == 1
    assert len(mine.part(ThemeSurfaces)) == 1 and len(mine.part(SuitShapes)) >= 2  # the theme's symbol too
    assert len(mine.part(CardArtCache)) == 1
    assert suits.suit_surface(2, 30) is suits.suit_surface(2, 30)  # cached, not made again
    mine.clear()
    assert len(mine.part(SuitShapes)) == 0 and len(mine.part(CardArtCache)) == 0


def test_nobody_resets_drawing_caches_by_hand() -> None:
    assert not hasattr(ui.app, "reset_drawing_caches")


def _module_level_caches(path: Path) -> list[str]:
    """Module-level names bound to a new cache or mapping, and functions memoised with functools (pure
    geometry of ``ui/draw/suits.py`` aside: tuples of floats, no pygame object)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Call):
            func = node.value.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name.endswith("Cache") or name in ("OrderedDict", "dict", "DrawingCaches"):
                found.append(f"{path.name}:{node.lineno}")
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                label = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                returns = ast.unparse(node.returns) if node.returns is not None else ""
                if label in ("cache", "lru_cache") and "Surface" in returns:
                    found.append(f"{path.name}:{node.lineno} {node.name}")
    return found


def test_no_module_in_ui_keeps_a_cache_of_its_own(tmp_path: Path) -> None:
    found = [hit for path in sorted(UI.rglob("*.py")) if path.name != "caches.py"
             for hit in _module_level_caches(path)]
    assert found == []
    demo = tmp_path / "demo.py"
    demo.write_text("import functools\nimport pygame\nX = dict()\n@functools.lru_cache\n"
                    "def f() -> pygame.Surface: ...\n")
    assert len(_module_level_caches(demo)) == 2  # the scan sees both kinds
