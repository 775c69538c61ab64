"""The review of a hand (game/ai/review.py): the decisions that cost expected points, from the seat's view."""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.ai.review as review_module
from game.actions import Bid, Look, Play
from game.ai.coach import CoachPlayer, fingerprint
from game.ai.hard import HardPlayer
from game.ai.players import NormalPlayer
from game.ai.review import (
    REVIEW_WORLDS,
    ReviewerPlayer,
    ReviewJob,
    decision_seed,
    review_choice,
    review_hand,
    table_of_record,
)
from game.factory import new_game
from game.options import SpadesOptions
from game.record import dumps, replay, to_record
from game.reviews import reviews_of, with_reviews
from game.state import Phase, TrickGame
from tests.scripted import bid_round, card, cards, play_tricks, spades_game
from tests.test_coach import PARTNER_QUEEN

WORLDS = 24
BIDS = {0: 6, 1: 1, 2: 3, 3: 1}  # scripted, not the reviewer's: seat 2's 3 is marked (Hard bids 1 on its cards)


def finish_hand(game: TrickGame, human: int | None = None, worlds: int = WORLDS, seed: int = 0) -> None:
    """Play to the end of the hand: the others by the rules, ``human`` by the reviewer's own choices."""
    players = [NormalPlayer(s) for s in range(game.num_seats)]
    hand = game.hand_number
    while game.winner is None and game.hand_number == hand and game.phase is not Phase.HAND_OVER:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == human and len(view.legal) > 1:
            k = sum(1 for entry in game.history if hasattr(entry, "seat"))
            game.apply(review_choice(view, worlds, decision_seed(seed, k)))
        else:
            game.apply(players[seat].choose(view))


def test_a_hand_played_as_the_reviewer_would_marks_nothing() -> None:
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    finish_hand(game, human=2)  # the bid too
    review = review_hand(game, 1, [2], WORLDS, seed=0)
    assert review.decisions >= 5
    assert review.marks == ()
    assert review.summary().startswith("Review: all ")


def test_overtaking_a_partners_sure_winner_is_marked() -> None:
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, BIDS)
    play_tricks(game, ["AH 2H 3H 4H"])
    game.apply(Play(0, card("QH")))
    game.apply(Play(1, card("5H")))
    game.apply(Play(2, card("KH")))  # over the partner's queen, the best heart left
    finish_hand(game)
    review = review_hand(game, 1, [2], REVIEW_WORLDS, seed=0)
    assert [m.trick for m in review.marks][:2] == [0, 2], review  # the scripted bid, then the overtaking
    first = review.marks[1]
    assert first.trick == 2 and first.chosen == Play(2, card("KH")) and first.better == Play(2, card("7H"))
    assert first.text.startswith("Trick 2: you played K\u2665 on your partner's Q\u2665; 7\u2665 loses ")
    assert first.k == 4 + 4 + 2  # the bids, the first trick, two cards of the second
    assert "decision" in review.summary() and "about" in review.summary()


def test_a_mark_needs_a_second_look_that_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """A choice the first look marks is marked only when a second look over other worlds (its own seed)
    finds it costs ``MARK_POINTS`` too; the mark's cost is the mean of the two looks."""
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, BIDS)
    play_tricks(game, ["AH 2H 3H 4H"])
    game.apply(Play(0, card("QH")))
    game.apply(Play(1, card("5H")))
    game.apply(Play(2, card("KH")))  # the overtaking the first look marks (k = 10)
    finish_hand(game)
    seeds: list[int] = []

    def cost_of_the_overtaking(again: float) -> float | None:
        def second(*args: Any) -> float:
            seeds.append(args[4])
            return again

        monkeypatch.setattr(review_module, "second_look", second)
        marks = review_hand(game, 1, [2], REVIEW_WORLDS, seed=0).marks
        return next((m.cost for m in marks if m.k == 10), None)

    assert cost_of_the_overtaking(0.0) is None
    assert cost_of_the_overtaking(review_module.MARK_POINTS - 0.1) is None
    at_40, at_60 = cost_of_the_overtaking(40.0), cost_of_the_overtaking(60.0)
    assert at_40 is not None and at_60 is not None
    assert at_60 - at_40 == pytest.approx(10.0)  # half the second look's difference
    assert 2 * at_40 - 40.0 >= review_module.MARK_POINTS  # the first look's own cost
    assert decision_seed(0, 10, "again") in seeds and decision_seed(0, 10) not in seeds


