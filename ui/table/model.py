"""What the table shows: the engine's state as of the last event the screen has animated.

The engine may run ahead of the screen. After every ``apply`` the scene takes a
``Snapshot`` (the views of the human seats, never a computer's hidden cards); the
model is nudged event by event while animations play and set exactly to the
snapshot once all of that action's events have been shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.actions import BidValue
from game.cards import JOKER_SUIT, SUITS, Card
from game.state import HandResult, Phase, SeatView, TrickGame
from ui.games import presentation_of


@dataclass(frozen=True)
class Snapshot:
    """The engine's state after one action, as the human seats may see it."""

    public: SeatView
    views: dict[int, SeatView]


def take_snapshot(game: TrickGame, seats: list[int]) -> Snapshot:
    """Views of ``seats`` (the humans; seat 0 stands in for the public view when there are none)."""
    views = {seat: game.view(seat) for seat in seats}
    public = views[seats[0]] if seats else game.view(0)
    return Snapshot(public, views)


@dataclass
class TableModel:
    """The displayed state of the table (public facts plus the human seats' own cards)."""

    num_seats: int
    kind: str = "spades"
    phase: Phase = Phase.BIDDING
    to_act: int | None = None
    dealer: int = 0
    hand_number: int = 0
    hand_sizes: list[int] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    bids: list[BidValue | None] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    last_winner: int | None = None
    hand_tricks: list[tuple[list[tuple[int, Card]], int]] = field(default_factory=list)  # this hand's, won
    spades_broken: bool = False
    trump: int | None = None
    pitcher: int | None = None
    high_bid: int = 0
    scores: list[int] = field(default_factory=list)
    bags: list[int] = field(default_factory=list)
    stock_size: int = 0
    discard_size: int = 0
    blind: list[int] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    hands: dict[int, list[Card] | None] = field(default_factory=dict)
    drawn: dict[int, Card | None] = field(default_factory=dict)
    dealt: list[int] | None = None  # cards landed per seat while the deal is animated
    winning: int | None = None  # the seat whose card is taking the trick, during the pause before the sweep
    revealed: float = 1.0  # 0..1: how far the viewer's hand has flipped face up after the deal
    shown_scores: list[float] = field(default_factory=list)  # the score panel's counting-up values
    arrived: dict[int, set[Card]] = field(default_factory=dict)  # cards just received (exchange, redraw)
    suit_order: str = "SHCD"  # the hands' suits left to right (the hand-order setting)
    low_first: bool = False  # ranks low to high instead of high to low
    part: Any = None  # the game's own part of the public view (``SeatView.part``), or None
    options: Any = None  # the game's rule options (the engine's, as the public view gives them), or None

    def _trump_order(self) -> tuple[Card, ...]:
        """The hand's trumps highest first when the game ranks them its own way (empty otherwise)."""
        if self.trump is None:
            return ()
        try:
            return tuple(presentation_of(self.kind).trump_order(self.trump))
        except ValueError:  # a game the window has no presentation of
            return ()

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump this hand (the game's trump order, else the trump suit)."""
        order = self._trump_order()
        return card in order if order else self.trump is not None and card.suit == self.trump

    def sort_hand(self, cards: Iterable[Card]) -> list[Card]:
        """A hand in the display order of the settings: by ``suit_order``, then rank; where the game ranks
        its trumps its own way (the off-jack and jokers among them) the trumps come first, in their order."""
        order = {SUITS.index(s): i for i, s in enumerate(self.suit_order)}
        sign = 1 if self.low_first else -1
        trumps = {card: i for i, card in enumerate(self._trump_order())}
        if trumps:
            return sorted(cards, key=lambda c: (0, -sign * trumps[c], 0) if c in trumps
                          else (1, order.get(c.suit, c.suit), sign * c.rank))
        joker_suit = self._joker_suit()
        if joker_suit is not None:  # jokers sit above the ace of the suit they belong to (Spades: spades)
            order[JOKER_SUIT] = order[joker_suit]
        return sorted(cards, key=lambda c: (0, order.get(c.suit, c.suit), sign * c.rank))

    def _joker_suit(self) -> int | None:
        try:
            return presentation_of(self.kind).joker_suit
        except ValueError:  # a game the window has no presentation of
            return None

    def shown_hand(self, seat: int | None) -> list[Card]:
        """The cards shown in ``seat``'s hand: none for nobody (None), or for a hand face down or not known."""
        return (self.hands.get(seat) if seat is not None else None) or []

    def set_hand_order(self, suit_order: str, low_first: bool) -> None:
        """Change the display order and re-sort the hands shown now."""
        self.suit_order, self.low_first = suit_order, low_first
        self.hands = {seat: (self.sort_hand(hand) if hand is not None else None) for seat, hand in self.hands.items()}

    def __post_init__(self) -> None:
        n = self.num_seats
        self.hand_sizes = self.hand_sizes or [0] * n
        self.looked = self.looked or [True] * n
        self.bids = self.bids or [None] * n
        self.tricks_won = self.tricks_won or [0] * n

    def sync(self, snap: Snapshot) -> None:
        """Show exactly the engine's state of ``snap``."""
        v = snap.public
        self.kind = v.kind
        self.phase, self.to_act, self.dealer, self.hand_number = v.phase, v.to_act, v.dealer, v.hand_number
        self.hand_sizes = list(v.hand_sizes)
        self.looked = list(v.looked)
        self.bids = list(v.bids)
        self.tricks_won = list(v.tricks_won)
        self.trick = list(v.trick)
        self.last_trick, self.last_winner = list(v.last_trick), v.last_winner
        self.hand_tricks = [(list(plays), winner) for _leader, plays, winner in getattr(v, "tricks", ())]
        self.spades_broken, self.trump = v.spades_broken, v.trump
        self.part = v.part
        self.options = v.options
        self.pitcher, self.high_bid = v.pitcher, v.high_bid
        if len(self.shown_scores) != len(v.scores):
            self.shown_scores = [float(s) for s in v.scores]  # otherwise the scene counts them up
        self.scores, self.bags = list(v.scores), list(v.bags)
        self.stock_size, self.discard_size = v.stock_size, v.discard_size
        self.blind = list(v.blind)
        self.results = list(v.results)
        self.hands = {seat: (self.sort_hand(view.hand) if view.hand is not None else None)
                      for seat, view in snap.views.items()}
        self.drawn = {seat: view.drawn_card for seat, view in snap.views.items()}
        playing = bool(self.trick) or bool(self.hand_tricks)
        self.arrived = {seat: set() if playing else set(view.exchange_received) | set(view.redraw_drawn)
                        for seat, view in snap.views.items()}
        self.dealt = None
        self.winning = None
        self.revealed = 1.0

    def signature(self) -> tuple[object, ...]:
        """Everything drawn from the model, as one comparable value (to know when to redraw the table)."""
        return (
            self.phase, self.to_act, self.dealer, self.hand_number, tuple(self.hand_sizes), tuple(self.looked),
            tuple(self.bids), tuple(self.tricks_won), tuple(self.trick), tuple(self.last_trick), self.last_winner,
            self.spades_broken, self.trump, self.pitcher, self.high_bid, tuple(self.scores), tuple(self.bags),
            tuple(round(s) for s in self.shown_scores), self.stock_size, self.discard_size, tuple(self.blind),
            len(self.results),
            tuple((seat, tuple(hand) if hand is not None else None) for seat, hand in sorted(self.hands.items())),
            tuple(sorted(self.drawn.items())), tuple(self.dealt) if self.dealt is not None else None,
            self.winning, round(self.revealed * 60),
        )

    # ----- small changes while an action's events are being shown
    def count_scores(self, dt_s: float, speed: float) -> None:
        """Move the scores shown towards the scores (they count up or down; at once when ``speed`` is 0)."""
        if len(self.shown_scores) != len(self.scores):
            self.shown_scores = [float(s) for s in self.scores]
        for i, target in enumerate(self.scores):
            shown = self.shown_scores[i]
            gap = target - shown
            if speed <= 0 or abs(gap) < 0.5:
                self.shown_scores[i] = float(target)
                continue
            step = max(40.0, abs(gap) * 2.5) * dt_s / speed
            self.shown_scores[i] = shown + max(-abs(gap), min(abs(gap), step)) * (1 if gap > 0 else -1)

    def shown_count(self, seat: int) -> int:
        """How many cards the seat's hand shows now (fewer while the deal is landing)."""
        if self.dealt is not None:
            return self.dealt[seat]
        return self.hand_sizes[seat]

    def remove_card(self, seat: int, card: Card) -> None:
        """A card left the seat's hand (played)."""
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
        hand = self.hands.get(seat)
        if hand is not None and card in hand:
            hand.remove(card)

    def add_to_trick(self, seat: int, card: Card) -> None:
        """A played card landed in the trick (cards that arrived in an exchange are no longer marked)."""
        self.trick.append((seat, card))
        self.arrived = {}

    def take_trick(self, winner: int, trick: list[tuple[int, Card]]) -> None:
        """The trick went to ``winner``."""
        self.tricks_won[winner] += 1
        self.last_trick, self.last_winner = list(trick), winner
        self.hand_tricks.append((list(trick), winner))
        self.trick = []

    @property
    def discard_count(self) -> int:
        """Two-player drawing: cards on the discard pile (as the engine counts them)."""
        return self.discard_size if self.phase in (Phase.DRAWING, Phase.REDRAW) else 0
