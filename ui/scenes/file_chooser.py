"""A file chooser in the program's own style: the folders and ``.jsonl`` records of a folder, and a typed path.

Keys: Up/Down/Page Up/Page Down move in the list (Home/End too when not typing), Enter opens the folder
or chooses the file (or what is typed), Backspace goes up one folder when nothing is being typed, Esc
cancels. Typing always goes into the path field. The mouse: click a row to select it, double-click (or
the Open/Save button) to use it, the wheel scrolls.

The scene calls ``on_choose(path)`` with the file chosen and does nothing more: the caller pops it (or
shows another scene). ``on_choose`` may answer a problem in plain words, which the chooser shows.
Saving asks once more before replacing a file, and adds ``.jsonl`` to a name without it.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pygame

from ui.draw import text, theme
from ui.draw.widgets import Button, TextField
from ui.scenes import FormScene

if TYPE_CHECKING:
    from ui.context import AppContext

SUFFIX = ".jsonl"
MAX_ENTRIES = 5000  # a folder with more shows the first ones (sorted) and says so
DOUBLE_CLICK_S = 0.45
MAX_PATH = 1024


@dataclass(frozen=True)
class Entry:
    """One row of the list: a folder (``..`` is the parent) or a record file."""

    name: str
    path: Path
    is_dir: bool
    size: int = 0
    mtime: float = 0.0

    def detail(self) -> str:
        """The size and date shown at the right of a file's row."""
        if self.is_dir:
            return ""
        if self.size >= 1024 * 1024:
            size = f"{self.size / (1024 * 1024):.1f} MB"
        elif self.size >= 1024:
            size = f"{self.size / 1024:.0f} KB"
        else:
            size = f"{self.size} bytes"
        return f"{size}   {time.strftime('%Y-%m-%d %H:%M', time.localtime(self.mtime))}"


def default_folder() -> Path:
    """Where a chooser opens the first time: the Documents folder if there is one, else the home folder."""
    try:
        documents = Path(platformdirs.user_documents_dir())
        if documents.is_dir():
            return documents
    except Exception:  # no such folder on this system
        pass
    home = Path.home()
    return home if home.is_dir() else Path.cwd()


def list_folder(folder: Path, suffix: str = SUFFIX) -> tuple[list[Entry], str | None]:
    """The folders (hidden ones left out) and ``suffix`` files of ``folder``, folders first, each sorted by
    name; ``..`` first when there is a parent. Returns the entries and a problem (or None)."""
    entries: list[Entry] = []
    if folder.parent != folder:
        entries.append(Entry("..", folder.parent, True))
    found: list[Entry] = []
    problem = None
    try:
        with os.scandir(folder) as scan:
            for item in scan:
                if item.name.startswith("."):
                    continue
                try:
                    info = item.stat()
                except OSError:
                    continue
                if stat.S_ISDIR(info.st_mode):
                    found.append(Entry(item.name, Path(item.path), True))
                elif item.name.lower().endswith(suffix) and stat.S_ISREG(info.st_mode):
                    found.append(Entry(item.name, Path(item.path), False, info.st_size, info.st_mtime))
                if len(found) >= MAX_ENTRIES:
                    problem = f"This folder holds more than {MAX_ENTRIES} items: only the first are listed."
                    break
    except OSError as error:
        return entries, f"This folder cannot be read ({error.strerror or error})."
    found.sort(key=lambda e: (not e.is_dir, e.name.casefold()))
    return entries + found, problem


