"""Hand reviews in the background: after each hand, the worker process reviews the person's decisions.

``HandReviews`` sends a ``game.ai.review.ReviewJob`` (the game's record, the hand, the seats) to the
program's worker process (``ui.services.computer``: the level ``review``), exactly as a computer
seat's question goes, and polls for the ``HandReview`` without ever waiting; the drawing thread does
nothing but a queue put and non-blocking gets. Reviews are kept by hand number, and travel with the
save and the record (their optional ``"reviews"`` field, docs/review.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from game.ai.duplicate import DuplicateJob, DuplicateResult
from game.ai.review import REVIEW_WORLDS, HandReview, ReviewJob
from game.record import to_record
from game.state import SeatView, TrickGame
from ui.services.computer import (
    DUPLICATE_LEVEL,
    REVIEW_LEVEL,
    ComputerPlayers,
    ComputerWorker,
    PlayerSpec,
    player_for,
    player_seed,
)

REVIEW_BUDGET_MS = 120_000  # how long the worker may take before it counts as stuck (a review is a few seconds)


def table_reviews(config: Any, sync: bool = False, worker: ComputerWorker | None = None) -> HandReviews:
    """The reviews of a table of ``config`` (a ``ui.config.GameConfig``): its one person's seat after every hand;
    at a hot-seat table every person's own decisions, only when they ask at the end of the hand."""
    humans = [i for i, seat in enumerate(config.seats) if seat.human]
    reviews = HandReviews(humans, player_seed(config.seed, humans[0], "review") if humans else None, sync, worker)
    reviews.auto = len(humans) == 1
    return reviews


class HandReviews:
    """The reviews of one table (one person's seat; hot-seat tables review nobody unless asked)."""

    def __init__(self, seats: list[int], seed: int | None, sync: bool = False, worker: ComputerWorker | None = None,
                 worlds: int = REVIEW_WORLDS) -> None:
        self.seats = tuple(seats)
        self.seed = seed
        self.worlds = worlds
        anchor = self.seats[0] if self.seats else 0
        spec = PlayerSpec(REVIEW_LEVEL, seed, REVIEW_BUDGET_MS)
        self.players = ComputerPlayers({anchor: player_for(REVIEW_LEVEL, seed)}, sync=sync, specs={anchor: spec},
                                       worker=worker, think_ms=lambda: REVIEW_BUDGET_MS)
        self.done: dict[int, HandReview] = {}
        self.kept: dict[int, dict[str, Any]] = {}  # reviews read back from a save (Continue), as stored
        self.on_done: Callable[[HandReview], None] | None = None  # told of each review as it comes (statistics)
        self.auto = True  # reviewed after each hand; hot-seat: only when the players ask (the summary's button)
        self.asked: int | None = None

    def load(self, rows: list[dict[str, Any]]) -> None:
        """Keep the reviews a save's record holds (``game.ai.review.reviews_of``), so the next save keeps them."""
        self.kept.update({row["hand"]: row for row in rows})

    def request(self, game: TrickGame, hand: int) -> None:
        """Review hand number ``hand`` of ``game`` in the background (once per hand)."""
        if not self.seats or hand in self.done or self.asked == hand:
            return
        self.asked = hand
        job = ReviewJob(to_record(game), hand, self.seats, self.worlds, self.seed)
        self.players.ask(("review", hand), cast(SeatView, job))

    def update(self) -> None:
        """Take a finished review (never waits)."""
        if self.asked is None:
            return
        answer = self.players.result(("review", self.asked))
        if answer is not None:
            if isinstance(answer.action, HandReview):
                self.done[self.asked] = answer.action
                if self.on_done is not None:
                    self.on_done(answer.action)
            self.asked = None

    def pending(self, hand: int) -> bool:
        return self.asked == hand and hand not in self.done

    def of(self, hand: int) -> HandReview | None:
        self.update()
        return self.done.get(hand)

    def as_json(self) -> list[dict[str, Any]]:
        """Every review so far, as the record's ``"reviews"`` field holds them."""
        rows = {**self.kept, **{hand: review.to_json() for hand, review in self.done.items()}}
        return [rows[hand] for hand in sorted(rows)]

    def close(self) -> None:
        self.players.close()


class HandDuplicates:
    """\"Hard in my seat\" for one table: the hand played again in the worker process (``game.ai.duplicate``)."""

    def __init__(self, config: Any, sync: bool = False, worker: ComputerWorker | None = None,
                 think_ms: Callable[[], int] | None = None) -> None:
        humans = [i for i, seat in enumerate(config.seats) if seat.human]
        self.seat = humans[0] if len(humans) == 1 else None
        self.config = config
        self.think_ms = think_ms or (lambda: 500)
        anchor = self.seat or 0
        spec = PlayerSpec(DUPLICATE_LEVEL, None, REVIEW_BUDGET_MS)
        self.players = ComputerPlayers({anchor: player_for(DUPLICATE_LEVEL, None)}, sync=sync, specs={anchor: spec},
                                       worker=worker, think_ms=lambda: REVIEW_BUDGET_MS)
        self.done: dict[int, DuplicateResult] = {}
        self.asked: int | None = None

    def request(self, game: TrickGame, hand: int) -> None:
        """Play hand ``hand`` again with Hard in the person's seat (once per hand)."""
        seat = self.seat
        if seat is None or hand in self.done or self.asked == hand:
            return
        seed = self.config.seed
        players = tuple(("hard", player_seed(seed, q, "hard-in-my-seat")) if q == seat
                        else (self.config.seats[q].level, player_seed(seed, q)) for q in range(game.num_seats))
        warm = tuple(q for q in range(game.num_seats) if q != seat)
        job = DuplicateJob(to_record(game, self.config.seat_records()), hand, seat, players, warm, self.think_ms())
        self.asked = hand
        self.players.ask(("duplicate", hand), cast(SeatView, job))

    def of(self, hand: int) -> DuplicateResult | None:
        if self.asked is not None:
            answer = self.players.result(("duplicate", self.asked))
            if answer is not None:
                if isinstance(answer.action, DuplicateResult):
                    self.done[self.asked] = answer.action
                self.asked = None
        return self.done.get(hand)

    def pending(self, hand: int) -> bool:
        return self.asked == hand and hand not in self.done

    def close(self) -> None:
        self.players.close()
