"""\"Hard in my seat\": one hand of a game played again, the same deal, another player in one seat.

``duplicate_hand(game, hand, seat, players, warm)`` rebuilds ``game`` from its seed with every chance
outcome of its history forced (the same deals, the same dealer, the same stock), applies the recorded
actions up to the start of hand number ``hand`` and then plays that hand with ``players`` (one per
seat: the other seats' computers and, at ``seat``, the stand-in, usually the ``hard`` level). The
players of the seats in ``warm`` are also asked at each of their decisions before that hand (the answer
is dropped, the recorded action applied), so that a seeded computer reaches the hand in the same state
as it did in the game: with the same players and seeds the hand is played exactly as it was.

``compare(original, duplicate, hand, seat)`` gives the side's points for the hand in each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import make_player
from game.chance import Chance
from game.factory import new_game
from game.history import ChanceOutcome, force_outcomes
from game.record import replay, to_record
from game.state import TrickGame


def duplicate_hand(game: TrickGame, hand: int, seat: int, players: Sequence[Any], warm: Iterable[int] = ()
                   ) -> TrickGame:
    """The game as it was up to hand ``hand``, that hand played by ``players`` (see the module docstring); the
    state just after the hand was scored."""
    warm_seats = set(warm)
    chance = Chance(game.seed)
    force_outcomes(chance, game.history)
    state = new_game(game.kind, game.options, game.num_seats, game.seed, chance)
    for entry in game.history:
        if isinstance(entry, ChanceOutcome):
            continue
        if state.hand_number >= hand:
            break
        actor = getattr(entry, "seat", None)
        if actor in warm_seats and state.to_act == actor:
            players[actor].choose(state.view(actor))  # keep the computer's own state in step with the game
        state.apply(entry)
    while len(state.results) < hand and state.winner is None:
        actor = state.to_act
        if actor is None:
            break
        state.apply(players[actor].choose(state.view(actor)))
    return state


def hand_points(game: TrickGame, hand: int, seat: int) -> int:
    """The points ``seat``'s side made in hand number ``hand`` of ``game``."""
    result = game.results[hand - 1]
    return int(result.points[game.side_of(seat)]["total"])


def compare(original: TrickGame, duplicate: TrickGame, hand: int, seat: int) -> str:
    """"You: +52. Hard in your seat: +61"."""
    def signed(value: int) -> str:
        return f"+{value}" if value >= 0 else f"\u2212{-value}"

    return (f"You: {signed(hand_points(original, hand, seat))}. "
            f"Hard in your seat: {signed(hand_points(duplicate, hand, seat))}")


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
    """Runs a ``DuplicateJob`` in the worker process: ``choose(job)`` gives the ``DuplicateResult``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, job: DuplicateJob) -> DuplicateResult:
        original = replay(job.record).game
        players = [make_player(level, seed, think_ms=job.think_ms) for level, seed in job.players]
        again = duplicate_hand(original, job.hand, job.seat, players, job.warm)
        record = to_record(again, job.record.get("seats"))
        return DuplicateResult(record, job.hand, job.seat, hand_points(original, job.hand, job.seat),
                               hand_points(again, job.hand, job.seat), compare(original, again, job.hand, job.seat))
