"""The coach: why the Hint chooses what it chooses, in a player's words and numbers.

``explain(view, worlds, seed)`` looks at one decision from the seat's own ``SeatView`` only. It runs
the ``hard`` level's own search with ``worlds`` worlds as its budget (``HardPlayer.search_worlds``): the
same worlds that fit the view (the same sampling, Nil fits and auction fits), each valued as that level
values it (``HardPlayer.world_values``: the endgame solver near the end of the hand, the rollouts of
``game.ai.rollout`` before it, Spades for two's draws by the tricks they take, the bids' trick given
away, the game's value; common random numbers: every candidate sees the same worlds), a candidate
clearly behind the leader dropped and the search ended once the leader is clearly ahead, so it does
no more work than Hard and lifts what Hard with that seed and budget plays; a game whose hard level
has its own search (the registry's ``hard_values``: Ten-point Pitch) values that search's candidates in
its own worlds instead. It keeps, per candidate, over the worlds it was valued in:

- the mean value (the side's points minus the opponents', as ``hard`` values a hand);
- in Spades, how often the side makes its contract, each Nil of the table survives, and (for a bid)
  how many tricks the seat takes, from the hand played out by the rollout policy.

The words come from those numbers and from the rules applied to the view (who is winning the trick,
by the game's own trick rule with the jokers and the off-jack, which cards are gone, who bid Nil),
never from a hidden card: the same view and the same seed give the same words however the unseen
cards lie (tests shuffle them). The recommended action is, among the candidates the search kept, the
best mean plus the points the ``hard`` level's search adds when it chooses (``HardPlayer.bonuses``: the
rule-based card's tie-break prior, Pitch's price of each step of a bid, Double Nil's margin), as Hard
chooses, and the lifted card is the first line of the note.

``Advice`` (the action and its ``Note``) is what the Hint's worker process sends back.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.actions import (
    DOUBLE_NIL,
    NIL,
    PASS,
    Action,
    Bid,
    BidValue,
    Discard,
    Draw,
    Exchange,
    Look,
    NameTrump,
    Play,
    Redraw,
)
from game.ai.hard import HardPlayer, _tuning
from game.ai.rollout import (
    advance_to_play,
    play_out_tricks,
    policy_fits,
)
from game.cards import JOKER_NAMES, RANKS, Card
from game.games import GAMES
from game.house import suit_masks, suit_table
from game.state import Phase, SeatView, TrickGame

SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # spades, hearts, diamonds, clubs (drawn as shapes by the window)
SUIT_WORDS = ("spade", "heart", "diamond", "club")
DEFAULT_WORLDS = 48  # the Hint's budget of worlds (fixed: the same seed gives the same words)
SHOWN = 3  # candidates shown at most
HINT_WORLDS_PER_MS = 0.2  # the Hint's worlds per ms of the thinking-time setting (500 ms: 100 worlds)
HINT_WORLDS_RANGE = (24, 400)


def worlds_for(think_ms: int) -> int:
    """The Hint's fixed budget of worlds for a thinking-time setting (a number of worlds, never a clock)."""
    low, high = HINT_WORLDS_RANGE
    return max(low, min(high, round(think_ms * HINT_WORLDS_PER_MS)))
MINUS = "\u2212"
JOKER_BASE = 52  # the Little Joker's number; the Big Joker's is one more


def card_label(card: int) -> str:
    """``Q♠``, ``10♥``, ``Big Joker``: a card as the note writes it."""
    if card >= JOKER_BASE:
        return JOKER_NAMES[card - JOKER_BASE]
    rank = RANKS[card >> 2]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card & 3]


def bid_label(value: BidValue | None) -> str:
    if value is None or value == PASS:
        return "pass"
    if value == NIL:
        return "Nil"
    if value == DOUBLE_NIL:
        return "Double Nil"
    if isinstance(value, int):
        return str(value)
    return str(value)


