"""The ``normal`` level: solid rule-based bidding and play, decided from the seat's view alone.

Spades: counts sure and likely tricks to bid, bids Nil on safe hands (Spades for two: when the
Nil survives the defence against at least 85% of the opponent's possible hands), and Double Nil face
down only from the scores (far behind near the end); plays for its side's contract, covers a
partner's Nil, tries to set an opponent's Nil, never overtakes a partner's sure winner and
ducks once the contract is made (harder when the bags are near ten). Pitch: bids from the
points the hand can win (High, Low, Jack, Game) and its seat (the dealer bids last and steals
cheaply), sets trump on its best suit, wins point-bearing tricks cheaply and never throws
its jack away.
"""

from __future__ import annotations

import random
from math import comb

from game.actions import DOUBLE_NIL, NIL, PASS, Action, Bid, Draw, Exchange, Look, Play, Redraw
from game.ai.cardsense import (
    SUIT_MASKS,
    above,
    beating,
    below,
    cards_in,
    cheapest,
    dearest,
    high_card,
    is_master,
    low_card,
    masters,
    point_value,
    suit,
    suit_of,
)
from game.ai.knowledge import Knowledge, is_nil, know
from game.ai.normal_game import PITCH_BID_NEEDS, PitchCuts, Stakes, off_jack_worth, pitch_cuts
from game.cards import BIG_JOKER, JACK, JOKER_DECK, LITTLE_JOKER, SPADES, Card
from game.house import off_jack_card
from game.state import Phase, SeatView

ACE, KING, QUEEN = 12, 11, 10
NON_SPADES = SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
# Cutthroat Spades for three (17 cards each): the tricks a hand takes against two rivals, from the
# four-player estimate (a least-squares fit over 24 000 hands played out, then the shift measured
# against ``easy`` in the arena; docs/ai-notes.md)
THREE_SCALE, THREE_SHIFT = 0.784, 1.4


# ============================================================== shared helpers
def legal_or_first(view: SeatView, action: Action) -> Action:
    """``action`` if the view allows it, otherwise the first legal action (never an illegal move)."""
    if action in view.legal:
        return action
    return view.legal[0]


def bid_action(view: SeatView, value: object) -> Action:
    """The legal bid nearest to ``value`` (numbers are clipped to what is allowed)."""
    values = [a.value for a in view.legal if isinstance(a, Bid)]
    if value in values:
        return Bid(view.seat, value)
    numbers = [v for v in values if isinstance(v, int)]
    if isinstance(value, int) and numbers:
        best = min(numbers, key=lambda v: (abs(v - value), v))
        return Bid(view.seat, best)
    return view.legal[0]


def hand_mask(view: SeatView) -> int:
    """The seat's own cards as a mask."""
    mask = 0
    for card in view.hand or ():
        mask |= 1 << card
    return mask


def side_of(view: SeatView, seat: int) -> int:
    """The index of the side a seat plays for."""
    return next(i for i, team in enumerate(view.teams) if seat in team)


def partner_of(view: SeatView, seat: int) -> int | None:
    """The seat's partner, if it has one."""
    team = view.teams[side_of(view, seat)]
    return next((s for s in team if s != seat), None) if len(team) > 1 else None


# ============================================================== Spades: bidding
def spade_tricks(hand: int, jokers: bool = False) -> float:
    """Likely tricks from a hand's spades: honours, then length beyond three. With the jokers
    (house rule S7) the Big and Little Joker are the two top spades, the ace third: the honours are
    counted by their place from the top."""
    spades = suit(hand, SPADES)
    n = spades.bit_count()
    ranks = {c >> 2 for c in cards_in(spades)}
    if jokers:
        ranks = {ACE if c == BIG_JOKER else KING if c == LITTLE_JOKER else (c >> 2) - 2 for c in cards_in(spades)}
    total = 0.0
    has_a, has_k, has_q = ACE in ranks, KING in ranks, QUEEN in ranks
    if has_a:
        total += 1.0
    if has_k:
        total += 1.0 if has_a else (0.8 if n >= 2 else 0.3)
    if has_q:
        total += 1.0 if has_a and has_k else (0.6 if n >= 3 and (has_a or has_k) else (0.4 if n >= 3 else 0.1))
    if n >= 4 and JACK in ranks and (has_a + has_k + has_q) >= 2:
        total += 0.4
    total += max(0, n - 3) * 0.85
    return total


def side_tricks(hand: int) -> float:
    """Likely tricks from the aces, kings and queens of the side suits."""
    total = 0.0
    for s in (1, 2, 3):
        cards = suit(hand, s)
        n = cards.bit_count()
        ranks = {c >> 2 for c in cards_in(cards)}
        a, k, q = ACE in ranks, KING in ranks, QUEEN in ranks
        if a:
            total += 1.0 if n <= 5 else 0.6
        if k:
            total += (0.9 if n <= 4 else 0.5) if a else (0.65 if 2 <= n <= 5 else (0.3 if n > 5 else 0.15))
        if q:
            total += 0.5 if a and k and n <= 4 else (0.3 if (a or k) and 3 <= n <= 4 else (0.15 if 3 <= n <= 4 else 0))
    return total


