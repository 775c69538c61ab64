"""The computer levels: legal at every decision of every game, records that replay, and no peeking."""

from __future__ import annotations

import ast
import dataclasses
import gc
import importlib.util
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game.actions import DOUBLE_NIL, Action, Bid, Exchange, IllegalAction, Look, Redraw
from game.ai import LEVELS, RandomPlayer, make_player
from game.cards import Card
from game.chance import Chance
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.record import replay, to_record
from game.spades.rules import CUTTHROAT_OUT, JOKER_SUIT_OF, house_deck
from game.state import Phase, SeatView, TrickGame
from tests.scripted import draw_all, two_player_deal, two_player_game

RULE_LEVELS = ["easy", "normal"]
HAS_HARD = importlib.util.find_spec("game.ai.hard") is not None

# (kind, players, options)
TABLES: list[tuple[str, int, Any]] = [
    ("spades", 4, SpadesOptions()),
    ("spades-two", 2, SpadesOptions()),
    ("spades", 4, SpadesOptions(nil=False, double_nil=False, target=250)),
    ("spades-two", 2, SpadesOptions(nil=False, double_nil=False, mercy=-200)),
    *[("pitch", n, PitchOptions()) for n in range(2, 8)],
    ("pitch", 4, PitchOptions(partnerships=True)),
    ("pitch", 4, PitchOptions(dealer_steal=False, low="player")),
]
TABLE_IDS = [f"{kind}-{n}-{i}" for i, (kind, n, _) in enumerate(TABLES)]


def allowed(view: SeatView, action: Action) -> bool:
    """A level's answer is one of ``view.legal`` (a face-down four-player Spades hand's Look is listed)."""
    return action in view.legal


def play(game: TrickGame, players: Sequence[Any], max_hands: int, trail: list[Action] | None = None) -> int:
    """Let the players play ``game`` until it ends or ``max_hands`` are scored; check every answer is legal."""
    decisions = 0
    while game.phase is not Phase.GAME_OVER and len(game.results) < max_hands:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = players[seat].choose(view)
        assert allowed(view, action), f"{action} is not legal for seat {seat} in {view.phase}"
        game.apply(action)
        if trail is not None:
            trail.append(action)
        decisions += 1
    return decisions


def check_replays(game: TrickGame, levels: Sequence[str]) -> None:
    """The game's record replays to the very same state."""
    seats = [{"name": f"C{s}", "player": "computer", "level": levels[s]} for s in range(game.num_seats)]
    record = to_record(game, seats)
    again = replay(record).game
    assert again.scores == game.scores and again.hand_number == game.hand_number
    assert again.phase is game.phase and to_record(again, seats) == record


@pytest.mark.parametrize(("kind", "players", "options"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("level", RULE_LEVELS)
def test_every_choice_is_legal_and_records_replay(kind: str, players: int, options: Any, level: str) -> None:
    for seed in range(15):  # whole games
        game = new_game(kind, options, players, seed)
        seats = [make_player(level, seed * 10 + s) for s in range(game.num_seats)]
        assert play(game, seats, 60) > 0
        check_replays(game, [level] * game.num_seats)


@pytest.mark.parametrize(("kind", "players", "options"), TABLES, ids=TABLE_IDS)
def test_mixed_tables_are_legal(kind: str, players: int, options: Any) -> None:
    """Levels side by side, random seats among them (random seats bid Double Nil: exchanges, redraws)."""
    mix = ["normal", "random", "easy", "random", "normal", "easy", "random"]
    for seed in range(3):
        game = new_game(kind, options, players, 100 + seed)
        levels = mix[seed:] + mix[:seed]
        seats = [make_player(levels[s], seed * 10 + s) for s in range(game.num_seats)]
        play(game, seats, 8 if kind != "pitch" else 20)
        check_replays(game, levels[:game.num_seats])


@pytest.mark.skipif(not HAS_HARD, reason="game/ai/hard.py is not there yet")
@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 4), ("pitch", 3)])
def test_hard_is_legal(kind: str, players: int) -> None:
    game = new_game(kind, None, players, 3)
    seats = [make_player("hard", s, think_ms=20) if s % 2 == 0 else make_player("normal", s)
             for s in range(game.num_seats)]
    play(game, seats, 1)
    check_replays(game, ["hard", "normal"] * 4)


