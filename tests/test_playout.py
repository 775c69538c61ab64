"""The random playout hot path plays only legal cards and scores like apply()."""

from __future__ import annotations

import copy
import random

import pytest

from game.actions import Play
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase


def _to_first_play(game, rng: random.Random) -> None:
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 3), ("pitch", 7)])
def test_random_playout_plays_legal_cards_and_scores_like_apply(kind: str, players: int) -> None:
    options = PitchOptions(target=10**6) if kind == "pitch" else SpadesOptions(target=10**6)
    for seed in range(150):
        rng = random.Random(seed)
        game = new_game(kind, options, players, seed)
        _to_first_play(game, rng)
        for _ in range(rng.randrange(0, 9)):  # start some playouts mid-hand, mid-trick
            game.apply(rng.choice(game.legal_actions()))
        twin = copy.deepcopy(game)
        tricks_before = len(game.trick_log)
        partial = list(game.trick)
        hand = game.hand_number
        game.random_playout(rng.random)
        assert game.hand_number == hand + 1
        log = game.hand_logs[-2]["tricks"]
        plays = [p for _, trick_plays, _ in log[tricks_before:] for p in trick_plays][len(partial):]
        for seat, card in plays:
            twin.apply(Play(seat, card))  # raises if the playout played an illegal card
        assert twin.hand_number == hand + 1
        assert twin.scores == game.scores
        assert twin.bags == game.bags
        assert twin.hands == game.hands
        assert twin.hand_logs[-2]["tricks"] == log


def test_random_playout_is_uniform_over_legal_leads() -> None:
    game = new_game("spades", SpadesOptions(target=10**6), seed=3)
    rng = random.Random(3)
    _to_first_play(game, rng)
    leader = game.to_act
    legal = {a.card for a in game.legal_actions()}
    counts: dict = {}
    for _ in range(2000):
        twin = copy.deepcopy(game)
        twin.random_playout(rng.random)
        first = twin.hand_logs[-2]["tricks"][0][1][0]
        assert first[0] == leader
        counts[first[1]] = counts.get(first[1], 0) + 1
    assert set(counts) == legal
    expected = 2000 / len(legal)
    assert all(abs(c - expected) < expected * 0.4 for c in counts.values())
