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

from game.ai import LEVELS
from game.ai.coach import worlds_for
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
    ThinkTime,
    fallback_level,
    hint_level,
    player_for,
    player_seed,
)

REVIEW_BUDGET_MS = 120_000  # how long the worker may take before it counts as stuck (a review is a few seconds)


def table_reviews(config: Any, sync: bool = False, worker: ComputerWorker | None = None,
                  think_ms: ThinkTime | None = None) -> HandReviews:
    """The reviews of a table of ``config`` (a ``ui.config.GameConfig``): its one person's seat after every hand;
    at a hot-seat table every person's own decisions, only when they ask at the end of the hand. With the
    table's thinking time (``think_ms``), each decision's first look is the one its Hint makes (the seats' Hint
    seeds, ``player_seed(..., "hint", config.coach_key)``, and the Hint's budget): a choice the Hint recommended
    is never marked."""
    humans = [i for i, seat in enumerate(config.seats) if seat.human]
    key = config.coach_key
    hints = {seat: player_seed(config.seed, seat, "hint", key) for seat in humans} if think_ms is not None else {}
    reviews = HandReviews(humans, player_seed(config.seed, humans[0], "review", key) if humans else None, sync, worker,
                          hints=hints, think_ms=think_ms, seat_records=config.seat_records())
    reviews.auto = len(humans) == 1
    return reviews


class HandReviews:
    """The reviews of one table (one person's seat; hot-seat tables review nobody unless asked)."""

    def __init__(self, seats: list[int], seed: int | None, sync: bool = False, worker: ComputerWorker | None = None,
                 worlds: int = REVIEW_WORLDS, hints: dict[int, int | None] | None = None,
                 think_ms: ThinkTime | None = None, seat_records: list[dict[str, Any]] | None = None) -> None:
        self.seats = tuple(seats)
        self.seat_records = seat_records  # the record's seats: each seat's level, as the review models the table
        self.seed = seed
        self.worlds = worlds
        self.hints = dict(hints or {})  # seat -> its Hint's seed: first looks as its Hint made them
        self.think_ms = think_ms  # the Hint's budget, read when a hand is sent
        self.hinted: Callable[[int], int | None] | None = None  # a hand's Hints' thinking time, if they had one
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
        hinted = self.hinted(hand) if self.hinted is not None else None
        think = hinted if hinted is not None else self.think_ms() if self.think_ms is not None else None
        hint_worlds = worlds_for(think) if think is not None and self.hints else 0
        record = to_record(game, self.seat_records)
        hints = tuple(sorted(self.hints.items()))
        job = ReviewJob(record, hand, self.seats, self.worlds, self.seed, hints, hint_worlds)
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


def duplicate_job(record: dict[str, Any], hand: int, seat: int, think_ms: int, name: str | None = None
                  ) -> DuplicateJob:
    """\"Hard in my seat\" for ``seat`` in hand ``hand`` of ``record`` (``trick-record/1``, the hand scored in it):
    Hard at ``seat``, every computer seat at its recorded level with the seed the table gave it
    (``player_seed``: the same computers as at the table when the game was played in this run of the program),
    any other person's seat at the Normal level (someone must play its cards once the hand goes another way).
    Every seat but ``seat`` is warmed up through the hands before, as ``game.ai.duplicate`` describes."""
    seed = record.get("seed")
    seats = record.get("seats") or []
    count = len(seats)

    def level_of(q: int) -> str:
        info = seats[q] if isinstance(seats[q], dict) else {}
        level = info.get("level")
        if info.get("player") == "computer" and isinstance(level, str) and level in LEVELS:
            return level
        return fallback_level()

    players = tuple((hint_level(), player_seed(seed, q, "hard-in-my-seat")) if q == seat
                    else (level_of(q), player_seed(seed, q)) for q in range(count))
    warm = tuple(q for q in range(count) if q != seat)
    return DuplicateJob(record, hand, seat, players, warm, think_ms, name)


def human_seats_of(record: Any) -> list[int]:
    """The seats of a record that a person played."""
    seats = record.get("seats") if isinstance(record, dict) else None
    return [q for q, info in enumerate(seats or []) if isinstance(info, dict) and info.get("player") == "human"]


