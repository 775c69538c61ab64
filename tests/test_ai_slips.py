"""Slips seen in play against the computer (issue 17, section 5), each a scripted test of the rule behind it,
for ``normal`` (the default level) and ``hard``:

- ruff with the cheapest spade that wins (East ruffed with the king of spades where the four won);
- do not ruff a partner's winning lead (West ruffed his partner's club lead with the ace of spades);
- in Pitch, do not lead a ten into a seat known void in its suit that can still trump it.
"""

from __future__ import annotations

import pytest

from game.actions import Action, Play
from game.ai import Player, make_player
from game.ai.hard import HardPlayer
from game.cards import Card
from game.state import TrickGame
from tests.scripted import bid_round, card, cards, complete_deal, pitch_game, play_cards, play_tricks, spades_game

LEVELS = ["normal", "hard"]
HARD_WORLDS = 200  # a fixed number of worlds: the same choice every run


def player_for(level: str) -> Player:
    if level == "hard":
        return HardPlayer(seed=7, samples=HARD_WORLDS)
    return make_player(level, seed=7)


def played(game: TrickGame, level: str) -> Card:
    seat = game.to_act
    assert seat is not None
    action: Action = player_for(level).choose(game.view(seat))
    assert isinstance(action, Play) and action in game.view(seat).legal
    return action.card


# ----------------------------------------------------------------- ruff with the cheapest spade that wins
def _cheapest_winning_spade(game: TrickGame) -> Card:
    """The lowest spade of the seat to act that beats every card of the trick so far."""
    hand = game.view(game.to_act or 0).hand or ()
    top = max((c for _, c in game.trick if c.suit == 0), default=None)
    return min(c for c in hand if c.suit == 0 and (top is None or c > top))


@pytest.mark.parametrize("level", LEVELS)
def test_ruff_last_with_the_cheapest_spade_that_wins(level: str) -> None:
    # East (seat 1) plays last to a heart trick and holds no heart: the four of spades wins it as well as the king
    hands = complete_deal(["6H", "KS 4S 7D 8C", "AH", "3H"], voids={1: "H"})
    game = spades_game(hands, dealer=1)  # seat 2 leads
    bid_round(game, {2: 4, 3: 3, 0: 2, 1: 4})
    play_cards(game, "AH 3H 6H")
    choice = played(game, level)
    assert choice.suit != 0 or choice == _cheapest_winning_spade(game), choice
    assert choice != card("KS")


@pytest.mark.parametrize("level", LEVELS)
def test_overruff_with_the_cheapest_spade_that_wins(level: str) -> None:
    # the opponent before East ruffed with the three: the four overruffs as well as the king
    hands = complete_deal(["3S", "KS 4S 7D 8C", "AH", "3H"], voids={0: "H", 1: "H"})
    game = spades_game(hands, dealer=1)  # seat 2 leads
    bid_round(game, {2: 4, 3: 3, 0: 2, 1: 4})
    play_cards(game, "AH 3H 3S")
    choice = played(game, level)
    assert choice != card("KS")
    assert choice.suit != 0 or choice == _cheapest_winning_spade(game), choice


# ----------------------------------------------------------------- do not ruff a partner's winning lead
@pytest.mark.parametrize("level", LEVELS)
def test_do_not_ruff_a_partners_master_club(level: str) -> None:
    # the ace of clubs fell on trick 1; West's partner (seat 1) wins trick 2 and leads the king of clubs, the master
    hands = complete_deal(["2C 6H", "3C KC AH", "AC 4C 9H", "5D 7H AS"], voids={3: "C"})
    game = spades_game(hands, dealer=3)  # seat 0 leads
    bid_round(game, {0: 3, 1: 4, 2: 3, 3: 4})
    assert play_tricks(game, ["2C 3C AC 5D", "6H AH 9H 7H"]) == [2, 1]
    play_cards(game, "KC 4C")
    assert game.to_act == 3
    choice = played(game, level)
    assert choice.suit != 0, f"{level} ruffed the partner's master king with {choice}"


@pytest.mark.parametrize("level", LEVELS)
def test_do_not_ruff_the_partners_ace_of_clubs(level: str) -> None:
    # West (seat 3) is void in clubs; his partner (seat 1) led the ace of clubs, the opponent followed low
    hands = complete_deal(["5C", "AC", "3C", "AS 7H 2D"], voids={3: "C"})
    game = spades_game(hands, dealer=0)  # seat 1 leads
    bid_round(game, {1: 4, 2: 3, 3: 4, 0: 3})
    play_cards(game, "AC 3C")
    choice = played(game, level)
    assert choice.suit != 0, f"{level} ruffed the partner's ace with {choice}"


# ----------------------------------------------------------------- Pitch: no ten into a void that can trump
def test_pitch_position_is_as_scripted() -> None:
    game = _pitch_ten_position()
    assert game.to_act == 0 and game.trump == 1  # hearts
    hand = game.view(0).hand
    assert hand is not None and card("TD") in hand


def _pitch_ten_position() -> TrickGame:
    """Four-player Pitch, hearts trump: the pitcher (seat 1) showed a void in diamonds and still holds
    trumps; seat 0 is on lead with the ten of diamonds, the queen and jack of spades (points too)."""
    hands = [cards("6H 3C 8D TD QS JS"), cards("AH 4C 8S QH 9H KS"),
             cards("2H 9C 7D 2S 6C 3D"), cards("5H AC 2D 4D 7S 6S")]
    game = pitch_game(hands, dealer=0)  # seat 1 bids first
    bid_round(game, {1: 3, 2: "pass", 3: "pass", 0: "pass"})
    assert game.to_act == 1
    winners = play_tricks(game, ["6H AH 2H 5H", "3C 4C 9C AC", "8D 8S 7D 2D"])
    assert winners == [1, 3, 0]
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_pitch_no_ten_led_into_a_void_that_can_trump(level: str) -> None:
    game = _pitch_ten_position()
    assert played(game, level) != card("TD")

