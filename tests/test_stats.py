"""Statistics: exact counts from played games, only humans, hot-seat per name, the table's counting,
the Statistics screen (Reset with a confirmation), a restart, and a bad statistics file."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from scripted import (
    bid_round,
    draw_all,
    play_randomly,
    play_tricks,
    spades_deal,
    spades_game,
    spades_tricks,
    two_player_deal,
    two_player_game,
    two_player_tricks,
)

from game.actions import NIL, Redraw
from game.factory import new_game
from game.options import PitchOptions, SpadesOptions
from game.record import to_record
from game.state import Phase, TrickGame
from ui.services import storage
from ui.services.stats import (
    FILE_NAME,
    Result,
    StatsStore,
    TableStats,
    Tally,
    human_seats,
    stats_store,
    tally_record,
)

DT = 1 / 60
SHOTS = Path("/tmp")


def seats(names: list[str], humans: set[int]) -> list[dict[str, str]]:
    """Record seats: the ``humans`` seats are people, the others easy computers."""
    return [{"name": n, "player": "human"} if i in humans else {"name": n, "player": "computer", "level": "easy"}
            for i, n in enumerate(names)]


# The scripted four-player game: (tricks won by seat, bids by seat) per hand; target 250.
SPADES_PLAN = [
    ((0, 3, 6, 4), {0: NIL, 1: 3, 2: 4, 3: 4}),  # Ann's Nil made; her side 4 bid, 6 won: 2 bags
    ((5, 2, 4, 2), {0: 4, 1: 2, 2: 4, 3: 3}),  # Ann's side 8 bid, 9 won (1 bag); Bob's side 5 bid, 4 won: set
    ((6, 2, 4, 1), {0: 5, 1: 2, 2: 4, 3: NIL}),  # Ann's side 9, won 10 (1 bag): 314, game; Bob's Nil fails
]


def scripted_spades() -> TrickGame:
    """The game of SPADES_PLAN, played to its end (Ann's side wins 314 to -59)."""
    game = spades_game(spades_deal(SPADES_PLAN[0][0]), options=SpadesOptions(target=250),
                       later=[spades_deal(counts) for counts, _bids in SPADES_PLAN[1:]])
    for counts, bids in SPADES_PLAN:
        bid_round(game, bids)
        play_tricks(game, spades_tricks(counts))
    assert game.winner == 0 and game.scores == [314, -59]
    return game


def test_a_scripted_spades_game_gives_exact_counts_for_each_human() -> None:
    record = to_record(scripted_spades(), seats(["Ann", "West", "North", "Bob"], {0, 3}))
    counts = tally_record(record)
    assert set(counts) == {"Ann", "Bob"}  # the computers count for nothing
    assert counts["Ann"] == Tally(games=1, won=1, hands=3, contracts=2, contracts_made=2, nils=1, nils_made=1,
                                  bags=4)
    assert counts["Bob"] == Tally(games=1, won=0, hands=3, contracts=2, contracts_made=1, nils=1, nils_made=0,
                                  bags=1)
    assert counts["Ann"].win_rate == 1.0 and counts["Bob"].win_rate == 0.0
    assert counts["Ann"].bags_per_hand == pytest.approx(4 / 3)


def test_double_nil_and_an_unfinished_game_count_their_hands_but_no_game() -> None:
    game = two_player_game(two_player_deal((0, 13)), first=0)
    draw_all(game, blind=[0])  # seat 0 declares Double Nil before her first card
    while game.phase is Phase.REDRAW:
        game.apply(Redraw(game.to_act, ()))
    bid_round(game, {1: 6})
    play_tricks(game, two_player_tricks((0, 13)))
    assert len(game.results) == 1 and game.winner is None
    counts = tally_record(to_record(game, seats(["Dee", "Cy"], {0, 1})))
    assert counts["Dee"] == Tally(hands=1, double_nils=1, double_nils_made=1)
    assert counts["Cy"] == Tally(hands=1, contracts=1, contracts_made=1, bags=7)  # bid 6, won 13


def _check_against_engine(game: TrickGame, seat: int, tally: Tally) -> None:
    """The counts of ``seat`` agree with the engine's own results (an independent source)."""
    side = game.side_of(seat)
    results = game.results
    assert tally.hands == len(results)
    assert (tally.games, tally.won) == (1, int(game.winner == side))
    if game.kind == "pitch":
        mine = [r for r in results if r.pitcher == seat]
        assert tally.pitched == len(mine)
        assert tally.set_back == sum(bool(r.points[side]["set_back"]) for r in mine)
        assert tally.pitch_made == tally.pitched - tally.set_back
    else:
        assert tally.bags == sum(r.points[side]["bags"] for r in results)


@pytest.mark.parametrize("kind,players,seed", [("spades", 4, 3), ("spades-two", 2, 5), ("pitch", 3, 7),
                                               ("pitch", 5, 8)])
def test_simulated_finished_games_agree_with_the_engine(kind: str, players: int, seed: int) -> None:
    options = SpadesOptions(target=250, mercy=-200) if kind != "pitch" else PitchOptions()
    game = play_randomly(new_game(kind, options, players, seed), random.Random(seed))
    assert game.winner is not None
    names = [f"P{i}" for i in range(players)]
    counts = tally_record(to_record(game, seats(names, set(range(players)))))
    for seat in range(players):
        _check_against_engine(game, seat, counts[names[seat]])
    if kind == "pitch":
        assert sum(counts[n].pitched for n in names) == len(game.results)  # every hand has one pitcher


def test_only_games_with_a_human_count(tmp_path: Path) -> None:
    game = play_randomly(new_game("pitch", None, 3, 1), random.Random(1))
    store = StatsStore(tmp_path / FILE_NAME)
    store.add_record(to_record(game, seats(["A", "B", "C"], set())))
    assert store.names() == [] and StatsStore(tmp_path / FILE_NAME).players == {}
    store.add_record(to_record(game, seats(["A", "B", "C"], {1})))
    assert store.names() == ["B"]


def test_hot_seat_counts_each_human_name_and_a_name_keeps_its_numbers_across_games(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / FILE_NAME)
    game = scripted_spades()
    store.add_record(to_record(game, seats(["Ann", "W", "N", "Bob"], {0, 3})))
    store.add_record(to_record(game, seats(["Bob", "W", "N", "Eve"], {0, 3})))  # Bob now in Ann's seat
    bob = StatsStore(tmp_path / FILE_NAME).get("Bob")
    assert bob.tally("spades", 4) == Tally(games=2, won=1, hands=6, contracts=4, contracts_made=3, nils=2,
                                           nils_made=1, bags=5)
    assert [(r.won, r.margin, r.score) for r in bob.recent] == [(False, -373, -59), (True, 373, 314)]
    assert human_seats(to_record(game, seats(["Al", "W", "Al", "X"], {0, 2}))) == {"Al": [0, 2]}


# ----------------------------------------------------------------- the table's counting
def _ctx(store: StatsStore) -> SimpleNamespace:
    return SimpleNamespace(stats=store)


def _seat_configs(names: list[str], humans: set[int]) -> list[SimpleNamespace]:
    return [SimpleNamespace(to_record=lambda s=s: s) for s in seats(names, humans)]


def test_the_table_counts_each_hand_when_scored_and_the_game_once(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / FILE_NAME)
    rng = random.Random(4)
    game = new_game("pitch", None, 3, 4)
    table = TableStats(_ctx(store), _seat_configs(["Ann", "B", "C"], {0}), game)
    while game.winner is None:
        game.apply(rng.choice(game.legal_actions()))
        table.after_action(game)
        on_disk = StatsStore(tmp_path / FILE_NAME).get("Ann").tally("pitch", 3)
        assert on_disk.hands == len(game.results)  # written as each hand is scored
    table.after_action(game)  # nothing new: nothing counted twice
    expected = tally_record(to_record(game, seats(["Ann", "B", "C"], {0})))["Ann"]
    assert StatsStore(tmp_path / FILE_NAME).get("Ann").tally("pitch", 3) == expected
    assert len(StatsStore(tmp_path / FILE_NAME).get("Ann").recent) == 1


def test_a_continued_game_and_an_undone_hand_are_not_counted_twice(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / FILE_NAME)
    game = play_randomly(new_game("pitch", None, 2, 9), random.Random(9), hands=2)
    assert len(game.results) == 2
    table = TableStats(_ctx(store), _seat_configs(["Ann", "B"], {0}), game)  # a saved game, continued
    earlier = game.clone()
    play_randomly(game, random.Random(10), hands=3)
    table.after_action(game)
    assert store.get("Ann").tally("pitch").hands == 1  # only the hand scored at this table
    table.after_action(earlier)  # an undo back before that hand...
    play_randomly(earlier, random.Random(11), hands=3)
    table.after_action(earlier)  # ...and the hand scored again
    assert store.get("Ann").tally("pitch").hands == 1


def test_a_game_played_at_the_window_table_is_counted(app) -> None:
    from ui.scenes.table import TableScene, make_config

    config = make_config("pitch", ["Ann", "Bo"], [0], options=PitchOptions(), seed=12)
    table = TableScene(app.ctx, config, computer_sync=True)
    app.ctx.scenes.push(table)
    rng = random.Random(12)
    while table.control.game.winner is None:
        table.try_action(rng.choice(table.control.game.legal_actions()))
    ann = stats_store(app.ctx).get("Ann")
    assert ann.tally("pitch", 2).games == 1 and ann.tally("pitch", 2).hands == len(table.control.game.results)
    assert "Bo" not in stats_store(app.ctx).players


# ----------------------------------------------------------------- the screen
def _click(app, widget) -> None:
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def _press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def _some_games() -> None:
    """Into the data folder: the scripted Spades game twice (Ann wins, Bob loses) and three Pitch games."""
    store = StatsStore()
    for _ in range(2):
        store.add_record(to_record(scripted_spades(), seats(["Ann", "W", "N", "Bob"], {0, 3})))
    for seed in (1, 2, 3):
        game = play_randomly(new_game("pitch", None, 3 + seed % 2, seed), random.Random(seed))
        store.add_record(to_record(game, seats(["Ann", "B", "C", "D"][:game.num_seats], {0})))


def _open_statistics(app):
    from ui.scenes.stats import StatsScene

    menu = app.ctx.scenes.top
    _click(app, menu.statistics)
    scene = app.ctx.scenes.top
    assert isinstance(scene, StatsScene)
    return scene


def test_statistics_survive_a_restart_and_show_on_the_screen(app) -> None:
    _some_games()  # written by one store (as by an earlier run of the program)
    from ui.app import make_app

    app.close()
    second = make_app((1280, 720), headless=True)  # a new program on the same TRICK_TABLE_DATA_DIR
    try:
        pygame.event.clear()
        scene = _open_statistics(second)
        assert scene.names[0] == "Ann"
        scene.tabs.select(0)  # Spades
        assert dict(scene.rows())["Games played"] == ["2"]
        assert dict(scene.rows())["Nils made"] == ["2 of 2"]
        assert dict(scene.rows())["Bags per hand"] == ["1.3"]
        assert [r.won for r in scene.recent()] == [True, True]
        scene.tabs.select(2)  # Pitch, by player count and All
        assert [head for head, _t in scene.columns()] == ["3 players", "4 players", "All"]
        assert dict(scene.rows())["Games played"] == ["1", "2", "3"]
        second.step(DT)
        second.screenshot(SHOTS / "stats_screen.png")
        scene.player.step(1)  # Bob
        scene.tabs.select(0)
        assert scene.name == "Bob" and dict(scene.rows())["Games won"] == ["0"]
        second.step(DT)
        second.screenshot(SHOTS / "stats_screen_bob.png")
    finally:
        second.close()


def test_reset_asks_first_and_cancel_keeps_everything(app) -> None:
    _some_games()
    scene = _open_statistics(app)
    _click(app, scene.reset_button)
    assert scene.confirming
    app.step(DT)
    app.screenshot(SHOTS / "stats_reset_confirm.png")
    _click(app, scene.cancel_button)
    assert not scene.confirming and StatsStore().names() == ["Ann", "Bob"]
    _click(app, scene.reset_button)
    _press(app, pygame.K_ESCAPE)  # Esc cancels too, and does not leave the screen
    assert not scene.confirming and app.ctx.scenes.top is scene and StatsStore().names()
    _click(app, scene.reset_button)
    _click(app, scene.confirm_button)
    assert StatsStore().names() == [] and scene.rows() == [] and not scene.reset_button.enabled
    doc = json.loads((storage.data_dir() / FILE_NAME).read_text())
    assert doc["players"] == {}


@pytest.mark.parametrize("content", [b"{not json", b"", b"\x00\x01binary", b'{"format": "other", "players": {}}',
                                     b'{"format": "trick-table-stats/1", "players": {"A": {"tallies": '
                                     b'{"pitch/3": {"games": -1}}}}}',
                                     b'{"format": "trick-table-stats/1", "players": {"A": {"tallies": '
                                     b'{"pitch/3": {"games": 1, "won": 2}}}}}',
                                     "{\"format\": \"x\u00e9\"}".encode("latin-1")])
def test_a_bad_statistics_file_is_moved_aside_with_one_message(app, content: bytes) -> None:
    path = storage.data_dir() / FILE_NAME
    path.write_bytes(content)
    scene = _open_statistics(app)
    assert scene.message is not None and "statistics start afresh" in scene.message
    moved = [p for p in path.parent.iterdir() if p.name.startswith(FILE_NAME + ".bad-")]
    assert len(moved) == 1 and moved[0].read_bytes() == content  # kept, renamed, never deleted
    assert scene.rows() == [] and scene.names == []
    app.step(DT)
    assert stats_store(app.ctx).take_problem() is None  # said once
    _press(app, pygame.K_ESCAPE)
    _some_games()
    scene = _open_statistics(app)
    assert scene.message is None and scene.names == ["Ann", "Bob"]


def test_counts_and_results_read_back_strictly() -> None:
    with pytest.raises(ValueError):
        Tally.from_json({"games": True})
    with pytest.raises(ValueError):
        Tally.from_json({"goals": 1})
    with pytest.raises(ValueError):
        Result.from_json({"game": "pitch"})
    tally = Tally(games=3, won=1, hands=20, nils=2, nils_made=1)
    assert Tally.from_json(json.loads(json.dumps(tally.to_json()))) == tally


# ----------------------------------------------------------------- the reviews' accuracy, game by game
def _review(hand: int, seats_reviewed: list[int], marks: list[tuple[int, float]]) -> dict[str, object]:
    """A stored review (the record's "reviews" field) with marks (seat, cost)."""
    return {"hand": hand, "seats": seats_reviewed, "decisions": 10, "worlds": 96,
            "cost": round(sum(c for _s, c in marks), 1),
            "marks": [{"k": 5 + i, "hand": hand, "trick": 1, "seat": s, "cost": c, "chosen": "K♥", "better": "7♥",
                       "text": "Trick 1: ..."} for i, (s, c) in enumerate(marks)]}


def test_reviewed_games_keep_their_accuracy_and_the_chart_shows_it_in_order(app) -> None:
    from game.reviews import with_reviews
    from ui.scenes.stats import StatsScene

    store = StatsStore()
    people = seats(["Ann", "W", "N", "Bob"], {0, 3})
    reviews = [
        [_review(1, [0], [(0, 12.0)]), _review(2, [0], [])],  # Ann: 2 hands, 12 points: 6.0 a hand
        [],  # not reviewed
        [_review(3, [0, 3], [(0, 3.0), (3, 9.0)])],  # hot-seat: each person's own marks only
    ]
    for rows in reviews:
        store.add_record(with_reviews(to_record(scripted_spades(), people), rows))
    ann = store.get("Ann").recent
    assert [r.points_lost_per_hand for r in ann] == [6.0, None, 3.0]
    assert [r.points_lost_per_hand for r in store.get("Bob").recent] == [None, None, 9.0]
    # the last hand's review comes after the game ended: it joins the game that ended then
    store.add_review("spades", 4, {"Ann": Tally(reviewed=1, review_tenths=90)}, when=ann[-1].when)
    assert [r.points_lost_per_hand for r in store.get("Ann").recent] == [6.0, None, 6.0]
    assert store.get("Ann").tally("spades", 4).reviewed == 1  # the tally's own figure counts it too

    scene = _open_statistics(app)
    assert isinstance(scene, StatsScene) and scene.name == "Ann"
    scene.tabs.select(0)  # Spades
    assert scene.accuracy() == [6.0, None, 6.0]
    assert [r.margin for r in scene.recent()] == [373, 373, 373]
    app.step(DT)
    app.screenshot(SHOTS / "stats_accuracy.png")
    scene.player.step(1)  # Bob
    assert scene.name == "Bob" and scene.accuracy() == [None, None, 9.0]


def test_an_old_statistics_file_without_the_review_fields_still_loads(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    old = {"format": "trick-table-stats/1", "players": {"Ann": {
        "tallies": {"spades/4": {"games": 1, "won": 1, "hands": 3}},
        "recent": [{"game": "spades", "players": 4, "won": True, "margin": 40, "score": 500,
                    "when": "2026-01-02 10:00:00"}],
        "last_played": "2026-01-02 10:00:00"}}}
    path.write_text(json.dumps(old))
    store = StatsStore(path)
    assert store.take_problem() is None
    (result,) = store.get("Ann").recent
    assert result.reviewed == 0 and result.points_lost_per_hand is None  # not reviewed
    store.add_review("spades", 4, {"Ann": Tally(reviewed=1, review_tenths=25)})
    doc = json.loads(path.read_text())
    assert doc["players"]["Ann"]["recent"] == old["players"]["Ann"]["recent"]  # an older program reads it still
    assert StatsStore(path).get("Ann").tally("spades", 4).points_lost_per_hand == 2.5
    reviewed = Result("spades", 4, True, 40, 500, "2026-01-02 10:00:00", 2, 75)
    assert Result.from_json(json.loads(json.dumps(reviewed.to_json()))) == reviewed
    with pytest.raises(ValueError):
        Result.from_json({**reviewed.to_json(), "reviewed": -1})


def test_a_hot_seat_review_counts_each_persons_own_marks(tmp_path: Path) -> None:
    from game.actions import Play
    from game.ai.review import HandReview, Mark
    from game.cards import Card
    from ui.services.stats import count_review

    store = StatsStore(tmp_path / FILE_NAME)
    card = Card.parse("KH")
    marks = (Mark(3, 1, 1, 0, Play(0, card), Play(0, card), 4.0, "a"),
             Mark(9, 1, 2, 2, Play(2, card), Play(2, card), 11.0, "b"))
    review = HandReview(1, (0, 2), 20, marks, 96)
    count_review(_ctx(store), seats(["Ann", "W", "Bob", "E"], {0, 2}), "spades", 4, review)
    assert store.get("Ann").tally("spades", 4).points_lost_per_hand == 4.0
    assert store.get("Bob").tally("spades", 4).points_lost_per_hand == 11.0


def test_the_table_gives_a_finished_game_the_accuracy_of_its_reviews(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / FILE_NAME)
    rng = random.Random(4)
    game = new_game("pitch", None, 3, 4)
    table = TableStats(_ctx(store), _seat_configs(["Ann", "B", "C"], {0}), game)
    table.reviews = lambda: [_review(1, [0], [(0, 2.5)]), _review(2, [0], [(0, 0.5), (1, 7.0)])]
    while game.winner is None:
        game.apply(rng.choice(game.legal_actions()))
        table.after_action(game)
    (result,) = StatsStore(tmp_path / FILE_NAME).get("Ann").recent
    assert (result.reviewed, result.review_tenths) == (2, 30) and result.points_lost_per_hand == 1.5
    assert table.ended_at == result.when  # a review that comes later joins this game
