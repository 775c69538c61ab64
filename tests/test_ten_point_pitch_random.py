"""Ten-point Pitch over thousands of seeded random hands of each seating: the rules' invariants hold.

Legal actions are never empty until the game ends, every listed action applies, an unlisted one is
refused with a reason and changes nothing, every card is somewhere once, the ten points add up, no
view shows a hidden card, clones are independent, and records (finished or mid-hand) read back.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from scripted import visible_cards

import main
from game.actions import PASS, Action, Bid, Discard, IllegalAction, NameTrump, Play
from game.cards import BIG_JOKER, JACK, JOKER_DECK, LITTLE_JOKER, Card, cards_of, mask_of
from game.events import HAND_SCORED
from game.options import TenPointPitchOptions
from game.record import dumps, replay, to_record
from game.state import Phase
from game.ten_point_pitch.rules import POINT_NAMES, THREE, TenPointHandLog, TenPointPitchGame, card_points, off_jack

ALL = (1 << len(JOKER_DECK)) - 1
HANDS = 2000  # per seating
MAX_HANDS = 8  # a game stops after this many hands (random play seldom reaches the target)
SEATINGS = [(4, True), (4, False), (3, False)]


def state(game: TenPointPitchGame) -> tuple[object, ...]:
    """What a refused action or a clone's moves must leave unchanged."""
    return (game.phase, game.to_act, tuple(game.hands), tuple(game.scores), len(game.history), tuple(game.stock),
            tuple(game.draw_log), tuple(game.trick), tuple(game.out), tuple(game.face_down), tuple(game.burned),
            game.hand_number, game.trump, game.pitcher, game.high)


def choose(game: TenPointPitchGame, rng: random.Random) -> Action:
    """A random legal action; bidders pass seven times in ten when they may."""
    actions = game.legal_actions()
    if game.phase is Phase.BIDDING and rng.random() < 0.7 and actions[0] == Bid(actions[0].seat, PASS):
        return actions[0]
    return rng.choice(actions)


def unlisted(game: TenPointPitchGame, rng: random.Random) -> Action:
    """An action the rules do not offer now, of the kind the phase asks for (or another seat's)."""
    seat = game.to_act
    assert seat is not None
    if rng.random() < 0.1:
        return Bid((seat + 1) % game.num_seats, PASS)
    hand = game.hands[seat]
    if game.phase is Phase.BIDDING:
        offered = {a.value for a in game.legal_actions() if isinstance(a, Bid)}
        return Bid(seat, next(v for v in (PASS, 3, game.high, 11, "nil") if v not in offered))
    if game.phase is Phase.NAMING_TRUMP:
        return rng.choice([NameTrump(seat, 4), Bid(seat, 5), Play(seat, cards_of(hand)[0])])
    if game.phase is Phase.DISCARDING:
        others = cards_of(hand & ~game._discardable(seat)) or cards_of(ALL & ~hand)
        return Discard(seat, rng.choice(others))
    others = cards_of(hand & ~game.trumps) or cards_of(ALL & ~hand)
    return Play(seat, rng.choice(others))


def check_cards_are_all_somewhere_once(game: TenPointPitchGame) -> None:
    places = [*game.hands, game.played, mask_of(game.stock), *game.burned, *game.face_down]
    total = 0
    for mask in places:
        assert not total & mask
        total |= mask
    assert total == ALL


def check_views(game: TenPointPitchGame) -> None:
    public = game.played | sum(game.burned)
    for seat in range(game.num_seats):
        view = game.view(seat)
        mine = next((e.drawn for e in game.draw_log if e.seat == seat), ())
        allowed = public | game.hands[seat] | game.face_down[seat] | mask_of(mine)
        assert mask_of(visible_cards(view)) & ~allowed == 0, f"seat {seat} sees a hidden card"
        assert (view.legal != ()) == (seat == game.to_act)


