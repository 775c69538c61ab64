"""Game records (``trick-record/1``, see RECORD.md): write a game, read a file, replay a record.

A game can be written at any moment and read back to the same state. Two extra fields (RECORD.md
allows them) carry what a hand in progress needs beyond the format's lists:

- ``exchange_pending`` (four-player Spades): ``[{"from": seat, "cards": [...]}]``, the cards a seat
  has chosen in the Double Nil exchange while its partner has not chosen yet;
- in ``redraw`` (Spades for two), while the redraws are being decided, a seat that kept its cards
  is listed with nothing discarded or drawn, so that the reader does not decide for the next seat.

Reading checks every field a record gives against the rules, with strict types (a whole number
is neither a float nor a boolean; cards exactly as RECORD.md writes them), and reads a file one
bounded line at a time.
"""

from __future__ import annotations

import json
import os
import select
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from json.encoder import encode_basestring
from typing import Any

from game.actions import DOUBLE_NIL, PASS, Action, Bid, BidValue, Draw, Exchange, IllegalAction, Look, Play, Redraw
from game.cards import DECK, SUITS, Card
from game.chance import Chance
from game.deals import deck_for_deal
from game.factory import GAMES, new_game
from game.games import GAMES as GAME_INFO
from game.options import PitchOptions, SpadesOptions
from game.spades import SpadesGame
from game.spades_two import SpadesTwoGame
from game.state import HandResult, Phase, TrickGame

FORMAT = "trick-record/1"
MAX_LINE = 1 << 20  # a line longer than this (1 MB) is no record: reading stops there
CHUNK = 1 << 16  # bytes read at a time
IDLE_S = 10.0  # a pipe or device that sends nothing for this long is given up on
CARDS: dict[str, Card] = {str(card): card for card in DECK}  # exactly the two-letter forms RECORD.md writes
SEAT_PLAYERS = ("human", "computer")
HAND_FIELDS = {"spades": ("dealer", "deal", "blind", "bids", "exchange", "tricks"),
               "spades-two": ("first", "stock", "draws", "blind", "redraw", "bids", "tricks"),
               "pitch": ("dealer", "deal", "bids", "tricks")}
FINISHED_FIELDS = {"spades": ("points", "scores", "bags"), "spades-two": ("points", "scores", "bags"),
                   "pitch": ("pitcher", "bid", "trump", "points", "scores")}
RECORD_FIELDS = ("format", "game", "options", "seats", "teams", "seed", "hands", "scores", "winner")


class RecordError(ValueError):
    """A record that cannot be read or is not a legal game; the message says where and why."""


# ----------------------------------------------------------------- writing
def _cards(cards: Any) -> list[str]:
    return [str(DECK[c]) for c in cards]


def _result_json(result: HandResult, kind: str) -> dict[str, Any]:
    """A hand's result as the record writes it: plain lists and objects."""
    out: dict[str, Any] = {"points": [dict(side) for side in result.points], "scores": list(result.scores)}
    if kind != "pitch":
        out["bags"] = list(result.bags)
    return out


def _redraw_json(game: TrickGame, log: dict[str, Any], current: bool) -> list[dict[str, Any]]:
    """The hand's Double Nil redraws; while they are being decided, a seat that kept its cards is listed too."""
    done = {seat: (thrown, drawn) for seat, thrown, drawn in log["redraw"]}
    order = list(done)
    if current and isinstance(game, SpadesTwoGame) and game.phase is Phase.REDRAW:
        order = [seat for seat in (game.first, game.second) if seat in log["blind"] and seat not in game.redraw_queue]
    kept: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    return [{"seat": seat, "discarded": _cards(done.get(seat, kept)[0]), "drawn": _cards(done.get(seat, kept)[1])}
            for seat in order]


def _pending_exchange(game: TrickGame, log: dict[str, Any]) -> list[dict[str, Any]]:
    """Cards a Double Nil exchange seat has chosen whose partner has not chosen yet (four-player Spades)."""
    if not isinstance(game, SpadesGame) or game.phase is not Phase.EXCHANGE:
        return []
    given = {giver for giver, _, _ in log["exchange"]}
    return [{"from": seat, "cards": _cards(cards)} for seat, cards in game.pending_exchange.items()
            if seat not in given]


