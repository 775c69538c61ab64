"""The hard level's rollout policy under the house rules of play: the jokers, the opening card, spades
led any time and Cutthroat Spades for three or four play through the fast policy (not random cards),
every card it plays is legal, and its values are the engine's scores."""

from __future__ import annotations

import random

import pytest

from game.actions import DOUBLE_NIL, Bid, Play
from game.ai.rollout import play_out, policy_fits
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame

ALL_S = SpadesOptions(nil_value=50, bag_rule="5/50", ten_for_200=True, min_side_bid=4, spades_any_time=True,
                      two_clubs_opens=True, jokers=True, nil_pass=2)
HOUSE = [(4, ALL_S), (4, SpadesOptions(jokers=True)), (4, SpadesOptions(two_clubs_opens=True)),
         (3, SpadesOptions(partnerships=False)), (4, SpadesOptions(partnerships=False, jokers=True)),
         (3, SpadesOptions(partnerships=False, jokers=True, two_clubs_opens=True, spades_any_time=True))]


def _to_play(game: TrickGame, rng: random.Random, tricks: int) -> None:
    """Random legal bids and exchange, then a few random cards (the opening lead included or not)."""
    while game.phase is not Phase.PLAYING:
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(rng.randrange(0, tricks)):
        if game.phase is not Phase.PLAYING:
            break
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("players", "options"), HOUSE)
def test_house_rule_rollouts_play_legal_cards_and_score_like_the_engine(players: int, options: SpadesOptions) -> None:
    rng = random.Random(5)
    hands = 0
    for seed in range(40):
        game = new_game("spades", options, players, seed)
        game.stop_at_hand_end = True
        _to_play(game, rng, 3 * players)
        if game.phase is not Phase.PLAYING:
            continue
        assert policy_fits(game)
        played: list[int] = []
        values = play_out(game, record=played, bag_cost=None, honest=seed % 2 == 1)
        for card in played:  # apply() refuses an illegal card: the opening 2 (3) of clubs, a joker follows spades
            game.apply(Play(game.to_act, card))
        assert game.phase is Phase.HAND_OVER
        assert [row["total"] for row in game.results[-1].points] == values
        hands += 1
    assert hands > 30


@pytest.mark.parametrize(("players", "options"), HOUSE)
def test_the_hint_s_chances_play_the_house_rules_as_the_engine_does(players: int, options: SpadesOptions) -> None:
    """The Hint's contract and Nil chances come from hands played out after each bid and card
    (``coach._tricks_after``); under the house rules of play those hands follow the rules too (the opening
    card led first, the jokers as spades, spades led any time): replayed through the engine, which refuses
    an illegal card, the rollout's cards take exactly the tricks the chances counted."""
    from game.ai.coach import _tricks_after
    from game.ai.hard import HardPlayer
    from game.ai.rollout import _spades_run as run
    from game.ai.rollout import advance_to_play, spades_table_for

    hard = HardPlayer(seed=1)
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        game = new_game("spades", options, players, seed)
        game.stop_at_hand_end = True
        while game.phase is not Phase.PLAYING and not (game.phase is Phase.BIDDING and game.bids.count(None) == 1):
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is not Phase.BIDDING:
            continue
        bid = rng.choice([a for a in game.legal_actions() if isinstance(a, Bid) and a.value != DOUBLE_NIL])
        tricks, _ = _tricks_after(hard, game, bid)
        state = game.clone()
        state.apply(bid)
        advance_to_play(state)
        if state.phase is not Phase.PLAYING:
            continue
        won = list(state.tricks_won)
        played: list[int] = []
        run(state, spades_table_for(state), -1, played)  # the same policy, its cards recorded
        for card in played:
            state.apply(Play(state.to_act, card))
        assert state.phase is Phase.HAND_OVER
        for _, _, winner in state.trick_log:
            won[winner] += 1
        assert tricks == won
        checked += 1
    assert checked > 15


