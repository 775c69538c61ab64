"""Thousands of seeded random games, with the engine's invariants checked after every action."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from scripted import random_action, snapshot, visible_cards

from game.actions import DOUBLE_NIL, PASS, Action, Bid, Draw, Exchange, IllegalAction, Look, Play, Redraw
from game.cards import DECK, FULL_MASK, SUIT_NAMES, cards_of, mask_of
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.record import dumps, replay, to_record
from game.state import Phase, TrickGame

HAND_SIZE = {"spades": 13, "spades-two": 13, "pitch": 6}

# (kind, players, options, games, hand cap): about 2,000 games in all, a quarter of them checked in depth.
CONFIGS: list[tuple[str, int, Any, int, int | None]] = [
    ("spades", 4, SpadesOptions(), 400, 1),
    ("spades", 4, SpadesOptions(mercy=-200), 150, None),
    ("spades", 4, SpadesOptions(nil=False, double_nil=False, target=250), 100, 2),
    ("spades-two", 2, SpadesOptions(), 300, 1),
    ("spades-two", 2, SpadesOptions(mercy=-200), 100, None),
    ("spades-two", 2, SpadesOptions(double_nil=False), 100, 2),
    ("pitch", 2, PitchOptions(), 200, 3),
    ("pitch", 3, PitchOptions(dealer_steal=False), 200, 3),
    ("pitch", 4, PitchOptions(), 60, None),
    ("pitch", 4, PitchOptions(partnerships=True, low="player"), 60, None),
    ("pitch", 5, PitchOptions(target=11), 120, 3),
    ("pitch", 6, PitchOptions(), 120, 3),
    ("pitch", 7, PitchOptions(low="player"), 120, 3),
]
IDS = [f"{kind}-{players}-{index}" for index, (kind, players, *_rest) in enumerate(CONFIGS)]


@dataclass
class Tracker:
    """What a test knows about the hand in progress, from the actions it applied."""

    exchanges: int = 0
    redraws: int = 0
    actions: list[Action] = field(default_factory=list)

    def applied(self, game: TrickGame, action: Action, hand_before: int) -> None:
        if isinstance(action, Exchange):
            self.exchanges += 1
        if isinstance(action, Redraw):
            self.redraws += 1
        if game.hand_number != hand_before:
            self.exchanges = self.redraws = 0
        if not (game.kind == "spades" and isinstance(action, Look)):  # a 4-player Look is not recorded
            self.actions.append(action)


# ----------------------------------------------------------------- the invariants
def expected_to_act(game: TrickGame, tracker: Tracker) -> int | None:
    """The seat that must act, worked out from the rules and the hand so far."""
    if game.phase is Phase.GAME_OVER:
        return None
    n, log = game.num_seats, cast(Any, game.hand_logs[-1])
    left = (game.dealer + 1) % n
    if game.phase is Phase.PLAYING:
        if game.trick:
            return (game.trick[-1][0] + 1) % n
        if game.trick_log:
            return game.trick_log[-1][2]
        return game.pitcher if game.kind == "pitch" else left
    if game.phase is Phase.DRAWING:
        return (game.dealer + len(log.draws)) % 2
    if game.phase is Phase.REDRAW:
        return [s for s in (game.dealer, left) if s in log.blind][tracker.redraws]
    if game.phase is Phase.EXCHANGE:
        order = [s for seat, bid in log.bids if bid == DOUBLE_NIL and game.bids[game.partner(seat)] != DOUBLE_NIL
                 for s in (seat, game.partner(seat))]
        return order[tracker.exchanges]
    if game.kind == "spades-two":
        return left if game.bids[left] is None else game.dealer
    return (game.dealer + 1 + len(log.bids)) % n


def check_cards(game: TrickGame) -> None:
    """All 52 cards are in exactly one place: a hand, played, the discards or stock, or undealt."""
    parts = list(game.hands) + [game.played]
    if game.kind == "spades-two":
        parts += [game.discards, mask_of(game.stock[game.stock_pos:])]
    if game.kind == "pitch":
        parts.append(FULL_MASK & ~game.in_play)
        assert game.in_play.bit_count() == 6 * game.num_seats
    assert sum(part.bit_count() for part in parts) == 52
    union = 0
    for part in parts:
        union |= part
    assert union == FULL_MASK
    tricks = [c for _, plays, _ in game.trick_log for _, c in plays] + [c for _, c in game.trick]
    assert mask_of(tricks) == game.played and len(tricks) == game.played.bit_count()
    if game.phase is Phase.PLAYING:
        done = len(game.trick_log)
        played_now = {seat for seat, _ in game.trick}
        assert [h.bit_count() for h in game.hands] == [
            HAND_SIZE[game.kind] - done - (seat in played_now) for seat in range(game.num_seats)]


def check_scores(game: TrickGame) -> None:
    """Scores are the sums of the hands' totals; bags stay 0..9."""
    totals = [sum(result.points[side]["total"] for result in game.results) for side in range(len(game.teams))]
    assert game.scores == totals
    if game.results:
        assert game.results[-1].scores == game.scores and game.results[-1].bags == game.bags
    if game.kind != "pitch":
        assert all(0 <= bags <= 9 for bags in game.bags)
    else:
        assert game.bags == [0] * len(game.teams)


