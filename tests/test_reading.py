"""Inference from the play (game/ai/reading.py): the fit of a world's hands to the cards the others played."""

from __future__ import annotations

import math
import random

import pytest
from scripted import bid_round, complete_deal, play_tricks, spades_game
from test_ai_hard import _two_deals

from game.ai.hard import HardPlayer, _played_masks
from game.ai.players import NormalPlayer
from game.ai.reading import MISS, hand_tricks, play_fit
from game.ai.rollout import spades_table_for
from game.factory import new_game
from game.options import SpadesOptions
from game.state import Phase, TrickGame
from game.worlds import sample_world


def _fit(game: TrickGame, seat: int, hands: list[int] | None = None) -> float:
    """``play_fit`` of the game's tricks so far from ``seat``'s chair, with the game's own hands or ``hands``."""
    view = game.view(seat)
    played = _played_masks(view)
    tricks = hand_tricks(view)
    now = list(game.hands) if hands is None else hands
    start = [now[q] | played[q] for q in range(4)]
    return play_fit(start, tricks, spades_table_for(game, honest=True), seat)


def test_a_seat_that_throws_away_its_winner_fits_worse_than_one_that_ducks() -> None:
    # seat 1 holds the KC and a small club: with the AC led, the policy ducks the small club (the king
    # would lose to the ace anyway but is a winner later); playing the king under the ace is a miss
    hands = complete_deal(["AC 2H 3H 4H", "KC 3C 5H 6H", "4C 5C 7H 8H", "6C 7C 9H TH"])
    ducked, thrown = spades_game(hands), spades_game(hands)
    for game in (ducked, thrown):
        bid_round(game, {0: 3, 1: 3, 2: 3, 3: 3})
    play_tricks(ducked, ["AC 3C 4C 6C"])
    play_tricks(thrown, ["AC KC 4C 6C"])
    assert _fit(ducked, 0) == 1.0
    assert _fit(thrown, 0) == MISS
    assert _fit(thrown, 1) == 1.0  # a seat's own cards say nothing to itself


def test_the_true_deal_explains_the_play_better_than_sampled_worlds() -> None:
    """Normal players to the middle of the hand: the real hands fit their cards better, on average, than
    worlds dealt uniformly from the same view (the signal the ``hard-reads`` trial uses)."""
    rng = random.Random(1)
    true_bits, world_bits = [], []
    for seed in range(40):
        game = new_game("spades", SpadesOptions(), 4, seed)
        game.stop_at_hand_end = True
        players = [NormalPlayer(seed * 4 + q) for q in range(4)]
        stop, plays = rng.randrange(8, 40), 0
        while not game.results:
            if game.phase is Phase.PLAYING:
                plays += 1
                if plays == stop:
                    break
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.phase is not Phase.PLAYING:
            continue
        seat = game.to_act
        assert seat is not None
        true_bits.append(math.log2(_fit(game, seat)))
        view = game.view(seat)
        for _ in range(8):
            world = sample_world(view, rng)
            world_bits.append(math.log2(_fit(game, seat, list(world.hands))))
    assert len(true_bits) >= 30
    assert sum(true_bits) / len(true_bits) > sum(world_bits) / len(world_bits) + 0.5


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_reading_the_play_does_not_peek(seed: int) -> None:
    first, second, _ = _two_deals(seed, None, 4)
    seat = first.to_act
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b and (view_a.tricks or view_a.trick)
    readers = []
    for _ in range(2):
        player = HardPlayer(seed=9, samples=16)
        player.read_play = True
        readers.append(player)
    assert readers[0].choose(view_a) == readers[1].choose(view_b)
