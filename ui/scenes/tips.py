"""First-game tips: a short overlay at the start of a game of each kind until "Don't show again".

The overlay opens over a new table (one with no hand scored yet) with a human seated, as long as that
game's tips have not been dismissed for good. "Got it" closes it for this game (it comes back at the next
game of that kind); "Don't show again" closes it for good, remembered in ``tips.json`` in the data folder.
The Rules screen's Tips button shows them at any time (and can switch them back on). The environment
variable ``TRICK_TABLE_TIPS=off`` keeps them from opening by themselves (the test suite sets it).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pygame

from game.games import GAMES
from game.history import ChanceOutcome
from ui.draw import text, theme
from ui.draw.widgets import Button
from ui.scenes import FormScene
from ui.services.tips import TipsStore

if TYPE_CHECKING:
    from ui.context import AppContext

ENV_TIPS = "TRICK_TABLE_TIPS"
MINUS = "\u2212"


def tips_for(kind: str, options: Any = None) -> list[tuple[str, str]]:
    """The tips of one game as (title, text), following the options in force where they matter."""
    nil = getattr(options, "nil", True)
    double_nil = getattr(options, "double_nil", True)
    if kind == "spades":
        tips = [
            ("How to bid", "Count the tricks you expect to win: aces, guarded kings and your spades (spades are "
                           "trump). Your bid and your partner's make your side's contract: make it and score 10 a "
                           "trick; fall short and lose 10 a trick. Each trick over is a bag, and 10 bags cost 100."),
            ("Look at cards", "Your cards are dealt face down. Press Look at cards (or Enter) to see them before "
                              "you bid." + (" While they are still face down you may bid Double Nil instead."
                                            if double_nil else "")),
        ]
        if nil or double_nil:
            parts = []
            if nil:
                parts.append(f"Nil (0) says you will win no trick at all: +100, or {MINUS}100 if you take one.")
            if double_nil:
                parts.append(f"Double Nil is bid blind, before looking: +200 or {MINUS}200; then you and your "
                             "partner each give the other three cards.")
            tips.append(("Nil and Double Nil" if nil and double_nil else "Nil" if nil else "Double Nil",
                         " ".join(parts)))
        tips.append(("Playing", "Follow suit when you can. Spades may not be led until one has been played on "
                                "another suit. H asks for a hint, S shows the scores, L the last trick."))
        return tips
    if kind == "spades-two":
        tips = [
            ("The draw", "There is no deal. On your turn take the top card of the stock: keep it and discard "
                         "the next one, or discard it and keep the next. After 13 turns each you hold 13 cards; "
                         "the discards stay face down."),
        ]
        if double_nil:
            tips.append(("Double Nil", "Declare it at your very first turn, before you take a card, then win no "
                                       f"trick: +200, or {MINUS}200 if you take one. After the draw you may swap "
                                       "up to three cards with the discard pile."))
        tips.append(("How to bid", "The second player to draw bids first. Bid the tricks you expect to win"
                                   + (" (0 is Nil: win no trick at all)" if nil else "")
                                   + ". Make it: 10 a trick, plus 1 a bag; fall short: "
                                   + f"{MINUS}10 a trick. Spades are trump."))
        return tips
    if kind == "pitch":
        steal = getattr(options, "dealer_steal", True)
        return [
            ("Bidding", "Each player bids once: pass, 1, 2, 3 or 4, each bid higher than the last. Bid the points "
                        "you expect to win. The dealer bids last and must bid 2 if everyone passed"
                        + ("; he may also take the bid by equalling it." if steal else ".")),
            ("The pitch", "The highest bidder is the pitcher. The first card he leads makes its suit trump for "
                          "the hand. You may trump even when you could follow suit; when trump is led, you must "
                          "play a trump if you have one."),
            ("The points", "High (the top trump), Low (the lowest trump), the Jack of trumps and Game (the most "
                           "card points: ten 10, ace 4, king 3, queen 2, jack 1)."),
            ("Set back", "A pitcher who makes his bid scores all he won; one who falls short loses his bid. "
                         "You win by reaching the target on a hand you pitched and made."),
        ]
    return []


def tips_store(ctx: Any) -> TipsStore:
    """The program's tips store, ``ctx.tips`` (a fresh store on the data folder for a context without one)."""
    store = getattr(ctx, "tips", None)
    return store if isinstance(store, TipsStore) else TipsStore()


def skip_first_game_tips(table: Any) -> None:
    """Never open the first-game tips over this table (a resumed game: Continue, Open record)."""
    table.tips_checked = True


def _under_way(game: Any) -> bool:
    """Whether anybody has made a decision in ``game`` (a resumed game: not the start of a new one)."""
    return bool(getattr(game, "results", None)) or any(
        not isinstance(entry, ChanceOutcome) for entry in getattr(game, "history", ()))


