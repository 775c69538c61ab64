"""Ten-point Pitch (rules/ten-point-pitch.md): every worked example, the draw, going out, scoring, the end."""

from __future__ import annotations

import json

import pytest
from scripted import refusal, visible_cards
from tpp_scripted import bid_and_name, cards, play, put_down, scripted_game

from game.actions import PASS, Bid, Discard, NameTrump, Play
from game.cards import BIG_JOKER, HEARTS, LITTLE_JOKER, SPADES, Card
from game.options import TenPointPitchOptions
from game.record import dumps, replay, to_record
from game.state import Phase
from game.ten_point_pitch.rules import (
    BURNED,
    TenPointPitchGame,
    card_points,
    game_winner,
    off_jack,
    power,
    score_hand,
    sort_hand,
    trump_order,
)

NS, EW = 0, 1  # the sides of four players in partnerships: seats 0 and 2 (South, North), 1 and 3 (West, East)
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
ZERO = {"high": 0, "low": 0, "jack": 0, "off_jack": 0, "big_joker": 0, "little_joker": 0, "three": 0, "game": 0}


def points(game: TenPointPitchGame, side: int) -> dict[str, object]:
    """The last hand's point fields of one side."""
    row = game.results[-1].points[side]
    return {key: row[key] for key in (*ZERO, "total", "set_back")}


def row(total: int, set_back: bool = False, **won: int) -> dict[str, object]:
    return {**ZERO, **won, "total": total, "set_back": set_back}


def round_trips(game: TenPointPitchGame) -> None:
    """The game's record reads back to the same record and state."""
    record = json.loads(dumps(to_record(game)))
    again = replay(record).game
    assert to_record(again) == record and again.phase is game.phase and again.to_act == game.to_act
    assert again.hands == game.hands and again.scores == game.scores


# ----------------------------------------------------------------- the trumps
def test_the_sixteen_trumps_in_order_with_the_off_jack_and_jokers() -> None:
    assert [str(c) for c in trump_order(HEARTS)] == ["AH", "KH", "QH", "JH", "JD", "BJ", "LJ", "TH", "9H", "8H",
                                                      "7H", "6H", "5H", "4H", "3H", "2H"]
    assert str(off_jack(SPADES)) == "JC" and str(off_jack(3)) == "JS" and str(off_jack(2)) == "JH"
    assert card_points(Card.parse("TH")) == 10 and card_points(BIG_JOKER) == 0 and card_points(Card.parse("JD")) == 1
    assert [str(c) for c in sort_hand(cards("2C 3H JD BJ AH 9S"), HEARTS)] == ["AH", "JD", "BJ", "3H", "9S", "2C"]


def test_worked_example_1_the_off_jack_beats_both_jokers() -> None:
    """Hearts trump: a trick with the J♦, the Big Joker and the 10♥ is won by the J♦."""
    assert power(Card.parse("JD"), HEARTS) > power(BIG_JOKER, HEARTS) > power(Card.parse("TH"), HEARTS)
    game = scripted_game("H", {1: "JD", 2: "BJ", 0: "TH"},
                         "x x x x x  x x x x x  AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H LJ x x x x", dealer=0, players=3)
    bid_and_name(game, {1: 4, 2: PASS, 0: PASS}, "H")
    assert game.phase is Phase.DISCARDING and game.to_act == 1  # fourteen trumps: eight to burn
    put_down(game, 1, "9H 8H 7H 6H 5H 4H 3H LJ")
    assert play(game, ["1:JD 2:BJ 0:TH"]) == [1]
    assert game.out == [True, False, True]  # the Big Joker's and the 10's holders are out
    play(game, ["1:AH", "1:KH", "1:QH", "1:JH", "1:2H"])
    assert points(game, 1) == row(6, high=1, low=1, jack=1, off_jack=1, big_joker=1, game=1)
    assert points(game, 0) == points(game, 2) == row(0)  # the burned Little Joker and three are nobody's


