"""What a seat knows, read from its SeatView only: cards out, cards unseen, voids shown, contracts."""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import DOUBLE_NIL, NIL, Play
from game.ai.cardsense import mask_of, suit_of, winning
from game.cards import SPADES
from game.house import deck_mask
from game.state import SeatView

NILS = (NIL, DOUBLE_NIL)
ALL_SUITS = 0b1111
NON_SPADE_SUITS = 0b1110


def is_nil(bid: object) -> bool:
    """Whether a bid is Nil or Double Nil."""
    return bid in NILS


def voids_shown(view: SeatView) -> list[int]:
    """Per seat, a 4-bit mask of the suits it has shown it does not hold (from this hand's tricks)."""
    voids = [0] * view.num_seats
    pitch = view.facts.trump_or_follow  # a seat that could follow may have trumped
    must_break = view.facts.trump_must_break and not getattr(view.options, "spades_any_time", False)
    trump = view.trump
    broken = False
    tricks = [plays for _, plays, _ in view.tricks]
    if view.trick:
        tricks.append(tuple(view.trick))
    for plays in tricks:
        leader, lead = plays[0]
        led = suit_of(lead)
        if must_break and led == SPADES and not broken:
            voids[leader] |= NON_SPADE_SUITS  # a spade led before spades were broken: only spades left
        for seat, card in plays[1:]:
            played = suit_of(card)
            if played == led:
                continue
            if not pitch:
                voids[seat] |= 1 << led
            elif trump is not None and led == trump:
                voids[seat] |= 1 << trump
            elif played != trump:
                voids[seat] |= 1 << led  # he could not follow; a player who cannot follow need not trump
        if must_break and any(suit_of(card) == SPADES for _, card in plays):
            broken = True
    return voids


@dataclass
class Knowledge:
    """A seat's picture of the hand in progress, built from its view alone."""

    view: SeatView
    seat: int
    n: int
    side: int
    partner: int | None
    opponents: list[int]
    hand: int
    played: int
    unseen: int  # cards whose place this seat does not know (not its own, not played, not known elsewhere)
    voids: list[int]
    known: list[int]  # per seat: cards known to be in that seat's hand (e.g. given in an exchange)
    legal: int  # playable cards (playing phase), else 0

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick in progress."""
        return tuple(self.view.trick)

    def after_me(self) -> list[int]:
        """The seats still to play to the current trick after this seat."""
        left = self.n - len(self.view.trick) - 1
        return [(self.seat + i) % self.n for i in range(1, left + 1)]

    def is_void(self, seat: int, which: int) -> bool:
        """Whether ``seat`` has shown it holds no card of suit ``which``."""
        return bool(self.voids[seat] >> which & 1)

    def current(self) -> tuple[int, int] | None:
        """The (seat, card) winning the trick so far, or None when leading."""
        return winning(self.view.trick, self.view.trump) if self.view.trick else None

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        return tuple(self.view.teams[side])

    def bid(self, seat: int) -> object:
        """A seat's bid this hand (None before it bid)."""
        return self.view.bids[seat]

    def contract(self, side: int) -> tuple[int, int]:
        """Spades: a side's contract (its number bids) and the tricks its number bidders have won."""
        bid_total = won = 0
        for seat in self.side_seats(side):
            bid = self.view.bids[seat]
            if isinstance(bid, int):
                bid_total += bid
                won += self.view.tricks_won[seat]
        return bid_total, won

    def need(self, side: int) -> int:
        """Spades: the tricks a side's number bidders still need for the contract (<= 0: made)."""
        bid_total, won = self.contract(side)
        return bid_total - won

    def live_nil(self, seat: int) -> bool:
        """Whether ``seat`` bid Nil or Double Nil and has won no trick yet."""
        return is_nil(self.view.bids[seat]) and self.view.tricks_won[seat] == 0

    def tricks_left(self) -> int:
        """Tricks still to be completed this hand, the current one included."""
        return self.hand.bit_count() + (1 if self.seat_played_in_trick() else 0)

    def seat_played_in_trick(self) -> bool:
        """Whether this seat already played to the trick in progress."""
        return any(s == self.seat for s, _ in self.view.trick)


def playable(view: SeatView) -> int:
    """The mask of the cards ``view.legal`` lets this seat play."""
    mask = 0
    for action in view.legal:
        if isinstance(action, Play):
            mask |= 1 << action.card
    return mask


def know(view: SeatView) -> Knowledge:
    """Everything the seat of ``view`` may work out about the hand."""
    seat, n = view.seat, view.num_seats
    side = next(i for i, team in enumerate(view.teams) if seat in team)
    team = view.teams[side]
    partner = next((s for s in team if s != seat), None) if len(team) > 1 else None
    opponents = [s for s in range(n) if s not in team]
    hand = mask_of(view.hand or ())
    played = mask_of(view.played)
    out = played | hand
    if view.facts.seen_discards:  # Spades for two: the discards I made are out of play
        rival = 1 - seat
        kept_his = len(view.redraw_counts) > rival and view.redraw_counts[rival] == 0  # public: he replaced none
        if rival not in view.blind or kept_his:  # no redraw of his can take back what I put on the discard pile
            out |= mask_of(view.discarded) | mask_of(view.redraw_thrown)
        elif view.dealer == rival:  # he redrew first (the first drawer does), before I threw these
            out |= mask_of(view.redraw_thrown)
    if view.drawn_card is not None:
        out |= 1 << view.drawn_card
    known = [0] * n
    if partner is not None and view.exchange_given:
        known[partner] = mask_of(view.exchange_given) & ~played
        out |= known[partner]  # their place is known: the partner holds them
    unseen = deck_mask(view.options, n) & ~out  # the cards in play (house rules: jokers, Cutthroat for three)
    return Knowledge(view=view, seat=seat, n=n, side=side, partner=partner, opponents=opponents,
                     hand=hand, played=played, unseen=unseen, voids=voids_shown(view), known=known,
                     legal=playable(view))

