"""Bonuses the hard level adds when it chooses a Spades bid (``HardPlayer.choice_bonuses``, arena trials): after
the worlds are valued and pruned, so the worlds, their number and the pruning are the search's own, and a
play whose choices they do not change is the same play; the Hint adds them too (``bonuses``)."""

from __future__ import annotations

from typing import Any

import pytest

from game.actions import NIL, Action, Bid, Look
from game.ai import coach
from game.ai.hard import HardPlayer
from game.factory import new_game
from game.options import SpadesOptions
from game.state import SeatView, TrickGame


def _bidding_view() -> SeatView:
    game = new_game("spades", SpadesOptions(), 4, 8)
    seat = game.to_act
    view = game.view(seat)
    if view.hand is None:  # blind Nil offered first: look at the cards
        game.apply(Look(seat))
        view = game.view(seat)
    return view


def _fixed_values(player: HardPlayer, by_bid: dict[Any, float]) -> None:
    """Every world values each bid at ``by_bid[value]``, plus a spread the same for all (so pairs compare)."""
    count = [0]

    def world_values(view: SeatView, world: TrickGame, candidates: list[Action],
                     alive: list[int] | None = None) -> list[float]:
        count[0] += 1
        spread = 30.0 if count[0] % 2 else -30.0
        return [by_bid[a.value] + spread if isinstance(a, Bid) else 0.0 for a in candidates]

    player.world_values = world_values  # type: ignore[method-assign]


def _search(view: SeatView, nil_bonus: float, by_bid: dict[Any, float],
            samples: int = 20) -> tuple[HardPlayer, Action]:
    player = HardPlayer(seed=3, samples=samples)
    player.nil_bonus = nil_bonus
    _fixed_values(player, by_bid)
    return player, player._search(view, [Bid(view.seat, 3), Bid(view.seat, NIL)])


@pytest.mark.parametrize("bonus, nil_chosen", [(0.0, False), (4.0, False), (6.0, True), (-3.0, False)])
def test_nil_is_chosen_when_its_mean_and_bonus_beat_the_best_bid(bonus: float, nil_chosen: bool) -> None:
    view = _bidding_view()
    player, chosen = _search(view, bonus, {3: 10.0, NIL: 5.0})
    assert chosen == (Bid(view.seat, NIL) if nil_chosen else Bid(view.seat, 3))
    assert player.last_means[Bid(view.seat, NIL)] == pytest.approx(5.0 + bonus)
    assert player.last_means[Bid(view.seat, 3)] == pytest.approx(10.0)


def test_the_bonus_leaves_the_worlds_and_the_pruning_alone() -> None:
    view = _bidding_view()
    # Nil 60 points behind: pruned as clearly worse long before the last world, whatever the bonus
    without, _ = _search(view, 0.0, {3: 60.0, NIL: 0.0}, samples=400)
    with_bonus, chosen = _search(view, 100.0, {3: 60.0, NIL: 0.0}, samples=400)
    assert without.last_worlds == with_bonus.last_worlds < 400
    assert list(with_bonus.last_means) == [Bid(view.seat, 3)]
    assert chosen == Bid(view.seat, 3)


def test_the_tilt_counts_per_trick_and_only_spades_bids_get_bonuses() -> None:
    view = _bidding_view()
    player = HardPlayer(seed=1, samples=4)
    candidates: list[Action] = [Bid(view.seat, 2), Bid(view.seat, 5), Bid(view.seat, NIL)]
    assert player.choice_bonuses(view, candidates) == [0.0, 0.0, 0.0]  # off unless set
    player.bid_tilt, player.nil_bonus = 2.0, 7.0
    assert player.choice_bonuses(view, candidates) == [4.0, 10.0, 7.0]
    pitch = new_game("pitch", None, 4, 8)
    pitch_view = pitch.view(pitch.to_act)
    assert player.choice_bonuses(pitch_view, list(pitch_view.legal)) == [0.0] * len(pitch_view.legal)


def test_the_hint_adds_the_bonus_as_the_search_does() -> None:
    view = _bidding_view()
    player = HardPlayer(seed=1, samples=4)
    player.nil_bonus = 25.0
    found = coach.evaluate(view, 4, 1, player, extra=(Bid(view.seat, NIL),))
    assert found.bonuses[found.candidates.index(Bid(view.seat, NIL))] == 25.0
