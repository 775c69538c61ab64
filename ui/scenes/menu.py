"""The title menu: the name, a fan of cards, and New game / Continue / Open record / Settings / Rules / Quit.

A message about the saved game (one that could not be opened and was moved aside) is shown in a panel
over the menu until the player closes it (OK, Enter, Esc or a click outside)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from game.games import GAMES
from ui.draw import text, theme
from ui.draw.cardart import card_art_for_width
from ui.draw.tween import ease_out_back
from ui.draw.widgets import Button
from ui.games import shown_games
from ui.scenes import FormScene
from ui.scenes.confirm import ConfirmScene
from ui.scenes.file_chooser import FileChooserScene
from ui.scenes.rules import RulesScene
from ui.scenes.settings import SettingsScene
from ui.scenes.stats import StatsScene

if TYPE_CHECKING:
    from ui.context import AppContext
    from ui.draw.cardart import CardArtCache

FAN_CARDS = ("TS", "JD", "QC", "KH", "AS")
FAN_SPREAD_DEG = 13.0  # between neighbouring cards
FAN_DURATION_S = 0.8
SUBTITLE_GAP = "  \u00b7  "  # between the games named under the title


def subtitle() -> str:
    """The line under the title: every game the window offers, by its title, in the registry's order."""
    return SUBTITLE_GAP.join(GAMES[kind].title for kind in shown_games())


def has_saved_game(ctx: AppContext) -> bool:
    """Ask the app (``ctx.app.has_saved_game``) whether Continue makes sense; False without an app."""
    if ctx.app is None:
        return False
    try:
        return bool(ctx.app.has_saved_game())
    except Exception:  # a broken save must never stop the menu from opening
        return False


def _card_images(width: int, four_color: bool = False, cache: CardArtCache | None = None
                 ) -> list[tuple[pygame.Surface, pygame.Surface | None, tuple[int, int]]]:
    """Face, shadow and shadow offset for each fan card: the shared card art (``cache``), or plain shapes."""
    try:
        art = card_art_for_width(width, four_color=four_color, cache=cache)
        return [(art.face(Card.parse(c)), art.shadow(), art.shadow_offset) for c in FAN_CARDS]
    except Exception:  # the art module is optional at this layer
        return [(_plain_card(c, width), None, (0, 0)) for c in FAN_CARDS]


