"""House rules (rules/house-rules.md): every worked example and each option's edge, as scripted hands."""

from __future__ import annotations

import random

import pytest
from scripted import bid_round, card, cards, hands_from_tricks, pitch_game, play_cards, play_tricks

from game.actions import DOUBLE_NIL, NIL, PASS, Bid, BidValue, Exchange, Look, Play
from game.cards import DECK, HEARTS, SPADES, SUIT_MASKS, SUITS, Card, cards_of, mask_of
from game.chance import Chance
from game.deals import deck_for_deal
from game.events import BIDDING_DONE
from game.factory import new_game
from game.games import GAMES
from game.options import PitchOptions, SpadesOptions
from game.record import replay, to_record
from game.scoring import score_pitch, score_spades_side
from game.spades.rules import house_deck
from game.state import Phase, TrickGame

N, DN = NIL, DOUBLE_NIL
FIVE_FOR_50 = {"bag_limit": 5, "bag_penalty": 50}
NO_BAG_PENALTY = {"bag_limit": None, "bag_penalty": 0}

# rule, bids, tricks, bags before -> contract, nil, bags, bag penalty, ten for 200, total, bags after
HOUSE_SIDES: list[tuple[str, dict[str, object], tuple[BidValue, ...], tuple[int, ...], int,
                        tuple[int, int, int, int, int, int, int]]] = [
    ("example 1, 5 for 50: 3 bags and 4 more reach 7, cost 50, 2 carry over", FIVE_FOR_50, (2, 2), (4, 4), 3,
     (40, 0, 4, -50, 0, -6, 2)),
    ("5 for 50: exactly 5 bags leave 0", FIVE_FOR_50, (3,), (8,), 0, (30, 0, 5, -50, 0, -15, 0)),
    ("5 for 50: 11 bags in all cost 100 and 1 carries", FIVE_FOR_50, (1, N), (9, 0), 3, (10, 100, 8, -100, 0, 18, 1)),
    ("no bag penalty: the count only grows", NO_BAG_PENALTY, (2, 2), (5, 4), 8, (40, 0, 5, 0, 0, 45, 13)),
    ("example 2, ten for 200: a contract of 10 (6 + 4) with 9 tricks", {"ten_for_200": True}, (6, 4), (5, 4), 0,
     (0, 0, 0, 0, -200, -200, 0)),
    ("example 2, ten for 200: a contract of 9 made with 12 tricks is +93", {"ten_for_200": True}, (5, 4), (6, 6), 0,
     (90, 0, 3, 0, 0, 93, 3)),
    ("S3: North 6 and South 5 take 12 tricks: +200 + 1 bag", {"ten_for_200": True}, (6, 5), (7, 5), 0,
     (0, 0, 1, 0, 200, 201, 1)),
    ("S3: a single bid of 10 beside a partner's made Nil", {"ten_for_200": True}, (10, N), (11, 0), 0,
     (0, 100, 1, 0, 200, 301, 1)),
    ("S3: bags still cost beside the 200", {"ten_for_200": True}, (7, 3), (12, 1), 8,
     (0, 0, 3, -100, 200, 103, 1)),
    ("S1: Nil worth 50 made", {"nil_value": 50}, (N, 4), (0, 5), 0, (40, 50, 1, 0, 0, 91, 1)),
    ("S1: Nil worth 50 failed", {"nil_value": 50}, (N, 4), (1, 4), 0, (40, -50, 1, 0, 0, -9, 1)),
    ("S1: Double Nil is twice the Nil value of 50", {"nil_value": 50}, (DN, 4), (0, 4), 0,
     (40, 100, 0, 0, 0, 140, 0)),
    ("S1: a failed Double Nil at 50 loses 100", {"nil_value": 50}, (DN,), (2,), 0, (0, -100, 2, 0, 0, -98, 2)),
]


@pytest.mark.parametrize(("rule", "bids", "tricks", "bags_before", "expected"),
                         [row[1:] for row in HOUSE_SIDES], ids=[row[0] for row in HOUSE_SIDES])
