"""The table scene driven headless by real mouse and key events at the positions its layout reports."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.actions import Bid, Look, Play  # noqa: E402
from game.chance import Chance  # noqa: E402
from game.factory import new_game  # noqa: E402
from game.options import PitchOptions, SpadesOptions  # noqa: E402
from game.record import to_record  # noqa: E402
from game.state import Phase  # noqa: E402
from ui.app import make_app  # noqa: E402
from ui.scenes.table import TableScene, make_config  # noqa: E402

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"
DT_S = 0.1
NAMES = {2: ["You", "North"], 3: ["You", "West", "East"], 4: ["You", "West", "North", "East"]}


def reset_card_art() -> None:
    """Forget card art made under an earlier pygame.init (App.close also does this)."""
    from ui.draw import cardart

    cardart.reset()


def names_for(n: int) -> list[str]:
    """Seat names for ``n`` seats."""
    return NAMES.get(n, ["You"] + [f"Player {i}" for i in range(1, n)])


class Driver:
    """An App with a TableScene on top, and helpers that post real input events and step frames."""

    def __init__(self, game: str, players: int, humans: list[int], seed: int = 1, speed: str = "fast",
                 size: tuple[int, int] = (1280, 720), engine=None, options=None) -> None:
        reset_card_art()
        self.app = make_app(size, headless=True, menu=False)
        self.app.ctx.settings.speed = speed
        pygame.event.clear()
        self.config = make_config(game, names_for(players), humans, options=options, seed=seed)
        self.scene = TableScene(self.app.ctx, self.config, computer_sync=True, game=engine)
        self.app.ctx.scenes.push(self.scene)
        self.rng = random.Random(seed)
        self.frames = 0

    def close(self) -> None:
        """Shut pygame down."""
        self.app.close()

    # ----- input
    def click(self, pos: tuple[int, int]) -> None:
        """Move there, press and release the left button, then run one frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step(0.0)

    def click_button(self, name: str) -> None:
        """Click the named button where the scene says it is (a number bid on a face-down hand: Look first, as a
        person must)."""
        if name.startswith("bid:") and self.scene.button_rect(name) is None and self.scene.button_rect("look"):
            self.click(self.scene.button_rect("look").center)
            self.next_stop()
        rect = self.scene.button_rect(name)
        assert rect is not None, f"no button {name!r} now (have {sorted(self.scene.clickable_points())})"
        self.click(rect.center)

    def click_card(self, card) -> None:
        """Click one of the viewer's cards on its visible part."""
        points = self.scene.clickable_points()
        self.click(points[f"card:{card}"])

    def key(self, key: int) -> None:
        """Press and release a key, then run one frame."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.step(0.0)

    # ----- time
    def step(self, dt_s: float = DT_S) -> None:
        """One frame of the app (yielding a moment to the computer thread, as the real loop's tick does)."""
        self.app.step(dt_s)
        self.frames += 1
        if not self.scene.control.computers.sync:
            time.sleep(0.0002)

    def until(self, done: Callable[[], bool], max_frames: int = 6000) -> None:
        """Step until ``done()`` (fails after ``max_frames``)."""
        for _ in range(max_frames):
            if done():
                return
            self.step()
        raise AssertionError("the table never got there")

    def next_stop(self, max_frames: int = 6000) -> str:
        """Step until the viewer must decide, the summary is up, the curtain is up or the game is over."""
        scene = self.scene
        for _ in range(max_frames):
            if scene.overlays.curtain is not None:
                return "curtain"
            if scene.overlays.summary is not None and scene.overlays.summary.count_k >= 1.0:
                return "summary"
            if scene.finished or not self.table_on_top():
                return "over"
            kind = scene.decision().kind
            if kind:
                return kind
            self.step()
        raise AssertionError("the table never stopped for the viewer")

    def table_on_top(self) -> bool:
        """True when the table, or one of its own overlays, is the top scene."""
        top = self.app.ctx.scenes.top
        return top is self.scene or getattr(top, "table", None) is self.scene

    def shot(self, name: str) -> Path:
        """Draw a fresh frame and save it under screenshots/ (asserting it is not blank)."""
        self.app.draw()
        path = self.app.screenshot(SHOTS / f"table_{name}.png")
        assert not_blank(self.app.screen)
        return path

    # ----- a simple human
    def play_random_card(self) -> None:
        """Click a random legal card."""
        legal = [a.card for a in self.scene.decision().legal if isinstance(a, Play)]
        self.click_card(self.rng.choice(legal))

    def finish_hand(self, on_stop: Callable[[str], bool] | None = None) -> None:
        """Play the viewer's decisions with random legal clicks until the hand summary shows."""
        while True:
            stop = self.next_stop()
            if on_stop is not None and on_stop(stop):
                continue
            if stop == "summary":
                return
            if stop == "play":
                self.play_random_card()
            elif stop == "bid" and self.scene.button_rect("look") is not None:
                self.click_button("look")  # a number bid needs a look at the cards first
            elif stop == "bid":
                names = [n for n in self.scene.clickable_points() if n.startswith("bid:") and "double" not in n]
                self.click_button(self.rng.choice(names))
            elif stop in ("draw", "draw_first"):
                self.click_button(self.rng.choice(["draw:keep", "draw:discard"]) if stop == "draw" else "look")
            elif stop == "curtain":
                self.click_button("curtain")
            elif stop == "exchange":
                for card in self.scene.model.hands[self.scene.control.viewer][:3]:
                    self.click_card(card)
                self.click_button("give")
            elif stop == "redraw":
                self.click_button("keep_hand")
            else:
                raise AssertionError(f"unexpected stop {stop}")


def region_diff(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> float:
    """Mean absolute difference per channel (0-255) of two surfaces inside ``rect``."""
    total = count = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            ca, cb = a.get_at((x, y)), b.get_at((x, y))
            total += sum(abs(ca[i] - cb[i]) for i in range(3))
            count += 3
    return total / max(1, count)


def not_blank(surface: pygame.Surface) -> bool:
    """True when the surface holds more than a handful of colours."""
    small = pygame.transform.scale(surface, (64, 36))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(36)}
    return len(colours) > 20


def test_spades_hand_with_a_human_bid_clicked_through_to_the_summary(drivers):
    d = Driver("spades", 4, [0], seed=3, speed="normal")
    drivers.append(d)
    stop = d.next_stop()
    assert stop == "bid"
    d.shot("spades_bidding")
    points = d.scene.clickable_points()
    offered = {name for name in points if name.startswith("bid:")}
    legal = d.scene.control.game.legal_actions()
    assert legal[0] == Look(0) and "look" in points  # the face-down hand's listed Look: the Look button
    assert offered == {"bid:double_nil"}  # face down: only the blind bid (a number needs a look)
    d.click_button("look")
    assert d.next_stop() == "bid"
    offered = {name for name in d.scene.clickable_points() if name.startswith("bid:")}
    legal = d.scene.control.game.legal_actions()
    assert offered == {f"bid:{a.value}" for a in legal if isinstance(a, Bid)}  # exactly the legal bids
    assert offered == {f"bid:{n}" for n in range(1, 14)} | {"bid:nil"}
    d.click_button("bid:3")
    assert d.scene.control.game.view(0).bids[0] == 3
    shot_taken = False
    while (stop := d.next_stop()) != "summary":
        assert stop == "play"
        if len(d.scene.control.game.view(0).trick) >= 2 and not shot_taken:
            d.shot("spades_midtrick")
            shot_taken = True
        d.play_random_card()
    d.shot("spades_summary")
    assert d.scene.control.game.hand_number == 2  # the engine dealt on while the summary waits
    d.click_button("continue")
    assert d.scene.overlays.summary is None
    d.until(lambda: d.scene.model.hand_number == 2 and d.scene.player.idle)
    d.key(pygame.K_s)
    assert d.scene.overlays.sheet is not None
    d.shot("spades_score_sheet")
    d.key(pygame.K_s)
    assert d.scene.overlays.sheet is None
    d.click_button("scores")
    assert d.scene.overlays.sheet is not None and len(d.scene.overlays.sheet.results) == 1
    d.click_button("close")
    assert d.scene.overlays.sheet is None


def test_spades_double_nil_and_the_exchange(drivers):
    d = Driver("spades", 4, [0], seed=5)
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("bid:double_nil")
    assert d.scene.control.game.view(0).bids[0] == "double_nil"
    assert d.next_stop() == "exchange"
    d.shot("spades_exchange")
    assert d.scene.button_rect("give") is not None
    hand = list(d.scene.model.hands[0])
    chosen = hand[:3]
    for card in chosen:
        d.click_card(card)
    assert d.scene.hand.selected == set(chosen)
    d.shot("spades_exchange_chosen")
    d.click_button("give")
    d.until(lambda: d.scene.control.game.phase is Phase.PLAYING)
    exchange = to_record(d.scene.control.game)["hands"][-1]["exchange"]
    gave = [row for row in exchange if row["from"] == 0]
    assert gave and set(gave[0]["cards"]) == {str(c) for c in chosen}
    received = set(d.scene.control.game.view(0).exchange_received)
    assert len(received) == 3
    d.until(lambda: d.scene.player.idle)
    assert d.scene.hand_state().marked == received  # the cards that arrived are marked...
    assert set(d.scene.view.arrival_mark_rects(d.scene.model, d.scene.hand_state())) == received
    d.until(lambda: d.scene.model.trick)
    assert d.scene.hand_state().marked == set()  # ...until the first card is played
    d.finish_hand()
    summary = d.scene.overlays.summary
    assert summary is not None and "Nil" in [label for label, _ in summary.rows]


def test_an_illegal_card_is_refused_with_the_engines_reason(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    while True:
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:2")
            continue
        assert stop == "play"
        legal = {a.card for a in d.scene.decision().legal}
        illegal = [c for c in d.scene.model.hands[0] if c not in legal]
        if illegal:
            break
        d.play_random_card()
    before = d.scene.control.applied
    card = illegal[0]
    d.click_card(card)
    assert d.scene.control.applied == before
    reason = d.scene.control.game.why_illegal(Play(0, card))
    assert reason and d.scene.notes.toast is not None and d.scene.notes.toast.message == reason
    d.shot("spades_refused")


def test_keyboard_bids_and_plays(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.key(pygame.K_RETURN)  # Enter on the face-down hand looks (a number bid needs a look)
    assert d.next_stop() == "bid" and d.scene.control.game.view(0).looked[0]
    d.key(pygame.K_4)
    assert d.scene.control.game.view(0).bids[0] is None  # a digit only chooses
    assert d.scene.panel.group.focus is d.scene.panel.buttons["bid:4"]
    d.key(pygame.K_RETURN)
    assert d.scene.control.game.view(0).bids[0] == 4
    assert d.next_stop() == "play"
    hand = list(d.scene.model.hands[0])
    legal = {a.card for a in d.scene.decision().legal}
    assert d.scene.hand_state().focus is None  # no keyboard focus until a key is used
    d.key(pygame.K_RIGHT)
    target = next(i for i, c in enumerate(hand) if c in legal)
    assert d.scene.hand_state().focus == hand[target]
    before = d.scene.control.applied
    d.key(pygame.K_RETURN)
    assert d.scene.control.applied == before + 1
    assert hand[target] not in d.scene.control.game.view(0).hand


def test_a_single_key_never_commits_nil(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("look")
    assert d.next_stop() == "bid"
    d.key(pygame.K_0)
    d.step()
    assert d.scene.control.game.view(0).bids[0] is None
    assert d.scene.panel.group.focus is d.scene.panel.buttons["bid:nil"]
    d.key(pygame.K_1)
    d.key(pygame.K_3)  # two digits: 13
    assert d.scene.panel.group.focus is d.scene.panel.buttons["bid:13"]
    d.key(pygame.K_0)  # "130" is no bid: 0 alone chooses Nil again
    assert d.scene.panel.group.focus is d.scene.panel.buttons["bid:nil"]
    d.key(pygame.K_RETURN)
    assert d.scene.control.game.view(0).bids[0] == "nil"


def test_enter_on_a_face_down_hand_looks_and_never_bids_double_nil(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    d.until(lambda: d.scene.look_visible())
    d.until(lambda: d.scene.decision().kind == "bid")
    d.key(pygame.K_RETURN)
    d.step()
    view = d.scene.control.game.view(0)
    assert view.bids[0] is None and view.looked[0]


def test_arrows_skip_the_cards_that_may_not_be_played(drivers):
    d = Driver("spades", 4, [0], seed=5)
    drivers.append(d)
    for _ in range(13):
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:3")
            continue
        assert stop == "play"
        hand = list(d.scene.model.hands[0])
        legal = {a.card for a in d.scene.decision().legal}
        if len(legal) < len(hand):
            break
        d.play_random_card()
    else:
        pytest.skip("never held an unplayable card")
    seen = []
    for _ in range(2 * len(hand)):
        d.key(pygame.K_RIGHT)
        seen.append(d.scene.hand_state().focus)
    assert set(seen) == legal
    d.click((5, 5))  # the mouse takes over: the keyboard's focus disappears
    assert d.scene.hand_state().focus is None


def test_every_key_shortcut_is_shown_on_its_button(drivers):
    d = Driver("spades", 4, [0], seed=11)
    drivers.append(d)
    keys = {name: button.key for name, button in d.scene.top_buttons.items()}
    assert keys == {"last_trick": "L", "scores": "S", "menu": "Esc"}
    assert d.next_stop() == "bid"
    d.click_button("look")
    assert d.next_stop() == "bid"
    assert d.scene.panel.buttons["bid:nil"].key == "0"


def test_spades_for_two_draws_by_clicks_and_redraws(drivers):
    chance = Chance(21)
    chance.force("seat", [0])  # seat 0 draws first
    engine = new_game("spades-two", SpadesOptions(), 2, 21, chance)
    d = Driver("spades-two", 2, [0], seed=21, engine=engine)
    drivers.append(d)
    assert d.next_stop() == "draw_first"
    d.shot("two_first_draw")
    d.click_button("bid:double_nil")
    assert d.scene.control.game.view(0).bids[0] == "double_nil"
    keeps = discards = 0
    while (stop := d.next_stop()) in ("draw", "draw_first"):
        view = d.scene.control.game.view(0)  # the piles read as the engine counts them
        assert (d.scene.model.stock_size, d.scene.model.discard_count) == (view.stock_size, view.discard_size)
        if stop == "draw_first":
            d.click_button("look")
            continue
        assert d.scene.render_items()[-1].card == d.scene.control.game.view(0).drawn_card  # the drawn card, big
        if keeps + discards == 2:
            d.shot("two_drawing")
        keep = d.rng.random() < 0.5
        d.click_button("draw:keep" if keep else "draw:discard")
        keeps += keep
        discards += not keep
    assert keeps + discards == 13 and keeps and discards
    assert stop == "redraw"
    thrown = list(d.scene.model.hands[0][:2])
    for card in thrown:
        d.click_card(card)
    assert d.scene.button_rect("replace") is not None
    d.shot("two_redraw")
    d.click_button("replace")
    d.until(lambda: d.scene.control.game.phase is not Phase.REDRAW)
    redraw = to_record(d.scene.control.game)["hands"][-1]["redraw"]
    assert redraw and redraw[0]["seat"] == 0 and set(redraw[0]["discarded"]) == {str(c) for c in thrown}
    drawn = set(d.scene.control.game.view(0).redraw_drawn)
    assert len(drawn) == 2
    d.until(lambda: d.scene.player.idle)
    assert d.scene.hand_state().marked == drawn
    shot = []

    def mid_trick(stop: str) -> bool:
        if stop == "play" and d.scene.control.game.view(0).trick and not shot:
            shot.append(d.shot("two_midtrick"))
        return False

    d.finish_hand(mid_trick)
    assert shot
    d.shot("two_summary")


def test_two_player_keep_prompt_waits_for_the_drawn_card(drivers):
    chance = Chance(21)
    chance.force("seat", [0])  # seat 0 draws first
    engine = new_game("spades-two", SpadesOptions(), 2, 21, chance)
    d = Driver("spades-two", 2, [0], seed=21, engine=engine, speed="normal")
    drivers.append(d)
    scene = d.scene
    assert d.next_stop() == "draw_first"
    d.click_button("look")
    flying = 0
    for _ in range(600):
        d.step(1 / 60)
        if scene._engine_decision().kind != "draw":
            continue
        if scene.hand.drawn_flight is not None:  # the card is still on its way from the stock
            flying += 1
            assert scene.decision().kind == "" and scene.frame().prompt == ""
            assert scene.button_rect("draw:keep") is None and scene.button_rect("draw:discard") is None
            assert not scene.panel.visible
            continue
        break
    assert flying >= 10  # about 0.3 s of flight at normal speed
    d.key(pygame.K_s)  # a look at the score sheet neither restarts the flight nor brings back the prompt early
    assert scene.overlays.sheet is not None and scene.hand.drawn_flight is None and scene.decision().kind == ""
    d.key(pygame.K_s)
    assert scene.hand.drawn_flight is None
    assert scene.decision().kind == "draw" and scene.frame().prompt == "Keep this card?"
    assert scene.button_rect("draw:keep") is not None and scene.button_rect("draw:discard") is not None
    drawn = scene.control.game.view(0).drawn_card
    assert scene.panel.buttons["draw:keep"].key == "K" and scene.panel.buttons["draw:discard"].key == "D"
    d.key(pygame.K_k)  # the keyboard works as soon as the card is there
    assert drawn in scene.control.game.view(0).hand
    assert d.next_stop() == "draw"
    drawn = scene.control.game.view(0).drawn_card
    d.key(pygame.K_RETURN)  # Enter keeps (the prompt's main action), never opens "Last trick"
    assert scene.overlays.last_trick is None and drawn in scene.control.game.view(0).hand
    assert d.next_stop() == "draw"  # the driver waits for the next card to land
    assert scene.hand.drawn_flight is None and scene.button_rect("draw:keep") is not None


def test_pitch_shut_out_bid_then_the_pitch(drivers):
    chance = Chance(8)
    chance.force("seat", [3])  # dealer 3: seat 0 bids first
    engine = new_game("pitch", PitchOptions(), 4, 8, chance)
    d = Driver("pitch", 4, [0], seed=8, engine=engine)
    drivers.append(d)
    assert d.next_stop() == "bid"
    points = d.scene.clickable_points()
    assert {"bid:pass", "bid:1", "bid:2", "bid:3", "bid:4"} <= set(points)
    d.shot("pitch_bidding")
    d.click_button("bid:4")
    assert d.scene.control.game.phase is Phase.PLAYING and d.scene.control.game.to_act == 0
    assert d.next_stop() == "play"
    assert "trump" in d.scene.frame().prompt
    card = d.scene.model.hands[0][0]
    d.click_card(card)
    assert d.scene.control.game.view(0).trump == card.suit
    mid = False
    while (stop := d.next_stop()) != "summary":
        assert stop == "play"
        if len(d.scene.control.game.view(0).trick) >= 2 and not mid:
            d.shot("pitch_midtrick")
            mid = True
        d.play_random_card()
    assert d.scene.overlays.summary.pitcher == 0 and d.scene.overlays.summary.bid == 4
    d.shot("pitch_summary")


class PassingPlayer:
    """A computer that always passes when it may (to reach the dealer's forced bid)."""

    def choose(self, view):
        """Pass if legal, else the first legal action."""
        return next((a for a in view.legal if isinstance(a, Bid) and a.value == "pass"), view.legal[0])


def test_pitch_dealer_must_bid_when_everyone_passed(drivers):
    chance = Chance(4)
    chance.force("seat", [0])  # seat 0 deals and bids last
    engine = new_game("pitch", PitchOptions(), 4, 4, chance)
    d = Driver("pitch", 4, [0], seed=4, engine=engine)
    drivers.append(d)
    for seat in (1, 2, 3):
        d.scene.control.computers.players[seat] = PassingPlayer()
    assert d.next_stop() == "bid"
    names = {n for n in d.scene.clickable_points() if n.startswith("bid:")}
    assert names == {"bid:2", "bid:3", "bid:4"}
    d.click_button("bid:2")
    assert d.scene.control.game.view(0).pitcher == 0


def play_to_the_first_trick(d: Driver) -> None:
    """Bid 3 and play random cards until the first trick is over and on the screen."""
    while d.scene.model.last_trick == [] or not d.scene.player.idle:
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:3")
        elif stop == "play":
            if d.scene.model.last_trick:
                break
            d.play_random_card()


def test_last_trick_review_and_menu(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    play_to_the_first_trick(d)
    d.key(pygame.K_l)
    review = d.scene.overlays.last_trick
    assert review is not None and len(review.plays) == 4 and review.winner is not None
    d.shot("spades_last_trick")
    d.key(pygame.K_l)
    assert d.scene.overlays.last_trick is None
    pile = d.scene.view.spot(d.scene.model.last_winner).pile
    d.click(pile.center)
    assert d.scene.overlays.last_trick is not None
    d.click(d.scene.button_rect("close").center)
    assert d.scene.overlays.last_trick is None
    d.key(pygame.K_ESCAPE)
    assert d.scene.overlays.menu is not None
    d.shot("spades_menu")
    d.click_button("resume")
    assert d.scene.overlays.menu is None


def test_instant_speed_finishes_animations_in_one_step(drivers):
    d = Driver("spades", 4, [], seed=2, speed="instant")
    drivers.append(d)
    d.step()
    assert d.scene.model.dealt is None and d.scene.control.applied == 1  # deal shown, first computer bid applied
    d.until(lambda: d.scene.control.game.phase is Phase.PLAYING, max_frames=10)


def test_computers_think_in_a_thread_while_frames_keep_coming(drivers):
    d = Driver("pitch", 5, [], seed=9, speed="fast")
    drivers.append(d)
    d.scene.control.computers.sync = False
    start_hand = d.scene.control.game.hand_number
    deadline = time.monotonic() + 60.0
    while d.scene.control.game.hand_number == start_hand and time.monotonic() < deadline:
        d.step()
        time.sleep(0.001)  # as clock.tick does in the real loop: the worker thread gets the GIL
    assert d.scene.control.game.hand_number > start_hand, "the computers never finished the hand"
    worker = d.scene.control.computers.worker
    assert worker is not None and worker.state == "ready"  # in the process


def test_resize_mid_trick_relays_out_the_table(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    d.step()
    d.app.resize((1024, 768))  # in the middle of the deal
    d.step()
    assert d.scene.view.layout.size == (1024, 768) and d.scene.model.dealt is None
    assert d.next_stop() == "bid"
    d.click_button("bid:3")
    assert d.next_stop() == "play"
    d.app.resize((1920, 1080))
    d.step()
    assert d.scene.view.layout.size == (1920, 1080)
    d.play_random_card()
    d.shot("spades_1920")
    d.finish_hand()
    d.app.resize((1280, 720))  # with the summary up
    d.step()
    assert d.scene.overlays.summary is not None and d.scene.overlays.summary.rect.width < 1280
    d.click_button("continue")
    assert d.scene.overlays.summary is None


def play_to_game_over(drivers) -> Driver:
    """A short Pitch game (every score starts at 6 of 7) played through to the game-over screen, computers in
    their thread."""
    engine = new_game("pitch", PitchOptions(), 3, 13)
    engine.scores = [6, 6, 6]
    d = Driver("pitch", 3, [0], seed=13, engine=engine)
    drivers.append(d)
    d.scene.control.computers.sync = False
    for _ in range(30):
        if d.next_stop() == "over":
            break
        d.finish_hand()
        d.click_button("continue")
    return d


def test_game_over_shows_over_the_finished_table(drivers):
    from ui.draw import theme
    from ui.scenes.gameover import GameOverScene

    d = play_to_game_over(drivers)
    stack = d.app.ctx.scenes
    over = stack.top
    assert isinstance(over, GameOverScene)
    assert over.winners and over.final_scores == [(name, score) for name, score in zip(
        ["You", "West", "East"], d.scene.control.game.scores, strict=True)]
    assert len(stack) == 2 and stack.visible() == [d.scene, over]  # the table lies under the result
    assert d.scene.control.computers._thread is None and not d.scene.control.computers._asked  # its worker is stopped
    for _ in range(12):
        d.step()  # let the result panel pop in
    over.flakes = []  # no confetti for the pixel check
    d.app.draw()
    table = pygame.Surface(d.app.screen.get_size())
    d.scene.draw(table)
    theme.dim(table, 150)
    plate = d.scene.view.layout.spots[1].plate
    assert not plate.colliderect(over.panel)
    assert region_diff(d.app.screen, table, plate) < 2  # the final table shows, dimmed, beside the panel
    d.shot("game_over")
    d.click(over.play_again.rect.center)
    again = stack.top
    assert isinstance(again, TableScene) and again is not d.scene
    assert len(stack) == 1 and d.scene not in stack  # neither the old table nor the result is left behind
    assert again.control.config.game == "pitch" and again.control.config.seats == d.config.seats
    assert again.control.config.seed != d.config.seed


def test_game_over_menu_returns_to_a_clean_title_menu(drivers):
    from ui.scenes.gameover import GameOverScene
    from ui.scenes.menu import MenuScene

    d = play_to_game_over(drivers)
    stack = d.app.ctx.scenes
    over = stack.top
    assert isinstance(over, GameOverScene)
    d.click(over.menu.rect.center)
    assert isinstance(stack.top, MenuScene) and len(stack) == 1
    assert d.scene.control.computers._thread is None


def spades_summary(names: list[str], teams: list[list[int]], bids: list, tricks: list[int]):
    """A HandSummary of one Spades hand scored by the engine's own scoring."""
    from game.scoring import score_spades_side
    from ui.table.panels.summary import HandSummary

    points = [score_spades_side([bids[s] for s in team], [tricks[s] for s in team], 0)[0] for team in teams]
    data = {"points": points, "scores": [p["total"] for p in points], "bags": [0] * len(teams), "hand": 1}
    return HandSummary("spades", teams, names, data, bids, tricks, None, 0, lambda: None, 0.0)


def pitch_summary(names: list[str], teams: list[list[int]], pitcher: int, bid: int, set_back: bool):
    """A HandSummary of one Pitch hand where ``pitcher`` bid ``bid``."""
    from ui.table.panels.summary import HandSummary

    side = next(i for i, team in enumerate(teams) if pitcher in team)
    points = [{"high": 0, "low": 0, "jack": 0, "game": 0, "trick_points": 0,
               "set_back": i == side and set_back, "total": -bid if i == side and set_back else 0}
              for i in range(len(teams))]
    data = {"points": points, "scores": [p["total"] for p in points], "bags": [], "hand": 1}
    return HandSummary("pitch", teams, names, data, [None] * len(names), [0] * len(names), pitcher, bid,
                       lambda: None, 0.0)


TWO, THREE, FOUR = ["You", "North"], ["You", "West", "East"], ["You", "West", "North", "East"]
SOLO, TRIO, PAIRS = [[0], [1]], [[0], [1], [2]], [[0, 2], [1, 3]]


@pytest.mark.parametrize("summary, headline", [
    # Spades for two: one-person sides
    (lambda: spades_summary(TWO, SOLO, [4, 3], [5, 8]), "Both players made their bids"),
    (lambda: spades_summary(TWO, SOLO, [4, 9], [5, 8]), "You bid 4 and made it \u00b7 North bid 9 and was set back"),
    (lambda: spades_summary(TWO, SOLO, [6, 3], [5, 8]), "You bid 6 and were set back \u00b7 North bid 3 and made it"),
    (lambda: spades_summary(TWO, SOLO, [7, 8], [6, 7]), "Neither player made their bid"),
    (lambda: spades_summary(TWO, SOLO, ["nil", 5], [0, 13]), "North bid 5 and made it \u00b7 You made Nil"),
    (lambda: spades_summary(TWO, SOLO, ["double_nil", 4], [1, 12]),
     "North bid 4 and made it \u00b7 Your Double Nil failed"),
    (lambda: spades_summary(TWO, SOLO, [4, "nil"], [11, 2]), "You bid 4 and made it \u00b7 North's Nil failed"),
    (lambda: spades_summary(TWO, SOLO, [9, "nil"], [13, 0]), "You bid 9 and made it \u00b7 North made Nil"),
    # Cutthroat Spades: every player alone (house-rules.md's worked example 8, and more)
    (lambda: spades_summary(THREE, TRIO, [5, 4, 6], [6, 2, 9]),
     "You bid 5 and made it \u00b7 West bid 4 and was set back \u00b7 East bid 6 and made it"),
    (lambda: spades_summary(THREE, TRIO, [5, 4, 6], [6, 4, 7]), "Everyone made their bid"),
    (lambda: spades_summary(THREE, TRIO, [7, 6, 6], [6, 5, 6]),
     "You bid 7 and were set back \u00b7 West bid 6 and was set back \u00b7 East bid 6 and made it"),
    (lambda: spades_summary(THREE, TRIO, [7, 7, 7], [6, 6, 5]), "No one made their bid"),
    (lambda: spades_summary(THREE, TRIO, [7, 7, "nil"], [9, 8, 0]),
     "Both players made their bids \u00b7 East made Nil"),
    (lambda: spades_summary(FOUR, [[0], [1], [2], [3]], [4, 3, 3, 3], [4, 3, 3, 3]), "Everyone made their bid"),
    # four-player Spades: partnerships
    (lambda: spades_summary(FOUR, PAIRS, [3, 4, "nil", 4], [4, 5, 0, 4]),
     "Both sides made their bids \u00b7 North made Nil"),
    (lambda: spades_summary(FOUR, PAIRS, [3, 4, 2, 4], [4, 2, 4, 3]),
     "You & North made their bid \u00b7 West & East were set back"),
    (lambda: spades_summary(FOUR, PAIRS, [5, "nil", 4, 6], [4, 2, 1, 6]),
     "You & North were set back \u00b7 West & East made their bid \u00b7 West's Nil failed"),
    # Pitch, every player for themselves and in partnerships
    (lambda: pitch_summary(["You", "West", "East"], [[0], [1], [2]], 0, 3, True), "You bid 3 and were set back"),
    (lambda: pitch_summary(["You", "West", "East"], [[0], [1], [2]], 0, 2, False), "You bid 2 and made it"),
    (lambda: pitch_summary(["You", "West", "East"], [[0], [1], [2]], 2, 4, True), "East bid 4 and was set back"),
    (lambda: pitch_summary(FOUR, PAIRS, 2, 3, False), "North bid 3 and made it"),
])
def test_summary_headlines_speak_plain_english(summary, headline):
    assert summary().headline() == headline


def test_game_won_titles_agree_with_the_winner():
    from ui.draw import wording

    assert [f"{name} {wording.wins(name)}!" for name in ("You", "West", "You & North", "West & East")] == [
        "You win!", "West wins!", "You & North win!", "West & East win!"]
    assert [wording.their_bid(n) for n in ("You", "North", "You & North")] == ["your bid", "the bid", "their bid"]


def test_modal_panels_are_opaque(drivers):
    """Nothing under the summary, score sheet, last trick, pause menu or game-over panel shows through."""
    from game.cards import Card
    from ui.scenes.gameover import GameOverScene
    from ui.table.panels.last_trick import LastTrick
    from ui.table.panels.menu import TableMenu
    from ui.table.panels.score_sheet import ScoreSheet

    d = Driver("spades", 4, [0], seed=3, speed="instant")
    drivers.append(d)
    lay, images = d.scene.view.layout, d.scene.view.images
    summary = spades_summary(FOUR, PAIRS, [3, 4, "nil", 4], [4, 5, 0, 4])
    sheet = ScoreSheet("spades", PAIRS, FOUR, [], 500, lambda: None)
    last = LastTrick([(i, Card.parse(c)) for i, c in enumerate(["AS", "KS", "2S", "3S"])], 0, FOUR, lambda: None,
                     lambda: images)
    menu = TableMenu(lambda: None, lambda: None, lambda: None)
    panels = []
    for overlay in (summary, sheet, menu, last):
        overlay.place(lay)
        panels.append((overlay.rect, lambda surf, o=overlay: o.draw(surf, lay)))
    over = GameOverScene(d.app.ctx, "You & North win!", [("You & North", 512), ("West & East", 377)], lambda: None,
                         winners=[0])
    d.app.ctx.scenes.push(over)
    panels.append((over.panel, over.draw))
    for rect, draw in panels:
        under = []
        for colour in ((255, 255, 255), (0, 0, 0), (200, 30, 40)):
            surface = pygame.Surface(lay.size)
            surface.fill(colour)
            draw(surface)
            under.append(surface)
        inside = rect.inflate(-lay.px(40), -lay.px(40))
        assert region_diff(under[0], under[1], inside) == 0 and region_diff(under[0], under[2], inside) == 0
        outside = (rect.left - lay.px(30), rect.centery)  # the dimmed backdrop beside the panel still shows
        assert under[0].get_at(outside)[:3] != under[1].get_at(outside)[:3]


class GatedPlayer:
    """A computer that thinks until the test lets it answer."""

    def __init__(self, go) -> None:
        self.go = go

    def choose(self, view):
        """Wait for ``go``, then the first legal action."""
        self.go.wait(5.0)
        return view.legal[0]


def test_thinking_shows_only_while_a_computer_really_decides(drivers):
    import threading

    from ui.table.painter import THINKING_AFTER_S

    chance = Chance(30)
    chance.force("seat", [0])  # seat 0 deals: West decides first
    engine = new_game("spades", SpadesOptions(), 4, 30, chance)
    d = Driver("spades", 4, [0], seed=30, engine=engine)
    drivers.append(d)
    scene = d.scene
    go = threading.Event()
    try:
        scene.control.computers.sync = False
        for seat in (1, 2, 3):
            scene.control.computers.players[seat] = GatedPlayer(go)
        d.until(lambda: scene.player.idle and scene.control.computers.busy())
        computers = scene.control.computers
        waited = computers.waiting_s
        computers.waiting_s = lambda: min(waited(), THINKING_AFTER_S / 2)  # the machine's load cannot hurry it
        assert not scene.frame().statuses  # not at once: only once the answer is late
        computers.waiting_s = waited
        d.until(lambda: bool(scene.frame().statuses), max_frames=3000)
        seat = scene.control.game.to_act
        assert seat == 1 and scene.frame().statuses[seat].startswith("Thinking")
        d.key(pygame.K_s)  # the score sheet pauses the table
        assert scene.overlays.sheet is not None and scene.frame().statuses == {}
        d.key(pygame.K_s)
        assert scene.frame().statuses[seat].startswith("Thinking")
        d.key(pygame.K_ESCAPE)  # so does the menu
        assert scene.overlays.menu is not None and scene.frame().statuses == {}
        d.click_button("resume")
        assert scene.frame().statuses[seat].startswith("Thinking")
        go.set()
        assert scene.control.computers.wait(scene.control.applied) is not None
        assert scene.control.game.to_act == seat and scene.frame().statuses == {}  # decided: waiting out the pause only
    finally:
        go.set()


def test_look_at_cards_before_your_turn_to_bid(drivers):
    chance = Chance(30)
    chance.force("seat", [0])  # seat 0 deals: three computers bid first
    engine = new_game("spades", SpadesOptions(), 4, 30, chance)
    d = Driver("spades", 4, [0], seed=30, engine=engine)
    drivers.append(d)
    d.until(lambda: d.scene.button_rect("look") is not None)
    assert d.scene.control.game.to_act != 0 and d.scene.model.hands[0] is None
    d.shot("spades_face_down")
    d.click_button("look")
    assert d.scene.control.game.view(0).looked[0]
    d.until(lambda: d.scene.player.idle)
    assert d.scene.model.hands[0] is not None
    assert d.next_stop() == "bid"
    assert "bid:double_nil" not in d.scene.clickable_points()  # too late once you have looked


def test_look_at_cards_stays_clickable_while_computers_bid(drivers):
    chance = Chance(30)
    chance.force("seat", [0])  # seat 0 deals: three computers bid first, each with a bid animation
    engine = new_game("spades", SpadesOptions(), 4, 30, chance)
    d = Driver("spades", 4, [0], seed=30, engine=engine, speed="normal")
    drivers.append(d)
    scene = d.scene
    busy_frames = shown_busy = 0
    clicked = False
    for _ in range(2000):
        allowed = (scene.control.game.phase is Phase.BIDDING and scene.model.hands[0] is None
                   and scene.control.game.why_illegal(Look(0)) is None)
        rect = scene.button_rect("look")
        assert (rect is not None) == allowed, f"Look shown {rect is not None}, allowed {allowed}"
        if allowed and not scene.player.idle:
            busy_frames += 1
            shown_busy += rect is not None
            if scene.model.dealt is None and any(b is not None for b in scene.model.bids) and not clicked:
                d.click(rect.center)  # during a computer's bid animation: the click must count
                assert scene.control.game.view(0).looked[0]
                clicked = True
        if scene.control.game.to_act == 0 and clicked:
            break
        d.step(1 / 60)
    assert clicked and busy_frames > 20 and shown_busy == busy_frames
    assert d.next_stop() == "bid" and scene.model.hands[0] is not None


def test_menu_rules_and_quit(drivers):
    d = Driver("spades", 4, [0], seed=3)
    drivers.append(d)
    d.next_stop()
    d.click_button("menu")
    assert d.scene.overlays.menu is not None
    d.click_button("rules")
    from ui.scenes.rules import RulesScene

    assert isinstance(d.app.ctx.scenes.top, RulesScene)
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.scenes.top is d.scene and d.scene.overlays.menu is None
    d.next_stop()  # the game goes on after the rules
    d.key(pygame.K_ESCAPE)
    d.click_button("quit")
    from ui.scenes.menu import MenuScene

    assert isinstance(d.app.ctx.scenes.top, MenuScene)


def test_scores_count_up_after_the_summary(drivers):
    d = Driver("pitch", 4, [0], seed=8)
    drivers.append(d)
    d.finish_hand()
    assert [round(s) for s in d.scene.overlays.summary.old_scores] == [0, 0, 0, 0]
    d.click_button("continue")
    d.step()
    target = list(d.scene.control.game.results[0].scores)
    d.until(lambda: [round(s) for s in d.scene.model.shown_scores] == target, max_frames=100)


def test_a_stale_computer_answer_is_never_applied():
    from ui.services.computer import ComputerPlayers

    class Slow:
        def choose(self, view):
            import time

            time.sleep(0.05)
            return view.legal[0]

    engine = new_game("spades", SpadesOptions(), 4, 1)
    players = ComputerPlayers({engine.to_act: Slow()})
    try:
        players.ask(1, engine.view(engine.to_act))
        players.ask(2, engine.view(engine.to_act))  # the decision point moved on
        assert players.wait(2) is not None
        assert players.result(1) is None
    finally:
        players.close()


def test_a_finished_trick_stays_in_view_a_moment_even_at_instant_speed(drivers):
    d = Driver("spades", 4, [0], seed=2, speed="instant")
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("look")
    d.next_stop()
    d.click_button("bid:3")
    full_s = 0.0
    while d.scene.model.tricks_won == [0, 0, 0, 0] or full_s == 0.0:
        stop = d.next_stop() if d.scene.player.idle else ""
        if stop == "play":
            d.play_random_card()
        d.step(0.05)
        if len(d.scene.model.trick) == 4:
            full_s += 0.05
        if sum(d.scene.model.tricks_won) >= 2:
            break
    assert full_s >= 0.45  # every card of the finished trick was on the table for half a second


def bid_low_until(d: Driver, done: Callable[[], bool], play: bool = False) -> None:
    """Step until ``done()``, making the viewer's Pitch bids (pass, or the dealer's forced 2) and, with
    ``play``, playing random cards; the computers' own choices decide nothing here."""
    for _ in range(6000):
        if done():
            return
        kind = d.scene.decision().kind
        if kind == "bid":
            d.click_button("bid:pass" if d.scene.button_rect("bid:pass") else "bid:2")
        elif kind == "play" and play:
            d.play_random_card()
        d.step()
    raise AssertionError("the table never got there")


def test_the_trick_area_shows_the_last_trick_and_says_so_when_there_is_none(drivers):
    d = Driver("pitch", 4, [0], seed=8, speed="fast")
    drivers.append(d)
    bid_low_until(d, lambda: d.scene.decision().kind == "play")
    d.click(d.scene.view.layout.trick_area.center)
    assert d.scene.overlays.last_trick is None and d.scene.notes.toast.message == "No trick has been played yet."
    while not d.scene.model.last_trick:
        stop = d.next_stop()
        if stop == "bid":
            d.click_button("bid:pass" if d.scene.button_rect("bid:pass") else "bid:2")
        elif stop == "play":
            d.play_random_card()
        d.step()
    d.until(lambda: d.scene.decision().kind == "play")
    d.click(d.scene.view.layout.trick_area.center)
    assert d.scene.overlays.last_trick is not None


def test_the_card_that_led_the_trick_is_marked(drivers):
    from ui.draw import theme

    d = Driver("pitch", 4, [0], seed=8, speed="fast")
    drivers.append(d)
    bid_low_until(d, lambda: len(d.scene.model.trick) >= 2, play=True)
    leader = d.scene.model.trick[0][0]
    rect = d.scene.view.trick_rect(leader)
    d.app.draw()
    colour = d.app.screen.get_at((rect.centerx - d.scene.view.layout.px(12), rect.top))[:3]
    assert colour == theme.GOLD_LIGHT


def test_enter_and_space_never_press_last_trick_while_bidding(drivers):
    d = Driver("spades", 4, [0], seed=11, speed="fast")
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("look")
    d.step()
    for key in (pygame.K_SPACE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_RETURN):
        d.key(key)
        assert d.scene.overlays.last_trick is None and d.scene.top_group.focus is None
    assert d.scene.control.game.view(0).bids[0] is None  # nothing was bid either


def test_the_exchange_by_keys_alone(drivers):
    d = Driver("spades", 4, [0], seed=5)
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("bid:double_nil")
    assert d.next_stop() == "exchange"
    d.key(pygame.K_RETURN)  # nothing chosen yet: Enter shows where the keyboard is
    assert d.scene.hand.focus == 0 and not d.scene.hand.selected
    for _ in range(3):
        d.key(pygame.K_SPACE)  # choose the focused card
        d.key(pygame.K_RIGHT)
    hand = list(d.scene.model.hands[0])
    assert d.scene.hand.selected == set(hand[:3])
    d.key(pygame.K_RETURN)  # Give these 3
    assert set(d.scene.control.game.view(0).exchange_given) == set(hand[:3])
