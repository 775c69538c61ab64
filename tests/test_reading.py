"""Inference from the play (game/ai/reading.py): the fit of a world's hands to the cards the others played."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import pytest
from scripted import bid_round, card, cards, complete_deal, pitch_game, play_cards, play_tricks, spades_game
from test_ai_hard import _two_deals

import game.ai.hard as hard_module
from game.actions import NIL, PASS, Action, Play
from game.ai.hard import HardPlayer
from game.ai.players import NormalPlayer
from game.ai.reading import MISS, hand_tricks, nil_exclusions, pitch_play_fit, play_fit
from game.ai.rollout import SUIT, pitch_table_for, spades_table_for
from game.cards import FULL_MASK, cards_of, mask_of
from game.factory import new_game
from game.games import Options
from game.options import PitchOptions, SpadesOptions
from game.sampling import played_masks
from game.state import Phase, SeatView, TrickGame
from game.worlds import sample_world, void_suits

if TYPE_CHECKING:
    from game.pitch.rules import PitchGame


def _fit(game: TrickGame, seat: int, hands: list[int] | None = None, partner_miss: float | None = None) -> float:
    """``play_fit`` of the game's tricks so far from ``seat``'s chair, with the game's own hands or ``hands``."""
    view = game.view(seat)
    played = played_masks(view)
    tricks = hand_tricks(view)
    now = list(game.hands) if hands is None else hands
    start = [now[q] | played[q] for q in range(4)]
    return play_fit(start, tricks, spades_table_for(game, honest=True), seat, partner_miss=partner_miss)


def _bits_mid_hand(kind: str, options: Options, deals: int, stops: tuple[int, int],
                   fit: Callable[[TrickGame, int, list[int] | None], float]) -> tuple[list[float], list[float]]:
    """Normal players deal ``deals`` hands of ``kind`` and stop each at a random card (``stops``, as
    ``randrange``): ``fit`` in bits of the true hands from the seat to play, and of eight worlds sampled
    from its view, each."""
    rng = random.Random(1)
    true_bits: list[float] = []
    world_bits: list[float] = []
    for seed in range(deals):
        game = new_game(kind, options, 4, seed)
        game.stop_at_hand_end = True
        players = [NormalPlayer(seed * 4 + q) for q in range(4)]
        stop, plays = rng.randrange(*stops), 0
        while not game.results:
            if game.phase is Phase.PLAYING:
                plays += 1
                if plays == stop:
                    break
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.phase is not Phase.PLAYING:
            continue
        seat = game.to_act
        assert seat is not None
        true_bits.append(math.log2(fit(game, seat, None)))
        view = game.view(seat)
        for _ in range(8):
            world = sample_world(view, rng)
            world_bits.append(math.log2(fit(game, seat, list(world.hands))))
    return true_bits, world_bits


def ducked_and_thrown() -> tuple[TrickGame, TrickGame]:
    """One deal played to its first trick two ways: seat 1, holding the KC and the 3C under the AC led,
    ducks the 3C in the first game and throws the KC in the second."""
    hands = complete_deal(["AC 2H 3H 4H", "KC 3C 5H 6H", "4C 5C 7H 8H", "6C 7C 9H TH"])
    ducked, thrown = spades_game(hands), spades_game(hands)
    for game in (ducked, thrown):
        bid_round(game, {0: 3, 1: 3, 2: 3, 3: 3})
    play_tricks(ducked, ["AC 3C 4C 6C"])
    play_tricks(thrown, ["AC KC 4C 6C"])
    return ducked, thrown


def test_a_seat_that_throws_away_its_winner_fits_worse_than_one_that_ducks() -> None:
    # seat 1 holds the KC and a small club: with the AC led, the policy ducks the small club (the king
    # would lose to the ace anyway but is a winner later); playing the king under the ace is a miss
    ducked, thrown = ducked_and_thrown()
    assert _fit(ducked, 0) == 1.0
    assert _fit(thrown, 0) == MISS
    assert _fit(thrown, 1) == 1.0  # a seat's own cards say nothing to itself
    assert _fit(thrown, 3, partner_miss=1.0) == 1.0  # seat 1 is seat 3's partner: left unread
    assert _fit(thrown, 3) == MISS and _fit(thrown, 0, partner_miss=1.0) == MISS  # an opponent is read
    view = thrown.view(0)
    start = [thrown.hands[q] | played_masks(view)[q] for q in range(4)]
    table = spades_table_for(thrown, honest=True)
    assert play_fit(start, hand_tricks(view), table, 0, unread=1 << 1) == 1.0  # seat 1 left unread
    assert play_fit(start, hand_tricks(view), table, 0, unread=1 << 3) == MISS  # only seat 3 left unread


