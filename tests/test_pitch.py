"""Pitch played through apply(): the worked examples of rules/pitch.md as real deals, and every rule."""

from __future__ import annotations

import pytest
from scripted import bid_round, card, cards, hands_from_tricks, pitch_game, play_tricks, refusal

from game.actions import NIL, PASS, Bid, BidValue, Play
from game.cards import DECK, HEARTS, SPADES
from game.chance import Chance
from game.events import BIDDING_DONE, TRUMP_SET
from game.factory import new_game
from game.options import PitchOptions
from game.record import to_record
from game.state import Phase, TrickGame

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3

# Example 1: West bids 2 and leads the 9 of hearts. Cards listed by seat: South, West, North, East.
EXAMPLE_1 = [
    "2D 9H JH 2C",  # North must play his only trump, the jack, and wins
    "3S 4S TS AS",  # East: ten and ace of spades, 14
    "6C AH TC 5C",  # West trumps with the ace and takes North's ten: 14
    "9D 3H 7D 8D",  # West's 3 of hearts, the lowest trump, wins alone
    "8S TD QD 7S",  # North takes West's ten with the queen: 13 in all
    "AC 6S JC 5S",  # South: ace and jack of clubs, 5
]
EXAMPLE_1_BIDS: dict[int, BidValue] = {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS}

# Example 2: the jack of spades is the only trump; East pitches it and wins it. South takes three tens.
EXAMPLE_2 = ["2H 3H 4H JS", "TH 6H 7H 5H", "TD 2D 3D 4D", "TC 2C 3C 4C", "5D 6D 7D 8D", "6C 7C 8C 5C"]

# Example 3: North bids 3 and leads the ace of spades; East takes the 2 of spades (Low) with his king.
EXAMPLE_3 = [
    "2H 3H AS QS",  # North: High
    "5D 6D 4D TD",
    "7H 8H 2S KS",  # East's king takes North's 2 of spades: Low to East
    "2C 3C 4C TC",
    "7D 8D JS 9D",  # North trumps with the jack: Jack
    "8C 9C 6C 7C",
]


def rows(game: TrickGame, hand: int = -1) -> list[tuple[int, int, int, int, int]]:
    """Each side's (high, low, jack, game, total) for a finished hand."""
    return [(r["high"], r["low"], r["jack"], r["game"], r["total"]) for r in game.results[hand].points]


def example_game(tricks: list[str], dealer: int, options: PitchOptions | None = None) -> TrickGame:
    return pitch_game(hands_from_tricks(tricks, 4), dealer=dealer, options=options)


def test_example_1_west_makes_his_2_with_high_and_low_and_game_is_tied() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    assert game.to_act == WEST
    bid_round(game, EXAMPLE_1_BIDS)
    assert game.phase is Phase.PLAYING and game.to_act == WEST and game.view(0).pitcher == WEST
    winners = play_tricks(game, EXAMPLE_1)
    assert winners == [NORTH, EAST, WEST, WEST, NORTH, SOUTH]
    assert [r["trick_points"] for r in game.results[0].points] == [5, 14, 13, 14]
    assert rows(game) == [(0, 0, 0, 0, 0), (1, 1, 0, 0, 2), (0, 0, 1, 0, 1), (0, 0, 0, 0, 0)]
    assert game.scores == [0, 2, 1, 0]
    hand = to_record(game)["hands"][0]
    assert (hand["pitcher"], hand["bid"], hand["trump"]) == (WEST, 2, "H")


def test_example_2_a_lone_jack_of_trumps_scores_high_low_and_jack() -> None:
    game = example_game(EXAMPLE_2, dealer=NORTH)
    bid_round(game, {EAST: 2, SOUTH: PASS, WEST: PASS, NORTH: PASS})
    assert play_tricks(game, EXAMPLE_2) == [EAST, SOUTH, SOUTH, SOUTH, EAST, NORTH]
    assert rows(game) == [(0, 0, 0, 1, 1), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (1, 1, 1, 0, 3)]
    assert game.scores == [1, 0, 0, 3]


