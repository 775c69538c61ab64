"""The ``easy`` level: sensible cards by simple rules, beatable by a beginner, never an absurd bid.

It follows low, wins a trick as cheaply as it can when it may, leads its sure winners, and
bids what its aces, guarded kings and long spades are worth. It never bids Nil or Double Nil,
does not count bags and does not protect or attack a Nil.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, BidValue, Draw, Exchange, Look, Play, Redraw
from game.ai.cardsense import (
    SUIT_MASKS,
    beating,
    cards_in,
    cheapest,
    high_card,
    is_master,
    low_card,
    point_value,
    suit,
    suit_of,
    winning,
)
from game.ai.knowledge import Knowledge, know
from game.ai.normal import ACE, KING, hand_mask, legal_or_first, nil_danger
from game.cards import JACK, SPADES, Card
from game.state import Phase, SeatView


def easy_spades_bid(view: SeatView) -> Action:
    """Aces, guarded kings and spades beyond three; at least one."""
    return legal_or_first(view, Bid(view.seat, easy_spades_tricks(hand_mask(view), view.num_seats)))


def easy_spades_tricks(hand: int, num_seats: int) -> int:
    """The easy level's Spades bid for ``hand``: aces, guarded kings and spades beyond three (one more at a
    table of two), from 1 to 13."""
    tricks = 0
    for s in range(4):
        cards = cards_in(suit(hand, s))
        ranks = {c >> 2 for c in cards}
        tricks += ACE in ranks
        tricks += KING in ranks and len(cards) >= 2
        if s == SPADES:
            tricks += max(0, len(cards) - 3)
    if num_seats == 2:  # two hands share thirteen tricks: one more than at a table of four
        tricks += 1
    return max(1, min(13, tricks))


def easy_spades_play(view: SeatView) -> Card:
    """Lead a sure winner or low from the longest suit; follow low, or win as cheaply as possible."""
    return easy_spades_play_known(know(view))


def easy_spades_play_known(k: Knowledge) -> Card:
    """``easy_spades_play`` from what the seat knows (``k``: its view, hand and legal cards), so that a
    computer player can replay the easy level's card for a hand it supposes (game/ai/rule_reading.py)."""
    return easy_spades_card(k.legal, k.hand, k.unseen, k.view.trick, k.partner)


def easy_spades_card(legal: int, hand: int, unseen: int, trick: Sequence[tuple[int, int]],
                     partner: int | None) -> Card:
    """The easy level's Spades card from its parts: ``legal`` and ``hand`` (masks), ``unseen`` (the cards in
    play it cannot see), the ``trick`` so far and its ``partner`` (a rollout's seats ask it without a view)."""
    if not trick:
        risky = unseen & ~hand
        for c in sorted(cards_in(legal & ~SUIT_MASKS[SPADES]), reverse=True):
            if is_master(c, risky):
                return c
        plain = legal & ~SUIT_MASKS[SPADES]
        if plain:
            longest = max((1, 2, 3), key=lambda s: suit(plain, s).bit_count())
            return low_card(suit(plain, longest))
        return low_card(legal)
    led = suit_of(trick[0][1])
    seat_now, best = winning(trick, SPADES)
    if seat_now == partner:
        return cheapest(legal, SPADES)
    win = beating(legal, best, led, SPADES)
    if win:
        return cheapest(win, SPADES)
    return cheapest(legal, SPADES)


def easy_pitch_value(hand: int, s: int) -> float:
    """A rough count of the points suit ``s`` would win as trump."""
    ranks = {c >> 2 for c in cards_in(suit(hand, s))}
    if not ranks:
        return 0.0
    value = (ACE in ranks) + 0.5 * (KING in ranks) + (JACK in ranks) + 0.5 * (min(ranks) <= 1)
    return value + 0.5 * (len(ranks) >= 3)


def easy_pitch_bid(view: SeatView) -> Action:
    """Bid 2 to 4 on a strong enough suit, pass otherwise; the dealer bids when he must."""
    choices = [a.value for a in view.legal if isinstance(a, Bid)]
    return Bid(view.seat, easy_pitch_bid_value(hand_mask(view), choices, view.seat == view.dealer))


