"""Statistics of the games people play, kept in ``stats.json`` in the data folder.

What counts, and when (decided here, shown on the Statistics screen):

- Only games with at least one human seat count, and only for the human seats; in hot-seat each human
  name has its own statistics.
- A **hand** counts as soon as it is scored (so a game left before its end still counts the hands played);
  a **game** counts as played (and won or lost) only when it ends. A game left unfinished is no game played.
- Everything is worked out from the game record (``trick-record/1``): ``tally_record`` reads a whole record,
  ``TableStats`` feeds the hands and the end of the game being played at the table, each exactly once
  (never again after an undo past a scored hand, nor after a saved game is continued).

Per name, game and player count (``"spades/4"``, ``"pitch/3"``): games played and won, hands played;
Spades: contracts bid and made (the side's contract, counted for a player who bid a number), Nils and
Double Nils bid and made, the side's bags per hand; Pitch: times pitched, made and set back. Per name also
the last ``RECENT_KEEP`` finished games (won or lost, and the margin) for the chart, each with the hands of it
that were reviewed and the expected points those reviews found lost (``game.ai.review``; the accuracy chart). A
recent game stored without those fields (an older file) was not reviewed; they are written only when it was.

The file is written atomically (``ui.services.storage``), and each change is a read-modify-write under a lock
beside the file (``storage.locked``), so two windows adding at once both keep their counts. At most
``MAX_NAMES`` names are kept: adding one more forgets the name that played longest ago (a file holding more,
as an older version could write, is read and cut the same way, never refused). A file that is bad in any
other way is moved aside (never deleted), the problem is given once in plain words, and statistics start
afresh. Without a usable data folder the statistics live in memory for the session only. Names are cleaned on read
(``game.names.clean_name``), as in records and saves.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.names import clean_name
from game.record import to_record
from game.reviews import reviews_of, with_reviews
from game.state import TrickGame
from ui.services import storage

FILE_NAME = "stats.json"
FORMAT = "trick-table-stats/1"
MAX_BYTES = 4 * 1024 * 1024
RECENT_KEEP = 50  # finished games remembered per name for the chart
MAX_NAMES = 200  # names kept: the ones that played most recently


@dataclass
class Tally:
    """The counts of one name at one game and player count (every field a whole number, 0 or more)."""

    games: int = 0
    won: int = 0
    hands: int = 0
    contracts: int = 0  # Spades: hands in which the player bid a number (his side's contract)
    contracts_made: int = 0
    nils: int = 0
    nils_made: int = 0
    double_nils: int = 0
    double_nils_made: int = 0
    bags: int = 0  # Spades: the side's bags taken in the player's hands (before any penalty)
    pitched: int = 0  # Pitch: hands the player won the bid
    pitch_made: int = 0
    set_back: int = 0
    reviewed: int = 0  # hands whose review (game.ai.review) came in
    review_tenths: int = 0  # the expected points those reviews found lost to Hard's choices, in tenths

    def add(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    @property
    def win_rate(self) -> float | None:
        """Games won over games played (None before the first game)."""
        return self.won / self.games if self.games else None

    @property
    def points_lost_per_hand(self) -> float | None:
        """The accuracy figure: expected points lost per reviewed hand to Hard's choices (None before a review)."""
        return self.review_tenths / 10 / self.reviewed if self.reviewed else None

    @property
    def bags_per_hand(self) -> float | None:
        """Bags taken per hand played (None before the first hand)."""
        return self.bags / self.hands if self.hands else None

    def to_json(self) -> dict[str, int]:
        """The counts as a JSON object (zeros left out)."""
        return {k: v for k, v in asdict(self).items() if v}

    @classmethod
    def from_json(cls, value: object) -> Tally:
        """Read counts written by ``to_json``; raises ValueError on anything else."""
        if not isinstance(value, dict):
            raise ValueError("a tally is not an object")
        names = {f.name for f in fields(cls)}
        tally = cls()
        for key, count in value.items():
            if key not in names:
                raise ValueError(f"unknown count {key!r}")
            if type(count) is not int or count < 0:
                raise ValueError(f"the count {key!r} is not a whole number of 0 or more")
            setattr(tally, key, count)
        if tally.won > tally.games or tally.contracts_made > tally.contracts or tally.nils_made > tally.nils \
                or tally.double_nils_made > tally.double_nils or tally.pitch_made + tally.set_back > tally.pitched:
            raise ValueError("the counts do not add up")
        return tally


