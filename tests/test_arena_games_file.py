"""Whole-game matches kept in a file (``arena --games N --first-game K --save-games FILE``) and pooled back
(``main.py pool``): a match split into runs gives the figures of one run, and bad files are one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game.tools import arena_games, arena_games_file
from game.tools.arena_games import GamePlay

SPLIT = ("arena", "--game", "spades", "--a", "normal", "--b", "easy", "--target", "250", "--seed", "2")


def command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def last_json(out: str) -> dict[str, object]:
    figures = json.loads(out.strip().splitlines()[-1])
    assert isinstance(figures, dict)
    return figures


SAME = ("games", "games_played", "games_won", "games_tied", "games_won_share", "games_won_share_ci95", "hands",
        "hands_per_game", "points_per_hand_diff", "ci95")


def test_a_match_split_into_runs_pools_to_the_figures_of_one_run(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    whole, first, rest = (str(tmp_path / name) for name in ("whole.json", "first.json", "rest.json"))
    status, out, err = command(capsys, *SPLIT, "--games", "5", "--save-games", whole, "--json")
    assert status == 0, err
    one_run = last_json(out)
    assert command(capsys, *SPLIT, "--games", "3", "--save-games", first)[0] == 0
    status, out, err = command(capsys, *SPLIT, "--games", "2", "--first-game", "3", "--save-games", rest, "--json")
    assert status == 0, err
    assert "(games 3 .. 4)" in out and last_json(out)["first_game"] == 3
    status, out, err = command(capsys, "pool", first, rest, "--json")
    assert status == 0, err
    pooled = last_json(out)
    assert {key: pooled[key] for key in SAME} == {key: one_run[key] for key in SAME}
    assert "seed 2 games 0..2; seed 2 games 3..4" in out
    kept = arena_games_file.load(whole)
    assert kept.indices == (0, 1, 2, 3, 4) and kept.match["target"] == 250 and kept.match["a"] == "normal"
    assert kept.games == arena_games_file.load(first).games + arena_games_file.load(rest).games
    assert all(len(plays) == 2 for plays in kept.games)  # both seatings of every game
    assert not list(tmp_path.glob("*.partial"))


def test_the_file_is_rewritten_as_each_game_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    saved = str(tmp_path / "games.json")
    written: list[tuple[int, ...]] = []
    keep = arena_games_file.save

    def spy(path: str, config: object, games: list[tuple[int, tuple[GamePlay, ...]]]) -> None:
        keep(path, config, games)  # type: ignore[arg-type]
        written.append(arena_games_file.load(path).indices)

    monkeypatch.setattr(arena_games_file, "save", spy)
    assert command(capsys, *SPLIT, "--games", "3", "--first-game", "7", "--save-games", saved)[0] == 0
    assert written == [(7,), (7, 8), (7, 8, 9)]  # a run stopped after a game keeps every game it finished


def test_a_run_takes_up_the_games_its_file_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    whole, stopped = str(tmp_path / "whole.json"), str(tmp_path / "stopped.json")
    status, out, err = command(capsys, *SPLIT, "--games", "4", "--save-games", whole, "--json")
    assert status == 0, err
    one_run = last_json(out)
    assert command(capsys, *SPLIT, "--games", "1", "--first-game", "1", "--save-games", stopped)[0] == 0
    assert command(capsys, *SPLIT, "--games", "1", "--first-game", "9", "--save-games", stopped)[0] == 0
    played: list[int] = []
    keep = arena_games.play_match_game

    def spy(config: object, game: int) -> tuple[GamePlay, ...]:
        played.append(game)
        return keep(config, game)  # type: ignore[arg-type]

    monkeypatch.setattr(arena_games, "play_match_game", spy)
    status, out, err = command(capsys, *SPLIT, "--games", "4", "--save-games", stopped, "--json")
    assert status == 0, err
    assert played == [0, 2, 3]  # game 1 was in the file already
    assert "1 of the 4 games are in" in err
    taken = last_json(out)
    assert {key: taken[key] for key in SAME} == {key: one_run[key] for key in SAME}
    kept = arena_games_file.load(stopped)
    assert kept.indices == (0, 1, 2, 3, 9)  # every game the file had is kept
    assert kept.games[:4] == arena_games_file.load(whole).games
    played.clear()
    status, out, err = command(capsys, *SPLIT, "--games", "4", "--save-games", stopped, "--json")
    assert status == 0 and played == [] and "playing the other 0" in err
    assert {key: last_json(out)[key] for key in SAME} == {key: one_run[key] for key in SAME}


@pytest.mark.parametrize("kind", ["another seed", "another target", "a deals file", "not JSON", "empty"])
def test_save_games_never_writes_over_another_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   kind: str) -> None:
    path = tmp_path / "kept.json"
    if kind == "another seed":
        assert command(capsys, *SPLIT[:-1], "9", "--games", "1", "--save-games", str(path))[0] == 0
    elif kind == "another target":
        assert command(capsys, *SPLIT[:-4], "--target", "300", *SPLIT[-2:], "--games", "1",
                       "--save-games", str(path))[0] == 0
    elif kind == "a deals file":
        assert command(capsys, *SPLIT, "--deals", "2", "--save-deals", str(path))[0] == 0
    else:
        path.write_text("" if kind == "empty" else "my notes, not JSON\n")
    before = path.read_bytes()
    status, out, err = command(capsys, *SPLIT, "--games", "2", "--save-games", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err and "writes over no other file" in err
    assert path.read_bytes() == before and not list(tmp_path.glob("*.partial"))


def test_pooled_runs_must_be_one_match_without_a_game_twice(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    first, again, other = (str(tmp_path / name) for name in ("first.json", "again.json", "other.json"))
    assert command(capsys, *SPLIT, "--games", "2", "--save-games", first)[0] == 0
    assert command(capsys, *SPLIT, "--games", "2", "--first-game", "1", "--save-games", again)[0] == 0
    status, out, err = command(capsys, "pool", first, again)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "game 1 of seed 2 again" in err and again in err
    other_target = [*SPLIT[:-4], "--target", "300", "--seed", "9"]
    assert command(capsys, *other_target, "--games", "1", "--save-games", other)[0] == 0
    status, out, err = command(capsys, "pool", first, other)
    assert status == 2 and "target 300" in err and err.count("\n") == 1
    status, out, err = command(capsys, "pool", first, "--against", other)
    assert status == 2 and "--against" in err and err.count("\n") == 1


@pytest.mark.parametrize(("games", "problem"), [
    ([], "no games"),
    ([[0, [["c", 3, 1.0, 2.0]]]], "game 1 has a play"),
    ([[0, [["a", -1, 1.0, 2.0]]]], "game 1 has a play"),
    ([[0, [["a", 3, "x", 2.0]]]], "game 1 has a play"),
    ([[0, []]], "game 1 is not"),
    (["x"], "game 1 is not"),
    ([[0, [["a", 3, 1.0, 2.0]]], [0, [[None, 60, 5.0, 5.0]]]], "listed twice"),
])
def test_a_bad_games_file_is_one_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                games: list[object], problem: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": arena_games_file.FORMAT, "version": 1, "match": {}, "games": games}))
    status, out, err = command(capsys, "pool", str(bad))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and str(bad) in err and problem in err and "Traceback" not in err


@pytest.mark.parametrize("args", [
    ("--deals", "2", "--save-games", "{dir}/g.json"),
    ("--deals", "2", "--first-game", "3"),
    ("--games", "1", "--save-games", "{dir}/no-folder/g.json"),
])
def test_games_options_are_checked_before_the_match(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    args: tuple[str, ...]) -> None:
    filled = [arg.format(dir=tmp_path) for arg in args]
    status, out, err = command(capsys, "arena", "--game", "spades", "--a", "random", "--b", "random", *filled)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert ("no folder" in err) if "no-folder" in " ".join(filled) else ("whole games" in err)
    assert not list(tmp_path.rglob("*.json")) and not list(tmp_path.rglob("*.partial"))
