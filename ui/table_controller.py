"""The table's controller, without pygame: the game, its computer players, hot-seat turns, undo and the
queue of engine events to animate.

``TableScene`` turns input into actions (``apply``) and draws; the controller decides everything else:
whether an action is legal (the engine's reason when it is not), when a computer seat is asked and when
its answer is applied (only at the decision point it was asked at, after ``COMPUTER_PAUSE_S``), when the
curtain must come up between two people, taking back the human's last decision, and the autosave and
statistics hooks after each action. Every applied action queues its events with a snapshot; the scene
takes them (``take_events``) and animates them while the engine may already be ahead.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from game.actions import Action, Exchange, Look, Redraw
from game.events import HAND_STARTED, Event
from game.factory import new_game
from game.state import TrickGame
from ui.computer import ComputerPlayers, computers_for
from ui.table_model import Snapshot, take_snapshot
from ui.undo_stack import UndoStack

COMPUTER_PAUSE_S = 0.55  # before a computer's move is applied, so people can follow
NOT_NOW = "That is not possible now."


class AfterAction(Protocol):
    """A hook told of the game after every action (statistics)."""

    def after_action(self, game: TrickGame) -> None:
        """Called after each applied action."""


class TableController:
    """One game of ``config`` at a table; ``sync`` computers decide inline (tests and tools)."""

    def __init__(self, config: Any, game: TrickGame | None = None, *, sync: bool = False, worker: Any = None,
                 think_ms: Callable[[], int | None] = lambda: None, pace: Callable[[], float] = lambda: 1.0,
                 save: Callable[[TrickGame], None] | None = None, stats: AfterAction | None = None,
                 computers: ComputerPlayers | None = None) -> None:
        self.config = config
        self.game = game if game is not None else new_game(config.game, config.options, config.players, config.seed)
        self.names = [seat.name for seat in config.seats]
        self.humans = [i for i, seat in enumerate(config.seats) if seat.human]
        self.computers = computers if computers is not None else computers_for(
            config.seats, config.seed, sync, worker, think_ms)
        self.pace = pace
        self.save_hook = save
        self.stats = stats
        self.snapshot_seats = list(self.humans)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.curtain_for: int | None = None  # hot-seat: the person the curtain waits for
        self.undo = UndoStack(self.humans[0] if len(self.humans) == 1 else None)
        self.applied = 0  # actions applied so far: names the current decision point
        self.idle_s = 0.0  # time the screen has been caught up (the computers' pacing)
        self.events: deque[tuple[list[Event], Snapshot]] = deque()
        self.events.append(([Event(HAND_STARTED, self.game.dealer, value=self.game.hand_number)],
                            self.snapshot()))

    # ----- what the table shows
    def snapshot(self) -> Snapshot:
        """What the people at the table may see of the game now."""
        return take_snapshot(self.game, self.snapshot_seats)

    def take_events(self) -> list[tuple[list[Event], Snapshot]]:
        """The events applied since the last call, in order, each batch with the snapshot after it."""
        out = list(self.events)
        self.events.clear()
        return out

    # ----- actions
    def legal_match(self, action: Action) -> Action | None:
        """The engine's own legal action equal to ``action`` (cards compared as sets), or None."""
        g = self.game
        if isinstance(action, Look):
            return action if g.why_illegal(action) is None else None
        for legal in g.legal_actions():
            if isinstance(action, (Exchange, Redraw)) and type(legal) is type(action):
                if legal.seat == action.seat and set(legal.cards) == set(action.cards):
                    return legal
            elif legal == action:
                return legal
        return None

    def apply(self, action: Action) -> str | None:
        """Apply ``action`` if the engine lists it as legal and return None; otherwise the engine's reason."""
        legal = self.legal_match(action)
        if legal is None:
            return self.game.why_illegal(action) or NOT_NOW
        self.commit(legal)
        return None

    def commit(self, action: Action) -> None:
        """Apply an action already known legal: undo note, engine, statistics, events, autosave."""
        self.undo.note(self.game, action)  # the human's decisions are kept for undo
        events = self.game.apply(action)
        if self.stats is not None:
            self.stats.after_action(self.game)
        self.applied += 1
        self.idle_s = 0.0
        self.events.append((events, self.snapshot()))
        self.save()

    def save(self) -> None:
        """Autosave the game as it stands (the hook given; nothing without one)."""
        if self.save_hook is not None:
            self.save_hook(self.game)

    # ----- computer players
    def think_ahead(self) -> list[tuple[int, str]]:
        """Ask the computer to act as soon as the engine waits for it; the seats whose player failed since
        the last call, with the level each plays on at."""
        failures = self.computers.take_failures()
        seat = self.game.to_act
        if self.computers.plays(seat) and not self.computers.asked(self.applied):
            self.computers.ask(self.applied, self.game.view(seat))
        return failures

    def computer_move(self, covered: bool = False) -> bool:
        """Apply the answer of the computer to act once it has come and the pause has passed (never while
        something covers the table); True when it did."""
        seat = self.game.to_act
        if not self.computers.plays(seat) or covered:
            return False
        if self.idle_s < COMPUTER_PAUSE_S * self.pace():
            return False
        answer = self.computers.result(self.applied)
        if answer is None:
            return False
        action = answer.action
        if action is None or self.legal_match(action) is None or getattr(action, "seat", seat) != seat:
            action = self.game.legal_actions()[0]  # a broken player must not stop the game
        self.commit(self.legal_match(action) or action)
        return True

    def wait(self, dt_s: float, caught_up: bool) -> None:
        """The screen was caught up with the engine for ``dt_s`` more (or not: the pause starts again)."""
        self.idle_s = self.idle_s + dt_s if caught_up else 0.0

    def stop(self) -> None:
        """Stop the computer players (their worker restarts when needed)."""
        self.computers.stop()

    # ----- hot-seat
    def curtain_needed(self) -> int | None:
        """With several humans, the person to act when the turn has passed to a different one of them:
        nobody looks until the curtain is lifted (``lift_curtain``). None when no curtain is needed."""
        seat = self.game.to_act
        if len(self.humans) < 2 or seat not in self.humans or seat == self.viewer:
            return None
        self.viewer = None
        self.curtain_for = seat
        return seat

    def lift_curtain(self, seat: int) -> None:
        """``seat`` is now the one looking at the table."""
        self.curtain_for = None
        self.viewer = seat

    # ----- undo
    def take_back(self) -> str | None:
        """Go back to the human's previous decision and return None; or why that cannot be done."""
        problem = self.undo.refusal(self.game)
        if problem is not None:
            return problem
        self.computers.stop()  # answers for the line taken back are never used
        self.game = self.undo.target(self.game)
        self.applied += 1  # a new decision point: keys of the old line never match again
        self.idle_s = 0.0
        self.events.clear()
        self.save()  # the save holds the game as it now stands
        return None

    # ----- for tests and tools
    def run_computers(self, max_actions: int = 10_000) -> int:
        """Sync mode: let the computer seats play until a person must act or the game is over (no pause);
        the number of actions applied."""
        done = 0
        while done < max_actions and self.game.winner is None and self.computers.plays(self.game.to_act):
            self.think_ahead()
            self.idle_s = float("inf")
            if not self.computer_move():
                break
            done += 1
        return done
