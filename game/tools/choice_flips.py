"""A trial of the hard level's bid *choice* measured on the plays it changes (docs/ai-notes.md, stop 49).

Some trials act only when the search chooses, once its worlds are valued and pruned: the choice bonuses
(``HardPlayer.choice_bonuses``: ``nil_bonus``, ``bid_tilt``). They draw the same worlds with the same
random numbers, so a play in which no choice of A's seats changes is the very same play, card for card, and
its paired difference against the level as it is is 0. Only the plays where a choice changes need playing:

1. each play's bidding is played as the arena's ``play_once`` plays it, and at each bid of A's searching
   seats the trial's bonuses are added to the means the search ended with (``HardPlayer.last_means``);
2. a play whose best bid then differs anywhere is played to its end twice, by the level and by the trial;
3. the edge is the arena's paired figure over *all* the deals: a deal's difference is the mean over its
   plays of (trial − level), 0 for a play that nothing changed, with its 95% interval.

For four-player Spades that is about one play in fifteen, so a 1 600-deal trial costs what a 100-deal
arena match costs, and its interval is as narrow as the changes are few. Only the choice settings are
allowed: any other setting changes the search itself, and then every play may differ.

``python3 -m game.tools.choice_flips --game spades --trial hard:nil_bonus=10 --deals 400 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from functools import partial
from typing import NoReturn

from game.actions import Action, Bid
from game.ai import LEVELS
from game.ai.hard import HardPlayer
from game.factory import seats_for
from game.games import GAMES as REGISTRY
from game.state import Phase
from game.tools.arena import SET, ArenaConfig, bag_share, layouts, mean_ci, parse_settings, play_once, seated
from game.tools.arena_cli import MAX_BUDGET, bounded_int, max_jobs
from game.tools.parallel import in_order

CHOICE_SETTINGS = ("nil_bonus", "bid_tilt")  # the settings that act only when the search chooses
BIDDING_GAMES = tuple(sorted(kind for kind, game in REGISTRY.items()  # bids without an auction, Hard's search
                             if not game.facts.auction and game.hard is None))


@dataclass(frozen=True)
class PlayChange:
    """One play of a deal that the trial changes: the level's and the trial's outcome (A − B)."""

    deal: int
    play: int
    level_diff: float
    trial_diff: float
    level_priced: float
    trial_priced: float


def trial_settings(trial: str) -> dict[str, float]:
    """The trial's choice settings (``hard:NAME=VALUE,...``); ValueError for any other level or setting."""
    if not trial.startswith("hard" + SET):
        raise ValueError(f"the trial must be hard with choice settings ({', '.join(CHOICE_SETTINGS)}), not {trial!r}")
    _base, settings = parse_settings(trial)
    others = sorted(set(settings) - set(CHOICE_SETTINGS))
    if others:
        raise ValueError(f"{', '.join(others)} changes the search, not only its choice "
                         f"(allowed: {', '.join(CHOICE_SETTINGS)})")
    return {name: float(value) for name, value in settings.items()}


def changes_choice(config: ArenaConfig, index: int, play: int, settings: dict[str, float]) -> bool:
    """Whether the trial's choice bonuses pick another bid at any bid of A's seats in this play, its bidding
    played as ``play_once`` plays it with ``config``'s levels (A: the level as it is)."""
    roles = layouts(config)[play]
    game, players = seated(config, index, play, roles)  # as play_once seats them
    trial = HardPlayer(seed=0)  # only its choice bonuses are used
    for name, value in settings.items():
        setattr(trial, name, value)
    while not game.results:
        seat = game.to_act
        if seat is None:
            raise RuntimeError(f"deal {index}: the hand stopped with no seat to act")
        view = game.view(seat)
        if view.phase is Phase.PLAYING:
            return False
        player = players[seat]
        searcher = player if roles[seat] == "a" and isinstance(player, HardPlayer) else None
        if searcher is not None:
            searcher.last_means = {}
        action = player.choose(view)
        if searcher is not None and isinstance(action, Bid) and searcher.last_means:
            candidates: list[Action] = list(searcher.last_means)
            bonuses = trial.choice_bonuses(view, candidates)
            scores = [searcher.last_means[a] + bonuses[i] for i, a in enumerate(candidates)]
            best = max(reversed(range(len(candidates))), key=lambda i: scores[i])  # ties: the higher bid
            if candidates[best] != action:
                return True
        game.apply(action)
    return False


def deal_changes(level: ArenaConfig, trial: ArenaConfig, settings: dict[str, float], index: int
                 ) -> list[PlayChange]:
    """The plays of deal ``index`` the trial changes, each played to its end by the level and by the trial."""
    share = bag_share(level)
    out = []
    for play, roles in enumerate(layouts(level)):
        if not changes_choice(level, index, play, settings):
            continue
        before, after = play_once(level, index, play, roles), play_once(trial, index, play, roles)
        out.append(PlayChange(index, play, before.diff, after.diff, before.priced_diff(share),
                              after.priced_diff(share)))
    return out


def measure(level: ArenaConfig, trial: str, jobs: int = 1) -> dict[str, object]:
    """The trial against the level on every deal of ``level`` (its A), only the changed plays played."""
    settings = trial_settings(trial)
    trial_config = ArenaConfig(level.game, trial, level.b, level.players, level.partnerships, level.deals,
                               level.seed, level.think_ms, level.rules, level.budget)
    found = in_order(partial(deal_changes, level, trial_config, settings), level.deals, jobs)
    figures: dict[str, object] = {"game": level.game, "a": level.a, "trial": trial, "b": level.b,
                                  "deals": level.deals, "seed": level.seed, "budget": level.budget_shown(),
                                  "plays_changed": sum(len(changes) for changes in found),
                                  "deals_changed": sum(1 for changes in found if changes)}
    share_of_deal = 1 / len(layouts(level))  # a deal's difference: the mean over its plays
    plain = [sum(c.trial_diff - c.level_diff for c in changes) * share_of_deal for changes in found]
    priced = [sum(c.trial_priced - c.level_priced for c in changes) * share_of_deal for changes in found]
    for name, per_deal in (("diff", plain), ("diff_bags_priced", priced)):
        mean, _sd, low, high = mean_ci(per_deal)
        figures[f"points_per_hand_{name}"] = round(mean, 3)
        figures[f"ci95_{name}"] = [round(low, 3), round(high, 3)]
    return figures


class _OneLineParser(argparse.ArgumentParser):
    """Errors in one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"choice_flips: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    """Measure ``--trial`` against Hard on the deals asked; the figures as one JSON line (status 0), or what is
    wrong in one line (status 2)."""
    parser = _OneLineParser(prog="python3 -m game.tools.choice_flips", description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=BIDDING_GAMES, default="spades")
    parser.add_argument("--trial", required=True, help="hard:NAME=VALUE,... with " + ", ".join(CHOICE_SETTINGS))
    parser.add_argument("--b", choices=LEVELS, default="normal", help="the other side's level (default normal)")
    parser.add_argument("--deals", type=bounded_int(1, 100_000), default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=bounded_int(1, MAX_BUDGET), default=100,
                        help="worlds a decision (default 100)")
    parser.add_argument("--jobs", type=bounded_int(1, max_jobs), default=1)
    args = parser.parse_args(argv)
    config = ArenaConfig(args.game, "hard", args.b, seats_for(args.game, 4), False, args.deals, args.seed, None, (),
                         budget=args.budget)
    try:
        figures = measure(config, args.trial, args.jobs)
    except ValueError as error:
        print(f"choice_flips: {error}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
