"""The setup screen offers exactly what the registry says: its games, their seat counts and every option's values.

Driven with synthetic clicks on the screen; a game or an option added to the registry (with a
presentation) is covered here with no new test code.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.games import GAMES
from ui.draw.widgets import ChoiceSelector, Toggle
from ui.games import PRESENTATIONS, shown_games
from ui.scenes.setup import PLAYERS, SetupScene, accepts, help_line

DT = 1 / 60


def click(app, at) -> None:
    """Press and release the left button over a widget (or at a point), then run a frame."""
    pos = at.rect.center if hasattr(at, "rect") else tuple(at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(DT)


def open_setup(app) -> SetupScene:
    click(app, app.ctx.scenes.top.new_game)
    setup = app.ctx.scenes.top
    assert isinstance(setup, SetupScene)
    return setup


def choose_game(app, setup: SetupScene, kind: str) -> None:
    click(app, setup.tabs.segment_rects[shown_games().index(kind)].center)
    assert setup.game == kind


def to_the_left_end(app, selector: ChoiceSelector) -> None:
    for _ in range(len(selector.choices)):
        click(app, selector.left_rect.center)


def show(app, setup: SetupScene, widget) -> None:
    """Turn the Rules panel's pages (clicking its page control) until ``widget`` is on screen."""
    for _ in range(len(setup.controls[setup.game]) + 1):
        if widget in setup.active_controls():
            return
        click(app, setup.pagers[setup.game].right_rect.center)
    assert widget in setup.active_controls()


def fresh_setup(app, kind: str, seats: int) -> SetupScene:
    """A new setup screen (nothing remembered) on ``kind`` at ``seats``, chosen with clicks."""
    if isinstance(app.ctx.scenes.top, SetupScene):
        click(app, app.ctx.scenes.top.back_button)  # (Back remembers the choices: forget them after)
    app.ctx.settings.last_setup = {}
    setup = open_setup(app)
    choose_game(app, setup, kind)
    if PLAYERS in setup.controls[kind]:
        selector = setup.controls[kind][PLAYERS]
        show(app, setup, selector)
        for _ in range(abs(seats - setup.players)):
            click(app, (selector.right_rect if seats > setup.players else selector.left_rect).center)
    assert setup.players == seats
    return setup


def values_offered(app, setup: SetupScene, key: str) -> list[object]:
    """Every value the option's control gives the started game, found by working the control to its end."""
    widget = setup.controls[setup.game][key]
    show(app, setup, widget)
    seen = [getattr(setup.config().options, key)]
    if isinstance(widget, Toggle):
        for _ in range(2):
            click(app, widget)
            seen.append(getattr(setup.config().options, key))
    else:
        assert isinstance(widget, ChoiceSelector)
        to_the_left_end(app, widget)
        for _ in range(len(widget.choices) + 1):
            seen.append(getattr(setup.config().options, key))
            click(app, widget.right_rect.center)
    return seen


def expected_values(kind: str, spec, seats: int) -> list[object]:
    """What the registry allows the option at ``seats`` that the options class takes beside the others'
    defaults there, in display order."""
    info = GAMES[kind]
    defaults = {other.key: other.default_at(seats) for other in info.option_specs}
    allowed = {repr(v) for v in spec.allowed_at(seats)}
    return [c.value for c in spec.choices
            if repr(c.value) in allowed and accepts(info, {**defaults, spec.key: c.value})]


def test_the_window_offers_the_registrys_games_that_it_presents_in_the_registrys_order() -> None:
    assert set(PRESENTATIONS) <= set(GAMES)  # a presentation is of a game of the registry
    assert shown_games() == tuple(kind for kind in GAMES if kind in PRESENTATIONS)
    assert {"spades", "spades-two", "pitch"} <= set(shown_games())


def test_the_tabs_are_the_registrys_games_in_its_order(app) -> None:
    setup = open_setup(app)
    assert setup.tabs.labels == [GAMES[kind].title for kind in shown_games()]
    for kind in shown_games():
        choose_game(app, setup, kind)
        assert setup.config().game == kind


@pytest.mark.parametrize("kind", shown_games())
def test_the_seat_counts_are_the_registrys(app, kind: str) -> None:
    info = GAMES[kind]
    setup = open_setup(app)
    choose_game(app, setup, kind)
    counts = list(range(info.min_seats, info.max_seats + 1))
    if len(counts) == 1:
        assert PLAYERS not in setup.controls[kind]
        assert setup.config().players == info.default_seats
        return
    selector = setup.controls[kind][PLAYERS]
    assert isinstance(selector, ChoiceSelector)
    assert setup.config().players == info.default_seats
    to_the_left_end(app, selector)
    reached = []
    for _ in range(len(counts) + 2):  # two clicks past the end: it stops there
        reached.append(setup.config().players)
        click(app, selector.right_rect.center)
    assert sorted(set(reached)) == counts and reached[-1] == info.max_seats
    assert len(setup.config().seats) == info.max_seats


