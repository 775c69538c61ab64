"""A whole-game arena match's games kept in a file, and the figures of several such files pooled.

``arena --games N [--first-game K] --save-games FILE`` writes one JSON object, rewritten whole after
every game that ends (a run stopped early keeps the games it finished): the match (game, seats, the
two levels, seed, budget, rule options, target, mercy) and, per game, its index and each play's
winner ("a", "b" or null for a tie at the hand cap), hands and both sides' points over the game.

A run whose FILE already holds games of the same match (an earlier run stopped, or a part of it)
takes them up: it plays only the games of its range not in the file, keeps every game the file had, and
gives the figures of its whole range. A FILE that holds anything else is refused, never written over.

``main.py pool FILE...`` pools games files of one match: the same levels, budget, rules, target and
mercy, at several seeds or over several ranges of one seed's games (``--first-game``), no game twice.
The figures are the arena's own (game/tools/arena_games.py): games won, A's share of the games with a
95% interval over the games, hands per game and points per hand. A file that cannot be read, is not
such a file or does not belong to the match is refused in one line naming it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from game.tools.arena import ArenaConfig
from game.tools.arena_deals import (
    NOT_OVER,
    DealsFileError,
    finite_number,
    read_document,
    read_match,
    refuse_other_match,
)
from game.tools.arena_games import GamePlay, games_figures

FORMAT = "trick-table-arena-games"
VERSION = 1
SAME_MATCH = ("game", "players", "partnerships", "a", "b", "budget", "think_ms", "rules", "target", "mercy")
WINNERS = ("a", "b", None)


@dataclass(frozen=True)
class GamesFile:
    """One run's whole games, as ``--save-games`` wrote them."""

    path: str
    match: dict[str, Any]
    indices: tuple[int, ...]
    games: tuple[tuple[GamePlay, ...], ...]


def match_of(config: ArenaConfig) -> dict[str, Any]:
    """What a games file says of its match (what files pooled together must share, and the seed)."""
    return {"game": config.game, "players": config.players, "partnerships": config.partnerships,
            "a": config.a, "b": config.b, "seed": config.seed, "budget": config.budget_shown(),
            "think_ms": config.think_ms, "rules": [[key, value] for key, value in config.rules],
            "target": config.options().target, "mercy": config.mercy}


def games_document(match: dict[str, Any], games: list[tuple[int, tuple[GamePlay, ...]]]) -> dict[str, Any]:
    """The JSON object ``--save-games`` writes: per game its index and each play's
    [winner, hands, A's points, B's points]."""
    return {"format": FORMAT, "version": VERSION, "match": match,
            "games": [[index, [[play.winner, play.hands, round(play.points["a"], 6), round(play.points["b"], 6)]
                               for play in plays]] for index, plays in games]}


def save(path: str, config: ArenaConfig, games: list[tuple[int, tuple[GamePlay, ...]]]) -> None:
    """Write the games done so far to ``path`` in one step (a reader never sees half a file)."""
    partial_path = path + ".partial"
    with open(partial_path, "w", encoding="utf-8") as stream:
        json.dump(games_document(match_of(config), games), stream)
        stream.write("\n")
    os.replace(partial_path, path)


def taken_up(path: str, config: ArenaConfig) -> dict[int, tuple[GamePlay, ...]]:
    """The games an earlier run of this very match (the same levels, seed, budget, rules, target and mercy)
    left in ``path``, by index, for a run to take up rather than play again; none when there is no file.
    DealsFileError, in one line, when ``path`` holds anything else: ``--save-games`` never writes over it."""
    if not os.path.lexists(path):
        return {}
    try:
        kept = load(path)
    except DealsFileError as error:
        raise DealsFileError(f"{error}: --save-games {NOT_OVER}") from None
    refuse_other_match(path, kept.match, match_of(config), "games", "--save-games")
    return dict(zip(kept.indices, kept.games, strict=True))