def check_hand_result(game: TrickGame, result: Any, log: Any) -> None:
    """A finished hand's breakdown adds up, and each Pitch point goes to one side at most."""
    for side, row in enumerate(result.points):
        if game.kind == "pitch":
            assert row["total"] == (-result.bid if row["set_back"] else row["won"])
            assert row["won"] == row["high"] + row["low"] + row["jack"] + row["game"]
            assert row["set_back"] == (side == game.side_of(result.pitcher) and row["won"] < result.bid)
        else:
            assert row["total"] == row["contract"] + row["bags"] + row["nil"] + row["bag_penalty"]
            assert row["bag_penalty"] in (0, -100, -200)
    if game.kind == "pitch":
        trump_jack = 9 * 4 + log.trump
        in_play = mask_of(c for hand in log.deal for c in hand)
        assert [sum(r[key] for r in result.points) for key in ("high", "low", "jack")] == [
            1, 1, in_play >> trump_jack & 1]
        assert sum(r["game"] for r in result.points) <= 1
        assert sum(len(plays) for _, plays, _ in log.tricks) == in_play.bit_count()


def check_legal(game: TrickGame, legal: list[Action], rng: random.Random) -> None:
    """Every listed action is accepted; some others are refused."""
    if game.phase is Phase.GAME_OVER:
        assert legal == [] and game.why_illegal(Look(0)) == "The game is over."
        return
    seat = game.to_act
    assert legal and all(action.seat == seat for action in legal)
    for action in legal if len(legal) <= 20 else rng.sample(legal, 20):
        assert game.why_illegal(action) is None, action
    if game.kind == "spades":  # the seat to bid that has not looked may look first, and only then
        looks = [i for i, action in enumerate(legal) if isinstance(action, Look)]
        assert looks == ([0] if game.phase is Phase.BIDDING and not game.looked[seat] else [])
    other = (seat + 1) % game.num_seats
    assert game.why_illegal(Bid(other, PASS)).startswith(f"It is not seat {other}'s turn")
    for action in candidate_actions(game, seat):  # accepted exactly when listed, whatever the phase
        listed = any(type(a) is type(action) and _same(a, action) for a in legal)
        assert (game.why_illegal(action) is None) == listed, (game.phase, action, game.why_illegal(action))
    if game.phase is Phase.PLAYING:
        held = set(cards_of(game.hands[seat]))
        allowed = {action.card for action in legal}
        assert allowed <= held
        for card in held - allowed:
            assert game.why_illegal(Play(seat, card)) == expected_refusal(game)
        stranger = rng.choice([c for c in DECK if c not in held])
        assert game.why_illegal(Play(seat, stranger)) == f"You do not hold the {stranger.name()}."
    elif game.phase is Phase.BIDDING:
        values = {getattr(action, "value", None) for action in legal}
        for value in (0, 5, 14, PASS, DOUBLE_NIL, "nil", True):
            if value not in values or value is True:
                assert game.why_illegal(Bid(seat, value)) is not None


def candidate_actions(game: TrickGame, seat: int) -> list[Action]:
    """Actions of every kind the seat to act might try now."""
    held = cards_of(game.hands[seat])
    actions: list[Action] = [Bid(seat, value) for value in (PASS, "nil", DOUBLE_NIL, *range(0, 15))]
    actions += [Draw(seat, True), Draw(seat, False), Redraw(seat, ()), Redraw(seat, tuple(held[:2]))]
    actions += [Play(seat, card) for card in held] + [Exchange(seat, tuple(held[-3:]))]
    actions.append(Look(seat))  # four-player Spades: listed while the seat to bid has not looked
    return actions


def _same(listed: Action, tried: Action) -> bool:
    if isinstance(listed, (Exchange, Redraw)):
        return listed.seat == tried.seat and set(listed.cards) == set(tried.cards)  # type: ignore[union-attr]
    return listed == tried


