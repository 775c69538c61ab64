"""Hot-seat play: a curtain hides every hand whenever the turn passes to a different person."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_ui_table import Driver  # noqa: E402

from game.state import Phase  # noqa: E402


def face_pixels(scene, surface: pygame.Surface) -> int:
    """Ivory card-face pixels inside the bottom hand's cards (a back's inside is red and gold)."""
    scene.draw(surface)
    lay = scene.view.layout
    count = 0
    rects = lay.hand_rects(scene.model.hand_sizes[scene.view.bottom])
    for i, rect in enumerate(rects):
        right = rects[i + 1].left if i + 1 < len(rects) else rect.right
        pad = rect.width // 8
        inside = pygame.Rect(rect.left + pad, rect.top + rect.height // 4, right - rect.left - 2 * pad,
                             rect.height // 2).clip(surface.get_rect())
        for x in range(inside.left, inside.right, 3):
            for y in range(inside.top, inside.bottom, 3):
                r, g, b, *_ = surface.get_at((x, y))
                if r >= 240 and g >= 236 and b >= 225:
                    count += 1
    return count


def test_the_curtain_hides_every_hand_until_the_next_person_clicks():
    d = Driver("pitch", 4, [0, 1], seed=17, speed="fast")
    try:
        scene = d.scene
        canvas = pygame.Surface(d.app.screen.get_size())
        seen = []
        while len(seen) < 4:
            stop = d.next_stop()
            if stop == "curtain":
                target = scene.control.game.to_act
                assert scene.control.viewer is None and scene.view.viewer is None
                assert scene.face_up_hidden_cards() == []
                assert not any(item.face_up and item.owner is not None for item in scene.render_items())
                assert face_pixels(scene, canvas) == 0
                if not seen:
                    d.shot("hotseat_curtain")
                d.click_button("curtain")
                assert scene.overlays.curtain is None and scene.control.viewer == target
                assert scene.view.slot_of(target) == 0  # the viewer sits at the bottom
                assert face_pixels(scene, canvas) > 200  # now their own cards show
                seen.append(target)
                if len(seen) == 2:
                    d.shot("hotseat_after_curtain")
                continue
            if stop == "summary":
                d.click_button("continue")
                continue
            assert stop in ("bid", "play")
            assert scene.face_up_hidden_cards() == []
            if stop == "bid":
                names = [n for n in scene.clickable_points() if n.startswith("bid:")]
                d.click_button(names[0])
            else:
                d.play_random_card()
        assert set(seen) == {0, 1}
        assert all(a != b for a, b in zip(seen, seen[1:], strict=False))  # a curtain only between different people
    finally:
        d.close()


def test_with_one_human_there_is_never_a_curtain():
    d = Driver("spades", 4, [2], seed=4, speed="instant")
    try:
        scene = d.scene
        assert scene.control.viewer == 2 and scene.view.slot_of(2) == 0
        for _ in range(6):
            stop = d.next_stop()
            assert stop != "curtain"
            if stop == "bid":
                d.click_button("bid:2")
            elif stop == "play":
                d.play_random_card()
        assert scene.control.game.phase is Phase.PLAYING
    finally:
        d.close()


def test_a_key_also_lifts_the_curtain():
    d = Driver("spades", 4, [0, 2], seed=6, speed="instant")
    try:
        assert d.next_stop() == "curtain"
        d.key(pygame.K_RETURN)
        assert d.scene.overlays.curtain is None and d.scene.control.viewer == d.scene.control.game.to_act
    finally:
        d.close()


def test_esc_opens_the_menu_over_the_curtain_and_no_card_shows():
    d = Driver("pitch", 4, [0, 1], seed=17, speed="fast")
    try:
        scene = d.scene
        while d.next_stop() != "curtain":
            d.click_button("bid:pass" if scene.button_rect("bid:pass") else "bid:2")
        d.key(pygame.K_ESCAPE)
        assert scene.overlays.menu is not None and scene.overlays.curtain is not None
        assert scene.face_up_hidden_cards() == []
        assert not any(item.face_up and item.owner is not None for item in scene.render_items())
        d.app.draw()
        menu = scene.overlays.menu.rect
        assert d.app.screen.get_at(menu.move(0, menu.height // 3).midleft)[:3] != (0, 0, 0)
        assert scene.button_rect("resume") is not None and scene.button_rect("curtain") is None
        d.key(pygame.K_ESCAPE)  # Esc again resumes, and the curtain is still up
        assert scene.overlays.menu is None and scene.overlays.curtain is not None
    finally:
        d.close()


def test_the_table_menu_offers_the_settings():
    from ui.scenes.settings import SettingsScene

    d = Driver("spades", 4, [0], seed=3, speed="fast")
    try:
        d.key(pygame.K_ESCAPE)
        d.click_button("settings")
        assert isinstance(d.app.ctx.scenes.top, SettingsScene)
        d.key(pygame.K_ESCAPE)
        assert d.app.ctx.scenes.top is d.scene and d.scene.overlays.menu is None
    finally:
        d.close()
