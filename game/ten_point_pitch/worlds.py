"""Ten-point Pitch worlds: complete games that fit what one seat knows, for the Hard level's search.

What a seat knows (``SeatView`` and its ``TenPointView`` part): its own cards (the nine dealt, what
it drew, what it put down), the bids, trump, the trumps burned face up, how many cards each player
put down face down and drew, who is out, and every card played. What it does not: the other
hands, the stock's order, the cards others put down face down.

- Before the draw (bidding, naming trump) the 45 cards this seat has not seen are dealt uniformly
  to the other hands and the stock, and the public bids are replayed through the rules.
- In play: nobody ever puts a trump down face down (the rules throw only non-trumps face down, and
  a player who goes out holds no trump), so every trump neither in this hand, nor played, nor
  burned is in another player's hand, and each player still in holds at least one. Each other
  hand gets its size of unseen cards: its trumps and its non-trumps (a non-pitcher can hold no
  more non-trumps than he drew from the stock), the counts drawn with weight the number of deals
  they allow and the cards then uniformly; the unseen non-trumps left over are the face-down cards.
  The world is built from the public state directly (the draw is over; its choices are not
  replayed).

Every world has ``stop_at_hand_end``: played on, it follows the rules and stops, scored, at the end
of the hand. A searching player may read everything inside a world.
"""

from __future__ import annotations

import random
from itertools import product
from math import comb

from game.actions import Bid
from game.cards import JOKER_DECK, Card, cards_of
from game.chance import Chance
from game.sampling import WorldSampler
from game.state import Phase, SeatView, TrickGame
from game.ten_point_pitch.rules import (
    KEEP,
    TenPointHandLog,
    TenPointPitchGame,
    deck_for,
    trump_mask,
)

ALL = (1 << len(JOKER_DECK)) - 1


def _mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card
    return mask


def _fresh(view: SeatView, chance: Chance) -> TenPointPitchGame:
    game = TenPointPitchGame(view.options, view.num_seats, None, chance)
    game.scores = list(view.scores)
    game.bags = list(view.bags)
    game.hand_number = view.hand_number
    game.stop_at_hand_end = True
    game.keeps_history = False
    return game


def _before_draw(view: SeatView, rng: random.Random) -> TenPointPitchGame:
    """A world in the bidding or while trump is named: the unseen cards dealt uniformly, the bids replayed."""
    n, me = view.num_seats, view.seat
    mine = list(view.hand or ())
    rest = [c for c in JOKER_DECK if c not in set(mine)]
    rng.shuffle(rest)
    deal: list[list[Card]] = []
    for seat in range(n):
        if seat == me:
            deal.append(mine)
        else:
            deal.append(rest[:len(mine)])
            del rest[:len(mine)]
    chance = Chance(rng.getrandbits(32))
    chance.force("seat", [view.dealer])
    chance.force("deck", [deck_for(view.dealer, deal, rest)])
    game = _fresh(view, chance)
    for seat, value in view.bid_order:
        game.apply(Bid(seat, value))
    return game


def _split_counts(seats: list[int], sizes: dict[int, int], caps: dict[int, int], trumps: int,
                  others: int, rng: random.Random) -> dict[int, int]:
    """How many trumps each other hand holds: each at least one (it is still in), at most its size,
    its non-trumps within its cap; weighted by the number of deals each split allows."""
    options: list[tuple[int, ...]] = []
    weights: list[int] = []
    ranges = [range(max(1, sizes[s] - caps[s]), sizes[s] + 1) for s in seats]
    for split in product(*ranges):
        if sum(split) != trumps:
            continue
        weight, left_t, left_n = 1, trumps, others
        for seat, t in zip(seats, split, strict=True):
            weight *= comb(left_t, t) * comb(left_n, sizes[seat] - t)
            left_t -= t
            left_n -= sizes[seat] - t
        if weight:
            options.append(split)
            weights.append(weight)
    if not options:
        raise ValueError("no deal fits the view")
    split = rng.choices(options, weights)[0]
    return dict(zip(seats, split, strict=True))


