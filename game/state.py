"""What all three games share: seats, sides, tricks, phases, views and the apply loop."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Self, cast

from game.actions import Action, BidValue, IllegalAction, Look, Play
from game.cards import DECK, JOKER_DECK, SUIT_MASKS, SUIT_NAMES, Card, cards_of
from game.chance import Chance
from game.events import CARD_PLAYED, GAME_OVER, HAND_SCORED, LOOKED, TRICK_WON, Event
from game.facts import GameFacts
from game.history import DECK_ORDER, SAMPLE, SEAT, ChanceOutcome, Entry
from game.options import GameOptions
from game.playout import draw_seed
from game.playout import random_playout as playout


class Phase(Enum):
    """Where a game stands."""

    DRAWING = "drawing"
    REDRAW = "redraw"
    BIDDING = "bidding"
    EXCHANGE = "exchange"
    NAMING_TRUMP = "naming_trump"  # Ten-point Pitch: the pitcher names trump after the bidding
    DISCARDING = "discarding"  # Ten-point Pitch's draw: a seat chooses cards to put down
    PLAYING = "playing"
    HAND_OVER = "hand_over"  # only with stop_at_hand_end: the hand is scored, nothing more happens
    GAME_OVER = "game_over"


def _random_bit(mask: int, rand: Callable[[], float]) -> int:
    """The index of a uniformly chosen set bit of a non-empty mask."""
    pick = int(rand() * mask.bit_count())
    while pick:
        mask &= mask - 1
        pick -= 1
    return (mask & -mask).bit_length() - 1


SPADE_CARDS = SUIT_MASKS[0]


def trick_winner(plays: Sequence[tuple[int, Card]], trump: int | None, suit_of: Sequence[int] | None = None,
                 power: Sequence[int] | None = None) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led.

    A house rule may move cards between suits and reorder them (the jokers are the top spades,
    the off-jack a trump between the jack and the ten): then ``suit_of`` gives each card's suit
    and ``power`` its order within it (by card number otherwise).
    """
    if suit_of is not None:
        return _ranked_winner(plays, trump, suit_of, power)
    best_seat, best = plays[0]
    led = best & 3
    best_is_trump = led == trump
    for seat, card in plays[1:]:
        suit = card & 3
        if suit == trump:
            if not best_is_trump or card > best:
                best_seat, best, best_is_trump = seat, card, True
        elif suit == led and not best_is_trump and card > best:
            best_seat, best = seat, card
    return best_seat


def _ranked_winner(plays: Sequence[tuple[int, Card]], trump: int | None, suit_of: Sequence[int],
                   power: Sequence[int] | None) -> int:
    """trick_winner() with each card's suit from ``suit_of`` and order from ``power``."""
    def key(card: int) -> int:
        return power[card] if power is not None else card

    best_seat, best = plays[0]
    led = suit_of[best]
    best_is_trump = led == trump
    for seat, card in plays[1:]:
        suit = suit_of[card]
        if suit == trump:
            if not best_is_trump or key(card) > key(best):
                best_seat, best, best_is_trump = seat, card, True
        elif suit == led and not best_is_trump and key(card) > key(best):
            best_seat, best = seat, card
    return best_seat


# One Play object per (seat, card), jokers included, shared: legal_actions() is on the hot path.
PLAYS: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(s, c) for c in JOKER_DECK) for s in range(7))


@dataclass(frozen=True)
class HandResult:
    """A finished hand's outcome: per-side points breakdowns, totals and bags after it."""

    points: Sequence[Mapping[str, Any]]
    scores: Sequence[int]
    bags: Sequence[int]
    pitcher: int | None = None
    bid: int | None = None


Trick = tuple[int, tuple[tuple[int, Card], ...], int]  # (leader, plays in order as (seat, card), winner)
LoggedTrick = tuple[int, list[tuple[int, Card]], int]  # the same in the game's trick log


def frozen_result(result: HandResult) -> HandResult:
    """A read-only copy of a hand's result that shares nothing with the game (tuples, read-only mappings)."""
    return HandResult(tuple(MappingProxyType(dict(p)) for p in result.points), tuple(result.scores),
                      tuple(result.bags), result.pitcher, result.bid)


