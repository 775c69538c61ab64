"""Game records (``trick-record/1``, see RECORD.md): write a game, read a file, replay a record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, BidValue, Draw, Exchange, IllegalAction, Look, Play, Redraw
from game.cards import DECK, SUITS, Card
from game.chance import Chance
from game.deals import deck_for_deal
from game.factory import GAMES, new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame

FORMAT = "trick-record/1"


class RecordError(ValueError):
    """A record that cannot be read or is not a legal game; the message says where and why."""


# ----------------------------------------------------------------- writing
def _cards(cards) -> list[str]:
    return [str(DECK[c]) for c in cards]


def hand_to_json(game: TrickGame, log: dict[str, Any], current: bool) -> dict[str, Any]:
    """One hand's log as the record's hand object."""
    out: dict[str, Any] = {}
    if game.kind == "spades-two":
        out["first"] = log["first"]
        out["stock"] = _cards(log["stock"])
        out["draws"] = [({"seat": s, "kept": str(k), "discarded": str(d)} if kept_first
                         else {"seat": s, "discarded": str(d), "kept": str(k)})
                        for s, k, d, kept_first in log["draws"]]
        out["blind"] = list(log["blind"])
        out["redraw"] = [{"seat": s, "discarded": _cards(t), "drawn": _cards(d)} for s, t, d in log["redraw"]]
    else:
        out["dealer"] = log["dealer"]
        out["deal"] = [_cards(hand) for hand in log["deal"]]
    if game.kind == "spades":
        out["blind"] = list(log["blind"])
    out["bids"] = [{"seat": s, "bid": v} for s, v in log["bids"]]
    if game.kind == "spades":
        out["exchange"] = [{"from": f, "to": t, "cards": _cards(c)} for f, t, c in log["exchange"]]
    tricks = log.get("tricks", game.trick_log if current else [])
    out["tricks"] = [{"leader": lead, "plays": [[s, str(c)] for s, c in plays], "winner": w}
                     for lead, plays, w in tricks]
    if current and game.trick:
        out["tricks"].append({"leader": game.leader, "plays": [[s, str(c)] for s, c in game.trick],
                              "winner": None})
    if game.kind == "pitch":
        pitcher = log.get("pitcher", getattr(game, "pitcher", None) if current else None)
        out["pitcher"] = pitcher
        out["bid"] = log.get("bid", game.high if current and pitcher is not None else None)
        trump = log.get("trump", game.trump if current else None)
        out["trump"] = SUITS[trump] if trump is not None else None
    if current and game.kind != "pitch":  # a look is no action of its own: keep it for a game read back
        out["looked"] = [seat for seat in range(game.num_seats) if game.looked[seat]]
    result = log.get("result")
    if result is not None:
        out["points"] = result.points
        out["scores"] = result.scores
        if game.kind != "pitch":
            out["bags"] = result.bags
    return out


def to_record(game: TrickGame, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole game (finished or not) as a ``trick-record/1`` object."""
    seats = seats or [{"name": f"Seat {s}", "player": "computer", "level": "random"}
                      for s in range(game.num_seats)]
    hands = []
    for index, log in enumerate(game.hand_logs):
        current = index == len(game.hand_logs) - 1 and "result" not in log
        hands.append(hand_to_json(game, log, current))
    return {
        "format": FORMAT,
        "game": game.kind,
        "options": game.options.to_json(),
        "seats": seats,
        "teams": game.teams,
        "seed": game.seed,
        "hands": hands,
        "scores": list(game.scores),
        "winner": game.winner,
    }


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON."""
    return json.dumps(record, separators=(",", ":"))


# ----------------------------------------------------------------- reading
def _need(obj: Any, key: str, kind: type | tuple, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise RecordError(f"{where}: missing field '{key}'")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
        raise RecordError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def _optional_list(obj: dict[str, Any], key: str, where: str) -> list[Any]:
    """A field that may be left out (or null) but is a list when given."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def _card(text: Any, where: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None


