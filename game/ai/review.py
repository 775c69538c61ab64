"""The review of a hand (a play checker): which of a person's decisions cost expected points.

``review_hand(game, hand, seats, worlds, seed)`` replays ``game``'s own history and, at every
decision of one of ``seats`` in hand number ``hand`` with more than one legal action, takes that
seat's ``SeatView`` *at that moment* (what it had seen then, nothing more: no card of another hand,
even though the hand is over), runs the ``hard`` level's search over at most ``worlds`` worlds sampled
from that view with the choice made valued in each of them beside its candidates
(``game.ai.coach.evaluate``: the Hint's search; common random numbers, so the comparison is paired),
and marks the choice when the recommended action (``coach.recommended``) beats it by at least
``MARK_POINTS`` on average and by more than ``MARK_Z`` standard error of the paired difference
(contract swings make single worlds noisy: at 96 worlds a lost trick of a tight contract costs about
10 points with a standard error of about 6), and a second look over as many other worlds
(``second_look``: the two actions alone, in every one) finds it costs ``MARK_POINTS`` too; the mark's
cost is the mean of the two looks. Contract swings make the standard error a poor guide: one look alone
marked about one in eight of the hard level's own choices in four-player Spades, half of them gone at
400 other worlds (docs/ai-notes.md, stop 43).

A decision's seed is derived from ``seed`` and its position in the history, so a review is the
same whenever it is run again. Given the reviewed seats' Hint seeds (``hints``) and the Hint's budget
(``hint_worlds``), the first look at a decision is the Hint's own (``coach.hint_seed``: the same worlds,
the same values), so a choice the Hint recommended is never marked; the second look stays the review's.
``table`` (each seat's level, None for a person's; ``table_of_record``) is what the hard level models
the seats by, as the Hint does.

The review travels with the game's record as an extra, optional field ``"reviews"`` (see
docs/review.md; read and written by ``game.reviews``): readers that do not know it ignore it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.actions import DOUBLE_NIL, NIL, Action, Bid, Look, Play
from game.ai.coach import (
    action_label,
    card_label,
    evaluate,
    hard_at_table,
    hint_seed,
    look_seed,
    recommended,
    standard_error,
)
from game.games import GAMES
from game.record import replay
from game.replay import replay_steps
from game.state import Phase, SeatView, TrickGame

REVIEW_WORLDS = 96  # a review's budget per decision (the Hint's is 48): it runs after the hand, in the background
MARK_POINTS = 3.0  # a choice is marked when it costs at least this much on average
MARK_Z = 1.0  # and the worlds lean that way: the loss is more than one standard error of the paired difference


@dataclass(frozen=True)
class Mark:
    """One decision that cost expected points."""

    k: int  # actions applied before it: the replay viewer's position of the decision
    hand: int
    trick: int  # 1-based trick of the hand (0 before the play)
    seat: int
    chosen: Action
    better: Action
    cost: float  # expected points lost against ``better``
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"k": self.k, "hand": self.hand, "trick": self.trick, "seat": self.seat, "cost": round(self.cost, 1),
                "chosen": action_label(self.chosen), "better": action_label(self.better), "text": self.text}


@dataclass(frozen=True)
class HandReview:
    """The review of one hand for the seats reviewed."""

    hand: int
    seats: tuple[int, ...]
    decisions: int  # decisions looked at (more than one legal action)
    marks: tuple[Mark, ...]
    worlds: int

    @property
    def cost(self) -> float:
        return sum(m.cost for m in self.marks)

    def summary(self, names: Sequence[str] | None = None) -> str:
        """The hand summary's line: "2 decisions to look at, about 18 points"; a review of several people's seats,
        given the seats' ``names``, says it for each of them: "To look at: Ann 1 (about 9 points) · Bob none"."""
        if names is not None and len(self.seats) > 1:
            parts = []
            for seat in self.seats:
                mine = [m for m in self.marks if m.seat == seat]
                who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
                parts.append(f"{who} {len(mine)} (about {round(sum(m.cost for m in mine))} points)"
                             if mine else f"{who} none")
            return "To look at: " + " \u00b7 ".join(parts)
        if not self.marks:
            if not self.decisions:
                return "Review: nothing to decide"
            return f"Review: all {self.decisions} decisions as good as Hard's"
        count = len(self.marks)
        return f"{count} decision{'s' if count != 1 else ''} to look at, about {round(self.cost)} points"

    def first_k(self) -> int | None:
        return self.marks[0].k if self.marks else None

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "seats": list(self.seats), "decisions": self.decisions, "worlds": self.worlds,
                "cost": round(self.cost, 1), "marks": [m.to_json() for m in self.marks]}


