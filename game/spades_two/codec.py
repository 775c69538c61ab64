"""The record codec of Spades for two: how its hands are written in ``trick-record/1`` and read back."""

from __future__ import annotations

from typing import Any, cast

from game.actions import DOUBLE_NIL, Bid, BidValue, Draw, Look, Redraw
from game.cards import DECK, Card
from game.codecs import Codec, Labelled, RecordError, card, card_list, card_texts, need, optional_list, seat_of
from game.history import DECK_ORDER, SAMPLE, ChanceOutcome, HandHistory
from game.spades.rules import HAND_SIZE as SPADES_HAND_SIZE
from game.spades_two.rules import SpadesTwoGame
from game.spades_two.rules import deck_for_deal as deal_order
from game.state import Phase, TrickGame


class SpadesTwoCodec(Codec):
    """Spades for two: first drawer, stock, draws, blind Double Nils, redraws, bids, tricks.

    While the redraws are being decided, a seat that kept its cards is listed in ``redraw`` with
    nothing discarded or drawn, so that the reader does not decide for the next seat.
    """

    kind = "spades-two"
    start_field = "first"
    hand_fields = ("first", "stock", "draws", "blind", "redraw", "bids", "tricks")
    hand_size = SPADES_HAND_SIZE
    deck_for_deal = staticmethod(deal_order)

    def _write_start(self, game: TrickGame, hand: HandHistory, current: bool) -> dict[str, Any]:
        stock, position = hand.deck, 0
        draws: list[dict[str, Any]] = []
        redraws: list[dict[str, Any]] = []
        blind: list[int] = []
        bids: list[tuple[int, BidValue]] = []
        keep_all = current and game.phase is Phase.REDRAW  # a seat that kept its cards is listed then
        for index, action in enumerate(hand.entries):
            if isinstance(action, Draw):
                taken, other = stock[position], stock[position + 1]
                kept, dropped = (taken, other) if action.keep else (other, taken)
                position += 2
                draws.append({"seat": action.seat, "kept": str(kept), "discarded": str(dropped)} if action.keep
                             else {"seat": action.seat, "discarded": str(dropped), "kept": str(kept)})
            elif isinstance(action, Bid) and action.value == DOUBLE_NIL:  # declared while drawing
                blind.append(action.seat)
            elif isinstance(action, Bid):
                bids.append((action.seat, action.value))
            elif isinstance(action, Redraw) and (action.cards or keep_all):
                following = hand.entries[index + 1] if action.cards else None
                drawn = following.outcome if isinstance(following, ChanceOutcome) else ()
                assert isinstance(drawn, tuple)
                redraws.append({"seat": action.seat, "discarded": card_texts(action.cards),
                                "drawn": card_texts(drawn)})
        listed = [(seat, DOUBLE_NIL) for seat in blind] + bids  # a Double Nil is listed when declared
        return {"first": hand.dealer, "stock": card_texts(stock), "draws": draws, "blind": blind,
                "redraw": redraws, "bids": [{"seat": s, "bid": v} for s, v in listed]}

    def comparable(self, key: str, recorded: object, expected: object) -> tuple[object, object]:
        """A seat that kept its cards may be listed in ``redraw`` or left out."""
        if key == "redraw" and isinstance(recorded, list):
            recorded = [item for item in recorded if not (isinstance(item, dict) and item.get("discarded") == []
                                                         and item.get("drawn") == [])]
            expected = [item for item in cast("list[dict[str, Any]]", expected) if item["discarded"]]
        return recorded, expected

    def chance(self, hand: dict[str, Any], num_seats: int, where: str) -> list[ChanceOutcome]:
        """The stock, then the cards each redraw drew."""
        stock = card_list(need(hand, "stock", list, where), f"{where} stock")
        if sorted(stock) != list(DECK):
            raise RecordError(f"{where}: the stock is not the 52 cards once each")
        outcomes = [ChanceOutcome(DECK_ORDER, tuple(stock))]
        for item in optional_list(hand, "redraw", where):
            drawn = card_list(need(item, "drawn", list, f"{where} redraw"), f"{where} redraw")
            if drawn:
                outcomes.append(ChanceOutcome(SAMPLE, tuple(drawn)))
        return outcomes

    def actions(self, game: TrickGame, hand: dict[str, Any], where: str, complete: bool) -> Labelled:
        """Looks and Double Nil declarations as the draws need them, draws, redraws, bids, tricks."""
        assert isinstance(game, SpadesTwoGame)
        blind = [seat_of(s, game.num_seats, f"{where} blind") for s in optional_list(hand, "blind", where)]
        bids = [(s, v) for s, v in self._read_bids(game, hand, where) if not (v == DOUBLE_NIL and s in blind)]
        tricks = need(hand, "tricks", list, where)
        yield from self._drawing_actions(game, hand, blind, where, complete or bool(bids) or bool(tricks))
        yield from self._bid_actions(bids)
        yield from self._play_actions(game, hand, where)

    def _drawing_actions(self, game: SpadesTwoGame, hand: dict[str, Any], blind: list[int], where: str,
                         complete: bool) -> Labelled:
        for index, draw in enumerate(need(hand, "draws", list, where), 1):
            label = f"draw {index}"
            seat = seat_of(need(draw, "seat", int, f"{where} {label}"), 2, f"{where} {label}")
            kept = card(need(draw, "kept", str, f"{where} {label}"), f"{where} {label}")
            dropped = card(need(draw, "discarded", str, f"{where} {label}"), f"{where} {label}")
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
        redraws = [self._redraw_item(item, f"{where} redraw") for item in optional_list(hand, "redraw", where)]
        while game.phase is Phase.REDRAW and game.to_act is not None:
            seat = game.to_act
            label = f"redraw by seat {seat}"
            if not redraws or redraws[0][0] != seat:
                if not complete:
                    break  # the hand was written while this seat chose
                yield label, Redraw(seat, ())
                continue
            _, thrown, drawn = redraws.pop(0)
            for one in drawn:
                if not game.discards >> one & 1:
                    raise RecordError(f"{where}, {label}: {one} was not in the discard pile")
            yield label, Redraw(seat, thrown)
        if redraws:
            raise RecordError(f"{where}: a redraw is recorded for seat {redraws[0][0]} that the game does not call for")

    @staticmethod
    def _redraw_item(item: object, where: str) -> tuple[int, tuple[Card, ...], list[Card]]:
        """A recorded Double Nil redraw: (seat, cards thrown, cards drawn), checked for form."""
        seat = seat_of(need(item, "seat", int, where), 2, where)
        thrown = tuple(card_list(need(item, "discarded", list, where), where))
        drawn = card_list(need(item, "drawn", list, where), where)
        if len(drawn) != len(thrown) or len(set(drawn)) != len(drawn):
            raise RecordError(f"{where}: seat {seat} must draw as many different cards as it discards")
        return seat, thrown, drawn
