"""The arena: its arithmetic on hand-computed matches, duplicate fairness, the command line."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.actions import Action
from game.ai.hard import HardPlayer
from game.ai.tuning import SPADES_TWO_TUNING
from game.state import Phase, SeatView
from game.tools.arena import (
    SETTINGS,
    ArenaConfig,
    DealResult,
    PlayResult,
    SideHand,
    SplitPlayer,
    deal_game,
    layouts,
    level_player,
    mean_ci,
    parse_settings,
    percentile,
    play_deal,
    run_match,
    seat_levels,
    seated,
    summarize,
)

ROOT = Path(__file__).resolve().parent.parent
SPADES = ArenaConfig("spades", "random", "random", 4, deals=4)


def two_sided(a: float, b: float, first: str = "a") -> PlayResult:
    """A Spades-like play: A's side scored ``a``, B's side ``b``."""
    roles = ("a", "b", "a", "b") if first == "a" else ("b", "a", "b", "a")
    sides = (SideHand(roles[0], a if first == "a" else b), SideHand(roles[1], b if first == "a" else a))
    return PlayResult(roles, sides)


def test_the_edge_is_the_paired_difference_averaged_per_deal_with_a_normal_interval() -> None:
    deals = [
        DealResult(0, (two_sided(50, 30), two_sided(20, 20, "b"))),   # +20 and 0: deal edge +10
        DealResult(1, (two_sided(60, 40), two_sided(40, 20, "b"))),   # +20 and +20: +20
        DealResult(2, (two_sided(-10, 20), two_sided(100, 10, "b"))),  # -30 and +90: +30
        DealResult(3, (two_sided(70, 0), two_sided(10, 0, "b"))),     # +70 and +10: +40
    ]
    summary = summarize(SPADES, deals)
    assert summary["points_per_hand_diff"] == 25.0
    half = 1.96 * math.sqrt((15**2 + 5**2 + 5**2 + 15**2) / 3) / math.sqrt(4)  # sd over deals 10, 20, 30, 40
    assert summary["ci95"] == [round(25 - half, 3), round(25 + half, 3)]
    assert summary["points_per_hand"] == {"a": (50 + 20 + 60 + 40 - 10 + 100 + 70 + 10) / 8,
                                          "b": (30 + 20 + 40 + 20 + 20 + 10 + 0 + 0) / 8}
    assert summary["hands_won"] == {"a": 6, "b": 1, "tied": 1}
    assert summary["games_won"] == {"a": 4, "b": 0, "tied": 0}
    assert summary["deals"] == 4 and summary["hands"] == 8


def test_a_deal_is_won_by_the_level_whose_plays_add_up_to_more() -> None:
    deals = [
        DealResult(0, (two_sided(100, 0), two_sided(0, 150, "b"))),  # +100 and -150: B wins the deal
        DealResult(1, (two_sided(10, 10), two_sided(5, 5, "b"))),     # a tie
        DealResult(2, (two_sided(0, 1), two_sided(3, 0, "b"))),       # -1 and +3: A
    ]
    summary = summarize(SPADES, deals)
    assert summary["games_won"] == {"a": 1, "b": 1, "tied": 1}
    assert summary["hands_won"] == {"a": 2, "b": 2, "tied": 2}
    assert summary["points_per_hand_diff"] == round((-25 + 0 + 1) / 3, 3)


def test_pitch_with_more_sides_compares_a_with_the_mean_of_the_b_seats() -> None:
    config = ArenaConfig("pitch", "random", "random", 3, deals=1)
    plays = (
        PlayResult(("a", "b", "b"), (SideHand("a", 3), SideHand("b", 1), SideHand("b", -2))),  # 3 - (-0.5)
        PlayResult(("b", "a", "b"), (SideHand("b", 2), SideHand("a", 0), SideHand("b", 0))),   # 0 - 1
        PlayResult(("b", "b", "a"), (SideHand("b", 1), SideHand("b", 1), SideHand("a", 1))),   # 1 - 1
    )
    summary = summarize(config, [DealResult(0, plays)])
    assert summary["points_per_hand_diff"] == 0.833  # (3.5 - 1 + 0) / 3
    assert summary["ci95"] == [0.833, 0.833]  # one deal: no spread to measure
    assert summary["hands_won"] == {"a": 1, "b": 1, "tied": 1}
    assert summary["games_won"] == {"a": 1, "b": 0, "tied": 0}


def test_contracts_nils_bags_and_set_backs_are_counted_per_level() -> None:
    spades = (
        PlayResult(("a", "b", "a", "b"), (
            SideHand("a", 120, contract=True, bags=2, nil_bid=1, nil_made=1),
            SideHand("b", -80, contract=False, bags=0, double_nil_bid=1))),
        PlayResult(("b", "a", "b", "a"), (
            SideHand("b", 60, contract=True, bags=1),
            SideHand("a", 200, contract=None, bags=0, double_nil_bid=2, double_nil_made=2))),
    )
    row = summarize(SPADES, [DealResult(0, spades)])["sides"]
    assert row["a"] == {"hands": 2, "contracts": 1, "made": 1, "made_pct": 100.0, "bags_per_hand": 1.0,
                        "nil_bid": 1, "nil_made": 1, "double_nil_bid": 2, "double_nil_made": 2}
    assert row["b"]["contracts"] == 2 and row["b"]["made"] == 1 and row["b"]["made_pct"] == 50.0
    assert row["b"]["bags_per_hand"] == 0.5 and row["b"]["double_nil_bid"] == 1
    pitch = (PlayResult(("a", "b"), (SideHand("a", -3, contract=False, set_back=True), SideHand("b", 2))),
             PlayResult(("b", "a"), (SideHand("b", 2, contract=True), SideHand("a", 1))))
    row = summarize(ArenaConfig("pitch", "random", "random", 2), [DealResult(0, pitch)])["sides"]
    assert row["a"]["set_backs"] == 1 and row["a"]["contracts"] == 1 and row["a"]["made"] == 0
    assert row["b"]["set_backs"] == 0 and row["b"]["made_pct"] == 100.0


def test_decision_times_give_median_and_nearest_rank_95th_percentile() -> None:
    times = {"a": [float(t) for t in range(1, 101)], "b": [5.0, 1.0, 3.0]}
    play = PlayResult(("a", "b"), (SideHand("a", 0), SideHand("b", 0)), times_ms=times)
    ms = summarize(ArenaConfig("spades-two", "random", "random", 2), [DealResult(0, (play,))])["decision_ms"]
    assert ms["a"] == {"median": 50.5, "p95": 95.0, "decisions": 100}
    assert ms["b"] == {"median": 3.0, "p95": 5.0, "decisions": 3}
    assert percentile([], 0.95) == 0.0
    assert mean_ci([2.0, 4.0]) == pytest.approx((3.0, math.sqrt(2), 3 - 1.96, 3 + 1.96))


@pytest.mark.parametrize(("game", "players", "partnerships", "expected"), [
    ("spades", 4, False, [("a", "b", "a", "b"), ("b", "a", "b", "a")]),
    ("spades-two", 2, False, [("a", "b"), ("b", "a")]),
    ("pitch", 4, True, [("a", "b", "a", "b"), ("b", "a", "b", "a")]),
    ("pitch", 3, False, [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]),
])
def test_each_level_takes_every_seating_once(game: str, players: int, partnerships: bool,
                                             expected: list[tuple[str, ...]]) -> None:
    assert layouts(ArenaConfig(game, "random", "random", players, partnerships)) == expected


@pytest.mark.parametrize(("game", "players", "partnerships"), [
    ("spades", 4, False), ("spades-two", 2, False), ("pitch", 4, False), ("pitch", 4, True), ("pitch", 3, False)])
def test_every_play_of_a_deal_gets_the_same_dealer_and_cards(game: str, players: int, partnerships: bool) -> None:
    config = ArenaConfig(game, "random", "random", players, partnerships, deals=3, seed=9)
    starts = []
    for index in range(3):
        deal = play_deal(config, index)
        assert len(deal.plays) == len(layouts(config))
        assert [play.roles for play in deal.plays] == layouts(config)
        assert len({play.start for play in deal.plays}) == 1
        dealer, cards = deal.plays[0].start
        assert dealer == index % players  # every seat deals in turn
        starts.append(cards)
    assert len(set(starts)) == 3  # but the deals differ from each other
    again = deal_game(config, 1)
    assert again.dealer == 1 % players and again.hand_logs[0] == deal_game(config, 1).hand_logs[0]


def test_two_workers_give_the_same_figures_as_one() -> None:
    config = ArenaConfig("pitch", "random", "random", 3, deals=6, seed=4)
    figures = []
    for jobs in (1, 2):
        summary = summarize(config, run_match(config, jobs))
        summary.pop("decision_ms")
        figures.append(summary)
    assert figures[0] == figures[1]
    assert figures[0]["hands"] == 18


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "arena", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_random_against_random_ends_with_the_figures_as_one_json_line() -> None:
    result = run_main("--game", "spades", "--a", "random", "--b", "random", "--deals", "3", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["a"] == "random" and figures["b"] == "random" and figures["deals"] == 3
    assert figures["hands"] == 6
    low, high = figures["ci95"]
    assert low <= figures["points_per_hand_diff"] <= high
    assert sum(figures["games_won"].values()) == 3 and set(figures["games_won"]) >= {"a", "b"}
    assert set(figures["decision_ms"]["a"]) >= {"median", "p95"} and figures["decision_ms"]["b"]["decisions"] > 0
    assert "A - B" in result.stdout


@pytest.mark.parametrize("args", [
    ("--game", "spades", "--a", "genius", "--b", "random"),
    ("--game", "spades", "--a", "random", "--b", "random", "--players", "3"),
    ("--game", "pitch", "--a", "random", "--b", "random", "--players", "8"),
    ("--game", "spades", "--a", "random", "--b", "random", "--partnerships"),
    ("--game", "pitch", "--a", "random", "--b", "random", "--players", "3", "--partnerships"),
    ("--game", "pitch", "--a", "random", "--b", "random", "--deals", "0"),
    ("--game", "pitch", "--a", "random", "--b", "random", "--jobs", "0"),
    ("--game", "pitch", "--a", "random", "--b", "random", "--think-ms", "0"),
    ("--game", "hearts", "--a", "random", "--b", "random"),
    ("--game", "pitch", "--a", "random"),
    ("--game", "spades-two", "--a", "oracle-partner", "--b", "normal"),  # no partner
    ("--game", "pitch", "--a", "hard/oracle-partner", "--b", "normal"),  # each for himself
    ("--game", "spades-two", "--a", "hard:prior_scale=1/oracle-partner", "--b", "normal"),
    ("--game", "ten-point-pitch", "--a", "oracle-partner", "--b", "normal"),  # worlds of its own search
    ("--game", "pitch", "--a", "hard+normal", "--b", "normal"),  # a partner at a table of players alone
    ("--game", "spades-two", "--a", "normal", "--b", "hard+easy"),
    ("--game", "spades", "--a", "hard+normal+easy", "--b", "normal"),  # one partner level
    ("--game", "spades", "--a", "hard+normal^easy", "--b", "normal"),
    ("--game", "pitch", "--a", "hard^normal", "--b", "normal"),
    ("--game", "spades", "--a", "hard+", "--b", "normal"),
    ("--game", "spades", "--a", "hard+x", "--b", "normal"),
])
def test_a_bad_option_is_one_line_on_stderr_and_status_2(args: tuple[str, ...]) -> None:
    result = run_main(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize(("kind", "cards_left"), [("spades", 27), ("spades-two", 13), ("pitch", 11)])
def test_the_bench_clones_a_state_in_the_middle_of_the_play(kind: str, cards_left: int) -> None:
    from game.tools.bench import clones_per_second, mid_hand_game

    game = mid_hand_game(kind, 3)
    assert sum(hand.bit_count() for hand in game.hands) == cards_left and len(game.trick) == 1
    rate = clones_per_second(kind, 0.02)
    assert rate is None or rate > 1000


def test_the_bench_times_at_least_a_few_decisions_of_a_level() -> None:
    from game.tools.bench import LEAST_DECISIONS, decision_times_ms

    times = decision_times_ms("pitch", 4, "random", 0.0)
    assert len(times) == LEAST_DECISIONS and all(t >= 0 for t in times)


# ----- Ten-point Pitch: duplicate deals with the 54 cards, both seatings, the ladder's sign
@pytest.mark.parametrize("players", [4, 3])
def test_ten_point_pitch_deals_are_duplicated_with_the_jokers(players: int) -> None:
    config = ArenaConfig("ten-point-pitch", "easy", "random", players, deals=3, seed=2)
    results = run_match(config)
    for deal in results:
        starts = {play.start for play in deal.plays}
        assert len(starts) == 1  # every seating of a deal gets the same dealer and cards
        _dealer, hands = next(iter(starts))
        assert sum(len(hand) for hand in hands) == 9 * players
    assert len(results[0].plays) == (2 if players == 4 else 3)  # partnerships at four, each for himself at three


@pytest.mark.parametrize(("a", "b", "deals"), [("easy", "random", 20), ("normal", "easy", 60)])
def test_ten_point_pitch_ladder_sign(a: str, b: str, deals: int) -> None:
    """Each level beats the one below over seeded duplicate deals (edges +11 and +3 points a hand at 200
    deals, intervals far above zero; see the README)."""
    results = run_match(ArenaConfig("ten-point-pitch", a, b, 4, deals=deals, seed=1))
    assert sum(deal.diff for deal in results) > 0


def test_the_arena_command_takes_ten_point_pitch_for_three(capsys: pytest.CaptureFixture[str]) -> None:
    import main

    assert main.main(["arena", "--game", "ten-point-pitch", "--players", "3", "--a", "easy", "--b", "random",
                      "--deals", "2"]) == 0
    assert "ten-point-pitch (3 players)" in capsys.readouterr().out


def test_the_edge_with_bags_priced_charges_each_bag_its_share_of_the_penalty() -> None:
    def play(a: float, a_bags: int, b: float, b_bags: int, first: str) -> PlayResult:
        roles = ("a", "b", "a", "b") if first == "a" else ("b", "a", "b", "a")
        a_side, b_side = SideHand("a", a, bags=a_bags), SideHand("b", b, bags=b_bags)
        return PlayResult(roles, (a_side, b_side) if first == "a" else (b_side, a_side))

    deals = [
        DealResult(0, (play(63, 3, 40, 0, "a"), play(41, 1, 61, 1, "b"))),  # plain +23, -20; priced -7, -20
        DealResult(1, (play(50, 0, 52, 2, "a"), play(-60, 0, 70, 0, "b"))),  # plain -2, -130; priced +18, -130
    ]
    summary = summarize(SPADES, deals)
    assert summary["bag_share"] == 10.0
    assert summary["points_per_hand_diff"] == round(((23 - 20) / 2 + (-2 - 130) / 2) / 2, 3)
    assert summary["points_per_hand_diff_bags_priced"] == round(((-7 - 20) / 2 + (18 - 130) / 2) / 2, 3)
    low, high = summary["ci95_bags_priced"]
    assert low < summary["points_per_hand_diff_bags_priced"] < high
    five = ArenaConfig("spades", "random", "random", 4, deals=2, rules=(("bag_rule", "5/50"),))
    assert summarize(five, deals)["bag_share"] == 10.0
    free = ArenaConfig("spades", "random", "random", 4, deals=2, rules=(("bag_rule", "none"),))
    assert "bag_share" not in summarize(free, deals)
    pitch = ArenaConfig("pitch", "random", "random", 4, deals=1)
    assert "bag_share" not in summarize(pitch, [DealResult(0, (PlayResult(("a", "b", "b", "b"), tuple(
        SideHand(r, 1) for r in ("a", "b", "b", "b"))),))])


def test_a_split_level_bids_with_one_level_and_plays_the_cards_with_the_other() -> None:
    config = ArenaConfig("spades", "hard/normal", "normal", 4, deals=1, budget=4)
    assert config.budget_shown() == 4  # a searching part: the budget applies
    game = deal_game(config, 0)
    split = level_player("hard/normal", 7, config, game)
    assert isinstance(split, SplitPlayer)
    assert type(split.bidder).__name__ == "HardPlayer" and type(split.player).__name__ == "NormalPlayer"
    asked: list[str] = []

    def bidder_choose(view: SeatView) -> Action:
        asked.append("bidder")
        return view.legal[-1]

    def player_choose(view: SeatView) -> Action:
        asked.append("player")
        return view.legal[0]

    split.bidder.choose = bidder_choose  # type: ignore[method-assign]
    split.player.choose = player_choose  # type: ignore[method-assign]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        before = len(asked)
        game.apply(split.choose(view))
        assert asked[before:] == (["player"] if view.phase is Phase.PLAYING else ["bidder"])
    assert asked.count("player") == 52 and 4 <= asked.count("bidder") <= 8
    assert ArenaConfig("spades", "normal/easy", "normal", 4).budget_shown() is None


def test_a_three_part_level_draws_with_the_first_bids_with_the_second_plays_with_the_third() -> None:
    config = ArenaConfig("spades-two", "normal/hard/easy", "normal", 2, deals=1, budget=4)
    game = deal_game(config, 0)
    split = level_player(config.a, 3, config, game)
    assert isinstance(split, SplitPlayer) and split.drawer is not None
    assert [type(p).__name__ for p in (split.drawer, split.bidder, split.player)] == \
        ["NormalPlayer", "HardPlayer", "EasyPlayer"]
    asked: list[str] = []
    for role in ("drawer", "bidder", "player"):
        part = getattr(split, role)
        real = part.choose

        def choose(view: SeatView, role: str = role, real: Callable[[SeatView], Action] = real) -> Action:
            asked.append(role)
            return real(view)
        part.choose = choose
    expected = {Phase.DRAWING: "drawer", Phase.REDRAW: "drawer", Phase.BIDDING: "bidder", Phase.PLAYING: "player"}
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        before = len(asked)
        action = split.choose(view)
        assert action in view.legal
        assert asked[before:] == [expected[view.phase]]
        game.apply(action)
    assert asked.count("player") == 26 and asked.count("bidder") == 2 and asked.count("drawer") >= 26


def test_a_split_level_of_unknown_parts_is_refused_in_one_line() -> None:
    for level in ("hard/x", "hard/normal/easy/random", "/normal", "x/hard/normal"):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "arena", "--game", "spades", "--a", level,
                               "--b", "normal", "--deals", "1"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and "BIDDER/PLAYER" in done.stderr


def test_a_searching_level_takes_settings_of_its_constants_and_nothing_else_changes() -> None:
    config = ArenaConfig("pitch", "hard:pitcher_bonus=0.7,auction_tries=3", "normal", 4, deals=2, budget=6)
    assert config.budget_shown() == 6
    game = deal_game(config, 0)
    player = level_player(config.a, 5, config, game)
    plain = level_player("hard", 5, config, game)
    assert type(player) is type(plain)
    generators = ("rng", "_rules_rng")  # equal seeds, other objects
    changed = {name for name in vars(plain) if name not in generators and getattr(player, name) != getattr(plain, name)}
    assert changed == {"pitcher_bonus", "auction_tries"}
    assert (player.pitcher_bonus, player.auction_tries) == (0.7, 3)  # type: ignore[attr-defined]
    split = level_player("normal/oracle:rollout_eps=0.3", 5, config, game)
    assert isinstance(split, SplitPlayer) and split.player.rollout_eps == 0.3  # type: ignore[attr-defined]
    # a setting to the value the level has already plays every deal exactly as the level does
    same = ArenaConfig("pitch", "hard:rollout_eps=0,pitcher_bonus=0.3", "normal", 4, deals=2, budget=6)
    base = ArenaConfig("pitch", "hard", "normal", 4, deals=2, budget=6)
    outcomes = [[play.sides for play in deal.plays] for deal in run_match(same)]
    assert len(outcomes) == 2 and outcomes == [[play.sides for play in deal.plays] for deal in run_match(base)]


def test_every_setting_is_a_number_the_hard_level_has_and_its_range_is_enforced() -> None:
    config = ArenaConfig("spades", "hard", "normal", 4, deals=1, budget=2)
    player = level_player("hard", 1, config, deal_game(config, 0))
    for name, (low, high) in SETTINGS.items():
        assert hasattr(player, name) and low < high
        value = getattr(player, name)
        assert value is None or (isinstance(value, (int, float)) and low <= value <= high)
        assert parse_settings(f"hard:{name}={high}") == ("hard", {name: high})
    for bad in ("normal:rollout_eps=0.1", "hard:rollout_eps=1.5", "hard:nil_tries=2.5", "hard:rollout_eps=nan",
                "hard:", "hard:eps", "hard:rng=1"):
        with pytest.raises(ValueError):
            parse_settings(bad)


def _spades_two_outcomes(level: str, deals: int = 4) -> list[list[list[SideHand]]]:
    """Every side's outcome of ``deals`` Spades for two deals, ``level`` against Normal at 8 worlds."""
    config = ArenaConfig("spades-two", level, "normal", 2, deals=deals, budget=8)
    return [[list(play.sides) for play in deal.plays] for deal in run_match(config)]


