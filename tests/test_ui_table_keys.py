"""The table's keyboard and clicks as a new player uses them (issue 14, items 18-22), driven by synthetic
events at the positions the table reports."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_ui_table import Driver  # noqa: E402

from game.actions import Play  # noqa: E402
from ui.table.input import LOOK_FIRST  # noqa: E402

REFUSED = ("You must", "Spades are not broken")  # the engine's reasons for an unplayable card


def legal_cards(d: Driver) -> list:
    """The viewer's playable cards, in the order the hand shows them."""
    legal = {a.card for a in d.scene.decision().legal if isinstance(a, Play)}
    return [card for card in d.scene.model.shown_hand(d.scene.control.viewer) if card in legal]


def to_a_play_with_choice(d: Driver, least: int = 2) -> list:
    """Bid (after a look) and play random cards until the viewer must play with at least ``least`` legal cards."""
    for _ in range(200):
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:3")
        elif stop == "play" and len(legal_cards(d)) >= least:
            return legal_cards(d)
        elif stop == "play":
            d.play_random_card()
        elif stop == "summary":
            d.click_button("continue")
    raise AssertionError("never had a choice of cards")


def refused(d: Driver) -> bool:
    """True when the toast shows the engine refusing a card."""
    toast = d.scene.notes.toast
    return toast is not None and toast.message.startswith(REFUSED)


