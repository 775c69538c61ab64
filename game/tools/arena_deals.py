"""An arena match's per-deal results kept in a file, and the pooled and paired figures read back from them.

``arena ... --save-deals FILE`` writes one JSON object, rewritten whole after every deal played (a run
stopped early keeps the deals it finished): the match (game, seats, the two levels, seed, deals, budget,
rule options), the bag share and, per deal, A - B (the deal's paired difference, as the arena's edge
averages it) and A - B with every bag charged its share of the penalty; under ``plays``, per deal, each
play's seating, sides' outcomes and decision times, so that a run of the same match takes the file up:
it plays only the deals not in it and gives the figures of them all. (A file written before ``plays``
existed is played again whole, as a run again always was.)

``main.py pool FILE... [--against FILE...]`` reads such files back:

- alone, it pools the deals of every file (one match, the same levels, budget and rules, at several
  seeds: one figure over all their deals, mean ± 1.96·sd/√n, as the arena's own edge);
- with ``--against``, the files pair up in order (the first with the first, ...), each pair the same
  game, seats, seed, deals and rules, and the figure is per deal the first file's edge less the
  second's (a trial and the level it would replace, each against the same third level on the same
  deals), pooled over every pair.

A file that cannot be read, is not such a file or does not pair up is refused in one line naming it.
``--save-deals`` writes over no file but one of the very same match (a run again, which takes it up):
anything else is refused before the match.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import Any

from game.tools.arena import ArenaConfig, DealResult, PlayResult, SideHand, deals_match, mean_ci

FORMAT = "trick-table-arena-deals"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024  # a file of a million deals is about 40 MB
SAME_DEALS = ("game", "players", "partnerships", "seed", "rules")  # what paired files must share
SAME_MATCH = ("game", "players", "partnerships", "a", "b", "budget", "think_ms", "rules")  # ... pooled files
NOT_OVER = "writes over no other file (choose another name)"  # what --save-deals and --save-games refuse


class DealsFileError(ValueError):
    """A deals file that cannot be used: the message names the file and the problem."""


@dataclass(frozen=True)
class DealsFile:
    """One match's per-deal figures, as ``--save-deals`` wrote them."""

    path: str
    match: dict[str, Any]
    bag_share: float  # what a bag was charged in the priced figures (0: no bag penalty)
    indices: tuple[int, ...]
    diffs: tuple[float, ...]
    priced: tuple[float, ...]  # the same with bags priced (equal to ``diffs`` without a bag penalty)
    plays: dict[int, tuple[PlayResult, ...]] = field(default_factory=dict)  # by deal; none in an older file


SIDE_FIELDS = ("role", "points", "contract", "bags", "nil_bid", "nil_made", "double_nil_bid", "double_nil_made",
               "set_back")  # a side's outcome in a deals file's ``plays``, in this order


def deals_document(match: dict[str, Any], bag_share: float, deals: list[tuple[int, float, float]],
                   plays: list[tuple[int, tuple[PlayResult, ...]]] | None = None) -> dict[str, Any]:
    """The JSON object ``--save-deals`` writes: ``deals`` as (index, A - B, A - B with bags priced), and
    ``plays`` (when given) as (index, the deal's plays)."""
    document: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "match": match, "bag_share": bag_share,
        "deals": [[index, round(diff, 6), round(priced, 6)] for index, diff, priced in deals]}
    if plays is not None:
        document["plays"] = [[index, [_play_json(play) for play in results]] for index, results in plays]
    return document


def _play_json(play: PlayResult) -> dict[str, Any]:
    return {"roles": "".join(play.roles),
            "sides": [[getattr(side, name) for name in SIDE_FIELDS] for side in play.sides],
            "ms": {role: [round(ms, 1) for ms in times] for role, times in play.times_ms.items()}}


def save(path: str, config: ArenaConfig, bag_share: float, deals: list[DealResult]) -> None:
    """Write ``deals`` (in index order) to ``path`` in one step: a reader never sees half a file."""
    ordered = sorted(deals, key=lambda deal: deal.index)
    document = deals_document(deals_match(config), bag_share,
                              [(deal.index, deal.diff, deal.priced_diff(bag_share)) for deal in ordered],
                              [(deal.index, deal.plays) for deal in ordered])
    partial_path = path + ".partial"
    with open(partial_path, "w", encoding="utf-8") as stream:
        json.dump(document, stream)
        stream.write("\n")
    os.replace(partial_path, path)


def finite_number(value: Any) -> bool:
    """Whether a JSON value is a finite number (not a truth value)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def read_document(path: str) -> Any:
    """The JSON of an arena file (deals, or games: arena_games_file.py); DealsFileError says in one line why
    it cannot be read."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise DealsFileError(f"{path}: cannot read it: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise DealsFileError(f"{path}: larger than {MAX_BYTES // (1024 * 1024)} MB, not an arena file")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise DealsFileError(f"{path}: not JSON ({error})") from None
    return data