def test_spades_for_two_trick_bias_is_a_setting_and_its_own_value_changes_nothing() -> None:
    """``trick_bias`` set to the tuning's value plays Spades for two exactly as Hard; set to 0 (the bids
    give no trick away) some deal ends otherwise."""
    plain = _spades_two_outcomes("hard")
    assert _spades_two_outcomes(f"hard:trick_bias={SPADES_TWO_TUNING.trick_bias}") == plain
    assert _spades_two_outcomes("hard:trick_bias=0") != plain


def test_spades_for_two_solver_cards_is_a_setting_and_its_own_value_changes_nothing() -> None:
    """``solver_cards`` set to the tuning's value plays Spades for two exactly as Hard; set to 0 (the
    rollouts value every world to the end) some deal of eight ends otherwise."""
    plain = _spades_two_outcomes("hard", deals=8)
    assert _spades_two_outcomes(f"hard:solver_cards={SPADES_TWO_TUNING.solver_cards}", deals=8) == plain
    assert _spades_two_outcomes("hard:solver_cards=0", deals=8) != plain


def test_a_bad_setting_on_the_command_line_is_refused_in_one_line() -> None:
    for level in ("hard:rollout_eps=2", "hard:x=1", "normal:rollout_eps=0.1", "hard/normal:nil_tries=3"):
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "arena", "--game", "spades", "--a", level,
                               "--b", "normal", "--deals", "1"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, level
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("arena: "), done.stderr