def test_with_confirm_on_enter_plays_the_card_the_prompt_names(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    d.app.ctx.settings.confirm_play = True
    legal = to_a_play_with_choice(d)
    chosen = legal[-1]  # not the leftmost legal card, where the keyboard's choice would start
    d.click_card(chosen)
    assert d.scene.frame().prompt == "Click the card again (or Enter) to play it"
    applied = d.scene.control.applied
    d.key(pygame.K_RETURN)
    assert d.scene.control.applied == applied + 1
    assert chosen not in d.scene.control.game.view(0).hand and chosen not in d.scene.model.shown_hand(0)


def test_after_a_hint_the_hinted_card_is_the_keyboard_choice_and_enter_plays_it(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    to_a_play_with_choice(d, least=3)
    d.key(pygame.K_h)
    d.until(lambda: d.scene.shown_hint() is not None, max_frames=200)
    hinted = d.scene.shown_hint()
    assert isinstance(hinted, Play)
    d.step()
    assert d.scene.hand_state().focus == hinted.card  # the hinted card is the keyboard's choice
    applied = d.scene.control.applied
    d.key(pygame.K_RETURN)
    assert d.scene.control.applied == applied + 1 and hinted.card not in d.scene.control.game.view(0).hand


def test_the_keyboard_focus_only_rests_on_a_playable_card(drivers):
    d = Driver("spades", 4, [0], seed=5)
    drivers.append(d)
    plays = 0
    while plays < 13:
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:3")
            continue
        if stop != "play":
            break
        applied = d.scene.control.applied
        for _ in range(3):  # Enter shows the keyboard's choice, then plays it
            focus = d.scene.hand_state().focus
            assert focus is None or focus in legal_cards(d), f"the focus rests on {focus}, which cannot be played"
            d.key(pygame.K_RETURN)
            assert not refused(d), d.scene.notes.toast.message
            if d.scene.control.applied != applied:
                break
        assert d.scene.control.applied == applied + 1
        plays += 1
    assert plays >= 5


def test_a_face_down_hand_offers_only_double_nil_and_a_look(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    assert d.next_stop() == "bid"
    assert d.scene.look_visible()
    bids = {name for name in d.scene.clickable_points() if name.startswith("bid:")}
    assert bids == {"bid:double_nil"}  # no number can be clicked blind
    d.key(pygame.K_4)  # nor typed
    assert d.scene.notes.toast is not None and d.scene.notes.toast.message == LOOK_FIRST
    d.key(pygame.K_RETURN)  # Enter looks
    assert d.scene.control.game.view(0).bids[0] is None and d.scene.control.game.view(0).looked[0]
    d.until(lambda: d.scene.decision().kind == "bid")
    bids = {name for name in d.scene.clickable_points() if name.startswith("bid:")}
    assert "bid:4" in bids and "bid:double_nil" not in bids
    d.key(pygame.K_4)
    d.key(pygame.K_RETURN)
    assert d.scene.control.game.view(0).bids[0] == 4


def to_a_finished_trick(d: Driver) -> None:
    """Play (the viewer's cards at random) until the first trick is complete on the table."""
    for _ in range(20000):
        if len(d.scene.model.trick) == 4:
            return
        stop = d.scene.decision().kind
        if stop == "bid":
            d.click_button("bid:3")
        elif stop == "play":
            d.play_random_card()
        else:
            d.step(0.02)
    raise AssertionError("no trick was finished")


def trick_stays_s(d: Driver) -> float:
    """The table's own time (fixed steps, not the clock) a finished trick stays complete on the table."""
    to_a_finished_trick(d)
    shown = 0.0
    while len(d.scene.model.trick) == 4 and shown < 30.0:
        d.step(0.02)
        shown += 0.02
    return shown


def test_a_finished_trick_stays_until_a_click_with_that_setting(drivers):
    from ui.table.painter import HELD_PROMPT

    d = Driver("spades", 4, [0], seed=3, speed="normal")
    drivers.append(d)
    d.app.ctx.settings.trick_stays = "click"
    to_a_finished_trick(d)
    for _ in range(300):  # ten seconds of the table's time
        d.step(1 / 30)
    assert len(d.scene.model.trick) == 4 and d.scene.player.holding  # still on the table
    assert d.scene.frame().prompt == HELD_PROMPT and d.scene.overlays.names() == []
    d.click((5, d.app.screen.get_height() // 2))  # a click anywhere takes it in
    d.until(lambda: not d.scene.model.trick and len(d.scene.model.last_trick) == 4, max_frames=100)
    assert d.scene.overlays.names() == []  # the click opened nothing


def test_the_long_setting_keeps_a_finished_trick_longer_than_the_short_one(drivers):
    short = Driver("spades", 4, [0], seed=3, speed="normal")
    drivers.append(short)
    long = Driver("spades", 4, [0], seed=3, speed="normal")
    drivers.append(long)
    long.app.ctx.settings.trick_stays = "long"
    assert short.app.ctx.settings.trick_stays == "short"  # the default keeps today's pause
    short_s, long_s = trick_stays_s(short), trick_stays_s(long)
    assert 0.5 <= short_s < 1.0 and long_s >= 1.9


def test_the_finished_trick_setting_is_kept_and_checked():
    from ui.services.settings import Settings, settings_from_json

    kept, problems = settings_from_json(Settings(trick_stays="click").to_json())
    assert kept.trick_stays == "click" and not problems
    bad, problems = settings_from_json({**Settings().to_json(), "trick_stays": "forever"})
    assert bad.trick_stays == "short" and problems


def test_the_settings_screen_sets_how_long_a_finished_trick_stays(app):
    from ui.scenes.settings import SettingsScene

    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step(0.0)
    selector = scene.trick
    assert selector.label == "Finished trick"
    assert [value for _label, value in selector.choices] == ["click", "short", "long"]
    pos = selector.right_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.0)
    assert app.ctx.settings.trick_stays == "long"


def test_s_and_l_open_the_score_sheet_and_the_last_trick_over_the_hand_summary(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    d.finish_hand()
    assert d.scene.overlays.names() == ["summary"]
    d.key(pygame.K_s)
    assert d.scene.overlays.names() == ["summary", "sheet"] and d.app.ctx.scenes.top.name == "sheet"
    d.key(pygame.K_s)  # S again closes the sheet: the summary is back on top
    assert d.scene.overlays.names() == ["summary"]
    d.key(pygame.K_l)
    assert d.scene.overlays.names() == ["summary", "last_trick"]
    assert len(d.scene.overlays.last_trick.plays) == 4
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlays.names() == ["summary"]
    d.click_button("continue")
    assert d.scene.overlays.names() == []


def test_only_the_trick_area_opens_the_last_trick_not_the_felt_beside_it(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    to_a_finished_trick(d)
    d.until(lambda: bool(d.scene.model.last_trick) and d.scene.decision().kind == "play")
    view, lay = d.scene.view, d.scene.view.layout
    corner = (lay.trick_area.left + 3, lay.trick_area.top + 3)  # inside the trick cards' box, off the oval
    assert view.card_at(d.scene.model, corner, d.scene.hand_state()) is None and not view.pile_at(corner)
    d.click(corner)
    assert d.scene.overlays.last_trick is None
    d.click(lay.centre)
    assert d.scene.overlays.last_trick is not None
