"""The random playout hot path plays only legal cards and scores like apply().

Every test runs on both kernels: the Python source as it is, and numba's compilation of
it (skipped when numba is not installed). A seed gives the same playout on both.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.actions import Play
from game.cards import SUIT_MASKS
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.playout import numba_available, random_playout, runner, use_kernel
from game.state import Phase

ROOT = Path(__file__).resolve().parents[1]
needs_numba = pytest.mark.skipif(not numba_available(), reason="numba is not installed")
KERNELS = [pytest.param(False, id="python"), pytest.param(True, id="numba", marks=needs_numba)]
GAMES = [("spades", 4), ("spades-two", 2), ("pitch", 3), ("pitch", 7)]


@pytest.fixture(params=KERNELS)
def kernel(request):
    """Make ``random_playout`` run the Python kernel, then the numba one."""
    use_kernel(request.param)
    yield request.param
    use_kernel(None)


def _to_first_play(game, rng: random.Random) -> None:
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))


def _options(kind: str):
    return PitchOptions(target=10**6) if kind == "pitch" else SpadesOptions(target=10**6)


def _mid_hand(kind: str, players: int, seed: int):
    """A game at a random point of its first hand's card play (sometimes mid-trick)."""
    rng = random.Random(seed)
    game = new_game(kind, _options(kind), players, seed)
    _to_first_play(game, rng)
    for _ in range(rng.randrange(0, 9)):
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


@pytest.mark.parametrize(("kind", "players"), GAMES)
def test_random_playout_plays_legal_cards_and_scores_like_apply(kernel, kind: str, players: int) -> None:
    for seed in range(150):
        game, rng = _mid_hand(kind, players, seed)
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
        assert twin.results[-1] == game.results[-1]


def test_random_playout_is_uniform_over_legal_leads(kernel) -> None:
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


def test_a_seed_gives_one_playout(kernel) -> None:
    hands = [SUIT_MASKS[0] ^ 1 | 2, SUIT_MASKS[1] ^ 2 | 1, SUIT_MASKS[2], SUIT_MASKS[3]]
    first = random_playout(list(hands), 0, 0, True, False, 12345)
    assert random_playout(list(hands), 0, 0, True, False, 12345) == first
    assert random_playout(list(hands), 0, 0, True, False, 54321) != first


@needs_numba
@pytest.mark.parametrize(("kind", "players"), GAMES)
def test_numba_and_python_kernels_play_the_same_cards_from_the_same_seed(kind: str, players: int) -> None:
    python, numba = runner(False), runner(True)
    for seed in range(100):
        game, rng = _mid_hand(kind, players, seed)
        while game.trick or game.trump is None:  # the kernel starts at a trick's lead
            game.apply(rng.choice(game.legal_actions()))
        args = (game.hands, game.to_act, game.trump, kind != "pitch", game.spades_broken, rng.getrandbits(63))
        assert random_playout(*args, run=python) == random_playout(*args, run=numba)
        ends = []
        try:
            for compiled in (False, True):  # and through the game, from the same generator
                use_kernel(compiled)
                twin = copy.deepcopy(game)
                twin.random_playout(random.Random(seed).random)
                ends.append((twin.hand_logs[-2], twin.scores, twin.bags, twin.results))
        finally:
            use_kernel(None)
        assert ends[0] == ends[1]


@pytest.mark.parametrize("compiled", KERNELS)
def test_hands_of_different_sizes_are_refused(compiled: bool) -> None:
    run = runner(compiled)
    with pytest.raises(ValueError):
        random_playout([SUIT_MASKS[0], SUIT_MASKS[1] & 0xFF, SUIT_MASKS[2], SUIT_MASKS[3]], 0, 0, True, False, 1,
                       run=run)
    with pytest.raises(ValueError):
        random_playout([SUIT_MASKS[0] | SUIT_MASKS[1], SUIT_MASKS[2] | SUIT_MASKS[3]], 0, 0, True, False, 1, run=run)


def test_the_engine_imports_and_plays_without_importing_numba() -> None:
    code = ("import sys, random, game.factory, game.bench, game.simulate\n"
            "from game.options import SpadesOptions\n"
            "game = game.factory.new_game('spades', SpadesOptions(), 4, 1)\n"
            "game.apply(game.legal_actions()[0])\n"
            "assert 'numba' not in sys.modules, 'numba was imported before a playout'\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
