"""A computer player's seed reveals nothing about the deal (issue 14, item 16).

The game's seed fixes every deal. A player seeded with a function of it alone (``seed * 101 + seat`` as it
was) could rebuild every hidden card by dealing the game again. The window's players (and the Hint's) are
seeded through a keyed hash whose key is fresh OS randomness of the process: the seed handed to a player is
the same whenever one program asks again, yet another run of the program with the same game seed gives
other seeds, so no player can derive the game's seed from its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from game.factory import new_game
from ui.services.computer import SEED_KEY_ENV, computers_for, player_seed
from ui.table.controller import HintRequests

ROOT = Path(__file__).resolve().parents[1]
GAME_SEED = 424242
SEATS = [SimpleNamespace(human=True, level="normal")] + [SimpleNamespace(human=False, level=level)
                                                         for level in ("easy", "normal", "hard")]


def handed_seeds() -> dict[str, int | None]:
    """The seeds this process hands the computer players and the Hint's player of one table."""
    computers = computers_for(SEATS, GAME_SEED, sync=True)
    hints = HintRequests([0], GAME_SEED, sync=True)
    try:
        out = {f"seat {seat}": spec.seed for seat, spec in computers.specs.items()}
        out.update({f"hint {seat}": spec.seed for seat, spec in hints.players.specs.items()})
        return out
    finally:
        computers.close()
        hints.close()


SCRIPT = f"""import json, sys
sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / "tests")!r})
from test_hardening_seeds import handed_seeds
print(json.dumps(handed_seeds()))
"""


def seeds_of_another_run() -> dict[str, int | None]:
    env = {k: v for k, v in os.environ.items() if k != SEED_KEY_ENV}  # the real program: no fixed key
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_two_runs_with_the_same_game_seed_hand_the_players_different_seeds() -> None:
    first, second = seeds_of_another_run(), seeds_of_another_run()
    assert set(first) == set(second) == {"seat 1", "seat 2", "seat 3", "hint 0"}
    for who in first:
        assert first[who] != second[who], who  # the game's seed alone does not decide a player's seed


def test_within_one_run_a_seat_keeps_its_seed_and_no_seed_is_the_deal_formula() -> None:
    once, again = handed_seeds(), handed_seeds()
    assert once == again  # a player rebuilt by the same program plays on as before
    seeds = [seed for seed in once.values() if seed is not None]
    assert len(set(seeds)) == len(seeds) == 4
    for seat in range(4):
        for seed in (player_seed(GAME_SEED, seat), player_seed(GAME_SEED, seat, "hint")):
            assert seed not in (GAME_SEED, GAME_SEED * 101 + seat, GAME_SEED * 131 + seat + 7)


def test_the_deal_cannot_be_rebuilt_the_old_way_from_a_players_seed() -> None:
    game = new_game("spades", None, 4, GAME_SEED)
    seed = player_seed(GAME_SEED, 1)
    assert seed is not None
    guess, seat = divmod(seed, 101)  # what a player could do with seed * 101 + seat
    assert new_game("spades", None, 4, guess).hands != game.hands


def test_an_unseeded_game_gives_unseeded_players() -> None:
    assert player_seed(None, 2) is None
