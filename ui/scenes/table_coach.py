"""The table's coaching: the Hint's reasons beside what it lifts, the review of each hand, and "Hard in my seat".

The reviews and the duplicate replays run in the computer players' worker (``ui.services.review``); this
object places the Hint's note, builds the hand summary's review lines and opens the replay viewer at a
marked decision or at the replayed hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.actions import Action, Play
from game.ai.duplicate import DuplicateResult
from game.ai.review import HandReview
from game.cards import Card
from game.reviews import FIELD as REVIEWS_FIELD
from game.reviews import with_reviews
from ui.context import AppContext
from ui.draw.toast import Notes
from ui.draw.widgets import Button
from ui.scenes.viewer import ViewerScene, open_duplicate_viewer
from ui.services.review import HandDuplicates, table_reviews
from ui.services.saves import record_as_filed
from ui.services.stats import TableStats, count_review
from ui.table.controller import TableController
from ui.table.layout import TOAST_HALF_H
from ui.table.panels.bid_panel import ActionPanel
from ui.table.panels.hint_note import draw_hint_note
from ui.table.panels.review_strip import DuplicateRow, ReviewStrip
from ui.table.view import TableView


class CoachedTable(Protocol):
    """What the coaching reads and calls of the table scene (``ui.scenes.table.TableScene``)."""

    ctx: AppContext
    control: TableController
    view: TableView
    panel: ActionPanel
    hint_button: Button
    notes: Notes

    def think_ms(self) -> int: ...

    def rect_for_card(self, card: Card) -> pygame.Rect | None: ...

    def shown_hint(self) -> Action | None: ...

    def hint_visible(self) -> bool: ...


class TableCoach:
    """The coaching parts of one table (its reviews and "Hard in my seat" requests are closed with it)."""

    def __init__(self, table: CoachedTable, computer_sync: bool) -> None:
        self.table = table
        config, worker = table.control.config, table.ctx.worker
        # each hand reviewed (ui.services.review), its first looks the Hint's
        self.reviews = table_reviews(config, computer_sync, worker, table.think_ms)
        self.reviews.hinted = table.control.hints.hinted  # a hand's first looks at its Hints' budget
        self.duplicates = HandDuplicates(config, computer_sync, worker, table.think_ms)  # "Hard in my seat"
        self.reviews.on_done = self.count_review
        if isinstance(table.control.stats, TableStats):  # a finished game keeps its reviews' accuracy figure
            table.control.stats.reviews = self.reviews.as_json

    def close(self) -> None:
        """The table is left for good: stop the background reviews and replays."""
        self.reviews.close()
        self.duplicates.close()

    def keep_in(self, window: dict[str, Any]) -> None:
        """Put the hands' reviews into a save's window facts (the record's optional "reviews" field)."""
        if self.reviews.done or self.reviews.kept:
            window[REVIEWS_FIELD] = self.reviews.as_json()

    def draw_note(self, surface: pygame.Surface) -> None:
        """The Hint's reasons (game.ai.coach) beside what it lifted, when the setting shows them."""
        table = self.table
        hinted = table.shown_hint() if table.hint_visible() else None
        note = table.control.hint_note() if table.ctx.settings.hint_reasons and hinted is not None else None
        if note is not None and hinted is not None:
            draw_hint_note(surface, note.text, *self.note_place(hinted))

    def note_place(self, action: Action) -> tuple[pygame.Rect, Callable[[float], int], int, bool]:
        """Where the Hint's note goes (``ui.table.panels.hint_note``): above the lifted card and the prompt (and
        a passing message while one shows), or under the panel of bids; never over the hand."""
        lay = self.table.view.layout
        card = self.table.rect_for_card(action.card) if isinstance(action, Play) else None
        if card is not None:
            floor = lay.prompt_at[1] - lay.px(14)
            if self.table.notes.toast is not None:
                floor = min(floor, lay.toast_at[1] - lay.px(TOAST_HALF_H) - lay.px(4))
            return card, self.table.view.px, floor, False
        if self.table.panel.rect.width:
            return self.table.panel.rect, self.table.view.px, lay.fan.top, True
        return self.table.hint_button.rect, self.table.view.px, lay.fan.top, False

    def count_review(self, review: HandReview) -> None:
        """The statistics' accuracy figure: the expected points the review found lost (ui.services.stats)."""
        g, stats = self.table.control.game, self.table.control.stats
        ended_at = stats.ended_at if isinstance(stats, TableStats) else None
        try:
            count_review(self.table.ctx, self.table.control.config.seat_records(), g.kind, g.num_seats, review,
                         ended_at)
        except Exception as exc:  # statistics must never stop a game
            self.table.notes.show_toast(f"The statistics could not be updated ({exc}).")

    def review_strip(self, hand: int) -> ReviewStrip:
        """The hand summary's review lines for hand number ``hand`` (ui.table.panels.review_strip)."""
        reviews, dup, game = self.reviews, self.duplicates, self.table.control.game
        row = None
        if reviews.auto:
            reviews.request(game, hand)
            row = DuplicateRow(lambda: dup.of(hand), lambda: dup.pending(hand), lambda: dup.request(game, hand),
                               self.open_duplicate, lambda: dup.fraction(hand), lambda: dup.cancel(hand))
        ask = None if reviews.auto else (lambda: reviews.request(game, hand))  # hot-seat: when asked
        names = None if reviews.auto else list(self.table.control.names)
        return ReviewStrip(lambda: reviews.of(hand), self.open_hand_review, row, ask, lambda: reviews.pending(hand),
                           names)

    def open_duplicate(self, result: DuplicateResult) -> None:
        """The hand played with Hard in the person's seat, in the replay viewer at that hand's start."""
        open_duplicate_viewer(self.table.ctx, result)

    def open_hand_review(self, review: HandReview) -> None:
        """The replay viewer at the review's first marked decision, every hand face up (Esc returns here)."""
        record = with_reviews(record_as_filed(self.table.control.game, self.table.control.config.seat_records()),
                              self.reviews.as_json())
        viewer = ViewerScene(self.table.ctx, record)
        first = review.first_k()
        if first is not None:
            viewer.go_to_k(first)
        self.table.ctx.scenes.push(viewer)
