"""The ``hard`` level: Perfect Information Monte Carlo search over worlds that fit the seat's view.

``HardPlayer.choose(view)`` returns one of ``view.legal`` and reads nothing but the view (and each
seat's level, public at the table): it draws worlds with ``game.worlds.sample_world`` (the hidden cards
dealt uniformly over the deals that fit, re-weighted by the other seats' Nil bids or auction bids where
the game's ``HardTuning`` asks; in four-player Spades no live Nil bidder holds a card its play has ruled
out, ``read_nils``; in four-player Spades and Spades for two a seat the table shows at the Normal level,
``table``, has its bids read by Normal's own rules, ``model_levels``, and its cards by Normal's own card
rules where the tuning's ``rule_play`` says, game/ai/rule_reading.py, as in Pitch; elsewhere by the
rollout policy), applies each
candidate action in every world, plays the hand out by the fast policy of ``game.ai.rollout`` (in which,
in four-player Spades, the seats shown at Normal judge their cards from what they cannot see, as that
level does: ``honest_rule``) and picks
the best mean value for its side (paired over the same worlds). It stops when ``think_ms`` runs out, at
once when one action is legal, and early when the leader is clearly ahead; ``samples`` fixes the number
of worlds instead (then the choice depends only on the seed). Each game's search constants are its
registry entry's ``tuning`` (game/ai/tuning.py); the candidates, the corrections and how every
constant was measured are in docs/ai-notes.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from game.actions import DOUBLE_NIL, NIL, Action, Bid, BidValue, Exchange, Look, Play, Redraw
from game.ai.cardsense import SUIT_MASKS, suit_of
from game.ai.easy import easy_pitch_bid_value, easy_spades_tricks
from game.ai.gamevalue import PitchGameValue, SpadesGameValue
from game.ai.inference import (
    BID_SHIFT,
    BID_SIGMA,
    TWO_BID_SHIFT,
    BidModel,
    bids_fit,
    four_rule_bid,
    rule_fit,
    two_rule_bid,
)
from game.ai.knowledge import is_nil
from game.ai.normal import estimate_four, near_bag_limit, nil_risk, partner_of, side_of
from game.ai.normal_game import PITCH_BID_NEEDS
from game.ai.reading import MISS, hand_tricks, nil_exclusions, pitch_play_fit, play_fit
from game.ai.rollout import (
    SUIT,
    SpadesTable,
    advance_to_play,
    danger_order,
    legal_bid,
    nil_danger,
    pitch_bid_cut,
    pitch_bid_rule,
    pitch_estimate,
    pitch_table_for,
    play_out,
    play_out_tricks,
    policy_fits,
    spades_beats,
    spades_bid_for,
    spades_expected_tricks,
    spades_rollout,
    spades_side_values,
    spades_table_for,
)
from game.ai.rule_reading import RULE_MISS, RuleReader
from game.ai.rule_rollout import RuleSeats
from game.ai.solver import EndgameSolver, SolverBudgetExceeded, cards_left, supports
from game.ai.tuning import HardTuning
from game.cards import mask_of
from game.games import GAMES
from game.pitch.rules import pitch_bid_choices
from game.sampling import played_masks
from game.spades.rules import side_minimum
from game.state import Phase, SeatView, TrickGame
from game.worlds import sample_world, sampler_for, void_suits

if TYPE_CHECKING:
    from game.pitch.rules import PitchGame

DEFAULT_THINK_MS = 500
MIN_WORLDS = 12
CLEAR_Z = 3.0
PRUNE_EVERY = 8
MAX_WORLDS = 4000
DRAFT_WEIGHT = 5.0  # Spades for two: how much likelier a card she kept is a spade
DRAFT_HIGH_WEIGHT = 3.0  # ... or a queen, king or ace of another suit (docs/ai-notes.md, stop 34)
EASY_DRAFT_WEIGHT = 5.0  # Spades for two, an opponent shown at EASY_LEVEL: spades and high cards alike
DOUBLE_NIL_BEHIND = 150  # Double Nil is simulated only when the side trails by this much
DOUBLE_NIL_MARGIN = 40.0  # and chosen only when its mean beats looking by this many points
BID_TRIES = 40  # four-player Spades: worlds drawn at most to find one that fits every other seat's bid
NIL_TRIES = 12  # four-player Spades: worlds drawn at most to find one that fits the other seats' Nil bids
NIL_FLOOR = 0.05  # the chance a hand the estimate finds hopeless for Nil was bid Nil all the same
NIL_RULE_RISK, NIL_RULE_RISK_SCALE = 1.0, 0.3  # a trial's Nil fit by the rules: the risk where it starts to fall
NIL_RULE_TRICKS, NIL_RULE_TRICKS_SCALE = 2.0, 0.5  # ... and the trick estimate (docs/ai-notes.md, stop 38)

AUCTION_TRIES = 12  # Pitch: worlds drawn at most to find one that fits the other seats' bids
OVERBID_STEP = 0.3  # Pitch bids: the points each step above the cheapest bid on offer must win by
PITCHER_BONUS = 0.3  # Pitch bids: the points a world in which this seat ends up the pitcher gets
AUCTION_FLOOR = 0.1  # the chance a world is kept for each bid in it the rules would not have made
RULE_LEVEL = "normal"  # the level that plays by the rules the rollouts model (game/ai/rollout.py)
EASY_LEVEL = "easy"  # the level whose Spades seats are modelled by its own bid and card rules (``model_easy``)
SOLVER_NODES = 60_000  # the endgame solver's work budget per world (nodes); beyond it, the rollouts
ALL_TURNS = 52  # a rollout's rule seats play every turn by their rules (more turns than a hand has)

Sampler = Callable[[SeatView, random.Random], TrickGame]


def _tuning(kind: str) -> HardTuning:
    """The game's search constants (the registry's ``tuning``)."""
    return GAMES[kind].tuning


def _default_sampler(view: SeatView, rng: random.Random) -> TrickGame:
    return sample_world(view, rng)


@dataclass(frozen=True)
class Searched:
    """What a search's worlds found (``HardPlayer.search_worlds``): the candidates left (by index), each
    action's values in the worlds it was valued in with the search's bonuses added, and those bonuses."""

    alive: list[int]
    values: list[list[float]]
    bonuses: list[float]


class HardPlayer:
    """The ``hard`` level: samples worlds that fit its view and simulates every candidate in each."""

    def __init__(self, seed: int | None = None, think_ms: int | None = None, samples: int | None = None,
                 bag_cost: float | None = None, sampler: Sampler | None = None) -> None:
        self.rng = random.Random(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.samples = samples
        self.bag_cost = bag_cost  # None: each game's tuning.bag_cost
        self.sampler = sampler or _default_sampler
        self.last_worlds = 0  # how many worlds the last decision simulated (for benchmarks)
        self.draft_weight = DRAFT_WEIGHT
        self.draft_high_weight = DRAFT_HIGH_WEIGHT
        self.draw_by_tricks = True
        self.double_nil_behind = DOUBLE_NIL_BEHIND
        self.double_nil_margin = DOUBLE_NIL_MARGIN
        self.nil_bonus = 0.0  # a trial: points Nil's mean gets when the search chooses, after the pruning
        self.bid_tilt = 0.0  # a trial: points a number bid's mean gets per trick bid, likewise
        self.last_means: dict[Action, float] = {}  # the last search's mean of each candidate left (with its bonuses)
        self._rules_rng = random.Random(0)  # the rule-based prior's (the normal policy's) generator
        self.trick_bias: float | None = None  # Spades for two's bids give a trick away at this rate (None: tuning's)
        self._world_u = 0.0  # one uniform draw per world, shared by its candidates
        self.nil_tries = NIL_TRIES
        self.auction_tries = AUCTION_TRIES
        self.overbid_step = OVERBID_STEP
        self.pitcher_bonus = PITCHER_BONUS
        self.auction_floor = AUCTION_FLOOR
        self.solver = True  # False: the rollouts value every world (the ``hard-1`` baseline of the arena)
        self.solver_nodes = SOLVER_NODES
        self.solver_cards: int | None = None  # the solver from this many cards left (None: the tuning's)
        self.solver_nil = True  # a trial (False): no solver while a Nil of this seat's side is live (the rollouts)
        self.solver_opp_nil = True  # a trial (False): no solver while a Nil of the other side is live
        self.solver_tail = 0  # a trial: a card's rollout hands over to the endgame solver at this many cards left
        # (0: the rollout plays the hand to its end)
        self.bid_tail = 0  # a trial: the same for a bid's rollout (four-player Spades and Pitch; 0: never)
        self.solved_worlds = 0  # worlds the last decision valued by the endgame solver
        self.bid_worlds = True  # Spades worlds weighted by every other seat's numeric bid too
        self.bid_tries = BID_TRIES  # (game/ai/inference.py; the figures in docs/ai-notes.md)
        self.bid_sigma = BID_SIGMA
        self.bid_table = True  # the bid model: the rule-based level's estimate (False: the rollout estimate)
        self.bid_shift = BID_SHIFT
        self.two_bid_shift = TWO_BID_SHIFT  # Spades for two's model: the rollout estimate plus this
        self.game_value = False  # True: a hand's outcome valued by the chance to win the game (game/ai/gamevalue.py)
        self._game: SpadesGameValue | None = None  # the decision's game value, when it has one
        self._solver_reach = 0  # the decision's endgame solver reach: cards left (0: none)
        self._tail_reach = 0  # the decision's rollouts hand over to the solver at this many cards left (0: never)
        self._bid_tail_reach = 0  # the same for a bidding decision's rollouts (``bid_tail``)
        self.go_out: float | None = None  # Pitch: what going out is worth beyond the hand's margin (None: tuning's)
        self._pitch_game: PitchGameValue | None = None  # the decision's Pitch game value, when going out counts
        self.honest_opponents = False  # True: in Spades rollouts the other side judges from what it cannot see
        self.honest_rule = True  # with model_levels: in Spades rollouts the seats shown at RULE_LEVEL judge so
        self.honest_side = 0  # a trial: in Spades rollouts 1 this seat, 2 its side judges from what it cannot see
        self.rule_rollout = 0  # a trial: in Spades rollouts the seats shown at RULE_LEVEL play their first this
        # many turns by that level's own card rules (0: none; game/ai/rule_rollout.py)
        self.rule_everyone = False  # a trial: with rule_rollout, every seat (its own and its partner's too) so
        self._rule_players: RuleSeats | None = None  # the decision's seats that play by those rules
        self.read_play = False  # True: Spades (four players or two) and Pitch worlds weighted by the others' play too
        self.read_tries = NIL_TRIES
        self.resample = False  # a trial: past the tries, a drawn world in proportion to its fit (False: the fittest)
        self.partner_miss: float | None = None  # a trial: the partner's cards off the policy (None: read_miss)
        self.table: tuple[str | None, ...] = ()  # each seat's level as the table shows it (None: a person)
        self.model_levels = True  # Spades (four or two): the seats the table shows at RULE_LEVEL read by its rules
        self.model_easy = True  # with model_levels, Spades (four or two): the seats shown at EASY_LEVEL modelled by
        # that level's rules (their bids fitted, their cards read, their rollout turns played by them)
        self.easy_auction = True  # with model_easy, Pitch: the auction bids of the seats shown at EASY_LEVEL
        # fitted by that level's bid rule (``auction_fit``'s ``easy``; False: by the general fit)
        self.person_rule = 0  # a trial: the seats the table shows as a person's modelled as RULE_LEVEL's (1 every
        # one, 2 the other side's only)
        self.nil_rule = 0  # a trial: whose Nil bids are fitted by the rule-based level's Nil rule (``nil_fit``):
        # 0 none, 1 every other seat's, 2 the opponents' only
        self.read_miss = MISS  # the relative chance of a card the rollout policy would not have played
        self.rule_play: bool | None = None  # the RULE_LEVEL seats' play read by that level's own card rules
        # (None: the tuning's)
        self.rule_miss = RULE_MISS  # with rule_play: the relative chance of a card its rules would not play
        self._reader: RuleReader | None = None  # the decision's reader of those seats' play
        self.read_nils = True  # four-player Spades worlds agree with how the live Nil bidders played, and its own
        # live Nil follows suit with the highest card that loses (so that its partner can read it too); False: off
        self._exclusions: tuple[SeatView, dict[int, int], tuple[int, ...]] | None = None
        self.prior_scale = 1.0  # the game's prior_bonus (and exchange_prior) times this (arena trials)
        self.lead_prior: bool | None = None  # the prior on the card led too (None: the tuning's prior_leads)
        self.rollout_eps = 0.0  # rollouts: the chance a seat plays any legal card (0: always the policy's)
        self._noise_seed = 0  # one seed per world, shared by its candidates (their noise is paired)
        self.chain_steps = 0  # a trial: worlds after a decision's first by this many swap proposals of a chain
        self.chain_burn = 0  # a trial: the chain's first world after this many more proposals
        self._chain: tuple[SeatView, TrickGame, float] | None = None

    # ----- the decision
    def choose(self, view: SeatView) -> Action:
        """The action with the best expected hand score over sampled worlds (one of ``view.legal``)."""
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        own_search = GAMES[view.kind].hard  # a game with its own search (Ten-point Pitch) uses it
        if own_search is not None:
            return own_search(view, self.rng, self.think_ms, self.samples)
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(view)
        prior = self._prior(view, candidates)
        return candidates[0] if len(candidates) == 1 else self._search(view, candidates, prior)

    def candidates(self, view: SeatView) -> list[Action]:
        """The actions worth simulating (see the module docstring for the pruning)."""
        legal = list(view.legal)
        phase = view.phase
        if phase is Phase.PLAYING:
            duck = _nil_duck(view, legal) if self.read_nils else None
            return [duck] if duck is not None else _card_candidates(view, legal)
        if phase is Phase.BIDDING and not view.facts.auction:
            return _spades_bid_candidates(view, legal, self.double_nil_behind)
        if phase is Phase.EXCHANGE:
            return _exchange_candidates(view, legal)
        if phase is Phase.REDRAW:
            return _redraw_candidates(view, legal)
        return legal

    def _prior(self, view: SeatView, candidates: list[Action]) -> int:
        """The index of the rule-based (``normal``) choice among the candidates (added when missing), or -1.

        Its values get ``prior_bonus`` points: the search leaves the rules' choice only when the
        worlds say clearly that another action is better."""
        bonus = self._prior_bonus(view)
        if not bonus:
            return -1
        try:
            action = GAMES[view.kind].normal(view, self._rules_rng)
        except Exception:  # noqa: BLE001 - the prior is advice only; the search decides without it
            return -1
        if action in candidates:
            return candidates.index(action)
        if action in view.legal:
            candidates.append(action)
            return len(candidates) - 1
        return -1

    def _prior_bonus(self, view: SeatView) -> float:
        """The points the rule-based choice gets in this decision."""
        tuning = _tuning(view.kind)
        if view.phase is Phase.EXCHANGE and tuning.exchange_prior:
            return tuning.exchange_prior * self.prior_scale
        if view.phase is not Phase.PLAYING and tuning.prior_cards_only:
            return 0.0  # a tie-break of cards only: the bids keep their own candidates
        leads = tuning.prior_leads if self.lead_prior is None else self.lead_prior
        if view.phase is Phase.PLAYING and not view.trick and not leads:
            return 0.0  # the card led is the search's alone
        return tuning.prior_bonus * self.prior_scale

    def _search(self, view: SeatView, candidates: list[Action], prior: int = -1) -> Action:
        searched = self.search_worlds(view, candidates, prior, self.rng)
        alive, values = searched.alive, searched.values
        order = alive if view.phase is Phase.PLAYING else alive[::-1]  # ties: the lower card, the higher bid (a
        # shut out is safe)
        choice = self.choice_bonuses(view, candidates)
        means = {i: sum(values[i]) / len(values[i]) + choice[i] for i in alive}
        self.last_means = {candidates[i]: means[i] for i in alive}
        best = max(order, key=lambda i: means[i])
        return candidates[best]

    def search_worlds(self, view: SeatView, actions: list[Action], prior: int, rng: random.Random,
                      searched: int | None = None, forced: Collection[int] = (),
                      seen: Callable[[TrickGame, dict[int, float]], None] | None = None) -> Searched:
        """The search's worlds, drawn with ``rng``: each valued (``world_values``) for the candidates still
        searched (the first ``searched`` actions, default all), which are dropped when clearly behind the leader
        at checks growing apart, until the budget (``samples`` worlds, else the clock ``think_ms``) runs out
        or the leader is clearly ahead of all. The other actions, and the candidates in ``forced`` (by index),
        are valued in every world as well, apart, and take no part in the pruning and the stop: the
        candidates' values and the worlds are those of the search without them (with none searched, the
        budget's every world). ``seen`` gets each world and its values (by index, without bonuses);
        ``last_worlds`` counts the worlds."""
        start = time.perf_counter()
        deadline = start + self.think_ms / 1000.0
        searched = len(actions) if searched is None else searched
        alive = list(range(searched))
        extra = list(range(searched, len(actions)))  # valued beside the searched ones
        values: list[list[float]] = [[] for _ in actions]  # per action, for paired comparisons
        bonuses = self._search_bonuses(view, actions[:searched], prior) + \
            self._search_bonuses(view, actions, prior)[searched:]
        limit = self.samples if self.samples is not None else MAX_WORLDS
        floor = _tuning(view.kind).var_floor
        self.start_valuing(view)
        worlds = 0
        check = MIN_WORLDS
        try:
            while worlds < limit:
                if self.samples is None and worlds and time.perf_counter() >= deadline:
                    break
                world = self.next_world(view, rng)
                found = self.world_values(view, world, actions, alive) if alive else {}
                if extra:  # apart, so that the searched ones' values (the solver's node budget) never change
                    found.update(self.world_values(view, world, actions, extra))
                for index in (*alive, *extra):
                    values[index].append(found[index] + bonuses[index])
                if seen is not None:
                    seen(world, found)
                worlds += 1
                if worlds == check and alive:  # checks grow apart geometrically: their cost stays linear
                    check += max(PRUNE_EVERY, check // 2)
                    kept, clear = _prune(alive, values, worlds, floor)
                    extra += [i for i in alive if i not in kept and i in forced]
                    alive = kept
                    if clear:
                        break
        finally:
            self.last_worlds = worlds
            self.stop_valuing()
        return Searched(alive, values, bonuses)

    def bonuses(self, view: SeatView, candidates: list[Action], prior: int = -1) -> list[float]:
        """The points the search adds to each candidate's mean when it chooses (not part of the value): those it
        adds to every world's value (``_search_bonuses``) and those it adds at the choice (``choice_bonuses``)."""
        return [a + b for a, b in zip(self._search_bonuses(view, candidates, prior),
                                      self.choice_bonuses(view, candidates), strict=True)]

    def _search_bonuses(self, view: SeatView, candidates: list[Action], prior: int = -1) -> list[float]:
        """The points added to each world's value of a candidate, so pruning sees them too: the rule-based
        choice's ``prior_bonus``, Pitch's ``overbid_step`` for each step of a bid above the cheapest, Double
        Nil's ``double_nil_margin`` to its Look."""
        bonuses = [0.0] * len(candidates)
        if prior >= 0:
            bonuses[prior] = self._prior_bonus(view)
        if view.facts.auction and view.phase is Phase.BIDDING:
            numbers = [a.value for a in candidates if isinstance(a, Bid) and isinstance(a.value, int)]
            for index, action in enumerate(candidates):
                if isinstance(action, Bid) and isinstance(action.value, int):
                    bonuses[index] -= self.overbid_step * (action.value - min(numbers))
        for index, action in enumerate(candidates):
            if isinstance(action, Look):
                bonuses[index] += self.double_nil_margin  # Double Nil must win by this much
        return bonuses

    def choice_bonuses(self, view: SeatView, candidates: list[Action]) -> list[float]:
        """The points added to each candidate's mean once the worlds are valued and pruned, when the search
        chooses among the candidates left, in a Spades bidding (no auction): ``nil_bonus`` to Nil and
        ``bid_tilt`` per trick of a number bid (arena trials; both 0, docs/ai-notes.md, stop 49)."""
        bonuses = [0.0] * len(candidates)
        if view.phase is not Phase.BIDDING or view.facts.auction:
            return bonuses
        for index, action in enumerate(candidates):
            if isinstance(action, Bid) and action.value == NIL:
                bonuses[index] = self.nil_bonus
            elif isinstance(action, Bid) and isinstance(action.value, int):
                bonuses[index] = self.bid_tilt * action.value
        return bonuses

    def start_valuing(self, view: SeatView) -> None:
        """Set up the values of one decision (its game values, its solver's reach) before ``world_values``."""
        playing = view.phase is Phase.PLAYING
        cards_cap = _tuning(view.kind).solver_cards if self.solver_cards is None else self.solver_cards
        solving = self.solver and playing and (self.solver_nil or not _side_nil_live(view)) \
            and (self.solver_opp_nil or not _side_nil_live(view, ours=False))
        self._solver_reach = cards_cap if solving else 0
        self._tail_reach = min(self.solver_tail, cards_cap) if solving else 0
        self._bid_tail_reach = self.bid_tail if self.solver and view.phase is Phase.BIDDING else 0
        self._game = self._game_valuer(view)
        self._pitch_game = self._pitch_valuer(view)
        self.solved_worlds = 0
        self._rule_players = self._rule_players_of(view) if playing else None

    def stop_valuing(self) -> None:
        """The decision valued: drop its game values."""
        self._game = None
        self._pitch_game = None
        self._rule_players = None
        self._bid_tail_reach = 0

    def _rule_players_of(self, view: SeatView) -> RuleSeats | None:
        """The seats of this decision's rollouts that play by a rule-based level's card rules, in Spades
        without jokers, an exchange or a redraw: the other seats the table shows at ``EASY_LEVEL``
        (``_easy_seats``) every turn by that level's rules, and with ``rule_rollout`` (a trial) the other seats
        shown at ``RULE_LEVEL`` (with ``model_levels``), or with ``rule_everyone`` every seat, their first
        ``rule_rollout`` turns (the easy seats' too) by their level's rules. None when there are none (the
        rollouts are the fast policy's)."""
        turns = self.rule_rollout
        if view.facts.auction:
            return None
        if getattr(view.options, "jokers", False) or view.exchange_cards or any(view.redraw_counts):
            return None
        easy = [bool(self._easy_seats(view) >> q & 1) for q in range(view.num_seats)]
        seats = easy
        if turns:
            table = self._modelled(view.teams, view.seat)
            seats = [True] * view.num_seats if self.rule_everyone else \
                [easy[q] or (self.model_levels and q != view.seat and q < len(table) and table[q] == RULE_LEVEL)
                 for q in range(view.num_seats)]
        return RuleSeats(view, seats, turns or ALL_TURNS, easy) if any(seats) else None

    def next_world(self, view: SeatView, rng: random.Random) -> TrickGame:
        """The next world of a decision, with the draws its candidates share (``_world_u``, the rollouts'
        noise)."""
        world = self._world(view, rng)
        self._world_u = rng.random()
        if self.rollout_eps:
            self._noise_seed = rng.getrandbits(32)
        return world

    def world_values(self, view: SeatView, world: TrickGame, candidates: list[Action],
                     alive: list[int] | None = None) -> dict[int, float]:
        """The value to this seat's side of each candidate (by index; ``alive``: those still searched, else
        all) in one world, as the search values it (between ``start_valuing`` and ``stop_valuing``): the
        endgame solver within its reach, else the hand played out by the rollout policy, with the game's
        value where the decision has one; no ``bonuses``."""
        seat = view.seat
        playing = view.phase is Phase.PLAYING
        alive = list(range(len(candidates))) if alive is None else alive
        cards = [a.card if isinstance(a, Play) else -1 for a in candidates]
        bag_cost = self._bag_cost(view)
        honest = self._honest(view)
        side = world.side_of(seat)
        if self._game is not None and not policy_fits(world):
            self._game = None  # house rules the rollouts play at random: the hand's points
        solved = self._solved(world, seat, [cards[i] for i in alive], bag_cost) if self._solver_reach and \
            cards_left(world) <= self._solver_reach else None
        values: dict[int, float] = {}
        for index in alive:
            if solved is not None:
                values[index] = solved[cards[index]]
                continue
            if playing and self._tail_reach:
                tail = self._tail_value(world, seat, cards[index], bag_cost, honest, self._tail_reach)
                if tail is not None:
                    values[index] = tail
                    continue
            if playing and self._game is not None:
                values[index] = self._game_play_out(world, cards[index], honest)
                continue
            if playing:
                sides = play_out(world, cards[index], bag_cost=bag_cost, honest=honest or self._judged(world, seat),
                                 judges=self._judges(world, seat), noise=self._noise(), eps=self.rollout_eps,
                                 rules=self._rule_players)
            else:
                outcome = self._simulate_outcome(world, candidates[index])
                if isinstance(outcome, float):  # the game value already
                    values[index] = outcome
                    continue
                sides = outcome
            values[index] = self._side_value(sides, side, world)
        return values

    def _solved(self, world: TrickGame, seat: int, cards: list[int], bag_cost: float) -> dict[int, float] | None:
        """Each card's exact value in this world (the endgame solver), or None past its node budget."""
        if not supports(world):
            return None
        try:
            values = EndgameSolver(world, seat, bag_cost, self.solver_nodes, leaf=self._leaf(world)).move_values(cards)
        except SolverBudgetExceeded:
            return None
        self.solved_worlds += 1
        return values

    def _tail_value(self, world: TrickGame, seat: int, first: int, bag_cost: float, honest: bool,
                    reach: int) -> float | None:
        """``first`` played in this world (-1: none) and the hand played on by the rollout policy until
        ``reach`` cards are left, the rest valued by the endgame solver for ``seat``'s side; None where the
        solver cannot take it (a world it does not support, past its node budget)."""
        if not world.kernel_plays():
            return None
        record: list[int] = []
        play_out(world, first, record, bag_cost=bag_cost, honest=honest or self._judged(world, seat),
                 judges=self._judges(world, seat), noise=self._noise(), eps=self.rollout_eps,
                 rules=self._rule_players)
        copy = world.clone()
        copy.keeps_history = False
        copy.stop_at_hand_end = True
        left = cards_left(copy)
        for card in record:
            if left <= reach:
                break
            copy.play_fast(card)
            left -= 1
        if not supports(copy):  # the hand over, or (Pitch) trump not yet named
            return None
        try:
            return EndgameSolver(copy, seat, bag_cost, self.solver_nodes, leaf=self._leaf(copy)).value()
        except SolverBudgetExceeded:
            return None

    def _leaf(self, world: TrickGame) -> Callable[[list[float], list[int]], float] | None:
        """How the solver values a finished hand of this world: the decision's game value, or in Pitch with
        going out counted the margin and the prize (the world's pitcher known); None: the margin."""
        pitch_game, pitcher = self._pitch_game, getattr(world, "pitcher", None)
        if pitch_game is not None and pitcher is not None:
            pitcher_side = world.side_of(pitcher)

            def pitch_leaf(totals: list[float], _bags: list[int]) -> float:
                return pitch_game.value(totals, pitcher_side)
            return pitch_leaf
        return self._game.value if self._game is not None else None

    def _game_valuer(self, view: SeatView) -> SpadesGameValue | None:
        """The game value of this decision (Spades with two sides, ``game_value`` on), else None."""
        tuning = _tuning(view.kind)
        if not self.game_value or not tuning.game_sigma or len(view.scores) != 2 or view.facts.auction:
            return None
        if view.phase not in (Phase.PLAYING, Phase.BIDDING, Phase.EXCHANGE, Phase.REDRAW):
            return None  # Spades for two's draws are judged by the tricks they take
        options = view.options
        return SpadesGameValue(view.scores, view.bags, _side_of(view), int(options.target),
                               getattr(options, "mercy", None), getattr(options, "bag_limit", None),
                               int(getattr(options, "bag_penalty", 0)),
                               tuning.game_points, tuning.game_sigma, tuning.game_bags)

    def _pitch_valuer(self, view: SeatView) -> PitchGameValue | None:
        """The Pitch game value of this decision (an auction game, going out worth something), else None."""
        out = _tuning(view.kind).go_out if self.go_out is None else self.go_out
        if not out or not view.facts.auction or view.phase not in (Phase.BIDDING, Phase.PLAYING):
            return None
        return PitchGameValue(view.scores, _side_of(view), int(view.options.target), out)

    def _side_value(self, sides: list[float], side: int, world: TrickGame) -> float:
        """A played-out world's value to the side: its margin, or with the Pitch game value, the margin
        and the prize for going out (the world's pitcher known)."""
        pitcher = getattr(world, "pitcher", None)
        if self._pitch_game is None or pitcher is None:
            return _margin(sides, side)
        return self._pitch_game.value(sides, world.side_of(pitcher))

    def _game_play_out(self, world: TrickGame, first: int, honest: bool) -> float:
        """The game value of one world's hand played out by the policy, ``first`` played now (-1: none)."""
        assert self._game is not None
        to_act = world.to_act
        assert to_act is not None
        table = spades_table_for(world, honest=honest)
        tricks = spades_rollout(list(world.hands), table, list(world.tricks_won), to_act, world.trick,
                                world.spades_broken, first)
        return self._game.value(*_spades_outcome(table, tricks, world.bags))

    def _noise(self) -> random.Random | None:
        """The generator of this world's noisy rollouts (``rollout_eps``), the same for every candidate."""
        return random.Random(self._noise_seed) if self.rollout_eps else None

    def _rule_judges(self, teams: Sequence[Sequence[int]], seat: int) -> bool:
        """Whether the seats modelled at ``RULE_LEVEL`` for ``seat``'s decision (``_modelled``) judge honestly in
        the rollouts (``honest_rule``, with ``model_levels``, when there is one)."""
        return self.honest_rule and self.model_levels and RULE_LEVEL in self._modelled(teams, seat)

    def _modelled(self, teams: Sequence[Sequence[int]], seat: int) -> tuple[str | None, ...]:
        """Each seat's level as this player models it: the table's, a person's seat (None) as ``RULE_LEVEL``
        with ``person_rule`` 1, and with 2 only a person's seat not on ``seat``'s side (of ``teams``)."""
        if not self.person_rule:
            return self.table
        ours = next((team for team in teams if seat in team), ()) if self.person_rule == 2 else ()
        return tuple(RULE_LEVEL if level is None and q not in ours else level for q, level in enumerate(self.table))

    def _judged(self, world: TrickGame, seat: int) -> bool:
        """Whether the rollouts of ``seat``'s decision in this world have some seats judge honestly
        (``honest_opponents``, ``honest_rule``, ``honest_side``):
        Spades games whose tuning does not make every seat honest."""
        some = self.honest_opponents or self._rule_judges(world.teams, seat) or self.honest_side > 0
        return some and not world.facts.auction and not _tuning(world.kind).honest

    def _judges(self, world: TrickGame, seat: int) -> list[bool] | None:
        """The seats that judge honestly in a rollout of ``seat``'s decision: with ``honest_opponents`` the
        other side's, with ``honest_rule`` the other seats shown at ``RULE_LEVEL``, with ``honest_side`` this
        seat (1) or its side (2) (several: any), else None (the tuning's ``honest`` for every seat)."""
        if not self._judged(world, seat):
            return None
        side = world.side_of(seat)
        rule = self._rule_judges(world.teams, seat)
        table = self._modelled(world.teams, seat)
        return [(self.honest_opponents and world.side_of(q) != side)
                or (rule and q != seat and q < len(table) and table[q] == RULE_LEVEL)
                or (self.honest_side == 1 and q == seat) or (self.honest_side == 2 and world.side_of(q) == side)
                for q in range(world.num_seats)]

    def _honest(self, view: SeatView) -> bool:
        return _tuning(view.kind).honest

    def _bag_cost(self, state: Any) -> float:
        """What a bag costs in the hand values of this view or world (the player's ``bag_cost`` if
        given); under "no bag penalty" (house rule S2) minus one: a bag is a point won."""
        if getattr(state.options, "bag_rule", None) == "none":
            return -1.0
        if self.bag_cost is None and _cutthroat_far_from_penalty(state):
            return -1.0
        return _tuning(state.kind).bag_cost if self.bag_cost is None else self.bag_cost

    def _world(self, view: SeatView, rng: random.Random) -> TrickGame:
        """A sampled world; Spades for two: the opponent's hidden cards re-drawn by what she keeps, and
        once she has bid, a hand that fits her bid; four-player Spades: a world in which every other Nil
        bidder holds a hand fit for Nil, and none of the cards its play so far rules out (``read_nils``)."""
        tuning = _tuning(view.kind)
        if self.bid_worlds and tuning.nil_worlds and self.bid_tries > 1 and view.hand is not None \
                and not view.exchange_given and not view.exchange_received \
                and any(q != view.seat and isinstance(b, int) for q, b in view.bid_order):
            nils = _nil_bidders(view)
            world = self._bid_world(view, rng, nils)
            self._read_nil_play(world, view, rng, nils)
            return world
        if self.read_play and tuning.nil_worlds and self.read_tries > 1 and view.phase is Phase.PLAYING \
                and (view.tricks or view.trick) and not getattr(view.options, "jokers", False):
            return self._read_world(view, rng, _nil_bidders(view))
        if tuning.nil_worlds and self.nil_tries > 1:
            nils = _nil_bidders(view)
            if nils:
                world = self._nil_world(view, rng, nils)
                self._read_nil_play(world, view, rng, nils)
                return world
        if tuning.auction_worlds and self.auction_tries > 1 and any(q != view.seat for q, _ in view.bid_order):
            if self.read_play and view.phase is Phase.PLAYING and (view.tricks or len(view.trick) > 1) \
                    and not getattr(view.options, "off_jack", False):
                return self._pitch_read_world(view, rng)
            easy = self._easy_seats(view)
            read = (self._rule_seats(view) if self._reads_by_rule(view) else 0) | easy
            if read and view.phase is Phase.PLAYING and (view.tricks or view.trick) \
                    and not getattr(view.options, "off_jack", False):
                return self._pitch_rule_world(view, rng, read, easy)
            return self._auction_world(view, rng, easy)
        if tuning.draft_opponent and self.bid_worlds and self.bid_tries > 1 and view.hand is not None \
                and any(q != view.seat and isinstance(b, int) for q, b in view.bid_order):
            return self._two_bid_world(view, rng)
        return self._drafted_world(view, rng)

    def _drafted_world(self, view: SeatView, rng: random.Random) -> TrickGame:
        """A uniform world; Spades for two: the opponent's hidden cards re-drawn by what she keeps (an
        opponent the table shows at ``EASY_LEVEL`` keeps every spade and high card she sees alike)."""
        world = self.sampler(view, rng)
        weights = (self.draft_weight, self.draft_high_weight)
        if _tuning(view.kind).draft_opponent and self._easy_seats(view):
            weights = (EASY_DRAFT_WEIGHT, EASY_DRAFT_WEIGHT)
        if _tuning(view.kind).draft_opponent and weights != (1.0, 1.0):
            _draft_opponent(world, view, rng, *weights)
        return world

    def _two_bid_world(self, view: SeatView, rng: random.Random) -> TrickGame:
        """Spades for two: a drafted world kept with the chance the opponent bids what she did on the hand
        it gives her (``bids_fit``, the rollout model; when the table shows her at ``RULE_LEVEL``, that
        level's own bid rule, ``two_rule_bid``, at ``EASY_LEVEL`` that level's, ``easy_spades_tricks``), with
        ``read_play`` or for her at either level (a card played) times the chance she played as she did
        (``play_fit``; for her at ``RULE_LEVEL`` with ``rule_play``, and at ``EASY_LEVEL``, by her level's own
        card rules, ``RuleReader``); after ``bid_tries`` draws the fittest, or for an opponent read by her
        level a drawn world in proportion to its fit."""
        played = played_masks(view)
        easy = 0 if self.read_play else self._easy_seats(view)
        modelled = not self.read_play and bool(self._rule_seats(view) | easy)
        reads = (self.read_play or modelled) and view.phase is Phase.PLAYING and bool(view.tricks or view.trick)
        tricks = hand_tricks(view) if reads else []
        broken = bool(getattr(view.options, "spades_any_time", False))
        by_rule = self._two_rule_bid(view, played) if modelled else None
        reader = self._rule_reader(view, self._rule_seats(view) | easy, easy) \
            if reads and modelled and (self._reads_by_rule(view) or easy) and not view.blind else None

        def fit(world: TrickGame) -> float:
            held = [world.hands[q] | played[q] for q in range(view.num_seats)]
            if by_rule is None:
                value = bids_fit(held, view.bid_order, view.seat, view.num_seats, self.bid_sigma, "rollout",
                                 self.two_bid_shift)
            elif easy:
                value = rule_fit(by_rule[0], easy_spades_tricks(held[1 - view.seat], view.num_seats))
            else:
                bid, unseen, rival, near = by_rule
                value = rule_fit(bid, two_rule_bid(held[1 - view.seat], unseen, rival, near))
            if reads and value > 0.0:
                if reader is not None:
                    value *= reader.fit(held)
                else:
                    value *= play_fit(held, tricks, spades_table_for(world, honest=True), view.seat, broken,
                                      miss=self.read_miss)
            return value
        return self._fitted_world(view, rng, self.bid_tries, fit, self._drafted_world,
                                  resample=self.resample or (reads and modelled))

    @staticmethod
    def _four_rule_bids(view: SeatView, rules: int) -> list[tuple[int, int, bool, bool, int]]:
        """The number bids of the seats in ``rules`` (a mask), each with what ``four_rule_bid`` needs besides
        the hand: (seat, bid, its side's bags near the limit, its partner bid Nil before it, the least number
        the rules let it bid then: a minimum side bid, house rule S4, or 0)."""
        found = []
        earlier: dict[int, BidValue] = {}
        minimum = getattr(view.options, "min_side_bid", 0)
        for q, bid in view.bid_order:
            if rules >> q & 1 and isinstance(bid, int):
                partner = partner_of(view, q)
                least = side_minimum(minimum, earlier.get(partner)) if minimum and partner is not None else None
                found.append((q, bid, near_bag_limit(view, side_of(view, q)),
                              partner is not None and is_nil(earlier.get(partner)), least or 0))
            earlier[q] = bid
        return found

    @staticmethod
    def _two_rule_bid(view: SeatView, played: list[int]) -> tuple[int, int, int | None, bool] | None:
        """Spades for two: what ``two_rule_bid`` needs besides her hand to fit the opponent's number bid by
        the rule-based level's rule (her bid, the cards she has not seen: this seat's hand and discards,
        this seat's bid when it came first, her bags near the limit), or None (she bid Nil, or a Double
        Nil redraw moved cards between hands and discards)."""
        opponent = 1 - view.seat
        bids = dict(view.bid_order)
        bid = bids.get(opponent)
        if not isinstance(bid, int) or view.blind:
            return None
        order = [q for q, _ in view.bid_order]
        mine = bids.get(view.seat)
        rival = mine if isinstance(mine, int) and order.index(view.seat) < order.index(opponent) else None
        unseen = mask_of(view.hand or ()) | played[view.seat] | mask_of(view.discarded)
        return bid, unseen, rival, near_bag_limit(view, side_of(view, opponent))

    def _read_nil_play(self, world: TrickGame, view: SeatView, rng: random.Random, nils: list[int]) -> None:
        """With ``read_nils``: move out of the live Nil bidders' hands in ``world`` the cards their play
        so far rules out (four-player Spades, the card play, no exchange, no jokers; ``nils``: the other
        Nil bidders)."""
        if self.read_nils and nils and view.phase is Phase.PLAYING and not view.exchange_given \
                and not view.exchange_received and not getattr(view.options, "jokers", False):
            exclusions, voids = self._nil_exclusions(view)
            _respect_exclusions(world, view, exclusions, voids, rng)

    def _nil_exclusions(self, view: SeatView) -> tuple[dict[int, int], tuple[int, ...]]:
        """``nil_exclusions(view)`` and the seats' voids, worked out once per decision."""
        if self._exclusions is None or self._exclusions[0] is not view:
            self._exclusions = (view, nil_exclusions(view), _voids(view))
        return self._exclusions[1], self._exclusions[2]

    def _rule_seats(self, view: SeatView) -> int:
        """The other seats the table shows played by ``RULE_LEVEL``, as a mask (bit ``1 << seat``), with
        ``model_levels``: in four-player Spades and Spades for two their number bids are fitted by that
        level's bid rule, their Nil bids (four players) by its Nil rule, and their cards read by the
        rollout policy or (``rule_play``) by that level's own card rules; in Pitch (``rule_play``) their
        cards by its card rules (0: none, or off)."""
        tuning = _tuning(view.kind)
        if not self.model_levels or not (tuning.nil_worlds or tuning.draft_opponent or tuning.auction_worlds):
            return 0
        modelled = self._modelled(view.teams, view.seat)
        return sum(1 << q for q, level in enumerate(modelled) if level == RULE_LEVEL and q != view.seat)

    def _easy_seats(self, view: SeatView) -> int:
        """The other seats the table shows played by ``EASY_LEVEL``, as a mask, with ``model_levels`` and
        ``model_easy``: in four-player Spades and Spades for two their number bids are fitted by that level's
        bid rule (it never bids Nil), their cards read by its card rules and played by them in the rollouts
        (Spades for two: her drafted hand by how that level drafts, ``EASY_DRAFT_WEIGHT``); in Pitch (the
        tunings with ``rule_play``: not Ten-point Pitch, whose levels play by rules of their own) their cards
        are read by its card rules and, with ``easy_auction``, their auction bids fitted by its bid rule (0:
        none, or off)."""
        tuning = _tuning(view.kind)
        if not (self.model_levels and self.model_easy and (tuning.nil_worlds or tuning.draft_opponent
                                                            or tuning.auction_worlds and tuning.rule_play)):
            return 0
        modelled = self._modelled(view.teams, view.seat)
        return sum(1 << q for q, level in enumerate(modelled) if level == EASY_LEVEL and q != view.seat)

    def _by_rule(self, view: SeatView, seat: int) -> bool:
        """Whether ``seat``'s Nil bid is fitted by the rule-based level's Nil rule: a seat the table shows
        at that level (``_rule_seats``), or the ``nil_rule`` trial's."""
        if self._rule_seats(view) >> seat & 1:
            return True
        if self.nil_rule == 2:
            return not any(view.seat in team and seat in team for team in view.teams)
        return self.nil_rule == 1

    def _nil_world(self, view: SeatView, rng: random.Random, nils: list[int]) -> TrickGame:
        """Rejection sampling: a uniform world is kept with the chance its Nil bidders would bid Nil
        (``nil_fit``), so the worlds follow the bids; after ``nil_tries`` the fittest one drawn."""
        played = played_masks(view)

        def fit(world: TrickGame) -> float:
            return math.prod(nil_fit(world.hands[q] | played[q], self._by_rule(view, q)) for q in nils)
        return self._fitted_world(view, rng, self.nil_tries, fit)

    def _read_world(self, view: SeatView, rng: random.Random, nils: list[int]) -> TrickGame:
        """Rejection sampling on the play: a uniform world is kept with the chance ``play_fit`` that the
        other seats played as they did on its hands (times ``nil_fit`` for each Nil bidder); after
        ``read_tries`` draws the fittest one."""
        played = played_masks(view)
        tricks = hand_tricks(view)
        options = view.options
        broken = bool(getattr(options, "spades_any_time", False))
        opening = bool(getattr(options, "two_clubs_opens", False))

        def fit(world: TrickGame) -> float:
            start = [world.hands[q] | played[q] for q in range(view.num_seats)]
            value = play_fit(start, tricks, spades_table_for(world, honest=True), view.seat, broken, opening,
                             self.read_miss, self.partner_miss)
            return value * math.prod(nil_fit(start[q], self._by_rule(view, q)) for q in nils)
        return self._fitted_world(view, rng, self.read_tries, fit)

    def _bid_world(self, view: SeatView, rng: random.Random, nils: list[int]) -> TrickGame:
        """Rejection sampling on every bid: a uniform world is kept with the chance its Nil bidders bid Nil
        (``nil_fit``) and its other bidders bid what they did (``bids_fit``), with ``read_play`` (no jokers,
        a card played) times the chance they played as they did (``play_fit``); after ``bid_tries`` the
        fittest. Without ``read_play`` the seats the table shows at ``RULE_LEVEL`` have their number bids
        fitted by that level's bid rule (``four_rule_bid``) and their play read all the same (the others'
        not; with ``rule_play`` by that level's own card rules, ``RuleReader``, else by ``play_fit``, which
        knows no jokers); the seats shown at ``EASY_LEVEL`` have their bids fitted and their play read by that
        level's rules (``_easy_seats``); past the tries a drawn world is taken in proportion to its fit."""
        played = played_masks(view)
        jokers = bool(getattr(view.options, "jokers", False))
        model: BidModel = "table" if self.bid_table else "rollout"
        rules = 0 if self.read_play else self._rule_seats(view)
        easy = 0 if self.read_play else self._easy_seats(view)
        unread = (1 << view.num_seats) - 1 & ~rules if rules else 0
        reads = (self.read_play or bool(rules | easy)) and view.phase is Phase.PLAYING \
            and bool(view.tricks or view.trick)
        read_by_rules = (rules if self._reads_by_rule(view) else 0) | easy
        reader = self._rule_reader(view, read_by_rules, easy) if reads and read_by_rules else None
        if jokers and reader is None:
            reads = False  # the rollout policy's reading (play_fit) replays the kernel's cards, not the jokers
        tricks = hand_tricks(view) if reads else []
        broken = bool(getattr(view.options, "spades_any_time", False))
        opening = bool(getattr(view.options, "two_clubs_opens", False))

        by_rule = self._four_rule_bids(view, rules)
        by_easy = [(q, bid) for q, bid in view.bid_order if easy >> q & 1 and isinstance(bid, int)]
        others = [(q, bid) for q, bid in view.bid_order if not (rules | easy) >> q & 1]

        def fit(world: TrickGame) -> float:
            held = [world.hands[q] | played[q] for q in range(view.num_seats)]
            value = bids_fit(held, others, view.seat, view.num_seats, self.bid_sigma, model, self.bid_shift, jokers)
            for q, bid, near, partner_nil, least in by_rule:
                value *= rule_fit(bid, four_rule_bid(held[q], view.num_seats, jokers, near, partner_nil, least))
            for q, bid in by_easy:
                value *= rule_fit(bid, easy_spades_tricks(held[q], view.num_seats))
            value *= math.prod(nil_fit(held[q], self._by_rule(view, q)) for q in nils)
            if reads and value > 0.0:
                if reader is not None:
                    value *= reader.fit(held)
                else:
                    table = spades_table_for(world, honest=True)
                    value *= play_fit(held, tricks, table, view.seat, broken, opening, self.read_miss,
                                      self.partner_miss, unread)
            return value
        return self._fitted_world(view, rng, self.bid_tries, fit, resample=self.resample or (reads and bool(rules)))

    def _reads_by_rule(self, view: SeatView) -> bool:
        """Whether the play of the seats shown at ``RULE_LEVEL`` is read by that level's card rules."""
        return _tuning(view.kind).rule_play if self.rule_play is None else self.rule_play

    def _rule_reader(self, view: SeatView, rules: int, easy: int = 0) -> RuleReader | None:
        """The decision's reader of the ``rules`` seats' play by the rule-based level's card rules
        (``rule_play``; those also in ``easy`` by the easy level's), made once a decision; None where the
        replayed views cannot be the seats' own (an exchange, a redraw)."""
        if view.exchange_given or view.exchange_received or view.redraw_thrown or view.redraw_drawn:
            return None
        if self._reader is None or self._reader.view is not view:
            self._reader = RuleReader(view, rules, self.rule_miss, easy)
        return self._reader

    def _fitted_world(self, view: SeatView, rng: random.Random, tries: int,
                      fit: Callable[[TrickGame], float], draw: Sampler | None = None,
                      resample: bool | None = None) -> TrickGame:
        """A world of ``draw`` (uniform: the sampler) kept with the chance ``fit`` gives it (0 .. 1); after
        ``tries`` draws the fittest, or with ``resample`` (None: the player's) one of the drawn worlds with a
        chance in proportion to its fit (sampling-importance-resampling: no world is certain to be chosen).
        With ``chain_steps`` (a trial) and the uniform sampler where its worlds take swaps, the decision's
        worlds after its first come from a chain whose target is the fit (``_chained_world``)."""
        if self.chain_steps and draw is None and self.sampler is _default_sampler:
            sampler = sampler_for(view)
            if sampler.swappable:
                return self._chained_world(view, rng, tries, fit, resample, sampler.neighbour)
        return self._drawn_world(view, rng, tries, fit, draw, resample)

    def _chained_world(self, view: SeatView, rng: random.Random, tries: int, fit: Callable[[TrickGame], float],
                       resample: bool | None, swapper: Callable[[TrickGame, random.Random], TrickGame | None]
                       ) -> TrickGame:
        """A Metropolis chain over the fitting deals whose stationary law is the fit (``swapper``'s proposal
        is symmetric, so a proposed world is taken with the chance min(1, its fit / the current one's)): the
        decision's first world drawn as ``_drawn_world`` draws it, then ``chain_burn`` swap proposals; each
        later world ``chain_steps`` proposals after the one before. A copy is returned; the chain keeps its
        own."""
        chain = self._chain
        if chain is None or chain[0] is not view:
            current = self._drawn_world(view, rng, tries, fit, None, resample)
            value = fit(current)
            steps = self.chain_burn + self.chain_steps
        else:
            _, current, value = chain
            steps = self.chain_steps
        for _ in range(steps):
            proposal = swapper(current, rng)
            if proposal is None:
                continue
            proposed = fit(proposal)
            if proposed >= value or rng.random() * value < proposed:
                current, value = proposal, proposed
        self._chain = (view, current, value)
        return current.clone()

    def _drawn_world(self, view: SeatView, rng: random.Random, tries: int,
                     fit: Callable[[TrickGame], float], draw: Sampler | None = None,
                     resample: bool | None = None) -> TrickGame:
        """``_fitted_world`` by rejection and, past the tries, the fittest or resampling (see there)."""
        resample = self.resample if resample is None else resample
        sample = draw or self.sampler
        best, best_fit = None, -1.0
        drawn: list[tuple[TrickGame, float]] = []
        for _ in range(tries):
            world = sample(view, rng)
            value = fit(world)
            if rng.random() < value:
                return world
            if resample:
                drawn.append((world, value))
            if value > best_fit:
                best, best_fit = world, value
        assert best is not None
        total = sum(value for _, value in drawn)
        if resample and total > 0.0:
            pick = rng.random() * total
            for world, value in drawn:
                pick -= value
                if pick < 0.0:
                    return world
        return best

    def _auction_world(self, view: SeatView, rng: random.Random, easy: int = 0) -> TrickGame:
        """Pitch: rejection sampling on the auction. A uniform world is kept at once when every other
        seat's bid there is the one the rules would have made on its hand (``pitch_bid_rule``; for the seats
        in ``easy``, with ``easy_auction``, the easy level's rule), else with the chance ``auction_floor`` per
        bid that differs; after ``auction_tries`` the fittest."""
        played = played_masks(view)
        easy = easy if self.easy_auction else 0
        best, best_fit = None, -1.0
        for _ in range(self.auction_tries):
            world = self.sampler(view, rng)
            fit = auction_fit(view, world.hands, played, self.auction_floor, easy)
            if fit >= 1.0 or rng.random() < fit:
                return world
            if fit > best_fit:
                best, best_fit = world, fit
        assert best is not None
        return best

    def _pitch_read_world(self, view: SeatView, rng: random.Random) -> TrickGame:
        """Pitch: rejection sampling on the auction and the play: a uniform world is kept with the chance
        ``auction_fit`` times ``pitch_play_fit`` gives it; after ``read_tries`` draws the fittest one."""
        played = played_masks(view)
        tricks = hand_tricks(view)
        trump = tricks[0][1][0][1] & 3

        def fit(world: TrickGame) -> float:
            start = [world.hands[q] | played[q] for q in range(view.num_seats)]
            table = pitch_table_for(cast("PitchGame", world), honest=True)
            value = pitch_play_fit(start, tricks, table, trump, view.seat, self.read_miss)
            return value * auction_fit(view, world.hands, played, self.auction_floor)
        return self._fitted_world(view, rng, self.read_tries, fit)

    def _pitch_rule_world(self, view: SeatView, rng: random.Random, rules: int, easy: int = 0) -> TrickGame:
        """Pitch: rejection sampling on the auction and the play of the seats ``rules`` (a mask: those the
        table shows at ``RULE_LEVEL``, and at ``EASY_LEVEL``, ``easy``), read by their level's own card rules
        (``RuleReader``); past ``auction_tries`` draws one of them in proportion to its fit."""
        played = played_masks(view)
        reader = self._rule_reader(view, rules, easy)
        assert reader is not None
        by_easy = easy if self.easy_auction else 0

        def fit(world: TrickGame) -> float:
            value = auction_fit(view, world.hands, played, self.auction_floor, by_easy)
            if value > 0.0:
                value *= reader.fit([world.hands[q] | played[q] for q in range(view.num_seats)])
            return value
        return self._fitted_world(view, rng, self.auction_tries, fit, resample=True)

    def trick_rate(self, state: Any) -> float:
        """How often a bid's rollout gives one of the bidder's tricks away (``trick_bias``: Spades for two's
        rollouts take more tricks than the real play does; 0: never)."""
        return _tuning(state.kind).trick_bias if self.trick_bias is None else self.trick_bias

    def give_trick_away(self, state: Any, seat: int, tricks: list[int]) -> None:
        """In this world (its one draw ``_world_u``), give one of ``seat``'s rollout ``tricks`` to the other
        player at the ``trick_rate``."""
        if tricks[seat] and self._world_u < self.trick_rate(state):
            tricks[seat] -= 1
            tricks[1 - seat] += 1

    def _simulate(self, world: TrickGame, action: Action) -> list[float]:
        """Apply a candidate to a copy of the world, finish the bidding etc. by estimate, play it out: each
        side's value (outside a search: no game value)."""
        outcome = self._simulate_outcome(world, action)
        assert not isinstance(outcome, float)
        return outcome

    def _simulate_outcome(self, world: TrickGame, action: Action) -> list[float] | float:
        """``_simulate``, or with the decision's game value the seat's value."""
        copy = world.clone()
        copy.apply(_for_world(action, copy))
        advance_to_play(copy)
        if self.draw_by_tricks and world.phase is Phase.DRAWING and copy.phase is Phase.PLAYING:
            seat = action.seat
            if copy.bids[seat] != DOUBLE_NIL:
                tricks = play_out_tricks(copy)
                return [10.0 * tricks[s] for s in range(copy.num_seats)]
        if copy.phase is not Phase.PLAYING:
            if self._game is not None and copy.results:
                totals = [float(p["total"]) for p in copy.results[-1].points]
                return self._game.value(totals, list(copy.bags))
            return [float(p["total"]) for p in copy.results[-1].points] if copy.results else [0.0] * len(copy.teams)
        tuning = _tuning(copy.kind)
        pitches = copy.facts.auction and world.phase is Phase.BIDDING and getattr(copy, "pitcher", None) == action.seat
        if self._bid_tail_reach and world.phase is Phase.BIDDING and not self.trick_rate(copy):
            tail = self._tail_value(copy, action.seat, -1, self._bag_cost(copy), tuning.honest, self._bid_tail_reach)
            if tail is not None:
                return tail + self.pitcher_bonus if pitches else tail
        if self.trick_rate(copy) and world.phase is Phase.BIDDING:
            table = spades_table_for(copy, honest=tuning.honest)
            tricks = spades_rollout(list(copy.hands), table, list(copy.tricks_won), copy.to_act or 0, copy.trick,
                                    copy.spades_broken)
            self.give_trick_away(copy, action.seat, tricks)
            if self._game is not None:
                return self._game.value(*_spades_outcome(table, tricks, copy.bags))
            return spades_side_values(table, tricks, copy.bags, self._bag_cost(copy))
        if self._game is not None and policy_fits(copy):
            return self._game_play_out(copy, -1, tuning.honest)
        sides = play_out(copy, bag_cost=self._bag_cost(copy), honest=tuning.honest or self._judged(copy, action.seat),
                         judges=self._judges(copy, action.seat), noise=self._noise(), eps=self.rollout_eps)
        if self._pitch_game is not None:
            value = self._side_value(sides, copy.side_of(action.seat), copy)
            return value + self.pitcher_bonus if pitches else value
        if pitches:
            sides[copy.side_of(action.seat)] += self.pitcher_bonus
        return sides

    # ----- the value (for tests and tools)
    def evaluate(self, view: SeatView, worlds: int) -> dict[Action, float]:
        """The mean value of every candidate over ``worlds`` sampled worlds, each world valued as the search
        values it (``world_values``: the endgame solver, the seats that judge honestly, the game's value),
        with no pruning, no clock and no ``bonuses``."""
        candidates = self.candidates(view)
        sums = [0.0] * len(candidates)
        self.start_valuing(view)
        try:
            for _ in range(worlds):
                world = self.next_world(view, self.rng)
                for index, value in self.world_values(view, world, candidates).items():
                    sums[index] += value
        finally:
            self.stop_valuing()
        return {action: sums[index] / worlds for index, action in enumerate(candidates)}