@pytest.mark.parametrize("level", RULE_LEVELS)
def test_two_player_double_nil_draws_and_redraw(level: str) -> None:
    """A Double Nil declared while drawing: the level draws, then throws its most dangerous cards."""
    game = two_player_game(two_player_deal([7, 6]), first=0)
    draw_all(game, blind=[0])
    assert game.phase is Phase.REDRAW and game.to_act == 0
    hand = game.view(0).hand or ()
    action = make_player(level, 1).choose(game.view(0))
    assert isinstance(action, Redraw) and action in game.view(0).legal
    assert action.cards, "a hand of aces and kings throws some away"
    assert min(c.rank for c in action.cards) >= sorted(c.rank for c in hand)[len(hand) // 2]


def test_levels_registry() -> None:
    assert LEVELS == ("random", "easy", "normal", "hard")
    assert isinstance(make_player("random", 1), RandomPlayer)
    for level in RULE_LEVELS:
        assert hasattr(make_player(level, 1, think_ms=5), "choose")
    with pytest.raises(ValueError, match="Unknown computer level"):
        make_player("grandmaster")


# ----------------------------------------------------------------- no peeking
def deal_slots(game: TrickGame, seat: int, deck: list[Card]) -> list[int]:
    """The positions in the current hand's deck (top first) holding cards ``seat`` has not seen."""
    log: Any = game.log
    view = game.view(seat)
    shown = set(view.played) | set(view.hand or ()) | set(view.exchange_given) | set(view.exchange_received)
    shown |= set(view.discarded) | set(view.redraw_thrown) | set(view.redraw_drawn)
    named: set[Card] = set()  # cards other seats' actions name (an exchange, a redraw) stay where they are
    for _, _, given in getattr(log, "exchange", []):
        named |= set(given)
    named |= {c for given in getattr(game, "pending_exchange", {}).values() for c in given}
    for _, thrown, drawn in getattr(log, "redraw", []):
        named |= set(thrown) | set(drawn)
    if game.kind == "spades" and game.num_seats == 3:
        named.add(CUTTHROAT_OUT)  # out of play by the rule, as every seat knows
    if game.kind == "spades-two":
        first = log.first
        hidden = [i for i in range(52) if (first + i // 2) % 2 != seat]
    else:
        owner = dealt_owner(game.kind, log.dealer, game.num_seats)
        hidden = [i for i in range(52) if owner[i] != seat]
    return [i for i in hidden if deck[i] not in shown and deck[i] not in named]


def dealt_owner(kind: str, dealer: int, n: int) -> list[int | None]:
    """The seat each deck position is dealt to (None: set aside)."""
    owner: list[int | None] = [None] * 52
    if kind == "spades":  # one card at a time: 13 each to four seats, 17 each to three (the 2♣ out)
        for i in range(52 if n == 4 else 51):
            owner[i] = (dealer + 1 + i) % n
        return owner
    position = 0
    for _ in range(2):
        for i in range(n):
            for _ in range(3):
                owner[position] = (dealer + 1 + i) % n
                position += 1
    return owner


def forced_game(kind: str, options: Any, players: int, decks: list[list[Card]], seed: int) -> TrickGame:
    """A game whose hands are dealt from ``decks`` in turn."""
    chance = Chance(seed)
    chance.force("deck", decks)
    return new_game(kind, options, players, seed, chance)


def house_decks(kind: str, options: Any, players: int, decks: list[list[Card]]) -> list[list[Card]]:
    """The decks as a house rule deals them (jokers for the 2♥ and 2♦, the 2♣ set aside at
    three seats), so a deck position holds the card the game deals from it."""
    if kind != "spades":
        return decks
    return [house_deck(d, options.jokers, players) for d in decks]


def suit_in_play(card: Card) -> int:
    """The suit a card belongs to for every rule (the jokers are spades)."""
    return JOKER_SUIT_OF[int(card)]


def rearranged(deck: list[Card], slots: list[int], rng: random.Random) -> list[Card]:
    """The deck with the unseen cards of each suit shuffled among their positions (every place keeps its suits)."""
    out = list(deck)
    for suit in range(4):
        places = [i for i in slots if suit_in_play(deck[i]) == suit]
        moved = [deck[i] for i in places]
        rng.shuffle(moved)
        for i, c in zip(places, moved, strict=True):
            out[i] = c
    return out


NO_PEEK_TABLES = [("spades", 4, SpadesOptions()), ("spades-two", 2, SpadesOptions()),
                  ("pitch", 4, PitchOptions()), ("pitch", 3, PitchOptions()), ("pitch", 6, PitchOptions()),
                  ("pitch", 4, PitchOptions(partnerships=True)),
                  # house rules (rules/house-rules.md) that keep the 52 cards where they were dealt
                  ("spades", 4, SpadesOptions(nil_pass=2, min_side_bid=4, bag_rule="none", spades_any_time=True,
                                              ten_for_200=True, nil_value=50)),
                  ("spades", 4, SpadesOptions(partnerships=False, bag_rule="5/50")),
                  # ... and those that change the cards and the seats
                  ("spades", 4, SpadesOptions(jokers=True, two_clubs_opens=True)),
                  ("spades", 3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True)),
                  ("pitch", 4, PitchOptions(off_jack=True, min_bid=2)),
                  ("pitch", 4, PitchOptions(off_jack=True, partnerships=True, low="player"))]


@pytest.mark.parametrize(("kind", "players", "options"), NO_PEEK_TABLES,
                         ids=[f"{k}-{n}-{i}" for i, (k, n, _) in enumerate(NO_PEEK_TABLES)])
@pytest.mark.parametrize("level", ["random", *RULE_LEVELS])
def test_no_peeking(kind: str, players: int, options: Any, level: str) -> None:
    """Moving the cards a seat has not seen leaves its view and its decision unchanged."""
    rng = random.Random(7)
    compared = moved = 0
    for game_seed in range(2):
        decks = house_decks(kind, options, players,
                            [Chance(1000 + game_seed * 50 + h).shuffled_deck() for h in range(3)])
        game = forced_game(kind, options, players, decks, game_seed)
        seats = [make_player(level, s) for s in range(game.num_seats)]
        trail: list[Action] = []
        step = 0
        while game.phase is not Phase.GAME_OVER and len(game.results) < 2:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if step % 3 == 0:
                compared_here, moved_here = compare_elsewhere(game, seat, trail, decks, kind, options, players,
                                                              game_seed, level, rng)
                compared += compared_here
                moved += moved_here
            action = seats[seat].choose(view)
            game.apply(action)
            trail.append(action)
            step += 1
    assert compared >= 20 and moved >= compared // 3  # most positions really moved other hands' cards


def compare_elsewhere(game: TrickGame, seat: int, trail: list[Action], decks: list[list[Card]], kind: str,
                      options: Any, players: int, game_seed: int, level: str, rng: random.Random) -> tuple[int, int]:
    """Build the same position with the unseen cards moved; check the view and the decision are the same."""
    hand_index = game.hand_number - 1
    if hand_index >= len(decks):
        return 0, 0
    deck = decks[hand_index]
    other = rearranged(deck, deal_slots(game, seat, deck), rng)
    alt_decks = [list(d) for d in decks]
    alt_decks[hand_index] = other
    alt = forced_game(kind, options, players, alt_decks, game_seed)
    try:
        for action in trail:
            alt.apply(action)
    except IllegalAction:
        return 0, 0
    view, alt_view = game.view(seat), alt.view(seat)
    if view != alt_view:  # a redraw drew other cards from the changed pile: not the same position
        assert kind == "spades-two"
        return 0, 0
    hands_moved = any(game.hands[s] != alt.hands[s] for s in range(game.num_seats) if s != seat)
    first = make_player(level, 11).choose(view)
    second = make_player(level, 11).choose(alt_view)
    assert same_action(first, second), f"{level} decided {first} and {second} from the same view"
    return 1, int(hands_moved)


def same_action(a: Action, b: Action) -> bool:
    """Equal actions (exchange and redraw cards compared as sets)."""
    if isinstance(a, (Exchange, Redraw)) and type(a) is type(b):
        return a.seat == b.seat and set(a.cards) == set(b.cards)  # type: ignore[union-attr]
    return a == b


# ----------------------------------------------------------------- the view is all a level gets
def reachable_objects(root: object, limit: int = 20000) -> list[object]:
    """Every object reachable from ``root`` by references (bounded)."""
    seen = {id(root)}
    stack, out = [root], []
    while stack and len(out) < limit:
        item = stack.pop()
        out.append(item)
        for ref in gc.get_referents(item):
            if id(ref) not in seen and not isinstance(ref, type):
                seen.add(id(ref))
                stack.append(ref)
    return out


@pytest.mark.parametrize("level", RULE_LEVELS)
@pytest.mark.parametrize(("kind", "players"), [("spades", 4), ("spades-two", 2), ("pitch", 5)])
def test_levels_read_only_the_view(level: str, kind: str, players: int) -> None:
    """The view holds no reference to the game; a copy of it, taken before the game moves on, decides the same."""
    game = new_game(kind, None, players, 21)
    seats = [make_player(level, s) for s in range(game.num_seats)]
    for _ in range(40):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        assert not any(isinstance(obj, TrickGame) for obj in reachable_objects(view))
        frozen = dataclasses.replace(view)  # a copy: the view shares nothing that changes
        action = make_player(level, 3).choose(view)
        game.apply(seats[seat].choose(view))
        assert make_player(level, 3).choose(frozen) == action  # the game has moved on: same answer


def test_rule_levels_never_import_the_engine_state_or_worlds() -> None:
    """easy and normal only ever see SeatView objects: no game class, no world sampling in their modules."""
    folder = Path(__file__).resolve().parents[1] / "game" / "ai"
    for name in ("easy.py", "normal.py", "knowledge.py", "cardsense.py"):
        tree = ast.parse((folder / name).read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    for alias in node.names}
        modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "TrickGame" not in imported and "sample_world" not in imported, name
        forbidden = {"game.worlds", "game.factory", "game.spades.rules", "game.pitch.rules", "game.spades_two.rules"}
        assert not modules & forbidden, name


def test_double_nil_is_never_random() -> None:
    """At level scores no rule level bids Double Nil, whatever the seed."""
    for level in RULE_LEVELS:
        for seed in range(30):
            game = new_game("spades", SpadesOptions(), 4, seed)
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            assert Bid(seat, DOUBLE_NIL) in view.legal and view.legal[0] == Look(seat)
            assert make_player(level, seed).choose(view) == Look(seat)
