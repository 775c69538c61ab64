"""The score sheet: per hand what made the points (Spades: bid, tricks, bags; Pitch: pitcher and bid), and
chart lines that stay apart when two sides have the same scores."""

from __future__ import annotations

import pygame
import pytest

from game.state import HandResult
from ui.table.layout import TableLayout
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.view import side_color


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    yield


def spades_hand(total_a: int, total_b: int, score_a: int, score_b: int) -> HandResult:
    return HandResult(
        [{"bid": 6, "tricks": 7, "contract": 60, "bags": 1, "nil": 0, "bag_penalty": 0, "total": total_a},
         {"bid": None, "tricks": 0, "contract": 0, "bags": 2, "nil": -100, "bag_penalty": 0, "total": total_b}],
        [score_a, score_b], [1, 2])


def test_spades_hands_show_each_sides_bid_tricks_and_bags():
    sheet = ScoreSheet("spades", [[0, 2], [1, 3]], ["You", "W", "N", "E"], [spades_hand(61, -98, 61, -98)], 500,
                       lambda: None)
    note, cells = sheet.hand_lines(sheet.results[0])
    assert note == ""
    assert cells[0] == ("61  (+61)", "bid 6, won 7, 1 bag")
    assert cells[1] == ("\u221298  (\u221298)", "Nil bids, 2 bags")


def test_pitch_hands_show_the_pitcher_and_the_bid():
    result = HandResult([{"high": 1, "low": 1, "jack": 0, "game": 0, "won": 2, "set_back": False, "total": 2},
                         {"high": 0, "low": 0, "jack": 1, "game": 1, "won": 2, "set_back": False, "total": 2},
                         {"high": 0, "low": 0, "jack": 0, "game": 0, "won": 0, "set_back": True, "total": -3}],
                        [2, 2, -3], [0, 0, 0], 2, 3)
    sheet = ScoreSheet("pitch", [[0], [1], [2]], ["You", "West", "East"], [result], 7, lambda: None)
    note, cells = sheet.hand_lines(result)
    assert note == "East bid 3"
    assert cells[2] == ("\u22123  (\u22123)", "set back") and cells[0][1] == "2 points"


def test_equal_scores_stay_distinguishable_in_the_chart():
    results = [spades_hand(50, 50, 50 * (i + 1), 50 * (i + 1)) for i in range(4)]
    sheet = ScoreSheet("spades", [[0, 2], [1, 3]], ["You", "W", "N", "E"], results, 500, lambda: None)
    layout = TableLayout((1280, 720), 4)
    surface = pygame.Surface((1280, 720))
    sheet.place(layout)
    sheet.draw(surface, layout)
    chart = sheet.chart
    seen = {0: 0, 1: 0}
    for x in range(chart.left, chart.right):
        for y in range(chart.top, chart.bottom):
            colour = tuple(surface.get_at((x, y)))[:3]
            for side in seen:
                if colour == side_color(side):
                    seen[side] += 1
    assert seen[0] > 300 and seen[1] > 300, seen


def test_the_pitch_score_panel_says_why_a_player_at_the_target_has_not_won():
    from ui.table.model import TableModel
    from ui.table.panels.score_panel import ScorePanel

    panel = ScorePanel("pitch", [[0], [1], [2]], ["You", "West", "East"], 7)
    model = TableModel(3, "pitch")
    model.scores = [3, 8, 0]
    model.shown_scores = [3.0, 8.0, 0.0]
    assert panel.target_note(model) == "West wins on a hand he pitches and makes"
    model.scores = [7, 2, 0]
    assert panel.target_note(model) == "You win on a hand you pitch and make"
    model.scores = [6, 2, 0]
    assert panel.target_note(model) == ""
    layout = TableLayout((1280, 720), 7, "pitch", 7, 6)
    surface = pygame.Surface((1280, 720))
    model = TableModel(7, "pitch")
    model.scores, model.shown_scores = [9, 0, 0, 0, 0, 0, 0], [9.0] + [0.0] * 6
    panel = ScorePanel("pitch", [[i] for i in range(7)], ["You"] + [f"P{i}" for i in range(1, 7)], 7)
    panel.draw(surface, layout, model)  # the note fits inside the panel the layout reserves
    assert layout.score_panel.bottom < layout.spots[1].box.top
