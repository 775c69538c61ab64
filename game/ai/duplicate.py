"""\"Hard in my seat\": one hand of a game played again, the same deal, another player in one seat.

``duplicate_hand(game, hand, seat, players, warm)`` rebuilds ``game`` from its seed with every chance
outcome of its history forced (the same deals, the same dealer, the same stock), applies the recorded
actions up to the start of hand number ``hand`` and then plays that hand with ``players`` (one per
seat: the other seats' computers and, at ``seat``, the stand-in, usually the ``hard`` level). The
players of the seats in ``warm`` are also asked at each of their decisions before that hand (the answer
is dropped, the recorded action applied), so that a seeded computer reaches the hand in the same state
as it did in the game: with the same players and seeds the hand is played exactly as it was.

``compare(original, duplicate, hand, seat)`` gives the side's points for the hand in each.

A long job says how far it is and may be called off: ``progress(done, expected)`` is called before each
decision asked of a player (units of work: a decision with a choice counts its seat's weight, the stand-in's
``hard`` level ``HARD_WEIGHT``, anything else 1; ``expected`` is counted from the original game, so ``done``
stays under it until the hand is over, when it is called once with ``done == expected``). When it returns
False the job stops at once with ``Cancelled``. Work is counted in decisions, never by the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import make_player
from game.chance import Chance
from game.factory import new_game
from game.history import ChanceOutcome, force_outcomes
from game.record import replay, to_record
from game.replay import replay_steps
from game.state import TrickGame

HARD_WEIGHT = 20  # the work of one hard decision with a choice, in units of a rule-based decision
Progress = Callable[[int, int], bool]  # (units done, units expected) -> go on?


class Cancelled(Exception):
    """The job was called off: its progress callback said stop."""


def _weight(state: TrickGame, seat: int, weights: Sequence[int] | None) -> int:
    """The work of the decision of ``seat`` at ``state``: its weight when it has a choice, else 1."""
    if weights is None or len(state.legal_actions()) < 2:
        return 1
    return max(1, weights[seat])


def expected_work(game: TrickGame, hand: int, warm: Iterable[int] = (), weights: Sequence[int] | None = None) -> int:
    """The units of work ``duplicate_hand`` will do, counted from ``game``'s own decisions: the ``warm`` seats'
    before hand ``hand``, then every decision of that hand (the hand played again may have a few more or fewer)."""
    warm_seats = set(warm)
    total = 0
    for state, action in replay_steps(game):
        if state.hand_number > hand:
            break
        actor = getattr(action, "seat", None)
        if not isinstance(actor, int) or state.to_act != actor:
            continue
        if state.hand_number == hand or actor in warm_seats:
            total += _weight(state, actor, weights)
    return max(1, total)


def duplicate_hand(game: TrickGame, hand: int, seat: int, players: Sequence[Any], warm: Iterable[int] = (),
                   progress: Progress | None = None, weights: Sequence[int] | None = None) -> TrickGame:
    """The game as it was up to hand ``hand``, that hand played by ``players`` (see the module docstring); the
    state just after the hand was scored. ``progress`` (with each seat's ``weights``) is told of the work done
    before each decision and may stop the job (``Cancelled``)."""
    warm_seats = set(warm)
    expected = expected_work(game, hand, warm_seats, weights) if progress is not None else 1
    done = 0

    def ask(state: TrickGame, actor: int) -> Any:
        nonlocal done
        if progress is not None and not progress(min(done, expected - 1), expected):
            raise Cancelled(f"hand {hand} called off after {done} of {expected} units")
        done += _weight(state, actor, weights) if progress is not None else 0
        return players[actor].choose(state.view(actor))

    chance = Chance(game.seed)
    force_outcomes(chance, game.history)
    state = new_game(game.kind, game.options, game.num_seats, game.seed, chance)
    for entry in game.history:
        if isinstance(entry, ChanceOutcome):
            continue
        if state.hand_number >= hand:
            break
        actor = getattr(entry, "seat", None)
        if isinstance(actor, int) and actor in warm_seats and state.to_act == actor:
            ask(state, actor)  # keep the computer's own state in step with the game (its answer is dropped)
        state.apply(entry)
    while len(state.results) < hand and state.winner is None:
        actor = state.to_act
        if actor is None:
            break
        state.apply(ask(state, actor))
    if progress is not None:
        progress(expected, expected)
    return state


def hand_points(game: TrickGame, hand: int, seat: int) -> int:
    """The points ``seat``'s side made in hand number ``hand`` of ``game``."""
    result = game.results[hand - 1]
    return int(result.points[game.side_of(seat)]["total"])


def compare(original: TrickGame, duplicate: TrickGame, hand: int, seat: int, name: str | None = None) -> str:
    """"You: +52. Hard in your seat: +61" ("Ann: +52. Hard in Ann's seat: +61" with the person's ``name``)."""
    def signed(value: int) -> str:
        return f"+{value}" if value >= 0 else f"\u2212{-value}"

    who, whose = ("You", "your") if name is None else (name, f"{name}'s")
    return (f"{who}: {signed(hand_points(original, hand, seat))}. "
            f"Hard in {whose} seat: {signed(hand_points(duplicate, hand, seat))}")


@dataclass(frozen=True)
class DuplicateJob:
    """\"Hard in my seat\" to run in the worker process: the game's record, the hand, the seat, and each seat's
    player as ``(level, seed)`` (the stand-in at ``seat``; None for nobody: a person's seat left as it is
    cannot be replayed, so every seat must have one)."""

    record: dict[str, Any]
    hand: int
    seat: int
    players: tuple[tuple[str, int | None], ...]
    warm: tuple[int, ...]
    think_ms: int = 500
    name: str | None = None  # the person whose seat it is, named in the words (None: "You")


@dataclass(frozen=True)
class DuplicateResult:
    """The hand played again: its record (for the viewer), the points of the seat's side in each, the words."""

    record: dict[str, Any]
    hand: int
    seat: int
    yours: int
    theirs: int
    text: str


class DuplicatePlayer:
    """Runs a ``DuplicateJob`` in the worker process: ``choose(job)`` gives the ``DuplicateResult``; with
    ``progress`` it reports the work done and stops (``Cancelled``) when told to."""

    reports_progress = True  # the worker hands ``choose`` a progress callback

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, job: DuplicateJob, progress: Progress | None = None) -> DuplicateResult:
        original = replay(job.record).game
        table = tuple(level for level, _seed in job.players)
        players = [make_player(level, seed, think_ms=job.think_ms, table=table) for level, seed in job.players]
        weights = [HARD_WEIGHT if level == "hard" else 1 for level, _seed in job.players]
        again = duplicate_hand(original, job.hand, job.seat, players, job.warm, progress, weights)
        record = to_record(again, job.record.get("seats"))
        return DuplicateResult(record, job.hand, job.seat, hand_points(original, job.hand, job.seat),
                               hand_points(again, job.hand, job.seat),
                               compare(original, again, job.hand, job.seat, job.name))