def test_hard_reads_every_bid_and_its_baselines_do_not() -> None:
    """Hard (the window's level) weights its worlds by every bid; ``hard-unread`` (Hard before the bid
    reading), ``hard-1`` and the oracle do not, and ``hard-unread`` differs from Hard in nothing else."""
    config = ArenaConfig("spades", "hard", "hard-unread", 4, deals=1, budget=2)
    game = deal_game(config, 0)
    hard, unread = level_player("hard", 3, config, game), level_player("hard-unread", 3, config, game)
    assert hard.bid_worlds and HardPlayer(seed=3).bid_worlds  # type: ignore[attr-defined]
    assert not unread.bid_worlds  # type: ignore[attr-defined]
    assert not level_player("hard-1", 3, config, game).bid_worlds  # type: ignore[attr-defined]
    assert not level_player("oracle", 3, config, game).bid_worlds  # type: ignore[attr-defined]
    pitch = ArenaConfig("pitch", "hard", "hard-1", 4, deals=1, budget=2)
    view = deal_game(pitch, 0).view(0)
    assert level_player("hard", 3, pitch, game)._pitch_valuer(view) is not None  # type: ignore[attr-defined]
    assert level_player("hard-1", 3, pitch, game)._pitch_valuer(view) is None  # type: ignore[attr-defined]
    generators = ("rng", "_rules_rng")
    assert {name for name in vars(hard) if name not in generators
            and getattr(hard, name) != getattr(unread, name)} == {"bid_worlds", "model_levels"}


