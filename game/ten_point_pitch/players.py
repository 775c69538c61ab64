"""Ten-point Pitch's computer players, Easy and Normal: a seat's view in, one of ``view.legal`` out.

They read the ``SeatView`` alone (its hand, the bids, the cards played, the trumps burned face up,
who is out) and never a hidden card. What they know in play: every trump is held by a player or
was burned face up (nobody puts a trump down face down), so the trumps neither in their hand, nor
played, nor burned are in the other players' hands.

Easy bids its longest trump suit's count and top cards, names that suit, burns its lowest trumps,
leads its highest trump and wins a trick as cheaply as it can, else plays its lowest. Normal bids
by the points the hand can win with a partner (the jokers, the jack and off-jack and the three are
worth taking), names the best suit, keeps its best trumps on the draw (the pitcher chooses six from
the stock), draws trumps with its sure winners, saves the three and the jokers for a partner's sure
winner, takes point-bearing tricks cheaply and throws away what costs least.
"""

from __future__ import annotations

import random

from game.actions import PASS, Action, Bid, Discard, NameTrump, Play
from game.cards import BIG_JOKER, JACK, LITTLE_JOKER, Card
from game.state import Phase, SeatView
from game.ten_point_pitch.rules import THREE, card_points, off_jack, power, trump_mask, trump_order

ACE, KING, QUEEN, TEN, TWO = 12, 11, 10, 8, 0


# ----------------------------------------------------------------- what the view tells
def _mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card
    return mask


def _legal_cards(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if isinstance(a, (Play, Discard))]


def _partner(view: SeatView) -> int | None:
    team = next(t for t in view.teams if view.seat in t)
    return next((s for s in team if s != view.seat), None)


def _burned(view: SeatView) -> int:
    part = view.part
    return sum(_mask(cards) for cards in part.burned) if part is not None else 0


def outstanding(view: SeatView) -> int:
    """The trumps the other players hold: neither in this hand, nor played, nor burned."""
    assert view.trump is not None
    return trump_mask(view.trump) & ~_mask(view.hand or ()) & ~_mask(view.played) & ~_burned(view)


def _beats_all(card: int, mask: int, trump: int) -> bool:
    """Whether ``card`` is above every trump of ``mask``."""
    top = power(card, trump)
    return all(power(c, trump) < top for c in trump_order(trump) if mask >> c & 1)


def _still_to_play(view: SeatView) -> list[int]:
    """The other seats still to play to the trick in progress (those not out and not yet played)."""
    played = {seat for seat, _ in view.trick}
    out = view.part.out if view.part is not None else (False,) * view.num_seats
    return [s for s in range(view.num_seats) if s != view.seat and s not in played and not out[s]]


def _current_best(view: SeatView) -> tuple[int, Card] | None:
    if not view.trick:
        return None
    assert view.trump is not None
    trump = view.trump
    return max(view.trick, key=lambda play: power(play[1], trump))


def _points(card: Card, trump: int, low_to_player: bool) -> float:
    """The points a trump carries to whoever wins its trick (Game's share counted as a tenth of its value)."""
    if card in (BIG_JOKER, LITTLE_JOKER) or card == Card.of(JACK, trump) or card == off_jack(trump):
        return 1.0
    if card == Card.of(THREE, trump):
        return 3.0
    if card == Card.of(TWO, trump):
        return 0.0 if low_to_player else 1.0
    return card_points(card) / 10


def _cost(card: Card, trump: int, low_to_player: bool) -> float:
    """What giving this trump to another side's trick costs: its points, then its power (kept for later)."""
    return _points(card, trump, low_to_player) + power(card, trump) / 100


