"""Seats of a Spades rollout that play by a rule-based level's own card rules.

Hard's rollouts play every seat by the fast policy (game/ai/rollout.py). A seat the table shows at the
rule-based level plays, at the table, by that level's card rules (``game.ai.normal.spades_play_known``),
which are a function of its seat's view alone. ``RuleSeats`` lets the rollout kernel play such seats by
those rules instead: at each of their turns it builds the seat's view of the rollout so far (its hand in
the world, the cards played, the cards it cannot see, the voids shown, the trick, the tricks won) and asks
the rules for the card, for at most ``turns`` turns of a rollout (then the fast policy plays on): an arena
trial for the normal level's seats; the seats the table shows at the easy level play every turn by the easy
level's rules (``game.ai.easy.easy_spades_play``), which the fast policy plays far better than. Spades
without jokers, an exchange or a redraw, where the rebuilt view is exactly the seat's (as
``game.ai.rule_reading``; Spades for two: what a seat cannot see includes the discards it did not make,
the rollout table's ``extra``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.ai.cardsense import mask_of
from game.ai.easy import easy_spades_card
from game.ai.knowledge import NON_SPADE_SUITS, Knowledge, voids_shown
from game.ai.normal import spades_play_known
from game.state import SeatView


class RuleSeats:
    """The seats of one decision's rollouts that play by the rule-based level's card rules."""

    __slots__ = ("seats", "turns", "played", "voids", "must_break", "easy", "_views", "_places")

    def __init__(self, view: SeatView, seats: Sequence[bool], turns: int, easy: Sequence[bool] = ()) -> None:
        """``view``: the deciding seat's view (its public part is every seat's); ``seats``: per seat, whether
        it plays by the rules; ``turns``: how many rule turns a rollout plays before the policy takes over;
        ``easy``: per seat, whether its rules are the easy level's (else the normal level's)."""
        n = view.num_seats
        self.seats = list(seats)
        self.easy = [bool(e) for e in easy] + [False] * (n - len(easy))
        self.turns = turns
        self.played = mask_of(view.played)  # every card out of the hands when the rollout starts, the trick's too
        self.voids = voids_shown(view)
        self.must_break = view.facts.trump_must_break and not getattr(view.options, "spades_any_time", False)
        self._views = [replace(view, seat=q, to_act=q, hand=None, legal=()) for q in range(n)]
        places: list[tuple[int, int | None, list[int]]] = []
        for q in range(n):
            side = next(i for i, team in enumerate(view.teams) if q in team)
            team = view.teams[side]
            partner = next((s for s in team if s != q), None) if len(team) > 1 else None
            places.append((side, partner, [s for s in range(n) if s not in team]))
        self._places = places

    def pick(self, seat: int, legal: int, hand: int, trick: Sequence[tuple[int, int]], tricks: Sequence[int],
             played: int, unseen: int, voids: list[int], broken: bool) -> int:
        """The card the rules play for ``seat`` holding ``hand`` (``legal``: its playable cards; ``trick``:
        the trick so far; ``tricks``: tricks won per seat; ``played``: every card played; ``unseen``: the
        cards in play the seat cannot see; ``voids``: per seat, the suits it has shown it lacks; ``broken``:
        whether spades may be led)."""
        side, partner, opponents = self._places[seat]
        if self.easy[seat]:  # the easy level's rules need no view
            return easy_spades_card(legal, hand, unseen, trick, partner)
        shown: Any = tuple(trick)  # the kernel's card numbers are the engine's (no jokers here)
        view = replace(self._views[seat], trick=shown, tricks_won=tuple(tricks), spades_broken=broken,
                       leader=trick[0][0] if trick else seat)
        k = Knowledge(view=view, seat=seat, n=view.num_seats, side=side, partner=partner, opponents=opponents,
                      hand=hand, played=played, unseen=unseen, voids=voids,
                      known=[0] * view.num_seats, legal=legal)
        return spades_play_known(k)

    def shown(self, voids: list[int], seat: int, card: int, led: int, broken: bool) -> None:
        """Mark in ``voids`` what ``seat`` playing ``card`` shows (``led``: the suit led, -1 when it leads;
        ``broken``: whether spades could be led before the card)."""
        if led < 0:
            if self.must_break and card & 3 == 0 and not broken:
                voids[seat] |= NON_SPADE_SUITS  # a spade led before spades were broken: only spades left
        elif card & 3 != led:
            voids[seat] |= 1 << led
