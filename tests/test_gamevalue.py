"""The hard level's game value (issue 17 §3): a hand's outcome valued by the chance to win the game."""

from __future__ import annotations

import pytest
from test_ai_hard import _two_deals

from game.ai.gamevalue import SpadesGameValue, _poisson_tail
from game.ai.hard import HardPlayer
from game.ai.tuning import SPADES_TUNING


def _value(scores: list[int], bags: list[int] | None = None, mercy: int | None = None) -> SpadesGameValue:
    tuning = SPADES_TUNING
    return SpadesGameValue(scores, bags or [0, 0], 0, 500, mercy, 10, 100, tuning.game_points, tuning.game_sigma,
                           tuning.game_bags)


def test_a_hand_that_ends_the_game_is_won_or_lost() -> None:
    game = _value([450, 300])
    assert game.chance([60, 40], [0, 0]) == 1.0  # 510 to 340: the game is won
    assert game.chance([-60, 210], [0, 0]) == 0.0  # 390 to 510: lost
    assert 0.0 < game.chance([-60, 40], [0, 0]) < 1.0  # 390 to 340: still playing
    assert _value([100, -150], mercy=-200).chance([50, -60], [0, 0]) == 1.0  # the opponents fall to the mercy line


def test_at_level_scores_a_point_of_lead_is_worth_about_a_point() -> None:
    game = _value([0, 0])
    slope = (game.value([61, 50], [0, 0]) - game.value([49, 50], [0, 0])) / 12
    assert slope == pytest.approx(1.0, abs=0.1)  # (a little more: the hand brings the end nearer)


def test_when_the_opponents_are_about_to_win_only_the_set_counts() -> None:
    game = _value([300, 470])
    made = game.value([80, 50], [0, 0])  # our contract, theirs too: they reach 520 and win
    set_them = game.value([-40, -50], [0, 0])  # we go set, and so do they: the game goes on
    assert made == 0.0 < set_them
    flat = _value([0, 0])
    assert flat.value([80, 50], [0, 0]) > flat.value([-40, -50], [0, 0])  # from 0 to 0 the points decide


def _bag_cost(scores: list[int], bags: int) -> float:
    """What one more bag (and its point) costs a side holding ``bags``, at these scores."""
    game = _value(scores, [bags, 0])
    return game.value([61, 60], [bags, 0]) - game.value([62, 60], [bags + 1, 0])


def test_a_bag_costs_its_long_game_price_early_more_near_the_penalty_and_nothing_at_the_end() -> None:
    assert 8.0 < _bag_cost([0, 0], 0) < 14.0  # 100 points per 10 bags, over a long game
    assert _bag_cost([300, 300], 6) > 2 * _bag_cost([300, 300], 0)  # three hands left: the penalty is near
    assert -1.5 < _bag_cost([400, 400], 3) < 0.5  # the game ends before the count reaches ten: a point won
    assert _poisson_tail(2.0, 0) == 1.0 and _poisson_tail(2.0, 1) == pytest.approx(1 - 0.1353352832)


def test_the_game_aware_hard_level_does_not_peek() -> None:
    first, second, _ = _two_deals(2)
    for game in (first, second):
        game.scores = [380, 440]
        game.bags = [8, 3]
    seat = first.to_act
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b
    players = [HardPlayer(seed=9, samples=16) for _ in range(2)]
    for player in players:
        player.game_value = True
    assert players[0].choose(view_a) == players[1].choose(view_b)
