"""Replaying a history through the engine: the game an entry list describes, or each step of one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.actions import Action
from game.chance import Chance
from game.factory import new_game
from game.history import ChanceOutcome, Entry, force_outcomes
from game.options import GameOptions
from game.state import TrickGame


def replay_steps(game: TrickGame) -> Iterator[tuple[TrickGame, Action]]:
    """Replay ``game``'s own history from its first deal: each action with the state just before it (the
    same object, advanced after each step: clone it to keep it). Every chance outcome is forced, so the
    replay ends in ``game``'s state."""
    chance = Chance(game.seed)
    force_outcomes(chance, game.history)
    state = new_game(game.kind, game.options, game.num_seats, game.seed, chance)
    for entry in game.history:
        if not isinstance(entry, ChanceOutcome):
            yield state, entry
            state.apply(entry)


def rebuild(kind: str, options: GameOptions | None, num_seats: int, seed: int | None,
            entries: Sequence[Entry]) -> TrickGame:
    """The game that ``entries`` (a history, or its first k entries) describe: its chance outcomes
    forced, every action applied through ``apply()`` (an illegal one raises ``IllegalAction``).

    A chance outcome beyond the entries given is drawn from the seed, as in the original game.
    """
    chance = Chance(seed)
    force_outcomes(chance, entries)
    game = new_game(kind, options, num_seats, seed, chance)
    for entry in entries:
        if not isinstance(entry, ChanceOutcome):
            game.apply(entry)
    return game
