"""Worlds: complete game states that fit what one seat knows, the hidden cards dealt uniformly.

``sample_world(view, rng)`` returns a ``TrickGame`` that agrees with the ``SeatView`` on
everything the seat can see (its hand, the cards played, bids, scores, the trick in
progress, its own exchange, discards and redraw, phase and seat to act, so that
``world.view(view.seat) == view``) and deals every card the seat has not seen at random,
**uniformly over the deals that fit** what the play has shown. The world has
``stop_at_hand_end = True``: playing it on follows the rules exactly and stops, scored,
at the end of the hand. A searching player may read everything inside a world.

What the view proves (``void_suits``):
- Spades (both kinds): a seat that did not follow suit holds none of the led suit; a spade
  led before spades were broken proves the leader then held only spades, so it has no
  heart, diamond or club left.
- Pitch: a seat that did not follow the led suit holds none of it (so a seat that did not
  follow a trump lead has no trump). A seat that could not follow may play *any* card
  (rules/pitch.md, ``PitchGame.follow_mask``), so playing an off-suit non-trump proves
  nothing about its trumps.
- Four-player Spades, Double Nil exchange: the three cards this seat gave are in its
  partner's hand unless played since; the cards it received are in its own hand.
- Spades for two: the seat's own discards (and redraw throw-aways) are out of play, except
  that an opponent who redrew after they reached the pile may have drawn some (below).
  During the drawing the stock still to come is sampled too, with ``view.drawn_card`` on
  top when the seat has just taken it.
- Pitch: the cards no one was dealt are sampled as out of play.
- Before a seat has looked at its hand (four-player Spades bidding) its own hand is unknown
  and is sampled with the others.

How (exact and fast):
1. ``WorldSampler(view)`` derives the constraints once: the unseen cards, the hidden
   holders (each other seat's hand, Pitch's undealt cards, the two-player pile and stock)
   with their sizes and the suits each may hold. Holders with the same allowed suits form
   one group: a deal is uniform exactly when the group's card set is drawn with weight
   "number of deals" and then split uniformly among its members.
2. The per-group, per-suit count matrix is drawn with probability proportional to the
   number of deals it allows, ``prod_s C(remaining_s, x_s) * ways(rest)``, by a dynamic
   programme over the groups (the state is the four remaining suit counts). Every weight
   is an exact integer and every choice uses ``rng.randrange`` over the exact total, so the
   deal is exactly uniform; the cost per sample is one table look-up and bisection per group,
   then one shuffle per suit. No rejection: time is bounded whatever the voids.
   When no deal fits, ``WorldSampler``/``sample_world`` raise ``ValueError``.
3. A template game is built once by **replaying the public history** through the real
   engine (``Chance.force`` with the deck of one fitting deal, then the bids, exchanges,
   draws, redraws and plays with ``apply()``), so every public attribute is the engine's
   own. Each sample is ``template.clone()`` with the hidden state replaced: the hands, the
   hand's deal in ``log`` (records), Pitch's ``in_play``, a pending Double Nil exchange of
   another seat, the other pair's exchange, and in Spades for two the stock, the discard pile,
   the opponent's draws and redraw; a world whose future still holds chance (two-player
   drawing or redraw) gets a fresh ``Chance`` seeded from ``rng``.
Hidden *choices* (a partner's pending exchange, the other partnership's exchange, the
opponent's keep-or-discard order) are drawn uniformly: the view says nothing about them.

Spades for two, an opponent's Double Nil redraw: the opponent drew ``k`` cards at random
from the pile, which held ``K`` cards this seat had seen (its discards). The exact prior of
the opponent's final hand ``F`` given ``j = |F & K|`` is ``C(P - |K|, k - j) / C(U, 13 - j)``
(``P`` the pile size, ``U`` the cards unseen then), which weights the number of such cards
in the sampled hand. ``k`` is public (``view.redraw_counts``, per seat), so the law is exact for the
count the opponent replaced (0: the seat's discards cannot be in its hand); a view without the counts
(``redraw_counts == ()``) averages it over 0..3 equally likely.

``sample_world`` keeps the samplers of the last few views (by identity), so calling it
hundreds of times with one view costs the derivation once. ``unseen_cards`` and
``void_suits`` are the building blocks, for the computer players too.
"""

from __future__ import annotations

import random
import threading
from bisect import bisect_right
from fractions import Fraction
from math import comb, lcm
from typing import Any