def test_hard_sees_the_table_s_levels_and_only_hard_models_them() -> None:
    """Every searching player of a play is told each seat's level (the table the window shows); Hard (and Hard
    with settings) models the Normal seats by their rules, the trials and baselines do not."""
    config = ArenaConfig("spades", "hard", "normal", 4, deals=1, budget=2)
    game = deal_game(config, 0)
    roles = layouts(config)[0]
    levels, table = seat_levels(config, 0, roles)
    assert levels == table == tuple("hard" if role == "a" else "normal" for role in roles)
    hard = level_player("hard", 3, config, game, table)
    assert hard.table == table and hard.model_levels  # type: ignore[attr-defined]
    assert not level_player("hard:model_levels=0", 3, config, game, table).model_levels  # type: ignore[attr-defined]
    split = level_player("normal/hard", 3, config, game, table)
    assert split.player.table == table  # type: ignore[attr-defined]
    for level in ("hard-1", "hard-reads", "hard-unread"):
        assert not level_player(level, 3, config, game, table).model_levels, level  # type: ignore[attr-defined]


def test_the_oracle_reads_nothing_but_models_the_seats_by_the_table_as_hard_does() -> None:
    """The oracle is Hard's search given the true deal: nothing to read, but its rollouts model the seats as
    Hard's do (the Normal seats judging honestly, an Easy seat playing by Easy's rules)."""
    config = ArenaConfig("spades", "oracle^easy", "normal", 4, deals=1, budget=2)
    game = deal_game(config, 0)
    roles = layouts(config)[0]
    levels, table = seat_levels(config, 0, roles)
    seat = levels.index("oracle")
    partner = levels.index("easy")
    oracle = level_player("oracle", 3, config, game, table)
    assert isinstance(oracle, HardPlayer) and oracle.table == table and oracle.model_levels
    assert not oracle.bid_worlds and not oracle.read_nils
    while game.phase is not Phase.PLAYING or game.to_act != seat:
        game.apply(game.legal_actions()[0])
    view = game.view(seat)
    rules = oracle._rule_players_of(view)
    assert rules is not None and rules.seats == [q == partner for q in range(4)] and rules.easy[partner]
    world = oracle.next_world(view, random.Random(1))
    assert world.hands == game.hands  # every world the true deal
    assert oracle._judges(world, seat) == [table[q] == "normal" for q in range(4)]


