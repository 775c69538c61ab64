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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.actions import Action, Look
from game.state import SeatView, TrickGame
from ui.hint import hint_rect
from ui.table_anim import EventPlayer
from ui.table_model import take_snapshot
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.layout import TableLayout

UNDO_KEYS = (pygame.K_z,)
UNDO_MODS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+Z, or Cmd+Z on a Mac
MAX_STEPS = 200  # decisions kept (a hand has at most a few dozen of the human's)


@dataclass(frozen=True)
class Checkpoint:
    """The game just before one of the human's decisions, and what the human saw there."""

    game: TrickGame
    view: SeatView
    hand: int


class UndoStack:
    """The human's decisions so far in this hand; ``seat`` is None when undo is off (hot-seat, no human)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.steps: list[Checkpoint] = []

    @property
    def enabled(self) -> bool:
        """True when there is exactly one human at the table."""
        return self.seat is not None

    def note(self, game: TrickGame, action: Action) -> None:
        """Called before ``action`` is applied: keep the state if it is the human's decision."""
        seat = self.seat
        if seat is None or game.to_act != seat or getattr(action, "seat", None) != seat:
            return
        if (isinstance(action, Look) and game.kind == "spades") or action not in game.legal_actions():
            return  # a Look in four-player Spades is no decision (even when listed at the seat's bid)
        self.steps.append(Checkpoint(game.clone(), game.view(seat), game.hand_number))
        del self.steps[:-MAX_STEPS]

    def refusal(self, game: TrickGame) -> str | None:
        """Why the last decision cannot be taken back now (None: it can)."""
        if self.seat is None:
            return "Undo is only for a game of one person against computers."
        if not self.steps:
            return "Nothing to take back yet."
        last = self.steps[-1]
        if last.hand != game.hand_number:
            return "That hand is over: undo works within the hand being played."
        if self._seen_since(last, game) and self._looked_clone(last) is None:
            return "You have seen your cards: a decision made without looking stays."
        return None

    def _seen_since(self, step: Checkpoint, game: TrickGame) -> bool:
        """True when the human's cards were face down at ``step`` and have been seen since."""
        seat = self.seat
        return seat is not None and not step.view.looked[seat] and bool(game.view(seat).looked[seat])

    def _looked_clone(self, step: Checkpoint) -> TrickGame | None:
        """Four-player Spades: the state of ``step`` with the cards turned face up (looking is no decision
        there, so the same decision stands, minus a blind Double Nil); None where looking is a decision."""
        seat = self.seat
        assert seat is not None
        look = Look(seat)
        game = step.game.clone()
        if game.kind != "spades" or game.why_illegal(look) is not None:
            return None
        game.apply(look)
        return game

    def target(self, game: TrickGame) -> TrickGame:
        """Remove the last decision and return the state to go back to (check ``refusal`` first): the state
        saved there, with the cards face up when they have been seen since (never a card not seen)."""
        step = self.steps.pop()
        if self._seen_since(step, game):
            looked = self._looked_clone(step)
            assert looked is not None
            return looked
        return step.game.clone()

    def can_undo(self, game: TrickGame) -> bool:
        """True when the last decision can be taken back."""
        return self.refusal(game) is None



class TableUndo:
    """A mixin of ``TableScene``: the Undo button and Ctrl+Z, and putting the game back."""

    undo: UndoStack
    undo_button: Button

    def init_undo(self) -> None:
        """Set up undo for the seats of this table (call once, after ``humans`` is known)."""
        scene: Any = self
        scene.undo = UndoStack(scene.humans[0] if len(scene.humans) == 1 else None)
        scene.undo_button = Button("Undo", self._undo_pressed, key="Ctrl+Z")

    def place_undo(self, layout: TableLayout) -> None:
        """The Undo button sits just above the Hint button."""
        rect = hint_rect(layout)
        self.undo_button.set_rect(rect.move(0, -rect.height - layout.px(8)))

    def undo_visible(self) -> bool:
        """The button shows when there is a decision of this hand to take back and nothing covers the table."""
        scene: Any = self
        return (self.undo.enabled and bool(self.undo.steps) and not scene._overlay() and not scene.finished
                and self.undo.steps[-1].hand == scene.game.hand_number)

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
        scene: Any = self
        problem = self.undo.refusal(scene.game)
        if problem is not None:
            scene.notes.show_toast(problem)
            return False
        scene.computers.stop()  # answers for the line taken back are never used
        scene.hints.drop()
        scene.game = self.undo.target(scene.game)
        scene.applied += 1  # a new decision point: keys of the old line never match again
        scene.idle_s = 0.0
        old = scene.player
        scene.player = EventPlayer(scene.model, scene.view, scene, scene.speed, scene.names)
        scene.player.sound = getattr(old, "sound", None)
        scene.model.sync(take_snapshot(scene.game, scene.snapshot_seats))
        scene.model.shown_scores = [float(s) for s in scene.game.scores]
        scene.selected.clear()
        scene.hover = scene.pressed = None
        scene.focus = None
        scene.digits = ""
        scene.panel_key = None
        scene._decision = None
        scene.fan_x = {}
        scene.drawn_shown = None
        scene.drawn_flight = None
        scene.notes.clear()
        scene._layer_key = None
        save = getattr(scene, "save_now", None)
        if callable(save):
            save()  # the save holds the game as it now stands
        scene.notes.show_toast("Taken back: your move again.")
        return True
