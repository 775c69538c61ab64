"""Per-deal arena results in a file (``arena --save-deals``) and the ``pool`` command that pools or pairs them."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

import pytest

import main
from game.tools import arena
from game.tools.arena_deals import DealsFileError, deals_document, load, run

MATCH = {"game": "spades", "players": 4, "partnerships": False, "a": "hard", "b": "normal", "seed": 1,
         "deals": 3, "budget": 100, "think_ms": None, "rules": []}


def write(path: Path, diffs: list[float], priced: list[float] | None = None, **match: Any) -> str:
    rows = [(index, diff, (priced or diffs)[index]) for index, diff in enumerate(diffs)]
    path.write_text(json.dumps(deals_document({**MATCH, "deals": len(diffs), **match}, 10.0, rows)))
    return str(path)


def command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("kind", ["the same match", "another seed", "other levels", "a games file", "not JSON",
                                  "plays that do not add up"])
def test_save_deals_writes_over_no_file_but_the_same_match(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           kind: str) -> None:
    match = ("arena", "--game", "spades", "--a", "normal", "--b", "random", "--deals", "2", "--seed", "5")
    path = tmp_path / "kept.json"
    if kind == "a games file":
        assert command(capsys, *match[:-4], "--games", "1", "--target", "250", "--save-games", str(path))[0] == 0
    elif kind == "not JSON":
        path.write_text("notes\n")
    elif kind == "plays that do not add up":
        assert command(capsys, *match, "--save-deals", str(path))[0] == 0
        document = json.loads(path.read_text())
        document["plays"][1][1][0]["sides"][0][1] += 10  # deal 1's first play: A ten points more than its A - B
        path.write_text(json.dumps(document))
    else:
        earlier = {"the same match": match, "another seed": (*match[:-1], "6"),
                   "other levels": (*match[:4], "easy", *match[5:])}[kind]
        assert command(capsys, *earlier, "--save-deals", str(path))[0] == 0
    before = path.read_bytes()
    status, out, err = command(capsys, *match, "--save-deals", str(path))
    if kind == "the same match":  # a run again: the file is taken up, nothing played, nothing changed
        assert status == 0, err
        assert "2 of the 2 deals are in" in err and load(str(path)).diffs == json_diffs(before)
        return
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err and "writes over no other file" in err
    assert path.read_bytes() == before and not list(tmp_path.glob("*.partial"))


def json_diffs(raw: bytes) -> tuple[float, ...]:
    return tuple(float(row[1]) for row in json.loads(raw)["deals"])


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = sum(values) / len(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def test_the_saved_deals_pool_back_to_the_arenas_own_edge(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    saved = str(tmp_path / "deals.json")
    status, out, err = command(capsys, "arena", "--game", "spades", "--a", "normal", "--b", "random", "--deals", "6",
                               "--seed", "5", "--json", "--save-deals", saved)
    assert status == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    status, out, err = command(capsys, "pool", saved, "--json")
    assert status == 0, err
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["edge"]["deals"] == 6
    assert figures["edge"]["mean"] == pytest.approx(summary["points_per_hand_diff"], abs=1e-3)
    assert figures["edge"]["ci95"] == pytest.approx(summary["ci95"], abs=1e-3)
    assert figures["edge_bags_priced"]["mean"] == pytest.approx(summary["points_per_hand_diff_bags_priced"], abs=1e-3)
    kept = load(saved)
    assert kept.match["a"] == "normal" and kept.match["seed"] == 5 and kept.bag_share == 10.0
    assert kept.indices == tuple(range(6))


def test_files_against_files_pair_deal_by_deal_and_pool_over_the_pairs(tmp_path: Path) -> None:
    trial_1 = write(tmp_path / "t1.json", [10.0, 0.0, 20.0], [5.0, 0.0, 15.0], a="hard:bag_cost=5")
    base_1 = write(tmp_path / "b1.json", [4.0, 0.0, 25.0], [4.0, 0.0, 20.0])
    trial_2 = write(tmp_path / "t2.json", [-3.0, 7.0], seed=2, a="hard:bag_cost=5")
    base_2 = write(tmp_path / "b2.json", [-6.0, 8.0], seed=2)
    figures, lines = run([trial_1, trial_2], [base_1, base_2])
    edge = [6.0, 0.0, -5.0, 3.0, -1.0]
    mean, low, high = interval(edge)
    assert figures["edge"] == {"mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)], "deals": 5}
    assert figures["edge_bags_priced"]["mean"] == round(sum([1.0, 0.0, -5.0, 3.0, -1.0]) / 5, 3)
    assert figures["deals_that_differ"] == 4
    assert any("paired per deal" in line and "+0.60" in line for line in lines)


def test_one_match_at_several_seeds_pools_as_one_sample(tmp_path: Path) -> None:
    first = write(tmp_path / "s3.json", [1.0, -2.0, 4.0], seed=3)
    second = write(tmp_path / "s4.json", [6.0, 0.0], seed=4)
    figures, _lines = run([first, second], [])
    mean, low, high = interval([1.0, -2.0, 4.0, 6.0, 0.0])
    assert figures["edge"]["mean"] == round(mean, 3) and figures["edge"]["ci95"] == [round(low, 3), round(high, 3)]


@pytest.mark.parametrize(("files", "against", "problem"), [
    ([{"seed": 3}, {"seed": 3}], [], "seed 3 again"),
    ([{"seed": 3}, {"seed": 4, "b": "easy"}], [], "only one match's seeds"),
    ([{"seed": 3}, {"seed": 4, "budget": 300}], [], "only one match's seeds"),
    ([{"seed": 3}], [{"seed": 4}], "not the same deals"),
    ([{"seed": 3}], [{"seed": 3, "rules": [["jokers", True]]}], "not the same deals"),
    ([{"seed": 3}, {"seed": 4}], [{"seed": 3}], "pair up in order"),
])
def test_files_that_are_not_one_match_or_not_the_same_deals_are_refused(
        tmp_path: Path, files: list[dict[str, Any]], against: list[dict[str, Any]], problem: str) -> None:
    paths = [write(tmp_path / f"f{i}.json", [1.0, 2.0], **match) for i, match in enumerate(files)]
    others = [write(tmp_path / f"g{i}.json", [1.0, 2.0], **match) for i, match in enumerate(against)]
    with pytest.raises(DealsFileError, match=problem):
        run(paths, others)


def test_a_different_number_of_deals_does_not_pair(tmp_path: Path) -> None:
    with pytest.raises(DealsFileError, match="not the same deals"):
        run([write(tmp_path / "a.json", [1.0, 2.0, 3.0])], [write(tmp_path / "b.json", [1.0, 2.0])])


@pytest.mark.parametrize(("content", "problem"), [
    (b"{not json", "not JSON"),
    (b"\xff\xfe", "not JSON"),
    (b'{"format": "something else"}', "not an arena deals file"),
    (b'{"format": "trick-table-arena-deals", "version": 9, "match": {}, "deals": [[0, 1, 1]]}', "version 9"),
    (b'{"format": "trick-table-arena-deals", "version": 1, "match": {}, "deals": []}', "no deals"),
    (b'{"format": "trick-table-arena-deals", "version": 1, "match": {}, "deals": [[0, "x", 1]]}', "deal 1"),
    (b'{"format": "trick-table-arena-deals", "version": 1, "match": {}, "deals": [[0, 1, 1], [0, 2, 2]]}',
     "listed twice"),
    (b'{"format": "trick-table-arena-deals", "version": 1, "match": {}, "bag_share": "x", "deals": [[0, 1, 1]]}',
     "bag_share"),
])
def test_a_bad_file_is_one_line_naming_it_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      content: bytes, problem: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    status, out, err = command(capsys, "pool", str(bad))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and str(bad) in err and problem in err and "Traceback" not in err


def test_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = command(capsys, "pool", str(tmp_path / "nowhere.json"))
    assert status == 2 and err.startswith("pool: ") and "cannot read" in err and err.count("\n") == 1


@pytest.mark.parametrize("extra", [("--games", "1"), ()])
def test_save_deals_is_refused_before_the_match_when_it_cannot_be_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]) -> None:
    target = tmp_path / "no-folder" / "deals.json" if not extra else tmp_path / "deals.json"
    status, out, err = command(capsys, "arena", "--game", "spades", "--a", "random", "--b", "random", "--deals", "2",
                               "--save-deals", str(target), *extra)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert ("--games" in err) if extra else ("no folder" in err)
    assert not target.exists() and not list(tmp_path.rglob("*.partial"))


MATCH_ARGS = ("arena", "--game", "spades", "--a", "normal", "--b", "random", "--deals", "4", "--seed", "5", "--json")


def figures_of(out: str) -> dict[str, Any]:
    """The arena's JSON figures less what the clock measures."""
    figures = json.loads(out.strip().splitlines()[-1])
    figures.pop("seconds")
    figures.pop("decision_ms")
    return figures


