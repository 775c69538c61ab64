"""The hard level's rollout policy: the rest of a hand played fast, with full information.

A rollout runs inside a *sampled world* (game.worlds.sample_world), where every hand is
known; reading them there is fine (the world is a guess, not the real deal). The policy is
a set of cheap rules on card masks, far stronger than random cards:

- Spades: a seat whose side still needs tricks wins them cheaply (the lowest card that
  holds against the opponents still to play, nothing over a partner's sure winner), leads
  its sure winners or a low card to a partner's winner; a side whose contract is made
  ducks (the highest card that still loses) unless the opponents can still be set; a Nil
  bidder plays the highest card that loses and leads low; its partner covers (plays high
  over it, overtakes it, leads where it can duck); the opponents try to set it (duck under
  it, lead low into it).
- Pitch: the pitcher names trump as the rule-based level does (``trump_value``: the suit worth
  the most points; the ace or king first, else a middle card sparing the jack and the low
  card; the old rule, the top card of the longest suit, led a lone jack into the ace); a seat wins
  tricks with the cheapest card that holds, feeds points to a partner's winner, draws
  trumps with the master trump, and otherwise throws its least valuable card (saving the
  jack, the low trump and counting cards).

An *honest* table (Spades for two, Pitch) makes each seat judge whether a card holds from
the cards it cannot see (the other hands together and the cards out of play it has not
seen) rather than from who holds them; only a void shown (no card of the suit led) is read
from the hands.

The kernels work on plain lists of card masks (no engine objects, no events). They can
record the cards they play, and tests replay those cards through ``apply()``. Speed on
this machine: about 10,000 to 17,000 rollouts a second of the rest of a four-player Spades
hand from its fifth trick (``play_out``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from game.actions import DOUBLE_NIL, NIL, Bid, BidValue, Draw, Exchange, Look, Redraw
from game.ai.normal_game import PITCH_BID_NEEDS, off_jack_worth, pitch_cuts
from game.cards import BIG_JOKER, FULL_MASK, JOKER_DECK, JOKER_MASK, SUIT_MASKS, Card
from game.house import OTHER_OF_COLOUR
from game.pitch.rules import PitchGame
from game.scoring import BAG_LIMIT, BAG_PENALTY, NIL_POINTS
from game.spades.rules import SpadesRules
from game.spades_two.rules import SpadesTwoGame
from game.state import Phase, TrickGame

if TYPE_CHECKING:
    from game.ai.rule_rollout import RuleSeats

# The Spades kernel's card numbers: the engine's, but for the Big Joker (house rule S7), the engine's 53,
# which plays here as 56: a spade (56 & 3 == 0) above the Little Joker (52) above the ace of spades (48),
# so the kernel's "same suit and a higher number" compares the jokers too.
KERNEL_BIG_JOKER = 56
# The Pitch kernel with the off-jack (house rule P1) numbers the trump suit's jack, queen and king one rank
# up (their numbers + 4), its ace two (56 + trump: 52..55 hold the engine's jokers) and puts the off-jack
# in the jack's place, so the trump suit's numbers rank A K Q J off-jack 10 .. 2 and the kernel compares
# them by number as ever. These masks are the kernels' only: the engine's cards are read with SUIT_MASKS.
KERNEL_TOP = 60
KERNEL_FULL = (1 << KERNEL_TOP) - 1
SUIT = (SUIT_MASKS[0] | 1 << 52 | 1 << KERNEL_BIG_JOKER, SUIT_MASKS[1] | 1 << 57, SUIT_MASKS[2] | 1 << 58,
        SUIT_MASKS[3] | 1 << 59)
SPADE_MASK = SUIT[0]
NON_SPADES = FULL_MASK ^ SUIT_MASKS[0]
PLAIN_SPADES = SUIT_MASKS[0]  # the engine's spades, jokers apart
ABOVE = [KERNEL_FULL & ~((2 << c) - 1) for c in range(KERNEL_TOP)]  # a higher index (& a suit: higher rank)
BELOW = [(1 << c) - 1 for c in range(KERNEL_TOP)]  # cards of a lower index


def _rank_mask(rank: int) -> int:
    return sum(1 << (rank * 4 + suit) for suit in range(4))


TENS, JACKS, QUEENS, KINGS, ACES = (_rank_mask(r) for r in (8, 9, 10, 11, 12))
# Pitch: what throwing a card away costs, for a card that is not trump (counting cards cost most).
OFF_COST = [(10 * 10 if c >> 2 == 8 else 10 * {12: 4, 11: 3, 10: 2, 9: 1}.get(c >> 2, 0)) + (c >> 2)
            for c in range(52)]


def game_points(mask: int) -> int:
    """Pitch's trick points (ten 10, ace 4, king 3, queen 2, jack 1) of the cards in ``mask``."""
    return (10 * (mask & TENS).bit_count() + 4 * (mask & ACES).bit_count() + 3 * (mask & KINGS).bit_count()
            + 2 * (mask & QUEENS).bit_count() + (mask & JACKS).bit_count())


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# ----------------------------------------------------------------------------------------------
# Spades


class SpadesTable:
    """Who sits where in a Spades rollout: sides, partners, opponents and Nil bidders."""

    __slots__ = ("n", "side", "partner", "opponents", "nil", "bids", "members", "set_reach", "honest", "extra",
                 "nil_value", "ten_for_200", "bag_limit", "bag_penalty", "keep_winning", "judges", "noise", "eps",
                 "rules")

    def __init__(self, sides: Sequence[int], bids: Sequence[BidValue | None], set_reach: int = 1) -> None:
        n = len(sides)
        self.n = n
        self.side = list(sides)
        self.partner = [next((q for q in range(n) if q != s and sides[q] == sides[s]), -1) for s in range(n)]
        self.opponents = [[q for q in range(n) if sides[q] != sides[s]] for s in range(n)]
        self.nil = [isinstance(b, str) for b in bids]
        self.bids = [b if isinstance(b, int) else (-1 if b == "double_nil" else 0) for b in bids]
        count = max(sides) + 1
        self.members = [[q for q in range(n) if sides[q] == side and not self.nil[q]] for side in range(count)]
        self.set_reach = set_reach
        # honest: a seat judges whether a card holds from the cards it cannot see (the other hands
        # together, plus ``extra[seat]``: cards out of play it has not seen), not from who holds them
        self.honest = False
        self.judges = [True] * n  # with ``honest``: which seats judge from what they cannot see (others: all)
        # a noisy rollout: with the chance ``eps`` a seat plays any legal card (drawn from ``noise``)
        self.noise: random.Random | None = None
        self.eps = 0.0
        self.extra = [0] * n
        # the house rules' scoring (rules/house-rules.md S1-S3), set by spades_table_for()
        self.nil_value = NIL_POINTS["nil"]
        self.ten_for_200 = False
        self.bag_limit: int | None = BAG_LIMIT
        self.bag_penalty = BAG_PENALTY
        # Cutthroat Spades (three or four seats alone): a seat whose bid is made keeps taking tricks, as the
        # normal level does there (a trick let go goes to a rival), instead of ducking
        self.keep_winning = False
        # seats playing by the rule-based level's card rules for a rollout's first turns (an arena trial)
        self.rules: RuleSeats | None = None


def _spades_need(table: SpadesTable, side: int, tricks: list[int]) -> int:
    need = 0
    bids = table.bids
    for q in table.members[side]:
        need += bids[q] - tricks[q]
    return need


