"""The table's controller, without pygame: the game, its computer players, hot-seat turns, undo and the
queue of engine events to animate.

``TableScene`` turns input into actions (``apply``) and draws; the controller decides everything else:
whether an action is legal (the engine's reason when it is not), when a computer seat is asked and when
its answer is applied (only at the decision point it was asked at, after ``COMPUTER_PAUSE_S``), when the
curtain must come up between two people, taking back the human's last decision, and the autosave and
statistics hooks after each action. Every applied action queues its events with a snapshot; the scene
takes them (``take_events``) and animates them while the engine may already be ahead. It also keeps the
Hint's requests (``HintRequests``): the ``hard`` level's choice for the person to act, from that seat's view.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, Protocol

from game.actions import Action, Bid, Exchange, Look, Redraw
from game.events import HAND_STARTED, Event
from game.factory import new_game
from game.state import SeatView, TrickGame
from ui.config import GameConfig
from ui.services.computer import (
    COACH_LEVEL,
    ComputerPlayers,
    ComputerWorker,
    PlayerSpec,
    ThinkTime,
    computers_for,
    default_think_time,
    hint_level,
    new_coach_key,
    player_for,
    player_seed,
    table_of,
)
from ui.table.model import Snapshot, take_snapshot
from ui.table.undo_stack import UndoStack

COMPUTER_PAUSE_S = 0.55  # before a computer's move is applied, so people can follow
NOT_NOW = "That is not possible now."


class AfterAction(Protocol):
    """A hook told of the game after every action (statistics)."""

    def after_action(self, game: TrickGame) -> None:
        """Called after each applied action."""


def human_seats(config: GameConfig) -> list[int]:
    """The seats of ``config`` that people play."""
    return [i for i, seat in enumerate(config.seats) if seat.human]


class HintRequests:
    """Hint requests of one table: one ``hard`` player per human seat, asked in the background. An answer is
    kept only for the decision point it was asked at; a new position drops the request in progress. ``table``:
    each seat's level, None for a person's (the hard level models the seats by it); ``key``: the game's coach key
    (``player_seed``)."""

    def __init__(self, humans: list[int], seed: int | None, sync: bool = False, worker: ComputerWorker | None = None,
                 think_ms: ThinkTime = default_think_time, table: tuple[str | None, ...] = (),
                 key: str | None = None) -> None:
        level = hint_level()
        if level == "hard":
            level = COACH_LEVEL  # the hard level's search over a fixed budget of worlds, with its reasons
        specs = {seat: PlayerSpec(level, player_seed(seed, seat, "hint", key), table=table) for seat in humans}
        players = {seat: player_for(level, spec.seed, think_ms(), table) for seat, spec in specs.items()}
        self.setting = think_ms
        self.hand: int | None = None  # the hand of the last request
        self.hand_think: dict[int, int] = {}  # hand number -> the thinking time of its Hints (its first Hint's)
        self.players = ComputerPlayers(players, sync=sync, specs=specs, worker=worker, think_ms=self.think_ms)
        self.key: Hashable | None = None
        self.seat: int | None = None
        self.action: Action | None = None
        self.note: Any = None  # the reasons that came with the hint (``game.ai.coach.Note``)

    def request(self, key: Hashable, view: SeatView) -> None:
        """Ask for the hint of ``view.seat`` at decision point ``key`` (a repeated request is ignored)."""
        if key == self.key:
            return
        self.key, self.seat, self.action, self.note = key, view.seat, None, None
        self.hand = view.hand_number
        self.hand_think.setdefault(view.hand_number, self.setting())
        self.players.ask(key, view)

    def think_ms(self) -> int:
        """The thinking time the Hint's budget comes from: the setting when the hand's first Hint was asked, so
        that every Hint of a hand, and its review's first looks (``hinted``), use one budget."""
        return self.hand_think.get(self.hand, self.setting()) if self.hand is not None else self.setting()

    def hinted(self, hand: int) -> int | None:
        """The thinking time the Hints of hand number ``hand`` used (None: no Hint asked in it)."""
        return self.hand_think.get(hand)

    def update(self, key: Hashable) -> None:
        """Take the answer if it has come; forget the hint when the position is no longer ``key``."""
        if self.key is None:
            return
        if key != self.key:
            self.drop()
            return
        if self.action is None:
            answer = self.players.result(key)
            if answer is not None and answer.action is not None:
                self.action, self.note = answer.action, answer.note

    def pending(self) -> bool:
        """True while a requested hint is still being worked out."""
        return self.key is not None and self.action is None and self.players.busy()

    def shown(self, key: Hashable) -> Action | None:
        """The hinted action at decision point ``key``, if it has come."""
        return self.action if key == self.key and self.key is not None else None

    def shown_note(self, key: Hashable) -> Any:
        """The reasons of the hint at decision point ``key`` (``game.ai.coach.Note``), if they have come."""
        return self.note if key == self.key and self.key is not None and self.action is not None else None

    def drop(self) -> None:
        """Forget the hint (the position changed); a search in progress is ignored when it ends."""
        if self.key is not None:
            self.players.stop()
        self.key = self.seat = self.action = self.note = None

    def close(self) -> None:
        """Stop for good."""
        self.key = self.seat = self.action = self.note = None
        self.players.close()