def count_deals(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The indices of the deals the arena plays from now on, in order (``play_deal`` watched)."""
    played: list[int] = []
    real = arena.play_deal

    def counted(config: arena.ArenaConfig, index: int) -> arena.DealResult:
        played.append(index)
        return real(config, index)

    monkeypatch.setattr(arena, "play_deal", counted)
    return played


def test_a_run_takes_up_its_file_and_plays_only_the_deals_it_lacks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of the same match holding deals 0 and 2 (a run stopped, or the deals taken out of a whole
    one): the run plays exactly deals 1 and 3, keeps 0 and 2 as they were, and its figures are the whole
    match's; the file then holds all four, and a run again plays nothing and gives the same figures."""
    whole = tmp_path / "whole.json"
    status, out, err = command(capsys, *MATCH_ARGS, "--save-deals", str(whole))
    assert status == 0, err
    expected = figures_of(out)
    document = json.loads(whole.read_text())
    for key in ("deals", "plays"):
        document[key] = [row for row in document[key] if row[0] in (0, 2)]
    part = tmp_path / "part.json"
    part.write_text(json.dumps(document))
    played = count_deals(monkeypatch)
    status, out, err = command(capsys, *MATCH_ARGS, "--save-deals", str(part))
    assert status == 0, err
    assert played == [1, 3] and "2 of the 4 deals are in" in err
    assert figures_of(out) == expected
    assert load(str(part)).indices == (0, 1, 2, 3) and load(str(part)).diffs == load(str(whole)).diffs
    played.clear()
    status, out, err = command(capsys, *MATCH_ARGS, "--save-deals", str(part))
    assert status == 0 and played == [] and figures_of(out) == expected


def test_a_stopped_run_keeps_the_deals_it_finished(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during deal 2: status 130, and the file holds deals 0 and 1 with their plays, ready to be
    taken up; the same command then plays deals 2 and 3 only."""
    path = tmp_path / "stopped.json"
    real = arena.play_deal

    def stopping(config: arena.ArenaConfig, index: int) -> arena.DealResult:
        if index == 2:
            raise KeyboardInterrupt
        return real(config, index)

    monkeypatch.setattr(arena, "play_deal", stopping)
    status, _out, _err = command(capsys, *MATCH_ARGS, "--save-deals", str(path))
    kept = load(str(path))
    assert status == 130 and kept.indices == (0, 1) and sorted(kept.plays) == [0, 1]
    assert all(len(plays) == 2 for plays in kept.plays.values())  # both seatings of each deal
    monkeypatch.undo()  # the arena's own play_deal again, watched
    played = count_deals(monkeypatch)
    status, _out, err = command(capsys, *MATCH_ARGS, "--save-deals", str(path))
    assert status == 0, err
    assert played == [2, 3] and load(str(path)).indices == (0, 1, 2, 3)


def test_a_file_from_before_the_plays_is_played_again_whole(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A deals file of the same match without ``plays`` (written before they were kept) cannot give the
    figures of its deals: the run plays them all again and writes the file anew, as a run again did."""
    path = tmp_path / "older.json"
    assert command(capsys, *MATCH_ARGS, "--save-deals", str(path))[0] == 0
    document = json.loads(path.read_text())
    del document["plays"]
    path.write_text(json.dumps(document))
    status, _out, err = command(capsys, *MATCH_ARGS, "--save-deals", str(path))
    assert status == 0 and "already" not in err
    assert sorted(load(str(path)).plays) == [0, 1, 2, 3]
