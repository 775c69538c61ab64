"""Rollout seats that play by Normal's own card rules (game/ai/rule_rollout.py, the ``rule_rollout`` trial)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_ai_hard import _two_deals
from test_reading import normal_hand_stopped

from game.actions import Play
from game.ai.hard import HardPlayer
from game.ai.players import NormalPlayer
from game.ai.rollout import play_out
from game.ai.rule_rollout import RuleSeats
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame


def rest_by_level(game: TrickGame, seed: int, seed_step: int = 4, level: Callable[[int], Any] = NormalPlayer) \
        -> list[int]:
    """The cards Normal players (or ``level``'s, seeded as ``normal_hand_stopped`` seeds them) play from here to
    the hand's end, on a copy of ``game``."""
    copy = game.clone()
    players = [level(seed * seed_step + q) for q in range(game.num_seats)]
    cards: list[int] = []
    while not copy.results:
        seat = copy.to_act
        assert seat is not None
        action = players[seat].choose(copy.view(seat))
        assert isinstance(action, Play)
        cards.append(action.card)
        copy.apply(action)
    return cards


@pytest.mark.parametrize("options", [SpadesOptions(), SpadesOptions(spades_any_time=True, bag_rule="5/50")],
                         ids=["spades", "spades-any-time"])
def test_rule_seats_on_the_true_deal_play_normal_s_cards(options: SpadesOptions) -> None:
    """With every seat playing by the rules, a rollout of the true deal from any card of a hand (mid-trick
    too) plays exactly the cards Normal players then play at the table: the views the rollout builds are the
    seats' own."""
    compared = 0
    for seed in range(25):
        game = normal_hand_stopped("spades", options, seed, (1, 50))
        if game is None:
            continue
        seat = game.to_act
        assert seat is not None
        record: list[int] = []
        play_out(game, record=record, rules=RuleSeats(game.view(seat), [True] * 4, 52))
        assert record == rest_by_level(game, seed), f"seed {seed}"
        compared += 1
    assert compared >= 20


def test_rule_turns_stop_at_the_limit_and_other_seats_play_the_policy() -> None:
    """Seats not marked, and marked seats past ``turns`` rule turns, play the fast policy's cards."""
    checked = 0
    for seed in range(40):
        game = normal_hand_stopped("spades", SpadesOptions(), seed, (1, 8))
        if game is None:
            continue
        seat = game.to_act
        assert seat is not None
        policy: list[int] = []
        play_out(game, record=policy)
        none: list[int] = []
        play_out(game, record=none, rules=RuleSeats(game.view(seat), [True] * 4, 0))
        assert none == policy  # no rule turn at all
        unmarked: list[int] = []
        play_out(game, record=unmarked, rules=RuleSeats(game.view(seat), [False] * 4, 52))
        assert unmarked == policy
        two: list[int] = []
        play_out(game, record=two, rules=RuleSeats(game.view(seat), [True] * 4, 2))
        by_rules = rest_by_level(game, seed)
        assert two[:2] == by_rules[:2]
        checked += two != by_rules
    assert checked > 0  # somewhere the policy then plays another card than the rules


def test_hard_s_rule_seats_by_game_and_setting() -> None:
    """The trial's seats: none by default (the fast policy); with ``rule_rollout`` the other seats the table
    shows at Normal (or Easy), never its own, or with ``rule_everyone`` every seat whatever the table; in Spades
    without jokers (four players or two), never in Pitch."""
    game = normal_hand_stopped("spades", SpadesOptions(), 3, (5, 6))
    assert game is not None and game.phase is Phase.PLAYING
    view = game.view(0)
    player = HardPlayer(seed=1)
    player.table = ("hard", "normal", "hard", "normal")
    assert player._rule_players_of(view) is None  # off by default
    player.rule_rollout = 6
    seats = player._rule_players_of(view)
    assert seats is not None and seats.seats == [False, True, False, True] and seats.turns == 6
    player.table = ("normal", "normal", "normal", "normal")
    seats = player._rule_players_of(view)
    assert seats is not None and seats.seats == [False, True, True, True]  # never its own seat
    player.table = ("hard", "hard", None, "easy")
    seats = player._rule_players_of(view)  # no Normal seat: only the Easy one, by Easy's rules
    assert seats is not None and seats.seats == [False, False, False, True] and seats.easy == seats.seats
    player.table = ("hard", "hard", None, "hard")
    assert player._rule_players_of(view) is None
    player.rule_everyone = True  # every seat, its own too, whatever the table
    seats = player._rule_players_of(view)
    assert seats is not None and seats.seats == [True] * 4
    player.rule_everyone = False
    player.table = ("hard", "normal", "hard", "normal")
    player.model_levels = False
    assert player._rule_players_of(view) is None
    player.model_levels = True
    jokers = new_game("spades", SpadesOptions(jokers=True), 4, 3)
    assert player._rule_players_of(jokers.view(0)) is None
    pitch = new_game("pitch", PitchOptions(), 4, 3)
    assert player._rule_players_of(pitch.view(0)) is None
    two = new_game("spades-two", SpadesOptions(), 2, 3)
    player.table = ("hard", "normal")
    seats = player._rule_players_of(two.view(0))
    assert seats is not None and seats.seats == [False, True]


def test_the_opponent_in_spades_for_two_plays_normal_s_cards() -> None:
    """Spades for two, an honest table (what each seat has not seen: the other hand and the discards it did
    not make): a rollout of the true deal with both seats by the rules plays the Normal players' cards."""
    compared = 0
    for seed in range(30):
        game = normal_hand_stopped("spades-two", SpadesOptions(), seed, (1, 24), 2, 2)
        if game is None or any(game.view(0).redraw_counts):
            continue
        seat = game.to_act
        assert seat is not None
        record: list[int] = []
        play_out(game, record=record, honest=True, rules=RuleSeats(game.view(seat), [True, True], 52))
        assert record == rest_by_level(game, seed, 2), f"seed {seed}"
        compared += 1
    assert compared >= 20


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_with_rule_seats_does_not_peek(seed: int) -> None:
    """The trial decides from its seat's view: two deals that differ only in cards it cannot see give the
    same worlds' values and the same card, and the Normal seats' rule turns see only their own views."""
    first, second, _ = _two_deals(seed)
    seat = first.to_act
    assert seat is not None
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b
    players = [HardPlayer(seed=9, samples=16) for _ in range(4)]
    for player in players:
        player.table = tuple("hard" if q == seat else "normal" for q in range(4))
        player.rule_rollout = 52
    assert players[0]._rule_players_of(view_a) is not None
    choice = players[0].choose(view_a)
    assert choice in view_a.legal and choice == players[1].choose(view_b)
    assert players[2].evaluate(view_a, 8) == players[3].evaluate(view_b, 8)