class TableController:
    """One game of ``config`` at a table; ``sync`` computers decide inline (tests and tools)."""

    def __init__(self, config: GameConfig, game: TrickGame | None = None, *, sync: bool = False,
                 worker: ComputerWorker | None = None,
                 think_ms: ThinkTime = default_think_time, pace: Callable[[], float] = lambda: 1.0,
                 save: Callable[[TrickGame], None] | None = None, stats: AfterAction | None = None,
                 computers: ComputerPlayers | None = None, hints: HintRequests | None = None) -> None:
        self.config = config if config.coach_key else replace(config, coach_key=new_coach_key())
        config = self.config
        self.game = game if game is not None else new_game(config.game, config.options, config.players, config.seed)
        self.names = [seat.name for seat in config.seats]
        self.humans = human_seats(config)
        self.computers = computers if computers is not None else computers_for(
            config.seats, config.seed, sync, worker, think_ms)
        self.hints = hints if hints is not None else HintRequests(self.humans, config.seed, sync, worker, think_ms,
                                                                  table_of(config.seats), config.coach_key)
        self.pace = pace
        self.save_hook = save
        self.stats = stats
        self.snapshot_seats = list(self.humans)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.curtain_for: int | None = None  # hot-seat: the person the curtain waits for
        seat = self.humans[0] if len(self.humans) == 1 else None
        self.undo = UndoStack.resumed(self.game, seat) if game is not None else UndoStack(seat)
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

    def offered(self, legal: list[Action]) -> list[Action]:
        """The actions of ``legal`` (the seat to act's) the window offers: while the hand is face down (a Look
        is among them) only the Look and the bids that are legal only before looking (Double Nil); a bid that
        stays legal after a look needs the look first, so that no number is bid blind by accident."""
        look = next((a for a in legal if isinstance(a, Look)), None)
        if look is None or not any(isinstance(a, Bid) for a in legal):
            return legal
        after = self.game.clone()
        after.apply(look)
        later = {a for a in after.legal_actions() if isinstance(a, Bid)}
        return [a for a in legal if a not in later]

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
        self.hints.drop()  # a hint is for the position it was asked at
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
        if seat is not None and self.computers.plays(seat) and not self.computers.asked(self.applied):
            self.computers.ask(self.applied, self.game.view(seat))
        self.hints.update(self.hint_key())  # an answer taken; a new position (or viewer) drops the request
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
        """Stop the computer players and the Hint (their worker restarts when needed)."""
        self.computers.stop()
        self.hints.drop()

    # ----- the Hint
    def hint_key(self) -> tuple[int, int | None]:
        """The decision point a hint is for: the actions applied so far and the person looking."""
        return (self.applied, self.viewer)

    def ask_hint(self) -> bool:
        """Start working out the ``hard`` level's choice for the viewer from the viewer's own view; False when it
        is not the viewer's turn."""
        seat = self.viewer
        if seat is None or self.game.to_act != seat or self.game.winner is not None:
            return False
        self.hints.request(self.hint_key(), self.game.view(seat))
        return True

    def hint(self) -> Action | None:
        """The hinted action for the decision point now, once it has come (None otherwise)."""
        return self.hints.shown(self.hint_key())

    def hint_note(self) -> Any:
        """The reasons of the hint now (``game.ai.coach.Note``), once they have come (None otherwise)."""
        return self.hints.shown_note(self.hint_key())

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
        self.stop()  # answers (and hints) for the line taken back are never used
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
