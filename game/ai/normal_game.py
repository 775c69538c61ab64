"""The normal level's sense of the game: in Spades, whether the other side wins it by making its contract;
in Pitch, what a bid needs, and how much less when the game can end on this hand.

``Stakes.of(view)`` reads the two sides' scores, the target and the number bids made so far from a
seat's view (exactly two sides: partnerships, or Spades for two; None otherwise). ``they_finish()``
says whether the other side, by making the contract it bid, ends the game ahead of this side, even
if this side makes its own contract too; then only a set stops them, and the card play takes every
trick it can, bags or not (``game.ai.normal.wants_tricks``). Made contracts count ten a trick;
bags, Nil bonuses and the mercy line are left out. What was tried and measured (a safer bid when a
made contract wins, a stretched bid to reach the target, overtricks towards a set) is in
docs/ai-notes.md: only this one won.

Pitch (only the pitcher goes out): a bid needs the expected points of ``PITCH_BID_NEEDS`` (with the
off-jack, ``off_jack_worth`` more in the estimate); ``pitch_cuts(partners)`` are the points it needs less
when an opponent pitching now would go out by making his bid (``stop``), and when the bidder's own side is
two points or less from the target (``close``); the hard level's model of those bids uses both
(``game.ai.rollout.pitch_bid_rule``, ``pitch_bid_cut``). Measured in whole games: docs/ai-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.state import SeatView


@dataclass(frozen=True)
class PitchCuts:
    """How much less a Pitch bid needs (in expected points) when the game can end on this hand."""

    stop: float  # an opponent who pitches now goes out if he makes it
    close: float  # the bidder's side is two points or less from the target


# Pitch: the expected points at which a bid pays (docs/ai-notes.md); 5 is five-point Pitch's shut-out (the
# off-jack, house rule P1), a step above 4 as 4 is above 3. The hard level's model of these bids reads them too.
PITCH_BID_NEEDS = {1: 1.0, 2: 1.3, 3: 2.3, 4: 3.1, 5: 3.1 + 3.1 - 2.3}
PITCH_CUTS_ALONE = PitchCuts(stop=0.9, close=0.5)  # every player alone
PITCH_CUTS_BEFORE = PitchCuts(stop=0.45, close=0.15)  # partnerships (the new cuts won nothing there); normal-1


def pitch_cuts(partners: bool) -> PitchCuts:
    """The cuts of a seat at a table with partnerships or without."""
    return PITCH_CUTS_BEFORE if partners else PITCH_CUTS_ALONE


def off_jack_worth(held: bool, ace: bool, king: bool, jack: bool, trumps: int, p: float) -> float:
    """Five-point Pitch (house rule P1): the points the off-jack adds to a pitcher's estimate, with ``trumps``
    cards of the trump suit (its ace, king and jack as said) and the chance ``p`` that a card he cannot see
    was dealt: held, the point (guarded by the ace, king or jack, or by length) and one more trump for Game;
    not held, the chance to capture it."""
    if not held:
        return p * (0.35 if ace else 0.2 if king else 0.05)
    return (0.85 if ace or king or jack else 0.5 + 0.06 * trumps) + 0.08


@dataclass(frozen=True)
class Stakes:
    """The two sides' scores and number bids as one seat sees them."""

    ours: int
    theirs: int
    target: int
    our_bid: int  # the tricks this side has bid with numbers so far
    their_bid: int | None  # the other side's (None: neither of them has bid a number)

    @classmethod
    def of(cls, view: SeatView) -> Stakes | None:
        """The stakes of this view, or None where there are not exactly two sides."""
        if len(view.scores) != 2:
            return None
        mine = next(i for i, team in enumerate(view.teams) if view.seat in team)
        bids: list[int | None] = [None, None]
        for side, team in enumerate(view.teams):
            for seat in team:
                bid = view.bids[seat]
                if isinstance(bid, int):
                    bids[side] = (bids[side] or 0) + bid
        return cls(view.scores[mine], view.scores[1 - mine], int(view.options.target), bids[mine] or 0,
                   bids[1 - mine])

    def they_finish(self) -> bool:
        """Whether the other side's contract, made, ends the game with them ahead of this side's score
        after its own contract is made too."""
        if self.their_bid is None:
            return False
        theirs = self.theirs + 10 * self.their_bid
        ours = self.ours + 10 * self.our_bid
        return theirs >= self.target and (ours < self.target or theirs > ours)
