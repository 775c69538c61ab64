"""House rules at the table (issue 15, the window's side): Cutthroat Spades laid out for three, the new
score parts in the summary and the score sheet, the engine's refusals on screen, and whole hands played
with the options on, by synthetic clicks and keys, to the hand summary.

Frames are saved under /tmp/trick-table-house-rules (never committed) to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.actions import Bid, Look, Play
from game.cards import Card
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.state import HandResult, Phase
from tests.e2e_helpers import region_diff
from tests.test_ui_table import Driver
from ui.draw import cardart
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.panels.summary import HandSummary

SHOTS = Path("/tmp/trick-table-house-rules")
ALL_S = dict(nil_value=50, bag_rule="5/50", ten_for_200=True, min_side_bid=4, spades_any_time=True,
             two_clubs_opens=True, nil_pass=2)  # every S-option but the jokers (drawn by the card art)
JOKER_ART = any(hasattr(obj, "joker_ink") for obj in vars(cardart).values() if isinstance(obj, type))


def save(d: Driver, name: str) -> None:
    """A fresh frame of the driver's window, kept for looking at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.app.draw()
    pygame.image.save(d.app.screen, str(SHOTS / f"{name}.png"))


def to_the_summary(d: Driver, name: str) -> HandSummary:
    """Play the viewer's decisions (random legal clicks) to the hand summary, looking at the cards when asked."""
    def look(stop: str) -> bool:
        if stop == "look":
            d.click_button("look")
            return True
        if stop == "exchange":  # a Double Nil's three cards or a Nil pass's one or two: as many as asked
            give_cards(d)
            return True
        return False

    d.finish_hand(look)
    save(d, f"{name}_summary")
    summary = d.scene.overlays.summary
    assert summary is not None
    return summary


def shows_toast(d: Driver, message: str) -> bool:
    """The toast says ``message`` and is drawn: the frame around the toast's place differs without it."""
    for _ in range(3):  # let it fade in
        d.step(0.1)
    toast = d.scene.notes.toast
    if toast is None or toast.message != message:
        return False
    d.app.draw()
    with_toast = d.app.screen.copy()
    d.scene.notes.toast = None
    d.app.draw()
    d.scene.notes.toast = toast
    x, y = d.scene.view.layout.toast_at
    area = pygame.Rect(0, 0, 300, 30)
    area.center = (x, y)
    return region_diff(with_toast, d.app.screen, area.clip(d.app.screen.get_rect())) > 5


def give_cards(d: Driver) -> list[Card]:
    """Click as many of the viewer's cards as the exchange asks for, then Give."""
    count = d.scene.decision().cards
    cards = list(d.scene.model.hands[d.scene.control.viewer][:count])
    for card in cards:
        d.click_card(card)
    d.click_button("give")
    return cards


def inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return rect.left >= 0 and rect.top >= 0 and rect.right <= size[0] and rect.bottom <= size[1]


# ----- Cutthroat Spades ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_cutthroat_for_three_plays_to_a_summary_of_one_column_per_player(drivers, size):
    d = Driver("spades", 3, [0], seed=4, size=size, options=SpadesOptions(partnerships=False))
    drivers.append(d)
    game = d.scene.control.game
    assert [list(t) for t in game.teams] == [[0], [1], [2]]  # the engine's teams: a side of one each
    assert d.next_stop() in ("bid", "look")
    save(d, f"cutthroat3_{size[0]}_bidding")
    layout = d.scene.view.layout
    assert inside(layout.score_panel, size)
    assert d.scene.score_panel.sides == ["You", "West", "East"]  # the score panel: a row per player
    summary = to_the_summary(d, f"cutthroat3_{size[0]}")
    assert summary.sides == ["You", "West", "East"]
    labels = [label for label, _cells in summary.rows]
    assert {"Bid", "Tricks won", "Contract", "Bags", "Bag penalty"} <= set(labels)
    assert all(len(cells) == 3 for _label, cells in summary.rows)
    assert len(summary.bags) == 3  # each player his own bags
    assert inside(summary.rect, size)
    assert sum(summary.tricks) == 17  # three players, 17 cards each
    assert summary.new_scores == list(game.scores) and summary.bags == list(game.bags)
    d.key(pygame.K_RETURN)  # Continue, then the score sheet: one column per player
    d.next_stop()
    d.key(pygame.K_s)
    sheet = getattr(d.app.ctx.scenes.top, "panel", None)
    save(d, f"cutthroat3_{size[0]}_sheet")
    assert isinstance(sheet, ScoreSheet) and sheet.sides == ["You", "West", "East"]
    assert len(sheet.hand_lines(sheet.results[0])[1]) == 3


