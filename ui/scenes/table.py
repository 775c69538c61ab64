"""The card table: the only scene that talks to the engine.

Input becomes an engine action only when the engine lists it as legal (``Look`` when
``why_illegal`` accepts it: a person may look before his turn, where it is not listed);
refusals show the engine's reason. Every ``apply`` queues its
events and a snapshot for the ``EventPlayer``, which animates them while the engine may
already be ahead. Computer seats decide in a worker process (``ui.services.computer``), the Hint too; hot-seat
play hides every hand behind a curtain when the turn passes to a different person.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.actions import Action, Play
from game.cards import Card
from game.events import Event
from game.factory import default_options
from game.games import GAMES
from game.options import PitchOptions, SpadesOptions
from game.state import Phase, TrickGame
from ui.config import GameConfig, SeatConfig, level_label
from ui.draw import text, theme, wording
from ui.draw.sprites import Flight
from ui.draw.toast import Notes, draw_pill
from ui.draw.tween import ease_out_cubic
from ui.draw.widgets import Button, WidgetGroup
from ui.scene import Scene, SceneLike
from ui.scenes.gameover import GameOverScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.tips import show_first_game_tips
from ui.services.computer import ComputerPlayers
from ui.services.saves import record_as_filed, window_facts
from ui.services.stats import TableStats
from ui.table.anim import EventPlayer, data_of
from ui.table.controller import COMPUTER_PAUSE_S, AfterAction, TableController, human_seats
from ui.table.hint import Hints, draw_hint_ring, hint_button_name, hint_cards, hint_rect
from ui.table.input import TableInput
from ui.table.layout import TableLayout
from ui.table.model import TableModel
from ui.table.panels.bid_panel import ActionPanel, Decision, decision_for
from ui.table.panels.curtain import Curtain
from ui.table.panels.last_trick import LastTrick
from ui.table.panels.menu import TableMenu
from ui.table.panels.overlay_scene import Overlay, OverlaySlot, TableOverlayScene
from ui.table.panels.score_panel import ScorePanel, side_names
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.panels.summary import HandSummary
from ui.table.undo import TableUndo, UndoStack
from ui.table.view import BUBBLE_PX, CardItem, HandState, TableView

if TYPE_CHECKING:
    from ui.context import AppContext

__all__ = ["COMPUTER_PAUSE_S", "TableScene", "make_config"]
THINKING_AFTER_S = 0.3  # a computer's plate says Thinking only once its answer is this late


class TableScene(TableUndo, TableInput, Scene):
    """Plays one game of ``config`` at the table; ``computer_sync`` decides inline (tests)."""

    # the overlays, each a scene over the table while it is up (ui.table.panels.overlay_scene): their panels, or None
    summary = OverlaySlot[HandSummary]()
    sheet = OverlaySlot[ScoreSheet]()
    last_trick = OverlaySlot[LastTrick]()
    menu = OverlaySlot[TableMenu]()
    curtain = OverlaySlot[Curtain]()

    def __init__(self, ctx: AppContext, config: GameConfig, computer_sync: bool = False,
                 game: TrickGame | None = None) -> None:
        super().__init__(ctx)
        self.overlays: dict[str, TableOverlayScene] = {}  # the overlay scenes up, by name, oldest first
        worker = ctx.worker  # the program's worker process (ui.services.computer)
        # the Hint's requests (kept by the controller) and its button
        self.hints = Hints(human_seats(config), config.seed, self.request_hint, computer_sync, worker, self.think_ms)
        # the game, computers, hot-seat turns, undo, hints and the events to animate (no pygame: ui.table.controller)
        self.control = TableController(config, game, sync=computer_sync, worker=worker, think_ms=self.think_ms,
                                       pace=lambda: self.ctx.settings.pace_factor(), save=self._autosave,
                                       hints=self.hints)
        g = self.game
        # hands and the game's end counted once each (ui.services.stats)
        self.control.stats = TableStats(ctx, config.seats, g)
        self.view = TableView(g.kind, g.num_seats, g.teams, self.names, ctx.size,
                              GAMES[g.kind].hand_size, art=ctx.art)
        self.view.bottom = self.humans[0] if self.humans else 0
        self.view.viewer = self.viewer
        self.view.levels = self._level_labels()
        self.model = TableModel(g.num_seats, g.kind)
        self.player = EventPlayer(self.model, self.view, self, self.speed, self.names, ctx.play_sound)
        self.score_panel = ScorePanel(g.kind, g.teams, self.names, getattr(g.options, "target", 0))
        self._follow_settings()
        self.notes = Notes()
        self.panel = ActionPanel(self._choose)
        self.top_buttons = {
            "last_trick": Button("Last trick", self.open_last_trick, key="L"),
            "scores": Button("Scores", self.open_score_sheet, key="S"),
            "menu": Button("Menu", self.open_menu, key="Esc"),
        }
        self.top_group = WidgetGroup(list(self.top_buttons.values()))
        self.look_button = Button("Look at cards", self._look, primary=True, key="Enter")
        self.init_undo()  # Ctrl+Z and the Undo button against computers (ui.table.undo)
        self.time_s = 0.0
        self.hover: Card | None = None
        self.pressed: Card | None = None
        self.focus: int | None = None  # keyboard's index into the hand
        self.selected: set[Card] = set()
        self.digits = ""  # the bid typed so far (digits choose a bid; Enter or a click makes it)
        self.panel_key: tuple[object, ...] | None = None
        self._decision: tuple[int, Decision] | None = None  # legal actions of the decision point, cached
        self.fan_x: dict[Card, float] = {}  # where each of the viewer's cards is drawn (they glide)
        self.drawn_shown: Card | None = None  # two-player: the drawn card last shown, and its flight in
        self.drawn_flight: Flight | None = None
        self._layer: pygame.Surface | None = None  # the still table, redrawn when its key changes
        self._layer_key: tuple[object, ...] | None = None
        self.finished = False
        self.model.sync(self.control.snapshot())
        self._take_events()
        self._place()
        # the deal starts now, so that a scene over the new table (the tips) shows the cards about to be dealt,
        # not the hands already dealt before the cards fly
        self.player.update(0.0)
        self.save_now()

    # ----- the controller's state, as the scene's (tests and tools read and set these)
    @property
    def game(self) -> TrickGame:
        """The engine game being played (the controller's)."""
        return self.control.game

    @game.setter
    def game(self, value: TrickGame) -> None:
        self.control.game = value

    @property
    def config(self) -> GameConfig:
        """The ``GameConfig`` of this table."""
        return self.control.config

    @property
    def names(self) -> list[str]:
        """The seats' names."""
        return self.control.names

    @names.setter
    def names(self, value: list[str]) -> None:
        self.control.names = value

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return self.control.humans

    @property
    def computers(self) -> ComputerPlayers:
        """The computer players (``ui.services.computer.ComputerPlayers``)."""
        return self.control.computers

    @property
    def stats(self) -> AfterAction | None:
        """The statistics hook (``ui.services.stats.TableStats``)."""
        return self.control.stats

    @property
    def snapshot_seats(self) -> list[int]:
        """The seats whose hands the snapshots show."""
        return self.control.snapshot_seats

    @property
    def viewer(self) -> int | None:
        """The seat looking at the table (None: nobody, behind the curtain or all computers)."""
        return self.control.viewer

    @viewer.setter
    def viewer(self, value: int | None) -> None:
        self.control.viewer = value

    @property
    def applied(self) -> int:
        """Actions applied so far: names the current decision point."""
        return self.control.applied

    @applied.setter
    def applied(self, value: int) -> None:
        self.control.applied = value

    @property
    def idle_s(self) -> float:
        """Time the screen has been caught up."""
        return self.control.idle_s

    @idle_s.setter
    def idle_s(self, value: float) -> None:
        self.control.idle_s = value

    @property
    def undo(self) -> UndoStack:
        """The human's decisions for undo."""
        return self.control.undo

    @undo.setter
    def undo(self, value: UndoStack) -> None:
        self.control.undo = value

    def _take_events(self) -> None:
        """Hand the controller's new events to the event player, in order."""
        for events, snapshot in self.control.take_events():
            self.player.push(events, snapshot)

    def save_now(self) -> None:
        """Autosave the game as it stands (ui.services.saves: in the background; a finished game clears the save)."""
        self.control.save()

    def _autosave(self, game: TrickGame) -> None:
        saves = self.ctx.saves
        if saves is not None:
            saves.autosave(game, self.config.seat_records(), window_facts(self.humans, self.think_ms(), game))

    # ----- helpers for everyone
    def speed(self) -> float:
        """The speed factor for animations and computer pauses (0 = instant)."""
        return self.ctx.settings.speed_factor()

    def think_ms(self) -> int:
        """How long the hard level (a computer seat or the Hint) may think per decision: the setting, read here
        alone (the computers and the Hint call this when they are asked)."""
        return self.ctx.settings.think_ms

    def _level_labels(self) -> dict[int, str]:
        """The level each computer seat plays at, as its plate shows it ("Hard")."""
        levels = {i: seat.level for i, seat in enumerate(self.config.seats) if not seat.human}
        levels.update(self.computers.failed)
        return {seat: level_label(level) for seat, level in levels.items()}

    @property
    def layout(self) -> TableLayout:
        """Every rect of the table for the current window."""
        return self.view.layout

    def _place(self) -> None:
        lay = self.view.layout
        for name, button in self.top_buttons.items():
            button.set_rect(lay.buttons[name])
        self.look_button.set_rect(lay.look_button)
        self.hints.button.set_rect(hint_rect(lay))
        self.place_undo(lay)
        self.panel.place(lay)
        for overlay in self.overlays.values():
            overlay.panel.place(lay)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout and card images; finish any motion under way."""
        self.player.finish_motion()
        self.drawn_flight = None  # the drawn card lands at once
        self.fan_x = {}
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
        """Covered (by its own overlays, the rules, settings, a file chooser, the result...), the table is paused,
        not exited: a computer's or the Hint's question already asked keeps being worked out, and its answer is
        used once the table runs again (under a scene other than its overlays its update does not run: nobody
        moves meanwhile)."""

    def on_exit(self) -> None:
        """Left for good (popped, replaced, the stack cleared): stop the computer players and the Hint."""
        self.control.stop()

    # ----- the state of play
    def can_act(self) -> bool:
        """True when the viewer may act now: screen caught up, nothing covering the table."""
        return (self.player.idle and self.viewer is not None and self.game.to_act == self.viewer
                and not self._overlay() and not self.finished)

    def _overlay(self) -> bool:
        return bool(self.overlays)

    def decision(self) -> Decision:
        """The viewer's decision now (kind "" when it is not the viewer's turn, and in two-player
        drawing until the drawn card has flown in face up: prompt and buttons come with the card)."""
        decision = self._engine_decision()
        if decision.kind == "draw" and not self._drawn_arrived():
            return Decision("")
        return decision

    def _engine_decision(self) -> Decision:
        """The viewer's decision as the engine lists it (kind "" when the viewer may not act now)."""
        if not self.can_act():
            return Decision("")
        cached = self._decision
        if cached is not None and cached[0] == self.applied:
            return cached[1]
        g = self.game
        seat = g.to_act
        if seat is None:  # the game is over (can_act says so already)
            return Decision("")
        view = g.view(seat)
        decision = decision_for(g.kind, view.phase, list(view.legal), bool(view.looked[seat]), view.high_bid,
                                seat == view.dealer)
        self._decision = (self.applied, decision)
        return decision

    def _hand_state(self) -> HandState:
        decision = self.decision()
        hand = self.model.hands.get(self.viewer) if self.viewer is not None else None
        focus = None
        if hand and self.focus is not None and decision.kind:
            focus = hand[min(self.focus, len(hand) - 1)]
        x = {card: round(pos) for card, pos in self.fan_x.items()}
        hint = hint_cards(self.shown_hint()) & set(hand or ())
        marked = self.model.arrived.get(self.viewer, set()) & set(hand or ()) if self.viewer is not None else set()
        if decision.kind == "play":
            legal = {a.card for a in decision.legal if isinstance(a, Play)}
            chosen = set(self.selected) & legal  # a card waiting for the confirming click (a setting)
            return HandState(legal, self.hover, chosen, focus, x=x, hint=hint, marked=marked)
        if decision.kind in ("exchange", "redraw"):
            return HandState(set(hand or ()), self.hover, set(self.selected), focus, x=x, hint=hint, marked=marked)
        return HandState(None, None, set(), None, x=x, marked=marked)

    def _slide_hand(self, dt_s: float) -> None:
        """Cards in the viewer's hand glide to their places when the fan changes (a card played, drawn)."""
        cards = [c for c in self.view.hand_cards(self.model) if c is not None]
        targets = self.view.layout.hand_rects(len(cards))
        k = 1.0 if self.speed() <= 0 else 1.0 - math.exp(-dt_s * 14.0 / self.speed())
        placed: dict[Card, float] = {}
        for card, rect in zip(cards, targets, strict=True):
            x = self.fan_x.get(card)
            x = float(rect.x) if x is None else x + (rect.x - x) * k
            placed[card] = float(rect.x) if abs(rect.x - x) < 0.6 else x
        self.fan_x = placed

    # ----- applying actions
    def _legal_match(self, action: Action) -> Action | None:
        """The engine's own legal action equal to ``action`` (cards compared as sets), or None."""
        return self.control.legal_match(action)

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` if the engine lists it as legal; otherwise show the engine's reason."""
        reason = self.control.apply(action)
        if reason is not None:
            self.notes.show_toast(reason)
            return False
        self._applied()
        return True

    def _apply(self, action: Action) -> None:
        self.control.commit(action)
        self._applied()

    def _applied(self) -> None:
        """After an action: its events to the animation, the choices being made cleared."""
        self._take_events()
        self.selected.clear()
        self.pressed = None
        self.digits = ""
        self.panel_key = None

    # ----- the Hint (the hard level's choice for the human to act, from that seat's own view: the controller's)
    def request_hint(self) -> None:
        """The Hint button or H: work out the hard level's choice for the viewer, in the background."""
        if not self.decision().kind or not self.control.ask_hint():
            if self.viewer is not None and not self._overlay() and not self.finished:
                self.notes.show_toast("A hint comes on your turn.")

    def shown_hint(self) -> Action | None:
        """The hinted action for the viewer's decision now, once it has come (None otherwise)."""
        return self.control.hint() if self.decision().kind else None

    def _hint_visible(self) -> bool:
        return bool(self.decision().kind) and not self._overlay()

    # ----- the engine-facing loop
    def update(self, dt_s: float) -> None:
        """Animate, let computers move after their pause, raise the curtain, keep the panel current."""
        self.time_s += dt_s
        self.notes.update(dt_s)
        saves = self.ctx.saves
        for problem in saves.take_write_problems() if saves is not None else ():
            self.notes.show_toast(problem)
        for overlay in list(self.overlays.values()):
            overlay.panel.update(dt_s)
        self.top_group.update(dt_s)
        self.look_button.update(dt_s)
        self.hints.button.update(dt_s)
        self.undo_button.update(dt_s)
        self.panel.update(dt_s)
        if self.menu is not None:
            return  # paused
        self.player.update(dt_s)
        self._count_scores(dt_s)
        if self.finished:
            return
        self._think_ahead()
        self._animate_drawn_card(dt_s)
        self._slide_hand(dt_s)
        if not self.player.idle or self.summary is not None:
            self.control.wait(dt_s, False)
            self._sync_panel()
            return
        self.control.wait(dt_s, True)
        self._hot_seat()
        self._computer_move()
        self._sync_panel()

    def _count_scores(self, dt_s: float) -> None:
        model = self.model
        if len(model.shown_scores) != len(model.scores):
            model.shown_scores = [float(s) for s in model.scores]
        for i, target in enumerate(model.scores):
            shown = model.shown_scores[i]
            gap = target - shown
            if self.speed() <= 0 or abs(gap) < 0.5:
                model.shown_scores[i] = float(target)
                continue
            step = max(40.0, abs(gap) * 2.5) * dt_s / self.speed()
            model.shown_scores[i] = shown + max(-abs(gap), min(abs(gap), step)) * (1 if gap > 0 else -1)

    def _think_ahead(self) -> None:
        """Ask the computer to act as soon as the engine waits for it (the screen may still be catching up)."""
        failures = self.control.think_ahead()
        for failed, level in failures:
            name = self.names[failed]
            self.notes.show_toast(f"{name}'s computer player failed: it plays on at {level.capitalize()}.")
            self.view.levels = self._level_labels()

    def _computer_move(self) -> None:
        if self.control.computer_move(covered=self._overlay()):
            self._applied()

    def _hot_seat(self) -> None:
        """With several humans, hide the table when the turn passes to a different one of them."""
        if self.curtain is not None:
            return
        seat = self.control.curtain_needed()
        if seat is None:
            return
        self.view.viewer = None
        self.view.bottom = seat
        self.hover = self.pressed = None
        self.selected.clear()
        curtain = Curtain(self.names[seat], partial(self._lift_curtain, seat))
        self.open_overlay("curtain", curtain, {"curtain": curtain.button})

    def _lift_curtain(self, seat: int) -> None:
        self.close_overlay("curtain")
        self.control.lift_curtain(seat)
        self.view.viewer = seat
        self.view.bottom = seat
        self.focus = None
        self.panel_key = None

    def _sync_panel(self) -> None:
        decision = self.decision()
        key = (self.applied, decision.kind, len(self.selected), self.view.size)
        if key == self.panel_key:
            return
        self.panel_key = key
        if decision.kind in ("", "play"):
            self.panel.build(Decision(""), self.view.layout)
        else:
            self.panel.build(decision, self.view.layout, len(self.selected))

    # ----- stage callbacks (from the event player)
    def bubble(self, seat: int, message: str) -> None:
        """A short speech bubble at a seat."""
        self.notes.show_bubble(seat, message)

    def toast(self, message: str, suit: int | None = None) -> None:
        """A short message in the middle of the table."""
        self.notes.show_toast(message, suit)

    def hand_scored(self, event: Event) -> None:
        """Open the hand summary; the event player waits until it is dismissed."""
        model = self.model
        data = data_of(event)
        over = self.game.winner is not None and self.game.hand_number == data.get("hand")
        summary = HandSummary(self.game.kind, self.game.teams, self.names, data, list(model.bids),
                              list(model.tricks_won), model.pitcher, model.high_bid, self._close_summary,
                              self.speed(), game_over=over, trump=model.trump, hand_tricks=list(model.hand_tricks))
        self.open_overlay("summary", summary, {"continue": summary.button})

    def _close_summary(self) -> None:
        self.close_overlay("summary")
        self.notes.clear()  # nothing said about the last hand lingers into the next
        self.player.release()

    def game_over(self, event: Event) -> None:
        """Show the result over the finished table (which stays visible, dimmed, underneath)."""
        self.finished = True
        sides = side_names(self.game.teams, self.names)
        winner = event.value if event.value is not None else self.game.winner
        name = sides[winner] if winner is not None else "Nobody"
        scores = [(sides[i], s) for i, s in enumerate(self.game.scores)]
        self.control.stop()
        self.hover = self.pressed = None
        self.close_overlays()  # the result takes the place of a score sheet or last trick left open
        self.ctx.scenes.push(GameOverScene(self.ctx, f"{name} {wording.wins(name)}!", scores, self.play_again,
                                           winners=[winner] if winner is not None else [],
                                           on_review=self.review_game))

    def review_game(self) -> None:
        """The finished game in the replay viewer, every hand face up (Esc returns to the result)."""
        if self.ctx.app is not None:
            self.ctx.app.open_viewer(record_as_filed(self.game, self.config.seat_records()))

    def play_again(self) -> None:
        """The same game and seats with a new seed, in place of this table (and the result over it)."""
        config = replace(self.config, seed=random.Random().randrange(1, 2**31))
        stack = self.ctx.scenes
        while self in stack and stack.top is not self:
            stack.pop()  # the game-over result shown over this table
        start = self.ctx.app.start_game if self.ctx.app is not None else None
        if callable(start):
            start(config)
        else:
            self.ctx.scenes.replace(TableScene(self.ctx, config))

    # ----- overlays (each a scene over the table while it is up: ui.table.panels.overlay_scene)
    def open_overlay(self, name: str, panel: Overlay, buttons: dict[str, Button]) -> None:
        """Lay ``panel`` out and push it as the scene ``name`` over the table (and over any overlay up)."""
        panel.place(self.view.layout)
        scene = TableOverlayScene(self.ctx, self, name, panel, buttons)
        self.overlays[name] = scene
        self.ctx.scenes.push(scene)

    def close_overlay(self, name: str) -> None:
        """Take the overlay ``name`` off the stack (nothing when it is not up)."""
        scene = self.overlays.pop(name, None)
        if scene is not None:
            self.ctx.scenes.remove(scene)

    def close_overlays(self) -> None:
        """Take every overlay of the table off the stack, newest first."""
        for name in reversed(list(self.overlays)):
            self.close_overlay(name)

    def overlay_gone(self, scene: TableOverlayScene) -> None:
        """An overlay's scene left the stack (closed, or the stack cleared): forget it."""
        if self.overlays.get(scene.name) is scene:
            del self.overlays[scene.name]

    def top_overlay(self) -> TableOverlayScene | None:
        """The newest overlay up (it takes the input), or None."""
        return next(reversed(self.overlays.values()), None)

    def open_last_trick(self) -> None:
        """Show the last trick and who played each card."""
        if self._overlay():
            return
        if not self.model.last_trick:
            self.notes.show_toast("No trick has been played yet.")
            return
        panel = LastTrick(self.model.last_trick, self.model.last_winner, self.names, self._close_last,
                          lambda: self.view.images)
        self.open_overlay("last_trick", panel, {"close": panel.button})

    def _close_last(self) -> None:
        self.close_overlay("last_trick")

    def open_score_sheet(self) -> None:
        """Show every hand so far and the chart."""
        if self._overlay():
            return
        sheet = ScoreSheet(self.game.kind, self.game.teams, self.names, self.model.results,
                           getattr(self.game.options, "target", 0), self._close_sheet)
        self.open_overlay("sheet", sheet, {"close": sheet.button})

    def _close_sheet(self) -> None:
        self.close_overlay("sheet")

    def open_menu(self) -> None:
        """Pause with Resume / Rules / Settings / Save record as / Quit to menu (over the curtain too)."""
        if self.menu is not None:
            return
        menu = TableMenu(self._close_menu, self._rules, self._quit, self._settings, self._save_record)
        self.open_overlay("menu", menu, menu.buttons)

    def _close_menu(self) -> None:
        self.close_overlay("menu")

    def _save_record(self) -> None:
        """Save record as: a file chooser over the table writes the game so far (ui.services.saves)."""
        self._close_menu()
        if self.ctx.app is not None:
            self.ctx.app.save_record_as(self.game, self.config.seat_records(), self.notes.show_toast)

    def _settings(self) -> None:
        self._close_menu()
        self.ctx.scenes.push(SettingsScene(self.ctx))

    def _rules(self) -> None:
        self._close_menu()
        self.ctx.scenes.push(RulesScene(self.ctx, self.game.kind, self.game.options, self.game.num_seats))

    def _quit(self) -> None:
        """Quit to menu: the title menu in place of everything (leaving, the table stops its computers)."""
        hook = self.ctx.app.go_to_menu if self.ctx.app is not None else None
        if callable(hook):
            hook()
            return
        stack = self.ctx.scenes
        while self in stack:
            stack.pop()  # the overlays over the table, then the table

    # ----- for tests and tools
    def render_items(self) -> list[CardItem]:
        """Every card the table draws now (hands, piles, trick, drawn card), without drawing."""
        return self.view.items(self.model, self._hand_state(), self._hide_hands(), self._drawn_card())

    def face_up_hidden_cards(self) -> list[CardItem]:
        """Face-up cards drawn from a hand other than the viewer's (must always be empty)."""
        return [item for item in self.render_items()
                if item.face_up and item.owner is not None and (item.owner != self.viewer or self.curtain)]

    def rect_for_card(self, card: Card) -> pygame.Rect | None:
        """Where the viewer's ``card`` is drawn in the hand."""
        return self.view.hand_rect_of(self.model, card, self._hand_state())

    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where a named button is: panel buttons ("bid:4", "give"...), "look", "continue", "close",
        "curtain", top buttons ("scores", "last_trick", "menu") and menu items ("resume", "rules", "settings",
        "quit")."""
        overlay = self.top_overlay()  # only the newest overlay's buttons take clicks
        if overlay is not None:
            button = overlay.buttons.get(name)
            return button.rect.copy() if button is not None else None
        if name == "look" and self._look_visible():
            return self.look_button.rect.copy()
        if name == "hint":
            return self.hints.button.rect.copy() if self._hint_visible() else None
        if name in self.top_buttons:
            return self.top_buttons[name].rect.copy()
        self._sync_panel()
        return self.panel.rect_of(name)

    def clickable_points(self) -> dict[str, tuple[int, int]]:
        """Centres of everything clickable now: buttons by name and the viewer's cards as "card:AS"."""
        out: dict[str, tuple[int, int]] = {}
        for name in list(self.panel.buttons) + ["look", "continue", "close", "curtain", "resume", "rules",
                                                  "settings", "quit",
                                                  "hint", *self.top_buttons]:
            rect = self.button_rect(name)
            if rect is not None:
                out[name] = rect.center
        for card in self.model.shown_hand(self.viewer):
            rect = self.rect_for_card(card)
            if rect is not None:
                out[f"card:{card}"] = self._visible_point(card, rect)
        return out

    def _visible_point(self, card: Card, rect: pygame.Rect) -> tuple[int, int]:
        """A point on the part of ``card`` not covered by the card to its right."""
        hand = self.model.shown_hand(self.viewer)
        i = hand.index(card)
        if i + 1 < len(hand):
            nxt = self.rect_for_card(hand[i + 1])
            if nxt is not None and nxt.left > rect.left:
                return ((rect.left + nxt.left) // 2, rect.centery)
        return rect.center

    # ----- drawing
    def _hide_hands(self) -> bool:
        return self.curtain is not None or self.viewer is None

    def _drawn_card(self) -> Card | None:
        decision = self._engine_decision()
        if decision.kind != "draw" or self.viewer is None:
            return None
        return self.model.drawn.get(self.viewer)

    def _drawn_arrived(self) -> bool:
        """Two-player drawing: True once the card just drawn has landed face up (or there is none)."""
        card = self._drawn_card()
        return card is None or (card == self.drawn_shown and self.drawn_flight is None)

    def _resting_drawn_card(self) -> Card | None:
        """The drawn card once it has arrived from the stock (drawn in the still layer)."""
        return None if self.drawn_flight is not None else self._drawn_card()

    def _animate_drawn_card(self, dt_s: float) -> None:
        """Two-player drawing: the card just taken turns over on its way from the stock (once: an overlay
        opened and closed over it neither restarts nor skips its flight)."""
        if self._overlay():
            return
        card = self._drawn_card()
        if card is not None and card != self.drawn_shown:
            lay = self.view.layout
            self.drawn_flight = Flight(card, True, lay.stock.center, lay.drawn.center, lay.trick_w, lay.big_w,
                                       0.32 * self.speed(), ease=ease_out_cubic, flip=True)
        self.drawn_shown = card
        if card is None:
            self.drawn_flight = None
        elif self.drawn_flight is not None and self.drawn_flight.update(dt_s):
            self.drawn_flight = None

    def _statuses(self) -> dict[int, str]:
        """A plate's status line: "Thinking" only while a computer's decision is really being computed
        and the table is not paused (menu, score sheet, last trick, summary, curtain)."""
        seat = self.model.to_act
        if not self.player.idle or seat is None or self.finished:
            return {}
        if self.computers.plays(seat):
            if self._overlay() or self.computers.waiting_s() < THINKING_AFTER_S:
                return {}
            dots = "." * (1 + int(self.time_s * 3) % 3)
            return {seat: f"Thinking{dots}"}
        if seat != self.viewer:
            return {seat: "To play" if self.model.phase is Phase.PLAYING else "To act"}
        return {}

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, the moving cards, panels and notes (its overlays are scenes drawn over it); changes
        nothing."""
        view, lay = self.view, self.view.layout
        to_act = self._highlighted()
        surface.blit(self._table_layer(surface.get_size(), to_act), (0, 0))
        if to_act is not None:
            view.draw_glow(surface, to_act, self.time_s)
        for flight in self.player.flights:
            flight.draw(surface, view.images)
        if self.drawn_flight is not None:
            self.drawn_flight.draw(surface, view.images)
        self._draw_prompt(surface)
        self._draw_notes(surface)
        self.panel.draw(surface, lay)
        self._draw_hint(surface)
        self.draw_undo(surface)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """The Hint button on the viewer's turn, and a ring round the hinted button (cards glow in the hand)."""
        if not self._hint_visible():
            return
        self.hints.button.draw(surface)
        action = self.shown_hint()
        name = hint_button_name(action) if action is not None else None
        rect = self.button_rect(name) if name is not None else None
        if rect is not None:
            draw_hint_ring(surface, rect, self.time_s, self.view.px)

    def _highlighted(self) -> int | None:
        return self.model.to_act if self.player.idle and not self.finished else None

    def _table_layer(self, size: tuple[int, int], to_act: int | None) -> pygame.Surface:
        """The still part of the table (felt, plates, cards at rest, score panel, buttons), redrawn only
        when something on it changes; a render cache, not game state."""
        hand = self._hand_state()
        look = self._look_visible()
        buttons = list(self.top_buttons.values()) + ([self.look_button] if look else [])
        statuses = tuple(sorted(self._statuses().items()))
        key = (size, self.view.size, self.view.style, self.view.bottom, self.view.viewer, self._hide_hands(), to_act,
               self.model.signature(), self._hand_key(hand), self._resting_drawn_card(), statuses,
               tuple((b.hovered, b.pressed, b.focused, b.show_focus, b.enabled) for b in buttons), look)
        layer = self._layer
        if layer is not None and self._layer_key == key and layer.get_size() == size:
            return layer
        if layer is None or layer.get_size() != size:
            layer = theme.new_opaque(size)
        view, lay, model = self.view, self.view.layout, self.model
        view.draw(layer, model, hand, to_act, self._hide_hands(), self._resting_drawn_card(), self._statuses())
        self._draw_winning_glow(layer)
        view.draw_lead_mark(layer, model)
        self.score_panel.draw(layer, lay, model)
        self.top_group.draw(layer)
        if look:
            self.look_button.draw(layer)
        self._layer, self._layer_key = layer, key
        return layer

    @staticmethod
    def _hand_key(hand: HandState) -> tuple[object, ...]:
        legal = frozenset(hand.legal) if hand.legal is not None else None
        return (legal, hand.hover, frozenset(hand.selected), hand.focus, frozenset(hand.hidden),
                tuple(sorted(hand.x.items())), frozenset(hand.hint), frozenset(hand.marked))

    def _draw_winning_glow(self, surface: pygame.Surface) -> None:
        winner = self.model.winning
        if winner is None:
            return
        card = next((c for s, c in self.model.trick if s == winner), None)
        if card is None:
            return
        rect = self.view.trick_rect(winner)
        art = self.view.images.art(rect.width)
        hx, hy = art.highlight_offset
        surface.blit(art.highlight(), (rect.x + hx, rect.y + hy))
        surface.blit(art.face(card), rect)

    def _prompt(self) -> str:
        decision = self.decision()
        model = self.model  # caught up with the engine whenever the viewer may act
        if decision.kind == "play":
            if model.kind == "pitch" and model.trump is None:
                return "Your lead: the suit you lead becomes trump"
            if self.selected and self.ctx.settings.confirm_play:
                return "Click the card again (or Enter) to play it"
            if not model.trick:
                return "Your lead"
            return "Your turn: play a card"
        if decision.kind == "draw":
            return "Keep this card?"
        if self._look_visible() and decision.kind != "bid":
            return "Your cards are face down"
        return ""

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt = self._prompt()
        if not prompt:
            return
        lay = self.view.layout
        if self._drawn_card() is not None:
            at = (lay.drawn.centerx, lay.drawn.top - lay.px(24))
        else:
            at = lay.prompt_at
        text.blit_text(surface, prompt, lay.px(24), theme.GOLD_LIGHT, at, "center", bold=True, shadow=(0, 0, 0),
                       shadow_px=max(1, lay.px(2)))

    def _draw_notes(self, surface: pygame.Surface) -> None:
        lay = self.view.layout
        for seat, note in self.notes.bubbles.items():
            rect = self.view.bubble_rect(seat, note.message)
            draw_pill(surface, note.message, rect.center, lay.px(BUBBLE_PX), note.alpha, gold=True)
        toast = self.notes.toast
        if toast is not None:
            draw_pill(surface, toast.message, lay.toast_at, lay.px(22), toast.alpha, toast.suit)


def make_config(game: str, names: list[str], humans: list[int], options: SpadesOptions | PitchOptions | None = None,
                seed: int | None = 1, level: str = "random") -> GameConfig:
    """A ``GameConfig`` for tests and tools (the setup screen builds the real ones)."""
    seats = tuple(SeatConfig(name, i in humans, level) for i, name in enumerate(names))
    return GameConfig(game, len(names), options if options is not None else default_options(game), seats, seed)
