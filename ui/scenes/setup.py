"""New-game setup: the game, its rule options, and who sits in every seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.options import PITCH_TARGETS, SPADES_TARGETS, PitchOptions, SpadesOptions, SpadesTwoOptions
from ui.config import DEFAULT_LEVEL, LEVELS, NAME_MAX_LEN, GameConfig, SeatConfig, default_names, level_label
from ui.draw import text, theme
from ui.draw.widgets import Button, ChoiceSelector, Tabs, TextField, Toggle, Widget
from ui.scenes import FormScene
from ui.scenes.confirm import ConfirmScene

if TYPE_CHECKING:
    from ui.context import AppContext

GAMES = (("spades", "Spades"), ("spades-two", "Spades for two"), ("pitch", "Pitch"))
GAME_KINDS = tuple(kind for kind, _title in GAMES)
PITCH_PLAYERS = range(2, 8)
MAX_SEATS = max(PITCH_PLAYERS)
ABOUT = {
    "spades": "Four players, partners sit opposite. Bid your tricks; spades are always trump. "
              "The first side to reach the target wins.",
    "spades-two": "Head to head: draw your 13 cards from the stock, keeping one of every two, "
                  "then bid and play as in Spades.",
    "pitch": "Six cards each. Bid for High, Low, Jack and Game; the pitcher's first card sets trump. "
             "You win on reaching the target in a hand you pitch and make.",
}


def players_for(game: str, pitch_players: int) -> int:
    """The number of seats of ``game``."""
    return {"spades": 4, "spades-two": 2}.get(game, pitch_players)


def _default_options() -> dict[str, dict[str, Any]]:
    return {
        "spades": SpadesOptions().to_json(),
        "spades-two": SpadesTwoOptions().to_json(),
        "pitch": PitchOptions().to_json(),
    }


class SeatRow:
    """The widgets of one seat: name, Human/Computer, computer level."""

    def __init__(self, name: TextField, who: ChoiceSelector, level: ChoiceSelector) -> None:
        self.name = name
        self.who = who
        self.level = level
        self.badge = pygame.Rect(0, 0, 0, 0)


class SetupScene(FormScene):
    """Choose the game, its options and the players, then Start (calls ``ctx.app.start_game``)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.game = "spades"
        self.options = _default_options()
        self.pitch_players = 4
        self.names = list(default_names(4)) + [""] * (MAX_SEATS - 4)
        self.edited = [False] * MAX_SEATS
        self.human = [i == 0 for i in range(MAX_SEATS)]
        chosen = ctx.settings.computer_level  # the default-level setting
        self.levels = [chosen if chosen in LEVELS else DEFAULT_LEVEL] * MAX_SEATS
        self._restore(ctx.settings.last_setup)
        self._make_widgets()
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self._refresh()
        self.group.set_focus(self.start_button)  # Enter starts at once with the remembered choices

    # --- state ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Seats in the chosen game."""
        return players_for(self.game, self.pitch_players)

    def _restore(self, saved: dict[str, Any]) -> None:
        """Take back the last choices, ignoring anything that does not fit."""
        if not saved:
            self._apply_default_names()
            return
        if saved.get("game") in GAME_KINDS:
            self.game = saved["game"]
        if saved.get("pitch_players") in PITCH_PLAYERS:
            self.pitch_players = int(saved["pitch_players"])
        for kind, defaults in _default_options().items():
            got = saved.get("options", {}).get(kind, {})
            if isinstance(got, dict):
                self.options[kind] = {k: got.get(k, v) for k, v in defaults.items()}
        for i, seat in enumerate(saved.get("seats", [])[:MAX_SEATS]):
            if not isinstance(seat, dict):
                continue
            self.edited[i] = bool(seat.get("edited")) and bool(seat.get("name"))
            if self.edited[i]:
                self.names[i] = str(seat["name"])[:NAME_MAX_LEN]
            self.human[i] = bool(seat.get("human", i == 0))
            if seat.get("level") in LEVELS:
                self.levels[i] = seat["level"]
        self._apply_default_names()

    def remember(self) -> None:
        """Store the current choices in ``ctx.settings.last_setup``."""
        self.ctx.settings.last_setup = {
            "game": self.game,
            "pitch_players": self.pitch_players,
            "options": {kind: dict(opts) for kind, opts in self.options.items()},
            "seats": [
                {"name": self.names[i], "edited": self.edited[i], "human": self.human[i], "level": self.levels[i]}
                for i in range(MAX_SEATS)
            ],
        }

    def _default_names(self, players: int) -> tuple[str, ...]:
        """The seats' default names, the first seat under the player's own name when the settings give one."""
        names = default_names(players, self.human)
        own = self.ctx.settings.player_name.strip()
        return ((own,) + names[1:]) if own and names and names[0] == "You" else names

    def _apply_default_names(self) -> None:
        defaults = self._default_names(self.players)
        for i in range(MAX_SEATS):
            if not self.edited[i]:
                self.names[i] = defaults[i] if i < len(defaults) else ""

    def config(self, seed: int | None = None) -> GameConfig:
        """The game these choices describe."""
        n = self.players
        defaults = self._default_names(n)
        opts = self.options[self.game]
        if self.game == "pitch":
            options: SpadesOptions | PitchOptions = PitchOptions(
                target=int(opts["target"]),
                partnerships=bool(opts["partnerships"]) and n == 4,
                dealer_steal=bool(opts["dealer_steal"]),
                low=str(opts["low"]),
            )
        else:
            options = SpadesOptions(target=int(opts["target"]), nil=bool(opts["nil"]),
                                    double_nil=bool(opts["double_nil"]), mercy=opts["mercy"])
        seats = tuple(
            SeatConfig(self.names[i].strip() or defaults[i], self.human[i], self.levels[i]) for i in range(n)
        )
        return GameConfig(self.game, n, options, seats, seed)

    def partnerships(self) -> bool:
        """True when the chosen game is played by two partnerships."""
        if self.game == "spades":
            return True
        return self.game == "pitch" and self.players == 4 and bool(self.options["pitch"]["partnerships"])

    # --- widgets --------------------------------------------------------------------------
    def _make_widgets(self) -> None:
        self.tabs = Tabs([title for _kind, title in GAMES], GAME_KINDS.index(self.game), self._set_game)
        self.controls: dict[str, dict[str, Widget]] = {}
        for kind in ("spades", "spades-two"):
            self.controls[kind] = {
                "target": ChoiceSelector("Target score", [(str(t), t) for t in sorted(SPADES_TARGETS)],
                                         on_change=self._option(kind, "target")),
                "nil": Toggle("Nil bids allowed", on_change=self._option(kind, "nil")),
                "double_nil": Toggle("Double Nil allowed", on_change=self._option(kind, "double_nil")),
                "mercy": ChoiceSelector("Mercy rule", [("Off", None), ("Lose at \u2212200", -200)],
                                        on_change=self._option(kind, "mercy")),
            }
        self.controls["pitch"] = {
            "players": ChoiceSelector("Players", [(str(n), n) for n in PITCH_PLAYERS], on_change=self._set_players,
                                      wrap=False),
            "partnerships": Toggle("Partnerships", on_change=self._option("pitch", "partnerships")),
            "target": ChoiceSelector("Target score", [(str(t), t) for t in sorted(PITCH_TARGETS)],
                                     on_change=self._option("pitch", "target")),
            "dealer_steal": Toggle("Dealer may steal", on_change=self._option("pitch", "dealer_steal")),
            "low": ChoiceSelector("Low point to", [("Trick winner", "winner"), ("Who played it", "player")],
                                  on_change=self._option("pitch", "low")),
        }
        for kind, widgets in self.controls.items():
            for key, widget in widgets.items():
                value = self.pitch_players if key == "players" else self.options[kind][key]
                if isinstance(widget, Toggle):
                    widget.set_value(bool(value))
                elif isinstance(widget, ChoiceSelector):
                    widget.set_value(value)
        self.rows: list[SeatRow] = []
        for i in range(MAX_SEATS):
            name = TextField(self.names[i], NAME_MAX_LEN, self._namer(i), placeholder="Name")
            who = ChoiceSelector("", [("Human", True), ("Computer", False)], on_change=self._who(i))
            who.set_value(self.human[i])
            level = ChoiceSelector("", [(level_label(lv), lv) for lv in LEVELS], on_change=self._leveler(i))
            level.set_value(self.levels[i])
            self.rows.append(SeatRow(name, who, level))
        self.back_button = Button("Back", self.back)
        self.start_button = Button("Start game", self.start, primary=True)

    def _option(self, kind: str, key: str) -> Any:
        def set_option(value: Any) -> None:
            self.options[kind][key] = value
            self._refresh()

        return set_option

    def _set_game(self, index: int) -> None:
        self.game = GAME_KINDS[index]
        self._apply_default_names()
        self._refresh()

    def _set_players(self, n: int) -> None:
        self.pitch_players = n
        if n != 4:
            self.options["pitch"]["partnerships"] = False
        self._apply_default_names()
        self._refresh()

    def _namer(self, i: int) -> Any:
        def set_name(value: str) -> None:
            self.names[i] = value
            self.edited[i] = bool(value.strip())
            self.remember()

        return set_name

    def _who(self, i: int) -> Any:
        def set_human(value: bool) -> None:
            self.human[i] = bool(value)
            self._apply_default_names()
            self._refresh()

        return set_human

    def _leveler(self, i: int) -> Any:
        def set_level(value: str) -> None:
            self.levels[i] = value
            self.remember()

        return set_level

    def active_controls(self) -> list[Widget]:
        """The option widgets of the chosen game, top to bottom."""
        return list(self.controls[self.game].values())

    def _refresh(self) -> None:
        """Bring widgets in line with the state, choose the active ones, lay out and remember."""
        partner = self.controls["pitch"]["partnerships"]
        assert isinstance(partner, Toggle)
        partner.enabled = self.pitch_players == 4
        partner.value = bool(self.options["pitch"]["partnerships"]) and partner.enabled
        for i, row in enumerate(self.rows):
            if row.name.value != self.names[i]:
                row.name.value = self.names[i]
            row.level.enabled = not self.human[i]
        widgets: list[Widget] = [self.tabs, *self.active_controls()]
        for i in range(self.players):
            row = self.rows[i]
            widgets += [row.name, row.who] + ([] if self.human[i] else [row.level])
        widgets += [self.back_button, self.start_button]
        self.group.set_widgets(widgets)
        self.layout()
        self.remember()

    # --- actions --------------------------------------------------------------------------
    def start(self) -> None:
        """Start the game through the app (``ctx.app.start_game``); a game in progress is saved in the one slot,
        so first ask whether to replace it (Keep stays on this screen, every choice kept)."""
        self.remember()
        app = self.ctx.app
        if app is None:
            return
        config = self.config()
        if not app.has_saved_game():
            app.start_game(config)
            return
        saved = self.ctx.saves.in_progress() if self.ctx.saves is not None else None
        body = (f"Your game in progress ({saved}) will be lost." if saved
                else "Your game in progress will be lost.")
        self.ctx.scenes.push(ConfirmScene(self.ctx, "Replace the saved game?", body, "Replace", "Keep",
                                          on_confirm=lambda: app.start_game(config)))

    def back(self) -> None:
        """Back to the menu, keeping the choices."""
        self.remember()
        super().back()

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Title and tabs on top, Rules panel left, Players panel right, Back/Start below."""
        w, h = self.size
        s = self.s
        total = s(1180)
        x0 = (w - total) // 2
        self.tabs.set_rect((w // 2 - s(330), s(96), s(660), s(50)))
        top, bottom = s(170), h - s(96)
        self.left = pygame.Rect(x0, top, s(440), bottom - top)
        self.right = pygame.Rect(self.left.right + s(24), top, total - s(464), bottom - top)
        bh = s(56)
        by = h - s(80)
        self.back_button.set_rect((self.left.x, by, s(200), bh))
        self.start_button.set_rect((self.right.right - s(260), by, s(260), bh))
        pad = s(26)
        row_h, gap = s(50), s(12)
        y = self.left.y + s(74)
        for widget in self.active_controls():
            widget.set_rect((self.left.x + pad, y, self.left.width - 2 * pad, row_h))
            y += row_h + gap
        self.about_top = y + s(6)
        self._layout_seats()

    def _layout_seats(self) -> None:
        s = self.s
        r = self.right
        pad = s(24)
        self.rows_top = r.y + s(100)
        note_h = s(40)
        n = self.players
        pitch = min(s(62), (r.bottom - pad - note_h - self.rows_top) // max(1, n))
        row_h = min(s(50), pitch - s(8))
        x = r.x + pad
        widths = (s(30), s(240), s(190), r.right - pad - (x + s(30) + s(240) + s(190) + 3 * s(14)))
        self.columns = []
        cx = x
        for width in widths:
            self.columns.append((cx, width))
            cx += width + s(14)
        for i, row in enumerate(self.rows):
            if i >= n:
                for widget in (row.name, row.who, row.level):
                    widget.set_rect((0, 0, 0, 0))
                row.badge = pygame.Rect(0, 0, 0, 0)
                continue
            y = self.rows_top + i * pitch
            row.badge = pygame.Rect(self.columns[0][0], y + (row_h - s(30)) // 2, s(30), s(30))
            row.name.set_rect((self.columns[1][0], y, self.columns[1][1], row_h))
            row.who.set_rect((self.columns[2][0], y, self.columns[2][1], row_h))
            row.level.set_rect((self.columns[3][0], y, self.columns[3][1], row_h))
        self.note_y = self.rows_top + n * pitch + s(6)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, panels, widgets and the notes that explain the choices."""
        theme.draw_felt(surface, self.ctx.settings.felt)
        w, _h = self.size
        s = self.s
        self.draw_title(surface, "New game", (w // 2, s(50)), s(66))
        theme.draw_panel(surface, self.left)
        theme.draw_panel(surface, self.right)
        text.blit_text(surface, "Rules", s(36), theme.GOLD_LIGHT, (self.left.x + s(26), self.left.y + s(40)),
                       "midleft")
        text.blit_text(surface, "Players", s(36), theme.GOLD_LIGHT, (self.right.x + s(24), self.right.y + s(40)),
                       "midleft")
        self._draw_about(surface)
        self._draw_seat_headers(surface)
        self._draw_badges(surface)
        self.group.draw(surface)

    def about_lines(self) -> tuple[int, list[str], int]:
        """The game in two sentences under its options: the largest font size (down to a small one) at which
        they fit, their lines, and the height there is room for."""
        s = self.s
        width = self.left.width - s(56)
        room = self.left.bottom - s(12) - self.about_top
        size = s(22)
        lines = text.wrap(ABOUT[self.game], size, width)
        while size > max(10, s(15)) and len(lines) * text.line_height(size) > room:
            size -= 1
            lines = text.wrap(ABOUT[self.game], size, width)
        return size, lines, room

    def _draw_about(self, surface: pygame.Surface) -> None:
        size, lines, room = self.about_lines()
        x, y = self.left.x + self.s(28), self.about_top
        lh = text.line_height(size)
        for line in lines:
            if y + lh > self.about_top + room:
                break
            text.blit_text(surface, line, size, theme.TEXT_DIM, (x, y))
            y += lh

    def _draw_seat_headers(self, surface: pygame.Surface) -> None:
        s = self.s
        size = s(21)
        y = self.rows_top - s(14)
        for (cx, _w), label in zip(self.columns[1:], ("Name", "Plays as", "Computer level"), strict=True):
            text.blit_text(surface, label.upper(), size, theme.TEXT_DIM, (cx + s(4), y), "bottomleft")
        n = self.players
        summary = f"{n} players" + (" \u00b7 two partnerships" if self.partnerships() else "")
        text.blit_text(surface, summary, s(22), theme.TEXT_DIM, (self.right.right - s(24), self.right.y + s(40)),
                       "midright")

    def _draw_badges(self, surface: pygame.Surface) -> None:
        s = self.s
        partner = self.partnerships()
        for i in range(self.players):
            row = self.rows[i]
            b = row.badge
            col = theme.TEAM_COLORS[i % 2] if partner else theme.GOLD_DARK
            pygame.draw.circle(surface, col, b.center, b.width // 2)
            pygame.draw.circle(surface, theme.GOLD_LIGHT, b.center, b.width // 2, max(1, s(2)))
            text.blit_text(surface, str(i + 1), s(22), theme.TEXT_DARK, b.center, "center")
            if self.human[i]:
                lr = row.level.rect
                text.blit_text(surface, "plays at this screen", text.fit_size("plays at this screen", s(21), lr.width),
                               theme.TEXT_DISABLED, (lr.x + s(8), lr.centery), "midleft")
        self._draw_note(surface, partner)

    def _draw_note(self, surface: pygame.Surface, partner: bool) -> None:
        s = self.s
        n = self.players
        names = [self.names[i].strip() or self._default_names(n)[i] for i in range(n)]
        x = self.right.x + s(24)
        y = self.note_y + s(16)
        size = s(22)
        if partner:
            x = text.blit_text(surface, "Partners:", size, theme.TEXT_DIM, (x, y), "midleft").right + s(10)
            for side, label in ((0, f"{names[0]} & {names[2]}"), (1, f"{names[1]} & {names[3]}")):
                pygame.draw.circle(surface, theme.TEAM_COLORS[side], (x + s(7), y), s(7))
                x = text.blit_text(surface, label, size, theme.TEXT, (x + s(20), y), "midleft").right
                if side == 0:
                    x = text.blit_text(surface, "vs", size, theme.TEXT_DIM, (x + s(14), y), "midleft").right + s(14)
        else:
            humans = sum(self.human[:n])
            if humans > 1:
                note = "Hot seat: hands stay hidden until each player is ready."
            elif humans == 0:
                note = "No human player: watch the computers play."
            else:
                note = "Everyone plays for himself." if n > 2 else "Head to head."
            text.blit_text(surface, note, size, theme.TEXT_DIM, (x, y), "midleft")
