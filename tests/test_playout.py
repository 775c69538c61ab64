"""The random playout hot path plays only legal cards and scores like apply(); a seed gives one playout."""

from __future__ import annotations

import copy
import random

import pytest

from game.actions import Play
from game.cards import SUIT_MASKS
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.playout import random_playout
from game.state import Phase

GAMES = [("spades", 4), ("spades-two", 2), ("pitch", 3), ("pitch", 7)]


def _to_first_play(game, rng: random.Random) -> None:
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))


def _options(kind: str) -> PitchOptions | SpadesOptions:
    """The default options: no game ends in its first hand, the only one these tests play out."""
    return PitchOptions() if kind == "pitch" else SpadesOptions()


def _mid_hand(kind: str, players: int, seed: int):
    """A game at a random point of its first hand's card play (sometimes mid-trick)."""
    rng = random.Random(seed)
    game = new_game(kind, _options(kind), players, seed)
    _to_first_play(game, rng)
    for _ in range(rng.randrange(0, 9)):
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


@pytest.mark.parametrize(("kind", "players"), GAMES)
def test_random_playout_plays_legal_cards_and_scores_like_apply(kind: str, players: int) -> None:
    for seed in range(150):
        game, rng = _mid_hand(kind, players, seed)
        twin = copy.deepcopy(game)
        tricks_before = len(game.trick_log)
        partial = list(game.trick)
        hand = game.hand_number
        game.random_playout(rng.random)
        assert game.hand_number == hand + 1
        log = game.hand_logs[-2].tricks
        plays = [p for _, trick_plays, _ in log[tricks_before:] for p in trick_plays][len(partial):]
        for seat, card in plays:
            twin.apply(Play(seat, card))  # raises if the playout played an illegal card
        assert twin.hand_number == hand + 1
        assert twin.scores == game.scores
        assert twin.bags == game.bags
        assert twin.hands == game.hands
        assert twin.hand_logs[-2].tricks == log
        assert twin.results[-1] == game.results[-1]


def test_random_playout_is_uniform_over_legal_leads() -> None:
    game = new_game("spades", SpadesOptions(), seed=3)
    rng = random.Random(3)
    _to_first_play(game, rng)
    leader = game.to_act
    legal = {a.card for a in game.legal_actions()}
    counts: dict = {}
    for _ in range(2000):
        twin = copy.deepcopy(game)
        twin.random_playout(rng.random)
        first = twin.hand_logs[-2].tricks[0][1][0]
        assert first[0] == leader
        counts[first[1]] = counts.get(first[1], 0) + 1
    assert set(counts) == legal
    expected = 2000 / len(legal)
    assert all(abs(c - expected) < expected * 0.4 for c in counts.values())


def test_a_seed_gives_one_playout() -> None:
    hands = [SUIT_MASKS[0] ^ 1 | 2, SUIT_MASKS[1] ^ 2 | 1, SUIT_MASKS[2], SUIT_MASKS[3]]
    first = random_playout(list(hands), 0, 0, True, False, 12345)
    assert random_playout(list(hands), 0, 0, True, False, 12345) == first
    assert random_playout(list(hands), 0, 0, True, False, 54321) != first


def test_hands_of_different_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="a playout needs hands of one size"):
        random_playout([SUIT_MASKS[0], SUIT_MASKS[1] & 0xFF, SUIT_MASKS[2], SUIT_MASKS[3]], 0, 0, True, False, 1)
    with pytest.raises(ValueError, match="do not fit the playout buffer"):
        random_playout([SUIT_MASKS[0] | SUIT_MASKS[1], SUIT_MASKS[2] | SUIT_MASKS[3]], 0, 0, True, False, 1)


def test_a_playout_leaves_the_hands_it_is_given_unchanged() -> None:
    hands = [SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3]]
    log, tricks, won = random_playout(hands, 2, 0, False, False, 7)
    assert hands == [SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SUIT_MASKS[3]]
    assert len(log) == 13 and sum(tricks) == 13 and sum(w.bit_count() for w in won) == 52
