"""The record codec of Four-player Spades: how its hands are written in ``trick-record/1`` and read back."""

from __future__ import annotations

from typing import Any

from game.actions import DOUBLE_NIL, Exchange
from game.cards import Card
from game.codecs import Codec, Labelled, RecordError, card_list, card_texts, need, optional_list, seat_of
from game.history import HandHistory
from game.spades.rules import CARD_COUNTS, CUTTHROAT_THREE_HAND, EXCHANGE_SIZE, SpadesGame
from game.spades.rules import HAND_SIZE as SPADES_HAND_SIZE
from game.spades.rules import deal_hands as spades_deal
from game.spades.rules import deck_for_deal as deal_order
from game.state import Phase, TrickGame


class SpadesCodec(Codec):
    """Spades (four in partnerships, or Cutthroat for three or four): dealer, deal, blind Double Nils,
    bids, the Double Nil exchange and the Nil pass, tricks.

    While the exchange is being chosen, ``exchange_pending`` (an extra field) lists the cards a
    seat has chosen whose partner has not chosen yet.
    """

    kind = "spades"
    hand_fields = ("dealer", "deal", "blind", "bids", "exchange", "tricks")
    hand_size = SPADES_HAND_SIZE
    deck_for_deal = staticmethod(deal_order)

    def _write_start(self, game: TrickGame, hand: HandHistory, current: bool) -> dict[str, Any]:
        bids = self._bids(hand)
        exchange: list[dict[str, Any]] = []
        chosen: dict[int, tuple[int, ...]] = {}
        for action in hand.entries:
            if isinstance(action, Exchange):
                partner = game.partner(action.seat)
                assert partner is not None
                if partner in chosen:  # both have chosen: the cards change hands, the first giver's first
                    exchange += [{"from": partner, "to": action.seat, "cards": card_texts(chosen.pop(partner))},
                                 {"from": action.seat, "to": partner, "cards": card_texts(action.cards)}]
                else:
                    chosen[action.seat] = tuple(action.cards)
        out: dict[str, Any] = {
            "dealer": hand.dealer, "deal": [card_texts(h) for h in spades_deal(hand.deck, hand.dealer, game.num_seats)],
            "blind": [seat for seat, value in bids if value == DOUBLE_NIL],
            "bids": [{"seat": s, "bid": v} for s, v in bids], "exchange": exchange}
        if current and chosen:
            out["exchange_pending"] = [{"from": seat, "cards": card_texts(cards)} for seat, cards in chosen.items()]
        return out

    def dealt_size(self, num_seats: int) -> int:
        """13 cards each, or 17 each in Cutthroat Spades for three."""
        return CUTTHROAT_THREE_HAND if num_seats == 3 else SPADES_HAND_SIZE

    def actions(self, game: TrickGame, hand: dict[str, Any], where: str, complete: bool) -> Labelled:
        """Blind seats are only checked (a Double Nil bid is blind), then bids, exchange, tricks."""
        for s in optional_list(hand, "blind", where):
            seat_of(s, game.num_seats, f"{where} blind")
        yield from self._bid_actions(self._read_bids(game, hand, where))
        assert isinstance(game, SpadesGame)
        yield from self._exchange_actions(game, hand, where, complete or bool(need(hand, "tricks", list, where)))
        yield from self._play_actions(game, hand, where)

    @staticmethod
    def _exchange_actions(game: SpadesGame, hand: dict[str, Any], where: str, complete: bool) -> Labelled:
        given: dict[int, tuple[Card, ...]] = {}
        label = f"{where} exchange"
        for item in optional_list(hand, "exchange", where):
            seat = seat_of(need(item, "from", int, label), game.num_seats, label)
            to = seat_of(need(item, "to", int, label), game.num_seats, label)
            if to != game.partner(seat) or seat in given:
                raise RecordError(f"{label}: seat {seat} gives once, to its partner, not to seat {to}")
            given[seat] = tuple(card_list(need(item, "cards", list, label), label))
        for item in optional_list(hand, "exchange_pending", where):
            seat = seat_of(need(item, "from", int, f"{label}_pending"), game.num_seats, f"{label}_pending")
            if seat in given:
                raise RecordError(f"{label}_pending: seat {seat} gives once")
            given[seat] = tuple(card_list(need(item, "cards", list, f"{label}_pending"), f"{label}_pending"))
        while game.phase is Phase.EXCHANGE and game.to_act is not None:
            seat = game.to_act
            if seat not in given:
                if not complete:
                    break  # the hand was written while this seat chose
                size = game.exchange_sizes[seat]
                which = "Double Nil exchange" if size == EXCHANGE_SIZE else "Nil pass"
                raise RecordError(f"{where}: seat {seat} must give {CARD_COUNTS[size]} cards in the {which}")
            yield f"exchange by seat {seat}", Exchange(seat, given.pop(seat))
        if given:
            raise RecordError(f"{where}: an exchange is recorded that the bids do not call for")
