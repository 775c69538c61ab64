"""The viewer's decision panel: bids, Double Nil, the two-player draw, the exchange, the redraw and naming trump.

The panel offers exactly what the engine lists as legal for the decision (plus the
counts of cards chosen); each button carries the action it stands for (``on_choose(action)``)
and has a stable name (``"bid:4"``, ``"bid:nil"``, ``"draw:keep"``, ``"give"``...) so tests can
click it where ``rect(name)`` says. The bids' labels, keys, rows and hints are the game's
presentation's (``ui.games``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial

import pygame

from game.actions import DOUBLE_NIL, PASS, Action, Bid, BidValue, Discard, Draw, Exchange, Look, NameTrump, Redraw
from game.cards import SUIT_NAMES, SUITS, Card
from game.state import Phase
from ui.draw import text, theme
from ui.draw.widgets import Button, WidgetGroup
from ui.games import Presentation, presentation_of
from ui.table.layout import TableLayout


class DecisionKind(StrEnum):
    """What kind of decision the viewer faces (a ``str``: ``DecisionKind.BID == "bid"``; NONE is falsy)."""

    NONE = ""
    BID = "bid"
    DRAW_FIRST = "draw_first"
    DRAW = "draw"
    EXCHANGE = "exchange"
    REDRAW = "redraw"
    TRUMP = "trump"  # name the trump suit (a button per suit the engine lists)
    DISCARD = "discard"  # put cards down one at a time, each a click on a card the engine lists
    PLAY = "play"


@dataclass
class Decision:
    """What the viewer must decide now, from the engine's legal actions."""

    kind: DecisionKind = DecisionKind.NONE
    legal: list[Action] = field(default_factory=list)
    game: str = "spades"
    looked: bool = True
    forced_dealer: bool = False  # an auction: the dealer may not pass
    steal_at: int | None = None  # an auction: the dealer may take the bid at this value
    cards: int = 0  # exchange: how many cards to give; redraw: the most that may be replaced; discard: how
    # many more to put down (the engine's)

    def __post_init__(self) -> None:
        self.kind = DecisionKind(self.kind)

    @property
    def seat(self) -> int | None:
        """The seat deciding (the seat of its legal actions), or None when there is nothing to decide."""
        return getattr(self.legal[0], "seat", None) if self.legal else None

    @property
    def presentation(self) -> Presentation:
        """How the window shows this game."""
        return presentation_of(self.game)


def decision_for(kind: str, phase: Phase, legal: list[Action], looked: bool, high_bid: int = 0,
                 dealer_turn: bool = False, put_down: int = 0) -> Decision:
    """Classify the legal actions of the seat to act into a kind of decision (``kind``: the game;
    ``put_down``: the cards still to put down when the legal actions are discards)."""
    if not legal:
        return Decision(DecisionKind.NONE, [], kind, looked)
    if all(isinstance(a, NameTrump) for a in legal):
        return Decision(DecisionKind.TRUMP, legal, kind, looked)
    if all(isinstance(a, Discard) for a in legal):
        return Decision(DecisionKind.DISCARD, legal, kind, looked, cards=put_down)
    if phase is Phase.PLAYING:
        return Decision(DecisionKind.PLAY, legal, kind, looked)
    if phase is Phase.EXCHANGE:
        return Decision(DecisionKind.EXCHANGE, legal, kind, looked, cards=_most_cards(legal))
    if phase is Phase.REDRAW:
        return Decision(DecisionKind.REDRAW, legal, kind, looked, cards=_most_cards(legal))
    if phase is Phase.DRAWING:
        first = any(isinstance(a, Look) for a in legal)
        return Decision(DecisionKind.DRAW_FIRST if first else DecisionKind.DRAW, legal, kind, looked)
    values = [a.value for a in legal if isinstance(a, Bid)]
    auction = presentation_of(kind).auction
    forced = auction and dealer_turn and PASS not in values
    steal = high_bid if auction and dealer_turn and high_bid in values else None
    return Decision(DecisionKind.BID, legal, kind, looked, forced, steal)


def _most_cards(legal: list[Action]) -> int:
    """The most cards any of the legal exchanges or redraws hands over."""
    return max((len(a.cards) for a in legal if isinstance(a, (Exchange, Redraw))), default=0)


def trump_name(suit: int) -> str:
    """The stable name of a suit's button when naming trump: ``"trump:S"``."""
    return f"trump:{SUITS[suit]}"


def bid_name(value: BidValue) -> str:
    """The stable name of a bid's button: ``"bid:4"``, ``"bid:nil"``."""
    return f"bid:{value}"


