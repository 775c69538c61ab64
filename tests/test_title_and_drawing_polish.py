"""Issue 14 item 23, the drawing and title-screen part: the trump icon in the four-colour deck, the empty
Statistics chart, small cards where pips cannot fit, and the title screen's default and Esc."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards import Card
from game.factory import new_game
from ui.app import App, make_app
from ui.draw.cardart import SMALL_WIDTH, CardArt
from ui.draw.suits import RED
from ui.scenes.confirm import ConfirmScene
from ui.scenes.menu import MenuScene
from ui.scenes.stats import StatsScene
from ui.scenes.table import TableScene, make_config
from ui.services.saves import SaveService
from ui.table.layout import TableLayout

SHOTS = Path("/tmp")
BLUE = (22, 84, 196)  # the four-colour deck's diamonds (ui.draw.suits.BLUE)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(0.016)


def _near(pixel: tuple[int, ...], ink: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], ink, strict=True))


def test_the_trump_icon_takes_the_four_colour_decks_ink(bare_app: App) -> None:
    bare_app.ctx.settings.four_color = True
    config = make_config("pitch", ["You", "West", "East"], [0], seed=4)
    table = TableScene(bare_app.ctx, config, computer_sync=True)
    bare_app.ctx.scenes.push(table)
    table.model.trump = 2  # diamonds: blue in the four-colour deck
    rect = table.layout.score_panel
    four = pygame.Surface(bare_app.ctx.size)
    table.score_panel.draw(four, table.layout, table.model)
    table.score_panel.four_color = False
    two = pygame.Surface(bare_app.ctx.size)
    table.score_panel.draw(two, table.layout, table.model)
    icon = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if four.get_at((x, y)) != two.get_at((x, y))]
    assert len(icon) > 20  # the table set the panel to the setting's colours: the icon differs
    assert sum(_near(tuple(four.get_at(p)), BLUE) for p in icon) > len(icon) // 3
    assert not any(_near(tuple(four.get_at(p)), RED) for p in icon)


def test_the_empty_statistics_chart_has_no_zero_line_through_its_words(bare_app: App) -> None:
    scene = StatsScene(bare_app.ctx)
    bare_app.ctx.scenes.push(scene)
    assert scene.recent() == []
    surface = pygame.Surface(bare_app.ctx.size)
    scene.draw(surface)
    pygame.image.save(surface, str(SHOTS / "stats-empty-chart.png"))
    rect, s = scene.chart_rect, scene.s
    plot = pygame.Rect(rect.x + s(8), rect.y + s(40), rect.width - s(16), rect.height - s(40) - s(62))
    row = [tuple(surface.get_at((x, plot.centery)))[:3] for x in range(plot.x + 1, plot.x + plot.width // 5)]
    line_color = (170, 184, 174)  # theme.TEXT_DIM, the zero line's colour
    assert line_color not in row


def _centre_ink(art: CardArt, card: str) -> int:
    """Red ink pixels in the middle of a face, away from its corner indices."""
    w, h = art.size
    centre = pygame.Rect(round(w * 0.3), round(h * 0.3), round(w * 0.4), round(h * 0.4))
    face = art.face(Card.parse(card))
    return sum(1 for x in range(centre.left, centre.right) for y in range(centre.top, centre.bottom)
               if _near(tuple(face.get_at((x, y))), RED, 60))


@pytest.mark.parametrize("players, kind", [(4, "spades"), (3, "pitch")])
def test_small_number_cards_show_their_index_alone(players: int, kind: str) -> None:
    pygame.display.init()
    pygame.font.init()
    layout = TableLayout((800, 500), players, kind)
    widths = sorted({w for w in (layout.trick_w, layout.small_w) if w < SMALL_WIDTH})
    assert widths  # at 800x500 the trick and the small cards are below the width where pips fit
    for width in widths:
        art = CardArt(width)
        assert _centre_ink(art, "7H") == 0 and _centre_ink(art, "2D") == 0  # no lone heart that reads as an ace
        assert _centre_ink(art, "AH") > 0  # an ace keeps its one suit


def _app_with_a_saved_game() -> App:
    game = new_game("spades", None, 4, 5)
    seats = [{"name": n, "player": "human" if i == 0 else "computer", "level": "normal"}
             for i, n in enumerate(["You", "West", "North", "East"])]
    writer = SaveService()
    writer.autosave(game, seats, {"humans": [0], "title": "Spades, hand 1", "scores": [0, 0]})
    writer.close()
    app = make_app((1280, 720), headless=True)
    pygame.event.clear()
    return app


def test_continue_is_the_title_screens_default_when_a_game_is_saved() -> None:
    app = _app_with_a_saved_game()
    try:
        menu = app.ctx.scenes.top
        assert isinstance(menu, MenuScene) and menu.continue_game.enabled
        assert menu.group.focus is menu.continue_game
        assert menu.continue_game.primary and not menu.new_game.primary
    finally:
        app.close()


def test_new_game_is_the_default_without_a_save(app: App) -> None:
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuScene) and not menu.continue_game.enabled
    assert menu.group.focus is menu.new_game and menu.new_game.primary


def test_esc_on_the_title_screen_asks_and_esc_again_stays(app: App) -> None:
    menu = app.ctx.scenes.top
    press(app, pygame.K_ESCAPE)
    ask = app.ctx.scenes.top
    assert isinstance(ask, ConfirmScene) and app.running and not app.ctx.quit_requested
    app.screenshot(SHOTS / "menu-quit-question.png")
    press(app, pygame.K_ESCAPE)  # the safe answer: stay
    assert app.ctx.scenes.top is menu and app.running
    press(app, pygame.K_ESCAPE)
    ask = app.ctx.scenes.top
    assert isinstance(ask, ConfirmScene)
    ask.confirm()
    app.step(0.016)
    assert not app.running
