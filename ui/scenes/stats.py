"""The Statistics screen: per player name and game, the counts by player count and a chart of recent games.

The chart's bars are the recent games' margins; under them, once a recent game was reviewed (``game.ai.review``),
a second row of bars gives each game's accuracy: the expected points lost a hand to Hard's choices (lower is
better; a game that was not reviewed shows a dash).

Opened from the title menu. The numbers come from ``ui.services.stats`` (the file in the data folder); Reset asks
for a confirmation before it forgets everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.games import GAMES
from ui.draw import text, theme
from ui.draw.widgets import Button, ChoiceSelector, Tabs
from ui.games import presentation_of, shown_games
from ui.scenes import FormScene
from ui.services.stats import PlayerStats, Result, StatsStore, Tally, stats_store

if TYPE_CHECKING:
    from ui.context import AppContext

KINDS = shown_games()  # the registry's games, in its order
CHART_GAMES = 20  # the chart shows this many most recent games
DASH = "\u2014"
MINUS = "\u2212"
LOST_RED = (214, 92, 84)
ACCURACY_BLUE = (120, 170, 220)  # the accuracy bars (points lost a hand: lower is better)
WHAT_COUNTS = ("Only players at the table count, each by name. A hand counts once it is scored; "
               "a game counts when it ends.")


def _pct(value: float | None) -> str:
    return DASH if value is None else f"{round(100 * value)}%"


def stat_rows(kind: str, tally: Tally) -> list[tuple[str, str]]:
    """The rows shown for one game and tally: (label, value)."""
    rows = [
        ("Games played", str(tally.games)),
        ("Games won", str(tally.won)),
        ("Win rate", _pct(tally.win_rate)),
        ("Hands played", str(tally.hands)),
    ]
    lost = tally.points_lost_per_hand
    if lost is not None:  # the reviews' accuracy figure (game.ai.review)
        rows.append(("Points lost a hand to Hard's choices", f"{lost:.1f}"))
    return rows + presentation_of(kind).stat_rows(tally)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else (MINUS + str(-value) if value < 0 else "0")


class StatsScene(FormScene):
    """Player (when there are several names), a tab per game, the table of counts, the chart, Reset."""

    def __init__(self, ctx: AppContext, store: StatsStore | None = None) -> None:
        super().__init__(ctx)
        self.store = store if store is not None else stats_store(ctx)
        self.store.reload()
        self.message = self.store.take_problem()
        self.names = self.store.names()
        self.name = self.names[0] if self.names else ""
        self.kind = self._first_kind()
        self.back_button = Button("Back", self.back, key="Esc")
        self.player = ChoiceSelector("Player", [(n, n) for n in self.names] or [(DASH, "")],
                                     on_change=self._set_name, enabled=len(self.names) > 1)
        self.tabs = Tabs([GAMES[k].title for k in KINDS], KINDS.index(self.kind), self._set_kind)
        self.reset_button = Button("Reset\u2026", self.ask_reset, enabled=bool(self.names))
        self.confirm_button = Button("Reset", self.confirm_reset, primary=True)
        self.cancel_button = Button("Cancel", self.cancel_reset, key="Esc")
        self.confirming = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._set_widgets()
        self.layout()

    # --- what is shown ----------------------------------------------------------------------
    def _first_kind(self) -> str:
        """The game of the player's last finished game, else the first game with any hand, else Spades."""
        stats = self.stats()
        if stats.recent:
            return stats.recent[-1].game
        return next((k for k in KINDS if stats.tally(k).hands), KINDS[0])

    def stats(self) -> PlayerStats:
        """The chosen name's statistics."""
        return self.store.get(self.name)

    def columns(self) -> list[tuple[str, Tally]]:
        """One column per player count played (and All when there are several), for the chosen game."""
        stats = self.stats()
        counts = stats.player_counts(self.kind)
        cols = [(f"{n} players", stats.tally(self.kind, n)) for n in counts]
        if len(cols) > 1:
            cols.append(("All", stats.tally(self.kind)))
        return cols

    def rows(self) -> list[tuple[str, list[str]]]:
        """The table: each row's label and one value per column."""
        cols = self.columns()
        if not cols:
            return []
        per_col = [stat_rows(self.kind, tally) for _h, tally in cols]
        return [(label, [values[i][1] for values in per_col]) for i, (label, _v) in enumerate(per_col[0])]

    def recent(self) -> list[Result]:
        """The chart's games: the chosen game's last ``CHART_GAMES`` finished games, oldest first."""
        return [r for r in self.stats().recent if r.game == self.kind][-CHART_GAMES:]

    def accuracy(self) -> list[float | None]:
        """The accuracy chart's figures: for each of ``recent()``'s games, oldest first, the expected points lost a
        hand to Hard's choices (None: the game was not reviewed)."""
        return [r.points_lost_per_hand for r in self.recent()]

    # --- actions ------------------------------------------------------------------------------
    def _set_name(self, name: str) -> None:
        self.name = name

    def _set_kind(self, index: int) -> None:
        self.kind = KINDS[index]

    def _set_widgets(self) -> None:
        if self.confirming:
            self.group.set_widgets([self.cancel_button, self.confirm_button])
            self.group.set_focus(self.cancel_button)
        else:
            self.group.set_widgets([self.back_button, self.player, self.tabs, self.reset_button])
            self.group.set_focus(self.tabs)

    def ask_reset(self) -> None:
        """Reset…: ask first."""
        self.confirming = True
        self._set_widgets()

    def cancel_reset(self) -> None:
        """Keep the statistics."""
        self.confirming = False
        self._set_widgets()

    def confirm_reset(self) -> None:
        """Forget every statistic (every name, every game)."""
        self.store.reset()
        self.message = self.store.take_problem()
        self.names = self.store.names()
        self.name = ""
        self.player.choices = [(DASH, "")]
        self.player.index = 0
        self.player.enabled = False
        self.reset_button.enabled = False
        self.confirming = False
        self._set_widgets()

    def back(self) -> None:
        """Esc: leave the confirmation, or the screen."""
        if self.confirming:
            self.cancel_reset()
        else:
            self.ctx.scenes.pop()

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Back, title and player on top; the game tabs; the panel with table and chart; Reset below."""
        w, h = self.size
        s = self.s
        self.back_button.set_rect((s(30), s(26), s(150), s(50)))
        self.player.set_rect((w - s(30) - s(380), s(26), s(380), s(50)))
        self.tabs.set_rect((w // 2 - s(330), s(96), s(660), s(46)))
        pw = min(w - s(60), s(1180))
        self.panel = pygame.Rect((w - pw) // 2, s(160), pw, h - s(160) - s(92))
        inner = self.panel.inflate(-s(60), -s(44))
        table_w = round(inner.width * 0.5)
        self.table_rect = pygame.Rect(inner.x, inner.y, table_w, inner.height)
        self.chart_rect = pygame.Rect(inner.x + table_w + s(40), inner.y, inner.width - table_w - s(40),
                                      inner.height)
        bw, bh = s(200), s(50)
        self.reset_button.set_rect((self.panel.right - bw, self.panel.bottom + s(20), bw, bh))
        self.confirm_rect = pygame.Rect(0, 0, min(w - s(40), s(620)), s(250))
        self.confirm_rect.center = (w // 2, h // 2)
        cb = s(200)
        y = self.confirm_rect.bottom - s(28) - bh
        self.cancel_button.set_rect((self.confirm_rect.centerx - cb - s(12), y, cb, bh))
        self.confirm_button.set_rect((self.confirm_rect.centerx + s(12), y, cb, bh))

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """While confirming, only its buttons (Esc cancels); otherwise the widgets, then Esc."""
        if self.confirming:
            if self.group.handle_event(event):
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.cancel_reset()
            return
        super().handle_event(event)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, the panel with the table and the chart, the buttons; the confirmation on top."""
        self.draw_background(surface)
        w, _h = self.size
        s = self.s
        self.draw_title(surface, "Statistics", (w // 2, s(52)), s(58))
        theme.draw_panel(surface, self.panel)
        self._draw_table(surface)
        self._draw_chart(surface)
        note = self.message or WHAT_COUNTS
        room = self.reset_button.rect.x - self.panel.x - s(20)
        size = text.fit_size(note, s(19), room)
        text.blit_text(surface, note, size, theme.GOLD_LIGHT if self.message else theme.TEXT_DIM,
                       (self.panel.x + s(6), self.reset_button.rect.centery), "midleft")
        if self.confirming:
            for widget in (self.back_button, self.player, self.tabs, self.reset_button):
                widget.draw(surface)
            self._draw_confirm(surface)
        else:
            self.group.draw(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        s = self.s
        rect = self.table_rect
        rows = self.rows()
        if not rows:
            who = f" for {self.name}" if self.name else ""
            lines = text.wrap(f"No game of {GAMES[self.kind].title}{who} yet.", s(26), rect.width)
            lines += [""] + text.wrap("Play a game with at least one person at the table: its hands and its "
                                      "result show here.", s(20), rect.width)
            y = rect.y + s(10)
            for i, line in enumerate(lines):
                size = s(26) if i == 0 else s(20)
                text.blit_text(surface, line, size, theme.TEXT if i == 0 else theme.TEXT_DIM, (rect.x, y))
                y += text.line_height(size) + s(4)
            return
        headers = [h for h, _t in self.columns()]
        label_w = round(rect.width * 0.46)
        col_w = (rect.width - label_w) // len(headers)
        size = s(22)
        y = rect.y
        for i, head in enumerate(headers):
            cx = rect.x + label_w + i * col_w + col_w // 2
            fit = text.fit_size(head, s(20), col_w - s(6), bold=True)
            text.blit_text(surface, head, fit, theme.GOLD_LIGHT, (cx, y + s(14)), "center", bold=True)
        y += s(32)
        pygame.draw.line(surface, theme.GOLD_DARK, (rect.x, y), (rect.right, y), max(1, s(1)))
        y += s(6)
        row_h = min(s(40), (rect.bottom - y) // max(1, len(rows)))
        for r, (label, values) in enumerate(rows):
            if r % 2 == 0:
                band = pygame.Surface((rect.width, row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (rect.x, y))
            cy = y + row_h // 2
            text.blit_text(surface, label, text.fit_size(label, size, label_w - s(10)), theme.TEXT_DIM,
                           (rect.x + s(8), cy), "midleft")
            for i, value in enumerate(values):
                cx = rect.x + label_w + i * col_w + col_w // 2
                text.blit_text(surface, value, text.fit_size(value, size, col_w - s(6)), theme.TEXT, (cx, cy),
                               "center")
            y += row_h

    def _draw_chart(self, surface: pygame.Surface) -> None:
        s = self.s
        rect = self.chart_rect
        results = self.recent()
        accuracy = self.accuracy()
        reviewed = any(a is not None for a in accuracy)
        title = f"Last {len(results)} game{'s' if len(results) != 1 else ''}" if results else "Recent games"
        text.blit_text(surface, title, s(22), theme.GOLD_LIGHT, (rect.centerx, rect.y + s(14)), "center", bold=True)
        plot = pygame.Rect(rect.x + s(8), rect.y + s(40), rect.width - s(16), rect.height - s(40) - s(62))
        if reviewed:  # the margins above, the accuracy below, the same games in the same columns
            lower_h = round(plot.height * 0.4)
            lower = pygame.Rect(plot.x, plot.bottom - lower_h + s(26), plot.width, lower_h - s(26))
            plot.height -= lower_h
        frame = pygame.Surface(plot.size, pygame.SRCALPHA)
        frame.fill((0, 0, 0, 60))
        surface.blit(frame, plot)
        mid = plot.centery
        if results:  # the zero line; with no game it would run through the words saying so
            pygame.draw.line(surface, theme.TEXT_DIM, (plot.x, mid), (plot.right, mid), max(1, s(1)))
        text.blit_text(surface, "won", s(15), theme.GOLD, (plot.x + s(6), plot.y + s(4)))
        text.blit_text(surface, "lost", s(15), LOST_RED, (plot.x + s(6), plot.bottom - s(4)), "bottomleft")
        slot = plot.width / CHART_GAMES
        bar_w = max(2, round(slot * 0.64))
        if not results:
            text.blit_text(surface, "No finished game yet", s(19), theme.TEXT_DIM, plot.center, "center")
        else:
            top = max(1, max(abs(r.margin) for r in results))
            room = plot.height // 2 - s(8)
            for i, r in enumerate(results):
                k = 0.14 + 0.86 * min(1.0, abs(r.margin) / top)
                bh = max(s(4), round(room * k))
                x = round(plot.right - (len(results) - i) * slot + (slot - bar_w) / 2)
                bar = pygame.Rect(x, mid - bh if r.won else mid + 1, bar_w, bh)
                pygame.draw.rect(surface, theme.GOLD if r.won else LOST_RED, bar,
                                 border_radius=max(1, bar_w // 4))
        if reviewed:
            self._draw_accuracy(surface, lower, accuracy, slot, bar_w)
        won = sum(r.won for r in results)
        summary = f"Won {won} of these {len(results)}" if results else ""
        if results:
            last = results[-1]
            summary += f"  \u00b7  last: {'won' if last.won else 'lost'} by {abs(last.margin)}" \
                if last.margin else f"  \u00b7  last: {'won' if last.won else 'lost'}"
        text.blit_text(surface, summary, s(19), theme.TEXT, (rect.centerx, rect.bottom - s(62) + s(18)), "center")
        legend = "Bar height: the winning or losing margin (newest on the right)"
        if reviewed:
            legend = "Gold and red: the margin; blue: points lost a hand to Hard's choices (newest on the right)"
        text.blit_text(surface, legend, text.fit_size(legend, s(16), rect.width), theme.TEXT_DIM,
                       (rect.centerx, rect.bottom - s(62) + s(44)), "center")

    def _draw_accuracy(self, surface: pygame.Surface, plot: pygame.Rect, accuracy: list[float | None], slot: float,
                       bar_w: int) -> None:
        """Each recent game's points lost a hand to Hard's choices: a bar from the baseline (lower is better), a
        dash for a game that was not reviewed."""
        s = self.s
        figures = [a for a in accuracy if a is not None]
        label = f"Points lost a hand to Hard's choices  \u00b7  last reviewed: {figures[-1]:.1f}"
        text.blit_text(surface, label, text.fit_size(label, s(17), plot.width), theme.TEXT,
                       (plot.centerx, plot.y - s(13)), "center")
        frame = pygame.Surface(plot.size, pygame.SRCALPHA)
        frame.fill((0, 0, 0, 60))
        surface.blit(frame, plot)
        base = plot.bottom - s(4)
        pygame.draw.line(surface, theme.TEXT_DIM, (plot.x, base), (plot.right, base), max(1, s(1)))
        top = max(1.0, max(figures))
        text.blit_text(surface, f"{top:.1f}", s(15), ACCURACY_BLUE, (plot.x + s(6), plot.y + s(4)))
        room = base - plot.y - s(24)
        for i, figure in enumerate(accuracy):
            x = round(plot.right - (len(accuracy) - i) * slot + (slot - bar_w) / 2)
            if figure is None:
                pygame.draw.line(surface, theme.TEXT_DISABLED, (x, base - s(6)), (x + bar_w, base - s(6)),
                                 max(1, s(2)))
                continue
            bh = max(s(3), round(room * figure / top))
            pygame.draw.rect(surface, ACCURACY_BLUE, (x, base - bh, bar_w, bh), border_radius=max(1, bar_w // 4))

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        s = self.s
        theme.dim(surface, 150)
        rect = self.confirm_rect
        theme.draw_solid_panel(surface, rect, radius=s(18))
        text.blit_text(surface, "Reset all statistics?", s(32), theme.GOLD_LIGHT, (rect.centerx, rect.y + s(26)),
                       "midtop", bold=True)
        body = "Every game of every player is forgotten. This cannot be undone."
        y = rect.y + s(84)
        for line in text.wrap(body, s(21), rect.width - s(60)):
            text.blit_text(surface, line, s(21), theme.TEXT, (rect.centerx, y), "midtop")
            y += text.line_height(s(21))
        self.cancel_button.draw(surface)
        self.confirm_button.draw(surface)