@dataclass(frozen=True)
class Result:
    """One finished game as the charts show it."""

    game: str
    players: int
    won: bool
    margin: int  # the player's side's score minus the best other side's
    score: int
    when: str  # UTC, "YYYY-mm-dd HH:MM:SS"
    reviewed: int = 0  # hands of the game whose review came in (0: not reviewed)
    review_tenths: int = 0  # the expected points those reviews found lost to Hard's choices, in tenths

    @property
    def points_lost_per_hand(self) -> float | None:
        """The game's accuracy figure: expected points lost per reviewed hand (None: not reviewed)."""
        return self.review_tenths / 10 / self.reviewed if self.reviewed else None

    def to_json(self) -> dict[str, Any]:
        """As stored in the file (the review fields only for a reviewed game)."""
        out = asdict(self)
        if not self.reviewed:
            del out["reviewed"], out["review_tenths"]
        return out

    @classmethod
    def from_json(cls, value: object) -> Result:
        """Read a stored result (without the review fields: not reviewed); raises ValueError on anything else."""
        names = {f.name for f in fields(cls)}
        if not isinstance(value, dict) or set(value) not in (names, names - {"reviewed", "review_tenths"}):
            raise ValueError("a recent game is not an object with the expected fields")
        game, players, won, margin, score, when = (value[k] for k in ("game", "players", "won", "margin",
                                                                       "score", "when"))
        reviewed, tenths = value.get("reviewed", 0), value.get("review_tenths", 0)
        if not isinstance(game, str) or type(players) is not int or type(won) is not bool \
                or type(margin) is not int or type(score) is not int or not isinstance(when, str):
            raise ValueError("a recent game has a field of the wrong type")
        if type(reviewed) is not int or type(tenths) is not int or reviewed < 0 or tenths < 0:
            raise ValueError("a recent game has a review count that is not a whole number")
        return cls(game, players, won, margin, score, when, reviewed, tenths)


@dataclass
class PlayerStats:
    """Everything kept for one name: tallies by ``"game/players"`` and the recent finished games."""

    tallies: dict[str, Tally] = field(default_factory=dict)
    recent: list[Result] = field(default_factory=list)
    last_played: str = ""  # when this name last had a hand or game counted

    def tally(self, game: str, players: int | None = None) -> Tally:
        """The counts at ``game`` with ``players`` seats, or summed over every player count (None)."""
        total = Tally()
        for key, tally in self.tallies.items():
            kind, _, count = key.partition("/")
            if kind == game and (players is None or count == str(players)):
                total.add(tally)
        return total

    def player_counts(self, game: str) -> list[int]:
        """The player counts at which this name has played ``game``, smallest first."""
        return sorted(int(key.partition("/")[2]) for key in self.tallies if key.partition("/")[0] == game)


def key_of(game: str, players: int) -> str:
    """The tally key of a game and player count: ``"pitch/3"``."""
    return f"{game}/{players}"


# ------------------------------------------------------------ from a record
def _side_of(teams: Sequence[Sequence[int]], seat: int) -> int:
    return next(i for i, team in enumerate(teams) if seat in team)


def _bids(hand: Mapping[str, Any]) -> dict[int, Any]:
    return {b["seat"]: b["bid"] for b in hand.get("bids", ())}


def _tricks(hand: Mapping[str, Any], num_seats: int) -> list[int]:
    won = [0] * num_seats
    for trick in hand.get("tricks", ()):
        winner = trick.get("winner")
        if isinstance(winner, int) and 0 <= winner < num_seats:
            won[winner] += 1
    return won


def _is_number(bid: object) -> bool:
    return type(bid) is int


