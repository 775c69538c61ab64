"""The normal level with the game in mind (game/ai/normal_game.py): when the other side wins the game by
making its contract, Normal takes every trick it can to set them, bags or not (issue 17, section 3)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.knowledge import know
from game.ai.normal import normal_pitch_choose, normal_spades_choose, pitch_bid, wants_tricks
from game.ai.normal_game import PITCH_CUTS_ALONE, PITCH_CUTS_BEFORE, Stakes, pitch_cuts
from game.options import SpadesOptions
from game.state import SeatView, TrickGame
from game.tools.arena import ArenaConfig, deal_game, level_player
from tests.scripted import bid_round, play_tricks, spades_deal, spades_game, spades_tricks


def _view(bids: dict[int, int], scores: tuple[int, int], seat: int = 0) -> SeatView:
    game = spades_game(spades_deal([3, 3, 4, 3]))
    bid_round(game, bids)
    return dataclasses.replace(game.view(seat), scores=scores)


@pytest.mark.parametrize(("scores", "finish"), [
    ((420, 470), True),    # they reach 520; we reach 490
    ((450, 470), False),   # both reach 520: equal scores play on
    ((460, 470), False),   # we reach 530, ahead of their 520
    ((300, 440), False),   # they reach 490
    ((300, 450), True),    # they reach exactly 500
])
def test_they_finish_when_their_made_contract_ends_the_game_ahead(scores: tuple[int, int], finish: bool) -> None:
    stakes = Stakes.of(_view({0: 4, 1: 3, 2: 3, 3: 2}, scores))
    assert stakes is not None
    assert (stakes.our_bid, stakes.their_bid) == (7, 5)
    assert stakes.they_finish() is finish


def test_nothing_is_known_of_their_finish_before_they_bid() -> None:
    game = spades_game(spades_deal([3, 3, 4, 3]))  # seat 0 bids first
    stakes = Stakes.of(dataclasses.replace(game.view(0), scores=(0, 490)))
    assert stakes is not None and stakes.their_bid is None and not stakes.they_finish()


def test_cutthroat_has_no_two_sides() -> None:
    game = spades_game(spades_deal([3, 3, 4, 3]), options=SpadesOptions(partnerships=False))
    assert Stakes.of(game.view(0)) is None


def _position(scores: tuple[int, int]) -> SeatView:
    """Nine tricks played: our side (0, 2) bid 4 and has 7, theirs bid 4 and has 2 with four tricks left."""
    counts = [3, 3, 4, 3]
    game = spades_game(spades_deal(counts))
    bid_round(game, {0: 2, 1: 2, 2: 2, 3: 2})
    play_tricks(game, spades_tricks(counts)[:9])
    assert game.tricks_won == [3, 2, 4, 0]
    game.scores = list(scores)
    seat = game.to_act
    assert seat is not None
    return game.view(seat)


def test_a_made_side_keeps_taking_tricks_only_when_their_contract_wins_them_the_game() -> None:
    # they need two of the four tricks left: at level scores a made side ducks (bags), as it always did
    level = know(_position((0, 0)))
    assert not wants_tricks(level) and not wants_tricks(level, game_aware=False)
    # at 100 to 470 their two tricks win them the game: every trick is taken while they can be set
    behind = know(_position((100, 470)))
    assert wants_tricks(behind)
    assert not wants_tricks(behind, game_aware=False)  # the arena's normal-1 baseline ducks
    assert wants_tricks(know(_position((400, 470))))  # 440 against 510


def _play_hand(game: TrickGame, aware_side: int, aware: bool, seed: int) -> None:
    rng = random.Random(seed)
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        game.apply(normal_spades_choose(view, rng, game_aware=aware or game.side_of(seat) != aware_side))


def test_the_side_facing_a_game_winning_contract_sets_it_more_often() -> None:
    # the same 120 deals, the opponents (seats 1 and 3) at 460: any contract of four or more they make wins
    config = ArenaConfig("spades", "normal", "normal", 4, seed=5)
    sets = {True: 0, False: 0}
    bags = {True: 0, False: 0}
    for index in range(120):
        for aware in (True, False):
            game = deal_game(config, index)
            game.scores = [200, 460]
            _play_hand(game, 0, aware, index)
            their = game.results[-1].points[1]
            if their["bid"] and not their["made"]:
                sets[aware] += 1
            bags[aware] += game.bags[0]
    assert sets[True] > sets[False]
    assert bags[True] > bags[False]  # the price: the tricks taken beyond the contract


def test_the_arena_baseline_normal_1_plays_without_the_game_in_mind() -> None:
    config = ArenaConfig("spades", "normal", "normal-1", 4, seed=5)
    differ = 0
    for index in range(10):
        game = deal_game(config, index)
        game.scores = [200, 460]
        baseline = level_player("normal-1", 1, config, game)
        normal = level_player("normal", 1, config, game)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            old = baseline.choose(view)
            assert old == normal_spades_choose(view, random.Random(1), game_aware=False)
            new = normal.choose(view)
            differ += old != new
            game.apply(new)
    assert differ > 0  # facing a game-winning contract the two play differently


# ----------------------------------------------------------------- Pitch: bids when the game can end
def _bid_number(action: object) -> int:
    value = getattr(action, "value", None)
    return value if isinstance(value, int) else 0


def test_pitch_bids_reach_further_only_when_the_game_can_end_on_this_hand() -> None:
    assert PITCH_CUTS_ALONE.stop > PITCH_CUTS_BEFORE.stop and PITCH_CUTS_ALONE.close > PITCH_CUTS_BEFORE.close
    assert pitch_cuts(partners=True) == PITCH_CUTS_BEFORE  # partnerships: the new cuts won nothing there
    config = ArenaConfig("pitch", "normal", "normal-1", 4, seed=9)
    higher = {"level": 0, "stop": 0, "close": 0}
    for index in range(400):
        game = deal_game(config, index)
        first = game.to_act
        assert first is not None
        game.apply(normal_pitch_choose(game.view(first), random.Random(0)))  # the first seat bids as Normal does
        seat = game.to_act
        assert seat is not None
        pitcher, high = game.view(seat).pitcher, game.view(seat).high_bid
        for case, scores in (("level", [0, 0, 0, 0]), ("stop", None), ("close", None)):
            marks = [0] * 4
            if case == "stop" and pitcher is not None:
                marks[pitcher] = 7 - high  # the pitcher goes out if he makes his bid
            if case == "close":
                marks[seat] = 5
            view = dataclasses.replace(game.view(seat), scores=tuple(scores or marks))
            new, old = _bid_number(pitch_bid(view)), _bid_number(pitch_bid(view, PITCH_CUTS_BEFORE))
            assert new >= old
            higher[case] += new > old
    assert higher["level"] == 0  # far from the target nothing changes
    assert higher["stop"] > 0 and higher["close"] > 0

