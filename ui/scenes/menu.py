"""The title menu: the name, a fan of cards, and New game / Continue / Settings / Rules / Quit."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ui import text, theme
from ui.scenes import FormScene
from ui.tween import ease_out_back
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.context import AppContext

FAN_CARDS = ("TS", "JD", "QC", "KH", "AS")
FAN_SPREAD_DEG = 13.0  # between neighbouring cards
FAN_DURATION_S = 0.8
SUBTITLE = "Spades  \u00b7  Spades for two  \u00b7  Pitch"


def has_saved_game(ctx: AppContext) -> bool:
    """Ask the ``has_saved_game`` hook (a bool or a callable) whether Continue makes sense."""
    hook = ctx.resources.get("has_saved_game")
    try:
        return bool(hook()) if callable(hook) else bool(hook)
    except Exception:  # a broken save must never stop the menu from opening
        return False


def _card_images(width: int, four_color: bool = False) -> list[tuple[pygame.Surface, pygame.Surface | None,
                                                                     tuple[int, int]]]:
    """Face, shadow and shadow offset for each fan card: the shared card art, or plain shapes."""
    try:
        from game.cards import Card
        from ui.cardart import card_art_for_width

        art = card_art_for_width(width, four_color=four_color)
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
    """The title screen; Up/Down + Enter or the mouse choose, Esc quits."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.new_game = Button("New game", self.open_setup, primary=True)
        self.continue_game = Button("Continue", self.resume, enabled=has_saved_game(ctx))
        self.settings = Button("Settings", self.open_settings)
        self.rules = Button("Rules", self.open_rules)
        self.quit = Button("Quit", self.request_quit, key="Esc")
        self.buttons = [self.new_game, self.continue_game, self.settings, self.rules, self.quit]
        self.group.set_widgets(self.buttons)
        self.group.set_focus(self.new_game)
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
        from ui.scenes.setup import SetupScene

        self.ctx.scenes.push(SetupScene(self.ctx))

    def resume(self) -> None:
        """Continue the saved game through the ``continue_game`` hook."""
        hook = self.ctx.resources.get("continue_game")
        if callable(hook):
            hook()

    def open_settings(self) -> None:
        """Open the settings over the menu."""
        from ui.scenes.settings import SettingsScene

        self.ctx.scenes.push(SettingsScene(self.ctx))

    def open_rules(self) -> None:
        """Show the rules."""
        from ui.scenes.rules import RulesScene

        self.ctx.scenes.push(RulesScene(self.ctx))

    def request_quit(self) -> None:
        """Leave the program."""
        self.ctx.quit_requested = True

    def back(self) -> None:
        """Esc on the title screen quits."""
        self.request_quit()

    def on_enter(self) -> None:
        """Refresh Continue (a game may have been saved meanwhile) and the layout."""
        super().on_enter()
        if self._fan_four_color != self.ctx.settings.four_color:  # the deck's colours changed in Settings
            self.layout()
        self.continue_game.enabled = has_saved_game(self.ctx)
        self.group.set_focus(self.group.focus or self.new_game)

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Title on top, the fan on the left, the button panel on the right."""
        w, h = self.size
        s = self.s
        content_top = s(236)
        mid_y = (content_top + h - s(34)) // 2
        bw, bh, gap, pad = s(296), s(54), s(14), s(30)
        ph = len(self.buttons) * bh + (len(self.buttons) - 1) * gap + 2 * pad
        pw = bw + 2 * pad
        self.panel = pygame.Rect(w // 2 + s(70), mid_y - ph // 2, pw, ph)
        for i, b in enumerate(self.buttons):
            b.set_rect((self.panel.x + pad, self.panel.y + pad + i * (bh + gap), bw, bh))
        self.fan_center = (w // 2 - s(250), mid_y)
        self.card_width = s(150)
        self._fan_four_color = self.ctx.settings.four_color
        self._card_imgs = _card_images(self.card_width, self._fan_four_color)
        self._build_fan()

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
        """Animate the fan opening, then the widgets."""
        super().update(dt_s)
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
        sub = text.blit_text(surface, SUBTITLE, s(30), theme.TEXT_DIM, (w // 2, s(186)), "center")
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
