"""Worlds of four-player Spades: the other hands dealt uniformly, Double Nil exchanges drawn to fit."""

from __future__ import annotations

import random

from game.actions import DOUBLE_NIL, NIL, Bid, Exchange, Look
from game.cards import Card, cards_of
from game.chance import Chance
from game.sampling import UniformDealer, WorldSampler, _mask, _pick, _suits_mask
from game.spades.rules import EXCHANGE_SIZE, SpadesGame, deck_for_deal, opening_card
from game.state import Phase, TrickGame


class SpadesWorlds(WorldSampler):
    """Four-player Spades: the holders are the other seats (and one's own hand before looking)."""

    takes_known = True

    def _partner(self, seat: int) -> int | None:
        team = next(team for team in self.view.teams if seat in team)
        return next((s for s in team if s != seat), None)

    def _init_game(self) -> None:
        view = self.view
        n = view.num_seats
        partner = self._partner(self.seat)  # None in Cutthroat Spades: no partner, no exchange
        self.fixed = list(self.known)
        if view.exchange_received and partner is not None:  # the exchange is done: my partner holds what I gave
            self.fixed[partner] |= _mask(view.exchange_given) & ~self.played
        opening = opening_card(n)
        if (getattr(view.options, "two_clubs_opens", False) and view.phase is Phase.PLAYING and not view.tricks
                and not view.trick and view.to_act is not None and view.to_act != self.seat):
            self.fixed[view.to_act] |= 1 << opening  # the seat to lead holds the card that opens (public)
            self.unseen &= ~(1 << opening)
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
            elif bid == NIL and nil_pass and isinstance(view.bids[mate], int):
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

    def _build(self, rng: random.Random, chance: Chance) -> TrickGame:
        """The template: the deal, the bids, the looks and the exchanges made, through the engine."""
        view = self.view
        hands, given, deal = self._spades_world(rng)
        chance.force("deck", [deck_for_deal(view.dealer, deal, view.num_seats)])
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
        return game

    def _fill(self, world: TrickGame, rng: random.Random) -> None:
        """Fresh hands, deal and exchanges in a clone of the template."""
        assert isinstance(world, SpadesGame)
        hands, given, deal = self._spades_world(rng)
        world.hands = hands
        world.log.deal = deal
        if given:
            world.pending_exchange = dict(given)
            world.log.exchange = [entry for b, p, _, chose_p in self.pairs if chose_p
                                  for entry in ((b, p, given[b]), (p, b, given[p]))]

    @property
    def swappable(self) -> bool:
        """Not where the worlds hold exchanged cards (a swap would have to follow them through the exchange)."""
        return not self.pairs

    def _swap_holders(self, world: TrickGame) -> list[tuple[int, int]]:
        """The hidden cards of the seats dealt around (the others, one's own before looking) and the cards
        their voids rule out."""
        return [(world.hands[s] & ~self.fixed[s], _suits_mask(self.voids[s], self.suit_masks)) for s in self.seats]

    def _swap(self, world: TrickGame, holder: int, out: int, into: int) -> None:
        assert isinstance(world, SpadesGame)
        seat = self.seats[holder]
        world.hands[seat] = world.hands[seat] & ~(1 << out) | 1 << into
        world.log.deal[seat] = [Card(into) if card == out else card for card in world.log.deal[seat]]