def check_scored_hand(log: TenPointHandLog, before: list[int], after: list[int], num_sides: int) -> None:
    """The ten points: each point to one side at most, exactly when its card was in play; totals add up."""
    tricks = log.tricks
    result = log.result
    assert result is not None and log.bid is not None
    trump = log.trump
    assert isinstance(trump, int)
    in_play = mask_of(c for _, plays, _ in tricks for _, c in plays)
    points = result.points
    for name, card, value in (("jack", Card.of(JACK, trump), 1), ("off_jack", off_jack(trump), 1),
                              ("big_joker", BIG_JOKER, 1), ("little_joker", LITTLE_JOKER, 1),
                              ("three", Card.of(THREE, trump), 3)):
        assert sum(row[name] for row in points) == (value if in_play >> card & 1 else 0)
    assert sum(row["high"] for row in points) == sum(row["low"] for row in points) == (1 if in_play else 0)
    trick_points = [row["trick_points"] for row in points]
    assert sum(trick_points) == sum(card_points(c) for c in cards_of(in_play))
    assert sum(row["game"] for row in points) == (1 if trick_points.count(max(trick_points)) == 1 else 0)
    assert sum(row["set_back"] for row in points) <= 1
    for side, row in enumerate(points):
        assert row["won"] == sum(row[name] for name in POINT_NAMES)
        assert row["total"] == (-log.bid if row["set_back"] else row["won"])
        assert after[side] == before[side] + row["total"]
    assert len(points) == num_sides


def check_clone(game: TenPointPitchGame, rng: random.Random) -> None:
    before = state(game)
    twin = game.clone()
    assert state(twin) == before
    for _ in range(rng.randrange(1, 12)):
        if twin.phase is Phase.GAME_OVER:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert state(game) == before
    kept = state(twin)
    for action in game.legal_actions():  # every listed action applies (to a copy)
        game.clone().apply(action)
    assert state(twin) == kept and state(game) == before


def check_record(game: TenPointPitchGame) -> None:
    record = json.loads(dumps(to_record(game)))
    again = replay(record).game
    assert to_record(again) == record
    assert state(again)[:4] == state(game)[:4] and again.legal_actions() == game.legal_actions()


def play_games(players: int, partnerships: bool) -> int:
    rng = random.Random(players * 10 + partnerships)
    hands = seed = 0
    while hands < HANDS:
        seed += 1
        options = TenPointPitchOptions(target=rng.choice((52, 21, 32)), partnerships=partnerships,
                                       low=rng.choice(("player", "winner")))
        game = TenPointPitchGame(options, players, seed)
        stop_at = rng.randrange(40, 400)
        done = 0
        while game.phase is not Phase.GAME_OVER and len(game.results) < MAX_HANDS:
            actions = game.legal_actions()
            assert actions, f"nothing to do in {game.phase}"
            wrong = unlisted(game, rng)
            assert str(wrong) not in {str(a) for a in actions}
            reason = game.why_illegal(wrong)
            assert reason, f"{wrong} is refused without a reason"
            before = state(game)
            with pytest.raises(IllegalAction, match="."):
                game.apply(wrong)
            assert state(game) == before
            check_cards_are_all_somewhere_once(game)
            if done % 6 == 0:
                check_views(game)
            if done % 50 == 7:
                check_clone(game, rng)
            if done == stop_at and seed % 3 == 0:
                check_record(game)  # a record written mid-hand
            scores = list(game.scores)
            events = game.apply(choose(game, rng))
            done += 1
            if any(e.kind == HAND_SCORED for e in events):
                log = game.hand_logs[-1] if game.phase is Phase.GAME_OVER else game.hand_logs[-2]
                check_scored_hand(log, scores, list(game.scores), len(game.teams))
                hands += 1
        assert game.phase is Phase.GAME_OVER or len(game.results) == MAX_HANDS
        if game.phase is Phase.GAME_OVER:
            assert game.winner is not None and game.legal_actions() == []
        if seed % 3 == 1:
            check_record(game)
    return hands


@pytest.mark.parametrize(("players", "partnerships"), SEATINGS, ids=["4-partners", "4-cutthroat", "3"])
def test_thousands_of_random_hands_keep_every_rule(players: int, partnerships: bool) -> None:
    assert play_games(players, partnerships) >= HANDS


@pytest.mark.parametrize("args", [[], ["--players", "3"], ["--no-partnerships", "--target", "21"]])
def test_simulate_and_replay_check_take_the_game(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "games.jsonl"
    assert main.main(["simulate", "--game", "ten-point-pitch", "--games", "3", "--hands", "6", *args,
                      "--out", str(out)]) == 0
    assert main.main(["replay", str(out), "--check"]) == 0
    record = json.loads(out.read_text().splitlines()[0])
    assert record["game"] == "ten-point-pitch" and len(record["hands"][0]["deal"][0]) == 9
    assert all("stock" in hand and "draw" in hand for hand in record["hands"])