def test_house_rule_side_scores(rule: dict[str, object], bids: tuple[BidValue, ...], tricks: tuple[int, ...],
                                bags_before: int, expected: tuple[int, int, int, int, int, int, int]) -> None:
    breakdown, bags_after = score_spades_side(bids, tricks, bags_before, **rule)  # type: ignore[arg-type]
    got = (breakdown["contract"], breakdown["nil"], breakdown["bags"], breakdown["bag_penalty"],
           breakdown.get("ten_for_200", 0), breakdown["total"], bags_after)
    assert got == expected
    parts = ("contract", "bags", "nil", "bag_penalty", "ten_for_200")
    assert sum(breakdown.get(part, 0) for part in parts) == breakdown["total"]
    assert ("ten_for_200" in breakdown) == bool(rule.get("ten_for_200"))  # named only with the rule on


# ----------------------------------------------------------------- scripted Spades hands
def dealt(fixed: dict[int, str], voids: dict[int, str] | None = None, jokers: bool = False, seats: int = 4,
          ) -> list[list[Card]]:
    """A deal in which each seat holds its ``fixed`` cards, and the rest of the deck in play (with
    jokers: no 2H, 2D; three seats: no 2C) shared out so that no seat gets a suit it is void in."""
    size = 13 if seats == 4 else 17
    hands = [cards(fixed.get(seat, "")) for seat in range(seats)]
    taken = {c for hand in hands for c in hand}
    pool = [c for c in house_deck(list(DECK), jokers, seats)[:size * seats] if c not in taken]
    voids = voids or {}
    for card_ in sorted(pool, key=lambda c: sum(SUITS[c & 3] in v for v in voids.values() if c < 52), reverse=True):
        seat = min((s for s in range(seats) if len(hands[s]) < size
                    and not (card_ < 52 and SUITS[card_ & 3] in voids.get(s, ""))), key=lambda s: len(hands[s]))
        hands[seat].append(card_)
    return hands


def house_spades(hands: list[list[Card]], dealer: int = 3, **options: object) -> TrickGame:
    """Spades (or Cutthroat, for three hands) with these house rules, dealing ``hands`` first."""
    chance = Chance(0)
    chance.force("seat", [dealer])
    chance.force("deck", [deck_for_deal("spades", dealer, hands, len(hands))])
    return new_game("spades", SpadesOptions(**options), len(hands), 0, chance)  # type: ignore[arg-type]


def bids(game: TrickGame, *values: BidValue) -> None:
    """The bids in the order the engine asks for them."""
    for value in values:
        game.apply(Bid(game.to_act, value))


def test_example_4_the_little_joker_beats_the_ace_of_spades_and_breaks_spades() -> None:
    # Seat 0 leads hearts; seat 1 (North here), void in hearts, plays the Little Joker; seat 2, void
    # too, plays the ace of spades; seat 3 follows. Seat 1 wins: LJ ranks above the A of spades.
    game = house_spades(dealt({0: "AH", 1: "LJ", 2: "AS", 3: "KH"}, {1: "H", 2: "H"}, jokers=True), jokers=True)
    bids(game, 3, 3, 3, 3)
    assert not game.spades_broken
    assert play_tricks(game, ["AH LJ AS KH"]) == [1] and game.spades_broken
    assert game.view(0).tricks[0][2] == 1


def test_the_big_joker_beats_the_little_joker_and_jokers_follow_a_spade_lead() -> None:
    game = house_spades(dealt({0: "2S", 1: "LJ", 2: "BJ", 3: "AS"}, {1: "S", 2: "S"}, jokers=True),
                        jokers=True, spades_any_time=True)
    bids(game, 3, 3, 3, 3)
    game.apply(Play(0, card("2S")))
    # Seat 1 holds no spade but the Little Joker: a joker is a spade, so he must follow with it.
    assert [a.card for a in game.legal_actions()] == [card("LJ")]
    other = next(c for c in cards_of(game.hands[1]) if c != card("LJ"))
    assert game.why_illegal(Play(1, other)) == "You must follow suit (spades)."
    play_cards(game, "LJ BJ AS")
    assert game.view(0).tricks[0][2] == 2