def ruff_tricks(hand: int) -> float:
    """Tricks from trumping short side suits with spades the other counts did not use."""
    n = suit(hand, SPADES).bit_count()
    if n < 2:
        return 0.0
    short = 0.0
    for s in (1, 2, 3):
        length = suit(hand, s).bit_count()
        short += {0: 0.9, 1: 0.5, 2: 0.15}.get(length, 0.0)
    spare = min(n, 3) - sum(1 for c in cards_in(suit(hand, SPADES)) if c >> 2 >= QUEEN)
    return min(short, max(0.0, float(spare)))


def estimate_four(hand: int, jokers: bool = False) -> float:
    """Four-player Spades: the tricks this hand should win (``jokers``: house rule S7 in force)."""
    return spade_tricks(hand, jokers) + side_tricks(hand) + ruff_tricks(hand)


def binom_at_most(trials: int, k: int, p: float) -> float:
    """P(Binomial(trials, p) <= k)."""
    if k >= trials:
        return 1.0
    return sum(comb(trials, j) * p ** j * (1 - p) ** (trials - j) for j in range(k + 1))


def estimate_two(hand: int, unseen: int) -> float:
    """Spades for two: the tricks this hand should win against one opponent holding half the unseen cards."""
    return max(0.0, 0.9 * strength_two(hand, unseen) - 1.6)  # he keeps his best cards: fewer than an even split


def strength_two(hand: int, unseen: int) -> float:
    """Spades for two: the hand's trick-taking strength if the opponent held an even share of the unseen cards."""
    q = 13 / max(13, unseen.bit_count())
    total = 0.0
    for s in range(4):
        mine = cards_in(suit(hand, s))[::-1]
        theirs = suit(unseen, s).bit_count()
        for k, card in enumerate(mine):
            higher = (unseen & above(card)).bit_count()
            p = binom_at_most(higher, k, q)
            if s != SPADES and k:
                p *= 1 - binom_at_most(theirs, k - 1, q) * 0.7  # once he is out of the suit he may trump
            total += p
    return total


def nil_risk(hand: int) -> float:
    """Four-player Spades: how likely a hand is to be forced to win a trick; ``inf`` when Nil is out of the question."""
    spades = cards_in(suit(hand, SPADES))
    if len(spades) >= 4 or any(c >> 2 >= KING for c in spades):
        return float("inf")  # the ace or king of spades, or long spades
    risk = 0.0
    for c in spades:
        rank = c >> 2
        if rank >= QUEEN:
            risk += 1.2
        elif rank >= 8:
            risk += 0.5 if len(spades) <= 2 else 0.8
        elif rank >= 5:
            risk += 0.15
    for s in (1, 2, 3):
        cards = cards_in(suit(hand, s))
        lows = sum(1 for c in cards if c >> 2 <= 5)
        cover = 1.0 if lows == 0 else (0.6 if lows == 1 else (0.35 if lows == 2 else 0.2))
        for c in cards:
            rank = c >> 2
            if rank == ACE:
                risk += 1.6 if len(cards) < 4 else 0.8
            elif rank == KING:
                risk += 0.8 * cover
            elif rank == QUEEN:
                risk += 0.45 * cover
            elif rank == JACK:
                risk += 0.2 * cover
            elif rank == 8:
                risk += 0.1 * cover
    return risk


NIL_SAMPLES = 200  # Spades for two: the opponent's hands a Nil is tried against
NIL_BID_CHANCE = 0.85  # Spades for two: bid Nil when it survives this share of them


def nil_survives(mine: list[list[int]], his: list[list[int]], i_lead: bool) -> bool:
    """Spades for two: whether a Nil holding ``mine`` (ranks by suit, ascending) wins no trick against ``his``.

    The defence leads every trick but the first the Nil bidder may lead; it leads each suit from
    the bottom and she ducks with her highest card below (a worst case for her). She must hold no
    more spades than he does: a spade left when she cannot follow would win. Lists are consumed.
    """
    if len(mine[SPADES]) > len(his[SPADES]):
        return False
    if i_lead:
        safe = [s for s in (1, 2, 3) if mine[s] and his[s] and mine[s][0] < his[s][0]]
        if not safe:
            return False  # every lead either finds him void or lets him play under it
        s = max(safe, key=lambda t: (len(his[t]) - len(mine[t]), -mine[t][0]))
        mine[s].pop(0)
        his[s].pop()  # he follows high, keeping his low cards to lead later
    for s in range(4):
        cards = mine[s]
        for lead in his[s]:
            if not cards:
                break
            below_lead = [r for r in cards if r < lead]
            if not below_lead:
                return False
            cards.remove(below_lead[-1])
    return True


