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

from kalooki.ui import palette
from kalooki.ui.card_art import card_height


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
        ring = max(2, round(width * 0.035))
        pygame.draw.rect(surface, colour, _card_rect(width).inflate(ring * 2, ring * 2), ring,
                         border_radius=round(width * 0.075) + ring)
    return surface
