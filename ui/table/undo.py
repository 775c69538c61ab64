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

from collections.abc import Callable

import pygame

from ui.draw.toast import Notes
from ui.draw.widgets import Button
from ui.table.controller import TableController
from ui.table.hint import hint_rect
from ui.table.layout import TableLayout
from ui.table.undo_stack import MAX_STEPS, Checkpoint, UndoStack

UNDO_KEYS = (pygame.K_z,)
UNDO_MODS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+Z, or Cmd+Z on a Mac
TAKEN_BACK = "Taken back: your move again."


__all__ = ["MAX_STEPS", "Checkpoint", "TableUndo", "UndoStack"]


class TableUndo:
    """The Undo button and Ctrl+Z of a table. The decisions kept and putting the game back are the
    controller's (``TableController.take_back``); ``on_taken_back`` then redraws the table from the game as it
    now stands, and ``covered`` says when the table is covered or finished (the button hides)."""

    def __init__(self, control: TableController, notes: Notes, on_taken_back: Callable[[], None],
                 covered: Callable[[], bool]) -> None:
        self.control = control
        self.notes = notes
        self.on_taken_back = on_taken_back
        self.covered = covered
        self.button = Button("Undo", self._pressed, key="Ctrl+Z")

    def place(self, layout: TableLayout) -> None:
        """The Undo button sits just above the Hint button."""
        rect = hint_rect(layout)
        self.button.set_rect(rect.move(0, -rect.height - layout.px(8)))

    def visible(self) -> bool:
        """The button shows when there is a decision of this hand to take back and nothing covers the table."""
        undo, game = self.control.undo, self.control.game
        return (undo.enabled and bool(undo.steps) and not self.covered()
                and undo.steps[-1].hand == game.hand_number)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z anywhere on the table, or a click on the button; True when the event was used."""
        if event.type == pygame.KEYDOWN and event.key in UNDO_KEYS and event.mod & UNDO_MODS:
            self.take_back()
            return True
        return self.visible() and self.button.handle_event(event)

    def update(self, dt_s: float) -> None:
        """Animate the button."""
        self.button.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        """The Undo button, when there is something to take back."""
        if self.visible():
            self.button.draw(surface)

    def _pressed(self) -> None:
        self.take_back()

    def take_back(self) -> bool:
        """Go back to the human's previous decision (a toast says why not); True when it did."""
        problem = self.control.take_back()
        if problem is not None:
            self.notes.show_toast(problem)
            return False
        self.on_taken_back()
        self.notes.show_toast(TAKEN_BACK)
        return True
