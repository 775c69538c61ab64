"""The menu screens driven by synthetic mouse and key events, with screenshots under screenshots/."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.options import PitchOptions, SpadesOptions
from ui.config import LEVELS, GameConfig, SeatConfig, default_names
from ui.draw.widgets import Button, ChoiceSelector, Toggle
from ui.scenes.gameover import GameOverScene
from ui.scenes.menu import SUBTITLE_GAP, MenuScene, subtitle
from ui.scenes.rules import RulesScene, inline_spans, parse_markdown
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"
DT = 1 / 60


# --- driving helpers ----------------------------------------------------------------------------
def settle(app, frames: int = 3) -> None:
    """Run a few frames with the fixed dt."""
    for _ in range(frames):
        app.step(DT)


def click(app, target) -> None:
    """Move to, press and release the left button at a widget's centre (or a point), then run a frame."""
    pos = target.rect.center if hasattr(target, "rect") else tuple(target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def press(app, key: int, mod: int = 0) -> None:
    """Post one key press and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.step(DT)


def type_text(app, chars: str) -> None:
    """Type characters as SDL delivers them (TEXTINPUT), then run a frame."""
    for ch in chars:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(DT)


def top(app):
    """The scene on top of the stack."""
    return app.ctx.scenes.top


def distinct_colours(surface: pygame.Surface) -> int:
    """How many different colours a grid of samples finds (a blank frame has one or two)."""
    w, h = surface.get_size()
    step = max(5, w // 200)
    return len({tuple(surface.get_at((x, y))) for y in range(0, h, step) for x in range(0, w, step)})


def shoot(app, name: str) -> Path:
    """Save a screenshot under screenshots/ and check that it is not blank."""
    path = app.screenshot(SCREENSHOTS / f"{name}.png")
    assert distinct_colours(app.screen) > 200, f"{name} looks blank"
    return path


def on_screen(app, widgets) -> bool:
    """True when every widget lies entirely inside the window."""
    screen = app.screen.get_rect()
    return all(screen.contains(w.rect) for w in widgets)


def capture_start(app) -> list[GameConfig]:
    """Replace the start_game hook with one that records the config."""
    started: list[GameConfig] = []
    app.start_game = started.append
    return started


def show(app, setup: SetupScene, widget) -> None:
    """Turn the Rules panel's pages with its page control until ``widget`` is on screen."""
    if widget in setup.active_controls():
        return
    pager = setup.pagers[setup.game]
    while pager.index > 0:  # back to the first page, then on until the widget shows
        click(app, pager.left_rect.center)
    for _ in range(len(pager.choices)):
        if widget in setup.active_controls():
            return
        click(app, pager.right_rect.center)
    assert widget in setup.active_controls()


def open_setup(app) -> SetupScene:
    """From the menu, click New game."""
    click(app, top(app).new_game)
    scene = top(app)
    assert isinstance(scene, SetupScene)
    return scene


# --- title menu ---------------------------------------------------------------------------------
def test_the_app_starts_on_the_title_menu(app):
    settle(app)
    assert isinstance(top(app), MenuScene)
    assert [b.label for b in top(app).buttons] == ["New game", "Continue", "Open record\u2026", "Settings", "Rules",
                                                   "Statistics", "Quit"]


def test_the_title_names_every_game_the_new_game_screen_offers(app):
    """The line under the title lists the games by the titles of the New game screen's tabs, in their order."""
    settle(app)
    click(app, top(app).buttons[0])
    assert isinstance(top(app), SetupScene)
    assert subtitle().split(SUBTITLE_GAP) == top(app).tabs.labels
    assert len(top(app).tabs.labels) == 4 and "Ten-point Pitch" in subtitle()


def test_menu_buttons_open_their_screens_and_esc_comes_back(app):
    settle(app)
    menu = top(app)
    for button, kind in ((menu.settings, SettingsScene), (menu.rules, RulesScene), (menu.new_game, SetupScene)):
        click(app, button)
        assert isinstance(top(app), kind)
        press(app, pygame.K_ESCAPE)
        assert top(app) is menu


def test_continue_is_disabled_without_a_save(app):
    settle(app)
    menu = top(app)
    assert not menu.continue_game.enabled
    click(app, menu.continue_game)
    assert top(app) is menu


def test_continue_follows_the_saved_game_hooks(app):
    resumed = []
    app.has_saved_game = lambda: True
    app.continue_game = lambda: resumed.append(True)
    click(app, top(app).settings)
    press(app, pygame.K_ESCAPE)  # the menu refreshes Continue when it comes back on top
    menu = top(app)
    assert menu.continue_game.enabled
    click(app, menu.continue_game)
    assert resumed == [True]


def test_quit_button_and_esc_end_the_loop(app):
    click(app, top(app).quit)
    assert not app.running


def test_esc_on_the_menu_asks_before_quitting(app):
    press(app, pygame.K_ESCAPE)
    assert app.running  # a question first (tests/test_title_and_drawing_polish.py)
    press(app, pygame.K_RETURN)  # its focused answer is the safe one: stay
    assert app.running


def test_keyboard_moves_through_the_menu_and_enter_opens(app):
    settle(app)
    press(app, pygame.K_DOWN)  # Continue is disabled: skipped
    assert top(app).group.focus is top(app).open_record
    press(app, pygame.K_DOWN)
    assert top(app).group.focus is top(app).settings
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), RulesScene)