def example_2(bid: int, options: TenPointPitchOptions | None = None, scores: tuple[int, int] = (0, 0)
              ) -> TenPointPitchGame:
    """Spades trump, North pitches: N-S win the A, J, off-jack and 3 and the most trick points; East plays the
    2 (the lowest in play) to a trick North wins; both jokers are burned by North."""
    game = scripted_game("S", {NORTH: "AS JS JC 3S KS QS", EAST: "2S", SOUTH: "TS", WEST: "4S"},
                         "9S x x x x  8S 7S x x x  6S x x x x  BJ LJ 5S", dealer=WEST, options=options)
    game.scores = list(scores)
    bid_and_name(game, {NORTH: bid, EAST: PASS, SOUTH: PASS, WEST: PASS}, "S")
    assert game.phase is Phase.DISCARDING and game.to_act == NORTH
    assert {a.card for a in game.legal_actions() if isinstance(a, Discard)} == set(cards("AS KS QS JS JC BJ LJ 5S 3S"))
    put_down(game, NORTH, "BJ LJ 5S")
    assert game.phase is Phase.PLAYING and game.to_act == NORTH
    assert play(game, ["2:AS 3:2S 0:7S 1:4S", "2:KS 3:9S 0:8S 1:6S", "2:QS 0:TS", "2:JS", "2:JC", "2:3S"]) == [2] * 6
    return game


def test_worked_example_2_the_pitcher_makes_his_bid() -> None:
    game = example_2(6)
    assert points(game, NS) == row(7, high=1, jack=1, off_jack=1, three=3, game=1)
    assert points(game, EW) == row(1, low=1)
    assert game.scores == [7, 1] and game.results[-1].points[NS]["trick_points"] == 4 + 3 + 2 + 10 + 1 + 1
    assert game.phase is Phase.BIDDING and game.hand_number == 2
    round_trips(game)


def test_worked_example_3_the_pitcher_is_set_back() -> None:
    game = example_2(8)
    assert points(game, NS) == row(-8, True, high=1, jack=1, off_jack=1, three=3, game=1)
    assert points(game, EW) == row(1, low=1)
    assert game.scores == [-8, 1]
    round_trips(game)


def test_low_to_the_side_that_wins_it_is_the_option() -> None:
    game = example_2(6, TenPointPitchOptions(low="winner"))
    assert points(game, NS) == row(8, high=1, low=1, jack=1, off_jack=1, three=3, game=1)
    assert points(game, EW) == row(0)


def test_worked_example_4_the_bidder_goes_out_first() -> None:
    """N-S 49, E-W 50: East pitches and makes it, E-W 55, N-S 53: E-W win; had North pitched, N-S would."""
    assert game_winner([53, 55], 52, pitcher_side=EW) == EW
    assert game_winner([53, 55], 52, pitcher_side=NS) == NS
    assert game_winner([53, 55, 40], 52, pitcher_side=2) == 1  # the pitcher's side not there: the higher wins
    assert game_winner([55, 55, 40], 52, pitcher_side=2) is None  # an exact tie plays another hand
    assert game_winner([51, 30], 52, pitcher_side=NS) is None


def test_the_bidder_goes_out_first_in_play() -> None:
    """Both sides reach 52 on the same hand and tie there: the pitcher's side (N-S) wins."""
    game = example_2(6, scores=(45, 51))
    assert game.scores == [52, 52] and game.winner == NS and game.phase is Phase.GAME_OVER


def test_a_set_back_pitcher_lets_the_other_side_out() -> None:
    game = example_2(8, scores=(50, 51))
    assert game.scores == [42, 52] and game.winner == EW


def example_5() -> TenPointPitchGame:
    """Hearts trump, West is stuck with 4 as dealer and the stock runs out on him: he holds the 4♥ and three
    non-trumps."""
    game = scripted_game("H", {WEST: "4H", EAST: "LJ", SOUTH: "7H 6H"},
                         "AH KH QH JH JD BJ  TH 9H 8H x x  5H 3H 2H x  x x x", dealer=WEST)
    assert game.legal_actions()[0] == Bid(NORTH, PASS)
    bid_and_name(game, {NORTH: PASS, EAST: PASS, SOUTH: PASS, WEST: 4}, "H")
    return game


