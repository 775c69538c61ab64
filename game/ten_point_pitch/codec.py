"""Ten-point Pitch's record codec (RECORD.md): written as Pitch, with ``stock`` and ``draw``.

A hand gives ``dealer``, ``deal`` (9 cards a seat), ``stock`` (the rest, top first), ``bids``,
``pitcher`` and ``bid`` (once the bidding is over), ``trump`` (once named), ``draw`` (one entry per
player, the pitcher last, as far as the draw has gone), ``tricks`` (which may hold fewer plays than
seats) and, once finished, ``points`` and ``scores``.

The codec writes a hand by replaying its history alone (the deck and the hand's actions) through
the rules, so the draw and the cut of the plays into tricks come from the one place that decides
them. Reading turns the recorded draw back into the ``Discard`` choices the rules ask for: a card a
player put down that the rules did not put down for him.
"""

from __future__ import annotations

from typing import Any

from game.actions import Discard, NameTrump
from game.cards import JOKER_DECK, SUITS, Card
from game.chance import Chance
from game.codecs import (
    Codec,
    Labelled,
    RecordError,
    card_list,
    check_field,
    check_points,
    need,
    optional_list,
    seat_of,
    show,
)
from game.history import DECK_ORDER, ChanceOutcome, HandHistory
from game.state import HandResult, Phase, TrickGame
from game.ten_point_pitch.rules import HAND_SIZE, KIND, TenPointPitchGame, deal_hands, deck_for


def texts(cards: Any) -> list[str]:
    """Cards in their two-letter forms."""
    return [str(JOKER_DECK[c]) for c in cards]


def replay_hand(game: TrickGame, hand: HandHistory) -> TenPointPitchGame:
    """The hand alone, replayed from its deck and actions through ``apply()`` (scores not kept)."""
    chance = Chance(0)
    chance.force("seat", [hand.dealer])
    chance.force("deck", [list(hand.deck)])
    alone = TenPointPitchGame(game.options, game.num_seats, None, chance)
    alone.keeps_history = False
    alone.stop_at_hand_end = True
    for action in hand.actions():
        alone.apply(action)
    return alone