def action_label(action: Action) -> str:
    """An action as the note names it: a card, a bid, or what a button says."""
    if isinstance(action, Play):
        return card_label(action.card)
    if isinstance(action, Bid):
        return "Pass" if action.value in (None, PASS) else "Bid " + bid_label(action.value)
    if isinstance(action, Look):
        return "Look at your cards"
    if isinstance(action, Draw):
        return "Keep it" if action.keep else "Discard it"
    if isinstance(action, NameTrump):
        return f"Trump {SUIT_SYMBOLS[action.suit]}"
    if isinstance(action, Discard):
        return f"Put down {card_label(action.card)}"
    if isinstance(action, (Exchange, Redraw)):
        cards = " ".join(card_label(c) for c in action.cards)
        return (f"Give {cards}" if isinstance(action, Exchange) else f"Replace {cards}") if cards else "Keep the hand"
    return str(action)


def points(value: float, tenths: bool = False) -> str:
    """How much less than the lifted action a shown one is worth, as the note writes it: ``−6 points``,
    ``−1 point``, ``−0.4 points`` under one point, ``+0.3 points`` when it is worth more in the worlds (the search's
    margins chose the lifted one), ``±0`` when they are equal; Pitch's in tenths without the word (``−0.4``)."""
    if abs(value) < 0.05:
        return "\u00b10"
    sign = MINUS if value > 0 else "+"
    if tenths:
        return f"{sign}{abs(value):.1f}"
    size = round(abs(value))
    if size == 0:
        return f"{sign}{abs(value):.1f} points"
    return f"{sign}{size} point{'s' if size != 1 else ''}"


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


@dataclass(frozen=True)
class Line:
    """One candidate as the search found it."""

    action: Action
    value: float  # mean value (points of the side minus the opponents')
    loss: float  # how much less than the recommended action, on average (0 for it; below 0 when worth more)
    chances: tuple[tuple[str, float], ...] = ()  # ("contract", 0.84), ("your Nil", 0.3), ...
    tricks: float | None = None  # Spades: the seat's mean tricks after this action


@dataclass(frozen=True)
class Note:
    """What the Hint says about one decision."""

    action: Action  # the recommended one
    lines: tuple[Line, ...]  # the best few, the recommended first
    text: tuple[str, ...]  # the words, one entry per line shown
    worlds: int
    reason: str = ""


@dataclass(frozen=True)
class Advice:
    """The Hint's answer from the worker process: the action to lift and why."""

    action: Action
    note: Note | None = field(default=None)


