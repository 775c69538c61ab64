"""End to end: the real program (``python main.py``) in a real X window under Xvfb.

Starts ``python main.py --size 1280x720``, waits for its window (xdotool), clicks Settings →
speed Fast → Back, New game → Start game (default Spades: you at seat 0,
three computers), looks at the cards, bids, waits for the human's turn and plays a legal
card, takes a screenshot of the screen (``screenshots/e2e.png``), then stops the program
with SIGTERM and expects exit code 0.

Where to click comes from the same scene and layout code the program runs, built by a
headless mirror at the window's size in this process; when to click comes from the pixels
of the real window (``import -window root``): the mirror's rendering of a widget must match
the window's, and the human's turn shows as dimmed (illegal) cards or a hovered card lifting.
Skipped when Xvfb, xdotool or ImageMagick is missing.
"""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass, field

import pygame
import pytest

from tests.e2e_helpers import (
    SHOTS,
    XSession,
    assert_not_blank,
    brightness,
    click,
    have_x_tools,
    region_diff,
    reset_card_art,
    step,
)

SIZE = (1280, 720)
SCREEN = (1280, 800)
BID = "bid:3"
MATCH = 14.0  # mean channel difference under which a region of the window matches the mirror's
CARD_LIGHT = 200  # an undimmed card face is brighter than this; a dimmed one (or felt) darker

missing = have_x_tools()
pytestmark = pytest.mark.skipif(missing is not None, reason=f"needs a real X server: {missing}")


@dataclass
class Mirror:
    """Rects and reference frames from a headless copy of the program at the same window size."""

    new_game: pygame.Rect = field(default_factory=pygame.Rect)
    settings: pygame.Rect = field(default_factory=pygame.Rect)
    menu_frame: pygame.Surface | None = None
    faster: pygame.Rect = field(default_factory=pygame.Rect)
    speed_row: pygame.Rect = field(default_factory=pygame.Rect)
    back: pygame.Rect = field(default_factory=pygame.Rect)
    settings_frame: pygame.Surface | None = None
    start: pygame.Rect = field(default_factory=pygame.Rect)
    setup_frame: pygame.Surface | None = None
    look: pygame.Rect = field(default_factory=pygame.Rect)
    look_frame: pygame.Surface | None = None
    panel: pygame.Rect = field(default_factory=pygame.Rect)
    bid: pygame.Rect = field(default_factory=pygame.Rect)
    bid_frame: pygame.Surface | None = None
    hand13: list[pygame.Rect] = field(default_factory=list)
    fan: pygame.Rect = field(default_factory=pygame.Rect)
    lift: int = 0


