"""New-game setup: the game, its rule options, and who sits in every seat.

Everything offered comes from the registry (``game.games.GAMES``): the game tabs (each game the
window can present, ``ui.games.shown_games``), the seat counts, every option's control built from
its ``OptionSpec`` (label, choices in display order, a toggle for on/off, fixed at its default where
the seat count does not allow it) and the one-line help shown while the control has focus. Which
seats are partners comes from the engine. A game added to the registry with a presentation shows
up here with no edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.games import GAMES, GameInfo
from game.options import OptionSpec, OptionValue
from ui.config import DEFAULT_LEVEL, LEVELS, NAME_MAX_LEN, GameConfig, SeatConfig, default_names, level_label
from ui.draw import text, theme
from ui.draw.widgets import Button, ChoiceSelector, Tabs, TextField, Toggle, Widget
from ui.games import presentation_of, shown_games
from ui.scenes import FormScene
from ui.scenes.confirm import ConfirmScene
from ui.scenes.preset import PresetNameScene
from ui.services.settings import SEAT_COUNT_KINDS

if TYPE_CHECKING:
    from ui.context import AppContext

ROW_H, ROW_GAP = 50, 12  # an option row and the gap under it, at 1280x720
ABOUT_MIN_H = 50  # the least room kept under the options for the about text (or the focused option's help)
PAGE = "page"  # the key of the control that turns the pages of options too many for the panel
PLAYERS = "players"  # the key of the seat-count control of a game played by a varying number of seats
PRESET = "preset"  # the key of the control that picks a saved house-rules preset of the game
SAVE_PRESET = "save_preset"  # the key of the button that saves the game's options as a preset
AS_CHOSEN = ""  # the preset control's value when the options are no saved preset's
PRESET_HELP = "Pick house rules you saved under a name: every option of this game is set as saved."
SAVE_HELP = "Keep this game's options (and the number of players) under a name, to pick again later."
# The settings file's key for a game's remembered seat count: the only ones ``ui.services.settings`` accepts
# in ``last_setup`` (a game not listed starts at its registry's default count).
SEAT_COUNT_KEYS = {kind: key for key, kind in SEAT_COUNT_KINDS.items()}


def max_seats() -> int:
    """The most seats any game offered here has (the setup keeps a row for each)."""
    return max(GAMES[kind].max_seats for kind in shown_games())


def seat_counts(info: GameInfo) -> tuple[int, ...]:
    """The seat counts the registry allows for a game, fewest first."""
    return tuple(range(info.min_seats, info.max_seats + 1))


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def allowed(spec: OptionSpec, value: object, seats: int) -> OptionValue:
    """``value`` when the option may take it at a table of ``seats``, else the value such a table starts
    with (``default_at``)."""
    return next((v for v in spec.allowed_at(seats) if _same(v, value)), spec.default_at(seats))


def depends_on_seats(spec: OptionSpec) -> bool:
    """Whether the seat count limits the option or any of its values (partnerships need four players)."""
    return spec.seats is not None or any(choice.seats is not None for choice in spec.choices)


def control_order(specs: tuple[OptionSpec, ...]) -> tuple[OptionSpec, ...]:
    """The options as the setup lists them: those whose values choose the table's shape first (right under
    the seat count), then the others in the registry's order (the rules files' options before the house
    rules). An option earlier in this order wins over a later one the options refuse beside it (see
    ``SetupScene.offered``)."""
    return tuple(sorted(specs, key=_seat_rank))


def _seat_rank(spec: OptionSpec) -> int:
    """0 for an option some of whose values need certain seat counts (it chooses the table's shape:
    partnerships or each for himself), 1 for the others."""
    return 0 if any(choice.seats is not None for choice in spec.choices) else 1


def accepts(info: GameInfo, values: dict[str, Any]) -> bool:
    """Whether the game's options class takes these values together (it refuses what the rules do not
    allow, e.g. a house rule Cutthroat Spades does not offer)."""
    try:
        info.options_class(**values)
    except (TypeError, ValueError):
        return False
    return True


def help_line(spec: OptionSpec, seats: int) -> str:
    """An option's help with its default at a table of ``seats`` named: "The first side to reach this score
    wins. Default: 500."."""
    return f"{spec.help} Default: {spec.label_of(spec.default_at(seats))}."