def hand_tally(record: Mapping[str, Any], hand: Mapping[str, Any], seat: int) -> Tally:
    """One scored hand's counts for ``seat`` (``hands`` is 1). A hand with a ``pitcher`` (RECORD.md: Pitch,
    and the games written as Pitch) is counted by its pitcher; any other by bids and contracts (Spades)."""
    teams = record["teams"]
    num_seats = len(record["seats"])
    side = _side_of(teams, seat)
    tally = Tally(hands=1)
    if "pitcher" in hand:
        if hand.get("pitcher") == seat:
            tally.pitched = 1
            points = hand.get("points") or []
            set_back = bool(points[side].get("set_back")) if side < len(points) else False
            tally.set_back = int(set_back)
            tally.pitch_made = int(not set_back)
        return tally
    bids = _bids(hand)
    tricks = _tricks(hand, num_seats)
    bid = bids.get(seat)
    if bid == "nil":
        tally.nils = 1
        tally.nils_made = int(tricks[seat] == 0)
    elif bid == "double_nil":
        tally.double_nils = 1
        tally.double_nils_made = int(tricks[seat] == 0)
    team = teams[side]
    contract = sum(bids[s] for s in team if _is_number(bids.get(s)))
    counted = sum(tricks[s] for s in team if _is_number(bids.get(s)))
    made = counted >= contract
    if _is_number(bid):
        tally.contracts = 1
        tally.contracts_made = int(made)
    has_contract = any(_is_number(bids.get(s)) for s in team)
    nil_tricks = sum(tricks[s] for s in team if bids.get(s) in ("nil", "double_nil"))
    tally.bags = nil_tricks + (counted - contract if has_contract and made else 0)
    return tally


def review_figures(record: Mapping[str, Any], seats: Iterable[int]) -> tuple[int, int]:
    """(hands reviewed, expected points lost in tenths) of ``seats`` in a record's reviews (its optional
    ``"reviews"`` field): a hand counts when it reviewed one of them, and only their own marks count."""
    mine = set(seats)
    hands, tenths = 0, 0
    for review in reviews_of(dict(record)):
        if not mine & {q for q in review.get("seats", ()) if type(q) is int}:
            continue
        hands += 1
        cost = sum(m["cost"] for m in review["marks"] if m.get("seat") in mine
                   and isinstance(m.get("cost"), (int, float)))
        tenths += max(0, round(10 * cost))
    return hands, tenths


def game_result(record: Mapping[str, Any], seat: int, when: str = "") -> Result | None:
    """How a finished game ended for ``seat`` (None while it is unfinished), with the reviews it holds."""
    winner = record.get("winner")
    if winner is None:
        return None
    teams = record["teams"]
    side = _side_of(teams, seat)
    scores = list(record["scores"])
    others = [s for i, s in enumerate(scores) if i != side]
    margin = scores[side] - max(others) if others else 0
    reviewed, tenths = review_figures(record, [seat])
    return Result(record["game"], len(record["seats"]), winner == side, margin, scores[side], when or _now(),
                  reviewed, tenths)


def human_seats(record: Mapping[str, Any]) -> dict[str, list[int]]:
    """The human seats of a record by name (a name given twice keeps both seats)."""
    out: dict[str, list[int]] = {}
    for seat, info in enumerate(record["seats"]):
        if isinstance(info, Mapping) and info.get("player") == "human":
            out.setdefault(clean_name(info.get("name"), f"Seat {seat + 1}"), []).append(seat)
    return out


@dataclass
class Delta:
    """What one name gains from part of a record."""

    tally: Tally
    result: Result | None


