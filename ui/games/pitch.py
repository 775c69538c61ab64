"""How the window presents Pitch: one auction, the pitcher's lead names trump, High, Low, Jack and Game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.actions import PASS, BidValue, bid_text
from game.cards import JACK, Card
from game.games import GAMES
from game.options import PitchOptions
from game.pitch.rules import PACKET, SHUT_OUT, off_jack_of
from ui.draw import wording
from ui.games.base import DASH, AuctionPresentation, Rows, TrickList, signed


def pitch_rows(points: Sequence[Mapping[str, Any]], pitcher_side: int | None, bid: int) -> Rows:
    """The Pitch breakdown: High, Low, Jack, each side's trick points, Game, the set back, for every side."""
    rows = [("Bid", [str(bid) if side == pitcher_side else DASH for side in range(len(points))])]
    parts = [("high", "High"), ("low", "Low"), ("jack", "Jack")]
    if any("off_jack" in p for p in points):  # the off-jack house rule scored this hand
        parts.append(("off_jack", "Off-jack"))
    for key, label in parts:
        rows.append((label, [str(p[key]) if p.get(key) else DASH for p in points]))
    rows.append(("Trick points", [str(p.get("trick_points", 0)) for p in points]))
    rows.append(("Game", [str(p["game"]) if p["game"] else DASH for p in points]))
    rows.append(("Set back", [signed(-bid) if p.get("set_back") else DASH for p in points]))
    return rows


def pitch_cards(trump: int | None, tricks: TrickList, off_jack: bool = False) -> dict[str, Card | None]:
    """The cards behind High, Low and Jack this hand: the highest and lowest trump played and the jack of
    trumps (None when it was not in play). Every card dealt in Pitch is played, so the tricks hold them all.
    With the off-jack (``off_jack``) the engine's off-jack is one more trump, between the jack and the ten,
    and the "Off-jack" row names it."""
    if trump is None:
        return {}
    off = off_jack_of(trump) if off_jack else None

    def power(card: Card) -> int:
        return 2 * JACK - 1 if card == off else 2 * card.rank

    trumps = sorted((card for plays, _winner in tricks for _seat, card in plays if card.suit == trump or card == off),
                    key=power)
    if not trumps:
        return {}
    jack = next((card for card in trumps if card.rank == JACK and card != off), None)
    cards = {"High": trumps[-1], "Low": trumps[0], "Jack": jack}
    if off is not None:
        cards["Off-jack"] = off if off in trumps else None
    return cards


def _yes(value: Any, on: str = "yes", off: str = "no") -> str:
    return on if value else off


