"""Card art: every face and the back render at any size, are cached, and differ."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.engine.cards import JOKER_FACE, face
from kalooki.ui.art.cards import CardArt, card_height
from kalooki.ui.art.highlight import Highlight, overlay, overlay_margin
from kalooki.ui.resources import asset_path

SIZES = (40, 96, 200)
DIAMONDS, HEARTS = 3, 1


def has_ink(surface: pygame.Surface, colour: pygame.Color) -> bool:
    """Whether some opaque pixel is within a few levels of ``colour`` (scaling rounds)."""
    w, h = surface.get_size()
    return any(surface.get_at((x, y)).a == 255
               and max(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], colour[:3],
                                                  strict=True)) <= 6
               for x in range(w) for y in range(h))


def test_fonts_and_theme_ship_with_the_game() -> None:
    for parts in (("fonts", "DejaVuSans.ttf"), ("fonts", "DejaVuSans-Bold.ttf"),
                  ("fonts", "LICENSE-DejaVu.txt"), ("theme", "theme.json")):
        assert asset_path(*parts).is_file()


@pytest.mark.parametrize("width", SIZES)
def test_every_face_and_the_back_render_at_the_requested_size(width: int) -> None:
    art = CardArt()
    surfaces = [art.face_surface(code, width) for code in range(JOKER_FACE + 1)]
    surfaces.append(art.back_surface(width))
    for surface in surfaces:
        assert surface.get_size() == (width, card_height(width))
        assert surface.get_at((0, 0)).a == 0  # rounded corner
        assert surface.get_at((width // 2, card_height(width) // 2)).a == 255


def test_surfaces_are_cached_per_face_and_size() -> None:
    art = CardArt()
    assert art.face_surface(5, 96) is art.face_surface(5, 96)
    assert art.back_surface(96) is art.back_surface(96)
    assert art.face_surface(5, 96) is not art.face_surface(5, 97)


def test_different_faces_differ_in_pixels() -> None:
    art = CardArt()
    seven, eight = art.face_surface(face(7, 0), 96), art.face_surface(face(8, 0), 96)
    assert pygame.image.tobytes(seven, "RGBA") != pygame.image.tobytes(eight, "RGBA")
    assert art.face_surface(JOKER_FACE, 96).get_at((48, 67)) != seven.get_at((48, 67))


def test_four_colour_makes_diamonds_blue_and_leaves_hearts_red() -> None:
    two, four = CardArt(), CardArt(four_colour=True)
    blue = four.suit_colour(DIAMONDS)
    assert blue != two.suit_colour(DIAMONDS)
    diamond = face(5, DIAMONDS)
    assert has_ink(four.face_surface(diamond, 96), blue)
    assert not has_ink(two.face_surface(diamond, 96), blue)
    heart = face(5, HEARTS)
    assert pygame.image.tobytes(two.face_surface(heart, 96), "RGBA") == \
        pygame.image.tobytes(four.face_surface(heart, 96), "RGBA")


def test_bad_face_codes_and_sizes_are_refused() -> None:
    art = CardArt()
    with pytest.raises(ValueError):
        art.face_surface(JOKER_FACE + 1, 96)
    with pytest.raises(ValueError):
        art.back_surface(3)


@pytest.mark.parametrize("kind", list(Highlight))
def test_overlays_surround_the_card(kind: Highlight) -> None:
    surface = overlay(kind, 96)
    margin = overlay_margin(96)
    assert surface.get_size() == (96 + 2 * margin, card_height(96) + 2 * margin)
    assert surface.get_at((margin // 2, surface.get_height() // 2)).a > 0


GAME_WIDTHS = (24, 30, 40, 48, 56, 64, 80, 96, 111, 120, 150)
"""Widths the game draws faces at: the summary's hands (24 to 70 px), the melds (30 to
111) and the hand and the piles (40 to 150)."""


def _index_ink(surface: pygame.Surface, far: bool) -> pygame.Rect:
    """The box of a corner index's ink: the top-left corner's (the bottom-right's when
    ``far``). Ink is a suit's colour or near black, never the grey border's blend."""
    w, h = surface.get_size()
    xs = range(w // 2, w) if far else range(w // 2)
    ys = range(h * 3 // 5, h) if far else range(h * 2 // 5)
    found = [(x, y) for x in xs for y in ys
             if (pixel := surface.get_at((x, y))).a == 255
             and (max(pixel[:3]) - min(pixel[:3]) > 60 or max(pixel[:3]) < 90)]
    left, top = min(x for x, _ in found), min(y for _, y in found)
    right, bottom = max(x for x, _ in found), max(y for _, y in found)
    return pygame.Rect(left, top, right - left + 1, bottom - top + 1)


@pytest.mark.parametrize("width", GAME_WIDTHS)
def test_every_corner_index_keeps_a_margin_inside_the_card(width: int) -> None:
    """The 10 of a 64 px card touched its left edge: every rank's index (and the joker's
    star) keeps clear of the card's edges, top-left and bottom-right, at every size."""
    art = CardArt()
    margin = max(2, round(width * 0.04))
    for code in range(JOKER_FACE + 1):
        surface = art.face_surface(code, width)
        near, far = _index_ink(surface, False), _index_ink(surface, True)
        assert near.left >= margin and near.top >= margin, (code, near)
        w, h = surface.get_size()
        assert w - far.right >= margin and h - far.bottom >= margin, (code, far)
