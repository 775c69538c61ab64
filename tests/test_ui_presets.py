"""House-rules presets: saved on the setup screen under a name, picked again, kept with the settings and
checked on read (a bad entry is dropped with one message, never a crash). Driven by synthetic clicks,
keys and typed text."""

from __future__ import annotations

import json

import pygame

from tests.test_setup_from_registry import click, fresh_setup, press
from tests.test_setup_from_registry import show as show_later
from ui.draw.widgets import ChoiceSelector
from ui.scenes.preset import PresetNameScene
from ui.scenes.setup import PRESET, SAVE_PRESET, SetupScene
from ui.services.settings import SettingsStore

DT = 1 / 60


def show(app, setup: SetupScene, widget) -> None:
    """Turn the option pages back to the first, then on until ``widget`` is on screen."""
    pager = setup.pagers.get(setup.game)
    while pager is not None and setup.page[setup.game] > 0 and widget not in setup.active_controls():
        click(app, pager.left_rect.center)
    show_later(app, setup, widget)


def type_text(app, value: str) -> None:
    for ch in value:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(DT)


def choose(app, setup: SetupScene, key: str, value: object) -> None:
    """Click an option's selector round until it shows ``value``."""
    widget = setup.controls[setup.game][key]
    assert isinstance(widget, ChoiceSelector)
    show(app, setup, widget)
    for _ in range(len(widget.choices) + 1):
        if setup.options[setup.game][key] == value:
            return
        click(app, widget.right_rect.center)
    assert setup.options[setup.game][key] == value


def save_as(app, setup: SetupScene, name: str) -> None:
    button = setup.controls[setup.game][SAVE_PRESET]
    show(app, setup, button)
    click(app, button)
    scene = app.ctx.scenes.top
    assert isinstance(scene, PresetNameScene)
    press(app, pygame.K_BACKSPACE)  # the proposed name is selected: clear it, then type
    type_text(app, name)
    press(app, pygame.K_RETURN)
    assert app.ctx.scenes.top is setup


def test_a_preset_is_saved_under_a_name_and_picked_again(app):
    setup = fresh_setup(app, "spades", 3)  # Cutthroat for three
    choose(app, setup, "bag_rule", "5/50")
    choose(app, setup, "nil_value", 50)
    assert setup.config().options.partnerships is False
    save_as(app, setup, "Home table")
    presets = app.ctx.settings.presets
    assert [(p["name"], p["game"], p.get("players")) for p in presets] == [("Home table", "spades", 3)]
    assert presets[0]["options"]["bag_rule"] == "5/50" and presets[0]["options"]["partnerships"] is False
    stored = json.loads(app.ctx.store.path.read_text(encoding="utf-8"))  # kept with the settings at once
    assert stored["presets"] == presets
    selector = setup.controls["spades"][PRESET]
    assert selector.value == "Home table"  # the options are the preset's

    setup = fresh_setup(app, "spades", 4)  # back to the usual game
    selector = setup.controls["spades"][PRESET]
    assert selector.value == "" and selector.enabled
    show(app, setup, selector)
    click(app, selector.right_rect.center)
    config = setup.config()
    assert (config.players, config.options.bag_rule, config.options.nil_value, config.options.partnerships) == \
        (3, "5/50", 50, False)
    assert setup.controls["spades"][PRESET].value == "Home table"
    choose(app, setup, "bag_rule", "none")  # changed again: no longer the preset
    assert setup.controls["spades"][PRESET].value == ""


def test_saving_under_a_name_already_used_replaces_that_preset(app):
    setup = fresh_setup(app, "pitch", 4)
    choose(app, setup, "target", 11)
    save_as(app, setup, "Ours")
    choose(app, setup, "target", 15)
    save_as(app, setup, "Ours")
    assert [(p["name"], p["options"]["target"]) for p in app.ctx.settings.presets] == [("Ours", 15)]


def test_cancel_saves_nothing(app):
    setup = fresh_setup(app, "spades", 4)
    button = setup.controls["spades"][SAVE_PRESET]
    show(app, setup, button)
    click(app, button)
    assert isinstance(app.ctx.scenes.top, PresetNameScene)
    press(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is setup and app.ctx.settings.presets == []


def test_a_bad_preset_entry_is_dropped_with_one_message(tmp_path):
    good = {"name": "Fives", "game": "spades", "options": {"bag_rule": "5/50"}}
    entries = [good,
               {"name": "Bad value", "game": "spades", "options": {"bag_rule": "7/70"}},
               {"name": "Bad game", "game": "hearts", "options": {}},
               {"name": "", "game": "pitch", "options": {}},
               {"name": "Seats", "game": "pitch", "options": {}, "players": 12},
               "not a preset",
               {"name": "Extra", "game": "pitch", "options": {}, "colour": "red"}]
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "presets": entries}), encoding="utf-8")
    settings, message = SettingsStore(tmp_path).load()
    assert settings.presets == [good]
    assert message is not None and message.count("house-rules presets") == 1
    again, second = SettingsStore(tmp_path).load()  # the file was rewritten with the good entry only
    assert again.presets == [good] and second is None
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "presets": {"a": 1}}), encoding="utf-8")
    settings, message = SettingsStore(tmp_path).load()
    assert settings.presets == [] and message is not None