# ----------------------------------------------------------------- bidding and naming trump
def hand_value(cards: tuple[Card, ...], trump: int, partners: bool, low_to_player: bool = True) -> float:
    """The points a hand may win as pitcher with this suit as trump: its point cards weighed by the
    control its high trumps give, its length, the stock the pitcher takes, and a partner's share."""
    held = set(c for c in cards if trump_mask(trump) >> c & 1)
    if not held:
        return 0.0
    ace, king, queen = Card.of(ACE, trump), Card.of(KING, trump), Card.of(QUEEN, trump)
    control = (ace in held) + 0.6 * (king in held) + 0.3 * (queen in held)
    value = 1.0 * (ace in held) + 0.45 * (king in held) + 0.25 * (queen in held)
    for card in (Card.of(JACK, trump), off_jack(trump), BIG_JOKER, LITTLE_JOKER):
        if card in held:
            value += 0.45 + 0.2 * min(control, 1.5)
    if Card.of(THREE, trump) in held:
        value += 3 * (0.3 + 0.25 * min(control, 1.6))
    if Card.of(TWO, trump) in held:
        value += 0.9 if low_to_player else 0.5
    if Card.of(TEN, trump) in held:
        value += 0.35
    value += 0.3 * max(0, len(held) - 2) + 1.6  # length, and the stock the pitcher takes
    return value + (1.0 if partners else 0.0)


def _partners(view: SeatView) -> bool:
    return _partner(view) is not None


def _low_to_player(view: SeatView) -> bool:
    return getattr(view.options, "low", "player") == "player"


def _bid(view: SeatView, value: float, margin: float) -> Action:
    numbers = [a.value for a in view.legal if isinstance(a, Bid) and isinstance(a.value, int)]
    if Bid(view.seat, PASS) not in view.legal:
        return Bid(view.seat, min(numbers))
    fits = [b for b in numbers if b <= value - margin]
    return Bid(view.seat, max(fits)) if fits else Bid(view.seat, PASS)


def normal_bid(view: SeatView) -> Action:
    """The highest bid the best suit's points cover."""
    hand = view.hand or ()
    value = max(hand_value(hand, s, _partners(view), _low_to_player(view)) for s in range(4))
    return _bid(view, value, 0.0)


def best_suit(view: SeatView) -> int:
    """The suit whose trumps would win the most points."""
    hand = view.hand or ()
    return max(range(4), key=lambda s: (hand_value(hand, s, _partners(view), _low_to_player(view)), -s))


def _easy_count(hand: tuple[Card, ...], trump: int) -> tuple[int, int]:
    held = [c for c in hand if trump_mask(trump) >> c & 1]
    return len(held), max((power(c, trump) for c in held), default=-1)


def easy_bid(view: SeatView) -> Action:
    """Trumps of the longest suit, the ace, the jack and the three: four or five points at most."""
    hand = view.hand or ()
    suit = easy_suit(view)
    held = set(c for c in hand if trump_mask(suit) >> c & 1)
    value = 0.6 * len(held) + (Card.of(ACE, suit) in held) + (Card.of(JACK, suit) in held)
    value += 1.5 * (Card.of(THREE, suit) in held)
    return _bid(view, min(value, 5.0), 0.0)


def easy_suit(view: SeatView) -> int:
    """The suit with the most trumps (the higher top trump on a tie)."""
    hand = view.hand or ()
    return max(range(4), key=lambda s: (_easy_count(hand, s), -s))


# ----------------------------------------------------------------- the draw
def keep_order(card: Card, trump: int) -> float:
    """How much a trump is worth keeping: the top trumps, the point cards, the two; the middle last."""
    if card == Card.of(THREE, trump):
        return 14.5
    if card == Card.of(TWO, trump):
        return 12.5
    if card == Card.of(TEN, trump):
        return 13.0
    return power(card, trump)


def normal_discard(view: SeatView) -> Action:
    """Burn the trump least worth keeping; a non-trump, any (it can never be played)."""
    assert view.trump is not None
    trump = view.trump
    cards = _legal_cards(view)
    trumps = [c for c in cards if trump_mask(trump) >> c & 1]
    if trumps:
        return Discard(view.seat, min(trumps, key=lambda c: keep_order(c, trump)))
    return Discard(view.seat, cards[0])


