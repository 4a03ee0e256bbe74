"""The baize behind every scene is drawn once per size, in the window's own pixel format
(each frame blits it whole: a felt of another format is converted at every frame), with
its weave of faint specks."""

from __future__ import annotations

import pygame

from kalooki.ui.app import App
from kalooki.ui.art import palette
from kalooki.ui.art.felt import _weave, felt


def test_the_felt_has_the_window_s_pixel_format(app: App) -> None:
    baize = felt(app.size)
    window = app.surface
    assert baize.get_size() == app.size
    assert baize.get_bitsize() == window.get_bitsize()
    assert baize.get_masks() == window.get_masks()


def test_the_felt_is_lit_in_the_middle_and_darker_at_the_edges(app: App) -> None:
    baize = felt((1024, 640))
    middle, corner = baize.get_at((512, 260)), baize.get_at((2, 2))
    assert sum(middle[:3]) > sum(corner[:3])
    assert middle.g > middle.r and middle.g > middle.b  # green baize
    assert abs(middle.g - palette.FELT_CENTRE[1]) < 20


def test_the_weave_is_faint_light_and_dark_specks_on_one_pixel_in_six() -> None:
    tile = _weave()
    width, height = tile.get_size()
    specks = [tile.get_at((x, y)) for x in range(width) for y in range(height)
              if tile.get_at((x, y)).a]
    assert 0.12 < len(specks) / (width * height) < 1 / 6 + 0.01
    assert all(6 <= c.a <= 15 and c.r == c.g == c.b and c.r in (0, 255) for c in specks)
    assert {c.r for c in specks} == {0, 255}
    assert tile.get_flags() & pygame.SRCALPHA