def _draft_opponent(world: TrickGame, view: SeatView, rng: random.Random, weight: float,
                    high_weight: float) -> None:
    """Spades for two: give the opponent the hidden cards a drafting player would have kept.

    She drew two cards a turn and kept one, so her hand is not a uniform share of the cards this
    seat has not seen: a spade is about ``weight`` times likelier in it than a low card of another
    suit, a queen, king or ace of another suit ``high_weight`` times (the weights that give drafted
    worlds as many of each as the levels' drafted hands hold). Her hidden cards and her hidden
    discards are dealt again, her hand drawn with those weights from the suits she may still hold
    (voids shown stay voids).
    """
    if any(b == DOUBLE_NIL for b in view.bids) or view.blind:
        return  # a redraw mixed the pile: keep the uniform world
    opponent = 1 - view.seat
    wd: Any = world
    hand = wd.hands[opponent]
    count = hand.bit_count()
    if not count:
        return
    mine = mask_of(view.discarded) | mask_of(view.redraw_thrown)
    pool = hand | (wd.discards & ~mine)
    if pool.bit_count() < 2 * count - 1:
        return
    voids = _voids(view)[opponent]
    allowed = pool
    for suit in range(4):
        if voids >> suit & 1:
            allowed &= ~SUIT[suit]
    keyed = []
    mask = allowed
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        odds = weight if card & 3 == 0 else high_weight if card >> 2 >= 10 else 1.0
        keyed.append((rng.random() ** (1.0 / odds), card))
    if len(keyed) < count:
        return
    keyed.sort(reverse=True)
    new_hand = 0
    for _, card in keyed[:count]:
        new_hand |= 1 << card
    wd.hands[opponent] = new_hand
    wd.discards = (wd.discards & ~pool) | (pool & ~new_hand)


