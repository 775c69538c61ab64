"""Whole-game duplicate matches (arena --games), the work budget, and the arena-only levels (issue 17)."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS, make_player
from game.ai.hard import HardPlayer
from game.state import Phase
from game.tools.arena import DEFAULT_BUDGET, TEST_LEVELS, ArenaConfig, deal_game, level_player, play_deal, summarize
from game.tools.arena_games import GamePlay, game_deck, play_match_game, run_games, summarize_games

ROOT = Path(__file__).resolve().parent.parent


def test_whole_game_figures_on_a_hand_computed_match() -> None:
    config = ArenaConfig("spades", "normal", "easy", 4)
    a_first, b_first = ("a", "b", "a", "b"), ("b", "a", "b", "a")
    games = [
        # game 0: A wins both seatings; 10 hands (A 520, B 300) and 5 hands (A 500, B 250)
        (GamePlay(a_first, "a", 10, {"a": 520.0, "b": 300.0}), GamePlay(b_first, "a", 5, {"a": 500.0, "b": 250.0})),
        # game 1: B wins one seating, the other is tied at the cap; 20 hands each, A - B -100 then 0
        (GamePlay(a_first, "b", 20, {"a": 400.0, "b": 500.0}), GamePlay(b_first, None, 20, {"a": 450.0, "b": 450.0})),
    ]
    summary = summarize_games(config, games)
    assert summary["games"] == 2 and summary["games_played"] == 4
    assert summary["games_won"] == {"a": 2, "b": 1} and summary["games_tied"] == 1
    shares = [1.0, 0.25]  # game 1: a loss and a tie (half a game) in two plays
    assert summary["games_won_share"] == pytest.approx(0.625)
    half = 1.96 * math.sqrt(((1.0 - 0.625) ** 2 + (0.25 - 0.625) ** 2) / 1) / math.sqrt(2)
    assert summary["games_won_share_ci95"] == [max(0.0, round(0.625 - half, 4)), min(1.0, round(0.625 + half, 4))]
    assert sum(shares) / 2 == summary["games_won_share"]
    assert summary["hands"] == 55 and summary["hands_per_game"] == pytest.approx(13.75)
    per_hand = [((220 / 10) + (250 / 5)) / 2, ((-100 / 20) + 0.0) / 2]  # 36.0 and -2.5
    assert summary["points_per_hand_diff"] == pytest.approx(sum(per_hand) / 2)
    assert summary["points_per_hand"]["a"] == pytest.approx(round((520 + 500 + 400 + 450) / 55, 3))


def test_both_seatings_of_a_game_are_dealt_the_same_sequence_of_hands() -> None:
    config = ArenaConfig("spades", "normal", "easy", 4, target=250)
    for game in range(2):
        first, second = play_match_game(config, game)
        assert first.roles != second.roles
        common = min(first.hands, second.hands)
        assert common >= 1
        assert first.starts[:common] == second.starts[:common]
        for hand, (dealer, cards) in enumerate(first.starts):
            assert dealer == (game + hand) % 4
            assert sorted(c for hand_cards in cards for c in hand_cards) == list(range(52))
    # deal k of a game hangs only on the seed, the game and k
    assert game_deck(config, 3, 2) == game_deck(ArenaConfig("spades", "hard", "random", 4, target=250), 3, 2)
    assert game_deck(config, 3, 2) != game_deck(config, 3, 1)


def test_whole_games_from_the_command_line_end_with_the_json_figures() -> None:
    out = subprocess.run([sys.executable, "main.py", "arena", "--game", "pitch", "--a", "normal", "--b", "easy",
                          "--games", "3", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["games_played"] == 3 * 4  # Pitch with four players alone: A at each seat in turn
    assert set(summary["games_won"]) == {"a", "b"}
    low, high = summary["games_won_share_ci95"]
    assert 0.0 <= low <= summary["games_won_share"] <= high <= 1.0


def test_whole_games_in_two_processes_give_the_figures_of_one() -> None:
    config = ArenaConfig("spades", "normal", "easy", 4, target=250, seed=3)
    one = summarize_games(config, run_games(config, 3, jobs=1))
    two = summarize_games(config, run_games(config, 3, jobs=2))
    for figures in (one, two):
        figures.pop("decision_ms")
    assert one == two
    assert one["games_played"] == 6


def test_a_target_the_game_does_not_offer_is_refused_in_one_line() -> None:
    out = subprocess.run([sys.executable, "main.py", "arena", "--game", "spades", "--a", "normal", "--b", "easy",
                          "--games", "2", "--target", "200"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["arena: Spades target must be one of 500, 250, 300, 1000, not 200."]


def test_the_work_budget_is_the_default_and_repeats_exactly() -> None:
    config = ArenaConfig("spades-two", "hard", "hard-1", 2, deals=1, budget=6)
    assert ArenaConfig("spades", "hard", "normal", 4).worlds() == DEFAULT_BUDGET
    assert ArenaConfig("spades", "hard", "normal", 4, think_ms=50).worlds() is None
    assert ArenaConfig("spades", "normal", "hard-1", 4).budget_shown() == DEFAULT_BUDGET
    assert ArenaConfig("spades", "normal", "normal-1", 4).budget_shown() is None  # no level searches: none shown
    one = summarize(config, [play_deal(config, 0)])
    two = summarize(config, [play_deal(config, 0)])
    for key in ("points_per_hand", "hands_won", "sides"):
        assert one[key] == two[key]


def test_oracle_and_hard_1_are_arena_levels_only() -> None:
    for level in TEST_LEVELS:
        assert level not in LEVELS  # the window and the setup screen offer ai.LEVELS only
        with pytest.raises(ValueError):
            make_player(level)
    config = ArenaConfig("spades", "oracle", "hard-1", 4, budget=5)
    game = deal_game(config, 0)
    oracle = level_player("oracle", 1, config, game)
    baseline = level_player("hard-1", 1, config, game)
    assert isinstance(oracle, HardPlayer) and isinstance(baseline, HardPlayer)
    assert not baseline.solver and oracle.solver
    from ui import config as ui_config

    assert not set(TEST_LEVELS) & set(ui_config.LEVELS)


def test_the_partner_oracle_sees_its_partners_hand_and_no_other() -> None:
    config = ArenaConfig("spades", "oracle-partner", "normal", 4, budget=5)
    game = deal_game(config, 0)
    player = level_player("oracle-partner", 1, config, game, ("oracle-partner", "normal") * 2)
    assert isinstance(player, HardPlayer) and player.model_levels
    while game.phase is not Phase.PLAYING or len(game.trick_log) < 3:
        game.apply(game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    rng = random.Random(4)
    opponents = set()
    for _ in range(20):
        world = player.sampler(game.view(seat), rng)
        assert world.hands[(seat + 2) % 4] == game.hands[(seat + 2) % 4]
        opponents.add((world.hands[(seat + 1) % 4], world.hands[(seat + 3) % 4]))
    assert len(opponents) > 10  # the opponents' cards are still dealt at random


def test_whole_games_seat_a_level_with_a_partner_as_single_deals_do() -> None:
    """``LEVEL+PARTNER`` in whole games: game k seats LEVEL at the side's seat k % 2 for the whole game, the
    partner's seat is not timed, and an Easy partner changes the games a Normal pair plays."""
    config = ArenaConfig("spades", "normal+easy", "normal", 4, deals=1, target=250)
    for game in (0, 1):
        plays = play_match_game(config, game)
        for play in plays:
            assert 2 * len(play.times_ms["a"]) == len(play.times_ms["b"]) > 0
    even = play_match_game(ArenaConfig("spades", "normal", "normal", 4, deals=1, target=250), 0)
    assert [play.points for play in play_match_game(config, 0)] != [play.points for play in even]
