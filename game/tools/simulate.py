"""Headless play: whole games between computer players, written as records."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_player
from game.factory import new_game
from game.options import GameOptions
from game.record import to_record
from game.state import Phase, TrickGame

MAX_HANDS = 300  # the longest game simulate plays: its record stays well under record.MAX_LINE (1 MB)


@dataclass
class SimulationResult:
    """What a batch of simulated games produced (``records`` only when no ``on_record`` took them)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    hands: int = 0
    finished: int = 0
    wins: dict[int, int] = field(default_factory=dict)


def play_game(game: TrickGame, levels: list[str], seed: int, max_hands: int | None) -> TrickGame:
    """Let computer players of the given levels play ``game`` to its end or to ``max_hands`` hands."""
    players = [make_player(levels[s % len(levels)], seed * 101 + s) for s in range(game.num_seats)]
    while game.phase is not Phase.GAME_OVER and game.to_act is not None:
        if max_hands is not None and len(game.results) >= max_hands:
            break
        seat = game.to_act
        game.apply(players[seat].choose(game.view(seat)))
    return game


def simulate(kind: str, options: GameOptions | None, players: int, games: int, seed: int, levels: list[str],
             max_hands: int | None, on_record: Callable[[dict[str, Any]], None] | None = None) -> SimulationResult:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ...; each record goes to ``on_record``
    the moment its game ends (and is then forgotten), or is collected in the result when none is given.
    """
    result = SimulationResult()
    for index in range(games):
        game_seed = seed + index
        game = play_game(new_game(kind, options, players, game_seed), levels, game_seed, max_hands)
        seats = [{"name": f"Computer {s + 1}", "player": "computer", "level": levels[s % len(levels)]}
                 for s in range(game.num_seats)]
        record = to_record(game, seats)
        if on_record is None:
            result.records.append(record)
        else:
            on_record(record)
        result.hands += len(game.results)
        if game.winner is not None:
            result.finished += 1
            result.wins[game.winner] = result.wins.get(game.winner, 0) + 1
    return result
