"""Engine events played as animations, in order and time-based: the screen catches up with the engine.

Every ``apply`` gives an ``Entry`` (its events and the snapshot after it). The player turns
each event, when its turn comes, into *beats*: a duration with a start and an end (cards
fly, a pause, the summary waiting for Continue). After an entry's last beat the model is
set exactly to the entry's snapshot. Durations are scaled by the speed factor (0 = instant).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from game.actions import DOUBLE_NIL, NIL, bid_text
from game.cards import SUIT_NAMES, Card
from game.events import (
    BID_MADE,
    BIDDING_DONE,
    CARD_PLAYED,
    DOUBLE_NIL_DECLARED,
    DREW,
    EXCHANGED,
    GAME_OVER,
    HAND_SCORED,
    HAND_STARTED,
    LOOKED,
    REDRAWN,
    SPADES_BROKEN,
    TRICK_WON,
    TRUMP_SET,
    Event,
)
from ui.draw.sprites import Flight
from ui.draw.tween import ease_in_out_cubic, ease_out_cubic
from ui.games import presentation_of
from ui.table.model import Snapshot, TableModel
from ui.table.view import TableView

DEAL_FLIGHT_S = 0.30
DEAL_TOTAL_S = 1.5  # the whole deal's stagger
REVEAL_S = 0.45
BID_S = 0.35
PLAY_S = 0.30
TRICK_PAUSE_S = 0.75
TRICK_SEEN_S = 0.5  # a finished trick stays in view at least this long, whatever the speed (Instant too)
TRICK_LONG_S, TRICK_LONG_SEEN_S = 2.0, 1.5  # the "long" setting's pause and least time
# the "Finished trick" setting: (pause at Normal speed, least time); "click" also holds it until ``release()``
TRICK_STAYS = {"click": (TRICK_PAUSE_S, TRICK_SEEN_S), "short": (TRICK_PAUSE_S, TRICK_SEEN_S),
               "long": (TRICK_LONG_S, TRICK_LONG_SEEN_S)}
SWEEP_S = 0.40
DRAW_S = 0.38
EXCHANGE_S = 0.55
REDRAW_S = 0.6
NOTE_S = 0.45


def deal_order(sizes: list[int], dealer: int, packet: int) -> list[int]:
    """The seat each dealt card goes to, in order: ``packet`` cards at a time (the engine's packet),
    clockwise from the dealer's left, until every seat holds its hand."""
    n = len(sizes)
    given = [0] * n
    order: list[int] = []
    while sum(given) < sum(sizes):
        for i in range(n):
            seat = (dealer + 1 + i) % n
            take = min(packet, sizes[seat] - given[seat])
            order += [seat] * take
            given[seat] += take
    return order


def seat_of(event: Event) -> int:
    """The seat ``event`` is about: the engine names one in every kind but hand_scored and game_over."""
    if event.seat is None:
        raise ValueError(f"a {event.kind} event without its seat")
    return event.seat


def card_of(event: Event) -> Card:
    """The card of a card_played event (the engine always names it)."""
    if event.card is None:
        raise ValueError(f"a {event.kind} event without its card")
    return event.card


def data_of(event: Event) -> dict[str, Any]:
    """The details of a hand_scored event (the engine always gives them)."""
    if event.data is None:
        raise ValueError(f"a {event.kind} event without its details")
    return event.data


@dataclass
class Beat:
    """A step of the show: ``start`` when reached, ``tick(k)`` while it runs, ``end`` after ``duration_s``."""

    duration_s: float = 0.0
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    tick: Callable[[float], None] | None = None
    hold: bool = False  # after its time, wait for ``release()`` (e.g. the hand summary)
    least_s: float = 0.0  # never shorter than this, at any speed
    flights: list[Flight] = field(default_factory=list)


@dataclass
class Entry:
    """One applied action's events and the state after it."""

    events: list[Event]
    snapshot: Snapshot


class Stage(Protocol):
    """What the choreography asks of the scene."""

    def bubble(self, seat: int, message: str) -> None:
        """Show a short speech bubble at a seat."""

    def toast(self, message: str, suit: int | None = None) -> None:
        """Show a short message in the middle of the table."""

    def hand_scored(self, event: Event) -> None:
        """Open the hand summary; the scene calls ``release()`` when the player continues."""

    def game_over(self, event: Event) -> None:
        """The game has ended."""


class EventPlayer:
    """Turns queued entries into beats and plays them; flights are drawn by the scene."""

    def __init__(self, model: TableModel, view: TableView, stage: Stage, speed: Callable[[], float],
                 names: list[str], sound: Callable[[str], None] | None = None,
                 trick_stays: Callable[[], str] = lambda: "short") -> None:
        self.model = model
        self.trick_stays = trick_stays  # the "Finished trick" setting: "click", "short" or "long"
        self.sound = sound  # plays a named effect of ui.services.sound (None: silent)
        self.view = view
        self.stage = stage
        self.speed = speed
        self.names = names
        self.entries: deque[Entry] = deque()
        self.entry: Entry | None = None
        self.events: deque[Event] = deque()
        self.beats: deque[Beat] = deque()
        self.beat: Beat | None = None
        self.left_s = 0.0
        self.total_s = 0.0
        self.released = False
        self.flights: list[Flight] = []
        self.hidden: set[Card] = set()  # the viewer's cards drawn in flight instead of in the hand

    # ----- queue
    def push(self, events: list[Event], snapshot: Snapshot) -> None:
        """Queue the events of one applied action and the state after it."""
        self.entries.append(Entry(list(events), snapshot))

    @property
    def idle(self) -> bool:
        """True when everything queued has been shown."""
        return self.beat is None and not self.beats and not self.events and self.entry is None and not self.entries

    @property
    def holding(self) -> bool:
        """True while a beat waits for the player (the hand summary)."""
        return self.beat is not None and self.beat.hold and not self.released and self.left_s <= 0

    def release(self) -> None:
        """Let a holding beat finish."""
        self.released = True

    # ----- running
    def update(self, dt_s: float) -> None:
        """Advance flights and beats by ``dt_s`` seconds (leftover time flows into the next beat)."""
        for flight in self.flights:
            flight.update(dt_s)
        self.flights = [f for f in self.flights if not f.landed]
        budget = dt_s
        guard = 0
        while guard < 10000:
            guard += 1
            if self.beat is None and not self._start_next():
                return
            beat = self.beat
            assert beat is not None
            if self.left_s > budget:
                self.left_s -= budget
                if beat.tick is not None and self.total_s > 0:
                    beat.tick(1.0 - self.left_s / self.total_s)
                return
            budget -= self.left_s
            self.left_s = 0.0
            if beat.hold and not self.released:
                return
            self._finish(beat)

    def finish_motion(self) -> None:
        """Jump to the end of everything that only moves (used on resize); holds still wait."""
        guard = 0
        while not self.holding and not self.idle and guard < 100000:
            guard += 1
            self.update(1e6)
        for flight in self.flights:
            flight.land()
        self.flights = []

    def _start_next(self) -> bool:
        while not self.beats:
            if not self.events:
                if self.entry is not None:
                    snap = self.entry.snapshot
                    self.entry = None
                    self.beats.append(Beat(start=partial(self._sync, snap)))
                    break
                if not self.entries:
                    return False
                self.entry = self.entries.popleft()
                self.events = deque(self.entry.events)
                continue
            self.beats.extend(self._beats_for(self.events.popleft()))
        beat = self.beats.popleft()
        self.beat = beat
        self.released = False
        self.total_s = self.left_s = max(0.0, beat.least_s, beat.duration_s * self.speed())
        if beat.start is not None:
            beat.start()
        return True

    def _finish(self, beat: Beat) -> None:
        if beat.tick is not None:
            beat.tick(1.0)
        for flight in beat.flights:
            flight.land()
        if beat.end is not None:
            beat.end()
        self.beat = None

    def _play(self, name: str) -> None:
        """Play a sound effect as the event is shown."""
        if self.sound is not None:
            self.sound(name)

    def _our_side(self) -> int | None:
        """The side of the person at the bottom of the screen (whose results the sounds cheer or mourn)."""
        seat = self.view.viewer if self.view.viewer is not None else self.view.bottom
        try:
            return self.view.side_of(seat)
        except (KeyError, IndexError):
            return None

    def _hand_sound(self, data: dict[str, Any]) -> str | None:
        """The sound of a scored hand for our side: Nil made, set, or won (a broken Nil was heard at its trick)."""
        side = self._our_side()
        points = data.get("points") or []
        if side is None or side >= len(points) or not isinstance(points[side], dict):
            return None
        mine = points[side]
        if mine.get("nil", 0) > 0:
            return "nil_made"
        if mine.get("contract", 0) < 0 or mine.get("set_back"):
            return "hand_set"
        return "hand_won" if mine.get("total", 0) > 0 else None

    def _sync(self, snap: Snapshot) -> None:
        self.hidden.clear()
        self.model.sync(snap)

    def _fly(self, beat: Beat, flight: Flight) -> Flight:
        flight.duration_s *= self.speed()
        flight.delay_s *= self.speed()
        beat.flights.append(flight)
        self.flights.append(flight)
        return flight

    # ----- events to beats
    def _beats_for(self, event: Event) -> list[Beat]:
        handler = {
            HAND_STARTED: self._hand_started,
            LOOKED: self._looked,
            BID_MADE: self._bid_made,
            DOUBLE_NIL_DECLARED: self._double_nil,
            BIDDING_DONE: self._bidding_done,
            DREW: self._drew,
            REDRAWN: self._redrawn,
            EXCHANGED: self._exchanged,
            CARD_PLAYED: self._card_played,
            TRUMP_SET: self._trump_set,
            SPADES_BROKEN: self._spades_broken,
            TRICK_WON: self._trick_won,
            HAND_SCORED: self._hand_scored,
            GAME_OVER: self._game_over,
        }.get(event.kind)
        return handler(event) if handler is not None else self._game_note(event)

    def _game_note(self, event: Event) -> list[Beat]:
        """A game's own event (the Ten-point Pitch draw): the words its presentation gives, if any."""
        try:
            note = presentation_of(self.model.kind).event_note(event, self.names)
        except ValueError:
            return []
        if note is None:
            return []
        where, words = note
        seat = event.seat

        def start() -> None:
            if where == "bubble" and seat is not None:
                self.stage.bubble(seat, words)
            else:
                self.stage.toast(words)

        return [Beat(NOTE_S, start=start)]

    def _snapshot(self) -> Snapshot | None:
        return self.entry.snapshot if self.entry is not None else None

    def _hand_started(self, event: Event) -> list[Beat]:
        snap = self._snapshot()
        model, view = self.model, self.view
        deal = Beat()
        reveal = Beat(REVEAL_S, tick=self._set_revealed)

        def start() -> None:
            if snap is not None:
                model.sync(snap)
            self._play("deal")
            if not presentation_of(model.kind).deals:
                model.revealed = 1.0
                return
            model.dealt = [0] * model.num_seats
            model.revealed = 0.0
            self._deal_flights(deal, event.seat if event.seat is not None else model.dealer)

        def end() -> None:
            model.dealt = None
            viewer = view.viewer
            if viewer is None or model.hands.get(viewer) is None:
                model.revealed = 1.0
                reveal.duration_s = 0.0

        deal.start, deal.end = start, end
        if not presentation_of(self.model.kind).deals:
            deal.duration_s = 0.35
            return [deal]
        total = sum(snap.public.hand_sizes if snap is not None else self.model.hand_sizes)
        stagger = DEAL_TOTAL_S / max(1, total)
        deal.duration_s = stagger * total + DEAL_FLIGHT_S
        return [deal, reveal]

    def _set_revealed(self, k: float) -> None:
        self.model.revealed = k

    def _deal_flights(self, beat: Beat, dealer: int) -> None:
        model, view = self.model, self.view
        lay = view.layout
        n = model.num_seats
        order = deal_order(list(model.hand_sizes), dealer, presentation_of(model.kind).deal_packet)
        stagger = DEAL_TOTAL_S / max(1, len(order))
        start = view.spot(dealer).anchor
        bottom_rects = lay.hand_rects(view.hand_target(model))
        counts = [0] * n
        for index, seat in enumerate(order):
            slot = view.slot_of(seat)
            if slot == 0:
                index_in_hand = min(counts[seat], len(bottom_rects) - 1)
                target = bottom_rects[index_in_hand].center if bottom_rects else lay.fan.center
                width = lay.card_w
            else:
                target, width = view.spot(seat).anchor, lay.small_w
            counts[seat] += 1

            def land(seat: int = seat) -> None:
                if model.dealt is not None:
                    model.dealt[seat] += 1

            self._fly(beat, Flight(None, False, start, target, lay.small_w, width, DEAL_FLIGHT_S,
                                   delay_s=index * stagger, ease=ease_out_cubic, spin_deg=18.0, on_land=land))

    def _looked(self, event: Event) -> list[Beat]:
        seat = seat_of(event)
        snap = self._snapshot()
        model = self.model

        def start() -> None:
            model.looked[seat] = True
            self._reveal_hand(seat, snap)

        return [Beat(0.0, start=start), Beat(REVEAL_S if self._is_viewer(seat) else 0.0, tick=self._set_revealed)]

    def _is_viewer(self, seat: int | None) -> bool:
        return seat is not None and seat == self.view.viewer and self.view.bottom == seat

    def _reveal_hand(self, seat: int, snap: Snapshot | None) -> None:
        hand = snap.views[seat].hand if snap is not None and seat in snap.views else None
        if hand is None:
            return
        if self.model.hands.get(seat) is None:
            self.model.hands[seat] = self.model.sort_hand(hand)
            if self._is_viewer(seat):
                self.model.revealed = 0.0

    def _bid_made(self, event: Event) -> list[Beat]:
        seat, value = seat_of(event), event.value
        snap = self._snapshot()
        model = self.model
        was_hidden = model.hands.get(seat) is None

        def start() -> None:
            model.bids[seat] = value
            model.looked[seat] = True
            if presentation_of(model.kind).auction and isinstance(value, int):
                model.high_bid, model.pitcher = value, seat
            if value != DOUBLE_NIL:
                self._reveal_hand(seat, snap)
            self.stage.bubble(seat, bid_text(value) if value != "pass" else "Pass")
            self._play("bid")

        beats = [Beat(BID_S, start=start)]
        if was_hidden and value != DOUBLE_NIL and self._is_viewer(seat):
            beats.append(Beat(REVEAL_S, tick=self._set_revealed))
        return beats

    def _double_nil(self, event: Event) -> list[Beat]:
        seat = seat_of(event)
        model = self.model

        def start() -> None:
            model.bids[seat] = DOUBLE_NIL
            model.looked[seat] = True
            self.stage.bubble(seat, "Double Nil!")
            self._play("bid")

        return [Beat(NOTE_S, start=start)]

    def _bidding_done(self, event: Event) -> list[Beat]:
        seat = seat_of(event)
        name = self.names[seat]

        def start() -> None:
            self.model.pitcher, self.model.high_bid = seat, event.value
            lead = presentation_of(self.model.kind).bid_won_note(event.value, self.model.options)
            verb = "win" if name == "You" else "wins"
            self.stage.toast(f"{name} {verb} the bid at {event.value}{lead}")

        return [Beat(NOTE_S, start=start)]

    def _drew(self, event: Event) -> list[Beat]:
        seat, keep = seat_of(event), bool(event.value)
        model, view = self.model, self.view
        lay = view.layout
        beat = Beat(DRAW_S)
        snap = self._snapshot()

        def start() -> None:
            if snap is not None:  # the piles as the engine counts them after this turn
                model.stock_size, model.discard_size = snap.public.stock_size, snap.public.discard_size
            hand_to = view.source_of(model, seat, None)
            targets = [(hand_to[0], hand_to[1]), (lay.discard.center, lay.trick_w)]
            if not keep:
                targets.reverse()
            for i, (target, width) in enumerate(targets):
                to_hand = target == hand_to[0]

                def land(to_hand: bool = to_hand) -> None:
                    if to_hand:
                        model.hand_sizes[seat] += 1

                self._fly(beat, Flight(None, False, lay.stock.center, target, lay.trick_w, width, DRAW_S,
                                       delay_s=i * 0.06, ease=ease_out_cubic, on_land=land))

        beat.start = start
        return [beat]

    def _redrawn(self, event: Event) -> list[Beat]:
        seat, count = seat_of(event), int(event.value or 0)
        if count == 0:
            return [Beat(NOTE_S, start=lambda: self.stage.bubble(seat, "Keeps the hand"))]
        model, view = self.model, self.view
        lay = view.layout
        out, back = Beat(REDRAW_S / 2), Beat(REDRAW_S / 2)

        def start_out() -> None:
            self.stage.bubble(seat, f"Replaces {count}")
            src, width = view.source_of(model, seat, None)
            for i in range(count):
                self._fly(out, Flight(None, False, src, lay.discard.center, width, lay.trick_w, REDRAW_S / 2,
                                      delay_s=i * 0.04))

        def start_back() -> None:
            dst, width = view.source_of(model, seat, None)
            for i in range(count):
                self._fly(back, Flight(None, False, lay.discard.center, dst, lay.trick_w, width, REDRAW_S / 2,
                                       delay_s=i * 0.04))

        out.start, back.start = start_out, start_back
        return [out, back]

    def _exchanged(self, event: Event) -> list[Beat]:
        seat = seat_of(event)
        model, view = self.model, self.view
        beat = Beat(EXCHANGE_S)
        partner = next((s for team in view.teams if seat in team for s in team if s != seat), seat)

        def start() -> None:
            src, width = view.source_of(model, seat, None)
            dst = view.spot(partner).anchor
            for i in range(int(event.value or 0)):
                self._fly(beat, Flight(None, False, src, dst, width, view.layout.small_w, EXCHANGE_S,
                                       delay_s=i * 0.06, arc_px=view.px(30)))
            self.stage.bubble(seat, f"Gives {int(event.value or 0)} cards")

        beat.start = start
        return [beat]

    def _card_played(self, event: Event) -> list[Beat]:
        seat, card = seat_of(event), card_of(event)
        model, view = self.model, self.view
        beat = Beat(PLAY_S)

        def start() -> None:
            src, width = view.source_of(model, seat, card)
            model.remove_card(seat, card)
            self._play("card")
            target = view.trick_rect(seat)
            from_hand = view.slot_of(seat) == 0 and view.viewer == seat
            spin = random.Random(int(card) * 7 + seat).uniform(-14, 14)
            self._fly(beat, Flight(card, True, src, target.center, width, target.width, PLAY_S,
                                   ease=ease_out_cubic, flip=not from_hand, spin_deg=spin))

        beat.start = start
        beat.end = lambda: model.add_to_trick(seat, card)
        return [beat]

    def _trump_set(self, event: Event) -> list[Beat]:
        def start() -> None:
            self.model.trump = event.value
            self.model.set_hand_order(self.model.suit_order, self.model.low_first)  # a game's own trumps go first
            self.stage.toast(f"Trump is {SUIT_NAMES[event.value]}", event.value)

        return [Beat(0.2, start=start)]

    def _spades_broken(self, event: Event) -> list[Beat]:
        def start() -> None:
            self.model.spades_broken = True
            self.stage.toast("Spades are broken", 0)

        return [Beat(0.0, start=start)]

    def _trick_won(self, event: Event) -> list[Beat]:
        winner = seat_of(event)
        model, view = self.model, self.view
        lay = view.layout
        sweep = Beat(SWEEP_S)
        taken: list[tuple[int, Card]] = []

        def pause_start() -> None:
            model.winning = winner

        def start() -> None:
            model.winning = None
            nil = winner < len(model.bids) and model.bids[winner] in (NIL, DOUBLE_NIL)
            first = winner < len(model.tricks_won) and model.tricks_won[winner] == 0
            self._play("nil_broken" if nil and first else "trick")
            taken[:] = list(model.trick)
            model.trick = []
            target = view.pile_point(winner)
            for i, (seat, card) in enumerate(taken):
                src = view.trick_rect(seat).center
                self._fly(sweep, Flight(card, True, src, target, lay.trick_w, lay.pile_w, SWEEP_S,
                                        delay_s=i * 0.03, ease=ease_in_out_cubic, turn_deg=90.0))

        sweep.start = start
        sweep.end = lambda: model.take_trick(winner, taken)
        stays = self.trick_stays()
        pause, least = TRICK_STAYS.get(stays, TRICK_STAYS["short"])
        return [Beat(pause, start=pause_start, least_s=least, hold=stays == "click"), sweep]

    def _hand_scored(self, event: Event) -> list[Beat]:
        def start() -> None:
            # The table behind the summary shows the same numbers as the summary: new scores and bags,
            # and this hand's bids and tricks on the plates until the next deal.
            data = data_of(event)
            self.model.scores = list(data.get("scores", self.model.scores))
            self.model.bags = list(data.get("bags", self.model.bags))
            sound = self._hand_sound(data)
            if sound is not None:
                self._play(sound)
            self.stage.hand_scored(event)

        return [Beat(0.0, start=start, hold=True)]

    def _game_over(self, event: Event) -> list[Beat]:
        def start() -> None:
            side = self._our_side()
            self._play("game_won" if side is None or event.value == side else "game_lost")
            self.stage.game_over(event)

        return [Beat(0.0, start=start, hold=True)]
