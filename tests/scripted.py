"""Scripted deals for tests: choose every seat's cards, then play them through ``apply()``.

A hand is written as tricks, one string per trick listing each seat's card in seat
order (``"AH 2H 3H 4H"``: seat 0 plays the ace of hearts...). The seats play in the
order the engine asks for, so the engine decides who leads and who wins, and the
test checks it. The deal is the columns of those strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.actions import DOUBLE_NIL, Action, Bid, BidValue, Draw, Exchange, IllegalAction, Look, Play
from game.cards import RANKS, Card
from game.chance import Chance
from game.deals import deck_for_deal
from game.events import TRICK_WON
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.record import dumps, to_record
from game.state import Phase, TrickGame

Hands = Sequence[Sequence[Card]]
_PLAIN = (int, str, bool, float, type(None), Phase)


def cards(text: str) -> list[Card]:
    """Cards from their two-letter forms separated by spaces: ``cards("AS TH 2C")``."""
    return [Card.parse(word) for word in text.split()]


def card(text: str) -> Card:
    """One card from its two-letter form."""
    return Card.parse(text)


def hands_from_tricks(tricks: Sequence[str], num_seats: int) -> list[list[Card]]:
    """Each seat's hand: its card of every trick (trick strings list the cards by seat)."""
    hands: list[list[Card]] = [[] for _ in range(num_seats)]
    for trick in tricks:
        row = cards(trick)
        if len(row) != num_seats:
            raise ValueError(f"trick {trick!r} does not give one card to each of {num_seats} seats")
        for seat, one in enumerate(row):
            hands[seat].append(one)
    return hands


def _chance(kind: str, first_dealer: int, deals: Sequence[Hands], num_seats: int,
            samples: Iterable[Sequence[Card]] = (), seed: int = 0) -> Chance:
    chance = Chance(seed)
    chance.force("seat", [first_dealer])
    chance.force("deck", [deck_for_deal(kind, (first_dealer + i) % num_seats, hands, num_seats)
                          for i, hands in enumerate(deals)])
    chance.force("sample", [list(drawn) for drawn in samples])
    return chance


def spades_game(hands: Hands, dealer: int = 3, options: SpadesOptions | None = None,
                later: Sequence[Hands] = ()) -> TrickGame:
    """Four-player Spades whose first hand deals ``hands`` (by seat); ``later`` hands follow in turn.

    The default dealer 3 makes seat 0 bid first and lead to the first trick.
    """
    chance = _chance("spades", dealer, [hands, *later], 4)
    return new_game("spades", options or SpadesOptions(), 4, 0, chance)


def two_player_game(hands: Hands, first: int = 0, options: SpadesOptions | None = None,
                    later: Sequence[Hands] = (), samples: Iterable[Sequence[Card]] = (), seed: int = 0) -> TrickGame:
    """Spades for two whose stock lets each player keep the first card of every turn and end with ``hands``.

    The first drawer alternates in the ``later`` hands; ``samples`` are the cards a Double Nil
    redraw takes from the discard pile, in order.
    """
    chance = _chance("spades-two", first, [hands, *later], 2, samples, seed)
    return new_game("spades-two", options or SpadesOptions(), 2, seed, chance)


def two_player_from_stock(stock: Sequence[Card], first: int = 0, options: SpadesOptions | None = None,
                          samples: Iterable[Sequence[Card]] = ()) -> TrickGame:
    """Spades for two with the stock given card by card, top first."""
    chance = Chance(0)
    chance.force("seat", [first])
    chance.force("deck", [list(stock)])
    chance.force("sample", [list(drawn) for drawn in samples])
    return new_game("spades-two", options or SpadesOptions(), 2, 0, chance)


def pitch_game(hands: Hands, dealer: int = 0, players: int = 4, options: PitchOptions | None = None,
               later: Sequence[Hands] = ()) -> TrickGame:
    """Pitch whose first hand deals ``hands`` (6 cards a seat); ``later`` hands follow in turn."""
    chance = _chance("pitch", dealer, [hands, *later], players)
    return new_game("pitch", options or PitchOptions(), players, 0, chance)


# ----------------------------------------------------------------- decisions
def bid_round(game: TrickGame, bids: Mapping[int, BidValue]) -> None:
    """Apply each seat's bid in the order the engine asks for them."""
    while game.phase is Phase.BIDDING and game.to_act in bids:
        game.apply(Bid(game.to_act, bids[game.to_act]))


