"""The last-trick review: the four (or more) cards of the last trick, who played each, and who won it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.cards import Card
from ui.draw import text, theme
from ui.draw.sprites import CardImages, draw_card
from ui.draw.widgets import Button
from ui.table.layout import TableLayout

WINNER_GLOW = (255, 214, 96)


class LastTrick:
    """An overlay showing the last trick in play order; closes on a click, L, Esc or Enter."""

    def __init__(self, plays: list[tuple[int, Card]], winner: int | None, names: list[str],
                 on_close: Callable[[], None], images: Callable[[], CardImages]) -> None:
        self.plays = list(plays)
        self.images = images  # the table's card images now (they are remade when the window is resized)
        self.winner = winner
        self.names = names
        self.on_close = on_close
        self.button = Button("Close", on_close, primary=True, key="Esc")
        self.rect = pygame.Rect(0, 0, 0, 0)

    def place(self, layout: TableLayout) -> None:
        """A panel wide enough for the trick's cards in a row."""
        px = layout.px
        count = max(1, len(self.plays))
        self.gap = px(18)
        w = max(px(420), count * layout.trick_w + (count - 1) * self.gap + px(64))
        h = px(84) + layout.trick_h + px(126)
        self.rect = pygame.Rect(0, 0, min(w, layout.size[0] - px(20)), h)
        self.rect.center = (layout.size[0] // 2, layout.size[1] // 2)
        bw, bh = px(160), px(46)
        self.button.set_rect((self.rect.centerx - bw // 2, self.rect.bottom - px(22) - bh, bw, bh))

    def card_rects(self, layout: TableLayout) -> list[pygame.Rect]:
        """Where each card of the trick is drawn."""
        count = len(self.plays)
        step = min(layout.trick_w + self.gap, (self.rect.width - layout.px(64) - layout.trick_w) / max(1, count - 1))
        width = layout.trick_w + step * (count - 1)
        x0 = self.rect.centerx - width / 2
        y = self.rect.y + layout.px(70)
        return [pygame.Rect(round(x0 + i * step), y, layout.trick_w, layout.trick_h) for i in range(count)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Any click or L / Esc / Enter closes."""
        if self.button.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_close()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_RETURN,
                                                           pygame.K_KP_ENTER, pygame.K_SPACE):
            self.on_close()
        return True

    def update(self, dt_s: float) -> None:
        """Animate the button."""
        self.button.update(dt_s)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The dimmed table and the trick."""
        px, images = layout.px, self.images()
        theme.dim(surface, 150)
        theme.draw_solid_panel(surface, self.rect, radius=px(18))
        title = "Last trick"
        if self.winner is not None:
            title = f"Last trick \u2014 won by {self.names[self.winner]}"
            card = next((c for seat, c in self.plays if seat == self.winner), None)
            if card is not None and card.is_joker:  # a joker says which one it is ("with the Big Joker")
                title += f" with the {card.name()}"
        if not self.plays:
            title = "No trick has been played yet"
        size = text.fit_size(title, px(26), self.rect.width - px(40), True)
        text.blit_text(surface, title, size, theme.GOLD_LIGHT, (self.rect.centerx, self.rect.y + px(22)), "midtop",
                       bold=True)
        for (seat, card), rect in zip(self.plays, self.card_rects(layout), strict=False):
            glow = WINNER_GLOW if seat == self.winner else None
            draw_card(surface, images, card, True, rect, glow=glow)
            name = self.names[seat]
            size = text.fit_size(name, px(18), rect.width + self.gap - px(4), bold=seat == self.winner)
            color = theme.GOLD_LIGHT if seat == self.winner else theme.TEXT
            text.blit_text(surface, name, size, color, (rect.centerx, rect.bottom + px(12)), "midtop",
                           bold=seat == self.winner)
        self.button.draw(surface)

