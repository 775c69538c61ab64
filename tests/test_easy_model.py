"""Hard models the seats the table shows at Easy by Easy's own rules (``HardPlayer.model_easy``): their bids
fitted by Easy's bid rule, their cards read by its card rules and played by them in the rollouts."""

from __future__ import annotations

from statistics import mean

import pytest
from scripted import cards
from test_ai_hard import _two_deals
from test_inference import _kept_kinds
from test_reading import normal_hand_stopped, pitch_views_differing_unseen
from test_rule_rollout import rest_by_level

from game.actions import PASS, Action, Bid
from game.ai.easy import easy_pitch_bid_value, easy_pitch_value, easy_spades_tricks
from game.ai.hard import HardPlayer, auction_fit
from game.ai.players import EasyPlayer
from game.ai.rollout import play_out
from game.ai.rule_reading import RULE_MISS, RuleReader, past_turns, rule_play_fit
from game.ai.rule_rollout import RuleSeats
from game.cards import HEARTS, mask_of
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.pitch.rules import pitch_bid_choices
from game.sampling import played_masks
from game.state import Phase, SeatView, TrickGame


def _easy_hand_stopped(options: SpadesOptions, seed: int, stops: tuple[int, int]) -> TrickGame | None:
    """Easy players (seeded ``seed * 4 + seat``) deal a four-player Spades hand and play it to a random card
    (``stops``, as ``randrange``), or None when the hand ended first."""
    return normal_hand_stopped("spades", options, seed, stops, level=EasyPlayer)


def _easy_hand_stopped_two(seed: int, stops: tuple[int, int]) -> TrickGame | None:
    """Easy players (seeded ``seed * 2 + seat``) draft, bid and play a Spades for two hand to a random card
    (``stops``, as ``randrange``), or None when the hand ended first."""
    return normal_hand_stopped("spades-two", SpadesOptions(), seed, stops, 2, 2, level=EasyPlayer)


def _easy_to_the_play(kind: str, seats: int, seed: int) -> tuple[TrickGame, list[Action]]:
    """Easy players (seeded ``seed * seats + seat``) deal a hand of ``kind`` and make every choice before its
    play (Spades for two's draft too): the game at its first card, and the actions they chose."""
    game = new_game(kind, SpadesOptions(), seats, seed)
    players = [EasyPlayer(seed * seats + q) for q in range(seats)]
    chosen: list[Action] = []
    while game.phase is not Phase.PLAYING:
        seat = game.to_act
        assert seat is not None
        chosen.append(players[seat].choose(game.view(seat)))
        game.apply(chosen[-1])
    return game, chosen


@pytest.mark.parametrize("options", [SpadesOptions(), SpadesOptions(spades_any_time=True, bag_rule="5/50")],
                         ids=["spades", "spades-any-time"])
def test_easy_seats_in_a_rollout_of_the_true_deal_play_easy_s_cards(options: SpadesOptions) -> None:
    """With every seat playing by Easy's rules, a rollout of the true deal from any card of a hand (mid-trick
    too) plays exactly the cards Easy players then play at the table."""
    compared = 0
    for seed in range(25):
        game = _easy_hand_stopped(options, seed, (1, 50))
        if game is None:
            continue
        seat = game.to_act
        assert seat is not None
        record: list[int] = []
        play_out(game, record=record, rules=RuleSeats(game.view(seat), [True] * 4, 52, [True] * 4))
        assert record == rest_by_level(game, seed, level=EasyPlayer), f"seed {seed}"
        policy: list[int] = []
        play_out(game, record=policy)
        compared += policy != record
    assert compared >= 15  # the fast policy plays otherwise


@pytest.mark.parametrize(("kind", "options", "last", "misses", "seats"), [
    ("spades", SpadesOptions(), 48, 30, 4), ("spades", SpadesOptions(jokers=True), 48, 30, 4),
    ("pitch", PitchOptions(), 22, 20, 4), ("pitch", PitchOptions(partnerships=True), 22, 20, 4),
    ("spades-two", SpadesOptions(), 24, 30, 2),
], ids=["spades", "jokers", "pitch", "pitch-partners", "spades-two"])
def test_the_true_deal_fits_every_easy_seat_s_play_and_normal_s_rules_do_not(
        kind: str, options: SpadesOptions | PitchOptions, last: int, misses: int, seats: int) -> None:
    """Replayed on the real hands by Easy's rules (in Pitch the first card, which names trump, too), every card
    the Easy seats played is the rules' own (fit 1); read by Normal's rules instead, the same turns miss often."""
    turns_read, normal_misses = 0, 0
    for seed in range(40):
        game = normal_hand_stopped(kind, options, seed, (2, last), seats, seats, level=EasyPlayer)
        if game is None:
            continue
        for viewer in range(seats):
            view = game.view(viewer)
            played = played_masks(view)
            start = [game.hands[q] | played[q] for q in range(seats)]
            others = (1 << seats) - 1 & ~(1 << viewer)
            turns = past_turns(view, others, easy=others)
            turns_read += len(turns)
            assert rule_play_fit(turns, start) == 1.0, (seed, viewer)
            normal_misses += rule_play_fit(past_turns(view, others), start) < 1.0
    assert turns_read > 300 and normal_misses > misses