def test_cutthroat_for_four_has_four_sides_everywhere(drivers):
    d = Driver("spades", 4, [0], seed=2, options=SpadesOptions(partnerships=False))
    drivers.append(d)
    assert len(d.scene.score_panel.sides) == 4
    summary = to_the_summary(d, "cutthroat4")
    assert summary.sides == ["You", "West", "North", "East"]
    assert all(len(cells) == 4 for _label, cells in summary.rows)


# ----- the new score parts ----------------------------------------------------------------------------------
def spades_summary(points, bids, tricks, teams=((0, 2), (1, 3))) -> HandSummary:
    names = ["You", "West", "North", "East"][:len(bids)]
    data = {"points": points, "scores": [p["total"] for p in points], "bags": [0] * len(points), "hand": 1}
    return HandSummary("spades", [list(t) for t in teams], names, data, bids, tricks, None, 0, lambda: None, 0.0)


def part(total, contract=0, bags=0, nil=0, penalty=0, bid=None, made=None, **more):
    return {"bid": bid, "tricks": 0, "contract": contract, "bags": bags, "nil": nil, "bag_penalty": penalty,
            "total": total, "made": made, **more}


def test_the_summary_shows_nil_at_the_hands_nil_value_and_ten_for_200(app):
    # Nil value 50: South (You) makes Nil, North bids 10 and takes 11 (ten for 200, 1 bag); West & East fail 6.
    points = [part(251, bags=1, nil=50, bid=10, made=True, ten_for_200=200),
              part(-60, contract=-60, bid=6, made=False, ten_for_200=0)]
    summary = spades_summary(points, ["nil", 3, 10, 3], [0, 1, 11, 1])
    rows = dict(summary.rows)
    assert rows["Nil"] == ["+50", "\u2014"]
    assert rows["Ten for 200"] == ["+200", "\u2014"]
    assert rows["Contract"] == ["\u2014", "\u221260"]
    # at the Nil value of 50 a failed Double Nil loses 100 (not 200) beside the partner's made Nil, +50
    failed = spades_summary([part(-50, nil=-50), part(40, contract=40, bid=4, made=True)],
                            ["double_nil", 2, "nil", 2], [1, 2, 0, 2])
    assert dict(failed.rows)["Double Nil"] == ["\u2212100", "\u2014"]
    assert dict(failed.rows)["Nil"] == ["+50", "\u2014"]
    assert "Ten for 200" not in dict(failed.rows)  # the rule was off: no row


def test_the_bag_penalty_at_5_for_50_is_in_the_summary_and_the_sheet(app):
    points = [part(11, contract=60, bags=1, penalty=-50, bid=6, made=True), part(40, contract=40, bid=4, made=True)]
    summary = spades_summary(points, [3, 2, 3, 2], [4, 2, 3, 2])
    assert dict(summary.rows)["Bag penalty"] == ["\u221250", "\u2014"]
    result = HandResult(points, [11, 40], [2, 0])
    sheet = ScoreSheet("spades", [[0, 2], [1, 3]], ["You", "West", "North", "East"], [result], 500, lambda: None)
    _note, cells = sheet.hand_lines(result)
    assert "bag penalty \u221250" in cells[0][1] and "penalty" not in cells[1][1]


