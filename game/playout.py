"""The hot path of search: the rest of a hand played with uniformly random legal cards.

``playout_kernel`` works on one flat list of ints (no objects, no allocation) and draws from
its own generator, seeded by the caller, so a seed gives one playout. The rules are those of
``lead_mask``/``follow_mask`` in spades.py and pitch.py; tests replay every playout through
``apply()`` to keep them equal.
"""

from __future__ import annotations

from collections.abc import Callable

from game.cards import DECK

Trick = tuple[int, list[tuple[int, int]], int]

MAX_SEATS = 7
WORD = 0xFFFFFFFF

# One list of ints carries a playout in and out:
#   in:  buf[seat] = the seat's hand as a card mask
#   out: buf[0:plays] = seat * 52 + card for each play in order, then the winner of each trick;
#        buf[TRICKS_WON + seat] = the tricks the seat won, buf[CARDS_WON + seat] = their cards' mask
#   buf[WORK:] is scratch: per seat, 4 suits x 13 card slots, then the 4 suit counts.
TRICKS_WON = 52 + 13
CARDS_WON = TRICKS_WON + MAX_SEATS
WORK = CARDS_WON + MAX_SEATS
STRIDE = 56
COUNTS = 52
BUFFER_SIZE = WORK + MAX_SEATS * STRIDE

# (seat, card) pairs as the trick log holds them, shared so that a playout allocates none
# (a list: its __getitem__ maps faster than a tuple's); and the slices of each trick's plays.
PAIRS: list[tuple[int, int]] = [(seat, card) for seat in range(MAX_SEATS) for card in DECK]
TRICK_SLICES = [tuple(slice(t * n, t * n + n) for t in range(13)) for n in range(MAX_SEATS + 1)]


def playout_kernel(buf: list[int], n: int, leader: int, trump: int, spades_rule: bool, broken: bool,
                   seed: int) -> int:
    """Play whole tricks from ``leader`` until the hands are empty; return the number of tricks
    (-1 when a seat runs out of cards first).

    ``spades_rule``: spades may not lead until broken and any card may be played when void
    (Spades). Otherwise Pitch: any lead; follow suit or trump; trump led must be followed.
    """
    x = seed & WORD
    y = (seed >> 32) & WORD
    if x == 0 and y == 0:
        y = 1
    for seat in range(n):  # split each hand into suits, low cards first
        hand = buf[seat]
        for suit in range(4):
            slots = WORK + seat * STRIDE + suit * 13
            count = 0
            for card in range(suit, 52, 4):
                if (hand >> card) & 1:
                    buf[slots + count] = card
                    count += 1
            buf[WORK + seat * STRIDE + COUNTS + suit] = count
    counts = WORK + leader * STRIDE + COUNTS
    tricks = buf[counts] + buf[counts + 1] + buf[counts + 2] + buf[counts + 3]
    for seat in range(n):
        buf[TRICKS_WON + seat] = 0
        buf[CARDS_WON + seat] = 0
    pos = 0
    for trick in range(tricks):
        seat = leader
        led = best = -1
        best_seat = leader
        best_trump = False
        cards = 0
        for turn in range(n):
            counts = WORK + seat * STRIDE + COUNTS
            # Marsaglia's xorshift on two 32-bit words (period 2**64 - 1): y is the draw.
            t = (x ^ (x << 10)) & WORD
            x = y
            y = (y ^ (y >> 10)) ^ (t ^ (t >> 13))
            # The legal cards: the suits first..last, and trump too when Pitch lets a seat that
            # can follow suit trump instead. A uniform pick among them:
            first, last, or_trump = 0, 3, False
            if turn == 0:
                if spades_rule and not broken and buf[counts + 1] + buf[counts + 2] + buf[counts + 3] > 0:
                    first = 1
            elif buf[counts + led] > 0:
                first = last = led
                or_trump = not spades_rule and led != trump
            total = 0
            for suit in range(first, last + 1):
                total += buf[counts + suit]
            if or_trump:
                total += buf[counts + trump]
            if total == 0:
                return -1  # this seat has no card left: the hands were not of one size
            pick = (y * total) >> 32
            suit = first
            while suit <= last and pick >= buf[counts + suit]:
                pick -= buf[counts + suit]
                suit += 1
            if suit > last:
                suit = trump
            # Take the card out: the suit's last card fills its slot.
            slots = WORK + seat * STRIDE + suit * 13
            count = buf[counts + suit] - 1
            card = buf[slots + pick]
            buf[slots + pick] = buf[slots + count]
            buf[counts + suit] = count
            if turn == 0:
                led, best, best_trump = suit, card, suit == trump
            elif suit == trump:
                if not best_trump or card > best:
                    best, best_seat, best_trump = card, seat, True
            elif suit == led and not best_trump and card > best:
                best, best_seat = card, seat
            buf[pos] = seat * 52 + card
            pos += 1
            cards |= 1 << card
            seat = seat + 1 if seat + 1 < n else 0
        if best_trump:
            broken = True
        buf[tricks * n + trick] = best_seat
        buf[TRICKS_WON + best_seat] += 1
        buf[CARDS_WON + best_seat] |= cards
        leader = best_seat
    return tricks


def draw_seed(rand: Callable[[], float]) -> int:
    """A 63-bit kernel seed from two draws of the caller's generator."""
    return int(rand() * (1 << 31)) << 32 | int(rand() * (1 << 32))


def random_playout(hands: list[int], leader: int, trump: int, spades_rule: bool, broken: bool, seed: int
                   ) -> tuple[list[Trick], list[int], list[int]]:
    """Play the rest of a hand from its first trick's lead: (leader, plays, winner) per trick,
    the tricks won per seat and the mask of cards won per seat. ``hands`` is left unchanged.
    """
    n = len(hands)
    if not 0 < n <= MAX_SEATS or hands[leader].bit_count() * (n + 1) > TRICKS_WON:
        raise ValueError(f"{n} hands of {hands[leader].bit_count()} cards do not fit the playout buffer")
    out = hands + [0] * (BUFFER_SIZE - n)
    tricks = playout_kernel(out, n, leader, trump, spades_rule, broken, seed)
    if tricks < 0:
        raise ValueError("a playout needs hands of one size")
    plays = tricks * n
    pairs = list(map(PAIRS.__getitem__, out[:plays]))
    winners = out[plays:plays + tricks]
    leaders = [leader] + winners[:-1]
    log = list(zip(leaders, map(pairs.__getitem__, TRICK_SLICES[n][:tricks]), winners, strict=True))
    return log, out[TRICKS_WON:TRICKS_WON + n], out[CARDS_WON:CARDS_WON + n]
