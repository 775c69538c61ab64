"""Ten-point Pitch at the table: a whole hand driven by clicks and keys (bid, name trump, the draw,
play) to the hand summary, the jokers and the off-jack sorted with the trumps, players shown out."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.actions import Bid, Discard  # noqa: E402
from game.cards import SUITS  # noqa: E402
from game.chance import Chance  # noqa: E402
from game.factory import new_game  # noqa: E402
from game.options import TenPointPitchOptions  # noqa: E402
from game.state import Phase  # noqa: E402
from game.ten_point_pitch.rules import POINT_NAMES, is_trump, power  # noqa: E402
from tests.test_ui_table import Driver  # noqa: E402

KIND = "ten-point-pitch"


def table(seed: int, dealer: int = 3, players: int = 4, options: TenPointPitchOptions | None = None) -> Driver:
    chance = Chance(seed)
    chance.force("seat", [dealer])  # dealer 3: seat 0 (the viewer) bids first
    options = options or TenPointPitchOptions(partnerships=players == 4)
    engine = new_game(KIND, options, players, seed, chance)
    return Driver(KIND, players, [0], seed=seed, engine=engine, options=options)


def test_a_whole_hand_by_clicks_bid_trump_draw_play_to_the_summary(drivers):
    d = table(5)
    drivers.append(d)
    assert d.next_stop() == "bid"
    names = set(d.scene.clickable_points())
    assert {"bid:pass", "bid:4", "bid:10"} <= names
    d.shot("tpp_bidding")
    d.click_button("bid:10")  # ten ends the bidding at once: the viewer pitches
    assert d.scene.control.game.view(0).pitcher == 0
    assert d.next_stop() == "trump"
    assert {f"trump:{s}" for s in SUITS} <= set(d.scene.clickable_points())
    d.shot("tpp_trump")
    hand = d.scene.model.hands[0]
    suit = max(range(4), key=lambda s: sum(1 for c in hand if is_trump(c, s)))
    d.click_button(f"trump:{SUITS[suit]}")
    game = d.scene.control.game
    assert game.trump == suit
    discards = plays = 0
    while (stop := d.next_stop()) != "summary":
        if stop == "discard":
            legal = [a.card for a in d.scene.decision().legal if isinstance(a, Discard)]
            assert d.scene.frame().prompt
            if discards == 0:
                d.shot("tpp_discard")
            d.click_card(d.rng.choice(legal))
            discards += 1
        elif stop == "play":
            shown = d.scene.model.hands[0]
            trumps = [c for c in shown if is_trump(c, suit)]
            assert shown[:len(trumps)] == sorted(trumps, key=lambda c: -power(c, suit))  # trumps first, in order
            if plays == 1:
                d.shot("tpp_play")
            d.play_random_card()
            plays += 1
        else:
            raise AssertionError(f"unexpected stop {stop}")
    assert plays >= 1
    summary = d.scene.overlays.summary
    assert summary.pitcher == 0 and summary.bid == 10
    labels = [label for label, _cells in d.scene.overlays.summary.rows]
    for label in ("High", "Low", "Jack", "Off-jack", "Big Joker", "Little Joker", "Three", "Game"):
        assert label in labels
    result = game.results[-1]
    assert sum(sum(row[name] for name in POINT_NAMES) for row in result.points) <= 10
    d.shot("tpp_summary")


def test_the_stuck_dealer_bids_by_keys_and_names_trump_by_key(drivers):
    d = table(11, dealer=0)  # the viewer deals and bids last
    drivers.append(d)
    for seat in (1, 2, 3):
        d.scene.control.computers.players[seat] = PassingPlayer()
    assert d.next_stop() == "bid"
    assert {n for n in d.scene.clickable_points() if n.startswith("bid:")} == {"bid:4"}  # stuck with 4
    d.key(pygame.K_p)  # no pass for a stuck dealer: nothing chosen
    d.key(pygame.K_4)
    d.key(pygame.K_RETURN)
    assert d.scene.control.game.bids[0] == 4 and d.scene.control.game.view(0).pitcher == 0
    assert d.next_stop() == "trump"
    d.scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    assert d.scene.control.game.trump == SUITS.index("H")
    while (stop := d.next_stop()) != "summary":
        if stop == "discard":
            d.key(pygame.K_SPACE)  # the first press shows the keyboard's card, the second puts it down
            d.key(pygame.K_SPACE)
        else:
            assert stop == "play"
            d.play_random_card()
    assert d.scene.overlays.summary.pitcher == 0 and d.scene.overlays.summary.bid == 4


def out_hand(drivers, seed: int) -> tuple[bool, bool]:
    """Play one hand at the table by clicks; whether a player was shown out, and a trick held fewer cards."""
    d = table(seed)
    drivers.append(d)
    seen_out = False
    while (stop := d.next_stop()) != "summary":
        game = d.scene.control.game
        part = d.scene.model.part
        if game.phase is Phase.PLAYING and part is not None and any(part.out):
            out = part.out.index(True)
            seen_out = seen_out or "Out" in d.scene.view.plate_line(d.scene.model, out)
        if stop == "bid":
            d.click_button("bid:pass" if "bid:pass" in d.scene.clickable_points() else "bid:4")
        elif stop == "trump":
            d.click_button("trump:S")
        elif stop == "discard":
            d.click_card([a.card for a in d.scene.decision().legal if isinstance(a, Discard)][0])
        else:
            d.play_random_card()
    tricks = d.scene.control.game.hand_logs[0].tricks
    return seen_out, any(len(plays) < 4 for _leader, plays, _winner in tricks)


def test_out_players_are_shown_and_tricks_may_hold_fewer_cards(drivers):
    seen = [out_hand(drivers, seed) for seed in (3, 4, 6, 7)]
    assert any(out for out, _short in seen) and any(short for _out, short in seen)


class PassingPlayer:
    """A computer that always passes when it may."""

    def choose(self, view):
        return next((a for a in view.legal if isinstance(a, Bid) and a.value == "pass"), view.legal[0])


def test_the_hand_order_puts_the_games_trumps_first_and_spades_jokers_with_the_spades():
    from game.cards import Card
    from ui.table.model import TableModel

    cards = [Card.parse(c) for c in ("2H", "BJ", "AS", "JD", "LJ", "KH", "3C", "TH", "JH")]
    model = TableModel(4, kind=KIND)
    assert model.sort_hand(cards)[-2:] == [Card.parse("BJ"), Card.parse("LJ")]  # no trump yet: the jokers last
    model.trump = SUITS.index("H")
    shown = [str(c) for c in model.sort_hand(cards)]
    assert shown == ["KH", "JH", "JD", "BJ", "LJ", "TH", "2H", "AS", "3C"]  # the off-jack and jokers as trumps
    model.low_first = True
    assert [str(c) for c in model.sort_hand(cards)][:7] == ["2H", "TH", "LJ", "BJ", "JD", "JH", "KH"]
    spades = TableModel(4, kind="spades", suit_order="HSCD")
    assert [str(c) for c in spades.sort_hand(cards)][:6] == ["KH", "JH", "TH", "2H", "BJ", "LJ"]
    assert [str(c) for c in spades.sort_hand(cards)][6] == "AS"  # the jokers above the ace of spades


def test_ctrl_z_takes_back_a_card_put_down_in_the_draw(drivers):
    d = table(3)
    drivers.append(d)
    assert d.next_stop() == "bid"
    d.click_button("bid:10")
    assert d.next_stop() == "trump"
    d.click_button("trump:H")
    assert d.next_stop() == "discard"
    before = d.scene.control.game.hands[0]
    d.click_card([a.card for a in d.scene.decision().legal if isinstance(a, Discard)][0])
    assert d.next_stop() == "discard" and d.scene.control.game.hands[0] != before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    d.step(0.0)
    assert d.scene.control.game.hands[0] == before and d.next_stop() == "discard"


def test_the_shared_scripted_player_plays_whole_hands_by_clicks():
    """tests/e2e_helpers.py's sensible person (the monkey's, and every whole-hand UI test's) names trump
    and puts cards down in the draw, so a Ten-point Pitch table reaches the hand summary by its clicks."""
    from random import Random

    from tests.e2e_helpers import human_stop, run_table_until
    from ui.app import make_app
    from ui.scenes.table import TableScene, make_config

    stops: set[str] = set()
    for seed in (3, 8, 11):
        app = make_app((1280, 720), headless=True, menu=False)
        pygame.event.clear()
        app.ctx.settings.speed = "instant"
        config = make_config(KIND, ["You", "West", "North", "East"], [0], seed=seed, level="normal")
        scene = TableScene(app.ctx, config, computer_sync=True)
        app.ctx.scenes.push(scene)

        def summary_shown(scene: TableScene = scene) -> bool:
            stops.add(human_stop(scene))
            return scene.overlays.summary is not None

        run_table_until(app, scene, summary_shown, Random(seed), max_frames=6000)
        assert scene.control.game.hand_logs[0].tricks  # the hand was played out
        for _ in range(5):
            app.step(0.05)
        review = scene.coach.reviews.of(1)  # the review of the person's decisions, with Hard's own search
        assert review is not None and review.decisions >= 3
        assert scene.overlays.summary is not None and scene.overlays.summary.extra is not None
        assert scene.overlays.summary.extra.line() == review.summary()
        summary = scene.overlays.summary  # eleven rows of points and the review strip fit in 720 pixels
        assert summary.breakdown_bottom <= summary.extra.rect.top and summary.rect.bottom <= 720
        app.close()
    assert {"bid", "play", "discard", "trump"} <= stops  # every kind of decision met, over the three hands