def record_deltas(record: Mapping[str, Any], from_hand: int = 0, count_end: bool = True,
                  when: str = "") -> dict[str, Delta]:
    """Per human name, the counts of the record's scored hands from index ``from_hand`` on and, when
    ``count_end`` and the game is over, the game played (and won or lost)."""
    out: dict[str, Delta] = {}
    hands = [hand for hand in record.get("hands", ()) if "points" in hand]
    for name, seats in human_seats(record).items():
        tally = Tally()
        for hand in hands[from_hand:]:
            for seat in seats:
                tally.add(hand_tally(record, hand, seat))
        result = None
        if count_end and record.get("winner") is not None:
            results = [game_result(record, seat, when) for seat in seats]
            result = next((r for r in results if r is not None and r.won), results[0])
            if result is not None and len(seats) > 1:  # one name at two seats: the reviews of both
                reviewed, tenths = review_figures(record, seats)
                result = replace(result, reviewed=reviewed, review_tenths=tenths)
            tally.games = 1
            tally.won = int(result is not None and result.won)
        out[name] = Delta(tally, result)
    return out


def tally_record(record: Mapping[str, Any]) -> dict[str, Tally]:
    """Every human name's counts from a whole record (for tests and tools)."""
    return {name: delta.tally for name, delta in record_deltas(record).items()}


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


# ------------------------------------------------------------ the store
def stats_path() -> Path:
    """Where the statistics are kept (raises OSError when the data folder cannot be made)."""
    return storage.data_dir() / FILE_NAME


def _recency(entry: tuple[str, PlayerStats]) -> tuple[str, int]:
    """How recently a name played (then how much): the order in which names are kept."""
    name, stats = entry
    return stats.last_played, sum(t.hands for t in stats.tallies.values())


def keep_recent(players: dict[str, PlayerStats], limit: int = MAX_NAMES) -> dict[str, PlayerStats]:
    """``players`` cut to the ``limit`` names that played most recently (the same dict when it fits)."""
    if len(players) <= limit:
        return players
    kept = {name for name, _ in sorted(players.items(), key=_recency, reverse=True)[:limit]}
    return {name: stats for name, stats in players.items() if name in kept}


def _parse(value: object) -> dict[str, PlayerStats]:
    """The players of a stats document; raises ValueError when anything is off."""
    if not isinstance(value, dict):
        raise ValueError("it is not a statistics file")
    if value.get("format") != FORMAT:
        raise ValueError(f"its format is {value.get('format')!r}, not {FORMAT!r}")
    players = value.get("players")
    if not isinstance(players, dict):
        raise ValueError("its list of players is missing or wrong")
    out: dict[str, PlayerStats] = {}
    for name, entry in players.items():
        if not isinstance(entry, dict):
            raise ValueError(f"the entry of {name!r} is not an object")
        tallies = entry.get("tallies", {})
        recent = entry.get("recent", [])
        last = entry.get("last_played", "")
        if not isinstance(tallies, dict) or not isinstance(recent, list) or not isinstance(last, str):
            raise ValueError(f"the entry of {name!r} is wrong")
        for key in tallies:
            kind, slash, count = key.partition("/")
            if not slash or not count.isdigit():
                raise ValueError(f"{key!r} is not a game and player count")
        read = PlayerStats({k: Tally.from_json(v) for k, v in tallies.items()},
                           [Result.from_json(r) for r in recent[-RECENT_KEEP:]], last)
        _merge_into(out, clean_name(name, "Player"), read)  # names cleaned as every reader cleans them
    return keep_recent(out)


def _merge_into(players: dict[str, PlayerStats], name: str, entry: PlayerStats) -> None:
    """Keep ``entry`` under ``name``; two entries whose names clean to the same name are added together."""
    kept = players.get(name)
    if kept is None:
        players[name] = entry
        return
    for key, tally in entry.tallies.items():
        kept.tallies.setdefault(key, Tally()).add(tally)
    kept.recent = sorted(kept.recent + entry.recent, key=lambda r: r.when)[-RECENT_KEEP:]
    kept.last_played = max(kept.last_played, entry.last_played)


def _dump(players: Mapping[str, PlayerStats]) -> str:
    doc = {"format": FORMAT, "players": {
        name: {"tallies": {k: t.to_json() for k, t in sorted(p.tallies.items())},
               "recent": [r.to_json() for r in p.recent], "last_played": p.last_played}
        for name, p in players.items()}}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


