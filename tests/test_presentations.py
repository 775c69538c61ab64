"""The per-game presentations (ui/games): the bid panel's buttons carry the engine's legal actions, every
decision kind is an enum, the tips remember the first game of each kind, and no other window module
compares a game's name."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pygame
import pytest

from game.actions import Bid, Exchange, Redraw
from game.factory import new_game
from game.games import GAMES
from ui.games import presentation_of, shown_games
from ui.scenes.rules import options_in_force
from ui.services.tips import FORMAT, TipsStore
from ui.table.layout import TableLayout
from ui.table.panels.bid_panel import ActionPanel, DecisionKind, decision_for

ROOT = Path(__file__).resolve().parents[1]
NAME_TEST = re.compile(r'(==|!=) *"(pitch|spades|spades-two)"|in \("(spades|pitch)')


def decisions(kind: str, seed: int, steps: int = 400):
    """The engine's decisions of a seeded random game: (game, decision) before each action."""
    info = GAMES[kind]
    game = new_game(kind, None, info.default_seats, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            return
        view = game.view(seat)
        yield game, decision_for(kind, view.phase, list(view.legal), bool(view.looked[seat]), view.high_bid,
                                 seat == view.dealer)
        game.apply(rng.choice(game.legal_actions()))


def click_button(panel: ActionPanel, name: str) -> None:
    pos = panel.buttons[name].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        panel.handle_event(pygame.event.Event(kind, pos=pos, button=1))


@pytest.mark.parametrize("kind", shown_games())
def test_every_panel_button_stands_for_a_legal_action_and_every_legal_bid_has_one(kind: str) -> None:
    pygame.init()
    chosen: list[object] = []
    panel = ActionPanel(chosen.append)
    layout = TableLayout((1280, 720), GAMES[kind].default_seats, kind, 2, GAMES[kind].hand_size)
    kinds_seen = set()
    for game, decision in decisions(kind, seed=3):
        assert isinstance(decision.kind, DecisionKind)
        kinds_seen.add(decision.kind)
        legal = game.legal_actions()
        cards = next((a.cards for a in legal if isinstance(a, (Exchange, Redraw)) and a.cards), ())
        panel.build(decision, layout, cards)
        if decision.kind in (DecisionKind.PLAY, DecisionKind.DISCARD, DecisionKind.NONE):  # chosen on the cards
            continue
        actions = {name: panel.action_of(name) for name in panel.buttons}
        for name, action in actions.items():
            if panel.buttons[name].enabled:
                assert action in legal, (name, action)
        offered = sorted(str(a) for a in actions.values() if isinstance(a, Bid))
        if decision.kind is DecisionKind.BID:
            assert offered == sorted(str(a) for a in legal if isinstance(a, Bid))
        name = next(n for n in panel.buttons if panel.buttons[n].enabled)
        chosen.clear()
        click_button(panel, name)
        assert chosen == [actions[name]]  # the click hands over the button's action itself
    assert DecisionKind.BID in kinds_seen and DecisionKind.PLAY in kinds_seen


def test_the_panel_names_its_bid_buttons_by_value_and_uses_the_presentations_labels() -> None:
    pygame.init()
    panel = ActionPanel(lambda action: None)
    game = new_game("pitch", None, 4, 1)
    seat = game.to_act
    view = game.view(seat)
    decision = decision_for("pitch", view.phase, list(view.legal), True, view.high_bid, seat == view.dealer)
    panel.build(decision, TableLayout((1280, 720), 4, "pitch", 4, 6))
    shown = presentation_of("pitch")
    for action in view.legal:
        assert isinstance(action, Bid)
        button = panel.buttons[f"bid:{action.value}"]
        assert panel.action_of(f"bid:{action.value}") == action
        assert button.label == shown.bid_label(action.value) and button.key == shown.bid_key(action.value)


def test_no_window_module_outside_ui_games_compares_a_game_name() -> None:
    found: dict[str, int] = {}
    for path in sorted((ROOT / "ui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("ui/games/"):
            continue
        hits = len(NAME_TEST.findall(path.read_text(encoding="utf-8")))
        if hits:
            found[rel] = hits
    assert not found, found


def test_the_tips_show_once_per_kind_and_an_older_file_without_seen_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "tips.json"
    path.write_text(json.dumps({"format": FORMAT, "dismissed": ["pitch"]}))
    store = TipsStore(path)
    assert store.problem is None and not store.shows("pitch") and store.shows("spades")
    store.mark_seen("spades")
    again = TipsStore(path)
    assert not again.shows("spades") and again.shows("spades-two")
    assert json.loads(path.read_text()) == {"format": FORMAT, "dismissed": ["pitch"], "seen": ["spades"]}
    again.set_dismissed("spades", False)  # "Show at new games" from the Rules screen
    assert TipsStore(path).shows("spades")


@pytest.mark.parametrize("kind", shown_games())
def test_the_options_in_force_name_every_option_set_away_from_its_default(kind: str) -> None:
    info = GAMES[kind]
    defaults = info.default_options().to_json()
    assert options_in_force(kind, info.default_options(), info.default_seats)[0] == ("Players",
                                                                                    str(info.default_seats))
    for spec in info.option_specs:
        for value in spec.values[1:]:
            try:
                options = info.options_class(**{**defaults, spec.key: value})
            except ValueError:
                continue  # a value the rules take only beside other changes
            rows = options_in_force(kind, options, info.max_seats)
            if spec.key in presentation_of(kind).worded_options:  # in the presentation's words, not twice
                assert (spec.label, spec.label_of(value)) not in rows or spec.key == "target", (spec.key, value)
            else:
                assert (spec.label, spec.label_of(value)) in rows, (spec.key, value)
