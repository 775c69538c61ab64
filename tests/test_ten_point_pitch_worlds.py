"""Ten-point Pitch worlds fit the view they are sampled from, and play on to the end of the hand."""

from __future__ import annotations

import random

import pytest

from game.cards import mask_of
from game.options import TenPointPitchOptions
from game.state import Phase
from game.ten_point_pitch.players import normal_choose
from game.ten_point_pitch.rules import TenPointPitchGame, trump_mask
from game.ten_point_pitch.worlds import sample_world


@pytest.mark.parametrize(("players", "partnerships"), [(4, True), (4, False), (3, False)])
def test_every_world_fits_the_view_and_plays_on_to_the_end(players: int, partnerships: bool) -> None:
    rng = random.Random(1)
    checked = 0
    for seed in range(8):
        game = TenPointPitchGame(TenPointPitchOptions(partnerships=partnerships), players, seed)
        game.stop_at_hand_end = True
        while game.phase is not Phase.HAND_OVER:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.phase is not Phase.DISCARDING:
                world = sample_world(view, rng)
                seen = world.view(seat)
                assert (seen.hand, seen.legal, seen.trick, seen.to_act, seen.bids) == \
                       (view.hand, view.legal, view.trick, view.to_act, view.bids)
                if view.phase is Phase.PLAYING:
                    assert seen.part.out == view.part.out and seen.hand_sizes == view.hand_sizes
                    assert seen.part.burned == view.part.burned and seen.played == view.played
                    assert view.trump is not None
                    trumps = trump_mask(view.trump)
                    for other in range(players):  # a player still in holds a trump
                        if other != seat and not view.part.out[other]:
                            assert world.hands[other] & trumps
                    assert mask_of(c for c in range(54) if any(h >> c & 1 for h in world.hands)) & trumps == \
                        trumps & ~mask_of(view.played) & ~mask_of(c for b in view.part.burned for c in b)
                while world.phase is not Phase.HAND_OVER:
                    assert world.to_act is not None
                    world.apply(normal_choose(world.view(world.to_act), rng))
                checked += 1
            game.apply(normal_choose(view, rng))
    assert checked > 100
