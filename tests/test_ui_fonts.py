"""The bundled UI font: real Regular and Bold files under an open licence, every character the window writes."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from ui.draw import text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    pygame.freetype.init()
    text.reset()
    yield
    text.reset()


def test_the_regular_and_bold_files_and_their_licence_ship_in_assets():
    for bold in (False, True):
        path = text.font_path(bold)
        assert path.parent == ROOT / "assets" / "fonts" and path.stat().st_size > 100_000
    licence = (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Lato" in licence


def test_bold_is_the_bold_weight_not_a_synthetic_emboldening():
    regular, bold = text.font(40), text.font(40, bold=True)
    plain = pygame.font.Font(str(text.font_path(bold=True)), round(40 * text.DEFAULT_FONT_SCALE))
    plain.bold = False  # the Bold file as it is, no emboldening on top
    assert bold.size("shuffled") == plain.size("shuffled")
    # A true bold has its own glyphs: wider strokes but the same words stay whole ("shuffled", not "shu ffled").
    assert bold.size("shuffled")[0] > regular.size("shuffled")[0]
    ink = bold.render("shuffled", True, (255, 255, 255), (0, 0, 0))
    columns = [any(ink.get_at((x, y))[0] > 40 for y in range(ink.get_height())) for x in range(ink.get_width())]
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    gaps = "".join("x" if c else "." for c in columns[first:last + 1])
    assert max(len(g) for g in re.findall(r"\.+", gaps) or [""]) <= 3, gaps


def test_every_character_the_window_writes_has_a_glyph():
    used = set()
    for path in (ROOT / "ui").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        used |= {chr(int(code, 16)) for code in re.findall(r"\\u([0-9a-fA-F]{4})", source)}
    suits = set("\u2660\u2665\u2666\u2663")  # drawn as shapes (ui/draw/suits.py), never as glyphs
    for bold in (False, True):
        face = pygame.freetype.Font(str(text.font_path(bold)), 20)
        missing = [hex(ord(ch)) for ch in sorted(used - suits) if face.get_metrics(ch)[0] is None]
        assert missing == []

