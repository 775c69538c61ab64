"""An exact endgame solver: the rest of a hand with every hand known (one sampled world).

``EndgameSolver(world, seat)`` searches every way the rest of the hand can be played from a
world in its playing phase (trump named) and values each outcome as the **hand's score** for
``seat``'s side, by the engine's own scoring (the world's ``_score_hand`` on a copy, so every
scoring rule of the game and its options applies): the contract made or set, Nil and Double
Nil, bags (each bag added to the side's count costs ``bag_cost`` points on top of what the hand
scores: 0 is the hand's score alone, the 10-bag penalty counted when this hand crosses it; 10
prices every bag at its share of a future penalty), Pitch's High, Low, Jack, Game and set back.
The value is the side's points minus the other sides' (their mean when there are more than two;
then the other seats are taken to play against this side: a paranoid search), or ``leaf``'s value of
the finished hand when given (the hard level's game value: game/ai/gamevalue.py).

With the jokers (house rule S7) the Big Joker is searched under the rollout kernel's number (56: a spade
above the Little Joker, 52), and the values are given by the world's numbers.

The search: alpha-beta with a transposition table at trick boundaries (its key: the hands, the
seat to lead, whether trump is broken and the part of the past that the score still depends
on), equivalent cards merged (cards of one suit held by the seat to play, with no card left in
play between them, and neither carrying points of their own: one move), moves ordered by the
table's best move, the rollout policy's card (two seats) and cheap rules (win cheaply or play
low), and quick bounds: Spades, the best and worst scores any share of the tricks left could
give; Pitch, the hand is decided once the high, low and jack are won and no share of the Game
points left can change who has Game.

Work is counted in nodes (cards tried); ``node_limit`` stops a search that would cost more
(``SolverBudgetExceeded``), so a caller can fall back on its rollouts with the same result on a
busy machine as on a quiet one. The solver never decides a real seat's card on its own: it is
given a world, which a computer player samples from its own view (game/worlds.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import product
from typing import Any

from game.ai.rollout import (
    KERNEL_TOP,
    engine_hand,
    game_points,
    kernel_card,
    kernel_hand,
    pitch_pick,
    pitch_table_for,
    spades_pick,
    spades_table_for,
)
from game.ai.rollout import SUIT as KERNEL_SUIT
from game.cards import SUIT_MASKS
from game.state import Phase, TrickGame

SUIT = SUIT_MASKS
FULL = (1 << 52) - 1
# the cards of one suit strictly between two of its cards, by the solver's numbers (the jokers among the spades,
# the Big Joker as the rollout kernel numbers it): BETWEEN[low * KERNEL_TOP + high]
BETWEEN = [KERNEL_SUIT[low & 3] & ((1 << high) - 1) & ~((2 << low) - 1)
           for low in range(KERNEL_TOP) for high in range(KERNEL_TOP)]
POINT_RANKS = sum(1 << (rank * 4 + suit) for rank in range(8, 13) for suit in range(4))  # T J Q K A
INF = float("inf")


class SolverBudgetExceeded(Exception):
    """The search needed more nodes than its ``node_limit``."""


class SolverUnsupported(ValueError):
    """The world is not one this solver handles (not in play, trump not named, cards beyond the 52)."""


def supports(world: TrickGame) -> bool:
    """Whether ``solve`` can search this world: its playing phase, trump named, the standard cards and trick
    play (the rules' ``solver_plays``: spades led any time and the jokers too; house rules of scoring apply as
    the rules score)."""
    if world.phase is not Phase.PLAYING or world.trump is None or world.to_act is None:
        return False
    if not world.solver_plays():  # a house rule changes the cards or the play (off-jack, 17 cards...)
        return False
    return bool(getattr(world.options, "jokers", False)) or all(hand >> 52 == 0 for hand in world.hands)


def cards_left(world: TrickGame) -> int:
    """The cards still to be played this hand, in every hand together."""
    return sum(hand.bit_count() for hand in world.hands)


class EndgameSolver:
    """The exact value of the rest of one world's hand for one seat's side (see the module docstring)."""

    def __init__(self, world: TrickGame, seat: int, bag_cost: float = 0.0, node_limit: int | None = None,
                 merge: bool = True, bounds: bool = True, policy: bool | None = None,
                 leaf: Callable[[list[float], list[int]], float] | None = None) -> None:
        if not supports(world):
            raise SolverUnsupported("the solver needs a world in play with trump named and the 52 cards only")
        self.world = world
        self.n = n = world.num_seats
        self.side = [world.side_of(q) for q in range(n)]
        self.sides = len(world.teams)
        self.root_side = self.side[seat]
        self.bag_cost = bag_cost
        self.leaf = leaf  # a finished hand's value from the rules' totals and the bag counts after (else the margin)
        self.node_limit = node_limit
        self._limit = node_limit if node_limit is not None else 1 << 62
        self.merge = merge
        # the rollout policy's card first: it pays with two seats (fewer nodes), not with four (each call costs more
        # than the nodes it saves: bench figures, 16 to 24 cards left)
        policy = world.num_seats == 2 if policy is None else policy
        self.policy = policy
        self.nodes = 0
        self.by_cards = bool(world.facts.auction)  # Pitch: the score hangs on the cards each side won
        self.must_break = bool(world.facts.trump_must_break)
        trump = world.trump
        assert trump is not None
        self.trump = trump
        self.lead_mask = world.lead_mask
        self.follow_mask = world.follow_mask
        # house rule S7: the jokers are the top spades; the Big Joker is searched as the rollout kernel numbers it
        self.jokers = bool(getattr(world.options, "jokers", False))
        if self.jokers:
            self.follow_mask = _follow_with_jokers
        self.hands = [kernel_hand(hand) for hand in world.hands]  # the world's numbers but for the Big Joker
        self.broken = bool(getattr(world, "spades_broken", False)) or world.spades_led_any_time
        self.tt: dict[Any, tuple[float, float, int]] = {}
        self.leaves: dict[Any, float] = {}
        self._scorer = world.clone()
        self._scorer.stop_at_hand_end = True
        # cards that never merge with a neighbour: Pitch's point cards and every trump
        self.distinct = (POINT_RANKS | SUIT[trump]) if self.by_cards else 0
        # the past the score depends on
        if self.by_cards:
            self.key_cards = POINT_RANKS | SUIT[trump]
            self.won = [mask & self.key_cards for mask in world.won_cards]
            self.low_to_player = getattr(world.options, "low", "") == "player"
            trumps = getattr(world, "in_play", FULL) & SUIT[trump]
            self.low_card = (trumps & -trumps).bit_length() - 1 if trumps else -1
            self.low_side = -1
            # the seat that holds the low trump still (it leaves that hand in the solver's tricks)
            self.low_holder = next((q for q in range(n) if self.low_card >= 0 and world.hands[q] >> self.low_card & 1),
                                   -1)
            for _, plays, _ in world.trick_log:
                for q, card in plays:
                    if card == self.low_card:
                        self.low_side = self.side[q]
            for q, card in world.trick:
                if card == self.low_card:
                    self.low_side = self.side[q]
            self.bounds = bounds
            self.point_cards = POINT_RANKS & getattr(world, "in_play", FULL)
            specials = getattr(world, "in_play", FULL) & SUIT[trump]
            self.special = 0  # the high, low and jack of trump in play: the points a card carries itself
            if specials:
                self.special = 1 << (specials.bit_length() - 1) | (specials & -specials)
                self.special |= specials & (1 << (9 * 4 + trump))
            self.table: Any = pitch_table_for(world) if policy else None  # type: ignore[arg-type]
        else:
            bids = world.bids
            self.nil = [not isinstance(bids[q], int) for q in range(n)]
            self._counted = [(q, self.side[q]) for q in range(n) if not self.nil[q]]
            self._nil_seats = [q for q in range(n) if self.nil[q]]
            self.tricks = list(world.tricks_won)
            self.bounds = bounds
            self._range: dict[Any, tuple[float, float]] = {}
            self.table = spades_table_for(world) if policy else None
        # the trick in progress
        self.trick_cards = 0
        self.led = self.best = self.best_seat = -1
        self.count = len(world.trick)
        for q, card in world.trick:
            self._note_card(q, kernel_card(card))

    # ----- the state
    def _note_card(self, seat: int, card: int) -> None:
        """Record one card of the trick in progress (the led suit, the best card so far)."""
        self.trick_cards |= 1 << card
        if self.led < 0:
            self.led, self.best, self.best_seat = card & 3, card, seat
        elif self._beats(card, self.best):
            self.best, self.best_seat = card, seat

    def _beats(self, card: int, best: int) -> bool:
        suit = card & 3
        return (suit == best & 3 and card > best) or (suit == self.trump and best & 3 != self.trump)

    def outcome(self) -> tuple[Any, ...]:
        """The part of the hand so far that its score still depends on."""
        if self.by_cards:
            return (tuple(self.won), self.low_side) if self.low_to_player else tuple(self.won)
        tricks = self.tricks
        counted = [0] * self.sides  # each side's number bidders' tricks, then each Nil bidder's
        for q, side in self._counted:
            counted[side] += tricks[q]
        for q in self._nil_seats:
            counted.append(tricks[q])
        return tuple(counted)

    # ----- the value of a finished hand, by the engine's scoring
    def leaf_value(self) -> float:
        """The root side's margin for the finished hand (memoised by outcome)."""
        key = self.outcome()
        value = self.leaves.get(key)
        if value is None:
            value = self._score(self.tricks if not self.by_cards else None)
            self.leaves[key] = value
        return value

    def _score(self, tricks: list[int] | None) -> float:
        game = self._scorer
        base = self.world
        game.scores = list(base.scores)
        game.bags = list(base.bags)
        if tricks is not None:
            game.tricks_won = list(tricks)
        else:
            game.trick_log = self._pitch_log()
        result = game._score_hand()  # noqa: SLF001 - the rules' own scoring of a copy
        if self.leaf is not None:
            return self.leaf([float(row["total"]) for row in result.points], list(result.bags))
        sides = []
        for index, row in enumerate(result.points):
            value = float(row["total"])
            if self.bag_cost:
                value -= self.bag_cost * (result.bags[index] - base.bags[index])
            sides.append(value)
        return margin(sides, self.root_side)

    def _pitch_log(self) -> list[Any]:
        """A trick log that gives each side the cards it won (the low trump played by its side)."""
        rep = [next(q for q in range(self.n) if self.side[q] == s) for s in range(self.sides)]
        log = []
        for s in range(self.sides):
            plays = []
            mask = self.won[s]
            while mask:
                low = mask & -mask
                card = low.bit_length() - 1
                mask ^= low
                player = rep[self.low_side] if card == self.low_card and self.low_side >= 0 else rep[s]
                plays.append((player, card))
            if plays:
                log.append((plays[0][0], plays, rep[s]))
        return log

    # ----- quick bounds (Spades): every share of the tricks left
    def _trick_range(self, left: int, outcome: tuple[Any, ...]) -> tuple[float, float]:
        """The lowest and highest value of the hand over every share of the ``left`` tricks still to play
        (``outcome``: the position's ``outcome()``)."""
        key = (outcome, left)
        found = self._range.get(key)
        if found is not None:
            return found
        low, high = INF, -INF
        base = list(self.tricks)
        for share in _shares(left, self.n):
            tricks = [base[q] + share[q] for q in range(self.n)]
            saved = self.tricks
            self.tricks = tricks
            value = self.leaf_value()
            self.tricks = saved
            low = min(low, value)
            high = max(high, value)
        self._range[key] = (low, high)
        return low, high

    # ----- Pitch: nothing left to play for
    def _decided(self) -> bool:
        """Whether the cards still to play can change nothing: the high, low and jack are won, and
        the side ahead in Game points stays ahead whoever wins the rest."""
        left = 0
        for hand in self.hands:
            left |= hand
        if left & self.special:
            return False
        rest = game_points(left & self.point_cards)
        points = sorted((game_points(w) for w in self.won), reverse=True)
        return rest == 0 or points[0] > points[1] + rest

    def _decided_value(self) -> float:
        """The value of a decided hand: the rest given to the side ahead (it changes nothing)."""
        left = 0
        for hand in self.hands:
            left |= hand
        ahead = max(range(self.sides), key=lambda s: game_points(self.won[s]))
        saved = self.won[ahead]
        self.won[ahead] = saved | (left & self.key_cards)
        value = self.leaf_value()
        self.won[ahead] = saved
        return value

    # ----- the search
    def value(self, alpha: float = -INF, beta: float = INF) -> float:
        """The value of the position (exact when it lies inside the window)."""
        seat = self.world.to_act
        assert seat is not None
        return self._node(seat, alpha, beta)

    def move_values(self, cards: Iterable[int] | None = None) -> dict[int, float]:
        """The exact value of playing each of ``cards`` (default: every legal card) now, by the world's card
        numbers."""
        seat = self.world.to_act
        assert seat is not None
        if cards is None:
            hand = self.hands[seat]
            cards = _bits(engine_hand(self.follow_mask(hand, self.led, self.trump) if self.count
                                      else self.lead_mask(hand, self.broken)))
        out: dict[int, float] = {}
        for card in cards:
            out[card] = self._play(seat, kernel_card(card), -INF, INF)
        return out

    def _moves(self, seat: int, legal: int) -> list[int]:
        """The legal cards worth trying, equivalent ones merged, in a good order."""
        if self.merge:
            in_play = self.trick_cards
            for hand in self.hands:
                in_play |= hand
            distinct = self.distinct
            cards = []
            last = [-1, -1, -1, -1]
            mask = legal
            while mask:  # the legal cards from the lowest, each merged into the one below it when equivalent
                low = mask & -mask
                card = low.bit_length() - 1
                mask ^= low
                suit = card & 3
                prev = last[suit]
                last[suit] = card
                if prev >= 0 and not (distinct >> card & 1 or distinct >> prev & 1) \
                        and in_play & BETWEEN[prev * KERNEL_TOP + card] == 0:
                    continue
                cards.append(card)
        else:
            cards = _bits(legal)
        if len(cards) < 2:
            return cards
        if self.table is not None:
            pick = self._policy_card(seat, legal)
            if pick not in cards:  # merged away: its run's kept card
                pick = max((c for c in cards if c & 3 == pick & 3 and c < pick), default=cards[0])
            cards.remove(pick)
            return [pick, *self._ordered(seat, cards)]
        return self._ordered(seat, cards)

    def _policy_card(self, seat: int, legal: int) -> int:
        """The rollout policy's card here (full information), the first move tried."""
        if self.by_cards:
            return pitch_pick(seat, legal, self.hands, self.count, self.led, self.best, self.best_seat, self.trump,
                              self.trick_cards, self.table)
        return spades_pick(seat, legal, self.hands, self.count, self.led, self.best, self.best_seat, self.tricks,
                           self.table)

    def _ordered(self, seat: int, cards: list[int]) -> list[int]:
        """Cheap rules: win cheaply, else play low; lead high."""
        if len(cards) < 2:
            return cards
        if self.count:
            best = self.best
            mine = self.side[self.best_seat] == self.side[seat]
            if mine:
                return cards  # partner winning: low first
            winners: list[int] = []
            losers: list[int] = []
            for card in cards:
                (winners if self._beats(card, best) else losers).append(card)
            return winners + losers if winners else cards
        return cards[::-1]  # leading: high first

    def _node(self, seat: int, alpha: float, beta: float) -> float:
        hands = self.hands
        hand = hands[seat]
        key: tuple[Any, ...] | None = None
        entry: tuple[float, float, int] | None = None
        if self.count == 0:
            if not hand:
                return self.leaf_value()
            outcome = self.outcome()
            if self.bounds:
                if self.by_cards:
                    if self._decided():
                        return self._decided_value()
                else:
                    low, high = self._trick_range(hand.bit_count(), outcome)
                    if high <= alpha or low == high:
                        return high
                    if low >= beta:
                        return low
            key = (tuple(hands), seat, self.broken, outcome)
            entry = self.tt.get(key)
            first = -1
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha = max(alpha, lo)
                beta = min(beta, hi)
            legal = self.lead_mask(hand, self.broken)
            moves = self._moves(seat, legal)
            if first >= 0 and first in moves and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
        else:
            moves = self._moves(seat, self.follow_mask(hand, self.led, self.trump))
        a0, b0 = alpha, beta
        maximize = self.side[seat] == self.root_side
        value = -INF if maximize else INF
        best_card = moves[0]
        for card in moves:
            found = self._play(seat, card, alpha, beta)
            if maximize:
                if found > value:
                    value, best_card = found, card
                    if found > alpha:
                        alpha = found
            elif found < value:
                value, best_card = found, card
                if found < beta:
                    beta = found
            if alpha >= beta:
                break
        if key is not None:  # a lead: the table keeps the bounds found and the best card
            lo, hi = (entry[0], entry[1]) if entry is not None else (-INF, INF)
            if value <= a0:
                hi = min(hi, value)
            elif value >= b0:
                lo = max(lo, value)
            else:
                lo = hi = value
            self.tt[key] = (lo, hi, best_card)
        return value

    def _play(self, seat: int, card: int, alpha: float, beta: float) -> float:
        """Play ``card`` for ``seat``, search the rest, undo; the value."""
        self.nodes += 1
        if self.nodes > self._limit:
            raise SolverBudgetExceeded(f"more than {self.node_limit} nodes")
        bit = 1 << card
        self.hands[seat] ^= bit
        led, best = self.led, self.best
        saved = (self.trick_cards, led, best, self.best_seat, self.count, self.broken)
        suit = card & 3
        trump = self.trump
        if self.must_break and suit == trump:
            self.broken = True
        self.trick_cards |= bit  # _note_card, inline: this is the search's innermost step
        if led < 0:
            self.led, self.best, self.best_seat = suit, card, seat
        elif (suit == best & 3 and card > best) or (suit == trump and best & 3 != trump):
            self.best, self.best_seat = card, seat
        self.count += 1
        if self.count == self.n:
            winner = self.best_seat
            trick_cards = self.trick_cards
            self.trick_cards, self.led, self.best, self.best_seat, self.count = 0, -1, -1, -1, 0
            if self.by_cards:
                side = self.side[winner]
                won_before = self.won[side]
                low_before = self.low_side
                self.won[side] = won_before | (trick_cards & self.key_cards)
                if self.low_holder >= 0 and trick_cards >> self.low_card & 1:
                    self.low_side = self.side[self.low_holder]
                value = self._node(winner, alpha, beta)
                self.won[side] = won_before
                self.low_side = low_before
            else:
                self.tricks[winner] += 1
                value = self._node(winner, alpha, beta)
                self.tricks[winner] -= 1
        else:
            value = self._node(seat + 1 if seat + 1 < self.n else 0, alpha, beta)
        self.trick_cards, self.led, self.best, self.best_seat, self.count, self.broken = saved
        self.hands[seat] ^= bit
        return value


def solve(world: TrickGame, seat: int, bag_cost: float = 0.0, node_limit: int | None = None) -> float:
    """The exact value of the rest of ``world``'s hand for ``seat``'s side (see ``EndgameSolver``)."""
    return EndgameSolver(world, seat, bag_cost, node_limit).value()


def margin(sides: list[float], side: int) -> float:
    """The side's points minus the others' (their mean when there are more than two sides)."""
    own = sides[side]
    others = len(sides) - 1
    if others == 1:
        return own - sides[1 - side]
    return own - (sum(sides) - own) / others


def _follow_with_jokers(hand: int, led: int, trump: int | None) -> int:
    """Spades with the jokers (house rule S7, the Big Joker by the solver's number): follow suit if able, the
    jokers among the spades, otherwise play anything."""
    return (hand & KERNEL_SUIT[led]) or hand


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _shares(left: int, n: int) -> list[tuple[int, ...]]:
    """Every way to share ``left`` tricks among ``n`` seats."""
    return [share for share in product(range(left + 1), repeat=n) if sum(share) == left]
