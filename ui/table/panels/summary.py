"""The end-of-hand summary: every side's breakdown, the new totals counting up, and Continue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.actions import DOUBLE_NIL, NIL, bid_text
from game.cards import ACE, JACK, RANKS, SUIT_NAMES, Card
from ui.draw import text, theme, wording
from ui.draw.tween import ease_out_cubic
from ui.draw.widgets import Button
from ui.games import presentation_of
from ui.games.base import signed
from ui.table.layout import TableLayout
from ui.table.panels.score_panel import side_names
from ui.table.view import side_color

COUNT_S = 1.1
COUNT_DELAY_S = 0.35
FADE_S = 0.2


def card_name(card: Card) -> str:
    """A card as a player says it: "King of hearts", "10 of clubs", "Big Joker"."""
    if card.is_joker:
        return card.name()
    rank = {JACK: "Jack", JACK + 1: "Queen", JACK + 2: "King", ACE: "Ace"}.get(card.rank, RANKS[card.rank])
    return f"{'10' if rank == 'T' else rank} of {SUIT_NAMES[card.suit]}"


class HandSummary:
    """An overlay over the table for one scored hand; ``on_continue`` runs when the player goes on."""

    def __init__(self, kind: str, teams: list[list[int]], names: list[str], data: dict[str, Any],
                 bids: list[Any], tricks: list[int], pitcher: int | None, bid: int,
                 on_continue: Callable[[], None], speed: float, game_over: bool = False,
                 trump: int | None = None, hand_tricks: list[tuple[list[tuple[int, Card]], int]] | None = None
                 ) -> None:
        self.kind = kind
        self.teams = teams
        self.names = names
        self.sides = side_names(teams, names)
        self.points: list[dict[str, Any]] = data.get("points", [])
        self.new_scores: list[int] = list(data.get("scores", []))
        self.bags: list[int] = list(data.get("bags", []))
        self.old_scores = [s - p["total"] for s, p in zip(self.new_scores, self.points, strict=False)]
        self.hand = data.get("hand", 0)
        self.pitcher = pitcher
        self.pitcher_side = next((i for i, t in enumerate(teams) if pitcher in t), None)
        self.bid = bid
        self.bids = list(bids)
        self.tricks = list(tricks)
        self.presentation = presentation_of(kind)
        self.rows = self.presentation.summary_rows(self.points, teams, bids, tricks, self.pitcher_side, bid)
        self.cards = self.presentation.summary_cards(trump, hand_tricks or [], self.points)  # Pitch: High, Low, Jack
        self.on_continue = on_continue
        self.speed = speed
        self.age_s = 0.0
        self.done = False
        self.button = Button("See the result" if game_over else "Continue", self._continue, primary=True, key="Enter")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 31  # the breakdown's row height in pixels (place() sets it for the window)
        self.breakdown_bottom = 0  # where the last draw's breakdown ended (y, in pixels)
        self.extra: Any = None  # a line under the breakdown (ui.table.panels.review_strip): place, draw, events

    # ----- state
    @property
    def count_k(self) -> float:
        """0..1: how far the totals have counted up."""
        if self.speed <= 0:
            return 1.0
        t = (self.age_s - COUNT_DELAY_S * self.speed) / (COUNT_S * self.speed)
        return ease_out_cubic(max(0.0, min(1.0, t)))

    def shown_score(self, side: int) -> float:
        """The total shown for a side while it counts up."""
        old, new = self.old_scores[side], self.new_scores[side]
        return float(old + (new - old) * self.count_k)

    def update(self, dt_s: float) -> None:
        """Count up."""
        self.age_s += dt_s
        self.button.update(dt_s)
        if self.extra is not None:
            self.extra.update(dt_s)

    def cancel_running(self) -> bool:
        """Esc: call off the background job the review lines run ("Hard in my seat"); True when one ran."""
        return self.extra is not None and bool(self.extra.cancel_running())

    def _continue(self) -> None:
        if not self.done:
            self.done = True
            self.on_continue()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Continue on the button, Enter or Space; a click elsewhere first finishes the count."""
        if self.done:
            return True
        if self.extra is not None and self.extra.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.button.handle_event(event)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.button.handle_event(event):
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                if self.count_k < 1.0:
                    self.age_s = 1e9
                else:
                    self._continue()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._continue()
            return True
        return False

    # ----- drawing
    def place(self, layout: TableLayout) -> None:
        """Size and centre the panel for the window."""
        px = layout.px
        n = len(self.sides)
        label_w = px(self.presentation.summary_label_w)
        self.col_w = px(190) if n <= 2 else max(px(84), min(px(130), (layout.size[0] - px(80) - label_w) // n))
        w = label_w + n * self.col_w + px(56)
        rows = len(self.rows) + 2
        extra_rows = self.extra.rows() if self.extra is not None else 0
        fixed = px(96) + px(58) + px(40) + px(84) + extra_rows * px(48)
        room = layout.size[1] - px(20)
        # a long breakdown (Ten-point Pitch's ten rows) in a short window: the rows close up, never overlap
        self.row_h = max(px(22), min(px(31), (room - fixed) // rows))
        h = fixed + rows * self.row_h
        self.rect = pygame.Rect(0, 0, min(w, layout.size[0] - px(20)), min(h, room))
        self.rect.center = (layout.size[0] // 2, layout.size[1] // 2)
        self.label_w = label_w
        bw, bh = px(220), px(52)
        self.button.set_rect((self.rect.centerx - bw // 2, self.rect.bottom - px(26) - bh, bw, bh))
        if self.extra is not None:
            top = self.button.rect.top - px(2) - extra_rows * px(48)
            self.extra.place(pygame.Rect(self.rect.x + px(28), top, self.rect.width - px(56),
                                         extra_rows * px(48) - px(8)), px)

    def headline(self) -> str:
        """One line saying what happened, in plain English for every kind of side ("You made your bid",
        "West was set back", "You & North made their bid", "Your Nil failed")."""
        if self.presentation.auction and self.pitcher is not None and self.pitcher_side is not None:
            who = self.names[self.pitcher]
            if self.points[self.pitcher_side].get("set_back"):
                return f"{who} bid {self.bid} and {wording.was(who)} set back"
            return f"{who} bid {self.bid} and made it"
        clauses = self._contract_clauses() + self._nil_clauses()
        return " \u00b7 ".join(clauses) if clauses else "Hand over"

    def _contract_clauses(self) -> list[str]:
        """What each side with a contract did: made it or was set back. A side of one player (Spades for
        two, Cutthroat Spades) is that player, with his own bid: "East bid 5 and made it"."""
        results = [(i, self.sides[i], p.get("made")) for i, p in enumerate(self.points) if p.get("made") is not None]
        alone = all(len(team) == 1 for team in self.teams)
        if len(results) >= 2 and all(made for _, _, made in results):
            if alone:
                return ["Both players made their bids" if len(results) == 2 else "Everyone made their bid"]
            return ["Both sides made their bids" if len(results) == 2 else "Every side made its bid"]
        if len(results) >= 2 and not any(made for _, _, made in results):
            if alone:
                return ["Neither player made their bid" if len(results) == 2 else "No one made their bid"]
            return ["Neither side made its bid" if len(results) == 2 else "No side made its bid"]
        out = []
        for side, name, made in results:
            bid = self.bids[self.teams[side][0]] if alone and self.teams[side][0] < len(self.bids) else None
            if isinstance(bid, int):  # a player alone: his own bid, by its number
                out.append(f"{name} bid {bid} and " + ("made it" if made else f"{wording.was(name)} set back"))
            else:
                out.append(f"{name} made {wording.their_bid(name)}" if made else f"{name} {wording.was(name)} set back")
        return out

    def _nil_clauses(self) -> list[str]:
        """Each Nil or Double Nil bid: made, or failed."""
        out = []
        for seat, bid in enumerate(self.bids):
            if bid not in (NIL, DOUBLE_NIL) or seat >= len(self.tricks) or seat >= len(self.names):
                continue
            name, what = self.names[seat], bid_text(bid)
            out.append(f"{name} made {what}" if self.tricks[seat] == 0 else f"{wording.owner(name)} {what} failed")
        return out

    def card_note(self, label: str) -> str:
        """What the High, Low or Jack row says of its card: "Ace of hearts", or "not in play"."""
        card = self.cards.get(label)
        return card_name(card) if card is not None else "not in play"

    def _draw_card_note(self, surface: pygame.Surface, layout: TableLayout, label: str, x: int, y: int) -> None:
        """The card beside the row's label, with its suit drawn as a shape."""
        px = layout.px
        note = self.card_note(label)
        card = self.cards.get(label)
        if note == label:  # the row names its card already (the Big Joker)
            return
        color = theme.TEXT if card is not None else theme.TEXT_DISABLED
        left = x - (self.rect.x + px(28))
        size = text.fit_size(note, px(17), self.label_w - left - px(30))
        rect = text.blit_text(surface, note, size, color, (x, y), "midleft")
        if card is not None and not card.is_joker:
            box = pygame.Rect(rect.right + px(6), y - px(10), px(20), px(20))
            pygame.draw.rect(surface, theme.CARD_FACE, box, border_radius=px(4))
            theme.draw_suit(surface, card.suit, box.center, px(15))

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The dimmed table, the panel, the breakdown table and the button."""
        px = layout.px
        fade = 1.0 if self.speed <= 0 else min(1.0, self.age_s / max(1e-6, FADE_S * self.speed))
        theme.dim(surface, round(150 * fade))
        rect = self.rect
        theme.draw_solid_panel(surface, rect, radius=px(18))
        text.blit_text(surface, f"Hand {self.hand}" if self.hand else "Hand over", px(34), theme.GOLD_LIGHT,
                       (rect.centerx, rect.y + px(20)), "midtop", bold=True)
        line = self.headline()
        text.blit_text(surface, line, text.fit_size(line, px(20), rect.width - px(40)), theme.TEXT_DIM,
                       (rect.centerx, rect.y + px(62)), "midtop")
        x0 = rect.x + px(28)
        y = rect.y + px(104)
        cols = [x0 + self.label_w + i * self.col_w + self.col_w // 2 for i in range(len(self.sides))]
        for side, cx in enumerate(cols):
            name = self.sides[side]
            size = text.fit_size(name, px(20), self.col_w - px(10), bold=True)
            text.blit_text(surface, name, size, theme.TEXT, (cx, y), "midtop", bold=True)
            bar = pygame.Rect(0, 0, self.col_w - px(24), px(4))
            bar.midtop = (cx, y + px(28))
            pygame.draw.rect(surface, side_color(side), bar, border_radius=px(2))
        y += px(46)
        row_h = self.row_h
        for i, (label, cells) in enumerate(self.rows):
            if i % 2 == 0:
                band = pygame.Rect(x0 - px(8), y - px(4), rect.width - px(40), row_h)
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 12))
                surface.blit(shade, band)
            text.blit_text(surface, label, px(19), theme.TEXT_DIM, (x0, y + row_h // 2 - px(4)), "midleft")
            if label in self.cards:
                note_x = x0 + max(px(62), text.measure(label, px(19))[0] + px(12))  # past a long label
                self._draw_card_note(surface, layout, label, note_x, y + row_h // 2 - px(4))
            for cell, cx in zip(cells, cols, strict=False):
                color = theme.TEXT
                if cell.startswith("\u2212"):
                    color = (240, 130, 120)
                text.blit_text(surface, cell, px(20), color, (cx, y + row_h // 2 - px(4)), "center")
            y += row_h
        pygame.draw.line(surface, theme.GOLD_DARK, (x0, y + px(2)), (rect.right - px(28), y + px(2)), max(1, px(1)))
        y += px(10)
        text.blit_text(surface, "This hand", px(20), theme.TEXT, (x0, y + row_h // 2 - px(4)), "midleft", bold=True)
        for side, cx in enumerate(cols):
            total = self.points[side]["total"]
            color = (240, 130, 120) if total < 0 else theme.GOLD_LIGHT
            text.blit_text(surface, signed(total), px(22), color, (cx, y + row_h // 2 - px(4)), "center", bold=True)
        y += row_h + px(6)
        text.blit_text(surface, "Score", px(22), theme.GOLD_LIGHT, (x0, y + px(14)), "midleft", bold=True)
        for side, cx in enumerate(cols):
            shown = round(self.shown_score(side))
            value = str(shown) if shown >= 0 else "\u2212" + str(-shown)
            text.blit_text(surface, value, px(32), theme.GOLD_LIGHT, (cx, y + px(14)), "center", bold=True)
            if self.presentation.shows_bags and side < len(self.bags):
                bags = self.bags[side]
                text.blit_text(surface, f"{bags} bag{'s' if bags != 1 else ''}", px(15), theme.TEXT_DIM,
                               (cx, y + px(34)), "midtop")
        self.breakdown_bottom = y + px(40)  # under the scores (and their bags line): the review strip starts lower
        if self.extra is not None:
            self.extra.draw(surface)
        self.button.draw(surface)