def test_worked_example_5_a_player_goes_out_mid_hand() -> None:
    game = example_5()
    assert game.phase is Phase.PLAYING and game.to_act == WEST  # the draw asked nobody anything
    assert game.hands[WEST].bit_count() == 4 and game.stock == []
    assert game.draw_log[-1].drawn == tuple(game.draw_log[-1].drawn) and len(game.draw_log[-1].drawn) == 3
    play(game, ["1:4H 2:AH 3:8H 0:2H"])
    view = game.view(NORTH)
    assert view.part.out == (False, True, False, False) and view.hand_sizes[WEST] == 0
    assert view.part.face_down[WEST] == 8 + 3  # his dealt non-trumps, then the three he held
    assert play(game, ["2:KH 3:9H 0:3H"]) == [NORTH] and len(game.trick_log[-1][1]) == 3
    play(game, ["2:QH 3:TH 0:5H", "2:JH 3:LJ 0:6H", "2:JD 0:7H", "2:BJ"])
    assert points(game, NS) == row(10, high=1, low=1, jack=1, off_jack=1, big_joker=1, little_joker=1, three=3,
                                   game=1)
    assert points(game, EW) == row(-4, True)
    round_trips(game)


def test_the_lead_passes_left_from_a_winner_who_is_out() -> None:
    game = scripted_game("H", {2: "AH", 0: "TH 9H", 1: "2H"},
                         "x x x x x  x x x x  KH QH JH JD BJ LJ 8H 7H 6H 5H 4H 3H x x x x x x", dealer=0, players=3)
    bid_and_name(game, {1: 4, 2: PASS, 0: PASS}, "H")
    put_down(game, 1, "BJ LJ 8H 7H 6H 5H 4H")
    assert play(game, ["1:2H 2:AH 0:9H"]) == [2]
    assert game.out[2] and game.to_act == 0 and game.leader == 0  # seat 2 won with his last trump
    assert play(game, ["0:TH 1:KH"]) == [1]
    play(game, ["1:QH", "1:JH", "1:JD", "1:3H"])
    assert points(game, 2) == row(1, high=1)
    assert points(game, 1) == row(7, low=1, jack=1, off_jack=1, three=3, game=1)
    assert points(game, 0) == row(0)
    assert [p["trick_points"] for p in game.results[-1].points] == [0, 17, 4]


def test_low_goes_to_the_player_who_played_it_whoever_wins() -> None:
    game = example_2(6)
    lowest = game.hand_logs[0].tricks[0]
    assert (3, Card.parse("2S")) in lowest[1] and lowest[2] == NORTH
    assert game.results[-1].points[EW]["low"] == 1


