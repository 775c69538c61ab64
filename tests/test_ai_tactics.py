"""Tactics every computer level from ``normal`` up must show, each on a scripted deal.

Each position is built through the engine's ``apply()`` from a scripted deal; the test then
asks the player for its decision from the seat's view.
"""

from __future__ import annotations

import pytest

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, Exchange, Look, Play, Redraw
from game.ai import Player, make_player
from game.ai.cardsense import beating, cheapest, dearest, masters, trick_points, winning
from game.ai.hard import HardPlayer
from game.ai.knowledge import know
from game.ai.normal import equivalent_low, nil_survives
from game.cards import DECK, Card
from game.options import SpadesOptions
from game.state import Phase, TrickGame
from tests.scripted import (
    bid_round,
    card,
    cards,
    complete_deal,
    draw_all,
    pitch_game,
    play_cards,
    play_tricks,
    spades_deal,
    spades_game,
    spades_tricks,
    two_player_game,
)

LEVELS = ["normal", "hard"]
HARD_WORLDS = 1000  # the hard level searches a fixed number of worlds here, not a clock: the same choice every run


def player_for(level: str) -> Player:
    """The level's player with a fixed seed (``hard``: a fixed number of worlds)."""
    if level == "hard":
        return HardPlayer(seed=5, samples=HARD_WORLDS)
    return make_player(level, seed=5)


def decide(game: TrickGame, level: str) -> Action:
    """The level's decision for the seat to act (a face-down Spades hand looks first, as the rules allow)."""
    player = player_for(level)
    seat = game.to_act
    assert seat is not None
    action = player.choose(game.view(seat))
    if isinstance(action, Look):
        assert game.view(seat).hand is None and action in game.view(seat).legal
        game.apply(action)
        action = player.choose(game.view(seat))
    assert action in game.view(seat).legal
    return action


def played(game: TrickGame, level: str) -> str:
    """The card the level plays now, in two-letter form."""
    action = decide(game, level)
    assert isinstance(action, Play)
    return str(action.card)


# ----------------------------------------------------------------- Nil: cover a partner's, set an opponent's
@pytest.mark.parametrize("level", LEVELS)
def test_cover_partner_nil_by_playing_high_before_him(level: str) -> None:
    hands = complete_deal(["AH KH 2H", "", "", "4H"])
    game = spades_game(hands, dealer=2)  # seat 3 bids first and leads
    bid_round(game, {3: 3, 0: 4, 1: 3, 2: NIL})
    play_cards(game, "4H")
    assert played(game, level) == "AH"  # not the 2H a second hand plays otherwise


@pytest.mark.parametrize("level", LEVELS)
def test_cover_partner_nil_by_overtaking_him(level: str) -> None:
    # the opponent after us may hold hearts under the eight (he does: the two, three and four) and duck
    hands = complete_deal(["5H JH", "2H 3H 4H", "8H", ""], voids={3: "H"})
    game = spades_game(hands, dealer=1)  # seat 2 leads
    bid_round(game, {2: NIL, 3: 3, 0: 4, 1: 3})
    play_cards(game, "8H")
    play_cards(game, str(lowest_of(game, 3, "C")))  # no heart there
    choice = card(played(game, level))
    assert choice.suit == 1 and choice.rank > card("8H").rank  # take the trick off him


def lowest_of(game: TrickGame, seat: int, suit_letter: str) -> Card:
    """The lowest card of a suit in a seat's hand."""
    suit_index = "SHDC".index(suit_letter)
    return min(c for c in game.view(seat).hand or () if c.suit == suit_index)


@pytest.mark.parametrize("level", LEVELS)
def test_cover_partner_nil_by_leading_his_void(level: str) -> None:
    hands = complete_deal(["AD KD 5D AH QH", "2D", "9C", "3D"], voids={2: "D"})
    game = spades_game(hands, dealer=3)  # seat 0 leads
    bid_round(game, {0: 4, 1: 3, 2: NIL, 3: 3})
    play_cards(game, "AD 2D 9C 3D")  # the Nil bidder shows he has no diamond
    assert game.to_act == 0
    assert played(game, level) == "KD"  # a diamond, so he can throw away his danger