def test_the_true_deal_explains_the_play_better_than_sampled_worlds() -> None:
    """Normal players to the middle of the hand: the real hands fit their cards better, on average, than
    worlds dealt uniformly from the same view (the signal the ``hard-reads`` trial uses)."""
    true_bits, world_bits = _bits_mid_hand("spades", SpadesOptions(), 40, (8, 40), _fit)
    assert len(true_bits) >= 30
    assert sum(true_bits) / len(true_bits) > sum(world_bits) / len(world_bits) + 0.5


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_reading_the_play_does_not_peek(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two deals alike in all seat ``seat`` can see: Hard reading the bids and the play chooses alike, and
    its worlds were weighed by the play (``play_fit``) as well as by the bids."""
    first, second, _ = _two_deals(seed, None, 4)
    seat = first.to_act
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b and (view_a.tricks or view_a.trick)
    assert any(q != seat and isinstance(bid, int) for q, bid in view_a.bid_order)  # the bid reading applies
    read = []

    def counted(*args: Any) -> float:
        read.append(args[3])
        return play_fit(*args)
    monkeypatch.setattr(hard_module, "play_fit", counted)
    readers = []
    for _ in range(2):
        player = HardPlayer(seed=9, samples=16)
        player.read_play = True
        readers.append(player)
    assert readers[0].choose(view_a) == readers[1].choose(view_b)
    assert len(read) >= 32 and set(read) == {seat}  # every world of both decisions, read from this seat


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_reading_the_table_s_normal_seats_does_not_peek(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table shows the opponents at the Normal level: Hard without ``rule_play`` reads their play (and only
    theirs) by the rollout policy, and chooses alike on two deals alike in all it can see (with it:
    tests/test_rule_reading.py)."""
    first, second, _ = _two_deals(seed, None, 4)
    seat = cast("int", first.to_act)
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b and (view_a.tricks or view_a.trick)
    unread_masks = []

    def counted(*args: Any) -> float:
        unread_masks.append(args[-1])
        return play_fit(*args)
    monkeypatch.setattr(hard_module, "play_fit", counted)
    table = tuple("hard" if q % 2 == seat % 2 else "normal" for q in range(4))
    players = [HardPlayer(seed=9, samples=16) for _ in range(2)]
    for player in players:
        player.table = table
        player.rule_play = False
    assert players[0].choose(view_a) == players[1].choose(view_b)
    partner = (seat + 2) % 4
    assert len(unread_masks) >= 32 and set(unread_masks) == {1 << seat | 1 << partner}  # the opponents read


# ----- the live Nil bidders' cards (nil_exclusions, and the hard level's worlds that respect them)
# A deal played by Normal's bids and Hard's cards (seed 3 of a diagnostic run): North and West
# (seats 1 and 2) bid Nil. After seven tricks seat 0, West's partner, leads holding 3S 5S 6S QS KS AS;
# the spades it cannot see are 2S 4S (seat 1) and 9S (West). Seat 1 played the 8S under the JS: a Nil
# bidder holding the 9S would have played that, so the 9S is West's, and a low spade lead sets her.
NIL_HANDS = ["3S 5S 6S JS QS KS AS JH QH 7D AD 2C KC", "2S 4S 8S 7H 9H 2D 4D TD JD QD 7C JC QC",
             "9S TS 2H 4H KH 5D 6D 8D 9D KD 6C 8C 9C", "7S 3H 5H 6H 8H TH AH 3D 3C 4C 5C TC AC"]
NIL_TRICKS = ["7D 4D 5D 3D", "AD QD KD 7S", "2C QC 9C AC", "JH 9H KH AH", "KC JC 8C TC", "JS 8S TS 3H",
              "QH 7H 4H 5H"]


def _nil_fight(hands: list[str] = NIL_HANDS) -> TrickGame:
    game = spades_game([cards(h) for h in hands], dealer=1)
    bid_round(game, {0: 9, 1: NIL, 2: NIL, 3: 2})
    play_tricks(game, NIL_TRICKS)
    assert game.to_act == 0 and game.tricks_won == [4, 0, 0, 3]
    return game


def _mask(text: str) -> int:
    return sum(1 << card for card in cards(text))


def test_a_live_nil_bidder_held_no_higher_card_that_would_also_have_lost() -> None:
    exclusions = nil_exclusions(_nil_fight().view(0))
    # seat 1 played 4D under 7D, QD under AD, QC under AC, 9H under AH, JC under KC, 8S under JS, 7H under QH
    assert exclusions[1] == _mask("5D 6D KD KC QC TH JH QH KH 9S TS 8H 9H")
    assert exclusions[2] == _mask("9C TC JC QC KC 5H 6H 7H 8H 9H TH JH")  # 9C under AC, 8C under KC, 4H under QH
    assert 0 not in exclusions and 3 not in exclusions  # the viewer, and a seat that bid a number


def test_a_nil_bidder_above_the_best_card_held_none_below_it_and_a_trumped_trick_hides_nothing_lower() -> None:
    def view(plays: list[tuple[int, str]], winner: int) -> SimpleNamespace:
        return SimpleNamespace(num_seats=4, seat=0, bids=(3, NIL, 4, 3), trick=(),
                               tricks=((plays[0][0], tuple((q, card(c)) for q, c in plays), winner),))
    above = nil_exclusions(view([(0, "8H"), (1, "9H"), (2, "KH"), (3, "2H")], 2))
    assert above == {1: _mask("2H 3H 4H 5H 6H 7H")}
    trumped = nil_exclusions(view([(3, "8H"), (0, "2S"), (1, "9H"), (2, "3H")], 0))
    assert trumped == {1: _mask("TH JH QH KH AH")}
    won = nil_exclusions(view([(0, "8H"), (1, "9H"), (2, "3H"), (3, "2H")], 1))
    assert won == {}  # its Nil is lost: it plays on as it likes


def _hidden_ok(world: TrickGame, view: object, exclusions: dict[int, int]) -> bool:
    return not any(world.hands[q] & banned for q, banned in exclusions.items())


def test_hard_s_worlds_respect_the_nil_bidders_cards_and_keep_everything_else() -> None:
    game = _nil_fight()
    view = game.view(0)
    exclusions = nil_exclusions(view)
    unseen = game.hands[1] | game.hands[2] | game.hands[3]
    voids = void_suits(view)
    plain, reading = HardPlayer(seed=4, samples=10), HardPlayer(seed=4, samples=10)
    plain.read_nils = False
    plain_bad = 0
    for _ in range(200):
        world = reading._world(view, reading.rng)
        assert _hidden_ok(world, view, exclusions)
        assert world.hands[0] == game.hands[0] and world.hands[1] | world.hands[2] | world.hands[3] == unseen
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in game.hands]
        for q in (1, 2, 3):
            assert not any(world.hands[q] & SUIT[s] for s in range(4) if voids[q] >> s & 1)
        plain_bad += not _hidden_ok(plain._world(view, plain.rng), view, exclusions)
    assert plain_bad > 20  # without the reading many worlds give seat 1 the 9S


