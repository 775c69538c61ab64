"""The replay viewer's hand list: one row per hand of the record, the hand on the table highlighted.

A row says the hand's number, its dealer (Spades for two: who draws first), its bids (Pitch: the
pitcher and the bid) and each side's points for the hand, "+52 / −41"; the last hand of an
unfinished record is "in progress", and the hand a record's problem stops is marked "problem".
Every figure is read from the replayed states and the engine's results, never worked out here.

A click on a row (or Enter on the row with keyboard focus) picks it; ↑/↓ and PgUp/PgDn move the
keyboard focus while the list has it; the mouse wheel scrolls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.actions import bid_text
from ui.draw import text, theme
from ui.replay.steps import TimelineLike
from ui.table.view import side_color

PROBLEM_RED = (240, 130, 120)
BAR_BG = (12, 22, 17)  # the viewer's control bar, which the list continues up the side
MINUS = "\u2212"


@dataclass(frozen=True)
class HandRow:
    """One hand as the list shows it; ``start`` is the viewer position where the hand is dealt."""

    number: int
    start: int
    who: str  # "Dealer Ann", or "Ann draws first"
    bids: str  # "Bids 4/3/Nil/3", "Bob bid 3", or "" before any bid
    points: tuple[int, ...] | None  # each side's points for the hand; None while unfinished


def signed(value: int) -> str:
    """Points as the list writes them: "+52", "−41", "0"."""
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def hand_rows(timeline: TimelineLike, names: list[str]) -> list[HandRow]:
    """Every hand the timeline reaches, in order: who dealt and what was bid as the replayed states say,
    the points as the engine's results give them."""
    positions = timeline.positions
    if not positions:
        return []
    final = timeline.state(timeline.total)
    ends = {pos.hand: pos.k for pos in positions if pos.hand_over}
    rows: list[HandRow] = []
    for start in timeline.hand_starts():
        number = positions[start].hand
        if rows and number <= rows[-1].number:
            continue  # the game over after the last hand: no new deal
        dealt = timeline.state(positions[start].k)
        result = final.results[number - 1] if number in ends and number <= len(final.results) else None
        last = timeline.state(ends[number] - 1) if result is not None else final  # every bid of the hand made
        view = last.view(0)
        if dealt.kind == "spades-two":
            who = f"{names[dealt.dealer]} draws first"
        else:
            who = f"Dealer {names[dealt.dealer]}"
        if dealt.kind == "pitch":
            pitcher, bid = (result.pitcher, result.bid) if result is not None else (view.pitcher, view.high_bid)
            bids = f"{names[pitcher]} bid {bid}" if pitcher is not None and bid else ""
        elif any(b is not None for b in view.bids):
            bids = "Bids " + "/".join("\u2013" if b is None else bid_text(b) for b in view.bids)
        else:
            bids = ""
        points = tuple(int(p["total"]) for p in result.points) if result is not None else None
        rows.append(HandRow(number, start, who, bids, points))
    return rows