def decision_seed(seed: int | None, k: int, look: str = "review") -> int:
    """The seed of the review of the decision after ``k`` actions (``look``: "again" for its second look)."""
    return look_seed(look, seed, k)


def _trick_number(view: SeatView) -> int:
    if view.phase is not Phase.PLAYING:
        return 0
    return len(view.tricks) + 1


def _partner(view: SeatView) -> int | None:
    return next((q for t in view.teams if view.seat in t for q in t if q != view.seat), None)


def _lower_first(words: str) -> str:
    """ "Look at your cards" -> "look at your cards" (inside a sentence)."""
    return words[:1].lower() + words[1:]


def describe(view: SeatView, chosen: Action, better: Action, cost: float) -> str:
    """ "Trick 7: you played K♥ on your partner's A♥; 7♥ loses 9 points less on average"."""
    cost_text = f"{round(cost)} point{'s' if round(cost) != 1 else ''}"
    if isinstance(chosen, Play) and view.phase is Phase.PLAYING:
        where = f"Trick {_trick_number(view)}: you "
        if not view.trick:
            did = f"led {card_label(chosen.card)}"
        else:
            winner = GAMES[view.kind].trick_winner(view.options, view.trick, view.trump)
            card = next(c for q, c in view.trick if q == winner)
            whose = "your partner's" if winner == _partner(view) else "the"
            did = f"played {card_label(chosen.card)} on {whose} {card_label(card)}"
        other = card_label(better.card) if isinstance(better, Play) else action_label(better)
        return f"{where}{did}; {other} loses {cost_text} less on average"
    if isinstance(chosen, Bid):
        hard = action_label(better).lower() if isinstance(better, Bid) else _lower_first(action_label(better))
        if isinstance(better, Bid) and better.value == NIL:
            hard = "bid Nil"
        return f"Bidding: you chose {action_label(chosen).lower()}; Hard would {hard}, {cost_text} better on average"
    return f"You chose {action_label(chosen)}; {action_label(better)} is {cost_text} better on average"


def table_of_record(record: Any) -> tuple[str | None, ...]:
    """Each seat's level as a record's ``seats`` give it, None for a person's (or a seat without one)."""
    seats = record.get("seats") if isinstance(record, dict) else None
    return tuple(info.get("level") if isinstance(info, dict) and info.get("player") == "computer" else None
                 for info in seats or [])


def review_decision(view: SeatView, chosen: Action, worlds: int, seed: int,
                    table: tuple[str | None, ...] = ()) -> tuple[Action, float, float]:
    """The recommended action, the expected cost of ``chosen`` against it, and the standard error of that cost."""
    found = evaluate(view, worlds, seed, hard_at_table(seed, worlds, table), extra=(chosen,))
    tallies = found.tallies
    best = recommended(view, found)
    if chosen not in tallies or best == chosen:
        return best, 0.0, 0.0
    cost = tallies[best].mean - tallies[chosen].mean
    return best, cost, standard_error(tallies[best].values, tallies[chosen].values)


def second_look(view: SeatView, chosen: Action, better: Action, worlds: int, seed: int,
                table: tuple[str | None, ...] = ()) -> float:
    """The expected cost of ``chosen`` against ``better`` over ``worlds`` other worlds (``seed``), the two alone
    valued in every one: a mark's confirmation."""
    tallies = evaluate(view, worlds, seed, hard_at_table(seed, worlds, table), extra=(chosen, better),
                       search=False).tallies
    return tallies[better].mean - tallies[chosen].mean