def test_example_3_north_short_of_his_3_is_set_back_and_the_others_score() -> None:
    game = example_game(EXAMPLE_3, dealer=EAST)
    bid_round(game, {SOUTH: PASS, WEST: PASS, NORTH: 3, EAST: PASS})
    assert play_tricks(game, EXAMPLE_3) == [NORTH, EAST, EAST, EAST, NORTH, WEST]
    assert rows(game) == [(0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (1, 0, 1, 0, -3), (0, 1, 0, 1, 2)]
    assert [r["set_back"] for r in game.results[0].points] == [False, False, True, False]
    assert game.scores == [0, 0, -3, 2]


def test_low_to_the_player_who_played_it_gives_north_his_3() -> None:
    game = example_game(EXAMPLE_3, dealer=EAST, options=PitchOptions(low="player"))
    bid_round(game, {SOUTH: PASS, WEST: PASS, NORTH: 3, EAST: PASS})
    play_tricks(game, EXAMPLE_3)
    assert rows(game) == [(0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (1, 1, 1, 0, 3), (0, 0, 0, 1, 1)]


LOW_CARDS = {suit: [rank + suit for rank in "98765432"] for suit in "HDC"}


def sweep(pitcher: int, taker: int, players: int = 4) -> list[str]:
    """Six tricks in which ``taker`` wins every trick, High, Low, Jack and Game; ``pitcher`` leads
    the first (his only spade, the 5, if he is not the taker). Everyone else holds low cards.
    """
    lows = {suit: iter(ranks) for suit, ranks in LOW_CARDS.items()}
    taker_cards = ["AS", "JS", "2S", "TH", "TD", "TC"]
    tricks = []
    for number, suit in enumerate("HDCHDC"):
        row = []
        for seat in range(players):
            if seat == taker:
                row.append(taker_cards[number])
            elif seat == pitcher and number == 0:
                row.append("5S")
            else:
                row.append(next(lows[suit]))
        tricks.append(" ".join(row))
    return tricks


def test_a_player_over_the_target_wins_only_in_a_hand_he_pitched() -> None:
    # Example 4: North reaches 8 in a hand South pitched; West then pitches, makes 3 and wins with 7.
    west_3 = [  # West takes High, Low and Jack; East's tens take Game
        "9C AS 8C 7C",
        "9D JS 8D 7D",
        "6C 2S 5C 4C",
        "9H 3H 8H TH",
        "6D 3D 5D TD",
        "3C 2C 2D TC",
    ]
    hands = [sweep(WEST, WEST), sweep(NORTH, NORTH), sweep(SOUTH, NORTH), west_3]
    game = pitch_game(hands_from_tricks(hands[0], 4), dealer=SOUTH,
                      later=[hands_from_tricks(tricks, 4) for tricks in hands[1:]])
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    assert play_tricks(game, hands[0]) == [WEST] * 6
    bid_round(game, {NORTH: 2, EAST: PASS, SOUTH: PASS, WEST: PASS})
    play_tricks(game, hands[1])
    assert game.scores == [0, 4, 4, 0]
    bid_round(game, {EAST: PASS, SOUTH: 2, WEST: PASS, NORTH: PASS})
    assert game.view(0).pitcher == SOUTH
    assert play_tricks(game, hands[2]) == [NORTH] * 6
    assert game.scores == [-2, 4, 8, 0]
    assert game.winner is None and game.phase is Phase.BIDDING  # North has 8 but did not pitch
    bid_round(game, {SOUTH: PASS, WEST: 3, NORTH: PASS, EAST: PASS})
    assert play_tricks(game, hands[3]) == [WEST, WEST, WEST, EAST, EAST, EAST]
    assert rows(game) == [(0, 0, 0, 0, 0), (1, 1, 1, 0, 3), (0, 0, 0, 0, 0), (0, 0, 0, 1, 1)]
    assert game.scores == [-2, 7, 8, 1]
    assert game.winner == WEST and game.phase is Phase.GAME_OVER and game.to_act is None


def test_a_pitcher_set_back_does_not_win_even_at_or_above_the_target() -> None:
    """Decision (rules/pitch.md): he wins only on a hand he pitched and made."""
    plan = [(SOUTH, NORTH), (EAST, NORTH), (WEST, NORTH), (NORTH, EAST)]  # (pitcher, taker), dealers N, E, S, W
    deals = [hands_from_tricks(sweep(pitcher, taker), 4) for pitcher, taker in plan]
    game = pitch_game(deals[0], dealer=NORTH, later=deals[1:])
    for number, (pitcher, taker) in enumerate(plan):
        bid_round(game, {seat: (3 if pitcher == NORTH else 2) if seat == pitcher else PASS for seat in range(4)})
        assert game.view(0).pitcher == pitcher
        assert play_tricks(game, sweep(pitcher, taker)) == [taker] * 6
        if number == 1:
            assert game.scores[NORTH] == 8 and game.winner is None  # at the target in a hand East pitched
    assert game.results[-1].points[NORTH]["set_back"] and game.scores == [-2, -2, 9, 2]
    assert game.winner is None and game.phase is Phase.BIDDING and game.hand_number == 5


def test_the_sweep_gives_the_taker_all_four_points_and_sets_the_pitcher_back() -> None:
    game = pitch_game(hands_from_tricks(sweep(EAST, SOUTH), 4), dealer=NORTH)
    bid_round(game, {EAST: 2, SOUTH: PASS, WEST: PASS, NORTH: PASS})
    play_tricks(game, sweep(EAST, SOUTH))
    assert rows(game) == [(1, 1, 1, 1, 4), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, -2)]


# ----------------------------------------------------------------- the auction
def test_shutting_out_with_4_ends_the_auction_and_the_pitcher_leads() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    events = game.apply(Bid(WEST, 4))
    assert [(e.kind, e.seat, e.value) for e in events][-1] == (BIDDING_DONE, WEST, 4)
    assert game.phase is Phase.PLAYING and game.to_act == WEST
    assert game.view(NORTH).bids == (None, 4, None, None) and game.view(NORTH).high_bid == 4
    events = game.apply(Play(WEST, card("9H")))
    assert (TRUMP_SET, HEARTS) in [(e.kind, e.value) for e in events]
    assert game.trump == HEARTS


def test_a_later_bid_of_4_also_ends_the_auction() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, {WEST: 1, NORTH: 4})
    assert game.phase is Phase.PLAYING and game.to_act == NORTH and game.view(0).bids == (None, 1, 4, None)