class StatsStore:
    """The statistics file: read on demand, changed by read-modify-write (locked, atomic), reset on request.

    ``problem`` holds the one message about a bad file that was moved aside, until ``take_problem``.
    ``path`` is None when the data folder cannot be used: the statistics are then kept in memory only.
    """

    def __init__(self, path: Path | None = None, *, in_memory: bool = False) -> None:
        self.path: Path | None = path
        if path is None and not in_memory:
            try:
                self.path = stats_path()
            except OSError:
                self.path = None  # no data folder: this session's statistics are kept in memory
        self.problem: str | None = None
        self.players: dict[str, PlayerStats] = {}
        self.reload()

    def reload(self) -> dict[str, PlayerStats]:
        """Read the file again (a missing file is no problem; a bad one is moved aside, and said once)."""
        if self.path is None:
            return self.players
        if not self.path.exists():
            self.players = {}
            return self.players
        value, problem = storage.read_json_file(self.path, MAX_BYTES)
        if problem is None:
            try:
                self.players = _parse(value)
                return self.players
            except (ValueError, KeyError, TypeError) as exc:
                problem = str(exc)
        try:
            moved = storage.move_aside(self.path)
            where = f"it was kept as {moved.name}"
        except OSError:
            where = "it could not be moved aside"
        self.problem = (f"The statistics file could not be read ({problem}): {where}, "
                        f"and statistics start afresh.")
        self.players = {}
        return self.players

    def take_problem(self) -> str | None:
        """The message about a bad file, once."""
        problem, self.problem = self.problem, None
        return problem

    def update(self, change: Callable[[dict[str, PlayerStats]], None]) -> None:
        """Re-read the file, apply ``change`` to the players, write it back, all under the file's lock (another
        program's change in between is never lost); a failed write keeps the change in memory."""
        if self.path is None:
            change(self.players)
            self.players = keep_recent(self.players)
            return
        try:
            with storage.locked(self.path):
                self.reload()
                change(self.players)
                self.players = keep_recent(self.players)
                storage.atomic_write_text(self.path, _dump(self.players))
        except OSError as exc:
            self.problem = f"The statistics could not be saved ({exc.strerror or exc})."

    def add(self, game: str, players: int, deltas: Mapping[str, Delta]) -> None:
        """Add each name's counts (and finished game) at ``game`` with ``players`` seats."""
        if not deltas:
            return
        now = _now()

        def change(all_players: dict[str, PlayerStats]) -> None:
            for name, delta in deltas.items():
                entry = all_players.setdefault(name, PlayerStats())
                entry.tallies.setdefault(key_of(game, players), Tally()).add(delta.tally)
                if delta.result is not None:
                    entry.recent = (entry.recent + [delta.result])[-RECENT_KEEP:]
                entry.last_played = now

        self.update(change)

    def add_record(self, record: Mapping[str, Any], from_hand: int = 0, count_end: bool = True) -> None:
        """Count a record's scored hands from ``from_hand`` on, and its end (see ``record_deltas``)."""
        deltas = record_deltas(record, from_hand, count_end)
        self.add(record["game"], len(record["seats"]), deltas)

    def add_review(self, game: str, players: int, deltas: Mapping[str, Tally], when: str | None = None) -> None:
        """Add each name's review counts (``reviewed``, ``review_tenths``) to its tally and, with ``when``, to its
        recent game of ``game`` and ``players`` that ended then (a review that came after the game ended)."""
        if not deltas:
            return
        now = _now()

        def change(all_players: dict[str, PlayerStats]) -> None:
            for name, tally in deltas.items():
                entry = all_players.setdefault(name, PlayerStats())
                entry.tallies.setdefault(key_of(game, players), Tally()).add(tally)
                entry.last_played = now
                ended = [i for i, r in enumerate(entry.recent) if (r.game, r.players, r.when) == (game, players, when)]
                if when is not None and ended:  # the newest such game (the one this table just finished)
                    r = entry.recent[ended[-1]]
                    entry.recent[ended[-1]] = replace(r, reviewed=r.reviewed + tally.reviewed,
                                                      review_tenths=r.review_tenths + tally.review_tenths)

        self.update(change)

    def reset(self) -> None:
        """Forget every statistic (the file is rewritten empty)."""
        self.update(lambda players: players.clear())

    def names(self) -> list[str]:
        """Names with statistics: the one that played last first (then the one with more hands)."""
        def order(name: str) -> tuple[str, int]:
            entry = self.players[name]
            return entry.last_played, sum(t.hands for t in entry.tallies.values())

        return sorted(sorted(self.players), key=order, reverse=True)

    def get(self, name: str) -> PlayerStats:
        """One name's statistics (empty when unknown)."""
        return self.players.get(name, PlayerStats())