def easy_discard(view: SeatView) -> Action:
    """The lowest trump (or the first card offered)."""
    assert view.trump is not None
    trump = view.trump
    cards = _legal_cards(view)
    trumps = [c for c in cards if trump_mask(trump) >> c & 1]
    if trumps:
        return Discard(view.seat, min(trumps, key=lambda c: power(c, trump)))
    return Discard(view.seat, cards[0])


# ----------------------------------------------------------------- play
def normal_play(view: SeatView) -> Card:
    """Draw trumps with sure winners, feed a partner's sure winner with points, win point-bearing tricks
    cheaply, and otherwise throw what costs least."""
    assert view.trump is not None
    trump, low_to_player = view.trump, _low_to_player(view)
    cards = _legal_cards(view)
    others = outstanding(view)
    if not view.trick:
        return _lead(view, cards, others, trump, low_to_player)
    best = _current_best(view)
    assert best is not None
    best_seat, best_card = best
    later = _still_to_play(view)
    best_sure = not later or _beats_all(best_card, others, trump)
    if best_seat == _partner(view) and best_sure:  # feed the partner's sure winner: the three, a joker...
        spare = [c for c in cards if not _beats_all(c, others, trump)] or cards
        return max(spare, key=lambda c: (_points(c, trump, low_to_player), -power(c, trump)))
    winners = [c for c in cards if power(c, trump) > power(best_card, trump)]
    sure = [c for c in winners if not later or _beats_all(c, others, trump)]
    if sure:
        return min(sure, key=lambda c: power(c, trump))
    on_table = sum(_cost(c, trump, low_to_player) for _, c in view.trick)
    if winners and on_table >= 0.9 and best_seat != _partner(view):
        return min(winners, key=lambda c: power(c, trump))
    return min(cards, key=lambda c: _cost(c, trump, low_to_player))


def _lead(view: SeatView, cards: list[Card], others: int, trump: int, low_to_player: bool) -> Card:
    if not others:  # nobody else holds a trump: every card left is won alone
        return max(cards, key=lambda c: power(c, trump))
    masters = [c for c in cards if _beats_all(c, others, trump)]
    if masters:
        return max(masters, key=lambda c: power(c, trump))
    return min(cards, key=lambda c: _cost(c, trump, low_to_player))


def easy_play(view: SeatView) -> Card:
    """Lead the highest trump; follow with the cheapest that wins, else the lowest."""
    assert view.trump is not None
    trump = view.trump
    cards = _legal_cards(view)
    if not view.trick:
        return max(cards, key=lambda c: power(c, trump))
    best = _current_best(view)
    assert best is not None
    winners = [c for c in cards if power(c, trump) > power(best[1], trump)]
    return min(winners or cards, key=lambda c: power(c, trump))


# ----------------------------------------------------------------- the levels
def _checked(view: SeatView, action: Action) -> Action:
    """``action`` if legal, else the first legal action (never an illegal move)."""
    return action if action in view.legal else view.legal[0]


def easy_choose(view: SeatView, rng: random.Random) -> Action:
    """The Easy level's action for this view (one of ``view.legal``)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if view.phase is Phase.BIDDING:
        return _checked(view, easy_bid(view))
    if view.phase is Phase.NAMING_TRUMP:
        return _checked(view, NameTrump(view.seat, easy_suit(view)))
    if view.phase is Phase.DISCARDING:
        return _checked(view, easy_discard(view))
    return _checked(view, Play(view.seat, easy_play(view)))


def normal_choose(view: SeatView, rng: random.Random) -> Action:
    """The Normal level's action for this view (one of ``view.legal``)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if view.phase is Phase.BIDDING:
        return _checked(view, normal_bid(view))
    if view.phase is Phase.NAMING_TRUMP:
        return _checked(view, NameTrump(view.seat, best_suit(view)))
    if view.phase is Phase.DISCARDING:
        return _checked(view, normal_discard(view))
    return _checked(view, Play(view.seat, normal_play(view)))