def test_a_joker_is_a_spade_for_the_first_spade_lead() -> None:
    # Before spades are broken a joker may not be led (it is a spade); with a hand of spades and
    # jokers only it may, and leading it breaks spades.
    game = house_spades(dealt({0: "LJ AH"}, jokers=True), jokers=True)
    bids(game, 3, 3, 3, 3)
    assert game.why_illegal(Play(0, card("LJ"))) == "Spades are not broken yet: lead another suit."
    only_spades = dealt({0: "LJ BJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S"}, jokers=True)
    game = house_spades(only_spades, jokers=True)
    bids(game, 3, 3, 3, 3)
    events = game.apply(Play(0, card("BJ")))
    assert game.spades_broken and any(e.kind == "spades_broken" for e in events)
    follow = game.legal_actions()
    assert all(a.card & 3 == SPADES or a.card >= 52 for a in follow) or not game.hands[1] & (SUIT_MASKS[0] | 3 << 52)


def test_the_jokers_replace_the_two_of_hearts_and_diamonds() -> None:
    game = new_game("spades", SpadesOptions(jokers=True), 4, 5)
    dealt_cards = {c for hand in game.hands for c in cards_of(hand)}
    assert len(dealt_cards) == 52 and card("BJ") in dealt_cards and card("LJ") in dealt_cards
    assert card("2H") not in dealt_cards and card("2D") not in dealt_cards and card("2C") in dealt_cards


def test_spades_led_any_time_lets_a_spade_lead_the_first_trick() -> None:
    game = house_spades(dealt({0: "AS AH"}), spades_any_time=True)
    bids(game, 3, 3, 3, 3)
    assert game.why_illegal(Play(0, card("AS"))) is None
    events = game.apply(Play(0, card("AS")))
    assert not any(e.kind == "spades_broken" for e in events)  # "spades broken" is not shown


def test_the_two_of_clubs_opens_and_must_be_led() -> None:
    game = house_spades(dealt({2: "2C AH"}), two_clubs_opens=True)
    assert game.to_act == 0  # bidding still starts at the dealer's left
    bids(game, 3, 3, 3, 3)
    assert game.to_act == 2 and [a.card for a in game.legal_actions()] == [card("2C")]
    assert game.why_illegal(Play(2, card("AH"))) == "The 2\u2663 opens the first trick."
    game.apply(Play(2, card("2C")))
    assert game.to_act == 3 and len(game.legal_actions()) >= 1


def test_the_three_of_clubs_opens_three_player_cutthroat() -> None:
    game = house_spades(dealt({1: "3C AH"}, seats=3), dealer=2, partnerships=False, two_clubs_opens=True)
    assert game.teams == [[0], [1], [2]] and [h.bit_count() for h in game.hands] == [17, 17, 17]
    assert not any(hand >> card("2C") & 1 for hand in game.hands)
    bids(game, 5, 4, 6)
    assert game.to_act == 1 and [a.card for a in game.legal_actions()] == [card("3C")]
    assert game.why_illegal(Play(1, card("AH"))) == "The 3\u2663 opens the first trick."


def test_example_3_the_second_bidder_must_bring_his_side_to_four() -> None:
    game = house_spades(dealt({}), min_side_bid=4, double_nil=False)
    bids(game, 2)  # seat 0 (West here) bids 2
    bids(game, 1)  # seat 1
    legal = [a.value for a in game.legal_actions() if isinstance(a, Bid)]
    assert legal == list(range(2, 14))  # seat 2, his partner: 2 or more, no Nil
    assert game.why_illegal(Bid(2, 1)) == "Your side must bid at least 4: bid 2 or more."
    assert game.why_illegal(Bid(2, NIL)) == "Your side must bid at least 4: bid 2 or more."
    bids(game, 2)
    assert [a.value for a in game.legal_actions() if isinstance(a, Bid)] == list(range(3, 14))  # 1 + 3


