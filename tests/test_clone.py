"""clone() gives an independent copy, and stop_at_hand_end stops a game once the hand is scored."""

from __future__ import annotations

import random

import pytest
from scripted import play_randomly, random_action, snapshot

from game.actions import IllegalAction, Look
from game.events import HAND_STARTED
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame

GAMES = [("spades", 4, SpadesOptions(mercy=-200)), ("spades-two", 2, SpadesOptions(mercy=-200)),
         ("pitch", 4, PitchOptions()), ("pitch", 3, PitchOptions()),
         ("pitch", 4, PitchOptions(partnerships=True))]


def moments(kind: str, players: int, options: object, seed: int) -> list[TrickGame]:
    """Copies of one random game at many moments: every phase it passes through, up to its end."""
    game = new_game(kind, options, players, seed)
    rng = random.Random(seed)
    out = []
    while game.phase is not Phase.GAME_OVER:
        if rng.random() < 0.15:
            out.append(game.clone())
        game.apply(random_action(game, rng))
    out.append(game)
    return out


@pytest.mark.parametrize("kind,players,options", GAMES)
def test_changing_a_clone_never_changes_the_original_in_any_phase(kind: str, players: int, options: object) -> None:
    phases = set()
    for seed in range(4):
        for original in moments(kind, players, options, seed):
            phases.add(original.phase)
            before = snapshot(original)
            legal = original.legal_actions()
            twin = original.clone()
            assert snapshot(twin) == before and twin.legal_actions() == legal
            play_randomly(twin, random.Random(seed), actions=60)
            for seat in range(twin.num_seats):  # a look that the rules allow at any time changes nothing either
                if twin.why_illegal(Look(seat)) is None:
                    twin.apply(Look(seat))
            assert snapshot(original) == before
            assert original.legal_actions() == legal
    expected = {Phase.BIDDING, Phase.PLAYING, Phase.GAME_OVER}
    expected |= {Phase.DRAWING, Phase.REDRAW} if kind == "spades-two" else set()
    expected |= {Phase.EXCHANGE} if kind == "spades" else set()
    assert expected <= phases


@pytest.mark.parametrize("kind,players,options", GAMES)
def test_a_clone_has_the_same_future_as_the_original(kind: str, players: int, options: object) -> None:
    """The chance generator is copied: the same actions deal the same next hands in both."""
    game = new_game(kind, options, players, 11)
    play_randomly(game, random.Random(3), actions=25)
    twin = game.clone()
    hand = game.hand_number
    play_randomly(game, random.Random(5), hands=3)
    play_randomly(twin, random.Random(5), hands=3)
    assert snapshot(twin) == snapshot(game)
    assert game.hand_number > hand  # a hand was dealt after the copy


def test_changing_the_original_never_changes_a_clone() -> None:
    game = new_game("spades", SpadesOptions(), 4, 2)
    play_randomly(game, random.Random(2), actions=30)
    twin = game.clone()
    before = snapshot(twin)
    play_randomly(game, random.Random(9), hands=2)
    assert snapshot(twin) == before


def test_a_clone_of_a_clone_is_independent_of_both() -> None:
    game = new_game("spades-two", SpadesOptions(), 2, 4)
    play_randomly(game, random.Random(1), actions=10)
    first = game.clone()
    second = first.clone()
    before = snapshot(game), snapshot(first)
    play_randomly(second, random.Random(2), hands=2)
    assert (snapshot(game), snapshot(first)) == before


@pytest.mark.parametrize("kind,players,options", GAMES)
def test_stop_at_hand_end_scores_the_hand_and_deals_nothing(kind: str, players: int, options: object) -> None:
    for seed in range(6):
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        play_randomly(game, rng, hands=2)
        if game.phase is Phase.GAME_OVER:
            continue
        game.stop_at_hand_end = True
        hand, scores, bags = game.hand_number, list(game.scores), list(game.bags)
        play_randomly(game, rng)
        assert game.phase is Phase.HAND_OVER and game.to_act is None and game.winner is None
        assert game.legal_actions() == [] and game.hand_number == hand and len(game.results) == hand
        points = game.results[-1].points
        assert [s + p["total"] for s, p in zip(scores, points, strict=True)] == game.scores
        assert list(game.results[-1].scores) == game.scores and list(game.results[-1].bags) == game.bags
        if kind != "pitch":
            assert all(p["contract"] + p["bags"] + p["nil"] + p["bag_penalty"] == p["total"] for p in points)
            assert bags != game.bags or all(p["bags"] == 0 for p in points) or any(p["bag_penalty"] for p in points)
        view = game.view(0)
        assert view.phase is Phase.HAND_OVER and view.legal == () and view.to_act is None
        assert game.why_illegal(Look(0)) == "The hand is over."
        before = snapshot(game)
        twin = game.clone()
        twin.next_hand()
        play_randomly(twin, rng, actions=20)
        assert snapshot(game) == before and game.phase is Phase.HAND_OVER


def test_stop_at_hand_end_even_on_the_hand_that_would_end_the_game() -> None:
    """No game-end decision: scores past the target still stop at HAND_OVER, winner None."""
    game = new_game("pitch", PitchOptions(), 2, 1)
    game.stop_at_hand_end = True
    game.scores = [6, 6]
    play_randomly(game, random.Random(1))
    assert game.phase is Phase.HAND_OVER and game.winner is None and max(game.scores) >= 6


@pytest.mark.parametrize("kind,players", [("spades", 4), ("spades-two", 2), ("pitch", 3)])
def test_random_playout_stops_at_the_hand_end(kind: str, players: int) -> None:
    for seed in range(5):
        game = new_game(kind, None, players, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAYING:
            game.apply(random_action(game, rng))
        game.stop_at_hand_end = True
        game.random_playout(rng.random)
        assert game.phase is Phase.HAND_OVER and game.to_act is None and game.hand_number == 1
        assert len(game.results) == 1 and game.legal_actions() == []
        assert all(h == 0 for h in game.hands)


def test_a_clone_stopped_at_the_hand_end_leaves_the_original_playing() -> None:
    game = new_game("spades", SpadesOptions(), 4, 8)
    rng = random.Random(8)
    while game.phase is not Phase.PLAYING:
        game.apply(random_action(game, rng))
    before = snapshot(game)
    twin = game.clone()
    twin.stop_at_hand_end = True
    twin.random_playout(rng.random)
    assert twin.phase is Phase.HAND_OVER and game.phase is Phase.PLAYING and snapshot(game) == before


def test_next_hand_deals_on_from_hand_over_without_deciding_the_end() -> None:
    game = new_game("pitch", PitchOptions(), 3, 4)
    game.stop_at_hand_end = True
    with pytest.raises(IllegalAction):
        game.next_hand()
    rng = random.Random(4)
    dealers = [game.dealer]
    for number in range(1, 4):
        play_randomly(game, rng)
        assert game.phase is Phase.HAND_OVER and game.hand_number == number
        events = game.next_hand()
        assert events[0].kind == HAND_STARTED and game.hand_number == number + 1
        assert game.phase is Phase.BIDDING and game.legal_actions() and len(game.results) == number
        dealers.append(game.dealer)
    assert dealers == [(dealers[0] + i) % 3 for i in range(4)]
