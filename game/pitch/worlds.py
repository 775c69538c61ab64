"""Worlds of Pitch: the other hands and the undealt cards drawn uniformly."""

from __future__ import annotations

import random

from game.actions import Bid
from game.cards import Card, cards_of
from game.chance import Chance
from game.pitch.rules import PitchGame, deck_for_deal
from game.sampling import ALL_SUITS, UniformDealer, WorldSampler, _mask, _suits_mask
from game.state import TrickGame


class PitchWorlds(WorldSampler):
    """Pitch: the holders are the other seats and the cards no one was dealt."""

    takes_known = True

    def _init_game(self) -> None:
        view = self.view
        self.seats, sizes, allowed = self._seat_holders(self.known)
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
            hands[seat] = _mask(cards) | self.known[seat]
            deal[seat] = cards + cards_of(self.known[seat]) + deal[seat]
        return hands, deal

    def _build(self, rng: random.Random, chance: Chance) -> TrickGame:
        """The template: the deal and the bids, through the engine."""
        view = self.view
        hands, deal = self._pitch_world(rng)
        chance.force("deck", [deck_for_deal(view.dealer, deal, view.num_seats)])
        game = PitchGame(view.options, players=view.num_seats, chance=chance)
        for seat, value in view.bid_order:
            game.apply(Bid(seat, value))
        return game

    def _fill(self, world: TrickGame, rng: random.Random) -> None:
        """Fresh hands and deal in a clone of the template."""
        assert isinstance(world, PitchGame)
        hands, deal = self._pitch_world(rng)
        world.hands = hands
        world.in_play = sum(hands) + self.played
        world.log.deal = deal

    @property
    def swappable(self) -> bool:
        """Always: a seat's hidden cards and the undealt ones can trade places (voids permitting)."""
        return True

    def _swap_holders(self, world: TrickGame) -> list[tuple[int, int]]:
        """The other seats' hidden cards (with the cards their voids rule out), then the undealt cards."""
        assert isinstance(world, PitchGame)
        holders = [(world.hands[s] & ~self.known[s], _suits_mask(self.voids[s], self.suit_masks)) for s in self.seats]
        return [*holders, (self.unseen & ~world.in_play, 0)]

    def _swap(self, world: TrickGame, holder: int, out: int, into: int) -> None:
        assert isinstance(world, PitchGame)
        if holder < len(self.seats):
            seat = self.seats[holder]
            world.hands[seat] = world.hands[seat] & ~(1 << out) | 1 << into
            world.log.deal[seat] = [Card(into) if card == out else card for card in world.log.deal[seat]]
        world.in_play = sum(world.hands) + self.played