@pytest.mark.parametrize("level", LEVELS)
def test_set_opponent_nil_by_leading_low(level: str) -> None:
    hands = complete_deal(["AH AC AD KD QC 2C", "", "", ""])
    game = spades_game(hands, dealer=3)  # seat 0 leads
    # the partner bids 3: a contract of 7 the side can spare a trick of (beside a partner's 4 the
    # hard level, reading that bid, keeps its queen of clubs for a tight 8)
    bid_round(game, {0: 4, 1: NIL, 2: 3, 3: 3})
    lead = played(game, level)
    hand = game.view(0).hand or ()
    assert card(lead).rank == min(c.rank for c in hand if c.suit != 0)  # not a cashing ace


@pytest.mark.parametrize("level", LEVELS)
def test_set_opponent_nil_by_ducking_under_him(level: str) -> None:
    hands = complete_deal(["AH 8H 5H", "9H", "4H", "2H"])
    game = spades_game(hands, dealer=0)  # seat 1 leads
    bid_round(game, {1: NIL, 2: 4, 3: 3, 0: 4})
    play_cards(game, "9H 4H 2H")
    assert played(game, level) == "8H"  # his nine keeps the trick; the ace would save him


# ----------------------------------------------------------------- partnership and bags
@pytest.mark.parametrize("level", LEVELS)
def test_never_trump_a_partners_sure_winner(level: str) -> None:
    hands = complete_deal(["5S QS 3C 9C", "", "AD", "4D"], voids={0: "D"})
    game = spades_game(hands, dealer=1)  # seat 2 leads
    bid_round(game, {2: 4, 3: 3, 0: 4, 1: 3})
    play_cards(game, "AD 4D")
    choice = played(game, level)
    assert card(choice).suit != 0  # no spade on the partner's ace


@pytest.mark.parametrize("level", LEVELS)
def test_no_overtaking_partner_as_last_player(level: str) -> None:
    hands = complete_deal(["AC 4C", "5C", "KC", "3C"])
    game = spades_game(hands, dealer=0)  # seat 1 leads
    bid_round(game, {1: 3, 2: 4, 3: 3, 0: 4})
    play_cards(game, "5C KC 3C")
    assert played(game, level) != "AC"


@pytest.mark.parametrize("level", LEVELS)
def test_duck_when_bags_are_near_ten_and_the_contract_is_made(level: str) -> None:
    first = spades_deal([6, 0, 4, 3])
    second = complete_deal(["4H 6H AC 4C", "2H 7H", "AH KH 5C", "3H 5H 7C"])
    game = spades_game(first, dealer=3, later=[second])
    bid_round(game, {0: 1, 1: NIL, 2: 1, 3: 3})
    play_tricks(game, spades_tricks([6, 0, 4, 3]))
    assert game.bags[0] == 8 and game.hand_number == 2
    bid_round(game, {1: 3, 2: 1, 3: 3, 0: 1})
    play_cards(game, "2H AH 3H 4H")
    play_cards(game, "KH 5H 6H 7H")  # the partners' two tricks make their contract of two
    play_cards(game, "5C 7C")
    choice = played(game, level)
    assert choice != "AC" and card(choice).suit == 3  # duck under the seven


# ----------------------------------------------------------------- Spades bids
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("hand", "nil"), [
    ("2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C", True),
    ("AS 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C", False),  # the ace of spades
    ("2S 3S 4S 5S 6S 2H 3H 4H 2D 3D 4D 2C 3C", False),  # long spades
])
def test_nil_only_without_the_ace_or_long_spades(level: str, hand: str, nil: bool) -> None:
    game = spades_game(complete_deal([hand, "", "", ""]), dealer=3)
    action = decide(game, level)
    assert isinstance(action, Bid)
    assert (action.value == NIL) is nil
    assert action.value != DOUBLE_NIL


@pytest.mark.parametrize("level", LEVELS)
def test_strong_hand_bids_its_tricks(level: str) -> None:
    game = spades_game(complete_deal(["AS KS QS 5S 4S AH KH AD", "", "", ""]), dealer=3)
    action = decide(game, level)
    assert isinstance(action.value, int) and 6 <= action.value <= 9  # type: ignore[union-attr]


