"""A game's coach key: the Hint and the hand's review answer alike after Continue (issue 17, stop 45).

The Hint's worlds are seeded by the seat's Hint seed and the decision (``game.ai.coach.hint_seed``), and the
review's first look at a decision is the Hint's own. The seat's Hint seed was keyed with the running
program's secret key, so a hand begun before a save and finished after Continue was reviewed with other
seeds than its first decisions were hinted with, and a card the Hint recommended could be marked. Each game
now has its own key (``GameConfig.coach_key``), kept in the save beside the record (which holds the deal
already); the Hint's and the review's seeds are keyed with it.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pygame
import pytest

from ui.scenes.menu import MenuScene
from ui.scenes.table import TableScene, make_config
from ui.services import computer
from ui.services.computer import SEED_KEY_ENV, coach_key_of, new_coach_key, player_seed
from ui.services.review import table_reviews
from ui.services.saves import AUTOSAVE_NAME, parse_save, save_text, window_facts
from ui.services.storage import data_dir
from ui.table.controller import TableController

DT = 1 / 60


def a_new_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the program were started again: a fresh process key and no fixed test key."""
    monkeypatch.delenv(SEED_KEY_ENV, raising=False)
    monkeypatch.setattr(computer, "_SEED_KEY", os.urandom(32))


def hint_seeds(control: TableController) -> dict[int, int | None]:
    return {seat: spec.seed for seat, spec in control.hints.players.specs.items()}


def test_the_coach_key_keeps_the_hint_seed_across_runs_and_the_process_key_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    a_new_run(monkeypatch)
    key = new_coach_key()
    assert coach_key_of(key) == key and new_coach_key() != key  # random per game in the real program
    with_key, without = player_seed(77, 0, "hint", key), player_seed(77, 0, "hint")
    a_new_run(monkeypatch)
    assert player_seed(77, 0, "hint", key) == with_key
    assert player_seed(77, 0, "hint") != without
    assert player_seed(77, 1, "hint", key) != with_key != player_seed(77, 0, "review", key)
    assert player_seed(78, 0, "hint", key) != with_key
    assert player_seed(None, 0, "hint", key) is None


@pytest.mark.parametrize("value", [None, 5, "", "ab", "A" * 32, "g" * 32, "0" * 31, "0" * 33, ["0" * 32]])
def test_a_malformed_coach_key_is_no_key(value: Any) -> None:
    assert coach_key_of(value) is None
    assert player_seed(3, 0, "hint", value) == player_seed(3, 0, "hint")  # the process key instead


def test_a_continued_game_hints_and_reviews_with_the_seeds_it_had(monkeypatch: pytest.MonkeyPatch) -> None:
    a_new_run(monkeypatch)
    config = make_config("spades", ["Ann", "W", "N", "E"], [0], seed=31)
    assert config.coach_key is None
    control = TableController(config, sync=True)
    key = control.config.coach_key
    assert coach_key_of(key) == key  # a new table draws its game's key
    rng = random.Random(31)
    game = control.game
    while len(game.history) < 12:
        game.apply(rng.choice(game.legal_actions()))
    hints, reviews = hint_seeds(control), table_reviews(control.config, sync=True, think_ms=lambda: 250)
    text = save_text(game, control.config.seat_records(), window_facts([0], 250, game, key))
    assert json.loads(text)["window"]["coach_key"] == key
    control.stop()
    reviews.close()

    a_new_run(monkeypatch)  # Continue, another day
    saved, problem = parse_save(json.loads(text))
    assert problem is None and saved is not None
    resumed_config = saved.config()
    assert resumed_config.coach_key == key
    resumed = TableController(resumed_config, saved.game, sync=True)
    again = table_reviews(resumed.config, sync=True, think_ms=lambda: 250)
    try:
        assert hint_seeds(resumed) == hints and hints[0] is not None
        assert (again.hints, again.seed) == (reviews.hints, reviews.seed) and again.hints[0] == hints[0]
    finally:
        resumed.stop()
        again.close()
    fresh = TableController(config, sync=True)  # a new game from the same choices: its own key
    try:
        assert fresh.config.coach_key != key and hint_seeds(fresh) != hints
    finally:
        fresh.stop()


def test_a_save_without_a_coach_key_resumes_with_a_new_one() -> None:
    control = TableController(make_config("pitch", ["Ann", "W", "N", "E"], [0], seed=8), sync=True)
    game = control.game
    window = {"humans": [0], "think_ms": 500, "coach_key": "not a key"}  # an old save, or one edited by hand
    saved, problem = parse_save(json.loads(save_text(game, control.config.seat_records(), window)))
    control.stop()
    assert problem is None and saved is not None and saved.config().coach_key is None
    resumed = TableController(saved.config(), saved.game, sync=True)
    try:
        assert coach_key_of(resumed.config.coach_key) is not None
    finally:
        resumed.stop()


def test_the_window_keeps_the_key_in_its_autosave_and_continue_takes_it_back(app: Any) -> None:
    app.computer_sync = True
    table = TableScene(app.ctx, make_config("spades", ["Ann", "W", "N", "E"], [0], seed=12), computer_sync=True)
    app.ctx.scenes.reset(MenuScene(app.ctx))
    app.ctx.scenes.push(table)
    for _ in range(3):
        app.step(DT)
    key = table.control.config.coach_key
    assert coach_key_of(key) == key
    app.ctx.saves.flush()
    document = json.loads((data_dir() / AUTOSAVE_NAME).read_text())
    assert document["window"]["coach_key"] == key
    app.ctx.scenes.reset(MenuScene(app.ctx))
    app.step(DT)
    menu = app.ctx.scenes.top
    assert menu.continue_game.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.continue_game.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.continue_game.rect.center, button=1))
    app.step(DT)
    resumed = app.ctx.scenes.top
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.control.config.coach_key == key
    assert hint_seeds(resumed.control) == hint_seeds(table.control)


def test_a_thinking_time_changed_mid_hand_keeps_the_hands_hint_budget_and_its_review_takes_it() -> None:
    from game.ai.coach import worlds_for

    setting = [250]
    config = make_config("spades", ["Ann", "W", "N", "E"], [0], seed=5)
    control = TableController(config, sync=True, think_ms=lambda: setting[0])
    reviews = table_reviews(control.config, sync=True, think_ms=lambda: setting[0])
    reviews.hinted = control.hints.hinted
    sent: list[Any] = []
    reviews.players.ask = lambda key, job: sent.append(job)  # type: ignore[method-assign]
    game = control.game
    rng = random.Random(5)
    try:
        assert control.hints.hinted(1) is None and control.hints.think_ms() == 250
        asked = 0
        while game.hand_number == 1 and asked < 2:
            if game.to_act == 0:
                control.hints.request(("hint", len(game.history)), game.view(0))
                assert control.hints.players._spec(0).think_ms == 250  # the hand's first Hint's setting
                asked += 1
                setting[0] = 2000  # changed in the settings while the hand goes on
            game.apply(rng.choice(game.legal_actions()))
        assert asked == 2 and control.hints.hinted(1) == 250
        reviews.request(game, 1)
        assert sent[-1].hint_worlds == worlds_for(250) != worlds_for(2000)
        reviews.asked = None
        reviews.request(game, 2)  # a hand without a Hint: the setting now
        assert sent[-1].hint_worlds == worlds_for(2000)
    finally:
        control.stop()
        reviews.close()
