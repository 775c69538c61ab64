"""Seeded random games under the house rules: every option alone and in combination, with the rules'
invariants checked at every card and every record replayed through game.record.replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from scripted import random_action

from game.actions import DOUBLE_NIL, NIL, Bid, Exchange, Play
from game.ai import make_player
from game.cards import JACK, JOKER_MASK, SPADES, SUIT_MASKS, Card, cards_of, mask_of
from game.factory import new_game
from game.house import suit_masks
from game.options import PitchOptions, SpadesOptions
from game.pitch.rules import off_jack_of
from game.record import dumps, replay, to_record
from game.spades.rules import opening_card
from game.state import Phase, TrickGame
from game.worlds import sample_world, unseen_cards, void_suits

ALL_SPADES = SpadesOptions(nil_value=50, bag_rule="5/50", ten_for_200=True, min_side_bid=4, spades_any_time=True,
                           two_clubs_opens=True, jokers=True, nil_pass=2, mercy=-200)
# (kind, players, options, games, hands at most)
CONFIGS: list[tuple[str, int, Any, int, int]] = [
    ("spades", 4, SpadesOptions(nil_value=50), 120, 2),
    ("spades", 4, SpadesOptions(bag_rule="5/50"), 120, 3),
    ("spades", 4, SpadesOptions(bag_rule="none"), 80, 3),
    ("spades", 4, SpadesOptions(ten_for_200=True), 120, 2),
    ("spades", 4, SpadesOptions(min_side_bid=4), 160, 1),
    ("spades", 4, SpadesOptions(spades_any_time=True), 120, 1),
    ("spades", 4, SpadesOptions(two_clubs_opens=True), 120, 1),
    ("spades", 4, SpadesOptions(jokers=True), 160, 1),
    ("spades", 4, SpadesOptions(nil_pass=1), 120, 1),
    ("spades", 4, SpadesOptions(nil_pass=2), 120, 1),
    ("spades", 4, ALL_SPADES, 240, 2),
    ("spades", 4, SpadesOptions(partnerships=False), 120, 2),
    ("spades", 3, SpadesOptions(partnerships=False), 120, 2),
    ("spades", 3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True, mercy=-200), 200, 2),
    ("spades-two", 2, SpadesOptions(nil_value=50, bag_rule="5/50", spades_any_time=True), 120, 2),
    ("pitch", 4, PitchOptions(off_jack=True), 200, 3),
    ("pitch", 3, PitchOptions(min_bid=2), 160, 3),
    ("pitch", 4, PitchOptions(off_jack=True, partnerships=True, low="player"), 200, 3),
    ("pitch", 5, PitchOptions(off_jack=True, min_bid=2, dealer_steal=False), 160, 3),
]
IDS = [f"{kind}-{players}-{index}" for index, (kind, players, *_rest) in enumerate(CONFIGS)]


def suit_of(game: TrickGame, card: int) -> int:
    """A card's suit under the rules in force: jokers are spades, the off-jack is a trump."""
    if card >= 52:
        return SPADES
    if game.kind == "pitch" and game.options.off_jack and game.trump is not None and card == off_jack_of(game.trump):
        return game.trump
    return card & 3


def check_play(game: TrickGame, card: Card) -> None:
    """The card about to be played is one the rules allow (worked out here, apart from the engine)."""
    seat = game.to_act
    assert seat is not None
    hand = cards_of(game.hands[seat])
    if game.trick:
        led = suit_of(game, game.trick[0][1])
        same = [c for c in hand if suit_of(game, c) == led]
        if game.kind == "pitch":
            trumps = [c for c in hand if suit_of(game, c) == game.trump]
            allowed = (same if led == game.trump else same + trumps) if same else hand
        else:
            allowed = same or hand
    elif game.kind == "pitch":
        allowed = hand
    elif not game.trick_log and game.options.two_clubs_opens:
        allowed = [opening_card(game.num_seats)]
    elif game.spades_broken or game.options.spades_any_time:
        allowed = hand
    else:
        allowed = [c for c in hand if suit_of(game, c) != SPADES] or hand
    assert card in allowed and {a.card for a in game.legal_actions() if isinstance(a, Play)} == set(allowed)
    for other in hand:
        assert (game.why_illegal(Play(seat, other)) is None) == (other in allowed)