def test_hover_and_press_change_a_button_without_clicking_it(app):
    settle(app)
    button = top(app).settings
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step(DT)
    assert button.hovered and button.pressed and isinstance(top(app), MenuScene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))  # released elsewhere
    app.step(DT)
    assert not button.pressed and isinstance(top(app), MenuScene)


# --- setup ----------------------------------------------------------------------------------------
def test_setup_defaults_start_four_player_spades(app):
    started = capture_start(app)
    setup = open_setup(app)
    click(app, setup.start_button)
    assert started == [GameConfig(
        "spades", 4, SpadesOptions(),
        (SeatConfig("You", True, "normal"), SeatConfig("West", False, "normal"),
         SeatConfig("North", False, "normal"), SeatConfig("East", False, "normal")),
        None,
    )]


def test_setup_spades_options_reach_the_config(app):
    started = capture_start(app)
    setup = open_setup(app)
    c = setup.controls["spades"]
    show(app, setup, c["target"])
    click(app, c["target"].right_rect.center)  # 500 -> 1000
    show(app, setup, c["nil"])
    click(app, c["nil"])
    show(app, setup, c["double_nil"])
    click(app, c["double_nil"])
    show(app, setup, c["mercy"])
    click(app, c["mercy"].right_rect.center)
    click(app, setup.start_button)
    assert started[-1].options == SpadesOptions(target=1000, nil=False, double_nil=False, mercy=-200)


def test_setup_spades_for_two(app):
    started = capture_start(app)
    setup = open_setup(app)
    click(app, setup.tabs.segment_rects[1].center)
    click(app, setup.controls["spades-two"]["target"].left_rect.center)  # 500 -> 300
    click(app, setup.start_button)
    config = started[-1]
    assert (config.game, config.players, config.options.target) == ("spades-two", 2, 300)
    assert [s.name for s in config.seats] == ["You", "North"]
    assert [s.human for s in config.seats] == [True, False]


def test_setup_pitch_five_players_without_dealer_steal_to_eleven(app):
    started = capture_start(app)
    setup = open_setup(app)
    click(app, setup.tabs.segment_rects[2].center)
    c = setup.controls["pitch"]
    click(app, c["players"].right_rect.center)  # 4 -> 5
    click(app, c["dealer_steal"])
    click(app, c["target"].right_rect.center)  # 7 -> 11
    assert not c["partnerships"].enabled
    click(app, setup.start_button)
    config = started[-1]
    assert config.game == "pitch" and config.players == 5
    assert config.options == PitchOptions(target=11, partnerships=False, dealer_steal=False, low="winner")
    assert [s.name for s in config.seats] == list(default_names(5))
    assert len(config.seats) == 5 and config.seats[0].human and not any(s.human for s in config.seats[1:])