def _respect_exclusions(world: TrickGame, view: SeatView, exclusions: dict[int, int], voids: tuple[int, ...],
                        rng: random.Random) -> None:
    """Move each card a seat cannot hold (``exclusions``) to another hidden hand that may hold it, in
    exchange for one of that hand's cards the seat may hold (of a suit it is not void in: ``voids``, the
    view's), drawn at random."""
    if not exclusions:
        return
    hands = world.hands
    for q, banned in exclusions.items():
        may_take = 0
        for suit in range(4):
            if not voids[q] >> suit & 1:
                may_take |= SUIT_MASKS[suit]
        bad = hands[q] & banned
        while bad:
            card = (bad & -bad).bit_length() - 1
            bad &= bad - 1
            swaps = []
            for h in range(view.num_seats):
                if h in (q, view.seat) or voids[h] >> (card & 3) & 1 or exclusions.get(h, 0) >> card & 1:
                    continue
                mask = hands[h] & may_take & ~banned
                while mask:
                    other = (mask & -mask).bit_length() - 1
                    mask &= mask - 1
                    swaps.append((h, other))
            if swaps:
                h, other = swaps[rng.randrange(len(swaps))]
                hands[q] ^= (1 << card) | (1 << other)
                hands[h] ^= (1 << card) | (1 << other)