def hand_to_json(game: TrickGame, log: dict[str, Any], current: bool) -> dict[str, Any]:
    """One hand's log as the record's hand object (``current``: the hand in progress)."""
    out: dict[str, Any] = {}
    bids = [(seat, value) for seat, value in log["bids"]]
    if game.kind == "spades-two":
        out["first"] = log["first"]
        out["stock"] = _cards(log["stock"])
        out["draws"] = [({"seat": s, "kept": str(k), "discarded": str(d)} if kept_first
                         else {"seat": s, "discarded": str(d), "kept": str(k)})
                        for s, k, d, kept_first in log["draws"]]
        out["blind"] = list(log["blind"])
        out["redraw"] = _redraw_json(game, log, current)
        # A Double Nil is listed when declared: before every bid made after the drawing.
        bids = [(seat, DOUBLE_NIL) for seat in log["blind"]] + [
            (seat, value) for seat, value in bids if not (value == DOUBLE_NIL and seat in log["blind"])]
    else:
        out["dealer"] = log["dealer"]
        out["deal"] = [_cards(hand) for hand in log["deal"]]
    if game.kind == "spades":
        out["blind"] = list(log["blind"])
    out["bids"] = [{"seat": s, "bid": v} for s, v in bids]
    if game.kind == "spades":
        out["exchange"] = [{"from": f, "to": t, "cards": _cards(c)} for f, t, c in log["exchange"]]
        pending = _pending_exchange(game, log) if current else []
        if pending:
            out["exchange_pending"] = pending
    tricks = log.get("tricks", game.trick_log if current else [])
    out["tricks"] = [{"leader": lead, "plays": [[s, str(c)] for s, c in plays], "winner": w}
                     for lead, plays, w in tricks]
    if current and game.trick:
        out["tricks"].append({"leader": game.leader, "plays": [[s, str(c)] for s, c in game.trick],
                              "winner": None})
    if game.kind == "pitch":
        pitcher = log.get("pitcher", getattr(game, "pitcher", None) if current else None)
        out["pitcher"] = pitcher
        out["bid"] = log.get("bid", getattr(game, "high", None) if current and pitcher is not None else None)
        trump = log.get("trump", game.trump if current else None)
        out["trump"] = SUITS[trump] if trump is not None else None
    if current and game.kind != "pitch":  # a look is no action of its own: keep it for a game read back
        out["looked"] = [seat for seat in range(game.num_seats) if game.looked[seat]]
    result = log.get("result")
    if result is not None:
        out.update(_result_json(result, game.kind))
    return out


def to_record(game: TrickGame, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The whole game (finished or not, at any moment) as a ``trick-record/1`` object."""
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
        "teams": [list(team) for team in game.teams],
        "seed": game.seed,
        "hands": hands,
        "scores": list(game.scores),
        "winner": game.winner,
    }


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON."""
    return json.dumps(record, separators=(",", ":"))


# ----------------------------------------------------------------- comparing, strictly
def _show(value: Any) -> str:
    """A value as JSON text, cut short when long."""
    if value is None or type(value) is bool:
        return "null" if value is None else "true" if value else "false"
    try:
        text = encode_basestring(value) if type(value) is str else json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _diff(recorded: Any, expected: Any, field: str) -> str | None:
    """None when ``recorded`` is exactly ``expected`` (a whole number is no float or boolean, a list no
    object); otherwise the first difference, naming the field and the item in it (``field`` names the
    value as in ``'bids' item 2 'bid'``)."""
    if isinstance(expected, (list, tuple)):
        if not isinstance(recorded, list):
            return f"field {field} is {_show(recorded)}, not a list"
        for index, (mine, theirs) in enumerate(zip(recorded, expected, strict=False), 1):
            problem = _diff(mine, theirs, f"{field} item {index}")
            if problem:
                return problem
        if len(recorded) != len(expected):
            return f"field {field} has {len(recorded)} items but the rules give {len(expected)}"
        return None
    if isinstance(expected, Mapping):
        if not isinstance(recorded, dict):
            return f"field {field} is {_show(recorded)}, not an object"
        for key, value in expected.items():
            if key not in recorded:
                return f"field {field} has no '{key}'"
            problem = _diff(recorded[key], value, f"{field} '{key}'")
            if problem:
                return problem
        return None
    if type(recorded) is not type(expected) or recorded != expected:
        return f"field {field} is {_show(recorded)} but the rules give {_show(expected)}"
    return None


def _check_field(obj: dict[str, Any], key: str, expected: Any, where: str) -> None:
    """``obj[key]`` must be there and be exactly ``expected``."""
    if key not in obj:
        raise RecordError(f"{where}: missing field '{key}'")
    problem = _diff(obj[key], expected, f"'{key}'")
    if problem:
        raise RecordError(f"{where}: {problem}")


def _check_points(points: Any, expected: list[dict[str, Any]], where: str) -> None:
    """Each side's breakdown: an object with ``total``; every part it gives must be the rules' value."""
    if not isinstance(points, list) or not all(isinstance(side, dict) for side in points):
        raise RecordError(f"{where}: field 'points' must be a list of objects, one per side")
    if len(points) != len(expected):
        raise RecordError(f"{where}: field 'points' has {len(points)} sides but the game has {len(expected)}")
    for number, (side, rules) in enumerate(zip(points, expected, strict=True), 1):
        if "total" not in side:
            raise RecordError(f"{where}: field 'points' side {number} has no 'total'")
        for key, value in rules.items():
            if key in side and (type(side[key]) is not type(value) or side[key] != value):
                raise RecordError(f"{where}: field 'points' side {number} '{key}' is {_show(side[key])} "
                                  f"but the rules give {_show(value)}")


# ----------------------------------------------------------------- reading one record
def _need(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict):
        raise RecordError(f"{where}: not an object")
    if key not in obj:
        raise RecordError(f"{where}: missing field '{key}'")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,), (int, str))):
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
    card = CARDS.get(text) if isinstance(text, str) else None
    if card is None:
        raise RecordError(f"{where}: not a card: {_show(text)} (a card is written as rank then suit, "
                          f"such as \"TH\" or \"AS\")")
    return card


