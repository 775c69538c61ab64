"""Buttons, choice selectors, toggles, text fields and tabs, plus a focus group that routes input.

Every widget takes positions from ``event.pos`` (never the real pointer), exposes ``rect``
(set by the scene's layout from the window size) and draws without changing state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ui.draw import text, theme

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def _border_px(rect: pygame.Rect) -> int:
    return max(1, round(rect.height / 30))


def _radius(rect: pygame.Rect) -> int:
    return max(3, round(rect.height * 0.22))


def _chevron(surface: pygame.Surface, center: tuple[int, int], size: int, left: bool, color: tuple[int, ...]) -> None:
    cx, cy = center
    dx = size * 0.38 * (1 if left else -1)
    pts = [(cx + dx, cy - size * 0.5), (cx - dx, cy), (cx + dx, cy + size * 0.5)]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.aalines(surface, color, True, pts)  # smooth the edges


class Widget:
    """A rectangle on screen that may take focus, react to input and draw itself."""

    focusable = True

    def __init__(self, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.focused = False
        self.hovered = False
        self.pressed = False
        self.show_focus = False  # draw the focus ring (keyboard navigation in use)

    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Place the widget (called by the scene's layout)."""
        self.rect = pygame.Rect(rect)

    @property
    def can_focus(self) -> bool:
        """True when keyboard focus may land here."""
        return self.focusable and self.enabled

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` lies on the widget."""
        return self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; return True when the widget used it."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            self.pressed = True
            self.on_press(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.contains(event.pos):
                self.on_click(event.pos)
                return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """React to a key or text event while focused; return True when used."""
        if event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def on_press(self, pos: tuple[int, int]) -> None:
        """The left button went down on the widget."""

    def on_click(self, pos: tuple[int, int]) -> None:
        """A full click (down and up on the widget) at ``pos``."""
        self.activate()

    def activate(self) -> None:
        """Do the widget's action (click or Enter)."""

    def update(self, dt_s: float) -> None:
        """Advance small animations."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget."""

    def _ring(self, surface: pygame.Surface) -> None:
        if self.focused and self.show_focus and self.enabled:
            ring = self.rect.inflate(_border_px(self.rect) * 6, _border_px(self.rect) * 6)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, ring, width=max(2, _border_px(self.rect)),
                             border_radius=_radius(self.rect) + _border_px(self.rect) * 3)


class Button(Widget):
    """A push button: hover, pressed, disabled and focused looks; ``on_click`` on release."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None] | None = None,
        primary: bool = False,
        enabled: bool = True,
        key: str = "",
    ) -> None:
        super().__init__(enabled)
        self.label = label
        self.callback = on_click
        self.primary = primary
        self.key = key  # the keyboard shortcut, shown on the button as a small key cap ("K", "Esc")

    def activate(self) -> None:
        """Run the button's callback."""
        if self.enabled and self.callback is not None:
            self.callback()

    def _colors(self) -> tuple[theme.RGB, theme.RGB, theme.RGB, theme.RGB]:
        lit = self.hovered or (self.focused and self.show_focus)
        if not self.enabled:
            return theme.CONTROL_DISABLED, theme.CONTROL_DISABLED, theme.GOLD_DARK, theme.TEXT_DISABLED
        if self.primary:
            if self.pressed:
                return theme.PRIMARY, theme.PRIMARY, theme.GOLD_LIGHT, theme.TEXT_DARK
            if lit:
                return theme.PRIMARY_HOVER_TOP, theme.PRIMARY_HOVER, theme.GOLD_LIGHT, theme.TEXT_DARK
            return theme.PRIMARY_TOP, theme.PRIMARY, theme.GOLD, theme.TEXT_DARK
        if self.pressed:
            return theme.CONTROL_PRESSED, theme.CONTROL_PRESSED, theme.GOLD_LIGHT, theme.TEXT
        if lit:
            return theme.CONTROL_HOVER_TOP, theme.CONTROL_HOVER, theme.GOLD_LIGHT, theme.TEXT
        return theme.CONTROL_TOP, theme.CONTROL, theme.GOLD_DARK, theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the button in its current state."""
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        top, bottom, border, fg = self._colors()
        r = _radius(self.rect)
        rect = self.rect.move(0, _border_px(self.rect)) if self.pressed else self.rect
        if self.enabled and not self.pressed:
            theme.draw_shadow(surface, rect, r, blur_px=max(2, rect.height // 8), offset=(0, max(1, rect.height // 16)),
                              alpha=110)
        surface.blit(theme.rounded_surface(rect.size, r, top, bottom, border, _border_px(rect)), rect)
        room = rect.width - rect.height // 2
        cap = self._key_cap_size(rect) if self.key else (0, 0)
        gap = round(rect.height * 0.18) if self.key else 0
        size = text.fit_size(self.label, round(rect.height * 0.56), max(1, room - cap[0] - gap))
        label_w = text.measure(self.label, size)[0]
        x = rect.centerx - (label_w + gap + cap[0]) // 2
        text.blit_text(surface, self.label, size, fg, (x, rect.centery), "midleft")
        if self.key:
            self._draw_key_cap(surface, pygame.Rect(x + label_w + gap, rect.centery - cap[1] // 2, *cap), fg)
        self._ring(surface)

    def _key_cap_size(self, rect: pygame.Rect) -> tuple[int, int]:
        size = max(6, round(rect.height * 0.34))
        w, _h = text.measure(self.key, size, bold=True)
        h = round(rect.height * 0.5)
        return max(h, w + h // 2), h

    def _draw_key_cap(self, surface: pygame.Surface, cap: pygame.Rect, fg: theme.RGB) -> None:
        """The shortcut in a small outlined key cap."""
        width = max(1, cap.height // 12)
        pygame.draw.rect(surface, fg, cap, width, border_radius=max(2, cap.height // 4))
        size = text.fit_size(self.key, max(6, round(self.rect.height * 0.34)), cap.width - 2 * width, bold=True,
                             min_size=6)
        text.blit_text(surface, self.key, size, fg, cap.center, "center", bold=True)


class ChoiceSelector(Widget):
    """Cycles through values with left/right arrows, e.g. "Target: 500"."""

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[str, Any]],
        index: int = 0,
        on_change: Callable[[Any], None] | None = None,
        enabled: bool = True,
        wrap: bool = True,
    ) -> None:
        super().__init__(enabled)
        if not choices:
            raise ValueError("a selector needs at least one choice")
        self.label = label
        self.choices = list(choices)
        self.index = max(0, min(index, len(self.choices) - 1))
        self.on_change = on_change
        self.wrap = wrap
        self.hover_pos: tuple[int, int] | None = None

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.choices[self.index][1]

    @property
    def value_text(self) -> str:
        """The chosen value as shown."""
        return self.choices[self.index][0]

    @property
    def text(self) -> str:
        """The whole label as read aloud: "Target: 500"."""
        return f"{self.label}: {self.value_text}" if self.label else self.value_text

    def set_value(self, value: Any) -> None:
        """Select ``value`` without calling back (ignored when not among the choices)."""
        for i, (_name, v) in enumerate(self.choices):
            if v == value:
                self.index = i
                return

    def step(self, delta: int) -> None:
        """Move ``delta`` choices on (wrapping around if allowed) and call back on change."""
        n = len(self.choices)
        new = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(self.value)

    def _value_box(self) -> pygame.Rect:
        r = self.rect
        if not self.label:
            return r.copy()
        size = round(r.height * 0.5)
        widest = max(text.measure(name, size)[0] for name, _v in self.choices)
        w = min(r.width * 2 // 3, widest + self._arrow_w() * 2 + r.height // 4)
        return pygame.Rect(r.right - w - r.height // 8, r.y, w, r.height)

    def _arrow_w(self) -> int:
        return round(self.rect.height * 0.85)

    @property
    def left_rect(self) -> pygame.Rect:
        """The "previous" arrow's area."""
        box = self._value_box()
        return pygame.Rect(box.x, box.y, self._arrow_w(), box.height)

    @property
    def right_rect(self) -> pygame.Rect:
        """The "next" arrow's area."""
        box = self._value_box()
        return pygame.Rect(box.right - self._arrow_w(), box.y, self._arrow_w(), box.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse input; also remembers the pointer for arrow hover."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos if self.contains(event.pos) else None
        return super().handle_event(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """Left arrow goes back, anywhere else goes forward."""
        self.step(-1 if self.left_rect.collidepoint(pos) else 1)

    def activate(self) -> None:
        """Enter moves to the next choice."""
        self.step(1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left/right arrows change the value while focused."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_a):
            self.step(-1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_d):
            self.step(1)
            return True
        return super().handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the row: label on the left, arrows around the value."""
        r = self.rect
        if r.width <= 0:
            return
        _draw_row(surface, self)
        fg = theme.TEXT if self.enabled else theme.TEXT_DISABLED
        size = round(r.height * 0.5)
        if self.label:
            pad = r.height // 3
            label_size = text.fit_size(self.label, size, self._value_box().x - r.x - pad * 2)
            text.blit_text(surface, self.label, label_size, theme.TEXT_DIM if self.enabled else theme.TEXT_DISABLED,
                           (r.x + pad, r.centery), "midleft")
        box = self._value_box()
        val_size = text.fit_size(self.value_text, size, box.width - 2 * self._arrow_w())
        text.blit_text(surface, self.value_text, val_size, theme.GOLD_LIGHT if self.enabled else fg, box.center,
                       "center")
        many = len(self.choices) > 1
        can_prev = many and (self.wrap or self.index > 0)
        can_next = many and (self.wrap or self.index < len(self.choices) - 1)
        for rect, left, ok in ((self.left_rect, True, can_prev), (self.right_rect, False, can_next)):
            hot = self.enabled and ok and self.hover_pos is not None and rect.collidepoint(self.hover_pos)
            col = theme.GOLD_LIGHT if hot else (theme.GOLD if self.enabled and ok else theme.TEXT_DISABLED)
            if hot:
                pygame.draw.circle(surface, theme.CONTROL_HOVER, rect.center, r.height * 0.36)
            _chevron(surface, rect.center, max(6, round(r.height * 0.32)), left, col)
        self._ring(surface)


def _draw_row(surface: pygame.Surface, w: Widget) -> None:
    lit = w.enabled and (w.hovered or (w.focused and w.show_focus))
    top = theme.CONTROL_HOVER_TOP if lit else theme.CONTROL_TOP
    bottom = theme.CONTROL_HOVER if lit else theme.CONTROL
    if not w.enabled:
        top = bottom = theme.CONTROL_DISABLED
    border = theme.GOLD if lit else theme.GOLD_DARK
    surface.blit(theme.rounded_surface(w.rect.size, _radius(w.rect), top, bottom, border, _border_px(w.rect)), w.rect)


class Toggle(Widget):
    """An on/off switch with a label; click or Enter flips it."""

    def __init__(
        self,
        label: str,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        enabled: bool = True,
    ) -> None:
        super().__init__(enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.knob = 1.0 if value else 0.0  # animated 0 (off) .. 1 (on)

    @property
    def text(self) -> str:
        """The label with its state: "Nil: On"."""
        return f"{self.label}: {'On' if self.value else 'Off'}"

    def set_value(self, value: bool) -> None:
        """Set the value without calling back."""
        self.value = bool(value)
        self.knob = 1.0 if self.value else 0.0

    def activate(self) -> None:
        """Flip the switch."""
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left turns off, right turns on, Enter/Space flips."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            want = event.key == pygame.K_RIGHT
            if want != self.value:
                self.activate()
            return True
        return super().handle_key(event)

    def update(self, dt_s: float) -> None:
        """Slide the knob toward its value."""
        target = 1.0 if self.value else 0.0
        step = dt_s / 0.12
        self.knob = min(target, self.knob + step) if self.knob < target else max(target, self.knob - step)

    @property
    def switch_rect(self) -> pygame.Rect:
        """The pill on the right of the row."""
        r = self.rect
        h = round(r.height * 0.56)
        w = round(h * 1.9)
        return pygame.Rect(r.right - w - r.height // 3, r.centery - h // 2, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the row and the switch."""
        r = self.rect
        if r.width <= 0:
            return
        _draw_row(surface, self)
        pad = r.height // 3
        sw = self.switch_rect
        size = text.fit_size(self.label, round(r.height * 0.5), sw.x - r.x - pad * 2)
        text.blit_text(surface, self.label, size, theme.TEXT_DIM if self.enabled else theme.TEXT_DISABLED,
                       (r.x + pad, r.centery), "midleft")
        k = self.knob
        on_col = theme.mix(theme.FIELD, theme.GOLD, k) if self.enabled else theme.CONTROL_DISABLED
        pygame.draw.rect(surface, on_col, sw, border_radius=sw.height // 2)
        pygame.draw.rect(surface, theme.GOLD_DARK, sw, width=max(1, _border_px(r)), border_radius=sw.height // 2)
        knob_r = sw.height // 2 - max(2, sw.height // 8)
        kx = round(sw.x + sw.height / 2 + (sw.width - sw.height) * k)
        knob_col = theme.TEXT if self.enabled else theme.TEXT_DISABLED
        pygame.draw.circle(surface, (0, 0, 0), (kx, sw.centery + 1), knob_r)
        pygame.draw.circle(surface, knob_col, (kx, sw.centery), knob_r)
        word = "On" if self.value else "Off"
        wsize = round(r.height * 0.4)
        text.blit_text(surface, word, wsize, theme.GOLD_LIGHT if self.value and self.enabled else theme.TEXT_DIM,
                       (sw.x - pad // 2, r.centery), "midright")
        self._ring(surface)


class TextField(Widget):
    """One line of editable text (a player's name): typing, Backspace, a maximum length."""

    def __init__(
        self,
        value: str = "",
        max_len: int = 14,
        on_change: Callable[[str], None] | None = None,
        placeholder: str = "",
        enabled: bool = True,
    ) -> None:
        super().__init__(enabled)
        self.value = value[:max_len]
        self.max_len = max_len
        self.on_change = on_change
        self.placeholder = placeholder
        self.blink_s = 0.0
        self.selected_all = False  # the whole text is selected: typing replaces it, Backspace clears it

    def _set(self, value: str) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)
        self.blink_s = 0.0

    def on_press(self, pos: tuple[int, int]) -> None:
        """A click selects the whole text (so a new name can simply be typed over it)."""
        self.selected_all = bool(self.value)

    def select_all(self) -> None:
        """Select the whole text (Ctrl+A)."""
        self.selected_all = bool(self.value)
        self.blink_s = 0.0

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Typed text (TEXTINPUT) replacing a selection, Backspace, Ctrl+Backspace and Delete (clear), Ctrl+A
        (select all); Enter is left to the group."""
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable())
            base = "" if self.selected_all and typed else self.value
            room = self.max_len - len(base)
            if typed and room > 0:
                self.selected_all = False
                self._set(base + typed[:room])
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_a and ctrl:
            self.select_all()
            return True
        if event.key == pygame.K_BACKSPACE:
            self._set("" if ctrl or self.selected_all else self.value[:-1])
            self.selected_all = False
            return True
        if event.key == pygame.K_DELETE:
            self._set("")
            self.selected_all = False
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected_all = False  # the caret stays at the end: nothing more is selected
            return True
        return False

    def update(self, dt_s: float) -> None:
        """Blink the caret."""
        self.blink_s = (self.blink_s + dt_s) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the field, its text (or placeholder) and the caret when focused."""
        r = self.rect
        if r.width <= 0:
            return
        editing = self.focused and self.enabled
        border = theme.GOLD_LIGHT if editing else (theme.GOLD if self.hovered and self.enabled else theme.GOLD_DARK)
        top = theme.FIELD if self.enabled else theme.CONTROL_DISABLED
        surface.blit(theme.rounded_surface(r.size, _radius(r), top, top, border, _border_px(r) + (1 if editing else 0)),
                     r)
        pad = r.height // 3
        size = round(r.height * 0.5)
        shown = self.value or self.placeholder
        col = theme.TEXT if self.value and self.enabled else theme.TEXT_DISABLED
        size = text.fit_size(shown, size, r.width - pad * 2 - 4) if shown else size
        if editing and self.selected_all and self.value:
            tw, th = text.measure(shown, size)
            pygame.draw.rect(surface, theme.GOLD_DARK, (r.x + pad - 2, r.centery - th // 2, tw + 4, th),
                             border_radius=max(2, th // 6))
        trect = text.blit_text(surface, shown, size, col, (r.x + pad, r.centery), "midleft") if shown else None
        if editing and self.blink_s < 0.55 and not self.selected_all:
            x = (trect.right + 2) if (trect is not None and self.value) else r.x + pad
            h = round(r.height * 0.5)
            pygame.draw.line(surface, theme.GOLD_LIGHT, (x, r.centery - h // 2), (x, r.centery + h // 2),
                             max(2, _border_px(r)))


class Tabs(Widget):
    """A row of segments, one selected (choose the game, the rules page)."""

    def __init__(
        self,
        labels: Sequence[str],
        index: int = 0,
        on_change: Callable[[int], None] | None = None,
        enabled: bool = True,
    ) -> None:
        super().__init__(enabled)
        self.labels = list(labels)
        self.index = index
        self.on_change = on_change
        self.hover_pos: tuple[int, int] | None = None

    @property
    def segment_rects(self) -> list[pygame.Rect]:
        """One rect per label, left to right."""
        n = len(self.labels)
        gap = max(2, self.rect.height // 8)
        w = (self.rect.width - gap * (n - 1)) / n
        return [pygame.Rect(round(self.rect.x + i * (w + gap)), self.rect.y, round(w), self.rect.height)
                for i in range(n)]

    def select(self, index: int) -> None:
        """Select segment ``index`` and call back if it changed."""
        index %= len(self.labels)
        if index != self.index:
            self.index = index
            if self.on_change is not None:
                self.on_change(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse input; remembers the pointer for segment hover."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos if self.contains(event.pos) else None
        return super().handle_event(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """Select the segment under the pointer."""
        for i, seg in enumerate(self.segment_rects):
            if seg.collidepoint(pos):
                self.select(i)

    def activate(self) -> None:
        """Enter selects the next segment."""
        self.select(self.index + 1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Left/right move the selection."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_LEFT:
            self.select(self.index - 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT:
            self.select(self.index + 1)
            return True
        return super().handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the segments, the selected one in gold."""
        if self.rect.width <= 0:
            return
        for i, seg in enumerate(self.segment_rects):
            on = i == self.index
            hot = self.hover_pos is not None and seg.collidepoint(self.hover_pos) and self.enabled
            if on:
                top, bottom, fg, border = theme.PRIMARY_TOP, theme.PRIMARY, theme.TEXT_DARK, theme.GOLD_LIGHT
            elif hot:
                top, bottom, fg, border = theme.CONTROL_HOVER_TOP, theme.CONTROL_HOVER, theme.TEXT, theme.GOLD
            else:
                top, bottom, fg, border = theme.CONTROL_TOP, theme.CONTROL, theme.TEXT_DIM, theme.GOLD_DARK
            r = _radius(seg)
            if on:
                theme.draw_shadow(surface, seg, r, blur_px=max(2, seg.height // 6), offset=(0, 2), alpha=120)
            surface.blit(theme.rounded_surface(seg.size, r, top, bottom, border, _border_px(seg)), seg)
            size = text.fit_size(self.labels[i], round(seg.height * 0.5), seg.width - seg.height // 2)
            text.blit_text(surface, self.labels[i], size, fg, seg.center, "center")
        self._ring(surface)


class WidgetGroup:
    """Routes input to widgets and moves keyboard focus (Up/Down, Tab; Enter activates)."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.keyboard = False  # focus ring shown once the keyboard is used

    def add(self, widget: Widget) -> Widget:
        """Append a widget (focus order is insertion order)."""
        self.widgets.append(widget)
        return widget

    def set_widgets(self, widgets: Sequence[Widget]) -> None:
        """Replace the widgets, keeping focus if its widget is still there."""
        self.widgets = list(widgets)
        if self.focus not in self.widgets:
            self.set_focus(None)
        self._sync()

    def set_focus(self, widget: Widget | None) -> None:
        """Give keyboard focus to ``widget`` (or nobody)."""
        self.focus = widget if widget is None or widget.can_focus else None
        self._sync()

    def _sync(self) -> None:
        for w in self.widgets:
            w.focused = w is self.focus
            w.show_focus = self.keyboard

    def focusables(self) -> list[Widget]:
        """Widgets that can take focus now, in order."""
        return [w for w in self.widgets if w.can_focus]

    def move_focus(self, delta: int) -> None:
        """Move focus ``delta`` places through the focusable widgets (wrapping)."""
        items = self.focusables()
        if not items:
            self.set_focus(None)
            return
        if self.focus in items:
            i = (items.index(self.focus) + delta) % len(items)
        else:
            i = 0 if delta > 0 else len(items) - 1
        self.set_focus(items[i])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer the event to the widgets; return True when one of them (or focus movement) used it."""
        if event.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                w.handle_event(event)
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return self._key(event)
        return False

    def _mouse(self, event: pygame.event.Event) -> bool:
        used = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((w for w in self.widgets if w.enabled and w.contains(event.pos)), None)
            if self.keyboard or hit is not self.focus:
                self.keyboard = False
                self.set_focus(hit if hit is not None and hit.can_focus else None)
        for w in list(self.widgets):
            used = w.handle_event(event) or used
        return used

    def _key(self, event: pygame.event.Event) -> bool:
        focus = self.focus if self.focus is not None and self.focus.can_focus else None
        editing = isinstance(focus, TextField)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self._keyboard()
                self.move_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self._keyboard()
                self.move_focus(-1 if event.key == pygame.K_UP else 1)
                return True
            if editing and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.move_focus(1)
                return True
            if editing and event.key == pygame.K_ESCAPE:
                self.set_focus(None)
                return True
        if focus is None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._keyboard()
                self.move_focus(1)
                return True
            return False
        if event.type == pygame.KEYDOWN and not editing:
            self._keyboard()
        return focus.handle_key(event)

    def show_keyboard_focus(self) -> None:
        """Draw the focus ring from now on (the keyboard moved the focus)."""
        self._keyboard()

    def _keyboard(self) -> None:
        if not self.keyboard:
            self.keyboard = True
            self._sync()

    def update(self, dt_s: float) -> None:
        """Update every widget."""
        for w in self.widgets:
            w.update(dt_s)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget in order."""
        for w in self.widgets:
            w.draw(surface)