def nil_fit(hand: int, by_rule: bool = False) -> float:
    """How likely a seat dealt ``hand`` bids Nil, relative to the safest Nil hand (``NIL_FLOOR`` ** 2 .. 1):
    by the rollouts' danger (``nil_danger``), or ``by_rule`` by the rule-based level's Nil risk and trick
    estimate (``nil_risk``, ``estimate_four``), softened past the rule's own thresholds."""
    if not by_rule:
        return max(NIL_FLOOR, 1.0 - nil_danger(hand)) ** 2
    risk = nil_risk(hand)
    if risk == math.inf:
        return NIL_FLOOR ** 2
    value = math.exp(-max(0.0, risk - NIL_RULE_RISK) / NIL_RULE_RISK_SCALE)
    if value > NIL_FLOOR ** 2:
        value *= math.exp(-max(0.0, estimate_four(hand) - NIL_RULE_TRICKS) / NIL_RULE_TRICKS_SCALE)
    return max(NIL_FLOOR ** 2, value)


def auction_fit(view: SeatView, hands: list[int], played: list[int], floor: float, easy: int = 0) -> float:
    """How well a Pitch world fits the auction seen, from the hand each other seat held then (its cards
    now and those it played): ``floor`` for every pass on a hand the rules would bid and every bid the
    hand does not pay for (below ``PITCH_BID_NEEDS``, and not the rules' own bid), else 1; the dealer's
    forced bid says nothing. The seats in ``easy`` (a mask) bid by the easy level's rule, so ``floor`` for
    every bid of theirs, a pass too, that is not the rule's on that hand."""
    options = view.options
    players = view.num_seats
    side_of = [0] * players
    for index, team in enumerate(view.teams):
        for q in team:
            side_of[q] = index
    low_to_player = options.low == "player"
    high, pitcher = 0, -1
    fit = 1.0
    for q, bid in view.bid_order:
        if easy >> q & 1:
            choices = pitch_bid_choices(q == view.dealer, high, options)
            if easy_pitch_bid_value(hands[q] | played[q], choices, q == view.dealer) != bid:
                fit *= floor
        elif q != view.seat:
            value, _ = pitch_estimate(hands[q] | played[q], players, low_to_player, options.off_jack)
            pitcher_side = side_of[pitcher] if pitcher >= 0 else None
            cut = pitch_bid_cut(side_of[q], pitcher_side, high, view.scores, options.target,
                                len(view.teams) < players)
            if isinstance(bid, int) and q == view.dealer and high == 0:
                pass  # the dealer's forced bid says nothing
            elif isinstance(bid, int):
                # a bid: the hand pays for it (a cheap bid may hide a better hand: any bid the rules make)
                need = PITCH_BID_NEEDS[bid] - cut - (0.15 if q == view.dealer else 0.0)
                model = pitch_bid_rule(value, q, view.dealer, players, high, pitcher_side == side_of[q],
                                       cut, options.dealer_steal, options.shut_out)
                if value < need and model != bid:
                    fit *= floor
            elif pitch_bid_rule(value, q, view.dealer, players, high, pitcher_side == side_of[q], cut,
                                options.dealer_steal, options.shut_out) != bid:
                fit *= floor  # a pass on a hand the rules would bid
        if isinstance(bid, int):
            high, pitcher = bid, q
    return fit