from game.actions import DOUBLE_NIL, Bid, Draw, Exchange, Look, Play, Redraw
from game.cards import DECK, FULL_MASK, SPADES, SUIT_MASKS, Card, cards_of
from game.chance import Chance
from game.deals import deck_for_deal
from game.house import STANDARD_SUITS, deck_mask, suit_masks, suit_table
from game.pitch.rules import PitchGame
from game.spades.rules import SpadesGame, opening_card
from game.spades_two.rules import SpadesTwoGame
from game.state import Phase, SeatView, TrickGame

ALL_SUITS = 0b1111
NOT_SPADES = ALL_SUITS & ~(1 << SPADES)
BITS = [1 << card for card in range(54)]
EXCHANGE_SIZE = 3
HAND = 13  # a Spades hand
MAX_REDRAW = 3
CACHE_SIZE = 8


def _mask(cards: Any) -> int:
    """The mask of an iterable of cards."""
    return sum(map(BITS.__getitem__, cards))


def _played_by(view: SeatView) -> list[int]:
    """Per seat, the mask of the cards it played this hand."""
    played = [0] * view.num_seats
    for _, plays, _ in view.tricks:
        for seat, card in plays:
            played[seat] |= BITS[card]
    for seat, card in view.trick:
        played[seat] |= BITS[card]
    return played


def void_suits(view: SeatView) -> tuple[int, ...]:
    """Per seat, a 4-bit mask (bit = suit) of the suits that seat is known to hold none of."""
    voids = [0] * view.num_seats
    all_tricks = [plays for _, plays, _ in view.tricks]
    if view.trick:
        all_tricks.append(view.trick)
    broken = False
    pitch = view.kind == "pitch"
    trump = all_tricks[0][0][1] & 3 if all_tricks and pitch else -1  # Pitch: the first card names trump
    suits = _suits_of(view)  # the house rules: jokers are spades, the off-jack a trump
    any_time = getattr(view.options, "spades_any_time", False)
    for number, plays in enumerate(all_tricks):
        leader, lead = plays[0]
        led = suits[lead]
        opening = number == 0 and getattr(view.options, "two_clubs_opens", False)
        if not pitch and led == SPADES and not broken and not any_time and not opening:
            voids[leader] |= NOT_SPADES  # spades led unbroken: the leader had nothing else
        for seat, card in plays[1:]:
            suit = suits[card]
            if suit != led and suit != trump:  # Pitch: a trump may be played even by a seat able to follow
                voids[seat] |= 1 << led
        if not broken and any(suits[card] == SPADES for _, card in plays):
            broken = True
    return tuple(voids)


def _trump_of(view: SeatView) -> int | None:
    """Pitch: the trump named by the hand's first card (its printed suit), once played; else None."""
    if view.kind != "pitch":
        return None
    first = view.tricks[0][1][0][1] if view.tricks else view.trick[0][1] if view.trick else None
    return None if first is None else first & 3


def _suits_of(view: SeatView) -> tuple[int, ...]:
    """Each card's suit for this view's hand under its rules (game/house.py)."""
    return suit_table(view.options, _trump_of(view))


def _seen_elsewhere(view: SeatView) -> int:
    """Cards the seat has seen that are neither in its hand nor played (exchange, discards, drawn card)."""
    seen = _mask(view.exchange_given) | _mask(view.exchange_received)
    seen |= _mask(view.discarded) | _mask(view.redraw_thrown) | _mask(view.redraw_drawn)
    if view.drawn_card is not None:
        seen |= BITS[view.drawn_card]
    return seen


def unseen_cards(view: SeatView) -> int:
    """The mask of the cards this seat has not seen and does not hold (its own hand too, before it looked)."""
    mask = deck_mask(view.options, view.num_seats) & ~_mask(view.played) & ~_seen_elsewhere(view)
    if view.hand is not None:
        mask &= ~_mask(view.hand)
    for _, plays, _ in view.tricks:  # ``played`` lists them all; the tricks are the authority
        for _, card in plays:
            mask &= ~BITS[card]
    for _, card in view.trick:
        mask &= ~BITS[card]
    return mask