def _in_play(view: SeatView, rng: random.Random) -> TenPointPitchGame:
    """A world during play, built from the public state and one uniform split of the unseen cards."""
    part = view.part
    assert view.trump is not None and part is not None and view.pitcher is not None
    n, me, trump = view.num_seats, view.seat, view.trump
    trumps = trump_mask(trump)
    played = _mask(view.played)
    burned = sum(_mask(cards) for cards in part.burned)
    own = _mask(view.hand or ())
    seen = own | played | burned | _mask(part.my_face_down) | _mask(part.my_drawn)
    unseen = ALL & ~seen
    unseen_t, unseen_n = unseen & trumps, unseen & ~trumps
    seats = [s for s in range(n) if s != me and not part.out[s] and view.hand_sizes[s] > 0]
    sizes = {s: view.hand_sizes[s] for s in seats}
    caps = {s: (KEEP if s == view.pitcher else (part.drawn[s] or 0)) for s in seats}
    split = _split_counts(seats, sizes, caps, unseen_t.bit_count(), unseen_n.bit_count(), rng) if seats else {}
    pool_t, pool_n = cards_of(unseen_t), cards_of(unseen_n)
    rng.shuffle(pool_t)
    rng.shuffle(pool_n)
    hands = [0] * n
    hands[me] = own
    for seat in seats:
        t = split[seat]
        hands[seat] = _mask(pool_t[:t]) | _mask(pool_n[:sizes[seat] - t])
        del pool_t[:t]
        del pool_n[:sizes[seat] - t]
    if pool_t:
        raise ValueError("no deal fits the view: trumps left over")
    chance = Chance(rng.getrandbits(32))
    chance.force("seat", [view.dealer])
    game = _fresh(view, chance)
    game.hands = hands
    game.stock = []
    game.trump, game.trumps = trump, trumps
    game.pitcher, game.high = view.pitcher, view.high_bid
    game.bids = list(view.bids)
    game.out = list(part.out)
    game.burned = [_mask(cards) for cards in part.burned]
    face_down = [0] * n
    face_down[me] = _mask(part.my_face_down)
    left = cards_of(_mask(pool_n))
    for seat in range(n):
        if seat != me:
            count = min(part.face_down[seat], len(left))
            face_down[seat] = _mask(left[:count])
            del left[:count]
    game.face_down = face_down
    game.drawn = list(part.drawn)
    game.draw_order, game.draw_index = (), 0
    game.in_play = (played | sum(hands)) & trumps
    game.played = played
    game.trick_log = [(leader, list(plays), winner) for leader, plays, winner in view.tricks]
    game.tricks_won = list(view.tricks_won)
    won = [0] * len(view.teams)
    side = {seat: i for i, team in enumerate(view.teams) for seat in team}
    for _leader, plays, winner in view.tricks:
        for _seat, card in plays:
            won[side[winner]] |= 1 << card
    game.won_cards = won
    game.trick = list(view.trick)
    game.last_trick, game.last_winner = list(view.last_trick), view.last_winner
    in_trick = {seat for seat, _card in view.trick}
    game.leader = view.trick[0][0] if view.trick else view.to_act
    game.trick_size = len(view.trick) + sum(1 for s in range(n) if not part.out[s] and s not in in_trick)
    game.phase, game.to_act = Phase.PLAYING, view.to_act
    log = TenPointHandLog(dealer=view.dealer, bids=list(view.bid_order))
    game.log = log
    game.hand_logs = [log]
    game.dealer = view.dealer
    game._offered = ()  # noqa: SLF001 - the world's own cache of legal actions, now stale
    return game


def sample_world(view: SeatView, rng: random.Random) -> TenPointPitchGame:
    """A complete Ten-point Pitch game that fits ``view`` (bidding, naming trump or play); ValueError
    for a phase with nothing to search (the draw, the end of a hand)."""
    if view.phase in (Phase.BIDDING, Phase.NAMING_TRUMP):
        return _before_draw(view, rng)
    if view.phase is Phase.PLAYING:
        return _in_play(view, rng)
    raise ValueError(f"no Ten-point Pitch worlds in {view.phase.value}")


class TenPointPitchWorlds(WorldSampler):
    """The registry's sampler (``GameInfo.worlds``): each sample is one ``sample_world(view, rng)``.

    Ten-point Pitch builds its worlds from the public state itself (above), not from the shared
    machinery's template replay, so only the checks of the view are done up front.
    """

    def __init__(self, view: SeatView) -> None:  # noqa: D107 - the class says it
        if view.phase in (Phase.GAME_OVER, Phase.HAND_OVER):
            raise ValueError(f"nothing to sample: the {'game' if view.phase is Phase.GAME_OVER else 'hand'} is over")
        self.view = view
        self.seat = view.seat

    def sample(self, rng: random.Random) -> TrickGame:
        """A world that fits the view (see ``sample_world``)."""
        return sample_world(self.view, rng)