# ----------------------------------------------------------------- the draw
def test_more_than_six_trumps_are_burned_face_up_and_nobody_scores_them() -> None:
    game = scripted_game("S", {1: "AS KS QS JS JC BJ LJ 3S", 2: "TS", 3: "2S", 0: "4S 6S 7S 8S"},
                         "x x x x x  x x x x x  9S 5S x x x x x x", dealer=3)
    bid_and_name(game, {0: 5, 1: PASS, 2: PASS, 3: PASS}, "S")
    assert game.phase is Phase.DISCARDING and game.to_act == 1
    assert game.view(1).part.to_put_down == 2 and game.view(2).part.draw_turn == 1
    assert {a.card for a in game.legal_actions()} == set(cards("AS KS QS JS JC BJ LJ 3S"))
    assert "You do not hold" in refusal(game, Discard(1, Card.parse("9S")))
    assert "not time to play" in refusal(game, Play(1, Card.parse("AS")))
    events = game.apply(Discard(1, LITTLE_JOKER))
    assert [(e.kind, e.cards) for e in events] == [(BURNED, (LITTLE_JOKER,))]
    game.apply(Discard(1, Card.parse("3S")))
    assert game.phase is Phase.PLAYING  # the others had no choice: the pitcher holds six trumps exactly
    for seat in range(4):
        assert game.view(seat).part.burned[1] == (Card.parse("3S"), LITTLE_JOKER)
    pitcher = game.draw_log[-1]
    assert pitcher.seat == 0 and pitcher.pitcher and len(pitcher.drawn) == 8 and len(pitcher.discarded) == 5 + 6
    assert game.hands[0].bit_count() == 6 and game.burned[0] == 0
    rng_play_to_end(game)
    for side in (0, 1):
        assert game.results[-1].points[side]["three"] == game.results[-1].points[side]["little_joker"] == 0
    record = to_record(game)["hands"][0]["draw"]
    assert record[0] == {"seat": 1, "discarded": [str(c) for c in game.hand_logs[0].draw[0].discarded], "drawn": [],
                         "burned": ["LJ", "3S"]}
    round_trips(game)


def rng_play_to_end(game: TenPointPitchGame) -> None:
    """Each player plays his highest trump until the hand is scored."""
    hand = game.hand_number
    while game.hand_number == hand and game.phase is Phase.PLAYING:
        assert game.trump is not None
        actions = game.legal_actions()
        game.apply(max(actions, key=lambda a: power(a.card, game.trump or 0) if isinstance(a, Play) else 0))


def test_the_pitcher_keeps_a_non_trump_only_when_short_of_trumps() -> None:
    game = scripted_game("D", {0: "AD", 1: "KD QD JD JH BJ LJ", 2: "TD 9D 8D 7D 6D 5D", 3: "4D 3D"},
                         "2D x x x  x x x x x x x x x x x x x x", dealer=3)
    bid_and_name(game, {0: 5, 1: PASS, 2: PASS, 3: PASS}, "D")
    assert [e.drawn for e in game.draw_log[:3]] == [(), (), (Card.parse("2D"), *game.draw_log[2].drawn[1:])]
    assert game.phase is Phase.DISCARDING and game.to_act == 0 and game.hands[0].bit_count() == 15
    offered = {a.card for a in game.legal_actions()}
    assert Card.parse("AD") not in offered and len(offered) == 14
    assert "You keep every trump" in refusal(game, Discard(0, Card.parse("AD")))
    chosen = sorted(offered)[:9]
    for one in chosen:
        game.apply(Discard(0, one))
    assert game.phase is Phase.PLAYING and game.hands[0].bit_count() == 6 and game.hands[0] >> Card.parse("AD") & 1
    assert set(chosen) <= set(game.view(0).part.my_face_down) and not set(chosen) & visible_cards(game.view(1))
    assert game.view(1).part.face_down[0] == 8 + 9  # his dealt non-trumps, then the nine he chose
    round_trips(game)


def test_the_stock_runs_out_and_a_pitcher_with_no_trump_is_out_at_once() -> None:
    game = scripted_game("C", {}, "AC KC QC JC JS BJ  LJ TC 9C 8C 7C 6C  5C 4C 3C 2C x x", dealer=1)
    bid_and_name(game, {2: 7, 3: PASS, 0: PASS, 1: PASS}, "C")
    assert game.draw_log[-1].seat == 2 and game.draw_log[-1].drawn == () and game.stock == []
    assert to_record(game)["hands"][0]["draw"][-1]["taken"] == []
    assert game.out[2] and game.to_act == 3  # the lead passes left of the pitcher
    play(game, ["3:AC 0:LJ 1:2C", "3:KC 0:TC 1:3C", "3:QC 0:9C 1:4C", "3:JC 0:8C 1:5C", "3:JS 0:7C", "3:BJ 0:6C"])
    assert points(game, EW) == row(10, high=1, low=1, jack=1, off_jack=1, big_joker=1, little_joker=1, three=3,
                                   game=1)
    assert points(game, NS) == row(-7, True)
    round_trips(game)


