"""Ten-point Pitch's computer players: legal, better level by level, sound tactics, and no peeking."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest
from tpp_scripted import bid_and_name, cards, scripted_game

from game.actions import PASS, Action, IllegalAction, Play
from game.ai import make_player
from game.cards import Card, cards_of, mask_of
from game.chance import Chance
from game.history import DECK_ORDER, ChanceOutcome
from game.options import TenPointPitchOptions
from game.state import Phase, TrickGame
from game.ten_point_pitch.hard import hard_choose
from game.ten_point_pitch.players import easy_choose, hand_value, normal_choose
from game.ten_point_pitch.rules import TenPointPitchGame, is_trump

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
SEATINGS = [(4, True), (4, False), (3, False)]


def first_hand(seed: int, levels: list[str], players: int = 4, partnerships: bool = True,
               think_ms: int | None = None) -> list[int]:
    """Each side's points in the first hand of the seeded game, the seats played at these levels."""
    game = TenPointPitchGame(TenPointPitchOptions(partnerships=partnerships), players, seed)
    game.stop_at_hand_end = True
    seats = [make_player(levels[s], seed * 7 + s, think_ms) for s in range(players)]
    while game.phase is not Phase.HAND_OVER:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = seats[seat].choose(view)
        assert action in view.legal
        game.apply(action)
    return [row["total"] for row in game.results[-1].points]


def duplicate_margin(better: str, worse: str, deals: int) -> float:
    """The better level's side's mean lead in points a hand, each deal played twice with the sides swapped."""
    margins = []
    for seed in range(deals):
        one = first_hand(seed, [better, worse, better, worse])
        two = first_hand(seed, [worse, better, worse, better])
        margins.append(((one[0] - one[1]) + (two[1] - two[0])) / 2)
    return statistics.mean(margins)


@pytest.mark.parametrize(("better", "worse"), [("easy", "random"), ("normal", "easy")])
def test_each_level_beats_the_one_below_over_duplicate_deals(better: str, worse: str) -> None:
    assert duplicate_margin(better, worse, 250) > 1.0


@pytest.mark.parametrize("players", [3, 4])
def test_normal_beats_easy_each_for_himself(players: int) -> None:
    lead = []
    for seed in range(60):
        for seat in range(players):
            levels = ["easy"] * players
            levels[seat] = "normal"
            totals = first_hand(seed, levels, players, partnerships=False)
            lead.append(totals[seat] - statistics.mean(t for s, t in enumerate(totals) if s != seat))
    assert statistics.mean(lead) > 0.3


@pytest.mark.parametrize(("players", "partnerships"), SEATINGS)
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_answers_a_legal_action_at_every_decision(level: str, players: int, partnerships: bool) -> None:
    for seed in range(4 if level == "hard" else 40):  # hard: a search of its fewest worlds a decision
        first_hand(seed, [level] * players, players, partnerships, think_ms=1 if level == "hard" else None)


# ----------------------------------------------------------------- tactics
def feeding_position() -> TenPointPitchGame:
    """Spades trump, North pitches with six trumps; South holds the 3, the 2 and the 10."""
    game = scripted_game("S", {NORTH: "AS KS QS JS JC BJ", SOUTH: "3S 2S", EAST: "9S 8S", WEST: "4S 7S"},
                         "LJ x x x  TS x x x  6S 5S x x  x x x x x x", dealer=WEST)
    bid_and_name(game, {NORTH: 6, EAST: PASS, SOUTH: PASS, WEST: PASS}, "S")
    assert game.phase is Phase.PLAYING and game.to_act == NORTH
    return game


def test_normal_draws_trumps_with_the_ace_and_saves_the_three_for_its_partner() -> None:
    game = feeding_position()
    rng = random.Random(1)
    assert normal_choose(game.view(NORTH), rng) == Play(NORTH, Card.parse("AS"))
    game.apply(Play(NORTH, Card.parse("AS")))
    game.apply(normal_choose(game.view(EAST), rng))
    assert normal_choose(game.view(SOUTH), rng) == Play(SOUTH, Card.parse("3S"))  # on the partner's sure ace
    assert easy_choose(game.view(SOUTH), rng) == Play(SOUTH, Card.parse("2S"))  # Easy just plays low