class DuplicateRun:
    """One \"Hard in my seat\" job at a time in the worker process: started, followed (its progress, as the worker
    reports it), called off, and its ``DuplicateResult`` once it has come; nothing here waits."""

    def __init__(self, sync: bool = False, worker: ComputerWorker | None = None) -> None:
        self.sync, self.worker = sync, worker
        self._by_seat: dict[int, ComputerPlayers] = {}  # a job is filed under its seat (``DuplicateJob.seat``)
        self.players = self._players(0)
        self.key: tuple[Any, ...] | None = None  # the job running, if any
        self.job: DuplicateJob | None = None
        self.result: DuplicateResult | None = None
        self._count = 0

    def _players(self, seat: int) -> ComputerPlayers:
        players = self._by_seat.get(seat)
        if players is None:
            spec = PlayerSpec(DUPLICATE_LEVEL, None, REVIEW_BUDGET_MS)
            players = self._by_seat[seat] = ComputerPlayers(
                {seat: player_for(DUPLICATE_LEVEL, None)}, sync=self.sync, specs={seat: spec}, worker=self.worker,
                think_ms=lambda: REVIEW_BUDGET_MS)
        return players

    def start(self, job: DuplicateJob) -> None:
        """Run ``job`` (a job running already is called off first)."""
        if self.key is not None:
            self.cancel()
        self._count += 1
        self.key = ("duplicate", job.hand, job.seat, self._count)  # a fresh key: a late answer is never taken
        self.job, self.result = job, None
        self.players = self._players(job.seat)
        self.players.ask(self.key, cast(SeatView, job))
        self.update()

    def update(self) -> None:
        """Take the result if it has come (never waits)."""
        if self.key is None:
            return
        answer = self.players.result(self.key)
        if answer is not None:
            if isinstance(answer.action, DuplicateResult):
                self.result = answer.action
            self.key = None

    def running(self) -> bool:
        self.update()
        return self.key is not None

    def fraction(self) -> float:
        """How far the job is, 0..1 (1 once its result has come; 0 before the worker has said)."""
        self.update()
        if self.key is None:
            return 1.0 if self.result is not None else 0.0
        said = self.players.progress(self.key)
        if said is None:
            return 0.0
        done, expected = said
        return max(0.0, min(1.0, done / max(1, expected)))

    def cancel(self) -> bool:
        """Call the running job off (the worker stops it at its next decision); False when none runs."""
        if self.key is None:
            return False
        self.players.stop()
        self.key = None
        return True

    def close(self) -> None:
        for players in self._by_seat.values():
            players.close()


class HandDuplicates:
    """\"Hard in my seat\" for one table: the hand played again in the worker process (``game.ai.duplicate``)."""

    def __init__(self, config: Any, sync: bool = False, worker: ComputerWorker | None = None,
                 think_ms: Callable[[], int] | None = None) -> None:
        humans = [i for i, seat in enumerate(config.seats) if seat.human]
        self.seat = humans[0] if len(humans) == 1 else None
        self.config = config
        self.think_ms = think_ms or (lambda: 500)
        self.run = DuplicateRun(sync, worker)
        self.done: dict[int, DuplicateResult] = {}
        self.asked: int | None = None

    def request(self, game: TrickGame, hand: int) -> None:
        """Play hand ``hand`` again with Hard in the person's seat (once per hand)."""
        seat = self.seat
        if seat is None or hand in self.done or self.asked == hand:
            return
        job = duplicate_job(to_record(game, self.config.seat_records()), hand, seat, self.think_ms())
        self.asked = hand
        self.run.start(job)
        self._take()

    def _take(self) -> None:
        if self.asked is not None and not self.run.running():
            if self.run.result is not None and self.run.result.hand == self.asked:
                self.done[self.asked] = self.run.result
            self.asked = None

    def of(self, hand: int) -> DuplicateResult | None:
        self._take()
        return self.done.get(hand)

    def pending(self, hand: int) -> bool:
        self._take()
        return self.asked == hand and hand not in self.done

    def fraction(self, hand: int) -> float:
        """How far the replay of hand ``hand`` is (0..1)."""
        return self.run.fraction() if self.pending(hand) else (1.0 if hand in self.done else 0.0)

    def cancel(self, hand: int) -> bool:
        """Call off the replay of hand ``hand``; False when it is not running."""
        if not self.pending(hand):
            return False
        self.asked = None
        return self.run.cancel()

    def cancel_all(self) -> None:
        """Call off the replay running, whichever hand (the summary it shows in has closed)."""
        if self.asked is not None:
            self.cancel(self.asked)

    def close(self) -> None:
        self.run.close()