# ----------------------------------------------------------------- bidding and refusals
def test_the_dealer_is_stuck_with_four_when_everyone_passes() -> None:
    game = example_5_before_bids()
    for seat in (NORTH, EAST, SOUTH):
        assert Bid(seat, PASS) in game.legal_actions()
        assert [a.value for a in game.legal_actions()] == [PASS, 4, 5, 6, 7, 8, 9, 10]
        game.apply(Bid(seat, PASS))
    assert game.legal_actions() == [Bid(WEST, 4)]
    assert "stuck with a bid of 4" in refusal(game, Bid(WEST, PASS))
    assert "stuck" in refusal(game, Bid(WEST, 5))


def example_5_before_bids() -> TenPointPitchGame:
    return scripted_game("H", {WEST: "4H", EAST: "LJ", SOUTH: "7H 6H"},
                         "AH KH QH JH JD BJ  TH 9H 8H x x  5H 3H 2H x  x x x", dealer=WEST)


def test_a_bid_of_ten_ends_the_bidding_and_bids_must_climb() -> None:
    game = example_5_before_bids()
    assert "not a Ten-point Pitch bid" in refusal(game, Bid(NORTH, 3))
    assert "not a Ten-point Pitch bid" in refusal(game, Bid(NORTH, "nil"))
    game.apply(Bid(NORTH, 6))
    assert "higher than the high bid (6)" in refusal(game, Bid(EAST, 6))
    assert "not seat 0's turn" in refusal(game, Bid(SOUTH, 7))
    game.apply(Bid(EAST, 10))
    assert game.phase is Phase.NAMING_TRUMP and game.to_act == EAST and game.pitcher == EAST and game.high == 10
    assert game.legal_actions() == [NameTrump(EAST, s) for s in range(4)]
    assert "no suit" in refusal(game, NameTrump(EAST, 4))
    assert "time to name trump" in refusal(game, Bid(EAST, PASS))
    round_trips(game)


def test_only_trumps_may_be_played() -> None:
    game = example_5()
    assert "Only trumps are played" in refusal(game, Play(WEST, game_cards_not_trumps(game, WEST)[0]))
    assert "do not hold" in refusal(game, Play(WEST, Card.parse("AH")))
    assert "is not a card" in refusal(game, Play(WEST, 99))  # type: ignore[arg-type]


def game_cards_not_trumps(game: TenPointPitchGame, seat: int) -> list[Card]:
    from game.cards import cards_of

    return cards_of(game.hands[seat] & ~game.trumps)


def test_a_view_shows_no_hidden_card() -> None:
    game = example_5()
    for seat in range(4):
        view = game.view(seat)
        seen = visible_cards(view)
        own = set(view.hand or ()) | set(view.part.my_face_down) | set(view.part.my_drawn)
        assert seen <= own | {c for m in view.part.burned for c in m}
        assert not seen & set(game.stock)


def test_three_players_or_four_each_for_himself_and_partners_need_four() -> None:
    assert TenPointPitchGame(None, 3, 1).teams == [[0], [1], [2]]
    assert TenPointPitchGame(TenPointPitchOptions(partnerships=False), 4, 1).teams == [[0], [1], [2], [3]]
    assert TenPointPitchGame(None, 4, 1).teams == [[0, 2], [1, 3]]
    with pytest.raises(ValueError, match="four players"):
        TenPointPitchGame(TenPointPitchOptions(), 3, 1)
    with pytest.raises(ValueError, match="3 or 4"):
        TenPointPitchGame(TenPointPitchOptions(partnerships=False), 5, 1)
    game = TenPointPitchGame(None, 4, 7)
    assert sum(h.bit_count() for h in game.hands) == 36 and len(game.stock) == 18
    assert len(TenPointPitchGame(None, 3, 7).stock) == 27