def test_pitch_shows_the_off_jack_point_and_its_card(app):
    points = [{"high": 1, "low": 0, "jack": 0, "game": 1, "off_jack": 1, "trick_points": 20, "won": 3, "total": 3,
               "set_back": False},
              {"high": 0, "low": 1, "jack": 1, "game": 0, "off_jack": 0, "trick_points": 5, "won": 2, "total": 2,
               "set_back": False}]
    data = {"points": points, "scores": [3, 2], "bags": [0, 0], "hand": 1}
    hearts = 1
    tricks = [([(0, Card.parse("AH")), (1, Card.parse("JD"))], 0), ([(1, Card.parse("JH")), (0, Card.parse("3H"))], 1)]
    summary = HandSummary("pitch", [[0], [1]], ["You", "West"], data, [3, "pass"], [1, 1], 0, 3, lambda: None, 0.0,
                          trump=hearts, hand_tricks=tricks)
    rows = dict(summary.rows)
    assert rows["Off-jack"] == ["1", "\u2014"]
    assert summary.cards["Off-jack"] == Card.parse("JD")  # the jack of diamonds is the off-jack under hearts
    assert summary.cards["Jack"] == Card.parse("JH") and summary.cards["Low"] == Card.parse("3H")
    plain = HandSummary("pitch", [[0], [1]], ["You", "West"],
                        {"points": [{k: v for k, v in p.items() if k != "off_jack"} for p in points],
                         "scores": [3, 2], "bags": [0, 0], "hand": 1},
                        [3, "pass"], [1, 1], 0, 3, lambda: None, 0.0, trump=hearts, hand_tricks=tricks[1:])
    assert "Off-jack" not in dict(plain.rows) and "Off-jack" not in plain.cards


# ----- refusals in the engine's words -----------------------------------------------------------------------
def bid_until_viewer(game, plan: dict[int, object]) -> None:
    """Computer seats look and bid ``plan[seat]`` (else their first legal number) until seat 0 is to bid."""
    while game.phase is Phase.BIDDING and game.to_act != 0:
        seat = game.to_act
        legal = game.legal_actions()
        if Look(seat) in legal:
            game.apply(Look(seat))
            continue
        values = [a.value for a in legal if isinstance(a, Bid)]
        want = plan.get(seat)
        game.apply(Bid(seat, want if want in values else next(v for v in values if isinstance(v, int))))


def test_a_typed_bid_under_the_minimum_side_bid_is_refused_in_the_engines_words(drivers):
    options = SpadesOptions(min_side_bid=4)
    for seed in range(1, 60):  # a deal where North, the partner, bids before the viewer
        game = new_game("spades", options, 4, seed)
        if game.dealer in (1, 2):
            break
    bid_until_viewer(game, {2: 2, 1: 3, 3: 3})
    assert game.to_act == 0
    d = Driver("spades", 4, [0], seed=seed, options=options, engine=game)
    drivers.append(d)
    if d.next_stop() == "look" or "look" in d.scene.clickable_points():
        d.click_button("look")
    assert d.next_stop() == "bid"
    assert "bid:1" not in d.scene.clickable_points()  # the panel offers only what the rule allows
    d.key(pygame.K_1)
    reason = game.why_illegal(Bid(0, 1))
    assert reason == "Your side must bid at least 4: bid 2 or more."
    assert shows_toast(d, reason)
    save(d, "refusal_min_side_bid")


def test_a_card_other_than_the_two_of_clubs_is_refused_on_the_first_lead(drivers):
    options = SpadesOptions(two_clubs_opens=True)
    two = Card.parse("2C")
    for seed in range(1, 200):  # a deal where the viewer holds the 2♣ (and so leads it)
        game = new_game("spades", options, 4, seed)
        if game.hands[0] >> int(two) & 1:
            break
    else:
        pytest.fail("no deal gives the viewer the 2♣")
    bid_until_viewer(game, {})
    d = Driver("spades", 4, [0], seed=seed, options=options, engine=game)
    drivers.append(d)
    while (stop := d.next_stop()) != "play":
        if stop == "look":
            d.click_button("look")
        elif stop == "bid":
            d.click_button("bid:3")
        else:
            raise AssertionError(stop)
    assert game.to_act == 0 and not game.view(0).trick
    other = next(c for c in d.scene.model.shown_hand(0) if c != two)
    d.click_card(other)
    reason = game.why_illegal(Play(0, other))
    assert reason == "The 2\u2663 opens the first trick."
    assert shows_toast(d, reason)
    assert len(game.view(0).trick) == 0  # nothing was played
    save(d, "refusal_two_clubs")
    d.click_card(two)
    assert game.played >> int(two) & 1 or game.view(0).trick  # the 2♣ is led


