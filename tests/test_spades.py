"""Four-player Spades played through apply(): scripted deals, exact scores (rules/spades.md)."""

from __future__ import annotations

from itertools import combinations

import pytest
from scripted import (
    bid_round,
    cards,
    complete_deal,
    exchange,
    play_cards,
    play_tricks,
    refusal,
    spades_deal,
    spades_game,
    spades_tricks,
    swap_back,
    visible_cards,
)

from game.actions import DOUBLE_NIL, NIL, Bid, BidValue, Exchange, IllegalAction, Look, Play
from game.cards import DECK, Card
from game.events import SPADES_BROKEN, TRICK_WON
from game.options import SpadesOptions
from game.record import to_record
from game.state import Phase, TrickGame

ALEX, BETH, CHARLIE, DAVID = 0, 1, 2, 3  # Alex and Charlie partners against Beth and David


def hand_points(game: TrickGame, hand: int = -1) -> list[tuple[int, int, int, int, int]]:
    """Each side's (contract, bags, nil, bag penalty, total) for a finished hand."""
    return [(p["contract"], p["bags"], p["nil"], p["bag_penalty"], p["total"]) for p in game.results[hand].points]


def play_hand(game: TrickGame, counts: tuple[int, int, int, int], bids: dict[int, BidValue]) -> None:
    """Bid, then play the planned tricks; check every seat won what the plan says."""
    bid_round(game, bids)
    winners = play_tricks(game, spades_tricks(counts))
    assert [winners.count(seat) for seat in range(4)] == list(counts)


def test_bids_4_3_2_2_make_contracts_of_6_and_5() -> None:
    game = spades_game(spades_deal((3, 4, 3, 3)))
    bid_round(game, {ALEX: 4, BETH: 3, CHARLIE: 2, DAVID: 2})
    assert game.view(ALEX).bids == (4, 3, 2, 2)
    play_tricks(game, spades_tricks((3, 4, 3, 3)))
    sides = game.results[0].points
    assert [(p["bid"], p["tricks"], p["made"]) for p in sides] == [(6, 6, True), (5, 7, True)]
    # Beth and David bid 5 and win 7: 50 + 2 = 52 points and 2 bags.
    assert hand_points(game) == [(60, 0, 0, 0, 60), (50, 2, 0, 0, 52)]
    assert game.scores == [60, 52] and game.bags == [0, 2]


def test_a_side_short_of_its_contract_loses_ten_a_trick_bid() -> None:
    game = spades_game(spades_deal((3, 4, 2, 4)))
    play_hand(game, (3, 4, 2, 4), {ALEX: 4, BETH: 3, CHARLIE: 2, DAVID: 2})
    assert hand_points(game) == [(-60, 0, 0, 0, -60), (50, 3, 0, 0, 53)]
    assert game.scores == [-60, 53] and game.bags == [0, 3]


def test_sandbagging_example_costs_100_at_11_bags_and_again_after_9_more() -> None:
    plans = [
        ((4, 3, 3, 3), {ALEX: 2, CHARLIE: 2, BETH: 3, DAVID: 3}),  # bid 4, win 7: 3 bags
        ((3, 4, 3, 3), {ALEX: 2, CHARLIE: 1, BETH: 4, DAVID: 3}),  # bid 3, win 6: 3 bags
        ((5, 2, 4, 2), {ALEX: 2, CHARLIE: 2, BETH: 2, DAVID: 2}),  # bid 4, win 9: 5 bags -> 11
        ((6, 1, 5, 1), {ALEX: 1, CHARLIE: 1, BETH: 1, DAVID: 1}),  # bid 2, win 11: 9 more bags
    ]
    game = spades_game(spades_deal(plans[0][0]), later=[spades_deal(counts) for counts, _ in plans[1:]])
    for counts, bids in plans:
        play_hand(game, counts, bids)
    assert [r.points[0]["total"] for r in game.results] == [43, 33, -55, -71]
    assert [r.points[0]["bag_penalty"] for r in game.results] == [0, 0, -100, -100]
    assert [r.bags for r in game.results] == [[3, 0], [6, 0], [1, 0], [0, 0]]
    assert [r.scores for r in game.results] == [[43, 60], [76, 130], [21, 170], [-50, 190]]
    assert [r.points[1]["total"] for r in game.results] == [60, 70, 40, 20]