def _can_beat(hand: int, card: int, led: int) -> bool:
    """Whether a seat holding ``hand`` (full information) could beat ``card`` in a trick led ``led``."""
    follow = hand & SUIT[led]
    if follow:
        return card & 3 == led and follow & ABOVE[card] != 0
    spades = hand & SPADE_MASK
    if not spades:
        return False
    return card & 3 != 0 or spades & ABOVE[card] != 0


def _unknown(viewer: int, hands: list[int], table: SpadesTable) -> int:
    """The cards ``viewer`` cannot place: every other hand, and the unseen cards out of play."""
    unknown = table.extra[viewer]
    for q in range(table.n):
        if q != viewer:
            unknown |= hands[q]
    return unknown


def _holds(card: int, seat: int, left: int, led: int, hands: list[int], table: SpadesTable,
           viewer: int = -1) -> bool:
    """Whether ``card`` (of ``seat``) would still win after the ``left`` seats after ``seat`` (opponents
    only) play. Honest tables judge it as ``viewer`` would: a higher card it cannot place may beat it."""
    n, side = table.n, table.side
    mine = side[seat]
    q = seat
    if table.honest and table.judges[seat if viewer < 0 else viewer]:
        unknown = -1
        for _ in range(left):
            q = q + 1 if q + 1 < n else 0
            if side[q] == mine:
                continue
            if unknown == -1:
                unknown = _unknown(seat if viewer < 0 else viewer, hands, table)
                if unknown & SUIT[card & 3] & ABOVE[card]:
                    return False
            if card & 3 and not hands[q] & SUIT[led] and hands[q] & SPADE_MASK:
                return False  # a void shown: it trumps
        return True
    for _ in range(left):
        q = q + 1 if q + 1 < n else 0
        if side[q] != mine and _can_beat(hands[q], card, led):
            return False
    return True


def _anyone_beats(card: int, seat: int, left: int, led: int, hands: list[int], n: int) -> bool:
    q = seat
    for _ in range(left):
        q = q + 1 if q + 1 < n else 0
        if _can_beat(hands[q], card, led):
            return True
    return False


def _lead_sure(card: int, seat: int, hands: list[int], table: SpadesTable, viewer: int = -1) -> bool:
    """Whether a lead of ``card`` wins against every opponent's hand (honest: as ``viewer`` sees it)."""
    suit = card & 3
    if table.honest and table.judges[seat if viewer < 0 else viewer]:
        if _unknown(seat if viewer < 0 else viewer, hands, table) & SUIT[suit] & ABOVE[card]:
            return False
        if suit:
            for q in table.opponents[seat]:
                if not hands[q] & SUIT[suit] and hands[q] & SPADE_MASK:
                    return False
        return True
    for q in table.opponents[seat]:
        hand = hands[q]
        follow = hand & SUIT[suit]
        if follow:
            if follow & ABOVE[card]:
                return False
        elif suit and hand & SPADE_MASK:
            return False
    return True


def _losing_lead(legal: int, seat: int, hands: list[int], n: int) -> int:
    """The lowest card of the suit in which the others hold the most higher cards (Nil, ducking)."""
    others = 0
    for q in range(n):
        if q != seat:
            others |= hands[q]
    best_card, best_score = -1, -99
    for suit in range(4):
        cards = legal & SUIT[suit]
        if cards:
            low = _low(cards)
            score = (others & SUIT[suit] & ABOVE[low]).bit_count() * 4 - (low >> 2)
            if score > best_score:
                best_card, best_score = low, score
    return best_card


def spades_pick(seat: int, legal: int, hands: list[int], count: int, led: int, best: int, best_seat: int,
                tricks: list[int], table: SpadesTable) -> int:
    """The policy's card for ``seat`` (``legal`` has two or more cards; ``count`` cards are in the trick)."""
    n = table.n
    left = n - 1 - count
    nil = table.nil
    if nil[seat] and tricks[seat] == 0:
        return _nil_play(seat, legal, hands, count, led, best, left, n)
    partner = table.partner[seat]
    if partner >= 0 and nil[partner] and tricks[partner] == 0:
        card = _cover_play(seat, partner, legal, hands, count, led, best, best_seat, left, table)
        if card >= 0:
            return card
    for q in table.opponents[seat]:
        if nil[q] and tricks[q] == 0:
            card = _set_nil_play(seat, q, legal, hands, count, led, best, best_seat, left, n)
            if card >= 0:
                return card
    side = table.side[seat]
    need = _spades_need(table, side, tricks)
    win = need > 0 or (table.keep_winning and not nil[seat])
    if not win:
        remaining = hands[seat].bit_count()
        for other in range(len(table.members)):
            if other != side and table.members[other]:
                opp_need = _spades_need(table, other, tricks)
                if 0 < opp_need <= remaining and remaining - opp_need < table.set_reach + remaining // 4:
                    win = True
    if count == 0:
        if win:
            return _winning_lead(seat, legal, hands, table)
        return _losing_lead(legal, seat, hands, n)
    if best & 3 == 0:
        beaters = legal & SPADE_MASK & ABOVE[best]
    else:
        beaters = (legal & SUIT[led] & ABOVE[best]) | (legal & SPADE_MASK)
    if win:
        if best_seat == partner and _holds(best, best_seat, left, led, hands, table, seat):
            cheap = legal & NON_SPADES if legal & SUIT[led] == 0 else legal
            return _low(cheap or legal)
        if beaters:
            if left == 0:
                return _low(beaters)
            holding = beaters
            while holding:
                card = _low(holding)
                if _holds(card, seat, left, led, hands, table):
                    return card
                holding ^= 1 << card
        return _low(legal & NON_SPADES or legal) if legal & SUIT[led] == 0 else _low(legal)
    losers = legal & ~beaters
    if losers:
        return _high(losers & NON_SPADES or losers)
    if left and _anyone_beats(_low(legal), seat, left, led, hands, n):
        return _low(legal)
    return _high(legal)


def _winning_lead(seat: int, legal: int, hands: list[int], table: SpadesTable) -> int:
    """A sure winner (side suits first), else a low card to the partner's winner, else a low card."""
    sure_spade = -1
    for suit in (1, 2, 3, 0):
        cards = legal & SUIT[suit]
        if cards:
            top = _high(cards)
            if _lead_sure(top, seat, hands, table):
                if suit:
                    return top
                sure_spade = top
    if sure_spade >= 0:
        return sure_spade
    partner = table.partner[seat]
    if partner >= 0:
        for suit in (1, 2, 3, 0):
            cards = legal & SUIT[suit]
            theirs = hands[partner] & SUIT[suit]
            if cards and theirs and _lead_sure(_high(theirs), partner, hands, table, seat):
                return _low(cards)
    side_suits = legal & NON_SPADES
    if side_suits:
        longest, length = 0, -1
        for suit in (1, 2, 3):
            size = (side_suits & SUIT[suit]).bit_count()
            if size > length:
                longest, length = suit, size
        return _low(side_suits & SUIT[longest])
    return _low(legal)


def _nil_play(seat: int, legal: int, hands: list[int], count: int, led: int, best: int, left: int,
              n: int) -> int:
    """A live Nil bidder: lead low, play the highest card that loses, shed high cards."""
    if count == 0:
        return _losing_lead(legal, seat, hands, n)
    if best & 3 == 0:
        losers = legal & ~(SPADE_MASK & ABOVE[best])
    else:
        losers = legal & ~((SUIT[led] & ABOVE[best]) | SPADE_MASK)
    if losers:
        if losers & SUIT[led]:
            return _high(losers & SUIT[led])
        return _high(losers & NON_SPADES or losers)
    if left:
        return _low(legal)
    return _high(legal)


