"""The hand summary: Double Nil on its own row, and in Pitch the cards behind High, Low and Jack."""

from __future__ import annotations

from test_ui_table import Driver

from game.actions import DOUBLE_NIL, NIL
from game.cards import Card
from ui.games.pitch import pitch_cards
from ui.games.spades import spades_rows
from ui.table.panels.summary import HandSummary

C = Card.parse
HEARTS = 1


def test_double_nil_has_its_own_row_and_the_two_rows_add_up_to_the_nil_points():
    teams = [[0, 2], [1, 3]]
    bids = [NIL, DOUBLE_NIL, 4, 3]
    tricks = [0, 1, 6, 5]
    points = [{"bid": 4, "contract": 40, "bags": 2, "nil": 100, "bag_penalty": 0, "total": 142},
              {"bid": 3, "contract": 30, "bags": 3, "nil": -200, "bag_penalty": 0, "total": -167}]
    rows = dict(spades_rows(points, teams, bids, tricks))
    assert rows["Nil"] == ["+100", "\u2014"]
    assert rows["Double Nil"] == ["\u2014", "\u2212200"]


def test_pitch_names_the_high_low_and_jack_cards():
    tricks = [([(0, C("9H")), (1, C("AH")), (2, C("2C")), (3, C("3H"))], 1),
              ([(1, C("JH")), (2, C("KS")), (3, C("4D")), (0, C("TC"))], 1)]
    cards = pitch_cards(HEARTS, tricks)
    assert cards == {"High": C("AH"), "Low": C("3H"), "Jack": C("JH")}
    assert pitch_cards(HEARTS, tricks[:1])["Jack"] is None
    summary = HandSummary("pitch", [[0], [1], [2], [3]], ["You", "W", "N", "E"],
                          {"points": [{"high": 0, "low": 0, "jack": 0, "game": 0, "total": 0}] * 4, "scores": [0] * 4},
                          [None] * 4, [0] * 4, 1, 2, lambda: None, 0.0, trump=HEARTS, hand_tricks=tricks[:1])
    assert [summary.card_note(k) for k in ("High", "Low", "Jack")] == ["Ace of hearts", "3 of hearts", "not in play"]
    assert "Trick points" in [label for label, _cells in summary.rows]


def test_the_pitch_summary_at_the_table_knows_the_cards_of_the_hand():
    d = Driver("pitch", 4, [0], seed=8, speed="instant")
    try:
        d.finish_hand()
        summary = d.scene.overlays.summary
        trump = d.scene.model.trump
        assert summary.cards["High"] is not None and summary.cards["High"].suit == trump
        assert summary.cards["Low"].rank <= summary.cards["High"].rank
        played = [card for plays, _w in d.scene.model.hand_tricks for _s, card in plays]
        assert len(d.scene.model.hand_tricks) == 6 and len(set(played)) == 24
    finally:
        d.close()


def test_behind_the_summary_the_table_shows_the_summarys_numbers():
    d = Driver("spades", 4, [0], seed=6, speed="fast")
    try:
        d.finish_hand()
        summary, model = d.scene.overlays.summary, d.scene.model
        assert model.scores == summary.new_scores and model.bags == summary.bags
        assert model.tricks_won == summary.tricks and sum(model.tricks_won) == 13
        assert model.hand_sizes == [0, 0, 0, 0]
        for _ in range(40):
            d.step()
        assert [round(s) for s in model.shown_scores] == summary.new_scores  # the score panel counted up too
    finally:
        d.close()