def build_mirror(size: tuple[int, int]) -> Mirror:
    """Walk a headless app through the same screens and note where everything is."""
    from ui.app import make_app

    m = Mirror()
    reset_card_art()
    app = make_app(size, headless=True)
    try:
        pygame.event.clear()
        step(app, 2)
        menu = app.ctx.scenes.top
        m.new_game = menu.new_game.rect.copy()
        m.settings = menu.settings.rect.copy()
        m.menu_frame = app.screen.copy()
        click(app, m.settings.center)
        settings = app.ctx.scenes.top
        assert type(settings).__name__ == "SettingsScene" and app.ctx.settings.speed == "normal"
        m.faster = settings.speed.right_rect.copy()
        m.speed_row = settings.speed.rect.union(settings.speed.rect.move(0, settings.speed.rect.height // 2))
        m.back = settings.back_button.rect.copy()
        click(app, m.faster.center)
        assert app.ctx.settings.speed == "fast"
        step(app, 30)  # let the hover fade settle as it will in the window
        m.settings_frame = app.screen.copy()
        click(app, m.back.center)
        assert app.ctx.scenes.top is menu
        app.ctx.settings.speed = "instant"  # the table's layout does not depend on the speed
        click(app, m.new_game.center)
        setup = app.ctx.scenes.top
        assert type(setup).__name__ == "SetupScene"
        assert (setup.game, setup.players, setup.human[:4]) == ("spades", 4, [True, False, False, False])
        m.start = setup.start_button.rect.copy()
        step(app, 2)
        m.setup_frame = app.screen.copy()
        click(app, m.start.center)
        table = app.ctx.scenes.top
        assert type(table).__name__ == "TableScene"

        def until(done, what: str, limit_s: float = 20.0) -> None:
            deadline = time.monotonic() + limit_s
            while not done():
                assert time.monotonic() < deadline, f"mirror: never reached {what}"
                app.step(1 / 60)
                time.sleep(0.001)  # computers decide in their thread

        until(lambda: table.button_rect("look") is not None, "the Look button")
        m.look = table.button_rect("look")
        app.draw()
        m.look_frame = app.screen.copy()
        click(app, m.look.center)
        until(lambda: table.decision().kind == "bid", "the human's bid")
        m.panel = table.panel.rect.copy()
        m.bid = table.button_rect(BID)
        assert m.bid is not None
        app.draw()
        m.bid_frame = app.screen.copy()
        lay = table.view.layout
        m.hand13 = lay.hand_rects(13)
        m.fan = lay.fan.copy()
        m.lift = lay.lift
    finally:
        app.saves.clear()  # the program starts as for a new player: no saved game to ask about on Start
        app.saves.flush()
        app.close()
        reset_card_art()
    return m


def margin_band(rect: pygame.Rect) -> pygame.Rect:
    """A thin band along a card's left margin (plain card face: no pips, no court art)."""
    return pygame.Rect(rect.left + 3, rect.top + rect.height * 3 // 10, 6, rect.height * 4 // 10)


def lift_band(rect: pygame.Rect, lift: int) -> pygame.Rect:
    """The strip just above a card's resting place, covered only when the card lifts."""
    return pygame.Rect(rect.left + 10, rect.top - lift + 4, rect.width - 20, lift - 8)


def test_real_window_new_game_bid_and_play() -> None:
    started = time.monotonic()
    with XSession(SCREEN) as x:
        x.start_xvfb()
        proc = x.start_program(["--size", f"{SIZE[0]}x{SIZE[1]}"])
        m = build_mirror(SIZE)  # while the program starts
        x.find_window(timeout_s=30)  # the window shows: no line on stdout is needed
        assert x.size == SIZE, f"window is {x.size}, expected {SIZE}"

        # Title menu: the button panel looks exactly like the mirror's. Settings: speed Fast, Back.
        x.wait_screen(lambda f: region_diff(f, m.menu_frame, m.new_game) < MATCH, 5, "the title menu")
        x.click(m.settings.center)
        x.wait_screen(lambda f: region_diff(f, m.settings_frame, m.back) < MATCH, 5, "the settings")
        x.click(m.faster.center)
        x.wait_screen(lambda f: region_diff(f, m.settings_frame, m.speed_row) < MATCH, 5, "speed: Fast")
        x.click(m.back.center)
        x.wait_screen(lambda f: region_diff(f, m.menu_frame, m.new_game) < MATCH, 5, "the title menu again")
        x.click(m.new_game.center)
        x.wait_screen(lambda f: region_diff(f, m.setup_frame, m.start) < MATCH, 5, "the setup screen")
        x.click(m.start.center)

        # The table: once the deal has landed, the Look button shows over the face-down hand.
        # The button hides while a computer's bid is animated (see the report): click again until
        # the cards turn face up (a face is light where a back is red).
        def face_up(frame: pygame.Surface) -> bool:
            return all(brightness(frame, margin_band(r)) > CARD_LIGHT for r in m.hand13)

        deadline = time.monotonic() + 15
        while True:
            frame = x.wait_screen(lambda f: face_up(f) or region_diff(f, m.look_frame, m.look) < MATCH, 10,
                                  "the Look button")
            if face_up(frame):
                break
            assert time.monotonic() < deadline, "clicking Look never showed the cards"
            x.click(m.look.center)
            x.move((m.look.centerx, m.look.top - 40))  # off the button: the mirror's frame has no hover
            time.sleep(0.15)
        x.wait_screen(lambda f: region_diff(f, m.bid_frame, m.panel) < MATCH, 15, "the bid panel")
        x.click(m.bid.center)

        # Wait for the human's turn to play: illegal cards dim, and the hovered card lifts if legal.
        hovered = m.hand13[-1]
        x.wait_screen(lambda f: region_diff(f, m.bid_frame, m.panel) > MATCH, 5, "the bid panel to close")
        x.move(hovered.center)

        def my_turn(frame: pygame.Surface) -> bool:
            dimmed = [brightness(frame, margin_band(r)) < CARD_LIGHT for r in m.hand13]
            return any(dimmed) or brightness(frame, lift_band(hovered, m.lift)) > CARD_LIGHT

        frame = x.wait_screen(my_turn, 20, "the human's turn to play")
        if brightness(frame, lift_band(hovered, m.lift)) > CARD_LIGHT:
            target = hovered.center  # lifted: legal
        else:
            i = next(i for i, r in enumerate(m.hand13) if brightness(frame, margin_band(r)) >= CARD_LIGHT)
            right = m.hand13[i + 1].left if i + 1 < len(m.hand13) else m.hand13[i].right
            target = ((m.hand13[i].left + right) // 2, m.hand13[i].centery)
        x.click(target)

        # The card left the hand: twelve cards re-fan narrower, so the old leftmost edge shows felt.
        x.wait_screen(lambda f: brightness(f, margin_band(m.hand13[0])) < 120, 5, "the card to leave the hand")

        shot = x.save_root(SHOTS / "e2e.png")
        assert shot.get_size() == SCREEN
        assert_not_blank(shot, "e2e.png")
        window = shot.subsurface(pygame.Rect(x.origin, x.size))
        assert_not_blank(window, "e2e.png (window)")
        assert proc.poll() is None, "the program stopped on its own"

        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    assert x.proc.poll() is not None and x.xvfb.poll() is not None
    print(f"end-to-end run: {time.monotonic() - started:.1f} s")