def test_the_second_bidders_minimum_after_a_nil() -> None:
    game = house_spades(dealt({}), min_side_bid=4)
    game.apply(Look(0))
    bids(game, NIL)
    game.apply(Look(1))
    bids(game, 4)
    legal = [a.value for a in game.legal_actions() if isinstance(a, Bid)]
    assert set(legal) == {NIL, DOUBLE_NIL, *range(4, 14)}  # he has not looked: Double Nil too
    game.apply(Look(2))
    legal = [a.value for a in game.legal_actions() if isinstance(a, Bid)]
    assert set(legal) == {NIL, *range(4, 14)}
    assert game.why_illegal(Bid(2, 3)) == "Your side must bid at least 4: bid 4 or more (or Nil)."
    bids(game, NIL)  # two Nil bidders: no contract, exempt
    assert game.bids[:3] == [NIL, 4, NIL]
    # Seat 3's partner bid 4: any bid (he has not looked, so Double Nil too).
    assert {a.value for a in game.legal_actions() if isinstance(a, Bid)} == {NIL, DOUBLE_NIL, *range(1, 14)}


def test_a_partner_bid_of_four_leaves_any_bid_open() -> None:
    game = house_spades(dealt({}), min_side_bid=4, double_nil=False)
    bids(game, 4, 2)
    assert {a.value for a in game.legal_actions() if isinstance(a, Bid)} == {NIL, *range(1, 14)}


def test_example_5_a_two_card_nil_pass() -> None:
    # South (seat 0) bids Nil, North (seat 2) 5; each gives two cards without seeing the others.
    game = house_spades(dealt({0: "AS KS", 2: "2H 3H"}), nil_pass=2, double_nil=False)
    bids(game, NIL, 3, 5, 3)
    assert game.phase is Phase.EXCHANGE and game.to_act == 0 and game.view(0).exchange_cards == 2
    assert {len(a.cards) for a in game.legal_actions()} == {2}
    refusal = game.why_illegal(Exchange(0, tuple(cards("AS"))))
    assert refusal == "Choose exactly two different cards to give your partner."
    game.apply(Exchange(0, tuple(cards("AS KS"))))
    assert game.to_act == 2 and game.hands[2] >> card("AS") & 1 == 0  # nothing changes hands yet
    game.apply(Exchange(2, tuple(cards("2H 3H"))))
    assert game.phase is Phase.PLAYING and game.to_act == 0  # the dealer's left leads
    assert set(game.view(0).exchange_received) == set(cards("2H 3H"))
    assert set(game.view(2).exchange_received) == set(cards("AS KS"))
    assert game.view(1).exchange_received == ()
    record = to_record(game)
    assert record["hands"][0]["exchange"] == [{"from": 0, "to": 2, "cards": ["AS", "KS"]},
                                              {"from": 2, "to": 0, "cards": ["2H", "3H"]}]
    assert replay(record).game.hands == game.hands


def test_a_nil_pass_and_a_double_nil_in_one_hand() -> None:
    game = house_spades(dealt({}), nil_pass=1)
    game.apply(Look(0))
    bids(game, NIL)  # seat 0 Nil, beside seat 2's number bid: a one-card pass
    bids(game, DOUBLE_NIL)  # seat 1 Double Nil (blind): the three-card exchange with seat 3
    game.apply(Look(2))
    bids(game, 4)
    game.apply(Look(3))
    bids(game, 5)
    assert game.phase is Phase.EXCHANGE
    sizes = {}
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        sizes[seat] = game.view(seat).exchange_cards
        game.apply(game.legal_actions()[0])
    assert sizes == {0: 1, 2: 1, 1: 3, 3: 3}
    assert all(len(game.view(s).exchange_received) == sizes[s] for s in range(4))
    assert [h.bit_count() for h in game.hands] == [13] * 4
    assert replay(to_record(game)).game.hands == game.hands


def test_no_nil_pass_for_a_side_of_two_nils_or_in_cutthroat() -> None:
    game = house_spades(dealt({}), nil_pass=2, double_nil=False)
    bids(game, NIL, 3, NIL, 3)
    assert game.phase is Phase.PLAYING
    game = house_spades(dealt({}, seats=3), dealer=2, partnerships=False)
    bids(game, DOUBLE_NIL)
    game.apply(Look(1))
    bids(game, 4)
    game.apply(Look(2))
    bids(game, 4)
    assert game.phase is Phase.PLAYING  # a Double Nil with no partner: no exchange