def test_a_joker_rollout_wins_with_the_big_joker_over_the_little_one() -> None:
    """The kernel plays the Big Joker as the top spade: whoever holds it and leads it takes the trick."""
    for seed in range(60):
        game = new_game("spades", SpadesOptions(jokers=True, spades_any_time=True), 4, seed)
        game.stop_at_hand_end = True
        rng = random.Random(seed)
        while game.phase is not Phase.PLAYING:
            game.apply(rng.choice(game.legal_actions()))
        seat = game.to_act
        big = 53
        if not game.hands[seat] >> big & 1:
            continue
        played: list[int] = []
        play_out(game, first=big, record=played)
        assert played[0] == big
        for card in played[:4]:
            game.apply(Play(game.to_act, card))
        assert game.trick_log[0][2] == seat
        return
    pytest.fail("no deal gave the leader the Big Joker")


@pytest.mark.parametrize(("players", "options"), [(4, PitchOptions(off_jack=True)), (3, PitchOptions(off_jack=True)),
                                                  (4, PitchOptions(off_jack=True, partnerships=True, low="player")),
                                                  (5, PitchOptions(off_jack=True, min_bid=2))])
def test_off_jack_rollouts_play_legal_cards_and_score_like_the_engine(players: int, options: PitchOptions) -> None:
    """Five-point Pitch: the off-jack follows trump and ranks between the jack and the ten in the kernel too,
    and the rollout's points (High, Low, Jack, Off-jack, Game, set back) are the engine's."""
    rng = random.Random(3)
    hands = 0
    for seed in range(80):
        game = new_game("pitch", options, players, seed)
        game.stop_at_hand_end = True
        _to_play(game, rng, 2 * players)
        if game.phase is not Phase.PLAYING:
            continue
        assert policy_fits(game)
        played: list[int] = []
        values = play_out(game, record=played, honest=seed % 2 == 1)
        for card in played:
            game.apply(Play(game.to_act, card))
        assert game.phase is Phase.HAND_OVER
        assert [row["total"] for row in game.results[-1].points] == values
        hands += 1
    assert hands > 60


def test_hard_keeps_the_big_joker_apart_from_the_hearts() -> None:
    """Hard merges runs of equivalent cards of a suit; the Big Joker (number 53) is a spade, never a heart
    above the ace of hearts (49) to be merged with it."""
    from game.ai.hard import _card_candidates

    for seed in range(200):
        game = new_game("spades", SpadesOptions(jokers=True, spades_any_time=True), 4, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAYING:
            game.apply(rng.choice(game.legal_actions()))
        hand = game.hands[game.to_act]
        if hand >> 53 & 1 and hand >> 49 & 1 and not hand >> 52 & 1:  # the Little Joker out: no run
            view = game.view(game.to_act)
            kept = {a.card for a in _card_candidates(view, list(view.legal)) if isinstance(a, Play)}
            assert {49, 53} <= kept
            return
    pytest.fail("no deal gave the leader the Big Joker and the ace of hearts")


def test_normal_alone_in_cutthroat_wins_with_its_cheapest_winner_after_its_bid_is_made() -> None:
    """Cutthroat Spades: a player alone whose bid is made keeps taking the trick he can win (a trick let go
    goes to a rival), with the cheapest card that wins it now (of the suit led when he can follow)."""
    from game.ai.cardsense import SUIT_MASKS, beating, cheapest, suit_of, winning
    from game.ai.normal import normal_spades_choose

    seen = 0
    for seed in range(12):
        game = new_game("spades", SpadesOptions(partnerships=False), 3, seed)
        game.stop_at_hand_end = True
        rng = random.Random(seed)
        while game.phase is not Phase.HAND_OVER:
            seat = game.to_act
            view = game.view(seat)
            action = normal_spades_choose(view, rng)
            bid = view.bids[seat]
            if view.phase is Phase.PLAYING and view.trick and isinstance(bid, int) and bid > 0 \
                    and view.tricks_won[seat] >= bid:
                legal = sum(1 << a.card for a in view.legal if isinstance(a, Play))
                led = suit_of(view.trick[0][1])
                win = beating(legal, winning(view.trick, view.trump)[1], led, view.trump)
                if win and legal & (legal - 1):
                    assert isinstance(action, Play)
                    assert action.card == cheapest(win & SUIT_MASKS[led] or win, view.trump)
                    seen += 1
            game.apply(action)
    assert seen > 20