def test_spades_for_two_lead_prior_is_a_setting_and_its_own_value_changes_nothing() -> None:
    """``lead_prior`` set to the tuning's value (the rules' lead gets no prior) plays Spades for two exactly
    as Hard; set to 1 (the lead held to the rules' too, as before) some deal ends otherwise."""
    plain = _spades_two_outcomes("hard")
    assert _spades_two_outcomes(f"hard:lead_prior={int(SPADES_TWO_TUNING.prior_leads)}") == plain
    assert _spades_two_outcomes("hard:lead_prior=1") != plain


def test_a_partner_shown_at_its_level_is_the_computer_s_seat_it_is() -> None:
    """``LEVEL^PARTNER``: the side's seats in turn as ``LEVEL+PARTNER``, every player told the partner's level."""
    config = ArenaConfig("spades", "hard^easy", "normal", 4, deals=2, budget=2)
    for play, roles in enumerate(layouts(config)):
        side = [seat for seat, role in enumerate(roles) if role == "a"]
        for index in (0, 1):
            levels, shown = seat_levels(config, index, roles)
            lead, partner = side[index % 2], side[1 - index % 2]
            assert levels[lead] == shown[lead] == "hard" and levels[partner] == shown[partner] == "easy"
            _game, players = seated(config, index, play, roles)
            assert type(players[partner]).__name__ == "EasyPlayer"
            assert players[lead].table == shown  # type: ignore[attr-defined]


