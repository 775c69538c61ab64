"""Reading the Normal seats' play by Normal's own card rules (game/ai/rule_reading.py)."""

from __future__ import annotations

import random
from typing import cast

import pytest
from test_ai_hard import _two_deals
from test_reading import ducked_and_thrown, normal_hand_stopped

from game.ai.hard import HardPlayer
from game.ai.rule_reading import RULE_MISS, RuleReader, past_turns, rule_play_fit
from game.games import Options
from game.options import PitchOptions, SpadesOptions
from game.sampling import played_masks
from game.state import TrickGame
from game.worlds import sample_world


def _start(game: TrickGame, seat: int, hands: list[int] | None = None) -> list[int]:
    """Each seat's cards when the play began, from ``seat``'s view: the game's own or ``hands`` for the rest."""
    played = played_masks(game.view(seat))
    now = list(game.hands) if hands is None else hands
    return [now[q] | played[q] for q in range(len(now))]


def _seats_read(monkeypatch: pytest.MonkeyPatch) -> list[frozenset[int]]:
    """From now on, the seats each ``RuleReader.fit`` call reads, one set a call."""
    read: list[frozenset[int]] = []
    fit = RuleReader.fit

    def counted(reader: RuleReader, start: list[int]) -> float:
        read.append(frozenset(q for q, _ in reader.by_seat))
        return fit(reader, start)
    monkeypatch.setattr(RuleReader, "fit", counted)
    return read


@pytest.mark.parametrize(("kind", "options", "seats", "last"), [
    ("spades", SpadesOptions(), 4, 48),
    ("spades", SpadesOptions(spades_any_time=True, bag_rule="5/50"), 4, 48),
    ("spades", SpadesOptions(two_clubs_opens=True), 4, 48),
    ("spades", SpadesOptions(jokers=True), 4, 48),
    ("spades", SpadesOptions(partnerships=False), 3, 45),
    ("spades-two", SpadesOptions(), 2, 24),
    ("pitch", PitchOptions(), 4, 22),
    ("pitch", PitchOptions(partnerships=True), 4, 22),
], ids=["spades", "spades-any-time", "two-clubs-opens", "jokers", "cutthroat-three", "spades-two", "pitch",
        "pitch-partners"])
def test_the_true_deal_fits_every_normal_seat_s_play(kind: str, options: Options, seats: int, last: int) -> None:
    """Replayed on the real hands, the rules give every card the Normal seats played: the views rebuilt
    for their past turns are the ones they played from, whoever reads them (Spades for two: what the
    opponent has seen of the cards out of play is her discards, the cards neither hand nor the reader's)."""
    turns_read = 0
    everyone = (1 << seats) - 1
    for seed in range(30):
        game = normal_hand_stopped(kind, options, seed, (2, last), seats)
        if game is None:
            continue
        for viewer in range(seats):
            view = game.view(viewer)
            turns = past_turns(view, everyone & ~(1 << viewer))
            turns_read += len(turns)
            assert rule_play_fit(turns, _start(game, viewer)) == 1.0, (seed, viewer)
    assert turns_read > 300


def test_a_card_off_the_rules_costs_the_world_the_miss_and_a_seat_s_own_cards_are_not_read() -> None:
    # seat 1 holds the KC and the 3C under the AC led: the rules play the 3C (it cannot win)
    ducked, thrown = ducked_and_thrown()
    others = 0b1111 & ~1
    assert rule_play_fit(past_turns(ducked.view(0), others), _start(ducked, 0)) == 1.0
    assert rule_play_fit(past_turns(thrown.view(0), others), _start(thrown, 0)) == RULE_MISS
    assert rule_play_fit(past_turns(thrown.view(0), others), _start(thrown, 0), 0.25) == 0.25
    assert rule_play_fit(past_turns(thrown.view(1), 0b1111 & ~2), _start(thrown, 1)) == 1.0
    assert [turn.seat for turn in past_turns(thrown.view(0), 1 << 1)] == [1]