@pytest.mark.parametrize("kind", shown_games())
def test_every_option_offers_exactly_its_allowed_values_at_every_seat_count(app, kind: str) -> None:
    info = GAMES[kind]
    for seats in range(info.min_seats, info.max_seats + 1):
        for spec in info.option_specs:
            setup = fresh_setup(app, kind, seats)
            widget = setup.controls[kind][spec.key]
            on_off = spec.is_toggle and {c.label for c in spec.choices} == {"On", "Off"}
            assert isinstance(widget, Toggle) == on_off, spec.key  # (else a selector in its words: "Each for himself")
            assert widget.label == spec.label
            expected = expected_values(kind, spec, seats)
            if isinstance(widget, ChoiceSelector):  # the labels, in display order
                assert widget.choices == [(c.label, c.value) for c in spec.choices if c.value in expected]
            offered = values_offered(app, setup, spec.key)
            assert {repr(v) for v in offered} == {repr(v) for v in expected}, (spec.key, seats)
            assert widget.enabled == (len(expected) > 1)


@pytest.mark.parametrize("kind", shown_games())
def test_the_pages_of_the_rules_panel_show_every_control_once_inside_the_panel(app, kind: str) -> None:
    setup = fresh_setup(app, kind, GAMES[kind].default_seats)
    pages = setup.pages(kind)
    seen = []
    for page in range(len(pages)):
        shown = [w for w in setup.active_controls() if w is not setup.pagers.get(kind)]
        assert all(setup.left.contains(w.rect) for w in setup.active_controls())
        seen += shown
        if page < len(pages) - 1:
            click(app, setup.pagers[kind].right_rect.center)
    assert seen == list(setup.controls[kind].values())
    assert (kind in setup.pagers) == (len(pages) > 1)


@pytest.mark.parametrize("kind", shown_games())
def test_any_clicks_on_the_controls_leave_a_game_the_rules_take(app, kind: str) -> None:
    rng = random.Random(kind)
    setup = fresh_setup(app, kind, GAMES[kind].default_seats)
    for _ in range(120):
        widget = rng.choice(setup.active_controls())
        if isinstance(widget, ChoiceSelector):
            click(app, (widget.right_rect if rng.random() < 0.5 else widget.left_rect).center)
        else:
            click(app, widget)
        config = setup.config()  # never refused: every combination offered is one the options class takes
        assert GAMES[kind].allows_seats(config.players, config.options)
        assert config.options == GAMES[kind].options_class(**setup.chosen_options())


def test_a_focused_option_shows_its_help_with_its_default(app) -> None:
    setup = open_setup(app)
    about = setup.about_text()
    spec = GAMES[setup.game].option_specs[0]
    widget = setup.controls[setup.game][spec.key]
    show(app, setup, widget)  # (the options that depend on the seat count come first: it may be on a later page)
    about = setup.about_text()
    setup.group.set_focus(widget)
    default = spec.label_of(spec.default_at(setup.players))
    assert setup.about_text() == help_line(spec, setup.players) == f"{spec.help} Default: {default}."
    setup.group.set_focus(setup.start_button)
    assert setup.about_text() == about


def test_the_target_selector_stops_at_its_ends(app) -> None:
    setup = open_setup(app)
    target = setup.controls[setup.game]["target"]
    assert isinstance(target, ChoiceSelector)
    show(app, setup, target)
    lowest, highest = target.choices[0][1], target.choices[-1][1]
    to_the_left_end(app, target)
    click(app, target.left_rect.center)
    assert setup.config().options.target == lowest  # no wrap round to the highest
    for _ in range(len(target.choices) + 1):
        click(app, target.right_rect.center)
    assert setup.config().options.target == highest


def test_a_second_human_seat_keeps_the_players_own_name_on_the_first(app) -> None:
    app.ctx.settings.player_name = "Ada"
    setup = open_setup(app)
    assert setup.config().seats[0].name == "Ada"
    click(app, setup.rows[1].who.right_rect.center)  # West: Computer -> Human
    assert setup.human[1]
    names = [seat.name for seat in setup.config().seats]
    assert names[0] == "Ada" and names[1] == "Player 2"
    click(app, setup.rows[1].who.right_rect.center)  # back to Computer
    assert [seat.name for seat in setup.config().seats][:2] == ["Ada", "West"]
