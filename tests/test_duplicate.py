"""\"Hard in my seat\" (game/ai/duplicate.py): the same deal again, another player in one seat."""

from __future__ import annotations

from typing import Any

from game.ai.duplicate import compare, duplicate_hand, hand_points
from game.ai.hard import HardPlayer
from game.ai.players import NormalPlayer
from game.factory import new_game
from game.state import TrickGame


def _players(kind_seat0: str, seats: int = 4) -> list[Any]:
    first: Any = HardPlayer(seed=5, samples=6) if kind_seat0 == "hard" else NormalPlayer(5)
    return [first, NormalPlayer(11), NormalPlayer(12), NormalPlayer(13)][:seats]


def _play(game: TrickGame, players: list[Any], hands: int) -> None:
    while len(game.results) < hands and game.winner is None:
        seat = game.to_act
        game.apply(players[seat].choose(game.view(seat)))


def test_hard_already_in_the_seat_reproduces_the_hand_exactly() -> None:
    for kind, seats in (("spades", 4), ("pitch", 4), ("spades-two", 2)):
        game = new_game(kind, None, seats, 17)
        _play(game, _players("hard", seats), 2)
        again = duplicate_hand(game, 2, 0, _players("hard", seats), warm=range(seats))
        start = sum(1 for e in game.history if hasattr(e, "seat"))
        assert [e for e in again.history] == [e for e in game.history][:len(again.history)]
        assert again.results[1].points == game.results[1].points
        assert start >= sum(1 for e in again.history if hasattr(e, "seat"))


def test_another_player_in_the_seat_gets_the_same_cards() -> None:
    game = new_game("spades", None, 4, 23)
    _play(game, _players("normal"), 1)
    again = duplicate_hand(game, 1, 0, _players("hard"), warm=(1, 2, 3))
    first_deal = [e for e in game.history if not hasattr(e, "seat")][:1]
    assert [e for e in again.history if not hasattr(e, "seat")][:1] == first_deal  # the same deal
    assert len(again.results) == 1
    words = compare(game, again, 1, 0)
    assert words.startswith("You: ") and "Hard in your seat: " in words
    assert isinstance(hand_points(again, 1, 0), int)


def test_the_progress_grows_to_the_expected_work_and_a_false_answer_calls_the_job_off() -> None:
    import pytest

    from game.ai.duplicate import Cancelled, expected_work

    game = new_game("spades", None, 4, 29)
    _play(game, _players("normal"), 2)
    weights = [20, 1, 1, 1]
    said: list[tuple[int, int]] = []

    def progress(done: int, expected: int) -> bool:
        said.append((done, expected))
        return True

    duplicate_hand(game, 2, 0, _players("normal"), warm=(1, 2, 3), progress=progress, weights=weights)
    expected = expected_work(game, 2, (1, 2, 3), weights)
    assert said[-1] == (expected, expected) and all(e == expected for _d, e in said)
    dones = [d for d, _e in said]
    assert dones == sorted(dones) and dones[0] == 0 and dones[-2] < expected
    assert expected > 13 * 4  # every decision of hand 2 and the warm seats' of hand 1, seat 0's weighted

    calls: list[int] = []

    def stop_at_half(done: int, expected: int) -> bool:
        calls.append(done)
        return done < expected // 2

    with pytest.raises(Cancelled):
        duplicate_hand(game, 2, 0, _players("normal"), warm=(1, 2, 3), progress=stop_at_half, weights=weights)
    assert calls[-1] >= expected // 2 and calls[-1] < expected  # stopped at once, before the hand was over
