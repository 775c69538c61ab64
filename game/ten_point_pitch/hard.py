"""Ten-point Pitch's Hard level: simulation over worlds that fit the view (``game.ten_point_pitch.worlds``).

For the bid, the trump suit and each card it plays, Hard samples worlds (the unseen cards dealt as the
view allows: cards put down face down unseen, burned trumps seen, the stock's order unknown) and plays
each candidate on in every world to the end of the hand, every seat (itself included, afterwards)
playing as the Normal level does from its own view of the world. A candidate's value is the hand's
points of this seat's side less the others' (their mean with more than one other side). The same
worlds judge every candidate; the Normal level's own choice gets ``PRIOR_BONUS`` so the search leaves
it only when the worlds say so.

- Bidding: in each world, for each suit, this seat pitches at the lowest bid it may make and names
  that suit; a bid ``b`` is worth, in the world, the points won when they reach ``b`` and ``-b`` when
  they do not (with the suit best on average), and passing is the world played on with this seat's
  pass. The best of those is bid.
- Naming trump: each suit played on in every world.
- The draw: as the Normal level (its choices follow from trump).
- Play: each legal trump.

It reads the view alone: every world is built from it, never from the game.
"""

from __future__ import annotations

import random
import time

from game.actions import PASS, Action, Bid, NameTrump, Play
from game.ai.tuning import TEN_POINT_PITCH_BID_PRIOR
from game.ai.valued import ValuedActions
from game.state import Phase, SeatView, TrickGame
from game.ten_point_pitch.players import normal_choose, outstanding
from game.ten_point_pitch.rules import trump_order
from game.ten_point_pitch.worlds import sample_world

MIN_WORLDS = 6
MAX_WORLDS = 400
PRIOR_BONUS = 0.15
BID_PRIOR_BONUS = TEN_POINT_PITCH_BID_PRIOR  # the worlds' auctions are kind (game/ai/tuning.py)
PLAIN_LOW, PLAIN_HIGH = 2, 7  # the rank indexes of the 4 and the 9: trumps that carry no point
BID_REACH = 1  # bids searched: the Normal level's, and this many either side of it (and pass)


def _side_of(view: SeatView, seat: int) -> int:
    return next(i for i, team in enumerate(view.teams) if seat in team)


def _margin(view: SeatView, game: TrickGame) -> float:
    """This seat's side's points of the finished hand less the others' (their mean)."""
    points = game.results[-1].points
    mine = _side_of(view, view.seat)
    others = [row["total"] for side, row in enumerate(points) if side != mine]
    return float(points[mine]["total"]) - (sum(others) / len(others) if others else 0.0)


def _won(view: SeatView, game: TrickGame) -> tuple[int, float]:
    """This seat's side's points won (before any set back), and the others' mean total."""
    points = game.results[-1].points
    mine = _side_of(view, view.seat)
    others = [row["total"] for side, row in enumerate(points) if side != mine]
    return points[mine]["won"], (sum(others) / len(others) if others else 0.0)


def play_out(game: TrickGame, rng: random.Random) -> TrickGame:
    """Every seat plays as the Normal level from its own view of the world, to the end of the hand."""
    guard = 0
    while game.phase is not Phase.HAND_OVER and guard < 400:
        seat = game.to_act
        assert seat is not None
        game.apply(normal_choose(game.view(seat), rng))
        guard += 1
    return game


class _Clock:
    def __init__(self, think_ms: int, samples: int | None) -> None:
        self.deadline = time.perf_counter() + think_ms / 1000.0
        self.samples = samples

    def more(self, worlds: int) -> bool:
        if self.samples is not None:
            return worlds < self.samples
        return worlds < MIN_WORLDS or (worlds < MAX_WORLDS and time.perf_counter() < self.deadline)