def _plain_card(code: str, width: int) -> pygame.Surface:
    """A simple card face: rounded ivory, corner index, a big suit in the middle."""
    h = round(width * 1.4)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    r = max(3, width // 14)
    pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), width=max(1, width // 90), border_radius=r)
    suit = "SHDC".index(code[1])
    col = theme.suit_color(suit)
    rank = "10" if code[0] == "T" else code[0]
    size = round(width * 0.3)
    idx = text.render(rank, size, col)
    surf.blit(idx, (width * 0.08, width * 0.06))
    theme.draw_suit(surf, suit, (round(width * 0.08 + idx.get_width() / 2), round(width * 0.1 + idx.get_height())),
                    round(width * 0.14))
    theme.draw_suit(surf, suit, (width // 2, h // 2), round(width * 0.5))
    return surf


class MenuScene(FormScene):
    """The title screen; Up/Down + Enter or the mouse choose; Esc asks before quitting. Continue is the default
    (focused and highlighted) when there is a saved game, New game otherwise."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.subtitle = subtitle()
        self.new_game = Button("New game", self.open_setup, primary=True)
        self.continue_game = Button("Continue", self.resume, enabled=has_saved_game(ctx))
        self.open_record = Button("Open record\u2026", self.open_record_chooser)
        self.settings = Button("Settings", self.open_settings)
        self.rules = Button("Rules", self.open_rules)
        self.quit = Button("Quit", self.request_quit, key="Esc")
        self.buttons = [self.new_game, self.continue_game, self.open_record, self.settings, self.rules, self.quit]
        self.statistics = Button("Statistics", self.open_statistics)
        self.buttons.insert(self.buttons.index(self.rules) + 1, self.statistics)
        self.message: str | None = None  # a message about the saved game, shown in a panel until closed
        self.message_ok = Button("OK", self.close_message, primary=True, key="Enter")
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        self.caption: str | None = None  # what Continue resumes ("Spades, hand 3"), shown on its button
        self.group.set_widgets(self.buttons)
        self._mark_default()
        self.group.set_focus(self.default_button())
        self.fan_k = 0.0  # 0 = cards stacked, 1 = fully fanned
        self._fan_drawn_k = -1.0
        self._fan_smooth = False
        self._fan: list[tuple[pygame.Surface, pygame.Rect, pygame.Surface | None, pygame.Rect | None]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        if ctx.settings.speed_factor() == 0:
            self.fan_k = 1.0
        else:
            self.tweener.animate(self, "fan_k", 1.0, FAN_DURATION_S * ctx.settings.speed_factor(), ease_out_back,
                                 delay_s=0.1)
        self.layout()

    # --- actions --------------------------------------------------------------------------
    def open_setup(self) -> None:
        """Go to the new-game setup."""
        from ui.scenes.setup import SetupScene  # start-up speed: the setup loads the computer players

        self.ctx.scenes.push(SetupScene(self.ctx))

    def resume(self) -> None:
        """Continue the saved game through the app (``ctx.app.continue_game``; a problem comes back as a message)."""
        if self.ctx.app is not None:
            self.ctx.app.continue_game()
        self._refresh_saved()

    def open_record_chooser(self) -> None:
        """Open record: a file chooser whose choice goes to ``ctx.app.open_record`` (it answers a problem or None)."""
        app = self.ctx.app
        saves = self.ctx.saves
        start = saves.record_folder if saves is not None else None

        def chosen(path: Path) -> str | None:
            if saves is not None:
                saves.record_folder = path.parent
            if app is None:
                return "Opening records is not available here."
            self.ctx.scenes.pop()  # the chooser; the game (or the viewer, or the question) opens over the menu
            problem = app.open_record(path, on_keep=lambda: self.ctx.scenes.push(chooser))  # Keep: back to it
            if problem:
                self.ctx.scenes.push(chooser)  # back to the chooser, which says what went wrong
                chooser.set_problem(problem)
            return None

        chooser = FileChooserScene(self.ctx, "Open record", chosen, start_dir=start, save=False)
        self.ctx.scenes.push(chooser)

    def show_message(self, message: str) -> None:
        """Show ``message`` in a panel over the menu until it is closed."""
        self.message = message
        self._place_message()

    def close_message(self) -> None:
        """Close the message panel (the next waiting message, if any, follows)."""
        self.message = None
        self._take_notices()

    def _take_notices(self) -> None:
        saves = self.ctx.saves
        if saves is None or self.message is not None:
            return
        notices = saves.take_notices()
        if notices:
            self.show_message("\n\n".join(notices))

    def default_button(self) -> Button:
        """What Enter presses on arrival: Continue when there is a saved game, New game otherwise."""
        return self.continue_game if self.continue_game.enabled else self.new_game

    def _mark_default(self) -> None:
        """Highlight the default button (the primary look) and no other."""
        default = self.default_button()
        self.new_game.primary = default is self.new_game
        self.continue_game.primary = default is self.continue_game

    def _refresh_saved(self) -> None:
        self.continue_game.enabled = has_saved_game(self.ctx)
        self._mark_default()
        saves = self.ctx.saves
        self.caption = saves.summary() if saves is not None and self.continue_game.enabled else None
        self.continue_game.label = f"Continue \u00b7 {self.caption}" if self.caption else "Continue"
        self._take_notices()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The message panel takes every event while it is up; otherwise the buttons."""
        if self.message is None:
            super().handle_event(event)
            return
        if self.message_ok.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                                          pygame.K_SPACE):
            self.close_message()
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1
              and not self.message_rect.collidepoint(event.pos)):
            self.close_message()

    def open_settings(self) -> None:
        """Open the settings over the menu."""
        self.ctx.scenes.push(SettingsScene(self.ctx))

    def open_rules(self) -> None:
        """Show the rules."""
        self.ctx.scenes.push(RulesScene(self.ctx))

    def open_statistics(self) -> None:
        """Show the statistics (ui.scenes.stats)."""
        self.ctx.scenes.push(StatsScene(self.ctx))

    def request_quit(self) -> None:
        """Leave the program."""
        self.ctx.quit_requested = True

    def back(self) -> None:
        """Esc on the title screen asks before quitting (Esc again, or Stay, keeps the program open)."""
        saved = self.ctx.saves.in_progress() if self.ctx.saves is not None and self.continue_game.enabled else None
        body = (f"Your game in progress ({saved}) is kept: Continue resumes it next time." if saved
                else "The window closes.")
        self.ctx.scenes.push(ConfirmScene(self.ctx, "Quit Trick Table?", body, "Quit", "Stay", self.request_quit))

    def on_enter(self) -> None:
        """Refresh Continue (a game may have been saved meanwhile) and the layout."""
        super().on_enter()
        if self._fan_four_color != self.ctx.settings.four_color:  # the deck's colours changed in Settings
            self.layout()
        self._refresh_saved()
        if self.group.focus is not None and not self.group.focus.enabled:
            self.group.set_focus(None)
        self.group.set_focus(self.group.focus or self.default_button())

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Title on top, the fan on the left, the button panel on the right."""
        w, h = self.size
        s = self.s
        content_top = s(236)
        mid_y = (content_top + h - s(34)) // 2
        n = len(self.buttons)
        bw, bh, gap, pad = s(296), s(54), s(14), s(30)
        room = h - s(34) - content_top - s(12)  # more buttons than fit: smaller buttons, the panel stays on screen
        if n * bh + (n - 1) * gap + 2 * pad > room:
            gap, pad = s(10), s(22)
            bh = max(s(34), (room - 2 * pad - (n - 1) * gap) // n)
        ph = n * bh + (n - 1) * gap + 2 * pad
        pw = bw + 2 * pad
        self.panel = pygame.Rect(w // 2 + s(70), mid_y - ph // 2, pw, ph)
        for i, b in enumerate(self.buttons):
            b.set_rect((self.panel.x + pad, self.panel.y + pad + i * (bh + gap), bw, bh))
        self.fan_center = (w // 2 - s(250), mid_y)
        self.card_width = s(150)
        self._fan_four_color = self.ctx.settings.four_color
        self._card_imgs = _card_images(self.card_width, self._fan_four_color, self.ctx.art)
        self._build_fan()
        self._place_message()

    def _place_message(self) -> None:
        """Centre the message panel and its OK button (its height follows the wrapped text)."""
        if self.message is None:
            return
        w, h = self.size
        s = self.s
        pw = min(w - s(40), s(720))
        lines = text.wrap(self.message, s(22), pw - s(60))
        body = len(lines) * text.line_height(s(22))
        ph = min(h - s(40), s(70) + body + s(40) + s(52) + s(26))
        self.message_rect = pygame.Rect(0, 0, pw, ph)
        self.message_rect.center = (w // 2, h // 2)
        bw, bh = s(200), s(52)
        self.message_ok.set_rect((self.message_rect.centerx - bw // 2, self.message_rect.bottom - s(26) - bh, bw, bh))
        self.message_ok.focused = True

    def _build_fan(self) -> None:
        """Rotate the cards for the current spread (called when the spread or size changes).

        While the fan opens, a plain rotation is fast enough for every frame; the resting
        fan gets the smooth (slower) rotation.
        """
        moving = self.tweener.running(self, "fan_k")

        def turn(surface: pygame.Surface, angle: float) -> pygame.Surface:
            if moving:
                return pygame.transform.rotate(surface, angle)
            return pygame.transform.rotozoom(surface, angle, 1.0)

        self._fan = []
        k = self.fan_k
        card_h = round(self.card_width * 1.4)
        radius = card_h * 1.55
        cx, cy = self.fan_center
        pivot = (cx, cy + radius)
        n = len(self._card_imgs)
        for i, (face, shadow, offset) in enumerate(self._card_imgs):
            angle = (n // 2 - i) * FAN_SPREAD_DEG * k
            a = math.radians(angle)
            center = (round(pivot[0] - radius * math.sin(a)), round(pivot[1] - radius * math.cos(a)))
            img = turn(face, angle)
            rect = img.get_rect(center=center)
            shadow_img = shadow_rect = None
            if shadow is not None:
                shadow_img = turn(shadow, angle)
                sc = (center[0] + offset[0] + (shadow.get_width() - face.get_width()) // 2,
                      center[1] + offset[1] + (shadow.get_height() - face.get_height()) // 2)
                shadow_rect = shadow_img.get_rect(center=sc)
            self._fan.append((img, rect, shadow_img, shadow_rect))
        self._fan_drawn_k = k
        self._fan_smooth = not moving

    def update(self, dt_s: float) -> None:
        """Animate the fan opening, then the widgets; pick up a message about the saved game."""
        super().update(dt_s)
        self._take_notices()
        if self.message is not None:
            self.message_ok.update(dt_s)
        settled = not self.tweener.running(self, "fan_k")
        if abs(self.fan_k - self._fan_drawn_k) > 1e-4 or (settled and not self._fan_smooth):
            self._build_fan()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, fan, panel and buttons."""
        theme.draw_felt(surface, self.ctx.settings.felt)
        w, h = self.size
        s = self.s
        self.draw_title(surface, "Trick Table", (w // 2, s(112)), s(136))
        sub = text.blit_text(surface, self.subtitle, s(30), theme.TEXT_DIM, (w // 2, s(186)), "center")
        for x0, x1 in ((sub.left - s(150), sub.left - s(22)), (sub.right + s(22), sub.right + s(150))):
            pygame.draw.line(surface, theme.GOLD_DARK, (x0, sub.centery), (x1, sub.centery), max(1, s(2)))
            theme.draw_suit(surface, 0, (x1 if x0 < sub.left else x0, sub.centery), s(14), theme.GOLD)
        for img, rect, shadow, shadow_rect in self._fan:
            if shadow is not None and shadow_rect is not None:
                surface.blit(shadow, shadow_rect)
            surface.blit(img, rect)
        theme.draw_panel(surface, self.panel)
        self.group.draw(surface)
        hint = "Arrows and Enter to choose   \u00b7   F11 full screen   \u00b7   Esc to quit"
        text.blit_text(surface, hint, s(20), theme.TEXT_DIM, (w // 2, h - s(20)), "center")
        if self.message is not None:
            self._draw_message(surface)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The message panel over the dimmed menu."""
        s = self.s
        theme.dim(surface, 150)
        rect = self.message_rect
        theme.draw_solid_panel(surface, rect, radius=s(18))
        text.blit_text(surface, "Saved game", s(32), theme.GOLD_LIGHT, (rect.centerx, rect.y + s(22)), "midtop",
                       bold=True)
        y = rect.y + s(72)
        for line in text.wrap(self.message or "", s(22), rect.width - s(60)):
            if y + text.line_height(s(22)) > self.message_ok.rect.top - s(10):
                break
            text.blit_text(surface, line, s(22), theme.TEXT, (rect.x + s(30), y))
            y += text.line_height(s(22))
        self.message_ok.draw(surface)
