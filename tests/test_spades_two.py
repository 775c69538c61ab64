"""Spades for two played through apply(): drawing, Double Nil and its redraw, bidding, scoring."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from scripted import (
    bid_round,
    card,
    complete_deal,
    draw_all,
    play_cards,
    play_tricks,
    refusal,
    two_player_deal,
    two_player_from_stock,
    two_player_game,
    two_player_tricks,
    visible_cards,
)

from game.actions import DOUBLE_NIL, NIL, Bid, BidValue, Draw, Look, Play, Redraw
from game.cards import DECK, Card
from game.events import DOUBLE_NIL_DECLARED, TRICK_WON
from game.options import SpadesOptions
from game.record import dumps, to_record
from game.state import Phase, TrickGame

STOCK = random.Random(2024).sample(DECK, 52)


def play_hand(game: TrickGame, counts: tuple[int, int], bids: dict[int, BidValue], blind: tuple[int, ...] = ()) -> None:
    """Draw (keeping every first card), bid, then play the planned tricks."""
    draw_all(game, blind)
    while game.phase is Phase.REDRAW:
        game.apply(Redraw(game.to_act, ()))
    bid_round(game, bids)
    winners = play_tricks(game, two_player_tricks(counts))
    assert [winners.count(seat) for seat in range(2)] == list(counts)


# ----------------------------------------------------------------- drawing
def test_first_drawing_turn_offers_taking_a_card_or_double_nil() -> None:
    game = two_player_from_stock(STOCK, first=0)
    assert game.phase is Phase.DRAWING and game.to_act == 0
    assert game.legal_actions() == [Look(0), Bid(0, DOUBLE_NIL)]
    assert refusal(game, Draw(0, True)) == "Take your first card (or declare Double Nil) first."
    assert refusal(game, Look(1)) == "You look at your cards as you draw them."
    assert game.view(0).hand is None and game.view(0).stock_size == 52


def test_keep_takes_the_first_card_and_discards_the_second() -> None:
    game = two_player_from_stock(STOCK, first=0)
    game.apply(Look(0))
    assert game.view(0).drawn_card == STOCK[0]
    assert game.view(1).drawn_card is None
    assert game.legal_actions() == [Draw(0, True), Draw(0, False)]
    game.apply(Draw(0, True))
    assert game.view(0).hand == (STOCK[0],)
    assert game.discards == 1 << STOCK[1]
    assert game.to_act == 1 and game.view(0).stock_size == 50


def test_discarding_the_first_card_keeps_the_second() -> None:
    game = two_player_from_stock(STOCK, first=0)
    game.apply(Look(0))
    game.apply(Draw(0, True))
    game.apply(Look(1))
    assert game.view(1).drawn_card == STOCK[2]
    game.apply(Draw(1, False))
    assert game.view(1).hand == (STOCK[3],)
    assert game.discards == (1 << STOCK[1]) | (1 << STOCK[2])
    assert refusal(game, Draw(0, "yes")) == "Keep (True) or discard (False) the card you took."  # type: ignore[arg-type]


def test_drawing_ends_with_13_cards_each_and_26_discards_the_opponent_never_sees() -> None:
    game = two_player_from_stock(STOCK, first=1)
    rng = random.Random(7)
    seen_by = {0: set(), 1: set()}
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        if not game.looked[seat]:
            game.apply(Look(seat))
        game.apply(Draw(seat, rng.random() < 0.5))
        for viewer in (0, 1):
            seen_by[viewer] |= visible_cards(game.view(viewer))
            own_discards = sum(1 << c for c in game.view(viewer).discarded)  # she saw what she threw away
            hidden = (game.discards & ~own_discards) | game.hands[(viewer + 1) % 2]
            assert not {c for c in visible_cards(game.view(viewer)) if hidden >> c & 1}
    assert game.phase is Phase.BIDDING
    hands = [set(game.view(s).hand) for s in (0, 1)]
    assert [len(h) for h in hands] == [13, 13] and game.view(0).hand_sizes == (13, 13)
    discards = {c for c in DECK if game.discards >> c & 1}
    assert len(discards) == 26 and discards == set(DECK) - hands[0] - hands[1]
    draws = to_record(game)["hands"][0]["draws"]
    thrown_by = [{card(d["discarded"]) for d in draws if d["seat"] == seat} for seat in (0, 1)]
    assert not seen_by[0] & (hands[1] | thrown_by[1])
    assert not seen_by[1] & (hands[0] | thrown_by[0])
    assert len(draws) == 26 and [d["seat"] for d in draws] == [1, 0] * 13
    for turn, draw in enumerate(draws):
        first, second = str(STOCK[2 * turn]), str(STOCK[2 * turn + 1])
        assert {draw["kept"], draw["discarded"]} == {first, second}
        assert list(draw) == (["seat", "kept", "discarded"] if draw["kept"] == first else ["seat", "discarded", "kept"])
    assert json.loads(dumps(to_record(game)))["hands"][0]["stock"] == [str(c) for c in STOCK]


def test_the_second_player_bids_first_and_leads_to_the_first_trick() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=0)
    draw_all(game)
    assert game.phase is Phase.BIDDING and game.to_act == 1
    assert refusal(game, Bid(0, 3)) == "It is not seat 0's turn (seat 1 is to act)."
    game.apply(Bid(1, 6))
    game.apply(Bid(0, 7))
    assert game.phase is Phase.PLAYING and game.to_act == 1


def test_the_first_player_alternates_each_hand() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=1, later=[two_player_deal((7, 6))])
    assert game.view(0).dealer == 1 and game.to_act == 1
    play_hand(game, (7, 6), {0: 7, 1: 6})
    assert game.hand_number == 2 and game.phase is Phase.DRAWING
    assert game.view(1).dealer == 0 and game.to_act == 0
    assert to_record(game)["hands"][0]["first"] == 1


# ----------------------------------------------------------------- Double Nil
def test_double_nil_is_declared_at_the_first_drawing_turn_only() -> None:
    game = two_player_from_stock(STOCK, first=0)
    events = game.apply(Bid(0, DOUBLE_NIL))
    assert [e.kind for e in events] == [DOUBLE_NIL_DECLARED]
    assert game.view(1).bids == (DOUBLE_NIL, None) and game.view(1).blind == (0,)
    assert game.legal_actions() == [Draw(0, True), Draw(0, False)]
    game.apply(Draw(0, True))
    game.apply(Look(1))
    game.apply(Draw(1, True))
    assert game.to_act == 0 and Bid(0, DOUBLE_NIL) not in game.legal_actions()
    assert refusal(game, Bid(0, DOUBLE_NIL)) == "Double Nil may only be declared before you take your first card."
    game.apply(Draw(0, True))
    assert refusal(game, Bid(1, DOUBLE_NIL)) == "Double Nil may only be declared before you take your first card."


def test_double_nil_may_not_be_bid_once_the_drawing_is_over() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=0)
    draw_all(game)
    assert Bid(1, DOUBLE_NIL) not in game.legal_actions()
    assert refusal(game, Bid(1, DOUBLE_NIL)) == "Double Nil must be declared before drawing."


def test_double_nil_switched_off() -> None:
    game = two_player_from_stock(STOCK, first=0, options=SpadesOptions(double_nil=False))
    assert game.legal_actions() == [Draw(0, True), Draw(0, False)]
    assert refusal(game, Bid(0, DOUBLE_NIL)) == "Double Nil is not allowed in this game."
    game.apply(Draw(0, True))
    assert game.view(0).hand == (STOCK[0],)


def test_double_nil_redraw_replaces_up_to_three_cards_from_the_discards() -> None:
    hands = two_player_deal((0, 13))
    deal_set = set(hands[0]) | set(hands[1])
    pool = [c for c in DECK if c not in deal_set]
    drawn = pool[:3]
    game = two_player_game(hands, first=0, samples=[drawn])
    draw_all(game, blind=[0])
    assert game.phase is Phase.REDRAW and game.to_act == 0
    assert len(game.legal_actions()) == 1 + 13 + 78 + 286
    thrown = tuple(sorted(hands[0])[:3])
    assert refusal(game, Redraw(0, tuple(sorted(hands[0])[:4]))) == "Choose up to three different cards to replace."
    assert refusal(game, Redraw(0, (thrown[0], thrown[0]))) == "Choose up to three different cards to replace."
    assert refusal(game, Redraw(0, (hands[1][0],))) == f"You do not hold {hands[1][0]}."
    assert refusal(game, Redraw(0, None)) == "Choose up to three different cards to replace."  # type: ignore[arg-type]
    assert refusal(game, Redraw(0, ([], []))) == "You do not hold []."  # type: ignore[arg-type]
    game.apply(Redraw(0, thrown))
    assert set(game.view(0).hand) == set(hands[0]) - set(thrown) | set(drawn)
    assert all(game.discards >> c & 1 for c in thrown)
    assert game.discards.bit_count() == 26
    assert to_record(game)["hands"][0]["redraw"] == [
        {"seat": 0, "discarded": [str(c) for c in thrown], "drawn": [str(c) for c in drawn]}]
    assert game.phase is Phase.BIDDING and game.to_act == 1
    assert game.legal_actions()[0] == Bid(1, NIL)


def test_a_redraw_never_gives_back_the_cards_thrown_away() -> None:
    hands = two_player_deal((0, 13))
    discards = set(DECK) - set(hands[0]) - set(hands[1])
    thrown = set(sorted(hands[0])[:3])
    for seed in range(300):
        game = two_player_game(hands, first=0, seed=seed)
        draw_all(game, blind=[0])
        game.apply(Redraw(0, tuple(thrown)))
        drawn = set(game.view(0).hand) - set(hands[0])
        assert len(drawn) == 3 and drawn <= discards
        assert not drawn & thrown


def recording(sample: Callable[[list[Card], int], list[Card]], pools: list[list[Card]]
              ) -> Callable[[list[Card], int], list[Card]]:
    """A chance.sample that also notes each pool it draws from."""
    def draw(pool: list[Card], count: int) -> list[Card]:
        pools.append(list(pool))
        return sample(pool, count)
    return draw


def test_both_double_nil_the_first_redraws_first_and_the_second_may_draw_what_she_threw() -> None:
    """Decision (rules/spades-two.md): her thrown cards lie on the discard pile for the second player."""
    hands = two_player_deal((0, 13))
    got_hers = 0
    for seed in range(40):
        game = two_player_game(hands, first=1, seed=seed)
        draw_all(game, blind=[0, 1])
        assert game.phase is Phase.REDRAW and game.to_act == 1  # the first player (seat 1) redraws first
        pools: list[list[Card]] = []
        game.chance.sample = recording(game.chance.sample, pools)  # type: ignore[method-assign]
        hers = tuple(sorted(game.view(1).hand)[:3])
        game.apply(Redraw(1, hers))
        assert game.to_act == 0
        his = tuple(sorted(game.view(0).hand)[:3])
        game.apply(Redraw(0, his))
        assert set(hers) <= set(pools[1]) and not set(his) & set(pools[1]) and len(pools[1]) == 26
        got_hers += bool(set(game.view(0).redraw_drawn) & set(hers))
        assert game.phase is Phase.PLAYING and game.view(0).bid_order == ((1, DOUBLE_NIL), (0, DOUBLE_NIL))
    assert got_hers > 0


def test_redraw_of_nothing_records_nothing_and_the_other_player_never_redraws() -> None:
    game = two_player_game(two_player_deal((0, 13)), first=1)
    draw_all(game, blind=[0])
    assert game.to_act == 0 and game.phase is Phase.REDRAW
    game.apply(Redraw(0, ()))
    assert game.phase is Phase.BIDDING and game.to_act == 1  # seat 0 bids first, but his bid is Double Nil
    assert to_record(game)["hands"][0]["redraw"] == []


def test_double_nil_made_scores_200() -> None:
    hands = two_player_deal((0, 13))
    game = two_player_game(hands, first=0, samples=[])
    draw_all(game, blind=[0])
    game.apply(Redraw(0, ()))
    bid_round(game, {1: 10})
    assert game.phase is Phase.PLAYING and game.to_act == 1
    play_tricks(game, two_player_tricks((0, 13)))
    assert [p["total"] for p in game.results[0].points] == [200, 103]
    assert game.results[0].points[0]["nil"] == 200


def test_double_nil_failed_costs_200_and_its_tricks_are_bags() -> None:
    game = two_player_game(two_player_deal((12, 1)), first=1)
    play_hand(game, (12, 1), {0: 4}, blind=(1,))
    assert game.scores == [48, -199] and game.bags == [8, 1]


# ----------------------------------------------------------------- the seed's examples
def test_megan_bids_8_then_drew_bids_6() -> None:
    drew, megan = 0, 1  # Drew draws first, so Megan bids first
    game = two_player_game(two_player_deal((5, 8)), first=drew)
    draw_all(game)
    assert game.to_act == megan
    bid_round(game, {megan: 8, drew: 6})
    assert [b["seat"] for b in to_record(game)["hands"][0]["bids"]] == [megan, drew]
    play_tricks(game, two_player_tricks((5, 8)))
    assert [p["total"] for p in game.results[0].points] == [-60, 80]


def test_karen_bids_7_and_wins_8_for_71() -> None:
    karen = 0
    game = two_player_game(two_player_deal((8, 5)), first=1)
    play_hand(game, (8, 5), {karen: 7, 1: 5})
    assert game.scores == [71, 50] and game.bags == [1, 0]


@pytest.mark.parametrize(("counts", "scores"), [((0, 13), [100, 94]), ((1, 12), [-99, 93])],
                         ids=["Kathy wins no trick", "Kathy wins one trick"])
def test_kathy_bids_nil_and_steve_bids_9(counts: tuple[int, int], scores: list[int]) -> None:
    kathy, steve = 0, 1
    game = two_player_game(two_player_deal(counts), first=steve)
    draw_all(game)
    assert game.to_act == kathy
    bid_round(game, {kathy: NIL, steve: 9})
    play_tricks(game, two_player_tricks(counts))
    assert game.scores == scores


def kelly_and_donna() -> TrickGame:
    donna, kelly = 0, 1  # Kelly draws second, so she leads
    deal = complete_deal(["2S 5C 9D", "AH 7H"], voids={donna: "H"})
    game = two_player_game(deal, first=donna)
    draw_all(game)
    bid_round(game, {kelly: 5, donna: 5})
    play_cards(game, "7H")
    return game


def test_kelly_leads_a_heart_and_donna_without_hearts_may_play_anything() -> None:
    game = kelly_and_donna()
    assert game.to_act == 0
    assert {a.card for a in game.legal_actions()} == set(game.view(0).hand)
    assert {c.suit for c in game.view(0).hand} == {0, 2, 3}


@pytest.mark.parametrize(("play", "winner"), [("2S", 0), ("5C", 1), ("9D", 1)])
def test_donnas_spade_wins_the_heart_trick_and_a_club_or_diamond_loses(play: str, winner: int) -> None:
    game = kelly_and_donna()
    events = game.apply(Play(0, card(play)))
    assert [e.seat for e in events if e.kind == TRICK_WON] == [winner]


def test_kelly_holding_hearts_must_follow_them() -> None:
    donna, kelly = 0, 1
    deal = complete_deal(["AH 2S", "KH 3C"], voids={})
    game = two_player_game(deal, first=kelly)
    draw_all(game)
    bid_round(game, {donna: 5, kelly: 5})
    play_cards(game, "AH")
    assert refusal(game, Play(kelly, card("3C"))) == "You must follow suit (hearts)."


def test_bonnies_bags_cost_100_at_11_and_again_after_9_more() -> None:
    bonnie = 0
    plans = [((7, 6), {bonnie: 4, 1: 6}), ((6, 7), {bonnie: 3, 1: 7}), ((9, 4), {bonnie: 4, 1: 4}),
             ((11, 2), {bonnie: 2, 1: 2})]
    game = two_player_game(two_player_deal(plans[0][0]), first=0,
                           later=[two_player_deal(counts) for counts, _ in plans[1:]])
    for counts, bids in plans:
        play_hand(game, counts, bids)
    assert [r.points[0]["total"] for r in game.results] == [43, 33, -55, -71]
    assert [r.bags[0] for r in game.results] == [3, 6, 1, 0]
    assert [r.scores for r in game.results] == [[43, 60], [76, 130], [21, 170], [-50, 190]]


def test_equal_scores_over_the_target_play_on_then_the_higher_score_wins() -> None:
    game = two_player_game(two_player_deal((0, 13)), first=0, options=SpadesOptions(target=250),
                           later=[two_player_deal((13, 0)), two_player_deal((6, 7))])
    play_hand(game, (0, 13), {1: 13}, blind=(0,))
    assert game.scores == [200, 130] and game.winner is None
    play_hand(game, (13, 0), {0: 13}, blind=(1,))
    assert game.scores == [330, 330] and game.winner is None and game.hand_number == 3
    play_hand(game, (6, 7), {0: 6, 1: 7})
    assert game.scores == [390, 400] and game.winner == 1 and game.phase is Phase.GAME_OVER


def test_numbers_and_nil_are_the_only_bids_after_drawing() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=0)
    draw_all(game)
    assert [a.value for a in game.legal_actions()] == [NIL, *range(1, 14)]
    assert refusal(game, Bid(1, 0)) == "0 is not a bid: bid Nil or 1 to 13."
    assert refusal(game, Bid(1, True)) == "True is not a bid: bid Nil or 1 to 13."
    assert refusal(game, Play(1, Card.parse("AH"))) == "It is not time to play a card."


def test_once_play_has_begun_only_cards_may_be_played() -> None:
    game = two_player_game(two_player_deal((7, 6)), first=0)
    draw_all(game)
    bid_round(game, {1: 6, 0: 7})
    assert game.phase is Phase.PLAYING and game.to_act == 1
    assert refusal(game, Bid(1, 3)) == "It is time to play a card, not to bid."
    assert refusal(game, Bid(1, NIL)) == "It is time to play a card, not to bid."
    assert refusal(game, Draw(1, True)) == "It is time to play a card, not to draw."
    assert refusal(game, Redraw(1, ())) == "It is time to play a card, not to redraw."