def _world_values(view: SeatView, rng: random.Random, actions: list[Action], clock: _Clock) -> list[list[float]]:
    """Each action's margin in the same worlds, one list per action."""
    values: list[list[float]] = [[] for _ in actions]
    worlds = 0
    while clock.more(worlds):
        world = sample_world(view, rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(actions):
            game = world.clone()
            game.apply(action)
            play_out(game, random.Random(seed))
            values[i].append(_margin(view, game))
        worlds += 1
    return values


def _best(valued: ValuedActions) -> Action:
    """The action with the best mean value, the prior's bonus added (ties: the first)."""
    worlds = valued.worlds
    best = max(range(len(valued.actions)),
               key=lambda i: (sum(valued.values[i]) / worlds + (valued.prior_bonus if i == valued.prior else 0.0), -i))
    return valued.actions[best]


def _bid_values(view: SeatView, rng: random.Random, clock: _Clock, extra: tuple[Action, ...] = ()) -> ValuedActions:
    """The bids near the Normal level's and passing, each valued in the same worlds: a bid ``b`` is
    worth the points won when they reach ``b`` and ``-b`` when not, with the suit best on average."""
    numbers = sorted(a.value for a in view.legal if isinstance(a, Bid) and isinstance(a.value, int))
    passing = Bid(view.seat, PASS) in view.legal
    prior = normal_choose(view, rng)
    lowest = Bid(view.seat, numbers[0])
    won: list[list[int]] = [[] for _ in range(4)]
    against: list[list[float]] = [[] for _ in range(4)]
    passed: list[float] = []
    worlds = 0
    while clock.more(worlds):
        world = sample_world(view, rng)
        seed = rng.getrandbits(32)
        for suit in range(4):
            game = world.clone()
            game.apply(lowest)
            while game.phase is Phase.BIDDING:  # the seats after this one pass where they may
                seat = game.to_act
                assert seat is not None
                game.apply(Bid(seat, PASS) if Bid(seat, PASS) in game.legal_actions() else game.legal_actions()[0])
            if game.phase is Phase.NAMING_TRUMP and game.to_act == view.seat:
                game.apply(NameTrump(view.seat, suit))
            play_out(game, random.Random(seed))
            points, others = _won(view, game)
            won[suit].append(points)
            against[suit].append(others)
        if passing:
            game = world.clone()
            game.apply(Bid(view.seat, PASS))
            play_out(game, random.Random(seed))
            passed.append(_margin(view, game))
        worlds += 1
    suit = max(range(4), key=lambda s: sum(won[s]))
    anchor = prior.value if isinstance(prior, Bid) and isinstance(prior.value, int) else numbers[0] - 1
    bids = [Bid(view.seat, bid) for bid in numbers if abs(bid - anchor) <= BID_REACH or Bid(view.seat, bid) == prior]
    if passing:
        bids.append(Bid(view.seat, PASS))
    bids += [a for a in extra if isinstance(a, Bid) and a not in bids]
    values: list[tuple[float, ...]] = []
    for action in bids:
        if action.value == PASS:
            values.append(tuple(passed))
        else:
            bid = int(action.value)
            values.append(tuple((p if p >= bid else -bid) - o for p, o in zip(won[suit], against[suit], strict=True)))
    index = bids.index(prior) if prior in bids else -1
    return ValuedActions(tuple(bids), tuple(values), index, BID_PRIOR_BONUS)


def _candidates(view: SeatView, rng: random.Random) -> tuple[list[Action], Action]:
    """The actions the search compares after the bidding, and the Normal level's choice among them."""
    prior = normal_choose(view, rng)
    if view.phase is Phase.NAMING_TRUMP:
        return [a for a in view.legal if isinstance(a, NameTrump)], prior
    if view.phase is Phase.DISCARDING:
        return [prior], prior  # the draw: as the Normal level (its choices follow from trump)
    kept = card_candidates(view, [a for a in view.legal if isinstance(a, Play)])
    if prior not in kept:
        kept.append(prior)
    return kept, prior


def candidate_values(view: SeatView, rng: random.Random, worlds: int, extra: tuple[Action, ...] = ()
                     ) -> ValuedActions:
    """The Hard level's candidates for this view (and ``extra`` actions), each valued in the same
    ``worlds`` worlds: what the Hint explains and the review compares a choice with. Its view alone.
    The draw, which Hard plays by the Normal level's rule and no world judges, values every card at 0."""
    clock = _Clock(0, max(1, worlds))
    if view.phase is Phase.BIDDING:
        if any(isinstance(a, Bid) and isinstance(a.value, int) for a in view.legal):
            return _bid_values(view, rng, clock, extra)
        prior = normal_choose(view, rng)
        actions = [prior]
    else:
        actions, prior = _candidates(view, rng)
    actions += [a for a in extra if a not in actions]
    if view.phase is Phase.DISCARDING:  # no worlds are drawn in the draw: every card is worth the same
        nothing = tuple(0.0 for _ in range(max(1, worlds)))
        return ValuedActions(tuple(actions), tuple(nothing for _ in actions), 0, PRIOR_BONUS)
    values = _world_values(view, rng, actions, clock)
    return ValuedActions(tuple(actions), tuple(map(tuple, values)), actions.index(prior), PRIOR_BONUS)


def hard_choose(view: SeatView, rng: random.Random, think_ms: int = 500, samples: int | None = None) -> Action:
    """The Hard level's action for this view (one of ``view.legal``): ``think_ms`` of search (or exactly
    ``samples`` worlds)."""
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if len(legal) == 1 or view.phase is Phase.DISCARDING:
        return normal_choose(view, rng)
    clock = _Clock(think_ms, samples)
    if view.phase is Phase.BIDDING:
        if not any(isinstance(a, Bid) and isinstance(a.value, int) for a in legal):
            return normal_choose(view, rng)
        return _best(_bid_values(view, rng, clock))
    actions, prior = _candidates(view, rng)
    if len(actions) == 1:
        return actions[0]
    values = _world_values(view, rng, actions, clock)
    return _best(ValuedActions(tuple(actions), tuple(map(tuple, values)), actions.index(prior), PRIOR_BONUS))


def card_candidates(view: SeatView, plays: list[Action]) -> list[Action]:
    """The cards worth searching: of this seat's trumps without points (the 4 to the 9 of trump) that
    touch (no trump another player holds ranks between them), only the lowest; every other card."""
    assert view.trump is not None
    trump = view.trump
    others = outstanding(view)
    order = trump_order(trump)
    kept: list[Action] = []
    last_plain: int | None = None  # the place in the order of the last pointless card kept
    for place, card in enumerate(order):
        action = next((a for a in plays if isinstance(a, Play) and a.card == card), None)
        if action is None:
            if others >> card & 1:
                last_plain = None  # a card between: what follows no longer touches
            continue
        if PLAIN_LOW <= card.rank <= PLAIN_HIGH and card.suit == trump:
            if last_plain is not None:
                kept[-1] = action  # the lower of two touching cards stands for both
            else:
                kept.append(action)
            last_plain = place
        else:
            kept.append(action)
            last_plain = None
    return kept
