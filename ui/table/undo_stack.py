"""The human's decisions in the hand being played, for undo (no pygame: used by ``ui.table.controller``).

See ``ui.table.undo`` for what undo may and may not take back.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action, Look
from game.replay import replay_steps
from game.state import SeatView, TrickGame

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

    @classmethod
    def resumed(cls, game: TrickGame, seat: int | None) -> UndoStack:
        """The stack of a game resumed mid-hand (Continue, an opened record): the human's decisions of the
        hand under way, found by replaying the game's history; empty when it does not replay."""
        stack = cls(seat)
        if seat is None or not game.history:
            return stack
        try:
            for state, action in replay_steps(game):
                if state.hand_number == game.hand_number:
                    stack.note(state, action)
        except Exception:  # noqa: BLE001 - a history that does not replay only costs the undo
            stack.steps = []
        return stack

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