def _card_list(values: Any, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise RecordError(f"{where}: expected a list of cards")
    return [_card(v, where) for v in values]


def _seat(value: Any, num_seats: int, where: str) -> int:
    if type(value) is not int or not 0 <= value < num_seats:
        raise RecordError(f"{where}: {_show(value)} is not a seat (0..{num_seats - 1})")
    return value


def _bid_value(value: Any, where: str) -> BidValue:
    if type(value) is int and value > 0:
        return value
    if value in (DOUBLE_NIL, PASS) or value == "nil":
        return str(value)
    raise RecordError(f"{where}: {_show(value)} is not a bid")


def options_from(record: dict[str, Any]) -> SpadesOptions | PitchOptions:
    """The options of a record: every option the game has, each a value the rules offer."""
    info = GAME_INFO[record["game"]]
    raw = _need(record, "options", dict, "options")
    for name in info.option_choices:
        if name not in raw:
            raise RecordError(f"options: missing field '{name}'")
    try:
        return info.options_class(**{name: raw[name] for name in info.option_choices})
    except (TypeError, ValueError) as error:
        raise RecordError(f"options: {error}") from None


def _deck_order(game: str, hand: dict[str, Any], num_seats: int, where: str) -> list[Card]:
    """The shuffled deck (top first) that gives this hand's recorded deal or stock."""
    if game == "spades-two":
        stock = _card_list(_need(hand, "stock", list, where), f"{where} stock")
        if sorted(stock) != list(DECK):
            raise RecordError(f"{where}: the stock is not the 52 cards once each")
        return stock
    dealer = _seat(_need(hand, "dealer", int, where), num_seats, f"{where} dealer")
    deal = _need(hand, "deal", list, where)
    size = GAME_INFO[game].hand_size
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
    seed = record["seed"]
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


def _check_seats(seats: list[Any], num_seats: int) -> None:
    if len(seats) != num_seats or not all(isinstance(seat, dict) for seat in seats):
        raise RecordError(f"seats: want one object per seat ({num_seats})")
    for number, seat in enumerate(seats):
        where = f"seats: seat {number}"
        if type(seat.get("name")) is not str:
            raise RecordError(f"{where}: field 'name' must be text, not {_show(seat.get('name'))}")
        if seat.get("player") not in SEAT_PLAYERS:
            raise RecordError(f"{where}: field 'player' must be \"human\" or \"computer\", "
                              f"not {_show(seat.get('player'))}")
        if "level" in seat and type(seat["level"]) is not str:
            raise RecordError(f"{where}: field 'level' must be text, not {_show(seat['level'])}")


def _check_header(record: Any) -> int:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"unknown format {_show(record.get('format'))} (this program reads {FORMAT})")
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {_show(game)} (one of {', '.join(GAMES)})")
    for key in RECORD_FIELDS:
        if key not in record:
            raise RecordError(f"record: missing field '{key}'")
    _need(record, "hands", list, "record")
    teams = _need(record, "teams", list, "record")
    if not all(isinstance(team, list) and all(type(seat) is int for seat in team) for team in teams):
        raise RecordError(f"teams: {_show(teams)} is not a list of lists of seats")
    num_seats = sum(len(team) for team in teams)
    if not GAME_INFO[game].allows_seats(num_seats):
        raise RecordError(f"teams: {_show(teams)} is not a seating for {game}")
    _check_seats(_need(record, "seats", list, "record"), num_seats)
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


