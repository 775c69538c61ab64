"""The card table: the only scene that talks to the engine.

Input becomes an engine action only when the engine lists it as legal (``Look`` when
``why_illegal`` accepts it: a person may look before his turn, where it is not listed);
refusals show the engine's reason. Every ``apply`` queues its
events and a snapshot for the ``EventPlayer``, which animates them while the engine may
already be ahead. Computer seats decide in a worker process (``ui.services.computer``), the Hint too; hot-seat
play hides every hand behind a curtain when the turn passes to a different person.

The scene is composed of parts, each with its own small interface: the controller (the game, computers,
hot-seat turns, undo, hints: no pygame), the input handler, the undo button, the viewer's hand, the overlays
and the painter (``ui.table``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.actions import Action, Bid, Look, Play
from game.cards import Card
from game.events import Event
from game.factory import default_options
from game.games import GAMES, Options
from game.state import Phase, TrickGame
from ui.config import GameConfig, SeatConfig, level_label
from ui.draw import wording
from ui.draw.toast import Notes
from ui.draw.widgets import Button, WidgetGroup
from ui.scene import Scene, SceneLike
from ui.scenes.gameover import GameOverScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.table_coach import TableCoach
from ui.scenes.tips import show_first_game_tips
from ui.services.saves import record_as_filed, window_facts
from ui.services.stats import TableStats
from ui.table.anim import EventPlayer, data_of
from ui.table.controller import COMPUTER_PAUSE_S, TableController
from ui.table.hand import ViewerHand, visible_point
from ui.table.hint import hint_button, hint_button_name, hint_cards, hint_label, hint_rect
from ui.table.input import TableInput
from ui.table.model import TableModel
from ui.table.overlays import TableOverlays
from ui.table.painter import Frame, TablePainter, prompt_for, statuses_for
from ui.table.panels.bid_panel import ActionPanel, Decision, decision_for
from ui.table.panels.curtain import Curtain
from ui.table.panels.last_trick import LastTrick
from ui.table.panels.menu import TableMenu
from ui.table.panels.score_panel import ScorePanel, side_names
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.panels.summary import HandSummary
from ui.table.undo import TableUndo
from ui.table.view import CardItem, HandState, TableView

if TYPE_CHECKING:
    from ui.context import AppContext

__all__ = ["COMPUTER_PAUSE_S", "TableScene", "make_config"]
MENU_BUTTONS = ("resume", "rules", "quit", "settings", "save_record")  # in the order TableMenu takes them


class TableScene(Scene):
    """Plays one game of ``config`` at the table; ``computer_sync`` decides inline (tests). Covered (by its own
    overlays, the rules, settings, a file chooser, the result...), the table is paused, not exited."""

    def __init__(self, ctx: AppContext, config: GameConfig, computer_sync: bool = False,
                 game: TrickGame | None = None) -> None:
        super().__init__(ctx)
        self.control = TableController(config, game, sync=computer_sync, worker=ctx.worker, think_ms=self.think_ms,
                                       pace=lambda: self.ctx.settings.pace_factor(), save=self._autosave)
        control, g = self.control, self.control.game
        control.stats = TableStats(ctx, config.seats, g)  # hands and the game's end counted once each
        self.coach = TableCoach(self, computer_sync)  # the Hint's reasons, each hand's review, "Hard in my seat"
        self.view = TableView(g.kind, g.num_seats, g.teams, control.names, ctx.size, GAMES[g.kind].hand_size,
                              art=ctx.art)
        self.view.bottom = control.humans[0] if control.humans else 0
        self.view.viewer = control.viewer
        self.view.levels = level_labels(self.control)
        self.model = TableModel(g.num_seats, g.kind)
        self.stage = TableStage(self)  # what the event player asks of the table
        self.player = EventPlayer(self.model, self.view, self.stage, self.speed, control.names, ctx.play_sound,
                                  trick_stays=lambda: self.ctx.settings.trick_stays)
        self.notes = Notes()
        self.hand = ViewerHand()  # the viewer's choices in the hand (ui.table.hand)
        self.input = TableInput(self)  # mouse and keys (ui.table.input)
        self.panel: ActionPanel = ActionPanel(self.input.choose)
        self.score_panel = ScorePanel(g.kind, g.teams, control.names, getattr(g.options, "target", 0))
        self.top_buttons = {"last_trick": Button("Last trick", self.open_last_trick, key="L"),
                            "scores": Button("Scores", self.open_score_sheet, key="S"),
                            "menu": Button("Menu", self.open_menu, key="Esc")}
        self.top_group = WidgetGroup(list(self.top_buttons.values()))
        self.look_button = Button("Look at cards", self.input.look, primary=True, key="Enter")
        self.hint_button: Button = hint_button(self.request_hint)
        self.overlays = TableOverlays(ctx, self, on_event=self.input.overlay_event, on_update=self.update,
                                      on_cover=self.on_cover, layout=lambda: self.view.layout)
        self.finished = False
        self.undo = TableUndo(control, self.notes, self._taken_back,  # Ctrl+Z and the Undo button
                              covered=lambda: self.overlays.up() or self.finished)
        self.painter = TablePainter(self.view, self.model, self.notes, self.panel, self.score_panel, self.hand,
                                    self.undo, list(self.top_buttons.values()), self.top_group,
                                    self.look_button, self.hint_button)
        self.time_s = 0.0
        self.panel_key: tuple[object, ...] | None = None
        self._decision: tuple[int, Decision] | None = None  # legal actions of the decision point, cached
        self._follow_settings()
        self.model.sync(control.snapshot())
        self._applied()
        self._place()
        # the deal starts now, so that a scene over the new table (the tips) shows the cards about to be dealt
        self.player.update(0.0)
        control.save()

    # ----- settings and the window
    def _autosave(self, game: TrickGame) -> None:
        saves = self.ctx.saves
        if saves is not None:
            window = window_facts(self.control.humans, self.think_ms(), game, self.control.config.coach_key)
            if hasattr(self, "coach"):  # the hands' reviews (the first save comes before the coach is made)
                self.coach.keep_in(window)
            saves.autosave(game, self.control.config.seat_records(), window)

    def speed(self) -> float:
        """The speed factor for animations and computer pauses (0 = instant)."""
        return self.ctx.settings.speed_factor()

    def think_ms(self) -> int:
        """How long the hard level (a computer seat or the Hint) may think per decision: the setting, read here
        alone (the computers and the Hint call this when they are asked)."""
        return self.ctx.settings.think_ms

    def _place(self) -> None:
        lay = self.view.layout
        for name, button in self.top_buttons.items():
            button.set_rect(lay.buttons[name])
        self.look_button.set_rect(lay.look_button)
        self.hint_button.set_rect(hint_rect(lay))
        self.undo.place(lay)
        self.panel.place(lay)
        self.overlays.place(lay)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout and card images; finish any motion under way."""
        self.player.finish_motion()
        self.hand.drawn_flight = None  # the drawn card lands at once
        self.hand.fan_x = {}
        self.view.resize(size)
        self._place()

    def _follow_settings(self) -> None:
        """Use the settings' card back, deck colours, felt and hand order (they may change during the game)."""
        st = self.ctx.settings
        self.view.set_style(st.card_back, st.four_color, st.felt)
        self.score_panel.four_color = st.four_color
        if (st.hand_suits, st.hand_rank == "low-high") != (self.model.suit_order, self.model.low_first):
            self.model.set_hand_order(st.hand_suits, st.hand_rank == "low-high")

    def on_enter(self) -> None:
        """Catch up with a resize made while another scene was on top; a new game's first-game tips (ui.scenes.tips)."""
        self._follow_settings()
        if tuple(self.ctx.size) != self.view.size:
            self.on_resize(self.ctx.size)
        show_first_game_tips(self)

    def on_cover(self, by: SceneLike) -> None:
        """Covered, the table is paused, not exited: a computer's or the Hint's question already asked keeps
        being worked out, and its answer is used once the table runs again (under a scene other than its
        overlays its update does not run: nobody moves meanwhile)."""

    def on_exit(self) -> None:
        """Left for good (popped, replaced, the stack cleared): stop the computer players and the Hint."""
        self.control.stop()
        self.coach.close()

    # ----- the state of play
    def can_act(self) -> bool:
        """True when the viewer may act now: screen caught up, nothing covering the table."""
        return (self.player.idle and self.control.viewer is not None and self.control.game.to_act ==
                self.control.viewer and not self.overlays.up() and not self.finished)

    def _engine_decision(self) -> Decision:
        """The viewer's decision as the engine lists it (kind "" when the viewer may not act now), cached for
        the decision point."""
        seat = self.control.game.to_act
        if not self.can_act() or seat is None:
            return Decision()
        cached = self._decision
        if cached is None or cached[0] != self.control.applied:
            g = self.control.game
            view = g.view(seat)
            legal = self.control.offered(list(view.legal))  # face down: no number bid before a look
            cached = (self.control.applied, decision_for(g.kind, view.phase, legal,
                                                         bool(view.looked[view.seat]), view.high_bid,
                                                         view.seat == view.dealer,
                                                         getattr(view.part, "to_put_down", 0)))
            self._decision = cached
        return cached[1]

    def decision(self) -> Decision:
        """The viewer's decision now (kind "" when it is not the viewer's turn, and in two-player drawing until
        the drawn card has flown in face up: prompt and buttons come with the card)."""
        decision = self._engine_decision()
        if decision.kind == "draw" and not self.hand.drawn_arrived(self._drawn_card()):
            return Decision()
        return decision

    def _drawn_card(self) -> Card | None:
        """Two-player drawing: the card the viewer just took from the stock (None otherwise)."""
        viewer = self.control.viewer
        return self.model.drawn.get(viewer) if self._engine_decision().kind == "draw" and viewer is not None else None

    def hand_state(self) -> HandState:
        """How the viewer's hand is drawn now."""
        viewer = self.control.viewer
        hand = self.model.hands.get(viewer) if viewer is not None else None
        marked = self.model.arrived.get(viewer, set()) & set(hand or ()) if viewer is not None else set()
        return self.hand.state(self.decision(), hand, hint_cards(self.shown_hint()), marked)

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` if the engine lists it as legal; otherwise show the engine's reason."""
        reason = self.control.apply(action)
        if reason is not None:
            self.notes.show_toast(reason)
            return False
        self._applied()
        return True

    def _applied(self) -> None:
        """After an action: its events to the animation, the choices being made cleared."""
        for events, snapshot in self.control.take_events():
            self.player.push(events, snapshot)
        self.hand.selected.clear()
        self.hand.pressed = None
        self.input.clear()
        self.panel_key = None

    def request_hint(self) -> None:
        """The Hint button or H: work out the hard level's choice for the viewer, in the background."""
        if not self.decision().kind or not self.control.ask_hint():
            if self.control.viewer is not None and not self.overlays.up() and not self.finished:
                self.notes.show_toast("A hint comes on your turn.")

    def shown_hint(self) -> Action | None:
        """The hinted action for the viewer's decision now, once it has come (None otherwise)."""
        return self.control.hint() if self.decision().kind else None

    def hint_visible(self) -> bool:
        """The Hint button shows on the viewer's turn, nothing covering the table."""
        return bool(self.decision().kind) and not self.overlays.up()

    def look_visible(self) -> bool:
        """The four-player Look button shows (and takes clicks) the whole time the viewer's hand is
        face down and the engine allows Look, whatever animations run (computers' bids, the deal)."""
        seat, g = self.control.viewer, self.control.game
        return (seat is not None and g.phase is Phase.BIDDING and self.model.hands.get(seat) is None
                and not self.overlays.up() and g.why_illegal(Look(seat)) is None)

    # ----- the loop
    def update(self, dt_s: float) -> None:
        """Animate, let computers move after their pause, raise the curtain, keep the panel current."""
        self.time_s += dt_s
        self.notes.update(dt_s)
        saves = self.ctx.saves
        for problem in saves.take_write_problems() if saves is not None else ():
            self.notes.show_toast(problem)
        self.overlays.animate(dt_s)
        for button in (*self.top_buttons.values(), self.look_button, self.hint_button):
            button.update(dt_s)
        self.undo.update(dt_s)
        self.panel.update(dt_s)
        if self.overlays.menu is not None:
            return  # paused
        self.player.update(dt_s)
        self.model.count_scores(dt_s, self.speed())
        if not self.finished:
            self._play_on(dt_s)
        self.hint_button.label = hint_label(self.control.hints.pending())

    def _play_on(self, dt_s: float) -> None:
        """The game goes on: computers asked and moved, the hands animated, the curtain raised."""
        control = self.control
        for failed, level in control.think_ahead():
            self.notes.show_toast(f"{control.names[failed]}'s computer player failed: it plays on at "
                                  f"{level.capitalize()}.")
            self.view.levels = level_labels(self.control)
        if not self.overlays.up():  # the drawn card's flight neither restarts nor skips under an overlay
            self.hand.fly_drawn(self._drawn_card(), self.view.layout, dt_s,
                                self.speed())
        hinted = self.shown_hint()  # a hinted card becomes the keyboard's choice
        self.hand.follow_hint(self.decision(), self.model.shown_hand(control.viewer),
                              hinted.card if isinstance(hinted, Play) else None)
        cards = [c for c in self.view.hand_cards(self.model) if c is not None]
        self.hand.slide(cards, [r.x for r in self.view.layout.hand_rects(len(cards))], dt_s, self.speed())
        caught_up = self.player.idle and self.overlays.summary is None
        control.wait(dt_s, caught_up)
        if caught_up:
            self._hot_seat()
            if control.computer_move(covered=self.overlays.up()):
                self._applied()
        self._sync_panel()

    def _hot_seat(self) -> None:
        """With several humans, hide the table when the turn passes to a different one of them."""
        if self.overlays.curtain is not None:
            return
        seat = self.control.curtain_needed()
        if seat is None:
            return
        self.view.viewer = None
        self.view.bottom = seat
        self.hand.clear()
        curtain = Curtain(self.control.names[seat], partial(self._lift_curtain, seat))
        self.overlays.open("curtain", curtain, {"curtain": curtain.button})

    def _lift_curtain(self, seat: int) -> None:
        self.overlays.close("curtain")
        self.control.lift_curtain(seat)
        self.view.viewer = self.view.bottom = seat
        self.hand.focus = None
        self.panel_key = None

    def _sync_panel(self) -> None:
        decision = self.decision()
        key = (self.control.applied, decision.kind, frozenset(self.hand.selected), self.view.size)
        if key != self.panel_key:
            self.panel_key = key
            self.panel.build(decision if decision.kind not in ("", "play") else Decision(), self.view.layout,
                             self.hand.selected)

    def _taken_back(self) -> None:
        """Undo put the game back: the table is drawn afresh from it (ui.table.undo)."""
        old = self.player
        self.stage = TableStage(self)  # what the event player asks of the table
        self.player = EventPlayer(self.model, self.view, self.stage, self.speed, self.control.names, old.sound,
                                  old.trick_stays)
        self.model.sync(self.control.snapshot())
        self.model.shown_scores = [float(s) for s in self.control.game.scores]
        self.hand.reset()
        self.input.clear()
        self.panel_key = None
        self._decision = None
        self.notes.clear()
        self.painter.forget()

    # ----- overlays (each a scene over the table while it is up: ui.table.overlays)
    def open_last_trick(self) -> None:
        """Show the last trick and who played each card (over the hand summary too)."""
        if not self.overlays.may_open():
            return
        if not self.model.last_trick:
            self.notes.show_toast("No trick has been played yet.")
            return
        panel = LastTrick(self.model.last_trick, self.model.last_winner, self.control.names,
                          self.overlays.closer("last_trick"), lambda: self.view.images)
        self.overlays.open("last_trick", panel, {"close": panel.button})

    def open_score_sheet(self) -> None:
        """Show every hand so far and the chart (over the hand summary too)."""
        if not self.overlays.may_open():
            return
        g = self.control.game
        sheet = ScoreSheet(g.kind, g.teams, self.control.names, self.model.results, getattr(g.options, "target", 0),
                           self.overlays.closer("sheet"))
        self.overlays.open("sheet", sheet, {"close": sheet.button})

    def open_menu(self) -> None:
        """Pause with Resume / Rules / Settings / Save record as / Quit to menu (over the curtain too)."""
        if self.overlays.menu is None:
            menu = TableMenu(*(partial(self._menu_chose, name) for name in MENU_BUTTONS))
            self.overlays.open("menu", menu, menu.buttons)

    def _menu_chose(self, name: str) -> None:
        """A button of the pause menu: the menu closes, then Rules, Settings or Save record as opens over the
        table, or Quit to menu puts the title menu in place of everything (the table stops its computers)."""
        self.overlays.close("menu")
        g, ctx = self.control.game, self.ctx
        if name == "rules":
            ctx.scenes.push(RulesScene(ctx, g.kind, g.options, g.num_seats))
        elif name == "settings":
            ctx.scenes.push(SettingsScene(ctx))
        elif name == "save_record":
            if ctx.app is not None:
                ctx.app.save_record_as(g, self.control.config.seat_records(), self.notes.show_toast)
        elif name == "quit" and ctx.app is not None and callable(ctx.app.go_to_menu):
            ctx.app.go_to_menu()
        elif name == "quit":
            while self in ctx.scenes:
                ctx.scenes.pop()  # the overlays over the table, then the table

    # ----- input and drawing
    def handle_event(self, event: pygame.event.Event) -> None:
        """The table's input handler takes every event (``ui.table.input``)."""
        self.input.handle_event(event)

    def frame(self) -> Frame:
        """What the table shows now (``ui.table.painter``): the hand, the prompt, plates, buttons, the hint."""
        viewer, seat, look, hinted = self.control.viewer, self.model.to_act, self.look_visible(), self.shown_hint()
        name = hint_button_name(hinted) if hinted is not None else None
        ring = self.button_rect(name) if name is not None else None
        if ring is None and look and isinstance(hinted, Bid):  # a bid that needs a look first rings Look
            ring = self.look_button.rect.copy()
        computer = seat is not None and self.control.computers.plays(seat)
        statuses = {} if not self.player.idle or self.finished else statuses_for(
            self.model, viewer, computer, self.control.computers.waiting_s() if computer else 0.0,
            self.overlays.up(), self.time_s)
        prompt = prompt_for(self.decision(), self.model, bool(self.hand.selected) and self.ctx.settings.confirm_play,
                            look, self.player.holding and not self.overlays.up())
        drawn = self._drawn_card()
        return Frame(self.hand_state(), seat if self.player.idle and not self.finished else None,
                     self.overlays.curtain is not None or viewer is None,
                     drawn if self.hand.drawn_flight is None else None, prompt, drawn is not None, statuses, look,
                     self.hint_visible(), ring, self.time_s)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, the moving cards, panels and notes (its overlays are scenes drawn over it); changes
        nothing."""
        self.painter.draw(surface, self.frame(), self.player)
        self.coach.draw_note(surface)

    # ----- for tests and tools
    def render_items(self) -> list[CardItem]:
        """Every card the table draws now (hands, piles, trick, drawn card), without drawing."""
        frame = self.frame()
        return self.view.items(self.model, frame.hand, frame.hide_hands, self._drawn_card())

    def face_up_hidden_cards(self) -> list[CardItem]:
        """Face-up cards drawn from a hand other than the viewer's (must always be empty)."""
        return [item for item in self.render_items() if item.face_up and item.owner is not None
                and (item.owner != self.control.viewer or self.overlays.curtain)]

    def rect_for_card(self, card: Card) -> pygame.Rect | None:
        """Where the viewer's ``card`` is drawn in the hand."""
        return self.view.hand_rect_of(self.model, card, self.hand_state())

    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where a named button is: panel buttons ("bid:4", "give"...), "look", "continue", "close",
        "curtain", top buttons ("scores", "last_trick", "menu") and menu items ("resume", "rules", "settings",
        "quit")."""
        overlay = self.overlays.top()  # only the newest overlay's buttons take clicks
        if overlay is not None:
            button = overlay.buttons.get(name)
            return button.rect.copy() if button is not None else None
        if name == "look" and self.look_visible():
            return self.look_button.rect.copy()
        if name == "hint":
            return self.hint_button.rect.copy() if self.hint_visible() else None
        if name in self.top_buttons:
            return self.top_buttons[name].rect.copy()
        self._sync_panel()
        return self.panel.rect_of(name)

    def clickable_points(self) -> dict[str, tuple[int, int]]:
        """Centres of everything clickable now: buttons by name and the viewer's cards as "card:AS"."""
        names = [*self.panel.buttons, "look", "continue", "close", "curtain", "resume", "rules", "settings", "quit",
                 "hint", *self.top_buttons]
        out = {name: rect.center for name in names if (rect := self.button_rect(name)) is not None}
        hand = self.model.shown_hand(self.control.viewer)
        rects = [self.rect_for_card(card) for card in hand]
        for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
            if rect is not None:
                out[f"card:{card}"] = visible_point(rect, rects[i + 1] if i + 1 < len(rects) else None)
        return out


class TableStage:
    """What the event player asks of the table (``ui.table.anim.Stage``): notes, the hand summary (the player
    waits until it is dismissed) and the result at the end, with its Play again and Review."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def bubble(self, seat: int, message: str) -> None:
        """A short speech bubble at a seat."""
        self.table.notes.show_bubble(seat, message)

    def toast(self, message: str, suit: int | None = None) -> None:
        """A short message in the middle of the table."""
        self.table.notes.show_toast(message, suit)

    def hand_scored(self, event: Event) -> None:
        """Open the hand summary; the event player waits until it is dismissed."""
        t = self.table
        model, g, data = t.model, t.control.game, data_of(event)
        summary = HandSummary(g.kind, g.teams, t.control.names, data, list(model.bids), list(model.tricks_won),
                              model.pitcher, model.high_bid, self._close_summary, t.speed(),
                              game_over=g.winner is not None and g.hand_number == data.get("hand"),
                              trump=model.trump, hand_tricks=list(model.hand_tricks))
        hand = data.get("hand")
        buttons = {"continue": summary.button}
        if t.coach.reviews.seats and isinstance(hand, int):  # the person's decisions, reviewed in the background
            strip = summary.extra = t.coach.review_strip(hand)
            buttons["review"] = strip.button
            if strip.duplicate is not None:
                buttons["hard_in_my_seat"] = strip.duplicate.button
        t.overlays.open("summary", summary, buttons)

    def _close_summary(self) -> None:
        self.table.overlays.close("summary")
        self.table.coach.duplicates.cancel_all()  # its result shows only in this summary; the worker is needed now
        self.table.notes.clear()  # nothing said about the last hand lingers into the next
        self.table.player.release()

    def game_over(self, event: Event) -> None:
        """Show the result over the finished table (which stays visible, dimmed, underneath)."""
        t = self.table
        t.finished = True
        g = t.control.game
        sides = side_names(g.teams, t.control.names)
        winner = event.value if event.value is not None else g.winner
        name = sides[winner] if winner is not None else "Nobody"
        t.control.stop()
        t.hand.hover = t.hand.pressed = None
        t.overlays.close_all()  # the result takes the place of a score sheet or last trick left open
        t.ctx.scenes.push(GameOverScene(t.ctx, f"{name} {wording.wins(name)}!",
                                        [(sides[i], s) for i, s in enumerate(g.scores)], self.play_again,
                                        winners=[winner] if winner is not None else [], on_review=self.review_game))

    def review_game(self) -> None:
        """The finished game in the replay viewer, every hand face up (Esc returns to the result)."""
        t = self.table
        if t.ctx.app is not None:
            t.ctx.app.open_viewer(record_as_filed(t.control.game, t.control.config.seat_records()))

    def play_again(self) -> None:
        """The same game and seats with a new seed, in place of this table (and the result over it)."""
        t = self.table
        config = replace(t.control.config, seed=random.Random().randrange(1, 2**31))
        stack = t.ctx.scenes
        while t in stack and stack.top is not t:
            stack.pop()  # the game-over result shown over this table
        start = t.ctx.app.start_game if t.ctx.app is not None else None
        if callable(start):
            start(config)
        else:
            stack.replace(TableScene(t.ctx, config))


def level_labels(control: TableController) -> dict[int, str]:
    """The level each computer seat plays at, as its plate shows it ("Hard")."""
    levels = {i: seat.level for i, seat in enumerate(control.config.seats) if not seat.human}
    levels.update(control.computers.failed)
    return {seat: level_label(level) for seat, level in levels.items()}


def make_config(game: str, names: list[str], humans: list[int], options: Options | None = None,
                seed: int | None = 1, level: str = "random") -> GameConfig:
    """A ``GameConfig`` for tests and tools (the setup screen builds the real ones)."""
    seats = tuple(SeatConfig(name, i in humans, level) for i, name in enumerate(names))
    return GameConfig(game, len(names), options if options is not None else default_options(game), seats, seed)
