"""Drawing the table: one ``Frame`` (what the table scene decided to show now) drawn by ``TablePainter``.

The scene works out the frame from the game, its decision and its parts (``TableScene.frame``); the painter
draws it and changes nothing but its own render cache: the still part of the table (felt, plates, cards at
rest, score panel, buttons) is redrawn only when something on it changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.actions import Discard
from game.cards import Card
from game.state import Phase
from ui.draw import text, theme
from ui.draw.toast import Notes, draw_pill
from ui.draw.widgets import Button, WidgetGroup
from ui.games import presentation_of
from ui.table.anim import EventPlayer
from ui.table.hand import ViewerHand
from ui.table.hint import draw_hint_ring
from ui.table.model import TableModel
from ui.table.panels.bid_panel import ActionPanel, Decision
from ui.table.panels.score_panel import ScorePanel
from ui.table.undo import TableUndo
from ui.table.view import BUBBLE_PX, HandState, TableView

THINKING_AFTER_S = 0.3  # a computer's plate says Thinking only once its answer is this late


@dataclass
class Frame:
    """What the table shows now, apart from the model and the moving cards."""

    hand: HandState  # the viewer's hand: legal, hovered, chosen, focused, hinted cards
    to_act: int | None = None  # the seat whose plate glows
    hide_hands: bool = False  # every hand face down (the curtain, nobody looking)
    drawn: Card | None = None  # two-player: the drawn card at rest beside the stock
    prompt: str = ""  # the line over the viewer's hand (or over the drawn card)
    prompt_at_drawn: bool = False
    statuses: dict[int, str] = field(default_factory=dict)  # a plate's status line ("Thinking...", "To play")
    look: bool = False  # the Look button shows
    hint: bool = False  # the Hint button shows
    hint_ring: pygame.Rect | None = None  # the hinted button, ringed
    time_s: float = 0.0  # the table's clock (pulses, dots)


HELD_PROMPT = "Click (or press Enter) to take the trick in"


def prompt_for(decision: Decision, model: TableModel, confirming: bool, face_down: bool, held: bool = False) -> str:
    """The prompt for the viewer's ``decision``: ``confirming`` when a card waits for its confirming click,
    ``face_down`` while the hand is face down with the Look button up, ``held`` while a finished trick waits
    for a click (the "Finished trick: until I click" setting)."""
    if held:
        return HELD_PROMPT
    if decision.kind == "play":
        if model.trump is None:
            return "Your lead: the suit you lead becomes trump"
        if confirming:
            return "Click the card again (or Enter) to play it"
        if not model.trick:
            return "Your lead"
        return "Your turn: play a card"
    if decision.kind == "draw":
        return "Keep this card?"
    if decision.kind == "discard":  # the draw of Ten-point Pitch: cards put down one by one
        trumps = model.trump is not None and any(isinstance(a, Discard) and model.is_trump(a.card)
                                                 for a in decision.legal)
        return presentation_of(model.kind).discard_prompt(decision.cards, trumps)
    if face_down and decision.kind != "bid":
        return "Your cards are face down"
    return ""


def statuses_for(model: TableModel, viewer: int | None, computer: bool, waiting_s: float, paused: bool,
                 time_s: float) -> dict[int, str]:
    """A plate's status line for the seat to act: "Thinking" only while a ``computer``'s decision has been
    worked out for ``THINKING_AFTER_S`` and the table is not ``paused``; "To play" / "To act" for a person
    other than the viewer."""
    seat = model.to_act
    if seat is None:
        return {}
    if computer:
        if paused or waiting_s < THINKING_AFTER_S:
            return {}
        return {seat: f"Thinking{'.' * (1 + int(time_s * 3) % 3)}"}
    if seat != viewer:
        return {seat: "To play" if model.phase is Phase.PLAYING else "To act"}
    return {}


class TablePainter:
    """Draws a ``Frame`` of the table with its parts (the scene's, read at each draw)."""

    def __init__(self, view: TableView, model: TableModel, notes: Notes, panel: ActionPanel,
                 score_panel: ScorePanel, hand: ViewerHand, undo: TableUndo, top_buttons: list[Button],
                 top_group: WidgetGroup, look_button: Button, hint_button: Button) -> None:
        self.view, self.model, self.notes, self.panel = view, model, notes, panel
        self.score_panel, self.hand, self.undo = score_panel, hand, undo
        self.top_buttons, self.top_group = top_buttons, top_group
        self.look_button, self.hint_button = look_button, hint_button
        self._layer: pygame.Surface | None = None  # the still table, redrawn when its key changes
        self._layer_key: tuple[object, ...] | None = None

    def forget(self) -> None:
        """Redraw the still table at the next frame."""
        self._layer_key = None

    def draw(self, surface: pygame.Surface, frame: Frame, player: EventPlayer) -> None:
        """The table, the moving cards of ``player``, prompt, notes, the panel and the Hint and Undo buttons."""
        view = self.view
        surface.blit(self._table_layer(surface.get_size(), frame), (0, 0))
        if frame.to_act is not None:
            view.draw_glow(surface, frame.to_act, frame.time_s)
        for flight in player.flights:
            flight.draw(surface, view.images)
        if self.hand.drawn_flight is not None:
            self.hand.drawn_flight.draw(surface, view.images)
        self._draw_prompt(surface, frame)
        self._draw_notes(surface)
        self.panel.draw(surface, view.layout)
        if frame.hint:
            self.hint_button.draw(surface)
            if frame.hint_ring is not None:
                draw_hint_ring(surface, frame.hint_ring, frame.time_s, view.px)
        self.undo.draw(surface)

    def _table_layer(self, size: tuple[int, int], frame: Frame) -> pygame.Surface:
        """The still part of the table, redrawn only when something on it changes; a render cache."""
        buttons = self.top_buttons + ([self.look_button] if frame.look else [])
        view, model = self.view, self.model
        key = (size, view.size, view.style, view.bottom, view.viewer, frame.hide_hands, frame.to_act,
               model.signature(), hand_key(frame.hand), frame.drawn, tuple(sorted(frame.statuses.items())),
               tuple((b.hovered, b.pressed, b.focused, b.show_focus, b.enabled) for b in buttons), frame.look)
        layer = self._layer
        if layer is not None and self._layer_key == key and layer.get_size() == size:
            return layer
        if layer is None or layer.get_size() != size:
            layer = theme.new_opaque(size)
        view.draw(layer, model, frame.hand, frame.to_act, frame.hide_hands, frame.drawn, frame.statuses)
        self._draw_winning_glow(layer)
        view.draw_lead_mark(layer, model)
        self.score_panel.draw(layer, view.layout, model)
        self.top_group.draw(layer)
        if frame.look:
            self.look_button.draw(layer)
        self._layer, self._layer_key = layer, key
        return layer

    def _draw_winning_glow(self, surface: pygame.Surface) -> None:
        winner = self.model.winning
        if winner is None:
            return
        card = next((c for s, c in self.model.trick if s == winner), None)
        if card is None:
            return
        rect = self.view.trick_rect(winner)
        art = self.view.images.art(rect.width)
        hx, hy = art.highlight_offset
        surface.blit(art.highlight(), (rect.x + hx, rect.y + hy))
        surface.blit(art.face(card), rect)

    def _draw_prompt(self, surface: pygame.Surface, frame: Frame) -> None:
        if not frame.prompt:
            return
        lay = self.view.layout
        at = (lay.drawn.centerx, lay.drawn.top - lay.px(24)) if frame.prompt_at_drawn else lay.prompt_at
        text.blit_text(surface, frame.prompt, lay.px(24), theme.GOLD_LIGHT, at, "center", bold=True,
                       shadow=(0, 0, 0), shadow_px=max(1, lay.px(2)))

    def _draw_notes(self, surface: pygame.Surface) -> None:
        lay = self.view.layout
        for seat, note in self.notes.bubbles.items():
            rect = self.view.bubble_rect(seat, note.message)
            draw_pill(surface, note.message, rect.center, lay.px(BUBBLE_PX), note.alpha, gold=True)
        toast = self.notes.toast
        if toast is not None:
            draw_pill(surface, toast.message, lay.toast_at, lay.px(22), toast.alpha, toast.suit)


def hand_key(hand: HandState) -> tuple[object, ...]:
    """Everything of ``hand`` that changes how it is drawn (the still layer's key)."""
    legal = frozenset(hand.legal) if hand.legal is not None else None
    return (legal, hand.hover, frozenset(hand.selected), hand.focus, frozenset(hand.hidden),
            tuple(sorted(hand.x.items())), frozenset(hand.hint), frozenset(hand.marked))
