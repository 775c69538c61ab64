"""The review of each hand at the table: worked out after the hand, one line in the summary, the viewer at a mark."""

from __future__ import annotations

import os
from random import Random

import pygame

from game.reviews import reviews_of
from tests.e2e_helpers import click, run_table_until
from ui.app import make_app
from ui.scenes.table import TableScene, make_config
from ui.scenes.viewer import ViewerScene
from ui.services.saves import save_document

SHOTS = "/tmp/h13-shots"


def _hand_over(size: tuple[int, int] = (1280, 720), seed: int = 4) -> tuple[object, TableScene]:
    app = make_app(size, headless=True, menu=False)
    pygame.event.clear()
    app.ctx.settings.speed = "instant"
    config = make_config("spades", ["You", "West", "North", "East"], [0], seed=seed, level="normal")
    scene = TableScene(app.ctx, config, computer_sync=True)
    app.ctx.scenes.push(scene)
    run_table_until(app, scene, lambda: scene.overlays.summary is not None, Random(seed))
    for _ in range(5):
        app.step(0.05)
    return app, scene


def test_the_summary_says_what_the_review_found_and_opens_the_viewer_at_the_first_mark() -> None:
    app, scene = _hand_over()
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None
    review = scene.coach.reviews.of(1)
    assert review is not None and review.decisions >= 8  # the bid and the cards with a choice
    line = summary.extra.line()
    assert line == review.summary()
    os.makedirs(SHOTS, exist_ok=True)
    pygame.image.save(app.screen, f"{SHOTS}/summary_review.png")  # type: ignore[attr-defined]
    assert review.marks, "random play should cost something somewhere"
    assert "to look at, about" in line
    rect = scene.button_rect("review")
    assert rect is not None
    click(app, rect.center)
    viewer = app.ctx.scenes.top  # type: ignore[attr-defined]
    assert isinstance(viewer, ViewerScene)
    assert viewer.position is not None and viewer.position.k == review.marks[0].k
    assert viewer.marked_text() == review.marks[0].text
    app.step(0.05)  # type: ignore[attr-defined]
    pygame.image.save(app.screen, f"{SHOTS}/viewer_mark.png")  # type: ignore[attr-defined]
    # the review travels with the save, in the record's optional field
    window = {"reviews": scene.coach.reviews.as_json()}
    document = save_document(scene.control.game, scene.control.config.seat_records(), window)
    assert "reviews" not in document["window"] and reviews_of(document["record"])[0]["hand"] == 1


def test_no_review_by_itself_at_a_hot_seat_table() -> None:
    app = make_app((1280, 720), headless=True, menu=False)
    config = make_config("spades", ["A", "B", "C", "D"], [0, 2], seed=3, level="normal")
    scene = TableScene(app.ctx, config, computer_sync=True)
    assert scene.coach.reviews.seats == (0, 2) and not scene.coach.reviews.auto and scene.coach.duplicates.seat is None
    scene.on_exit()


def test_the_review_line_fits_a_small_window() -> None:
    app, scene = _hand_over((800, 480))
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None
    pygame.image.save(app.screen, f"{SHOTS}/summary_review_800x480.png")  # type: ignore[attr-defined]
    strip, button = summary.extra.rect, summary.button.rect
    assert summary.rect.contains(strip) and not strip.colliderect(button)
    assert pygame.Rect(0, 0, 800, 480).contains(summary.rect)


