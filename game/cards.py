"""Cards as small immutable values, with the two-letter notation of RECORD.md.

The 52 standard cards are 0..51; the two jokers (Ten-point Pitch, the Spades Jokers house rule)
are 52 (Little Joker, ``"LJ"``) and 53 (Big Joker, ``"BJ"``), outside ``DECK``: a game that uses
them deals from ``JOKER_DECK``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
JACK, ACE = 9, 12
JOKER_SUIT = 4  # the ``suit`` of either joker: no suit of the four (a game decides where jokers belong)
JOKER_RANKS = (13, 14)  # the ``rank`` of the Little and the Big Joker: above the ace
JOKER_TEXTS = ("LJ", "BJ")
JOKER_NAMES = ("Little Joker", "Big Joker")


class Card(int):
    """A playing card: an int ``rank * 4 + suit`` that prints as ``"TH"``.

    Rank 0 is the two and 12 the ace; suits are 0..3 for S H D C. Cards order
    by rank first, so ``max()`` of one suit's cards is its highest. The jokers (52, 53) have
    rank 13 (Little) and 14 (Big) and suit ``JOKER_SUIT``; they print as ``"LJ"`` and ``"BJ"``.
    """

    __slots__ = ()

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of this rank (0..12) and suit (0..3)."""
        return DECK[rank * 4 + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the two-letter form, e.g. ``"AS"``, ``"TH"`` or a joker ``"BJ"``; raise ValueError if it is not one."""
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"not a card: {text!r} (want two letters such as 'TH')")
        if text.upper() in JOKER_TEXTS:
            return JOKERS[JOKER_TEXTS.index(text.upper())]
        rank, suit = RANKS.find(text[0].upper()), SUITS.find(text[1].upper())
        if rank < 0 or suit < 0:
            raise ValueError(f"not a card: {text!r} (ranks {RANKS}, suits {SUITS})")
        return DECK[rank * 4 + suit]

    @property
    def rank(self) -> int:
        """0 for the two up to 12 for the ace (13 and 14 for the Little and Big Joker)."""
        if self >= 52:
            return JOKER_RANKS[int(self) - 52]
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 for spades, hearts, diamonds, clubs (``JOKER_SUIT`` for a joker)."""
        if self >= 52:
            return JOKER_SUIT
        return int(self) & 3

    @property
    def is_joker(self) -> bool:
        """Whether this is the Little or the Big Joker."""
        return self >= 52

    def name(self) -> str:
        """A spoken name, e.g. ``"queen of hearts"`` or ``"Big Joker"``."""
        if self >= 52:
            return JOKER_NAMES[int(self) - 52]
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self >= 52:
            return JOKER_TEXTS[int(self) - 52]
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
LITTLE_JOKER, BIG_JOKER = int.__new__(Card, 52), int.__new__(Card, 53)
JOKERS: tuple[Card, ...] = (LITTLE_JOKER, BIG_JOKER)
JOKER_DECK: tuple[Card, ...] = DECK + JOKERS  # the 54 cards; ``JOKER_DECK[i]`` is the card numbered i
FULL_MASK = (1 << 52) - 1
JOKER_MASK = 3 << 52  # the two jokers as a mask
SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << (r * 4 + s) for r in range(13)) for s in range(4)
)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards in a bitmask, lowest first (jokers last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(JOKER_DECK[low.bit_length() - 1])
        mask ^= low
    return out


def highest(mask: int) -> Card:
    """The highest-ranked card of a non-empty mask (by rank, then suit index; a joker above all)."""
    return JOKER_DECK[mask.bit_length() - 1]


def lowest(mask: int) -> Card:
    """The lowest-ranked card of a non-empty mask."""
    return JOKER_DECK[(mask & -mask).bit_length() - 1]


def sort_for_hand(cards: Iterable[Card], suit_order: str = "SHCD") -> list[Card]:
    """Cards sorted for display: the jokers first (Big, Little), then by suit (alternating colours),
    then rank high to low."""
    order = {SUITS.index(s): i for i, s in enumerate(suit_order)}
    order[JOKER_SUIT] = -1
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))


def undealt(dealer: int, hands: Sequence[Sequence[Card]], num_seats: int) -> list[Card]:
    """The cards of the deck in none of ``hands`` (deck order), after checking the deal fits the table.

    Raises ValueError when ``hands`` is not one hand per seat, the dealer no seat, or a card is
    dealt twice or is no card.
    """
    if len(hands) != num_seats or not 0 <= dealer < num_seats:
        raise ValueError(f"{len(hands)} hands and dealer {dealer} do not fit {num_seats} seats")
    flat = [card for hand in hands for card in hand]
    if len(set(flat)) != len(flat) or any(not 0 <= card < len(JOKER_DECK) for card in flat):
        raise ValueError("a card is dealt twice, or is not a card")
    dealt = set(flat)
    return [card for card in DECK if card not in dealt]