def expected_refusal(game: TrickGame) -> str:
    """Why a held card that is not legal may not be played now."""
    if not game.trick:
        return "Spades are not broken yet: lead another suit."
    led = SUIT_NAMES[game.led_suit]
    if game.kind != "pitch":
        return f"You must follow suit ({led})."
    if game.led_suit == game.trump:
        return f"Trump was led: you must play a trump ({led})."
    return f"You must follow suit ({led}) or play a trump ({SUIT_NAMES[game.trump]})."


def check_views(game: TrickGame, legal: list[Action], results_changed: bool) -> None:
    """Each seat sees its own cards (once looked), public cards, and nothing else."""
    public = set(cards_of(game.played))
    for seat in range(game.num_seats):
        view = game.view(seat)
        if results_changed:  # the hand results only change when a hand ends: no card in them, ever
            assert not visible_cards(view.results)
        own = set(cards_of(game.hands[seat]))
        assert view.to_act == game.to_act and view.phase is game.phase and view.scores == tuple(game.scores)
        if game.looked[seat]:
            assert view.hand is not None and set(view.hand) == own and len(view.hand) == len(own)
        else:
            assert view.hand is None
        drawn = {view.drawn_card} if view.drawn_card is not None else set()
        assert not drawn or (seat == game.to_act and game.phase is Phase.DRAWING)
        seen = set(view.discarded + view.exchange_given + view.redraw_thrown)  # cards this seat saw go
        leaked = visible_cards(view, skip=("results",)) - own - public - drawn - seen
        assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
        assert view.legal == (tuple(legal) if seat == game.to_act else ())
        assert view.hand_sizes == tuple(h.bit_count() for h in game.hands)


def try_illegal(game: TrickGame, rng: random.Random) -> None:
    """A random action the rules refuse changes nothing and says why."""
    seat = rng.randrange(game.num_seats)
    cards = tuple(rng.sample(DECK, rng.randrange(0, 5)))
    action = rng.choice([Play(seat, rng.choice(DECK)), Bid(seat, rng.choice([0, 1, 4, 7, 14, PASS, DOUBLE_NIL])),
                         Look(seat), Draw(seat, rng.random() < 0.5), Exchange(seat, cards), Redraw(seat, cards)])
    reason = game.why_illegal(action)
    if reason is None:
        return
    assert isinstance(reason, str) and reason
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert str(refused.value) == reason
    assert snapshot(game) == before


def run_game(kind: str, players: int, options: Any, seed: int, hands: int | None, deep: bool = True
             ) -> tuple[TrickGame, Tracker]:
    """Play one random game, checking every invariant after every action."""
    game = new_game(kind, options, players, seed)
    rng = random.Random(seed * 7919 + players)
    tracker = Tracker()
    while game.phase is not Phase.GAME_OVER and (hands is None or len(game.results) < hands):
        if kind == "spades" and game.phase is Phase.BIDDING and rng.random() < 0.05:
            seat = rng.randrange(4)
            if game.why_illegal(Look(seat)) is None:
                game.apply(Look(seat))  # any seat may look at any time (a Double Nil bidder after the bidding)
                tracker.applied(game, Look(seat), game.hand_number)
        hand_before, scored_before, to_act_before = game.hand_number, len(game.results), game.to_act
        action = random_action(game, rng)
        game.apply(action)
        tracker.applied(game, action, hand_before)
        assert game.to_act == expected_to_act(game, tracker)
        if kind == "spades" and isinstance(action, Look):  # listed at the seat's bid; the bid stays its own
            assert game.phase is Phase.BIDDING and game.to_act == to_act_before == action.seat
            assert Look(action.seat) not in game.legal_actions()
        check_cards(game)
        check_scores(game)
        if len(game.results) != scored_before:
            check_hand_result(game, game.results[-1], game.hand_logs[len(game.results) - 1])
        if deep:
            legal = game.legal_actions()
            check_legal(game, legal, rng)
            check_views(game, legal, game.hand_number != hand_before or game.winner is not None)
            if rng.random() < 0.03:
                try_illegal(game, rng)
    return game, tracker


@pytest.mark.parametrize(("kind", "players", "options", "games", "hands"), CONFIGS, ids=IDS)
def test_random_games_keep_every_invariant(kind: str, players: int, options: Any, games: int,
                                           hands: int | None) -> None:
    finished = 0
    for seed in range(games):
        game, tracker = run_game(kind, players, options, seed, hands, deep=seed % 4 == 0)
        finished += game.winner is not None
        text = dumps(to_record(game))
        again = replay(json.loads(text))  # every record written reads back to the same game
        assert again.actions == len(tracker.actions)
        assert (again.game.scores, again.game.winner) == (game.scores, game.winner)
        assert dumps(to_record(again.game)) == text
        if hands is None:
            assert game.winner is not None
    if hands is None:
        assert finished == games