def test_the_review_travels_in_the_record_and_readers_ignore_it() -> None:
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, BIDS)
    play_tricks(game, ["AH 2H 3H 4H"])
    game.apply(Play(0, card("QH")))
    game.apply(Play(1, card("5H")))
    game.apply(Play(2, card("KH")))
    finish_hand(game)
    review = review_hand(game, 1, [2], 8, seed=0)
    record = with_reviews(to_record(game), [review])
    text = dumps(record)
    back = json.loads(text)
    assert reviews_of(back)[0]["hand"] == 1
    assert replay(back).game.history == game.history  # a reader that does not know the field ignores it
    assert reviews_of(to_record(game)) == []
    assert REVIEW_WORLDS > WORLDS


def test_the_review_models_the_table_the_record_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reviewer is told each seat's level from the record's seats (None for a person's), and a review at a
    table of Normal opponents is the one the hard level makes knowing that table: a hand played as that
    reviewer would marks nothing but the scripted bid."""
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, BIDS)
    seats = [{"name": "North", "player": "computer", "level": "normal"},
             {"name": "East", "player": "computer", "level": "normal"},
             {"name": "You", "player": "human"}, {"name": "West", "player": "computer", "level": "normal"}]
    record = to_record(game, seats)
    table = table_of_record(record)
    assert table == ("normal", "normal", None, "normal")
    assert table_of_record({}) == () and table_of_record({"seats": ["odd"]}) == (None,)
    players = [NormalPlayer(s) for s in range(game.num_seats)]
    while game.phase is not Phase.HAND_OVER and game.winner is None:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 2 and len(view.legal) > 1:
            k = sum(1 for entry in game.history if hasattr(entry, "seat"))
            game.apply(review_choice(view, WORLDS, decision_seed(0, k), table))
        else:
            game.apply(players[seat].choose(view))
    review = review_hand(game, 1, [2], WORLDS, seed=0, table=table)
    assert review.decisions >= 5 and [(m.trick, m.chosen) for m in review.marks] == [(0, Bid(2, 3))]
    asked: list[tuple[str | None, ...]] = []

    def counted(*args: Any, table: tuple[str | None, ...] = (), **hints: Any) -> Any:
        asked.append(table)
        return review_hand(*args, table=table, **hints)
    monkeypatch.setattr(review_module, "review_hand", counted)
    assert ReviewerPlayer().choose(ReviewJob(to_record(game, seats), 1, (2,), WORLDS, 0)) == review
    assert asked == [table]


def _played_by_hard(kind: str, players: int, seed: int, worlds: int) -> TrickGame:
    """One hand of ``kind``: seat 0 played by the hard level at ``worlds`` worlds (told the table), the
    others by the rules."""
    game = new_game(kind, SpadesOptions(), players, seed)
    hard = HardPlayer(seed=seed, samples=worlds)
    hard.table = tuple("hard" if q == 0 else "normal" for q in range(players))
    others = [NormalPlayer(seed * 7 + q) for q in range(players)]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply((hard if seat == 0 else others[seat]).choose(game.view(seat)))
    return game


def _played_by_rules(kind: str, players: int, seed: int) -> TrickGame:
    """The same deal as ``_played_by_hard``'s, every seat played by the rules (seat 0 by ``NormalPlayer(seed)``)."""
    game = new_game(kind, SpadesOptions(), players, seed)
    seats = [NormalPlayer(seed if q == 0 else seed * 7 + q) for q in range(players)]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].choose(game.view(seat)))
    return game