def nil_chance_two(hand: int, unseen: int, hidden: int, i_lead: bool) -> float:
    """Spades for two: the share of the opponent's possible hands (``hidden`` of the unseen cards) a Nil survives.

    The hands are drawn by a generator seeded from the cards, so the answer is the same every time.
    """
    pool = cards_in(unseen)
    if hidden > len(pool) or suit(hand, SPADES).bit_count() > suit(unseen, SPADES).bit_count():
        return 0.0  # more spades than he can hold: one will win a trick
    mine_by_suit = [[c >> 2 for c in cards_in(suit(hand, s))] for s in range(4)]
    rng = random.Random(hand ^ unseen << 52)
    made = 0
    for _ in range(NIL_SAMPLES):
        his: list[list[int]] = [[], [], [], []]
        for c in sorted(rng.sample(pool, hidden)):
            his[suit_of(c)].append(c >> 2)
        if nil_survives([list(r) for r in mine_by_suit], his, i_lead):
            made += 1
    return made / NIL_SAMPLES


def blind_wanted(view: SeatView) -> bool:
    """Double Nil face down, from the scores alone: only far behind when the other side nears the target."""
    seat = view.seat
    mine = side_of(view, seat)
    ours = view.scores[mine]
    theirs = max(score for i, score in enumerate(view.scores) if i != mine)
    target = view.options.target
    partner = partner_of(view, seat)
    if partner is not None and (is_nil(view.bids[partner]) or partner in view.blind):
        return False
    return bool(theirs - ours >= max(150, target * 0.4) and theirs >= target * 0.7)


def two_player_estimate(hand: int, unseen: int, rival: int | None) -> float:
    """Spades for two: the tricks a hand bids on (``unseen``: the cards the bidder has not seen; ``rival``: the
    opponent's number bid when he bid first, else None)."""
    est = estimate_two(hand, unseen)
    if rival is not None and est + rival > 13:  # he bid first: what he expects to take, I cannot
        est = (est + 13 - rival - 0.5) / 2
    return est


def near_bag_limit(view: SeatView, side: int) -> bool:
    """Whether ``side``'s bags are within three of the limit that costs points (house rule S2: 10, 5, or none)."""
    limit = getattr(view.options, "bag_limit", 10)
    return limit is not None and view.bags[side] >= limit - 3


def number_bid(est: float, two: bool, near_limit: bool) -> int:
    """The number bid on a trick estimate, before the table's limits (rounding: docs/ai-notes.md); near the
    bag limit one more when the estimate is well above it (bid the tricks likely to come anyway)."""
    bid = int(est + (-0.2 if two else 0.45))
    return bid + 1 if near_limit and est - bid > 0.1 else bid


def spades_bid(view: SeatView) -> Action:
    """A four-player or two-player Spades bid from a visible hand."""
    hand = hand_mask(view)
    two = view.num_seats == 2  # Spades for two: the two hands share the thirteen tricks
    if two:
        k = know(view)
        rival = view.bids[1 - view.seat]
        est = two_player_estimate(hand, k.unseen, rival if isinstance(rival, int) else None)
    else:
        est = estimate_four(hand, bool(getattr(view.options, "jokers", False)))
        if view.num_seats == 3:  # Cutthroat for three: 17 cards, two rivals
            est = THREE_SCALE * est + THREE_SHIFT
    partner = partner_of(view, view.seat)
    partner_nil = partner is not None and is_nil(view.bids[partner])
    nil_ok = any(isinstance(a, Bid) and a.value == NIL for a in view.legal)
    if two:
        rival_nil = is_nil(view.bids[1 - view.seat])
        if nil_ok and not rival_nil and nil_chance_two(hand, k.unseen, view.hand_sizes[1 - view.seat],
                                                       view.dealer != view.seat) >= NIL_BID_CHANCE:
            return Bid(view.seat, NIL)
    elif nil_ok and not partner_nil and est <= 2.0 and nil_risk(hand) <= 1.3:
        return Bid(view.seat, NIL)
    bid = number_bid(est, two, near_bag_limit(view, side_of(view, view.seat)))
    if partner_nil:
        bid = int(est + 0.7)  # covering a Nil costs tricks: bid what the hand holds, no less
    return bid_action(view, max(1, min(len(view.hand or ()) or 13, bid)))  # 17 in Cutthroat for three


def exchange_cards(view: SeatView) -> Action:
    """The Double Nil exchange or the Nil pass (house rule S8): the Nil bidder gives his most dangerous
    cards, his partner her lowest."""
    hand = hand_mask(view)
    bid = view.bids[view.seat]
    if bid == DOUBLE_NIL or (bid == NIL and 0 < view.exchange_cards < 3):  # a Nil pass gives one or two
        ranked = sorted(cards_in(hand), key=lambda c: (nil_danger(c, hand), c), reverse=True)
    else:
        ranked = sorted(cards_in(hand), key=lambda c: ((suit_of(c)) == SPADES, c >> 2, c))
    give = tuple(sorted(ranked[:view.exchange_cards or 3]))
    return legal_or_first(view, Exchange(view.seat, give))