def test_hard_marks_the_easy_seats_by_game_and_setting() -> None:
    """The other seats the table shows at Easy, never Hard's own: in four-player Spades without jokers, an
    exchange or a redraw they play every rollout turn by Easy's rules; in Pitch they are read; off with
    ``model_easy`` or ``model_levels`` off and in Ten-point Pitch; in Spades for two as in four-player Spades."""
    game = _easy_hand_stopped(SpadesOptions(), 3, (5, 6))
    assert game is not None
    view = game.view(0)
    player = HardPlayer(seed=1)
    player.table = ("easy", "hard", "easy", "normal")
    assert player._easy_seats(view) == 0b0100
    seats = player._rule_players_of(view)
    assert seats is not None and seats.seats == [False, False, True, False] and seats.easy == seats.seats
    player.rule_rollout = 6  # the Normal seats' trial: their first turns by Normal's rules, the Easy seat's by Easy's
    seats = player._rule_players_of(view)
    assert seats is not None and seats.seats == [False, False, True, True] and seats.easy == [False, False, True, False]
    player.rule_rollout = 0
    player.model_easy = False
    assert player._easy_seats(view) == 0 and player._rule_players_of(view) is None
    player.model_easy = True
    player.model_levels = False
    assert player._easy_seats(view) == 0
    player.model_levels = True
    jokers = new_game("spades", SpadesOptions(jokers=True), 4, 3)
    assert player._easy_seats(jokers.view(0)) == 0b0100 and player._rule_players_of(jokers.view(0)) is None
    assert player._easy_seats(new_game("pitch", PitchOptions(), 4, 3).view(0)) == 0b0100  # read in Pitch too
    assert player._easy_seats(new_game("ten-point-pitch", None, 4, 3).view(0)) == 0  # its own levels' rules
    player.table = ("hard", "easy")
    two = _easy_hand_stopped_two(3, (5, 6))
    assert two is not None and player._easy_seats(two.view(0)) == 0b10
    seats = player._rule_players_of(two.view(0))
    assert seats is not None and seats.seats == [False, True] and seats.easy == seats.seats
    player.model_easy = False
    assert player._easy_seats(two.view(0)) == 0 and player._rule_players_of(two.view(0)) is None


def _hard_worlds(view: SeatView, seed: int, table: tuple[str, ...], count: int, **settings: bool) -> list[TrickGame]:
    """``count`` worlds Hard (seeded ``seed``, told ``table``, with ``settings``) draws for ``view``."""
    player = HardPlayer(seed=seed, samples=10)
    player.table = table
    for name, value in settings.items():
        setattr(player, name, value)
    return [player._world(view, player.rng) for _ in range(count)]


def test_hard_s_worlds_give_an_easy_bidder_a_hand_easy_bids_so_on() -> None:
    """Easy bids by a rule of its hand (aces, guarded kings, long spades): Hard's worlds, fitted to that rule,
    give each Easy bidder hands its rule bids closer to what it bid than worlds fitted to Hard's own model."""
    gaps = {True: [], False: []}
    for seed in range(4):
        game = new_game("spades", SpadesOptions(), 4, seed)
        players = [EasyPlayer(seed * 4 + q) for q in range(4)]
        while game.phase is not Phase.PLAYING or game.to_act != 0:  # every bid made, seat 0 to play
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        view = game.view(0)
        easy_bids = {q: bid for q, bid in view.bid_order if q != 0 and isinstance(bid, int)}
        for modelled in (True, False):
            for world in _hard_worlds(view, seed, ("hard", "easy", "hard", "easy"), 60, model_easy=modelled):
                gaps[modelled] += [abs(easy_spades_tricks(world.hands[q], 4) - bid) for q, bid in easy_bids.items()
                                   if q in (1, 3)]
    assert len(gaps[True]) == 480
    assert mean(gaps[True]) < 0.6 * mean(gaps[False]), (mean(gaps[True]), mean(gaps[False]))


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_modelling_easy_seats_does_not_peek(seed: int) -> None:
    """Two deals that differ only in cards Hard cannot see give the same card and the same values, with the
    Easy seats' cards read and played by Easy's rules."""
    first, second, _ = _two_deals(seed)
    seat = first.to_act
    assert seat is not None
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b and (view_a.tricks or view_a.trick)
    players = [HardPlayer(seed=9, samples=16) for _ in range(4)]
    for player in players:
        player.table = tuple("hard" if q % 2 == seat % 2 else "easy" for q in range(4))
    assert players[0]._rule_players_of(view_a) is not None
    choice = players[0].choose(view_a)
    assert choice in view_a.legal and choice == players[1].choose(view_b)
    assert players[2].evaluate(view_a, 8) == players[3].evaluate(view_b, 8)