def david_void_in_hearts() -> list[list[Card]]:
    return complete_deal(["AH 5D", "2H 3H", "KH 9C", "2S 7C 8D"], voids={DAVID: "H"})


def test_david_without_hearts_may_play_a_spade_a_club_or_a_diamond() -> None:
    deal = david_void_in_hearts()
    game = spades_game(deal)
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    play_cards(game, "AH 2H KH")
    assert game.to_act == DAVID
    assert {a.card for a in game.legal_actions()} == set(deal[DAVID])
    assert {c.suit for c in deal[DAVID]} == {0, 2, 3}


def test_davids_spade_cuts_the_hearts_and_breaks_spades() -> None:
    game = spades_game(david_void_in_hearts())
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    play_cards(game, "AH 2H KH")
    events = game.apply(Play(DAVID, Card.parse("2S")))
    kinds = [e.kind for e in events]
    assert SPADES_BROKEN in kinds
    assert [e.seat for e in events if e.kind == TRICK_WON] == [DAVID]
    assert game.spades_broken and game.to_act == DAVID


def test_davids_club_loses_to_the_highest_heart() -> None:
    game = spades_game(david_void_in_hearts())
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    play_cards(game, "AH 2H KH")
    events = game.apply(Play(DAVID, Card.parse("7C")))
    assert [e.seat for e in events if e.kind == TRICK_WON] == [ALEX]
    assert not game.spades_broken


def test_a_player_holding_the_suit_led_must_follow_it() -> None:
    game = spades_game(david_void_in_hearts())
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    play_cards(game, "AH")
    assert refusal(game, Play(BETH, _non_heart(game, BETH))) == "You must follow suit (hearts)."
    assert {str(a.card)[1] for a in game.legal_actions()} == {"H"}


def _non_heart(game: TrickGame, seat: int) -> Card:
    return next(c for c in game.view(seat).hand or () if c.suit != 1)


def test_nil_made_scores_100_and_the_partner_makes_his_contract_alone() -> None:
    game = spades_game(spades_deal((0, 4, 5, 4)))
    play_hand(game, (0, 4, 5, 4), {ALEX: NIL, BETH: 4, CHARLIE: 4, DAVID: 3})
    assert hand_points(game) == [(40, 1, 100, 0, 141), (70, 1, 0, 0, 71)]
    assert game.bags == [1, 1]


def test_nil_failed_tricks_are_bags_and_never_count_toward_the_partners_bid() -> None:
    game = spades_game(spades_deal((2, 4, 3, 4)))
    play_hand(game, (2, 4, 3, 4), {ALEX: NIL, BETH: 4, CHARLIE: 4, DAVID: 4})
    side = game.results[0].points[0]
    assert (side["bid"], side["tricks"], side["made"]) == (4, 3, False)
    assert hand_points(game) == [(-40, 2, -100, 0, -138), (80, 0, 0, 0, 80)]
    assert game.scores == [-138, 80] and game.bags == [2, 0]


def test_nil_failed_partner_made_alone() -> None:
    game = spades_game(spades_deal((2, 3, 4, 4)))
    play_hand(game, (2, 3, 4, 4), {ALEX: NIL, BETH: 3, CHARLIE: 4, DAVID: 4})
    assert hand_points(game) == [(40, 2, -100, 0, -58), (70, 0, 0, 0, 70)]


@pytest.mark.parametrize(("counts", "expected"), [
    ((0, 6, 0, 7), (0, 0, 200, 0, 200)),
    ((1, 6, 0, 6), (0, 1, 0, 0, 1)),
    ((1, 6, 2, 4), (0, 3, -200, 0, -197)),
], ids=["both made", "one made one failed", "both failed"])
def test_both_partners_nil_are_scored_each_on_its_own(counts: tuple[int, int, int, int],
                                                      expected: tuple[int, int, int, int, int]) -> None:
    game = spades_game(spades_deal(counts))
    play_hand(game, counts, {ALEX: NIL, BETH: 3, CHARLIE: NIL, DAVID: 3})
    assert hand_points(game)[0] == expected
    assert game.results[0].points[0]["bid"] is None