class HandList:
    """A scrolling column of hand rows; ``on_pick(row)`` when one is clicked or chosen with Enter."""

    def __init__(self, rows: list[HandRow], on_pick: Callable[[HandRow], None], problem: bool = False) -> None:
        self.rows = rows
        self.on_pick = on_pick
        self.problem = problem  # the record stops at a problem: its unfinished hand is marked so
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.scale = 1.0
        self.top = 0  # the first row shown
        self.focus = 0  # the row with keyboard focus
        self.focused = False  # the list has keyboard focus (its arrows move ``focus``)
        self.hover: int | None = None
        self._pressed: int | None = None

    # ----- geometry
    def s(self, design: float) -> int:
        """A design length (at 1280x720) at this list's scale."""
        return max(1, round(design * self.scale))

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Put the list in ``rect`` (the viewer's side column); ``scale`` sizes its text and rows."""
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.row_h = text.line_height(self._sizes()[0], bold=True) + text.line_height(self._sizes()[1]) + self.s(14)
        head = self.s(52)
        pad = self.s(10)
        rows = max(1, (self.rect.height - head - pad) // self.row_h)
        self.list_rect = pygame.Rect(self.rect.x + pad, self.rect.y + head, self.rect.width - 2 * pad,
                                     min(rows * self.row_h, self.rect.height - head))
        self.scroll(0)

    def _sizes(self) -> tuple[int, int]:
        """The text sizes of a row's two lines."""
        return max(13, self.s(19)), max(11, self.s(16))

    @property
    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, self.list_rect.height // self.row_h)

    def scroll(self, rows: int) -> None:
        """Scroll by ``rows`` (down when positive), never past either end."""
        self.top = max(0, min(self.top + rows, len(self.rows) - self.visible_rows))

    def keep_visible(self, index: int) -> None:
        """Scroll just enough that row ``index`` is shown."""
        if index < self.top:
            self.top = index
        elif index >= self.top + self.visible_rows:
            self.top = index - self.visible_rows + 1
        self.scroll(0)

    def index_of(self, number: int) -> int | None:
        """The row of hand ``number``."""
        return next((i for i, row in enumerate(self.rows) if row.number == number), None)

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is drawn (None when scrolled out of view)."""
        if not self.top <= index < min(len(self.rows), self.top + self.visible_rows):
            return None
        room = self.s(14) if len(self.rows) > self.visible_rows else 0  # the scroll bar
        return pygame.Rect(self.list_rect.x, self.list_rect.y + (index - self.top) * self.row_h,
                           self.list_rect.width - room, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row drawn at ``pos``, or None."""
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.list_rect.y) // self.row_h
        return index if self.row_rect(index) is not None else None

    # ----- input
    def take_focus(self, number: int) -> None:
        """Give the list keyboard focus on hand ``number``'s row."""
        self.focused = True
        index = self.index_of(number)
        self.focus = index if index is not None else 0
        self.keep_visible(self.focus)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel scrolls; a click on a row picks it; with focus, ↑/↓, PgUp/PgDn and Enter. True when used."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(event.y) * 2)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focused = inside
            self._pressed = self.row_at(event.pos) if inside else None
            return inside
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            row, self._pressed = self._pressed, None
            if self.row_at(event.pos) == row:
                self.focus = row
                self.on_pick(self.rows[row])
            return True
        if event.type == pygame.KEYDOWN and self.focused and self.rows:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                 pygame.K_PAGEDOWN: self.visible_rows}
        if key in moves:
            self.focus = max(0, min(len(self.rows) - 1, self.focus + moves[key]))
            self.keep_visible(self.focus)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.on_pick(self.rows[self.focus])
            return True
        return False

    # ----- drawing
    def draw(self, surface: pygame.Surface, current: int | None, floating: bool) -> None:
        """The column: its title, the rows (hand ``current`` highlighted), the scroll bar. ``floating``: it
        lies over the table (a shadow sets it off) rather than beside it."""
        s, rect = self.s, self.rect
        if floating:
            theme.draw_shadow(surface, rect, 0, blur_px=s(14), offset=(-s(4), 0), alpha=150)
        pygame.draw.rect(surface, BAR_BG, rect)
        pygame.draw.line(surface, theme.GOLD_DARK, rect.topleft, rect.bottomleft, max(1, s(1)))
        title_y = rect.y + s(26)
        text.blit_text(surface, "Hands", max(16, s(24)), theme.GOLD_LIGHT, (rect.x + s(16), title_y), "midleft",
                       bold=True)
        count = f"{len(self.rows)} hand{'s' if len(self.rows) != 1 else ''}"
        text.blit_text(surface, count, self._sizes()[1], theme.TEXT_DIM, (rect.right - s(16), title_y), "midright")
        if not self.rows:
            text.blit_text(surface, "No hands to show", self._sizes()[1], theme.TEXT_DIM,
                           (rect.centerx, self.list_rect.y + self.row_h // 2), "center")
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for index in range(self.top, min(len(self.rows), self.top + self.visible_rows)):
            row_rect = self.row_rect(index)
            if row_rect is not None:
                self._draw_row(surface, index, row_rect, self.rows[index].number == current)
        surface.set_clip(clip)
        self._draw_scroll_bar(surface)

    def _draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect, current: bool) -> None:
        s = self.s
        row = self.rows[index]
        box = rect.inflate(0, -s(4))
        radius = s(8)
        if current:
            pygame.draw.rect(surface, theme.GOLD_DARK, box, border_radius=radius)
        elif index == self.hover:
            pygame.draw.rect(surface, theme.CONTROL_HOVER, box, border_radius=radius)
        elif index % 2:
            pygame.draw.rect(surface, (20, 34, 27), box, border_radius=radius)
        if self.focused and index == self.focus:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, box, max(2, s(2)), border_radius=radius)
        big, small = self._sizes()
        left, right = box.x + s(12), box.right - s(12)
        line1 = box.y + s(5)
        line2 = line1 + text.line_height(big, bold=True)
        ink = theme.TEXT_DARK if current else theme.TEXT
        dim = theme.TEXT_DARK if current else theme.TEXT_DIM
        title = text.blit_text(surface, f"Hand {row.number}", big, ink, (left, line1), bold=True)
        self._draw_points(surface, row, big, (right, line1), max(1, right - title.right - s(12)), current)
        detail = " \u00b7 ".join(part for part in (row.who, row.bids) if part)
        text.blit_text(surface, detail, text.fit_size(detail, small, right - left, min_size=9), dim, (left, line2))

    def _draw_points(self, surface: pygame.Surface, row: HandRow, size: int, at: tuple[int, int], room: int,
                     current: bool) -> None:
        """Each side's points, right-aligned at ``at`` in the side's colour, or why there are none."""
        if row.points is None:
            problem = self.problem and row is self.rows[-1]
            words, colour = ("problem", PROBLEM_RED) if problem else ("in progress", theme.TEXT_DIM)
            if current:
                colour = theme.TEXT_DARK
            text.blit_text(surface, words, text.fit_size(words, size, room, min_size=9), colour, at, "topright")
            return
        parts = [signed(p) for p in row.points]
        size = text.fit_size(" / ".join(parts), size, room, bold=True, min_size=9)
        x, y = at
        for side in range(len(parts) - 1, -1, -1):
            colour = theme.TEXT_DARK if current else side_color(side)
            x = text.blit_text(surface, parts[side], size, colour, (x, y), "topright", bold=True).left
            if side:
                x = text.blit_text(surface, " / ", size, theme.TEXT_DARK if current else theme.TEXT_DIM, (x, y),
                                   "topright").left

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        rows, shown = len(self.rows), self.visible_rows
        if rows <= shown:
            return
        area = self.list_rect
        s = self.s
        bar_h = max(s(24), area.height * shown // rows)
        y = area.y + (area.height - bar_h) * self.top // max(1, rows - shown)
        pygame.draw.rect(surface, (40, 58, 48), (area.right - s(7), area.y, max(3, s(6)), area.height),
                         border_radius=s(3))
        pygame.draw.rect(surface, theme.GOLD, (area.right - s(7), y, max(3, s(6)), bar_h), border_radius=s(3))