@dataclass
class HandLog:
    """What one hand left behind, common to every game: the bids in the order made, its tricks, its result.

    Each game extends it with its own part (the deal, Double Nil seats, exchanges...). ``tricks``
    and ``result`` are filled when the hand is scored. copy() is the clone's copy: every list
    field is copied one level deep, everything else is shared.
    """

    bids: list[tuple[int, BidValue]] = field(default_factory=list)
    tricks: list[LoggedTrick] = field(default_factory=list)
    result: HandResult | None = None

    def start(self) -> tuple[object, ...]:
        """How the hand began: the seat that dealt (or drew first) and the cards dealt (or the stock)."""
        raise NotImplementedError

    def copy(self) -> Self:
        """A copy whose list fields are new lists (their items are shared)."""
        new = object.__new__(type(self))
        new.__dict__ = {key: value[:] if type(value) is list else value for key, value in self.__dict__.items()}
        return new


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: its own cards (once looked), everything public, never others' hands.

    Every field is immutable (tuples) and shares nothing mutable with the game.
    """

    kind: str
    seat: int
    num_seats: int
    teams: tuple[tuple[int, ...], ...]
    phase: Phase
    to_act: int | None
    dealer: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    looked: tuple[bool, ...]
    bids: tuple[BidValue | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    spades_broken: bool
    trump: int | None
    pitcher: int | None
    high_bid: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    drawn_card: Card | None
    stock_size: int
    legal: tuple[Action, ...]
    hand_number: int
    winner: int | None
    options: Any
    blind: tuple[int, ...]
    exchange_cards: int
    played: tuple[Card, ...]
    facts: GameFacts  # the game's fixed facts (the registry's, shared by every view of the game)
    results: tuple[HandResult, ...] = ()
    tricks: tuple[Trick, ...] = ()
    bid_order: tuple[tuple[int, BidValue], ...] = ()
    exchange_given: tuple[Card, ...] = ()
    exchange_received: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    redraw_thrown: tuple[Card, ...] = ()
    redraw_drawn: tuple[Card, ...] = ()
    discard_size: int = 0
    redraw_counts: tuple[int | None, ...] = ()
    part: Any = None  # the game's own view part, a frozen value of its package (Ten-point Pitch: TenPointView)


class TrickGame:
    """The shared machinery of a trick-taking game; subclasses add dealing, bidding and scoring."""

    kind = ""  # the game's name (its facts' name)
    facts: GameFacts  # set by each game's class
    log: HandLog  # this hand's log (the last of ``hand_logs``)

    def __init__(self, options: GameOptions, num_seats: int, teams: list[list[int]], seed: int | None,
                 chance: Chance | None = None) -> None:
        self.options: Any = options  # each game's class narrows it (options: SpadesOptions...)
        self.num_seats = num_seats
        self.teams = teams
        self.seed = seed
        self.chance = chance or Chance(seed)
        self._side = [0] * num_seats
        for index, team in enumerate(teams):
            for seat in team:
                self._side[seat] = index
        self.scores = [0] * len(teams)
        self.bags = [0] * len(teams)
        self.results: list[HandResult] = []
        self.hand_logs: list[HandLog] = []
        self.winner: int | None = None
        self.hand_number = 0
        # False once random_playout() played cards that no history lists; a search may set it False
        # to skip noting its moves (the history then raises ValueError: it would be incomplete).
        self.keeps_history = True
        # The history (game/history.py): finished hands' entries as a tuple (shared by clones), and
        # this hand's as a list, shared with clones until either game adds to it (copy on write).
        self._history_done: tuple[Entry, ...] = ()
        self._history: list[Entry] = []
        self._history_shared = False
        self.dealer = self.chance.pick_seat(num_seats)
        self._note(ChanceOutcome(SEAT, self.dealer))
        self.phase = Phase.BIDDING
        self.to_act: int | None = None
        self._offered: Sequence[Action] = ()  # what legal_actions() last returned
        self.trump: int | None = None
        self.stop_at_hand_end = False  # True: a finished hand is scored, then Phase.HAND_OVER (no deal)
        self._frozen_results: list[HandResult] = []  # the view's copies of ``results``
        # A house rule that moves cards between suits or reorders them sets these (trick_winner()).
        self.suit_of: Sequence[int] | None = None
        self.power: Sequence[int] | None = None

    # ----- copies
    # Attributes holding lists or dicts that change in place while a hand is played; clone() copies them.
    _MUTABLE_LISTS: tuple[str, ...] = ("scores", "bags", "results", "_frozen_results", "hands", "looked", "bids",
                                       "tricks_won", "won_cards", "trick", "trick_log")

    def clone(self) -> TrickGame:
        """An independent copy: applying actions to it never changes this game, nor the reverse.

        Finished hands' logs and results are shared (nothing changes them); the current hand's
        log is copied, and the chance generator is copied too (same future outcomes). The history
        is shared until either game adds an entry; then this hand's part of it is copied.
        """
        new = object.__new__(type(self))
        self._history_shared = True  # copied by whichever game adds to it first
        state = self.__dict__.copy()
        for name in self._MUTABLE_LISTS:
            state[name] = state[name][:]
        log = self.log.copy()
        state["log"] = log
        logs = state["hand_logs"] = self.hand_logs[:]
        logs[-1] = log
        state["chance"] = self.chance.clone()
        state["_offered"] = ()
        self._copy_extra(state)
        new.__dict__ = state
        return new

    def _copy_extra(self, state: dict[str, Any]) -> None:
        """Copy the subclass's own mutable attributes into ``state`` (clone() hook)."""

    # ----- the history (game/history.py)
    @property
    def history(self) -> tuple[Entry, ...]:
        """Every action applied and every chance outcome, in order (raises ValueError when not kept)."""
        if not self.keeps_history:
            raise ValueError("This game's history was not kept (random_playout() played its cards, "
                             "or a search turned keeps_history off).")
        return self._history_done + tuple(self._history)

    def _note(self, entry: Entry) -> None:
        """Add an entry to the history (taking a private copy first if a clone shares it)."""
        if not self.keeps_history:
            return
        if self._history_shared:
            self._history = self._history[:]
            self._history_shared = False
        self._history.append(entry)

    def _shuffled_deck(self, used: int = len(DECK),
                       transform: Callable[[list[Card]], list[Card]] | None = None,
                       cards: Sequence[Card] = DECK) -> list[Card]:
        """A new hand's shuffled deck (the 52 cards, or ``cards``), from chance, noted in the history.

        Only the top ``used`` cards come into play; the rest are set aside unseen, in deck order
        (their order is no outcome anyone sees, and a record, which gives the deal, cannot say it).
        ``transform`` (a house rule's deck: jokers in, the 2\u2663 out) changes the shuffled deck
        before it is noted; it must leave a deck it made unchanged (a replay forces that deck).
        """
        deck = self.chance.shuffled_deck(cards)
        if transform is not None:
            deck = transform(deck)
        if used < len(deck):
            deck[used:] = sorted(deck[used:])
        self._history_done += tuple(self._history)  # the hand before is over: its entries never change
        self._history, self._history_shared = [], False
        self._note(ChanceOutcome(DECK_ORDER, tuple(deck)))
        return deck

    def _sample(self, pool: list[Card], count: int) -> list[Card]:
        """``count`` cards drawn at random from ``pool``, noted in the history."""
        cards = self.chance.sample(pool, count)
        self._note(ChanceOutcome(SAMPLE, tuple(cards)))
        return cards

    # ----- seats and sides
    def side_of(self, seat: int) -> int:
        """The index in ``teams`` of this seat's side."""
        return self._side[seat]

    def partner(self, seat: int) -> int | None:
        """The seat's partner, or None when it plays alone."""
        team = self.teams[self._side[seat]]
        return next((s for s in team if s != seat), None) if len(team) > 1 else None

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat``."""
        return (seat + 1) % self.num_seats

    # ----- a new hand
    def _start_hand_state(self, log: HandLog) -> None:
        """Reset everything that lives for one hand; ``log`` (the game's own kind, empty) becomes its log."""
        n = self.num_seats
        self.hand_number += 1
        self.hands = [0] * n
        self.looked = [True] * n
        self.bids: list[BidValue | None] = [None] * n
        self.tricks_won = [0] * n
        self.won_cards = [0] * len(self.teams)
        self.trick: list[tuple[int, Card]] = []
        self.led_suit = -1
        self.leader: int | None = None
        self.last_trick: list[tuple[int, Card]] = []
        self.last_winner: int | None = None
        self.played = 0
        self.spades_broken = False
        self.trick_log: list[LoggedTrick] = []
        self.log = log
        self.hand_logs.append(log)

    # ----- the public API
    def legal_actions(self) -> list[Action]:
        """Every action ``to_act`` may take now (the single source of truth)."""
        offered: list[Action]
        if self.phase is Phase.PLAYING:
            seat = self.to_act
            assert seat is not None
            row = PLAYS[seat]
            mask = self.legal_mask()
            offered = []
            while mask:
                low = mask & -mask
                offered.append(row[low.bit_length() - 1])
                mask ^= low
        elif self.phase is Phase.GAME_OVER or self.phase is Phase.HAND_OVER:
            offered = []
        else:
            offered = self._legal_other()
        self._offered = offered
        return list(offered)

    def why_illegal(self, action: Action) -> str | None:
        """None when ``action`` is legal now, otherwise the reason in plain words."""
        if self.phase is Phase.GAME_OVER:
            return "The game is over."
        if self.phase is Phase.HAND_OVER:
            return "The hand is over."
        seat = getattr(action, "seat", None)
        if type(seat) is not int or not 0 <= seat < self.num_seats:  # bool is no seat either
            return f"There is no seat {seat!r}."
        if isinstance(action, Look):
            if self.looked[seat]:
                return "You have already looked at your cards."
            return self._why_not_look(seat)
        if seat != self.to_act:
            return f"It is not seat {seat}'s turn (seat {self.to_act} is to act)."
        if isinstance(action, Play):
            if self.phase is not Phase.PLAYING:
                return "It is not time to play a card."
            return self._why_not_play(action.card)
        return self._why_not_other(action)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused; refuse anything else unchanged."""
        if not self._was_offered(action):
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
        self._offered = ()
        self._note(action)
        events: list[Event] = []
        if isinstance(action, Play):
            self._play_card(action.seat, action.card, events)
        elif isinstance(action, Look):
            self._look(action.seat, events)
        else:
            self._apply_other(action, events)
        return events

    def _was_offered(self, action: Action) -> bool:
        """Whether ``action`` is one of the very objects the last legal_actions() offered.

        Every change of state goes through apply(), play_fast() or random_playout(), which
        forget the offer, so such an action needs no second check.
        """
        for offered in self._offered:
            if offered is action:
                return True
        return False

    def play_fast(self, card: int) -> None:
        """Play a card for ``to_act`` with no checks and no events (for search and benchmarks)."""
        self._offered = ()
        seat = self.to_act
        assert seat is not None
        self._note(PLAYS[seat][card])
        self._play_card(seat, JOKER_DECK[card], None)

    def random_playout(self, rand: Callable[[], float]) -> None:
        """Play the rest of the hand with uniformly random legal cards, then score it (no events).

        The hot path of searching computer players and of the benchmark (see game/playout.py):
        ``rand`` finishes the trick in progress and seeds the kernel that plays the rest. The
        kernel's cards are not noted one by one: the game no longer keeps a history.
        """
        self._offered = ()
        self.keeps_history = False
        while self.phase is Phase.PLAYING and (self.trick or self.trump is None or not self.kernel_plays()):
            seat = self.to_act
            assert seat is not None
            self._play_card(seat, JOKER_DECK[_random_bit(self.legal_mask(), rand)], None)
        if self.phase is not Phase.PLAYING:
            return
        leader, trump = self.to_act, self.trump
        assert leader is not None and trump is not None
        hands, spades_rule = self.hands, self.facts.trump_must_break
        log, tricks, won = playout(hands, leader, trump, spades_rule, self.spades_broken, draw_seed(rand))
        cards = 0
        side, won_cards, tricks_won = self._side, self.won_cards, self.tricks_won
        for seat in range(self.num_seats):
            cards |= hands[seat]
            hands[seat] = 0
            tricks_won[seat] += tricks[seat]
            won_cards[side[seat]] |= won[seat]
        self.played |= cards
        if spades_rule and cards & SPADE_CARDS:
            self.spades_broken = True
        self.trick_log += cast("list[LoggedTrick]", log)  # the kernel's cards are the DECK's Cards
        self.leader, self.last_trick, self.last_winner = self.trick_log[-1]
        self.led_suit = self.last_trick[0][1] & 3
        self.to_act = self.last_winner
        self._finish_hand(None)

    def kernel_plays(self) -> bool:
        """Whether the playout kernel (game/playout.py) may play the rest of this hand: the standard
        cards and rules. A house rule that changes them returns False, and the hand is played out
        here, card by card, with legal_mask()."""
        return self.suit_of is None

    def solver_plays(self) -> bool:
        """Whether the endgame solver (game/ai/solver.py) may search the rest of this hand: the standard
        cards and trick play, or trick play whose only changes are that spades may be led from the first
        trick (``spades_led_any_time``: the solver starts with spades broken) or the jokers as the top spades."""
        return self.kernel_plays()

    @property
    def spades_led_any_time(self) -> bool:
        """Whether a house rule lets spades be led before they are broken (False: the standard rule)."""
        return False

    def winner_of(self, plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
        """The winner of a complete trick of this hand under this game's rules (the records use it)."""
        return trick_winner(plays, trump, self.suit_of, self.power)

    # ----- looking
    def _why_not_look(self, seat: int) -> str | None:
        return None

    def _look(self, seat: int, events: list[Event]) -> None:
        self.looked[seat] = True
        events.append(Event(LOOKED, seat))

    # ----- trick play
    def legal_mask(self) -> int:
        """The cards ``to_act`` may play, as a bitmask (playing phase only)."""
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        if self.trick:
            return self.follow_mask(hand, self.led_suit, self.trump)
        return self.lead_mask(hand, self.spades_broken)

    @staticmethod
    def lead_mask(hand: int, spades_broken: bool) -> int:
        """The cards of ``hand`` that may lead a trick."""
        raise NotImplementedError

    @staticmethod
    def follow_mask(hand: int, led: int, trump: int | None) -> int:
        """The cards of ``hand`` that may be played to a trick whose led suit is ``led``."""
        raise NotImplementedError

    def _why_not_play(self, card: Card) -> str | None:
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(JOKER_DECK):
            return f"{card!r} is not a card."
        if not hand >> card & 1:
            return f"You do not hold the {JOKER_DECK[card].name()}."
        if self.legal_mask() >> card & 1:
            return None
        return self._play_refusal(JOKER_DECK[card])

    def _play_refusal(self, card: Card) -> str:
        """Why a card in hand may not be played now (the subclass knows its rules)."""
        return f"You must follow suit ({SUIT_NAMES[self.led_suit]})."

    def _on_card(self, seat: int, card: int, events: list[Event] | None) -> None:
        """A card was just played (trump set, spades broken...): subclass hook."""

    def _play_card(self, seat: int, card: Card, events: list[Event] | None) -> None:
        self.hands[seat] ^= 1 << card
        self.played |= 1 << card
        trick = self.trick
        if not trick:
            self.led_suit = card & 3 if self.suit_of is None else self.suit_of[card]
            self.leader = seat
        self._on_card(seat, card, events)
        trick.append((seat, card))
        if events is not None:
            events.append(Event(CARD_PLAYED, seat, card))
        if len(trick) < self.num_seats:
            self.to_act = (seat + 1) % self.num_seats
            return
        winner = self._trick_winner()
        self.tricks_won[winner] += 1
        side = self._side[winner]
        for _, played in trick:
            self.won_cards[side] |= 1 << played
        self.trick_log.append((trick[0][0], trick, winner))  # the first to play led
        self.last_trick = trick
        self.last_winner = winner
        self.trick = []
        self.leader = winner
        self.to_act = winner
        if events is not None:
            events.append(Event(TRICK_WON, winner, cards=tuple(c for _, c in trick)))
        if not self.hands[winner]:
            self._finish_hand(events)

    def _trick_winner(self) -> int:
        return trick_winner(self.trick, self.trump, self.suit_of, self.power)

    # ----- the end of a hand
    def _finish_hand(self, events: list[Event] | None) -> None:
        """Score the hand, log it, then end the game or deal the next hand (or stop: stop_at_hand_end)."""
        result = self._score_hand()
        self.results.append(result)
        self._frozen_results.append(frozen_result(result))
        self.log.tricks = self.trick_log
        self.log.result = result
        if events is not None:
            events.append(Event(HAND_SCORED, data={"points": result.points, "scores": result.scores,
                                                   "bags": result.bags, "hand": self.hand_number}))
        if self.stop_at_hand_end:
            self.phase = Phase.HAND_OVER
            self.to_act = None
            return
        winner = self._game_winner(result)
        if winner is not None:
            self.winner = winner
            self.phase = Phase.GAME_OVER
            self.to_act = None
            if events is not None:
                events.append(Event(GAME_OVER, value=winner))
            return
        self._rotate()
        self._deal(events)

    def next_hand(self) -> list[Event]:
        """From Phase.HAND_OVER, deal the next hand; the game's end is not decided (benchmarks, searches)."""
        if self.phase is not Phase.HAND_OVER:
            raise IllegalAction("The hand is not over.")
        events: list[Event] = []
        self._rotate()
        self._deal(events)
        return events

    def _score_hand(self) -> HandResult:
        raise NotImplementedError

    def _game_winner(self, result: HandResult) -> int | None:
        raise NotImplementedError

    def _rotate(self) -> None:
        self.dealer = self.next_seat(self.dealer)

    def _deal(self, events: list[Event] | None) -> None:
        raise NotImplementedError

    def _legal_other(self) -> list[Action]:
        raise NotImplementedError

    def _why_not_other(self, action: Action) -> str | None:
        raise NotImplementedError

    def _apply_other(self, action: Action, events: list[Event]) -> None:
        raise NotImplementedError

    # ----- views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (a frozen copy: changing it never changes the game)."""
        tricks = tuple((lead, tuple(plays), won) for lead, plays, won in self.trick_log)
        return SeatView(
            kind=self.kind, seat=seat, num_seats=self.num_seats, teams=tuple(map(tuple, self.teams)),
            phase=self.phase, to_act=self.to_act, dealer=self.dealer,
            hand=tuple(cards_of(self.hands[seat])) if self.looked[seat] else None,
            hand_sizes=tuple(h.bit_count() for h in self.hands), looked=tuple(self.looked),
            bids=tuple(self.bids), tricks_won=tuple(self.tricks_won), trick=tuple(self.trick),
            leader=self.leader, last_trick=tuple(self.last_trick), last_winner=self.last_winner,
            spades_broken=self.spades_broken, trump=self.trump, pitcher=self._pitcher(),
            high_bid=self._high_bid(), scores=tuple(self.scores), bags=tuple(self.bags),
            drawn_card=self._drawn_card_for(seat), stock_size=self._stock_size(),
            legal=tuple(self.legal_actions()) if seat == self.to_act else (),
            hand_number=self.hand_number, winner=self.winner, options=self.options,
            blind=tuple(self._blind_seats()), exchange_cards=self._exchange_size(seat),
            played=tuple(cards_of(self.played)), facts=self.facts, results=tuple(self._frozen_results),
            tricks=tricks, bid_order=self._bid_order(), redraw_counts=self._redraw_counts(),
            **self._private_view(seat),
        )

    def _bid_order(self) -> tuple[tuple[int, BidValue], ...]:
        """This hand's bids in the order made."""
        return tuple(self.log.bids)

    def _redraw_counts(self) -> tuple[int | None, ...]:
        """Per seat, how many cards it replaced in a Double Nil redraw (public); empty when the game has none."""
        return ()

    def _private_view(self, seat: int) -> dict[str, Any]:
        """The subclass's view fields that only ``seat`` sees (exchange, discards, redraw)."""
        return {}

    def _pitcher(self) -> int | None:
        return None

    def _high_bid(self) -> int:
        return 0

    def _drawn_card_for(self, seat: int) -> Card | None:
        return None

    def _stock_size(self) -> int:
        return 0

    def _blind_seats(self) -> list[int]:
        return []

    def _exchange_size(self, seat: int) -> int:
        return 0

    # ----- helpers for subclasses
    @staticmethod
    def _kind_error(action: Action, expected: str) -> str:
        return f"It is time to {expected}, not to {type(action).__name__.lower()}."

