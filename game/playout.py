"""The hot path of search: the rest of a hand played with uniformly random legal cards.

Hands are split into one list per suit so that following suit, the common case,
is one list pop. The rules are those of ``lead_mask``/``follow_mask`` in spades.py
and pitch.py; tests replay every playout through ``apply()`` to keep them equal.
"""

from __future__ import annotations

from collections.abc import Callable

from game.cards import DECK

Plays = list[tuple[int, int]]


def suit_lists(mask: int) -> list[list[int]]:
    """A hand's cards (Card values) as four lists (spades, hearts, diamonds, clubs), low to high."""
    lists: list[list[int]] = [[], [], [], []]
    while mask:
        low = mask & -mask
        card = DECK[low.bit_length() - 1]
        lists[card & 3].append(card)
        mask ^= low
    return lists


def random_playout(hands: list[int], leader: int, trump: int, spades_rule: bool, broken: bool,
                   rand: Callable[[], float]) -> list[tuple[int, Plays, int]]:
    """Play whole tricks from ``leader`` until the hands are empty; return (leader, plays, winner) per trick.

    ``spades_rule``: spades may not lead until broken and any card may be played when void
    (Spades). Otherwise Pitch: any lead; follow suit or trump; trump led must be followed.
    The ``hands`` masks are emptied.
    """
    n = len(hands)
    split = [suit_lists(mask) for mask in hands]
    for seat in range(n):
        hands[seat] = 0
    log = []
    tricks = len(split[leader][0]) + len(split[leader][1]) + len(split[leader][2]) + len(split[leader][3])
    for _ in range(tricks):
        seat = leader
        suits = split[seat]
        if spades_rule and not broken and (suits[1] or suits[2] or suits[3]):
            card = _pick_any(suits, 1, rand)
        else:
            card = _pick_any(suits, 0, rand)
        led = card & 3
        best, best_seat, best_trump = card, seat, led == trump
        plays = [(seat, card)]
        for _ in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            suits = split[seat]
            following = suits[led]
            if not following:
                card = _pick_any(suits, 0, rand)
            elif spades_rule or led == trump or not suits[trump]:
                card = following.pop(int(rand() * len(following)))
            else:  # Pitch: follow suit or trump
                trumps = suits[trump]
                pick = int(rand() * (len(following) + len(trumps)))
                card = following.pop(pick) if pick < len(following) else trumps.pop(pick - len(following))
            suit = card & 3
            if suit == trump:
                if not best_trump or card > best:
                    best, best_seat, best_trump = card, seat, True
            elif suit == led and not best_trump and card > best:
                best, best_seat = card, seat
            plays.append((seat, card))
        if best_trump:
            broken = True
        log.append((leader, plays, best_seat))
        leader = best_seat
    return log


def _pick_any(suits: list[list[int]], first_suit: int, rand: Callable[[], float]) -> int:
    """Remove and return a uniformly random card from ``suits[first_suit:]``."""
    total = 0
    for suit in range(first_suit, 4):
        total += len(suits[suit])
    pick = int(rand() * total)
    suit = first_suit
    while pick >= len(suits[suit]):
        pick -= len(suits[suit])
        suit += 1
    return suits[suit].pop(pick)
