"""The value of a hand's outcome given the game's scores: in Spades the side's chance to win the game, in
points; in Pitch the hand's margin and a prize for going out.

The hard level values a hand by its points (the side's minus the opponents'), each bag at a fixed
price. That is right from 0 to 0 over a long game, and wrong near its end: a made contract that
reaches the target wins the game whatever the margin, a side whose opponents are about to win must
bid up or go for the set, and a bag costs what it brings the side nearer to the bag penalty before
the game ends (nearly nothing in the last hand, the whole penalty when the count sits at nine).

``SpadesGameValue`` turns a hand's outcome (each side's hand total as the rules score it, the bag
count after it) into the side's chance to win the game:

- the scores after the hand end the game (the target, the mercy line; ``spades_winner``): 1 or 0;
- else each side's score less the bag penalties it should expect before the game ends (how often
  its count with the bags to come, Poisson with ``bag_rate`` a hand over the hands left, reaches a
  multiple of the limit),
  and the chance is Φ(lead / (``sigma`` · √hands left)), the hands left being the leader's
  distance to the target over ``hand_points`` a hand (at least one).

The chance is scaled to points by ``σ·√(hands left now)·√(2π)``: at level scores one point of
lead is worth one point, so the search's other constants (the prior's tie-break, the variance
floor) keep their meaning. Two sides only (a three-handed Cutthroat table keeps the points).
Pitch (only the pitcher's side goes out, on a hand it made): ``PitchGameValue`` is the hand's margin
(the side's points less the others', their mean with more than two sides) plus ``out_points`` when the
side goes out on the hand and minus as much when another side does.

Constants and figures: game/ai/tuning.py, docs/ai-notes.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.scoring import spades_winner


def _poisson_tail(rate: float, k: int) -> float:
    """P(Poisson(rate) >= k)."""
    if k <= 0:
        return 1.0
    term = math.exp(-rate)
    below = term
    for i in range(1, k):
        term *= rate / i
        below += term
    return max(0.0, 1.0 - below)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


class SpadesGameValue:
    """The points-scaled chance that ``side`` wins the game after a hand (see the module docstring)."""

    def __init__(self, scores: Sequence[int], bags: Sequence[int], side: int, target: int, mercy: int | None,
                 bag_limit: int | None, bag_penalty: int, hand_points: float, sigma: float,
                 bag_rate: float) -> None:
        if len(scores) != 2:
            raise ValueError("the game value is for two sides")
        self.scores = list(scores)
        self.bags_before = list(bags)
        self.side = side
        self.target = target
        self.mercy = mercy
        self.bag_limit = bag_limit
        self.bag_penalty = bag_penalty
        self.hand_points = hand_points
        self.sigma = sigma
        self.bag_rate = bag_rate
        self.scale = sigma * math.sqrt(self._hands_left(self.scores)) * math.sqrt(2.0 * math.pi)
        self._tails: dict[tuple[int, int], float] = {}

    def _hands_left(self, scores: Sequence[float]) -> float:
        return max(1.0, (self.target - max(scores)) / self.hand_points)

    def _bag_debt(self, bags: int, hands: float) -> float:
        """The bag penalties a side with ``bags`` should expect before the game ends (each time its count
        with the bags to come reaches a multiple of the limit)."""
        limit = self.bag_limit
        if not limit or not self.bag_penalty:
            return 0.0
        key = (bags, round(hands * 4))
        expected = self._tails.get(key)
        if expected is None:
            rate = self.bag_rate * key[1] / 4.0
            expected, k = 0.0, 1
            while True:
                tail = _poisson_tail(rate, k * limit - bags)
                expected += tail
                if tail < 1e-4 or k > 20:
                    break
                k += 1
            self._tails[key] = expected
        return self.bag_penalty * expected

    def chance(self, totals: Sequence[float], bags_after: Sequence[int]) -> float:
        """The side's chance to win the game after a hand scored ``totals`` (the rules' totals, the bag
        penalty of this hand included) leaving ``bags_after`` bags."""
        after = [int(round(s + t)) for s, t in zip(self.scores, totals, strict=True)]
        winner = spades_winner(after, self.target, self.mercy)
        if winner is not None:
            return 1.0 if winner == self.side else 0.0
        hands = self._hands_left(after)
        own, other = self.side, 1 - self.side
        lead = (after[own] - self._bag_debt(bags_after[own], hands)) - \
            (after[other] - self._bag_debt(bags_after[other], hands))
        return _phi(lead / (self.sigma * math.sqrt(hands)))

    def value(self, totals: Sequence[float], bags_after: Sequence[int]) -> float:
        """``chance`` in points (one point of lead at level scores is worth one point)."""
        return self.scale * self.chance(totals, bags_after)


class PitchGameValue:
    """A Pitch hand's value to ``side`` with the game in mind (see the module docstring)."""

    def __init__(self, scores: Sequence[int], side: int, target: int, out_points: float) -> None:
        self.scores = list(scores)
        self.side = side
        self.target = target
        self.out_points = out_points

    def goes_out(self, totals: Sequence[float], pitcher_side: int) -> bool:
        """Whether the pitcher's side ends the game with this hand: it made its bid (a set back scores
        minus the bid) and its score reaches the target."""
        total = totals[pitcher_side]
        return total > 0 and self.scores[pitcher_side] + total >= self.target

    def value(self, totals: Sequence[float], pitcher_side: int) -> float:
        """The margin of the hand's ``totals`` (each side's, as the rules score them) for the side, plus or
        minus ``out_points`` when the pitcher's side goes out."""
        own = totals[self.side]
        others = len(totals) - 1
        margin = own - (sum(totals) - own) / others
        if not self.goes_out(totals, pitcher_side):
            return margin
        return margin + (self.out_points if pitcher_side == self.side else -self.out_points)
