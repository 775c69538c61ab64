"""Game records (``trick-record/1``, see RECORD.md): write a game, read a file, replay a record.

A record is a projection of the game's history (game/history.py): the header, then one object per
hand written by the game's codec (game/codecs.py, found through ``game.games.GAMES[kind].codec``)
from the hand's entries, with the results the rules gave. Reading replays the record: the chance
outcomes it gives are forced, every action goes through ``apply()``, and every field the record
claims is compared with what the codec writes from the replayed history.

A game can be written at any moment and read back to the same state. Two extra fields (RECORD.md
allows them) carry what a hand in progress needs beyond the format's lists:

- ``exchange_pending`` (four-player Spades): ``[{"from": seat, "cards": [...]}]``, the cards a seat
  has chosen in the Double Nil exchange while its partner has not chosen yet;
- in ``redraw`` (Spades for two), while the redraws are being decided, a seat that kept its cards
  is listed with nothing discarded or drawn, so that the reader does not decide for the next seat.

Reading checks every field a record gives against the rules, with strict types (a whole number
is neither a float nor a boolean; cards exactly as RECORD.md writes them), and reads a file one
bounded line at a time (``MAX_LINE``, the one limit of every reader of records, the window's too).
A seat's name must be text, but a record is never refused for what the name holds: whoever shows or
keeps a name cleans it first (``game.names.clean_name``: printable, at most 24 characters).
"""

from __future__ import annotations

import json
import os
import select
import stat
from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any, cast

from game.actions import Action, IllegalAction, Look
from game.chance import Chance
from game.codecs import CARDS, RecordError, diff, need, optional_list, seat_of, show
from game.factory import GAMES, new_game
from game.games import GAMES as GAME_INFO
from game.history import SEAT, ChanceOutcome, force_outcomes, split_hands
from game.options import HOUSE_KEYS, PitchOptions, SpadesOptions
from game.state import Phase, TrickGame

__all__ = ["CARDS", "FORMAT", "MAX_LINE", "REPLAY_ERRORS", "LineResult", "Progress", "RecordError", "Replay",
           "check_line", "dumps", "last_good_limit", "options_from", "read_lines", "read_records", "replay",
           "to_record"]

FORMAT = "trick-record/1"
MAX_LINE = 1 << 20  # a line longer than this (1 MB) is no record: reading stops there
CHUNK = 1 << 16  # bytes read at a time
IDLE_S = 10.0  # a pipe or device that sends nothing for this long is given up on
SEAT_PLAYERS = ("human", "computer")
RECORD_FIELDS = ("format", "game", "options", "seats", "teams", "seed", "hands", "scores", "winner")


# ----------------------------------------------------------------- writing
def hands_json(game: TrickGame) -> list[dict[str, Any]]:
    """Every hand of the game's history as the record writes it (the last may be in progress)."""
    codec = GAME_INFO[game.kind].codec
    hands = split_hands(game.history, game.num_seats)
    out = []
    for hand in hands:
        result = game.results[hand.number - 1] if hand.number <= len(game.results) else None
        out.append(codec.write_hand(game, hand, result, result is None and hand.number == len(hands)))
    return out


