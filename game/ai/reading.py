"""Inference from the play: how well a world's hands explain the cards the other seats have played.

A seat that ducked a trick it could have won, or threw a high card on a trick already lost, says
something about what it holds. ``play_fit`` replays the hand so far in a sampled world: wherever
another seat had a choice, the rollout policy picks a card for it, judging from what that seat could
not see (an honest table), and the world's fit is multiplied by ``MISS`` when the card played is
neither the policy's nor equivalent to it (of the same suit with every card between them in that
seat's hand or gone). The hard level keeps a world with the chance its fit gives (rejection
sampling, as for the Nil bids: game/ai/hard.py); the arena's ``hard-reads`` trial measures it.
``nil_exclusions`` reads only the live Nil bidders, whose cards say more: the cards each cannot hold,
which the hard level (``read_nils``) keeps out of their hands in its worlds.
Spades without the jokers, four players or two (the kernel's cards are the engine's there); ``pitch_play_fit``
reads Pitch's play the same way (without the off-jack).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import NIL
from game.ai.rollout import (
    ABOVE,
    BELOW,
    SUIT,
    PitchTable,
    SpadesTable,
    game_points,
    pitch_beats,
    pitch_legal,
    pitch_pick,
    spades_beats,
    spades_legal,
    spades_pick,
)
from game.cards import FULL_MASK
from game.state import SeatView

MISS = 0.5  # the relative chance of a card the policy would not have played (an equivalent one counts as its)

Trick = tuple[int, Sequence[tuple[int, int]]]  # the leader and the plays, in order


def play_fit(start: Sequence[int], tricks: Sequence[Trick], table: SpadesTable, viewer: int,
             broken: bool = False, opening: bool = False, miss: float = MISS,
             partner_miss: float | None = None, unread: int = 0) -> float:
    """The relative chance (``miss`` ** k .. 1) that the other seats played ``tricks`` holding ``start``.

    ``start``: each seat's cards when the hand's play began (in the world); ``tricks``: the hand's
    tricks so far, the last one possibly unfinished; ``viewer``'s own plays count for nothing;
    ``broken``: spades may be led from the start (a house rule); ``opening``: the hand's first lead
    is forced (a house rule), no choice; ``partner_miss``: the viewer's partner's cards off the policy count
    this (1: its play is not read; None: ``miss``, as the opponents'); ``unread``: a mask of seats
    (bit ``1 << seat``) whose play is not read at all."""
    unread |= 1 << viewer
    hands = list(start)
    won = [0] * table.n
    gone = 0
    fit = 1.0
    partner = table.partner[viewer]
    for number, (_leader, plays) in enumerate(tricks):
        led = best = best_seat = -1
        for count, (seat, card) in enumerate(plays):
            hand = hands[seat]
            legal = spades_legal(hand, count, led, broken)
            if not unread >> seat & 1 and legal & (legal - 1) and not (number == 0 and count == 0 and opening):
                pick = spades_pick(seat, legal, hands, count, led, best, best_seat, won, table)
                if pick != card and not _equivalent(pick, card, hand | gone):
                    fit *= partner_miss if seat == partner and partner_miss is not None else miss
            hands[seat] = hand ^ (1 << card)
            gone |= 1 << card
            suit = card & 3
            if count == 0:
                led, best, best_seat = suit, card, seat
            elif spades_beats(card, best):
                best, best_seat = card, seat
            if suit == 0:
                broken = True
        if len(plays) == table.n:
            won[best_seat] += 1
    return fit


def pitch_play_fit(start: Sequence[int], tricks: Sequence[Trick], table: PitchTable, trump: int, viewer: int,
                   miss: float = MISS) -> float:
    """``play_fit`` for Pitch (no off-jack): the relative chance (``miss`` ** k .. 1) that the other seats
    played ``tricks`` holding ``start``, each choice compared with ``pitch_pick``'s card (the pitcher's
    first lead, which names trump, says nothing more than the world already holds). Two cards count as
    one when they are of one side suit, worth the same Game points, every card between them known."""
    hands = list(start)
    gone = 0
    fit = 1.0
    for number, (_leader, plays) in enumerate(tricks):
        led = best = best_seat = -1
        trick_cards = 0
        for count, (seat, card) in enumerate(plays):
            hand = hands[seat]
            legal = pitch_legal(hand, count, led, trump)
            if seat != viewer and legal & (legal - 1) and not (number == 0 and count == 0):
                pick = pitch_pick(seat, legal, hands, count, led, best, best_seat, trump, trick_cards, table)
                if pick != card and not _pitch_alike(pick, card, trump, hand | gone):
                    fit *= miss
            hands[seat] = hand ^ (1 << card)
            gone |= 1 << card
            trick_cards |= 1 << card
            if count == 0:
                led, best, best_seat = card & 3, card, seat
            elif pitch_beats(card, best, trump):
                best, best_seat = card, seat
    return fit


def _pitch_alike(a: int, b: int, trump: int, known: int) -> bool:
    """Two Pitch cards that count as one choice: a side suit's, worth the same Game points, alike."""
    return a & 3 != trump and game_points(1 << a) == game_points(1 << b) and _equivalent(a, b, known)


def hand_tricks(view: SeatView) -> list[Trick]:
    """The hand's tricks so far as ``play_fit`` reads them: the finished ones, then the one under way."""
    tricks: list[Trick] = [(lead, plays) for lead, plays, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], view.trick))
    return tricks


def _equivalent(a: int, b: int, known: int) -> bool:
    """Whether two cards of one seat are alike: the same suit, every card between them ``known`` (in that
    seat's hand or gone)."""
    if a & 3 != b & 3:
        return False
    low, high = min(a, b), max(a, b)
    between = SUIT[a & 3] & ABOVE[low] & BELOW[high]
    return between & ~known == 0


def nil_exclusions(view: SeatView) -> dict[int, int]:
    """The cards each other live Nil bidder cannot hold, by how a Nil is played (a mask per seat).

    A Nil bidder who follows suit plays a card that loses when it has one, the highest such card:
    - it followed above the trick's best card: it held no card of that suit below the best;
    - it followed below: it held none of the cards of that suit that would also have lost and rank
      above the one it played (between it and the best card, or above it once the trick is trumped).
    Only plays made while the bidder had won no trick count (its Nil was live). Four-player Spades.
    """
    won = [0] * view.num_seats
    out: dict[int, int] = {}
    nils = {q for q, bid in enumerate(view.bids) if bid == NIL and q != view.seat}
    tricks = [(plays, winner) for _lead, plays, winner in view.tricks]
    if view.trick:
        tricks.append((view.trick, -1))
    for plays, winner in tricks:
        led = best = -1
        for count, (seat, card) in enumerate(plays):
            suit = card & 3
            if count and seat in nils and not won[seat] and suit == led:
                if card > best and best & 3 == led:
                    out[seat] = out.get(seat, 0) | (SUIT[led] & BELOW[best])
                elif best & 3 == led:
                    out[seat] = out.get(seat, 0) | (SUIT[led] & ABOVE[card] & BELOW[best])
                else:  # the trick is trumped: every card of the suit lost
                    out[seat] = out.get(seat, 0) | (SUIT[led] & ABOVE[card])
            if count == 0:
                led, best = suit, card
            elif spades_beats(card, best):
                best = card
        if winner >= 0:
            won[winner] += 1
    return {q: mask & FULL_MASK for q, mask in out.items() if mask and not won[q]}