def read_match(path: str, file_format: str, version: int, what: str,
               writer: str) -> tuple[Any, dict[str, Any], list[Any]]:
    """An arena file of ``file_format`` and ``version``: its document, its match and its rows (the list under
    ``what``, "deals" or "games", never empty); DealsFileError says in one line what is wrong (``writer``: the
    command that writes such files)."""
    data = read_document(path)
    if not isinstance(data, dict) or data.get("format") != file_format:
        raise DealsFileError(f"{path}: not an arena {what} file ({writer} writes them)")
    if data.get("version") != version:
        raise DealsFileError(f"{path}: version {data.get('version')!r}, this program reads {version}")
    match, rows = data.get("match"), data.get(what)
    if not isinstance(match, dict) or not isinstance(rows, list) or not rows:
        raise DealsFileError(f"{path}: no match or no {what} in it")
    return data, match, rows


def load(path: str) -> DealsFile:
    """Read a deals file; DealsFileError says in one line what is wrong with it."""
    data, match, rows = read_match(path, FORMAT, VERSION, "deals", "arena --save-deals")
    share = data.get("bag_share", 0.0)
    if not finite_number(share):
        raise DealsFileError(f"{path}: bag_share is not a number")
    indices, diffs, priced = [], [], []
    for number, row in enumerate(rows, 1):
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], int)
                and all(finite_number(v) for v in row[1:])):
            raise DealsFileError(f"{path}: deal {number} is not [index, A - B, A - B with bags priced]")
        indices.append(row[0])
        diffs.append(float(row[1]))
        priced.append(float(row[2]))
    if len(set(indices)) != len(indices):
        raise DealsFileError(f"{path}: a deal is listed twice")
    plays = _load_plays(path, data.get("plays"), dict(zip(indices, diffs, strict=True)))
    return DealsFile(path, match, float(share), tuple(indices), tuple(diffs), tuple(priced), plays)


def _side(raw: Any) -> SideHand | None:
    """A side's outcome from its JSON row, or None when the row is not one."""
    if not (isinstance(raw, list) and len(raw) == len(SIDE_FIELDS) and raw[0] in ("a", "b") and finite_number(raw[1])
            and (raw[2] is None or isinstance(raw[2], bool)) and isinstance(raw[8], bool)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in raw[3:8])):
        return None
    return SideHand(*raw)


def _play(raw: Any) -> PlayResult | None:
    """One play from its JSON object, or None when the object is not one."""
    if not (isinstance(raw, dict) and isinstance(raw.get("roles"), str) and raw["roles"]
            and set(raw["roles"]) <= {"a", "b"} and isinstance(raw.get("sides"), list) and raw["sides"]
            and isinstance(raw.get("ms"), dict)):
        return None
    sides = [_side(side) for side in raw["sides"]]
    times = raw["ms"]
    if any(side is None for side in sides) or {side.role for side in sides if side} != {"a", "b"} \
            or not all(role in ("a", "b") and isinstance(ms, list) and all(finite_number(t) for t in ms)
                       for role, ms in times.items()):
        return None
    return PlayResult(tuple(raw["roles"]), tuple(side for side in sides if side),
                      times_ms={role: [float(t) for t in ms] for role, ms in times.items()})


def _load_plays(path: str, raw: Any, diffs: dict[int, float]) -> dict[int, tuple[PlayResult, ...]]:
    """The ``plays`` of a deals file, by deal (none when it has none); DealsFileError when they are there but
    not such plays, or do not add up to their deal's A - B."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise DealsFileError(f"{path}: plays is not a list")
    found: dict[int, tuple[PlayResult, ...]] = {}
    for number, row in enumerate(raw, 1):
        shaped = isinstance(row, list) and len(row) == 2 and isinstance(row[0], int) \
            and not isinstance(row[0], bool) and isinstance(row[1], list) and bool(row[1])
        plays = [_play(play) for play in row[1]] if shaped else []
        if not shaped or None in plays:
            raise DealsFileError(f"{path}: plays {number} is not [index, the deal's plays]")
        index = row[0]
        deal = DealResult(index, tuple(play for play in plays if play))
        if index not in diffs or index in found or not math.isclose(deal.diff, diffs[index], abs_tol=1e-4):
            raise DealsFileError(f"{path}: the plays of deal {index} do not match its A - B")
        found[index] = deal.plays
    return found


def refuse_other_match(path: str, kept: dict[str, Any], match: dict[str, Any], what: str, option: str) -> None:
    """DealsFileError, in one line, when the match ``kept`` in the file at ``path`` differs from this run's
    ``match`` in any of its keys (``what``: "deals" or "games"; ``option``: the option that would write it)."""
    for key, value in match.items():
        if kept.get(key) != value:
            raise DealsFileError(f"{path}: {what} of another match ({key} {kept.get(key)!r}, this run {value!r}): "
                                 f"{option} {NOT_OVER}")


def taken_up(path: str, config: ArenaConfig) -> dict[int, DealResult]:
    """The deals an earlier run of this very match (the same levels, seed, deals, budget and rules) left in
    ``path`` with their plays, by index, for a run to take up rather than play again; none when there is no
    file (or it is older than ``plays``). DealsFileError, in one line, when ``path`` holds anything else:
    ``--save-deals`` never writes over it."""
    if not os.path.lexists(path):
        return {}
    try:
        kept = load(path)
    except DealsFileError as error:
        raise DealsFileError(f"{error}: --save-deals {NOT_OVER}") from None
    refuse_other_match(path, kept.match, deals_match(config), "deals", "--save-deals")
    return {index: DealResult(index, plays) for index, plays in kept.plays.items() if index < config.deals}


def figure(values: list[float]) -> dict[str, Any]:
    """Mean and 95% interval of per-deal values, as the arena gives its edge (``mean_ci``)."""
    mean, _sd, low, high = mean_ci(values)
    return {"mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)], "deals": len(values)}


def pooled(files: list[DealsFile]) -> dict[str, Any]:
    """Every file's deals as one sample: the edge and the edge with bags priced."""
    return {"files": len(files),
            "edge": figure([v for f in files for v in f.diffs]),
            "edge_bags_priced": figure([v for f in files for v in f.priced])}


