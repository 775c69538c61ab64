"""The thinking time is one int of milliseconds with one default, read at the table and handed down as a
function giving the budget now (``ui.services.computer.ThinkTime``)."""

from __future__ import annotations

import inspect

from ui.config import SeatConfig
from ui.services import computer
from ui.services.computer import PlayerSpec, computers_for, default_think_time, player_seed
from ui.services.settings import DEFAULT_THINK_MS, Settings
from ui.table.controller import HintRequests, TableController


def test_one_default_everywhere() -> None:
    assert Settings().think_ms == DEFAULT_THINK_MS == default_think_time()
    assert PlayerSpec("hard", 1).think_ms == DEFAULT_THINK_MS
    assert not hasattr(computer, "DEFAULT_THINK_MS") or computer.DEFAULT_THINK_MS is DEFAULT_THINK_MS
    for function in (computer.ComputerPlayers.__init__, computers_for, HintRequests.__init__,
                     TableController.__init__):
        assert inspect.signature(function).parameters["think_ms"].default is default_think_time


def test_the_budget_is_read_when_a_question_is_asked() -> None:
    budget = [250]
    seats = [SeatConfig("You", True), SeatConfig("West", False, "hard")]
    players = computers_for(seats, 3, sync=True, think_ms=lambda: budget[0])
    try:
        assert players._spec(1) == PlayerSpec("hard", player_seed(3, 1), 250, (None, "hard"))
        budget[0] = 1000  # the Settings screen changed it during the game
        assert players._spec(1).think_ms == 1000 and type(players._spec(1).think_ms) is int
    finally:
        players.close()