def test_the_review_values_as_hard_does_and_does_not_mark_its_draws_and_bids() -> None:
    """The review values each choice as the hard level's search does (its draws by the tricks they take,
    its bids' trick given away, the endgame solver), so Spades for two hands played by Hard at half the
    review's worlds get hardly a mark (none in 3 hands of 78 decisions; valued by the rollouts alone, the
    review before, the same hands got 11, mostly Hard's draws and bids), while the same deals played by the
    rules at that seat still get theirs (9)."""
    seats = (None, "normal")
    marks = decisions = 0
    for seed in (2, 3, 5):
        game = _played_by_hard("spades-two", 2, seed, REVIEW_WORLDS // 2)
        review = review_hand(game, 1, [0], REVIEW_WORLDS, seed=0, table=seats)
        marks += len(review.marks)
        decisions += review.decisions
    assert decisions >= 60
    assert marks <= 1
    ruled = sum(len(review_hand(_played_by_rules("spades-two", 2, seed), 1, [0], REVIEW_WORLDS, seed=0,
                                table=seats).marks) for seed in (2, 3, 5))
    assert ruled >= 5


def test_a_bid_is_reviewed_from_the_view_with_the_cards_its_seat_had_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record keeps no looks, so in its replay a seat bids before it has looked; the review still judges
    the bid from the view with the seat's cards (reviewed from the blind view, every bid was weighed
    against "look at your cards")."""
    game = new_game("spades", SpadesOptions(), 4, 3)
    players = [NormalPlayer(s) for s in range(4)]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    replayed = replay(to_record(game)).game
    seen: list[tuple[Any, Any]] = []
    original = review_module.review_decision

    def spy(view: Any, chosen: Any, *args: Any) -> Any:
        seen.append((view, chosen))
        return original(view, chosen, *args)

    monkeypatch.setattr(review_module, "review_decision", spy)
    review_hand(replayed, 1, [0, 1, 2, 3], 8, seed=0)
    bids = [(view, chosen) for view, chosen in seen if view.phase is Phase.BIDDING]
    assert len(bids) == 4
    for view, chosen in bids:
        assert view.hand is not None and len(view.hand) == 13, chosen
        assert all(not isinstance(a, Look) for a in view.legal)
    assert not any(isinstance(mark.better, Look) for mark in review_hand(replayed, 1, [0, 1, 2, 3], 8, seed=0).marks)


def _followed_the_hint(kind: str, seed: int, table: tuple[str | None, ...]) -> TrickGame:
    """One hand of ``kind`` whose seat 0 did what its Hint said (8 worlds a decision, Hint seed ``seed``), the
    others by the rules; replayed from its record, as the window's review sees it."""
    game = new_game(kind, None, len(table), seed)
    coach = CoachPlayer(seed=seed, worlds=8, table=table)
    others = [NormalPlayer(seed * 7 + q) for q in range(len(table))]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        game.apply(coach.choose(view).action if seat == 0 else others[seat].choose(view))
    return replay(to_record(game)).game


@pytest.mark.parametrize("kind, seed", [("spades", 3), ("ten-point-pitch", 1)])
def test_a_choice_the_hint_made_is_never_marked(kind: str, seed: int) -> None:
    """Given the seat's Hint seed and budget, each decision's first look is the Hint's own (the same worlds and
    values), so a hand played by the Hint gets no mark. Without them, the review's own first looks mark some of
    the same choices: close calls the Hint's few worlds decided one way (1 in each hand)."""
    table = (None, "normal", "normal", "normal")
    game = _followed_the_hint(kind, seed, table)
    review = review_hand(game, 1, [0], WORLDS, seed=seed, table=table, hints={0: seed}, hint_worlds=8)
    assert review.decisions >= 2 and review.marks == ()
    assert review_hand(game, 1, [0], WORLDS, seed=seed, table=table).marks != ()


def test_the_reviewer_player_takes_the_hints_of_its_job(monkeypatch: pytest.MonkeyPatch) -> None:
    game = spades_game([cards(text) for text in PARTNER_QUEEN])
    bid_round(game, BIDS)
    asked: list[tuple[Any, Any]] = []

    def counted(*args: Any, table: Any = (), hints: Any = None, hint_worlds: int = 0) -> Any:
        asked.append((hints, hint_worlds))
        return "reviewed"
    monkeypatch.setattr(review_module, "review_hand", counted)
    job = ReviewJob(to_record(game), 1, (2,), WORLDS, 0, ((2, 77),), 40)
    assert ReviewerPlayer().choose(job) == "reviewed" and asked == [({2: 77}, 40)]


@pytest.mark.parametrize("kind, players", [("spades", 4), ("spades-two", 2), ("pitch", 4), ("ten-point-pitch", 4)])
def test_a_decision_has_the_same_fingerprint_at_the_table_and_in_a_replay(kind: str, players: int,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint's seed is a digest of the decision (``coach.fingerprint``): in a replay of the record (no looks of
    the other seats, bids read back as plain strings) each reviewed decision of seat 0 is one the table saw, and
    no two decisions share one."""
    seen: list[str] = []
    original = review_module.review_decision

    def spy(view: Any, chosen: Any, *args: Any) -> Any:
        seen.append(fingerprint(view))
        return original(view, chosen, *args)

    monkeypatch.setattr(review_module, "review_decision", spy)
    for seed in range(3):
        game = new_game(kind, None, players, seed)
        rules = [NormalPlayer(q) for q in range(players)]
        live: list[str] = []
        while not game.results:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and len(view.legal) > 1:
                live.append(fingerprint(view))
            game.apply(rules[seat].choose(view))
        seen.clear()
        review_hand(replay(to_record(game)).game, 1, [0], 1, seed=0)
        assert len(seen) >= 2 and set(seen) <= set(live) and len(set(live)) == len(live)
