"""The record codec of Pitch: how its hands are written in ``trick-record/1`` and read back."""

from __future__ import annotations

from typing import Any

from game.actions import Play
from game.cards import SUITS
from game.codecs import Codec, card_texts
from game.history import HandHistory
from game.pitch.rules import HAND_SIZE as PITCH_HAND_SIZE
from game.pitch.rules import deal_hands as pitch_deal
from game.pitch.rules import deck_for_deal as deal_order
from game.state import TrickGame


class PitchCodec(Codec):
    """Pitch: dealer, deal, bids, tricks; the pitcher, its bid and trump (the pitcher's first lead)."""

    kind = "pitch"
    hand_fields = ("dealer", "deal", "bids", "tricks")
    finished_fields = ("pitcher", "bid", "trump", "points", "scores")
    hand_size = PITCH_HAND_SIZE
    keeps_looks = False
    deck_for_deal = staticmethod(deal_order)

    def _write_start(self, game: TrickGame, hand: HandHistory, current: bool) -> dict[str, Any]:
        deal = pitch_deal(hand.deck, hand.dealer, game.num_seats)
        return {"dealer": hand.dealer, "deal": [card_texts(h) for h in deal],
                "bids": [{"seat": s, "bid": v} for s, v in self._bids(hand)]}

    def _write_end(self, game: TrickGame, hand: HandHistory) -> dict[str, Any]:
        numbers = [(seat, value) for seat, value in self._bids(hand) if isinstance(value, int)]
        pitcher, bid = numbers[-1] if numbers else (None, None)  # the last number bid is the highest
        trump = self._trump(hand)
        return {"pitcher": pitcher, "bid": bid, "trump": SUITS[trump] if trump is not None else None}

    def _trump(self, hand: HandHistory) -> int | None:
        """The suit of the pitcher's first lead, once led."""
        return next((a.card & 3 for a in hand.entries if isinstance(a, Play)), None)
