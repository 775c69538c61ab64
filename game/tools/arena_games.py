"""Whole games in duplicate for the arena (``arena --games N``): every game played to its target once per
seating of the two levels, each seating dealt the very same sequence of hands.

Game ``g`` of a match: its first dealer is seat ``g % seats`` and hand ``k`` of it is dealt the deck
``game_deck(config, g, k)``, which depends only on the match's seed, ``g`` and ``k`` (never on what was
played), so both seatings meet the same cards hand for hand for as long as both games last. A game
ends as the rules end it (the target, the mercy line); one still going after ``MAX_HANDS`` hands is
won by the side ahead then (a tie: nobody).

Figures, for A against B:

- games won by A and by B over every play of every game, and A's share of the games with a 95%
  interval: per game, the share of its plays A won (a tie counts a half), the interval
  mean ± 1.96·sd/√n over the games (each game's plays are a set, as in the deal arena). With
  every player alone (Pitch without partners) A holds one seat of n in each play: a level as
  strong as B wins 1/n of the games;
- hands per game (mean over the plays);
- points per hand: a play's total for each side over its hands; A − B per game averaged over its
  plays, its mean over the games with a 95% interval.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.cards import DECK
from game.chance import Chance
from game.factory import new_game
from game.state import Phase, TrickGame
from game.tools.arena import ROLES, ArenaConfig, layouts, level_player, mean_ci, percentile, seat_levels
from game.tools.parallel import in_order

MAX_HANDS = 60  # a game still going after this many hands is decided by the scores then


@dataclass(frozen=True)
class GamePlay:
    """One play of one game: the seating, who won, the hands and each role's points."""

    roles: tuple[str, ...]
    winner: str | None  # "a", "b" or None (tied at the hand cap)
    hands: int
    points: dict[str, float]  # each role's total over the game (Pitch alone: the mean of its seats)
    starts: tuple[Any, ...] = ()  # each hand's deal as the game logged it (dealer and cards): the duplicate check
    times_ms: dict[str, list[float]] = field(default_factory=dict)


def game_deck(config: ArenaConfig, game: int, hand: int) -> list[int]:
    """The deck of hand ``hand`` of game ``game``: only the match's seed, the game and the hand decide it."""
    keys = random.Random(f"arena-game:{config.game}:{config.players}:{config.seed}:{game}:{hand}")
    return sorted(DECK, key=lambda _card: keys.random())


def game_seed(config: ArenaConfig, game: int) -> int:
    """The seed of game ``game`` (its players' seeds and the rules' other chances)."""
    return random.Random(f"arena-game-seed:{config.game}:{config.players}:{config.seed}:{game}").getrandbits(62)


def new_match_game(config: ArenaConfig, game: int) -> TrickGame:
    """Game ``game``: its first dealer and every hand's deck forced, the same for every seating."""
    seed = game_seed(config, game)
    chance = Chance(seed)
    chance.force("seat", [game % config.players])
    chance.force("deck", [game_deck(config, game, hand) for hand in range(MAX_HANDS + 1)])
    return new_game(config.game, config.options(), config.players, seed, chance)


def play_game(config: ArenaConfig, game: int, play: int, roles: tuple[str, ...]) -> GamePlay:
    """Play game ``game`` once to its end, ``roles[seat]`` choosing for each seat."""
    state = new_match_game(config, game)
    seed = game_seed(config, game)
    levels, table = seat_levels(config, game, roles)
    players = [level_player(level, seed + 16 * play + seat + 1, config, state, table)
               for seat, level in enumerate(levels)]
    times: dict[str, list[float]] = {role: [] for role in ROLES}
    clock = time.perf_counter
    while state.phase is not Phase.GAME_OVER and len(state.results) < MAX_HANDS:
        seat = state.to_act
        if seat is None:
            raise RuntimeError(f"game {game}: no seat to act")
        start = clock()
        action = players[seat].choose(state.view(seat))
        if table[seat] is not None:  # a partner's seat (LEVEL+PARTNER) is not the level's time
            times[roles[seat]].append((clock() - start) * 1000.0)
        state.apply(action)
    side_role = [roles[team[0]] for team in state.teams]
    totals: dict[str, list[float]] = {role: [] for role in ROLES}
    for side, role in enumerate(side_role):
        totals[role].append(float(state.scores[side]))
    points = {role: sum(v) / len(v) if v else 0.0 for role, v in totals.items()}
    if state.winner is not None:
        winner: str | None = side_role[state.winner]
    else:
        best = max(state.scores)
        leaders = {side_role[i] for i, s in enumerate(state.scores) if s == best}
        winner = leaders.pop() if len(leaders) == 1 else None
    starts = tuple(log.start() for log in state.hand_logs[:len(state.results)])
    return GamePlay(roles, winner, len(state.results), points, starts, times)


