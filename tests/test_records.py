"""Game records (trick-record/1): written, read back, replayed, and refused with a reason when wrong."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scripted import (
    bid_round,
    draw_all,
    exchange,
    hands_from_tricks,
    pitch_game,
    play_randomly,
    play_tricks,
    spades_deal,
    spades_game,
    spades_tricks,
    swap_back,
    two_player_deal,
    two_player_game,
)

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, Exchange, Look, Play, Redraw
from game.cards import DECK
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.record import FORMAT, check_line, dumps, read_records, replay, to_record
from game.state import Phase, TrickGame

ROOT = Path(__file__).resolve().parents[1]
Record = dict[str, Any]

RANDOM_GAMES = [
    ("spades", 4, SpadesOptions(mercy=-200)),
    ("spades", 4, SpadesOptions(nil=False, double_nil=False, mercy=-200)),
    ("spades-two", 2, SpadesOptions(mercy=-200)),
    ("pitch", 2, PitchOptions()),
    ("pitch", 3, PitchOptions(dealer_steal=False, low="player")),
    ("pitch", 4, PitchOptions(partnerships=True)),
    ("pitch", 7, PitchOptions()),
]
GAME_IDS = [f"{kind}-{players}-{index}" for index, (kind, players, _) in enumerate(RANDOM_GAMES)]


def round_trip(game: TrickGame) -> Record:
    """Write the game, read the line back, and check the replay gives the same record, scores and winner."""
    record = to_record(game)
    text = dumps(record)
    result = check_line(text, 1)
    assert result.error is None, result.error
    again = result.replay.game
    assert (again.scores, again.winner, again.hand_number) == (game.scores, game.winner, game.hand_number)
    assert dumps(to_record(again, record["seats"])) == text
    return record


@pytest.mark.parametrize(("kind", "players", "options"), RANDOM_GAMES, ids=GAME_IDS)
def test_finished_games_round_trip(kind: str, players: int, options: Any) -> None:
    for seed in range(8):
        game = play_randomly(new_game(kind, options, players, seed), random.Random(seed))
        assert game.winner is not None
        assert_reads_back(game)
        record = round_trip(game)
        assert record["winner"] == game.winner and record["scores"] == game.scores
        assert len(record["hands"]) == len(game.results)


@pytest.mark.parametrize(("kind", "players", "options"), RANDOM_GAMES, ids=GAME_IDS)
def test_unfinished_games_round_trip_with_winner_null(kind: str, players: int, options: Any) -> None:
    rng = random.Random(kind)
    for seed in range(12):
        game = play_randomly(new_game(kind, options, players, seed), random.Random(seed), actions=rng.randrange(0, 160))
        if game.winner is None:
            assert round_trip(game)["winner"] is None


def test_a_record_names_every_field_of_the_format() -> None:
    game = spades_game(spades_deal((0, 4, 5, 4)))
    bid_round(game, {0: NIL, 1: 4, 2: 4, 3: 3})
    play_tricks(game, spades_tricks((0, 4, 5, 4)))
    record = json.loads(dumps(to_record(game)))
    assert set(record) >= {"format", "game", "options", "seats", "teams", "seed", "hands", "scores", "winner"}
    assert record["format"] == FORMAT and record["game"] == "spades" and record["teams"] == [[0, 2], [1, 3]]
    assert record["options"] == {"target": 500, "nil": True, "double_nil": True, "mercy": None, "nil_value": 100,
                                 "bag_rule": "10/100", "ten_for_200": False, "min_side_bid": 0,
                                 "spades_any_time": False, "two_clubs_opens": False, "jokers": False,
                                 "nil_pass": 0, "partnerships": True}  # the house rules at their defaults
    hand = record["hands"][0]
    assert hand["dealer"] == 3 and hand["blind"] == [] and hand["exchange"] == []
    assert hand["bids"] == [{"seat": 0, "bid": "nil"}, {"seat": 1, "bid": 4}, {"seat": 2, "bid": 4},
                            {"seat": 3, "bid": 3}]
    assert [len(h) for h in hand["deal"]] == [13] * 4 and len(hand["tricks"]) == 13
    assert hand["tricks"][0]["leader"] == 0 and len(hand["tricks"][0]["plays"]) == 4
    assert {k: hand["points"][0][k] for k in ("contract", "tricks", "bags", "nil", "bag_penalty", "total")} == {
        "contract": 40, "tricks": 5, "bags": 1, "nil": 100, "bag_penalty": 0, "total": 141}
    assert hand["scores"] == [141, 71] and hand["bags"] == [1, 1] and record["winner"] is None


EXAMPLE_1 = ["2D 9H JH 2C", "3S 4S TS AS", "6C AH TC 5C", "9D 3H 7D 8D", "8S TD QD 7S", "AC 6S JC 5S"]


def test_a_pitch_record_gives_the_pitcher_bid_trump_and_points() -> None:
    game = pitch_game(hands_from_tricks(EXAMPLE_1, 4), dealer=0)
    bid_round(game, {1: 2, 2: PASS, 3: PASS, 0: PASS})
    play_tricks(game, EXAMPLE_1)
    hand = json.loads(dumps(to_record(game)))["hands"][0]
    assert (hand["dealer"], hand["pitcher"], hand["bid"], hand["trump"]) == (0, 1, 2, "H")
    assert hand["deal"][1] == ["9H", "4S", "AH", "3H", "TD", "6S"]
    assert hand["bids"] == [{"seat": 1, "bid": 2}, {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"},
                            {"seat": 0, "bid": "pass"}]
    assert hand["tricks"][0] == {"leader": 1, "plays": [[1, "9H"], [2, "JH"], [3, "2C"], [0, "2D"]], "winner": 2}
    keys = ("high", "low", "jack", "game", "set_back", "total")
    assert [[p[k] for k in keys] for p in hand["points"]] == [
        [0, 0, 0, 0, False, 0], [1, 1, 0, 0, False, 2], [0, 0, 1, 0, False, 1], [0, 0, 0, 0, False, 0]]
    assert hand["scores"] == [0, 2, 1, 0] and "bags" not in hand


# ----------------------------------------------------------------- records to spoil
def spades_record() -> Record:
    """A finished three-hand Spades game (target 250): 160-170, 330-330, then 390-400."""
    plans = [((0, 0, 6, 7), {0: NIL, 1: NIL, 2: 6, 3: 7}), ((0, 0, 7, 6), {0: NIL, 1: NIL, 2: 7, 3: 6}),
             ((3, 3, 3, 4), {0: 3, 1: 3, 2: 3, 3: 4})]
    game = spades_game(spades_deal(plans[0][0]), options=SpadesOptions(target=250),
                       later=[spades_deal(counts) for counts, _ in plans[1:]])
    for counts, bids in plans:
        bid_round(game, bids)
        play_tricks(game, spades_tricks(counts))
    assert game.winner == 1
    return to_record(game)


def double_nil_record() -> Record:
    """One Spades hand in which seat 0 bids Double Nil and exchanges with seat 2."""
    planned = spades_deal((0, 4, 5, 4))
    to_0, to_2 = (" ".join(map(str, sorted(planned[seat])[:3])) for seat in (0, 2))
    game = spades_game(swap_back(planned, 0, 2, to_0, to_2))
    bid_round(game, {0: DOUBLE_NIL, 1: 4, 2: 4, 3: 3})
    exchange(game, {0: to_2, 2: to_0})
    play_tricks(game, spades_tricks((0, 4, 5, 4)))
    return to_record(game)


def redraw_record() -> Record:
    """One hand of Spades for two in which seat 0 declares Double Nil and replaces three cards."""
    hands = two_player_deal((0, 13))
    pool = [c for c in DECK if c not in set(hands[0]) | set(hands[1])]
    game = two_player_game(hands, first=0, samples=[pool[:3]])
    draw_all(game, blind=[0])
    game.apply(Redraw(0, tuple(sorted(hands[0])[:3])))
    return to_record(game)


def pitch_record() -> Record:
    """A finished Pitch game: seat 1 takes all four points twice with target 7."""
    sweep = ["9H AS 8H 7H", "9D JS 8D 7D", "9C 2S 8C 7C", "6H TH 5H 4H", "6D TD 5D 4D", "6C TC 5C 4C"]
    game = pitch_game(hands_from_tricks(sweep, 4), dealer=0, later=[hands_from_tricks(sweep, 4)])
    bid_round(game, {1: 2, 2: PASS, 3: PASS, 0: PASS})
    play_tricks(game, sweep)
    bid_round(game, {2: PASS, 3: PASS, 0: PASS, 1: 4})
    play_tricks(game, sweep)
    assert game.winner == 1 and game.scores == [0, 8, 0, 0]
    return to_record(game)


BASES: dict[str, Callable[[], Record]] = {"spades": spades_record, "double nil": double_nil_record,
                                          "redraw": redraw_record, "pitch": pitch_record}


def _set(path: str, value: Any) -> Callable[[Record], None]:
    """A mutation that sets the value at a dotted path (list indexes as numbers)."""
    def mutate(record: Record) -> None:
        *parents, last = [int(part) if part.lstrip("-").isdigit() else part for part in path.split(".")]
        target: Any = record
        for part in parents:
            target = target[part]
        target[last] = value(target[last]) if callable(value) else value
    return mutate


def _delete(path: str) -> Callable[[Record], None]:
    def mutate(record: Record) -> None:
        *parents, last = [int(part) if part.isdigit() else part for part in path.split(".")]
        target: Any = record
        for part in parents:
            target = target[part]
        del target[last]
    return mutate


SPOILED: list[tuple[str, str, Callable[[Record], None], str]] = [
    ("unknown format", "spades", _set("format", "trick-record/2"),
     'unknown format "trick-record/2" (this program reads trick-record/1)'),
    ("unknown game", "spades", _set("game", "hearts"), 'unknown game "hearts"'),
    ("missing hands", "spades", _delete("hands"), "record: missing field 'hands'"),
    ("missing bids", "spades", _delete("hands.0.bids"), "hand 1: missing field 'bids'"),
    ("missing plays", "spades", _delete("hands.1.tricks.2.plays"), "hand 2 trick 3: missing field 'plays'"),
    ("dealer as text", "spades", _set("hands.0.dealer", "3"), "hand 1: field 'dealer' has the wrong type (str)"),
    ("seed as text", "spades", _set("seed", "x"), "seed: must be a whole number or null"),
    ("target as text", "spades", _set("options.target", "250"),
     "options: Spades target must be one of 500, 250, 300, 1000, not '250'."),
    ("target as true", "spades", _set("options.target", True),
     "options: Spades target must be one of 500, 250, 300, 1000, not True."),
    ("a target the rules do not offer", "spades", _set("options.target", 123),
     "options: Spades target must be one of 500, 250, 300, 1000, not 123."),
    ("a mercy the rules do not offer", "spades", _set("options.mercy", -150), "options: Spades mercy must be one of"),
    ("nil as text", "spades", _set("options.nil", "yes"), "options: Spades nil must be one of True, False, not 'yes'."),
    ("mercy as text", "spades", _set("options.mercy", "-200"),
     "options: Spades mercy must be one of None (off), -200, not '-200'."),
    ("a wrong card", "spades", _set("hands.0.tricks.0.plays.0.1", "1X"), 'hand 1 trick 1: not a card: "1X"'),
    ("a play not a pair", "spades", _set("hands.0.tricks.0.plays.0", "AS"), "a play must be [seat, card]"),
    ("a card dealt twice", "spades", lambda r: r["hands"][0]["deal"][0].__setitem__(0, r["hands"][0]["deal"][1][0]),
     "hand 1: a card is dealt twice"),
    ("a short deal", "spades", lambda r: r["hands"][0]["deal"][0].pop(), "hand 1: every seat must be dealt 13 cards"),
    ("a play out of turn", "spades", lambda r: r["hands"][0]["tricks"][0]["plays"].reverse(),
     "hand 1, trick 1: seat 3 plays"),
    ("a card not held", "spades", _set("hands.0.tricks.0.plays.0.1", "2S"), "is illegal: You do not hold"),
    ("a wrong final score", "spades", _set("scores.0", lambda v: v + 1), "scores: recorded [391, 400] but the hands"),
    ("a wrong hand score", "spades", _set("hands.0.scores.0", 150),
     "hand 1: field 'scores' item 1 is 150 but the rules give 160"),
    ("a wrong hand total", "spades", _set("hands.0.points.1.total", 1),
     "hand 1: field 'points' side 2 'total' is 1 but the rules give 170"),
    ("wrong bags", "spades", _set("hands.2.bags", [5, 5]), "hand 3: field 'bags' item 1 is 5 but the rules give 0"),
    ("a wrong winner", "spades", _set("winner", 0), "winner: recorded 0 but the rules give 1"),
    ("a null winner of a finished game", "spades", _set("winner", None), "winner: recorded null but the rules give 1"),
    ("a wrong trick winner", "spades", _set("hands.0.tricks.0.winner", lambda w: (w + 1) % 4),
     "hand 1 trick 1: field 'winner' is"),
    ("a wrong trick leader", "spades", _set("hands.0.tricks.1.leader", lambda w: (w + 2) % 4),
     "hand 1 trick 2: field 'leader' is"),
    ("a hand cut short", "spades", lambda r: r["hands"][0]["tricks"].pop(),
     "hand 1: the hand is unfinished but more hands follow"),
    ("a hand after the end", "spades", lambda r: r["hands"].append(copy.deepcopy(r["hands"][2])),
     "hand 4: the game is already over"),
    ("the wrong dealer", "spades", _set("hands.1.dealer", 1),
     "hand 2: field 'dealer' is 1, but the rotation gives seat 0"),
    ("the wrong teams", "spades", _set("teams", [[0, 1], [2, 3]]), "teams: [[0, 1], [2, 3]] do not match"),
    ("three seats", "spades", _set("teams", [[0, 2], [1]]), "teams: [[0, 2], [1]] is not a seating for spades"),
    ("a bid of true", "spades", _set("hands.0.bids.0.bid", True),
     "hand 1 bid 1: field 'bid' has the wrong type (bool)"),
    ("a bid as a list", "spades", _set("hands.0.bids.0.bid", [4]),
     "hand 1 bid 1: field 'bid' has the wrong type (list)"),
    ("a hand not an object", "spades", _set("hands.1", 5), "hand 2: "),
    ("missing seats", "spades", _delete("seats"), "record: missing field 'seats'"),
    ("blind as a number", "spades", _set("hands.1.blind", 1), "hand 2: field 'blind' has the wrong type (int)"),
    ("redraw as a number", "redraw", _set("hands.0.redraw", -1), "hand 1: field 'redraw' has the wrong type (int)"),
    ("looked as text", "redraw", _set("hands.0.looked", "0"), "hand 1: field 'looked' has the wrong type (str)"),
    ("exchange as an object", "double nil", _set("hands.0.exchange", {}),
     "hand 1: field 'exchange' has the wrong type (dict)"),
    ("three seats named", "spades", lambda r: r["seats"].pop(), "seats: want one object per seat (4)"),
    ("a seat as text", "pitch", _set("seats.2", "North"), "seats: want one object per seat (4)"),
    ("an exchange to an opponent", "double nil", _set("hands.0.exchange.0.to", 1),
     "hand 1 exchange: seat 0 gives once, to its partner, not to seat 1"),
    ("no exchange", "double nil", _set("hands.0.exchange", []),
     "hand 1: seat 0 must give three cards in the Double Nil exchange"),
    ("an exchange of a card not held", "double nil",
     lambda r: r["hands"][0]["exchange"][1]["cards"].__setitem__(0, r["hands"][0]["deal"][1][0]),
     "hand 1, exchange by seat 2: seat 2 gives"),
    ("an exchange nobody bid for", "spades", _set("hands.0.exchange", [{"from": 0, "to": 2, "cards": ["2H"]}]),
     "hand 1: an exchange is recorded that the bids do not call for"),
    ("a stock with a card twice", "redraw", lambda r: r["hands"][0]["stock"].__setitem__(0, r["hands"][0]["stock"][1]),
     "hand 1: the stock is not the 52 cards once each"),
    ("a draw that is not the stock's", "redraw", _set("hands.0.draws.3.kept", "AS"),
     "hand 1, draw 4: the stock's next two cards are not AS and"),
    ("a redraw from the opponent's hand", "redraw", _set("hands.0.redraw.0.drawn.0", "AH"),
     "hand 1, redraw by seat 0: AH was not in the discard pile"),
    ("a redraw drawing too few", "redraw", lambda r: r["hands"][0]["redraw"][0]["drawn"].pop(),
     "hand 1 redraw: seat 0 must draw as many different cards as it discards"),
    ("a redraw for the wrong seat", "redraw", _set("hands.0.redraw.0.seat", 1),
     "hand 1: a redraw is recorded for seat 1 that the game does not call for"),
    ("a redraw without drawn", "redraw", _delete("hands.0.redraw.0.drawn"), "hand 1 redraw: missing field 'drawn'"),
    ("the wrong first drawer", "redraw", _set("hands.0.first", "0"), "hand 1: field 'first' has the wrong type"),
    ("a wrong trump", "pitch", _set("hands.0.trump", "H"), "hand 1: field 'trump' is \"H\" but the rules give \"S\""),
    ("a wrong pitcher", "pitch", _set("hands.1.pitcher", 2), "hand 2: field 'pitcher' is 2 but the rules give 1"),
    ("a wrong bid", "pitch", _set("hands.0.bid", 3), "hand 1: field 'bid' is 3 but the rules give 2"),
    ("a short pitch deal", "pitch", lambda r: r["hands"][0]["deal"][2].pop(), "every seat must be dealt 6 cards"),
    ("a nil bid in pitch", "pitch", _set("hands.0.bids.0.bid", "nil"), "is illegal: Nil is not a Pitch bid"),
    ("low for both", "pitch", _set("options.low", "both"),
     "options: Pitch low must be one of 'winner', 'player', not 'both'."),
    ("partnerships for pitch", "pitch", _set("options.partnerships", True), "teams: [[0], [1], [2], [3]] do not match"),
    # every part of a hand's points is checked, not only the total
    *[(f"a wrong {key}", "spades", _set(f"hands.0.points.0.{key}", lambda v: v + 1),
       f"hand 1: field 'points' side 1 '{key}' is") for key in ("contract", "tricks", "bags", "nil", "bag_penalty")],
    *[(f"a wrong {key}", "pitch", _set(f"hands.0.points.1.{key}", lambda v: v - 1),
       f"hand 1: field 'points' side 2 '{key}' is 0 but the rules give 1") for key in ("high", "low", "jack", "game")],
    ("a wrong set back", "pitch", _set("hands.1.points.1.set_back", True),
     "hand 2: field 'points' side 2 'set_back' is true but the rules give false"),
    ("a part given as a float", "spades", _set("hands.0.points.0.contract", 60.0),
     "hand 1: field 'points' side 1 'contract' is 60.0 but the rules give 60"),
    ("points as an object", "spades", _set("hands.0.points", {"total": 160}),
     "hand 1: field 'points' must be a list of objects, one per side"),
    ("points as numbers", "pitch", _set("hands.0.points", [0, 4, 0, 0]),
     "hand 1: field 'points' must be a list of objects, one per side"),
    ("points of one side", "spades", lambda r: r["hands"][0]["points"].pop(),
     "hand 1: field 'points' has 1 sides but the game has 2"),
    ("points without a total", "spades", _delete("hands.0.points.1.total"),
     "hand 1: field 'points' side 2 has no 'total'"),
    # Double Nil: the four-player blind list and the two-player bids
    ("a blind nobody bid", "spades", _set("hands.0.blind", [1]),
     "hand 1: field 'blind' has 1 items but the rules give 0"),
    ("a Double Nil left out of blind", "double nil", _set("hands.0.blind", []),
     "hand 1: field 'blind' has 0 items but the rules give 1"),
    ("blind on the wrong seat", "double nil", _set("hands.0.blind", [2]),
     "hand 1: field 'blind' item 1 is 2 but the rules give 0"),
    ("a two-player Double Nil twice", "redraw",
     lambda r: r["hands"][0]["bids"].append({"seat": 0, "bid": "double_nil"}),
     "hand 1: field 'bids' has 2 items but the rules give 1"),
    ("a two-player Double Nil left out", "redraw", _set("hands.0.bids", []),
     "hand 1: field 'bids' has 0 items but the rules give 1"),
    ("a two-player Double Nil on the wrong seat", "redraw", _set("hands.0.bids.0.seat", 1),
     "hand 1, bid 1: seat 1 bids Double Nil is illegal"),
    # fields RECORD.md lists
    *[(f"no {key}", "pitch", _delete(f"hands.0.{key}"), f"hand 1: missing field '{key}'")
      for key in ("pitcher", "bid", "trump", "points", "scores")],
    *[(f"no {key}", "spades", _delete(f"hands.1.{key}"), f"hand 2: missing field '{key}'")
      for key in ("points", "scores", "bags", "blind", "exchange")],
    ("no redraw", "redraw", _delete("hands.0.redraw"), "hand 1: missing field 'redraw'"),
    ("a null redraw", "redraw", _set("hands.0.redraw", None), "hand 1: field 'redraw' is null, not a list"),
    ("a null blind", "double nil", _set("hands.0.blind", None), "hand 1: field 'blind' is null, not a list"),
    ("no trick leader", "spades", _delete("hands.1.tricks.4.leader"), "hand 2 trick 5: missing field 'leader'"),
    ("no trick winner", "pitch", _delete("hands.0.tricks.5.winner"), "hand 1 trick 6: missing field 'winner'"),
    ("no options", "spades", _delete("options"), "record: missing field 'options'"),
    ("no mercy", "spades", _delete("options.mercy"), "options: missing field 'mercy'"),
    ("no low", "pitch", _delete("options.low"), "options: missing field 'low'"),
    ("no final scores", "pitch", _delete("scores"), "record: missing field 'scores'"),
    ("no winner", "spades", _delete("winner"), "record: missing field 'winner'"),
    ("no seed", "spades", _delete("seed"), "record: missing field 'seed'"),
    ("a seat without a name", "spades", _delete("seats.1.name"), "seats: seat 1: field 'name' must be text, not null"),
    ("a seat named by a number", "pitch", _set("seats.0.name", 7), "seats: seat 0: field 'name' must be text, not 7"),
    ("a robot seat", "spades", _set("seats.3.player", "robot"),
     "seats: seat 3: field 'player' must be \"human\" or \"computer\", not \"robot\""),
    ("a seat without a player", "spades", _delete("seats.3.player"), "seats: seat 3: field 'player' must be"),
    ("a level as a number", "spades", _set("seats.2.level", 3), "seats: seat 2: field 'level' must be text, not 3"),
    # whole numbers are neither booleans nor floats
    ("a winner of true", "spades", _set("winner", True), "winner: recorded true but the rules give 1"),
    ("a final score as a float", "spades", _set("scores.1", 400.0),
     "scores: recorded [390, 400.0] but the hands add up to [390, 400]"),
    ("a hand score as a float", "spades", _set("hands.0.scores.0", 160.0),
     "hand 1: field 'scores' item 1 is 160.0 but the rules give 160"),
    ("bags as booleans", "spades", _set("hands.0.bags", [False, False]),
     "hand 1: field 'bags' item 1 is false but the rules give 0"),
    ("a dealer as a float", "spades", _set("hands.0.dealer", 3.0), "hand 1: field 'dealer' has the wrong type (float)"),
    ("a leader of true", "spades", _set("hands.0.tricks.0.leader", True),
     "hand 1 trick 1: field 'leader' is true but the rules give 0"),
    ("a seat as a float", "spades", _set("hands.0.tricks.0.plays.0.0", 0.0), "hand 1 trick 1: 0.0 is not a seat"),
    ("teams as floats", "spades", _set("teams", [[0.0, 2], [1, 3]]),
     "teams: [[0.0, 2], [1, 3]] is not a list of lists"),
    ("a seed as a float", "spades", _set("seed", 0.0), "seed: must be a whole number or null"),
    ("a target as a float", "pitch", _set("options.target", 7.0),
     "options: Pitch target must be one of 7, 11, 15, 21, not 7.0."),
    ("a bid as a float", "pitch", _set("hands.0.bids.0.bid", 2.0),
     "hand 1 bid 1: field 'bid' has the wrong type (float)"),
    ("a bid of 0", "spades", _set("hands.2.bids.0.bid", 0), "hand 3 bid 1: 0 is not a bid"),
    ("a pitcher of true", "pitch", _set("hands.0.pitcher", True),
     "hand 1: field 'pitcher' is true but the rules give 1"),
    # cards exactly as RECORD.md writes them
    ("a card in small letters", "spades", _set("hands.0.tricks.0.plays.0.1", lambda c: c.lower()),
     "hand 1 trick 1: not a card: \""),
    ("a ten written 10", "pitch", _set("hands.0.deal.0.0", "10H"), "hand 1 deal: not a card: \"10H\""),
    ("a dealt card in small letters", "spades", _set("hands.0.deal.2.0", lambda c: c.lower()),
     "hand 1 deal: not a card"),
    ("a stock card in small letters", "redraw", _set("hands.0.stock.5", lambda c: c.lower()),
     "hand 1 stock: not a card"),
    ("an exchanged card in small letters", "double nil", _set("hands.0.exchange.0.cards.0", lambda c: c.lower()),
     "hand 1 exchange: not a card"),
    ("a drawn card in small letters", "redraw", _set("hands.0.draws.0.kept", lambda c: c.lower()),
     "hand 1 draw 1: not a card"),
    ("a trump in small letters", "pitch", _set("hands.0.trump", "s"),
     "hand 1: field 'trump' is \"s\" but the rules give"),
    ("an exchange still pending when it is over", "double nil",
     lambda r: r["hands"][0].__setitem__("exchange_pending", [{"from": 0,
                                                              "cards": r["hands"][0]["exchange"][0]["cards"]}]),
     "hand 1 exchange_pending: seat 0 gives once"),
]


@pytest.mark.parametrize(("base", "mutate", "message"), [row[1:] for row in SPOILED], ids=[row[0] for row in SPOILED])
def test_a_spoiled_record_is_refused_with_the_line_and_the_reason(base: str, mutate: Callable[[Record], None],
                                                                  message: str) -> None:
    record = BASES[base]()
    assert check_line(dumps(record), 7).error is None
    mutate(record)
    result = check_line(json.dumps(record), 7)
    assert result.replay is None and result.error is not None
    assert result.error.startswith("line 7: ")
    assert message in result.error, result.error


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "line 3: not valid JSON"),
    ('{"format": "trick-record/1", "game": "spad', "line 3: not valid JSON"),
    ('{"seed": ' + "9" * 5000 + "}", "line 3: not valid JSON"),
    ("[" * 100_000, "line 3: not valid JSON"),
    ("[1, 2]", "line 3: a record must be a JSON object"),
    ("null", "line 3: a record must be a JSON object"),
    ('{"format": "trick-record/1"}', "line 3: unknown game null"),
], ids=["bad JSON", "a truncated line", "a huge number", "deep nesting", "a list", "null", "no game"])
def test_text_that_is_not_a_record_is_refused(text: str, message: str) -> None:
    result = check_line(text, 3)
    assert result.error is not None and result.error.startswith(message), result.error


def test_a_truncated_real_record_is_refused() -> None:
    text = dumps(spades_record())
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        assert check_line(text[:cut], 1).error.startswith("line 1: not valid JSON")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=6)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


BASE_RECORDS = {name: make() for name, make in BASES.items()}
BASE_PATHS = {name: _paths(record)[1:] for name, record in BASE_RECORDS.items()}


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASES)), st.integers(0, 10**6), JSON)
def test_any_value_anywhere_in_a_record_is_read_without_an_exception(base: str, pick: int, value: Any) -> None:
    record = copy.deepcopy(BASE_RECORDS[base])
    path = BASE_PATHS[base][pick % len(BASE_PATHS[base])]
    target: Any = record
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    result = check_line(json.dumps(record), 1)
    assert result.error is None or result.error.startswith("line 1: ")


# ----------------------------------------------------------------- files and the command line
def test_read_records_reports_each_line_on_its_own(tmp_path: Path) -> None:
    good = dumps(pitch_record()).encode()
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join([good, b"", b"{oops", b'{"format": "x\xff\xfe"}', good]) + b"\n")
    results = list(read_records(str(path)))
    assert [r.line for r in results] == [1, 3, 4, 5]
    assert [r.error is None for r in results] == [True, False, False, True]
    assert results[1].error.startswith("line 3: not valid JSON")
    assert results[2].error.startswith("line 4: not UTF-8 text")
    assert results[3].replay.game.winner == 1


def test_read_records_of_a_missing_file_says_so(tmp_path: Path) -> None:
    results = list(read_records(str(tmp_path / "none.jsonl")))
    assert [(r.line, r.error) for r in results] == [(0, "cannot read the file (No such file or directory)")]


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["--game", "spades"],
    ["--game", "spades-two", "--mercy", "-200"],
    ["--game", "pitch", "--players", "3"],
    ["--game", "pitch", "--players", "4", "--partnerships", "--no-dealer-steal", "--low", "player"],
], ids=["spades", "spades-two", "pitch-3", "pitch-partnerships"])
def test_simulate_then_replay_check(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "games.jsonl"
    made = run_main("simulate", *args, "--games", "3", "--hands", "2", "--seed", "11", "--out", str(out))
    assert made.returncode == 0, made.stderr
    assert len(made.stdout.splitlines()) == 1 and made.stdout.startswith("simulate: 3 ")
    assert len(out.read_text().splitlines()) == 3
    checked = run_main("replay", str(out), "--check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    lines = checked.stdout.splitlines()
    assert lines[-1] == "replay: 3 legal, 0 with problems"
    assert len([line for line in lines if ": legal (" in line]) == 3
    too_far = run_main("replay", str(out), "--game", "4")  # without --check a record opens in the window
    assert too_far.returncode == 2 and too_far.stderr == f"replay: {out} holds 3 record(s), not --game 4\n"
    for line in out.read_text().splitlines():
        replayed = replay(json.loads(line))
        assert replayed.finished and replayed.game.scores == json.loads(line)["scores"]


def test_replay_exits_non_zero_on_a_corrupted_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert run_main("simulate", "--game", "pitch", "--games", "2", "--hands", "1", "--out", str(out)).returncode == 0
    lines = out.read_text().splitlines()
    record = json.loads(lines[1])
    record["scores"][0] += 5
    out.write_text(lines[0] + "\n" + json.dumps(record) + "\n")
    checked = run_main("replay", str(out), "--check")
    assert checked.returncode == 1
    assert f"{out}: line 2: scores: recorded" in checked.stdout
    assert checked.stdout.splitlines()[-1] == "replay: 1 legal, 1 with problems"
    out.write_text("")
    assert run_main("replay", str(out)).returncode == 1


# ----------------------------------------------------------------- saving a game in progress
@pytest.mark.parametrize(("kind", "players", "options"), RANDOM_GAMES[:5], ids=GAME_IDS[:5])
def test_a_game_without_a_seed_resumes_with_the_same_cards(kind: str, players: int, options: Any) -> None:
    for seed in range(6):
        game = play_randomly(new_game(kind, options, players, None), random.Random(seed), hands=1)
        if game.winner is not None:
            continue
        assert game.hand_number == 2 and not game.trick_log  # the next hand is dealt, nothing decided yet
        again = replay(json.loads(dumps(to_record(game)))).game
        assert again.hands == game.hands and again.dealer == game.dealer
        if kind == "spades-two":
            assert again.stock == game.stock


def test_a_seat_that_looked_stays_looked_when_the_game_is_read_back() -> None:
    game = spades_game(spades_deal((0, 4, 5, 4)))
    game.apply(Look(2))
    game.apply(Bid(0, 3))
    again = replay(json.loads(dumps(to_record(game)))).game
    assert again.view(2).hand is not None and again.view(1).hand is None
    assert again.why_illegal(Bid(1, DOUBLE_NIL)) is None
    game.apply(Bid(1, 3))
    again = replay(json.loads(dumps(to_record(game)))).game
    assert again.why_illegal(Bid(2, DOUBLE_NIL)) == "Double Nil may only be bid before looking at your cards."


def test_the_first_card_taken_stays_taken_when_the_game_is_read_back() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=0)
    game.apply(Look(0))
    again = replay(json.loads(dumps(to_record(game)))).game
    assert again.view(0).drawn_card == game.view(0).drawn_card
    assert again.why_illegal(Bid(0, DOUBLE_NIL)) == "Double Nil may only be declared before you take your first card."


def test_a_recorded_look_that_the_rules_refuse_is_refused() -> None:
    record = to_record(two_player_game(two_player_deal((7, 6)), first=0))
    record["hands"][0]["looked"] = [1]
    assert check_line(json.dumps(record), 2).error == (
        "line 2: hand 1: seat 1 looks at its cards is illegal: You look at your cards as you draw them.")


def test_a_card_given_as_a_plain_number_is_recorded_in_two_letters() -> None:
    game = pitch_game(hands_from_tricks(EXAMPLE_1, 4), dealer=0)
    bid_round(game, {1: 2, 2: PASS, 3: PASS, 0: PASS})
    nine_of_hearts = int(DECK[7 * 4 + 1])
    events = game.apply(Play(1, nine_of_hearts))  # type: ignore[arg-type]
    assert str(events[0].card) == "9H" and str(game.view(0).trick[0][1]) == "9H"
    record = to_record(game)
    assert record["hands"][0]["tricks"][0]["plays"] == [[1, "9H"]]
    assert check_line(dumps(record), 1).error is None


# ----------------------------------------------------------------- every moment of a game
MOMENT_GAMES = [
    ("spades", 4, SpadesOptions()),
    ("spades-two", 2, SpadesOptions()),
    ("pitch", 3, PitchOptions()),
    ("pitch", 4, PitchOptions(partnerships=True, low="player")),
    ("pitch", 7, PitchOptions()),
]


def eventful_action(game: TrickGame, rng: random.Random) -> Action:
    """A random legal action that often looks early, bids Double Nil and passes in Pitch (so every phase comes)."""
    if game.kind == "spades" and game.phase is Phase.BIDDING and rng.random() < 0.3:
        looks = [Look(seat) for seat in range(4) if game.why_illegal(Look(seat)) is None]
        if looks:
            return rng.choice(looks)
    actions = game.legal_actions()
    double_nil = [a for a in actions if isinstance(a, Bid) and a.value == DOUBLE_NIL]
    if double_nil and rng.random() < 0.4:
        return double_nil[0]
    passes = [a for a in actions if isinstance(a, Bid) and a.value == PASS]
    if passes and rng.random() < 0.6:
        return passes[0]
    return rng.choice(actions)


def assert_reads_back(game: TrickGame) -> None:
    """The game written now reads back to the same state: every seat's view and the seat to act."""
    text = dumps(to_record(game))
    result = check_line(text, 1)
    assert result.error is None, result.error
    again = result.replay.game
    assert again.to_act == game.to_act and again.phase is game.phase
    for seat in range(game.num_seats):
        assert again.view(seat) == game.view(seat), f"seat {seat}'s view differs in {game.phase}"
    assert dumps(to_record(again)) == text