class PitchPresentation(AuctionPresentation):
    """Two to seven players (partners at four, as chosen); one auction; the pitcher's lead names trump."""

    name = "pitch"
    about = ("Six cards each. Bid for High, Low, Jack and Game; the pitcher's first card sets trump. "
             "You win on reaching the target in a hand you pitch and make.")
    auction = True
    deal_packet = PACKET
    pass_bid: BidValue | None = PASS
    bid_help = "Type your bid (P to pass) or click it; Enter confirms."
    summary_label_w = 250
    sheet_hand_w = 118
    worded_options = frozenset({"target", "partnerships", "dealer_steal", "low"})

    # ----- the bid panel
    def bid_key(self, value: BidValue) -> str:
        """Pass is P."""
        return "P" if value == PASS else ""

    def bid_size(self, value: BidValue) -> tuple[int, int]:
        """Every bid the same, roomy."""
        return 80, 50

    def bid_hint(self, values: Sequence[BidValue], forced_dealer: bool, steal_at: int | None) -> str:
        """The dealer's position, or what a bid means."""
        if forced_dealer:
            lowest = min((v for v in values if isinstance(v, int)), default=0)
            return f"Everyone passed: as dealer you must bid at least {lowest}."
        if steal_at is not None:
            return f"As dealer you may take the bid at {steal_at}."
        top = max((v for v in values if isinstance(v, int)), default=SHUT_OUT)  # 5 with the off-jack
        return (f"Bid the points you expect to win. A bid of {top} pitches at once. "
                "Click a bid, or type it (P: pass) and press Enter.")

    def typed_bid(self, number: int) -> BidValue:
        """0 is a pass."""
        return PASS if number == 0 else number

    # ----- the table
    def lead_prompt(self, trump_known: bool) -> str:
        """The pitcher's first lead names trump."""
        return "" if trump_known else "Your lead: the suit you lead becomes trump"

    def plate_bid(self, bid: BidValue | None, pitcher: bool, high_bid: int, playing: bool) -> str:
        """"Pitcher, bid 3" once play starts; before, each bid or "Pass"."""
        if pitcher and playing:
            return f"Pitcher, bid {high_bid}"
        if bid is None:
            return ""
        return bid_text(bid) if bid == PASS else f"Bid {bid_text(bid)}"

    def bid_won_note(self, value: Any, options: Any = None) -> str:
        """A shut-out bid pitches at once (the engine's shut-out for these options: 5 with the off-jack)."""
        shut_out = (options if isinstance(options, PitchOptions) else PitchOptions()).shut_out
        return " and pitches" if value == shut_out else ""

    def score_panel_height(self, num_sides: int) -> float:
        """Each side's score, trump, the high bid and the line about the target."""
        row = 26 if num_sides <= 4 else 23
        return 40 + row * num_sides + 58 + 22  # the last line says why a side at the target has not won

    def target_note(self, sides: Sequence[str], scores: Sequence[int], target: int) -> str:
        """A side at or above the target wins only on a hand it pitches and makes."""
        if not target:
            return ""
        there = [sides[side] for side, score in enumerate(scores) if score >= target and side < len(sides)]
        if not there:
            return ""
        if len(there) > 1:
            return f"At {target} or more: a player wins on a hand he pitches and makes"
        name = there[0]
        if name == wording.YOU:
            return "You win on a hand you pitch and make"
        if wording.plural(name):
            return f"{name} win on a hand they pitch and make"
        return f"{name} wins on a hand he pitches and makes"

    # ----- the summary, the score sheet and the hand list
    def summary_rows(self, points: Sequence[Mapping[str, Any]], teams: Sequence[Sequence[int]],
                     bids: Sequence[Any], tricks: Sequence[int], pitcher_side: int | None, bid: int) -> Rows:
        """The bid, High, Low, Jack, trick points, Game and the set back of every side."""
        return pitch_rows(points, pitcher_side, bid)

    def summary_cards(self, trump: int | None, tricks: TrickList,
                      points: Sequence[Mapping[str, Any]] = ()) -> dict[str, Card | None]:
        """The cards behind High, Low and Jack (and the Off-jack, when the breakdown scored one)."""
        return pitch_cards(trump, tricks, any("off_jack" in p for p in points))

    # ----- help and statistics
    def tips(self, options: Any = None) -> list[tuple[str, str]]:
        """Bidding (with the dealer's steal as chosen), the pitch, the points, the set back."""
        steal = getattr(options, "dealer_steal", True)
        least, top = getattr(options, "min_bid", 1), getattr(options, "shut_out", SHUT_OUT)
        bids = ", ".join(str(n) for n in range(least, top)) + f" or {top}"
        off_jack = getattr(options, "off_jack", False)
        return [
            ("Bidding", f"Each player bids once: pass, {bids}, each bid higher than the last. Bid the points "
                        f"you expect to win; {top} shuts the others out. The dealer bids last and must bid at "
                        "least 2 if everyone passed"
                        + ("; he may also take the bid by equalling it." if steal else ".")),
            ("The pitch", "The highest bidder is the pitcher. The first card he leads makes its suit trump for "
                          "the hand. You may trump even when you could follow suit; when trump is led, you must "
                          "play a trump if you have one."
                          + (" The other jack of trump's colour (the off-jack) is a trump too, just below the "
                             "jack." if off_jack else "")),
            ("The points", "High (the top trump), Low (the lowest trump), the Jack of trumps, "
                           + ("the Off-jack, " if off_jack else "")
                           + "and Game (the most card points: ten 10, ace 4, king 3, queen 2, jack 1)."),
            ("Set back", "A pitcher who makes his bid scores all he won; one who falls short loses his bid. "
                         "You win by reaching the target on a hand you pitched and made."),
        ]

    def option_rows(self, options: Any, players: int | None) -> list[tuple[str, str]]:
        """Partnerships (where they can be), the dealer's steal, who gets Low."""
        rows: list[tuple[str, str]] = []
        specs = {spec.key: spec for spec in GAMES[self.name].option_specs}
        may_partner = players is None or len(specs["partnerships"].allowed_at(players)) > 1
        if may_partner or getattr(options, "partnerships", False):
            rows.append(("Partnerships", _yes(getattr(options, "partnerships", False), "yes (two teams of two)")))
        rows.append(("Dealer may steal", _yes(getattr(options, "dealer_steal", True))))
        low = getattr(options, "low", "winner")
        rows.append(("Low goes to", "the player who played it" if low == "player" else "the player who wins it"))
        return rows