def test_when_everyone_passes_the_dealer_must_bid_at_least_2() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, {WEST: PASS, NORTH: PASS, EAST: PASS})
    assert game.to_act == SOUTH
    assert [a.value for a in game.legal_actions()] == [2, 3, 4]
    assert refusal(game, Bid(SOUTH, PASS)) == "Everyone passed: the dealer must bid at least 2."
    assert refusal(game, Bid(SOUTH, 1)) == "Everyone passed: the dealer must bid at least 2."
    game.apply(Bid(SOUTH, 2))
    assert game.phase is Phase.PLAYING and game.to_act == SOUTH


def test_the_dealer_may_steal_by_equalling_the_high_bid() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS})
    assert [a.value for a in game.legal_actions()] == [PASS, 2, 3, 4]
    game.apply(Bid(SOUTH, 2))
    assert game.view(0).pitcher == SOUTH and game.to_act == SOUTH and game.view(0).high_bid == 2


def test_without_dealer_steal_the_dealer_must_bid_higher() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH, options=PitchOptions(dealer_steal=False))
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS})
    assert [a.value for a in game.legal_actions()] == [PASS, 3, 4]
    assert refusal(game, Bid(SOUTH, 2)) == "Dealer steal is off: the dealer must bid higher than the high bid."
    game.apply(Bid(SOUTH, PASS))
    assert game.view(0).pitcher == WEST and game.to_act == WEST


