"""The contract every registry entry keeps (like OpenSpiel's games_sim_test), through the public API only.

For every game in ``game.games.GAMES``, every seat count it allows and a sample of the option values
its ``option_specs`` allow at that table (``OptionSpec.allowed_at``): seeded random play in which
- legal actions are listed until the game is over (and none after),
- each listed action applies (tried on clones), an unlisted one is refused with ``IllegalAction``
  carrying a reason, and leaves the game as it was,
- no seat's view holds a card another seat holds (compared with the true hands),
- a clone is independent of its original, both ways,
- the record reads back (``to_record`` -> ``replay``) into the same state and scores.
A new game or option is covered by its registry entry alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.actions import Action, Bid, Draw, Exchange, IllegalAction, Look, Play, Redraw
from game.cards import DECK, Card, cards_of
from game.factory import default_options, new_game
from game.games import GAMES, GameInfo
from game.record import dumps, replay, to_record
from game.state import Phase, TrickGame

ACTIONS_PER_GAME = 160  # enough for a full hand of every game at every table size
TRIED_PER_STEP = 3  # listed actions applied on clones at each step


def option_samples(info: GameInfo, seats: int) -> list[dict[str, Any]]:
    """The defaults, then each option's every other allowed value on its own (at this table; a table
    where a default is not allowed, such as Spades for three, each for himself, starts from the value
    it allows)."""
    base = {spec.key: spec.default_at(seats) for spec in info.option_specs if spec.default_at(seats) != spec.default}
    samples: list[dict[str, Any]] = [base]
    for spec in info.option_specs:
        for value in spec.allowed_at(seats):
            if value != spec.default_at(seats):
                samples.append({**base, spec.key: value})
    return samples


def configurations() -> Iterator[Any]:
    """Every (game, seats, options) the registry allows, as pytest params."""
    for name, info in GAMES.items():
        for seats in range(info.min_seats, info.max_seats + 1):
            for changes in option_samples(info, seats):
                shown = ",".join(f"{k}={v}" for k, v in changes.items()) or "defaults"
                yield pytest.param(name, seats, changes, id=f"{name}-{seats}-{shown}")


def cards_in(value: object) -> set[Card]:
    """Every Card inside a value: dataclass fields, tuples, lists, sets and mappings, recursively."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict) or hasattr(item, "items"):
            stack.extend(v for _, v in item.items())  # type: ignore[union-attr]
    return found


def state_of(game: TrickGame) -> tuple[Any, ...]:
    """What must not change when an action is refused or a clone is played on: history, views, turn."""
    return len(game.history), tuple(game.view(s) for s in range(game.num_seats)), game.phase, game.to_act


def unlisted(game: TrickGame, legal: list[Action], rng: random.Random) -> Iterator[Action]:
    """Actions of every kind, some well formed, that the listed actions do not include.

    A ``Look`` by a seat that has not looked is left out: a face-down seat may look out of turn
    (four-player Spades), which ``legal_actions()`` (the seat to act's) does not list.
    """
    seat = game.to_act if game.to_act is not None and rng.random() < 0.7 else rng.randrange(game.num_seats)
    cards = tuple(rng.sample(DECK, rng.randrange(0, 5)))
    tries: list[Action] = [Play(seat, rng.choice(DECK)), Bid(seat, rng.choice([0, 1, 4, 7, 14, 99, "pass", "nil",
                                                                                    "double_nil", "zero"])),
                           Look(seat), Draw(seat, rng.random() < 0.5), Exchange(seat, cards), Redraw(seat, cards),
                           Play((seat + 1) % game.num_seats, rng.choice(DECK)), Play(game.num_seats, DECK[0])]
    listed = {(type(a), getattr(a, "seat", None), frozenset(getattr(a, "cards", ())) or getattr(a, "card", None),
               getattr(a, "value", None), getattr(a, "keep", None)) for a in legal}
    for action in tries:
        key = (type(action), getattr(action, "seat", None),
               frozenset(getattr(action, "cards", ())) or getattr(action, "card", None),
               getattr(action, "value", None), getattr(action, "keep", None))
        if key not in listed and not (isinstance(action, Look) and not game.view(action.seat).looked[action.seat]
                                      if 0 <= action.seat < game.num_seats else False):
            yield action


