"""The hard level's per-game search constants: one frozen ``HardTuning`` value per game.

Each game's registry entry (``game.games.GAMES[kind].tuning``) names its value; how they were
measured is in docs/ai-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class HardTuning:
    """How the hard level searches one game.

    - ``var_floor``: the least variance (points squared) a paired difference gets when judging
      "clearly ahead or behind" (about two tricks in Spades, a point in Pitch).
    - ``bag_cost``: what a bag costs in the value of a hand (0: the game has no bags).
    - ``honest``: rollouts judge each seat's cards from what that seat cannot see.
    - ``prior_bonus``: points given to the rule-based (``normal``) choice; ``prior_cards_only``:
      only for the card played (a tie-break), not for bids and the rest; ``prior_leads``: for the
      card led too (False: a lead is the search's alone).
    - ``exchange_prior``: points given to the rules' Double Nil exchange gift.
    - ``card_runs``: one card of a run of equivalent cards is searched (the others are alike).
    - ``nil_worlds``: worlds are drawn to fit the other seats' Nil bids (rejection sampling).
    - ``auction_worlds``: worlds are drawn to fit the other seats' auction bids.
    - ``draft_opponent``: the opponent's hidden hand is redrawn as a drafting player keeps cards.
    - ``trick_bias``: bids give a trick away at this rate (two-player rollouts take too many); 0: off.
    - ``game_points``, ``game_sigma``, ``game_bags``: the game value (game/ai/gamevalue.py): a side's
      points a hand, the standard deviation of the hand's difference between the sides, and the
      bags a side takes a hand; ``game_sigma`` 0: hands are valued by their points alone.
    - ``solver_cards``: with this many cards or fewer left in all hands, each world's card values
      come from the exact endgame solver (game/ai/solver.py) rather than a rollout; 0: never.
    - ``go_out``: Pitch, the points a hand that ends the game is worth beyond its margin (won by the
      side going out, lost by the others; game/ai/gamevalue.py); 0: hands are valued by their points.
    - ``rule_play``: the card play of the seats the table shows at the rule-based level is read by that
      level's own card rules (game/ai/rule_reading.py); False: by the rollout policy (Spades) or not at all.
    """

    var_floor: float
    bag_cost: float
    honest: bool
    prior_bonus: float
    prior_cards_only: bool
    card_runs: bool
    exchange_prior: float = 0.0
    prior_leads: bool = True
    nil_worlds: bool = False
    auction_worlds: bool = False
    draft_opponent: bool = False
    trick_bias: float = 0.0
    solver_cards: int = 0
    game_points: float = 0.0
    game_sigma: float = 0.0
    game_bags: float = 0.0
    go_out: float = 0.0
    rule_play: bool = False


SPADES_TUNING = HardTuning(var_floor=400.0, bag_cost=10.0, honest=False, prior_bonus=1.0, prior_cards_only=True,
                           card_runs=True, exchange_prior=15.0, nil_worlds=True, solver_cards=20,
                           game_points=58.6, game_sigma=68.5, game_bags=1.34, rule_play=True)
SPADES_TWO_TUNING = HardTuning(var_floor=400.0, bag_cost=3.0, honest=True, prior_bonus=8.0, prior_cards_only=False,
                               prior_leads=False, card_runs=True, draft_opponent=True, trick_bias=0.6,
                               solver_cards=14, game_points=48.0, game_sigma=54.8, game_bags=0.99)
PITCH_TUNING = HardTuning(var_floor=1.0, bag_cost=0.0, honest=True, prior_bonus=0.1, prior_cards_only=True,
                          card_runs=False, auction_worlds=True, solver_cards=12, go_out=4.0, rule_play=True)
# Ten-point Pitch's Normal seats play by rules of their own (game/ten_point_pitch/players.py), which the reading
# by Pitch's card rules does not replay
TEN_POINT_PITCH_TUNING = replace(PITCH_TUNING, rule_play=False)

# Ten-point Pitch's own search (game/ten_point_pitch/hard.py): the points the Normal level's bid gets among
# the bids it searches (the worlds' auctions are kinder than the table's); docs/ai-notes.md.
TEN_POINT_PITCH_BID_PRIOR = 1.0