# ----------------------------------------------------------------- Double Nil
DN_COUNTS = (0, 4, 5, 4)
ALEX_GETS, CHARLIE_GETS = "2D 3D 4D", "JH TH 9H"


def double_nil_game(counts: tuple[int, int, int, int] = DN_COUNTS, bids: dict[int, BidValue] | None = None
                    ) -> tuple[TrickGame, list[list[Card]]]:
    """Alex bids Double Nil; after the exchange the hands are those of the trick plan."""
    planned = spades_deal(counts)
    deal = swap_back(planned, ALEX, CHARLIE, _pick(planned[ALEX], 3), _pick(planned[CHARLIE], 3))
    game = spades_game(deal)
    bid_round(game, bids or {ALEX: DOUBLE_NIL, BETH: 4, CHARLIE: 4, DAVID: 3})
    return game, planned


def _pick(hand: list[Card], count: int) -> str:
    return " ".join(str(c) for c in sorted(hand, key=lambda c: (c.suit, c.rank))[:count])


def test_double_nil_is_bid_before_looking_and_the_bidder_gives_first() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    assert game.view(ALEX).hand is None
    assert Bid(ALEX, DOUBLE_NIL) in game.legal_actions()
    bid_round(game, {ALEX: DOUBLE_NIL, BETH: 4, CHARLIE: 4, DAVID: 3})
    assert game.phase is Phase.EXCHANGE and game.to_act == ALEX
    assert game.view(ALEX).exchange_cards == 3 and game.view(ALEX).hand is not None
    assert to_record(game)["hands"][0]["blind"] == [ALEX]


def test_the_double_nil_bidder_sees_his_cards_only_after_the_bidding_round() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    game.apply(Bid(ALEX, DOUBLE_NIL))
    for seat, bid in ((BETH, 4), (CHARLIE, 4)):
        assert game.view(ALEX).hand is None and not game.view(ALEX).looked[ALEX]
        assert visible_cards(game.view(ALEX)) == set()
        assert refusal(game, Look(ALEX)) == "A Double Nil bidder looks at his cards once the bidding is over."
        game.apply(Bid(seat, bid))
    assert game.view(ALEX).hand is None
    game.apply(Bid(DAVID, 3))
    assert set(game.view(ALEX).hand) == set(spades_deal(DN_COUNTS)[ALEX]) and game.view(ALEX).looked[ALEX]


def test_double_nil_exchange_swaps_three_cards_each_way_and_is_recorded() -> None:
    game, planned = double_nil_game()
    dealt = [set(hand) for hand in game.hand_logs[0].deal]
    alex_gives, charlie_gives = _pick(planned[CHARLIE], 3), _pick(planned[ALEX], 3)
    assert set(cards(alex_gives)) <= dealt[ALEX] and set(cards(charlie_gives)) <= dealt[CHARLIE]
    exchange(game, {ALEX: alex_gives, CHARLIE: charlie_gives})
    assert game.phase is Phase.PLAYING and game.to_act == ALEX
    assert set(game.view(ALEX).hand) == set(planned[ALEX])
    assert set(game.view(CHARLIE).hand) == set(planned[CHARLIE])
    hand = to_record(game)["hands"][0]
    assert sorted((e["from"], e["to"], sorted(e["cards"])) for e in hand["exchange"]) == [
        (ALEX, CHARLIE, sorted(alex_gives.split())), (CHARLIE, ALEX, sorted(charlie_gives.split()))]
    assert [set(cards(" ".join(h))) for h in hand["deal"]] == dealt  # the deal is as dealt, before the exchange
    winners = play_tricks(game, spades_tricks(DN_COUNTS))
    assert [winners.count(s) for s in range(4)] == list(DN_COUNTS)
    assert hand_points(game) == [(40, 1, 200, 0, 241), (70, 1, 0, 0, 71)]


