"""How the window presents four-player Spades: contracts of tricks, Nil and Double Nil, bags."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.actions import DOUBLE_NIL, NIL, BidValue, bid_text
from game.cards import SPADES
from game.options import BAG_RULE
from game.scoring import NIL_POINTS
from ui.games.base import DASH, MINUS, Presentation, Rows, maybe, signed

if TYPE_CHECKING:
    from ui.services.stats import Tally

BID_ROW = 7  # number bids per row of the bid panel


def nil_value_of(points: Mapping[str, Any], team: Sequence[int], bids: Sequence[Any], tricks: Sequence[int]) -> int:
    """The Nil value this hand was scored with, read back from a side's breakdown: its ``nil`` part is
    the Nil value times (each Nil made +1, failed -1; each Double Nil twice that). The engine's
    ``NIL_POINTS`` when the breakdown cannot tell (no Nil on the side, or a sum of nothing)."""
    signs = sum((1 if tricks[s] == 0 else -1) * (2 if bids[s] == DOUBLE_NIL else 1)
                for s in team if bids[s] in (NIL, DOUBLE_NIL))
    total = int(points.get("nil", 0))
    if signs and total and total % signs == 0:
        return abs(total // signs)
    return NIL_POINTS[NIL]


def nil_points(teams: Sequence[Sequence[int]], bids: Sequence[Any], tricks: Sequence[int], kind: str,
               points: Sequence[Mapping[str, Any]] | None = None) -> list[int]:
    """Each side's points from its Nil (``kind`` NIL) or Double Nil (DOUBLE_NIL) bids, each on its own:
    made if the bidder took no trick, worth the Nil value of the hand (read from ``points``, the
    breakdown, so the house rule's Nil value of 50 shows as 50), Double Nil twice that."""
    out = []
    for side, team in enumerate(teams):
        value = nil_value_of(points[side], team, bids, tricks) if points and side < len(points) else NIL_POINTS[NIL]
        each = value if kind == NIL else 2 * value
        out.append(sum(each if tricks[s] == 0 else -each for s in team if bids[s] == kind))
    return out


def spades_rows(points: Sequence[Mapping[str, Any]], teams: Sequence[Sequence[int]], bids: Sequence[Any],
                tricks: Sequence[int]) -> Rows:
    """The Spades breakdown: a label and one cell per side for each row (Nil and Double Nil apart).

    The parts are the hand's breakdown's: the "Ten for two hundred" row is there when that house rule
    scored the hand (its ``ten_for_200`` key), the bag penalty is what the bag rule took (100, 50 or none).
    """
    def bid_cell(team: Sequence[int]) -> str:
        values = [bids[s] for s in team if bids[s] is not None]
        numbers = [v for v in values if isinstance(v, int)]
        words = [bid_text(v) for v in values if not isinstance(v, int)]
        return " + ".join(([str(sum(numbers))] if numbers else []) + words) or DASH

    rows: Rows = [
        ("Bid", [bid_cell(team) for team in teams]),
        ("Tricks won", [str(sum(tricks[s] for s in team)) for team in teams]),
        ("Contract", [maybe(p["contract"]) if p.get("bid") is not None else DASH for p in points]),
    ]
    if any("ten_for_200" in p for p in points):
        rows.append(("Ten for 200", [maybe(p.get("ten_for_200", 0)) for p in points]))
    rows += [
        ("Bags", [maybe(p["bags"]) for p in points]),
        ("Nil", [maybe(v) for v in nil_points(teams, bids, tricks, NIL, points)]),
        ("Double Nil", [maybe(v) for v in nil_points(teams, bids, tricks, DOUBLE_NIL, points)]),
        ("Bag penalty", [maybe(p["bag_penalty"]) for p in points]),
    ]
    return rows


def _of(made: int, tried: int) -> str:
    return DASH if tried == 0 else f"{made} of {tried}"


def _yes(value: Any, on: str = "yes", off: str = "no") -> str:
    return on if value else off


class SpadesPresentation(Presentation):
    """Four players in partnerships; each side bids a contract; the cards are dealt face down."""

    name = "spades"
    joker_suit: int | None = SPADES  # with the Jokers house rule the two jokers are the highest spades
    about = ("Four players, partners sit opposite. Bid your tricks; spades are always trump. "
             "The first side to reach the target wins.")
    look_is_decision = False  # looking only gives up a blind Double Nil: undo may turn the cards up
    shows_bags = True
    bid_help = "Type your bid (0 for Nil) or click it; Enter confirms."
    worded_options = frozenset({"target", "nil", "double_nil", "mercy"})

    def about_for(self, options: Mapping[str, Any], players: int) -> str:
        """Partnerships, or each for himself (Cutthroat Spades)."""
        if options.get("partnerships", True):
            return self.about
        count = {3: "Three", 4: "Four"}.get(players, str(players))
        return (f"{count} players, each for himself. Bid your tricks; spades are always trump. "
                "The first player to reach the target wins.")

    # ----- the bid panel
    def bid_label(self, value: BidValue) -> str:
        """Numbers, "Nil" and "Double Nil"."""
        return bid_text(value)

    def bid_key(self, value: BidValue) -> str:
        """Nil is typed as 0."""
        return "0" if value == NIL else ""

    def bid_rows(self, values: Sequence[BidValue]) -> list[list[BidValue]]:
        """Nil and the numbers in rows of seven, Double Nil on a row of its own below."""
        numbers = [v for v in values if v != DOUBLE_NIL]
        rows = [numbers[i:i + BID_ROW] for i in range(0, len(numbers), BID_ROW)]
        if DOUBLE_NIL in values:
            rows.append([DOUBLE_NIL])
        return rows

    def bid_size(self, value: BidValue) -> tuple[int, int]:
        """Small number buttons; Nil wide enough for its key; Double Nil wide."""
        if value == NIL:
            return 92, 46  # room for "Nil" and its key, 0
        if value == DOUBLE_NIL:
            return 200, 44
        return 56, 46

    def bid_hint(self, values: Sequence[BidValue], forced_dealer: bool, steal_at: int | None) -> str:
        """Blind Double Nil while the cards are face down; else what a bid means."""
        if DOUBLE_NIL in values:
            return "Your cards are face down: bid Double Nil blind, or look first."
        nil = " Nil: none at all." if NIL in values else ""  # (not offered: the rules or a minimum side bid)
        return f"How many tricks will you take?{nil} Click a bid, or type it and press Enter."

    def typed_bid(self, number: int) -> BidValue:
        """0 is Nil."""
        return NIL if number == 0 else number

    # ----- the summary and the score sheet
    def summary_rows(self, points: Sequence[Mapping[str, Any]], teams: Sequence[Sequence[int]],
                     bids: Sequence[Any], tricks: Sequence[int], pitcher_side: int | None, bid: int) -> Rows:
        """Bid, tricks, contract, bags, Nil, Double Nil and the bag penalty of every side."""
        return spades_rows(points, teams, bids, tricks)

    def sheet_detail(self, points: Mapping[str, Any]) -> str:
        """"bid 5, won 6, 1 bag" (or "Nil bids, 0 bags"), and the ten for 200 or the bag penalty when they scored."""
        bid = points.get("bid")
        bags = points.get("bags", 0)
        parts = [f"bid {bid}, won {points.get('tricks', 0)}" if bid is not None else "Nil bids",
                 f"{bags} bag{'s' if bags != 1 else ''}"]
        if points.get("ten_for_200"):
            parts.append(f"ten for 200 {signed(points['ten_for_200'])}")
        if points.get("bag_penalty"):
            parts.append(f"bag penalty {signed(points['bag_penalty'])}")
        return ", ".join(parts)

    # ----- help and statistics
    def tips(self, options: Any = None) -> list[tuple[str, str]]:
        """Bidding, looking, Nil and Double Nil (as allowed), playing."""
        nil = getattr(options, "nil", True)
        double_nil = getattr(options, "double_nil", True)
        value = getattr(options, "nil_value", NIL_POINTS[NIL])
        bag_rule = BAG_RULE.label_of(getattr(options, "bag_rule", BAG_RULE.default))
        partners = getattr(options, "partnerships", True)
        tips = [
            ("How to bid", "Count the tricks you expect to win: aces, guarded kings and your spades (spades are "
                           "trump). "
                           + ("Your bid and your partner's make your side's contract" if partners
                              else "You play for yourself: your bid is your contract")
                           + ": make it and score 10 a trick; fall short and lose 10 a trick. Each trick over is a "
                           "bag (" + bag_rule.lower() + ")."),
            ("Look at cards", "Your cards are dealt face down. Press Look at cards (or Enter) to see them before "
                              "you bid." + (" While they are still face down you may bid Double Nil instead."
                                            if double_nil else "")),
        ]
        if nil or double_nil:
            parts = []
            if nil:
                parts.append(f"Nil (0) says you will win no trick at all: +{value}, or {MINUS}{value} if you take one.")
            if double_nil:
                parts.append(f"Double Nil is bid blind, before looking: +{2 * value} or {MINUS}{2 * value}"
                             + ("; then you and your partner each give the other three cards." if partners else "."))
            tips.append(("Nil and Double Nil" if nil and double_nil else "Nil" if nil else "Double Nil",
                         " ".join(parts)))
        leading = ("A spade may be led at any time." if getattr(options, "spades_any_time", False)
                   else "Spades may not be led until one has been played on another suit.")
        if getattr(options, "two_clubs_opens", False):
            leading += " The player holding the lowest club of the deck leads it to the first trick."
        tips.append(("Playing", f"Follow suit when you can. {leading} H asks for a hint, S shows the scores, "
                                "L the last trick."))
        house = self._house_rule_tips(options)
        if house:
            tips.append(("House rules", " ".join(house)))
        return tips

    @staticmethod
    def _house_rule_tips(options: Any) -> list[str]:
        """One short sentence for each house rule in force that changes how a hand is bid or played."""
        lines = []
        if getattr(options, "jokers", False):
            lines.append("The Big and Little Joker are the two highest spades, above the ace of spades "
                         "(the twos of hearts and diamonds are out).")
        if getattr(options, "ten_for_200", False):
            lines.append("A side that bids 10 or more scores 200 if it makes it, and loses 200 if not.")
        if getattr(options, "min_side_bid", 0):
            lines.append(f"Your side's bids must add up to at least {options.min_side_bid}.")
        if getattr(options, "nil_pass", 0):
            n = options.nil_pass
            lines.append(f"A Nil bidder and his partner swap {n} card{'s' if n != 1 else ''} after the bidding.")
        return lines

    def option_rows(self, options: Any, players: int | None) -> list[tuple[str, str]]:
        """Nil, Double Nil and the mercy rule."""
        mercy = getattr(options, "mercy", None)
        return [
            ("Nil", _yes(getattr(options, "nil", True), "allowed", "not allowed")),
            ("Double Nil", _yes(getattr(options, "double_nil", True), "allowed", "not allowed")),
            ("Mercy rule", "off" if mercy is None else f"lose at {str(mercy).replace('-', MINUS)}"),
        ]

    def stat_rows(self, tally: Tally) -> list[tuple[str, str]]:
        """Contracts, Nils and Double Nils made, bags per hand."""
        bags = tally.bags_per_hand
        return [
            ("Contracts made", _of(tally.contracts_made, tally.contracts)),
            ("Nils made", _of(tally.nils_made, tally.nils)),
            ("Double Nils made", _of(tally.double_nils_made, tally.double_nils)),
            ("Bags per hand", DASH if bags is None else f"{bags:.1f}"),
        ]