def test_setup_pitch_partnerships_only_with_four(app):
    started = capture_start(app)
    setup = open_setup(app)
    click(app, setup.tabs.segment_rects[2].center)
    c = setup.controls["pitch"]
    assert c["partnerships"].enabled
    click(app, c["partnerships"])
    show(app, setup, c["low"])
    click(app, c["low"].right_rect.center)
    click(app, setup.start_button)
    assert started[-1].options == PitchOptions(target=7, partnerships=True, dealer_steal=True, low="player")
    show(app, setup, c["players"])
    click(app, c["players"].right_rect.center)  # 5 players: partnerships switch off
    click(app, setup.start_button)
    assert started[-1].options.partnerships is False and started[-1].players == 5


def test_setup_seat_can_become_human_and_names_are_edited_by_keys(app):
    started = capture_start(app)
    setup = open_setup(app)
    row = setup.rows[2]
    click(app, row.name)
    assert setup.group.focus is row.name
    for _ in range(len("North")):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Ann")
    type_text(app, "ette-with-a-long-name")  # cut at the maximum length
    press(app, pygame.K_BACKSPACE)
    click(app, row.who)  # Computer -> Human
    click(app, setup.start_button)
    seat = started[-1].seats[2]
    assert seat.human and seat.name == "Annette-wit"
    assert len("Annette-wit") == row.name.max_len - 1


def test_an_emptied_name_falls_back_to_the_default(app):
    started = capture_start(app)
    setup = open_setup(app)
    click(app, setup.rows[1].name)
    press(app, pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL)
    click(app, setup.start_button)
    assert started[-1].seats[1].name == "West"


def test_the_level_choice_uses_the_levels_list(app):
    setup = open_setup(app)
    level = setup.rows[1].level
    assert [v for _label, v in level.choices] == LEVELS
    assert level.value_text == "Normal"
    assert level not in setup.group.widgets[:4]  # human seats show no level
    assert setup.rows[0].level not in setup.group.widgets


def test_setup_remembers_the_last_choices(app):
    capture_start(app)
    setup = open_setup(app)
    click(app, setup.tabs.segment_rects[2].center)
    click(app, setup.controls["pitch"]["players"].right_rect.center)
    click(app, setup.rows[1].name)  # selects the name
    press(app, pygame.K_END)  # the caret to the end: typing adds
    type_text(app, "y")
    press(app, pygame.K_ESCAPE)  # leaves the field
    press(app, pygame.K_ESCAPE)  # leaves the screen
    assert isinstance(top(app), MenuScene)
    setup = open_setup(app)
    assert setup.game == "pitch" and setup.players == 5
    assert setup.config().seats[1].name == "Westy"
    assert app.ctx.settings.last_setup["game"] == "pitch"


def test_game_config_checks_its_seats():
    with pytest.raises(ValueError):
        GameConfig("spades", 3, SpadesOptions(), (SeatConfig("a", True),) * 3)
    with pytest.raises(ValueError):
        GameConfig("pitch", 4, PitchOptions(), (SeatConfig("a", True),) * 3)
    config = GameConfig("spades-two", 2, SpadesOptions(), (SeatConfig("Ann", True), SeatConfig("Bot", False)))
    assert config.seat_records() == [{"name": "Ann", "player": "human"},
                                     {"name": "Bot", "player": "computer", "level": "normal"}]