def test_double_nil_failed_costs_200_and_its_tricks_are_bags() -> None:
    game, _ = double_nil_game((1, 4, 4, 4))
    planned = spades_deal((1, 4, 4, 4))
    exchange(game, {ALEX: _pick(planned[CHARLIE], 3), CHARLIE: _pick(planned[ALEX], 3)})
    play_tricks(game, spades_tricks((1, 4, 4, 4)))
    assert hand_points(game) == [(40, 1, -200, 0, -159), (70, 1, 0, 0, 71)]


def test_the_partner_chooses_without_seeing_what_he_will_receive() -> None:
    views = []
    for gives in (0, 1):
        game, planned = double_nil_game()
        before = game.view(CHARLIE)
        alex_hand = sorted(game.view(ALEX).hand)
        chosen = tuple(alex_hand[3 * gives:3 * gives + 3])
        game.apply(Exchange(ALEX, chosen))
        view = game.view(CHARLIE)
        assert view.hand == before.hand  # nothing has changed hands yet
        assert not set(chosen) & visible_cards(view)
        legal = game.legal_actions()
        assert len(legal) == 286 and {c for a in legal for c in a.cards} == set(before.hand)
        views.append(view)
    assert views[0] == views[1]  # whatever Alex gave, Charlie's view is the same


def test_double_nil_refused_after_looking_and_when_switched_off() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    game.apply(Look(ALEX))
    assert game.view(ALEX).hand is not None
    assert Bid(ALEX, DOUBLE_NIL) not in game.legal_actions()
    assert refusal(game, Bid(ALEX, DOUBLE_NIL)) == "Double Nil may only be bid before looking at your cards."
    off = spades_game(spades_deal(DN_COUNTS), options=SpadesOptions(double_nil=False))
    assert off.view(ALEX).hand is not None
    assert refusal(off, Bid(ALEX, DOUBLE_NIL)) == "Double Nil is not allowed in this game."
    assert refusal(off, Look(ALEX)) == "You have already looked at your cards."


def test_nil_refused_when_switched_off() -> None:
    game = spades_game(spades_deal(DN_COUNTS), options=SpadesOptions(nil=False))
    assert refusal(game, Bid(ALEX, NIL)) == "Nil is not allowed in this game."
    assert game.legal_actions() == [Look(ALEX), *(Bid(ALEX, v) for v in [*range(1, 14), DOUBLE_NIL])]


def test_the_face_down_seat_to_bid_has_look_listed_first_and_keeps_its_turn() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    legal = game.legal_actions()
    assert legal[0] == Look(ALEX) and Bid(ALEX, DOUBLE_NIL) in legal
    assert [a for a in legal if isinstance(a, Look)] == [Look(ALEX)]  # only the seat to act's own
    game.apply(legal[0])
    assert game.to_act == ALEX and game.view(ALEX).hand is not None
    legal = game.legal_actions()
    assert all(isinstance(a, Bid) for a in legal) and Bid(ALEX, DOUBLE_NIL) not in legal
    game.apply(Bid(ALEX, 3))
    assert game.legal_actions()[0] == Look(BETH)  # Beth is face down too
    no_blind = spades_game(spades_deal(DN_COUNTS), options=SpadesOptions(double_nil=False))
    assert not any(isinstance(a, Look) for a in no_blind.legal_actions())  # dealt face up: nothing to look at


def test_a_seat_may_look_at_any_time_even_out_of_turn() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    game.apply(Look(CHARLIE))
    assert set(game.view(CHARLIE).hand) == set(spades_deal(DN_COUNTS)[CHARLIE])
    assert game.view(ALEX).hand is None and game.to_act == ALEX
    assert refusal(game, Look(CHARLIE)) == "You have already looked at your cards."
    game.apply(Bid(ALEX, 3))  # a number bid looks for you
    assert game.view(ALEX).hand is not None
    game.apply(Bid(BETH, DOUBLE_NIL))  # Beth has not looked: still allowed
    assert refusal(game, Bid(CHARLIE, DOUBLE_NIL)) == "Double Nil may only be bid before looking at your cards."


