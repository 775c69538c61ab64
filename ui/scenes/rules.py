"""The rules of the three games, read from assets/rules/*.md and shown as scrollable formatted text.

Opened from a table, the screen starts at that game's rules with an "In this game" box on top listing the
options in force (``options_in_force``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.games import GAMES
from ui.draw import text, theme
from ui.draw.widgets import Button, Tabs
from ui.scenes import FormScene
from ui.scenes.tips import TipsScene

if TYPE_CHECKING:
    from ui.context import AppContext

RULES_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules"
PAGES = tuple((name, info.title) for name, info in GAMES.items())  # the engine's games, in its order
SUIT_CHARS = {"\u2660": 0, "\u2665": 1, "\u2666": 2, "\u2663": 3}  # ♠ ♥ ♦ ♣
LINK_TITLES = {f"{kind}.md": title for kind, title in PAGES}
SCROLL_EASE_PER_S = 14.0  # how fast the shown position catches up with the target
LIGHT_SUIT = {0: theme.TEXT, 1: (240, 104, 104), 2: (240, 104, 104), 3: theme.TEXT}

MINUS = "\u2212"


def options_in_force(kind: str, options: Any, players: int | None = None) -> list[tuple[str, str]]:
    """The options of a game being played, as (label, value) rows for the "In this game" box."""
    rows: list[tuple[str, str]] = []
    if players:
        rows.append(("Players", str(players)))
    if options is None:
        return rows

    def yes(value: Any, on: str = "yes", off: str = "no") -> str:
        return on if value else off

    target = getattr(options, "target", None)
    if target is not None:
        rows.append(("Target score", str(target)))
    if kind == "pitch":
        if players in (None, 4) or getattr(options, "partnerships", False):
            rows.append(("Partnerships", yes(getattr(options, "partnerships", False), "yes (two teams of two)")))
        rows.append(("Dealer may steal", yes(getattr(options, "dealer_steal", True))))
        low = getattr(options, "low", "winner")
        rows.append(("Low goes to", "the player who played it" if low == "player" else "the player who wins it"))
        return rows
    rows.append(("Nil", yes(getattr(options, "nil", True), "allowed", "not allowed")))
    rows.append(("Double Nil", yes(getattr(options, "double_nil", True), "allowed", "not allowed")))
    mercy = getattr(options, "mercy", None)
    rows.append(("Mercy rule", "off" if mercy is None else f"lose at {str(mercy).replace('-', MINUS)}"))
    return rows


_LIST_RE = re.compile(r"^(\s*)([-*+]|\d+\.)\s+(.*)$")
_LINK_RE = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


@dataclass
class Block:
    """One markdown block: a heading (level 1-3), a paragraph, or a list item."""

    kind: str  # "heading", "para", "item"
    text: str
    level: int = 0  # heading level, or list nesting depth
    marker: str = ""  # "-" or "3." for list items


def load_rules(kind: str) -> str:
    """The markdown of one game's rules (a short notice if the file is missing)."""
    path = RULES_DIR / f"{kind}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# Rules not found\n\nThe file `{path.name}` is missing from assets/rules."


