"""Worlds of Spades for two: the opponent's hand, the pile, the stock and the redraws drawn to fit."""

from __future__ import annotations

import random
from bisect import bisect_right
from fractions import Fraction
from math import comb, lcm
from typing import Any

from game.actions import DOUBLE_NIL, Bid, Draw, Look, Redraw
from game.cards import DECK, FULL_MASK, Card, cards_of
from game.chance import Chance
from game.sampling import ALL_SUITS, UniformDealer, WorldSampler, _mask, _suits_mask
from game.spades.rules import HAND_SIZE as HAND
from game.spades_two.rules import MAX_REDRAW, SpadesTwoGame
from game.state import Phase, TrickGame


class SpadesTwoWorlds(WorldSampler):
    """Spades for two: the holders are the opponent's hand, its discards and the stock still to come."""

    def _init_game(self) -> None:
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
            redraws_done = self.redraw_order.index(view.to_act)
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

    def _build(self, rng: random.Random, chance: Chance) -> TrickGame:
        """The template: the drawing, the redraws and the bids, through the engine."""
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
        """Fresh hands, pile, stock, draws and redraw in a clone of the template."""
        view = self.view
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