# ---------------------------------------------------------------- uniform deals
def _compositions(n: int, counts: tuple[int, ...], allowed: int) -> list[tuple[int, ...]]:
    """Every (x0..x3) with sum n, x_s <= counts[s], and x_s = 0 for suits not allowed."""
    out: list[tuple[int, ...]] = []
    caps = [counts[s] if allowed >> s & 1 else 0 for s in range(4)]

    def rec(suit: int, left: int, prefix: tuple[int, ...]) -> None:
        if suit == 3:
            if left <= caps[3]:
                out.append(prefix + (left,))
            return
        if left > sum(caps[suit:]):
            return
        for x in range(min(caps[suit], left) + 1):
            rec(suit + 1, left - x, prefix + (x,))

    rec(0, n, ())
    return out


class UniformDealer:
    """Deals a set of cards to holders of fixed sizes, each holding only its allowed suits, uniformly."""

    def __init__(self, cards: int, sizes: list[int], allowed: list[int],
                 suits: tuple[int, ...] = STANDARD_SUITS) -> None:
        self.sizes = sizes
        self.cards = cards_of(cards)
        if sum(sizes) != len(self.cards) or min(sizes, default=0) < 0:
            raise ValueError(f"no deal fits: {len(self.cards)} unseen cards for hidden hands of {sizes}")
        present = 0
        for card in self.cards:
            present |= 1 << suits[card]
        by_mask: dict[int, list[int]] = {}
        for holder, mask in enumerate(allowed):
            by_mask.setdefault(mask & present, []).append(holder)
        # The most constrained groups first; the group allowed the most suits takes what is left.
        keys = sorted(by_mask, key=lambda m: (m.bit_count(), m))
        self.groups = [(mask, sum(sizes[h] for h in by_mask[mask]), by_mask[mask]) for mask in keys]
        self.by_suit = [[c for c in self.cards if suits[c] == s] for s in range(4)]
        self.counts = tuple(len(cards_) for cards_ in self.by_suit)
        self.simple = len(self.groups) == 1 and self.groups[0][0] == present
        self.tables: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int], int]] = {}
        if not self.groups:
            self.simple = True
        elif not self.simple and self._ways(0, self.counts) == 0:
            raise ValueError("no deal fits the view: the known voids leave no place for the unseen cards")

    def _ways(self, g: int, counts: tuple[int, ...]) -> int:
        """The number of ways (up to the split inside groups) to deal ``counts`` to groups g and after."""
        mask, size, _ = self.groups[g]
        if g == len(self.groups) - 1:
            fits = all(counts[s] == 0 or mask >> s & 1 for s in range(4)) and sum(counts) == size
            return 1 if fits else 0
        key = (g, counts)
        table = self.tables.get(key)
        if table is not None:
            return table[2]
        options: list[tuple[int, ...]] = []
        cumulative: list[int] = []
        total = 0
        for x in _compositions(size, counts, mask):
            rest = (counts[0] - x[0], counts[1] - x[1], counts[2] - x[2], counts[3] - x[3])
            weight = self._ways(g + 1, rest)
            if weight:
                weight *= comb(counts[0], x[0]) * comb(counts[1], x[1]) * comb(counts[2], x[2]) * comb(counts[3], x[3])
                total += weight
                options.append(x)
                cumulative.append(total)
        self.tables[key] = (options, cumulative, total)
        return total

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """The cards of each holder, drawn uniformly among the deals that fit.

        When every holder may hold every suit the lists are also in uniformly random order.
        """
        out: list[list[Card]] = [[] for _ in self.sizes]
        if self.simple:
            cards = self.cards[:]
            rng.shuffle(cards)
            pos = 0
            for holder, size in enumerate(self.sizes):
                out[holder] = cards[pos:pos + size]
                pos += size
            return out
        counts = self.counts
        takes = []
        for g in range(len(self.groups) - 1):
            options, cumulative, total = self.tables[(g, counts)]
            x = options[bisect_right(cumulative, rng.randrange(total))]
            takes.append(x)
            counts = (counts[0] - x[0], counts[1] - x[1], counts[2] - x[2], counts[3] - x[3])
        takes.append(counts)
        group_cards: list[list[Card]] = [[] for _ in self.groups]
        for suit in range(4):
            suit_cards = self.by_suit[suit]
            if not suit_cards:
                continue
            suit_cards = suit_cards[:]
            rng.shuffle(suit_cards)
            pos = 0
            for g, x in enumerate(takes):
                if x[suit]:
                    group_cards[g] += suit_cards[pos:pos + x[suit]]
                    pos += x[suit]
        for g, (_, _, members) in enumerate(self.groups):
            cards = group_cards[g]
            if len(members) == 1:
                out[members[0]] = cards
                continue
            rng.shuffle(cards)  # a uniform split of the group's cards among its members
            pos = 0
            for holder in members:
                out[holder] = cards[pos:pos + self.sizes[holder]]
                pos += self.sizes[holder]
        return out