def _cover_play(seat: int, partner: int, legal: int, hands: list[int], count: int, led: int, best: int,
                best_seat: int, left: int, table: SpadesTable) -> int:
    """The partner of a live Nil: cover it. -1 when the trick needs no cover."""
    theirs = hands[partner]
    if count == 0:
        pick, score = -1, -1
        for suit in (1, 2, 3, 0):
            cards = legal & SUIT[suit]
            if not cards:
                continue
            top = _high(cards)
            follow = theirs & SUIT[suit]
            if not follow:
                value = 3 if theirs & NON_SPADES or not theirs & SPADE_MASK else 0
            elif top > _high(follow):
                value = 4
            elif top > _low(follow):
                value = 2
            else:
                value = 0
            if value > score:
                pick, score = top, value
        return pick if score > 0 else _high(legal)
    if best_seat == partner:  # the Nil is winning: overtake as cheaply as possible
        if best & 3 == 0:
            beaters = legal & SPADE_MASK & ABOVE[best]
        else:
            beaters = (legal & SUIT[led] & ABOVE[best]) | (legal & SPADE_MASK)
        return _low(beaters) if beaters else -1
    # Does the partner still play to this trick, and could it be forced to win it?
    q, to_come = seat, False
    for _ in range(left):
        q = q + 1 if q + 1 < table.n else 0
        if q == partner:
            to_come = True
    if not to_come:
        return -1
    follow = theirs & SUIT[led]
    if not follow or best & 3 != led or follow & BELOW[best]:
        return -1  # it can play under the best card already
    if legal & SUIT[led]:
        top = _high(legal)
        return top if top > _low(follow) else -1
    spades = legal & SPADE_MASK
    return _low(spades) if spades else -1


def _set_nil_play(seat: int, nil_seat: int, legal: int, hands: list[int], count: int, led: int, best: int,
                  best_seat: int, left: int, n: int) -> int:
    """An opponent of a live Nil: lead low into it, duck under it. -1 when it is not in this trick."""
    theirs = hands[nil_seat]
    if count == 0:
        pick, score = -1, -99
        for suit in range(4):
            cards = legal & SUIT[suit]
            follow = theirs & SUIT[suit]
            if cards and follow:
                low = _low(cards)
                value = (_low(follow) >> 2) - (low >> 2)
                if value > score:
                    pick, score = low, value
        return pick
    if best_seat == nil_seat:
        if best & 3 == 0:
            losers = legal & ~(SPADE_MASK & ABOVE[best])
        else:
            losers = legal & ~((SUIT[led] & ABOVE[best]) | SPADE_MASK)
        return _high(losers) if losers else _low(legal)
    q = seat
    for _ in range(left):
        q = q + 1 if q + 1 < n else 0
        if q == nil_seat:
            if legal & SUIT[led]:
                return _low(legal)
            return _high(legal & NON_SPADES) if legal & NON_SPADES else _low(legal)
    return -1


def spades_legal(hand: int, count: int, led: int, broken: bool) -> int:
    """The cards of ``hand`` a seat may play (a mask): the suit led when it has one (``count`` cards in the
    trick), else any; a lead is not a spade until spades are ``broken`` unless the hand holds only spades."""
    if count:
        return hand & SUIT[led] or hand
    return hand if broken else hand & NON_SPADES or hand


