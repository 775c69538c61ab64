"""The viewer's decision panel: bids, Double Nil, the two-player draw, the exchange and the redraw.

The panel offers exactly what the engine lists as legal for the decision (plus the
counts of cards chosen); each button has a stable name (``"bid:4"``, ``"bid:nil"``,
``"draw:keep"``, ``"give"``...) so tests can click it where ``rect(name)`` says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, Exchange, Look, Redraw
from game.pitch.rules import SHUT_OUT
from game.state import Phase
from ui.draw import text, theme
from ui.draw.widgets import Button, WidgetGroup
from ui.table.layout import TableLayout


@dataclass
class Decision:
    """What the viewer must decide now, from the engine's legal actions."""

    kind: str  # "bid", "draw_first", "draw", "exchange", "redraw", "play" or "" (nothing)
    legal: list[Action] = field(default_factory=list)
    game: str = "spades"
    looked: bool = True
    forced_dealer: bool = False  # Pitch: the dealer may not pass
    steal_at: int | None = None  # Pitch: the dealer may take the bid at this value
    cards: int = 0  # exchange: how many cards to give; redraw: the most that may be replaced (the engine's)


def decision_for(kind: str, phase: Phase, legal: list[Action], looked: bool, high_bid: int = 0,
                 dealer_turn: bool = False) -> Decision:
    """Classify the legal actions of the seat to act into a kind of decision."""
    if not legal:
        return Decision("", [], kind, looked)
    if phase is Phase.PLAYING:
        return Decision("play", legal, kind, looked)
    if phase is Phase.EXCHANGE:
        return Decision("exchange", legal, kind, looked, cards=_most_cards(legal))
    if phase is Phase.REDRAW:
        return Decision("redraw", legal, kind, looked, cards=_most_cards(legal))
    if phase is Phase.DRAWING:
        first = any(isinstance(a, Look) for a in legal)
        return Decision("draw_first" if first else "draw", legal, kind, looked)
    values = [a.value for a in legal if isinstance(a, Bid)]
    forced = kind == "pitch" and dealer_turn and PASS not in values
    steal = high_bid if kind == "pitch" and dealer_turn and high_bid in values else None
    return Decision("bid", legal, kind, looked, forced, steal)


def _most_cards(legal: list[Action]) -> int:
    """The most cards any of the legal exchanges or redraws hands over."""
    return max((len(a.cards) for a in legal if isinstance(a, (Exchange, Redraw))), default=0)