@pytest.mark.parametrize("level", LEVELS)
def test_double_nil_face_down_only_far_behind_near_the_end(level: str) -> None:
    options = SpadesOptions(target=250)
    deals = [spades_deal([0, 6, 0, 7]), spades_deal([3, 4, 3, 3]), spades_deal([4, 3, 3, 3])]
    game = spades_game(deals[0], dealer=3, options=options, later=deals[1:])
    player = player_for(level)
    assert player.choose(game.view(0)) == Look(0)  # level scores: look and bid a number
    bid_round(game, {0: 3, 1: 6, 2: 3, 3: 7})
    play_tricks(game, spades_tricks([0, 6, 0, 7]))
    bid_round(game, {1: 3, 2: 3, 3: 3, 0: 3})
    play_tricks(game, spades_tricks([3, 4, 3, 3]))
    assert game.scores == [0, 191] and game.hand_number == 3
    bid_round(game, {2: 3, 3: 3})
    assert game.to_act == 0 and game.view(0).hand is None
    assert player.choose(game.view(0)) == Bid(0, DOUBLE_NIL)


@pytest.mark.parametrize("level", LEVELS)
def test_double_nil_exchange_from_both_sides(level: str) -> None:
    hands = complete_deal(["AS KS AH 3D 2C", "", "8H 9D 2D 3C 4S", ""])
    game = spades_game(hands, dealer=3)
    bid_round(game, {0: DOUBLE_NIL, 1: 3, 2: 4, 3: 3})
    assert game.phase is Phase.EXCHANGE and game.to_act == 0
    given = decide(game, level)
    assert isinstance(given, Exchange) and set(given.cards) == set(cards("AS KS AH"))
    game.apply(given)
    back = decide(game, level)
    assert isinstance(back, Exchange)
    partner_hand = game.view(2).hand or ()
    lowest = sorted((c for c in partner_hand if c.suit != 0), key=lambda c: c.rank)[:3]
    assert {c.rank for c in back.cards} == {c.rank for c in lowest} and all(c.suit != 0 for c in back.cards)


# ----------------------------------------------------------------- Spades for two: Nil
def two_player_bid(hand: str, leads: bool) -> Action:
    """Normal's bid in Spades for two holding ``hand`` (seat 0), the opponent the 13 highest cards left.

    Each player kept the first card of every turn; seat 0 bids first and leads when ``leads``,
    otherwise the opponent has bid 4 first.
    """
    mine = cards(hand)
    rival = sorted((c for c in DECK if c not in mine), reverse=True)[:13]
    game = two_player_game([mine, rival], first=1 if leads else 0)
    draw_all(game)
    if game.to_act == 1:
        game.apply(Bid(1, 4))
    assert game.phase is Phase.BIDDING and game.to_act == 0
    return decide(game, "normal")


@pytest.mark.parametrize(("hand", "leads"), [
    ("2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C", True),
    ("2S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C", False),
    ("2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 5C", False),  # no spade at all: nothing can be forced to win
])
def test_spades_two_nil_on_a_safe_low_hand(hand: str, leads: bool) -> None:
    assert two_player_bid(hand, leads) == Bid(0, NIL)


@pytest.mark.parametrize(("hand", "leads"), [
    ("AS 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C", False),  # the ace of spades
    ("2S 3S 4S 5S 6S 2H 3H 4H 2D 3D 4D 2C 3C", True),  # long spades: he may hold fewer
    ("2S AH KH 4H 5H AD 3D 4D 5D AC 3C 4C 5C", False),  # high cards
    ("3S 2H 3H 4H 6H 2D 3D 4D 7D 2C 3C 5C 8C", True),  # low, but his twos and threes can be led under it
])
def test_spades_two_no_nil_on_a_risky_hand(hand: str, leads: bool) -> None:
    action = two_player_bid(hand, leads)
    assert isinstance(action, Bid) and isinstance(action.value, int)


