"""The replay viewer: a recorded game on the table with every hand face up, stepped forward and back.

Every state shown is the state ``game.record.replay(record, limit=k)`` gives. The record is
replayed once; its actions are read from the game's history and checked (applied to the first
state they must give the last), and a clone is kept at every hand's start and every few actions,
so any step is a clone plus a few actions. Should that check fail, every state is read with
``replay(record, limit=k)`` itself.

Positions are the states after 0, 1, ... k actions; after the last card of a hand one more
position shows the hand scored (the summary, as in play) before the next deal. A record with a
problem is shown up to the last state that replays, and the problem is shown there.

Keys: ←/→ one action, ↑/↓ (PgUp/PgDn) one trick, Home/End, S the score sheet, H the hand list (beside the
table when the window is wide enough, over its right side otherwise; Tab gives it or takes back the keyboard,
and while it has it ↑/↓ choose a hand and Enter goes there), D "Hard in my seat", Esc calls off "Hard in my
seat" while it runs, then closes the list, then leaves.

"Hard in my seat" (a record with a person's seat, at a hand the record scored): the hand shown played again
with Hard in that seat (one button a person when several played), in the worker process as from the hand
summary (``ui.services.review.DuplicateRun``), with its progress bar and Cancel; then the two results side by
side over the table ("You: +52. Hard in your seat: +61") and "See it", the replayed hand in another viewer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.actions import Action, Bid, Draw, Exchange, Look, Play, Redraw
from game.cards import DECK, Card, sort_for_hand
from game.games import GAMES
from game.names import seat_names
from game.record import RecordError, dumps, last_good_limit, replay, to_record
from game.reviews import reviews_of
from game.state import Phase, TrickGame
from ui.config import level_label
from ui.draw import text, theme
from ui.draw.toast import draw_pill
from ui.draw.widgets import Button, WidgetGroup
from ui.replay.hand_list import HandList, HandRow, hand_rows
from ui.scene import Scene
from ui.services.review import DuplicateRun, duplicate_job, human_seats_of
from ui.table.layout import ui_unit
from ui.table.model import Snapshot, TableModel
from ui.table.panels.hint_note import draw_hint_note
from ui.table.panels.review_strip import DuplicateRow
from ui.table.panels.score_panel import ScorePanel, side_names
from ui.table.panels.score_sheet import ScoreSheet
from ui.table.panels.summary import HandSummary
from ui.table.view import CardItem, HandState, TableView

if TYPE_CHECKING:
    from ui.context import AppContext

BAR_H = 64  # the control bar under the table (design pixels at 1280x720)
LIST_W = 300  # the hand list's width (design pixels at the list's own scale)
LIST_MIN_SCALE = 0.8  # the list's text never gets smaller than this share of its design size
DOCKED_UNIT = 0.75  # the list goes beside the table when the table keeps this much of its design scale
FAN_STEP = 20  # the step between an open hand's cards beside a plate
CHECKPOINT_EVERY = 24  # a clone is kept at every hand's start and at least this often (actions)
PROBLEM_RED = (240, 130, 120)
MARK_RED = (240, 110, 90)  # a decision the review marked, on the timeline
ACTION_TYPES = (Look, Bid, Play, Draw, Exchange, Redraw)


# ----------------------------------------------------------------- the states of a record (no pygame)
def _problem_of(error: Exception) -> str:
    """A replay's exception in plain words (as ``replay --check`` says it)."""
    if isinstance(error, RecordError):
        return str(error)
    return f"malformed record ({type(error).__name__}: {error})"


def _actions_of(game: TrickGame) -> list[Action] | None:
    """The actions of a game's history in order (its chance outcomes left out); None without a history."""
    history = getattr(game, "history", None)
    if history is None:
        return None
    return [entry for entry in history if isinstance(entry, ACTION_TYPES)]


@dataclass(frozen=True)
class Position:
    """One place on the timeline: the state after ``k`` actions, or (``hand_over``) the hand just scored."""

    k: int
    hand_over: bool = False
    trick_done: bool = False  # the action just made completed a trick: show it before it is gathered
    hand: int = 1  # the hand number shown
    trick: int = 0  # tricks completed in that hand