def play_tricks(game: TrickGame, tricks: Sequence[str]) -> list[int]:
    """Play the scripted tricks (cards listed by seat) in the engine's order; return each trick's winner."""
    winners = []
    for trick in tricks:
        row = cards(trick)
        events = []
        for _ in range(game.num_seats):
            seat = game.to_act
            events += game.apply(Play(seat, row[seat]))
        winners += [event.seat for event in events if event.kind == TRICK_WON]
    return winners


def play_cards(game: TrickGame, text: str) -> None:
    """Play these cards one after another, each by the seat whose turn it is."""
    for one in cards(text):
        game.apply(Play(game.to_act, one))


def draw_all(game: TrickGame, blind: Iterable[int] = (), keep: bool = True) -> None:
    """Two-player drawing: every turn keeps (or discards) the first card; ``blind`` seats declare Double Nil."""
    blind = set(blind)
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        if not game.looked[seat]:
            game.apply(Bid(seat, DOUBLE_NIL) if seat in blind else Look(seat))
        game.apply(Draw(seat, keep))


def exchange(game: TrickGame, gives: Mapping[int, str]) -> None:
    """The Double Nil exchange: each seat's three cards, in the order the engine asks."""
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        game.apply(Exchange(seat, tuple(cards(gives[seat]))))


def apply_all(game: TrickGame, actions: Iterable[Action]) -> None:
    """Apply actions in order."""
    for action in actions:
        game.apply(action)


def snapshot(game: TrickGame) -> tuple[Any, ...]:
    """Everything observable about a game, to compare before and after a refused action."""
    return (dumps(to_record(game)), [game.view(s) for s in range(game.num_seats)], game.phase,
            game.to_act, list(game.hands), list(game.scores), list(game.bags))


# ----------------------------------------------------------------- trick plans
def _suit_trick(suit: str, ranks: str, winner: int, num_seats: int) -> str:
    """One trick of a single suit: the winner holds the highest rank, the others the rest in seat order."""
    rest = iter(ranks[1:])
    return " ".join(ranks[0] + suit if seat == winner else next(rest) + suit for seat in range(num_seats))


def spades_tricks(counts: Sequence[int]) -> list[str]:
    """Thirteen four-player Spades tricks in which seat s wins ``counts[s]``, whoever leads first.

    Nine tricks of hearts, diamonds and clubs in which everyone follows suit, then a trick of
    the four twos (its leader leads a heart; the holder of the two of spades trumps it and
    breaks spades), then three tricks of spades.
    """
    if sum(counts) != 13 or len(counts) != 4:
        raise ValueError(f"{counts} is not 13 tricks for four seats")
    if max(counts) == 13:
        return _one_seat_wins_all(counts.index(13))
    winners = [seat for seat in range(4) for _ in range(counts[seat])]
    takers = [seat for seat in range(4) if counts[seat]]
    ninth, tenth = takers[0], takers[1]
    winners.remove(ninth)
    winners.remove(tenth)
    order = winners[:8] + [ninth, tenth] + winners[8:]
    groups = ("AKQJ", "T987", "6543")
    tricks = [_suit_trick(suit, groups[i], order[3 * s + i], 4) for s, suit in enumerate("HDC") for i in range(3)]
    twos = ["2H"] * 4
    twos[tenth] = "2S"
    others = iter(["2D", "2C"])
    for seat in range(4):
        if seat not in (ninth, tenth):
            twos[seat] = next(others)
    tricks.append(" ".join(twos))
    tricks += [_suit_trick("S", groups[i], order[10 + i], 4) for i in range(3)]
    return tricks


def _one_seat_wins_all(winner: int) -> list[str]:
    suits = iter("HDC")
    suit_of = {seat: ("S" if seat == winner else next(suits)) for seat in range(4)}
    return [" ".join(RANKS[12 - i] + suit_of[seat] for seat in range(4)) for i in range(13)]


def two_player_tricks(counts: Sequence[int]) -> list[str]:
    """Thirteen two-player tricks (no spades; the follower always follows suit) won ``counts[s]`` by seat s."""
    if sum(counts) != 13 or len(counts) != 2:
        raise ValueError(f"{counts} is not 13 tricks for two seats")
    winners = [seat for seat in range(2) for _ in range(counts[seat])]
    pairs = [(suit, RANKS[12 - 2 * i] + RANKS[11 - 2 * i]) for suit in "HDC" for i in range(6)]
    return [_suit_trick(suit, ranks, winner, 2) for (suit, ranks), winner in zip(pairs, winners, strict=False)]