def parse_markdown(source: str) -> list[Block]:
    """Split markdown into headings, paragraphs and list items (continuation lines joined)."""
    blocks: list[Block] = []
    current: Block | None = None
    for raw in source.splitlines():
        line = raw.rstrip()
        if not line.strip() or set(line.strip()) <= set("|-: "):
            current = None
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        item = _LIST_RE.match(line)
        if heading:
            blocks.append(Block("heading", heading.group(2).strip(), min(3, len(heading.group(1)))))
            current = None
        elif item:
            current = Block("item", item.group(3).strip(), len(item.group(1)) // 2, item.group(2))
            blocks.append(current)
        elif current is not None:
            current.text += " " + line.strip()
        else:
            current = Block("para", line.strip())
            blocks.append(current)
    for block in blocks:
        if block.text.startswith("|"):
            block.text = " \u2014 ".join(cell.strip() for cell in block.text.strip("|").split("|") if cell.strip())
    return [b for b in blocks if not (b.kind == "para" and b.text.startswith("Source:"))]


def inline_spans(source: str) -> list[tuple[str, str]]:
    """Split inline markdown into (style, text): styles "normal", "bold" and "suit" (one symbol)."""
    source = _LINK_RE.sub(lambda m: LINK_TITLES.get(m.group(2), m.group(1)), source)
    source = source.replace("`", "")
    spans: list[tuple[str, str]] = []
    bold = False
    for i, part in enumerate(source.split("**")):
        if i > 0:
            bold = not bold
        buf = ""
        for ch in part:
            if ch in SUIT_CHARS:
                if buf:
                    spans.append(("bold" if bold else "normal", buf))
                    buf = ""
                spans.append(("suit", ch))
            else:
                buf += ch
        if buf:
            spans.append(("bold" if bold else "normal", buf))
    return spans


def _words(spans: list[tuple[str, str]]) -> list[tuple[bool, list[tuple[str, str]]]]:
    """Words as (space_before, segments); a word may mix styles ("**Decision**:" or "♥9")."""
    words: list[tuple[bool, list[tuple[str, str]]]] = []
    space = False
    current: list[tuple[str, str]] | None = None
    for style, chunk in spans:
        if style == "suit":
            if current is None:
                current = []
                words.append((space, current))
                space = False
            current.append((style, chunk))
            continue
        for piece in re.split(r"(\s+)", chunk):
            if not piece:
                continue
            if piece.isspace():
                space = True
                current = None
                continue
            if current is None:
                current = []
                words.append((space, current))
                space = False
            current.append((style, piece))
    return words


@dataclass
class Piece:
    """Something drawn on a line: a text run, a suit symbol, or a bullet dot."""

    x: int
    kind: str  # "text", "suit", "bullet"
    value: str
    size: int
    color: tuple[int, int, int]


@dataclass
class Line:
    """One laid-out line of the page."""

    y: int
    height: int
    pieces: list[Piece] = field(default_factory=list)


class PageLayout:
    """The rules of one game laid out for a column width: lines with positions, and the total height."""

    def __init__(self, blocks: list[Block], width: int, scale: float,
                 box: list[tuple[str, str]] | None = None) -> None:
        self.width = width
        self.scale = scale
        self.lines: list[Line] = []
        self.y = 0
        self.box_rows = list(box or ())
        for i, block in enumerate(blocks):
            self._block(block, first=i == 0)
            if i == 0 and box:
                self._box(self.box_rows)
        self.height = self.y + self._px(24)

    def _box(self, rows: list[tuple[str, str]]) -> None:
        """The "In this game" box: the options in force, in one or two columns."""
        top = self.y + self._px(4)
        pad = self._px(18)
        title = self._px(26)
        size = self._px(23)
        line_h = round(text.line_height(size) * 1.25)
        box_line = Line(top, 0, [Piece(0, "box", "", 0, theme.GOLD)])
        self.lines.append(box_line)
        y = top + pad
        self.lines.append(Line(y, text.line_height(title), [Piece(pad, "text", "In this game", title,
                                                                   theme.GOLD_LIGHT)]))
        y += round(text.line_height(title) * 1.2)
        label_w = max(text.measure(f"{label}:", size)[0] for label, _v in rows) + self._px(12)
        widest = max(label_w + text.measure(value, size)[0] for _l, value in rows)
        columns = 2 if 2 * widest + 3 * pad <= self.width else 1
        per_col = -(-len(rows) // columns)
        col_w = (self.width - 2 * pad) // columns
        for i, (label, value) in enumerate(rows):
            col, row = divmod(i, per_col)
            x = pad + col * col_w
            ly = y + row * line_h
            self.lines.append(Line(ly, line_h, [Piece(x, "text", f"{label}:", size, theme.TEXT_DIM),
                                               Piece(x + label_w, "text", value, size, theme.GOLD_LIGHT)]))
        bottom = y + per_col * line_h + pad // 2
        box_line.height = bottom - top
        self.y = bottom + self._px(22)

    def _px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def _block(self, block: Block, first: bool) -> None:
        if block.kind == "heading":
            size = self._px({1: 46, 2: 36, 3: 29}[block.level])
            color = theme.GOLD_LIGHT if block.level == 1 else theme.GOLD
            self.y += 0 if first else self._px({1: 30, 2: 26, 3: 18}[block.level])
            self._flow(inline_spans(block.text), size, color, 0, 0)
            if block.level <= 2:
                rule = Piece(0, "rule", "", size, theme.GOLD_DARK)
                self.lines.append(Line(self.y + self._px(4), self._px(6), [rule]))
                self.y += self._px(10)
            self.y += self._px(8)
            return
        size = self._px(25)
        if block.kind == "item":
            indent = self._px(30) * (block.level + 1)
            marker_x = indent - self._px(22)
            start = len(self.lines)
            self._flow(inline_spans(block.text), size, theme.TEXT, indent, indent)
            if start < len(self.lines):
                first_line = self.lines[start]
                if block.marker[0].isdigit():
                    first_line.pieces.insert(0, Piece(marker_x - self._px(6), "text", block.marker, size, theme.GOLD))
                else:
                    first_line.pieces.insert(0, Piece(marker_x, "bullet", "", size, theme.GOLD))
            self.y += self._px(7)
        else:
            self._flow(inline_spans(block.text), size, theme.TEXT, 0, 0)
            self.y += self._px(14)

    def _seg_width(self, style: str, value: str, size: int) -> int:
        if style == "suit":
            return round(size * 0.56)
        return text.measure(value, size)[0]

    def _flow(self, spans: list[tuple[str, str]], size: int, color: tuple[int, int, int], first_x: int,
              next_x: int) -> None:
        """Wrap styled words into lines starting at ``first_x`` (then ``next_x``)."""
        line_h = round(text.line_height(size) * 1.18)
        space_w = text.measure(" ", size)[0]
        line = Line(self.y, line_h)
        x = first_x
        at_start = True
        for space_before, segments in _words(spans):
            word_w = sum(self._seg_width(st, v, size) for st, v in segments)
            gap = space_w if (space_before and not at_start) else 0
            if not at_start and x + gap + word_w > self.width:
                self.lines.append(line)
                self.y += line_h
                line = Line(self.y, line_h)
                x, gap, at_start = next_x, 0, True
            for k, (style, value) in enumerate(segments):
                x = self._place(line, style, value, x, gap if k == 0 else 0, size, color)
            at_start = False
        if line.pieces:
            self.lines.append(line)
            self.y += line_h

    def _place(self, line: Line, style: str, value: str, x: int, gap: int, size: int,
               color: tuple[int, int, int]) -> int:
        """Add a segment after ``gap`` pixels of space; return where the next one starts."""
        if style == "suit":
            suit = SUIT_CHARS[value]
            line.pieces.append(Piece(x + gap, "suit", str(suit), size, LIGHT_SUIT[suit]))
            return x + gap + self._seg_width(style, value, size)
        col = theme.GOLD_LIGHT if style == "bold" else color
        last = line.pieces[-1] if line.pieces else None
        if last is not None and last.kind == "text" and last.color == col and last.size == size:
            last.value += (" " if gap else "") + value  # one blit per run of same-styled words
        else:
            last = Piece(x + gap, "text", value, size, col)
            line.pieces.append(last)
        # Measure the whole run: summing word widths drifts from what the run renders as.
        return last.x + text.measure(last.value, size)[0]


class RulesScene(FormScene):
    """Tabs for the three games and the chosen rules, scrolled by wheel, arrows, PageUp/PageDown, Home/End."""

    def __init__(self, ctx: AppContext, game: str = "spades", options: Any = None, players: int | None = None
                 ) -> None:
        super().__init__(ctx)
        kinds = [kind for kind, _t in PAGES]
        self.page = kinds.index(game) if game in kinds else 0
        self.game = game if game in kinds else None  # the game being played (its page shows the options)
        self.in_force = options_in_force(game, options, players) if options is not None else []
        self.tabs = Tabs([title for _k, title in PAGES], self.page, self._set_page)
        self.back_button = Button("Back", self.back, key="Esc")
        self.tips_button = Button("Tips", self.open_tips)
        self.options = options
        self.group.set_widgets([self.tabs, self.back_button, self.tips_button])
        self._blocks = {kind: parse_markdown(load_rules(kind)) for kind in kinds}
        self._layouts: dict[tuple[str, int], PageLayout] = {}
        self.scroll_px = 0.0  # where the page is going
        self.shown_px = 0.0  # where it is drawn (eases toward scroll_px)
        self.dragging: float | None = None  # pointer offset inside the thumb while dragging
        self.layout()

    @property
    def kind(self) -> str:
        """The game whose rules are shown."""
        return PAGES[self.page][0]

    def open_tips(self) -> None:
        """The shown game's tips (ui.scenes.tips), with the options in force when it is the game being played."""
        options = self.options if self.kind == self.game else None
        self.ctx.scenes.push(TipsScene(self.ctx, self.kind, options, from_rules=True))

    def _set_page(self, index: int) -> None:
        self.page = index
        self.scroll_px = self.shown_px = 0.0

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Back and tabs on top, then a panel holding a readable column of text."""
        w, h = self.size
        s = self.s
        self.back_button.set_rect((s(30), s(26), s(150), s(50)))
        self.tabs.set_rect((w // 2 - s(330), s(26), s(660), s(50)))
        self.tips_button.set_rect((w - s(30) - s(150), s(26), s(150), s(50)))
        pw = min(w - s(60), s(1120))
        self.panel = pygame.Rect((w - pw) // 2, s(100), pw, h - s(100) - s(34))
        pad = s(44)
        self.view = pygame.Rect(self.panel.x + pad, self.panel.y + s(20), pw - 2 * pad, self.panel.height - s(40))
        self.column_w = min(self.view.width - s(10), s(980))
        self.track = pygame.Rect(self.panel.right - s(26), self.view.y + s(6), s(8), self.view.height - s(12))
        self._layouts.clear()
        self.scroll_px = min(self.scroll_px, self.max_scroll)
        self.shown_px = min(self.shown_px, self.max_scroll)

    def page_layout(self) -> PageLayout:
        """The current page laid out for the current width (cached)."""
        key = (self.kind, self.column_w)
        lay = self._layouts.get(key)
        if lay is None:
            box = self.in_force if self.kind == self.game else None
            lay = self._layouts[key] = PageLayout(self._blocks[self.kind], self.column_w, text.ui_scale(self.size),
                                                  box)
        return lay

    @property
    def max_scroll(self) -> float:
        """How far the page can scroll."""
        return float(max(0, self.page_layout().height - self.view.height))

    def scroll_by(self, delta_px: float) -> None:
        """Move the target position, kept inside the page."""
        self.scroll_px = max(0.0, min(self.max_scroll, self.scroll_px + delta_px))

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Scrolling keys and the wheel first, then the widgets, then Esc."""
        s = self.s
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * s(70))
            return
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: s(44), pygame.K_UP: -s(44),
                pygame.K_PAGEDOWN: self.view.height * 0.9, pygame.K_PAGEUP: -self.view.height * 0.9,
                pygame.K_SPACE: self.view.height * 0.9,
                pygame.K_HOME: -1e9, pygame.K_END: 1e9,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.tabs.select(self.page + (1 if event.key == pygame.K_RIGHT else -1))
                return
        if self._scrollbar(event):
            return
        super().handle_event(event)

    def _thumb(self) -> pygame.Rect:
        total = self.page_layout().height
        t = self.track
        if total <= self.view.height:
            return pygame.Rect(t.x, t.y, t.width, t.height)
        h = max(self.s(40), round(t.height * self.view.height / total))
        y = t.y + round((t.height - h) * (self.shown_px / max(1.0, self.max_scroll)))
        return pygame.Rect(t.x, y, t.width, h)

    def _scrollbar(self, event: pygame.event.Event) -> bool:
        """Drag the thumb, or click the track to jump a page."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.track.inflate(self.s(20), 0)
            if not hit.collidepoint(event.pos):
                return False
            thumb = self._thumb()
            if thumb.inflate(self.s(20), 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
            else:
                self.scroll_by(self.view.height * (0.9 if event.pos[1] > thumb.centery else -0.9))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            thumb = self._thumb()
            room = max(1, self.track.height - thumb.height)
            k = (event.pos[1] - self.dragging - self.track.y) / room
            self.scroll_px = self.shown_px = max(0.0, min(1.0, k)) * self.max_scroll
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def update(self, dt_s: float) -> None:
        """Ease the shown position toward the target."""
        super().update(dt_s)
        diff = self.scroll_px - self.shown_px
        if abs(diff) < 0.5:
            self.shown_px = self.scroll_px
        else:
            self.shown_px += diff * min(1.0, dt_s * SCROLL_EASE_PER_S)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the panel with the visible lines, the scrollbar, tabs and Back."""
        theme.draw_felt(surface, self.ctx.settings.felt)
        theme.draw_panel(surface, self.panel)
        lay = self.page_layout()
        view = self.view.clip(surface.get_rect())
        if view.width > 0 and view.height > 0:
            fade_h = min(self.s(22), view.height // 4)
            edge_x = max(0, view.x - self.s(6))
            top_col = surface.get_at((edge_x, view.y))
            bottom_col = surface.get_at((edge_x, view.bottom - 1))
            canvas = surface.subsurface(view)
            x0 = (self.view.width - self.column_w) // 2
            top = round(self.shown_px)
            for line in lay.lines:
                if line.y + line.height < top:
                    continue
                if line.y > top + view.height:
                    break
                self._draw_line(canvas, line, x0, line.y - top)
            if top > 0:
                canvas.blit(theme.fade_strip((view.width, fade_h), top_col, True), (0, 0))
            if top < self.max_scroll - 1:
                canvas.blit(theme.fade_strip((view.width, fade_h), bottom_col, False), (0, view.height - fade_h))
        if lay.height > self.view.height:
            pygame.draw.rect(surface, theme.FIELD, self.track, border_radius=self.track.width // 2)
            pygame.draw.rect(surface, theme.GOLD if self.dragging is None else theme.GOLD_LIGHT, self._thumb(),
                             border_radius=self.track.width // 2)
        self.group.draw(surface)
        hint = "Wheel, arrows or PageUp/PageDown to scroll  \u00b7  Esc to go back"
        text.blit_text(surface, hint, self.s(18), theme.TEXT_DIM, (self.panel.centerx, self.panel.bottom + self.s(17)),
                       "center")

    def _draw_line(self, canvas: pygame.Surface, line: Line, x0: int, y: int) -> None:
        for p in line.pieces:
            if p.kind == "text":
                canvas.blit(text.render(p.value, p.size, p.color), (x0 + p.x, y))
            elif p.kind == "suit":
                px = round(p.size * 0.5)
                cy = y + round(text.font(p.size).get_ascent() * 0.6)
                theme.draw_suit(canvas, int(p.value), (x0 + p.x + px // 2 + 1, cy), px, p.color)
            elif p.kind == "bullet":
                r = max(2, round(p.size * 0.11))
                pygame.draw.circle(canvas, p.color, (x0 + p.x + r, y + round(text.font(p.size).get_ascent() * 0.55)), r)
            elif p.kind == "box":
                box = pygame.Rect(x0 - self.s(6), y, self.column_w + self.s(12), line.height)
                radius = self.s(12)
                canvas.blit(theme.rounded_surface(box.size, radius, (60, 52, 24, 150), (40, 34, 16, 150),
                                                  theme.GOLD, max(1, self.s(2))), box)
            elif p.kind == "rule":
                pygame.draw.line(canvas, p.color, (x0, y), (x0 + self.column_w, y), max(1, self.s(1)))
