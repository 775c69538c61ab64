"""The table controller on its own, without pygame: computer seats, events in order, refusals, hot-seat."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.actions import Bid, Play
from game.cards import cards_of
from game.factory import default_options, new_game
from game.games import GAMES
from game.history import ChanceOutcome
from ui.table.controller import TableController

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Seat:
    """A seat as the setup screen describes it (name, a person or not, the computer's level)."""

    name: str
    human: bool
    level: str = "random"


@dataclass(frozen=True)
class Config:
    """The little of a ``GameConfig`` the controller reads."""

    game: str
    players: int
    options: object
    seats: tuple[Seat, ...]
    seed: int
    coach_key: str | None = None


def config(game: str, players: int, humans: tuple[int, ...] = (), seed: int = 5) -> Config:
    seats = tuple(Seat(f"P{i}", i in humans) for i in range(players))
    return Config(game, players, default_options(game), seats, seed)


def step_computers(control: TableController) -> bool:
    """One computer action at once (sync mode, no pause); False when none was applied."""
    control.think_ahead()
    control.wait(float("inf"), True)
    return control.computer_move()


def test_the_controller_module_does_not_import_pygame():
    source = (ROOT / "ui" / "table" / "controller.py").read_text()
    assert "import pygame" not in source
    code = "import sys, ui.table.controller; sys.exit(1 if 'pygame' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_computer_seats_play_a_whole_hand_and_every_event_comes_in_order(game):
    players = GAMES[game].default_seats
    control = TableController(config(game, players), sync=True)
    delivered = []
    for _ in range(2000):
        if control.game.results:
            break
        assert step_computers(control), "a computer seat did not act"
        for events, _snapshot in control.take_events():
            delivered.extend(events)
    assert len(control.game.results) == 1
    assert control.applied == sum(1 for e in control.game.history if not isinstance(e, ChanceOutcome))
    # the same seed, the same actions through the engine: the same events, in the same order
    reference = new_game(game, default_options(game), players, 5)
    expected = []
    for entry in control.game.history:
        if not isinstance(entry, ChanceOutcome):
            expected.extend(reference.apply(entry))
    assert delivered[0].kind == "hand_started"
    assert delivered[1:] == expected
    assert control.take_events() == []
    control.stop()


def test_run_computers_stops_when_a_person_must_act():
    control = TableController(config("spades", 4, humans=(2,)), sync=True)
    control.run_computers()
    assert control.game.to_act == 2
    assert control.viewer == 2


def test_an_illegal_human_action_is_refused_with_the_engines_reason():
    control = TableController(config("spades", 4, humans=(0,)), sync=True)
    control.run_computers()
    assert control.game.to_act == 0
    control.take_events()
    card = cards_of(control.game.hands[0])[0]
    action = Play(0, card)  # bidding, not playing
    reason = control.game.why_illegal(action)
    assert reason
    before = control.applied
    assert control.apply(action) == reason
    assert control.applied == before and control.take_events() == []
    assert control.apply(Play(1, card)) == control.game.why_illegal(Play(1, card))  # not that seat's turn
    legal = control.game.legal_actions()[0]
    assert control.apply(legal) is None
    assert control.applied == before + 1 and len(control.take_events()) == 1


def test_the_curtain_comes_up_between_two_people_in_hot_seat():
    control = TableController(config("pitch", 4, humans=(0, 1), seed=17), sync=True)
    assert control.viewer is None  # nobody looks before the first person lifts the curtain
    curtains = []
    for _ in range(400):
        if control.game.results:
            break
        seat = control.game.to_act
        if seat in control.humans:
            up = control.curtain_needed()
            if up is not None:
                assert up == seat and control.viewer is None and control.curtain_for == seat
                curtains.append(seat)
                control.lift_curtain(seat)
            assert control.viewer == seat and control.curtain_needed() is None
            assert control.apply(control.game.legal_actions()[0]) is None
        else:
            assert step_computers(control)
    assert {0, 1} <= set(curtains)
    assert all(a != b for a, b in zip(curtains, curtains[1:], strict=False))  # only when the person changes


def test_undo_takes_back_the_humans_decision_and_saves():
    saved = []
    control = TableController(config("spades", 4, humans=(0,)), sync=True, save=saved.append)
    assert control.take_back() == "Nothing to take back yet."
    control.run_computers()
    bid = next(a for a in control.game.legal_actions() if isinstance(a, Bid))  # Look (listed first) is no decision
    assert control.apply(bid) is None
    control.run_computers()
    count = len(saved)
    assert control.take_back() is None
    assert control.game.to_act == 0 and bid in control.game.legal_actions()
    assert len(saved) == count + 1


def test_the_hint_is_the_hard_choice_from_the_viewers_view_and_goes_with_the_position():
    control = TableController(config("spades", 4, humans=(0,)), sync=True)
    control.run_computers()
    assert control.game.to_act == 0 and control.hint() is None
    assert control.ask_hint() and control.hints.key == control.hint_key() == (control.applied, 0)
    control.think_ahead()  # the answer is taken (decided inline here)
    hint = control.hint()
    assert hint is not None and control.game.why_illegal(hint) is None and control.hints.seat == 0
    bid = next(a for a in control.game.legal_actions() if isinstance(a, Bid))
    assert control.apply(bid) is None
    assert control.hint() is None and control.hints.key is None  # a new position: the hint is gone
    control.run_computers()
    if control.game.to_act != 0:
        assert not control.ask_hint()  # only on the viewer's turn


def test_a_hint_asked_is_kept_until_the_controller_stops():
    control = TableController(config("spades", 4, humans=(0,)), sync=True)
    control.run_computers()
    assert control.ask_hint()
    control.think_ahead()
    control.think_ahead()  # the same position: kept
    assert control.hint() is not None
    control.stop()  # leaving the table for good
    assert control.hint() is None and control.hints.key is None