def test_example_8_cutthroat_for_three_scores_each_player_alone() -> None:
    rows = [score_spades_side((bid,), (won,), 0) for bid, won in ((5, 6), (4, 2), (6, 9))]
    assert [row["total"] for row, _ in rows] == [51, -40, 63]
    assert [bags for _, bags in rows] == [1, 0, 3]


def test_cutthroat_games_score_every_player_as_a_side_of_one() -> None:
    for players in (3, 4):
        for seed in range(4):
            game = new_game("spades", SpadesOptions(partnerships=False, bag_rule="5/50"), players, seed)
            assert game.teams == [[s] for s in range(players)]
            rng = random.Random(seed)
            bags = [0] * players
            while game.phase is not Phase.GAME_OVER and game.hand_number < 4:
                hand = game.hand_number
                while game.hand_number == hand and game.phase is not Phase.GAME_OVER:
                    game.apply(rng.choice(game.legal_actions()))
                result = game.results[hand - 1]
                log = game.hand_logs[hand - 1]
                for seat in range(players):
                    bid = dict(log.bids)[seat]
                    won = sum(1 for _, _, winner in log.tricks if winner == seat)
                    row, bags[seat] = score_spades_side((bid,), (won,), bags[seat], bag_limit=5, bag_penalty=50)
                    assert result.points[seat]["total"] == row["total"]
                assert list(result.bags) == bags
            assert replay(to_record(game)).game.scores == game.scores


def test_spades_for_three_needs_each_for_himself() -> None:
    with pytest.raises(ValueError, match="three or four each for himself"):
        new_game("spades", SpadesOptions(), 3, 1)
    with pytest.raises(ValueError, match="Cutthroat Spades"):
        SpadesOptions(partnerships=False, nil_pass=1)
    assert GAMES["spades"].allows_seats(3, SpadesOptions(partnerships=False))
    assert not GAMES["spades"].allows_seats(3, SpadesOptions())
    assert new_game("spades", None, 3, 1).teams == [[0], [1], [2]]


def test_spades_for_two_offers_only_its_house_rules() -> None:
    with pytest.raises(ValueError, match="Spades for two does not offer jokers"):
        new_game("spades-two", SpadesOptions(jokers=True), 2, 1)
    game = new_game("spades-two", SpadesOptions(nil_value=50, bag_rule="none", spades_any_time=True), 2, 1)
    assert set(to_record(game)["options"]) == set(GAMES["spades-two"].option_choices)


# ----------------------------------------------------------------- Pitch: off-jack and minimum bid
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
OFF_JACK = PitchOptions(off_jack=True)

# Example 6: hearts trump; North leads diamonds and West, whose only diamond-printed card is the
# jack, holds no diamond: he may play anything, and his jack of diamonds is a trump.
EXAMPLE_6 = [
    "2C 9H AH 4H",  # West pitches the 9 of hearts; North's ace wins
    "8D JD 6D 7D",  # North leads diamonds; West trumps with the off-jack
    "2S 3S 4S 5S",
    "3C 4C 5C 6C",
    "7S 8S 9S TS",
    "7C 8C 9C TC",
]
# Example 7: the only trumps in play are the jack of hearts (trump) and the jack of diamonds.
EXAMPLE_7 = [
    "2C JH JD 2S",  # West pitches the jack of hearts; North must follow with the off-jack, a trump
    "4S 3S 5S 6S",
    "4C 5C 6C 3C",
    "3D 4D 2D 5D",
    "8S 9S TS 7S",
    "8C 9C TC 7C",
]


def pitch_rows(game: TrickGame) -> list[tuple[int, ...]]:
    """Each side's (high, low, jack, game, off-jack, total) for the last hand."""
    keys = ("high", "low", "jack", "game", "off_jack", "total")
    return [tuple(row[key] for key in keys) for row in game.results[-1].points]


