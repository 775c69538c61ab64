"""The hard level's game value (issue 17 §3): a hand's outcome valued by the chance to win the game."""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_ai_hard import _two_deals

from game.actions import Action
from game.ai.gamevalue import PitchGameValue, SpadesGameValue, _poisson_tail
from game.ai.hard import HardPlayer
from game.ai.normal import normal_pitch_choose
from game.ai.tuning import SPADES_TUNING
from game.state import SeatView
from game.tools.arena import ArenaConfig, deal_game


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


# ----------------------------------------------------------------- Pitch: going out


def test_a_pitch_hand_is_its_margin_and_the_prize_for_going_out() -> None:
    game = PitchGameValue([5, 2, 0, 6], 0, 7, 10.0)
    assert game.value([1, 2, 1, 0], 1) == pytest.approx(1 - 3 / 3)  # seat 1 pitched 2, made it: 4 of 7
    assert game.value([2, 1, 0, 1], 0) == pytest.approx(2 - 2 / 3 + 10)  # we pitched 2 and reach 7: out
    assert game.value([-3, 2, 1, 1], 0) == pytest.approx(-3 - 4 / 3)  # we pitched 3 and were set back
    assert game.value([0, 1, 0, 3], 3) == pytest.approx(0 - 4 / 3 - 10)  # seat 3 made 3 and reaches 9: out
    assert not game.goes_out([0, 1, 2, 1], 2)  # only the pitcher goes out: seat 3 reaches 7 but did not pitch
    partners = PitchGameValue([9, 10], 1, 11, 4.0)
    assert partners.value([2, -2], 1) == pytest.approx(-4)  # we were set back: 10 to 8, no one is out
    assert partners.value([1, 3], 1) == pytest.approx(2 + 4)


def _bid(action: Action) -> int:
    value = getattr(action, "value", None)
    return value if isinstance(value, int) else 0


def _pitch_bid_views(deals: int) -> list[tuple[SeatView, SeatView]]:
    """Four players alone: the dealer about to bid last, the others having bid as Normal does, seen at level
    scores and with the seat that pitches now (if any) one made bid from the target of 7."""
    config = ArenaConfig("pitch", "hard", "normal", 4, seed=9)
    views = []
    for index in range(deals):
        game = deal_game(config, index)
        while game.to_act != game.dealer:
            game.apply(normal_pitch_choose(game.view(game.to_act or 0), random.Random(0)))
        view = game.view(game.dealer)
        marks = [0, 0, 0, 0]
        if view.pitcher is not None:
            marks[view.pitcher] = 7 - view.high_bid
        views.append((view, dataclasses.replace(view, scores=tuple(marks))))
    return views


def test_hard_outbids_a_pitcher_about_to_go_out_only_when_going_out_counts() -> None:
    higher = lower = 0
    for level, stop in _pitch_bid_views(30):
        bids = []
        for go_out in (0.0, 12.0):
            player = HardPlayer(seed=4, samples=40)
            player.go_out = go_out
            bids.append((_bid(player.choose(level)), _bid(player.choose(stop))))
        assert bids[0][0] == bids[1][0]  # at 0 to 0 no one goes out on this hand: the same bid
        higher += bids[1][1] > bids[0][1]
        lower += bids[1][1] < bids[0][1]
    assert higher >= 3 and lower == 0  # an opponent one made bid from the target is stopped more often


def test_the_pitch_game_value_does_not_peek() -> None:
    config = ArenaConfig("pitch", "hard", "normal", 4, seed=9)
    decided = 0
    for index in range(6):
        games = [deal_game(config, index) for _ in range(2)]
        first = games[0].to_act
        assert first is not None
        for game in games:
            game.apply(normal_pitch_choose(game.view(first), random.Random(0)))
        seat = games[0].to_act
        assert seat is not None
        a, b = [q for q in range(4) if q != seat][:2]
        x, y = games[1].hands[a] & -games[1].hands[a], games[1].hands[b] & -games[1].hands[b]
        games[1].hands[a] ^= x | y  # one card of each swapped: the seat to bid cannot tell the deals apart
        games[1].hands[b] ^= x | y
        views = [dataclasses.replace(g.view(seat), scores=(6, 6, 6, 6)) for g in games]
        assert views[0] == views[1] and games[0].hands != games[1].hands
        choices = []
        for view in views:
            player = HardPlayer(seed=3, samples=20)
            player.go_out = 12.0
            choices.append(player.choose(view))
        assert choices[0] == choices[1]
        decided += 1
    assert decided == 6
