"""How the window presents one game: the base every game's presentation fills in.

A ``Presentation`` holds every per-game difference of the window that is not a fact of the
rules (those come from the registry, ``game.games.GAMES``, or from the engine's legal actions):
the words of prompts and tips, the shape of the bid panel, the summary's and the score sheet's
columns, the deal animation, the about text of the setup screen. Nothing here draws or imports
pygame, so the controller's pygame-free modules may ask it too.

The base gives the Spades-like answers where a game has nothing to say (no trump prompt, no
target note); each game's module (``ui.games.spades``, ``spades_two``, ``pitch``) says the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.actions import BidValue, bid_text
from game.cards import Card
from game.events import Event
from game.state import HandResult, Phase

if TYPE_CHECKING:
    from ui.services.stats import Tally

Rows = list[tuple[str, list[str]]]  # a label and one cell per side
TrickList = list[tuple[list[tuple[int, Card]], int]]  # each trick's plays (seat, card) and its winner
DASH = "\u2014"
MINUS = "\u2212"


def signed(value: int) -> str:
    """Points with their sign: "+52", "−41", "0"."""
    return f"+{value}" if value > 0 else (MINUS + str(-value) if value < 0 else "0")


def maybe(value: int) -> str:
    """Signed points, or a dash for none."""
    return signed(value) if value else DASH


def minus(value: int) -> str:
    """A score with a true minus sign."""
    return str(value) if value >= 0 else MINUS + str(-value)


class Presentation:
    """The window's per-game differences; one instance per game, looked up with ``ui.games.presentation_of``.

    Attributes (class level, read-only by convention):

    - ``name``: the registry's name of the game.
    - ``about``: two sentences about the game under the setup screen's options.
    - ``auction``: True when the hand is bid in one climbing auction and played for the high bidder's
      bid (Pitch: the dealer may be forced or steal, the score panel shows trump and the high bid,
      the summary's headline is the pitcher's); False when each side bids a contract of tricks.
    - ``deals``: False when a hand starts with no dealing to animate (two-player Spades draws).
    - ``deal_packet``: how many cards the deal animation sends to a seat at a time.
    - ``stock_phases``: the phases in which the table shows a stock and a discard pile.
    - ``dealer_chip``: the text on the chip of the seat that deals (or draws first).
    - ``look_is_decision``: whether turning the hand face up is a decision undo can take back.
    - ``shows_bags``: whether the summary and score panel count bags.
    - ``pass_bid``: the bid the P key makes (None: no key for passing).
    - ``joker_suit``: the suit jokers belong to, marked on their faces (Spades with jokers: spades).
    - ``summary_label_w``, ``sheet_hand_w``: design widths of the summary's label column and the score
      sheet's hand column.
    """

    name = ""
    about = ""
    auction = False
    deals = True
    deal_packet = 1
    stock_phases: frozenset[Phase] = frozenset()
    dealer_chip = "D"
    look_is_decision = True
    shows_bags = False
    pass_bid: BidValue | None = None
    trump_unset = "set by the first lead"  # the score panel's words for trump before it is known (auctions)
    joker_suit: int | None = None  # the suit the jokers belong to in this game, marked on their faces (Spades: 0)
    bid_help = "Type your bid or click it; Enter confirms."
    summary_label_w = 150
    sheet_hand_w = 52
    worded_options: frozenset[str] = frozenset({"target"})  # the option keys ``option_rows`` (or the target) words

    def about_for(self, options: Mapping[str, Any], players: int) -> str:
        """The about text for the options chosen on the setup screen (the same ``about`` unless a game's
        options change what kind of game it is)."""
        return self.about

    # ----- the bid panel and the bid keys
    def bid_label(self, value: BidValue) -> str:
        """The words on a bid's button ("4", "Nil", "Pass")."""
        return bid_text(value)

    def bid_key(self, value: BidValue) -> str:
        """The key shown on a bid's button ("" for none)."""
        return ""

    def bid_rows(self, values: Sequence[BidValue]) -> list[list[BidValue]]:
        """The legal bids in the rows the panel shows them, top row first."""
        return [list(values)]

    def bid_size(self, value: BidValue) -> tuple[int, int]:
        """A bid button's size at 1280x720."""
        return 80, 50

    def bid_hint(self, values: Sequence[BidValue], forced_dealer: bool, steal_at: int | None) -> str:
        """The line under the bids."""
        return "Click a bid, or type it and press Enter."

    def typed_bid(self, number: int) -> BidValue:
        """The bid a typed number stands for."""
        return number

    def trump_title(self) -> str:
        """The title of the panel where the viewer names trump (games with a naming phase)."""
        return "Name trump"

    def trump_hint(self) -> str:
        """The line under the four suits when the viewer names trump."""
        return "Click a suit, or press S, H, D or C."

    def discard_prompt(self, count: int, trumps: bool) -> str:
        """The prompt while the viewer must put ``count`` more cards down one by one (``trumps``: face up)."""
        return f"Put down {count} more card{'s' if count != 1 else ''}"

    # ----- the table
    def lead_prompt(self, trump_known: bool) -> str:
        """The prompt for the viewer's lead when it says more than "Your lead" ("" when not)."""
        return ""

    def plate_bid(self, bid: BidValue | None, pitcher: bool, high_bid: int, playing: bool) -> str:
        """The bid part of a seat's plate line ("Bid 4", "Nil", "Pitcher, bid 3"; "" for none)."""
        if bid is None:
            return ""
        return bid_text(bid) if isinstance(bid, str) else f"Bid {bid}"

    def plate_note(self, part: Any, seat: int, phase: Phase) -> str:
        """More for a seat's plate line from the game's own view part (``SeatView.part``): "Out" ("" for none)."""
        return ""

    def bid_won_note(self, value: Any, options: Any = None) -> str:
        """What follows "X wins the bid at N" ("" for nothing more); ``options``: the game's rule options."""
        return ""

    def trump_order(self, trump: int) -> Sequence[Card]:
        """The hand's trumps highest first when they are not just the trump suit's cards by rank (the hand
        shows them first, in this order); empty: the hand is sorted by suit and rank alone."""
        return ()

    def event_note(self, event: Event, names: Sequence[str]) -> tuple[str, str] | None:
        """A game's own event (one the table does not animate) as ("bubble" at its seat | "toast", words)."""
        return None

    def score_panel_height(self, num_sides: int) -> float:
        """The score panel's height at 1280x720."""
        return 40 + 46 * num_sides + 34

    def target_note(self, sides: Sequence[str], scores: Sequence[int], target: int) -> str:
        """Why a side at or above the target has not won yet ("" when that cannot happen)."""
        return ""

    # ----- the hand summary and the score sheet
    def summary_rows(self, points: Sequence[Mapping[str, Any]], teams: Sequence[Sequence[int]],
                     bids: Sequence[Any], tricks: Sequence[int], pitcher_side: int | None, bid: int) -> Rows:
        """The summary's breakdown: a label and one cell per side for each row."""
        raise NotImplementedError

    def summary_cards(self, trump: int | None, tricks: TrickList,
                      points: Sequence[Mapping[str, Any]] = ()) -> dict[str, Card | None]:
        """The cards some rows of the summary name, by row label (none by default); ``points`` is the
        hand's breakdown (which parts it scored)."""
        return {}

    def sheet_note(self, names: Sequence[str], result: HandResult) -> str:
        """The score sheet's note under a hand's number ("" for none)."""
        return ""

    def sheet_detail(self, points: Mapping[str, Any]) -> str:
        """What made a side's points of one hand, as the score sheet writes it."""
        raise NotImplementedError

    # ----- the hand list of the viewer
    def dealer_text(self, name: str) -> str:
        """Who starts the hand, as the hand list writes it."""
        return f"Dealer {name}"

    def hand_bids(self, names: Sequence[str], bids: Sequence[Any], pitcher: int | None, high_bid: int | None) -> str:
        """The hand list's summary of the bids of a hand ("" before any)."""
        if any(b is not None for b in bids):
            return "Bids " + "/".join("\u2013" if b is None else bid_text(b) for b in bids)
        return ""

    # ----- help and statistics
    def tips(self, options: Any = None) -> list[tuple[str, str]]:
        """The first-game tips as (title, text), following the options in force where they matter."""
        return []

    def option_rows(self, options: Any, players: int | None) -> list[tuple[str, str]]:
        """The rule options in force as (label, value) rows (after the players and the target), in its own
        words, for the keys of ``worded_options``; the others are listed from the registry when changed."""
        return []

    def stat_rows(self, tally: Tally) -> list[tuple[str, str]]:
        """The statistics screen's rows for this game after the common ones."""
        return []


