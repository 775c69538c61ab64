"""Undo at the table: back to the human's previous decision with exactly the view seen there, never a card
not seen, off in hot-seat, and the record keeps only the final line of play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.actions import DOUBLE_NIL, Bid, Look, Play
from game.record import replay, to_record
from game.state import SeatView
from ui.app import App, make_app
from ui.scenes.table import TableScene, make_config

SHOTS = Path("/tmp/trick-table-undo")
NAMES = {2: ["You", "North"], 4: ["You", "West", "North", "East"]}


@pytest.fixture
def window() -> Iterator[App]:
    """A headless window at instant speed (computers move at once)."""
    app = make_app((1280, 720), headless=True, menu=False)
    app.ctx.settings.speed = "instant"
    pygame.event.clear()
    try:
        yield app
    finally:
        app.close()


def table(app: App, game: str, players: int, humans: list[int], seed: int = 3) -> TableScene:
    """A table whose computers decide inline."""
    scene = TableScene(app.ctx, make_config(game, NAMES[players], humans, seed=seed), computer_sync=True)
    app.ctx.scenes.push(scene)
    return scene


def until_my_turn(app: App, scene: TableScene, frames: int = 400) -> None:
    """Run frames until the human may act (a hand's summary is closed on the way)."""
    for _ in range(frames):
        if scene.overlays.summary is not None:
            scene.overlays.summary.on_continue()
            scene.overlays.close("summary")
        if scene.can_act() and scene.decision().kind:
            return
        app.step(0.1)
    raise AssertionError("the human's turn never came")


def ctrl_z(app: App) -> None:
    """Ctrl+Z and one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z"))
    app.step(0.0)


def only_my_cards_face_up(scene: TableScene) -> None:
    """Nothing of another seat's hand is drawn face up, and the model knows no other hand."""
    assert scene.face_up_hidden_cards() == []
    assert set(scene.model.hands) == {0}
    for item in scene.render_items():
        if item.face_up and item.owner is not None:
            assert item.owner == 0


def shown_hand(scene: TableScene) -> set:
    """The cards of the human's hand the table shows."""
    return {c for c in scene.view.hand_cards(scene.model) if c is not None}


def decide(scene: TableScene, pick: int = -1) -> None:
    """Make one of the human's legal decisions (never a Look in four-player Spades: it is no decision)."""
    legal = [a for a in scene.control.game.legal_actions() if not (isinstance(a, Bid) and a.value == DOUBLE_NIL)]
    assert scene.try_action(legal[pick % len(legal)])


@pytest.mark.parametrize(("game", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 4)])
def test_undo_restores_the_exact_view_of_each_earlier_decision(window: App, game: str, players: int) -> None:
    scene = table(window, game, players, [0])
    until_my_turn(window, scene)
    if game == "spades":
        assert scene.try_action(Look(0))
        until_my_turn(window, scene)
    seen: list[SeatView] = []
    for number in range(5):
        seen.append(scene.control.game.view(0))
        decide(scene, pick=number)
        until_my_turn(window, scene)
        if scene.control.game.hand_number != seen[0].hand_number:
            break
    if scene.control.game.hand_number != seen[0].hand_number:
        seen.pop()  # the last decision ended the hand: it is no longer in this hand
        assert not scene.control.undo.can_undo(scene.control.game)
        return
    undone = 0
    while seen and scene.control.undo.can_undo(scene.control.game):
        expected = seen.pop()
        ctrl_z(window)
        undone += 1
        assert scene.control.game.view(0) == expected  # exactly the view the human had at that decision
        assert scene.control.game.to_act == 0
        window.step(0.1)
        only_my_cards_face_up(scene)
        assert shown_hand(scene) == set(expected.hand or ())
    assert undone >= 2
    if game == "spades-two":  # the first decision, taking a card rather than a blind Double Nil, stays
        assert len(seen) == 1 and not seen[0].looked[0]
        assert "seen" in (scene.control.undo.refusal(scene.control.game) or "")
    else:
        assert seen == []
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / f"undo-{game}.png")