def check_bid(game: TrickGame, action: Bid) -> None:
    """Under a minimum side bid, the second bidder of a side brings its number bids to 4."""
    if game.kind != "spades" or not game.options.min_side_bid or game.partner(action.seat) is None:
        return
    first = game.bids[game.partner(action.seat)]
    if isinstance(first, int) and first < 4:
        assert isinstance(action.value, int) and first + action.value >= 4
    elif first in (NIL, DOUBLE_NIL):
        assert action.value in (NIL, DOUBLE_NIL) or action.value >= 4


def play_game(kind: str, players: int, options: Any, seed: int, hands: int) -> TrickGame:
    """A random game under ``options``, checked card by card, up to ``hands`` hands."""
    game = new_game(kind, options, players, seed)
    rng = random.Random(seed)
    while game.phase is not Phase.GAME_OVER and len(game.results) < hands:
        if game.phase is Phase.PLAYING and not game.trick and not game.trick_log:
            size = game.hands[game.to_act].bit_count()
            assert all(h.bit_count() == size for h in game.hands)
            if kind == "spades" and options.jokers:
                assert sum((h & JOKER_MASK).bit_count() for h in game.hands) == 2
        action = random_action(game, rng)
        if isinstance(action, Play):
            check_play(game, action.card)
        elif isinstance(action, Bid):
            check_bid(game, action)
        elif isinstance(action, Exchange):
            assert len(action.cards) == game.view(action.seat).exchange_cards
        game.apply(action)
    return game


def check_results(game: TrickGame) -> None:
    """Every hand's parts add up to its total, and the totals to the scores."""
    totals = [0] * len(game.teams)
    for result in game.results:
        for side, row in enumerate(result.points):
            if game.kind == "pitch":
                parts = ("high", "low", "jack", "game", "off_jack")
                assert row["won"] == sum(row.get(part, 0) for part in parts)
                assert ("off_jack" in row) == game.options.off_jack
            else:
                parts = ("contract", "bags", "nil", "bag_penalty", "ten_for_200")
                assert row["total"] == sum(row.get(part, 0) for part in parts)
                assert row["bag_penalty"] % (50 if game.options.bag_rule == "5/50" else 100) == 0
                if game.options.bag_rule == "none":
                    assert row["bag_penalty"] == 0
            totals[side] += row["total"]
        if game.kind != "pitch" and game.options.bag_limit:
            assert all(0 <= bags < game.options.bag_limit for bags in result.bags)
    assert totals == game.scores


@pytest.mark.parametrize(("kind", "players", "options", "games", "hands"), CONFIGS, ids=IDS)
def test_random_games_keep_the_house_rules_and_replay(kind: str, players: int, options: Any, games: int,
                                                      hands: int) -> None:
    for seed in range(games):
        game = play_game(kind, players, options, seed, hands)
        check_results(game)
        record = json.loads(dumps(to_record(game)))
        assert record["options"] == game.options.to_json() and all(
            record["options"][key] == value for key, value in options.to_json().items() if key in record["options"])
        again = replay(record).game
        assert again.scores == game.scores and again.hands == game.hands and again.phase is game.phase
        assert dumps(to_record(again)) == dumps(record)


@pytest.mark.parametrize(("kind", "players", "options"), [
    ("spades", 4, ALL_SPADES), ("spades", 3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True)),
    ("spades", 4, SpadesOptions(partnerships=False)), ("pitch", 4, PitchOptions(off_jack=True)),
])
def test_random_playouts_follow_the_house_rules(kind: str, players: int, options: Any) -> None:
    for seed in range(30):
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAYING:
            game.apply(random_action(game, rng))
        for _ in range(rng.randrange(0, 6)):
            game.apply(random_action(game, rng))
        copy = game.clone()
        copy.stop_at_hand_end = True
        copy.random_playout(rng.random)
        tricks = copy.trick_log
        assert copy.phase is Phase.HAND_OVER and sum(copy.tricks_won) == len(tricks)
        for leader, plays, winner in tricks:
            assert plays[0][0] == leader and winner == copy.winner_of(plays, copy.trump)
        played = [c for _, plays, _ in tricks for _, c in plays]
        assert len(played) == len(set(played)) == sum(h.bit_count() for h in game.hands) + len(
            [c for _, plays, _ in game.trick_log for _, c in plays]) + len(game.trick)