def spades_beats(card: int, best: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (spades are trump)."""
    return (card & 3 == best & 3 and card > best) or (card & 3 == 0 and best & 3 != 0)


def pitch_legal(hand: int, count: int, led: int, trump: int) -> int:
    """The cards of ``hand`` a Pitch seat may play (a mask): any to lead (``count`` 0); else the suit led,
    or trump beside it when a side suit is led, or any card when void in the suit led."""
    if count == 0:
        return hand
    follow = hand & SUIT[led]
    if not follow:
        return hand
    return follow if led == trump else follow | (hand & SUIT[trump])


def pitch_beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes a Pitch trick from ``best``: higher in its suit, or a trump over a side card."""
    return (card & 3 == best & 3 and card > best) or (card & 3 == trump and best & 3 != trump)


def spades_rollout(hands: list[int], table: SpadesTable, tricks: list[int], to_act: int,
                   trick: Sequence[tuple[int, int]], broken: bool, first: int = -1,
                   record: list[int] | None = None) -> list[int]:
    """Play the rest of a Spades hand by the policy; return the tricks won per seat.

    ``hands`` and ``tricks`` are changed in place (pass copies). ``first``: the card ``to_act``
    plays first (a search candidate), or -1. ``record`` gets every card played, in order.
    """
    n = table.n
    noise, eps = table.noise, table.eps
    rules = table.rules
    count = len(trick)
    if rules is not None:  # what the rule seats see: the trick, the cards out, the voids
        current = list(trick)
        out = rules.played
        voids = list(rules.voids)
        ruled = rules.turns
    led = best = best_seat = -1
    if count:
        led = trick[0][1] & 3
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if spades_beats(card, best):
                best_seat, best = seat, card
    seat = to_act
    while True:
        hand = hands[seat]
        if not hand:
            break
        if first >= 0:
            card, first = first, -1
        else:
            # spades_legal() and spades_beats() written out: the hot loop saves the calls
            if count:
                legal = hand & SUIT[led] or hand
            else:
                legal = hand if broken else hand & NON_SPADES or hand
            if not legal & (legal - 1):
                card = legal.bit_length() - 1
            elif noise is not None and noise.random() < eps:
                card = _any_card(legal, noise)
            elif rules is not None and ruled and rules.seats[seat]:
                hidden = table.extra[seat]  # what the seat cannot see: the other hands, the discards not its own
                for q in range(n):
                    if q != seat:
                        hidden |= hands[q]
                card = rules.pick(seat, legal, hand, current, tricks, out, hidden, voids, broken)
                ruled -= 1
            else:
                card = spades_pick(seat, legal, hands, count, led, best, best_seat, tricks, table)
        hands[seat] = hand ^ (1 << card)
        if record is not None:
            record.append(card)
        suit = card & 3
        if rules is not None:
            rules.shown(voids, seat, card, led if count else -1, broken)
            out |= 1 << card
            current = [] if count + 1 == n else current + [(seat, card)]
        if count == 0:
            led, best, best_seat = suit, card, seat
        elif (suit == best & 3 and card > best) or (suit == 0 and best & 3 != 0):
            best, best_seat = card, seat
        if suit == 0:
            broken = True
        count += 1
        if count == n:
            tricks[best_seat] += 1
            seat = best_seat
            count = 0
        else:
            seat = seat + 1 if seat + 1 < n else 0
    return tricks


def _any_card(legal: int, rng: random.Random) -> int:
    """One of the cards of ``legal`` (a mask), uniformly."""
    for _ in range(rng.randrange(legal.bit_count())):
        legal &= legal - 1
    return (legal & -legal).bit_length() - 1


def play_out_tricks(world: TrickGame, first: int = -1, honest: bool = False) -> list[int]:
    """Spades: play the rest of a world's hand by the policy under its house rules of play (the world is left
    unchanged), ``first`` played now (-1: the policy's card); tricks per seat."""
    return _spades_run(cast("SpadesRules", world), spades_table_for(world, honest=honest), first)


def spades_side_values(table: SpadesTable, tricks: Sequence[int], bags: Sequence[int],
                       bag_cost: float | None) -> list[float]:
    """Each side's hand score from the tricks won (the rules' scoring).

    ``bag_cost`` None: the hand's total as scored (contract, bags, Nil, the 10-bag penalty
    given the bags before). A number: the contract and Nil points minus ``bag_cost`` per bag
    taken, the bags' cost to come (10 is exact over a long game: 100 points per 10 bags).
    """
    values: list[float] = []
    for side_index, seats in enumerate(_seats_by_side(table)):
        contract = counted = bag_count = 0
        nil_points = 0
        has_contract = False
        for q in seats:
            if table.nil[q]:
                points = table.nil_value * (2 if table.bids[q] < 0 else 1)
                nil_points += points if tricks[q] == 0 else -points
                bag_count += tricks[q]
            else:
                has_contract = True
                contract += table.bids[q]
                counted += tricks[q]
        contract_points = 0
        if has_contract:
            if counted >= contract:
                contract_points = 10 * contract
                bag_count += counted - contract
            else:
                contract_points = -10 * contract
            if table.ten_for_200 and contract >= 10:
                contract_points = 200 if counted >= contract else -200
        if bag_cost is None:
            limit = table.bag_limit
            penalty = (bags[side_index] + bag_count) // limit * table.bag_penalty if limit else 0
            values.append(contract_points + nil_points + bag_count - penalty)
        else:
            values.append(contract_points + nil_points - bag_cost * bag_count)
    return values


def _seats_by_side(table: SpadesTable) -> list[list[int]]:
    count = max(table.side) + 1
    return [[q for q in range(table.n) if table.side[q] == s] for s in range(count)]


def spades_table_for(world: TrickGame, set_reach: int = 1, honest: bool = False,
                     judges: Sequence[bool] | None = None, noise: random.Random | None = None,
                     eps: float = 0.0) -> SpadesTable:
    """The seating of a Spades world in its playing phase (Double Nil marked by a negative bid).

    ``honest``: the seats judge their cards from what they cannot see (Spades for two: the
    discards each did not make are unseen too); ``judges``: only these seats do (the others see all).
    ``noise``: with the chance ``eps`` a seat plays any legal card instead of the policy's."""
    table = SpadesTable([world.side_of(s) for s in range(world.num_seats)], world.bids, set_reach)
    options = world.options
    table.nil_value, table.ten_for_200 = options.nil_value, options.ten_for_200
    table.bag_limit, table.bag_penalty = options.bag_limit, options.bag_penalty
    table.keep_winning = world.num_seats >= 3 and all(p < 0 for p in table.partner)
    table.noise, table.eps = noise, eps
    if honest:
        table.honest = True
        if judges is not None:
            table.judges = list(judges)
        if world.facts.seen_discards:
            two = cast("SpadesTwoGame", world)  # the game whose seats discard what they saw
            own = [0, 0]
            for seat, _kept, dropped, _keep in two.log.draws:
                own[seat] |= 1 << dropped
            pile = two.discards
            table.extra = [pile & ~own[0], pile & ~own[1]]
    return table


# ----------------------------------------------------------------------------------------------
# Pitch


class PitchTable:
    """Who sits where in a Pitch rollout, and the hand's fixed facts (cards in play, bid)."""

    __slots__ = ("n", "side", "in_play", "pitcher", "bid", "low_to_player", "sides", "honest", "deck", "jack2",
                 "noise", "eps")

    def __init__(self, sides: Sequence[int], in_play: int, pitcher: int, bid: int, low_to_player: bool) -> None:
        self.n = len(sides)
        self.side = list(sides)
        self.sides = max(sides) + 1
        self.in_play = in_play
        self.pitcher = pitcher
        self.bid = bid
        self.low_to_player = low_to_player
        self.honest = False  # seats judge ranks from the cards they cannot see (in play or not)
        self.deck = FULL_MASK  # the pack in the kernel's numbers (the off-jack's numbering moves cards)
        self.jack2 = -1  # with the off-jack: the jack of trump's number (the off-jack holds 9 * 4 + trump)
        self.noise: random.Random | None = None  # as SpadesTable's: with the chance ``eps`` any legal card
        self.eps = 0.0


def _pitch_can_beat(hand: int, card: int, led: int, trump: int) -> bool:
    trumps = hand & SUIT[trump]
    if card & 3 == trump:
        return trumps & ABOVE[card] != 0
    if trumps:
        return True
    return card & 3 == led and hand & SUIT[led] & ABOVE[card] != 0


def _pitch_unknown(viewer: int, hands: list[int], table: PitchTable) -> int:
    """The cards ``viewer`` cannot place: the other hands and every card not dealt."""
    unknown = table.deck & ~table.in_play
    for q in range(table.n):
        if q != viewer:
            unknown |= hands[q]
    return unknown


def _pitch_holds(card: int, seat: int, left: int, led: int, trump: int, hands: list[int], table: PitchTable,
                 viewer: int = -1) -> bool:
    n, side = table.n, table.side
    mine = side[seat]
    q = seat
    if table.honest:
        unknown = -1
        for _ in range(left):
            q = q + 1 if q + 1 < n else 0
            if side[q] == mine:
                continue
            if unknown == -1:
                unknown = _pitch_unknown(seat if viewer < 0 else viewer, hands, table)
                if unknown & SUIT[card & 3] & ABOVE[card]:
                    return False
            if card & 3 != trump and hands[q] & SUIT[trump]:
                return False
        return True
    for _ in range(left):
        q = q + 1 if q + 1 < n else 0
        if side[q] != mine and _pitch_can_beat(hands[q], card, led, trump):
            return False
    return True


def _trump_costs(trump: int, table: PitchTable) -> tuple[int, int, int]:
    """The jack of trump, the low trump in play and the high trump in play (-1 when absent)."""
    trumps = table.in_play & SUIT[trump]
    jack = 9 * 4 + trump
    return (jack if trumps >> jack & 1 else -1, _low(trumps) if trumps else -1, _high(trumps) if trumps else -1)


def _pitch_cost(card: int, trump: int, jack: int, low: int, table: PitchTable) -> int:
    """What giving ``card`` away (or spending it) costs: counting cards, then trumps, the jack most."""
    if card & 3 != trump:
        return OFF_COST[card]
    if card == jack or card == table.jack2:
        return 400
    if card == low and not table.low_to_player:
        return 300
    return 150 + (card >> 2) * 10


def trump_value(hand: int, suit: int, players: int, low_to_player: bool = False, off_jack: bool = False) -> float:
    """The points a pitcher expects with ``suit`` as trump (High, Low, Jack, Game, and with ``off_jack``
    five-point Pitch's Off-jack), from his hand alone.

    The rule-based estimate of ``game.ai.normal`` on card masks: a card he cannot see is in another
    hand with the chance ``6 (players - 1) / 46``; High is his when no higher trump is dealt, Low
    when no lower one is dealt and he keeps his own, the Jack by the honours guarding it."""
    trumps = hand & SUIT[suit]
    if not trumps:
        return 0.0
    p = 6 * (players - 1) / 46
    top, bottom = _high(trumps) >> 2, _low(trumps) >> 2
    n = trumps.bit_count()
    ace, king = trumps >> (48 + suit) & 1, trumps >> (44 + suit) & 1
    high = (1 - p) ** (12 - top)
    keep_low = 1.0 if low_to_player else min(0.85, 0.4 + 0.12 * n + (0.1 if top >= 11 else 0))
    low = (1 - p) ** bottom * keep_low
    if trumps >> (36 + suit) & 1:
        jack = 0.5 if n == 1 else 0.95 if ace and king else (0.85 if ace else 0.55 + 0.06 * n)
    else:
        jack = p * (0.4 if ace else (0.25 if king else 0.08))
    aces = (hand & ACES & ~SUIT[suit]).bit_count()
    tens = (trumps & TENS).bit_count()
    game = 1 / players + 0.08 * (n - 1) + 0.05 * aces + 0.12 * tens + (0.05 if top >= 11 else 0)
    value = high + low + jack + max(0.05, min(0.8, game))
    if off_jack:
        value += off_jack_worth(bool(hand >> (36 + OTHER_OF_COLOUR[suit]) & 1), bool(ace), bool(king),
                                bool(trumps >> (36 + suit) & 1), n, p)
    return value


def choose_trump(hand: int, players: int = 4, low_to_player: bool = False, off_jack: bool = False) -> int:
    """The suit a pitcher names: the best ``trump_value`` (ties: the higher suit)."""
    return max(range(4), key=lambda suit: (trump_value(hand, suit, players, low_to_player, off_jack), suit))


def opening_lead(hand: int, trump: int) -> int:
    """The pitcher's first card in his trump suit: the ace or king, else a middle card that spares
    the jack and the low card (a lone or doubled suit: its top)."""
    trumps = hand & SUIT[trump]
    top = _high(trumps)
    if top >> 2 >= 11 or trumps.bit_count() < 3:
        return top
    middle = trumps & ~(1 << _low(trumps)) & ~(1 << (36 + trump))
    return _high(middle) if middle else top


def pitch_pick(seat: int, legal: int, hands: list[int], count: int, led: int, best: int, best_seat: int,
               trump: int, trick_cards: int, table: PitchTable) -> int:
    """The policy's Pitch card for ``seat`` (``legal`` has two or more cards; trump is named)."""
    n = table.n
    left = n - 1 - count
    jack, low, _ = _trump_costs(trump, table)
    side = table.side
    if count == 0:
        trumps = legal & SUIT[trump]
        if trumps:
            remaining = 0
            for q in range(n):
                if side[q] != side[seat]:
                    remaining |= hands[q]
            theirs = remaining & SUIT[trump]
            top = _high(trumps)
            if table.honest:
                if theirs and not _pitch_unknown(seat, hands, table) & SUIT[trump] & ABOVE[top]:
                    return top
            elif theirs and top > _high(theirs):
                return top
        off = legal & ~SUIT[trump]
        if off:
            # an off-suit master that no opponent can trump or beat
            for suit in range(4):
                cards = off & SUIT[suit]
                if cards:
                    top = _high(cards)
                    if _pitch_holds(top, seat, n - 1, suit, trump, hands, table) and OFF_COST[top] >= 40:
                        return top
        return _cheapest(legal, trump, jack, low, table)
    trump_best = best & 3 == trump
    if trump_best:
        beaters = legal & SUIT[trump] & ABOVE[best]
    else:
        beaters = (legal & SUIT[led] & ABOVE[best]) | (legal & SUIT[trump])
    mine = side[seat]
    if side[best_seat] == mine and _pitch_holds(best, best_seat, left, led, trump, hands, table, seat):
        # feed the partner's winner: the most valuable card that does not overtake it
        feed = legal & ~beaters or legal
        pick, value = -1, -1
        while feed:
            card = _low(feed)
            feed ^= 1 << card
            worth = _pitch_cost(card, trump, jack, low, table) if card & 3 != trump or card in (jack, low) else 0
            if worth > value:
                pick, value = card, worth
        return pick
    holding = beaters
    while holding:
        card = _low(holding)
        if left == 0 or _pitch_holds(card, seat, left, led, trump, hands, table):
            if game_points(trick_cards) or card != jack or trick_cards & SUIT[trump]:
                return card
            break
        holding ^= 1 << card
    return _cheapest(legal, trump, jack, low, table)


def _cheapest(legal: int, trump: int, jack: int, low: int, table: PitchTable) -> int:
    pick, cost = -1, 1 << 30
    while legal:
        card = _low(legal)
        legal ^= 1 << card
        value = _pitch_cost(card, trump, jack, low, table)
        if value < cost:
            pick, cost = card, value
    return pick


def pitch_rollout(hands: list[int], table: PitchTable, won: list[int], to_act: int,
                  trick: Sequence[tuple[int, int]], trump: int | None, low_side: int,
                  first: int = -1, record: list[int] | None = None) -> tuple[list[int], int, int]:
    """Play the rest of a Pitch hand by the policy.

    ``won``: the cards each side has won so far (changed in place); ``low_side``: the side that
    played the low trump when it is already played (for "low to the player"), else -1.
    Returns (cards won per side, trump, the side that played the low trump or -1).
    """
    n, side = table.n, table.side
    noise, eps = table.noise, table.eps
    count = len(trick)
    led = best = best_seat = -1
    trick_cards = 0
    if count:
        led = trick[0][1] & 3
        best_seat, best = trick[0]
        for _, card in trick:
            trick_cards |= 1 << card
        for seat, card in trick[1:]:
            if (card & 3 == best & 3 and card > best) or (card & 3 == trump and best & 3 != trump):
                best_seat, best = seat, card
    low = -2
    if trump is not None:
        low = _trump_costs(trump, table)[1]
    seat = to_act
    while True:
        hand = hands[seat]
        if not hand:
            break
        if first >= 0:
            card, first = first, -1
        elif trump is None:
            card = opening_lead(hand, choose_trump(hand, n, table.low_to_player))
        else:
            if count == 0:
                legal = hand
            else:
                follow = hand & SUIT[led]
                if not follow:
                    legal = hand
                elif led == trump:
                    legal = follow
                else:
                    legal = follow | (hand & SUIT[trump])
            if not legal & (legal - 1):
                card = legal.bit_length() - 1
            elif noise is not None and noise.random() < eps:
                card = _any_card(legal, noise)
            else:
                card = pitch_pick(seat, legal, hands, count, led, best, best_seat, trump, trick_cards, table)
        if trump is None:
            trump = card & 3
            low = _trump_costs(trump, table)[1]
        hands[seat] = hand ^ (1 << card)
        if record is not None:
            record.append(card)
        if card == low:
            low_side = side[seat]
        suit = card & 3
        trick_cards |= 1 << card
        if count == 0:
            led, best, best_seat = suit, card, seat
        elif (suit == best & 3 and card > best) or (suit == trump and best & 3 != trump):
            best, best_seat = card, seat
        count += 1
        if count == n:
            won[side[best_seat]] |= trick_cards
            trick_cards = 0
            seat = best_seat
            count = 0
        else:
            seat = seat + 1 if seat + 1 < n else 0
    return won, trump if trump is not None else 0, low_side


def pitch_side_totals(table: PitchTable, won: Sequence[int], trump: int, low_side: int) -> list[int]:
    """Each side's Pitch total for the hand (High, Low, Jack, Game; the pitcher set back)."""
    sides = table.sides
    points = [0] * sides
    trumps = table.in_play & SUIT[trump]
    if trumps:
        high, low = _high(trumps), _low(trumps)
        jack = 9 * 4 + trump
        for s in range(sides):
            w = won[s]
            if w >> high & 1:
                points[s] += 1
            if not table.low_to_player and w >> low & 1:
                points[s] += 1
            if trumps >> jack & 1 and w >> jack & 1:
                points[s] += 1
        if table.low_to_player and low_side >= 0:
            points[low_side] += 1
    return _game_and_set_back(table, points, [game_points(w) for w in won])


def _off_jack_numbers(trump: int) -> tuple[int, int, int]:
    """With the off-jack and ``trump``: the engine's off-jack, the trump jack-to-ace mask (engine numbers)
    and the off-jack's kernel number (the trump jack's old place)."""
    off = 9 * 4 + (3 - trump)  # the jack of the other suit of trump's colour (spades-clubs, hearts-diamonds)
    top = 0
    for rank in (9, 10, 11):
        top |= 1 << (rank * 4 + trump)
    return off, top, 9 * 4 + trump


def off_jack_to_kernel(mask: int, trump: int) -> int:
    """A mask of engine cards in the off-jack kernel's numbers (see ``SUIT``)."""
    off, top, off_k = _off_jack_numbers(trump)
    ace = 1 << (48 + trump)
    out = mask & ~top & ~ace & ~(1 << off) | (mask & top) << 4 | (mask & ace) << 8
    return out | 1 << off_k if mask >> off & 1 else out


def off_jack_to_engine(mask: int, trump: int) -> int:
    """The inverse of ``off_jack_to_kernel``."""
    off, top, off_k = _off_jack_numbers(trump)
    ace = 1 << (56 + trump)
    out = mask & ~(top << 4) & ~ace & ~(1 << off_k) | (mask & top << 4) >> 4 | (mask & ace) >> 8
    return out | 1 << off if mask >> off_k & 1 else out


def off_jack_totals(table: PitchTable, won: Sequence[int], trump: int, low_side: int) -> list[int]:
    """pitch_side_totals() of a hand played with the off-jack, ``won`` in the kernel's numbers: High and Low
    by the kernel's order of the trumps, Jack and Off-jack a point each, Game from the printed cards."""
    sides = table.sides
    points = [0] * sides
    trumps = table.in_play & SUIT[trump]
    if trumps:
        high, low = _high(trumps), _low(trumps)
        for s in range(sides):
            w = won[s]
            points[s] += (w >> high & 1) + (trumps >> table.jack2 & w >> table.jack2 & 1)
            points[s] += trumps >> (9 * 4 + trump) & w >> (9 * 4 + trump) & 1  # the off-jack
            if not table.low_to_player and w >> low & 1:
                points[s] += 1
        if table.low_to_player and low_side >= 0:
            points[low_side] += 1
    return _game_and_set_back(table, points, [game_points(off_jack_to_engine(w, trump)) for w in won])


def _game_and_set_back(table: PitchTable, points: list[int], counts: Sequence[int]) -> list[int]:
    """``points`` (each side's High, Low, Jack...) with Game to the one side of most card points
    (``counts``; none on a tie) and the pitcher's side set back by its bid if it fell short."""
    top = max(counts)
    if counts.count(top) == 1:
        points[counts.index(top)] += 1
    pitcher_side = table.side[table.pitcher]
    if points[pitcher_side] < table.bid:
        points[pitcher_side] = -table.bid
    return points


def _off_jack_play_out(world: PitchGame, first: int, record: list[int] | None, honest: bool,
                       noise: random.Random | None = None, eps: float = 0.0) -> list[float]:
    """play_out() of a Pitch hand with the off-jack: the cards renumbered for the kernel (``SUIT``), played
    by the policy, scored by ``off_jack_totals``; before trump is named the pitcher's first card is played
    by the engine (it names trump, and so the off-jack)."""
    if world.trump is None:
        copy = cast("PitchGame", world.clone())
        copy.stop_at_hand_end = True
        copy.keeps_history = False
        seat = copy.to_act
        assert seat is not None
        hand = copy.hands[seat]
        card = first if first >= 0 else opening_lead(hand, choose_trump(hand, copy.num_seats,
                                                                        copy.options.low == "player", True))
        copy.play_fast(card)
        if record is not None:
            record.append(card)
        world, first = copy, -1
    trump = world.trump
    assert trump is not None and world.to_act is not None
    table = pitch_table_for(world, honest, noise, eps)
    table.in_play = off_jack_to_kernel(world.in_play, trump)
    table.deck = off_jack_to_kernel(FULL_MASK, trump)
    table.jack2 = 10 * 4 + trump
    low = _low(table.in_play & SUIT[trump]) if table.in_play & SUIT[trump] else -2
    low_side = -1
    if table.low_to_player:
        for _, plays, _ in world.trick_log:
            for seat, card in plays:
                if off_jack_to_kernel(1 << card, trump) == 1 << low:
                    low_side = table.side[seat]
        for seat, card in world.trick:
            if off_jack_to_kernel(1 << card, trump) == 1 << low:
                low_side = table.side[seat]
    hands = [off_jack_to_kernel(h, trump) for h in world.hands]
    won_cards = [off_jack_to_kernel(w, trump) for w in world.won_cards]
    trick = [(seat, _high(off_jack_to_kernel(1 << card, trump))) for seat, card in world.trick]
    if first >= 0:
        first = _high(off_jack_to_kernel(1 << first, trump))
    cards: list[int] = []
    won, _, low_side = pitch_rollout(hands, table, won_cards, world.to_act, trick, trump, low_side, first, cards)
    if record is not None:
        record.extend(_high(off_jack_to_engine(1 << c, trump)) for c in cards)
    return [float(v) for v in off_jack_totals(table, won, trump, low_side)]


def pitch_table_for(world: PitchGame, honest: bool = False, noise: random.Random | None = None,
                    eps: float = 0.0) -> PitchTable:
    """The seating and fixed facts of a Pitch world in its playing phase (``noise``, ``eps``: a noisy
    rollout, as ``spades_table_for``'s)."""
    assert world.pitcher is not None  # the auction is over
    table = PitchTable([world.side_of(s) for s in range(world.num_seats)], world.in_play, world.pitcher,
                       world.high, world.options.low == "player")
    table.honest = honest
    table.noise, table.eps = noise, eps
    return table


# ----------------------------------------------------------------------------------------------
# A world in its playing phase


def policy_fits(world: TrickGame) -> bool:
    """Whether the rollout policy knows every rule of this world's hand: the Spades policy knows the
    house rules of play (the jokers, the opening card, spades led any time, Cutthroat for three or
    four), the Pitch policy the off-jack (renumbered: ``SUIT``)."""
    if isinstance(world, SpadesRules | PitchGame):
        return True
    return bool(world.kernel_plays())


def kernel_card(card: int) -> int:
    """A card's number in the Spades kernel (the Big Joker moves to 56)."""
    return KERNEL_BIG_JOKER if card == BIG_JOKER else card


def kernel_hand(hand: int) -> int:
    """A mask of the engine's cards in the Spades kernel's numbers."""
    if hand >> BIG_JOKER & 1:
        return hand ^ (1 << BIG_JOKER) | 1 << KERNEL_BIG_JOKER
    return hand


def engine_hand(hand: int) -> int:
    """A mask of the Spades kernel's cards in the engine's numbers (the inverse of ``kernel_hand``)."""
    if hand >> KERNEL_BIG_JOKER & 1:
        return hand ^ (1 << KERNEL_BIG_JOKER) | 1 << BIG_JOKER
    return hand


def spades_play_out(world: SpadesRules, first: int = -1, record: list[int] | None = None,
                    bag_cost: float | None = 10.0, honest: bool = False,
                    judges: Sequence[bool] | None = None, noise: random.Random | None = None,
                    eps: float = 0.0, rules: RuleSeats | None = None) -> list[float]:
    """play_out() of a Spades world, under every house rule of play: the jokers (renumbered for the
    kernel and back), the opening card (the holder leads it), spades led any time (as if broken)."""
    spades = spades_table_for(world, honest=honest, judges=judges, noise=noise, eps=eps)
    spades.rules = rules
    tricks = _spades_run(world, spades, first, record)
    return spades_side_values(spades, tricks, world.bags, bag_cost)


def _spades_run(world: SpadesRules, table: SpadesTable, first: int = -1, record: list[int] | None = None) -> list[int]:
    """spades_rollout() of a world's hand (left unchanged) under its house rules of play; tricks per seat."""
    to_act = world.to_act
    assert to_act is not None  # a world in its playing phase
    trick = world.trick
    if world.opening is not None and not trick and first < 0:
        first = world.opening  # the first lead of the hand is forced (house rule S6)
    broken = world.spades_broken or world.options.spades_any_time
    if not world.options.jokers:
        return spades_rollout(list(world.hands), table, list(world.tricks_won), to_act, trick, broken, first, record)
    hands = [kernel_hand(h) for h in world.hands]
    kernel_trick = tuple((seat, kernel_card(card)) for seat, card in trick)
    table.extra = [kernel_hand(h) for h in table.extra]
    cards: list[int] = []
    tricks = spades_rollout(hands, table, list(world.tricks_won), to_act, kernel_trick, broken,
                            kernel_card(first) if first >= 0 else -1, cards)
    if record is not None:
        record.extend(BIG_JOKER if c == KERNEL_BIG_JOKER else c for c in cards)
    return tricks


def rules_play_out(world: TrickGame, first: int = -1, record: list[int] | None = None,
                   bag_cost: float | None = 10.0) -> list[float]:
    """The rest of a world's hand played by the engine itself with random legal cards (the world is
    left unchanged), valued as play_out() values it; the random cards are drawn from a generator
    seeded by the world's hands, so a world gives one playout."""
    copy = world.clone()
    copy.stop_at_hand_end = True
    copy.keeps_history = False
    start = sum(len(plays) for _, plays, _ in copy.trick_log) + len(copy.trick)
    if first >= 0:
        copy.play_fast(first)
    rng = random.Random(hash((tuple(world.hands), start, first)))
    copy.random_playout(rng.random)
    if record is not None:
        plays = [card for _, trick, _ in copy.trick_log for _, card in trick]
        record.extend(plays[start:])
    points = copy.results[-1].points
    if isinstance(world, PitchGame) or bag_cost is None:
        return [float(row["total"]) for row in points]
    return [float(row["total"] - row["bags"] - row["bag_penalty"] - bag_cost * row["bags"]) for row in points]


def play_out(world: TrickGame, first: int = -1, record: list[int] | None = None,
             bag_cost: float | None = 10.0, honest: bool = False,
             judges: Sequence[bool] | None = None, noise: random.Random | None = None,
             eps: float = 0.0, rules: RuleSeats | None = None) -> list[float]:
    """Play the rest of a world's hand by the policy (the world is left unchanged); each side's value.

    Spades: see ``spades_side_values``; Pitch: each side's points for the hand.
    ``first``: the card the seat to act plays first, or -1. Spades under its house rules of play:
    ``spades_play_out``; Pitch with the off-jack: ``_off_jack_play_out``. A game the policy does not
    know is played out by the engine with random legal cards instead (``rules_play_out``).
    ``judges`` (Spades, with ``honest``): only these seats judge from what they cannot see; ``noise``:
    with the chance ``eps`` a seat plays any legal card instead of the policy's (drawn from ``noise``);
    ``rules`` (Spades without jokers): seats that play their first turns by the rule-based level's rules.
    """
    if isinstance(world, SpadesRules):
        return spades_play_out(world, first, record, bag_cost, honest, judges, noise, eps, rules)
    if isinstance(world, PitchGame) and world.options.off_jack:
        return _off_jack_play_out(world, first, record, honest, noise, eps)
    if not policy_fits(world):
        return rules_play_out(world, first, record, bag_cost)
    hands = list(world.hands)
    to_act = world.to_act
    assert to_act is not None  # a world in its playing phase
    if world.facts.auction:  # an auction game (Pitch) scores the points won, not contracts of tricks
        table = pitch_table_for(cast("PitchGame", world), honest, noise, eps)
        trump = world.trump
        low_side = -1
        if trump is not None and table.low_to_player:
            low = _trump_costs(trump, table)[1]
            for _, plays, _ in world.trick_log:
                for seat, card in plays:
                    if card == low:
                        low_side = table.side[seat]
            for seat, card in world.trick:
                if card == low:
                    low_side = table.side[seat]
        won, trump, low_side = pitch_rollout(hands, table, list(world.won_cards), to_act, world.trick,
                                             trump, low_side, first, record)
        return [float(v) for v in pitch_side_totals(table, won, trump, low_side)]
    raise TypeError(f"no rollout policy for {type(world).__name__}")


# ----------------------------------------------------------------------------------------------
# The other decisions inside a world: quick full-information estimates (Pitch bids: the rule-based
# level's, so a bid simulated in a world meets the outbidding and dealer steals it will meet at the
# table; the old estimate seldom outbid and left a bid of 2 alone far too often)


def joker_spades(hand: int) -> int:
    """A hand's spades as they rank with the jokers (house rule S7): the Big Joker in the ace's
    place, the Little Joker in the king's, the ace in the queen's and so on down (the two and three,
    below every honour, are left out)."""
    out = (hand >> 53 & 1) << 48 | (hand >> 52 & 1) << 44
    return out | (hand & PLAIN_SPADES) >> 8


def spades_estimate(hand: int, jokers: bool = False) -> float:
    """The tricks a Spades hand should take: spade honours and length, side aces and guarded kings, ruffs
    (``jokers``: house rule S7 in force, the honours counted by their place from the top)."""
    length = (hand & PLAIN_SPADES).bit_count() + (hand & JOKER_MASK).bit_count()
    spades = joker_spades(hand) if jokers else hand & PLAIN_SPADES
    tricks = 0.0
    if spades >> 48 & 1:
        tricks += 1.0
    if spades >> 44 & 1:
        tricks += 1.0 if length >= 2 else 0.4
    if spades >> 40 & 1:
        tricks += 0.9 if length >= 3 else 0.3
    if spades >> 36 & 1 and length >= 4:
        tricks += 0.4
    if length > 4:
        tricks += length - 4
    ruffs = 0.0
    for suit in (1, 2, 3):
        cards = hand & SUIT_MASKS[suit]
        size = cards.bit_count()
        if cards >> (48 + suit) & 1:
            tricks += 1.0 if size <= 5 else 0.7
        if cards >> (44 + suit) & 1:
            tricks += (0.8 if size <= 5 else 0.4) if size >= 2 else 0.3
        if cards >> (40 + suit) & 1 and size >= 3:
            tricks += 0.4 if size <= 4 else 0.2
        if size == 0:
            ruffs += 1.0
        elif size == 1:
            ruffs += 0.6
        elif size == 2:
            ruffs += 0.2
    spare = max(0, min(length, 4) - 1)
    return tricks + min(ruffs, spare)


def nil_danger(hand: int) -> float:
    """How likely a Nil on this hand fails, roughly (0 safe .. 1 hopeless): high cards without low guards."""
    spades = hand & PLAIN_SPADES
    length = spades.bit_count()
    if spades >> 48 & 1 or spades >> 44 & 1 or length >= 5 or hand & JOKER_MASK:
        return 1.0
    danger = 0.25 * max(0, length - 2) + (0.3 if spades >> 40 & 1 else 0.0)
    for suit in (1, 2, 3):
        cards = hand & SUIT_MASKS[suit]
        if not cards:
            continue
        lows = (cards & ((1 << 24) - 1)).bit_count()  # ranks 2..7
        for rank in (12, 11, 10):
            if cards >> (rank * 4 + suit) & 1:
                danger += (0.35 if rank == 12 else 0.2 if rank == 11 else 0.1) * (1.0 if lows < 2 else 0.4)
    return min(1.0, danger)


def spades_expected_tricks(hand: int, players: int = 4, jokers: bool = False) -> float:
    """The tricks the rollout policy takes with this hand, on average (the estimate calibrated
    on rollouts: four players about half a trick more; two players, where a hand is drafted
    and 26 cards lie out of play, about ``0.88 * estimate + 1.5``; Cutthroat Spades for three, 17 cards
    against two rivals, ``0.82 * estimate + 2.55``: a least-squares fit over 24 000 hands played out)."""
    estimate = spades_estimate(hand, jokers)
    if players == 2:
        return 0.88 * estimate + 1.5
    if players == 3:
        return 0.82 * estimate + 2.55
    return estimate + 0.3


def spades_bid_for(hand: int, partner_bid: BidValue | None, nil_allowed: bool, players: int = 4,
                   jokers: bool = False) -> BidValue:
    """A plain bid for a seat inside a world: Nil on a safe hand, otherwise the expected tricks."""
    expected = spades_expected_tricks(hand, players, jokers)
    if players == 2:
        if nil_allowed and expected < 2.0 and nil_danger(hand) < 0.15:
            return "nil"
    elif nil_allowed and expected < 2.3 and nil_danger(hand) < 0.3 and partner_bid not in ("nil", "double_nil"):
        return "nil"
    return max(1, min(hand.bit_count() or 13, int(expected + 0.2)))  # 17 cards in Cutthroat for three


def pitch_estimate(hand: int, players: int, low_to_player: bool = False,
                   off_jack: bool = False) -> tuple[float, int]:
    """The points a Pitch hand should win as pitcher, and the suit it would name (``trump_value``)."""
    suit = choose_trump(hand, players, low_to_player, off_jack)
    return trump_value(hand, suit, players, low_to_player, off_jack), suit


def pitch_bid_rule(value: float, seat: int, dealer: int, players: int, high: int, partner_pitches: bool,
                   cut: float, steal: bool, shut_out: int = 4) -> BidValue:
    """The rule-based level's Pitch bid (``game.ai.normal``) for a hand worth ``value`` points as
    pitcher: the highest bid the value pays for (the cheapest one when at most one seat is left to
    outbid it, unless it is the ``shut_out``), a partner's contract left alone, the dealer taking it
    cheaply; ``cut`` lowers the needs (an opponent about to win the game, the side near the target)."""
    if seat == dealer:
        if high == 0:
            return 2
        if partner_pitches and value < PITCH_BID_NEEDS[4] - cut + 0.3:
            return "pass"
        cheapest = high if steal else high + 1
        if cheapest <= shut_out and value >= PITCH_BID_NEEDS[cheapest] - cut - 0.15:
            return cheapest
        return "pass"
    supported = max((b for b in range(max(2, high + 1), shut_out + 1) if value >= PITCH_BID_NEEDS[b] - cut),
                    default=0)
    if not supported or (partner_pitches and supported < high + 2):
        return "pass"
    if (dealer - seat) % players <= 1 or supported == shut_out:
        return supported if supported == shut_out else max(2, high + 1)
    return supported


def pitch_bid_cut(side: int, pitcher_side: int | None, high: int, scores: Sequence[int], target: int,
                  partners: bool) -> float:
    """How much lower a seat's bid needs are: an opponent about to win the game, its side near the target
    (the normal level's cuts, ``game.ai.normal_game.pitch_cuts``)."""
    cuts = pitch_cuts(partners)
    cut = 0.0
    if pitcher_side is not None and pitcher_side != side and scores[pitcher_side] + high >= target:
        cut += cuts.stop
    if scores[side] + 2 >= target:
        cut += cuts.close
    return cut


def pitch_bid_for(world: PitchGame, seat: int) -> BidValue:
    """The Pitch bid of ``seat`` inside a world (``pitch_bid_rule`` on its hand and the auction so far)."""
    options = world.options
    value, _ = pitch_estimate(world.hands[seat], world.num_seats, options.low == "player", options.off_jack)
    pitcher = world.pitcher
    side = world.side_of(seat)
    pitcher_side = None if pitcher is None else world.side_of(pitcher)
    partners = len(world.teams) < world.num_seats
    cut = pitch_bid_cut(side, pitcher_side, world.high, world.scores, options.target, partners)
    return pitch_bid_rule(value, seat, world.dealer, world.num_seats, world.high,
                          pitcher is not None and pitcher != seat and pitcher_side == side, cut, options.dealer_steal,
                          options.shut_out)


def danger_order(hand: int) -> list[int]:
    """The hand's cards, the most likely to win a trick first (high ranks, spades before the rest)."""
    cards = []
    mask = hand
    while mask:
        card = _low(mask)
        mask ^= 1 << card
        cards.append(card)
    cards.sort(key=lambda c: ((c >> 2) + (3 if c & 3 == 0 else 0)), reverse=True)
    return cards


def exchange_for(hand: int, double_nil: bool, size: int = 3) -> tuple[Card, ...]:
    """The cards to give in a Double Nil exchange (three) or a Nil pass (house rule S8: one or two):
    the Nil bidder its most dangerous, the partner its lowest."""
    order = danger_order(hand)
    cards = order[:size] if double_nil else order[-size:]
    return tuple(JOKER_DECK[c] for c in sorted(cards))


def keep_drawn(card: int, double_nil: bool) -> bool:
    """Spades for two: keep the card just taken? High cards and spades for a bid, low cards for Double Nil."""
    if double_nil:
        return card >> 2 <= 5 and (card & 3 != 0 or card >> 2 <= 2)
    return card & 3 == 0 or card >> 2 >= 10


def redraw_for(hand: int) -> tuple[Card, ...]:
    """Spades for two, Double Nil: up to three of the most dangerous cards to replace."""
    worst = [c for c in danger_order(hand)[:3] if c >> 2 >= 9 or (c & 3 == 0 and c >> 2 >= 6)]
    return tuple(JOKER_DECK[c] for c in sorted(worst))


def legal_bid(world: TrickGame, seat: int, value: BidValue) -> Bid:
    """The bid ``value`` when the rules allow it, else the nearest number bid they do (a minimum
    side bid, house rule S4, may call for more)."""
    legal = [a for a in world.legal_actions() if isinstance(a, Bid)]
    if any(a.value == value for a in legal):
        return Bid(seat, value)
    numbers = [a for a in legal if isinstance(a.value, int)]
    if not numbers or not isinstance(value, int):
        numbers = numbers or legal
        return numbers[0]
    return min(numbers, key=lambda a: abs(int(a.value) - value))


def advance_to_play(world: TrickGame) -> None:
    """Take a world through its remaining bids, exchange, drawing and redraw by the quick estimates."""
    while True:
        phase = world.phase
        if phase is Phase.PLAYING or world.to_act is None:
            return
        seat = world.to_act
        if phase is Phase.BIDDING:
            hand = world.hands[seat]
            if world.facts.auction:
                value = pitch_bid_for(cast("PitchGame", world), seat)
            else:
                partner = world.partner(seat)
                value = spades_bid_for(hand, world.bids[partner] if partner is not None else None,
                                       world.options.nil, world.num_seats, world.options.jokers)
            world.apply(legal_bid(world, seat, value))
        elif phase is Phase.EXCHANGE:
            size = getattr(world, "exchange_sizes", {}).get(seat, 3)  # the Double Nil exchange, or a Nil pass
            nil = world.bids[seat] == DOUBLE_NIL or (world.bids[seat] == NIL and size < 3)  # a Nil pass: 1 or 2
            world.apply(Exchange(seat, exchange_for(world.hands[seat], nil, size)))
        elif phase is Phase.DRAWING:
            if not world.looked[seat]:
                world.apply(Look(seat))
            else:
                two = cast("SpadesTwoGame", world)  # only Spades for two draws
                world.apply(Draw(seat, keep_drawn(two.stock[two.stock_pos], world.bids[seat] == DOUBLE_NIL)))
        elif phase is Phase.REDRAW:
            world.apply(Redraw(seat, redraw_for(world.hands[seat])))
        else:
            return