def test_normal_keeps_its_best_trumps_and_the_pitcher_chooses_six_from_the_stock() -> None:
    game = scripted_game("S", {NORTH: "AS JS JC 3S KS QS", EAST: "2S", SOUTH: "TS", WEST: "4S"},
                         "9S x x x x  8S 7S x x x  6S x x x x  BJ LJ 5S", dealer=WEST)
    bid_and_name(game, {NORTH: 6, EAST: PASS, SOUTH: PASS, WEST: PASS}, "S")
    rng = random.Random(1)
    while game.phase is Phase.DISCARDING:
        game.apply(normal_choose(game.view(NORTH), rng))
    assert set(cards_of(game.burned[NORTH])) == set(cards("5S LJ BJ"))
    assert set(game.view(NORTH).hand or ()) == set(cards("AS KS QS JS JC 3S"))


def test_the_jokers_jacks_and_three_are_worth_bidding_on() -> None:
    plain = tuple(cards("AH 9H 8H 7H 2C 3C 4C 5D 6D"))
    with_points = tuple(cards("AH 9H 8H 3H BJ 2C 3C 4C JD"))
    assert hand_value(with_points, 1, True) > hand_value(plain, 1, True) + 3
    assert hand_value(plain, 1, True) > hand_value(plain, 1, False)  # a partner helps


# ----------------------------------------------------------------- no peeking
def unseen_slots(game: TenPointPitchGame, seat: int, deck: tuple[Card, ...], named: set[Card]) -> list[int]:
    """The positions of the hand's deck holding cards ``seat`` has not seen (nor another seat's choice named)."""
    view = game.view(seat)
    part = view.part
    seen = set(view.hand or ()) | set(view.played) | set(part.my_face_down) | set(part.my_drawn)
    seen |= {c for burned in part.burned for c in burned}
    return [i for i, c in enumerate(deck) if c not in seen and c not in named]


def moved_deck(deck: tuple[Card, ...], slots: list[int], trump: int | None, rng: random.Random) -> list[Card]:
    """The deck with the unseen cards shuffled among their places, trumps among trumps' places once named."""
    out = list(deck)
    for trumps in (True, False):
        places = [i for i in slots if trump is None or is_trump(deck[i], trump) == trumps]
        moved = [deck[i] for i in places]
        rng.shuffle(moved)
        for i, c in zip(places, moved, strict=True):
            out[i] = c
        if trump is None:
            break
    return out


def replayed(game: TenPointPitchGame, deck: list[Card], trail: list[Action]) -> TrickGame | None:
    chance = Chance(0)
    chance.force("seat", [game.dealer])
    chance.force("deck", [deck])
    alt = TenPointPitchGame(game.options, game.num_seats, 0, chance)
    try:
        for action in trail:
            alt.apply(action)
    except IllegalAction:
        return None
    return alt


def hard_choose_1(view: Any, rng: random.Random) -> Action:
    """Hard with one world a decision (its search is the same whatever the budget)."""
    return hard_choose(view, rng, samples=1)


@pytest.mark.parametrize(("players", "partnerships"), SEATINGS)
@pytest.mark.parametrize("choose", [easy_choose, normal_choose, hard_choose_1], ids=["easy", "normal", "hard"])
def test_no_peeking(choose: Any, players: int, partnerships: bool) -> None:
    """Shuffling the cards a seat has not seen among the other places leaves its view and decision unchanged."""
    rng = random.Random(5)
    compared = moved = 0
    for seed in range(6):
        game = TenPointPitchGame(TenPointPitchOptions(partnerships=partnerships), players, seed)
        game.stop_at_hand_end = True
        deck = next(e.outcome for e in game.history if isinstance(e, ChanceOutcome) and e.kind == DECK_ORDER)
        assert isinstance(deck, tuple)
        trail: list[Action] = []
        while game.phase is not Phase.HAND_OVER:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            named = {a.card for a in trail if hasattr(a, "card") and a.seat != seat}  # type: ignore[union-attr]
            other = moved_deck(deck, unseen_slots(game, seat, deck, named), game.trump, rng)
            alt = replayed(game, other, trail)
            if alt is not None and alt.view(seat) == view:
                compared += 1
                moved += any(alt.hands[s] != game.hands[s] for s in range(players) if s != seat) or \
                    mask_of(alt.stock) != mask_of(game.stock)  # type: ignore[attr-defined]
                assert choose(view, random.Random(3)) == choose(alt.view(seat), random.Random(3))
            action = choose(view, random.Random(seed))
            game.apply(action)
            trail.append(action)
    assert compared >= 100 and moved >= compared // 2
