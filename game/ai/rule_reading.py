"""Reading a rule-based seat's play by its own rules: how well a world's hand explains its cards.

The normal level's card play (``game.ai.normal``: ``spades_play``, ``pitch_play``) is a function of its
seat's view alone, no chance in it. A seat the table shows at that level therefore played, at each of
its turns so far, exactly the card its rules give for the cards it then held and what was public; so
does a seat the table shows at the easy level (``game.ai.easy``: ``easy_spades_play``, ``easy_pitch_play``).
``past_turns`` lists those turns from a later view (the public part of each: the trick, the tricks
before, the voids shown), once per decision; ``rule_play_fit`` replays them on a world's hands and
multiplies the world's fit by ``miss`` at each turn where the rules, holding that world's cards, would
have played another card. The true deal always fits (1.0). Four-player Spades without an exchange (the
jokers, house rule S7, are the top spades), Spades for two without a redraw, and Pitch without the
off-jack: there the replayed view is exactly the seat's (with the 2\u2663 opening the first trick, its
forced lead says nothing and is not read).
``RuleReader`` serves one decision's worlds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai.cardsense import SUIT_MASKS, mask_of, suit_of
from game.ai.easy import easy_pitch_card, easy_spades_card
from game.ai.knowledge import Knowledge, voids_shown
from game.ai.normal import pitch_play_known, spades_play_known
from game.ai.rollout import pitch_legal
from game.cards import cards_of
from game.house import deck_mask
from game.sampling import played_masks
from game.state import SeatView, Trick

RULE_MISS = 0.1  # the relative chance of a card the rules would not have played on the world's hand


@dataclass(frozen=True)
class PastTurn:
    """One turn of a seat read by the rules: its public view then and the card it played."""

    seat: int
    card: int
    count: int  # cards already in the trick
    led: int  # the suit led (-1 when leading)
    broken: bool  # Spades: whether a spade could be led
    trump: int  # Pitch: the trump suit (-1 before the first card names it); Spades: 0
    before: int  # the cards this seat had played before the turn (a mask)
    played: int  # every card played before the turn (a mask)
    view: SeatView  # the seat's view then, its hand and legal cards left out
    voids: tuple[int, ...]  # the voids each seat had shown by then
    side: int
    partner: int | None
    opponents: tuple[int, ...]
    unseen: int  # the cards the seat could not have seen (-1: any; Spades for two: the reader's, see below)
    easy: bool = False  # the seat plays by the easy level's card rules (else the normal level's)


def past_turns(view: SeatView, seats: int, easy: int = 0) -> list[PastTurn]:
    """The turns so far this hand of the seats in ``seats`` (a mask, bit ``1 << seat``), from ``view``; those
    also in ``easy`` are read by the easy level's card rules.

    Spades for two: the opponent has seen her own discards, which a world gives her as the cards this seat
    has not seen and her hand does not hold; ``rule_play_fit`` takes them out of what she has not seen."""
    turns: list[PastTurn] = []
    mine = mask_of(view.hand or ()) | mask_of(view.discarded) | played_masks(view)[view.seat]
    n = view.num_seats
    pitch = view.facts.trump_or_follow
    won = [0] * n
    done: list[Trick] = []
    before = [0] * n
    played = 0
    broken = bool(getattr(view.options, "spades_any_time", False))
    opening = bool(getattr(view.options, "two_clubs_opens", False))  # the hand's first lead is forced
    tricks: list[Trick] = list(view.tricks)
    if view.trick:
        tricks.append((view.trick[0][0], tuple(view.trick), -1))
    trump = -1 if pitch else 0
    for number, (lead, plays, winner) in enumerate(tricks):
        led = -1
        for count, (seat, card) in enumerate(plays):
            if seats >> seat & 1 and not (opening and number == 0 and count == 0):
                side = next(i for i, team in enumerate(view.teams) if seat in team)
                team = view.teams[side]
                partner = next((s for s in team if s != seat), None) if len(team) > 1 else None
                past = replace(view, seat=seat, to_act=seat, hand=None, legal=(), trick=plays[:count],
                               tricks=tuple(done), tricks_won=tuple(won), played=tuple(cards_of(played)),
                               spades_broken=broken, leader=lead, trump=None if trump < 0 else view.trump)
                turns.append(PastTurn(seat, card, count, led, broken, trump, before[seat], played, past,
                                      tuple(voids_shown(past)), side, partner,
                                      tuple(s for s in range(n) if s not in team),
                                      mine if view.facts.seen_discards else -1, bool(easy >> seat & 1)))
            suit = suit_of(card)  # a joker is a spade
            if count == 0:
                led = suit
                if trump < 0:
                    trump = led
            before[seat] |= 1 << card
            played |= 1 << card
            if suit == 0:
                broken = True
        if winner >= 0:
            won[winner] += 1
            done.append((lead, plays, winner))
    return turns


def rule_play_fit(turns: Sequence[PastTurn], start: Sequence[int], miss: float = RULE_MISS) -> float:
    """The relative chance (``miss`` ** k .. 1) that the seats of ``turns`` played their cards holding
    ``start`` (each seat's cards when the hand's play began, in the world); a turn with one legal card says
    nothing."""
    if not turns:
        return 1.0
    first = turns[0].view
    pitch = first.facts.trump_or_follow
    deck = deck_mask(first.options, first.num_seats)
    n = first.num_seats
    fit = 1.0
    for turn in turns:
        hand = start[turn.seat] & ~turn.before
        if pitch:
            legal = pitch_legal(hand, turn.count, turn.led, turn.trump)
        else:
            legal = _spades_legal(hand, turn.count, turn.led, turn.broken)
        if not legal & (legal - 1):
            continue
        unseen = deck & turn.unseen & ~(turn.played | hand)
        if turn.easy and pitch:
            card = easy_pitch_card(legal, hand, turn.view.trump, turn.view.trick, turn.partner)
        elif turn.easy:
            card = easy_spades_card(legal, hand, unseen, turn.view.trick, turn.partner)
        else:
            k = Knowledge(view=turn.view, seat=turn.seat, n=n, side=turn.side, partner=turn.partner,
                          opponents=list(turn.opponents), hand=hand, played=turn.played, unseen=unseen,
                          voids=list(turn.voids), known=[0] * n, legal=legal)
            card = pitch_play_known(k) if pitch else spades_play_known(k)
        if card != turn.card:
            fit *= miss
    return fit


def _spades_legal(hand: int, count: int, led: int, broken: bool) -> int:
    """The cards of ``hand`` a Spades seat may play, by the engine's numbers with the jokers among the spades:
    the suit led when it has one (``count`` cards in the trick), else any; a lead is not a spade until spades
    are ``broken`` unless the hand holds only spades."""
    if count:
        return hand & SUIT_MASKS[led] or hand
    return hand if broken else hand & ~SUIT_MASKS[0] or hand


class RuleReader:
    """``rule_play_fit`` for one decision's worlds: each seat's turns are read once for each of its
    starting hands the worlds give it (the fit is a product over the seats, and a seat's part depends
    only on its own cards), so worlds that agree on a seat's cards share the work."""

    def __init__(self, view: SeatView, seats: int, miss: float = RULE_MISS, easy: int = 0) -> None:
        """``seats``: the seats read (a mask); those also in ``easy`` by the easy level's rules."""
        self.view = view
        self.miss = miss
        turns = past_turns(view, seats, easy)
        self.by_seat = [(q, [t for t in turns if t.seat == q]) for q in range(view.num_seats) if seats >> q & 1]
        self._known: dict[tuple[int, int], float] = {}

    @property
    def hands_read(self) -> int:
        """How many (seat, starting hand) pairs the reader has replayed the rules for."""
        return len(self._known)

    def fit(self, start: Sequence[int]) -> float:
        """The relative chance that the seats read played as they did holding ``start``."""
        fit = 1.0
        for seat, turns in self.by_seat:
            key = (seat, start[seat])
            part = self._known.get(key)
            if part is None:
                part = self._known[key] = rule_play_fit(turns, start, self.miss)
            fit *= part
        return fit