def test_a_hand_without_tricks_scores_no_point_and_sets_the_pitcher_back() -> None:
    rows = score_hand(2, [0, 1, 0, 1], 0, SPADES, [], pitcher_side=0, bid=4)
    assert {k: rows[0][k] for k in (*ZERO, "total", "set_back")} == row(-4, True)
    assert {k: rows[1][k] for k in (*ZERO, "total", "set_back")} == row(0)


# ----------------------------------------------------------------- records
def test_a_record_written_at_any_moment_reads_back_to_that_moment() -> None:
    import random

    game = TenPointPitchGame(TenPointPitchOptions(target=21), 4, 11)
    rng = random.Random(11)
    phases = set()
    while len(game.results) < 3:
        phases.add(game.phase)
        round_trips(game)
        game.apply(rng.choice(game.legal_actions()))
    assert {Phase.BIDDING, Phase.NAMING_TRUMP, Phase.PLAYING} <= phases


def finished_record() -> dict[str, object]:
    return json.loads(dumps(to_record(example_2(6))))


def refused(record: dict[str, object]) -> str:
    from game.record import RecordError

    with pytest.raises(RecordError) as error:
        replay(record)
    return str(error.value)


def test_a_record_gives_the_stock_the_draw_and_the_ten_points() -> None:
    record = finished_record()
    assert record["game"] == "ten-point-pitch"
    assert record["options"] == {"target": 52, "partnerships": True, "low": "player"}
    hand = record["hands"][0]  # type: ignore[index]
    assert len(hand["stock"]) == 18 and hand["stock"][-3:] == ["BJ", "LJ", "5S"]
    assert (hand["pitcher"], hand["bid"], hand["trump"]) == (NORTH, 6, "S")
    assert [entry["seat"] for entry in hand["draw"]] == [EAST, SOUTH, WEST, NORTH]
    assert hand["draw"][-1]["taken"] == ["BJ", "LJ", "5S"] and hand["draw"][-1]["burned"] == ["BJ", "LJ", "5S"]
    assert hand["draw"][0]["drawn"] == ["9S", *hand["stock"][1:5]] and hand["draw"][0]["burned"] == []
    assert [len(t["plays"]) for t in hand["tricks"]] == [4, 4, 2, 1, 1, 1]
    assert {k: hand["points"][0][k] for k in ("high", "low", "jack", "off_jack", "big_joker", "little_joker",
                                              "three", "game", "total", "set_back")} == row(7, high=1, jack=1,
                                                                                              off_jack=1, three=3,
                                                                                              game=1)


def test_the_cards_put_down_may_be_listed_in_any_order() -> None:
    record = finished_record()
    record["hands"][0]["draw"][-1]["burned"] = ["5S", "LJ", "BJ"]  # type: ignore[index]
    record["hands"][0]["draw"][0]["discarded"].reverse()  # type: ignore[index]
    assert replay(record).finished


def test_a_record_that_breaks_the_rules_is_refused_with_the_reason() -> None:
    record = finished_record()
    del record["hands"][0]["trump"]  # type: ignore[index]
    assert "missing field 'trump'" in refused(record)
    record = finished_record()
    tricks = record["hands"][0]["tricks"]  # type: ignore[index]
    tricks[3]["plays"] += tricks.pop(4)["plays"]
    assert "tricks recorded but the plays make" in refused(record)
    record = finished_record()
    record["hands"][0]["stock"][0] = "AS"  # type: ignore[index]
    assert "not the 54 cards once each" in refused(record)
    record = finished_record()
    record["hands"][0]["draw"][-1]["burned"] = ["BJ", "LJ", "KS"]  # type: ignore[index]
    assert "plays KS is illegal: You do not hold the king of spades" in refused(record)  # he burned it
    record = finished_record()
    record["hands"][0]["points"][1]["low"] = 0  # type: ignore[index]
    assert "'low' is 0 but the rules give 1" in refused(record)
    record = finished_record()
    record["hands"][0]["stock"][0] = "bj"  # type: ignore[index]
    assert "not a card" in refused(record)