def test_spades_two_nil_survives_only_when_every_lead_can_be_ducked() -> None:
    def ranks(text: str) -> list[list[int]]:
        """Ranks by suit (S H D C), lowest first, of some cards."""
        out: list[list[int]] = [[], [], [], []]
        for c in sorted(cards(text)):
            out[c.suit].append(c.rank)
        return out

    assert nil_survives(ranks("2S 3H 5H"), ranks("6S 4H 6H"), False)  # the three under the four, the five under the six
    assert not nil_survives(ranks("2S 5H 6H"), ranks("6S 4H 7H"), False)  # his four is led under both hearts
    assert not nil_survives(ranks("2S 3S 3H"), ranks("6S 4H 5H"), False)  # two spades to his one: the last one wins
    assert nil_survives(ranks("2H 4H"), ranks("5H TH"), True)  # she leads the two under his hearts, then ducks
    assert not nil_survives(ranks("2H 9H"), ranks("5H TH"), True)  # he follows with the ten, then leads the five
    assert not nil_survives(ranks("5H 6D"), ranks("3H 4D"), True)  # no lead he must win: he plays under either


# ----------------------------------------------------------------- Pitch
def pitch_at(seat_hand: str, dealer: int = 0, seat: int = 1) -> TrickGame:
    """Four-player Pitch where ``seat`` holds ``seat_hand``; the rest filled with low cards."""
    fixed = ["", "", "", ""]
    fixed[seat] = seat_hand
    return pitch_game(complete_deal(fixed, size=6), dealer=dealer)


WEAK = "3C 7D 9H 5S 8C 6D"
MEDIUM = "AH 7H 3H KD 9C 5S"
STRONG = "AS KS JS 2S AH 3D"
SHUT_OUT = "AS KS QS JS 2S 3S"


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_passes_a_weak_hand(level: str) -> None:
    game = pitch_at(WEAK)
    assert decide(game, level) == Bid(1, PASS)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("hand", "least"), [(STRONG, 3), (SHUT_OUT, 4)])
def test_pitch_bids_what_the_hand_wins(level: str, hand: str, least: int) -> None:
    action = decide(pitch_at(hand), level)
    assert isinstance(action, Bid) and isinstance(action.value, int) and action.value >= least


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_does_not_overbid_into_a_set_back(level: str) -> None:
    alone = decide(pitch_at(MEDIUM), level)
    assert alone == Bid(1, 2)  # first to bid, the hand is worth two
    game = pitch_at(MEDIUM, seat=2)
    game.apply(Bid(1, 3))
    assert decide(game, level) == Bid(2, PASS)


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_dealer_steals_cheaply(level: str) -> None:
    game = pitch_at(MEDIUM, seat=0)
    bid_round(game, {1: 2, 2: PASS, 3: PASS})
    assert game.to_act == 0
    assert decide(game, level) == Bid(0, 2)  # equal the high bid, not more


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_dealer_forced_bid_is_the_cheapest(level: str) -> None:
    game = pitch_at(WEAK, seat=0)
    bid_round(game, {1: PASS, 2: PASS, 3: PASS})
    assert decide(game, level) == Bid(0, 2)


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_first_lead_sets_trump_on_the_best_suit(level: str) -> None:
    game = pitch_at(STRONG)
    bid_round(game, {1: 3, 2: PASS, 3: PASS, 0: PASS})
    assert game.phase is Phase.PLAYING and game.to_act == 1
    assert played(game, level) == "AS"


# ----------------------------------------------------------------- what a seat knows (from its view only)
def test_knowledge_voids_and_unseen_cards_in_spades() -> None:
    hands = complete_deal(["AH 5H", "2H 3S", "4H", "3H"], voids={1: "H", 2: "S", 3: "DC"})  # seat 1: one heart
    game = spades_game(hands, dealer=3)  # seat 0 leads
    bid_round(game, {0: 3, 1: 3, 2: 3, 3: 3})
    play_cards(game, "AH 2H 4H 3H")
    play_cards(game, "5H 3S")  # seat 1 shows no heart left
    known = know(game.view(2))
    assert known.is_void(1, 1) and not known.is_void(1, 0)
    assert not known.is_void(3, 2)  # only what the tricks showed counts
    seen = set(cards("AH 2H 4H 3H 5H 3S")) | set(game.view(2).hand or ())
    assert all(not known.unseen >> c & 1 for c in seen)
    assert known.unseen.bit_count() == 52 - len(seen)