class AuctionPresentation(Presentation):
    """What the games won by an auction's pitcher (Pitch, Ten-point Pitch) say alike of a hand's bid."""

    def sheet_note(self, names: Sequence[str], result: HandResult) -> str:
        """"West bid 3" (the pitcher and the bid)."""
        if result.pitcher is not None and result.bid is not None:
            return f"{names[result.pitcher]} bid {result.bid}"
        return ""

    def sheet_detail(self, points: Mapping[str, Any]) -> str:
        """"3 points", or "set back"."""
        won = points.get("won", points["total"])
        return "set back" if points.get("set_back") else f"{won} point{'s' if won != 1 else ''}"

    def hand_bids(self, names: Sequence[str], bids: Sequence[Any], pitcher: int | None, high_bid: int | None) -> str:
        """"West bid 3" (the pitcher and the bid)."""
        return f"{names[pitcher]} bid {high_bid}" if pitcher is not None and high_bid else ""

    def stat_rows(self, tally: Tally) -> list[tuple[str, str]]:
        """Times pitched, bids made, set backs."""
        return [
            ("Times pitched", str(tally.pitched)),
            ("Bids made", f"{tally.pitch_made} of {tally.pitched}" if tally.pitched else DASH),
            ("Set back", str(tally.set_back) if tally.pitched else DASH),
        ]