# ---------------------------------------------------------------- the sampler
class WorldSampler:
    """Everything derived from one view, ready to sample many worlds from it."""

    def __init__(self, view: SeatView) -> None:
        if view.phase in (Phase.GAME_OVER, Phase.HAND_OVER):
            raise ValueError(f"nothing to sample: the {'game' if view.phase is Phase.GAME_OVER else 'hand'} is over")
        self.view = view
        self.seat = view.seat
        self.played_by = _played_by(view)
        self.played_lists = [cards_of(m) for m in self.played_by]
        self.played = sum(self.played_by)
        self.voids = void_suits(view)
        self.unseen = unseen_cards(view)
        self.suits = _suits_of(view)
        self.suit_masks = suit_masks(view.options, _trump_of(view))
        self.own = _mask(view.hand) if view.hand is not None else None
        self.template: TrickGame
        if view.kind == "spades":
            self._init_spades()
        elif view.kind == "pitch":
            self._init_pitch()
        elif view.kind == "spades-two":
            self._init_two()
        else:
            raise ValueError(f"unknown game {view.kind!r}")
        seed_rng = random.Random(0)  # the template's hidden cards are one fitting deal; any will do
        self.template = self._replay(seed_rng)
        self.template.stop_at_hand_end = True

    def sample(self, rng: random.Random) -> TrickGame:
        """A world drawn uniformly from the deals that fit the view."""
        world = self.template.clone()
        self._fill(world, rng)
        return world

    # ----- the holders every game shares: other seats with voids (and one's own hand before looking)
    def _seat_holders(self, fixed: list[int]) -> tuple[list[int], list[int], list[int]]:
        view = self.view
        seats = [s for s in range(view.num_seats) if s != self.seat or self.own is None]
        sizes = [view.hand_sizes[s] - fixed[s].bit_count() for s in seats]
        allowed = [ALL_SUITS & ~self.voids[s] for s in seats]
        for s in seats:
            if fixed[s] & _suits_mask(self.voids[s], self.suit_masks):
                raise ValueError(f"no deal fits: seat {s} must hold a card of a suit it showed void in")
        return seats, sizes, allowed

    # ================================================================ four-player Spades
    def _partner(self, seat: int) -> int | None:
        team = next(team for team in self.view.teams if seat in team)
        return next((s for s in team if s != seat), None)

    def _init_spades(self) -> None:
        view = self.view
        n = view.num_seats
        partner = self._partner(self.seat)
        self.fixed = [0] * n
        if view.exchange_received and partner is not None:  # the exchange is done: my partner holds what I gave
            self.fixed[partner] = _mask(view.exchange_given) & ~self.played
        opening = opening_card(n)
        if (getattr(view.options, "two_clubs_opens", False) and view.phase is Phase.PLAYING and not view.tricks
                and not view.trick and view.to_act is not None and view.to_act != self.seat):
            self.fixed[view.to_act] |= BITS[opening]  # the seat to lead holds the card that opens (public)
            self.unseen &= ~BITS[opening]
        self.seats, sizes, allowed = self._seat_holders(self.fixed)
        self.dealer = UniformDealer(self.unseen, sizes, allowed, self.suits)
        order: list[int] = []
        self.pair_sizes: dict[int, int] = {}
        nil_pass = getattr(view.options, "nil_pass", 0)
        for seat, bid in view.bid_order:  # as SpadesGame._exchange_seats: Double Nil, then the Nil pass
            mate = self._partner(seat)
            if mate is None:
                continue
            if bid == DOUBLE_NIL and view.bids[mate] != DOUBLE_NIL:
                size = EXCHANGE_SIZE
            elif bid == "nil" and nil_pass and isinstance(view.bids[mate], int):
                size = nil_pass
            else:
                continue
            order += [seat, mate]
            self.pair_sizes[seat] = self.pair_sizes[mate] = size
        if view.phase is Phase.BIDDING:
            done = 0
        elif view.phase is Phase.EXCHANGE:
            done = order.index(view.to_act) if view.to_act in order else 0
        else:
            done = len(order)
        self.pairs = [(order[i], order[i + 1], done > i, done > i + 1) for i in range(0, len(order), 2)]

    def _spades_world(self, rng: random.Random) -> tuple[list[int], dict[int, tuple[Card, ...]], list[list[Card]]]:
        """Current hands, the exchange cards given (per seat that chose), and the dealt hands (cards)."""
        view, me = self.view, self.seat
        n = view.num_seats
        hands = [0] * n
        lists: list[list[Card]] = [[] for _ in range(n)]
        if self.own is not None:
            hands[me] = self.own
            lists[me] = list(view.hand or ())
        for seat, cards in zip(self.seats, self.dealer.deal(rng), strict=True):
            hands[seat] = _mask(cards) | self.fixed[seat]
            lists[seat] = cards
        given: dict[int, tuple[Card, ...]] = {}
        dealt = [hands[s] | self.played_by[s] for s in range(n)]
        deal = [cards_of(dealt[s]) if self.fixed[s] else lists[s] + self.played_lists[s] for s in range(n)]
        for bidder, partner, chose_b, chose_p in self.pairs:
            if chose_p:  # done: the hands now hold what the other gave
                for giver, taker in ((bidder, partner), (partner, bidder)):
                    if giver == me:
                        given[giver] = tuple(view.exchange_given)
                    elif taker == me:
                        given[giver] = tuple(view.exchange_received)
                    else:
                        given[giver] = _pick(dealt[taker], self.pair_sizes[giver], rng)
                post_b, post_p = dealt[bidder], dealt[partner]
                dealt[bidder] = post_b & ~_mask(given[partner]) | _mask(given[bidder])
                dealt[partner] = post_p & ~_mask(given[bidder]) | _mask(given[partner])
                deal[bidder], deal[partner] = cards_of(dealt[bidder]), cards_of(dealt[partner])
            elif chose_b:
                given[bidder] = (tuple(view.exchange_given) if bidder == me
                                 else _pick(hands[bidder], self.pair_sizes[bidder], rng))
        return hands, given, deal

    # ================================================================ Pitch
    def _init_pitch(self) -> None:
        view = self.view
        fixed = [0] * view.num_seats
        self.seats, sizes, allowed = self._seat_holders(fixed)
        in_hands = sum(view.hand_sizes) + self.played.bit_count()
        sizes.append(52 - in_hands)  # the undealt cards
        allowed.append(ALL_SUITS)
        self.dealer = UniformDealer(self.unseen, sizes, allowed, self.suits)

    def _pitch_world(self, rng: random.Random) -> tuple[list[int], list[list[Card]]]:
        """Current hands and the dealt hands (cards) of one world (Pitch)."""
        n = self.view.num_seats
        hands = [0] * n
        deal = [self.played_lists[s] for s in range(n)]
        if self.own is not None:
            hands[self.seat] = self.own
            deal[self.seat] = list(self.view.hand or ()) + deal[self.seat]
        dealt = self.dealer.deal(rng)  # the last holder is the undealt cards
        for seat, cards in zip(self.seats, dealt[:-1], strict=True):
            hands[seat] = _mask(cards)
            deal[seat] = cards + deal[seat]
        return hands, deal

    # ================================================================ Spades for two
    def _init_two(self) -> None:
        view = self.view
        me = self.seat
        opp = 1 - me
        self.opp = opp
        self.first = view.dealer
        self.my_discards = _mask(view.discarded)
        blind = set(view.blind) | {s for s, b in view.bid_order if b == DOUBLE_NIL}
        self.blind = blind
        self.redraw_order = [s for s in (self.first, 1 - self.first) if s in blind]
        if view.phase is Phase.DRAWING:
            redraws_done = 0
        elif view.phase is Phase.REDRAW and view.to_act in self.redraw_order:
            redraws_done = self.redraw_order.index(view.to_act)  # type: ignore[arg-type]
        else:
            redraws_done = len(self.redraw_order)
        self.redrawn = self.redraw_order[:redraws_done]
        if view.phase is Phase.DRAWING:
            self.my_turns = len(view.discarded)
            self.opp_turns = view.hand_sizes[opp]
            taken = 1 if view.to_act == me and view.drawn_card is not None else 0
            future = 52 - 2 * (self.my_turns + self.opp_turns) - taken
            if future < 0 or self.unseen.bit_count() != 2 * self.opp_turns + future:
                raise ValueError("no deal fits: the stock, the hands and the discards do not add up")
            # holders: the opponent's hand, its discards, the rest of the stock (no voids yet)
            self.dealer = UniformDealer(self.unseen, [self.opp_turns, self.opp_turns, future], [ALL_SUITS] * 3)
            self.opp_redrew = False
            return
        self.my_turns = self.opp_turns = HAND
        # The opponent's final hand may hold cards this seat saw on the pile, if it redrew after they got there.
        self.opp_redrew = opp in self.redrawn
        self.maybe_then = 0
        self.opp_redraw_known: int | None = None
        if self.opp_redrew:
            counts = view.redraw_counts  # public: how many it replaced (a view without it: unknown)
            self.opp_redraw_known = counts[opp] if len(counts) > opp else None
            self.maybe_then = self.my_discards
            if me in self.redrawn and self.redraw_order[0] == me:  # my throw-aways were on the pile too
                self.maybe_then = (self.my_discards | _mask(view.redraw_thrown)) & ~_mask(view.redraw_drawn)
        self.maybe = self.maybe_then & ~(self.own or 0) & ~self.played
        hidden = view.hand_sizes[opp]
        allowed_cards = _suits_mask(ALL_SUITS & ~self.voids[opp])
        self.opp_hidden = hidden
        self.u_allowed = cards_of(self.unseen & allowed_cards)
        self.k_allowed = cards_of(self.maybe & allowed_cards)
        shown = (self.played_by[opp] & self.maybe_then).bit_count()  # seen cards it has played already
        weights: list[Fraction] = []
        for extra in range(hidden + 1):
            ways = comb(len(self.k_allowed), extra) * comb(len(self.u_allowed), hidden - extra)
            weights.append(ways * self._redraw_prior(shown + extra, view.discard_size) if ways else Fraction(0))
        if not any(weights):
            raise ValueError("no deal fits the view: the opponent's shown voids leave no hand for it")
        scale = lcm(*(w.denominator for w in weights))
        self.extra_cumulative: list[int] = []
        total = 0
        for w in weights:
            total += int(w * scale)
            self.extra_cumulative.append(total)
        self.extra_total = total

    def _redraw_prior(self, j: int, pile: int) -> Fraction:
        """Relative prior of an opponent's final hand holding exactly j of the cards this seat saw on the pile."""
        if not self.opp_redrew:
            return Fraction(1 if j == 0 else 0)
        known = self.maybe_then.bit_count()
        unseen_then = HAND + pile - known  # the opponent's hand then, and the pile cards this seat had not seen
        counts = [self.opp_redraw_known] if self.opp_redraw_known is not None else list(range(MAX_REDRAW + 1))
        total = Fraction(0)
        for k in counts:
            if j > k or k - j > pile - known:
                continue
            total += Fraction(comb(pile - known, k - j), comb(pile, k))
        return total / comb(unseen_then, HAND - j)

    def _two_world(self, rng: random.Random) -> dict[str, Any]:
        """Hands, pile, stock and the opponent's drawing history of one world (Spades for two)."""
        view, me, opp = self.view, self.seat, self.opp
        hands = [0, 0]
        if self.own is not None:
            hands[me] = self.own
        world: dict[str, Any] = {"hands": hands}
        if view.phase is Phase.DRAWING:
            kept, dropped, future = self.dealer.deal(rng)
            hands[opp] = _mask(kept)
            world["opp_kept"], world["opp_dropped"] = kept, dropped
            if view.to_act == me and view.drawn_card is not None:
                future = [view.drawn_card] + future
            world["future"] = future
            world["discards"] = self.my_discards | _mask(dropped)
            world["opp_thrown"] = world["opp_drawn"] = ()
            return world
        extra = bisect_right(self.extra_cumulative, rng.randrange(self.extra_total))
        hidden = rng.sample(self.k_allowed, extra) + rng.sample(self.u_allowed, self.opp_hidden - extra)
        hands[opp] = _mask(hidden)
        final = hands[opp] | self.played_by[opp]
        discards = FULL_MASK & ~hands[0] & ~hands[1] & ~self.played
        world["discards"] = discards
        # the opponent's redraw and drawing history, consistent with this world
        thrown: list[Card] = []
        drawn: list[Card] = []
        if self.opp_redrew:
            from_pile = final & self.maybe_then
            k = self.opp_redraw_known if self.opp_redraw_known is not None else from_pile.bit_count()
            rest = cards_of(final & ~from_pile)
            drawn = cards_of(from_pile) + rng.sample(rest, max(0, k - from_pile.bit_count()))
            pool = cards_of(discards & ~self.my_discards & ~_mask(view.redraw_thrown) & ~self.maybe_then)
            thrown = rng.sample(pool, min(len(drawn), len(pool)))
            drawn = drawn[:len(thrown)]
        before = final & ~_mask(drawn) | _mask(thrown)  # the opponent's 13 cards at the end of the drawing
        my_before = (self.own or 0) | self.played_by[me]
        my_before = my_before & ~_mask(view.redraw_drawn) | _mask(view.redraw_thrown)
        opp_dropped = cards_of(FULL_MASK & ~before & ~my_before & ~self.my_discards)
        opp_kept = cards_of(before)
        rng.shuffle(opp_kept)
        rng.shuffle(opp_dropped)
        world["opp_kept"], world["opp_dropped"] = opp_kept, opp_dropped
        world["future"] = []
        world["opp_thrown"], world["opp_drawn"] = tuple(thrown), tuple(drawn)
        return world

    def _two_stock(self, world: dict[str, Any]) -> tuple[list[Card], list[tuple[int, Card, Card, bool]]]:
        """The whole stock (top first) and the drawing log that give this world, every draw a keep."""
        view, me = self.view, self.seat
        my_kept = self._my_kept
        stock: list[Card] = []
        draws: list[tuple[int, Card, Card, bool]] = []
        turns = self.my_turns + self.opp_turns
        mine = theirs = 0
        for turn in range(turns):
            seat = (self.first + turn) % 2
            if seat == me:
                kept, dropped = my_kept[mine], view.discarded[mine]
                mine += 1
            else:
                kept, dropped = world["opp_kept"][theirs], world["opp_dropped"][theirs]
                theirs += 1
            stock += [DECK[kept], DECK[dropped]]
            draws.append((seat, DECK[kept], DECK[dropped], True))
        stock += [DECK[c] for c in world["future"]]
        return stock, draws

    # ================================================================ building worlds
    def _replay(self, rng: random.Random) -> TrickGame:
        """The template: one fitting world built by replaying the public history through the engine."""
        view = self.view
        chance = Chance(0)
        chance.force("seat", [view.dealer])
        game: TrickGame
        if view.kind == "spades":
            hands, given, deal = self._spades_world(rng)
            chance.force("deck", [deck_for_deal("spades", view.dealer, deal, view.num_seats)])
            game = SpadesGame(view.options, chance=chance, players=view.num_seats)
            for seat, value in view.bid_order:
                game.apply(Bid(seat, value))
            for seat in range(view.num_seats):
                if view.looked[seat] and not game.looked[seat]:
                    game.apply(Look(seat))
            for bidder, partner, chose_b, chose_p in self.pairs:
                for seat, chose in ((bidder, chose_b), (partner, chose_p)):
                    if chose:
                        game.apply(Exchange(seat, given[seat]))
        elif view.kind == "pitch":
            hands, deal = self._pitch_world(rng)
            chance.force("deck", [deck_for_deal("pitch", view.dealer, deal, view.num_seats)])
            game = PitchGame(view.options, players=view.num_seats, chance=chance)
            for seat, value in view.bid_order:
                game.apply(Bid(seat, value))
        else:
            game = self._replay_two(rng, chance)
        for _, plays, _ in view.tricks:
            for seat, card in plays:
                game.apply(Play(seat, card))
        for seat, card in view.trick:
            game.apply(Play(seat, card))
        game.scores = list(view.scores)
        game.bags = list(view.bags)
        game.results = list(view.results)
        game._frozen_results = list(view.results)  # noqa: SLF001 - the view's own frozen copies
        game.hand_number = view.hand_number
        if game.phase is not view.phase or game.to_act != view.to_act:
            raise ValueError(f"the view's history does not lead to its phase ({game.phase} vs {view.phase})")
        return game

    def _replay_two(self, rng: random.Random, chance: Chance) -> TrickGame:
        view, me = self.view, self.seat
        world = self._two_world(rng)
        my_before = (self.own or 0) | self.played_by[me]
        my_before = my_before & ~_mask(view.redraw_drawn) | _mask(view.redraw_thrown)
        self._my_kept = cards_of(my_before)
        stock, _ = self._two_stock(world)
        missing = [c for c in DECK if c not in set(stock)]
        chance.force("deck", [stock + missing])
        game = SpadesTwoGame(view.options, chance=chance)
        turns = self.my_turns + self.opp_turns
        for turn in range(turns + 1):
            seat = (self.first + turn) % 2
            if turn == turns and (view.phase is not Phase.DRAWING or not view.looked[seat]):
                break
            if not game.looked[seat]:
                game.apply(Bid(seat, DOUBLE_NIL) if seat in self.blind else Look(seat))
            if turn < turns:
                game.apply(Draw(seat, True))
        for seat in self.redrawn:
            if seat == me:
                thrown, drawn = tuple(view.redraw_thrown), list(view.redraw_drawn)
            else:
                thrown, drawn = world["opp_thrown"], list(world["opp_drawn"])
            if thrown:
                game.chance.force("sample", [drawn])
            game.apply(Redraw(seat, thrown))
        for seat, value in view.bid_order:
            if value != DOUBLE_NIL:
                game.apply(Bid(seat, value))
        return game

    def _fill(self, world: TrickGame, rng: random.Random) -> None:
        """Replace the template's hidden state in a clone with a fresh uniform draw."""
        view = self.view
        kind = view.kind
        if kind == "spades":
            assert isinstance(world, SpadesGame)
            hands, given, deal = self._spades_world(rng)
            world.hands = hands
            world.log.deal = deal
            if given:
                world.pending_exchange = dict(given)
                world.log.exchange = [entry for b, p, _, chose_p in self.pairs if chose_p
                                      for entry in ((b, p, given[b]), (p, b, given[p]))]
        elif kind == "pitch":
            assert isinstance(world, PitchGame)
            hands, deal = self._pitch_world(rng)
            world.hands = hands
            world.in_play = sum(hands) + self.played
            world.log.deal = deal
        else:
            assert isinstance(world, SpadesTwoGame)
            two = self._two_world(rng)
            world.hands = two["hands"]
            world.discards = two["discards"]
            stock, draws = self._two_stock(two)
            if len(stock) < 52:
                stock += [c for c in DECK if c not in set(stock)]
            world.stock = stock
            log = world.log
            log.stock = stock[:]
            log.draws = draws
            if self.opp in self.redrawn:
                thrown = [DECK[c] for c in two["opp_thrown"]]
                mine = [entry for entry in log.redraw if entry[0] != self.opp]
                if thrown:
                    entry = (self.opp, thrown, [DECK[c] for c in two["opp_drawn"]])
                    mine.append(entry)
                    mine.sort(key=lambda e: self.redraw_order.index(e[0]))
                log.redraw = mine
            if view.phase is Phase.DRAWING or view.phase is Phase.REDRAW:
                world.chance = Chance(rng.getrandbits(64))