def check_views(game: TrickGame) -> None:
    """No seat's view holds a card another seat holds, except the cards it gave or threw away itself."""
    for seat in range(game.num_seats):
        view = game.view(seat)
        own = set(cards_of(game.hands[seat]))
        if view.hand is not None:
            assert set(view.hand) == own
        hidden = {c for other in range(game.num_seats) if other != seat for c in cards_of(game.hands[other])}
        if view.hand is None:
            hidden |= own  # not looked yet: its own cards are hidden from it too
        seen = set(view.exchange_given) | set(view.discarded) | set(view.redraw_thrown)
        leaked = (cards_in(view) & hidden) - seen
        assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"


def check_step(game: TrickGame, legal: list[Action], rng: random.Random) -> None:
    """Listed actions apply on clones (the original unchanged); unlisted ones are refused with a reason."""
    before = state_of(game)
    for action in rng.sample(legal, min(TRIED_PER_STEP, len(legal))):
        twin = game.clone()
        twin.apply(action)
        assert state_of(game) == before, f"applying {action} to a clone changed the original"
    for action in unlisted(game, legal, rng):
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert str(refused.value).strip(), f"{action} was refused without a reason"
        assert state_of(game) == before, f"the refused {action} changed the game"


def play(name: str, seats: int, options: Any, seed: int) -> TrickGame:
    """A seeded random game, every contract checked after every action."""
    rng = random.Random(seed)
    game = new_game(name, options, seats, seed)
    for _ in range(ACTIONS_PER_GAME):
        legal = game.legal_actions()
        if game.phase is Phase.GAME_OVER:
            assert not legal and game.winner is not None
            break
        assert legal, f"no legal action in {game.phase}"
        assert game.view(game.to_act).legal == tuple(legal)  # type: ignore[arg-type]
        check_views(game)
        check_step(game, legal, rng)
        action = rng.choice(legal)
        original = game.clone()
        game.apply(action)
        assert original.legal_actions() == legal, "applying to the original changed its clone"
    return game


@pytest.mark.parametrize(("name", "seats", "changes"), list(configurations()))
def test_every_registry_entry_keeps_the_contract(name: str, seats: int, changes: dict[str, Any]) -> None:
    info = GAMES[name]
    assert info.name == name and info.allows_seats(seats)
    options = info.options_class(**changes)
    for spec in info.option_specs:
        assert getattr(options, spec.key) in spec.allowed_at(seats)
    game = play(name, seats, options, seed=len(changes) * 31 + seats)
    assert game.num_seats == seats and len(game.teams) >= 2
    assert sorted(s for team in game.teams for s in team) == list(range(seats))
    again = replay(to_record(game))
    assert state_of(again.game)[1:] == state_of(game)[1:]  # (a record keeps a hand's looks, not when they came)
    assert dumps(to_record(again.game)) == dumps(to_record(game))
    assert again.game.scores == game.scores and again.game.results == game.results


@pytest.mark.parametrize("name", list(GAMES))
def test_every_registry_entry_states_its_facts(name: str) -> None:
    info = GAMES[name]
    game = new_game(name, info.default_options(), info.default_seats, 1)
    assert game.kind == name and game.facts is info.facts and game.view(0).facts is info.facts
    assert info.min_seats <= info.default_seats <= info.max_seats
    assert not info.allows_seats(info.min_seats - 1) and not info.allows_seats(info.max_seats + 1)
    assert info.options_class() == info.default_options()
    assert {spec.key for spec in info.option_specs} == set(info.default_options().to_json())  # the record's keys
    assert {spec.key for spec in info.option_specs} <= {f.name for f in dataclasses.fields(info.options_class)}
    assert all(isinstance(card, Card) for card in info.deck) and len(set(info.deck)) == len(info.deck)
    assert {s for team in info.teams(info.default_seats, info.default_options()) for s in team} == set(
        range(info.default_seats))
    for bid in info.named_bids:
        assert isinstance(bid, str)


def test_an_unknown_game_is_refused_by_every_entry_point() -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        default_options("whist")
    with pytest.raises(ValueError, match="Unknown game"):
        new_game("whist")