def replay(record: Any, limit: int | None = None) -> Replay:
    """Replay a record into a game state, checking every action and every field; stop after ``limit`` actions."""
    num_seats = _check_header(record)
    options = options_from(record)
    chance = _prepare_chance(record, num_seats)
    try:
        game = new_game(record["game"], options, num_seats, record["seed"], chance)
    except ValueError as error:
        raise RecordError(str(error)) from None
    if _diff(record["teams"], [list(team) for team in game.teams], "'teams'"):
        raise RecordError(f"teams: {_show(record['teams'])} do not match the game's seating "
                          f"{_show([list(t) for t in game.teams])}")
    count = 0
    hands = record["hands"]
    for number, hand in enumerate(hands, 1):
        where = f"hand {number}"
        if game.hand_number != number or game.phase is Phase.GAME_OVER:
            raise RecordError(f"{where}: the game is already over")
        _check_hand_start(game, hand, where)
        claims_finished = "points" in hand or "scores" in hand
        for label, action in _hand_actions(game, hand, where, claims_finished or number < len(hands)):
            if limit is not None and count >= limit:
                return Replay(game, count, False)
            _apply(game, action, f"{where}, {label}: ")
            count += 1
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
        _check_hand_fields(game, hand, number, where, finished)
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


def _check_hand_start(game: TrickGame, hand: Any, where: str) -> None:
    key = "first" if game.kind == "spades-two" else "dealer"
    value = _need(hand, key, int, where)
    if value != game.dealer:
        raise RecordError(f"{where}: field '{key}' is {_show(value)}, but the rotation gives seat {game.dealer}")


def _hand_actions(game: TrickGame, hand: dict[str, Any], where: str, complete: bool
                  ) -> Iterator[tuple[str, Action]]:
    """The hand's decisions as actions, in the order the engine asks for them.

    ``complete``: the hand is claimed finished (or more hands follow), so every phase must be
    played out; otherwise the hand may stop anywhere, such as in the middle of an exchange.
    """
    n = game.num_seats
    blind = [_seat(s, n, f"{where} blind") for s in _optional_list(hand, "blind", where)]
    bids = [(_seat(_need(b, "seat", int, f"{where} bid {i}"), n, f"{where} bid {i}"),
             _bid_value(_need(b, "bid", (int, str), f"{where} bid {i}"), f"{where} bid {i}"))
            for i, b in enumerate(_need(hand, "bids", list, where), 1)]
    tricks = _need(hand, "tricks", list, where)
    if isinstance(game, SpadesTwoGame):
        bids = [(s, v) for s, v in bids if not (v == DOUBLE_NIL and s in blind)]
        yield from _drawing_actions(game, hand, blind, where, complete or bool(bids) or bool(tricks))
    for index, (seat, value) in enumerate(bids, 1):
        yield f"bid {index}", Bid(seat, value)
    if isinstance(game, SpadesGame):
        yield from _exchange_actions(game, hand, where, complete or bool(tricks))
    for number, trick in enumerate(tricks, 1):
        label = f"{where} trick {number}"
        for play in _need(trick, "plays", list, label):
            if not isinstance(play, list) or len(play) != 2:
                raise RecordError(f"{label}: a play must be [seat, card]")
            yield f"trick {number}", Play(_seat(play[0], n, label), _card(play[1], label))