def test_the_button_takes_back_a_card_and_the_computers_play_again(window: App) -> None:
    scene = table(window, "spades", 4, [0], seed=7)
    until_my_turn(window, scene)
    assert scene.try_action(Look(0))
    until_my_turn(window, scene)
    decide(scene)  # a bid
    until_my_turn(window, scene)
    at_card = scene.control.game.view(0)
    plays = [a for a in scene.control.game.legal_actions() if isinstance(a, Play)]
    decide(scene, pick=0)
    until_my_turn(window, scene)
    assert scene.undo.visible()
    SHOTS.mkdir(exist_ok=True)
    window.screenshot(SHOTS / "undo-button.png")
    rect = scene.undo.button.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    window.step(0.0)
    assert scene.control.game.view(0) == at_card
    window.step(0.1)
    only_my_cards_face_up(scene)
    other = plays[-1] if len(plays) > 1 else plays[0]
    assert scene.try_action(other)
    until_my_turn(window, scene)
    # the record holds the final line only: the card played the second time, not the one taken back
    record = to_record(scene.control.game, [{"name": n, "player": "computer", "level": "random"} for n in NAMES[4]])
    hand = record["hands"][-1]
    mine = [card for trick in hand["tricks"] for seat, card in trick["plays"] if seat == 0]
    assert str(other.card) in mine
    if other != plays[0]:
        assert str(plays[0].card) not in mine
    again = replay(record)
    assert again.game.view(0) == scene.control.game.view(0)


def test_a_bid_made_without_looking_is_taken_back_face_up(window: App) -> None:
    scene = table(window, "spades", 4, [0], seed=4)
    until_my_turn(window, scene)
    assert scene.control.game.view(0).hand is None  # face down: Double Nil still possible
    assert any(isinstance(a, Bid) and a.value == DOUBLE_NIL for a in scene.control.game.legal_actions())
    numbers = [a for a in scene.control.game.legal_actions() if isinstance(a, Bid) and isinstance(a.value, int)]
    assert scene.try_action(numbers[2])  # the bid turns the cards face up
    cards = set(scene.control.game.view(0).hand or ())
    until_my_turn(window, scene)
    ctrl_z(window)
    view = scene.control.game.view(0)
    assert view.to_act == 0 and view.bids[0] is None and set(view.hand or ()) == cards and view.looked[0]
    assert not any(isinstance(a, Bid) and a.value == DOUBLE_NIL for a in view.legal)  # no blind bid now
    window.step(0.1)
    only_my_cards_face_up(scene)


def test_undo_stays_within_the_hand(window: App) -> None:
    scene = table(window, "pitch", 4, [0], seed=2)
    until_my_turn(window, scene)
    while scene.control.game.hand_number == 1:
        decide(scene, pick=0)
        until_my_turn(window, scene)
    before = to_record(scene.control.game)
    assert scene.control.undo.steps and not scene.control.undo.can_undo(scene.control.game) and not scene.undo.visible()
    ctrl_z(window)
    assert to_record(scene.control.game) == before
    assert scene.notes.toast is not None and "hand" in scene.notes.toast.message


def test_undo_is_off_in_hot_seat(window: App) -> None:
    scene = table(window, "spades", 4, [0, 2])
    for _ in range(200):
        if scene.overlays.curtain is not None:
            scene.overlays.curtain.button.activate()
        if scene.can_act() and scene.decision().kind:
            break
        window.step(0.1)
    decide(scene)
    window.step(0.1)
    before = to_record(scene.control.game)
    assert not scene.control.undo.enabled and not scene.control.undo.steps and not scene.undo.visible()
    ctrl_z(window)
    assert to_record(scene.control.game) == before


def test_nothing_to_take_back_at_the_first_decision(window: App) -> None:
    scene = table(window, "spades-two", 2, [0])
    until_my_turn(window, scene)
    view = scene.control.game.view(0)
    ctrl_z(window)
    assert scene.control.game.view(0) == view and scene.notes.toast is not None


@pytest.mark.parametrize(("game", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 4)])
def test_a_resumed_game_can_still_take_back_the_decisions_of_its_hand(window: App, game: str, players: int) -> None:
    scene = table(window, game, players, [0], seed=5)
    until_my_turn(window, scene)
    if game == "spades":
        assert scene.try_action(Look(0))
        until_my_turn(window, scene)
    seen: list[SeatView] = []
    for number in range(3):
        seen.append(scene.control.game.view(0))
        decide(scene, pick=number)
        until_my_turn(window, scene)
    assert {view.hand_number for view in seen} == {scene.control.game.hand_number}
    steps = len(scene.control.undo.steps)
    scene.control.save()
    saves = window.ctx.saves
    assert saves is not None and saves.flush()
    window.ctx.scenes.pop()  # the window closed...
    saved, problem = saves.load()  # ...and Continue
    assert problem is None and saved is not None
    window.resume(saved)
    resumed = window.ctx.scenes.top
    assert isinstance(resumed, TableScene) and resumed is not scene and len(resumed.control.undo.steps) == steps
    until_my_turn(window, resumed)
    undone = 0
    while seen and resumed.control.undo.can_undo(resumed.control.game):
        ctrl_z(window)
        undone += 1
        assert resumed.control.game.view(0) == seen.pop()  # the view the human had there, no card more
        window.step(0.1)
        only_my_cards_face_up(resumed)
    assert undone >= 2
