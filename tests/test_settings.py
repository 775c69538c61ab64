"""Settings: kept between runs, every kind of bad file falls back entry by entry, the screen, and what they change."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from conftest import ROOT

from game.cards import Card
from ui.app import make_app
from ui.services import storage
from ui.services.settings import (
    CARD_BACKS,
    FELTS,
    SETTINGS_FILE,
    Settings,
    SettingsStore,
    settings_from_json,
)

CHANGED = Settings(speed="fast", pace="slow", think_ms=1000, sound=False, volume=30, four_color=True,
                   card_back="tartan", felt="burgundy", fullscreen=False, player_name="Ada", hand_suits="CDHS",
                   hand_rank="low-high", confirm_play=True, computer_level="hard",
                   last_setup={"game": "pitch", "pitch_players": 3,
                               "options": {"pitch": {"target": 11, "low": "player"}},
                               "seats": [{"name": "Ada", "edited": True, "human": True, "level": "hard"}]})


def settings_path() -> Path:
    return storage.data_dir() / SETTINGS_FILE


def bad_copies() -> list[Path]:
    return sorted(storage.data_dir().glob(f"{SETTINGS_FILE}.bad-*"))


# ----- the file ----------------------------------------------------------------------------------
def test_the_data_folder_is_this_tests_own():
    assert os.environ["TRICK_TABLE_DATA_DIR"] in str(storage.data_dir())
    assert not settings_path().exists()


def test_no_file_gives_the_defaults_without_a_message():
    settings, message = SettingsStore().load()
    assert settings == Settings() and message is None


def test_settings_round_trip_through_the_file():
    store = SettingsStore()
    assert store.save(CHANGED) is None
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["felt"] == "burgundy" and data["player_name"] == "Ada"
    again, message = SettingsStore().load()
    assert message is None
    assert again == CHANGED


def test_an_unchanged_save_does_not_write(monkeypatch):
    store = SettingsStore()
    store.save(CHANGED)
    writes = []
    monkeypatch.setattr(storage, "atomic_write_text", lambda *a, **k: writes.append(a))
    store.save(CHANGED)
    assert writes == []


UNREADABLE = {
    "truncated JSON": b'{"speed": "fast", "felt": "bl',
    "binary garbage": bytes(range(256)) * 4,
    "invalid UTF-8": b'{"player_name": "\xff\xfe"}',
    "empty": b"",
    "not an object": b'["speed", "fast"]',
    "NaN": b'{"volume": NaN}',
}


@pytest.mark.parametrize("case", sorted(UNREADABLE))
def test_an_unreadable_file_gives_defaults_one_message_and_is_moved_aside_and_rewritten(case):
    path = settings_path()
    path.write_bytes(UNREADABLE[case])
    settings, message = SettingsStore().load()
    assert settings == Settings()
    assert message is not None and "settings" in message.lower() and "\n" not in message
    assert "Traceback" not in message
    if case != "not an object":
        assert [p.read_bytes() for p in bad_copies()] == [UNREADABLE[case]]  # kept, renamed, never deleted
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert rewritten == Settings().to_json()
    again, second = SettingsStore().load()
    assert again == Settings() and second is None  # said once: the rewritten file is good


BAD_ENTRIES = {
    "wrong types": ({"speed": 3, "sound": "yes", "volume": "60", "think_ms": 1000.0, "four_color": 1},
                    ["animation speed", "sound", "volume", "computer thinking time", "four-colour deck"]),
    "out of range": ({"volume": 250, "think_ms": 5, "felt": "polka dots", "card_back": "", "hand_suits": "SSSS",
                      "computer_level": "random"},
                     ["volume", "computer thinking time", "table colour", "card back"]),
    "unknown keys": ({"colour_blind": True, "12": 1}, ["unknown entry"]),
    "bad name": ({"player_name": "x" * 40}, ["your name"]),
    "bad setup": ({"last_setup": {"game": "poker", "seats": "all"}}, ["last new-game choices"]),
}


@pytest.mark.parametrize("case", sorted(BAD_ENTRIES))
def test_bad_entries_fall_back_alone_with_one_message_and_the_file_is_rewritten(case):
    bad, named = BAD_ENTRIES[case]
    good = {"pace": "fast", "felt": "blue", "player_name": "Bo"}
    good = {k: v for k, v in good.items() if k not in bad}
    path = settings_path()
    path.write_text(json.dumps({**good, **bad}), encoding="utf-8")
    settings, message = SettingsStore().load()
    for key, value in good.items():
        assert getattr(settings, key) == value  # the good entries are kept
    defaults = Settings()
    for key in bad:
        if hasattr(defaults, key):
            assert getattr(settings, key) == getattr(defaults, key)  # each bad one is back to its default
    assert message is not None and message.count("\n") == 0
    for words in named[:4]:
        assert words in message
    (copy,) = bad_copies()  # the file as it was is kept beside the corrected one (issue 14, item 14)
    assert json.loads(copy.read_text(encoding="utf-8")) == {**good, **bad}
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert set(stored) == set(Settings().to_json())  # rewritten: unknown entries gone, bad ones at defaults
    again, second = SettingsStore().load()
    assert again == settings and second is None


def test_remembered_setup_from_the_new_game_screen_is_accepted_as_written(app):
    from ui.scenes.setup import SetupScene

    setup = SetupScene(app.ctx)
    setup.names[1] = "Bob "  # typed with a trailing space
    setup.edited[1] = True
    setup.remember()
    settings, bad = settings_from_json(json.loads(json.dumps(app.ctx.settings.to_json())))
    assert bad == [] and settings.last_setup == app.ctx.settings.last_setup


def test_remembered_setup_keeps_only_what_is_well_formed():
    data = {"last_setup": {"game": "pitch", "pitch_players": 99, "options": {"pitch": {"target": 11, "low": 5},
                                                                             "chess": {}},
                           "seats": [{"name": "Al", "edited": True, "human": True, "level": "easy"}, 7]}}
    settings, bad = settings_from_json(data)
    assert bad == ["last new-game choices"]
    assert settings.last_setup == {"game": "pitch", "options": {"pitch": {"target": 11}},
                                   "seats": [{"name": "Al", "edited": True, "human": True, "level": "easy"}, {}]}


def test_a_bad_file_is_said_once_in_the_window_and_not_at_the_next_start():
    settings_path().write_bytes(b"\x00\x01garbage")
    app = make_app((1280, 720), headless=True)
    try:
        assert len(app.ctx.notices) == 1 and "could not be read" in app.ctx.notices[0]
        app.step(0.016)
        assert app.notice is not None and not app.ctx.notices  # shown now, over the title menu
        for _ in range(400):
            app.step(0.05)
        assert app.notice is None
    finally:
        app.close()
    second = make_app((1280, 720), headless=True)
    try:
        assert second.ctx.notices == []
    finally:
        second.close()


def test_a_settings_folder_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SettingsStore(blocker / "sub")  # a folder under a file: every write fails
    first = store.save(CHANGED)
    assert first is not None and "could not be saved" in first
    assert store.save(Settings(speed="slow")) is None  # not said again


# ----- surviving a restart -----------------------------------------------------------------------
def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step(0.016)


def test_settings_changed_on_the_screen_survive_a_restart_in_process():
    from ui.scenes.settings import SettingsScene

    app = make_app((1280, 720), headless=True)
    try:
        app.step(0.016)
        click(app, app.ctx.scenes.top.settings.rect.center)
        scene = app.ctx.scenes.top
        assert isinstance(scene, SettingsScene)
        click(app, scene.four_color.rect.center)
        click(app, scene.felt.right_rect.center)  # green -> blue
        click(app, scene.back_style.right_rect.center)  # classic -> navy
        click(app, scene.confirm.rect.center)
        click(app, scene.volume.left_rect.center)  # 60 -> 50
        click(app, scene.ranks.right_rect.center)
        click(app, scene.name.rect.center)
        for ch in "Zoe":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(0.016)
        click(app, scene.back_button.rect.center)
    finally:
        app.close()
    again = make_app((1280, 720), headless=True)
    try:
        st = again.ctx.settings
        assert (st.four_color, st.felt, st.card_back, st.confirm_play, st.volume, st.hand_rank, st.player_name) == (
            True, "blue", "navy", True, 50, "low-high", "Zoe")
        assert again.ctx.notices == []
    finally:
        again.close()


def test_the_program_reads_the_settings_at_start_in_a_new_process(tmp_path):
    """Two runs: this process writes the settings; the program, started afresh, draws its felt in them."""
    SettingsStore().save(Settings(felt="burgundy"))
    shots = {}
    for felt in ("burgundy", "green"):
        SettingsStore().save(Settings(felt=felt))
        shot = tmp_path / f"{felt}.png"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TRICK_TABLE_EXIT_AFTER_FIRST_FRAME="1",
                   TRICK_TABLE_SCREENSHOT=str(shot))
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--size", "800x480"], env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        pygame.init()
        shots[felt] = pygame.image.load(str(shot)).get_at((8, 240))[:3]
    red, green = shots["burgundy"], shots["green"]
    assert red[0] > red[1] and green[1] > green[0]  # each run drew the felt the file asked for


# ----- what the settings change --------------------------------------------------------------------
def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_four_colour_deck_prints_diamonds_blue_and_clubs_green(app):
    from ui.draw.cardart import CardArt

    two, four = CardArt(100, four_color=False), CardArt(100, four_color=True)
    for code in ("QD", "7D", "JC", "3C"):
        assert pixels(two.face(Card.parse(code))) != pixels(four.face(Card.parse(code))), code
    assert pixels(two.face(Card.parse("5S"))) == pixels(four.face(Card.parse("5S")))  # spades stay black
    assert pixels(two.face(Card.parse("5H"))) == pixels(four.face(Card.parse("5H")))  # hearts stay red

    def mean_ink(face: pygame.Surface) -> tuple[float, float, float]:
        inked = [face.get_at((x, y)) for x in range(face.get_width()) for y in range(face.get_height())
                 if sum(face.get_at((x, y))[:3]) < 500 and face.get_at((x, y))[3] > 200]
        return tuple(sum(p[i] for p in inked) / len(inked) for i in range(3))

    r, g, b = mean_ink(four.face(Card.parse("9D")))
    assert b > r and b > g
    r, g, b = mean_ink(four.face(Card.parse("9C")))
    assert g > r and g > b


def test_every_card_back_and_felt_looks_different(app):
    from ui.draw import theme
    from ui.draw.cardart import CardArt

    backs = {name: pixels(CardArt(90, name).back()) for name in CARD_BACKS}
    assert len(set(backs.values())) == len(CARD_BACKS) >= 3
    felts = {name: pixels(theme.felt_surface((64, 36), name)) for name in FELTS}
    assert len(set(felts.values())) == len(FELTS)


def test_settings_screen_fits_and_nothing_overlaps_at_small_and_large_sizes(app):
    from ui.scenes.settings import SettingsScene

    for size in ((800, 480), (1280, 720), (1920, 1080)):
        app.resize(size)
        scene = SettingsScene(app.ctx)
        app.ctx.scenes.push(scene)
        app.step(0.016)
        window = pygame.Rect((0, 0), app.ctx.size)
        rects = [w.rect for w in scene.left_column + scene.right_column] + [scene.back_button.rect, scene.preview]
        for rect in rects:
            assert window.contains(rect) and scene.panel.contains(rect), (size, rect)
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (size, a, b)
        app.ctx.scenes.pop()


@pytest.fixture(autouse=True)
def _no_tips(monkeypatch):
    monkeypatch.setenv("TRICK_TABLE_TIPS", "off")  # the first-game tips would cover the table


def table_app(settings_changes: dict, humans=(0,)):
    from game.options import SpadesOptions
    from ui.scenes.table import TableScene, make_config

    app = make_app((1280, 720), headless=True, menu=False)
    for key, value in settings_changes.items():
        setattr(app.ctx.settings, key, value)
    config = make_config("spades", ["You", "West", "North", "East"], list(humans), seed=3,
                         options=SpadesOptions(double_nil=False))  # hands face up from the deal
    scene = TableScene(app.ctx, config, computer_sync=True)
    app.ctx.scenes.push(scene)
    return app, scene


def until(app, scene, done, frames=600):
    for _ in range(frames):
        if done():
            return
        app.step(0.05)
    raise AssertionError("timed out")


def test_confirm_before_playing_selects_first_and_plays_on_the_second_click():
    app, scene = table_app({"confirm_play": True, "speed": "instant"})
    try:
        until(app, scene, lambda: scene.decision().kind in ("bid", "play"))
        if scene.decision().kind == "bid":
            scene.try_action(next(a for a in scene.control.game.legal_actions() if getattr(a, "value", None) == 3))
        until(app, scene, lambda: scene.decision().kind == "play")
        legal = [a.card for a in scene.decision().legal]
        card = legal[0]
        applied = scene.control.applied
        point = scene.clickable_points()[f"card:{card}"]
        click(app, point)
        assert scene.control.applied == applied and scene.hand.selected == {card}  # selected, not played
        assert "again" in scene.frame().prompt
        lifted = scene.rect_for_card(card)
        assert lifted is not None and lifted.y < scene.view.layout.hand_rects(len(scene.model.hands[0]))[0].y
        click(app, scene.clickable_points()[f"card:{card}"])
        # played on the second click
        assert scene.control.applied > applied and card not in scene.control.game.view(0).hand
    finally:
        app.close()


def test_confirm_off_plays_on_the_first_click():
    app, scene = table_app({"speed": "instant"})
    try:
        until(app, scene, lambda: scene.decision().kind in ("bid", "play"))
        if scene.decision().kind == "bid":
            scene.try_action(next(a for a in scene.control.game.legal_actions() if getattr(a, "value", None) == 3))
        until(app, scene, lambda: scene.decision().kind == "play")
        card = scene.decision().legal[0].card
        applied = scene.control.applied
        click(app, scene.clickable_points()[f"card:{card}"])
        assert scene.control.applied > applied and card not in scene.control.game.view(0).hand
    finally:
        app.close()


def test_hand_order_setting_sorts_the_hand_and_follows_a_change():
    from game.cards import SUITS

    app, scene = table_app({"hand_suits": "CDHS", "hand_rank": "low-high", "speed": "instant"})
    try:
        until(app, scene, lambda: scene.model.hands.get(0))
        hand = scene.model.hands[0]
        keys = [("CDHS".index(SUITS[c.suit]), c.rank) for c in hand]
        assert keys == sorted(keys)
        app.ctx.settings.hand_suits, app.ctx.settings.hand_rank = "SHCD", "high-low"
        scene.on_enter()  # back from the Settings screen
        keys = [("SHCD".index(SUITS[c.suit]), -c.rank) for c in scene.model.hands[0]]
        assert keys == sorted(keys)
    finally:
        app.close()


def test_table_follows_card_back_four_colours_and_felt():
    app, scene = table_app({"card_back": "rosette", "four_color": True, "felt": "charcoal"})
    try:
        app.step(0.016)
        art = scene.view.images.art(scene.view.layout.card_w)
        assert art.back_style == "rosette" and art.four_color
        corner = app.screen.get_at((3, app.screen.get_height() // 2))[:3]
        assert abs(corner[0] - corner[1]) < 12 and abs(corner[1] - corner[2]) < 12  # grey, not green
        app.ctx.settings.felt = "green"
        scene.on_enter()
        app.step(0.016)
        corner = app.screen.get_at((3, app.screen.get_height() // 2))[:3]
        assert corner[1] > corner[0] + 10
    finally:
        app.close()


def test_default_name_and_level_fill_the_new_game_screen(app):
    from ui.scenes.setup import SetupScene

    app.ctx.settings.player_name = "Ada"
    app.ctx.settings.computer_level = "hard"
    setup = SetupScene(app.ctx)
    config = setup.config(seed=1)
    assert config.seats[0].name == "Ada" and config.seats[0].human
    assert all(seat.level == "hard" for seat in config.seats[1:])


def test_computer_pace_scales_the_pause_with_the_animation_speed():
    assert Settings().pace_factor() == 1.0
    assert Settings(pace="slow").pace_factor() == 1.6
    assert Settings(speed="fast").pace_factor() == 0.45  # Normal pace follows the speed, as before the setting
    assert Settings(pace="instant").pace_factor() == 0.0
    assert Settings(speed="instant", pace="slow").pace_factor() == 0.0
