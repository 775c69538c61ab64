"""The registry of games says what the engine does: seats, hand sizes, exchange and redraw sizes, options."""

from __future__ import annotations

import dataclasses
import random

import pytest
from scripted import draw_all, random_action

from game.actions import DOUBLE_NIL, Bid, Exchange, Redraw
from game.factory import GAMES as NAMES
from game.factory import default_options, new_game, seats_for
from game.games import GAMES, GameInfo
from game.state import Phase


def test_every_game_is_registered_once_under_its_name() -> None:
    assert NAMES == ("spades", "spades-two", "pitch") and tuple(GAMES) == NAMES
    assert all(isinstance(info, GameInfo) and info.name == name for name, info in GAMES.items())
    assert [info.title for info in GAMES.values()] == ["Spades", "Spades for two", "Pitch"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        GAMES["pitch"].hand_size = 7  # type: ignore[misc]


@pytest.mark.parametrize("name", NAMES)
def test_the_seat_counts_are_the_ones_the_engine_accepts(name: str) -> None:
    info = GAMES[name]
    assert info.min_seats <= info.default_seats <= info.max_seats
    for seats in range(info.min_seats, info.max_seats + 1):
        game = new_game(name, None, seats, 1)
        assert game.num_seats == seats and seats_for(name, seats) == seats and info.allows_seats(seats)
        assert game.kind == name
    assert not info.allows_seats(info.min_seats - 1) and not info.allows_seats(info.max_seats + 1)
    if info.min_seats != info.max_seats:
        for wrong in (info.min_seats - 1, info.max_seats + 1):
            with pytest.raises(ValueError):
                new_game(name, None, wrong, 1)


@pytest.mark.parametrize("name", NAMES)
def test_the_hand_size_is_what_each_seat_holds_when_play_begins(name: str) -> None:
    info = GAMES[name]
    for seed in range(5):
        game = new_game(name, None, info.default_seats, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAYING:
            game.apply(random_action(game, rng))
        assert [h.bit_count() for h in game.hands] == [info.hand_size] * info.default_seats


def test_the_exchange_size_is_the_size_of_every_exchange_offered() -> None:
    info = GAMES["spades"]
    game = new_game("spades", None, 4, 3)
    game.apply(Bid(game.to_act, DOUBLE_NIL))
    while game.phase is Phase.BIDDING:
        game.apply(Bid(game.to_act, 3))
    assert game.phase is Phase.EXCHANGE and game.view(game.to_act).exchange_cards == info.exchange_size == 3
    assert {len(a.cards) for a in game.legal_actions() if isinstance(a, Exchange)} == {info.exchange_size}
    assert GAMES["spades-two"].exchange_size == GAMES["pitch"].exchange_size == 0


def test_the_redraw_max_is_the_largest_redraw_offered() -> None:
    info = GAMES["spades-two"]
    game = new_game("spades-two", None, 2, 3)
    draw_all(game, blind=[game.to_act])
    assert game.phase is Phase.REDRAW
    sizes = {len(a.cards) for a in game.legal_actions() if isinstance(a, Redraw)}
    assert sizes == set(range(info.redraw_max + 1)) and info.redraw_max == 3
    assert GAMES["spades"].redraw_max == GAMES["pitch"].redraw_max == 0


@pytest.mark.parametrize("name", NAMES)
def test_the_option_choices_start_with_the_defaults_and_are_all_accepted(name: str) -> None:
    info = GAMES[name]
    defaults = info.default_options()
    assert defaults == default_options(name) == info.options_class()
    assert set(defaults.to_json()) == set(info.option_choices)  # the record writes every option offered
    assert {f.name for f in dataclasses.fields(info.options_class)} >= set(info.option_choices)
    for option, allowed in info.option_choices.items():
        assert allowed[0] == getattr(defaults, option)
        for value in allowed:
            assert getattr(info.options_class(**{option: value}), option) == value