def review_choice(view: SeatView, worlds: int, seed: int, table: tuple[str | None, ...] = ()) -> Action:
    """The reviewer's own choice at ``view`` (what a review at that budget and seed never marks)."""
    return recommended(view, evaluate(view, worlds, seed, hard_at_table(seed, worlds, table)))


def _view_at(state: TrickGame, seat: int, action: Action) -> SeatView:
    """The seat's view at its decision. A record keeps no looks (only the seats that bid Double Nil blind):
    a seat that bids anything else before it has looked in the replay had looked at its cards, so its bid
    is reviewed from the view with its cards."""
    view = state.view(seat)
    if isinstance(action, Bid) and action.value != DOUBLE_NIL and view.hand is None and Look(seat) in view.legal:
        looked = state.clone()
        looked.apply(Look(seat))
        view = looked.view(seat)
    return view


def review_hand(game: TrickGame, hand: int, seats: Sequence[int], worlds: int = REVIEW_WORLDS, seed: int | None = 0,
                progress: Callable[[int], None] | None = None, table: tuple[str | None, ...] = (),
                hints: Mapping[int, int | None] | None = None, hint_worlds: int = 0) -> HandReview:
    """Review the decisions of ``seats`` in hand number ``hand`` of ``game`` (see the module docstring); ``hints``:
    a reviewed seat's Hint seed, its first looks made as its Hint (``hint_worlds`` worlds) made them."""
    marks: list[Mark] = []
    decisions = 0
    k = 0
    for state, action in replay_steps(game):
        if state.hand_number == hand:
            seat = getattr(action, "seat", None)
            if isinstance(seat, int) and seat in seats and state.to_act == seat:
                view = _view_at(state, seat, action)
                if len(view.legal) > 1:
                    decisions += 1
                    if hints is not None and seat in hints and hint_worlds > 0:
                        first_seed, first_worlds = hint_seed(hints[seat], view), hint_worlds
                    else:
                        first_seed, first_worlds = decision_seed(seed, k), worlds
                    best, cost, error = review_decision(view, action, first_worlds, first_seed, table)
                    if cost >= MARK_POINTS and cost > MARK_Z * error:
                        again = second_look(view, action, best, worlds, decision_seed(seed, k, "again"), table)
                        if again >= MARK_POINTS:
                            cost = (cost + again) / 2.0
                            marks.append(Mark(k, hand, _trick_number(view), seat, action, best, cost,
                                              describe(view, action, best, cost)))
                    if progress is not None:
                        progress(decisions)
        elif state.hand_number > hand:
            break
        k += 1
    return HandReview(hand, tuple(seats), decisions, tuple(marks), worlds)


@dataclass(frozen=True)
class ReviewJob:
    """A review to run in the worker process: the game's record (``game.record.to_record``), the hand, the seats."""

    record: dict[str, Any]
    hand: int
    seats: tuple[int, ...]
    worlds: int = REVIEW_WORLDS
    seed: int | None = 0
    hints: tuple[tuple[int, int | None], ...] = ()  # (seat, its Hint's seed): first looks as the Hint's
    hint_worlds: int = 0  # the Hint's budget of worlds (``coach.worlds_for`` of the thinking time)

    @property
    def seat(self) -> int:
        """The seat the job is filed under (the first reviewed)."""
        return self.seats[0] if self.seats else 0


class ReviewerPlayer:
    """The reviewer in the worker process: ``choose(job)`` replays the job's record and reviews its hand."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, job: ReviewJob) -> HandReview:
        game = replay(job.record).game
        return review_hand(game, job.hand, job.seats, job.worlds, job.seed, table=table_of_record(job.record),
                           hints=dict(job.hints), hint_worlds=job.hint_worlds)
