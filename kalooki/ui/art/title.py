"""The main menu's title: a fan of cards over the game's name, drawn once per window size."""

from __future__ import annotations

import math

import pygame

from kalooki.engine.cards import ACE, JACK, JOKER_FACE, KING, QUEEN, face
from kalooki.ui.art import palette
from kalooki.ui.art.cards import CardArt, card_height
from kalooki.ui.art.highlight import Highlight, overlay, overlay_margin
from kalooki.ui.resources import font
from kalooki.words import tr

FAN = (face(ACE, 0), face(KING, 1), JOKER_FACE, face(QUEEN, 2), face(JACK, 3))
SPREAD_DEGREES = 13


def fan_card_width(window_height: int) -> int:
    return max(80, min(190, round(window_height * 0.165)))


def _card_with_shadow(art: CardArt, face_code: int, width: int) -> pygame.Surface:
    shadow = overlay(Highlight.SHADOW, width)
    margin = overlay_margin(width)
    surface = shadow.copy()
    surface.blit(art.face_surface(face_code, width), (margin - margin // 3, margin - margin // 2))
    return surface


def render_title(art: CardArt, window_size: tuple[int, int]) -> pygame.Surface:
    """The fan and the lettering on a transparent surface as wide as the window."""
    width, height = window_size
    card_w = fan_card_width(height)
    card_h = card_height(card_w)
    radius = card_h * 1.6  # the fan pivots on a point this far below the cards' centres
    fan_height = round(card_h * 1.3)
    name_h = round(height * 0.085)
    sub_h = round(height * 0.03)
    surface = pygame.Surface((width, fan_height + name_h + sub_h + round(height * 0.06)),
                             pygame.SRCALPHA)
    pivot = (width / 2, card_h / 2 + radius + card_h * 0.06)
    middle = (len(FAN) - 1) / 2
    for index, face_code in enumerate(FAN):
        angle = (index - middle) * SPREAD_DEGREES
        card = pygame.transform.rotozoom(_card_with_shadow(art, face_code, card_w), -angle, 1)
        theta = math.radians(angle)
        centre = (pivot[0] + radius * math.sin(theta), pivot[1] - radius * math.cos(theta))
        surface.blit(card, card.get_rect(center=(round(centre[0]), round(centre[1]))))
    top = fan_height + round(height * 0.02)
    name = font(name_h, bold=True).render("KALOOKI", True, palette.TITLE)
    shadow = font(name_h, bold=True).render("KALOOKI", True, palette.TITLE_SHADOW[:3])
    shadow.set_alpha(palette.TITLE_SHADOW[3])
    offset = max(2, name_h // 18)
    surface.blit(shadow, shadow.get_rect(midtop=(width // 2 + offset, top + offset)))
    surface.blit(name, name.get_rect(midtop=(width // 2, top)))
    sub = font(sub_h).render(tr("title.subtitle"), True, palette.SUBTITLE)
    surface.blit(sub, sub.get_rect(midtop=(width // 2, top + name.get_height())))
    return surface