def easy_pitch_bid_value(hand: int, choices: Sequence[BidValue], dealer: bool) -> BidValue:
    """The easy level's Pitch bid for ``hand`` among the bids open to it (``choices``: pass and numbers;
    ``dealer``: the dealer's turn): the lowest number when it may not pass; else the highest number from 2
    that its best suit's rough count (``easy_pitch_value``) reaches, the dealer the lowest such (a steal),
    or a pass. Hard replays it to fit an easy seat's auction bid."""
    numbers = [b for b in choices if isinstance(b, int)]
    if PASS not in choices:
        return min(numbers)
    value = max(easy_pitch_value(hand, s) for s in range(4))
    fits = [b for b in numbers if 2 <= b <= value]
    if dealer and fits:
        return min(fits)
    return max(fits) if fits else PASS


def easy_pitch_play(view: SeatView) -> Card:
    """Lead the best trump; win tricks that hold points cheaply; otherwise play low."""
    k = know(view)
    return easy_pitch_card(k.legal, k.hand, view.trump, view.trick, k.partner)


def easy_pitch_card(legal: int, hand: int, trump: int | None, trick: Sequence[tuple[int, int]],
                    partner: int | None) -> Card:
    """``easy_pitch_play`` from its parts: ``legal`` and ``hand`` (masks), ``trump`` (None before the first
    card names it), the ``trick`` so far and the ``partner`` (so that a computer player can replay the easy
    level's card for a hand it supposes: game/ai/rule_reading.py)."""
    if trump is None:
        best = max(range(4), key=lambda s: easy_pitch_value(hand, s))
        return high_card(suit(legal, best) or legal)
    if not trick:
        mine = suit(legal, trump)
        if mine and high_card(mine) >> 2 >= KING:
            return high_card(mine)
        return cheapest(legal, trump)
    led = suit_of(trick[0][1])
    seat_now, best = winning(trick, trump)
    if seat_now == partner:
        return cheapest(legal, trump)
    win = beating(legal, best, led, trump)
    points = sum(point_value(c) for _, c in trick) + sum(3 for _, c in trick
                                                          if suit_of(c) == trump and c >> 2 in (JACK, 0, 1))
    if win and points:
        return low_card(win)
    plain = legal & ~SUIT_MASKS[trump]
    return low_card(plain or legal)


def easy_pitch_choose(view: SeatView, rng: random.Random) -> Action:
    """The easy level's action in an auction game (Pitch): its bid, or its card (``rng`` unused)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if view.phase is Phase.PLAYING:
        return legal_or_first(view, Play(view.seat, easy_pitch_play(view)))
    return legal_or_first(view, easy_pitch_bid(view))


def easy_spades_choose(view: SeatView, rng: random.Random) -> Action:
    """The easy level's action in Spades (four players or two): bid, draw, redraw, exchange or card."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    seat = view.seat
    if view.phase is Phase.PLAYING:
        return legal_or_first(view, Play(seat, easy_spades_play(view)))
    if view.phase is Phase.DRAWING:
        if not view.looked[seat]:
            return legal_or_first(view, Look(seat))
        drawn = view.drawn_card
        keep = drawn is not None and (suit_of(drawn) == SPADES or drawn >> 2 >= 10)
        return legal_or_first(view, Draw(seat, keep))
    hand = hand_mask(view)
    if view.phase is Phase.REDRAW:
        worst = sorted(cards_in(hand), key=lambda c: nil_danger(c, hand), reverse=True)[:3]
        return legal_or_first(view, Redraw(seat, tuple(sorted(worst))))
    if view.phase is Phase.EXCHANGE:
        size = view.exchange_cards or 3  # three in a Double Nil exchange, one or two in a Nil pass
        if view.bids[seat] == DOUBLE_NIL or (view.bids[seat] == NIL and size < 3):
            give = sorted(cards_in(hand), key=lambda c: nil_danger(c, hand), reverse=True)[:size]
        else:
            give = sorted(cards_in(hand), key=lambda c: (suit_of(c) == SPADES, c >> 2))[:size]
        return legal_or_first(view, Exchange(seat, tuple(sorted(give))))
    if view.hand is None:
        return legal_or_first(view, Look(seat))  # listed first: look, then bid face up
    return easy_spades_bid(view)