def test_a_level_with_a_partner_takes_the_side_s_seats_in_turn_and_shows_the_partner_as_a_person() -> None:
    """``LEVEL+PARTNER``: in deal k the side's seat k % 2 plays LEVEL, the other PARTNER, which every player is
    told is a person's seat (None), as the window tells Hard of a person sitting there."""
    config = ArenaConfig("spades", "hard+easy", "normal", 4, deals=2, budget=2)
    assert config.budget_shown() == 2
    for play, roles in enumerate(layouts(config)):
        side = [seat for seat, role in enumerate(roles) if role == "a"]
        for index in (0, 1):
            levels, shown = seat_levels(config, index, roles)
            lead = side[index % 2]
            partner = side[1 - index % 2]
            assert levels[lead] == shown[lead] == "hard"
            assert levels[partner] == "easy" and shown[partner] is None
            assert all(levels[q] == shown[q] == "normal" for q in range(4) if roles[q] == "b")
            _game, players = seated(config, index, play, roles)
            assert [type(p).__name__ for p in players] == \
                ["HardPlayer" if q == lead else "EasyPlayer" if q == partner else "NormalPlayer" for q in range(4)]
            assert players[lead].table == shown  # type: ignore[attr-defined]


def test_a_level_with_a_partner_plays_to_the_end_and_times_only_its_own_seat() -> None:
    """A match of ``normal+easy`` against ``normal`` differs from ``normal`` against itself (an Easy seat plays),
    and only the lead seat's decisions are timed for A: half as many as B's two seats make."""
    config = ArenaConfig("spades", "normal+easy", "normal", 4, deals=6)
    deals = run_match(config)
    assert any(deal.diff != 0 for deal in deals)
    assert all(deal.diff == 0 for deal in run_match(ArenaConfig("spades", "normal", "normal", 4, deals=6)))
    for deal in deals:
        for play in deal.plays:
            assert len(play.times_ms["a"]) >= 14  # 13 cards and a bid at least
            assert 2 * len(play.times_ms["a"]) == len(play.times_ms["b"])
