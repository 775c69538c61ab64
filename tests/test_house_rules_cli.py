"""``--rule KEY=VALUE`` on the command line (simulate, arena): records carry the options, refusals are one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from game.record import read_records


def test_simulate_writes_the_rules_asked_for_and_the_records_replay(tmp_path: Path) -> None:
    out = tmp_path / "cutthroat.jsonl"
    args = ["simulate", "--game", "spades", "--rule", "jokers=true", "--rule", "bag_rule=5/50", "--rule",
            "nil_value=50", "--rule", "partnerships=false", "--players", "3", "--hands", "2", "--games", "2",
            "--out", str(out)]
    assert main.main(args) == 0
    record = json.loads(out.read_text().splitlines()[0])
    assert record["teams"] == [[0], [1], [2]]
    assert {k: record["options"][k] for k in ("jokers", "bag_rule", "nil_value", "partnerships", "nil_pass")} == {
        "jokers": True, "bag_rule": "5/50", "nil_value": 50, "partnerships": False, "nil_pass": 0}
    assert all(result.error is None for result in read_records(str(out)))
    assert main.main(["replay", str(out), "--check"]) == 0


def test_simulate_pitch_with_the_off_jack_and_a_minimum_bid(tmp_path: Path) -> None:
    out = tmp_path / "pitch.jsonl"
    assert main.main(["simulate", "--game", "pitch", "--rule", "off_jack=true", "--rule", "min_bid=2",
                      "--hands", "3", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["options"]["off_jack"] is True and record["options"]["min_bid"] == 2
    assert all("off_jack" in side for hand in record["hands"] for side in hand.get("points", []))
    assert any("points" in hand for hand in record["hands"])
    assert main.main(["replay", str(out), "--check"]) == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "spades", "--rule", "bogus=1"], "simulate: --rule bogus: unknown option"),
    (["--game", "spades", "--rule", "jokers=maybe"], "simulate: --rule jokers=maybe: not a value of jokers"),
    (["--game", "pitch", "--rule", "jokers=true"], "simulate: --rule jokers: pitch does not offer this option"),
    (["--game", "spades-two", "--rule", "nil_pass=1"], "simulate: --rule nil_pass: spades-two does not offer"),
    (["--game", "spades", "--players", "3"], "simulate: Spades is for 4 players, not --players 3"),
    (["--game", "spades", "--players", "5", "--rule", "partnerships=false"],
     "simulate: Spades is for 3 to 4 players, not --players 5"),
    (["--game", "spades", "--rule", "jokers"], "simulate: --rule 'jokers': write KEY=VALUE"),
    (["--game", "spades", "--rule", "partnerships=false", "--rule", "ten_for_200=true"],
     "simulate: Cutthroat Spades (each for himself) does not offer ten_for_200"),
])
def test_a_bad_rule_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                           message: str) -> None:
    assert main.main(["simulate", *args, "--out", str(tmp_path / "x.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_arena_takes_rules_and_refuses_bad_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["arena", "--game", "spades", "--a", "easy", "--b", "random", "--rule", "jokers=true",
                      "--rule", "two_clubs_opens=true", "--deals", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["game"] == "spades"
    assert main.main(["arena", "--game", "spades", "--a", "easy", "--b", "random", "--rule", "partnerships=false",
                      "--players", "3", "--deals", "2"]) == 0
    capsys.readouterr()
    assert main.main(["arena", "--game", "spades", "--a", "easy", "--b", "random", "--players", "3",
                      "--deals", "2"]) == 2
    assert capsys.readouterr().err.startswith("arena: spades with these options is not for 3 players")
    assert main.main(["arena", "--game", "pitch", "--a", "easy", "--b", "random", "--rule", "min_bid=3"]) == 2