def nil_danger(card: int, hand: int) -> float:
    """How much a card threatens a Nil: high spades most, then unguarded high cards."""
    rank = card >> 2
    if suit_of(card) == SPADES:
        return rank + (5 if rank >= 6 else 1)
    lows = sum(1 for c in cards_in(suit(hand, suit_of(card))) if c >> 2 <= 5)
    return rank + (4 if rank >= QUEEN and lows < 2 else 0)


# ============================================================== Spades: two-player drawing
def trick_value(card: int) -> float:
    """How much a card adds to a trick-taking hand in Spades for two."""
    rank = card >> 2
    if suit_of(card) == SPADES:
        return 0.45 + 0.045 * rank
    return {ACE: 0.9, KING: 0.6, QUEEN: 0.3, JACK: 0.15}.get(rank, 0.04)


def draw_choice(view: SeatView) -> Action:
    """Keep the card just taken when it beats what the unknown next card is worth to the plan."""
    card = view.drawn_card
    if card is None:
        return view.legal[0]
    k = know(view)
    pool = cards_in(k.unseen & ~(1 << card))
    hand = k.hand
    if view.bids[view.seat] == DOUBLE_NIL:
        mean = sum(nil_danger(c, hand) for c in pool) / max(1, len(pool))
        keep = nil_danger(card, hand) <= mean
    else:
        mean = sum(trick_value(c) for c in pool) / max(1, len(pool))
        keep = trick_value(card) >= mean
    return legal_or_first(view, Draw(view.seat, keep))


def redraw_choice(view: SeatView) -> Action:
    """Double Nil redraw: throw the (up to three) cards more dangerous than an average discard."""
    k = know(view)
    hand = k.hand
    discarded = 0
    for card in view.discarded:
        discarded |= 1 << card
    pool = cards_in((k.unseen | discarded) & ~hand)
    mean = sum(nil_danger(c, hand) for c in pool) / max(1, len(pool))
    ranked = sorted(cards_in(hand), key=lambda c: nil_danger(c, hand), reverse=True)
    throw = tuple(sorted(c for c in ranked[:3] if nil_danger(c, hand) > mean + 2))
    return legal_or_first(view, Redraw(view.seat, throw))


# ============================================================== Spades: play
def holds(k: Knowledge, card: int, led: int, seats: list[int]) -> bool:
    """Whether ``card``, winning the trick now, cannot be beaten by any of ``seats`` (from what is known)."""
    risky = k.unseen & ~k.hand
    for seat in seats:
        if suit_of(card) == SPADES:
            if risky & above(card) and not k.is_void(seat, SPADES):
                return False
        elif not k.is_void(seat, led):
            if risky & above(card):
                return False
            if k.is_void(seat, SPADES) or not risky & SUIT_MASKS[SPADES]:
                continue
            if (risky & SUIT_MASKS[led]).bit_count() == 0:
                return False  # no card of the suit is left outside: he must be void and may trump
        elif not k.is_void(seat, SPADES) and risky & SUIT_MASKS[SPADES]:
            return False
    return True


def cutthroat(k: Knowledge) -> bool:
    """Whether the seat plays alone at a table of three or four (Cutthroat Spades): no partner to cover,
    and every trick it lets go goes to a rival."""
    return k.partner is None and k.n >= 3


def wants_tricks(k: Knowledge, game_aware: bool = True) -> bool:
    """Whether this seat's side still plays to win tricks (its contract is not yet made, or a set is near).

    Cutthroat Spades: a trick ducked goes to a rival (towards his bid, or saving him from a set), so a
    player alone keeps taking tricks once his bid is made, until his bag count nears the penalty.
    ``game_aware``: when the other side wins the game by making its contract, every trick is taken
    while it is not made, bags or not (a set is the only way to stop them)."""
    contract, _ = k.contract(k.side)
    if contract == 0:
        return False
    need = k.need(k.side)
    if need > 0:
        return True
    limit = getattr(k.view.options, "bag_limit", 10)  # house rule S2: 10, 5, or None
    if limit is None:
        return True  # no bag penalty: every overtrick is a point
    if game_aware and any(k.need(side) > 0 for side in range(len(k.view.teams)) if side != k.side):
        stakes = Stakes.of(k.view)
        if stakes is not None and stakes.they_finish():
            return True
    if cutthroat(k) and k.view.bags[k.side] < limit - 3:
        return True
    left = k.tricks_left()
    bags = k.view.bags[k.side]
    for side in range(len(k.view.teams)):
        if side == k.side:
            continue
        their, _ = k.contract(side)
        their_need = k.need(side)
        if their and their_need > 0 and left - their_need <= 1 and bags <= limit - 4:
            return True
    return False


