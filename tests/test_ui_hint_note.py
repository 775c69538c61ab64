"""The Hint's reasons on the table: computed with the hint, drawn above what it lifts, never over the hand."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.actions import Bid, Play
from tests.e2e_helpers import run_table_until
from ui.app import make_app
from ui.scenes.table import TableScene, make_config
from ui.table.layout import TOAST_HALF_H
from ui.table.panels.hint_note import note_rect

SHOTS = "/tmp/h13-shots"


def _table(size: tuple[int, int], reasons: bool = True) -> tuple[object, TableScene]:
    app = make_app(size, headless=True, menu=False)
    pygame.event.clear()
    app.ctx.settings.speed = "instant"
    app.ctx.settings.think_ms = 100  # the Hint's budget: 24 worlds
    app.ctx.settings.hint_reasons = reasons
    config = make_config("spades", ["You", "West", "North", "East"], [0], seed=9, level="normal")
    scene = TableScene(app.ctx, config, computer_sync=True)
    app.ctx.scenes.push(scene)
    return app, scene


def _hint_at(app: object, scene: TableScene, kind: str) -> None:
    run_table_until(app, scene, lambda: scene.player.idle and scene.decision().kind == kind, Random(1))
    scene.request_hint()
    for _ in range(50):
        if scene.shown_hint() is not None:
            break
        app.step(0.02)  # type: ignore[attr-defined]
    app.step(0.02)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_the_hint_says_why_beside_the_card_without_covering_the_hand(size: tuple[int, int]) -> None:
    import os

    app, scene = _table(size)
    _hint_at(app, scene, "bid")
    if scene.control.game.view(0).hand is None:  # the Double Nil choice first: look, then ask again
        scene.input.look()
        app.step(0.02)  # type: ignore[attr-defined]
        _hint_at(app, scene, "bid")
    note = scene.control.hint_note()
    assert isinstance(scene.shown_hint(), Bid) and note is not None and note.text[0].startswith("You expect")
    os.makedirs(SHOTS, exist_ok=True)
    pygame.image.save(app.screen, f"{SHOTS}/hint_bid_{size[0]}x{size[1]}.png")  # type: ignore[attr-defined]
    # play on to a card
    _hint_at(app, scene, "play")
    action = scene.shown_hint()
    note = scene.control.hint_note()
    assert isinstance(action, Play) and note is not None and note.action == action
    pygame.image.save(app.screen, f"{SHOTS}/hint_card_{size[0]}x{size[1]}.png")  # type: ignore[attr-defined]
    anchor = scene.rect_for_card(action.card)
    assert anchor is not None
    rect, _lines, _px = note_rect(note.text, *scene.coach.note_place(action)[:1], size,
                                  *scene.coach.note_place(action)[1:])
    assert pygame.Rect(0, 0, *size).contains(rect)
    hand = [scene.rect_for_card(c) for c in scene.model.shown_hand(0)]
    assert not any(r is not None and r.colliderect(rect) for r in hand)  # no card of the hand is covered


def test_reasons_off_draws_no_note() -> None:
    app, scene = _table((1280, 720), reasons=False)
    _hint_at(app, scene, "bid")
    if scene.control.game.view(0).hand is None:
        scene.input.look()
        app.step(0.02)  # type: ignore[attr-defined]
    _hint_at(app, scene, "play")
    assert scene.shown_hint() is not None
    with_note = app.screen.copy()  # type: ignore[attr-defined]
    scene.ctx.settings.hint_reasons = True
    app.step(0.02)  # type: ignore[attr-defined]
    assert pygame.image.tobytes(with_note, "RGB") != pygame.image.tobytes(app.screen, "RGB")  # type: ignore[attr-defined]


def test_the_note_stays_above_a_passing_message() -> None:
    app, scene = _table((1280, 720))
    _hint_at(app, scene, "bid")
    if scene.control.game.view(0).hand is None:
        scene.input.look()
        app.step(0.02)  # type: ignore[attr-defined]
    _hint_at(app, scene, "play")
    action = scene.shown_hint()
    note = scene.control.hint_note()
    assert isinstance(action, Play) and note is not None
    scene.notes.show_toast("West led the A\u2660")  # a message under the trick, as while the hint shows
    lay = scene.view.layout
    rect, _lines, _px = note_rect(note.text, *scene.coach.note_place(action)[:1], (1280, 720),
                                  *scene.coach.note_place(action)[1:])
    assert rect.bottom <= lay.toast_at[1] - lay.px(TOAST_HALF_H)
    scene.notes.clear()
    rect_after, _lines, _px = note_rect(note.text, *scene.coach.note_place(action)[:1], (1280, 720),
                                        *scene.coach.note_place(action)[1:])
    assert rect_after.bottom > rect.bottom  # with the message gone, the note sits down by the card again


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_every_line_of_the_note_fits_inside_its_panel(size: tuple[int, int]) -> None:
    """The first line is drawn bold: measured as drawn, no line runs over the panel's edge (a Pitch bid's
    note, the widest the Hint writes, overran it at 800x480)."""
    from ui.draw import text

    make_app(size, headless=True, menu=False)
    lines = ["Expected points: Pass \u22120.3, Bid 2 \u22120.3, Bid 1 \u22120.5, Bid 3 \u22121.4, Bid 4 \u22123.5",
             "Pass is the safer choice: Bid 2 gains next to nothing"]
    scale = size[1] / 720
    rect, wrapped, font_px = note_rect(lines, pygame.Rect(size[0] // 2, size[1] // 2, 40, 40), size,
                                       lambda v: round(v * scale))
    pad = round(10 * scale)
    for index, line in enumerate(wrapped):
        width = text.render(line, font_px, (255, 255, 255), bold=index == 0).get_width()
        assert width + 2 * pad <= rect.width, (index, line, width, rect.width)