def test_example_6_the_off_jack_is_no_card_of_its_printed_suit() -> None:
    game = pitch_game(hands_from_tricks(EXAMPLE_6, 4), dealer=SOUTH, options=OFF_JACK)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    play_tricks(game, EXAMPLE_6[:1])
    game.apply(Play(NORTH, card("6D")))
    game.apply(Play(EAST, card("7D")))
    game.apply(Play(SOUTH, card("8D")))
    assert {a.card for a in game.legal_actions()} == set(cards_of(game.hands[WEST]))  # no diamond: anything
    game.apply(Play(WEST, card("JD")))
    assert game.view(0).tricks[-1][2] == WEST  # the off-jack trumps
    play_tricks(game, EXAMPLE_6[2:])
    assert pitch_rows(game) == [(0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, -2), (1, 1, 0, 0, 0, 2), (0, 0, 0, 1, 0, 1)]
    record = to_record(game)
    assert record["hands"][0]["points"][WEST]["off_jack"] == 1 and record["hands"][0]["trump"] == "H"
    assert replay(record).game.scores == game.scores


def test_example_7_high_is_the_jack_low_the_off_jack_and_the_off_jack_follows_trump() -> None:
    game = pitch_game(hands_from_tricks(EXAMPLE_7, 4), dealer=SOUTH, options=OFF_JACK)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    game.apply(Play(WEST, card("JH")))
    assert [a.card for a in game.legal_actions()] == [card("JD")]  # trump led: the off-jack must follow
    assert game.why_illegal(Play(NORTH, card("2D"))) == "Trump was led: you must play a trump (hearts)."
    game.apply(Play(NORTH, card("JD")))
    game.apply(Play(EAST, card("2S")))
    game.apply(Play(SOUTH, card("2C")))
    play_tricks(game, EXAMPLE_7[1:])
    assert pitch_rows(game) == [(0, 0, 0, 0, 0, 0), (1, 1, 1, 0, 1, 4), (0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 0)]
    assert replay(to_record(game)).game.scores == game.scores


def test_without_the_rule_the_jack_of_diamonds_is_a_diamond() -> None:
    game = pitch_game(hands_from_tricks(EXAMPLE_6, 4), dealer=SOUTH)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    play_tricks(game, EXAMPLE_6[:1])
    game.apply(Play(NORTH, card("6D")))
    game.apply(Play(EAST, card("7D")))
    game.apply(Play(SOUTH, card("8D")))
    assert [a.card for a in game.legal_actions()] == [card("JD")]  # he must follow diamonds with it


def test_a_lone_off_jack_in_play_scores_high_low_and_off_jack() -> None:
    off = card("JD")  # hearts trump
    plays = [(0, card("2S")), (1, card("3S")), (2, card("AS")), (3, off)]  # seat 3 trumps with it
    rows = score_pitch(4, [0, 1, 2, 3], mask_of(c for _, c in plays), HEARTS, [(0, plays, 3)], 3, 2,
                       off_jack=off)
    assert (rows[3]["high"], rows[3]["low"], rows[3]["off_jack"], rows[3]["jack"]) == (1, 1, 1, 0)
    assert rows[3]["won"] == 4 and rows[3]["total"] == 4  # three for the off-jack, and Game
    rows = score_pitch(4, [0, 1, 2, 3], mask_of(c for _, c in plays), HEARTS, [(0, plays, 3)], 3, 2)
    assert (rows[3]["high"], rows[3]["low"], rows[3]["won"]) == (0, 0, 1) and "off_jack" not in rows[3]


def test_the_shut_out_is_5_with_the_off_jack() -> None:
    game = new_game("pitch", OFF_JACK, 4, 3)
    first = game.to_act
    assert [a.value for a in game.legal_actions()] == [PASS, 1, 2, 3, 4, 5]
    events = game.apply(Bid(first, 4))
    assert game.phase is Phase.BIDDING and not any(e.kind == BIDDING_DONE for e in events)  # 4 does not end it
    events = game.apply(Bid(game.to_act, 5))
    assert game.phase is Phase.PLAYING and game.view(0).high_bid == 5 and any(e.kind == BIDDING_DONE for e in events)
    plain = new_game("pitch", PitchOptions(), 4, 3)
    assert plain.why_illegal(Bid(plain.to_act, 5)) == "Pitch bids are 1 to 4."