def test_a_bid_must_beat_the_high_bid_and_1_only_opens() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    assert [a.value for a in game.legal_actions()] == [PASS, 1, 2, 3, 4]
    game.apply(Bid(WEST, 1))
    assert [a.value for a in game.legal_actions()] == [PASS, 2, 3, 4]
    assert refusal(game, Bid(NORTH, 1)) == "A bid must be higher than the high bid (1)."
    game.apply(Bid(NORTH, 2))
    assert refusal(game, Bid(EAST, 2)) == "A bid must be higher than the high bid (2)."
    assert refusal(game, Bid(EAST, 5)) == "Pitch bids are 1 to 4."
    assert refusal(game, Bid(EAST, 0)) == "Pitch bids are 1 to 4."
    assert refusal(game, Bid(EAST, NIL)) == "Nil is not a Pitch bid: pass or bid 1 to 4."
    assert refusal(game, Bid(EAST, True)) == "True is not a Pitch bid: pass or bid 1 to 4."  # type: ignore[arg-type]
    assert refusal(game, Bid(EAST, 3.0)) == "3.0 is not a Pitch bid: pass or bid 1 to 4."  # type: ignore[arg-type]
    assert refusal(game, Bid(SOUTH, 3)) == "It is not seat 0's turn (seat 3 is to act)."
    assert refusal(game, Play(EAST, card("2C"))) == "It is not time to play a card."


# ----------------------------------------------------------------- play
def test_when_trump_is_led_a_player_holding_trump_must_play_one() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, EXAMPLE_1_BIDS)
    game.apply(Play(WEST, card("9H")))
    assert [a.card for a in game.legal_actions()] == [card("JH")]
    assert refusal(game, Play(NORTH, card("TS"))) == "Trump was led: you must play a trump (hearts)."


def test_a_player_able_to_follow_may_trump_instead() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, EXAMPLE_1_BIDS)
    play_tricks(game, EXAMPLE_1[:1])
    game.apply(Play(NORTH, card("TS")))
    game.apply(Play(EAST, card("AS")))
    game.apply(Play(SOUTH, card("3S")))
    assert {str(a.card) for a in game.legal_actions()} == {"4S", "6S", "AH", "3H"}
    assert refusal(game, Play(WEST, card("TD"))) == "You must follow suit (spades) or play a trump (hearts)."
    events = game.apply(Play(WEST, card("AH")))
    assert [e.seat for e in events if e.kind == "trick_won"] == [WEST]


def test_a_player_who_cannot_follow_may_play_anything() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, EXAMPLE_1_BIDS)
    play_tricks(game, EXAMPLE_1[:2])
    game.apply(Play(EAST, card("5C")))
    game.apply(Play(SOUTH, card("6C")))
    assert {str(a.card) for a in game.legal_actions()} == {"AH", "3H", "TD", "6S"}  # West has no club


def test_the_first_lead_of_any_suit_sets_trump() -> None:
    game = example_game(EXAMPLE_3, dealer=EAST)
    bid_round(game, {SOUTH: PASS, WEST: PASS, NORTH: 3, EAST: PASS})
    assert game.trump is None and len(game.legal_actions()) == 6
    game.apply(Play(NORTH, card("AS")))
    assert game.trump == SPADES and game.view(SOUTH).trump == SPADES


def test_a_single_trump_in_play_scores_high_and_low() -> None:
    tricks = ["2H AS 3H 4H", "TH 5H 6H 7H", "8H 9H 2D 3D", "6D 9D 4D 5D", "4C 9C 2C 3C", "7C 8C 5C 6C"]
    game = pitch_game(hands_from_tricks(tricks, 4), dealer=SOUTH)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    assert play_tricks(game, tricks) == [WEST, SOUTH, WEST, WEST, WEST, WEST]
    # West: High and Low with the lone ace of spades; South's ten takes Game.
    assert rows(game) == [(0, 0, 0, 1, 1), (1, 1, 0, 0, 2), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0)]