def paired(files: list[DealsFile], against: list[DealsFile]) -> dict[str, Any]:
    """Per deal, each file's edge less its partner's in ``against`` (same game, seats, seed, deals and
    rules), pooled over the pairs; DealsFileError when they do not pair up."""
    if len(files) != len(against):
        raise DealsFileError(f"{len(files)} files against {len(against)}: they pair up in order, one for one")
    diffs: list[float] = []
    priced: list[float] = []
    differ = 0
    for mine, theirs in zip(files, against, strict=True):
        for key in SAME_DEALS:
            if mine.match.get(key) != theirs.match.get(key):
                raise DealsFileError(f"{theirs.path}: {key} {theirs.match.get(key)!r}, but {mine.path} has "
                                     f"{mine.match.get(key)!r}: not the same deals")
        if mine.indices != theirs.indices:
            raise DealsFileError(f"{theirs.path}: not the same deals as {mine.path} ({len(theirs.indices)} "
                                 f"against {len(mine.indices)})")
        for a, b in zip(mine.diffs, theirs.diffs, strict=True):
            diffs.append(a - b)
            differ += a != b
        priced.extend(a - b for a, b in zip(mine.priced, theirs.priced, strict=True))
    return {"files": len(files), "deals_that_differ": differ,
            "edge": figure(diffs), "edge_bags_priced": figure(priced)}


def _levels(files: list[DealsFile]) -> str:
    names = sorted({f"{f.match.get('a')} - {f.match.get('b')}" for f in files})
    return "; ".join(names)


def report(figures: dict[str, Any], files: list[DealsFile], against: list[DealsFile]) -> list[str]:
    """The figures in plain lines."""
    def line(name: str, value: dict[str, Any]) -> str:
        low, high = value["ci95"]
        return f"{name}: {value['mean']:+.2f} ({low:+.2f} .. {high:+.2f}) over {value['deals']} deals"
    seeds = ", ".join(str(f.match.get("seed")) for f in files)
    lines = [f"{files[0].match.get('game')}: {_levels(files)}; seeds {seeds}"]
    if against:
        lines.append(f"against: {_levels(against)}; {figures['deals_that_differ']} deals differ")
        lines.append(line("paired per deal, A - B of the first less the second's", figures["edge"]))
    else:
        lines.append(line("pooled A - B, points a hand", figures["edge"]))
    if any(f.bag_share for f in files):
        lines.append(line("with bags priced", figures["edge_bags_priced"]))
    return lines


def one_match(files: list[DealsFile]) -> None:
    """Files pooled together must be one match (game, seats, levels, budget, rules) at different seeds;
    DealsFileError names the first that is not."""
    first = files[0]
    seeds: dict[Any, str] = {}
    for other in files:
        for key in SAME_MATCH:
            if other.match.get(key) != first.match.get(key):
                raise DealsFileError(f"{other.path}: {key} {other.match.get(key)!r}, but {first.path} has "
                                     f"{first.match.get(key)!r}: only one match's seeds pool together")
        seed = other.match.get("seed")
        if seed in seeds:
            raise DealsFileError(f"{other.path}: seed {seed!r} again (as {seeds[seed]}): its deals would count twice")
        seeds[seed] = other.path


def run(paths: list[str], against_paths: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The ``pool`` command's figures and lines; DealsFileError for a file it cannot use."""
    files = [load(path) for path in paths]
    against = [load(path) for path in against_paths]
    one_match(files)
    if against:
        one_match(against)
    figures = paired(files, against) if against else pooled(files)
    return figures, report(figures, files, against)
