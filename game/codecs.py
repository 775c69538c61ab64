"""One record codec per game: how a hand of its history is written in ``trick-record/1``, read back and checked.

A codec writes a hand from the hand's history entries (game/history.py), reads a recorded hand into
the chance outcomes it forces and the actions it applies, and names the fields a hand must give.
``game.games.GAMES[kind].codec`` is the codec of each game (each in
``game/<game>/codec.py``); game/record.py does the rest (the record's header, the checks of every
claimed field, the file).

The reading helpers here check strict types (a whole number is neither a float nor a boolean;
cards exactly as RECORD.md writes them) and raise ``RecordError`` naming the hand and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from json.encoder import encode_basestring
from typing import Any

from game.actions import DOUBLE_NIL, PASS, Action, Bid, BidValue, Play
from game.cards import JOKER_DECK, SPADES, Card
from game.history import DECK_ORDER, ChanceOutcome, HandHistory
from game.state import HandResult, TrickGame

CARDS: dict[str, Card] = {str(card): card for card in JOKER_DECK}  # exactly the forms RECORD.md writes (jokers BJ, LJ)
Labelled = Iterator[tuple[str, Action]]  # the actions of a recorded hand, each with where it was read


class RecordError(ValueError):
    """A record that cannot be read or is not a legal game; the message says where and why."""


# ----------------------------------------------------------------- reading fields, strictly
def show(value: object) -> str:
    """A value as JSON text, cut short when long."""
    if value is None or type(value) is bool:
        return "null" if value is None else "true" if value else "false"
    try:
        text = encode_basestring(value) if type(value) is str else json.dumps(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deep to show"
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def need(obj: object, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``obj[key]``, which must be there and of type ``kind`` (a boolean is no whole number)."""
    if not isinstance(obj, dict):
        raise RecordError(f"{where}: not an object")
    if key not in obj:
        raise RecordError(f"{where}: missing field '{key}'")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,), (int, str))):
        raise RecordError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def optional_list(obj: dict[str, Any], key: str, where: str) -> list[Any]:
    """A field that may be left out (or null) but is a list when given."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"{where}: field '{key}' has the wrong type ({type(value).__name__})")
    return value


def card(text: object, where: str) -> Card:
    """A card written as RECORD.md writes it (``"TH"``)."""
    found = CARDS.get(text) if isinstance(text, str) else None
    if found is None:
        raise RecordError(f"{where}: not a card: {show(text)} (a card is written as rank then suit, "
                          f"such as \"TH\" or \"AS\")")
    return found


def card_list(values: object, where: str) -> list[Card]:
    """A list of cards."""
    if not isinstance(values, list):
        raise RecordError(f"{where}: expected a list of cards")
    return [card(v, where) for v in values]


def seat_of(value: object, num_seats: int, where: str) -> int:
    """A seat number of this game."""
    if type(value) is not int or not 0 <= value < num_seats:
        raise RecordError(f"{where}: {show(value)} is not a seat (0..{num_seats - 1})")
    return value


def bid_value(value: object, where: str) -> BidValue:
    """A bid: a whole number above 0, ``"nil"``, ``"double_nil"`` or ``"pass"``."""
    if type(value) is int and value > 0:
        return value
    if value in (DOUBLE_NIL, PASS) or value == "nil":
        return str(value)
    raise RecordError(f"{where}: {show(value)} is not a bid")


def card_texts(cards: Iterable[int]) -> list[str]:
    """Cards (or plain card numbers) in their two-letter form."""
    return [str(JOKER_DECK[c]) for c in cards]


# ----------------------------------------------------------------- comparing, strictly
def diff(recorded: object, expected: object, field: str) -> str | None:
    """None when ``recorded`` is exactly ``expected`` (a whole number is no float or boolean, a list no
    object); otherwise the first difference, naming the field and the item in it (``field`` names the
    value as in ``'bids' item 2 'bid'``)."""
    if isinstance(expected, (list, tuple)):
        if not isinstance(recorded, list):
            return f"field {field} is {show(recorded)}, not a list"
        for index, (mine, theirs) in enumerate(zip(recorded, expected, strict=False), 1):
            problem = diff(mine, theirs, f"{field} item {index}")
            if problem:
                return problem
        if len(recorded) != len(expected):
            return f"field {field} has {len(recorded)} items but the rules give {len(expected)}"
        return None
    if isinstance(expected, Mapping):
        if not isinstance(recorded, dict):
            return f"field {field} is {show(recorded)}, not an object"
        for key, value in expected.items():
            if key not in recorded:
                return f"field {field} has no '{key}'"
            problem = diff(recorded[key], value, f"{field} '{key}'")
            if problem:
                return problem
        return None
    if isinstance(expected, str):  # a NamedBid is written as its plain string
        expected = str(expected)
    if isinstance(recorded, str):
        recorded = str(recorded)
    if type(recorded) is not type(expected) or recorded != expected:
        return f"field {field} is {show(recorded)} but the rules give {show(expected)}"
    return None


def check_field(obj: dict[str, Any], key: str, expected: object, where: str) -> None:
    """``obj[key]`` must be there and be exactly ``expected``."""
    if key not in obj:
        raise RecordError(f"{where}: missing field '{key}'")
    problem = diff(obj[key], expected, f"'{key}'")
    if problem:
        raise RecordError(f"{where}: {problem}")


def check_points(points: object, expected: list[dict[str, Any]], where: str) -> None:
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
                raise RecordError(f"{where}: field 'points' side {number} '{key}' is {show(side[key])} "
                                  f"but the rules give {show(value)}")


# ----------------------------------------------------------------- the codecs
class Codec:
    """What every game's hands share: bids and tricks written from the history, read into actions."""

    kind = ""
    start_field = "dealer"  # the hand's field naming the seat the rotation gives
    hand_fields: tuple[str, ...] = ()  # fields every hand gives
    finished_fields: tuple[str, ...] = ("points", "scores", "bags")  # and every finished hand
    hand_size = 0
    keeps_looks = True  # a hand in progress says which seats had looked (Pitch deals face up)

    # ----- writing
    def write_hand(self, game: TrickGame, hand: HandHistory, result: HandResult | None,
                   current: bool) -> dict[str, Any]:
        """One hand of the game's history as the record's hand object (``current``: still being played)."""
        out = self._write_start(game, hand, current)
        out["tricks"] = self._tricks(game, hand)
        out.update(self._write_end(game, hand))
        if current and self.keeps_looks:  # a look is no field of its own: keep it for a game read back
            out["looked"] = [seat for seat in range(game.num_seats) if game.looked[seat]]
        if result is not None:
            out["points"] = [dict(side) for side in result.points]
            out["scores"] = list(result.scores)
            if "bags" in self.finished_fields:
                out["bags"] = list(result.bags)
        return out

    def _write_start(self, game: TrickGame, hand: HandHistory, current: bool) -> dict[str, Any]:
        """The hand's fields before its tricks."""
        raise NotImplementedError

    def _write_end(self, game: TrickGame, hand: HandHistory) -> dict[str, Any]:
        """The hand's fields after its tricks (Pitch: the pitcher, bid and trump)."""
        return {}

    def _trump(self, hand: HandHistory) -> int | None:
        """The hand's trump suit."""
        return SPADES

    def _tricks(self, game: TrickGame, hand: HandHistory) -> list[dict[str, Any]]:
        """The hand's plays cut into tricks; the last may be unfinished (no winner yet)."""
        plays = [(a.seat, a.card) for a in hand.entries if isinstance(a, Play)]
        n, trump = game.num_seats, self._trump(hand)
        tricks = []
        for start in range(0, len(plays), n):
            trick = plays[start:start + n]
            tricks.append({"leader": trick[0][0], "plays": [[s, str(JOKER_DECK[c])] for s, c in trick],
                           "winner": game.winner_of(trick, trump) if len(trick) == n else None})
        return tricks

    @staticmethod
    def _bids(hand: HandHistory) -> list[tuple[int, BidValue]]:
        return [(a.seat, a.value) for a in hand.entries if isinstance(a, Bid)]

    def check_hand(self, game: TrickGame, hand: HandHistory, recorded: dict[str, Any], result: HandResult | None,
                   current: bool, where: str) -> None:
        """Every field a recorded hand gives is the one the rules give for the replayed ``hand``, and
        none that RECORD.md lists is missing (a finished hand: its points, scores and bags too)."""
        expected = self.write_hand(game, hand, result, current)
        for key in self.hand_fields + (self.finished_fields if result is not None else ()):
            if key not in recorded:
                raise RecordError(f"{where}: missing field '{key}'")
        for index, (trick, rules) in enumerate(zip(recorded["tricks"], expected["tricks"], strict=False), 1):
            for key in ("leader", "winner"):
                if key == "winner" and rules[key] is None and isinstance(trick, dict) and trick.get(key) is None:
                    continue  # the unfinished trick of a hand in progress: "winner" absent or null (RECORD.md)
                check_field(trick, key, rules[key], f"{where} trick {index}")
        for key, value in expected.items():
            if key in ("looked", "tricks", "points") or key not in recorded:
                continue
            given, value = self.comparable(key, recorded[key], value)
            check_field({key: given}, key, value, where)
        if "points" in expected:
            check_points(recorded["points"], expected["points"], where)

    def comparable(self, key: str, recorded: object, expected: object) -> tuple[object, object]:
        """A field as recorded and as the rules give it, in the form to compare (hook)."""
        return recorded, expected

    # ----- reading
    def chance(self, hand: dict[str, Any], num_seats: int, where: str) -> list[ChanceOutcome]:
        """The chance outcomes a recorded hand gives: its deck, then any cards drawn at random."""
        return [ChanceOutcome(DECK_ORDER, tuple(self._deck(hand, num_seats, where)))]

    def _deck(self, hand: dict[str, Any], num_seats: int, where: str) -> list[Card]:
        """The shuffled deck (top first) that gives this hand's recorded deal."""
        dealer = seat_of(need(hand, "dealer", int, where), num_seats, f"{where} dealer")
        deal = need(hand, "deal", list, where)
        if len(deal) != num_seats:
            raise RecordError(f"{where}: the deal has {len(deal)} hands for {num_seats} seats")
        hands = [card_list(h, f"{where} deal") for h in deal]
        size = self.dealt_size(num_seats)
        if any(len(h) != size for h in hands):
            raise RecordError(f"{where}: every seat must be dealt {size} cards")
        flat = [c for h in hands for c in h]
        if len(set(flat)) != len(flat):
            raise RecordError(f"{where}: a card is dealt twice")
        return self.deck_for_deal(dealer, hands, num_seats)

    def deck_for_deal(self, dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
        """The shuffled deck that deals ``hands`` (the game's own inverse of dealing; hook)."""
        raise NotImplementedError

    def dealt_size(self, num_seats: int) -> int:
        """The cards dealt to each seat at a table of ``num_seats``."""
        return self.hand_size

    def actions(self, game: TrickGame, hand: dict[str, Any], where: str, complete: bool) -> Labelled:
        """The hand's decisions as actions, in the order the engine asks for them, each with a label.

        ``complete``: the hand is claimed finished (or more hands follow), so every phase must be
        played out; otherwise the hand may stop anywhere, such as in the middle of an exchange.
        Lazy: the game is advanced between two actions, and what comes next may depend on it.
        """
        yield from self._bid_actions(self._read_bids(game, hand, where))
        yield from self._play_actions(game, hand, where)

    def _read_bids(self, game: TrickGame, hand: dict[str, Any], where: str) -> list[tuple[int, BidValue]]:
        n = game.num_seats
        return [(seat_of(need(b, "seat", int, f"{where} bid {i}"), n, f"{where} bid {i}"),
                 bid_value(need(b, "bid", (int, str), f"{where} bid {i}"), f"{where} bid {i}"))
                for i, b in enumerate(need(hand, "bids", list, where), 1)]

    @staticmethod
    def _bid_actions(bids: list[tuple[int, BidValue]]) -> Labelled:
        for index, (seat, value) in enumerate(bids, 1):
            yield f"bid {index}", Bid(seat, value)

    @staticmethod
    def _play_actions(game: TrickGame, hand: dict[str, Any], where: str) -> Labelled:
        for number, trick in enumerate(need(hand, "tricks", list, where), 1):
            label = f"{where} trick {number}"
            for play in need(trick, "plays", list, label):
                if not isinstance(play, list) or len(play) != 2:
                    raise RecordError(f"{label}: a play must be [seat, card]")
                yield f"trick {number}", Play(seat_of(play[0], game.num_seats, label), card(play[1], label))
