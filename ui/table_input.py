"""The table's input: mouse and keys become engine actions (only legal ones) or open the overlays.

A mixin of ``TableScene``: it reads the scene's state (decision, viewer, model, view, panel)
and calls back ``try_action`` and the overlay openers. Positions always come from ``event.pos``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.actions import NIL, PASS, Bid, Draw, Exchange, Look, Play, Redraw
from game.cards import Card
from game.state import Phase
from ui.bid_panel import Decision

DIGIT_WAIT_S = 0.8  # how long a typed "1" waits for a second digit
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in "0123456789"}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in "0123456789"})


class TableInput:
    """Routes events: overlays first, then keys, buttons, the decision panel and the cards."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Overlays first, then keys, buttons, the decision panel and the cards."""
        for overlay in (self.curtain, self.menu, self.summary, self.sheet, self.last_trick):
            if overlay is not None:
                overlay.handle_event(event)
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
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.card_at(self.model, event.pos, self._hand_state())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.view.card_at(self.model, event.pos, self._hand_state())
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self.view.card_at(self.model, event.pos, self._hand_state())
            pressed, self.pressed = self.pressed, None
            if card is not None and card == pressed:
                self.click_card(card)
            elif card is None and self.view.pile_at(event.pos):
                self.open_last_trick()

    def click_card(self, card: Card) -> None:
        """The viewer chose a card: play it, or (exchange/redraw) select or unselect it."""
        decision = self.decision()
        if decision.kind == "play":
            self.try_action(Play(self.viewer, card))
        elif decision.kind in ("exchange", "redraw"):
            limit = 3
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < limit:
                self.selected.add(card)
            else:
                self.notes.show_toast("You have already chosen 3 cards." if decision.kind == "exchange"
                                      else "You may replace at most 3 cards.")
        elif self.viewer is not None and self.game.to_act != self.viewer and self.player.idle:
            self.notes.show_toast(f"Wait for {self.names[self.game.to_act]}." if self.game.to_act is not None
                                  else "The game is over.")

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.open_menu()
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
        if decision.kind == "bid":
            return self._bid_key(event)
        if decision.kind == "draw" and key in (pygame.K_k, pygame.K_d):
            self.try_action(Draw(self.viewer, key == pygame.K_k))
            return True
        if decision.kind in ("play", "exchange", "redraw"):
            return self._card_key(event, decision)
        return False

    def _card_key(self, event: pygame.event.Event, decision: Decision) -> bool:
        hand = self.model.hands.get(self.viewer) or []
        if not hand:
            return False
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if self.focus is None:
                self.focus = 0 if step > 0 else len(hand) - 1
            else:
                self.focus = (min(self.focus, len(hand) - 1) + step) % len(hand)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            if self.panel.group.focus is not None:
                return False  # the panel's focused button takes Enter
            self.click_card(hand[min(self.focus, len(hand) - 1)])
            return True
        return False

    def _bid_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        digit = DIGIT_KEYS.get(key)
        if key == pygame.K_p and self.game.kind == "pitch":
            self.try_action(Bid(self.viewer, PASS))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.digits:
            digits, self.digits = self.digits, ""
            self._bid_number(int(digits))
            return True
        if digit is None:
            return False
        self.digits += digit
        self.digit_s = 0.0
        value = int(self.digits)
        values = {a.value for a in self.game.legal_actions() if isinstance(a, Bid)}
        longer = any(isinstance(v, int) and v > value and str(v).startswith(self.digits) for v in values)
        if not longer:
            self.digits = ""
            self._bid_number(value)
        return True

    def _bid_number(self, value: int) -> None:
        if value == 0:
            bid: Any = NIL if self.game.kind != "pitch" else PASS
        else:
            bid = value
        self.try_action(Bid(self.viewer, bid))

    def _choose(self, name: str) -> None:
        """A panel button was pressed."""
        seat = self.viewer
        if seat is None:
            return
        if name == "look":
            self.try_action(Look(seat))
        elif name.startswith("bid:"):
            raw = name[4:]
            self.try_action(Bid(seat, int(raw) if raw.isdigit() else raw))
        elif name.startswith("draw:"):
            self.try_action(Draw(seat, name == "draw:keep"))
        elif name == "give":
            self.try_action(Exchange(seat, tuple(sorted(self.selected))))
        elif name == "replace":
            self.try_action(Redraw(seat, tuple(sorted(self.selected))))
        elif name == "keep_hand":
            self.try_action(Redraw(seat, ()))

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