# ----------------------------------------------------------------- determinism and replay
DETERMINISM = [("spades", 4, SpadesOptions(mercy=-200)), ("spades-two", 2, SpadesOptions(mercy=-200)),
               ("pitch", 3, PitchOptions()), ("pitch", 4, PitchOptions(partnerships=True))]


def _play(kind: str, players: int, options: Any, seed: int, noise: bool) -> str:
    game = new_game(kind, options, players, seed)
    rng = random.Random(seed)
    while game.phase is not Phase.GAME_OVER:
        if noise:  # other code using the module-level generator in between
            random.seed(len(game.played.__str__()) + game.hand_number)
            random.shuffle(list(range(52)))
            random.random()
        game.apply(random_action(game, rng))
    return dumps(to_record(game))


@pytest.mark.parametrize(("kind", "players", "options"), DETERMINISM, ids=[d[0] + str(d[1]) for d in DETERMINISM])
def test_same_seed_and_decisions_give_the_same_record_byte_for_byte(kind: str, players: int, options: Any) -> None:
    for seed in range(5):
        first = _play(kind, players, options, seed, noise=False)
        assert _play(kind, players, options, seed, noise=True) == first
        assert _play(kind, players, options, seed + 100, noise=False) != first


def _state(game: TrickGame) -> tuple[Any, ...]:
    return dumps(to_record(game)), [game.view(seat) for seat in range(game.num_seats)], game.phase, game.to_act


@pytest.mark.parametrize(("kind", "players", "options"), DETERMINISM, ids=[d[0] + str(d[1]) for d in DETERMINISM])
def test_replay_with_a_limit_gives_the_state_after_that_many_actions(kind: str, players: int, options: Any) -> None:
    for seed in range(4):
        game, tracker = run_game(kind, players, options, seed, hands=3, deep=False)
        record = to_record(game)
        full = replay(record)
        assert full.finished and full.actions == len(tracker.actions)
        assert full.game.scores == game.scores and full.game.winner == game.winner
        rng = random.Random(seed)
        for limit in sorted({0, 1, len(tracker.actions)} | {rng.randrange(len(tracker.actions)) for _ in range(6)}):
            partial = replay(record, limit=limit)
            fresh = new_game(kind, options, players, seed)
            for action in tracker.actions[:limit]:
                fresh.apply(action)
            assert partial.actions == limit
            assert _state(partial.game) == _state(fresh)


def test_every_unfinished_record_reads_back_to_the_same_state() -> None:
    for seed in range(80):
        kind, players, options = DETERMINISM[seed % len(DETERMINISM)]
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 250)):
            if game.phase is Phase.GAME_OVER:
                break
            looker = rng.randrange(players)
            if kind == "spades" and rng.random() < 0.1 and game.why_illegal(Look(looker)) is None:
                game.apply(Look(looker))
            game.apply(random_action(game, rng))
        again = replay(to_record(game)).game
        assert _state(again) == _state(game)
        assert (again.bags, again.looked, again.hands) == (game.bags, game.looked, game.hands)


NONSENSE: list[Any] = [None, "x", 1.5, -1, 99, [], ("AS", "KS", "QS"), (None, None, None), (DECK[0], DECK[1], 99),
                       (DECK[0], 1.5, DECK[2]), "ASK", {"a": 1}, (DECK[0],) * 3]


@pytest.mark.parametrize(("kind", "players", "options"), DETERMINISM, ids=[d[0] + str(d[1]) for d in DETERMINISM])
def test_actions_carrying_nonsense_are_refused_with_a_reason(kind: str, players: int, options: Any) -> None:
    for seed in range(25):
        game = new_game(kind, options, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 150)):
            if game.phase is Phase.GAME_OVER:
                break
            game.apply(random_action(game, rng))
        seat = game.to_act if game.to_act is not None else 0
        for junk in NONSENSE:
            for action in (Bid(seat, junk), Play(seat, junk), Draw(seat, junk), Exchange(seat, junk),
                           Redraw(seat, junk), Bid(junk, 3), Play(junk, DECK[0])):
                reason = game.why_illegal(action)  # type: ignore[arg-type]
                assert isinstance(reason, str) and reason, action