def test_hard_reading_the_nils_covers_its_partner_and_does_not_peek() -> None:
    swapped = list(NIL_HANDS)  # 4S and 9S change places: the 8S under the JS is seat 1's mistake now
    swapped[1] = swapped[1].replace("4S", "9S")
    swapped[2] = swapped[2].replace("9S", "4S")
    games = _nil_fight(), _nil_fight(swapped)
    assert games[0].view(0) == games[1].view(0)
    high = set(cards("QS KS AS"))
    for seed in (1, 2, 3):
        choices = []
        for game in games:
            player = HardPlayer(seed=seed, samples=100)
            player.read_nils = True
            choices.append(player.choose(game.view(0)))
        assert choices[0] == choices[1] and choices[0].card in high


def test_hard_reading_the_nils_plays_its_own_nil_as_it_reads_the_others() -> None:
    """A live Nil that can follow under the best card plays the highest such card, so that the
    partner's ``nil_exclusions`` hold for it too."""
    game = spades_game([cards(h) for h in NIL_HANDS], dealer=1)
    bid_round(game, {0: 9, 1: NIL, 2: NIL, 3: 2})
    play_cards(game, "5D 3D 7D")
    assert game.to_act == 1  # holds 2D 4D TD JD QD under the 7D
    player = HardPlayer(seed=1, samples=20)
    player.read_nils = True
    assert player.choose(game.view(1)) == Play(1, card("4D"))


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 17, 20, 26])  # deals on which Normal bids Nil (3: two Nils)
def test_what_the_nil_bidders_play_never_contradicts_the_reading(seed: int) -> None:
    """Normal's Nils, and Hard's with ``read_nils``: at every turn of the play the Nil bidders' true hands
    hold none of the cards ``nil_exclusions`` rules out."""
    game = new_game("spades", SpadesOptions(), 4, seed)
    game.stop_at_hand_end = True
    normal = [NormalPlayer(seed * 4 + q) for q in range(4)]
    hard = {q: HardPlayer(seed=seed * 4 + q, samples=8) for q in (0, 2)}
    for player in hard.values():
        player.read_nils = True
    nils = 0
    while not game.results:
        seat = game.to_act
        view = game.view(seat)
        if view.phase is Phase.PLAYING:
            for q, banned in nil_exclusions(view).items():
                nils += 1
                assert not game.hands[q] & banned, (q, view.tricks)
        player = hard[seat] if view.phase is Phase.PLAYING and seat in hard else normal[seat]
        game.apply(player.choose(view))
    assert nils  # the reading had something to say