def _drawing_actions(game: SpadesTwoGame, hand: dict[str, Any], blind: list[int], where: str, complete: bool
                     ) -> Iterator[tuple[str, Action]]:
    draws = _need(hand, "draws", list, where)
    for index, draw in enumerate(draws, 1):
        label = f"draw {index}"
        seat = _seat(_need(draw, "seat", int, f"{where} {label}"), 2, f"{where} {label}")
        kept = _card(_need(draw, "kept", str, f"{where} {label}"), f"{where} {label}")
        dropped = _card(_need(draw, "discarded", str, f"{where} {label}"), f"{where} {label}")
        if game.phase is Phase.DRAWING and game.to_act == seat and not game.looked[seat]:
            yield label, (Bid(seat, DOUBLE_NIL) if seat in blind else Look(seat))
        if game.phase is not Phase.DRAWING:
            raise RecordError(f"{where}, {label}: the drawing is over")
        pair = {game.stock[game.stock_pos], game.stock[game.stock_pos + 1]}
        if {kept, dropped} != pair or kept == dropped:
            raise RecordError(f"{where}, {label}: the stock's next two cards are not {kept} and {dropped}")
        yield label, Draw(seat, game.stock[game.stock_pos] == kept)
    seat_now = game.to_act
    if game.phase is Phase.DRAWING and seat_now is not None and seat_now in blind and not game.looked[seat_now]:
        yield "Double Nil", Bid(seat_now, DOUBLE_NIL)  # declared, no card taken yet
    redraws = [_redraw_item(item, f"{where} redraw") for item in _optional_list(hand, "redraw", where)]
    while game.phase is Phase.REDRAW and game.to_act is not None:
        seat = game.to_act
        label = f"redraw by seat {seat}"
        if not redraws or redraws[0][0] != seat:
            if not complete:
                break  # the hand was written while this seat chose
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


def _exchange_actions(game: SpadesGame, hand: dict[str, Any], where: str, complete: bool
                      ) -> Iterator[tuple[str, Action]]:
    given: dict[int, tuple[Card, ...]] = {}
    label = f"{where} exchange"
    for item in _optional_list(hand, "exchange", where):
        seat = _seat(_need(item, "from", int, label), 4, label)
        to = _seat(_need(item, "to", int, label), 4, label)
        if to != game.partner(seat) or seat in given:
            raise RecordError(f"{label}: seat {seat} gives once, to its partner, not to seat {to}")
        given[seat] = tuple(_card_list(_need(item, "cards", list, label), label))
    for item in _optional_list(hand, "exchange_pending", where):
        seat = _seat(_need(item, "from", int, f"{label}_pending"), 4, f"{label}_pending")
        if seat in given:
            raise RecordError(f"{label}_pending: seat {seat} gives once")
        given[seat] = tuple(_card_list(_need(item, "cards", list, f"{label}_pending"), f"{label}_pending"))
    while game.phase is Phase.EXCHANGE and game.to_act is not None:
        seat = game.to_act
        if seat not in given:
            if not complete:
                break  # the hand was written while this seat chose
            raise RecordError(f"{where}: seat {seat} must give three cards in the Double Nil exchange")
        yield f"exchange by seat {seat}", Exchange(seat, given.pop(seat))
    if given:
        raise RecordError(f"{where}: an exchange is recorded that the bids do not call for")


def _check_hand_fields(game: TrickGame, hand: dict[str, Any], number: int, where: str, finished: bool) -> None:
    """Every field the hand records is the one the rules give, and none that RECORD.md lists is missing."""
    current = not finished and number == len(game.hand_logs)
    expected = hand_to_json(game, game.hand_logs[number - 1], current)
    for key in HAND_FIELDS[game.kind] + (FINISHED_FIELDS[game.kind] if finished else ()):
        if key not in hand:
            raise RecordError(f"{where}: missing field '{key}'")
    for index, (trick, rules) in enumerate(zip(hand["tricks"], expected["tricks"], strict=False), 1):
        for key in ("leader", "winner"):
            _check_field(trick, key, rules[key], f"{where} trick {index}")
    for key, value in expected.items():
        if key in ("looked", "tricks", "points") or key not in hand:
            continue
        recorded = hand[key]
        if key == "redraw" and isinstance(recorded, list):  # a seat that kept its cards may be listed or left out
            recorded = [item for item in recorded if not (isinstance(item, dict) and item.get("discarded") == []
                                                         and item.get("drawn") == [])]
            value = [item for item in value if item["discarded"]]
        _check_field({key: recorded}, key, value, where)
    if "points" in expected:
        _check_points(hand["points"], expected["points"], where)


def _check_end(game: TrickGame, record: dict[str, Any]) -> None:
    scores, winner = list(game.scores), game.winner
    if _diff(record["scores"], scores, "'scores'"):
        raise RecordError(f"scores: recorded {_show(record['scores'])} but the hands add up to {_show(scores)}")
    if _diff(record["winner"], winner, "'winner'"):
        raise RecordError(f"winner: recorded {_show(record['winner'])} but the rules give {_show(winner)}")


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