def test_an_easy_bid_is_a_number_it_never_bids_nil() -> None:
    """What the fit relies on: Easy's bid is its rule's number for its hand, never Nil."""
    for seed in range(40):
        game, chosen = _easy_to_the_play("spades", 4, seed)
        bids = [action for action in chosen if isinstance(action, Bid)]
        assert len(bids) == 4
        for bid in bids:
            assert bid.value == easy_spades_tricks(game.hands[bid.seat], 4)


def test_hard_reads_pitch_s_easy_seats_by_their_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pitch, each for himself, one seat shown at Easy and one at Normal: both are read, each by its rules, and
    with ``model_easy`` off only the Normal one."""
    game = normal_hand_stopped("pitch", PitchOptions(), 4, (6, 10))
    assert game is not None
    seat = game.to_act
    assert seat is not None
    easy, normal = [q for q in range(4) if q != seat][:2]
    made: list[tuple[int, int]] = []
    init = RuleReader.__init__

    def recorded(reader: RuleReader, view: object, seats: int, miss: float = RULE_MISS,
                 easy_seats: int = 0) -> None:
        made.append((seats, easy_seats))
        init(reader, view, seats, miss, easy_seats)  # type: ignore[arg-type]
    monkeypatch.setattr(RuleReader, "__init__", recorded)
    for modelled in (True, False):
        player = HardPlayer(seed=3, samples=12)
        player.model_easy = modelled
        player.table = tuple("easy" if q == easy else "normal" if q == normal else "hard" for q in range(4))
        assert player.choose(game.view(seat)) in game.legal_actions()
    assert made[0] == (1 << easy | 1 << normal, 1 << easy) and made[-1] == (1 << normal, 0)


@pytest.mark.parametrize(("options", "seats"), [
    (PitchOptions(), 4), (PitchOptions(partnerships=True), 4), (PitchOptions(min_bid=2), 5),
    (PitchOptions(dealer_steal=False), 3), (PitchOptions(off_jack=True), 4), (PitchOptions(), 7),
], ids=["four", "partners", "min-bid-2", "no-steal", "off-jack", "seven"])
def test_the_true_deal_fits_every_easy_auction_and_the_general_fit_does_not(options: PitchOptions,
                                                                            seats: int) -> None:
    """Replayed on the real hands with the bids open at each turn, every bid of Easy seats (passes, steals,
    the dealer's forced bid) is Easy's bid rule's own (fit 1); fitted as any other seat's, most auctions miss."""
    views, general_misses = 0, 0
    for seed in range(30):
        game = normal_hand_stopped("pitch", options, seed, (1, 3 * seats), seats, seats, level=EasyPlayer)
        if game is None:
            continue
        for viewer in range(seats):
            view = game.view(viewer)
            played = played_masks(view)
            others = (1 << seats) - 1 & ~(1 << viewer)
            assert auction_fit(view, list(game.hands), played, 0.1, others) == 1.0, (seed, viewer)
            general_misses += auction_fit(view, list(game.hands), played, 0.1) < 1.0
            views += 1
    assert views >= 20 * seats and general_misses > views // 2


def test_an_easy_pitch_bid_is_its_rule_s_among_the_bids_open() -> None:
    """Easy's bid rule from its parts: the lowest number when it must bid, the highest its count reaches
    otherwise, the dealer's lowest such (a steal), else a pass."""
    strong = mask_of(cards("AH KH JH 2H 3C 4D"))  # hearts: 1 + 0.5 + 1 + 0.5 + 0.5 = 3.5
    weak = mask_of(cards("9C 8D 7S 6H 5C 4D"))
    assert easy_pitch_value(strong, HEARTS) == 3.5
    assert easy_pitch_bid_value(strong, pitch_bid_choices(False, 0, PitchOptions()), False) == 3
    assert easy_pitch_bid_value(strong, pitch_bid_choices(True, 2, PitchOptions()), True) == 2  # a steal
    assert easy_pitch_bid_value(strong, pitch_bid_choices(True, 2, PitchOptions(dealer_steal=False)), True) == 3
    assert easy_pitch_bid_value(strong, pitch_bid_choices(False, 3, PitchOptions()), False) == PASS
    assert easy_pitch_bid_value(weak, pitch_bid_choices(False, 0, PitchOptions()), False) == PASS
    assert easy_pitch_bid_value(weak, pitch_bid_choices(True, 0, PitchOptions(min_bid=2)), True) == 2  # forced


def test_hard_s_worlds_give_easy_pitch_bidders_hands_their_rule_bids_so_on() -> None:
    """With ``easy_auction``, Hard's Pitch worlds give the Easy seats hands on which Easy's rule bids what they
    bid more often than the general auction fit's worlds do (the fittest of a few draws may still miss)."""
    fitted = {True: 0, False: 0}
    total = 0
    for seed in range(6):
        game = new_game("pitch", PitchOptions(), 4, seed)
        players = [EasyPlayer(seed * 4 + q) for q in range(4)]
        while game.phase is Phase.BIDDING and game.to_act != 0:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.phase is not Phase.BIDDING:
            continue
        view = game.view(0)
        easy = 0b1110
        for trial in (True, False):
            for world in _hard_worlds(view, seed, ("hard", "easy", "easy", "easy"), 40, easy_auction=trial):
                fitted[trial] += auction_fit(view, list(world.hands), played_masks(view), 0.0, easy) == 1.0
        total += 40
    misses = {trial: total - count for trial, count in fitted.items()}
    assert total >= 160 and misses[True] < 0.6 * misses[False], misses


@pytest.mark.parametrize("seed", [2, 5])
def test_hard_fitting_easy_auctions_does_not_peek(seed: int) -> None:
    """Two Pitch deals that differ only in a card seat 1 cannot see (one of an Easy seat's cards swapped with one
    out of play), with the same auction and play to seat 1's turn: Hard fitting the Easy seats' bids by their
    rule values its cards alike in both."""
    view_a, view_b = pitch_views_differing_unseen(seed, EasyPlayer, 0)
    values = []
    for view in (view_a, view_b):
        player = HardPlayer(seed=9, samples=12)
        player.table = ("easy", "hard", "easy", "easy")
        player.easy_auction = True
        values.append(player.evaluate(view, 12))
    assert values[0] == values[1]


def test_spades_for_two_easy_opponent_bids_and_plays_out_by_easy_s_rules() -> None:
    """Spades for two: every bid of Easy players is Easy's rule's for the hand it drafted, and a rollout of the
    true deal with both seats playing by Easy's rules plays the cards Easy players then play at the table."""
    rollouts = 0
    for seed in range(30):
        game = _easy_hand_stopped_two(seed, (2, 24))
        if game is None:
            continue
        played = played_masks(game.view(0))
        assert all(bid == easy_spades_tricks(game.hands[q] | played[q], 2) for q, bid in game.view(0).bid_order)
        seat = game.to_act
        assert seat is not None
        record: list[int] = []
        play_out(game, record=record, honest=True, rules=RuleSeats(game.view(seat), [True] * 2, 52, [True] * 2))
        assert record == rest_by_level(game, seed, 2, EasyPlayer), f"seed {seed}"
        rollouts += 1
    assert rollouts >= 25


def test_spades_for_two_worlds_hold_what_an_easy_opponent_drafts() -> None:
    """Before her bid is read, the Easy opponent's hand in Hard's drafted worlds holds as many spades, high cards
    of the other suits and low cards as Easy's drafted hands (within a quarter of a card each, 100 hands); the
    weights fitted to Normal's draft give her too few high cards."""
    def gaps(modelled: bool) -> list[float]:
        true, model = [0.0] * 3, [0.0] * 3
        for seed in range(100):
            game = _easy_to_the_play("spades-two", 2, seed)[0]
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            opponent = 1 - seat
            played = played_masks(view)[opponent]
            player = HardPlayer(seed=seed)
            player.table = tuple("hard" if q == seat else "easy" for q in range(2))
            player.model_easy = modelled
            for kind, count in enumerate(_kept_kinds(game.hands[opponent] | played)):
                true[kind] += count
            for _ in range(20):
                world = player._drafted_world(view, player.rng)
                for kind, count in enumerate(_kept_kinds(world.hands[opponent] | played)):
                    model[kind] += count / 20
        return [(m - t) / 100 for m, t in zip(model, true, strict=True)]

    assert all(abs(gap) < 0.25 for gap in gaps(True))
    assert gaps(False)[1] < -0.4
