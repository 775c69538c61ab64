"""The table's input: mouse and keys become engine actions (only legal ones) or open the overlays.

``TableInput`` is one object of the table scene: it reads the scene through ``InputTable`` (the decision,
the viewer's hand, the panel and buttons) and calls back ``try_action`` and the overlay openers. Positions
always come from ``event.pos``. Which named bid a key stands for comes from the legal actions (the engine's),
never from the game's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.actions import NIL, PASS, Action, Bid, BidValue, Discard, Draw, Look, NameTrump, Play
from game.cards import SUITS, Card
from ui.table.panels.bid_panel import Decision, bid_name
from ui.table.panels.summary import HandSummary

if TYPE_CHECKING:
    from ui.context import AppContext
    from ui.draw.toast import Notes
    from ui.draw.widgets import Button, WidgetGroup
    from ui.table.anim import EventPlayer
    from ui.table.controller import TableController
    from ui.table.hand import ViewerHand
    from ui.table.model import TableModel
    from ui.table.overlays import TableOverlays
    from ui.table.panels.bid_panel import ActionPanel
    from ui.table.panels.overlay_scene import TableOverlayScene
    from ui.table.undo import TableUndo
    from ui.table.view import HandState, TableView

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
LOOK_FIRST = "Look at your cards first: a number bid needs a look."
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in "0123456789"}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in "0123456789"})


def bid_help(decision: Decision) -> str:
    """What Enter says while no bid is chosen: how to type one (the named bid 0 stands for, from the legal
    bids)."""
    values = {a.value for a in decision.legal if isinstance(a, Bid)}
    if PASS in values:
        return "Type your bid (P to pass) or click it; Enter confirms."
    if NIL in values:
        return "Type your bid (0 for Nil) or click it; Enter confirms."
    return "Type your bid or click it; Enter confirms."


def typed_bid(number: int, values: set[BidValue]) -> BidValue:
    """The bid a typed number stands for among the legal ``values``: 0 is Nil where Nil may be bid, else a
    pass where passing is allowed."""
    if number == 0:
        return PASS if NIL not in values and PASS in values else NIL
    return number


class InputTable(Protocol):
    """What the input handler reads and calls of the table scene."""

    ctx: AppContext
    control: TableController
    model: TableModel
    view: TableView
    player: EventPlayer
    notes: Notes
    panel: ActionPanel
    hand: ViewerHand
    overlays: TableOverlays
    undo: TableUndo
    top_group: WidgetGroup
    look_button: Button
    hint_button: Button

    def decision(self) -> Decision:
        """The viewer's decision now (kind "" when the viewer may not act)."""

    def hand_state(self) -> HandState:
        """How the viewer's hand is drawn now."""

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` if the engine lists it as legal (a toast says why not); True when applied."""

    def look_visible(self) -> bool:
        """True while the Look button shows."""

    def hint_visible(self) -> bool:
        """True while the Hint button shows."""

    def request_hint(self) -> None:
        """Work out the Hint for the viewer in the background."""

    def open_menu(self) -> None:
        """Open the pause menu."""

    def open_score_sheet(self) -> None:
        """Open the score sheet."""

    def open_last_trick(self) -> None:
        """Open the last trick."""


class TableInput:
    """Routes the table's events: the overlay on top first, then keys, buttons, the decision panel and the
    cards. ``digits`` is the bid typed so far (digits choose a bid; Enter or a click makes it)."""

    def __init__(self, table: InputTable) -> None:
        self.table = table
        self.digits = ""

    def clear(self) -> None:
        """Forget the bid typed so far."""
        self.digits = ""

    def _hand(self) -> list[Card]:
        return self.table.model.shown_hand(self.table.control.viewer)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The newest overlay first (it is the scene on top: this is for a caller handing the table an event
        directly), then keys, buttons, the decision panel and the cards."""
        t = self.table
        overlay = t.overlays.top()
        if overlay is not None:
            self.overlay_event(overlay, event)
            return
        if t.undo.handle_event(event):  # Ctrl+Z, the Undo button (ui.table.undo)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if t.top_group.handle_event(event):
            return
        if t.look_visible() and t.look_button.handle_event(event):
            return
        if t.hint_visible() and t.hint_button.handle_event(event):
            return
        if t.panel.handle_event(event):
            return
        self._pointer(event)

    def _pointer(self, event: pygame.event.Event) -> None:
        """The mouse over the cards: hover, press and release on the same card chooses it; a click on the
        trick area or a pile of won tricks opens the last trick."""
        t, hand = self.table, self.table.hand
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and t.player.holding:
            t.player.release()  # the finished trick held on the table ("until I click") is taken in
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hand.focus = None  # the keyboard's card shows only while the keyboard is in use
        if event.type == pygame.MOUSEMOTION:
            hand.hover = t.view.card_at(t.model, event.pos, t.hand_state())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand.pressed = t.view.card_at(t.model, event.pos, t.hand_state())
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = t.view.card_at(t.model, event.pos, t.hand_state())
            pressed, hand.pressed = hand.pressed, None
            if card is not None and card == pressed:
                self.click_card(card)
            elif card is None and (t.view.pile_at(event.pos) or t.view.on_trick_area(event.pos)):
                t.open_last_trick()

    def overlay_event(self, overlay: TableOverlayScene, event: pygame.event.Event) -> None:
        """An event for the overlay scene on top (``ui.table.panels.overlay_scene``): its panel takes it,
        except Esc over the hot-seat curtain or the hand summary, which opens the pause menu over it (over the summary,
Esc first calls off "Hard in my seat" while it runs) (no card
        is shown; Resume returns to it), and S and L over the hand summary, which open the score sheet and the
        last trick over it."""
        key = event.key if event.type == pygame.KEYDOWN else None
        if key == pygame.K_ESCAPE and isinstance(overlay.panel, HandSummary) and overlay.panel.cancel_running():
            return  # Esc calls off "Hard in my seat" first (ui.table.panels.review_strip)
        opener = {pygame.K_ESCAPE: self.table.open_menu, pygame.K_s: self.table.open_score_sheet,
                  pygame.K_l: self.table.open_last_trick}.get(key) if key is not None else None
        if opener is not None and (overlay.name == "summary" or (overlay.name, key) == ("curtain", pygame.K_ESCAPE)):
            opener()
            return
        overlay.panel.handle_event(event)

    def click_card(self, card: Card) -> None:
        """The viewer chose a card: play it, or (exchange/redraw) select or unselect it."""
        t, hand = self.table, self.table.hand
        decision = t.decision()
        seat = t.control.viewer  # never None when there is a decision (the viewer's turn)
        if decision.kind == "play" and seat is not None:
            if t.ctx.settings.confirm_play and card not in hand.selected:
                hand.selected = {card}  # the confirm-before-playing setting: a first click selects, a second plays
                return
            t.try_action(Play(seat, card))
        elif decision.kind == "discard" and seat is not None:
            t.try_action(Discard(seat, card))  # one card at a time; the engine says why when it may not
        elif decision.kind in ("exchange", "redraw"):
            limit = decision.cards
            if card in hand.selected:
                hand.selected.discard(card)
            elif len(hand.selected) < limit:
                hand.selected.add(card)
            else:
                t.notes.show_toast(f"You have already chosen {limit} cards." if decision.kind == "exchange"
                                   else f"You may replace at most {limit} cards.")
        elif seat is not None and t.control.game.to_act != seat and t.player.idle:
            to_act = t.control.game.to_act
            t.notes.show_toast(f"Wait for {t.control.names[to_act]}." if to_act is not None
                               else "The game is over.")

    def _key(self, event: pygame.event.Event) -> bool:
        t = self.table
        key = event.key
        if self._trump_key(event):  # naming trump: S, H, D, C name the suit (before the S and H shortcuts)
            return True
        opener = {pygame.K_ESCAPE: t.open_menu, pygame.K_s: t.open_score_sheet, pygame.K_l: t.open_last_trick,
                  pygame.K_h: t.request_hint}.get(key)
        if opener is not None:
            opener()
            return True
        if key in (*ENTER_KEYS, pygame.K_SPACE) and t.player.holding:
            t.player.release()  # the finished trick held on the table ("until I click") is taken in
            return True
        decision = t.decision()
        if decision.kind == "bid" and self._bid_key(event, decision):
            return True
        seat = t.control.viewer  # never None when there is a decision (the viewer's turn)
        if decision.kind == "draw" and seat is not None and key in (pygame.K_k, pygame.K_d):
            t.try_action(Draw(seat, key == pygame.K_k))
            return True
        if decision.kind == "trump" and key in (pygame.K_LEFT, pygame.K_RIGHT):
            t.panel.group.move_focus(-1 if key == pygame.K_LEFT else 1)
            t.panel.group.show_keyboard_focus()
            return True
        if decision.kind in ("play", "discard", "exchange", "redraw") and self._card_key(event, decision):
            return True
        if (key in ENTER_KEYS or key == pygame.K_SPACE) and t.top_group.focus is None:
            self._enter(decision)
            return True  # never falls through to the top buttons ("Last trick")
        return False

    def _enter(self, decision: Decision) -> None:
        """Enter does what the prompt asks: the chosen bid, Look, Keep, Give, Replace, the focused card."""
        t = self.table
        chosen = t.panel.group.focus
        if chosen is not None and chosen.enabled and t.panel.visible:
            chosen.activate()
        elif t.look_visible():
            self.look()
        elif decision.kind in ("exchange", "redraw") and t.hand.focus is not None:
            self._press_focused(decision)
        elif decision.kind in ("play", "discard", "exchange", "redraw"):
            t.hand.move_focus(decision, self._hand(), 0)
        elif decision.kind == "bid":
            t.notes.show_toast(bid_help(decision))
        else:
            primary = t.panel.primary()
            if primary is not None:
                primary.activate()

    def _trump_key(self, event: pygame.event.Event) -> bool:
        """While the viewer names trump, the suit's letter names it."""
        t = self.table
        letter = (getattr(event, "unicode", "") or "").upper()
        seat = t.control.viewer
        if not letter or letter not in SUITS or seat is None or t.decision().kind != "trump":
            return False
        t.try_action(NameTrump(seat, SUITS.index(letter)))
        return True

    def _press_focused(self, decision: Decision) -> None:
        card = self.table.hand.focused(decision, self._hand())
        if card is not None:
            self.click_card(card)

    def _card_key(self, event: pygame.event.Event, decision: Decision) -> bool:
        t, hand = self.table, self.table.hand
        if not self._hand():
            return False
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            hand.move_focus(decision, self._hand(), -1 if key == pygame.K_LEFT else 1)
            return True
        waiting = hand.waiting(decision)  # a card chosen by a click, waiting to be confirmed (a setting)
        if key in ENTER_KEYS and waiting is not None:
            self.click_card(waiting)  # Enter plays the card the prompt names
            return True
        if key == pygame.K_SPACE or (key in ENTER_KEYS and decision.kind in ("play", "discard")):
            if hand.focus is None:
                hand.move_focus(decision, self._hand(), 0)  # the first press shows where the keyboard is
            else:
                self._press_focused(decision)
            return True
        if key in ENTER_KEYS:
            primary = t.panel.primary()
            if primary is not None and primary.enabled:
                primary.activate()
            elif hand.focus is not None:
                self._press_focused(decision)
            else:
                hand.move_focus(decision, self._hand(), 0)
            return True
        return False

    def _bid_key(self, event: pygame.event.Event, decision: Decision) -> bool:
        """Digits (and P where passing is legal) choose a bid, arrows move the choice; Enter confirms it (never
        one key)."""
        panel = self.table.panel
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            panel.group.move_focus(-1 if key == pygame.K_LEFT else 1)
            panel.group.show_keyboard_focus()
            return True
        values = {a.value for a in decision.legal if isinstance(a, Bid)}
        if key == pygame.K_p and PASS in values:
            self.digits = ""
            return self._choose_bid(PASS)
        digit = DIGIT_KEYS.get(key)
        if digit is None:
            return False
        for typed in (self.digits + digit, digit):
            value = typed_bid(int(typed), values)
            if value in values:
                self.digits = typed
                return self._choose_bid(value)
        self.digits = ""
        face_down = any(isinstance(a, Look) for a in decision.legal)
        seat = self.table.control.viewer  # the engine's refusal names the rule ("Your side must bid at least 4: ...")
        reason = None
        if seat is not None and not face_down:
            reason = self.table.control.game.why_illegal(Bid(seat, typed_bid(int(digit), values)))
        self.table.notes.show_toast(LOOK_FIRST if face_down else reason or f"You cannot bid {digit} now.")
        return True

    def _choose_bid(self, value: BidValue) -> bool:
        """Mark the bid button of ``value`` as chosen (Enter or a click then makes the bid)."""
        panel = self.table.panel
        button = panel.buttons.get(bid_name(value))
        if button is None:
            return False
        panel.group.set_focus(button)
        panel.group.show_keyboard_focus()
        return True

    def choose(self, action: Action) -> None:
        """A panel button was pressed (``ui.table.panels.bid_panel.ActionPanel``'s callback): try the action it
        stands for."""
        if self.table.control.viewer is not None:
            self.table.try_action(action)

    def look(self) -> None:
        """Turn the viewer's cards face up (the Look button, Enter on a face-down hand)."""
        seat = self.table.control.viewer
        if seat is not None:
            self.table.try_action(Look(seat))
