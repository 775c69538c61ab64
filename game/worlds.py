"""Worlds: complete game states that fit what one seat knows, the hidden cards dealt uniformly.

``sample_world(view, rng)`` returns a ``TrickGame`` that agrees with the ``SeatView`` on
everything the seat can see (its hand, the cards played, bids, scores, the trick in
progress, its own exchange, discards and redraw, phase and seat to act, so that
``world.view(view.seat) == view``) and deals every card the seat has not seen at random,
**uniformly over the deals that fit** what the play has shown. The world has
``stop_at_hand_end = True``: playing it on follows the rules exactly and stops, scored,
at the end of the hand. A searching player may read everything inside a world.

What the view proves (``void_suits``):
- Spades (both kinds): a seat that did not follow suit holds none of the led suit; a spade
  led before spades were broken proves the leader then held only spades, so it has no
  heart, diamond or club left.
- Pitch: a seat that did not follow the led suit holds none of it (so a seat that did not
  follow a trump lead has no trump). A seat that could not follow may play *any* card
  (rules/pitch.md, ``PitchGame.follow_mask``), so playing an off-suit non-trump proves
  nothing about its trumps.
- Four-player Spades, Double Nil exchange: the three cards this seat gave are in its
  partner's hand unless played since; the cards it received are in its own hand.
- Spades for two: the seat's own discards (and redraw throw-aways) are out of play, except
  that an opponent who redrew after they reached the pile may have drawn some (below).
  During the drawing the stock still to come is sampled too, with ``view.drawn_card`` on
  top when the seat has just taken it.
- Pitch: the cards no one was dealt are sampled as out of play.
- Before a seat has looked at its hand (four-player Spades bidding) its own hand is unknown
  and is sampled with the others.

How (exact and fast):
1. ``WorldSampler(view)`` derives the constraints once: the unseen cards, the hidden
   holders (each other seat's hand, Pitch's undealt cards, the two-player pile and stock)
   with their sizes and the suits each may hold. Holders with the same allowed suits form
   one group: a deal is uniform exactly when the group's card set is drawn with weight
   "number of deals" and then split uniformly among its members.
2. The per-group, per-suit count matrix is drawn with probability proportional to the
   number of deals it allows, ``prod_s C(remaining_s, x_s) * ways(rest)``, by a dynamic
   programme over the groups (the state is the four remaining suit counts). Every weight
   is an exact integer and every choice uses ``rng.randrange`` over the exact total, so the
   deal is exactly uniform; the cost per sample is one table look-up and bisection per group,
   then one shuffle per suit. No rejection: time is bounded whatever the voids.
   When no deal fits, ``WorldSampler``/``sample_world`` raise ``ValueError``.
3. A template game is built once by **replaying the public history** through the real
   engine (``Chance.force`` with the deck of one fitting deal, then the bids, exchanges,
   draws, redraws and plays with ``apply()``), so every public attribute is the engine's
   own. Each sample is ``template.clone()`` with the hidden state replaced: the hands, the
   hand's deal in ``log`` (records), Pitch's ``in_play``, a pending Double Nil exchange of
   another seat, the other pair's exchange, and in Spades for two the stock, the discard pile,
   the opponent's draws and redraw; a world whose future still holds chance (two-player
   drawing or redraw) gets a fresh ``Chance`` seeded from ``rng``.
Hidden *choices* (a partner's pending exchange, the other partnership's exchange, the
opponent's keep-or-discard order) are drawn uniformly: the view says nothing about them.

Spades for two, an opponent's Double Nil redraw: the opponent drew ``k`` cards at random
from the pile, which held ``K`` cards this seat had seen (its discards). The exact prior of
the opponent's final hand ``F`` given ``j = |F & K|`` is ``C(P - |K|, k - j) / C(U, 13 - j)``
(``P`` the pile size, ``U`` the cards unseen then), which weights the number of such cards
in the sampled hand. ``k`` is public (``view.redraw_counts``, per seat), so the law is exact for the
count the opponent replaced (0: the seat's discards cannot be in its hand); a view without the counts
(``redraw_counts == ()``) averages it over 0..3 equally likely.

``sample_world`` keeps the samplers of the last few views (by identity), so calling it
hundreds of times with one view costs the derivation once. ``unseen_cards`` and
``void_suits`` are the building blocks, for the computer players too.
"""

from __future__ import annotations

import random
import threading

from game.games import GAMES
from game.sampling import UniformDealer, WorldSampler, unseen_cards, void_suits
from game.state import SeatView, TrickGame

__all__ = ["UniformDealer", "WorldSampler", "known_sampler", "new_sampler", "sample_world", "sampler_for",
           "takes_known", "unseen_cards", "void_suits"]

CACHE_SIZE = 8


def new_sampler(view: SeatView) -> WorldSampler:
    """A new sampler of the view's game (its registry entry's ``worlds``); ValueError when no world fits."""
    info = GAMES.get(view.kind)
    if info is None:
        raise ValueError(f"unknown game {view.kind!r}")
    return info.worlds(view)


def known_sampler(view: SeatView, known: dict[int, int]) -> WorldSampler:
    """A sampler of the view's game that takes other seats' ``known`` hands (masks by seat, as they are now) as
    given and deals the rest uniformly around them: the arena's partner oracle only, never a player at the
    table. ValueError where the game's worlds cannot take known hands, or no world fits."""
    if view.kind not in GAMES:
        raise ValueError(f"unknown game {view.kind!r}")
    maker = GAMES[view.kind].worlds
    if not (isinstance(maker, type) and issubclass(maker, WorldSampler) and takes_known(view.kind)):
        raise ValueError(f"the {view.kind} worlds cannot take known hands")
    return maker(view, known)


def takes_known(kind: str) -> bool:
    """Whether a game's world sampler can deal around known hands (``known_sampler``)."""
    info = GAMES.get(kind)
    return info is not None and bool(getattr(info.worlds, "takes_known", False))


_CACHE: dict[int, WorldSampler] = {}  # by id(view); each sampler holds its view, so the id stays its own
_CACHE_LOCK = threading.Lock()


def sampler_for(view: SeatView) -> WorldSampler:
    """The (cached) sampler of a view: the derivation is done once per view object."""
    sampler = _CACHE.get(id(view))
    if sampler is None or sampler.view is not view:
        sampler = new_sampler(view)
        with _CACHE_LOCK:
            while len(_CACHE) >= CACHE_SIZE:
                del _CACHE[next(iter(_CACHE))]
            _CACHE[id(view)] = sampler
    return sampler


def sample_world(view: SeatView, rng: random.Random) -> TrickGame:
    """A complete game state that fits everything ``view`` shows, the hidden cards dealt uniformly.

    The world stops at the end of the hand (``stop_at_hand_end``). Raises ValueError when no deal
    fits the view (an inconsistent view) or the game or hand is over.
    """
    return sampler_for(view).sample(rng)