def _spades_outcome(table: SpadesTable, tricks: list[int], bags: list[int]) -> tuple[list[float], list[int]]:
    """Each side's hand total as the rules score it and its bag count after the hand."""
    totals = spades_side_values(table, tricks, bags, None)
    free = spades_side_values(table, tricks, bags, 0.0)
    priced = spades_side_values(table, tricks, bags, 1.0)
    after = []
    for index, before in enumerate(bags):
        count = before + int(round(free[index] - priced[index]))
        if table.bag_limit:
            count %= table.bag_limit
        after.append(count)
    return totals, after


def _side_of(view: SeatView) -> int:
    return next(i for i, team in enumerate(view.teams) if view.seat in team)


def _nil_bidders(view: SeatView) -> list[int]:
    """The other seats that bid Nil (a Double Nil is bid face down: its hand says nothing), no exchange
    on their side."""
    out = []
    for q, bid in enumerate(view.bids):
        if q == view.seat or bid != NIL:
            continue
        partner = next((p for team in view.teams if q in team for p in team if p != q), None)
        if partner is not None and view.bids[partner] == DOUBLE_NIL:
            continue
        out.append(q)
    return out


def _side_nil_live(view: SeatView, ours: bool = True) -> bool:
    """Whether a seat of this seat's side (itself too; ``ours`` False: of another side) bid Nil or Double Nil
    and has won no trick yet."""
    seats = [q for team in view.teams if (view.seat in team) == ours for q in team]
    return any(is_nil(view.bids[q]) and not view.tricks_won[q] for q in seats)