def test_knowledge_spade_lead_before_broken_shows_a_hand_of_spades() -> None:
    hands = complete_deal(["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "", "", ""])
    game = spades_game(hands, dealer=3)
    bid_round(game, {0: 13, 1: 1, 2: 1, 3: 1})
    play_cards(game, "2S")
    known = know(game.view(1))
    assert all(known.is_void(0, s) for s in (1, 2, 3)) and not known.is_void(0, 0)


def test_knowledge_pitch_voids_follow_the_pitch_rules() -> None:
    hands = complete_deal(["AS 2S 2H", "3S 5S 4D", "KH 5D", "9C 6D"], size=6, voids={1: "H", 2: "S", 3: "S"})
    game = pitch_game(hands, dealer=3)
    bid_round(game, {0: 2, 1: PASS, 2: PASS, 3: PASS})
    play_cards(game, "AS 3S KH 9C")  # spades are trump: seats 2 and 3 show they hold none
    play_cards(game, "2H 4D")  # seat 1 cannot follow hearts; he need not trump, so his spades stay possible
    known = know(game.view(3))
    assert known.is_void(2, 0) and known.is_void(3, 0) and not known.is_void(1, 0)
    assert known.is_void(1, 1) and not known.is_void(1, 2)


def test_knowledge_exchange_cards_are_known_in_the_partner_hand() -> None:
    hands = complete_deal(["AS KS AH", "", "", ""])
    game = spades_game(hands, dealer=3)
    bid_round(game, {0: DOUBLE_NIL, 1: 3, 2: 4, 3: 3})
    game.apply(Exchange(0, tuple(sorted(cards("AS KS AH")))))
    partner_gives = tuple(sorted((game.view(2).hand or ())[:3]))
    game.apply(Exchange(2, partner_gives))
    known = know(game.view(0))
    assert known.known[2] == sum(1 << c for c in cards("AS KS AH"))
    assert all(known.hand >> c & 1 for c in partner_gives)


@pytest.mark.parametrize("replaced", [0, 2])
def test_knowledge_my_discards_stay_out_when_his_redraw_replaced_none(replaced: int) -> None:
    game = two_player_game(two_player_rich_and_poor(), first=1)  # seat 1 draws first and redraws first
    draw_all(game, blind=[1])
    game.apply(Redraw(1, tuple(sorted(game.view(1).hand or ())[:replaced])))
    view = game.view(0)
    assert view.redraw_counts == (None, replaced)
    mine = sum(1 << c for c in view.discarded)
    assert (know(view).unseen & mine == 0) is (replaced == 0)  # he drew none of them back, or may have


def two_player_rich_and_poor() -> list[list[Card]]:
    """Two Spades-for-two hands: the thirteen lowest cards, then the thirteen highest."""
    return [list(DECK[:13]), list(DECK[-13:])]


# ----------------------------------------------------------------- card sense
def mask(text: str) -> int:
    """The mask of some cards."""
    return sum(1 << c for c in cards(text))


def test_cardsense_trick_winner_and_beating_cards() -> None:
    trick = [(0, card("9H")), (1, card("KH")), (2, card("AD")), (3, card("2S"))]
    assert winning(trick, 0) == (3, card("2S"))  # the trump wins
    assert winning(trick[:3], 0) == (1, card("KH"))  # an off-suit ace does not
    assert winning([(0, card("9H")), (1, card("AD"))], None) == (0, card("9H"))  # Pitch before trump is set
    hand = mask("AH QH 3S AS 4D")
    assert beating(hand, card("KH"), 1, 0) == mask("AH 3S AS")
    assert beating(hand, card("2S"), 1, 0) == mask("3S AS")
    assert cheapest(beating(hand, card("KH"), 1, 0), 0) == card("AH")  # follow before trumping
    assert cheapest(hand, 0) == card("4D") and dearest(hand, 0) == card("AH")


def test_cardsense_masters_and_equal_cards() -> None:
    unseen = mask("AH JH 2C")
    assert masters(mask("KH QH 3C AC"), unseen) == mask("3C AC")
    assert masters(mask("KH QH"), mask("JH")) == mask("KH QH")
    assert equivalent_low(card("KD"), mask("KD QD TD"), mask("AD JD")) == card("QD")
    assert equivalent_low(card("KD"), mask("KD TD"), mask("AD")) == card("TD")  # the queen and jack are gone
    assert trick_points(mask("TH AS KC QD JH 9S")) == 20
