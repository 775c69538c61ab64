"""How the window presents Spades for two: the draw from the stock instead of a deal, then Spades."""

from __future__ import annotations

from typing import Any

from game.state import Phase
from ui.games.base import MINUS
from ui.games.spades import SpadesPresentation


class SpadesTwoPresentation(SpadesPresentation):
    """Two players head to head; the hands are drawn from a stock, one card kept of every two."""

    name = "spades-two"
    about = ("Head to head: draw your 13 cards from the stock, keeping one of every two, "
             "then bid and play as in Spades.")
    deals = False  # the hand is drawn, card by card, by the players
    stock_phases = frozenset({Phase.DRAWING, Phase.REDRAW})
    dealer_chip = "1st"  # the seat that draws first
    look_is_decision = True  # taking the first card gives up Double Nil

    def dealer_text(self, name: str) -> str:
        """"North draws first"."""
        return f"{name} draws first"

    def tips(self, options: Any = None) -> list[tuple[str, str]]:
        """The draw, Double Nil (as allowed), bidding."""
        nil = getattr(options, "nil", True)
        double_nil = getattr(options, "double_nil", True)
        tips = [
            ("The draw", "There is no deal. On your turn take the top card of the stock: keep it and discard "
                         "the next one, or discard it and keep the next. After 13 turns each you hold 13 cards; "
                         "the discards stay face down."),
        ]
        if double_nil:
            tips.append(("Double Nil", "Declare it at your very first turn, before you take a card, then win no "
                                       f"trick: +200, or {MINUS}200 if you take one. After the draw you may swap "
                                       "up to three cards with the discard pile."))
        tips.append(("How to bid", "The second player to draw bids first. Bid the tricks you expect to win"
                                   + (" (0 is Nil: win no trick at all)" if nil else "")
                                   + ". Make it: 10 a trick, plus 1 a bag; fall short: "
                                   + f"{MINUS}10 a trick. Spades are trump."))
        return tips
