"""Undo at the table: take back your last card or bid, back to your previous decision.

Only with exactly one human at the table (against computers); off in hot-seat. Before each of
the human's decisions (an action the engine lists as legal while that seat is to act) the game is
cloned and the seat's view kept. Undo puts the clone back: the human sees exactly the view saved
at that decision, and the computers after it are asked afresh. The record is written from the
game as it now stands, so it keeps only the final line of play.

It never shows a card the human had not seen: the clone is the state the human was looking at,
the deal (chance) stays the same, and undo stays within the hand being played (the hand before is
scored and over). A decision made with the cards face down is taken back with the cards face up
once they have been seen (four-player Spades: so a blind Double Nil cannot be bid again); in Spades
for two, where looking is itself a decision, it then cannot be taken back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.draw.widgets import Button
from ui.table.anim import EventPlayer
from ui.table.hint import hint_rect
from ui.table.undo_stack import MAX_STEPS, Checkpoint, UndoStack

if TYPE_CHECKING:
    from ui.table.host import TableHost
    from ui.table.layout import TableLayout
else:
    TableHost = object  # the scene's members, declared for the type checker only (ui.table.host)

UNDO_KEYS = (pygame.K_z,)
UNDO_MODS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+Z, or Cmd+Z on a Mac


__all__ = ["MAX_STEPS", "Checkpoint", "TableUndo", "UndoStack"]


class TableUndo(TableHost):
    """A mixin of ``TableScene``: the Undo button and Ctrl+Z, and putting the game back."""

    undo: UndoStack
    undo_button: Button

    def init_undo(self) -> None:
        """Set up the Undo button (the stack itself is the controller's: ``ui.table.controller``)."""
        self.undo_button = Button("Undo", self._undo_pressed, key="Ctrl+Z")

    def place_undo(self, layout: TableLayout) -> None:
        """The Undo button sits just above the Hint button."""
        rect = hint_rect(layout)
        self.undo_button.set_rect(rect.move(0, -rect.height - layout.px(8)))

    def undo_visible(self) -> bool:
        """The button shows when there is a decision of this hand to take back and nothing covers the table."""
        return (self.undo.enabled and bool(self.undo.steps) and not self._overlay() and not self.finished
                and self.undo.steps[-1].hand == self.game.hand_number)

    def undo_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z anywhere on the table, or a click on the button; True when the event was used."""
        if event.type == pygame.KEYDOWN and event.key in UNDO_KEYS and event.mod & UNDO_MODS:
            self.take_back()
            return True
        return self.undo_visible() and self.undo_button.handle_event(event)

    def draw_undo(self, surface: pygame.Surface) -> None:
        """The Undo button, when there is something to take back."""
        if self.undo_visible():
            self.undo_button.draw(surface)

    def _undo_pressed(self) -> None:
        self.take_back()

    def take_back(self) -> bool:
        """Go back to the human's previous decision (a toast says why not); True when it did."""
        problem = self.control.take_back()
        if problem is not None:
            self.notes.show_toast(problem)
            return False
        old = self.player
        self.player = EventPlayer(self.model, self.view, self, self.speed, self.names)
        self.player.sound = old.sound
        self.model.sync(self.control.snapshot())
        self.model.shown_scores = [float(s) for s in self.game.scores]
        self.selected.clear()
        self.hover = self.pressed = None
        self.focus = None
        self.digits = ""
        self.panel_key = None
        self._decision = None
        self.fan_x = {}
        self.drawn_shown = None
        self.drawn_flight = None
        self.notes.clear()
        self._layer_key = None
        self.notes.show_toast("Taken back: your move again.")
        return True