class Timeline:
    """Every state of a record, by number of actions (``state(k)`` equals ``replay(record, limit=k).game``)."""

    def __init__(self, record: Any, problem: str | None = None) -> None:
        self.record = record
        self.problem = problem
        self.actions: list[Action] = []
        self.total = 0  # the last k that replays
        self.start: TrickGame | None = None
        self._checkpoints: dict[int, TrickGame] = {}
        self._traced = False
        self.positions: list[Position] = []
        self._build()

    # ----- building
    def _build(self) -> None:
        done, error = last_good_limit(self.record)  # a few replays, however long the record
        if error is not None:
            self.problem = _problem_of(error)
        if done is None:
            return  # nothing replays (the header, options or a deal is wrong): only the problem is shown
        total, last = done.actions, done.game
        self.start = replay(self.record, limit=0).game
        self.total = total
        actions = _actions_of(last)
        if actions is not None and len(actions) == total:
            self.actions = actions
            self._traced = self._check_trace(last)
        if not self._traced:  # fall back on replaying each state
            self.actions = []
        self._positions()

    def _check_trace(self, expected: TrickGame) -> bool:
        """The history's actions, applied to the first state, give ``replay(record, limit=total)``'s state
        (``expected``); a clone is kept at every hand's start on the way."""
        assert self.start is not None
        game = self.start.clone()
        self._checkpoints[0] = game.clone()  # even a record with no action to replay has its first state
        last_hand, last_index = -1, 0
        try:
            for index, action in enumerate(self.actions):
                if game.hand_number != last_hand or index - last_index >= CHECKPOINT_EVERY:
                    self._checkpoints[index] = game.clone()
                    last_hand, last_index = game.hand_number, index
                game.apply(action)
        except Exception:  # noqa: BLE001 - anything unexpected: the trace is not used
            self._checkpoints.clear()
            return False
        if _fingerprint(game) != _fingerprint(expected):
            self._checkpoints.clear()
            return False
        return True

    def _positions(self) -> None:
        """Walk the states once: where hands end (a scored position before the next deal) and tricks end
        (only the counts of the state before are kept: no copy of a state per step)."""
        first = self.state(0)
        results, tricks = len(first.results), _tricks_done(first)
        out = [Position(0, hand=first.hand_number, trick=tricks)]
        walking = first
        for k in range(1, self.total + 1):
            if self._traced:
                walking.apply(self.actions[k - 1])
                game = walking
            else:
                game = self.state(k)
            now_results, now_tricks = len(game.results), _tricks_done(game)
            if now_results > results:
                out.append(Position(k, hand_over=True, trick_done=True, hand=now_results, trick=tricks + 1))
                out.append(Position(k, hand=game.hand_number, trick=now_tricks))
            else:
                out.append(Position(k, trick_done=now_tricks > tricks, hand=game.hand_number, trick=now_tricks))
            results, tricks = now_results, now_tricks
        self.positions = out

    # ----- reading states
    def state(self, k: int) -> TrickGame:
        """The game after ``k`` actions (a copy the caller may keep)."""
        if not 0 <= k <= self.total:
            raise IndexError(f"no state {k} (0..{self.total})")
        if not self._traced:
            return replay(self.record, limit=k).game
        base = max(i for i in self._checkpoints if i <= k)
        game = self._checkpoints[base].clone()
        for action in self.actions[base:k]:
            game.apply(action)
        return game

    def hand_over_state(self, k: int) -> TrickGame | None:
        """The hand ended by action ``k``, scored and stopped before the next deal (None if unknown)."""
        if k <= 0:
            return None
        game = self.state(k - 1)
        game.stop_at_hand_end = True
        legal = game.legal_actions()
        action = self.actions[k - 1] if self._traced else (legal[0] if len(legal) == 1 else None)
        if action is None:
            return None
        game.apply(action)
        return game if game.phase is Phase.HAND_OVER else None

    def hand_starts(self) -> list[int]:
        """Indexes of the positions where a hand begins (its deal, before any action)."""
        out = []
        for index, pos in enumerate(self.positions):
            if not pos.hand_over and (index == 0 or self.positions[index - 1].hand_over):
                out.append(index)
        return out


def _tricks_done(game: TrickGame) -> int:
    return sum(game.tricks_won) if hasattr(game, "tricks_won") else 0


def _fingerprint(game: TrickGame) -> tuple[object, ...]:
    """Everything every seat may see, and whose turn it is (two states that agree here show the same)."""
    return (game.phase, game.to_act, game.hand_number, tuple(game.scores), tuple(game.bags),
            tuple(game.view(seat) for seat in range(game.num_seats)), tuple(game.hands))


def cards_of(mask: int) -> list[Card]:
    """The cards of a card mask, sorted for display."""
    return sort_for_hand([card for card in DECK if mask >> card & 1])


# ----------------------------------------------------------------- drawing every hand face up
class OpenTableView(TableView):
    """The table with every seat's hand face up: each opponent's hand fans out beside its plate."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the table, then make room beside each opponent's plate for an open hand."""
        super().resize(size)
        lay = self.layout
        step = lay.px(FAN_STEP)
        width = lay.small_w + step * max(0, self.hand_size - 1)
        for spot in lay.spots[1:]:
            if width <= spot.backs.width:
                continue
            gap = lay.px(6)
            backs, pile = spot.backs.copy(), spot.pile.copy()
            backs.width = width
            if spot.edge == "right":
                backs.right = spot.box.right
                pile.right = backs.left - gap
            elif spot.edge == "top":
                backs.left = spot.box.centerx - (width + gap + pile.width) // 2
                pile.left = backs.right + gap
            else:
                backs.left = spot.box.left
                pile.left = backs.right + gap
            spot.backs, spot.pile = backs, pile

    def fan_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where an opponent's ``count`` open cards lie, left to right."""
        lay = self.layout
        area = self.spot(seat).backs
        if count <= 0:
            return []
        step = 0 if count == 1 else min(lay.px(FAN_STEP), (area.width - lay.small_w) / (count - 1))
        width = lay.small_w + step * (count - 1)
        x0 = area.right - width if self.spot(seat).edge == "right" else area.left
        return [pygame.Rect(round(x0 + i * step), area.top, lay.small_w, lay.small_h) for i in range(count)]

    def _seat_items(self, model: TableModel, seat: int, slot: int) -> list[CardItem]:
        """Every hand is open in the viewer: another seat's cards lie face up, fanned."""
        cards = model.hands.get(seat) or []
        rects = self.fan_rects(seat, len(cards))
        return [CardItem(card, True, rect, seat) for card, rect in zip(cards, rects, strict=True)]