def _voids(view: SeatView) -> tuple[int, ...]:
    return tuple(void_suits(view))


def _cutthroat_far_from_penalty(state: Any) -> bool:
    """Cutthroat Spades (three or four seats alone) while no player's bags are within three of the penalty:
    a bag is then a point, as the normal level plays there (a trick let go goes to a rival; the figures
    that chose it are in docs/ai-notes.md, "Under house rules")."""
    options = state.options
    if state.facts.auction or getattr(options, "partnerships", True) or state.num_seats < 3:
        return False
    limit = getattr(options, "bag_limit", None)
    return limit is None or all(bags < limit - 3 for bags in state.bags)


def _for_world(action: Action, world: TrickGame) -> Action:
    """The action to apply to a world. A Look before bidding (four-player Spades, the "look,
    then bid" candidate) becomes the estimate's bid for the world's own hand."""
    if isinstance(action, Look) and world.phase is Phase.BIDDING:
        partner = world.partner(action.seat)
        value = spades_bid_for(world.hands[action.seat], world.bids[partner] if partner is not None else None,
                               bool(getattr(world.options, "nil", False)), world.num_seats,
                               bool(getattr(world.options, "jokers", False)))
        return legal_bid(world, action.seat, value)  # a minimum side bid (house rule S4) may ask for more
    return action