# --- settings ---------------------------------------------------------------------------------------
def test_settings_change_speed_and_full_screen(app):
    click(app, top(app).settings)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    click(app, scene.speed.right_rect.center)
    assert app.ctx.settings.speed == "fast"
    press(app, pygame.K_RIGHT)  # focus starts on the speed row
    assert app.ctx.settings.speed == "instant"
    click(app, scene.fullscreen)
    assert app.ctx.settings.fullscreen is True
    click(app, scene.fullscreen)
    assert app.ctx.settings.fullscreen is False
    click(app, scene.back_button)
    assert isinstance(top(app), MenuScene)


# --- rules ---------------------------------------------------------------------------------------
def test_rules_scroll_with_keys_and_wheel_and_switch_tabs(app):
    click(app, top(app).rules)
    scene = top(app)
    assert isinstance(scene, RulesScene) and scene.max_scroll > 0
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll_px > 0
    settle(app, 30)
    assert scene.shown_px == pytest.approx(scene.scroll_px, abs=1)
    press(app, pygame.K_END)
    assert scene.scroll_px == scene.max_scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    app.step(DT)
    assert scene.scroll_px < scene.max_scroll
    press(app, pygame.K_HOME)
    assert scene.scroll_px == 0
    click(app, scene.tabs.segment_rects[2].center)
    assert scene.kind == "pitch" and scene.scroll_px == 0


def test_rules_markdown_is_parsed_into_headings_items_and_styled_spans():
    blocks = parse_markdown("# Title\n\nSource: x\n\n## Part\n- one **bold**\n  continued\n2. two\n\nA para\nline\n")
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Title"), ("heading", "Part"), ("item", "one **bold** continued"), ("item", "two"),
        ("para", "A para line"),
    ]
    assert inline_spans("leads the \u26659, see [spades.md](spades.md)") == [
        ("normal", "leads the "), ("suit", "\u2665"), ("normal", "9, see Spades"),
    ]


# --- game over -------------------------------------------------------------------------------------
def test_game_over_play_again_and_menu(app):
    again = []
    app.ctx.scenes.push(GameOverScene(app.ctx, "North & South win", [("North & South", 512), ("East & West", 230)],
                                      lambda: again.append(True)))
    settle(app, 40)
    scene = top(app)
    assert scene.winners == {0}
    click(app, scene.play_again)
    assert again == [True]
    click(app, scene.menu)
    assert isinstance(top(app), MenuScene) and len(app.ctx.scenes) == 1


# --- layout at other sizes --------------------------------------------------------------------------
def test_resizing_recomputes_every_layout_and_keeps_widgets_on_screen(app):
    click(app, top(app).new_game)
    setup = top(app)
    click(app, setup.tabs.segment_rects[2].center)
    click(app, setup.controls["pitch"]["players"].right_rect.center)
    click(app, setup.controls["pitch"]["players"].right_rect.center)
    click(app, setup.controls["pitch"]["players"].right_rect.center)  # 7 seats: the tallest layout
    before = setup.start_button.rect.copy()
    menu_before = app.ctx.scenes._stack[0].new_game.rect.copy()
    for size in ((1920, 1080), (800, 480), (1024, 768), (3840, 2160)):
        app.resize(size)
        settle(app, 2)
        assert on_screen(app, setup.group.widgets), size
    assert setup.start_button.rect != before
    press(app, pygame.K_ESCAPE)
    menu = top(app)
    assert menu.new_game.rect != menu_before and on_screen(app, menu.buttons)


def setup_about(setup: SetupScene) -> str:
    """The game's description the setup screen shows."""
    from ui.games import presentation_of

    return presentation_of(setup.game).about


def _seat_rows_do_not_overlap(setup: SetupScene) -> bool:
    rects = [w.rect for w in setup.group.widgets if w.rect.width]
    return not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 480)])
def test_setup_widgets_never_overlap(app, size):
    app.resize(size)
    setup = open_setup(app)
    for tab in range(3):
        click(app, setup.tabs.segment_rects[tab].center)
        assert _seat_rows_do_not_overlap(setup)
    for _ in range(3):
        click(app, setup.controls["pitch"]["players"].right_rect.center)
    assert setup.players == 7 and _seat_rows_do_not_overlap(setup) and on_screen(app, setup.group.widgets)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 480), (1024, 600)])