def test_both_partners_double_nil_exchange_nothing() -> None:
    counts = (0, 6, 0, 7)
    game = spades_game(spades_deal(counts))
    bid_round(game, {ALEX: DOUBLE_NIL, BETH: 3, CHARLIE: DOUBLE_NIL, DAVID: 3})
    assert game.phase is Phase.PLAYING
    assert to_record(game)["hands"][0]["exchange"] == []
    play_tricks(game, spades_tricks(counts))
    assert hand_points(game) == [(0, 0, 400, 0, 400), (60, 7, 0, 0, 67)]


def test_nil_and_double_nil_in_one_side_are_scored_each_on_its_own() -> None:
    counts = (1, 6, 0, 6)
    planned = spades_deal(counts)
    charlie_gets, alex_gets = _pick(planned[CHARLIE], 3), _pick(planned[ALEX], 3)
    game = spades_game(swap_back(planned, ALEX, CHARLIE, alex_gets, charlie_gets))
    bid_round(game, {ALEX: DOUBLE_NIL, BETH: 6, CHARLIE: NIL, DAVID: 6})
    assert game.phase is Phase.EXCHANGE  # a Nil partner still exchanges with the Double Nil bidder
    exchange(game, {ALEX: charlie_gets, CHARLIE: alex_gets})
    play_tricks(game, spades_tricks(counts))
    # Nil made (+100), Double Nil failed (-200): -100, and the Double Nil trick is a bag.
    assert hand_points(game) == [(0, 1, -100, 0, -99), (120, 0, 0, 0, 120)]


def test_exchange_refusals() -> None:
    game, _ = double_nil_game()
    hand = sorted(game.view(ALEX).hand)
    three = "Choose exactly three different cards to give your partner."
    assert refusal(game, Exchange(ALEX, tuple(hand[:2]))) == three
    assert refusal(game, Exchange(ALEX, tuple(hand[:4]))) == three
    assert refusal(game, Exchange(ALEX, (hand[0], hand[0], hand[1]))) == three
    assert refusal(game, Exchange(ALEX, None)) == three  # type: ignore[arg-type]
    assert refusal(game, Exchange(ALEX, ([], [], []))) == "You do not hold []."  # type: ignore[arg-type]
    assert refusal(game, Exchange(ALEX, (True, hand[1], hand[2]))) == "You do not hold True."
    other = next(c for c in game.view(CHARLIE).hand)
    assert refusal(game, Exchange(ALEX, (hand[0], hand[1], other))) == f"You do not hold {other}."
    assert refusal(game, Exchange(CHARLIE, tuple(hand[:3]))).startswith("It is not seat 2's turn")
    assert refusal(game, Play(ALEX, hand[0])) == "It is not time to play a card."
    assert refusal(game, Bid(ALEX, 3)).startswith("It is time to choose three cards")


# ----------------------------------------------------------------- bags, the end of the game
def test_bags_crossing_ten_twice_in_one_hand_cost_200_and_the_rest_carries() -> None:
    game = spades_game(spades_deal((6, 1, 5, 1)), later=[spades_deal((13, 0, 0, 0))])
    play_hand(game, (6, 1, 5, 1), {ALEX: 1, BETH: 1, CHARLIE: 1, DAVID: 1})
    assert game.bags == [9, 0] and game.scores == [29, 20]
    play_hand(game, (13, 0, 0, 0), {ALEX: 1, BETH: 1, CHARLIE: NIL, DAVID: 1})
    # 12 bags on 9: 21, two penalties and 1 carried over.
    assert hand_points(game) == [(10, 12, 100, -200, -78), (-20, 0, 0, 0, -20)]
    assert game.bags == [1, 0] and game.scores == [-49, 0]


NIL_6_7 = ((0, 0, 6, 7), {ALEX: NIL, BETH: NIL, CHARLIE: 6, DAVID: 7})  # 160 and 170


def test_both_sides_over_the_target_the_higher_score_wins() -> None:
    game = spades_game(spades_deal((0, 0, 6, 7)), options=SpadesOptions(target=250),
                       later=[spades_deal((0, 0, 6, 7))])
    play_hand(game, *NIL_6_7)
    assert game.scores == [160, 170] and game.winner is None
    play_hand(game, (0, 0, 6, 7), {ALEX: NIL, BETH: NIL, CHARLIE: 6, DAVID: 7})
    assert game.scores == [320, 340]
    assert game.winner == 1 and game.phase is Phase.GAME_OVER and game.to_act is None