class TenPointPitchCodec(Codec):
    """Ten-point Pitch: dealer, deal, stock, bids, pitcher, bid, trump, draw, tricks."""

    kind = KIND
    hand_fields = ("dealer", "deal", "stock", "bids", "tricks")
    finished_fields = ("pitcher", "bid", "trump", "draw", "points", "scores")
    hand_size = HAND_SIZE
    keeps_looks = False

    # ----- writing
    def write_hand(self, game: TrickGame, hand: HandHistory, result: HandResult | None,
                   current: bool) -> dict[str, Any]:
        """The hand as the record's object, from its history replayed alone."""
        alone = replay_hand(game, hand)
        deal, stock = deal_hands(hand.deck, hand.dealer, game.num_seats)
        out: dict[str, Any] = {"dealer": hand.dealer, "deal": [texts(h) for h in deal], "stock": texts(stock),
                               "bids": [{"seat": s, "bid": v} for s, v in self._bids(hand)]}
        if alone.phase is not Phase.BIDDING:
            out["pitcher"], out["bid"] = alone.pitcher, alone.high
        if alone.trump is not None:
            out["trump"] = SUITS[alone.trump]
        out["draw"] = [entry.to_json() for entry in alone.draw_log]
        tricks = [{"leader": leader, "plays": [[s, str(c)] for s, c in plays], "winner": winner}
                  for leader, plays, winner in alone.trick_log]
        if alone.trick:
            tricks.append({"leader": alone.trick[0][0], "plays": [[s, str(c)] for s, c in alone.trick],
                           "winner": None})
        out["tricks"] = tricks
        if result is not None:
            out["points"] = [dict(side) for side in result.points]
            out["scores"] = list(result.scores)
        return out

    def comparable(self, key: str, recorded: Any, expected: Any) -> tuple[Any, Any]:
        """The cards a player put down may be listed in any order."""
        if key == "draw" and isinstance(recorded, list):
            recorded = [_unordered(item) for item in recorded]
            expected = [_unordered(item) for item in expected]
        return recorded, expected

    def check_hand(self, game: TrickGame, hand: HandHistory, recorded: dict[str, Any], result: HandResult | None,
                   current: bool, where: str) -> None:
        """Every field the hand gives is the rules' (the tricks cut where the rules cut them), and none
        that RECORD.md lists is missing."""
        expected = self.write_hand(game, hand, result, current)
        for key in self.hand_fields + (self.finished_fields if result is not None else ()):
            if key not in recorded:
                raise RecordError(f"{where}: missing field '{key}'")
        tricks = need(recorded, "tricks", list, where)
        if len(tricks) != len(expected["tricks"]):
            raise RecordError(f"{where}: {len(tricks)} tricks recorded but the plays make {len(expected['tricks'])}")
        for index, (trick, rules) in enumerate(zip(tricks, expected["tricks"], strict=True), 1):
            label = f"{where} trick {index}"
            if not isinstance(trick, dict):
                raise RecordError(f"{label}: not an object")
            check_field(trick, "leader", rules["leader"], label)
            check_field(trick, "plays", rules["plays"], label)
            if rules["winner"] is not None or trick.get("winner") is not None:
                check_field(trick, "winner", rules["winner"], label)
        for key, value in expected.items():
            if key in ("tricks", "points") or key not in recorded:
                continue
            given, value = self.comparable(key, recorded[key], value)
            check_field({key: given}, key, value, where)
        if "points" in expected:
            check_points(recorded["points"], expected["points"], where)

    # ----- reading
    def chance(self, hand: dict[str, Any], num_seats: int, where: str) -> list[ChanceOutcome]:
        """The 54-card deck that deals the recorded ``deal`` and leaves the recorded ``stock``."""
        dealer = seat_of(need(hand, "dealer", int, where), num_seats, f"{where} dealer")
        deal = need(hand, "deal", list, where)
        if len(deal) != num_seats:
            raise RecordError(f"{where}: the deal has {len(deal)} hands for {num_seats} seats")
        hands = [card_list(h, f"{where} deal") for h in deal]
        if any(len(h) != HAND_SIZE for h in hands):
            raise RecordError(f"{where}: every seat must be dealt {HAND_SIZE} cards")
        stock = card_list(need(hand, "stock", list, where), f"{where} stock")
        deck = deck_for(dealer, hands, stock)
        if sorted(deck) != list(JOKER_DECK):
            raise RecordError(f"{where}: the deal and the stock are not the 54 cards once each")
        return [ChanceOutcome(DECK_ORDER, tuple(deck))]

    def actions(self, game: TrickGame, hand: dict[str, Any], where: str, complete: bool) -> Labelled:
        """Bids, the trump named, the draw's choices, then the plays."""
        assert isinstance(game, TenPointPitchGame)
        yield from self._bid_actions(self._read_bids(game, hand, where))
        later = bool(optional_list(hand, "draw", where)) or bool(need(hand, "tricks", list, where))
        if game.phase is Phase.NAMING_TRUMP:
            trump = hand.get("trump")
            if trump is None:
                if complete or later:
                    raise RecordError(f"{where}: missing field 'trump'")
                return
            if not isinstance(trump, str) or len(trump) != 1 or trump not in SUITS:
                raise RecordError(f"{where}: field 'trump' is {show(trump)}, not one of \"S\", \"H\", \"D\", \"C\"")
            assert game.to_act is not None
            yield "trump", NameTrump(game.to_act, SUITS.index(trump))
        put_down = self._put_down(game, hand, where)
        while game.phase is Phase.DISCARDING and game.to_act is not None:
            seat = game.to_act
            choices = [c for c in put_down.get(seat, ()) if game.hands[seat] >> c & 1]
            if not choices:
                if complete or bool(need(hand, "tricks", list, where)):
                    raise RecordError(f"{where}: seat {seat} must put down more cards in the draw")
                return
            yield f"draw by seat {seat}", Discard(seat, choices[0])
        yield from self._play_actions(game, hand, where)

    @staticmethod
    def _put_down(game: TrickGame, hand: dict[str, Any], where: str) -> dict[int, list[Card]]:
        """Per seat, every card its draw entry says it put down (burned first, then face down)."""
        out: dict[int, list[Card]] = {}
        for index, item in enumerate(optional_list(hand, "draw", where), 1):
            label = f"{where} draw {index}"
            seat = seat_of(need(item, "seat", int, label), game.num_seats, label)
            if seat in out:
                raise RecordError(f"{label}: seat {seat} draws once a hand")
            out[seat] = (card_list(optional_list(item, "burned", label), label)
                         + card_list(optional_list(item, "discarded", label), label))
        return out


def _unordered(item: Any) -> Any:
    """A draw entry with its cards put down in one order (their sorted texts)."""
    if not isinstance(item, dict):
        return item
    out = dict(item)
    for key in ("discarded", "burned"):
        if isinstance(out.get(key), list) and all(isinstance(c, str) for c in out[key]):
            out[key] = sorted(out[key])
    return out
