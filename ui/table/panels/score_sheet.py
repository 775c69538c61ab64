"""The score sheet: every hand so far as a table, and a line chart of each side's score across the hands."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.state import HandResult
from ui.draw import text, theme
from ui.draw.widgets import Button
from ui.games import presentation_of
from ui.games.base import minus, signed
from ui.table.layout import TableLayout
from ui.table.panels.score_panel import side_names
from ui.table.view import side_color


def score_series(results: list[HandResult], sides: int) -> list[list[int]]:
    """Each side's score after every hand, starting from 0 before the first."""
    series = [[0] for _ in range(sides)]
    for result in results:
        for side in range(sides):
            series[side].append(result.scores[side])
    return series


def nice_step(span: float, ticks: int = 5) -> int:
    """A round grid step (1, 2, 5 times a power of ten) giving about ``ticks`` lines over ``span``."""
    raw = max(1.0, span / max(1, ticks))
    power = 10 ** (len(str(int(raw))) - 1)
    for mult in (1, 2, 5, 10):
        if mult * power >= raw:
            return int(mult * power)
    return int(10 * power)


MARKERS = ("circle", "square", "triangle", "diamond", "down", "bar", "ring")


def draw_marker(surface: pygame.Surface, side: int, color: tuple[int, int, int], at: tuple[int, int],
                radius: int) -> None:
    """A side's own marker shape on the chart and in the legend (sides stay apart even in grey)."""
    shape = MARKERS[side % len(MARKERS)]
    x, y = at
    r = radius
    dark = (10, 20, 14)
    if shape == "circle":
        pygame.draw.circle(surface, color, at, r)
        pygame.draw.circle(surface, dark, at, max(1, r // 2))
    elif shape == "square":
        pygame.draw.rect(surface, color, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2))
    elif shape == "triangle":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x - r, y + r - 1), (x + r, y + r - 1)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    elif shape == "down":
        pygame.draw.polygon(surface, color, [(x, y + r + 1), (x - r, y - r + 1), (x + r, y - r + 1)])
    elif shape == "bar":
        pygame.draw.rect(surface, color, (x - r, y - max(1, r // 2), 2 * r, max(2, r)))
    else:
        pygame.draw.circle(surface, color, at, r, max(1, r // 2))


class ScoreSheet:
    """An overlay listing the hands and charting the scores; closes on the button, S, Esc or a click outside."""

    def __init__(self, kind: str, teams: list[list[int]], names: list[str], results: list[HandResult],
                 target: int, on_close: Callable[[], None]) -> None:
        self.kind = kind
        self.presentation = presentation_of(kind)
        self.names = names
        self.sides = side_names(teams, names)
        self.results = list(results)
        self.target = target
        self.on_close = on_close
        self.button = Button("Close", on_close, primary=True, key="Esc")
        self.rect = pygame.Rect(0, 0, 0, 0)

    def place(self, layout: TableLayout) -> None:
        """Centre the panel and split it into the table and the chart."""
        px = layout.px
        w, h = layout.size
        self.rect = pygame.Rect(0, 0, min(w - px(40), px(1040)), min(h - px(40), px(600)))
        self.rect.center = (w // 2, h // 2)
        inner = self.rect.inflate(-px(56), -px(56))
        top = inner.y + px(52)
        bottom = self.rect.bottom - px(90)
        sides = len(self.sides)
        table_w = round(inner.width * (0.44 if sides <= 2 else 0.55 if sides <= 4 else 0.64))
        self.table = pygame.Rect(inner.x, top, table_w, bottom - top)
        self.chart = pygame.Rect(inner.x + table_w + px(40), top + px(4), inner.right - inner.x - table_w - px(40),
                                 bottom - top - px(44))
        bw, bh = px(180), px(48)
        self.button.set_rect((self.rect.centerx - bw // 2, self.rect.bottom - px(24) - bh, bw, bh))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Close on the button, S, Esc, Enter, or a click outside the panel."""
        if self.button.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.on_close()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_s, pygame.K_ESCAPE, pygame.K_RETURN):
            self.on_close()
        return True

    def update(self, dt_s: float) -> None:
        """Animate the button."""
        self.button.update(dt_s)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The dimmed table under a panel with the hands and the chart."""
        px = layout.px
        theme.dim(surface, 160)
        theme.draw_solid_panel(surface, self.rect, radius=px(18))
        text.blit_text(surface, "Score sheet", px(32), theme.GOLD_LIGHT, (self.rect.centerx, self.rect.y + px(22)),
                       "midtop", bold=True)
        self._draw_table(surface, layout)
        self._draw_chart(surface, layout)
        self.button.draw(surface)

    def hand_lines(self, result: HandResult) -> tuple[str, list[tuple[str, str]]]:
        """One hand as the sheet writes it: the hand's own note (Pitch: pitcher and bid) and, per side, the
        score with this hand's points, and what made them (Spades: bid, tricks, bags)."""
        shown = self.presentation
        note = shown.sheet_note(self.names, result)
        cells = []
        for side in range(len(self.sides)):
            p = result.points[side]
            head = f"{minus(result.scores[side])}  ({signed(p['total'])})"
            cells.append((head, shown.sheet_detail(p)))
        return note, cells

    def _draw_table(self, surface: pygame.Surface, layout: TableLayout) -> None:
        px = layout.px
        rect = self.table
        n = len(self.sides)
        hand_w = px(self.presentation.sheet_hand_w)
        col_w = (rect.width - hand_w) // max(1, n)
        size = px(17) if n <= 4 else px(15)
        small = max(8, size - px(3))
        y = rect.y
        text.blit_text(surface, "Hand", size, theme.TEXT_DIM, (rect.x, y))
        for side, name in enumerate(self.sides):
            cx = rect.x + hand_w + side * col_w + col_w // 2
            fit = text.fit_size(name, size, col_w - px(6), bold=True)
            text.blit_text(surface, name, fit, side_color(side), (cx, y), "midtop", bold=True)
        y += px(28)
        pygame.draw.line(surface, theme.GOLD_DARK, (rect.x, y - px(4)), (rect.right, y - px(4)), max(1, px(1)))
        row_h = px(40)
        room = max(1, (rect.bottom - y) // row_h)
        shown = self.results[-room:]
        first = len(self.results) - len(shown)
        if not shown:
            text.blit_text(surface, "No hand has been scored yet.", px(18), theme.TEXT_DIM, (rect.x, y + px(6)))
        for i, result in enumerate(shown):
            if i % 2 == 0:
                band = pygame.Surface((rect.width, row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (rect.x, y))
            top, low = y + row_h * 3 // 10, y + row_h * 7 // 10
            text.blit_text(surface, str(first + i + 1), size, theme.TEXT_DIM, (rect.x + px(6), top), "midleft")
            note, cells = self.hand_lines(result)
            if note:
                fit = text.fit_size(note, small, hand_w - px(8))
                text.blit_text(surface, note, fit, theme.TEXT_DIM, (rect.x + px(6), low), "midleft")
            for side, (head, detail) in enumerate(cells):
                cx = rect.x + hand_w + side * col_w + col_w // 2
                text.blit_text(surface, head, text.fit_size(head, size, col_w - px(4)), theme.TEXT, (cx, top),
                               "center")
                text.blit_text(surface, detail, text.fit_size(detail, small, col_w - px(4)), theme.TEXT_DIM,
                               (cx, low), "center")
            y += row_h

    def _draw_chart(self, surface: pygame.Surface, layout: TableLayout) -> None:
        px = layout.px
        rect = self.chart
        series = score_series(self.results, len(self.sides))
        values = [v for s in series for v in s] + [0, self.target]
        lo, hi = min(values), max(values)
        step = nice_step(hi - lo)
        lo = (lo // step) * step
        hi = -(-hi // step) * step
        if hi == lo:
            hi = lo + step
        hands = max(1, len(self.results))
        plot = pygame.Rect(rect.x + px(46), rect.y, rect.width - px(52), rect.height - px(26))

        def point(i: int, value: float) -> tuple[int, int]:
            x = plot.x + plot.width * i / hands
            y = plot.bottom - plot.height * (value - lo) / (hi - lo)
            return round(x), round(y)

        frame = pygame.Surface(plot.size, pygame.SRCALPHA)
        frame.fill((0, 0, 0, 60))
        surface.blit(frame, plot)
        v = lo
        while v <= hi:
            y = point(0, v)[1]
            color = theme.TEXT_DIM if v == 0 else (70, 90, 78)
            pygame.draw.line(surface, color, (plot.x, y), (plot.right, y), max(1, px(1)))
            text.blit_text(surface, str(v), px(14), theme.TEXT_DIM, (plot.x - px(6), y), "midright")
            v += step
        if lo <= self.target <= hi:
            y = point(0, self.target)[1]
            for x in range(plot.x, plot.right, px(12)):
                pygame.draw.line(surface, theme.GOLD, (x, y), (min(x + px(6), plot.right), y), max(1, px(2)))
            text.blit_text(surface, f"Target {self.target}", px(14), theme.GOLD, (plot.right - px(4), y - px(3)),
                           "bottomright")
        label_every = max(1, hands // 10)
        for i in range(0, hands + 1, label_every):
            text.blit_text(surface, str(i), px(14), theme.TEXT_DIM, (point(i, lo)[0], plot.bottom + px(5)), "midtop")
        width = max(2, px(3))
        n = len(series)
        for side, values_ in enumerate(series):
            # Equal scores would hide one line under another: each side's line sits a few pixels apart and
            # has its own marker shape.
            shift = round((side - (n - 1) / 2) * max(2, px(3)))
            pts = [(x, y + shift) for x, y in (point(i, val) for i, val in enumerate(values_))]
            color = side_color(side)
            if len(pts) > 1:
                pygame.draw.lines(surface, color, False, pts, width)
            for p in pts:
                draw_marker(surface, side, color, p, max(4, px(5)))
        self._draw_legend(surface, layout, rect.bottom + px(10))

    def _draw_legend(self, surface: pygame.Surface, layout: TableLayout, y: int) -> None:
        px = layout.px
        size = px(16)
        entries = [(side_color(i), name) for i, name in enumerate(self.sides)]
        widths = [px(26) + text.measure(name, size)[0] + px(16) for _, name in entries]
        total = sum(widths)
        if total > self.chart.width:
            size = text.fit_size(" ".join(n for _, n in entries), size, self.chart.width - px(30) * len(entries))
            widths = [px(26) + text.measure(name, size)[0] + px(16) for _, name in entries]
            total = sum(widths)
        x = self.chart.centerx - total // 2
        for (color, name), w in zip(entries, widths, strict=False):
            pygame.draw.line(surface, color, (x, y + px(9)), (x + px(18), y + px(9)), max(2, px(3)))
            draw_marker(surface, entries.index((color, name)), color, (x + px(9), y + px(9)), max(4, px(5)))
            text.blit_text(surface, name, size, theme.TEXT, (x + px(24), y + px(9)), "midleft")
            x += w