class ActionPanel:
    """Buttons for the current decision, laid out in the middle of the table."""

    def __init__(self, on_choose: Callable[[Action], None]) -> None:
        self.on_choose = on_choose
        self.group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.actions: dict[str, Action] = {}  # the action each button stands for, by the button's name
        self.rows: list[list[str]] = []  # the bid buttons' names in the presentation's rows
        self.sizes: dict[str, tuple[int, int]] = {}  # the bid buttons' sizes at 1280x720
        self.decision = Decision()
        self.title = ""
        self.hint = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = 0
        self.visible = False

    # ----- building
    def build(self, decision: Decision, layout: TableLayout, selected: Collection[Card] = ()) -> None:
        """Make the buttons for ``decision`` and place them (call again when the selection changes);
        ``selected``: the cards chosen for an exchange or a redraw (Give and Replace stand for them)."""
        self.decision = decision
        cards = tuple(sorted(selected))
        self.selected = len(cards)
        self.buttons = {}
        self.actions = {}
        self.rows = []
        self.sizes = {}
        seat = decision.seat
        if seat is not None:
            self._build_kind(decision, seat, cards, len(cards))
        self.visible = bool(self.buttons)
        self.group.set_widgets(list(self.buttons.values()))
        self.place(layout)

    def _build_kind(self, decision: Decision, seat: int, cards: tuple[Card, ...], count: int) -> None:
        """The buttons, title and hint of one kind of decision."""
        kind = decision.kind
        if kind is DecisionKind.BID:
            self._bid_buttons(decision, seat)
        elif kind is DecisionKind.DRAW_FIRST:
            self._add("look", Look(seat), "Take first card", primary=True, key="Enter")
            self._add(bid_name(DOUBLE_NIL), Bid(seat, DOUBLE_NIL), "Declare Double Nil")
            self.title = "Your first draw"
            self.hint = "Double Nil can only be declared before you take a card."
        elif kind is DecisionKind.DRAW:
            self._add("draw:keep", Draw(seat, True), "Keep", primary=True, key="K")
            self._add("draw:discard", Draw(seat, False), "Discard", key="D")
            self.title = ""
            self.hint = "Keep it and discard the next, or discard it and keep the next."
        elif kind is DecisionKind.EXCHANGE:
            need = decision.cards
            self._add("give", Exchange(seat, cards), f"Give these {need}", primary=True, enabled=count == need,
                      key="Enter")
            self.title = f"Give your partner {need} cards"
            self.hint = f"Click cards to choose them: {count} of {need} chosen."
        elif kind is DecisionKind.REDRAW:
            self._add("replace", Redraw(seat, cards), f"Replace {count} card{'s' if count != 1 else ''}",
                      primary=True, enabled=count >= 1, key="Enter")
            self._add("keep_hand", Redraw(seat, ()), "Keep my hand")
            self.title = f"Double Nil: replace up to {decision.cards} cards"
            self.hint = "Click cards to throw away; each is replaced from the discards."
        elif kind is DecisionKind.TRUMP:
            for action in decision.legal:
                if isinstance(action, NameTrump):
                    self._add(trump_name(action.suit), action, SUIT_NAMES[action.suit].capitalize(),
                              key=SUITS[action.suit])
            self.title = decision.presentation.trump_title()
            self.hint = decision.presentation.trump_hint()

    def _add(self, name: str, action: Action, label: str, primary: bool = False, enabled: bool = True,
             key: str = "") -> None:
        self.actions[name] = action
        self.buttons[name] = Button(label, partial(self.on_choose, action), primary=primary, enabled=enabled,
                                    key=key)

    def action_of(self, name: str) -> Action | None:
        """The action the button ``name`` stands for (None: no such button)."""
        return self.actions.get(name)

    def _bid_buttons(self, decision: Decision, seat: int) -> None:
        """A button per legal bid, in the presentation's rows, labels and keys."""
        shown = decision.presentation
        values = [a.value for a in decision.legal if isinstance(a, Bid)]
        for row in shown.bid_rows(values):
            self.rows.append([])
            for value in row:
                name = bid_name(value)
                self._add(name, Bid(seat, value), shown.bid_label(value), primary=value == decision.steal_at,
                          key=shown.bid_key(value))
                self.sizes[name] = shown.bid_size(value)
                self.rows[-1].append(name)
        self.title = "Your bid"
        self.hint = shown.bid_hint(values, decision.forced_dealer, decision.steal_at)

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
        inner_w = max(widths + [px(430 if kind is DecisionKind.DRAW else 300)])
        title_h = px(34) if self.title else 0
        hint_lines = text.wrap(self.hint, px(17), inner_w) if self.hint else []
        hint_h = len(hint_lines) * text.line_height(px(17)) + (px(6) if hint_lines else 0)
        rows_h = sum(max(h for _, h in row) for row in sizes) + gap * (len(sizes) - 1)
        w = inner_w + 2 * pad
        h = pad + title_h + rows_h + hint_h + pad
        rect = pygame.Rect(0, 0, w, h)
        if kind is DecisionKind.DRAW:
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
        return [row for row in self.rows if row] if self.decision.kind is DecisionKind.BID else [list(self.buttons)]

    def _button_size(self, name: str, layout: TableLayout) -> tuple[int, int]:
        px = layout.px
        kind = self.decision.kind
        if kind is DecisionKind.BID and name in self.sizes:
            w, h = self.sizes[name]
            return px(w), px(h)
        if kind is DecisionKind.DRAW:
            return px(150), px(50)
        if kind is DecisionKind.TRUMP:
            return px(120), px(50)
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