def spades_play(view: SeatView, game_aware: bool = True) -> Card:
    """The card a normal Spades player plays now (``game_aware``: see ``wants_tricks``)."""
    return spades_play_known(know(view), game_aware)


def spades_play_known(k: Knowledge, game_aware: bool = True) -> Card:
    """``spades_play`` from what the seat knows (``know``)."""
    view = k.view
    legal = k.legal
    if legal & (legal - 1) == 0:
        return low_card(legal)
    if is_nil(view.bids[k.seat]):
        return nil_play(k)  # a broken Nil still ducks: its tricks are only bags, never the partner's contract
    if k.partner is not None and k.live_nil(k.partner):
        card = cover_play(k)
        if card is not None:
            return card
    targets = [o for o in k.opponents if k.live_nil(o)]
    if targets:
        need = max(0, k.need(k.side))
        if need <= max(0, k.tricks_left() - 3):
            card = set_play(k, targets[0])
            if card is not None:
                return card
    return contract_play(k, wants_tricks(k, game_aware))


def lose_score(k: Knowledge, card: int) -> int:
    """How surely a lead loses: the unseen cards that can beat it."""
    score = (k.unseen & ~k.hand & above(card)).bit_count()
    if suit_of(card) != SPADES:
        score += 2 * sum(1 for o in range(k.n) if o != k.seat and k.is_void(o, suit_of(card))
                         and not k.is_void(o, SPADES))
    return score


def nil_play(k: Knowledge) -> Card:
    """Play for one's own Nil: lead the surest losers, duck under the winner, shed danger."""
    legal = k.legal
    if not k.view.trick:
        return max(cards_in(legal), key=lambda c: (lose_score(k, c), -(c >> 2), suit_of(c) != SPADES))
    led = suit_of(k.view.trick[0][1])
    _, best = k.current() or (0, 0)
    win = beating(legal, best, led, SPADES)
    lose = legal & ~win
    if lose:
        return max(cards_in(lose), key=lambda c: ((suit_of(c)) == SPADES, c >> 2))
    if not k.after_me():
        return high_card(win)
    return cheapest(win, SPADES)


def cover_play(k: Knowledge) -> Card | None:
    """Protect a partner's Nil: lead high or into his voids, play high before him, overtake him."""
    partner = k.partner
    assert partner is not None
    legal = k.legal
    trick = k.view.trick
    if not trick:
        for s in (1, 2, 3):
            mine = suit(legal, s)
            if mine and k.is_void(partner, s):
                return high_card(mine)
        return dearest(legal, SPADES)
    led = suit_of(trick[0][1])
    seat_now, best = k.current() or (0, 0)
    win = beating(legal, best, led, SPADES)
    if partner in k.after_me():
        follow = suit(win, led)
        if follow:
            return high_card(follow)
        if win:
            return low_card(win)
        return cheapest(legal, SPADES)
    if seat_now == partner:
        if win:
            return cheapest(win, SPADES)
        return cheapest(legal, SPADES)
    return None


def set_play(k: Knowledge, target: int) -> Card | None:
    """Try to set an opponent's Nil: lead low into his suits, keep the bar low, duck under him."""
    legal = k.legal
    trick = k.view.trick
    if not trick:
        only_spades = not legal & NON_SPADES
        options = [c for c in cards_in(legal)
                   if not k.is_void(target, suit_of(c)) and (suit_of(c) != SPADES or only_spades)]
        if not options:
            return None
        return min(options, key=lambda c: (c >> 2, suit_of(c) == SPADES))
    led = suit_of(trick[0][1])
    seat_now, best = k.current() or (0, 0)
    if target in k.after_me():
        if k.partner is not None and seat_now == k.partner and k.partner not in k.after_me():
            return cheapest(legal, SPADES)
        return cheapest(legal & ~beating(legal, best, led, SPADES) or legal, SPADES)
    if seat_now == target:
        lose = legal & ~beating(legal, best, led, SPADES)
        if lose:
            follow = suit(lose, led)
            return high_card(follow) if follow else cheapest(lose, SPADES)
        return cheapest(legal, SPADES)
    return None