def _margin(sides: list[float], side: int) -> float:
    """The side's points minus the others' (their mean when there are more than two sides)."""
    own = sides[side]
    others = len(sides) - 1
    if others == 1:
        return own - sides[1 - side]
    return own - (sum(sides) - own) / others


def _prune(alive: list[int], values: list[list[float]], worlds: int, var_floor: float = 0.0
           ) -> tuple[list[int], bool]:
    """Drop candidates clearly behind the leader; say whether the leader is clearly ahead of all.

    A paired difference's variance counts as at least ``var_floor``."""
    means = {i: sum(values[i]) / worlds for i in alive}
    leader = max(alive, key=means.__getitem__)
    keep = [leader]
    clear = True
    lead_values = values[leader]
    for i in alive:
        if i == leader:
            continue
        diffs = [a - b for a, b in zip(lead_values, values[i], strict=True)]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)
        error = math.sqrt(max(var, var_floor) / worlds)
        if mean > CLEAR_Z * error and mean > 0:
            continue  # clearly worse: dropped
        clear = False
        keep.append(i)
    keep.sort()
    return keep, clear or len(keep) == 1


# ----- candidates


def _nil_duck(view: SeatView, legal: list[Action]) -> Action | None:
    """A live Nil bidder following suit with a card that loses: the highest such card (the way a Nil is
    played, which ``nil_exclusions`` reads); None otherwise. Four-player Spades."""
    live = view.bids[view.seat] == NIL and not view.tricks_won[view.seat]
    if not view.trick or not live or not _tuning(view.kind).nil_worlds or getattr(view.options, "jokers", False):
        return None
    led = view.trick[0][1] & 3
    best = view.trick[0][1]
    for _, card in view.trick[1:]:
        if spades_beats(card, best):
            best = card
    losers = [a for a in legal if isinstance(a, Play) and a.card & 3 == led
              and (best & 3 != led or a.card < best)]
    return max(losers, key=lambda a: int(a.card)) if losers else None