def _card_list(values: Any, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise RecordError(f"{where}: expected a list of cards")
    return [_card(v, where) for v in values]


def _seat(value: Any, num_seats: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < num_seats:
        raise RecordError(f"{where}: {value!r} is not a seat (0..{num_seats - 1})")
    return value


def _bid_value(value: Any, where: str) -> BidValue:
    if value == 0 and not isinstance(value, bool):
        return NIL
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if value in (NIL, DOUBLE_NIL, PASS):
        return value
    raise RecordError(f"{where}: {value!r} is not a bid")


def options_from(record: dict[str, Any]) -> SpadesOptions | PitchOptions:
    """The options dataclass of a record, checked."""
    game = record["game"]
    raw = _need(record, "options", dict, "options")
    cls = PitchOptions if game == "pitch" else SpadesOptions
    known = set(cls.__dataclass_fields__)
    try:
        options = cls(**{k: v for k, v in raw.items() if k in known})
    except TypeError as error:
        raise RecordError(f"options: {error}") from None
    if type(options.target) is not int or options.target <= 0:
        raise RecordError(f"options: target {options.target!r} is not a positive whole number")
    for name in ("nil", "double_nil", "partnerships", "dealer_steal"):
        if not isinstance(getattr(options, name, False), bool):
            raise RecordError(f"options: {name} must be true or false, not {getattr(options, name)!r}")
    mercy = getattr(options, "mercy", None)
    if mercy is not None and type(mercy) is not int:
        raise RecordError(f"options: mercy must be null or a whole number, not {mercy!r}")
    if isinstance(options, PitchOptions) and options.low not in ("winner", "player"):
        raise RecordError(f"options: low must be 'winner' or 'player', not {options.low!r}")
    return options


def _deck_order(game: str, hand: dict[str, Any], num_seats: int, where: str) -> list[Card]:
    """The shuffled deck (top first) that gives this hand's recorded deal or stock."""
    if game == "spades-two":
        stock = _card_list(_need(hand, "stock", list, where), f"{where} stock")
        if sorted(stock) != list(DECK):
            raise RecordError(f"{where}: the stock is not the 52 cards once each")
        return stock
    dealer = _seat(_need(hand, "dealer", int, where), num_seats, f"{where} dealer")
    deal = _need(hand, "deal", list, where)
    size = 13 if game == "spades" else 6
    if len(deal) != num_seats:
        raise RecordError(f"{where}: the deal has {len(deal)} hands for {num_seats} seats")
    hands = [_card_list(h, f"{where} deal") for h in deal]
    if any(len(h) != size for h in hands):
        raise RecordError(f"{where}: every seat must be dealt {size} cards")
    flat = [c for h in hands for c in h]
    if len(set(flat)) != len(flat):
        raise RecordError(f"{where}: a card is dealt twice")
    return deck_for_deal(game, dealer, hands, num_seats)


def _prepare_chance(record: dict[str, Any], num_seats: int) -> Chance:
    game = record["game"]
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed: must be a whole number or null")
    chance = Chance(seed)
    hands = record["hands"]
    if hands:
        first_key = "first" if game == "spades-two" else "dealer"
        chance.force("seat", [_seat(_need(hands[0], first_key, int, "hand 1"), num_seats, f"hand 1 {first_key}")])
    for number, hand in enumerate(hands, 1):
        where = f"hand {number}"
        if not isinstance(hand, dict):
            raise RecordError(f"{where}: not an object")
        chance.force("deck", [_deck_order(game, hand, num_seats, where)])
        for item in _optional_list(hand, "redraw", where):
            drawn = _card_list(_need(item, "drawn", list, f"{where} redraw"), f"{where} redraw")
            if drawn:
                chance.force("sample", [drawn])
    return chance


def _check_header(record: Any) -> int:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown format {record.get('format')!r} (this program reads {FORMAT})")
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} (one of {', '.join(GAMES)})")
    _need(record, "hands", list, "record")
    teams = _need(record, "teams", list, "record")
    num_seats = sum(len(t) for t in teams if isinstance(t, list))
    expected = {"spades": 4, "spades-two": 2}.get(game)
    if (expected and num_seats != expected) or not 2 <= num_seats <= 7:
        raise RecordError(f"teams: {teams!r} is not a seating for {game}")
    seats = _need(record, "seats", list, "record")
    if len(seats) != num_seats or not all(isinstance(seat, dict) for seat in seats):
        raise RecordError(f"seats: want one object per seat ({num_seats})")
    return num_seats


@dataclass
class Replay:
    """A record replayed into a live game, with how many actions were applied."""

    game: TrickGame
    actions: int
    finished: bool


def replay(record: Any, limit: int | None = None) -> Replay:
    """Replay a record into a game state, checking every action and score; stop after ``limit`` actions."""
    num_seats = _check_header(record)
    options = options_from(record)
    chance = _prepare_chance(record, num_seats)
    try:
        game = new_game(record["game"], options, num_seats, record.get("seed"), chance)
    except ValueError as error:
        raise RecordError(str(error)) from None
    if game.teams != record["teams"]:
        raise RecordError(f"teams: {record['teams']!r} do not match the game's seating {game.teams!r}")
    count = 0
    hands = record["hands"]
    for number, hand in enumerate(hands, 1):
        where = f"hand {number}"
        if game.hand_number != number:
            raise RecordError(f"{where}: the game is already over")
        _check_hand_start(game, hand, where)
        for label, action in _hand_actions(game, hand, where):
            if limit is not None and count >= limit:
                return Replay(game, count, False)
            _apply(game, action, f"{where}, {label}: ")
            count += 1
        finished = len(game.results) >= number
        if not finished:
            for seat in _looks(game, hand, where):
                if limit is not None and count >= limit:
                    return Replay(game, count, False)
                _apply(game, Look(seat), f"{where}: ")
                count += 1
        _check_tricks(game, hand, number, where, finished)
        if finished:
            _check_result(game, hand, number, where)
        elif number != len(hands):
            raise RecordError(f"{where}: the hand is unfinished but more hands follow")
    _check_end(game, record)
    return Replay(game, count, True)


def _apply(game: TrickGame, action: Action, where: str) -> None:
    try:
        game.apply(action)
    except IllegalAction as error:
        raise RecordError(f"{where}{action} is illegal: {error}") from None


def _looks(game: TrickGame, hand: dict[str, Any], where: str) -> list[int]:
    """The seats of an unfinished hand that had looked at their cards and have not yet in the replay."""
    seats = [_seat(s, game.num_seats, f"{where} looked") for s in _optional_list(hand, "looked", where)]
    return [seat for seat in dict.fromkeys(seats) if not game.looked[seat]]


def _check_hand_start(game: TrickGame, hand: dict[str, Any], where: str) -> None:
    key = "first" if game.kind == "spades-two" else "dealer"
    if hand.get(key) != game.dealer:
        raise RecordError(f"{where}: {key} is {hand.get(key)!r}, but the rotation gives seat {game.dealer}")


def _hand_actions(game: TrickGame, hand: dict[str, Any], where: str) -> Iterator[tuple[str, Action]]:
    """The hand's decisions as actions, in the order the engine asks for them."""
    n = game.num_seats
    blind = [_seat(s, n, f"{where} blind") for s in _optional_list(hand, "blind", where)]
    bids = [( _seat(_need(b, "seat", int, f"{where} bid"), n, f"{where} bid"),
              _bid_value(_need(b, "bid", (int, str), f"{where} bid"), f"{where} bid"))
            for b in _need(hand, "bids", list, where)]
    if game.kind == "spades-two":
        yield from _drawing_actions(game, hand, blind, where)
        bids = [(s, v) for s, v in bids if not (v == DOUBLE_NIL and s in blind)]
    for index, (seat, value) in enumerate(bids, 1):
        yield f"bid {index}", Bid(seat, value)
    if game.kind == "spades":
        yield from _exchange_actions(game, hand, where)
    for number, trick in enumerate(_need(hand, "tricks", list, where), 1):
        plays = _need(trick, "plays", list, f"{where} trick {number}")
        for play in plays:
            if not isinstance(play, list) or len(play) != 2:
                raise RecordError(f"{where} trick {number}: a play must be [seat, card]")
            seat = _seat(play[0], n, f"{where} trick {number}")
            yield f"trick {number}", Play(seat, _card(play[1], f"{where} trick {number}"))


def _drawing_actions(game: TrickGame, hand: dict[str, Any], blind: list[int], where: str
                     ) -> Iterator[tuple[str, Action]]:
    draws = _need(hand, "draws", list, where)
    for index, draw in enumerate(draws, 1):
        label = f"draw {index}"
        seat = _seat(_need(draw, "seat", int, f"{where} {label}"), 2, f"{where} {label}")
        kept = _card(_need(draw, "kept", str, f"{where} {label}"), f"{where} {label}")
        dropped = _card(_need(draw, "discarded", str, f"{where} {label}"), f"{where} {label}")
        if game.phase is Phase.DRAWING and game.to_act == seat and not game.looked[seat]:
            yield label, (Bid(seat, DOUBLE_NIL) if seat in blind else Look(seat))
        top = game.stock[game.stock_pos] if game.phase is Phase.DRAWING else None
        if top not in (kept, dropped) or {kept, dropped} != {game.stock[game.stock_pos],
                                                             game.stock[game.stock_pos + 1]}:
            raise RecordError(f"{where}, {label}: the stock's next two cards are not {kept} and {dropped}")
        yield label, Draw(seat, top == kept)
    redraws = [_redraw_item(item, f"{where} redraw") for item in _optional_list(hand, "redraw", where)]
    while game.phase is Phase.REDRAW:
        seat = game.to_act
        label = f"redraw by seat {seat}"
        if not redraws or redraws[0][0] != seat:
            yield label, Redraw(seat, ())
            continue
        _, thrown, drawn = redraws.pop(0)
        for card in drawn:
            if not game.discards >> card & 1:
                raise RecordError(f"{where}, {label}: {card} was not in the discard pile")
        yield label, Redraw(seat, thrown)
    if redraws:
        raise RecordError(f"{where}: a redraw is recorded for seat {redraws[0][0]} that the game does not call for")


def _redraw_item(item: Any, where: str) -> tuple[int, tuple[Card, ...], list[Card]]:
    """A recorded Double Nil redraw: (seat, cards thrown, cards drawn), checked for form."""
    seat = _seat(_need(item, "seat", int, where), 2, where)
    thrown = tuple(_card_list(_need(item, "discarded", list, where), where))
    drawn = _card_list(_need(item, "drawn", list, where), where)
    if len(drawn) != len(thrown) or len(set(drawn)) != len(drawn):
        raise RecordError(f"{where}: seat {seat} must draw as many different cards as it discards")
    return seat, thrown, drawn


def _exchange_actions(game: TrickGame, hand: dict[str, Any], where: str) -> Iterator[tuple[str, Action]]:
    given = {}
    for item in _optional_list(hand, "exchange", where):
        seat = _seat(_need(item, "from", int, f"{where} exchange"), 4, f"{where} exchange")
        to = _seat(_need(item, "to", int, f"{where} exchange"), 4, f"{where} exchange")
        if to != game.partner(seat) or seat in given:
            raise RecordError(f"{where} exchange: seat {seat} gives once, to its partner, not to seat {to}")
        given[seat] = tuple(_card_list(_need(item, "cards", list, f"{where} exchange"), f"{where} exchange"))
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        if seat not in given:
            raise RecordError(f"{where}: seat {seat} must give three cards in the Double Nil exchange")
        yield f"exchange by seat {seat}", Exchange(seat, given.pop(seat))
    if given:
        raise RecordError(f"{where}: an exchange is recorded that the bids do not call for")


def _check_result(game: TrickGame, hand: dict[str, Any], number: int, where: str) -> None:
    result = game.results[number - 1]
    if "scores" in hand and hand["scores"] != result.scores:
        raise RecordError(f"{where}: recorded scores {hand['scores']} but the rules give {result.scores}")
    if "bags" in hand and game.kind != "pitch" and hand["bags"] != result.bags:
        raise RecordError(f"{where}: recorded bags {hand['bags']} but the rules give {result.bags}")
    if game.kind == "pitch":
        log = game.hand_logs[number - 1]
        expected = {"pitcher": result.pitcher, "bid": result.bid, "trump": SUITS[log["trump"]]}
        for key, value in expected.items():
            if key in hand and hand[key] != value:
                raise RecordError(f"{where}: recorded {key} {hand[key]!r} but the game gives {value!r}")
    points = hand.get("points")
    if isinstance(points, list):
        totals = [p.get("total") if isinstance(p, dict) else None for p in points]
        expected = [p["total"] for p in result.points]
        if totals != expected:
            raise RecordError(f"{where}: recorded hand totals {totals} but the rules give {expected}")


def _check_tricks(game: TrickGame, hand: dict[str, Any], number: int, where: str, finished: bool) -> None:
    """Every recorded trick's leader and winner are the ones the rules give."""
    log = game.hand_logs[number - 1].get("tricks", []) if finished else game.trick_log
    for index, trick in enumerate(hand["tricks"]):
        done = index < len(log)
        leader, winner = (log[index][0], log[index][2]) if done else (game.leader, None)
        label = f"{where} trick {index + 1}"
        if "leader" in trick and trick["leader"] != leader:
            raise RecordError(f"{label}: recorded leader {trick['leader']!r} but seat {leader} led")
        if "winner" in trick and trick["winner"] != winner:
            raise RecordError(f"{label}: recorded winner {trick['winner']!r} but the rules give {winner!r}")


def _check_end(game: TrickGame, record: dict[str, Any]) -> None:
    if record.get("scores") != game.scores:
        raise RecordError(f"scores: recorded {record.get('scores')} but the hands add up to {game.scores}")
    if record.get("winner") != game.winner:
        raise RecordError(f"winner: recorded {record.get('winner')!r} but the rules give {game.winner!r}")


@dataclass
class LineResult:
    """One line of a records file: the record and its replay, or the problem."""

    line: int
    record: dict[str, Any] | None
    replay: Replay | None
    error: str | None


def read_records(path: str) -> list[LineResult]:
    """Read and replay every record of a ``.jsonl`` file; problems are reported per line, never raised."""
    results = []
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        return [LineResult(0, None, None, f"{path}: cannot read the file ({error})")]
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            results.append(LineResult(number, None, None, f"line {number}: not UTF-8 text ({error})"))
            continue
        if text.strip():
            results.append(check_line(text, number))
    return results


def check_line(text: str, number: int) -> LineResult:
    """Parse and replay one line of JSON."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, or a number too long to convert
        return LineResult(number, None, None, f"line {number}: not valid JSON ({error})")
    try:
        return LineResult(number, record, replay(record), None)
    except RecordError as error:
        return LineResult(number, record, None, f"line {number}: {error}")
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError, RecursionError) as error:
        return LineResult(number, record, None, f"line {number}: malformed record ({type(error).__name__}: {error})")