def test_equal_scores_over_the_target_play_another_hand() -> None:
    game = spades_game(spades_deal((0, 0, 6, 7)), options=SpadesOptions(target=250),
                       later=[spades_deal((0, 0, 7, 6)), spades_deal((3, 3, 3, 4))])
    play_hand(game, *NIL_6_7)
    play_hand(game, (0, 0, 7, 6), {ALEX: NIL, BETH: NIL, CHARLIE: 7, DAVID: 6})
    assert game.scores == [330, 330]
    assert game.winner is None and game.phase is Phase.BIDDING and game.hand_number == 3
    play_hand(game, (3, 3, 3, 4), {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 4})
    assert game.scores == [390, 400] and game.winner == 1


def test_one_side_reaching_the_target_wins() -> None:
    game = spades_game(spades_deal((0, 0, 6, 7)), options=SpadesOptions(target=250),
                       later=[spades_deal((0, 3, 7, 3))])
    play_hand(game, *NIL_6_7)
    play_hand(game, (0, 3, 7, 3), {ALEX: NIL, BETH: 3, CHARLIE: 7, DAVID: 3})
    assert game.scores == [330, 230] and game.winner == 0
    assert to_record(game)["winner"] == 0


@pytest.mark.parametrize(("bids", "score", "ended"), [((13, 13), -260, True), ((10, 10), -200, True),
                                                      ((10, 9), -190, False)])
def test_mercy_rule_ends_the_game_at_minus_200(bids: tuple[int, int], score: int, ended: bool) -> None:
    counts = (3, 3, 4, 3)
    game = spades_game(spades_deal(counts), options=SpadesOptions(mercy=-200))
    play_hand(game, counts, {ALEX: bids[0], BETH: 3, CHARLIE: bids[1], DAVID: 3})
    assert game.scores == [score, 60]
    assert game.winner == (1 if ended else None)
    assert game.phase is (Phase.GAME_OVER if ended else Phase.BIDDING)


@pytest.mark.parametrize(("bids", "scores", "winner"), [((10, 10), [-260, -200], 1), ((13, 13), [-260, -260], None)])
def test_mercy_both_sides_at_minus_200_the_higher_wins_and_equal_plays_on(
        bids: tuple[int, int], scores: list[int], winner: int | None) -> None:
    """Decision (rules/spades.md): both partnerships at -200 or below after the same hand."""
    counts = (3, 3, 4, 3)
    game = spades_game(spades_deal(counts), options=SpadesOptions(mercy=-200))
    play_hand(game, counts, {ALEX: 13, BETH: bids[0], CHARLIE: 13, DAVID: bids[1]})
    assert game.scores == scores and game.winner == winner
    assert game.phase is (Phase.BIDDING if winner is None else Phase.GAME_OVER)
    assert game.hand_number == (2 if winner is None else 1)


def test_without_the_mercy_rule_a_low_score_plays_on() -> None:
    counts = (3, 3, 4, 3)
    game = spades_game(spades_deal(counts))
    play_hand(game, counts, {ALEX: 13, BETH: 3, CHARLIE: 13, DAVID: 3})
    assert game.scores == [-260, 60] and game.winner is None and game.hand_number == 2


# ----------------------------------------------------------------- leading spades
def test_spades_may_not_be_led_before_they_are_broken() -> None:
    deal = complete_deal(["AS 2H", "", "", ""])
    game = spades_game(deal)
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    assert refusal(game, Play(ALEX, Card.parse("AS"))) == "Spades are not broken yet: lead another suit."
    assert all(a.card.suit != 0 for a in game.legal_actions())


def test_a_hand_of_nothing_but_spades_may_lead_them_and_that_breaks_spades() -> None:
    game = spades_game(spades_deal((13, 0, 0, 0)))
    bid_round(game, {ALEX: 13, BETH: NIL, CHARLIE: NIL, DAVID: NIL})
    assert {a.card for a in game.legal_actions()} == set(cards(" ".join(r + "S" for r in "23456789TJQKA")))
    events = game.apply(Play(ALEX, Card.parse("2S")))
    assert SPADES_BROKEN in [e.kind for e in events]
    assert game.spades_broken