def _card_candidates(view: SeatView, legal: list[Action]) -> list[Action]:
    """Legal cards, one per run of equivalent cards of a suit (Spades)."""
    if not _tuning(view.kind).card_runs:
        return legal
    hand = mask_of(view.hand or ())
    # cards gone in finished tricks separate nothing; a card of the trick in progress does
    known = (hand | mask_of(view.played)) & ~mask_of(card for _, card in view.trick)
    kept: list[Action] = []
    previous = -1
    # by suit, the jokers (house rule S7) among the spades, above the ace
    for action in sorted(legal, key=lambda a: (suit_of(a.card), a.card) if isinstance(a, Play) else (0, 0)):
        assert isinstance(action, Play)
        card = int(action.card)
        if previous >= 0 and suit_of(previous) == suit_of(card):
            between = SUIT_MASKS[suit_of(card)] & ((1 << card) - 1) & ~((2 << previous) - 1)
            if between & ~known == 0:
                previous = card
                continue  # equivalent to the lower card already kept
        kept.append(action)
        previous = card
    return kept


def _spades_bid_candidates(view: SeatView, legal: list[Action], double_nil_behind: float = 0.0) -> list[Action]:
    """Bids near the trick estimate, and Nil when the hand is not hopeless for it."""
    by_value = {a.value: a for a in legal if isinstance(a, Bid)}
    if view.hand is None:  # not looked: Double Nil, or look and bid
        out: list[Action] = []
        side = next(i for i, team in enumerate(view.teams) if view.seat in team)
        behind = max(s for i, s in enumerate(view.scores) if i != side) - view.scores[side]
        if DOUBLE_NIL in by_value and behind >= double_nil_behind:
            out.append(by_value[DOUBLE_NIL])
        out.append(Look(view.seat))
        return out
    hand = mask_of(view.hand)
    estimate = int(spades_expected_tricks(hand, view.num_seats, bool(getattr(view.options, "jokers", False))) + 0.5)
    wanted: list[Any] = [v for v in range(estimate - 2, estimate + 3) if v in by_value]
    if not wanted:
        wanted = [min((v for v in by_value if isinstance(v, int)), key=lambda v: abs(v - estimate))]
    if NIL in by_value and nil_danger(hand) < 0.9:
        wanted.append(NIL)
    return [by_value[v] for v in wanted]


def _exchange_candidates(view: SeatView, legal: list[Action]) -> list[Action]:
    """A few gifts built by rules: the bidder's dangerous cards, the partner's low cards."""
    hand = mask_of(view.hand or ())
    seat = view.seat
    double_nil = view.bids[seat] == DOUBLE_NIL
    order = danger_order(hand)
    by_rank = sorted(order, key=lambda c: c >> 2, reverse=True)
    picks: list[tuple[int, ...]] = []
    if double_nil:
        picks.append(tuple(order[:3]))
        picks.append(tuple(by_rank[:3]))
        spades = [c for c in order if c & 3 == 0]
        others = [c for c in order if c & 3 != 0]
        picks.append(tuple((spades + others)[:3]))
        picks.append(tuple((others + spades)[:3]))
        picks.append(tuple(order[:2] + order[3:4]))
    else:
        low = list(reversed(order))
        picks.append(tuple(low[:3]))
        low_rank = sorted(order, key=lambda c: c >> 2)
        picks.append(tuple(low_rank[:3]))
        no_spades = [c for c in low_rank if c & 3 != 0]
        picks.append(tuple((no_spades + low_rank)[:3]))
        spades_low = [c for c in low_rank if c & 3 == 0]
        picks.append(tuple((spades_low + low_rank)[:3]))
        # keep the high cards, give the middle: a void for the partner's ruffs is no use; give the shortest suit
        shortest = min((s for s in range(4) if hand & SUIT[s]), key=lambda s: (hand & SUIT[s]).bit_count())
        picks.append(tuple(([c for c in low_rank if c & 3 == shortest] + low_rank)[:3]))
    return _unique_subsets(picks, legal, Exchange, 3)


def _redraw_candidates(view: SeatView, legal: list[Action]) -> list[Action]:
    """Nothing, or the one, two or three most dangerous cards (and by rank alone)."""
    hand = mask_of(view.hand or ())
    order = danger_order(hand)
    by_rank = sorted(order, key=lambda c: c >> 2, reverse=True)
    high_spades = [c for c in order if c & 3 == 0 and c >> 2 >= 6]
    picks: list[tuple[int, ...]] = [(), tuple(order[:1]), tuple(order[:2]), tuple(order[:3]),
                                    tuple(by_rank[:3]), tuple((high_spades + order)[:3])]
    return _unique_subsets(picks, legal, Redraw, None)


def _unique_subsets(picks: list[tuple[int, ...]], legal: list[Action], kind: type, size: int | None
                    ) -> list[Action]:
    by_set = {frozenset(int(c) for c in a.cards): a for a in legal if isinstance(a, (Exchange, Redraw))
              and isinstance(a, kind)}
    out: list[Action] = []
    seen: set[frozenset[int]] = set()
    for pick in picks:
        key = frozenset(pick)
        if (size is not None and len(key) != size) or key in seen or key not in by_set:
            continue
        seen.add(key)
        out.append(by_set[key])
    return out or legal[:1]