def spades_deal(counts: Sequence[int]) -> list[list[Card]]:
    """The four hands of ``spades_tricks(counts)``."""
    return hands_from_tricks(spades_tricks(counts), 4)


def two_player_deal(counts: Sequence[int]) -> list[list[Card]]:
    """The two hands of ``two_player_tricks(counts)``."""
    return hands_from_tricks(two_player_tricks(counts), 2)


def complete_deal(fixed: Sequence[str], size: int = 13, voids: Mapping[int, str] | None = None) -> list[list[Card]]:
    """Hands that hold the ``fixed`` cards (a string per seat), filled up to ``size`` from the rest
    of the deck, low cards first, never giving a seat a suit it must be void in (``voids``: seat -> suits).
    """
    voids = voids or {}
    hands = [cards(text) for text in fixed]
    used = {one for hand in hands for one in hand}
    pool = sorted((Card.parse(name) for name in _all_names() if Card.parse(name) not in used),
                  key=lambda c: (c.rank, c.suit))
    for seat in sorted(range(len(hands)), key=lambda s: -len(voids.get(s, ""))):  # the most constrained first
        for one in list(pool):
            if len(hands[seat]) < size and str(one)[1] not in voids.get(seat, ""):
                hands[seat].append(one)
                pool.remove(one)
    if any(len(hand) != size for hand in hands):
        raise ValueError("these voids leave a hand short")
    return hands


def _all_names() -> list[str]:
    return [rank + suit for rank in RANKS for suit in "SHDC"]


def swap_back(hands: Hands, a: int, b: int, a_receives: str, b_receives: str) -> list[list[Card]]:
    """The deal before a Double Nil exchange that leaves ``hands``: ``a`` will give ``b_receives``
    to ``b`` and receive ``a_receives`` from him.
    """
    out = [list(hand) for hand in hands]
    to_a, to_b = cards(a_receives), cards(b_receives)
    if not (set(to_a) <= set(out[a]) and set(to_b) <= set(out[b])):
        raise ValueError("each seat must end with the cards it receives")
    out[a] = [c for c in out[a] if c not in to_a] + to_b
    out[b] = [c for c in out[b] if c not in to_b] + to_a
    return out


def refusal(game: TrickGame, action: Action) -> str:
    """Apply an action the rules refuse: check it raises IllegalAction, changes nothing, and return why."""
    before = snapshot(game)
    reason = game.why_illegal(action)
    try:
        game.apply(action)
    except IllegalAction as error:
        assert str(error) == reason
        assert snapshot(game) == before
        return str(error)
    raise AssertionError(f"{action} was accepted")


def visible_cards(value: Any, skip: tuple[str, ...] = ()) -> set[Card]:
    """Every Card reachable from a view (its fields, lists, tuples, dicts, actions), but for ``skip`` fields."""
    found: set[Card] = set()
    stack = [getattr(value, name) for name in value.__dataclass_fields__ if name not in skip] if skip else [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _PLAIN:
            continue
        if kind is Card:
            found.add(item)
        elif kind in (list, tuple, set, frozenset):
            stack.extend(item)
        elif kind is dict:
            stack.extend(item)
            stack.extend(item.values())
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in item.__dataclass_fields__)
        elif isinstance(item, (int, tuple, list)):  # other ints (an IntEnum), NamedTuples, list subclasses
            stack.extend(item) if not isinstance(item, int) else None
    return found


def random_action(game: TrickGame, rng: Any) -> Action:
    """A random legal action; Pitch players pass seven times in ten when they may (so games end)."""
    actions = game.legal_actions()
    if game.kind == "pitch" and game.phase is Phase.BIDDING and rng.random() < 0.7:
        passes = [action for action in actions if getattr(action, "value", None) == "pass"]
        if passes:
            return passes[0]
    return rng.choice(actions)


def play_randomly(game: TrickGame, rng: Any, actions: int | None = None, hands: int | None = None) -> TrickGame:
    """Apply random legal actions until the game ends, ``actions`` have been applied or ``hands`` are scored."""
    done = 0
    while game.phase not in (Phase.GAME_OVER, Phase.HAND_OVER) and (actions is None or done < actions):
        if hands is not None and len(game.results) >= hands:
            break
        game.apply(random_action(game, rng))
        done += 1
    return game