def _suits_mask(suits: int, masks: tuple[int, ...] = SUIT_MASKS) -> int:
    """The card mask of every card of the suits in a 4-bit suit mask (``masks``: each suit's cards)."""
    return sum(masks[s] for s in range(4) if suits >> s & 1)


def _pick(mask: int, count: int, rng: random.Random) -> tuple[Card, ...]:
    """``count`` cards of a mask, chosen uniformly, lowest first."""
    return tuple(sorted(rng.sample(cards_of(mask), count)))


_CACHE: dict[int, WorldSampler] = {}  # by id(view); each sampler holds its view, so the id stays its own
_CACHE_LOCK = threading.Lock()


def sampler_for(view: SeatView) -> WorldSampler:
    """The (cached) sampler of a view: the derivation is done once per view object."""
    sampler = _CACHE.get(id(view))
    if sampler is None or sampler.view is not view:
        sampler = WorldSampler(view)
        with _CACHE_LOCK:
            while len(_CACHE) >= CACHE_SIZE:
                del _CACHE[next(iter(_CACHE))]
            _CACHE[id(view)] = sampler
    return sampler


def sample_world(view: SeatView, rng: random.Random) -> TrickGame:
    """A complete game state that fits everything ``view`` shows, the hidden cards dealt uniformly.

    The world stops at the end of the hand (``stop_at_hand_end``). Raises ValueError when no deal
    fits the view (an inconsistent view) or the game or hand is over.
    """
    return sampler_for(view).sample(rng)