def stats_store(ctx: object) -> StatsStore:
    """The program's store, ``ctx.stats`` (a fresh store on the data folder for a context without one)."""
    store = getattr(ctx, "stats", None)
    return store if isinstance(store, StatsStore) else StatsStore()


# ------------------------------------------------------------ at the table
def seat_records(seats: Iterable[Any]) -> list[dict[str, Any]]:
    """Seat configs (``SeatConfig``) as the record's seat objects."""
    out = []
    for seat in seats:
        as_record = getattr(seat, "to_record", None)
        out.append(as_record() if callable(as_record) else dict(seat))
    return out


class TableStats:
    """Counts the game played at one table: each hand once as it is scored, the game once when it ends.

    Hands already scored when the table opened (a continued game) were counted before; a hand taken back
    by an undo and scored again is not counted twice (a high-water mark).
    """

    def __init__(self, ctx: object, seats: Iterable[Any], game: TrickGame) -> None:
        self.ctx = ctx
        self.seats = seat_records(seats)
        self.enabled = any(s.get("player") == "human" for s in self.seats)
        self.counted_hands = len(getattr(game, "results", ()))
        self.counted_end = getattr(game, "winner", None) is not None
        self.reviews: Callable[[], list[dict[str, Any]]] = list  # the table's reviews so far (its record's field)
        self.ended_at: str | None = None  # when this table counted the game's end (a later review joins it)

    def after_action(self, game: TrickGame) -> None:
        """Count what the last action finished (a hand, the game); never raises into the table."""
        if not self.enabled:
            return
        scored = len(game.results)
        over = game.winner is not None
        if scored <= self.counted_hands and (not over or self.counted_end):
            return
        try:
            record = with_reviews(to_record(game, self.seats), self.reviews())
            count_end = over and not self.counted_end
            when = _now()
            deltas = record_deltas(record, self.counted_hands, count_end, when)
            stats_store(self.ctx).add(record["game"], len(record["seats"]), deltas)
            if count_end:
                self.ended_at = when
        except Exception as exc:  # statistics must never stop a game
            stats_store(self.ctx).problem = f"The statistics could not be updated ({exc})."
        notify = getattr(self.ctx, "notify", None)
        if callable(notify):  # a bad file met now, or a failed write: said once over the table
            problem = stats_store(self.ctx).take_problem()
            if problem:
                notify(problem)
        self.counted_hands = max(self.counted_hands, scored)
        self.counted_end = self.counted_end or over


def count_review(ctx: object, seats: Sequence[Mapping[str, Any]], game: str, players: int, review: Any,
                 ended_at: str | None = None) -> None:
    """Add one hand's review (``game.ai.review.HandReview``) to each reviewed person's name: the accuracy figure
    (``Tally.points_lost_per_hand``), from that person's own marks only (a hot-seat review holds several people's);
    with ``ended_at``, also to the recent game that ended then (the last hand's review comes after the end)."""
    deltas: dict[str, Tally] = {}
    for seat in review.seats:
        info = seats[seat] if seat < len(seats) else {}
        if isinstance(info, Mapping) and info.get("player") == "human":
            name = clean_name(info.get("name"), f"Seat {seat + 1}")
            cost = sum(m.cost for m in review.marks if m.seat == seat)
            tally = deltas.setdefault(name, Tally())
            tally.reviewed = 1
            tally.review_tenths += max(0, round(10 * cost))
    stats_store(ctx).add_review(game, players, deltas, ended_at)