def test_a_nil_pass_asks_the_nil_bidder_for_the_cards_the_option_names(drivers):
    options = SpadesOptions(nil_pass=2)
    for seed in range(1, 60):  # North, the partner, bids before the viewer
        game = new_game("spades", options, 4, seed)
        if game.dealer == 1:
            break
    bid_until_viewer(game, {2: 3})
    d = Driver("spades", 4, [0], seed=seed, options=options, engine=game)
    drivers.append(d)
    while d.next_stop() != "bid":
        d.click_button("look")
    d.click_button("bid:nil")
    assert d.next_stop() == "exchange"
    assert d.scene.decision().cards == 2  # the option's two cards, not the Double Nil's three
    save(d, "nil_pass_choose")
    given = give_cards(d)
    d.next_stop()
    assert not any(card in d.scene.model.hands[0] for card in given)


# ----- whole hands with the options on -------------------------------------------------------------------
def test_spades_with_every_s_option_on_plays_to_the_summary(drivers):
    d = Driver("spades", 4, [0], seed=6, options=SpadesOptions(**ALL_S))
    drivers.append(d)
    summary = to_the_summary(d, "spades_all_options")
    assert "Ten for 200" in dict(summary.rows)
    assert sum(summary.tricks) == 13
    assert summary.new_scores == list(d.scene.control.game.scores)


@pytest.mark.skipif(not JOKER_ART, reason="the joker card art comes with h9-tpp-ui")
def test_spades_with_every_s_option_and_the_jokers_plays_to_the_summary(drivers):
    d = Driver("spades", 4, [0], seed=6, options=SpadesOptions(**ALL_S, jokers=True))
    drivers.append(d)
    summary = to_the_summary(d, "spades_all_options_jokers")
    assert sum(summary.tricks) == 13


def test_pitch_with_the_off_jack_plays_to_the_summary(drivers):
    d = Driver("pitch", 4, [0], seed=3, options=PitchOptions(off_jack=True))
    drivers.append(d)
    summary = to_the_summary(d, "pitch_off_jack")
    labels = [label for label, _cells in summary.rows]
    assert "Off-jack" in labels and labels.index("Off-jack") == labels.index("Jack") + 1
    assert "Off-jack" in summary.cards


class _ToastStage:
    """A stage that keeps the toasts it is asked to show."""

    def __init__(self) -> None:
        self.toasts: list[str] = []

    def toast(self, message: str) -> None:
        self.toasts.append(message)


@pytest.mark.parametrize(("off_jack", "value", "pitches"), [(False, 4, True), (False, 3, False),
                                                             (True, 4, False), (True, 5, True)])
def test_the_shut_out_note_follows_the_engines_shut_out(off_jack: bool, value: int, pitches: bool) -> None:
    """ "West wins the bid at 4 and pitches" only when 4 is the shut-out: with the off-jack it is 5."""
    from game.events import BIDDING_DONE, Event
    from ui.table.anim import EventPlayer
    from ui.table.model import TableModel, take_snapshot

    game = new_game("pitch", PitchOptions(off_jack=off_jack), 4, 7)
    model = TableModel(4)
    model.sync(take_snapshot(game, [0]))
    stage = _ToastStage()
    player = EventPlayer(model, None, stage, lambda: 1.0, ["You", "West", "North", "East"])  # type: ignore[arg-type]
    for beat in player._bidding_done(Event(BIDDING_DONE, 1, value=value)):
        assert beat.start is not None
        beat.start()
    assert stage.toasts == [f"West wins the bid at {value}" + (" and pitches" if pitches else "")]
