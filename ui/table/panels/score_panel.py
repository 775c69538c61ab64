"""The score panel in the corner: each side's score (and bags), this hand's bids, trump or spades broken."""

from __future__ import annotations

import pygame

from game.actions import bid_text
from game.cards import SUIT_NAMES
from game.games import GAMES
from game.state import Phase
from ui.draw import text, theme, wording
from ui.table.layout import TableLayout
from ui.table.model import TableModel
from ui.table.view import side_color


def side_names(teams: list[list[int]], names: list[str]) -> list[str]:
    """A name per side: the player's, or both partners' joined with "&"."""
    return [" & ".join(names[s] for s in team) for team in teams]


def side_bid_text(model: TableModel, team: list[int]) -> str:
    """This hand's bid of a side, e.g. "Bid 4 + Nil" (or "" before anyone on it has bid)."""
    bids = [bid for bid in (model.bids[s] for s in team) if bid is not None]
    if not bids:
        return ""
    numbers = [b for b in bids if isinstance(b, int)]
    words = [bid_text(b) for b in bids if not isinstance(b, int)]
    parts = ([str(sum(numbers))] if numbers else []) + words
    return "Bid " + " + ".join(parts)


class ScorePanel:
    """Draws the score panel from the model; the layout gives its rect."""

    def __init__(self, kind: str, teams: list[list[int]], names: list[str], target: int) -> None:
        self.kind = kind
        self.teams = teams
        self.names = names
        self.sides = side_names(teams, names)
        self.target = target
        self.four_color = False  # the deck's colours (the setting): the trump icon's ink follows them

    def draw(self, surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
        """The whole panel."""
        rect = layout.score_panel
        px = layout.px
        theme.draw_panel(surface, rect, radius=px(14))
        pad = px(14)
        title = f"{GAMES[self.kind].title.upper()}  \u00b7  TO {self.target}"
        text.blit_text(surface, title, text.fit_size(title, px(17), rect.width - px(110), bold=True), theme.GOLD,
                       (rect.x + pad, rect.y + px(13)), bold=True)
        if model.hand_number:
            text.blit_text(surface, f"Hand {model.hand_number}", px(17), theme.TEXT_DIM,
                           (rect.right - pad, rect.y + px(13)), "topright")
        y = rect.y + px(40)
        if self.kind == "pitch":
            self._pitch_rows(surface, layout, model, y)
        else:
            self._spades_rows(surface, layout, model, y)

    def _score_text(self, model: TableModel, side: int) -> str:
        shown = round(model.shown_scores[side]) if side < len(model.shown_scores) else 0
        return str(shown) if shown >= 0 else "\u2212" + str(-shown)

    def _stripe(self, surface: pygame.Surface, layout: TableLayout, side: int, x: int, y: int, h: int) -> None:
        px = layout.px
        pygame.draw.rect(surface, side_color(side), (x, y, px(5), h), border_radius=px(3))

    def _spades_rows(self, surface: pygame.Surface, layout: TableLayout, model: TableModel, y: int) -> None:
        rect, px = layout.score_panel, layout.px
        pad = px(14)
        for side, team in enumerate(self.teams):
            self._stripe(surface, layout, side, rect.x + pad, y + px(2), px(38))
            x = rect.x + pad + px(13)
            score = self._score_text(model, side)
            score_w = text.measure(score, px(26), bold=True)[0]
            name_size = text.fit_size(self.sides[side], px(20), rect.right - pad - x - score_w - px(10), bold=True)
            text.blit_text(surface, self.sides[side], name_size, theme.TEXT, (x, y), bold=True)
            text.blit_text(surface, score, px(26), theme.GOLD_LIGHT, (rect.right - pad, y - px(2)), "topright",
                           bold=True)
            bid = side_bid_text(model, team)
            won = sum(model.tricks_won[s] for s in team)
            parts = [p for p in (bid, f"won {won}" if model.phase is Phase.PLAYING or won else "") if p]
            line = "  \u00b7  ".join(parts) if parts else "Bidding..." if model.phase is Phase.BIDDING else ""
            bags = model.bags[side] if side < len(model.bags) else 0
            text.blit_text(surface, line, px(16), theme.TEXT_DIM, (x, y + px(23)))
            text.blit_text(surface, f"{bags} bag{'s' if bags != 1 else ''}", px(16), theme.TEXT_DIM,
                           (rect.right - pad, y + px(23)), "topright")
            y += px(46)
        broken = model.spades_broken
        color = theme.TEXT if broken else theme.TEXT_DISABLED
        theme.draw_suit(surface, 0, (rect.x + pad + px(8), y + px(12)), px(18), color)
        label = "Spades broken" if broken else "Spades not broken yet"
        text.blit_text(surface, label, px(17), theme.GOLD_LIGHT if broken else theme.TEXT_DIM,
                       (rect.x + pad + px(24), y + px(12)), "midleft")

    def _pitch_rows(self, surface: pygame.Surface, layout: TableLayout, model: TableModel, y: int) -> None:
        rect, px = layout.score_panel, layout.px
        pad = px(14)
        row = px(26 if len(self.teams) <= 4 else 23)
        for side, _team in enumerate(self.teams):
            self._stripe(surface, layout, side, rect.x + pad, y + px(3), row - px(8))
            x = rect.x + pad + px(13)
            score = self._score_text(model, side)
            text.blit_text(surface, score, px(21), theme.GOLD_LIGHT, (rect.right - pad, y), "topright", bold=True)
            size = text.fit_size(self.sides[side], px(19), rect.right - pad - x - px(50))
            text.blit_text(surface, self.sides[side], size, theme.TEXT, (x, y + px(1)))
            y += row
        y += px(6)
        trump = model.trump
        text.blit_text(surface, "Trump", px(17), theme.TEXT_DIM, (rect.x + pad, y + px(11)), "midleft")
        tx = rect.x + pad + text.measure("Trump", px(17))[0] + px(10)
        if trump is None:
            text.blit_text(surface, "set by the first lead", px(16), theme.TEXT_DISABLED, (tx, y + px(11)), "midleft")
        else:
            box = pygame.Rect(tx, y, px(24), px(24))
            pygame.draw.rect(surface, theme.CARD_FACE, box, border_radius=px(5))
            theme.draw_suit(surface, trump, box.center, px(18), four_color=self.four_color)
            text.blit_text(surface, SUIT_NAMES[trump].capitalize(), px(17), theme.TEXT,
                           (box.right + px(8), y + px(11)), "midleft")
        y += px(28)
        if model.pitcher is not None and model.high_bid:
            line = f"{self.names[model.pitcher]} bid {model.high_bid}"
        elif model.phase is Phase.BIDDING:
            line = f"Bidding: high bid {model.high_bid}" if model.high_bid else "Bidding..."
        else:
            line = ""
        if line:
            size = text.fit_size(line, px(17), rect.width - 2 * pad)
            text.blit_text(surface, line, size, theme.GOLD_LIGHT, (rect.x + pad, y + px(10)), "midleft")
        why = self.target_note(model)
        if why:
            size = text.fit_size(why, px(16), rect.width - 2 * pad)
            text.blit_text(surface, why, size, theme.TEXT_DIM, (rect.x + pad, y + px(32)), "midleft")

    def target_note(self, model: TableModel) -> str:
        """Pitch: why a side at or above the target has not won ("wins on a hand he pitches and makes")."""
        if self.kind != "pitch" or not self.target:
            return ""
        there = [self.sides[side] for side, score in enumerate(model.scores) if score >= self.target]
        if not there:
            return ""
        if len(there) > 1:
            return f"At {self.target} or more: a player wins on a hand he pitches and makes"
        name = there[0]
        if name == wording.YOU:
            return "You win on a hand you pitch and make"
        if wording.plural(name):
            return f"{name} win on a hand they pitch and make"
        return f"{name} wins on a hand he pitches and makes"

