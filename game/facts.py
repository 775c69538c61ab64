"""The fixed facts of one game: seats, sizes, bids and rules that never change during play.

Each game's package defines its ``GameFacts``; the game's state class carries it as ``facts``,
every ``SeatView`` carries it too (so a computer player reads a fact from its view, never by
comparing game names), and the registry (``game.games.GAMES[name].facts``) lists it with the
game's constructor, codec and players.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import NamedBid


@dataclass(frozen=True)
class GameFacts:
    """What a game is, as data. Every field holds for every hand of every game of this kind.

    - ``name``: the name used by ``new_game``, records and the command line; ``title``: shown to players.
    - ``min_seats``/``max_seats``/``default_seats``: the table sizes the game is played at.
    - ``always_partners``: the game is always played in partnerships (where partners are an option,
      its ``partnerships`` OptionSpec says at which table sizes).
    - ``hand_size``: the cards each seat holds when play begins; ``packet``: the cards dealt to
      a seat at a time (0: no deal, the hands are drawn); ``exchange_size``: the cards each side of a
      Double Nil exchange gives (0: none); ``redraw_max``: the cards a Double Nil bidder may replace
      (0: no redraw).
    - ``named_bids``: the bids that are words (Nil, Double Nil, Pass) the game may offer.
    - ``look_is_decision``: False when looking at one's cards is no choice of the game (four-player
      Spades lists ``Look`` only to let a seat bid Double Nil first: the hand is looked at anyway).
    - ``has_bags``: whether overtricks (bags) are counted.
    - ``trump``: the suit that is always trump, or None when the first card the pitcher leads names it.
    - ``trump_must_break``: the trump suit may not be led until it has been played (Spades).
    - ``trump_or_follow``: a seat able to follow suit may play a trump instead (Pitch).
    - ``seen_discards``: each seat discards cards face down it has seen (Spades for two's drawing).
    - ``undealt``: some cards are set aside unseen each hand (Pitch deals six cards a seat).
    - ``auction``: one round of rising bids names a single bidder (Pitch), rather than every seat
      contracting for its own tricks (Spades).
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    hand_size: int
    packet: int
    named_bids: tuple[NamedBid, ...]
    look_is_decision: bool
    has_bags: bool
    trump: int | None
    trump_must_break: bool
    auction: bool
    trump_or_follow: bool = False
    exchange_size: int = 0
    redraw_max: int = 0
    always_partners: bool = False
    seen_discards: bool = False
    undealt: bool = False

    def allows_seats(self, seats: int) -> bool:
        """Whether the game is played by this many seats."""
        return type(seats) is int and self.min_seats <= seats <= self.max_seats