def test_worlds_weighed_by_the_rules_hold_more_of_the_opponents_cards() -> None:
    """Uniform worlds from a seat's view in the middle of a hand, weighed by ``rule_play_fit`` of the two
    opponents: the weighted share of the opponents' cards each world puts where they really are is higher
    than the unweighted one (0.41 against 0.49 over 40 positions when it was measured)."""
    plain: list[float] = []
    weighed: list[float] = []
    rng = random.Random(5)
    for seed in range(24):
        game = normal_hand_stopped("spades", SpadesOptions(), seed, (9, 45))
        if game is None:
            continue
        seat = cast("int", game.to_act)
        view = game.view(seat)
        opponents = [q for q in range(4) if q % 2 != seat % 2]
        turns = past_turns(view, sum(1 << q for q in opponents))
        total = sum(game.hands[q].bit_count() for q in opponents)
        shares, weights = [], []
        for _ in range(150):
            world = sample_world(view, rng)
            shares.append(sum((world.hands[q] & game.hands[q]).bit_count() for q in opponents) / total)
            weights.append(rule_play_fit(turns, _start(game, seat, list(world.hands))))
        plain.append(sum(shares) / len(shares))
        weighed.append(sum(s * w for s, w in zip(shares, weights, strict=True)) / sum(weights))
    assert len(plain) >= 18
    assert sum(weighed) / len(weighed) > sum(plain) / len(plain) + 0.04


@pytest.mark.parametrize(("seed", "options"), [(1, None), (2, None), (3, SpadesOptions(double_nil=False, jokers=True)),
                                               (4, SpadesOptions(double_nil=False, jokers=True))])
def test_hard_reading_by_the_rules_does_not_peek(seed: int, options: SpadesOptions | None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The table shows the opponents at Normal: Hard with ``rule_play`` weighs its worlds by their play
    under Normal's rules (with the jokers too), and chooses alike on two deals alike in all it can see."""
    first, second, _ = _two_deals(seed, options, 4)
    seat = cast("int", first.to_act)
    view_a, view_b = first.view(seat), second.view(seat)
    assert view_a == view_b and (view_a.tricks or view_a.trick)
    read = _seats_read(monkeypatch)
    table = tuple("hard" if q % 2 == seat % 2 else "normal" for q in range(4))
    players = [HardPlayer(seed=9, samples=16) for _ in range(2)]
    for player in players:
        player.table = table
        player.rule_play = True
    assert players[0].choose(view_a) == players[1].choose(view_b)
    opponents = frozenset(q for q in range(4) if q % 2 != seat % 2)
    assert len(read) >= 32 and set(read) == {opponents}


def test_hard_reads_pitch_s_normal_seats_by_their_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pitch, each for himself, two seats shown at Normal: their turns (and only theirs) weigh the worlds."""
    game = normal_hand_stopped("pitch", PitchOptions(), 4, (6, 10))
    assert game is not None
    seat = cast("int", game.to_act)
    read = _seats_read(monkeypatch)
    player = HardPlayer(seed=3, samples=12)
    player.rule_play = True
    normal = [q for q in range(4) if q != seat][:2]
    player.table = tuple("normal" if q in normal else "hard" for q in range(4))
    assert player.choose(game.view(seat)) in game.legal_actions()
    assert read and set(read) == {frozenset(normal)}


def test_the_reader_gives_the_fit_of_every_turn_and_reads_a_seat_s_hand_once() -> None:
    """``RuleReader.fit`` equals ``rule_play_fit`` of all the seats' turns, world after world, and reads a
    seat's turns once for each hand the worlds give it."""
    calls = 0
    for seed in range(12):
        game = normal_hand_stopped("spades", SpadesOptions(), seed, (20, 45))
        if game is None:
            continue
        seat = cast("int", game.to_act)
        view = game.view(seat)
        others = 0b1111 & ~(1 << seat)
        reader, turns = RuleReader(view, others), past_turns(view, others)
        rng = random.Random(seed)
        worlds = [_start(game, seat, list(sample_world(view, rng).hands)) for _ in range(30)]
        for start in worlds + worlds[:5]:
            assert reader.fit(start) == pytest.approx(rule_play_fit(turns, start), rel=1e-12)
        hands = {(q, start[q]) for start in worlds for q, _ in reader.by_seat}
        assert reader.hands_read == len(hands)
        calls += 1
    assert calls >= 8


def test_hard_reads_the_spades_for_two_opponent_by_her_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spades for two, the opponent shown at Normal: her turns weigh Hard's worlds (and its own do not)."""
    game = normal_hand_stopped("spades-two", SpadesOptions(), 3, (12, 16), 2)
    assert game is not None
    seat = cast("int", game.to_act)
    read = _seats_read(monkeypatch)
    player = HardPlayer(seed=3, samples=12)
    player.rule_play = True
    player.table = tuple("normal" if q != seat else "hard" for q in range(2))
    assert player.choose(game.view(seat)) in game.legal_actions()
    assert read and set(read) == {frozenset({1 - seat})}