# ----- the search -------------------------------------------------------------------------------
@dataclass
class _Tally:
    total: float = 0.0
    made: int = 0  # worlds in which the side made its contract
    nils: dict[int, int] = field(default_factory=dict)  # Nil seat -> worlds it survived
    tricks: float = 0.0
    values: list[float] = field(default_factory=list)

    @property
    def count(self) -> int:
        """The worlds this candidate was valued in (the search drops a candidate clearly behind)."""
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean value over those worlds."""
        return self.total / len(self.values) if self.values else -math.inf

    def share(self, count: float) -> float:
        """``count`` (worlds, tricks) per world this candidate was valued in."""
        return count / len(self.values) if self.values else 0.0


def _tricks_after(hard: HardPlayer, world: TrickGame, action: Action) -> tuple[list[int] | None,
                                                                              tuple[BidValue | None, ...]]:
    """The tricks per seat once ``action`` is made in ``world`` and the hand played out by the rollout policy,
    with the bids they were played to: the words' tricks, contract and Nil chances (None tricks when the
    policy does not model the hand: Pitch, house rules it plays at random). A bid's rollout gives a trick
    away as ``hard`` values it (``give_trick_away``, Spades for two), so the chances agree with the values."""
    if world.facts.auction or not policy_fits(world):
        return None, tuple(world.bids)
    if world.phase is Phase.PLAYING and isinstance(action, Play):
        state = world
        first = int(action.card)
    else:
        state = world.clone()
        state.apply(action if not isinstance(action, Look) else _look_bid(world, action))
        advance_to_play(state)
        first = -1
        if state.phase is not Phase.PLAYING:
            return None, tuple(state.bids)
    tricks = play_out_tricks(state, first, _tuning(state.kind).honest)
    seat = getattr(action, "seat", None)
    if world.phase is Phase.BIDDING and isinstance(seat, int) and len(tricks) == 2:
        hard.give_trick_away(world, seat, tricks)
    return tricks, tuple(state.bids)


def _look_bid(world: TrickGame, action: Look) -> Action:
    from game.ai.hard import _for_world

    return _for_world(action, world)


def _made(bids: tuple[BidValue | None, ...], tricks: list[int], seats: list[int]) -> bool | None:
    """Whether the side of ``seats`` made its contract (None: no contract, every seat bid Nil)."""
    contract = counted = 0
    has = False
    for q in seats:
        bid = bids[q]
        if isinstance(bid, int) and bid >= 0:
            has = True
            contract += bid
            counted += tricks[q]
    return counted >= contract if has else None


@dataclass(frozen=True)
class Evaluation:
    """The candidates of a decision over the same worlds: the candidates, their tallies, the points the hard
    level's search adds to each world's value (``search_bonuses``: the rule-based choice's prior and the like)
    and to each mean when it chooses (``choice_bonuses``), none part of the values, and the candidates it
    chooses among (``pool``, by index: those its search kept, and the actions asked for beside them)."""

    candidates: list[Action]
    tallies: dict[Action, _Tally]
    search_bonuses: tuple[float, ...]
    choice_bonuses: tuple[float, ...]
    pool: tuple[int, ...]

    @property
    def bonuses(self) -> tuple[float, ...]:
        """Each candidate's bonuses, both kinds."""
        return tuple(a + b for a, b in zip(self.search_bonuses, self.choice_bonuses, strict=True))

    @property
    def worlds(self) -> int:
        """The worlds valued (the most any candidate was valued in)."""
        return max((t.count for t in self.tallies.values()), default=0)


def evaluate(view: SeatView, worlds: int, seed: int | None, hard: HardPlayer | None = None,
             extra: tuple[Action, ...] = (), search: bool = True) -> Evaluation:
    """The hard level's search at ``view`` over at most ``worlds`` worlds sampled with ``seed``
    (``HardPlayer.search_worlds``: the same worlds, values, pruning and stop as that level's choice with
    that seed and budget; ``hard``'s ``samples`` is set to ``worlds``), and ``extra`` actions valued in every
    world it draws beside its candidates, never dropped (without ``search``, the ``extra`` actions alone in each
    of the ``worlds`` worlds); a game with its own hard search (the registry's ``hard_values``) values its own
    candidates in every world."""
    own = GAMES[view.kind].hard_values
    if own is not None:  # a game with its own search (Ten-point Pitch): its candidates and values
        valued = own(view, random.Random(seed), worlds, extra)
        own_tallies = {a: _Tally(total=sum(v), values=list(v)) for a, v in zip(valued.actions, valued.values,
                                                                               strict=True)}
        own_bonuses = tuple(valued.prior_bonus if i == valued.prior else 0.0 for i in range(len(valued.actions)))
        return Evaluation(list(valued.actions), own_tallies, own_bonuses, (0.0,) * len(own_bonuses),
                          tuple(range(len(own_bonuses))))
    player = hard if hard is not None else HardPlayer(seed=seed, samples=worlds)
    player.samples = worlds  # a number of worlds, never the clock
    candidates = list(player.candidates(view)) if search else []
    prior = player._prior(view, candidates) if search else -1
    searched = len(candidates)
    candidates += [action for action in dict.fromkeys(extra) if action not in candidates]
    forced = [candidates.index(action) for action in extra]
    tallies = {a: _Tally() for a in candidates}
    team = list(next(t for t in view.teams if view.seat in t))

    def seen(world: TrickGame, found: dict[int, float]) -> None:
        for index, value in found.items():
            tally = tallies[candidates[index]]
            tally.total += value
            tally.values.append(value)
            tricks, bids = _tricks_after(player, world, candidates[index])
            if tricks is None:
                continue
            tally.tricks += tricks[view.seat]
            if _made(bids, tricks, team):
                tally.made += 1
            for q, bid in enumerate(bids):
                if bid in (NIL, DOUBLE_NIL):
                    tally.nils[q] = tally.nils.get(q, 0) + (1 if tricks[q] == 0 else 0)

    found = player.search_worlds(view, candidates, prior, random.Random(seed), searched, forced, seen)
    return Evaluation(candidates, tallies, tuple(found.bonuses), tuple(player.choice_bonuses(view, candidates)),
                      tuple(sorted({*found.alive, *forced, *range(searched, len(candidates))})))


def recommended(view: SeatView, found: Evaluation) -> Action:
    """The action the Hint lifts: among the search's ``pool``, the best mean with the hard level's bonuses,
    summed as its search sums them (ties: the first card, the last bid), so the Hint lifts Hard's choice."""
    candidates, tallies = found.candidates, found.tallies

    def score(i: int) -> float:
        values = tallies[candidates[i]].values
        return sum(v + found.search_bonuses[i] for v in values) / len(values) + found.choice_bonuses[i]

    pool = found.pool
    return candidates[max(pool, key=score) if view.phase is Phase.PLAYING else max(pool[::-1], key=score)]


# ----- the words --------------------------------------------------------------------------------
def _chances(view: SeatView, tally: _Tally, has_tricks: bool) -> tuple[tuple[str, float], ...]:
    if not has_tricks or view.phase is not Phase.PLAYING:
        return ()  # before the play the contract is not known yet
    seat = view.seat
    partner = next((q for t in view.teams if seat in t for q in t if q != seat), None)
    out: list[tuple[str, float]] = []
    own_bid = view.bids[seat] if view.phase is Phase.PLAYING else None
    if own_bid in (NIL, DOUBLE_NIL):
        out.append(("your Nil", tally.share(tally.nils.get(seat, 0))))
    else:
        out.append(("contract", tally.share(tally.made)))
    for q, survived in sorted(tally.nils.items()):
        if q == seat or view.phase is not Phase.PLAYING:
            continue
        if q == partner:
            out.append(("partner's Nil", tally.share(survived)))
        else:
            out.append(("sets their Nil", 1 - tally.share(survived)))
    return tuple(out)


def _trick_state(view: SeatView) -> tuple[int, Card] | None:
    """The seat winning the trick in progress and its card (None before the lead), by the game's rules."""
    if not view.trick:
        return None
    winner = GAMES[view.kind].trick_winner(view.options, view.trick, view.trump)
    card = next(c for q, c in view.trick if q == winner)
    return winner, card


def _wins(view: SeatView, card: int) -> bool:
    """Whether ``card`` played now would be winning the trick (the game's rules, house rules too)."""
    plays = (*view.trick, (view.seat, Card(card)))
    return GAMES[view.kind].trick_winner(view.options, plays, view.trump) == view.seat


def _suit(view: SeatView, card: int) -> int:
    """The card's suit under the house rules (the jokers are spades)."""
    return suit_table(view.options, view.trump)[card]


def _highest_left(view: SeatView, card: int) -> bool:
    """True when no card of ``card``'s suit above it is unseen by this seat (in the hand or played); the
    cards of a suit rank by number (the jokers above the ace of spades)."""
    seen = {int(c) for c in view.played} | {int(c) for c in (view.hand or ())} | {int(c) for _, c in view.trick}
    mask = suit_masks(view.options, view.trump)[_suit(view, card)] >> (card + 1)
    above = card + 1
    while mask:
        if mask & 1 and above not in seen:
            return False
        mask >>= 1
        above += 1
    return True


def reason(view: SeatView, action: Action, others: list[Action]) -> str:
    """A short reason for ``action`` from the rules and the view alone ("" when none stands out)."""
    if not isinstance(action, Play) or view.phase is not Phase.PLAYING or view.facts.auction:
        return ""
    seat = view.seat
    card = int(action.card)
    partner = next((q for t in view.teams if seat in t for q in t if q != seat), None)
    trump = view.trump
    state = _trick_state(view)
    played = {q for q, _ in view.trick}
    own_nil = view.bids[seat] in (NIL, DOUBLE_NIL)
    partner_nil = partner is not None and view.bids[partner] in (NIL, DOUBLE_NIL)
    if state is not None:
        winner, best = state
        led = _suit(view, int(view.trick[0][1]))
        wins = _wins(view, card)
        other_cards = [int(a.card) for a in others if isinstance(a, Play)]
        if own_nil and not wins:
            if _suit(view, card) != led:  # a discard: the moment to shed a card that could win later
                return f"throws off the {card_label(card)} while out of {SUIT_WORDS[led]}s, to keep your Nil"
            return f"ducks under the {card_label(best)} to keep your Nil"
        if partner_nil and wins and (winner == partner or partner not in played):
            return "holds up your partner's Nil" if winner != partner else "takes the trick off your partner's Nil"
        if winner == partner and not wins and any(_wins(view, c) for c in other_cards):
            return f"your partner's {card_label(best)} is already winning"
        opponents_nil = [q for q in range(view.num_seats) if q not in (seat, partner)
                         and view.bids[q] in (NIL, DOUBLE_NIL)]
        if winner in opponents_nil and not wins:
            return f"leaves the Nil bidder's {card_label(best)} winning"
        if wins and _suit(view, card) == trump and led != trump:
            return "trumps the trick"
        if wins and len(view.trick) == view.num_seats - 1:
            return "wins the trick as the last to play"
        if wins and _highest_left(view, card) and (_suit(view, card) == trump or _suit(view, best) != trump):
            return f"the {card_label(card)} is the highest {SUIT_WORDS[_suit(view, card)]} left"
        if not wins and any(_wins(view, c) for c in other_cards):
            return "keeps your high cards for later"
        return ""
    if _highest_left(view, card) and (_suit(view, card) == trump or not own_nil):
        return f"the {card_label(card)} is the highest {SUIT_WORDS[_suit(view, card)]} left"
    if own_nil:
        return "leads low to keep your Nil"
    return ""


def _card_text(view: SeatView, lines: list[Line]) -> list[str]:
    """One line per shown card (its chances and what it costs against the lifted one); when a shown card is worth
    more in the worlds than the lifted one (the search's margins chose), a last line says by how little. The
    lifted card, first, has no cost."""
    out = []
    tenths = view.facts.auction
    for index, line in enumerate(lines):
        figures = [f"{name} {percent(p)}" for name, p in line.chances[:2]]
        if index > 0:
            figures.append(points(line.loss, tenths))
        out.append(" \u2014 ".join([action_label(line.action)] + ([", ".join(figures)] if figures else [])))
    richer = min(lines, key=lambda line: line.loss)
    if richer.loss <= -0.05:
        gain = points(richer.loss, tenths).lstrip("+")
        out.append(f"A close call: {action_label(richer.action)} gains only {gain}")
    return out


def _bid_text(view: SeatView, candidates: list[Action], tallies: dict[Action, _Tally], best: Action,
              has_tricks: bool) -> list[str]:
    numbers = [a for a in candidates if isinstance(a, Bid) and isinstance(a.value, int) and a.value >= 0]
    nil = next((a for a in candidates if isinstance(a, Bid) and a.value == NIL), None)
    base = best if best in numbers else (max(numbers, key=lambda a: tallies[a].mean) if numbers else None)
    out: list[str] = []
    if has_tricks and base is not None:
        expect = tallies[base].share(tallies[base].tricks)
        near = sorted(numbers, key=lambda a: (abs(a.value - expect), a.value))[:2]  # type: ignore[operator]
        near.sort(key=lambda a: a.value)
        makes = ", ".join(f"{bid_label(a.value)} makes {percent(tallies[a].share(tallies[a].made))}" for a in near)
        text = f"You expect {expect:.1f} tricks: {makes}"
        if nil is not None:
            text += f"; Nil survives {percent(tallies[nil].share(tallies[nil].nils.get(view.seat, 0)))}"
        out.append(text)
    value = tallies[best].mean
    ranked = sorted(candidates, key=lambda a: -tallies[a].mean)
    others = [a for a in ranked if a != best][:SHOWN - 1]
    out.append(f"{action_label(best)}" + "".join(
        f"; {action_label(a)} {points(value - tallies[a].mean)}" for a in others))
    return out


def _pitch_text(view: SeatView, candidates: list[Action], tallies: dict[Action, _Tally], best: Action) -> list[str]:
    def pts(a: Action) -> str:
        v = tallies[a].mean
        sign = "+" if v >= 0 else MINUS
        return f"{sign}{abs(v):.1f}"

    if view.phase is Phase.BIDDING:
        ranked = [best] + sorted((a for a in candidates if a != best), key=lambda a: -tallies[a].mean)
        out = ["Expected points: " + ", ".join(f"{action_label(a)} {pts(a)}" for a in ranked)]
        richer = ranked[1] if len(ranked) > 1 and tallies[ranked[1]].mean > tallies[best].mean else None
        if richer is not None:  # the search's margins (a higher bid's risk, the rules' choice) decided
            gain = tallies[richer].mean - tallies[best].mean
            amount = f"only {gain:.1f}" if gain >= 0.05 else "next to nothing"
            lead = f"{action_label(best)} is the safer choice" if _bid_rank(best) < _bid_rank(richer) \
                else "A close call"
            out.append(f"{lead}: {action_label(richer)} gains {amount}")
        return out
    if view.phase is Phase.PLAYING and view.trump is None:  # the pitcher's lead names trump
        by_suit: dict[int, Play] = {}
        for a in candidates:
            if isinstance(a, Play):
                suit = a.card & 3
                if suit not in by_suit or tallies[a].mean > tallies[by_suit[suit]].mean:
                    by_suit[suit] = a
        leads = sorted(by_suit.items(), key=lambda kv: -tallies[kv[1]].mean)
        return ["Trump " + ", ".join(f"{SUIT_SYMBOLS[suit]} {pts(a)} (lead {card_label(a.card)})"
                                     for suit, a in leads)]
    return []


def _bid_rank(action: Action) -> int:
    """An auction bid's height: a pass lowest, then the numbers (other actions: 0)."""
    value = action.value if isinstance(action, Bid) else None
    return value + 1 if isinstance(value, int) else 0


def explain(view: SeatView, worlds: int = DEFAULT_WORLDS, seed: int | None = 0, hard: HardPlayer | None = None) -> Note:
    """The Hint's note for ``view`` (the seat to act), from ``worlds`` worlds sampled with ``seed``."""
    legal = list(view.legal)
    if len(legal) == 1:
        return Note(legal[0], (Line(legal[0], 0.0, 0.0),), (f"{action_label(legal[0])} \u2014 the only choice",), 0)
    found = evaluate(view, max(1, worlds), seed, hard)
    candidates, tallies = found.candidates, found.tallies
    best = recommended(view, found)
    has_tricks = not view.facts.auction and any(t.made or t.tricks for t in tallies.values())
    best_value = tallies[best].mean
    ranked = [best] + sorted((a for a in candidates if a != best), key=lambda a: -tallies[a].mean)
    lines = [Line(a, tallies[a].mean, best_value - tallies[a].mean, _chances(view, tallies[a], has_tricks),
                  tallies[a].share(tallies[a].tricks) if has_tricks else None) for a in ranked[:SHOWN]]
    why = reason(view, best, [a for a in candidates if a != best])
    if isinstance(best, Discard):  # Ten-point Pitch's draw: Hard puts down what the rules say
        text = [f"{action_label(best)} \u2014 the card least worth keeping"]
    elif view.facts.auction:
        text = _pitch_text(view, candidates, tallies, best)
        if not text:
            text = _card_text(view, lines)
    elif view.phase is Phase.BIDDING and any(isinstance(a, Bid) for a in candidates):
        text = _bid_text(view, candidates, tallies, best, has_tricks)
    else:
        text = _card_text(view, lines)
    if why:
        text = text + [why[0].upper() + why[1:] + "."]
    return Note(best, tuple(lines), tuple(text), found.worlds, why)


UNSEEN_FIELDS = ("facts", "looked", "results")  # not in a decision's fingerprint (see ``fingerprint``)


def _canonical(value: Any) -> Any:
    """``value`` in plain types: a record's bids read back as plain strings equal the live game's words."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return tuple(_canonical(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(_canonical(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, int):
        return int(value)
    return value


def fingerprint(view: SeatView) -> str:
    """The decision ``view`` is at, as text: the same at the table and in a replay of its record (which keeps no
    looks of the other seats, and reads bids back as plain strings). The game's fixed facts, the hands' past
    results (the scores and bags say them) and the other seats' looks are left out; the seat's own look is in."""
    fields = tuple(_canonical(getattr(view, f.name)) for f in dataclasses.fields(view) if f.name not in UNSEEN_FIELDS)
    return repr((fields, view.looked[view.seat]))


def look_seed(look: str, seed: int | None, decision: object) -> int:
    """The seed of one ``look`` ("hint", "review", "again") at a ``decision`` (its fingerprint, or its place in
    the history) from ``seed``: a digest, the same whenever it is asked."""
    digest = hashlib.blake2b(f"{look}:{seed}:{decision}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def hint_seed(seed: int | None, view: SeatView) -> int:
    """The seed of the Hint at the decision of ``view`` for the seat whose Hint seed is ``seed``: the same decision
    gets the same worlds whenever it is asked (again after an undo, or by the review of the hand), so the Hint
    answers alike and the review's first look is the Hint's own."""
    return look_seed("hint", seed, fingerprint(view))


def standard_error(a: list[float], b: list[float]) -> float:
    """The standard error of the mean paired difference ``a - b``."""
    n = len(a)
    if n < 2:
        return math.inf
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


def hard_at_table(seed: int, worlds: int, table: tuple[str | None, ...]) -> HardPlayer:
    """The hard level that values a decision over ``worlds`` worlds, told the table (each seat's level)."""
    hard = HardPlayer(seed=seed, samples=worlds)
    hard.table = table
    return hard


class CoachPlayer:
    """The Hint's player in the worker process: ``choose`` gives an ``Advice`` (the action and its note).

    A fixed budget of worlds (``worlds``) and a seed per decision (``hint_seed``), so the same decision gets the
    same advice and words however often it is asked."""

    def __init__(self, seed: int | None = None, worlds: int = DEFAULT_WORLDS,
                 table: tuple[str | None, ...] = ()) -> None:
        self.seed = seed
        self.worlds = worlds
        self.table = table  # each seat's level, None for a person: the hard level models its seats by it

    def choose(self, view: SeatView) -> Advice:
        seed = hint_seed(self.seed, view)
        note = explain(view, self.worlds, seed, hard_at_table(seed, self.worlds, self.table))
        return Advice(note.action, note)