# ----------------------------------------------------------------- deal sizes, partnerships, rotation
@pytest.mark.parametrize("players", range(2, 8))
def test_six_cards_each_dealt_three_at_a_time_from_the_dealers_left(players: int) -> None:
    chance = Chance(0)
    chance.force("seat", [players - 1])
    chance.force("deck", [list(DECK)])
    game = new_game("pitch", PitchOptions(), players, 0, chance)
    deal = game.hand_logs[0].deal
    assert [len(hand) for hand in deal] == [6] * players
    assert deal[0] == list(DECK[0:3]) + list(DECK[3 * players:3 * players + 3])
    assert deal[players - 1] == list(DECK[3 * players - 3:3 * players]) + list(DECK[6 * players - 3:6 * players])
    assert game.view(0).hand_sizes == (6,) * players
    assert game.to_act == 0 and game.teams == [[seat] for seat in range(players)]


@pytest.mark.parametrize("players", [1, 8])
def test_pitch_is_for_2_to_7_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 7 players"):
        new_game("pitch", PitchOptions(), players, 0)


def test_partnerships_need_four_players() -> None:
    with pytest.raises(ValueError, match="exactly four players"):
        new_game("pitch", PitchOptions(partnerships=True), 6, 0)


def test_partners_score_together() -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH, options=PitchOptions(partnerships=True))
    assert game.teams == [[0, 2], [1, 3]]
    bid_round(game, EXAMPLE_1_BIDS)
    play_tricks(game, EXAMPLE_1)
    # South+North: 5+13 trick points and the jack; West+East: 14+14 takes Game, High and Low.
    assert rows(game) == [(0, 0, 1, 0, 1), (1, 1, 0, 1, 3)]
    assert [r["trick_points"] for r in game.results[0].points] == [18, 28]
    assert game.scores == [1, 3]


def test_the_team_of_the_pitcher_wins_and_only_then() -> None:
    hands = [sweep(WEST, WEST), sweep(NORTH, EAST), sweep(EAST, EAST)]
    game = pitch_game(hands_from_tricks(hands[0], 4), dealer=SOUTH, options=PitchOptions(partnerships=True),
                      later=[hands_from_tricks(tricks, 4) for tricks in hands[1:]])
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    play_tricks(game, hands[0])
    bid_round(game, {NORTH: 2, EAST: PASS, SOUTH: PASS, WEST: PASS})
    play_tricks(game, hands[1])
    assert game.scores == [-2, 8] and game.winner is None  # North's team pitched: West and East play on
    bid_round(game, {EAST: 2, SOUTH: PASS, WEST: PASS, NORTH: PASS})
    play_tricks(game, hands[2])
    assert game.scores == [-2, 12] and game.winner == 1


def test_the_deal_passes_to_the_left_after_every_hand() -> None:
    game = pitch_game(hands_from_tricks(sweep(WEST, WEST), 4), dealer=SOUTH,
                      later=[hands_from_tricks(sweep(NORTH, NORTH), 4)])
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    play_tricks(game, sweep(WEST, WEST))
    assert game.dealer == WEST and game.to_act == NORTH and game.hand_number == 2
    assert set(game.view(NORTH).hand) == set(cards("AS JS 2S TH TD TC"))


def test_two_players_play_six_tricks_of_two() -> None:
    tricks = sweep(1, 1, players=2)
    game = pitch_game(hands_from_tricks(tricks, 2), dealer=0, players=2)
    bid_round(game, {1: 3, 0: PASS})
    assert play_tricks(game, tricks) == [1] * 6
    assert rows(game) == [(0, 0, 0, 0, 0), (1, 1, 1, 1, 4)]


@pytest.mark.parametrize("value", [PASS, 4, 3])
def test_once_play_has_begun_no_more_bids(value: BidValue) -> None:
    game = example_game(EXAMPLE_1, dealer=SOUTH)
    bid_round(game, EXAMPLE_1_BIDS)
    game.apply(Play(WEST, card("9H")))
    assert game.to_act == NORTH
    assert refusal(game, Bid(NORTH, value)) == "It is time to play a card, not to bid."
    play_tricks(game, [])
    game.apply(Play(NORTH, card("JH")))
    assert refusal(game, Bid(EAST, value)) == "It is time to play a card, not to bid."