class ActionPanel:
    """Buttons for the current decision, laid out in the middle of the table."""

    def __init__(self, on_choose: Callable[[str], None]) -> None:
        self.on_choose = on_choose
        self.group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.decision = Decision("")
        self.title = ""
        self.hint = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = 0
        self.visible = False

    # ----- building
    def build(self, decision: Decision, layout: TableLayout, selected: int = 0) -> None:
        """Make the buttons for ``decision`` and place them (call again when the selection changes)."""
        self.decision = decision
        self.selected = selected
        self.buttons = {}
        kind = decision.kind
        if kind == "bid":
            self._bid_buttons(decision)
        elif kind == "draw_first":
            self._add("look", "Take first card", primary=True, key="Enter")
            self._add(f"bid:{DOUBLE_NIL}", "Declare Double Nil")
            self.title = "Your first draw"
            self.hint = "Double Nil can only be declared before you take a card."
        elif kind == "draw":
            self._add("draw:keep", "Keep", primary=True, key="K")
            self._add("draw:discard", "Discard", key="D")
            self.title = ""
            self.hint = "Keep it and discard the next, or discard it and keep the next."
        elif kind == "exchange":
            need = decision.cards
            self._add("give", f"Give these {need}", primary=True, enabled=selected == need, key="Enter")
            self.title = f"Give your partner {need} cards"
            self.hint = f"Click cards to choose them: {selected} of {need} chosen."
        elif kind == "redraw":
            n = selected
            self._add("replace", f"Replace {n} card{'s' if n != 1 else ''}", primary=True, enabled=n >= 1,
                      key="Enter")
            self._add("keep_hand", "Keep my hand")
            self.title = f"Double Nil: replace up to {decision.cards} cards"
            self.hint = "Click cards to throw away; each is replaced from the discards."
        self.visible = bool(self.buttons)
        self.group.set_widgets(list(self.buttons.values()))
        self.place(layout)

    def _add(self, name: str, label: str, primary: bool = False, enabled: bool = True, key: str = "") -> None:
        self.buttons[name] = Button(label, partial(self.on_choose, name), primary=primary, enabled=enabled,
                                    key=key)

    def _bid_buttons(self, decision: Decision) -> None:
        values = [a.value for a in decision.legal if isinstance(a, Bid)]
        if decision.game == "pitch":
            for value in values:
                label = "Pass" if value == PASS else str(value)
                self._add(f"bid:{value}", label, primary=value == decision.steal_at, key="P" if value == PASS else "")
            self.title = "Your bid"
            if decision.forced_dealer:
                lowest = min((v for v in values if isinstance(v, int)), default=0)
                self.hint = f"Everyone passed: as dealer you must bid at least {lowest}."
            elif decision.steal_at is not None:
                self.hint = f"As dealer you may take the bid at {decision.steal_at}."
            else:
                self.hint = (f"Bid the points you expect to win. A bid of {SHUT_OUT} pitches at once. "
                             "Click a bid, or type it (P: pass) and press Enter.")
            return
        for value in values:
            if value == DOUBLE_NIL:
                continue
            self._add(f"bid:{value}", "Nil" if value == NIL else str(value), key="0" if value == NIL else "")
        if DOUBLE_NIL in values:
            self._add(f"bid:{DOUBLE_NIL}", "Double Nil")
        self.title = "Your bid"
        if DOUBLE_NIL in values:
            self.hint = "Your cards are face down: bid Double Nil blind, or look first."
        else:
            self.hint = "How many tricks will you take? Nil: none at all. Click a bid, or type it and press Enter."

    # ----- geometry
    def place(self, layout: TableLayout) -> None:
        """Size the panel for its buttons and centre it on the table."""
        if not self.buttons:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        px = layout.px
        kind = self.decision.kind
        pad, gap = px(18), px(8)
        rows = self._rows()
        sizes = [[self._button_size(name, layout) for name in row] for row in rows]
        widths = [sum(w for w, _ in row) + gap * (len(row) - 1) for row in sizes]
        inner_w = max(widths + [px(430 if kind == "draw" else 300)])
        title_h = px(34) if self.title else 0
        hint_lines = text.wrap(self.hint, px(17), inner_w) if self.hint else []
        hint_h = len(hint_lines) * text.line_height(px(17)) + (px(6) if hint_lines else 0)
        rows_h = sum(max(h for _, h in row) for row in sizes) + gap * (len(sizes) - 1)
        w = inner_w + 2 * pad
        h = pad + title_h + rows_h + hint_h + pad
        rect = pygame.Rect(0, 0, w, h)
        if kind == "draw":
            rect.midtop = (layout.drawn.centerx, layout.drawn.bottom + px(12))
        else:
            rect.center = layout.centre
        self.rect = rect
        self.hint_lines = hint_lines
        y = rect.y + pad + title_h
        for row, row_sizes, row_w in zip(rows, sizes, widths, strict=False):
            x = rect.centerx - row_w // 2
            row_h = max(h for _, h in row_sizes)
            for name, (bw, bh) in zip(row, row_sizes, strict=False):
                self.buttons[name].set_rect((x, y, bw, bh))
                x += bw + gap
            y += row_h + gap
        self.hint_top = y - gap + px(6)

    def _rows(self) -> list[list[str]]:
        names = list(self.buttons)
        if self.decision.kind == "bid" and self.decision.game != "pitch":
            numbers = [n for n in names if n != f"bid:{DOUBLE_NIL}"]
            rows = [numbers[i:i + 7] for i in range(0, len(numbers), 7)]
            if f"bid:{DOUBLE_NIL}" in names:
                rows.append([f"bid:{DOUBLE_NIL}"])
            return rows
        return [names]

    def _button_size(self, name: str, layout: TableLayout) -> tuple[int, int]:
        px = layout.px
        kind = self.decision.kind
        if kind == "bid" and name == f"bid:{NIL}":
            return px(92), px(46)  # room for "Nil" and its key, 0
        if kind == "bid" and name != f"bid:{DOUBLE_NIL}":
            return (px(80), px(50)) if self.decision.game == "pitch" else (px(56), px(46))
        if name == f"bid:{DOUBLE_NIL}" and kind == "bid":
            return px(200), px(44)
        if kind == "draw":
            return px(150), px(50)
        return px(210), px(48)

    def primary(self) -> Button | None:
        """The panel's main button (what Enter does), or None."""
        return next((b for b in self.buttons.values() if b.primary), None) if self.visible else None

    # ----- input and drawing
    def rect_of(self, name: str) -> pygame.Rect | None:
        """Where the button ``name`` is, or None."""
        button = self.buttons.get(name)
        return button.rect.copy() if button is not None and self.visible else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an event to the buttons; True when one used it."""
        if not self.visible:
            return False
        used = self.group.handle_event(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            return True  # clicks on the panel never fall through to the cards
        return used

    def update(self, dt_s: float) -> None:
        """Animate the buttons."""
        self.group.update(dt_s)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The panel, its title, buttons and hint."""
        if not self.visible:
            return
        px = layout.px
        theme.draw_panel(surface, self.rect, radius=px(16))
        if self.title:
            text.blit_text(surface, self.title, px(26), theme.GOLD_LIGHT, (self.rect.centerx, self.rect.y + px(14)),
                           "midtop", bold=True)
        self.group.draw(surface)
        y = self.hint_top
        for line in self.hint_lines:
            text.blit_text(surface, line, px(17), theme.TEXT_DIM, (self.rect.centerx, y), "midtop")
            y += text.line_height(px(17))

