"""Overlays drawn around a card: the selection outline, the legal-drop glow, the shadow,
the soft light on a card just drawn.

Each overlay is larger than the card by ``overlay_margin(width)`` on every side; blit it at
the card's top-left minus that margin, before the card itself. A selected card is also
drawn ``lift(width)`` higher.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

import pygame

from kalooki.ui.art import palette
from kalooki.ui.art.cards import card_height


class Highlight(Enum):
    SELECTED = "selected"
    DROP_TARGET = "drop-target"
    SHADOW = "shadow"
    FRESH = "fresh"


def overlay_margin(width: int) -> int:
    return max(4, round(width * 0.12))


def lift(width: int) -> int:
    return max(4, round(width * 0.18))


def _card_rect(width: int) -> pygame.Rect:
    margin = overlay_margin(width)
    return pygame.Rect(margin, margin, width, card_height(width))


def _blurred_card_shape(width: int, colour: palette.Colour, alpha: int, grow: int,
                        blur: int) -> pygame.Surface:
    margin = overlay_margin(width)
    surface = pygame.Surface((width + 2 * margin, card_height(width) + 2 * margin),
                             pygame.SRCALPHA)
    pygame.draw.rect(surface, (*colour[:3], alpha), _card_rect(width).inflate(grow, grow),
                     border_radius=round(width * 0.075) + grow // 2)
    return pygame.transform.gaussian_blur(surface, blur)


def selection_ring(width: int) -> int:
    """The chosen card's gold ring, in pixels just outside its edge: whatever outlines a
    chosen card (the hint) is drawn beyond it, so the card still reads as chosen."""
    return max(2, round(width * 0.035))


@lru_cache(maxsize=64)
def overlay(kind: Highlight, width: int) -> pygame.Surface:
    """The overlay of ``kind`` for a card ``width`` pixels wide (cached; do not draw on it)."""
    blur = max(2, round(width * 0.05))
    if kind is Highlight.SHADOW:
        return _blurred_card_shape(width, palette.SHADOW, 110, 0, blur)
    if kind is Highlight.FRESH:
        return _blurred_card_shape(width, palette.FRESH, 230, round(width * 0.10), blur)
    colour = palette.SELECTED if kind is Highlight.SELECTED else palette.DROP_TARGET
    surface = _blurred_card_shape(width, colour, 200, round(width * 0.08), blur)
    if kind is Highlight.SELECTED:
        ring = selection_ring(width)
        pygame.draw.rect(surface, colour, _card_rect(width).inflate(ring * 2, ring * 2), ring,
                         border_radius=round(width * 0.075) + ring)
    return surface


LESSON_EDGE = 3
"""The lesson light's crisp edge, in pixels, just outside what it lights."""


def lesson_margin(height: int) -> int:
    """How far the lesson light's glow reaches past what it lights."""
    return max(6, round(height * 0.1))


@lru_cache(maxsize=128)
def lesson_light(size: tuple[int, int]) -> pygame.Surface:
    """The guided game's light around a card or a place of ``size``: a warm glow and a
    clear edge, larger by ``lesson_margin`` on every side (cached; do not draw on it)."""
    margin = lesson_margin(size[1])
    inner = pygame.Rect(margin, margin, *size)
    surface = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
    radius = max(6, round(min(size) * 0.08))
    pygame.draw.rect(surface, (*palette.LESSON[:3], 170), inner.inflate(margin, margin),
                     margin // 2 + LESSON_EDGE, border_radius=radius + margin // 2)
    surface = pygame.transform.gaussian_blur(surface, max(2, margin // 3))
    pygame.draw.rect(surface, palette.LESSON, inner.inflate(2 * LESSON_EDGE, 2 * LESSON_EDGE),
                     LESSON_EDGE, border_radius=radius + LESSON_EDGE)
    return surface