# ----- Pitch's play read the same way (pitch_play_fit; the hard level's ``read_play`` in Pitch)
def _pitch_fit(game: TrickGame, seat: int, hands: list[int] | None = None) -> float:
    """``pitch_play_fit`` of the hand so far from ``seat``'s chair, with the game's own hands or ``hands``."""
    view = game.view(seat)
    played = played_masks(view)
    tricks = hand_tricks(view)
    now = list(game.hands) if hands is None else hands
    start = [now[q] | played[q] for q in range(game.num_seats)]
    trump = tricks[0][1][0][1] & 3
    return pitch_play_fit(start, tricks, pitch_table_for(cast("PitchGame", game), honest=True), trump, seat)


def test_pitch_a_seat_that_throws_its_ten_under_the_pitchers_ace_fits_worse() -> None:
    # seat 1 pitches spades with the ace; seat 2, with no spade, may throw any card on a trick it has lost:
    # the policy throws its cheapest (the 3H), never its ten (ten points of Game for the pitcher)
    hands = [cards("4C 5C 6C 7H 8H 9D"), cards("AS KS 2S 2H 2D 2C"), cards("TH 3H 4D 5D 6H 7C"),
             cards("8C 9C JH QH 6D 7D")]
    fits = {}
    for thrown in ("3H", "TH"):
        game = pitch_game(hands, dealer=0)
        bid_round(game, {1: 2, 2: PASS, 3: PASS, 0: PASS})
        assert game.phase is Phase.PLAYING and game.to_act == 1
        play_cards(game, f"AS {thrown}")
        fits[thrown] = _pitch_fit(game, 0)
        assert _pitch_fit(game, 2) == 1.0  # a seat's own cards say nothing to itself
    assert fits == {"3H": 1.0, "TH": MISS}


def test_pitch_the_true_deal_explains_the_play_better_than_sampled_worlds() -> None:
    """Normal players to the middle of a Pitch hand: the real hands fit their cards better, on average,
    than worlds dealt uniformly from the same view (the signal ``read_play`` weighs Pitch's worlds by)."""
    true_bits, world_bits = _bits_mid_hand("pitch", PitchOptions(), 60, (5, 20), _pitch_fit)
    assert len(true_bits) >= 40
    assert sum(true_bits) / len(true_bits) > sum(world_bits) / len(world_bits) + 1.0