def test_setup_describes_each_game_in_full_under_its_options(app, size):
    from ui.draw import text

    app.resize(size)
    setup = open_setup(app)
    for tab in range(3):
        click(app, setup.tabs.segment_rects[tab].center)
        font_size, lines, room = setup.about_lines()
        options_bottom = max(w.rect.bottom for w in setup.group.widgets if setup.left.contains(w.rect))
        assert setup.about_top >= options_bottom, (size, tab)  # below the options, never over them
        assert len(lines) * text.line_height(font_size) <= room, (size, tab)  # every line shown, none cut off
        assert " ".join(lines).split() == setup_about(setup).split()  # the whole text, in order


# --- screenshots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screenshots_of_every_menu_screen(app, size):
    app.resize(size)
    tag = f"{size[0]}x{size[1]}"
    settle(app, 60)
    shoot(app, f"menu_{tag}")
    setup = open_setup(app)
    for index, kind in enumerate(("spades", "spades-two", "pitch")):
        click(app, setup.tabs.segment_rects[index].center)
        settle(app, 10)
        shoot(app, f"setup_{kind}_{tag}")
    for _ in range(3):
        click(app, setup.controls["pitch"]["players"].right_rect.center)
    settle(app, 10)
    shoot(app, f"setup_pitch7_{tag}")
    press(app, pygame.K_ESCAPE)
    click(app, top(app).settings)
    settle(app, 10)
    shoot(app, f"settings_{tag}")
    press(app, pygame.K_ESCAPE)
    click(app, top(app).rules)
    settle(app, 10)
    shoot(app, f"rules_{tag}")
    press(app, pygame.K_PAGEDOWN)
    settle(app, 40)
    shoot(app, f"rules_scrolled_{tag}")
    press(app, pygame.K_ESCAPE)
    app.ctx.scenes.push(GameOverScene(app.ctx, "You win!", [("You", 9), ("West", 4), ("North", 7), ("East", -2)],
                                      lambda: None))
    settle(app, 60)
    shoot(app, f"gameover_{tag}")


def test_widgets_expose_rects_for_clicking(app):
    menu = top(app)
    assert all(isinstance(b, Button) and b.rect.width > 0 for b in menu.buttons)
    setup = open_setup(app)
    assert isinstance(setup.controls["spades"]["target"], ChoiceSelector)
    assert isinstance(setup.controls["spades"]["nil"], Toggle)
    assert setup.controls["spades"]["target"].text == "Target score: 500"


def test_with_two_or_more_people_the_default_names_are_player_1_player_2(app):
    started = capture_start(app)
    setup = open_setup(app)  # Spades, four seats, only seat 0 a person
    assert setup.names[:4] == ["You", "West", "North", "East"]
    click(app, setup.rows[2].who.right_rect.center)  # North: Computer -> Human
    assert setup.human[2]
    assert setup.names[:4] == ["Player 1", "West", "Player 2", "East"]
    assert setup.rows[0].name.value == "Player 1"
    click(app, setup.start_button)
    assert [s.name for s in started[-1].seats] == ["Player 1", "West", "Player 2", "East"]
    assert default_names(4, [True, False, False, False]) == default_names(4)


def test_a_click_on_a_name_selects_it_and_ctrl_a_selects_it_again(app):
    started = capture_start(app)
    setup = open_setup(app)
    field = setup.rows[1].name
    click(app, field)
    assert field.selected_all
    type_text(app, "Bo")  # replaces the whole name
    assert field.value == "Bo" and not field.selected_all
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    assert field.selected_all
    type_text(app, "Cy")
    press(app, pygame.K_BACKSPACE)
    type_text(app, "d")
    click(app, setup.start_button)
    assert started[-1].seats[1].name == "Cd"
