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