class FileChooserScene(FormScene):
    """Choose a record file to open, or a file name to save to (``save=True``)."""

    def __init__(self, ctx: AppContext, title: str, on_choose: Callable[[Path], str | None],
                 start_dir: Path | str | None = None, save: bool = False, suggested: str = "",
                 suffix: str = SUFFIX) -> None:
        super().__init__(ctx)
        self.title = title
        self.on_choose = on_choose
        self.save = save
        self.suffix = suffix
        self.field = TextField(suggested, max_len=MAX_PATH, placeholder="Type a file name or a path")
        self.choose_button = Button("Save" if save else "Open", self.choose, primary=True, key="Enter")
        self.cancel_button = Button("Cancel", self.back, key="Esc")
        self.up_button = Button("Up", self.go_up)
        self.home_button = Button("Home", self.go_home)
        self.group.set_widgets([self.field, self.choose_button, self.cancel_button, self.up_button, self.home_button])
        self.group.set_focus(self.field)
        self.folder = Path.cwd()
        self.entries: list[Entry] = []
        self.index = 0
        self.top_row = 0
        self.problem: str | None = None
        self.confirm: Path | None = None  # saving over this existing file was asked once
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.hover_row: int | None = None
        self._last_click: tuple[int, float] | None = None
        self.clock_s = 0.0
        start = Path(start_dir).expanduser() if start_dir is not None else default_folder()
        self.layout()
        self.open_folder(start if start.is_dir() else default_folder())

    # ----- the folder shown
    def open_folder(self, folder: Path) -> None:
        """Show ``folder``'s contents (the selection on the first row after ``..``)."""
        try:
            folder = folder.expanduser().resolve()
        except (OSError, RuntimeError):
            folder = folder.expanduser().absolute()
        entries, problem = list_folder(folder, self.suffix)
        self.folder = folder
        self.entries = entries
        self.problem = problem
        self.confirm = None
        self.index = 1 if len(entries) > 1 and entries[0].name == ".." else 0
        self.top_row = 0
        if not self.save:
            self.field.value = ""
        self._keep_visible()

    def go_up(self) -> None:
        """Show the parent folder, the folder we came from selected."""
        came_from = self.folder
        self.open_folder(self.folder.parent)
        for i, entry in enumerate(self.entries):
            if entry.is_dir and entry.name != ".." and entry.path == came_from:
                self.index = i
                self._keep_visible()

    def go_home(self) -> None:
        """Show the home folder."""
        self.open_folder(Path.home())

    def set_problem(self, problem: str | None) -> None:
        """Show a problem in plain words under the list (from the caller, e.g. a record that cannot be read)."""
        self.problem = problem

    @property
    def visible_rows(self) -> int:
        """How many rows fit in the list."""
        return max(1, self.list_rect.height // max(1, self.row_h))

    def _keep_visible(self) -> None:
        rows = self.visible_rows
        if self.index < self.top_row:
            self.top_row = self.index
        elif self.index >= self.top_row + rows:
            self.top_row = self.index - rows + 1
        self.top_row = max(0, min(self.top_row, max(0, len(self.entries) - rows)))

    def select(self, index: int) -> None:
        """Select a row (a file's name goes into the field)."""
        if not self.entries:
            return
        self.index = max(0, min(index, len(self.entries) - 1))
        entry = self.entries[self.index]
        if not entry.is_dir:
            self.field.value = entry.name
            self.field.selected_all = False
        elif not self.save:
            self.field.value = ""
        self.confirm = None
        self._keep_visible()

    # ----- choosing
    def activate_selected(self) -> None:
        """Open the selected folder or choose the selected file."""
        if not self.entries:
            return
        entry = self.entries[self.index]
        if entry.is_dir:
            if entry.name == "..":
                self.go_up()
            else:
                self.open_folder(entry.path)
        else:
            self._choose_path(entry.path)

    def typed_path(self) -> Path | None:
        """The path typed in the field (relative to the folder shown; ``~`` is the home folder), or None."""
        typed = self.field.value.strip()
        if not typed:
            return None
        path = Path(typed).expanduser()
        return path if path.is_absolute() else self.folder / path

    def choose(self) -> None:
        """The Open/Save button or Enter: what is typed if anything, else the selected row."""
        path = self.typed_path()
        if path is None:
            if self.save:
                self.problem = "Type a name for the record file."
                return
            self.activate_selected()
            return
        if path.is_dir():
            self.open_folder(path)
            return
        self._choose_path(path)

    def _choose_path(self, path: Path) -> None:
        if self.save:
            if not path.name.lower().endswith(self.suffix):
                path = path.with_name(path.name + self.suffix)
            if not path.parent.is_dir():
                self.problem = f"There is no folder {path.parent}."
                return
            if path.is_dir():
                self.problem = f"{path.name} is a folder."
                return
            if path.exists() and self.confirm != path:
                self.confirm = path
                self.problem = f"{path.name} already exists: choose Save again to replace it."
                return
        elif not path.is_file():
            self.problem = f"There is no file {path}." if not path.exists() else f"{path.name} is not a file."
            return
        self.problem = None
        problem = self.on_choose(path)
        if problem:
            self.problem = problem

    # ----- input
    def handle_event(self, event: pygame.event.Event) -> None:
        """The list's keys and mouse first, then the field and buttons; typing always goes to the field."""
        if event.type == pygame.TEXTINPUT and self.group.focus is not self.field:
            self.group.set_focus(self.field)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()  # at once, even while typing
            return
        if event.type == pygame.KEYDOWN and self._list_key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.top_row = max(0, min(self.top_row - int(event.y) * 3, max(0, len(self.entries) - self.visible_rows)))
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and self._list_mouse(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focus = self.group.focus
            if focus is None or focus is self.field:
                self.choose()
                return
        before = self.field.value
        super().handle_event(event)
        if self.field.value != before:
            self.confirm = None

    def _list_key(self, event: pygame.event.Event) -> bool:
        typing = self.group.focus is self.field and bool(self.field.value)
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                 pygame.K_PAGEDOWN: self.visible_rows}
        if event.key in moves:
            self.select(self.index + moves[event.key])
            return True
        if not typing and event.key == pygame.K_HOME:
            self.select(0)
            return True
        if not typing and event.key == pygame.K_END:
            self.select(len(self.entries) - 1)
            return True
        if not typing and event.key == pygame.K_BACKSPACE:
            self.go_up()
            return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the entry drawn at ``pos``, or None."""
        if not self.list_rect.collidepoint(pos):
            return None
        row = self.top_row + (pos[1] - self.list_rect.y) // max(1, self.row_h)
        return row if 0 <= row < len(self.entries) else None

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where entry ``index`` is drawn (None when scrolled out of view)."""
        if not self.top_row <= index < self.top_row + self.visible_rows or index >= len(self.entries):
            return None
        bar = self.s(14) if len(self.entries) > self.visible_rows else 0  # room for the scroll bar
        return pygame.Rect(self.list_rect.x, self.list_rect.y + (index - self.top_row) * self.row_h,
                           self.list_rect.width - bar, self.row_h)

    def _list_mouse(self, event: pygame.event.Event) -> bool:
        row = self.row_at(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.hover_row = row
            return False
        if event.button != 1 or row is None:
            return False
        last = self._last_click
        self._last_click = (row, self.clock_s)
        if last is not None and last[0] == row and self.clock_s - last[1] <= DOUBLE_CLICK_S and row == self.index:
            self._last_click = None
            self.activate_selected()
        else:
            self.select(row)
        return True

    def update(self, dt_s: float) -> None:
        """Widgets and the double-click clock."""
        super().update(dt_s)
        self.clock_s += dt_s

    # ----- layout and drawing
    def layout(self) -> None:
        """Title, folder line, the list, the path field, the buttons."""
        w, h = self.size
        s = self.s
        margin = s(60)
        width = min(w - 2 * margin, s(1000))
        left = (w - width) // 2
        self.row_h = max(s(34), 26)
        bh = s(50)
        buttons_y = h - s(26) - bh
        field_y = buttons_y - s(20) - s(46) - s(30)
        top = s(150)
        rows = max(1, (field_y - s(16) - top) // self.row_h)
        self.list_rect = pygame.Rect(left, top, width, rows * self.row_h)
        label_w = s(70)
        self.field.set_rect((left + label_w, field_y, width - label_w, s(46)))
        bw = s(170)
        self.choose_button.set_rect((left + width - bw, buttons_y, bw, bh))
        self.cancel_button.set_rect((left + width - 2 * bw - s(16), buttons_y, bw, bh))
        sw = s(110)
        self.up_button.set_rect((left, buttons_y, sw, bh))
        self.home_button.set_rect((left + sw + s(12), buttons_y, sw, bh))
        self._keep_visible()

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the title, where we are, the list, the field, a problem line and the buttons."""
        self.draw_background(surface)
        w, _h = self.size
        s = self.s
        self.draw_title(surface, self.title, (w // 2, s(52)), s(60))
        lr = self.list_rect
        folder = str(self.folder)
        size = s(20)
        while len(folder) > 4 and text.measure(folder, size)[0] > lr.width:
            folder = "\u2026" + folder[max(2, len(folder) // 8):]
        text.blit_text(surface, folder, size, theme.TEXT_DIM, (lr.x, lr.y - s(12)), "bottomleft")
        theme.draw_panel(surface, lr.inflate(s(16), s(16)), radius=s(12))
        self._draw_rows(surface)
        label = "Name" if self.save else "Path"
        text.blit_text(surface, label, s(22), theme.GOLD_LIGHT, (lr.x, self.field.rect.centery), "midleft")
        if self.problem:
            line = self.problem
            psize = text.fit_size(line, s(20), lr.width)
            text.blit_text(surface, line, psize, theme.GOLD_LIGHT, (lr.x, self.field.rect.bottom + s(8)), "topleft")
        self.group.draw(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        s = self.s
        lr = self.list_rect
        if len(self.entries) <= (1 if self.entries and self.entries[0].name == ".." else 0):
            text.blit_text(surface, f"No folders or {self.suffix} records here.", s(20), theme.TEXT_DIM,
                           (lr.centerx, lr.y + self.row_h * 2), "center")
        size = max(13, round(self.row_h * 0.54))
        clip = surface.get_clip()
        surface.set_clip(lr)
        for index in range(self.top_row, min(len(self.entries), self.top_row + self.visible_rows)):
            entry = self.entries[index]
            rect = self.row_rect(index)
            if rect is None:
                continue
            if index == self.index:
                pygame.draw.rect(surface, theme.GOLD_DARK, rect, border_radius=s(6))
            elif index == self.hover_row:
                pygame.draw.rect(surface, theme.CONTROL_HOVER, rect, border_radius=s(6))
            icon = pygame.Rect(rect.x + s(10), rect.y + rect.height // 4, round(rect.height * 0.62), rect.height // 2)
            if entry.is_dir:
                tab = pygame.Rect(icon.x, icon.y - icon.height // 5, icon.width // 2, icon.height // 3)
                pygame.draw.rect(surface, theme.GOLD, tab, border_radius=2)
                pygame.draw.rect(surface, theme.GOLD, icon, border_radius=3)
            else:
                card = pygame.Rect(0, 0, round(icon.height * 0.78), round(icon.height * 1.2))
                card.center = icon.center
                pygame.draw.rect(surface, theme.CARD_FACE, card, border_radius=3)
                theme.draw_suit(surface, 0, card.center, max(6, card.width * 2 // 3), theme.SUIT_BLACK)
            name = "..  (the folder above)" if entry.name == ".." else entry.name + ("/" if entry.is_dir else "")
            detail = entry.detail()
            dw = text.measure(detail, size)[0] + s(16) if detail else 0
            room = rect.width - (icon.right + s(12) - rect.x) - dw - s(10)
            nsize = text.fit_size(name, size, room)
            colour = theme.TEXT_DARK if index == self.index else theme.TEXT
            text.blit_text(surface, name, nsize, colour, (icon.right + s(12), rect.centery), "midleft")
            if detail:
                text.blit_text(surface, detail, size, colour if index == self.index else theme.TEXT_DIM,
                               (rect.right - s(10), rect.centery), "midright")
        surface.set_clip(clip)
        rows = self.visible_rows
        if len(self.entries) > rows:
            bar_h = max(s(20), lr.height * rows // len(self.entries))
            y = lr.y + (lr.height - bar_h) * self.top_row // max(1, len(self.entries) - rows)
            pygame.draw.rect(surface, theme.GOLD, (lr.right - s(8), y, max(3, s(6)), bar_h), border_radius=s(3))