def test_hard_in_my_seat_from_the_summary_shows_both_results_and_the_hand() -> None:
    app, scene = _hand_over(seed=6)
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None and summary.extra.duplicate is not None
    row = summary.extra.duplicate
    assert row.line().startswith("What would Hard")
    rect = scene.button_rect("hard_in_my_seat")
    assert rect is not None
    scene.ctx.settings.think_ms = 100  # a quick Hard for the test
    click(app, rect.center)
    for _ in range(20):
        if row.result() is not None:
            break
        app.step(0.05)  # type: ignore[attr-defined]
    result = row.result()
    assert result is not None and result.hand == 1 and result.seat == 0
    assert row.line().startswith("You: ") and "Hard in your seat: " in row.line()
    app.step(0.05)  # type: ignore[attr-defined]
    pygame.image.save(app.screen, f"{SHOTS}/summary_duplicate.png")  # type: ignore[attr-defined]
    click(app, rect.center)  # "See it"
    viewer = app.ctx.scenes.top  # type: ignore[attr-defined]
    assert isinstance(viewer, ViewerScene) and viewer.banner == result.text
    assert viewer.position is not None and viewer.position.hand == 1
    app.step(0.05)  # type: ignore[attr-defined]
    pygame.image.save(app.screen, f"{SHOTS}/viewer_duplicate.png")  # type: ignore[attr-defined]


def test_continue_keeps_the_reviews_of_the_save() -> None:
    from ui.services.saves import parse_save

    app, scene = _hand_over(seed=4)
    assert scene.coach.reviews.of(1) is not None
    window = {"reviews": scene.coach.reviews.as_json()}
    document = save_document(scene.control.game, scene.control.config.seat_records(), window)
    saved, problem = parse_save(document)
    assert saved is not None, problem
    app.resume(saved)  # type: ignore[attr-defined]
    table = app.ctx.scenes.top  # type: ignore[attr-defined]
    while not isinstance(table, TableScene):
        app.ctx.scenes.pop()  # type: ignore[attr-defined]
        table = app.ctx.scenes.top  # type: ignore[attr-defined]
    assert [row["hand"] for row in table.coach.reviews.as_json()] == [1]


def test_the_statistics_keep_the_points_lost_to_hards_choices() -> None:
    from ui.scenes.stats import stat_rows
    from ui.services.stats import Tally, stats_store

    app, scene = _hand_over(seed=4)
    review = scene.coach.reviews.of(1)
    assert review is not None
    tally = stats_store(scene.ctx).get("You").tally("spades", 4)
    assert tally.reviewed == 1 and tally.review_tenths == round(10 * review.cost)
    assert Tally.from_json(tally.to_json()) == tally
    rows = dict(stat_rows("spades", tally))
    assert rows["Points lost a hand to Hard's choices"] == f"{review.cost:.1f}"


def test_hot_seat_reviews_each_players_own_decisions_only_when_asked() -> None:
    app = make_app((1280, 720), headless=True, menu=False)
    pygame.event.clear()
    app.ctx.settings.speed = "instant"
    config = make_config("spades", ["Ann", "West", "Bob", "East"], [0, 2], seed=5, level="normal")
    scene = TableScene(app.ctx, config, computer_sync=True)
    app.ctx.scenes.push(scene)
    run_table_until(app, scene, lambda: scene.overlays.summary is not None, Random(5))
    app.step(0.05)
    summary = scene.overlays.summary
    assert summary is not None and summary.extra is not None and summary.extra.duplicate is None
    assert scene.coach.reviews.seats == (0, 2) and scene.coach.reviews.of(1) is None  # nothing until the players ask
    assert summary.extra.line().startswith("Review each player")
    rect = scene.button_rect("review")
    assert rect is not None
    click(app, rect.center)
    review = scene.coach.reviews.of(1)
    assert review is not None and review.seats == (0, 2)
    assert {m.seat for m in review.marks} <= {0, 2}
    line = summary.extra.line()  # each person's own decisions, said for each of them
    assert line.startswith("To look at: Ann ") and " \u00b7 Bob " in line
    app.step(0.05)
    pygame.image.save(app.screen, f"{SHOTS}/summary_review_hot_seat.png")
    from ui.services.stats import stats_store

    for seat, name in ((0, "Ann"), (2, "Bob")):  # the statistics count each person's own marks only
        tally = stats_store(scene.ctx).get(name).tally("spades", 4)
        own = sum(m.cost for m in review.marks if m.seat == seat)
        assert tally.reviewed == 1 and tally.review_tenths == max(0, round(10 * own))