def is_games_file(path: str) -> bool:
    """Whether ``path`` holds a games file (DealsFileError when it cannot be read as JSON at all)."""
    data = read_document(path)
    return isinstance(data, dict) and data.get("format") == FORMAT


def _play(path: str, number: int, row: Any) -> GamePlay:
    if not (isinstance(row, list) and len(row) == 4 and row[0] in WINNERS
            and isinstance(row[1], int) and not isinstance(row[1], bool) and row[1] >= 0
            and all(finite_number(v) for v in row[2:])):
        raise DealsFileError(f"{path}: game {number} has a play that is not [winner, hands, A's points, B's points]")
    return GamePlay((), row[0], row[1], {"a": float(row[2]), "b": float(row[3])})


def load(path: str) -> GamesFile:
    """Read a games file; DealsFileError says in one line what is wrong with it."""
    _data, match, rows = read_match(path, FORMAT, VERSION, "games", "arena --games N --save-games")
    indices: list[int] = []
    games: list[tuple[GamePlay, ...]] = []
    for number, row in enumerate(rows, 1):
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], int) and not isinstance(row[0], bool)
                and isinstance(row[1], list) and row[1]):
            raise DealsFileError(f"{path}: game {number} is not [index, plays]")
        indices.append(row[0])
        games.append(tuple(_play(path, number, play) for play in row[1]))
    if len(set(indices)) != len(indices):
        raise DealsFileError(f"{path}: a game is listed twice")
    return GamesFile(path, match, tuple(indices), tuple(games))


def one_match(files: list[GamesFile]) -> None:
    """Files pooled together must be one match at several seeds or game ranges, no game twice;
    DealsFileError names the first file that is not."""
    first = files[0]
    seen: dict[tuple[Any, int], str] = {}
    for other in files:
        for key in SAME_MATCH:
            if other.match.get(key) != first.match.get(key):
                raise DealsFileError(f"{other.path}: {key} {other.match.get(key)!r}, but {first.path} has "
                                     f"{first.match.get(key)!r}: only one match's games pool together")
        for index in other.indices:
            key_game = (other.match.get("seed"), index)
            if key_game in seen:
                raise DealsFileError(f"{other.path}: game {index} of seed {key_game[0]!r} again (as in "
                                     f"{seen[key_game]}): it would count twice")
            seen[key_game] = other.path


def _ranges(indices: tuple[int, ...]) -> str:
    ordered = sorted(indices)
    spans: list[str] = []
    start = previous = ordered[0]
    for index in [*ordered[1:], None]:
        if index is not None and index == previous + 1:
            previous = index
            continue
        spans.append(str(start) if start == previous else f"{start}..{previous}")
        if index is not None:
            start = previous = index
    return ", ".join(spans)


def report(figures: dict[str, Any], files: list[GamesFile]) -> list[str]:
    """The pooled figures in plain lines."""
    match = files[0].match
    sources = "; ".join(f"seed {f.match.get('seed')} games {_ranges(f.indices)}" for f in files)
    low, high = figures["games_won_share_ci95"]
    dlow, dhigh = figures["ci95"]
    won = figures["games_won"]
    return [
        f"{match.get('game')}: {match.get('a')} - {match.get('b')} to {match.get('target')}; {sources}",
        f"{figures['games']} duplicate games, {figures['games_played']} played; games won: A {won['a']}, "
        f"B {won['b']}, tied {figures['games_tied']}; A's share {figures['games_won_share']:.3f} "
        f"(95% CI {low:.3f} .. {high:.3f}); {figures['hands_per_game']} hands a game",
        f"points per hand: A - B {figures['points_per_hand_diff']:+.2f} (95% CI {dlow:+.2f} .. {dhigh:+.2f})",
    ]


def run(paths: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The ``pool`` command's figures and lines for games files; DealsFileError for a file it cannot use."""
    files = [load(path) for path in paths]
    one_match(files)
    figures = games_figures([game for f in files for game in f.games])
    figures["files"] = len(files)
    return figures, report(figures, files)