def show_first_game_tips(table: Any) -> bool:
    """Over a new table with a human seated, open the game's tips unless dismissed; at most once per table,
    and only at the start of a new game's first hand (never over a resumed game)."""
    if getattr(table, "tips_checked", False):
        return False
    table.tips_checked = True
    game = table.game
    if not getattr(table, "humans", None) or _under_way(game) or getattr(table, "finished", False):
        return False
    if os.environ.get(ENV_TIPS, "").strip().lower() in ("off", "0", "no"):
        return False
    store = tips_store(table.ctx)
    store.reload()  # the file may have changed since the program started
    if not store.shows(game.kind):
        return False
    table.ctx.scenes.push(TipsScene(table.ctx, game.kind, game.options))
    return True


class TipsScene(FormScene):
    """The tips of one game over the screen below: "Got it", and "Don't show again" (or, from the Rules
    screen when they are off, "Show at new games")."""

    is_overlay = True

    def __init__(self, ctx: AppContext, kind: str, options: Any = None, from_rules: bool = False) -> None:
        super().__init__(ctx)
        self.kind = kind
        self.tips = tips_for(kind, options)
        self.store = tips_store(ctx)
        if from_rules:
            self.store.reload()  # the file may have changed since the program started
        self.from_rules = from_rules
        self.title = f"{GAMES[kind].title}: tips" if from_rules else f"Your first game of {GAMES[kind].title}?"
        self.ok = Button("Close" if from_rules else "Got it", self.close, primary=True, key="Enter")
        off = not self.store.shows(kind)
        label = "Show at new games" if off else "Don't show again"
        self.toggle = Button(label, self.switch)
        self.group.set_widgets([self.ok, self.toggle])
        self.group.set_focus(self.ok)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.message = self.store.take_problem()
        self.layout()

    def close(self) -> None:
        """Close the tips (they come back at the next game of this kind unless dismissed)."""
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()

    def switch(self) -> None:
        """Dismiss the tips for good (or switch them back on from the Rules screen), then close."""
        self.store.set_dismissed(self.kind, self.store.shows(self.kind))
        self.close()

    def back(self) -> None:
        """Esc closes, as Got it."""
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter is Got it; the buttons; Esc closes."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.group.focus is not self.toggle:
            self.close()
            return
        super().handle_event(event)

    def layout(self) -> None:
        """A centred panel: title, the tips (wrapped), the buttons."""
        w, h = self.size
        s = self.s
        pw = min(w - s(40), max(s(860), 700))  # small windows: a wider panel keeps the text readable
        self.body_w = pw - 2 * s(44)
        self.title_size = s(44)
        self.head_size = max(s(25), 18)
        self.body_size = max(s(21), 15)
        while True:
            self.lines = self._lay_out()
            height = s(108) + sum(dy for dy, _t, _s, _c in self.lines) + s(118)
            if height <= h - s(30) or self.body_size <= 11:
                break
            self.body_size -= 1
            self.head_size = max(self.body_size + 2, self.head_size - 1)
        ph = min(h - s(20), height)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw, bh, gap = s(250), s(52), s(24)
        y = self.panel.bottom - s(30) - bh
        self.ok.set_rect((self.panel.centerx - bw - gap // 2, y, bw, bh))
        self.toggle.set_rect((self.panel.centerx + gap // 2, y, bw, bh))

    def _lay_out(self) -> list[tuple[int, str, int, tuple[int, int, int]]]:
        """Lines as (height, text, size, colour): each tip's title, then its text wrapped."""
        s = self.s
        out: list[tuple[int, str, int, tuple[int, int, int]]] = []
        for title, body in self.tips:
            out.append((round(text.line_height(self.head_size) * 1.15), title, self.head_size, theme.GOLD_LIGHT))
            for line in text.wrap(body, self.body_size, self.body_w):
                out.append((round(text.line_height(self.body_size) * 1.1), line, self.body_size, theme.TEXT))
            out.append((s(10), "", 0, theme.TEXT))
        if self.message:
            for line in text.wrap(self.message, self.body_size, self.body_w):
                out.append((round(text.line_height(self.body_size) * 1.1), line, self.body_size, theme.TEXT_DIM))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over a darkened view of the table."""
        self.draw_background(surface)
        s = self.s
        theme.draw_solid_panel(surface, self.panel)
        p = self.panel
        size = text.fit_size(self.title, self.title_size, p.width - s(60))
        self.draw_title(surface, self.title, (p.centerx, p.y + s(50)), size)
        y = p.y + s(96)
        pygame.draw.line(surface, theme.GOLD_DARK, (p.x + s(44), y), (p.right - s(44), y), max(1, s(2)))
        y += s(14)
        for dy, line, size, color in self.lines:
            if line:
                text.blit_text(surface, line, size, color, (p.x + s(44), y))
            y += dy
        self.group.draw(surface)