@pytest.mark.parametrize(("kind", "players", "options"), MOMENT_GAMES,
                         ids=[f"{kind}-{players}" for kind, players, _ in MOMENT_GAMES])
def test_a_game_written_after_any_action_reads_back_to_the_same_state(kind: str, players: int, options: Any) -> None:
    phases = set()
    for seed in range(3):
        rng = random.Random(seed)
        game = new_game(kind, options, players, seed)
        assert_reads_back(game)
        while game.phase is not Phase.GAME_OVER and len(game.results) < 2:
            game.apply(eventful_action(game, rng))
            phases.add(game.phase)
            assert_reads_back(game)
    expected = {"spades": {Phase.BIDDING, Phase.EXCHANGE, Phase.PLAYING},
                "spades-two": {Phase.DRAWING, Phase.REDRAW, Phase.BIDDING, Phase.PLAYING}}
    assert phases >= expected.get(kind, {Phase.BIDDING, Phase.PLAYING})


def test_a_game_written_during_the_double_nil_exchange_keeps_the_chosen_cards() -> None:
    planned = spades_deal((0, 4, 5, 4))
    game = spades_game(planned)
    bid_round(game, {0: DOUBLE_NIL, 1: 4, 2: 4, 3: 3})
    chosen = tuple(sorted(planned[0])[:3])
    game.apply(Exchange(0, chosen))
    record = json.loads(dumps(to_record(game)))
    hand = record["hands"][0]
    assert hand["exchange"] == [] and hand["exchange_pending"] == [{"from": 0, "cards": [str(c) for c in chosen]}]
    again = replay(record).game
    assert again.phase is Phase.EXCHANGE and again.to_act == 2
    assert again.view(0) == game.view(0) and again.view(2) == game.view(2)
    assert again.pending_exchange == {0: chosen}
    game.apply(Exchange(2, tuple(sorted(planned[2])[:3])))
    again = replay(json.loads(dumps(to_record(game)))).game
    assert again.hands == game.hands and again.phase is Phase.PLAYING


def test_a_two_player_redraw_in_progress_is_not_decided_by_the_reader() -> None:
    hands = two_player_deal((0, 13))
    game = two_player_game(hands, first=0)
    draw_all(game, blind=[0, 1])
    assert game.phase is Phase.REDRAW and game.to_act == 0
    again = replay(json.loads(dumps(to_record(game)))).game
    assert (again.phase, again.to_act) == (Phase.REDRAW, 0)
    game.apply(Redraw(0, ()))  # seat 0 keeps its cards: seat 1 chooses next
    record = json.loads(dumps(to_record(game)))
    assert record["hands"][0]["redraw"] == [{"seat": 0, "discarded": [], "drawn": []}]
    again = replay(record).game
    assert (again.phase, again.to_act) == (Phase.REDRAW, 1)
