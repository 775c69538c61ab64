"""Settings: pace, sound, the cards and the table's look, the player's name and habits; shown over the screen
that opened it. Every change applies at once and is kept between runs (``ctx.save_settings``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from ui.draw import text, theme
from ui.draw.widgets import Button, ChoiceSelector, TextField, Toggle, Widget
from ui.scenes import FormScene
from ui.services.settings import NAME_MAX_LEN

if TYPE_CHECKING:
    from ui.context import AppContext

SPEEDS = [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("Instant", "instant")]
PACES = [("Slow", "slow"), ("Normal", "normal"), ("Fast", "fast"), ("No pause", "instant")]
THINK_TIMES = [("0.25 s", 250), ("0.5 s", 500), ("1 s", 1000), ("2 s", 2000)]
VOLUMES = [(f"{v}%", v) for v in range(10, 101, 10)]
LEVELS = [("Easy", "easy"), ("Normal", "normal"), ("Hard", "hard")]
BACKS = [("Classic red", "classic"), ("Navy", "navy"), ("Rosette", "rosette"), ("Tartan", "tartan")]
FELT_CHOICES = [("Green", "green"), ("Blue", "blue"), ("Burgundy", "burgundy"), ("Charcoal", "charcoal")]
SUIT_ORDERS = [("Spades Hearts Clubs Diamonds", "SHCD"), ("Spades Hearts Diamonds Clubs", "SHDC"),
               ("Clubs Diamonds Hearts Spades", "CDHS"), ("Hearts Spades Diamonds Clubs", "HSDC")]
RANK_ORDERS = [("High to low", "high-low"), ("Low to high", "low-high")]
PREVIEW_CARDS = ("AS", "KH", "QD", "JC")

SPEED_HELP = {
    "slow": "Cards glide gently.",
    "normal": "A comfortable pace to follow every card.",
    "fast": "Brisk animations.",
    "instant": "No animation and no pauses: the table jumps to the result.",
}
THINK_HELP = "How long a Hard computer player (and the Hint) thinks about each move."
HELP = {
    "pace": "How long computer players pause before each move, so you can follow them.",
    "think": THINK_HELP,
    "level": "The level computer seats start at on the new-game screen.",
    "name": "Your name at the table (empty: \u201cYou\u201d).",
    "confirm": "On: the first click (or Enter) picks a card, a second click plays it.",
    "sound": "Short card sounds, played quietly.",
    "volume": "How loud the sounds are.",
    "four": "Spades black, hearts red, diamonds blue, clubs green.",
    "back": "The design on the back of the cards.",
    "felt": "The colour of the table cloth.",
    "suits": "The order of the suits in your hand, left to right.",
    "ranks": "High cards first or low cards first within each suit.",
    "fullscreen": "F11 also switches full screen.",
}


class SettingsScene(FormScene):
    """Two columns of settings (play on the left, looks on the right) with a preview of the cards; changes
    apply and are saved at once. Esc or Back returns."""

    is_overlay = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        st = ctx.settings
        self.speed = ChoiceSelector("Animation speed", SPEEDS, on_change=self._setter("speed"), wrap=False)
        self.speed.set_value(st.speed)
        self.pace = ChoiceSelector("Computer pace", PACES, on_change=self._setter("pace"), wrap=False)
        self.pace.set_value(st.pace)
        self.think = ChoiceSelector("Computer thinking time", THINK_TIMES, on_change=self._set_think, wrap=False)
        self.think.set_value(min((ms for _label, ms in THINK_TIMES), key=lambda ms: abs(ms - st.think_ms)))
        self.level = ChoiceSelector("Computer level", LEVELS, on_change=self._set_level, wrap=False)
        self.level.set_value(st.computer_level)
        self.name = TextField(st.player_name, NAME_MAX_LEN, self._set_name, placeholder="You")
        self.confirm = Toggle("Confirm before playing", st.confirm_play, on_change=self._setter("confirm_play"))
        self.sound = Toggle("Sound", st.sound, on_change=self._set_sound)
        self.volume = ChoiceSelector("Volume", VOLUMES, on_change=self._set_volume, wrap=False)
        self.volume.set_value(min((v for _label, v in VOLUMES), key=lambda v: abs(v - st.volume)))
        self.four_color = Toggle("Four-colour deck", st.four_color, on_change=self._setter("four_color"))
        self.back_style = ChoiceSelector("Card back", BACKS, on_change=self._setter("card_back"))
        self.back_style.set_value(st.card_back)
        self.felt = ChoiceSelector("Table colour", FELT_CHOICES, on_change=self._setter("felt"))
        self.felt.set_value(st.felt)
        self.suits = ChoiceSelector("Hand suits", SUIT_ORDERS, on_change=self._setter("hand_suits"))
        self.suits.set_value(st.hand_suits)
        self.ranks = ChoiceSelector("Hand ranks", RANK_ORDERS, on_change=self._setter("hand_rank"))
        self.ranks.set_value(st.hand_rank)
        self.fullscreen = Toggle("Full screen", st.fullscreen, on_change=self._set_fullscreen)
        self.back_button = Button("Back", self.back, primary=True)
        self.left_column: list[Widget] = [self.speed, self.pace, self.think, self.level, self.name, self.confirm,
                                          self.sound, self.volume]
        self.right_column: list[Widget] = [self.four_color, self.back_style, self.felt, self.suits, self.ranks,
                                           self.fullscreen]
        self.help_keys: dict[int, str] = {id(self.pace): "pace", id(self.think): "think", id(self.level): "level",
                                          id(self.name): "name", id(self.confirm): "confirm",
                                          id(self.sound): "sound", id(self.volume): "volume",
                                          id(self.four_color): "four", id(self.back_style): "back",
                                          id(self.felt): "felt", id(self.suits): "suits", id(self.ranks): "ranks",
                                          id(self.fullscreen): "fullscreen"}
        self.group.set_widgets(self.left_column + self.right_column + [self.back_button])
        self.group.set_focus(self.speed)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.name_label = pygame.Rect(0, 0, 0, 0)
        self.preview = pygame.Rect(0, 0, 0, 0)
        self.help_at = (0, 0)
        self.volume.enabled = st.sound
        self.layout()

    # --- changes --------------------------------------------------------------------------
    def _setter(self, name: str) -> Callable[[object], None]:
        def set_value(value: object) -> None:
            setattr(self.ctx.settings, name, value)
            self.ctx.save_settings()

        return set_value

    def _set_think(self, value: int) -> None:
        self.ctx.settings.think_ms = int(value)
        self.ctx.save_settings()

    def _set_level(self, value: str) -> None:
        """The default level; the remembered new-game seats take it too (the player just chose it)."""
        st = self.ctx.settings
        st.computer_level = value
        seats = st.last_setup.get("seats") if isinstance(st.last_setup, dict) else None
        if isinstance(seats, list):
            for seat in seats:
                if isinstance(seat, dict) and "level" in seat:
                    seat["level"] = value
        self.ctx.save_settings()

    def _set_name(self, value: str) -> None:
        self.ctx.settings.player_name = value.strip()[:NAME_MAX_LEN]  # saved on leaving (not per key)

    def _set_sound(self, value: bool) -> None:
        self.ctx.settings.sound = value
        self.volume.enabled = value
        self.ctx.save_settings()
        self.ctx.play_sound("bid")

    def _set_volume(self, value: int) -> None:
        self.ctx.settings.volume = int(value)
        self.ctx.save_settings()
        self.ctx.play_sound("bid")  # hear the new level

    def _set_fullscreen(self, value: bool) -> None:
        self.ctx.settings.fullscreen = value
        self.ctx.save_settings()

    def back(self) -> None:
        """Save (the name is saved here) and return to the screen below."""
        self.ctx.save_settings()
        super().back()

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """A centred panel: the title, two columns of rows, a help line for the focused row, Back."""
        w, h = self.size
        s = self.s
        row, gap = s(44), s(10)
        rows = max(len(self.left_column), len(self.right_column) + 2)
        pw = min(w - s(24), s(1180))
        ph = min(h - s(16), s(86) + rows * row + (rows - 1) * gap + s(118))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = s(32)
        cw = (pw - 3 * pad) // 2
        top = self.panel.y + s(86)
        x0, x1 = self.panel.x + pad, self.panel.x + 2 * pad + cw
        for i, widget in enumerate(self.left_column):
            rect = pygame.Rect(x0, top + i * (row + gap), cw, row)
            if widget is self.name:
                self.name_label = pygame.Rect(rect.x, rect.y, round(cw * 0.42), row)
                rect = pygame.Rect(rect.x + self.name_label.width, rect.y, cw - self.name_label.width, row)
            widget.set_rect(rect)
        for i, widget in enumerate(self.right_column):
            widget.set_rect((x1, top + i * (row + gap), cw, row))
        preview_top = top + len(self.right_column) * (row + gap)
        self.preview = pygame.Rect(x1, preview_top, cw, top + rows * (row + gap) - gap - preview_top)
        bw, bh = s(200), s(50)
        self.back_button.set_rect((self.panel.centerx - bw // 2, self.panel.bottom - s(22) - bh, bw, bh))
        self.help_at = (self.panel.centerx, self.back_button.rect.top - s(24))

    def update(self, dt_s: float) -> None:
        """Follow F11 (the app flips the setting) and animate the widgets."""
        if self.fullscreen.value != self.ctx.settings.fullscreen:
            self.fullscreen.value = self.ctx.settings.fullscreen
        super().update(dt_s)

    def help_text(self) -> str:
        """The help line of the row in focus (or under the pointer)."""
        widget = next((wd for wd in self.left_column + self.right_column if wd.hovered), None) or self.group.focus
        if widget is self.speed or widget is None:
            return SPEED_HELP.get(self.speed.value, "")
        return HELP.get(self.help_keys.get(id(widget), ""), "")

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panel over a darkened view of the screen below."""
        self.draw_background(surface)
        s = self.s
        theme.draw_solid_panel(surface, self.panel)
        self.draw_title(surface, "Settings", (self.panel.centerx, self.panel.y + s(44)), s(52))
        label_size = round(self.name.rect.height * 0.5)
        text.blit_text(surface, "Your name", text.fit_size("Your name", label_size, self.name_label.width - s(16)),
                       theme.TEXT_DIM, (self.name_label.x + self.name_label.height // 3, self.name_label.centery),
                       "midleft")
        self._draw_preview(surface)
        help_text = self.help_text()
        if help_text:
            size = text.fit_size(help_text, s(20), self.panel.width - s(64))
            text.blit_text(surface, help_text, size, theme.TEXT_DIM, self.help_at, "center")
        self.group.draw(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Four cards and a back in the chosen colours, on a swatch of the chosen felt."""
        box = self.preview
        if box.height < self.s(30):
            return
        st = self.ctx.settings
        swatch = pygame.Surface(box.size)
        theme.draw_felt(swatch, st.felt)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=self.s(10))
        clipped = pygame.Surface(box.size, pygame.SRCALPHA)
        clipped.blit(swatch, (0, 0))
        clipped.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(clipped, box)
        pygame.draw.rect(surface, theme.GOLD_DARK, box, max(1, self.s(2)), border_radius=self.s(10))
        gap = self.s(10)
        card_h = box.height - 2 * gap
        card_w = max(16, min(round(card_h / 1.4), (box.width - 6 * gap) // 5))
        art = self.ctx.art.get(card_w, st.card_back, st.four_color)
        total = 5 * art.width + 4 * gap
        x = box.centerx - total // 2
        y = box.centery - art.height // 2
        for code in PREVIEW_CARDS:
            surface.blit(art.face(Card.parse(code)), (x, y))
            x += art.width + gap
        surface.blit(art.back(), (x, y))