def test_the_dealer_is_stuck_at_2_to_5_with_the_off_jack() -> None:
    game = new_game("pitch", OFF_JACK, 4, 3)
    while game.to_act != game.dealer:
        game.apply(Bid(game.to_act, PASS))
    assert [a.value for a in game.legal_actions()] == [2, 3, 4, 5]


def test_a_minimum_bid_of_2() -> None:
    game = new_game("pitch", PitchOptions(min_bid=2), 4, 3)
    assert [a.value for a in game.legal_actions()] == [PASS, 2, 3, 4]
    assert game.why_illegal(Bid(game.to_act, 1)) == "The minimum bid is 2: pass or bid 2 to 4."
    while game.to_act != game.dealer:
        game.apply(Bid(game.to_act, PASS))
    assert [a.value for a in game.legal_actions()] == [2, 3, 4]


# ----------------------------------------------------------------- the Decisions and the Cutthroat ending
# P1's Decision: trump is the printed suit of the pitcher's first card; a jack led names its own suit.
DECISION_P1 = [
    "4D JD JH 5D",  # West pitches the jack of diamonds: diamonds are trump, the jack of hearts the off-jack
    "7C 8C 2H 9C",
    "TC QC 3H KC",
    "2S 3S 4H 4S",
    "5S 6S 5H 7S",
    "8S 9S 6H TS",
]


def test_decision_p1_the_jack_led_names_its_printed_suit_and_the_other_red_jack_follows_it() -> None:
    game = pitch_game(hands_from_tricks(DECISION_P1, 4), dealer=SOUTH, options=OFF_JACK)
    bid_round(game, {WEST: 2, NORTH: PASS, EAST: PASS, SOUTH: PASS})
    game.apply(Play(WEST, card("JD")))
    assert game.trump == card("JD").suit  # diamonds, not the hearts of the other red jack
    # North holds hearts only, the jack among them: it is now a trump and must follow the trump led
    assert [a.card for a in game.legal_actions()] == [card("JH")]
    for seat, name in ((NORTH, "JH"), (EAST, "5D"), (SOUTH, "4D")):
        game.apply(Play(seat, card(name)))
    assert game.trick_log[0][2] == WEST  # the jack of trump ranks above the off-jack


def test_decision_s3_ten_for_two_hundred_cuts_both_ways_in_a_played_hand() -> None:
    """A contract of 10 or more scores 200 either way, through the engine's scoring of whole hands (random
    cards: mostly -200; the table above has +200 made)."""
    for seed in range(40):
        game = new_game("spades", SpadesOptions(ten_for_200=True, nil=False), 4, seed)
        game.stop_at_hand_end = True
        rng = random.Random(seed)
        while game.phase is Phase.BIDDING:
            seat = game.to_act
            game.apply(Bid(seat, 5) if seat % 2 == 0 else rng.choice(
                [a for a in game.legal_actions() if isinstance(a, Bid) and a.value in (1, 2)]))
        while game.phase is not Phase.HAND_OVER:
            game.apply(rng.choice(game.legal_actions()))
        row = game.results[-1].points[0]
        won = game.tricks_won[0] + game.tricks_won[2]
        assert row["ten_for_200"] == (200 if won >= 10 else -200)
        assert row["contract"] == 0 and row["total"] == row["ten_for_200"] + row["bags"] + row["bag_penalty"]


@pytest.mark.parametrize(("scores", "mercy", "winner"), [
    ([510, 530, 200], None, 1),  # two players at the target: the highest wins
    ([530, 530, 100], None, None),  # a tie for the highest plays another hand
    ([530, 100, 530, 520], None, None),
    ([499, 480, 300], None, None),
    ([-210, 300, 100], -200, 1),  # mercy: a player falls to -200; the highest score wins
    ([-210, 300, 300], -200, None),  # ... a tie for the highest plays another hand
    ([-199, 300, 100], -200, None),
])
def test_cutthroat_ends_as_spades_with_players_for_partnerships(scores: list[int], mercy: int | None,
                                                                 winner: int | None) -> None:
    game = new_game("spades", SpadesOptions(partnerships=False, mercy=mercy), len(scores), 1)
    game.scores = list(scores)
    assert game._game_winner(None) == winner  # type: ignore[arg-type]  # the scores decide, not the hand
