"""The history: every action and chance outcome in order; the state at step k is "replay k entries"."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.actions import Action, Bid, Look, Play
from game.factory import new_game
from game.history import DECK_ORDER, SAMPLE, SEAT, ChanceOutcome, split_hands
from game.options import PitchOptions, SpadesOptions
from game.record import dumps, replay, to_record
from game.replay import rebuild, replay_steps
from game.state import Phase, TrickGame
from tests.test_records import eventful_action

KINDS = [("spades", 4, SpadesOptions()), ("spades-two", 2, SpadesOptions()), ("pitch", 3, PitchOptions()),
         ("pitch", 4, PitchOptions(partnerships=True))]
IDS = [f"{kind}-{players}" for kind, players, _ in KINDS]


def snapshot(game: TrickGame) -> tuple[Any, ...]:
    """Everything a seat or a record can tell about the game now."""
    return (game.phase, game.to_act, dumps(to_record(game)), tuple(game.view(s) for s in range(game.num_seats)))


def played(kind: str, players: int, options: Any, seed: int, hands: int = 2
           ) -> tuple[list[tuple[int, tuple[Any, ...]]], tuple[Any, ...]]:
    """A game played with eventful random actions: after each action, the history's length and a
    snapshot; and the final history."""
    rng = random.Random(seed)
    game = new_game(kind, options, players, seed)
    moments = [(len(game.history), snapshot(game))]
    while game.phase is not Phase.GAME_OVER and len(game.results) < hands:
        game.apply(eventful_action(game, rng))
        moments.append((len(game.history), snapshot(game)))
    return moments, game.history


def test_a_history_starts_with_the_dealer_and_each_hand_with_its_deck() -> None:
    game = new_game("spades", SpadesOptions(), 4, 5)
    first = game.history[0]
    assert first == ChanceOutcome(SEAT, game.dealer)
    deck = game.history[1]
    assert isinstance(deck, ChanceOutcome) and deck.kind == DECK_ORDER and sorted(deck.outcome) == list(range(52))
    assert len(game.history) == 2
    rng = random.Random(5)
    applied: list[Action] = []
    while len(game.results) < 1:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        applied.append(action)
    entries = game.history
    assert [e for e in entries if not isinstance(e, ChanceOutcome)] == applied
    assert entries[len(applied) + 2].kind == DECK_ORDER  # type: ignore[union-attr]  # the next hand's deck
    hands = split_hands(entries, 4)
    assert [h.number for h in hands] == [1, 2] and hands[1].dealer == (hands[0].dealer + 1) % 4
    assert hands[0].actions() == applied and hands[1].entries == ()


def test_a_redraw_is_followed_by_the_cards_it_drew() -> None:
    rng = random.Random(3)
    for seed in range(40):
        game = new_game("spades-two", SpadesOptions(), 2, seed)
        while len(game.results) < 1:
            game.apply(eventful_action(game, rng))
        samples = [i for i, e in enumerate(game.history) if isinstance(e, ChanceOutcome) and e.kind == SAMPLE]
        for index in samples:
            before = game.history[index - 1]
            assert before.cards and len(before.cards) == len(game.history[index].outcome)  # type: ignore
        if samples:
            return
    pytest.fail("no redraw drew a card in 40 games")


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=IDS)
def test_the_state_at_step_k_is_the_first_k_entries_replayed(kind: str, players: int, options: Any) -> None:
    for seed in range(2):
        moments, history = played(kind, players, options, seed)
        for length, expected in moments:
            again = rebuild(kind, options, players, seed, history[:length])
            assert snapshot(again) == expected, f"step {length}"
            assert again.history == history[:length]


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=IDS)
def test_a_record_read_back_has_the_same_history(kind: str, players: int, options: Any) -> None:
    """A look in a finished four-player Spades hand leaves no trace in the record; everything else does."""
    options = SpadesOptions(double_nil=False) if kind == "spades" else options
    for seed in range(3):
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.GAME_OVER and len(game.results) < 2:
            action = eventful_action(game, rng)
            if not isinstance(action, Look) or kind != "spades":
                game.apply(action)
            record = json.loads(dumps(to_record(game)))
            assert replay(record).game.history == game.history


def test_replay_with_a_limit_stops_after_that_many_actions() -> None:
    game = new_game("pitch", PitchOptions(), 4, 9)
    rng = random.Random(9)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    record = to_record(game)
    actions = [e for e in game.history if not isinstance(e, ChanceOutcome)]
    for k in (0, 1, 4, 5, len(actions)):
        stopped = replay(record, limit=k)
        assert stopped.actions == k
        assert [e for e in stopped.game.history if not isinstance(e, ChanceOutcome)] == actions[:k]


def test_a_clone_shares_the_history_until_either_game_moves() -> None:
    game = new_game("spades", SpadesOptions(), 4, 2)
    rng = random.Random(2)
    while game.phase is Phase.BIDDING:
        game.apply(rng.choice(game.legal_actions()))
    before = game.history
    twin = game.clone()
    assert twin._history is game._history  # nothing copied yet
    twin.apply(twin.legal_actions()[0])
    assert game.history == before and len(twin.history) == len(before) + 1
    game.apply(game.legal_actions()[-1])
    assert twin.history[:-1] == before == game.history[:-1] and twin.history[-1] != game.history[-1]


def test_play_fast_is_in_the_history_and_random_playout_ends_it() -> None:
    game = new_game("spades", SpadesOptions(double_nil=False), 4, 4)
    for _ in range(4):
        game.apply(Bid(game.to_act, 3))  # type: ignore[arg-type]
    seat, card = game.to_act, game.legal_mask().bit_length() - 1
    game.play_fast(card)
    assert game.history[-1] == Play(seat, card)  # type: ignore[arg-type]
    game.random_playout(random.Random(1).random)
    with pytest.raises(ValueError, match="history was not kept"):
        to_record(game)


def test_a_search_copy_may_skip_the_history() -> None:
    game = new_game("pitch", PitchOptions(), 4, 6)
    before = game.history
    search = game.clone()
    search.keeps_history = False
    rng = random.Random(6)
    while len(search.results) < 1:
        search.apply(rng.choice(search.legal_actions()))
    kept = search._history_done + tuple(search._history)
    assert all(isinstance(e, ChanceOutcome) for e in kept)  # no action noted
    assert len(search.results) == 1 and game.history == before  # and the original's history is untouched
    with pytest.raises(ValueError, match="history was not kept"):
        search.history  # noqa: B018


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=IDS)
def test_replay_steps_walks_the_history_through_every_state_to_the_game_itself(kind: str, players: int,
                                                                               options: Any) -> None:
    moments, _history = played(kind, players, options, seed=23)
    rng = random.Random(23)
    game = new_game(kind, options, players, 23)
    while game.phase is not Phase.GAME_OVER and len(game.results) < 2:
        game.apply(eventful_action(game, rng))
    walked = 0
    last: TrickGame | None = None
    for state, action in replay_steps(game):
        assert snapshot(state) == moments[walked][1]  # the state before the action, as it was in play
        assert state.why_illegal(action) is None
        walked += 1
        last = state
    assert last is not None and walked == len(moments) - 1
    assert snapshot(last) == snapshot(game)  # the walk ends in the game's own state