def teams_of(kind: str, seats: int, options: tuple[tuple[str, Any], ...]) -> tuple[tuple[int, ...], ...]:
    """The sides of a game with these options, as the engine seats them (its first deal's ``teams``)."""
    info = GAMES[kind]
    game = info.make(info.options_class(**dict(options)), seats, 0, None)
    return tuple(tuple(team) for team in game.teams)


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _default_options() -> dict[str, dict[str, Any]]:
    return {kind: {spec.key: spec.default for spec in GAMES[kind].option_specs} for kind in shown_games()}


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
        self.kinds = shown_games()
        self.game = self.kinds[0]
        self._teams: dict[tuple[str, int, tuple[tuple[str, Any], ...]], tuple[tuple[int, ...], ...]] = {}
        self.options = _default_options()
        self.seats = {kind: GAMES[kind].default_seats for kind in self.kinds}  # each game's chosen seat count
        self.order = {kind: control_order(GAMES[kind].option_specs) for kind in self.kinds}
        self.page = {kind: 0 for kind in self.kinds}  # the page of options shown, when they need several
        self.pagers: dict[str, ChoiceSelector] = {}
        most = max_seats()
        first = GAMES[self.game].default_seats
        self.names = list(default_names(first)) + [""] * (most - first)
        self.edited = [False] * most
        self.human = [i == 0 for i in range(most)]
        chosen = ctx.settings.computer_level  # the default-level setting
        self.levels = [chosen if chosen in LEVELS else DEFAULT_LEVEL] * most
        self._restore(ctx.settings.last_setup)
        self._make_widgets()
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self._refresh()
        self.group.set_focus(self.start_button)  # Enter starts at once with the remembered choices

    # --- state ----------------------------------------------------------------------------
    @property
    def info(self) -> GameInfo:
        """The registry's facts of the chosen game."""
        return GAMES[self.game]

    @property
    def players(self) -> int:
        """Seats in the chosen game."""
        return self.seats[self.game]

    def _restore(self, saved: dict[str, Any]) -> None:
        """Take back the last choices, ignoring anything that does not fit."""
        if not saved:
            self._apply_default_names()
            return
        if saved.get("game") in self.kinds:
            self.game = saved["game"]
        for kind, key in SEAT_COUNT_KEYS.items():
            count = saved.get(key)
            if kind in self.seats and type(count) is int and GAMES[kind].allows_seats(count):
                self.seats[kind] = count
        options = saved.get("options")
        for kind in self.kinds:
            got = options.get(kind, {}) if isinstance(options, dict) else {}
            if isinstance(got, dict):
                for spec in GAMES[kind].option_specs:
                    if spec.key in got:
                        self.options[kind][spec.key] = allowed(spec, got[spec.key], self.seats[kind])
            self._settle(kind)
        seats = saved.get("seats")
        for i, seat in enumerate(seats[:len(self.names)] if isinstance(seats, list) else []):
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
        setup: dict[str, Any] = {"game": self.game}
        setup.update({key: self.seats[kind] for kind, key in SEAT_COUNT_KEYS.items() if kind in self.seats})
        setup["options"] = {kind: dict(opts) for kind, opts in self.options.items()}
        setup["seats"] = [
            {"name": self.names[i], "edited": self.edited[i], "human": self.human[i], "level": self.levels[i]}
            for i in range(len(self.names))
        ]
        self.ctx.settings.last_setup = setup

    def _default_names(self, players: int) -> tuple[str, ...]:
        """The seats' default names, the first human seat under the player's own name when the settings give
        one (also with several people at the table, where the others are "Player 2", "Player 3"...)."""
        names = list(default_names(players, self.human))
        own = self.ctx.settings.player_name.strip()
        if not own or not names:
            return tuple(names)
        people = [i for i in range(players) if self.human[i]]
        if len(people) >= 2:
            names[people[0]] = own
        elif names[0] == "You":
            names[0] = own
        return tuple(names)

    def _apply_default_names(self) -> None:
        defaults = self._default_names(self.players)
        for i in range(len(self.names)):
            if not self.edited[i]:
                self.names[i] = defaults[i] if i < len(defaults) else ""

    def chosen_options(self) -> dict[str, Any]:
        """The chosen game's option values by key (always a combination its options class takes)."""
        self._settle(self.game)
        return dict(self.options[self.game])

    def offered(self, kind: str, spec: OptionSpec) -> tuple[OptionValue, ...]:
        """The values an option's control offers now, in display order: those the seat count allows that
        the options class takes beside the options listed above it (the ones below at their defaults)."""
        info, seats = GAMES[kind], self.seats[kind]
        values = self._prefix(kind, spec)
        ok = set(map(repr, spec.allowed_at(seats)))
        shown = tuple(c.value for c in spec.choices if repr(c.value) in ok
                      and accepts(info, {**values, spec.key: c.value}))
        return shown or (self.options[kind][spec.key],)

    def _prefix(self, kind: str, spec: OptionSpec) -> dict[str, Any]:
        """The options above ``spec`` as chosen, those from ``spec`` down at their defaults for the seats."""
        seats, current = self.seats[kind], self.options[kind]
        order = self.order[kind]
        index = order.index(spec)
        return {other.key: current[other.key] if i < index else other.default_at(seats)
                for i, other in enumerate(order)}

    def _settle(self, kind: str) -> None:
        """Make the game's options a combination its options class takes: top to bottom, each option keeps
        its value when the seat count allows it beside the ones above, else takes its default there."""
        info, seats, current = GAMES[kind], self.seats[kind], self.options[kind]
        if all(repr(current[spec.key]) in set(map(repr, spec.allowed_at(seats))) for spec in info.option_specs) \
                and accepts(info, current):
            return
        for spec in self.order[kind]:
            value = allowed(spec, current[spec.key], seats)
            if not accepts(info, {**self._prefix(kind, spec), spec.key: value}):
                value = spec.default_at(seats)
            current[spec.key] = value

    def config(self, seed: int | None = None) -> GameConfig:
        """The game these choices describe."""
        n = self.players
        defaults = self._default_names(n)
        options = self.info.options_class(**self.chosen_options())
        seats = tuple(
            SeatConfig(self.names[i].strip() or defaults[i], self.human[i], self.levels[i]) for i in range(n)
        )
        return GameConfig(self.game, n, options, seats, seed)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of the chosen game as the engine seats them (asked once per choice of game, seats and
        options)."""
        key = (self.game, self.players, tuple(sorted(self.chosen_options().items())))
        teams = self._teams.get(key)
        if teams is None:
            teams = self._teams[key] = teams_of(*key)
        return teams

    def partnerships(self) -> bool:
        """True when the chosen game is played by partnerships (a side of more than one seat)."""
        return any(len(team) > 1 for team in self.teams())

    # --- widgets --------------------------------------------------------------------------
    def _make_widgets(self) -> None:
        self.tabs = Tabs([GAMES[kind].title for kind in self.kinds], self.kinds.index(self.game), self._set_game)
        self.controls: dict[str, dict[str, Widget]] = {}
        self.specs: dict[Widget, OptionSpec] = {}  # the option behind each control (for its help line)
        self.helps: dict[Widget, str] = {}  # the help lines of the other controls (the presets')
        self.presets: dict[str, ChoiceSelector] = {}
        for kind in self.kinds:
            self.controls[kind] = self._game_controls(kind)
        self.rows: list[SeatRow] = []
        for i in range(len(self.names)):
            name = TextField(self.names[i], NAME_MAX_LEN, self._namer(i), placeholder="Name")
            who = ChoiceSelector("", [("Human", True), ("Computer", False)], on_change=self._who(i))
            who.set_value(self.human[i])
            level = ChoiceSelector("", [(level_label(lv), lv) for lv in LEVELS], on_change=self._leveler(i))
            level.set_value(self.levels[i])
            self.rows.append(SeatRow(name, who, level))
        self.back_button = Button("Back", self.back)
        self.start_button = Button("Start game", self.start, primary=True)

    def _game_controls(self, kind: str) -> dict[str, Widget]:
        """One game's controls, top to bottom: the seat count (when it varies), then a control per option."""
        info = GAMES[kind]
        controls: dict[str, Widget] = {}
        counts = seat_counts(info)
        if len(counts) > 1:
            players = ChoiceSelector("Players", [(str(n), n) for n in counts], on_change=self._set_players(kind),
                                     wrap=False)
            players.set_value(self.seats[kind])
            controls[PLAYERS] = players
        for spec in control_order(info.option_specs):
            widget = self._option_control(kind, spec)
            controls[spec.key] = widget
            self.specs[widget] = spec
        if info.option_specs:
            preset = ChoiceSelector("House rules", [("As chosen", AS_CHOSEN)], on_change=self._pick_preset(kind))
            save = Button("Save these rules as\u2026", self.ask_preset_name)
            controls[PRESET], controls[SAVE_PRESET] = preset, save
            self.presets[kind] = preset
            self.helps[preset], self.helps[save] = PRESET_HELP, SAVE_HELP
        return controls

    # --- house-rules presets (kept with the settings: ``Settings.presets``) ----------------
    def saved_presets(self, kind: str) -> list[dict[str, Any]]:
        """The presets saved for a game, in the order saved."""
        return [p for p in self.ctx.settings.presets if p.get("game") == kind]

    def current_preset(self, kind: str) -> str:
        """The name of the saved preset the game's options (and seat count, when it keeps one) are now, or
        ``AS_CHOSEN``."""
        current = self.options[kind]
        for preset in self.saved_presets(kind):
            values = {spec.key: preset["options"].get(spec.key, spec.default) for spec in GAMES[kind].option_specs}
            if all(_same(values[k], current[k]) for k in values) and preset.get("players", self.seats[kind]) == \
                    self.seats[kind]:
                return str(preset["name"])
        return AS_CHOSEN

    def apply_preset(self, kind: str, name: str) -> bool:
        """Set the game's options (and seat count) as the preset ``name`` keeps them; False when there is none.
        An option the preset does not name takes its default; what the table cannot take settles as usual."""
        preset = next((p for p in self.saved_presets(kind) if p["name"] == name), None)
        if preset is None:
            return False
        players = preset.get("players")
        if type(players) is int and GAMES[kind].allows_seats(players):
            self.seats[kind] = players
            widget = self.controls[kind].get(PLAYERS)
            if isinstance(widget, ChoiceSelector):
                widget.set_value(players)
        for spec in GAMES[kind].option_specs:
            self.options[kind][spec.key] = allowed(spec, preset["options"].get(spec.key, spec.default),
                                                   self.seats[kind])
        self._settle(kind)
        self._apply_default_names()
        self._refresh()
        return True

    def _pick_preset(self, kind: str) -> Callable[[str], None]:
        def pick(name: str) -> None:
            if name != AS_CHOSEN:
                self.apply_preset(kind, name)

        return pick

    def save_preset(self, name: str) -> None:
        """Keep the chosen game's options under ``name`` (replacing a preset of that name) with the settings."""
        kind = self.game
        preset: dict[str, Any] = {"name": name, "game": kind, "options": self.chosen_options()}
        if GAMES[kind].min_seats < GAMES[kind].max_seats:
            preset["players"] = self.players
        kept = [p for p in self.ctx.settings.presets if (p.get("game"), p.get("name")) != (kind, name)]
        self.ctx.settings.presets = [*kept, preset]
        self.ctx.save_settings()
        self._refresh()

    def ask_preset_name(self) -> None:
        """Open the panel that names the preset (over this screen)."""
        current = self.current_preset(self.game)
        title = f"Save {GAMES[self.game].title} rules"
        body = "A preset of the same name is replaced."
        self.ctx.scenes.push(PresetNameScene(self.ctx, title, body, current or "My rules", self.save_preset))

    def _option_control(self, kind: str, spec: OptionSpec) -> Widget:
        """A toggle for an option whose choices are On and Off, else a selector of its choices in display order
        (a scale of numbers stops at its ends; other choices go round)."""
        value = self.options[kind][spec.key]
        if spec.is_toggle and {c.label for c in spec.choices} == {"On", "Off"}:  # else its words: "Each for himself"
            toggle = Toggle(spec.label, on_change=self._option(kind, spec.key))
            toggle.set_value(bool(value))
            return toggle
        numbers = all(type(c.value) is int for c in spec.choices)
        selector = ChoiceSelector(spec.label, [(c.label, c.value) for c in spec.choices],
                                  on_change=self._option(kind, spec.key), wrap=not numbers)
        selector.set_value(value)
        return selector

    def _option(self, kind: str, key: str) -> Callable[[Any], None]:
        def set_option(value: Any) -> None:
            self.options[kind][key] = value
            self._settle(kind)
            self._refresh()

        return set_option

    def _set_game(self, index: int) -> None:
        self.game = self.kinds[index]
        self._apply_default_names()
        self._refresh()

    def _set_players(self, kind: str) -> Callable[[int], None]:
        def set_players(n: int) -> None:
            self.seats[kind] = n
            self._settle(kind)  # an option the new count does not allow goes to its default there
            self._apply_default_names()
            self._refresh()

        return set_players

    def _namer(self, i: int) -> Callable[[str], None]:
        def set_name(value: str) -> None:
            self.names[i] = value
            self.edited[i] = bool(value.strip())
            self.remember()

        return set_name

    def _who(self, i: int) -> Callable[[bool], None]:
        def set_human(value: bool) -> None:
            self.human[i] = bool(value)
            self._apply_default_names()
            self._refresh()

        return set_human

    def _leveler(self, i: int) -> Callable[[str], None]:
        def set_level(value: str) -> None:
            self.levels[i] = value
            self.remember()

        return set_level

    def active_controls(self) -> list[Widget]:
        """The option widgets of the chosen game shown now, top to bottom (with the page control last when
        its options need more than one page of the panel)."""
        pages = self.pages(self.game)
        if len(pages) == 1:
            return pages[0]
        return [*pages[min(self.page[self.game], len(pages) - 1)], self._pager(self.game, len(pages))]

    def rows_room(self) -> int:
        """How many option rows the Rules panel holds at this window size (the about text's room kept)."""
        s = self.s
        top, bottom = s(170), self.size[1] - s(96)
        room = bottom - s(12) - (top + s(74)) - s(ABOUT_MIN_H)
        return max(2, (room + s(ROW_GAP)) // (s(ROW_H) + s(ROW_GAP)))

    def pages(self, kind: str) -> list[list[Widget]]:
        """A game's controls split into the pages the panel shows (one page when they all fit)."""
        controls = list(self.controls[kind].values())
        room = self.rows_room()
        if len(controls) <= room:
            return [controls]
        per = room - 1  # a row for the page control
        return [controls[i:i + per] for i in range(0, len(controls), per)]

    def _pager(self, kind: str, count: int) -> ChoiceSelector:
        """The control that turns a game's pages of options ("Page 1 of 3"), made again when the count changes."""
        pager = self.pagers.get(kind)
        if pager is None or len(pager.choices) != count:
            pager = ChoiceSelector("More rules", [(f"{i + 1} of {count}", i) for i in range(count)],
                                   on_change=self._turn_page(kind), wrap=False)
            self.pagers[kind] = pager
        self.page[kind] = min(self.page[kind], count - 1)
        pager.set_value(self.page[kind])
        return pager

    def _turn_page(self, kind: str) -> Callable[[int], None]:
        def turn(page: int) -> None:
            self.page[kind] = page
            self._refresh()

        return turn

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out for the new size (the pages of options may change with it)."""
        self.size = (int(size[0]), int(size[1]))
        self._refresh()

    def focused_help(self) -> str:
        """The help line of the option control with keyboard focus ("" when none has it)."""
        focus = self.group.focus
        if focus is None or focus not in self.active_controls():
            return ""
        spec = self.specs.get(focus)
        return help_line(spec, self.players) if spec is not None else self.helps.get(focus, "")

    def _refresh(self) -> None:
        """Bring widgets in line with the state, choose the active ones, lay out and remember."""
        for kind in self.kinds:
            self._settle(kind)
            for key, widget in self.controls[kind].items():
                spec = self.specs.get(widget)
                if spec is None:
                    continue
                offered = self.offered(kind, spec)
                widget.enabled = len(offered) > 1
                value = self.options[kind][key]
                if isinstance(widget, Toggle):
                    widget.value = bool(value)
                elif isinstance(widget, ChoiceSelector):
                    widget.choices = [(spec.label_of(v), v) for v in offered]
                    widget.index = min(widget.index, len(widget.choices) - 1)
                    widget.set_value(value)
        for kind, selector in self.presets.items():
            names = [str(p["name"]) for p in self.saved_presets(kind)]
            selector.choices = [("As chosen" if names else "None saved yet", AS_CHOSEN)] + [(n, n) for n in names]
            selector.enabled = bool(names)
            selector.index = min(selector.index, len(selector.choices) - 1)
            selector.set_value(self.current_preset(kind))
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
        row_h, gap = s(ROW_H), s(ROW_GAP)
        y = self.left.y + s(74)
        shown = self.active_controls()
        for widgets in self.controls.values():
            for widget in widgets.values():
                if widget not in shown:
                    widget.set_rect((0, 0, 0, 0))  # another game's or another page's: not on screen
        for widget in shown:
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

    def about_text(self) -> str:
        """What the box under the options says: the focused option's help, else the game in two sentences."""
        return self.focused_help() or presentation_of(self.game).about_for(self.chosen_options(), self.players)

    def about_lines(self) -> tuple[int, list[str], int]:
        """The game in two sentences under its options: the largest font size (down to a small one) at which
        they fit, their lines, and the height there is room for."""
        s = self.s
        width = self.left.width - s(56)
        room = self.left.bottom - s(12) - self.about_top
        size = s(22)
        about = self.about_text()
        lines = text.wrap(about, size, width)
        while size > max(10, s(15)) and len(lines) * text.line_height(size) > room:
            size -= 1
            lines = text.wrap(about, size, width)
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
        sides = len(self.teams())
        summary = f"{n} players" + (f" \u00b7 {_count(sides)} partnerships" if self.partnerships() else "")
        text.blit_text(surface, summary, s(22), theme.TEXT_DIM, (self.right.right - s(24), self.right.y + s(40)),
                       "midright")

    def _draw_badges(self, surface: pygame.Surface) -> None:
        s = self.s
        partner = self.partnerships()
        side_of = {seat: side for side, team in enumerate(self.teams()) for seat in team}
        for i in range(self.players):
            row = self.rows[i]
            b = row.badge
            col = theme.TEAM_COLORS[side_of[i] % len(theme.TEAM_COLORS)] if partner else theme.GOLD_DARK
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
            teams = self.teams()
            for side, team in enumerate(teams):
                label = " & ".join(names[seat] for seat in team)
                pygame.draw.circle(surface, theme.TEAM_COLORS[side % len(theme.TEAM_COLORS)], (x + s(7), y), s(7))
                x = text.blit_text(surface, label, size, theme.TEXT, (x + s(20), y), "midleft").right
                if side < len(teams) - 1:
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