def pitch_views_differing_unseen(seed: int, level: Callable[[int], Any], plays: int) -> tuple[SeatView, SeatView]:
    """Seat 1's view, alike, of two four-player Pitch deals that differ only in a card it cannot see (a card of
    seat 2's it has not played, swapped with one out of play of the same suit), ``level``'s players (seeded
    ``seed * 4 + seat``) bidding and playing at least ``plays`` cards to a turn of seat 1 with a choice."""
    first = new_game("pitch", PitchOptions(), 4, seed)
    players = [level(seed * 4 + q) for q in range(4)]
    history: list[Action] = []
    while first.phase is not Phase.PLAYING or first.to_act != 1 or sum(isinstance(a, Play) for a in history) < plays \
            or len(first.legal_actions()) < 2:
        seat = first.to_act
        assert seat is not None and first.phase in (Phase.BIDDING, Phase.PLAYING)
        action = players[seat].choose(first.view(seat))
        first.apply(action)
        history.append(action)
    played = {a.card for a in history if isinstance(a, Play)}
    held = [c for c in cards_of(first.hands[2]) if c not in played]
    out = [c for c in cards_of(FULL_MASK & ~first.in_play)]
    swap = next((x, y) for x in held for y in out if x & 3 == y & 3)
    hands = [list(cards_of(h)) for h in _start_hands(first, history)]
    hands[2] = [swap[1] if c == swap[0] else c for c in hands[2]]
    second = pitch_game(hands, dealer=first.dealer)
    for action in history:
        second.apply(action)
    view_a, view_b = first.view(1), second.view(1)
    assert view_a == view_b
    return view_a, view_b