def model_for(game: TrickGame, trick_done: bool, suit_order: str = "SHCD", low_first: bool = False) -> TableModel:
    """The displayed model of a state: the public view plus every seat's whole hand (sorted as the
    settings say); a trick just completed stays on the table (the engine has already gathered it)."""
    views = {seat: game.view(seat) for seat in range(game.num_seats)}
    model = TableModel(game.num_seats, game.kind, suit_order=suit_order, low_first=low_first)
    model.sync(Snapshot(views[0], views))
    hands = {seat: model.sort_hand(cards_of(game.hands[seat])) for seat in range(game.num_seats)}
    model.hands = dict(hands)
    model.hand_sizes = [len(hands[seat]) for seat in range(game.num_seats)]
    model.shown_scores = [float(s) for s in game.scores]
    model.arrived = {}
    if trick_done and not model.trick and model.last_trick:
        model.trick = list(model.last_trick)
        model.winning = model.last_winner
    return model


# ----------------------------------------------------------------- the scene
class ViewerScene(Scene):
    """A recorded game, face up, stepped with the keys, the buttons or the slider; Esc leaves."""

    def __init__(self, ctx: AppContext, record: Any, problem: str | None = None,
                 on_close: Callable[[], None] | None = None, duplicates: bool = True,
                 computer_sync: bool = False) -> None:
        super().__init__(ctx)
        self.record = record
        self.on_close = on_close
        self.timeline = Timeline(record, problem)
        self.problem = self.timeline.problem
        seats = record.get("seats") if isinstance(record, dict) else None
        self.index = 0
        self.sheet: ScoreSheet | None = None
        self.summary: HandSummary | None = None
        self.list_open = False
        self.dragging = False
        self._image: pygame.Surface | None = None
        self._image_key: tuple[object, ...] | None = None
        self.game: TrickGame | None = None
        self.model: TableModel | None = None
        self.shown: TrickGame | None = None  # the state drawn now (the scored hand at a hand-over position)
        start = self.timeline.start
        if start is not None:
            names = seat_names(seats, start.num_seats)  # cleaned as every reader of names cleans them
            self.names = names
            humans = [i for i, seat in enumerate(seats or []) if isinstance(seat, dict)
                      and seat.get("player") == "human" and i < start.num_seats]
            self.bottom = humans[0] if humans else 0
            self.kind = start.kind
            self.teams = [list(team) for team in start.teams]
            self.target = getattr(start.options, "target", 0)
            self.view = OpenTableView(start.kind, start.num_seats, self.teams, names, self._table_size(),
                                      GAMES[start.kind].hand_size, art=self.ctx.art)
            self.view.bottom = self.bottom
            self.view.viewer = self.bottom
            self.view.levels = self._levels(seats or [])
            st = ctx.settings
            self.view.set_style(st.card_back, st.four_color, st.felt)  # the cards and table of the settings
            self.score_panel = ScorePanel(start.kind, self.teams, names, self.target)
            self.score_panel.four_color = st.four_color
        rows = hand_rows(self.timeline, self.names) if start is not None else []
        self.hand_list = HandList(rows, self._pick_hand, problem=self.problem is not None)
        self.buttons = {
            "start": Button("Start", self.go_start, key="Home"),
            "trick_back": Button("Trick", self.trick_back, key="\u2191"),
            "back": Button("Back", self.step_back, key="\u2190"),
            "next": Button("Next", self.step_next, primary=True, key="\u2192"),
            "trick_next": Button("Trick", self.trick_next, key="\u2193"),
            "end": Button("End", self.go_end, key="End"),
            "scores": Button("Scores", self.open_score_sheet, key="S"),
            "hands": Button("Hands", self.toggle_hand_list, key="H"),
            "close": Button("Close", self.close, key="Esc"),
        }
        self.group = WidgetGroup(list(self.buttons.values()))
        self.slider = pygame.Rect(0, 0, 0, 0)
        # the decisions a hand's review marked (the record's optional "reviews" field, game.ai.review): k -> words
        seat_words: list[str] = list(getattr(self, "names", None) or [])
        self.marks = {m["k"]: (f"{seat_words[m['seat']]}: " if len(review.get("seats", [])) > 1 and type(m.get("seat"))
                               is int and m["seat"] < len(seat_words) else "") + m["text"]
                      for review in reviews_of(record) for m in review["marks"]}  # hot-seat marks name the player
        self.banner: str | None = None  # a line over the table ("You: +52. Hard in your seat: +61")
        self.computer_sync = computer_sync  # "Hard in my seat" decides inline (tests), else in the worker
        self._dup_run: DuplicateRun | None = None  # "Hard in my seat": made when first asked
        self._dup_asked: tuple[int, int] | None = None  # (hand, seat) of the replay running
        self._dup_done: dict[tuple[int, int], Any] = {}  # (hand, seat) -> its DuplicateResult
        self._dup_active: int | None = None  # the seat whose replay the panel shows
        self.dup_panel = pygame.Rect(0, 0, 0, 0)
        self.dup_rows: dict[int, DuplicateRow] = {}
        if duplicates and start is not None and self.problem is None:
            humans = human_seats_of(record)
            for seat in humans:
                offer = "Hard in my seat" if len(humans) == 1 else f"Hard for {self.names[seat]}"
                self.dup_rows[seat] = self._dup_row(seat, offer)
                if len(humans) > 1:
                    self.dup_rows[seat].button.key = ""  # D would not say whose seat
        self._scored = sum(1 for h in (record.get("hands") or []) if isinstance(h, dict) and "points" in h) \
            if isinstance(record, dict) else 0
        self._place()
        self.go_to(0)

    # ----- geometry
    def _px(self, design: float) -> int:
        k = max(0.45, min(self.ctx.size[0] / 1280, self.ctx.size[1] / 720))
        return max(1, round(design * k))

    def _list_scale(self) -> float:
        w, h = self.ctx.size
        return max(LIST_MIN_SCALE, min(w / 1280, h / 720))

    def _list_width(self) -> int:
        return min(round(LIST_W * self._list_scale()), self.ctx.size[0] // 2)

    def docked(self) -> bool:
        """True when the open hand list lies beside the table (the table narrowed) rather than over it."""
        w, h = self.ctx.size
        return self.list_open and ui_unit((w - self._list_width(), h - self._px(BAR_H))) >= DOCKED_UNIT

    def _table_size(self) -> tuple[int, int]:
        w, h = self.ctx.size
        return w - (self._list_width() if self.docked() else 0), max(200, h - self._px(BAR_H))

    def _place(self) -> None:
        w, h = self.ctx.size
        px = self._px
        bar_top = h - px(BAR_H)
        bh = px(40)
        y = bar_top + (px(BAR_H) - bh) // 2
        x = px(12)
        for name in ("start", "trick_back", "back", "next", "trick_next", "end"):
            bw = px(104 if name in ("trick_back", "trick_next", "start") else 92)
            self.buttons[name].set_rect((x, y, bw, bh))
            x += bw + px(6)
        right = w - px(12)
        for name in ("close", "scores", "hands"):
            bw = px(104)
            right -= bw
            self.buttons[name].set_rect((right, y, bw, bh))
            right -= px(6)
        self.slider = pygame.Rect(x + px(16), bar_top + px(BAR_H) - px(22), max(px(40), right - x - px(32)), px(10))
        self.label_at = (self.slider.centerx, bar_top + px(6))
        list_w = self._list_width()
        self.hand_list.place(pygame.Rect(w - list_w, 0, list_w, bar_top), self._list_scale())
        if self.timeline.start is not None:
            self.view.resize(self._table_size())
            if self.summary is not None:
                self.summary.place(self.view.layout)
            if self.sheet is not None:
                self.sheet.place(self.view.layout)
            self._place_duplicates()
        self._image = None

    def _place_duplicates(self) -> None:
        """The "Hard in my seat" buttons in the table's lower right corner, above the bar (right of the hand);
        the running or finished replay of the hand shown in a panel above the hand."""
        if not self.dup_rows or self.timeline.start is None:
            return
        px, lay = self._px, self.view.layout
        tw, th = self.view.size
        bw, bh = px(200), px(40)
        y = th - px(14) - bh
        for row in reversed(list(self.dup_rows.values())):
            row.place(pygame.Rect(tw - px(14) - bw, y, bw, bh), px, bw)
            y -= bh + px(8)
        width = min(px(640), tw - px(40))
        self.dup_panel = pygame.Rect(0, 0, width, px(60))
        self.dup_panel.midbottom = (tw // 2, lay.fan.top - px(10))
        active = self._dup_panel_row()
        if active is not None:
            active.place(self.dup_panel.inflate(-px(24), -px(14)), px, px(150))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the bar out again."""
        self._place()

    def on_enter(self) -> None:
        """Catch up with a resize made while another scene was on top."""
        if self.timeline.start is not None and self._table_size() != self.view.size:
            self._place()

    @staticmethod
    def _levels(seats: Sequence[Any]) -> dict[int, str]:
        return {i: level_label(str(seat["level"])) for i, seat in enumerate(seats)
                if isinstance(seat, dict) and seat.get("player") == "computer" and isinstance(seat.get("level"), str)}

    # ----- "Hard in my seat"
    def duplicate_shown(self) -> bool:
        """True when the hand shown may be played again with Hard in a person's seat (the record scored it)."""
        pos = self.position
        return bool(self.dup_rows) and pos is not None and pos.hand <= self._scored and self.sheet is None

    def _hand(self) -> int:
        pos = self.position
        return pos.hand if pos is not None else 0

    def _dup_row(self, seat: int, offer: str) -> DuplicateRow:
        return DuplicateRow(lambda: self._dup_result(seat), lambda: self._dup_pending(seat),
                            lambda: self.request_duplicate(seat), self.open_duplicate, self._dup_fraction,
                            self.cancel_duplicate, offer)

    def _dup_take(self) -> None:
        run, asked = self._dup_run, self._dup_asked
        if run is not None and asked is not None and not run.running():
            if run.result is not None:
                self._dup_done[asked] = run.result
            self._dup_asked = None

    def _dup_result(self, seat: int) -> Any:
        self._dup_take()
        return self._dup_done.get((self._hand(), seat))

    def _dup_pending(self, seat: int) -> bool:
        self._dup_take()
        return self._dup_asked == (self._hand(), seat)

    def _dup_fraction(self) -> float:
        return self._dup_run.fraction() if self._dup_run is not None else 0.0

    def request_duplicate(self, seat: int) -> None:
        """Play the hand shown again with Hard in ``seat`` (a replay running already is called off)."""
        hand = self._hand()
        if not self.duplicate_shown() or (hand, seat) in self._dup_done:
            return
        if self._dup_run is None:
            self._dup_run = DuplicateRun(self.computer_sync, self.ctx.worker)
        name = None if len(self.dup_rows) == 1 else self.names[seat]
        job = duplicate_job(self.record, hand, seat, self.ctx.settings.think_ms, name)
        self._dup_asked, self._dup_active = (hand, seat), seat
        self._dup_run.start(job)
        self._place_duplicates()

    def cancel_duplicate(self) -> bool:
        """Call the running replay off (True when one ran); its button comes back."""
        if self._dup_run is None or self._dup_asked is None:
            return False
        self._dup_asked = None
        cancelled = self._dup_run.cancel()
        self._place_duplicates()
        return cancelled

    def _dup_panel_row(self) -> DuplicateRow | None:
        """The row the panel above the hand shows: the replay of the hand shown, running, else done (the seat
        asked last first)."""
        if not self.duplicate_shown():
            return None
        order = sorted(self.dup_rows, key=lambda seat: seat != self._dup_active)
        running = next((self.dup_rows[q] for q in order if self.dup_rows[q].pending()), None)
        return running or next((self.dup_rows[q] for q in order if self.dup_rows[q].result() is not None), None)

    def open_duplicate(self, result: Any) -> None:
        """"See it": the replayed hand in another viewer, the two results over the table (Esc comes back)."""
        open_duplicate_viewer(self.ctx, result)

    def _dup_event(self, event: pygame.event.Event) -> bool:
        """The panel's row first (Cancel, "See it"), then the corner's buttons (none while a replay runs)."""
        if not self.duplicate_shown():
            return False
        self._place_duplicates()
        active = self._dup_panel_row()
        if active is not None and active.handle_event(event):
            return True
        if active is not None and active.pending():
            return False
        for row in self.dup_rows.values():
            if row is active or row.result() is not None:
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_d and len(self.dup_rows) > 1:
                continue  # several people: D would not say whose seat; the buttons do
            if row.handle_event(event):
                return True
        return False

    def _draw_duplicates(self, area: pygame.Surface) -> None:
        if not self.duplicate_shown() or self.summary is not None:
            return
        active = self._dup_panel_row()
        if active is not None:
            px = self._px
            theme.draw_solid_panel(area, self.dup_panel, radius=px(12))
            pygame.draw.rect(area, theme.GOLD_DARK, self.dup_panel, max(1, px(1)), border_radius=px(12))
            active.draw(area)
        busy = active is not None and active.pending()
        for row in self.dup_rows.values():
            if row is not active and not busy and row.result() is None:
                row.draw(area)

    # ----- moving
    @property
    def position(self) -> Position | None:
        """Where the viewer is (None when nothing of the record replays)."""
        positions = self.timeline.positions
        return positions[self.index] if positions else None

    @property
    def last(self) -> int:
        """The index of the last position."""
        return max(0, len(self.timeline.positions) - 1)

    def go_to(self, index: int) -> None:
        """Show position ``index`` (clamped to the timeline)."""
        before = self.position
        self.index = max(0, min(self.last, index))
        pos = self.position
        if pos is not None and (before is None or before.hand != pos.hand):
            row = self.hand_list.index_of(pos.hand)
            if row is not None:
                self.hand_list.keep_visible(row)
        self.summary = None
        self._image = None
        if pos is None:
            return
        self.game = self.timeline.state(pos.k)
        shown = self.game
        if pos.hand_over:
            scored = self.timeline.hand_over_state(pos.k)
            if scored is not None:
                shown = scored
        self.shown = shown
        settings = self.ctx.settings
        self.model = model_for(shown, pos.trick_done, settings.hand_suits, settings.hand_rank == "low-high")
        if pos.hand_over and shown.results:
            self._open_summary(shown)

    def go_to_k(self, k: int) -> None:
        """Show the decision point after ``k`` actions (a marked decision of a review)."""
        index = next((i for i, p in enumerate(self.timeline.positions) if p.k == k and not p.hand_over), None)
        if index is not None:
            self.go_to(index)

    def marked_text(self) -> str | None:
        """The review's words for the decision shown now, if it was marked."""
        pos = self.position
        return self.marks.get(pos.k) if pos is not None and not pos.hand_over else None

    def _open_summary(self, game: TrickGame) -> None:
        result = game.results[-1]
        model = self.model
        assert model is not None
        data = {"points": [dict(p) for p in result.points], "scores": list(result.scores),
                "bags": list(result.bags), "hand": len(game.results)}
        bids = [bid for bid in model.bids]
        self.summary = HandSummary(game.kind, self.teams, self.names, data, bids, list(model.tricks_won),
                                   model.pitcher, model.high_bid, self.step_next, 0.0, trump=model.trump,
                                   hand_tricks=list(model.hand_tricks))
        self.summary.button.label = "Next"
        self.summary.place(self.view.layout)

    def step_next(self) -> None:
        """One action on (or past the scored hand)."""
        self.go_to(self.index + 1)

    def step_back(self) -> None:
        """One action back."""
        self.go_to(self.index - 1)

    def _stops(self) -> list[int]:
        """Positions a trick step lands on: the start, every completed trick, every new deal, the end."""
        out = [0]
        for index, pos in enumerate(self.timeline.positions):
            if pos.trick_done or pos.hand_over or (index and self.timeline.positions[index - 1].hand_over):
                out.append(index)
        out.append(self.last)
        return sorted(set(out))

    def trick_next(self) -> None:
        """On to the next completed trick (or deal)."""
        later = [i for i in self._stops() if i > self.index]
        self.go_to(later[0] if later else self.last)

    def trick_back(self) -> None:
        """Back to the previous completed trick (or deal)."""
        earlier = [i for i in self._stops() if i < self.index]
        self.go_to(earlier[-1] if earlier else 0)

    def go_start(self) -> None:
        """The first deal."""
        self.go_to(0)

    def go_end(self) -> None:
        """The last state (the end of the game, or the problem)."""
        self.go_to(self.last)

    def toggle_hand_list(self) -> None:
        """Open the hand list (with the keyboard on the hand shown), or close it."""
        if not self.hand_list.rows:
            return
        self.list_open = not self.list_open
        self.hand_list.focused = False
        if self.list_open and self.position is not None:
            self.hand_list.take_focus(self.position.hand)
        self._place()

    def _pick_hand(self, row: HandRow) -> None:
        """A hand chosen in the list: its deal."""
        self.go_to(row.start)

    def _escape(self) -> None:
        """Esc: call off "Hard in my seat" while it runs, then close the hand list, then leave."""
        if self.cancel_duplicate():
            return
        if self.list_open:
            self.toggle_hand_list()
        else:
            self.close()

    def _tab(self) -> None:
        """Tab: the keyboard to the open hand list (on the hand shown), or back to the table."""
        if self.position is None:
            return
        if self.hand_list.focused:
            self.hand_list.focused = False
        else:
            self.hand_list.take_focus(self.position.hand)

    def on_exit(self) -> None:
        """Gone from the stack: a replay still running is called off."""
        if self._dup_run is not None:
            self._dup_run.close()
            self._dup_run, self._dup_asked = None, None

    def close(self) -> None:
        """Leave the viewer: back to the scene under it, or quit when there is none."""
        if self.on_close is not None:
            self.on_close()
            return
        self.ctx.scenes.pop()

    def open_score_sheet(self) -> None:
        """Every hand scored so far, and the chart."""
        if self.model is None or self.sheet is not None:
            return
        self.sheet = ScoreSheet(self.kind, self.teams, self.names, list(self.model.results), self.target,
                                self._close_sheet)
        self.sheet.place(self.view.layout)

    def _close_sheet(self) -> None:
        self.sheet = None
        self._image = None

    # ----- input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys step; the bar's buttons and slider; the open hand list; the summary's Next; Esc leaves."""
        if self.sheet is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_s):
                self._close_sheet()
            else:
                self.sheet.handle_event(event)
            return
        over_summary = self.summary is not None and hasattr(event, "pos") and self.summary.rect.collidepoint(event.pos)
        if self.list_open and not over_summary and self.hand_list.handle_event(event):
            return
        if not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) and self._dup_event(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        if self.group.handle_event(event):
            return
        if self._slider_event(event):
            return
        if self.summary is not None and hasattr(event, "pos") and event.pos[1] < self.view.size[1]:
            self.summary.handle_event(event)

    def _key(self, key: int) -> bool:
        moves = {
            pygame.K_RIGHT: self.step_next, pygame.K_LEFT: self.step_back,
            pygame.K_DOWN: self.trick_next, pygame.K_PAGEDOWN: self.trick_next,
            pygame.K_UP: self.trick_back, pygame.K_PAGEUP: self.trick_back,
            pygame.K_HOME: self.go_start, pygame.K_END: self.go_end,
            pygame.K_ESCAPE: self._escape, pygame.K_s: self.open_score_sheet,
            pygame.K_h: self.toggle_hand_list,
        }
        if self.list_open:  # Tab moves the keyboard between the list and the table (else, through the bar)
            moves[pygame.K_TAB] = self._tab
        if self.summary is not None:
            moves.update({pygame.K_RETURN: self.step_next, pygame.K_KP_ENTER: self.step_next,
                          pygame.K_SPACE: self.step_next})
        move = moves.get(key)
        if move is None:
            return False
        move()
        return True

    def _slider_event(self, event: pygame.event.Event) -> bool:
        hit = self.slider.inflate(self._px(12), self._px(28))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            self.dragging = True
            self.go_to(self.index_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.go_to(self.index_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def index_at(self, x: int) -> int:
        """The position the slider gives at ``x``."""
        if self.slider.width <= 0:
            return 0
        k = (x - self.slider.left) / self.slider.width
        return round(max(0.0, min(1.0, k)) * self.last)

    def slider_x(self, index: int) -> int:
        """Where position ``index`` lies on the slider."""
        return self.slider.left + round(self.slider.width * index / max(1, self.last))

    # ----- frame
    def update(self, dt_s: float) -> None:
        """Buttons' looks (nothing moves by itself)."""
        self.group.update(dt_s)
        enabled = {"start": self.index > 0, "trick_back": self.index > 0, "back": self.index > 0,
                   "next": self.index < self.last, "trick_next": self.index < self.last,
                   "end": self.index < self.last, "scores": self.model is not None,
                   "hands": bool(self.hand_list.rows)}
        for name, on in enabled.items():
            self.buttons[name].enabled = on
        if self.summary is not None:
            self.summary.update(dt_s)
        if self.sheet is not None:
            self.sheet.update(dt_s)
        for row in self.dup_rows.values():
            row.update(dt_s)
        self._place_duplicates()

    def duplicate_line(self) -> str | None:
        """The words of the panel above the hand: the replay's progress, or the two results side by side."""
        row = self._dup_panel_row()
        return row.line() if row is not None else None

    def status(self) -> str:
        """The bar's words: where in the game the viewer is."""
        pos = self.position
        if pos is None:
            return "Nothing to show"
        if pos.hand_over:
            where = f"Hand {pos.hand} scored"
        elif self.model is not None and self.model.phase is Phase.GAME_OVER:
            where = "Game over"
        else:
            where = f"Hand {pos.hand} \u00b7 trick {min(pos.trick + 1, GAMES[self.kind].hand_size)}"
            if self.model is not None and self.model.phase not in (Phase.PLAYING, Phase.HAND_OVER):
                where = f"Hand {pos.hand} \u00b7 {self.model.phase.value.replace('_', ' ')}"
        return f"{where} \u00b7 {pos.k}/{self.timeline.total}"

    def draw(self, surface: pygame.Surface) -> None:
        """The table at the current position, the hand list, the table's overlays (over the list when it lies
        over the table), the problem, then the bar."""
        w, h = surface.get_size()
        table = self.timeline.start is not None and self.model is not None
        if table:
            size = self.view.size
            key = (self.index, size)
            if self._image is None or self._image_key != key:
                self._image = self._draw_table(size)
                self._image_key = key
            surface.blit(self._image, (0, 0))
        else:
            theme.draw_felt(surface)
        if self.list_open:
            pos = self.position
            self.hand_list.draw(surface, pos.hand if pos is not None else None, floating=not self.docked())
        if table:
            area = surface.subsurface(pygame.Rect((0, 0), self.view.size))
            for overlay in (self.summary, self.sheet):
                if overlay is not None:
                    overlay.draw(area, self.view.layout)
            if self.banner and self.sheet is None and self._dup_panel_row() is None:
                draw_pill(area, self.banner, self.view.layout.prompt_at, self.view.layout.px(20), 255, gold=True)
            self._draw_duplicates(area)
            marked = self.marked_text()
            if marked and self.summary is None and self.sheet is None:  # above the replay's panel when it shows
                anchor = self.dup_panel if self._dup_panel_row() is not None else self.view.layout.fan
                draw_hint_note(area, ["Review", marked], anchor, self.view.px)
        if self.problem and (self.index == self.last or self.timeline.start is None):
            self._draw_problem(surface)
        self._draw_bar(surface, w, h)

    def _draw_table(self, size: tuple[int, int]) -> pygame.Surface:
        layer = theme.new_opaque(size)
        model, view = self.model, self.view
        assert model is not None
        to_act = model.to_act if model.phase not in (Phase.GAME_OVER, Phase.HAND_OVER) else None
        drawn = None
        if self.shown is not None and to_act is not None and model.phase is Phase.DRAWING:
            drawn = self.shown.view(to_act).drawn_card
        view.draw(layer, model, HandState(), to_act, False, drawn)
        self._draw_winning_glow(layer)
        view.draw_lead_mark(layer, model)
        self.score_panel.draw(layer, view.layout, model)
        lay = view.layout
        text.blit_text(layer, "Replay", lay.px(22), theme.GOLD_LIGHT,
                       (lay.buttons["menu"].right, lay.buttons["menu"].centery), "midright", bold=True,
                       shadow=(0, 0, 0))
        if model.phase is Phase.GAME_OVER and self.shown is not None and self.shown.winner is not None:
            sides = side_names(self.teams, self.names)
            scores = " to ".join(str(s) for s in self.shown.scores)
            winner = sides[self.shown.winner]
            draw_pill(layer, f"Game over: {winner} \u00b7 {scores}", lay.toast_at, lay.px(22), 255, gold=True)
        return layer

    def _draw_winning_glow(self, surface: pygame.Surface) -> None:
        model = self.model
        if model is None or model.winning is None:
            return
        card = next((c for s, c in model.trick if s == model.winning), None)
        if card is None:
            return
        rect = self.view.trick_rect(model.winning)
        art = self.view.images.art(rect.width)
        hx, hy = art.highlight_offset
        surface.blit(art.highlight(), (rect.x + hx, rect.y + hy))
        surface.blit(art.face(card), rect)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        px = self._px
        w = self.view.size[0] if self.timeline.start is not None else surface.get_width()
        lines = text.wrap(f"This record has a problem: {self.problem}", px(20), min(w - px(80), px(760)))
        line_h = text.line_height(px(20))
        rect = pygame.Rect(0, 0, min(w - px(40), px(800)), line_h * len(lines) + px(28))
        top = self.view.layout.trick_area.bottom + px(8) if self.timeline.start is not None else px(200)
        rect.midtop = (w // 2, top)
        theme.draw_solid_panel(surface, rect, radius=px(12))
        pygame.draw.rect(surface, PROBLEM_RED, rect, max(1, px(2)), border_radius=px(12))
        y = rect.y + px(14)
        for line in lines:
            text.blit_text(surface, line, px(20), theme.TEXT, (rect.centerx, y), "midtop")
            y += line_h

    def _draw_bar(self, surface: pygame.Surface, w: int, h: int) -> None:
        px = self._px
        bar = pygame.Rect(0, h - px(BAR_H), w, px(BAR_H))
        pygame.draw.rect(surface, (12, 22, 17), bar)
        pygame.draw.line(surface, theme.GOLD_DARK, bar.topleft, bar.topright, max(1, px(1)))
        self.group.draw(surface)
        track = self.slider
        pygame.draw.rect(surface, (40, 58, 48), track, border_radius=track.height // 2)
        for index in self.timeline.hand_starts():
            x = self.slider_x(index)
            pygame.draw.line(surface, theme.GOLD_DARK, (x, track.top - px(5)), (x, track.bottom + px(5)),
                             max(1, px(2)))
        done = track.copy()
        done.width = max(track.height, self.slider_x(self.index) - track.left)
        pygame.draw.rect(surface, theme.GOLD_DARK, done, border_radius=track.height // 2)
        marked = {p.k for p in self.timeline.positions if not p.hand_over and p.k in self.marks}
        for index, p in enumerate(self.timeline.positions):  # the review's marks on the timeline
            if p.k in marked and not p.hand_over:
                marked.discard(p.k)
                pygame.draw.circle(surface, MARK_RED, (self.slider_x(index), track.top - px(7)), px(4))
        knob = (self.slider_x(self.index), track.centery)
        pygame.draw.circle(surface, theme.GOLD_LIGHT, knob, px(10))
        if self.problem:
            pygame.draw.circle(surface, PROBLEM_RED, (track.right, track.centery), px(6))
        words = self.status()
        size = text.fit_size(words, px(17), track.width)
        text.blit_text(surface, words, size, theme.TEXT, self.label_at, "midtop")


# ----------------------------------------------------------------- from the table
def open_duplicate_viewer(ctx: AppContext, result: Any) -> ViewerScene:
    """Push the viewer on a "Hard in my seat" replay (``game.ai.duplicate.DuplicateResult``) at its hand's deal,
    the two results over the table; Esc comes back to the scene under it."""
    viewer = ViewerScene(ctx, result.record, duplicates=False)
    if viewer.timeline.start is not None:  # the seat Hard played at the bottom, as the person sat
        viewer.bottom = viewer.view.bottom = viewer.view.viewer = result.seat
        viewer._place()
    starts = viewer.timeline.hand_starts()
    if len(starts) >= result.hand:
        viewer.go_to(starts[result.hand - 1])
    viewer.banner = result.text
    ctx.scenes.push(viewer)
    return viewer


def open_viewer_for_game(ctx: AppContext, game: TrickGame, seats: list[dict[str, Any]] | None = None) -> ViewerScene:
    """Push the viewer on ``game`` as it is now (finished or not), read from its record as a file would hold
    it (``seats`` as ``ui.services.saves.save_record_as`` takes them); Esc comes back to the scene under it."""
    record = json.loads(dumps(to_record(game, seats)))
    scene = ViewerScene(ctx, record)
    ctx.scenes.push(scene)
    return scene