def test_spades_may_be_led_once_broken() -> None:
    game = spades_game(spades_deal((4, 3, 3, 3)))
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    tricks = spades_tricks((4, 3, 3, 3))
    play_tricks(game, tricks[:9])
    assert not game.spades_broken
    play_tricks(game, tricks[9:10])  # the trick of twos: the two of spades cuts
    assert game.spades_broken
    leader = game.to_act
    assert all(c.suit == 0 for c in game.view(leader).hand)
    assert len(game.legal_actions()) == 3


def test_the_first_lead_is_from_the_dealers_left_and_dealing_rotates() -> None:
    counts = (4, 3, 3, 3)
    game = spades_game(spades_deal(counts), dealer=1, later=[spades_deal(counts)])
    assert game.dealer == 1 and game.to_act == 2
    play_hand(game, counts, {0: 3, 1: 3, 2: 3, 3: 3})
    assert game.dealer == 2 and game.to_act == 3 and game.hand_number == 2
    assert set(game.hand_logs[1].deal[3]) == set(spades_deal(counts)[3])


def test_the_deal_is_one_card_at_a_time_from_the_dealers_left() -> None:
    from game.chance import Chance
    from game.factory import new_game

    chance = Chance(0)
    deck = list(DECK)
    chance.force("seat", [2])
    chance.force("deck", [deck])
    game = new_game("spades", SpadesOptions(), 4, 0, chance)
    assert game.hand_logs[0].deal[3][:3] == [deck[0], deck[4], deck[8]]
    assert game.hand_logs[0].deal[0][:2] == [deck[1], deck[5]]
    assert game.hand_logs[0].deal[2][-1] == deck[51]


def test_bid_refusals() -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    assert refusal(game, Bid(ALEX, 14)) == "14 is not a bid: bid Nil or 1 to 13."
    assert refusal(game, Bid(ALEX, 0)) == "0 is not a bid: bid Nil or 1 to 13."
    assert refusal(game, Bid(ALEX, "pass")) == "Pass is not a bid: bid Nil or 1 to 13."
    assert refusal(game, Bid(BETH, 3)) == "It is not seat 1's turn (seat 0 is to act)."
    assert refusal(game, Play(ALEX, spades_deal(DN_COUNTS)[ALEX][0])) == "It is not time to play a card."


@pytest.mark.parametrize("value", [True, False, 3.0, None, "3"], ids=repr)
def test_a_bid_must_be_a_whole_number_or_a_named_bid(value: object) -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    assert refusal(game, Bid(ALEX, value)).endswith("is not a bid: bid Nil or 1 to 13.")  # type: ignore[arg-type]


def test_play_refusals_name_the_card() -> None:
    game = spades_game(spades_deal((4, 3, 3, 3)))
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    not_held = next(c for c in spades_deal((4, 3, 3, 3))[BETH])
    assert refusal(game, Play(ALEX, not_held)) == f"You do not hold the {not_held.name()}."
    assert refusal(game, Play(ALEX, 60)) == "60 is not a card."  # type: ignore[arg-type]
    assert refusal(game, Play(ALEX, "AH")) == "'AH' is not a card."  # type: ignore[arg-type]


def test_tricks_won_are_shown_per_player() -> None:
    counts = (2, 5, 1, 5)
    game = spades_game(spades_deal(counts))
    bid_round(game, {ALEX: 1, BETH: 4, CHARLIE: 1, DAVID: 4})
    tricks = spades_tricks(counts)
    winners = play_tricks(game, tricks[:12])
    assert game.view(BETH).tricks_won == tuple(winners.count(seat) for seat in range(4))
    assert sum(game.view(ALEX).tricks_won) == 12


def play_last_trick(game: TrickGame, tricks: list) -> list:
    """Play the first twelve tricks, then the last one card by card; return the last trick's events."""
    play_tricks(game, tricks[:12])
    row = cards(tricks[12])
    events = []
    for _ in range(4):
        events += game.apply(Play(game.to_act, row[game.to_act]))
    return events