@pytest.mark.parametrize("seed", [2, 5])
def test_hard_reading_pitch_play_does_not_peek(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two Pitch deals that differ only in a card seat 1 cannot see (a card of seat 2's it has not played,
    swapped with one out of play of the same suit), played alike to seat 1's turn mid-hand: Hard reading
    the play chooses alike."""
    view_a, view_b = pitch_views_differing_unseen(seed, NormalPlayer, 5)
    assert view_a.tricks
    read = []
    reader = HardPlayer._pitch_read_world

    def counted(player: HardPlayer, view: SeatView, rng: random.Random) -> TrickGame:
        read.append(view)
        return reader(player, view, rng)
    monkeypatch.setattr(HardPlayer, "_pitch_read_world", counted)
    choices = []
    for view in (view_a, view_b):
        player = HardPlayer(seed=9, samples=16)
        player.read_play = True
        choices.append(player.choose(view))
    assert choices[0] == choices[1]
    assert len(read) >= 32  # every world of both decisions was read from the play


def _start_hands(game: TrickGame, history: list[Action]) -> list[int]:
    """Each seat's cards when the hand was dealt: what it holds and what it played."""
    hands = list(game.hands)
    for action in history:
        if isinstance(action, Play):
            hands[action.seat] |= 1 << action.card
    return hands


# ----- Spades for two: the opponent's play read on top of the draft and her bid
def normal_hand_stopped(kind: str, options: Options | None, seed: int, stops: tuple[int, int], seats: int = 4,
                        seed_step: int = 4, level: Callable[[int], Any] = NormalPlayer) -> TrickGame | None:
    """Normal players (or ``level``'s, seeded ``seed * seed_step + seat``) deal a hand of ``kind`` and play it to
    a random card (``stops``, as ``randrange``), or None when the hand ended first."""
    game = new_game(kind, options, seats, seed)
    game.stop_at_hand_end = True
    players = [level(seed * seed_step + q) for q in range(seats)]
    stop, plays = random.Random(seed).randrange(*stops), 0
    while not game.results:
        if game.phase is Phase.PLAYING:
            plays += 1
            if plays == stop:
                return game
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return None


def _two_player_mid_hand(seed: int, stops: tuple[int, int]) -> TrickGame | None:
    """A Spades for two hand drafted, bid and played by the rule-based level to a random card (``stops``, as
    ``randrange``), or None when the hand ended first."""
    return normal_hand_stopped("spades-two", SpadesOptions(), seed, stops, 2, 2)


def _two_fit(game: TrickGame, view: SeatView, hands: list[int]) -> float:
    """``play_fit`` of the hand so far from ``view``'s chair, the seats holding ``hands`` now."""
    played = played_masks(view)
    start = [hands[q] | played[q] for q in range(2)]
    return play_fit(start, hand_tricks(view), spades_table_for(game, honest=True), view.seat)


def test_spades_for_two_play_says_more_than_the_draft_and_the_bid() -> None:
    """Mid-hand, the opponent's real hand explains her play better than the worlds Hard draws from the draft
    and her bid (so reading it has something to add), and Hard reading the play (``read_play``, or told
    that the table shows her at Normal) draws worlds that explain it better than those."""
    true_bits: list[float] = []
    plain_bits: list[float] = []
    read_bits: list[float] = []
    told_bits: list[float] = []
    for seed in range(50):
        game = _two_player_mid_hand(seed, (6, 22))
        if game is None:
            continue
        view = game.view(cast("int", game.to_act))
        true_bits.append(math.log2(_two_fit(game, view, list(game.hands))))
        plain, reader, told = HardPlayer(seed=seed), HardPlayer(seed=seed), HardPlayer(seed=seed)
        reader.read_play = True
        told.table = tuple("hard" if q == view.seat else "normal" for q in range(2))
        rng = random.Random(seed)
        for _ in range(6):
            plain_bits.append(math.log2(_two_fit(game, view, list(plain._world(view, rng).hands))))  # noqa: SLF001
            read_bits.append(math.log2(_two_fit(game, view, list(reader._world(view, rng).hands))))  # noqa: SLF001
            told_bits.append(math.log2(_two_fit(game, view, list(told._world(view, rng).hands))))  # noqa: SLF001
    assert len(true_bits) >= 40

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)
    assert mean(true_bits) > mean(plain_bits) + 0.3
    assert mean(read_bits) > mean(plain_bits) + 0.3
    assert mean(told_bits) > mean(plain_bits) + 0.3  # a Normal opponent at the table is read by her rules


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("how", ["read_play", "normal", "easy"])
def test_spades_for_two_reading_the_play_does_not_peek(seed: int, how: str) -> None:
    """Mid-hand in Spades for two, swapping a card the opponent still holds with one of her hidden discards
    of the same suit leaves the view, Hard's (reading the play: ``read_play``, or the table showing her
    at Normal or at Easy) values and its choice unchanged."""
    game = _two_player_mid_hand(seed, (6, 16))
    assert game is not None
    seat = cast("int", game.to_act)
    view = game.view(seat)
    assert view.tricks or view.trick
    opponent = 1 - seat
    hidden = cast("Any", game).discards & ~(mask_of(view.discarded) | mask_of(view.redraw_thrown))
    x, y = next((x, y) for x in cards_of(game.hands[opponent]) for y in cards_of(hidden) if x & 3 == y & 3)
    other = game.clone()
    other.hands[opponent] ^= (1 << x) | (1 << y)
    cast("Any", other).discards ^= (1 << x) | (1 << y)
    assert other.view(seat) == view

    def reader(seed: int, samples: int | None = None) -> HardPlayer:
        player = HardPlayer(seed=seed, samples=samples)
        if how == "read_play":
            player.read_play = True
        else:
            player.table = tuple("hard" if q == seat else how for q in range(2))
        return player
    assert reader(5).evaluate(view, 12) == reader(5).evaluate(other.view(seat), 12)
    assert reader(6, 16).choose(view) == reader(6, 16).choose(other.view(seat))


@pytest.mark.parametrize("seed", [1, 4])
def test_spades_for_two_opponent_read_by_her_level_only(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An opponent the table shows at Normal or at Easy has her play read (by her level's rules) and a world
    drawn in proportion to its fit; shown at Hard, or as a person, the worlds and the choice are those of no
    table."""
    game = _two_player_mid_hand(seed, (6, 16))
    assert game is not None
    seat = cast("int", game.to_act)
    view = game.view(seat)
    resampled: list[bool | None] = []
    fitted = HardPlayer._fitted_world

    def spy(self: HardPlayer, *args: Any, **kwargs: Any) -> TrickGame:
        resampled.append(kwargs.get("resample"))
        return fitted(self, *args, **kwargs)
    monkeypatch.setattr(HardPlayer, "_fitted_world", spy)

    def choice(level: str | None) -> tuple[Action, object]:
        player = HardPlayer(seed=6, samples=16)
        player.table = tuple("hard" if q == seat else level for q in range(2))
        return player.choose(view), player.rng.getstate()
    plain = choice(None)
    assert set(resampled) == {False}
    assert choice("hard") == plain
    for level in ("normal", "easy"):
        resampled.clear()
        choice(level)
        assert resampled and set(resampled) == {True}, level