def to_record(game: TrickGame, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole game (finished or not, at any moment) as a ``trick-record/1`` object: its history
    projected hand by hand, with the seats (the same default seats when none are given)."""
    seats = seats or [{"name": f"Seat {s}", "player": "computer", "level": "random"}
                      for s in range(game.num_seats)]
    return {
        "format": FORMAT,
        "game": game.kind,
        "options": game.options.to_json(),
        "seats": seats,
        "teams": [list(team) for team in game.teams],
        "seed": game.seed,
        "hands": hands_json(game),
        "scores": list(game.scores),
        "winner": game.winner,
    }


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON."""
    return json.dumps(record, separators=(",", ":"))


# ----------------------------------------------------------------- reading one record
def options_from(record: dict[str, Any]) -> SpadesOptions | PitchOptions:
    """The options of a record: every option the game has, each a value the rules offer.

    A house rule (rules/house-rules.md) the record leaves out means its default; an option the
    game does not offer may be given only at its default.
    """
    info = GAME_INFO[record["game"]]
    raw = need(record, "options", dict, "options")
    for name in info.option_choices:
        if name not in raw and name not in HOUSE_KEYS:
            raise RecordError(f"options: missing field '{name}'")
    known = {f.name for f in fields(info.options_class)}
    try:
        return info.options_class(**{name: raw[name] for name in known if name in raw})
    except (TypeError, ValueError) as error:
        raise RecordError(f"options: {error}") from None


def _prepare_chance(record: dict[str, Any], num_seats: int) -> Chance:
    """A generator seeded as the record says, with every chance outcome the record gives forced."""
    codec = GAME_INFO[record["game"]].codec
    chance = Chance(record["seed"])
    hands = record["hands"]
    outcomes: list[ChanceOutcome] = []
    if hands:
        key = codec.start_field
        outcomes.append(ChanceOutcome(SEAT, seat_of(need(hands[0], key, int, "hand 1"), num_seats, f"hand 1 {key}")))
    for number, hand in enumerate(hands, 1):
        where = f"hand {number}"
        if not isinstance(hand, dict):
            raise RecordError(f"{where}: not an object")
        outcomes += codec.chance(hand, num_seats, where)
    force_outcomes(chance, outcomes)
    return chance


def _check_seats(seats: list[Any], num_seats: int) -> None:
    if len(seats) != num_seats or not all(isinstance(seat, dict) for seat in seats):
        raise RecordError(f"seats: want one object per seat ({num_seats})")
    for number, seat in enumerate(seats):
        where = f"seats: seat {number}"
        if type(seat.get("name")) is not str:
            raise RecordError(f"{where}: field 'name' must be text, not {show(seat.get('name'))}")
        if seat.get("player") not in SEAT_PLAYERS:
            raise RecordError(f"{where}: field 'player' must be \"human\" or \"computer\", "
                              f"not {show(seat.get('player'))}")
        if "level" in seat and type(seat["level"]) is not str:
            raise RecordError(f"{where}: field 'level' must be text, not {show(seat['level'])}")


def _check_header(record: object) -> int:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown format {show(record.get('format'))} (this program reads {FORMAT})")
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {show(game)} (one of {', '.join(GAMES)})")
    for key in RECORD_FIELDS:
        if key not in record:
            raise RecordError(f"record: missing field '{key}'")
    need(record, "hands", list, "record")
    teams = need(record, "teams", list, "record")
    if not all(isinstance(team, list) and all(type(seat) is int for seat in team) for team in teams):
        raise RecordError(f"teams: {show(teams)} is not a list of lists of seats")
    num_seats = sum(len(team) for team in teams)
    if not GAME_INFO[game].allows_seats(num_seats, options_from(record)):
        raise RecordError(f"teams: {show(teams)} is not a seating for {game}")
    _check_seats(need(record, "seats", list, "record"), num_seats)
    seed = record["seed"]
    if seed is not None and type(seed) is not int:
        raise RecordError("seed: must be a whole number or null")
    return num_seats


@dataclass
class Replay:
    """A record replayed into a live game, with how many actions were applied."""

    game: TrickGame
    actions: int
    finished: bool


class Progress:
    """How far a replay got: ``actions`` applied so far (read it after the replay raised)."""

    def __init__(self) -> None:
        self.actions = 0


def replay(record: object, limit: int | None = None, progress: Progress | None = None) -> Replay:
    """Replay a record into a game state, checking every action and every field; stop after ``limit`` actions.

    ``progress``, when given, counts the actions applied as they are: after a replay that raised, it says how
    many were applied before the problem (``last_good_limit`` uses it)."""
    progress = progress if progress is not None else Progress()
    progress.actions = 0
    num_seats = _check_header(record)
    data = cast("dict[str, Any]", record)  # _check_header refused anything else
    options = options_from(data)
    chance = _prepare_chance(data, num_seats)
    try:
        game = new_game(data["game"], options, num_seats, data["seed"], chance)
    except ValueError as error:
        raise RecordError(str(error)) from None
    if diff(data["teams"], [list(team) for team in game.teams], "'teams'"):
        raise RecordError(f"teams: {show(data['teams'])} do not match the game's seating "
                          f"{show([list(t) for t in game.teams])}")
    codec = GAME_INFO[data["game"]].codec
    count = 0
    hands = data["hands"]
    for number, hand in enumerate(hands, 1):
        where = f"hand {number}"
        if game.hand_number != number or game.phase is Phase.GAME_OVER:
            raise RecordError(f"{where}: the game is already over")
        _check_hand_start(game, hand, where)
        claims_finished = "points" in hand or "scores" in hand
        for label, action in codec.actions(game, hand, where, claims_finished or number < len(hands)):
            if limit is not None and count >= limit:
                return Replay(game, count, False)
            _apply(game, action, f"{where}, {label}: ")
            count += 1
            progress.actions = count
        finished = len(game.results) >= number
        if not finished:
            if number != len(hands):
                raise RecordError(f"{where}: the hand is unfinished but more hands follow")
            if claims_finished:
                raise RecordError(f"{where}: the hand has points or scores but its play is unfinished")
            for seat in _looks(game, hand, where):
                if limit is not None and count >= limit:
                    return Replay(game, count, False)
                _apply(game, Look(seat), f"{where}: ")
                count += 1
                progress.actions = count
        _check_hand_fields(game, hand, number, where, finished)
    _check_end(game, data)
    return Replay(game, count, True)


REPLAY_ERRORS = (RecordError, TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError,
                 RecursionError)  # what replaying a bad record can raise (wrong types deep inside it)


def last_good_limit(record: object) -> tuple[Replay | None, Exception | None]:
    """The record replayed as far as it goes: ``(replay, None)`` for a record that replays to the end, else
    ``(the replay stopped at the largest limit that replays, the problem)``, or ``(None, problem)`` when not
    even the first deal replays (limit 0).

    Three replays at most, whatever the record's length: the failing replay says how many actions it had
    applied (``n``); ``replay(record, limit=k)`` goes exactly as the full replay until ``k`` actions are
    applied and stops before the next, so every limit above ``n`` meets the same problem, ``n - 1`` always
    replays, and ``n`` replays unless the problem came while reading the next action or checking the hand
    just completed."""
    progress = Progress()
    try:
        return replay(record, progress=progress), None
    except REPLAY_ERRORS as error:
        problem: Exception = error
    applied = progress.actions
    for limit in (applied, applied - 1):
        if limit < 0:
            break
        try:
            return replay(record, limit=limit), problem
        except REPLAY_ERRORS:
            continue
    return None, problem


def _apply(game: TrickGame, action: Action, where: str) -> None:
    try:
        game.apply(action)
    except IllegalAction as error:
        raise RecordError(f"{where}{action} is illegal: {error}") from None


def _looks(game: TrickGame, hand: dict[str, Any], where: str) -> list[int]:
    """The seats of an unfinished hand that had looked at their cards and have not yet in the replay."""
    seats = [seat_of(s, game.num_seats, f"{where} looked") for s in optional_list(hand, "looked", where)]
    return [seat for seat in dict.fromkeys(seats) if not game.looked[seat]]


def _check_hand_start(game: TrickGame, hand: object, where: str) -> None:
    key = GAME_INFO[game.kind].codec.start_field
    value = need(hand, key, int, where)
    if value != game.dealer:
        raise RecordError(f"{where}: field '{key}' is {show(value)}, but the rotation gives seat {game.dealer}")


def _check_hand_fields(game: TrickGame, hand: dict[str, Any], number: int, where: str, finished: bool) -> None:
    """Every field the hand records is the one the rules give (the game's codec checks)."""
    hands = split_hands(game.history, game.num_seats)
    result = game.results[number - 1] if finished else None
    GAME_INFO[game.kind].codec.check_hand(game, hands[number - 1], hand, result, not finished and number == len(hands),
                                          where)


def _check_end(game: TrickGame, record: dict[str, Any]) -> None:
    scores, winner = list(game.scores), game.winner
    if diff(record["scores"], scores, "'scores'"):
        raise RecordError(f"scores: recorded {show(record['scores'])} but the hands add up to {show(scores)}")
    if diff(record["winner"], winner, "'winner'"):
        raise RecordError(f"winner: recorded {show(record['winner'])} but the rules give {show(winner)}")


# ----------------------------------------------------------------- reading a file
@dataclass
class LineResult:
    """One line of a records file: its replay, or the problem."""

    line: int
    replay: Replay | None
    error: str | None


class _FileProblem(Exception):
    """The file cannot be read on (the message says why); what was read before stands."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def read_lines(path: str, idle_s: float = IDLE_S, limit: int = MAX_LINE) -> Iterator[tuple[int, bytes]]:
    """The file's lines (numbered from 1, without the newline), read in chunks of bounded size.

    A pipe, FIFO or device is waited on at most ``idle_s`` seconds at a time; a line longer
    than ``limit`` bytes ends the reading (a file of records has none). Raises _FileProblem.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO nobody writes to must not block the open
    except OSError as error:
        raise _FileProblem(f"cannot read the file ({error.strerror or error})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise _FileProblem("cannot read the file (it is a folder)")
        regular = stat.S_ISREG(mode)
        if regular:
            os.set_blocking(fd, True)
        pending = bytearray()
        number = 0
        while True:
            if not regular and not select.select([fd], [], [], idle_s)[0]:
                raise _FileProblem(f"nothing to read for {idle_s:g} s (stopped reading)", number + 1)
            try:
                chunk = os.read(fd, CHUNK)
            except BlockingIOError:
                continue
            except OSError as error:
                raise _FileProblem(f"cannot read on ({error.strerror or error})", number + 1) from None
            if not chunk:
                break
            start = 0
            while (end := chunk.find(b"\n", start)) >= 0:
                if len(pending) + end - start > limit:
                    raise _FileProblem(f"longer than {limit:,} bytes (stopped reading)", number + 1)
                number += 1
                if pending:
                    pending += chunk[start:end]
                    yield number, bytes(pending)
                    pending.clear()
                else:
                    yield number, chunk[start:end]
                start = end + 1
            pending += chunk[start:]
            if len(pending) > limit:
                raise _FileProblem(f"longer than {limit:,} bytes (stopped reading)", number + 1)
        if pending:
            yield number + 1, bytes(pending)
    finally:
        os.close(fd)


def read_records(path: str, idle_s: float = IDLE_S) -> Iterator[LineResult]:
    """Read and replay the records of a ``.jsonl`` file one line at a time (blank lines skipped).

    Each line's result is yielded and then forgotten, so memory stays flat whatever the file's
    size; problems come as results with an ``error``, never as exceptions. A file that cannot
    be read on ends with one result (line 0 when it cannot be opened) saying why.
    """
    try:
        for number, raw in read_lines(path, idle_s):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                yield LineResult(number, None, f"line {number}: not UTF-8 text ({error})")
                continue
            if text.strip():
                yield check_line(text, number)
    except _FileProblem as problem:
        yield LineResult(problem.line, None, str(problem))


def check_line(text: str, number: int) -> LineResult:
    """Parse and replay one line of JSON."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, or a number too long to convert
        return LineResult(number, None, f"line {number}: not valid JSON ({error})")
    try:
        return LineResult(number, replay(record), None)
    except RecordError as error:
        return LineResult(number, None, f"line {number}: {error}")
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError, RecursionError) as error:
        return LineResult(number, None, f"line {number}: malformed record ({type(error).__name__}: {error})")
