"""The table's input: mouse and keys become engine actions (only legal ones) or open the overlays.

A mixin of ``TableScene``: it reads the scene's state (decision, viewer, model, view, panel)
and calls back ``try_action`` and the overlay openers. Positions always come from ``event.pos``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.actions import Action, Bid, Discard, Draw, Look, NameTrump, Play
from game.cards import SUITS, Card
from game.state import Phase
from ui.games import presentation_of
from ui.table.panels.bid_panel import Decision, bid_name

if TYPE_CHECKING:
    from ui.table.host import TableHost
    from ui.table.panels.overlay_scene import TableOverlayScene
else:
    TableHost = object  # the scene's members, declared for the type checker only (ui.table.host)

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in "0123456789"}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in "0123456789"})


class TableInput(TableHost):
    """Routes events: the overlay on top first, then keys, buttons, the decision panel and the cards."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """The newest overlay first (it is the scene on top: this is for a caller handing the table an event
        directly), then keys, buttons, the decision panel and the cards."""
        overlay = self.top_overlay()
        if overlay is not None:
            self.overlay_event(overlay, event)
            return
        if self.undo_event(event):  # Ctrl+Z, the Undo button (ui.table.undo)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self.top_group.handle_event(event):
            return
        if self._look_visible() and self.look_button.handle_event(event):
            return
        if self._hint_visible() and self.hints.button.handle_event(event):
            return
        if self.panel.handle_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.focus = None  # the keyboard's card shows only while the keyboard is in use
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.card_at(self.model, event.pos, self._hand_state())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.view.card_at(self.model, event.pos, self._hand_state())
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self.view.card_at(self.model, event.pos, self._hand_state())
            pressed, self.pressed = self.pressed, None
            if card is not None and card == pressed:
                self.click_card(card)
            elif card is None and (self.view.pile_at(event.pos) or self.layout.trick_area.collidepoint(event.pos)):
                self.open_last_trick()

    def overlay_event(self, overlay: TableOverlayScene, event: pygame.event.Event) -> None:
        """An event for the overlay scene on top (``ui.table.panels.overlay_scene``): its panel takes it,
        except Esc over the hot-seat curtain or the hand summary, which opens the pause
        menu over it (no card is shown; Resume returns to it)."""
        if (overlay.name in ("curtain", "summary") and event.type == pygame.KEYDOWN
                and event.key == pygame.K_ESCAPE):
            self.open_menu()
            return
        overlay.panel.handle_event(event)

    def click_card(self, card: Card) -> None:
        """The viewer chose a card: play it, or (exchange/redraw) select or unselect it."""
        decision = self.decision()
        seat = self.viewer  # never None when there is a decision (the viewer's turn)
        if decision.kind == "play" and seat is not None:
            if self.ctx.settings.confirm_play and card not in self.selected:
                self.selected = {card}  # the confirm-before-playing setting: a first click selects, a second plays
                return
            self.try_action(Play(seat, card))
        elif decision.kind == "discard" and seat is not None:
            self.try_action(Discard(seat, card))  # one card at a time; the engine says why when it may not
        elif decision.kind in ("exchange", "redraw"):
            limit = decision.cards
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < limit:
                self.selected.add(card)
            else:
                self.notes.show_toast(f"You have already chosen {limit} cards." if decision.kind == "exchange"
                                      else f"You may replace at most {limit} cards.")
        elif self.viewer is not None and self.game.to_act != self.viewer and self.player.idle:
            self.notes.show_toast(f"Wait for {self.names[self.game.to_act]}." if self.game.to_act is not None
                                  else "The game is over.")

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.open_menu()
            return True
        if self._trump_key(event):  # naming trump: S, H, D, C name the suit (before the S and H shortcuts)
            return True
        if key == pygame.K_s:
            self.open_score_sheet()
            return True
        if key == pygame.K_l:
            self.open_last_trick()
            return True
        if key == pygame.K_h:
            self.request_hint()
            return True
        decision = self.decision()
        if decision.kind == "bid" and self._bid_key(event):
            return True
        seat = self.viewer  # never None when there is a decision (the viewer's turn)
        if decision.kind == "draw" and seat is not None and key in (pygame.K_k, pygame.K_d):
            self.try_action(Draw(seat, key == pygame.K_k))
            return True
        if decision.kind == "trump" and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.panel.group.move_focus(-1 if key == pygame.K_LEFT else 1)
            self.panel.group.show_keyboard_focus()
            return True
        if decision.kind in ("play", "discard", "exchange", "redraw") and self._card_key(event, decision):
            return True
        if (key in ENTER_KEYS or key == pygame.K_SPACE) and self.top_group.focus is None:
            self._enter(decision)
            return True  # never falls through to the top buttons ("Last trick")
        return False

    def _enter(self, decision: Decision) -> None:
        """Enter does what the prompt asks: the chosen bid, Look, Keep, Give, Replace, the focused card."""
        chosen = self.panel.group.focus
        if chosen is not None and chosen.enabled and self.panel.visible:
            chosen.activate()
        elif self._look_visible():
            self._look()
        elif decision.kind in ("play", "discard"):
            self._move_focus(decision, 0)
        elif decision.kind in ("exchange", "redraw") and self.focus is not None:
            self._press_focused(decision)
        elif decision.kind in ("exchange", "redraw"):
            self._move_focus(decision, 0)
        elif decision.kind == "bid":
            self.notes.show_toast(presentation_of(decision.game).bid_help)
        else:
            primary = self.panel.primary()
            if primary is not None:
                primary.activate()

    def _trump_key(self, event: pygame.event.Event) -> bool:
        """While the viewer names trump, the suit's letter names it."""
        letter = (getattr(event, "unicode", "") or "").upper()
        if not letter or letter not in SUITS or self.viewer is None:
            return False
        if self.decision().kind != "trump":
            return False
        self.try_action(NameTrump(self.viewer, SUITS.index(letter)))
        return True

    def _focus_candidates(self, decision: Decision) -> list[int]:
        """The hand's indexes the arrows may land on: only playable cards when playing."""
        hand = self.model.shown_hand(self.viewer)
        if decision.kind in ("play", "discard"):
            legal = {a.card for a in decision.legal if isinstance(a, (Play, Discard))}
            return [i for i, card in enumerate(hand) if card in legal]
        return list(range(len(hand)))

    def _move_focus(self, decision: Decision, step: int) -> None:
        """Put the keyboard's focus on the next candidate card ``step`` places on (0: keep or take the first)."""
        candidates = self._focus_candidates(decision)
        if not candidates:
            self.focus = None
            return
        if self.focus is None:
            self.focus = candidates[0] if step >= 0 else candidates[-1]
            return
        if self.focus not in candidates:
            later = [i for i in candidates if i > self.focus]
            self.focus = later[0] if later else candidates[-1]
            if step == 0:
                return
        index = candidates.index(self.focus)
        self.focus = candidates[(index + step) % len(candidates)]

    def _press_focused(self, decision: Decision) -> None:
        hand = self.model.shown_hand(self.viewer)
        if self.focus is None or not hand:
            return
        self.click_card(hand[min(self.focus, len(hand) - 1)])

    def _card_key(self, event: pygame.event.Event, decision: Decision) -> bool:
        if not self.model.shown_hand(self.viewer):
            return False
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_focus(decision, -1 if key == pygame.K_LEFT else 1)
            return True
        if key == pygame.K_SPACE or (key in ENTER_KEYS and decision.kind in ("play", "discard")):
            if self.focus is None:
                self._move_focus(decision, 0)  # the first press shows where the keyboard is
            else:
                self._press_focused(decision)
            return True
        if key in ENTER_KEYS:
            primary = self.panel.primary()
            if primary is not None and primary.enabled:
                primary.activate()
            elif self.focus is not None:
                self._press_focused(decision)
            else:
                self._move_focus(decision, 0)
            return True
        return False

    def _bid_key(self, event: pygame.event.Event) -> bool:
        """Digits (and P in Pitch) choose a bid, arrows move the choice; Enter confirms it (never one key)."""
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.panel.group.move_focus(-1 if key == pygame.K_LEFT else 1)
            self.panel.group.show_keyboard_focus()
            return True
        pass_bid = presentation_of(self.game.kind).pass_bid
        if key == pygame.K_p and pass_bid is not None:
            self.digits = ""
            return self._choose_bid(pass_bid)
        digit = DIGIT_KEYS.get(key)
        if digit is None:
            return False
        values = {a.value for a in self.game.legal_actions() if isinstance(a, Bid)}
        for typed in (self.digits + digit, digit):
            value = self._typed_bid(int(typed))
            if value in values:
                self.digits = typed
                return self._choose_bid(value)
        self.digits = ""
        self.notes.show_toast(f"You cannot bid {digit} now.")
        return True

    def _typed_bid(self, number: int) -> Any:
        """The bid a typed number stands for (the game's presentation: 0 is Nil, or a pass in Pitch)."""
        return presentation_of(self.game.kind).typed_bid(number)

    def _choose_bid(self, value: Any) -> bool:
        """Mark the bid button of ``value`` as chosen (Enter or a click then makes the bid)."""
        button = self.panel.buttons.get(bid_name(value))
        if button is None:
            return False
        self.panel.group.set_focus(button)
        self.panel.group.show_keyboard_focus()
        return True

    def _choose(self, action: Action) -> None:
        """A panel button was pressed: try the action it stands for."""
        if self.viewer is not None:
            self.try_action(action)

    def _look(self) -> None:
        if self.viewer is not None:
            self.try_action(Look(self.viewer))

    def _look_visible(self) -> bool:
        """The four-player Look button shows (and takes clicks) the whole time the viewer's hand is
        face down and the engine allows Look, whatever animations run (computers' bids, the deal)."""
        seat = self.viewer
        return (seat is not None and self.game.phase is Phase.BIDDING
                and self.model.hands.get(seat) is None and not self._overlay()
                and self.game.why_illegal(Look(seat)) is None)