def contract_play(k: Knowledge, want: bool) -> Card:
    """Play for the side's contract: win cheaply while tricks are needed, duck once it is made."""
    legal = k.legal
    trick = k.view.trick
    if not trick:
        return contract_lead(k, want)
    led = suit_of(trick[0][1])
    seat_now, best = k.current() or (0, 0)
    after = k.after_me()
    rivals = [s for s in after if s in k.opponents]
    win = beating(legal, best, led, SPADES)
    lose = legal & ~win
    if not want:
        if lose:
            return max(cards_in(lose), key=lambda c: ((suit_of(c)) != SPADES, c >> 2)) if not suit(lose, led) \
                else high_card(suit(lose, led))
        return high_card(win) if not after else cheapest(win, SPADES)
    if seat_now == k.partner and (not rivals or holds(k, best, led, rivals)):
        return cheapest(legal, SPADES)  # partner's winner is sure: never overtake it
    if not win:
        return cheapest(legal, SPADES)
    if not rivals:
        return cheapest(win, SPADES)
    if cutthroat(k):  # alone: the cheapest card that wins now, keeping the high ones for later
        return cheapest(suit(win, led) or win, SPADES)
    sure = [c for c in cards_in(win) if holds(k, c, led, rivals)]
    if sure:
        return min(sure, key=lambda c: ((suit_of(c)) == SPADES and led != SPADES, c >> 2))
    follow = suit(win, led)
    if k.partner is not None and k.partner in after:
        if follow:
            return cheapest(legal, SPADES)  # second hand low: the partner still plays
        return low_card(win)
    if follow:
        return equivalent_low(high_card(follow), k.hand, k.unseen & ~k.hand)  # third hand high, cheapest of equals
    return low_card(win)


def equivalent_low(card: int, hand: int, unseen: int) -> Card:
    """The lowest card of ``hand`` worth as much as ``card``: no unseen card of the suit lies between them."""
    best = card
    probe = next_lower(card)
    while probe >= 0:
        if hand >> probe & 1:
            best = probe
        elif unseen >> probe & 1:
            break
        probe = next_lower(probe)
    return JOKER_DECK[best]


def next_lower(card: int) -> int:
    """The card just below ``card`` in its suit (negative below the two): the Big Joker, the Little
    Joker, then the ace of spades (house rule S7)."""
    if card == BIG_JOKER:
        return LITTLE_JOKER
    return 48 if card == LITTLE_JOKER else card - 4


def contract_lead(k: Knowledge, want: bool) -> Card:
    """Lead for the contract: cash safe winners and draw trumps, or give the lead away once made."""
    legal = k.legal
    risky = k.unseen & ~k.hand
    if not want:
        return max(cards_in(legal),
                   key=lambda c: (lose_score(k, c) > 0, suit_of(c) != SPADES, lose_score(k, c), -(c >> 2)))
    top = masters(legal, risky)
    spades = suit(legal, SPADES)
    their_spades = suit(risky, SPADES).bit_count()
    if suit(top, SPADES) and their_spades and spades.bit_count() >= their_spades:
        return high_card(suit(top, SPADES))
    safe = []
    for c in cards_in(top & NON_SPADES):
        s = suit_of(c)
        if all(not k.is_void(o, s) or k.is_void(o, SPADES) for o in k.opponents) or not their_spades:
            safe.append(c)
    if safe:
        return max(safe, key=lambda c: (suit(k.hand, suit_of(c)).bit_count(), -(c >> 2)))
    for s in (1, 2, 3):  # the top of touching honours (K Q with the ace out) sets up the rest
        mine = suit(legal, s)
        if mine.bit_count() >= 2:
            top = high_card(mine)
            touching = equivalent_low(top, k.hand, risky) != top
            if top >> 2 >= QUEEN and (risky & above(top)).bit_count() <= 1 and touching:
                return top
    if k.partner is not None and their_spades:
        for s in (1, 2, 3):
            mine = suit(legal, s)
            if mine and k.is_void(k.partner, s) and not k.is_void(k.partner, SPADES):
                return low_card(mine)
    if spades:
        for s in (1, 2, 3):
            mine = suit(legal, s)
            if mine.bit_count() == 1 and low_card(mine) >> 2 < QUEEN:
                return low_card(mine)
    plain = legal & NON_SPADES
    if plain:
        def appeal(s: int) -> int:
            """Long suits lead best, but not away from a king or queen that wants protecting."""
            mine = suit(plain, s)
            if not mine:
                return -99
            top = high_card(mine)
            guarded = top >> 2 in (KING, QUEEN) and not is_master(top, risky) and mine.bit_count() <= 3
            return 2 * mine.bit_count() - (3 if guarded else 0)

        return low_card(suit(plain, max((1, 2, 3), key=lambda s: (appeal(s), -s))))
    return high_card(spades) if is_master(high_card(spades), risky) else low_card(spades)


# ============================================================== Pitch
def p_dealt(view: SeatView) -> float:
    """The chance that a card this seat cannot see is in another player's hand (not set aside)."""
    others = 6 * (view.num_seats - 1)
    return others / 46


