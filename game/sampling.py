"""The machinery of world sampling every game shares: voids, unseen cards, uniform deals, the template.

game/worlds.py says what a world is and promises; each game's package (game/<game>/worlds.py)
subclasses ``WorldSampler`` with its own holders of hidden cards and its replay.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable
from math import comb

from game.actions import Play
from game.cards import SPADES, SUIT_MASKS, Card, cards_of
from game.chance import Chance
from game.house import STANDARD_SUITS, deck_mask, suit_masks, suit_table
from game.state import Phase, SeatView, TrickGame

ALL_SUITS = 0b1111
NOT_SPADES = ALL_SUITS & ~(1 << SPADES)
BITS = [1 << card for card in range(54)]  # the jokers too (house rule S7)


def _mask(cards: Iterable[int]) -> int:
    """The mask of an iterable of cards."""
    return sum(map(BITS.__getitem__, cards))


def played_masks(view: SeatView) -> list[int]:
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
    facts = view.facts
    trump = -1  # a seat that did not follow is void in the suit led, unless it may trump instead
    if facts.trump_or_follow and all_tricks:
        trump = all_tricks[0][0][1] & 3 if facts.trump is None else facts.trump  # Pitch: the first card names it
    suits = _suits_of(view)  # the house rules: jokers are spades, the off-jack a trump
    must_break = facts.trump_must_break and not getattr(view.options, "spades_any_time", False)
    opening = getattr(view.options, "two_clubs_opens", False)  # the first lead is forced: it proves nothing
    for number, plays in enumerate(all_tricks):
        leader, lead = plays[0]
        led = suits[lead]
        if must_break and led == SPADES and not broken and not (opening and number == 0):
            voids[leader] |= NOT_SPADES  # spades led unbroken: the leader had nothing else
        for seat, card in plays[1:]:
            suit = suits[card]
            if suit != led and suit != trump:  # Pitch: a trump may be played even by a seat able to follow
                voids[seat] |= 1 << led
        if not broken and any(suits[card] == SPADES for _, card in plays):
            broken = True
    return tuple(voids)


def _trump_of(view: SeatView) -> int | None:
    """A trump the first card names (Pitch: its printed suit), once played; None otherwise."""
    if view.facts.trump is not None:
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
    """The worlds that fit one view: the constraints derived once, then a uniform world per ``sample``.

    A base class: each game's package subclasses it (game/<game>/worlds.py) with ``_init_game``
    (its holders and dealer), ``_build`` (the template's own part of the replay) and ``_fill``
    (the hidden state of a clone). ``game.worlds.new_sampler(view)`` picks the game's subclass.

    ``known``: other seats' hands as they are now (masks by seat), taken as given and the rest dealt
    uniformly around them; only where ``takes_known`` (the arena's partner oracle, never a player at
    the table: a seat cannot know another's cards).
    """

    takes_known = False  # whether the game's sampler deals around ``known`` hands

    def __init__(self, view: SeatView, known: dict[int, int] | None = None) -> None:
        if view.phase in (Phase.GAME_OVER, Phase.HAND_OVER):
            raise ValueError(f"nothing to sample: the {'game' if view.phase is Phase.GAME_OVER else 'hand'} is over")
        if known and not self.takes_known:
            raise ValueError(f"the {view.kind} worlds cannot take known hands")
        self.view = view
        self.seat = view.seat
        self.played_by = played_masks(view)
        self.played_lists = [cards_of(m) for m in self.played_by]
        self.played = sum(self.played_by)
        self.voids = void_suits(view)
        self.unseen = unseen_cards(view)
        self.suits = _suits_of(view)  # each card's suit, and each suit's cards, under the house rules
        self.suit_masks = suit_masks(view.options, _trump_of(view))
        self.own = _mask(view.hand) if view.hand is not None else None
        self.known = [0] * view.num_seats  # the hands taken as given, by seat
        for seat, hand in (known or {}).items():
            if seat == view.seat or hand & self.played:
                raise ValueError(f"seat {seat}'s known hand is not another seat's hand now")
            self.known[seat] = hand
            self.unseen &= ~hand
        self.template: TrickGame
        self._init_game()
        seed_rng = random.Random(0)  # the template's hidden cards are one fitting deal; any will do
        self.template = self._replay(seed_rng)
        self.template.stop_at_hand_end = True

    def sample(self, rng: random.Random) -> TrickGame:
        """A world drawn uniformly from the deals that fit the view."""
        world = self.template.clone()
        self._fill(world, rng)
        return world

    # ----- a neighbouring world: the proposal of a chain over the fitting deals
    def neighbour(self, world: TrickGame, rng: random.Random) -> TrickGame | None:
        """A copy of ``world`` (one of this sampler's) with one hidden card of each of two holders swapped:
        the holders a and b chosen uniformly, a card of a, and a card of b that a may hold (not of a suit it
        showed void in). A symmetric proposal for a Markov chain over the fitting deals: the reverse swap
        has the same chance (every holder keeps its number of cards, and b's cards that a may hold their
        number). None where a's card cannot go to b, or where the game's worlds take no swaps."""
        if not self.swappable:
            return None
        holders = self._swap_holders(world)
        if len(holders) < 2:
            return None
        a, b = rng.sample(range(len(holders)), 2)
        (free_a, void_a), (free_b, void_b) = holders[a], holders[b]
        takes = free_b & ~void_a  # the cards of b that a may hold: as many after the swap as before
        if not free_a or not takes:
            return None
        x, y = rng.choice(cards_of(free_a)), rng.choice(cards_of(takes))
        if (1 << x) & void_b:
            return None
        new = world.clone()
        self._swap(new, a, x, y)
        self._swap(new, b, y, x)
        return new

    @property
    def swappable(self) -> bool:
        """Whether ``neighbour`` swaps cards in this view's worlds (else it always gives None)."""
        return False

    def _swap_holders(self, world: TrickGame) -> list[tuple[int, int]]:
        """For ``neighbour``: each holder's cards a swap may move (a mask) and the cards it may not take."""
        raise NotImplementedError

    def _swap(self, world: TrickGame, holder: int, out: int, into: int) -> None:
        """For ``neighbour``: the holder gives up the card ``out`` and takes ``into`` (in the hands and the
        deal's log)."""
        raise NotImplementedError

    # ----- each game's part
    def _init_game(self) -> None:
        """Derive the game's holders of hidden cards and its dealer (``self.dealer``)."""
        raise NotImplementedError

    def _build(self, rng: random.Random, chance: Chance) -> TrickGame:
        """The template game up to its play, built by the engine from one fitting deal (``chance`` seeded)."""
        raise NotImplementedError

    def _fill(self, world: TrickGame, rng: random.Random) -> None:
        """Replace the template's hidden state in a clone with a fresh uniform draw."""
        raise NotImplementedError

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

    # ================================================================ building worlds
    def _replay(self, rng: random.Random) -> TrickGame:
        """The template: one fitting world built by replaying the public history through the engine."""
        view = self.view
        chance = Chance(0)
        chance.force("seat", [view.dealer])
        game = self._build(rng, chance)
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


def _suits_mask(suits: int, masks: tuple[int, ...] = SUIT_MASKS) -> int:
    """The card mask of every card of the suits in a 4-bit suit mask (``masks``: each suit's cards)."""
    return sum(masks[s] for s in range(4) if suits >> s & 1)


def _pick(mask: int, count: int, rng: random.Random) -> tuple[Card, ...]:
    """``count`` cards of a mask, chosen uniformly, lowest first."""
    return tuple(sorted(rng.sample(cards_of(mask), count)))
