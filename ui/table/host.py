"""What the table's mixins (``ui.table.input``, ``ui.table.undo``) need from the scene they are mixed into.

``TableScene`` (``ui.scenes.table``) is the one host. The mixins subclass ``TableHost`` only for the type
checker (at run time their base is ``object``): mypy then checks their use of the scene against these
declarations, and the scene's own definitions against them too (it overrides every one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.table.anim import Stage

if TYPE_CHECKING:
    import pygame

    from game.actions import Action
    from game.cards import Card
    from game.state import TrickGame
    from ui.context import AppContext
    from ui.draw.sprites import Flight
    from ui.draw.toast import Notes
    from ui.draw.widgets import Button, WidgetGroup
    from ui.table.anim import EventPlayer
    from ui.table.controller import TableController
    from ui.table.hint import Hints
    from ui.table.layout import TableLayout
    from ui.table.model import TableModel
    from ui.table.panels.bid_panel import ActionPanel, Decision
    from ui.table.panels.overlay_scene import TableOverlayScene
    from ui.table.view import HandState, TableView


class TableHost(Stage):
    """The table scene as its input and undo mixins see it (and, as a ``Stage``, as its event player does).

    Declarations only: the attributes are set and the methods defined by ``TableScene`` (and ``Scene``)."""

    ctx: AppContext
    control: TableController
    model: TableModel
    view: TableView
    player: EventPlayer
    notes: Notes
    panel: ActionPanel
    hints: Hints
    top_group: WidgetGroup
    look_button: Button
    finished: bool

    # the viewer's choices under way, and what the screen keeps between frames
    hover: Card | None
    pressed: Card | None
    focus: int | None
    selected: set[Card]
    digits: str
    panel_key: tuple[object, ...] | None
    _decision: tuple[int, Decision] | None
    fan_x: dict[Card, float]
    drawn_shown: Card | None
    drawn_flight: Flight | None
    _layer_key: tuple[object, ...] | None

    @property
    def game(self) -> TrickGame:
        """The engine game being played."""
        raise NotImplementedError

    @property
    def names(self) -> list[str]:
        """The seats' names."""
        raise NotImplementedError

    @property
    def viewer(self) -> int | None:
        """The seat looking at the table (None: nobody)."""
        raise NotImplementedError

    @property
    def layout(self) -> TableLayout:
        """Every rect of the table for the current window."""
        raise NotImplementedError

    def speed(self) -> float:
        """The speed factor for animations (0 = instant)."""
        raise NotImplementedError

    def decision(self) -> Decision:
        """The viewer's decision now (kind "" when it is not the viewer's turn)."""
        raise NotImplementedError

    def try_action(self, action: Action) -> bool:
        """Apply ``action`` if the engine lists it as legal (a toast says why not); True when applied."""
        raise NotImplementedError

    def request_hint(self) -> None:
        """Work out the Hint for the viewer in the background."""
        raise NotImplementedError

    def open_menu(self) -> None:
        """Open the pause menu."""
        raise NotImplementedError

    def open_score_sheet(self) -> None:
        """Open the score sheet."""
        raise NotImplementedError

    def open_last_trick(self) -> None:
        """Open the last trick."""
        raise NotImplementedError

    def top_overlay(self) -> TableOverlayScene | None:
        """The newest overlay up, or None."""
        raise NotImplementedError

    def undo_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z or the Undo button; True when the event was used."""
        raise NotImplementedError

    def _overlay(self) -> bool:
        """True while an overlay covers the table."""
        raise NotImplementedError

    def _hint_visible(self) -> bool:
        """True while the Hint button shows."""
        raise NotImplementedError

    def _hand_state(self) -> HandState:
        """How the viewer's hand is drawn now (legal, hovered, chosen cards)."""
        raise NotImplementedError