def suit_points(hand: int, s: int, view: SeatView) -> float:
    """Expected points (High, Low, Jack, Game) with suit ``s`` as trump."""
    trumps = cards_in(suit(hand, s))
    if not trumps:
        return 0.0
    p = p_dealt(view)
    top, bottom = trumps[-1] >> 2, trumps[0] >> 2
    ranks = {c >> 2 for c in trumps}
    n = len(trumps)
    high = (1 - p) ** (12 - top)
    lowest = (1 - p) ** bottom
    keep_low = 1.0 if view.options.low == "player" else min(0.85, 0.4 + 0.12 * n + (0.1 if top >= KING else 0))
    low = lowest * keep_low
    if JACK in ranks:
        jack = 0.95 if ACE in ranks and KING in ranks else (0.85 if ACE in ranks else 0.55 + 0.06 * n)
        if n == 1:
            jack = 0.5
    else:
        jack = p * (0.4 if ACE in ranks else (0.25 if KING in ranks else 0.08))
    aces = sum(1 for c in cards_in(hand) if c >> 2 == ACE and suit_of(c) != s)
    tens = sum(1 for c in trumps if c >> 2 == 8)
    game = 1 / view.num_seats + 0.08 * (n - 1) + 0.05 * aces + 0.12 * tens + (0.05 if top >= KING else 0)
    game = max(0.05, min(0.8, game))
    return high + low + jack + game + off_jack_points(hand, s, view, ranks, n)


def off_jack_points(hand: int, s: int, view: SeatView, ranks: set[int], n: int) -> float:
    """Five-point Pitch (house rule P1): what the off-jack is worth with ``s`` trump, as a point
    (held and guarded, or captured) and as one more trump for High, Low and Game."""
    off = off_jack_card(view.options, s)
    if off is None:
        return 0.0
    return off_jack_worth(bool(hand >> off & 1), ACE in ranks, KING in ranks, JACK in ranks, n, p_dealt(view))


def best_suit(hand: int, view: SeatView) -> tuple[int, float]:
    """The trump suit this hand would choose, and its expected points."""
    values = [(suit_points(hand, s, view), s) for s in range(4)]
    value, s = max(values)
    return s, value


POT_WORTH_A_RISK = 10  # Pitch: the value in a trick worth a high trump that may still be beaten
TEN = 8  # the rank index of the ten (ten points of Game in Pitch)


def pitch_bid(view: SeatView, cuts: PitchCuts | None = None) -> Action:
    """A Pitch bid from the points the hand can win and its seat; the dealer takes the contract cheaply.
    ``cuts``: how much less a bid needs to stop a pitcher who would go out, and near the target (None:
    the table's, ``normal_game.pitch_cuts``)."""
    hand = hand_mask(view)
    _, value = best_suit(hand, view)
    choices = [a.value for a in view.legal if isinstance(a, Bid)]
    numbers = [v for v in choices if isinstance(v, int)]
    seat = view.seat
    high = view.high_bid
    pitcher = view.pitcher
    target = view.options.target
    need = dict(PITCH_BID_NEEDS)
    cuts = cuts or pitch_cuts(partner_of(view, seat) is not None)
    top = max(numbers, default=4)
    if pitcher is not None and side_of(view, pitcher) != side_of(view, seat):
        if view.scores[side_of(view, pitcher)] + high >= target:
            need = {b: v - cuts.stop for b, v in need.items()}  # stop him winning the game on this hand
    if view.scores[side_of(view, seat)] + 2 >= target:
        need = {b: v - cuts.close for b, v in need.items()}
    if seat == view.dealer:
        if PASS not in choices:
            return Bid(seat, min(numbers))  # all passed: the cheapest forced bid
        if pitcher is not None and partner_of(view, seat) == pitcher and value < need[4] + 0.3:
            return Bid(seat, PASS)
        cheapest_bid = min(numbers)
        if value >= need[cheapest_bid] - 0.15:
            return Bid(seat, cheapest_bid)
        return Bid(seat, PASS)
    supported = max((b for b in numbers if value >= need[b] and b >= 2), default=0)
    if not supported:
        return Bid(seat, PASS)
    if pitcher is not None and partner_of(view, seat) == pitcher and supported < high + 2:
        return Bid(seat, PASS)
    still_to_bid = (view.dealer - seat) % view.num_seats  # the seats after this one, the dealer last
    if still_to_bid <= 1 or supported == top:
        return Bid(seat, supported if supported == top else min(b for b in numbers if b >= 2))
    return Bid(seat, supported)  # several seats still to bid: bid the hand's worth, harder to take


def pitch_special(card: int, trump: int, k: Knowledge) -> int:
    """What a card is worth in the trick that captures it, Pitch points included."""
    value = point_value(card)
    if card == off_jack_card(k.view.options, trump):
        return value + 20  # five-point Pitch: the off-jack is a trump and a point, as the jack
    if suit_of(card) == trump:
        if card >> 2 == JACK:
            value += 20
        if not (k.unseen & below(card)) and not (k.hand & below(card)):
            value += 12  # it may be the lowest trump in play
        else:
            value += 2
    return value


def first_lead(hand: int, trump: int) -> Card:
    """The pitcher's opening lead in his trump suit: the ace or king, else a middle card that spares jack and low."""
    trumps = cards_in(suit(hand, trump))
    top = trumps[-1]
    if top >> 2 >= KING or len(trumps) < 3:
        return top
    middle = [c for c in trumps[1:] if c >> 2 != JACK]
    return max(middle) if middle else top