def play_match_game(config: ArenaConfig, game: int) -> tuple[GamePlay, ...]:
    """Every seating's play of game ``game``."""
    return tuple(play_game(config, game, play, roles) for play, roles in enumerate(layouts(config)))


def _play_nth(config: ArenaConfig, indices: tuple[int, ...], nth: int) -> tuple[GamePlay, ...]:
    return play_match_game(config, indices[nth])


def play_games(config: ArenaConfig, indices: Sequence[int], progress: Any = None,
               jobs: int = 1) -> list[tuple[GamePlay, ...]]:
    """Play the match's games ``indices`` in duplicate in ``jobs`` processes; the results in the order of
    ``indices`` (the same figures for any number of jobs), ``progress(len(indices), done)`` after each."""
    return in_order(partial(_play_nth, config, tuple(indices)), len(indices), jobs, progress)


def run_games(config: ArenaConfig, games: int, progress: Any = None, jobs: int = 1,
              first: int = 0) -> list[tuple[GamePlay, ...]]:
    """Play games ``first`` .. ``first + games - 1`` in duplicate in ``jobs`` processes; the results in
    game order (the same figures for any number of jobs). A match split into runs by ``first`` plays
    the very games one run would."""
    return play_games(config, range(first, first + games), progress, jobs)


def games_figures(games: list[tuple[GamePlay, ...]]) -> dict[str, Any]:
    """The games won, A's share with its interval, hands per game and points per hand of ``games``
    (each game's plays, every seating), JSON-ready; ValueError for no games."""
    if not games:
        raise ValueError("no games were played")
    plays = [play for pair in games for play in pair]
    won = {role: sum(play.winner == role for play in plays) for role in ROLES}
    shares = [sum(1.0 if p.winner == "a" else 0.5 if p.winner is None else 0.0 for p in pair) / len(pair)
              for pair in games]
    share, _sd, low, high = mean_ci(shares)
    per_hand = [sum((p.points["a"] - p.points["b"]) / max(1, p.hands) for p in pair) / len(pair) for pair in games]
    diff, sd, dlow, dhigh = mean_ci(per_hand)
    hands = sum(p.hands for p in plays)
    return {
        "games": len(games), "games_played": len(plays),
        "games_won": won, "games_tied": len(plays) - won["a"] - won["b"],
        "games_won_share": round(share, 4),
        "games_won_share_ci95": [round(max(0.0, low), 4), round(min(1.0, high), 4)],
        "hands": hands, "hands_per_game": round(hands / len(plays), 3),
        "points_per_hand": {role: round(sum(p.points[role] for p in plays) / max(1, hands), 3) for role in ROLES},
        "points_per_hand_diff": round(diff, 3), "sd": round(sd, 3), "ci95": [round(dlow, 3), round(dhigh, 3)],
    }


def summarize_games(config: ArenaConfig, games: list[tuple[GamePlay, ...]]) -> dict[str, Any]:
    """Every figure of a whole-game match (see the module docstring), JSON-ready."""
    figures = games_figures(games)
    plays = [play for pair in games for play in pair]
    times = {role: [t for p in plays for t in p.times_ms.get(role, [])] for role in ROLES}
    return {
        "game": config.game, "players": config.players, "partnerships": config.partnerships,
        "a": config.a, "b": config.b, "seed": config.seed, "think_ms": config.think_ms, "budget": config.budget_shown(),
        "target": config.options().target, **figures,
        "decision_ms": {role: {"median": round(statistics.median(times[role]), 3) if times[role] else 0.0,
                               "p95": round(percentile(times[role], 0.95), 3),
                               "decisions": len(times[role])} for role in ROLES},
    }


def report_games(summary: dict[str, Any]) -> list[str]:
    """The whole-game figures in plain lines."""
    low, high = summary["games_won_share_ci95"]
    dlow, dhigh = summary["ci95"]
    won = summary["games_won"]
    budget = f", budget {summary['budget']} worlds a decision" if summary["budget"] else ""
    first = summary.get("first_game", 0)
    which = f" (games {first} .. {first + summary['games'] - 1})" if first else ""
    return [
        f"arena: {summary['game']} ({summary['players']} players), A = {summary['a']}, B = {summary['b']}: "
        f"{summary['games']} duplicate games{which} to {summary['target']}, {summary['games_played']} played, "
        f"seed {summary['seed']}{budget}",
        f"games won: A {won['a']}, B {won['b']}, tied {summary['games_tied']}; A's share "
        f"{summary['games_won_share']:.3f} (95% CI {low:.3f} .. {high:.3f}); {summary['hands_per_game']} hands a game",
        f"points per hand: A {summary['points_per_hand']['a']:+.2f}, B {summary['points_per_hand']['b']:+.2f}; "
        f"A - B {summary['points_per_hand_diff']:+.2f} (95% CI {dlow:+.2f} .. {dhigh:+.2f})",
    ]