def test_hand_scored_and_hand_started_come_from_the_last_play() -> None:
    counts = (4, 3, 3, 3)
    game = spades_game(spades_deal(counts))
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    tricks = spades_tricks(counts)
    events = play_last_trick(game, tricks)
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["hand_scored", "hand_started"]
    scored = events[-2].data
    assert scored["scores"] == [61, 60] and [p["total"] for p in scored["points"]] == [61, 60]


def test_every_combination_of_three_is_offered_in_the_exchange() -> None:
    game, _ = double_nil_game()
    legal = game.legal_actions()
    assert {frozenset(a.cards) for a in legal} == {frozenset(c) for c in combinations(game.view(ALEX).hand, 3)}


@pytest.mark.parametrize("seat", ["x", None, True, 1.5], ids=repr)
def test_a_look_naming_no_seat_is_refused(seat: object) -> None:
    game = spades_game(spades_deal(DN_COUNTS))
    assert refusal(game, Look(seat)).startswith("There is no seat")  # type: ignore[arg-type]


def test_the_last_play_of_the_game_scores_the_hand_then_ends_the_game() -> None:
    counts = (3, 3, 4, 3)
    game = spades_game(spades_deal(counts), options=SpadesOptions(mercy=-200))
    bid_round(game, {ALEX: 13, BETH: 3, CHARLIE: 13, DAVID: 3})
    tricks = spades_tricks(counts)
    events = play_last_trick(game, tricks)
    assert [e.kind for e in events][-2:] == ["hand_scored", "game_over"]
    assert events[-1].value == 1 and events[-2].data["scores"] == [-260, 60]
    assert game.legal_actions() == [] and game.to_act is None
    assert refusal(game, Bid(ALEX, 3)) == "The game is over."
    assert refusal(game, Look(ALEX)) == "The game is over."


def test_once_play_has_begun_only_cards_may_be_played() -> None:
    game, planned = double_nil_game()
    exchange(game, {ALEX: _pick(planned[CHARLIE], 3), CHARLIE: _pick(planned[ALEX], 3)})
    assert game.phase is Phase.PLAYING
    hand = tuple(sorted(game.view(ALEX).hand)[:3])
    assert refusal(game, Exchange(ALEX, hand)) == "It is time to play a card, not to exchange."
    assert refusal(game, Bid(ALEX, 3)) == "It is time to play a card, not to bid."
    play_tricks(game, spades_tricks(DN_COUNTS)[:1])
    seat = game.to_act
    assert refusal(game, Exchange(seat, tuple(sorted(game.view(seat).hand)[:3]))) == \
        "It is time to play a card, not to exchange."


def test_a_seat_given_as_true_is_refused() -> None:
    game = spades_game(spades_deal(DN_COUNTS), dealer=0)
    assert game.to_act == 1
    assert refusal(game, Bid(True, 3)).startswith("There is no seat True")  # type: ignore[arg-type]


def test_a_card_given_as_true_is_refused() -> None:
    game = spades_game(complete_deal(["2H", "", "", ""]))
    bid_round(game, {ALEX: 3, BETH: 3, CHARLIE: 3, DAVID: 3})
    assert refusal(game, Play(ALEX, True)) == "True is not a card."  # type: ignore[arg-type]



def test_an_action_offered_before_the_state_changed_is_checked_again() -> None:
    game = spades_game(spades_deal(DN_COUNTS), dealer=0)
    offered = game.legal_actions()
    game.apply(offered[3])
    with pytest.raises(IllegalAction, match="It is not seat 1's turn"):
        game.apply(offered[4])  # the same seat's bid, offered a move ago
    bid_round_rest = {seat: 3 for seat in (2, 3, 0)}
    for seat, value in bid_round_rest.items():
        game.apply(Bid(seat, value))
    plays = game.legal_actions()
    game.apply(plays[0])
    with pytest.raises(IllegalAction, match="not seat"):
        game.apply(plays[-1])  # the leader's other card, after he has played