def test_jokers_and_the_off_jack_keep_their_ranks_in_every_trick() -> None:
    game = play_game("spades", 4, SpadesOptions(jokers=True, spades_any_time=True), 7, 3)
    for log in game.hand_logs[:len(game.results)]:
        for _, plays, winner in log.tricks:
            cards = dict(plays)
            if Card.parse("BJ") in cards.values():
                assert cards[winner] == Card.parse("BJ")
    assert JACK == 9 and SUIT_MASKS[0] & JOKER_MASK == 0


WORLD_CONFIGS = [("spades", 4, ALL_SPADES), ("spades", 4, SpadesOptions(nil_pass=1, jokers=True)),
                 ("spades", 3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True)),
                 ("spades", 4, SpadesOptions(partnerships=False, spades_any_time=True)),
                 ("pitch", 4, PitchOptions(off_jack=True)), ("pitch", 3, PitchOptions(off_jack=True, min_bid=2))]


@pytest.mark.parametrize(("kind", "players", "options"), WORLD_CONFIGS, ids=lambda c: str(c))
def test_worlds_under_the_house_rules_fit_the_view_and_the_rules(kind: str, players: int, options: Any) -> None:
    rng = random.Random(3)
    for seed in range(25):
        game = new_game(kind, options, players, seed)
        steps = random.Random(seed).randrange(0, 60)
        for _ in range(steps):
            if game.phase is Phase.GAME_OVER or game.results:
                break
            game.apply(random_action(game, rng))
        if game.phase is Phase.GAME_OVER or game.results:
            continue
        for seat in range(players):
            view = game.view(seat)
            suits = suit_masks(options, game.trump if kind == "pitch" else None)
            voids = void_suits(view)
            for other in range(players):  # the real deal is one of the worlds
                if other != seat:
                    assert not game.hands[other] & sum(suits[s] for s in range(4) if voids[other] >> s & 1)
                    assert not game.hands[other] & ~unseen_cards(view) & ~mask_of(view.exchange_given)
            world = sample_world(view, rng)
            assert world.view(seat) == view
            assert [h.bit_count() for h in world.hands] == list(view.hand_sizes)
            assert sum(h.bit_count() for h in world.hands) == sum(h.bit_count() for h in game.hands)
            everything = 0
            for hand in world.hands:
                assert not everything & hand
                everything |= hand
            if kind == "spades":  # the same cards in play, however they lie (Pitch samples the undealt too)
                assert everything == sum(game.hands)
            if kind == "spades" and view.exchange_received:
                partner = game.partner(seat)
                assert partner is not None
                assert mask_of(view.exchange_given) & ~world.played & ~world.hands[partner] == 0
            while world.phase is not Phase.HAND_OVER:
                world.apply(random_action(world, rng))


AI_CONFIGS = [("spades", 4, ALL_SPADES), ("spades", 3, SpadesOptions(partnerships=False, jokers=True,
                                                                       two_clubs_opens=True)),
              ("spades", 4, SpadesOptions(nil_pass=2, bag_rule="none", min_side_bid=4)),
              ("pitch", 4, PitchOptions(off_jack=True, partnerships=True, low="player")),
              ("pitch", 3, PitchOptions(off_jack=True, min_bid=2))]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("kind", "players", "options"), AI_CONFIGS, ids=lambda c: str(c))
def test_every_level_plays_a_hand_under_the_house_rules(level: str, kind: str, players: int, options: Any) -> None:
    game = new_game(kind, options, players, 5)
    seats = [make_player(level, seat, think_ms=20) if level == "hard" else make_player(level, seat)
             for seat in range(players)]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        action = seats[seat].choose(game.view(seat))
        assert game.why_illegal(action) is None, (action, game.why_illegal(action))
        game.apply(action)
    assert replay(to_record(game)).game.scores == game.scores
