"""The setup screen offers exactly what the registry says: its games, their seat counts and every option's values.

Driven with synthetic clicks on the screen; a game or an option added to the registry (with a
presentation) is covered here with no new test code.
"""

from __future__ import annotations

import pygame
import pytest

from game.games import GAMES
from ui.draw.widgets import ChoiceSelector, Toggle
from ui.games import PRESENTATIONS, shown_games
from ui.scenes.setup import PLAYERS, SetupScene, help_line

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


def values_offered(app, setup: SetupScene, key: str) -> list[object]:
    """Every value the option's control gives the started game, found by working the control to its end."""
    widget = setup.controls[setup.game][key]
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
    setup = open_setup(app)
    choose_game(app, setup, kind)
    for seats in range(info.min_seats, info.max_seats + 1):
        if PLAYERS in setup.controls[kind]:
            setup.controls[kind][PLAYERS].step(seats - setup.players)  # the selector's own arrows, as a click does
        assert setup.players == seats
        for spec in info.option_specs:
            widget = setup.controls[kind][spec.key]
            assert isinstance(widget, Toggle) == spec.is_toggle, spec.key
            assert widget.label == spec.label
            if isinstance(widget, ChoiceSelector):
                assert widget.choices == [(c.label, c.value) for c in spec.choices]  # labels, in display order
            offered = values_offered(app, setup, spec.key)
            allowed = spec.allowed_at(seats)
            assert all(any(type(v) is type(a) and v == a for a in allowed) for v in offered), (spec.key, seats)
            assert {repr(v) for v in offered} == {repr(a) for a in allowed}, (spec.key, seats)
            assert widget.enabled == (len(allowed) > 1)


def test_a_focused_option_shows_its_help_with_its_default(app) -> None:
    setup = open_setup(app)
    about = setup.about_text()
    spec = GAMES[setup.game].option_specs[0]
    widget = setup.controls[setup.game][spec.key]
    setup.group.set_focus(widget)
    assert setup.about_text() == help_line(spec) == f"{spec.help} Default: {spec.label_of(spec.default)}."
    setup.group.set_focus(setup.start_button)
    assert setup.about_text() == about


def test_the_target_selector_stops_at_its_ends(app) -> None:
    setup = open_setup(app)
    target = setup.controls[setup.game]["target"]
    assert isinstance(target, ChoiceSelector)
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
