"""How the window presents Ten-point Pitch: bids of 4 to 10, naming trump, the draw, trumps only, ten points.

Every fact of the rules comes from ``game.ten_point_pitch.rules`` (the trump order, the event kinds
of the draw, the points' names); this module only words and orders them for the window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.actions import PASS, BidValue, bid_text
from game.cards import BIG_JOKER, JACK, LITTLE_JOKER, Card
from game.events import Event
from game.games import GAMES
from game.state import Phase
from game.ten_point_pitch.rules import (
    BURNED,
    DEALER_STUCK,
    DISCARDED,
    DREW,
    MAX_BID,
    PACKET,
    THREE,
    TOOK_STOCK,
    WENT_OUT,
    is_trump,
    off_jack,
    power,
    trump_order,
)
from ui.draw import wording
from ui.games.base import DASH, AuctionPresentation, Rows, TrickList, signed

# The ten points as the rules name them, in the summary's order: (record key, label).
POINT_ROWS = (("high", "High"), ("low", "Low"), ("jack", "Jack"), ("off_jack", "Off-jack"),
              ("big_joker", "Big Joker"), ("little_joker", "Little Joker"), ("three", "Three"))


def card_words(card: Card) -> str:
    """A card as the table's messages say it: "the 9 of hearts", "the Big Joker"."""
    return f"the {card.name()}"


def ten_point_rows(points: Sequence[Mapping[str, Any]], pitcher_side: int | None, bid: int) -> Rows:
    """The breakdown: the bid, the seven card points, trick points, Game and the set back, for every side."""
    rows = [("Bid", [str(bid) if side == pitcher_side else DASH for side in range(len(points))])]
    for key, label in POINT_ROWS:
        rows.append((label, [str(p.get(key, 0)) if p.get(key) else DASH for p in points]))
    rows.append(("Trick points", [str(p.get("trick_points", 0)) for p in points]))
    rows.append(("Game", [str(p["game"]) if p.get("game") else DASH for p in points]))
    rows.append(("Set back", [signed(-bid) if p.get("set_back") else DASH for p in points]))
    return rows


def ten_point_cards(trump: int | None, tricks: TrickList) -> dict[str, Card | None]:
    """The cards behind the card points this hand (None for a card that was not in play). Only trumps
    are played and every trump held after the draw is, so the tricks hold them all."""
    if trump is None:
        return {}
    played = sorted((card for plays, _winner in tricks for _seat, card in plays if is_trump(card, trump)),
                    key=lambda card: -power(card, trump))
    if not played:
        return {}
    def held(card: Card) -> Card | None:
        return card if card in played else None
    return {"High": played[0], "Low": played[-1], "Jack": held(Card.of(JACK, trump)),
            "Off-jack": held(off_jack(trump)), "Big Joker": held(BIG_JOKER), "Little Joker": held(LITTLE_JOKER),
            "Three": held(Card.of(THREE, trump))}


def _yes(value: Any, on: str = "yes", off: str = "no") -> str:
    return on if value else off


def _verb(name: str, singular: str, plural: str) -> str:
    return plural if name == wording.YOU or wording.plural(name) else singular