def pitch_play(view: SeatView) -> Card:
    """The card a normal Pitch player plays now."""
    return pitch_play_known(know(view))


def pitch_play_known(k: Knowledge) -> Card:
    """``pitch_play`` from what the seat knows (``know``)."""
    view = k.view
    legal = k.legal
    if legal & (legal - 1) == 0:
        return low_card(legal)
    trump = view.trump
    if trump is None:
        return first_lead(k.hand, best_suit(k.hand, view)[0])
    trick = view.trick
    risky = k.unseen & ~k.hand
    if not trick:
        mine = suit(legal, trump)
        theirs = suit(risky, trump)
        if mine and theirs and is_master(high_card(mine), risky):
            return high_card(mine)
        plain = legal & ~SUIT_MASKS[trump]
        if plain:
            # an opponent known void in the suit who may still hold a trump can take the card with one:
            # lead no point card there while another will do (never the ten, ten points of Game)
            ruffers = [o for o in k.opponents if not k.is_void(o, trump)] if theirs else []

            def exposed(c: int) -> bool:
                return point_value(c) > 0 and any(k.is_void(o, c & 3) for o in ruffers)

            return min(cards_in(plain), key=lambda c: (exposed(c), point_value(c) > 0, exposed(c) and c >> 2 == TEN,
                                                       is_master(c, risky), c >> 2))
        return min(cards_in(mine), key=lambda c: (pitch_special(c, trump, k), c >> 2))
    led = suit_of(trick[0][1])
    seat_now, best = k.current() or (0, 0)
    after = k.after_me()
    rivals = [s for s in after if s in k.opponents]
    win = beating(legal, best, led, trump)
    lose = legal & ~win
    pot = sum(pitch_special(c, trump, k) for _, c in trick)

    def sure(card: int) -> bool:
        """Whether no opponent still to play can beat ``card`` (he may trump whenever he likes)."""
        if not rivals:
            return True
        if suit_of(card) == trump:
            return not (risky & above(card)) or all(k.is_void(r, trump) for r in rivals)
        return not (risky & above(card)) and all(k.is_void(r, trump) for r in rivals)

    if seat_now == k.partner and sure(best):
        gift = lose or legal
        return max(cards_in(gift),
                   key=lambda c: (suit_of(c) != trump or c >> 2 == JACK, pitch_special(c, trump, k), -(c >> 2)))
    sure_wins = [c for c in cards_in(win) if sure(c)]
    if sure_wins:
        card = min(sure_wins, key=lambda c: (suit_of(c) == trump, c >> 2))
        if pot > 0 or suit_of(card) != trump or pitch_special(card, trump, k) >= 10:
            return card  # a sure trick worth having (or one that saves my own jack or low)
    if win and pot >= POT_WORTH_A_RISK and rivals:
        return high_card(suit(win, trump) or win)
    if lose:
        return min(cards_in(lose), key=lambda c: (pitch_special(c, trump, k), c >> 2))
    return min(cards_in(win), key=lambda c: (pitch_special(c, trump, k), c >> 2))


# ============================================================== the decisions
def normal_pitch_choose(view: SeatView, rng: random.Random, cuts: PitchCuts | None = None) -> Action:
    """The normal level's action in an auction game (Pitch): its bid, or its card (``rng`` unused;
    ``cuts``: see ``pitch_bid``)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if view.phase is Phase.PLAYING:
        return legal_or_first(view, Play(view.seat, pitch_play(view)))
    return legal_or_first(view, pitch_bid(view, cuts))


def normal_spades_choose(view: SeatView, rng: random.Random, game_aware: bool = True) -> Action:
    """The normal level's action in Spades (four players or two): bid, draw, redraw, exchange or card
    (``game_aware`` False: the card play ignores what the scores make of the hand, the arena's ``normal-1``)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    phase = view.phase
    if phase is Phase.PLAYING:
        return legal_or_first(view, Play(view.seat, spades_play(view, game_aware)))
    if phase is Phase.DRAWING:
        if view.hand is None or not view.looked[view.seat]:
            wanted = blind_wanted(view) and Bid(view.seat, DOUBLE_NIL) in view.legal
            return legal_or_first(view, Bid(view.seat, DOUBLE_NIL) if wanted else Look(view.seat))
        return draw_choice(view)
    if phase is Phase.REDRAW:
        return redraw_choice(view)
    if phase is Phase.EXCHANGE:
        return exchange_cards(view)
    if view.hand is None:
        if Bid(view.seat, DOUBLE_NIL) in view.legal and blind_wanted(view):
            return Bid(view.seat, DOUBLE_NIL)
        return legal_or_first(view, Look(view.seat))  # listed first: look, then bid face up
    return legal_or_first(view, spades_bid(view))
