"""A SeatView is a frozen copy: nothing in it is mutable or shared with the game, and its new fields are right."""

from __future__ import annotations

import dataclasses
import random
from types import MappingProxyType
from typing import Any

import pytest
from scripted import (
    bid_round,
    random_action,
    snapshot,
    spades_deal,
    spades_game,
    two_player_from_stock,
)

from game.actions import DOUBLE_NIL, Bid, Draw, Exchange, Look, Redraw
from game.cards import DECK
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import HandResult, Phase, SeatView

MUTABLE = (list, dict, set, bytearray)


def mutable_parts(value: Any, path: str = "view") -> list[str]:
    """Paths of every mutable container reachable from a view."""
    found = []
    if isinstance(value, MUTABLE):
        found.append(f"{path} is a {type(value).__name__}")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found += mutable_parts(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            found += mutable_parts(item, f"{path}[{index}]")
    elif isinstance(value, (dict, MappingProxyType)):
        for key, item in value.items():
            found += mutable_parts(item, f"{path}[{key!r}]")
    return found


def attack(view: SeatView) -> None:
    """Try to change every field of a view, and everything inside it."""
    for field in dataclasses.fields(view):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(view, field.name, None)
        value = getattr(view, field.name)
        if isinstance(value, tuple):
            for item in value:
                if isinstance(item, tuple) and item:
                    with pytest.raises(TypeError):
                        item[0] = None  # type: ignore[index]
    for result in view.results:
        with pytest.raises(dataclasses.FrozenInstanceError):
            result.points = []  # type: ignore[misc]
        for row in result.points:
            with pytest.raises(TypeError):
                row["total"] = 10**6  # type: ignore[index]
        with pytest.raises(TypeError):
            result.scores[0] = 10**6  # type: ignore[index]


GAMES = [("spades", 4, SpadesOptions(mercy=-200)), ("spades-two", 2, SpadesOptions(mercy=-200)),
         ("pitch", 3, PitchOptions()), ("pitch", 4, PitchOptions(partnerships=True))]


@pytest.mark.parametrize("kind,players,options", GAMES)
def test_a_view_shares_nothing_mutable_with_the_game(kind: str, players: int, options: object) -> None:
    for seed in range(3):
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        steps = 0
        while game.phase is not Phase.GAME_OVER:
            if steps % 7 == 0:
                before = snapshot(game)
                for seat in range(game.num_seats):
                    view = game.view(seat)
                    assert mutable_parts(view) == []
                    assert view.teams is not game.teams and view.teams == tuple(map(tuple, game.teams))
                    attack(view)
                assert snapshot(game) == before
            game.apply(random_action(game, rng))
            steps += 1
        assert game.results and all(mutable_parts(v) == [] for v in map(game.view, range(game.num_seats)))


def test_the_views_results_are_read_only_copies_of_the_games() -> None:
    game = new_game("pitch", PitchOptions(), 3, 5)
    rng = random.Random(5)
    while not game.results:
        game.apply(random_action(game, rng))
    view = game.view(0)
    result = view.results[0]
    assert isinstance(result, HandResult) and result is not game.results[0]
    assert result.points[0] is not game.results[0].points[0]
    assert [dict(p) for p in result.points] == game.results[0].points
    assert list(result.scores) == game.results[0].scores and list(result.bags) == game.results[0].bags
    assert (result.pitcher, result.bid) == (game.results[0].pitcher, game.results[0].bid)


def test_a_computer_that_changes_its_view_cannot_break_the_next_apply() -> None:
    """The issue's case: a player that edits the teams it was shown (today an IndexError)."""
    game = new_game("spades", SpadesOptions(), 4, 1)
    view = game.view(game.to_act)
    with pytest.raises(AttributeError):
        view.teams[0].append(9)  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        view.bids.append(3)  # type: ignore[attr-defined]
    game.apply(view.legal[0])
    assert game.teams == [[0, 2], [1, 3]]


# ----------------------------------------------------------------- the new fields
def test_tricks_lists_this_hands_tricks_for_every_seat() -> None:
    game = new_game("spades", SpadesOptions(double_nil=False), 4, 3)
    rng = random.Random(3)
    while game.phase is not Phase.PLAYING:
        game.apply(random_action(game, rng))
    assert game.view(0).tricks == ()
    for _ in range(9):
        game.apply(random_action(game, rng))
    views = [game.view(seat) for seat in range(4)]
    assert all(v.tricks == views[0].tricks for v in views)
    assert len(views[0].tricks) == 2 and len(views[0].trick) == 1
    expected = tuple((lead, tuple(plays), won) for lead, plays, won in game.trick_log)
    assert views[0].tricks == expected
    for leader, plays, winner in views[0].tricks:
        assert plays[0][0] == leader and [s for s, _ in plays] == [(leader + i) % 4 for i in range(4)]
        assert views[0].tricks_won[winner] >= 1
    while game.hand_number == 1:
        game.apply(random_action(game, rng))
    assert game.view(0).tricks == () or game.phase is Phase.GAME_OVER


def test_bid_order_lists_the_bids_as_made() -> None:
    game = spades_game(spades_deal((3, 4, 3, 3)), dealer=1)  # seat 2 bids first
    assert game.view(0).bid_order == ()
    bid_round(game, {2: 3, 3: 4, 0: "nil", 1: 2})
    assert game.view(1).bid_order == ((2, 3), (3, 4), (0, "nil"), (1, 2))
    pitch = new_game("pitch", PitchOptions(), 3, 2)
    first = pitch.to_act
    pitch.apply(Bid(first, "pass"))
    pitch.apply(Bid(pitch.to_act, 2))
    assert pitch.view(0).bid_order == ((first, "pass"), ((first + 1) % 3, 2))


def test_exchange_given_and_received_are_only_the_seats_own() -> None:
    game = spades_game(spades_deal((0, 4, 5, 4)))
    bid_round(game, {0: DOUBLE_NIL, 1: 4, 2: 4, 3: 3})
    alex = sorted(game.view(0).hand)
    game.apply(Exchange(0, tuple(alex[:3])))
    assert game.view(0).exchange_given == tuple(alex[:3]) and game.view(0).exchange_received == ()
    assert all(game.view(s).exchange_given == () for s in (1, 2, 3))
    charlie = sorted(game.view(2).hand)
    game.apply(Exchange(2, tuple(charlie[-3:])))
    assert game.view(0).exchange_received == tuple(charlie[-3:]) and game.view(0).exchange_given == tuple(alex[:3])
    assert game.view(2).exchange_given == tuple(charlie[-3:]) and game.view(2).exchange_received == tuple(alex[:3])
    assert all(game.view(s).exchange_given == game.view(s).exchange_received == () for s in (1, 3))


STOCK = random.Random(77).sample(DECK, 52)


def test_she_sees_the_second_card_she_discards_and_keeps_every_discard_in_view() -> None:
    game = two_player_from_stock(STOCK, first=0)
    game.apply(Look(0))
    game.apply(Draw(0, True))  # keeps STOCK[0]: STOCK[1] is shown to her, then discarded
    assert game.view(0).discarded == (STOCK[1],) and game.view(1).discarded == ()
    assert STOCK[1] not in {c for c in [*(game.view(1).hand or ()), game.view(1).drawn_card]}
    game.apply(Look(1))
    game.apply(Draw(1, False))  # discards STOCK[2], keeps STOCK[3]
    assert game.view(1).discarded == (STOCK[2],) and game.view(0).discarded == (STOCK[1],)
    game.apply(Draw(0, False))  # discards STOCK[4]
    assert game.view(0).discarded == (STOCK[1], STOCK[4])
    while game.phase is Phase.DRAWING:
        game.apply(Draw(game.to_act, True))
    for seat in (0, 1):
        mine = [d for s, _, d, _ in game.log.draws if s == seat]
        assert list(game.view(seat).discarded) == mine and len(mine) == 13
        assert not set(mine) & set(game.view(1 - seat).discarded)


def test_the_stock_counter_never_counts_the_card_in_hand() -> None:
    game = two_player_from_stock(STOCK, first=0)
    sizes = [game.view(1).stock_size]
    game.apply(Look(0))
    sizes.append(game.view(1).stock_size)  # she holds the first card
    game.apply(Draw(0, True))
    sizes.append(game.view(0).stock_size)  # his turn: he has not taken a card yet
    game.apply(Look(1))
    sizes.append(game.view(0).stock_size)
    game.apply(Draw(1, True))
    sizes.append(game.view(0).stock_size)  # her turn: she has taken her card at once
    assert sizes == [52, 51, 50, 49, 47]
    assert game.view(1).discard_size == 2
    while game.phase is Phase.DRAWING:
        view = game.view(game.to_act)
        assert view.stock_size + view.discard_size + sum(view.hand_sizes) + 1 == 52
        game.apply(Draw(game.to_act, False))
    assert game.view(0).stock_size == 0 and game.view(0).discard_size == 26


def test_redraw_fields_and_double_nil_in_the_bid_order() -> None:
    game = two_player_from_stock(STOCK, first=0, samples=[STOCK[1:3]])
    game.apply(Bid(0, DOUBLE_NIL))
    assert game.view(1).bid_order == ((0, DOUBLE_NIL),)  # listed when declared
    game.apply(Draw(0, True))
    while game.phase is Phase.DRAWING:
        if not game.looked[game.to_act]:
            game.apply(Look(game.to_act))
        game.apply(Draw(game.to_act, True))
    assert game.phase is Phase.REDRAW and game.view(1).bid_order == ((0, DOUBLE_NIL),)
    assert game.view(1).redraw_counts == (None, None)  # not yet redrawn
    thrown = tuple(sorted(game.view(0).hand)[:2])
    game.apply(Redraw(0, thrown))
    view = game.view(0)
    assert view.redraw_thrown == thrown and view.redraw_drawn == tuple(STOCK[1:3])
    assert set(view.redraw_drawn) <= set(view.hand) and not set(thrown) & set(view.hand)
    assert game.view(1).redraw_thrown == game.view(1).redraw_drawn == ()
    assert game.view(0).redraw_counts == game.view(1).redraw_counts == (2, None)  # the count is public
    game.apply(Bid(1, 4))
    assert game.view(1).bid_order == ((0, DOUBLE_NIL), (1, 4))


def test_redraw_counts_are_public_and_zero_when_she_kept_her_cards() -> None:
    game = two_player_from_stock(STOCK, first=0)
    assert game.view(0).redraw_counts == (None, None)
    game.apply(Bid(0, DOUBLE_NIL))
    game.apply(Draw(0, True))
    while game.phase is Phase.DRAWING:
        if not game.looked[game.to_act]:
            game.apply(Look(game.to_act))
        game.apply(Draw(game.to_act, True))
    game.apply(Redraw(0, ()))
    assert game.view(1).redraw_counts == game.view(0).redraw_counts == (0, None)  # she kept them all
    assert new_game("spades", SpadesOptions(), 4, 1).view(0).redraw_counts == ()  # no redraw in that game