class TenPointPitchPresentation(AuctionPresentation):
    """Three or four players (partners at four, as chosen); bids of 4 to 10; the pitcher names trump; the draw."""

    name = "ten-point-pitch"
    about = ("Nine cards each from a deck with two jokers. Bid 4 to 10 of the ten points; the pitcher names "
             "trump, everyone draws to six trumps, and only trumps are played.")
    auction = True
    deal_packet = PACKET
    pass_bid: BidValue | None = PASS
    bid_help = "Type your bid (P to pass) or click it; Enter confirms."
    summary_label_w = 250
    sheet_hand_w = 118
    worded_options = frozenset({"target", "partnerships", "low"})
    trump_unset = "named by the pitcher"

    # ----- the bid panel
    def bid_key(self, value: BidValue) -> str:
        """Pass is P."""
        return "P" if value == PASS else ""

    def bid_rows(self, values: Sequence[BidValue]) -> list[list[BidValue]]:
        """Pass on a row of its own above the numbers (up to seven of them)."""
        rows: list[list[BidValue]] = []
        if PASS in values:
            rows.append([PASS])
        rows.append([v for v in values if v != PASS])
        return rows

    def bid_size(self, value: BidValue) -> tuple[int, int]:
        """Numbers compact, Pass wider."""
        return (120, 46) if value == PASS else (64, 50)

    def bid_hint(self, values: Sequence[BidValue], forced_dealer: bool, steal_at: int | None) -> str:
        """The dealer's position, or what a bid means."""
        if forced_dealer:
            return f"Everyone passed: as dealer you are stuck with a bid of {DEALER_STUCK}."
        return (f"Bid the points of ten you expect to win; {MAX_BID} ends the bidding. "
                "Click a bid, or type it (P: pass) and press Enter.")

    def typed_bid(self, number: int) -> BidValue:
        """0 is a pass (1 and 0 make 10)."""
        return PASS if number == 0 else number

    def trump_title(self) -> str:
        """The title of the panel where the pitcher names trump."""
        return "Name trump"

    def trump_hint(self) -> str:
        """What naming trump means."""
        return ("The jack of the same colour and both jokers become trumps too. Everyone then throws "
                "away his other cards and draws to six. Click a suit, or press S, H, D or C.")

    def discard_prompt(self, count: int, trumps: bool) -> str:
        """The prompt while the viewer must put cards down in the draw."""
        plural = "s" if count != 1 else ""
        if trumps:
            return f"More than six trumps: burn {count} trump{plural} face up (they score for nobody)"
        return f"Keep six: put down {count} more card{plural} face down"

    # ----- the table
    def plate_bid(self, bid: BidValue | None, pitcher: bool, high_bid: int, playing: bool) -> str:
        """"Pitcher, bid 6" once the bidding is over; before, each bid or "Pass"."""
        if pitcher and high_bid:
            return f"Pitcher, bid {high_bid}"
        if bid is None:
            return ""
        return bid_text(bid) if bid == PASS else f"Bid {bid_text(bid)}"

    def plate_note(self, part: Any, seat: int, phase: Phase) -> str:
        """"Out" for a player with no trump left; the trumps a player burned."""
        if part is None:
            return ""
        out = getattr(part, "out", ())
        if phase is Phase.PLAYING and seat < len(out) and out[seat]:
            return "Out"
        burned = getattr(part, "burned", ())
        if seat < len(burned) and burned[seat] and phase is not Phase.PLAYING:
            return f"Burned {len(burned[seat])}"
        return ""

    def bid_won_note(self, value: Any, options: Any = None) -> str:
        """The pitcher names trump next."""
        return "; the pitcher names trump"

    def trump_order(self, trump: int) -> Sequence[Card]:
        """The trumps of the hand, highest first (the off-jack and the jokers among them)."""
        return trump_order(trump)

    def event_note(self, event: Event, names: Sequence[str]) -> tuple[str, str] | None:
        """The draw and going out, as a bubble at the seat ("bubble") or a message to all ("toast")."""
        seat = event.seat
        if seat is None or not 0 <= seat < len(names):
            return None
        name = names[seat]
        count = event.value if isinstance(event.value, int) else 0
        cards = "card" if count == 1 else "cards"
        if event.kind == DISCARDED:
            return "bubble", f"{count} {cards} down"
        if event.kind == DREW:
            return "bubble", f"Draws {count}"
        if event.kind == TOOK_STOCK:
            return "toast", f"{name} {_verb(name, 'takes', 'take')} the stock ({count} {cards})"
        if event.kind == BURNED and event.cards:
            shown = ", ".join(card_words(c) for c in event.cards)
            return "toast", f"{name} {_verb(name, 'burns', 'burn')} {shown} face up"
        if event.kind == WENT_OUT:
            return "bubble", "Out"
        return None

    def score_panel_height(self, num_sides: int) -> float:
        """Each side's score, trump, the high bid and the line about the target."""
        return 40 + 26 * num_sides + 58 + 22

    def target_note(self, sides: Sequence[str], scores: Sequence[int], target: int) -> str:
        """Several sides at the target with no winner: the tie is played off."""
        there = [sides[side] for side, score in enumerate(scores) if target and score >= target and side < len(sides)]
        return "Tied at the target: another hand decides" if len(there) > 1 else ""

    # ----- the summary, the score sheet and the hand list
    def summary_rows(self, points: Sequence[Mapping[str, Any]], teams: Sequence[Sequence[int]],
                     bids: Sequence[Any], tricks: Sequence[int], pitcher_side: int | None, bid: int) -> Rows:
        """The bid, High, Low, Jack, Off-jack, the jokers, Three, trick points, Game and the set back."""
        return ten_point_rows(points, pitcher_side, bid)

    def summary_cards(self, trump: int | None, tricks: TrickList,
                      points: Sequence[Mapping[str, Any]] = ()) -> dict[str, Card | None]:
        """The cards behind the card points."""
        return ten_point_cards(trump, tricks)

    # ----- help and statistics
    def tips(self, options: Any = None) -> list[tuple[str, str]]:
        """Bidding, naming trump and the draw, play, the points."""
        return [
            ("Bidding", f"Each player bids once: pass, or 4 to {MAX_BID} of the ten points, higher than the last "
                        f"bid. If everyone passes, the dealer is stuck with {DEALER_STUCK}."),
            ("Trump and the draw", "The pitcher names trump. The jack of the same colour (the off-jack) and both "
                                   "jokers are trumps too. Everyone throws away his other cards and draws to six; "
                                   "the pitcher takes the rest of the stock and keeps his best six."),
            ("Play", "Only trumps are played, any trump you like. A player with no trump left is out; the "
                     "highest trump wins the trick."),
            ("The points", "High, Low, Jack, Off-jack, Big Joker, Little Joker, Game one each, and the Three "
                           "of trump three. A pitcher short of his bid loses it."),
        ]

    def option_rows(self, options: Any, players: int | None) -> list[tuple[str, str]]:
        """Partnerships (where they can be) and who gets Low."""
        rows: list[tuple[str, str]] = []
        specs = {spec.key: spec for spec in GAMES[self.name].option_specs}
        partners = getattr(options, "partnerships", True)
        if players is None or len(specs["partnerships"].allowed_at(players)) > 1 or partners:
            rows.append(("Partnerships", _yes(partners, "yes (two teams of two)", "no (each for himself)")))
        low = getattr(options, "low", "player")
        rows.append(("Low goes to", "the player who played it" if low == "player" else "the player who wins it"))
        return rows


__all__ = ["TenPointPitchPresentation", "card_words", "ten_point_cards", "ten_point_rows"]
