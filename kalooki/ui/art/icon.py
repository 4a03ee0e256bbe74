"""The game's icon, drawn by the card art (no image file to keep in step with it).

From 48 px up it is the joker fanned behind the ace of spades, as the cards are drawn at the
table. Below, where a card's corners and the joker's star are a pixel or two, it is the same
pair drawn plainly: a purple joker with its gold star behind a white ace carrying one large
spade. Both fill the square but for a margin of 1/16 on each side, as desktop icons do.

The window shows it (:func:`window_icon`); ``build/desktop.py`` writes it at every size of
:data:`ICON_SIZES` for the desktop, the .deb and the Windows and macOS programs.
"""

from __future__ import annotations

import pygame

from kalooki.engine.cards import ACE, JOKER_FACE, face
from kalooki.ui.art import palette
from kalooki.ui.art.cards import ASPECT, CardArt, ink

ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The sizes the desktop's hicolor theme asks for, 16 to 512 px."""
PLAIN_BELOW = 48
"""Sizes under this get the plain drawing."""
WINDOW_ICON_SIZE = 64
SPADES = 0
JOKER_TILT = 14.0
ACE_TILT = -7.0
"""Degrees, anticlockwise: the joker leans left, the ace a little right."""
_PLAIN_SCALE = 8
"""The plain drawing is made this many times larger and smooth-scaled down (a power of
two, as the card art's supersampling)."""


def draw_icon(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, transparent around the cards."""
    if size < 8:
        raise ValueError(f"an icon of {size} px is too small")
    drawn = _plain(size) if size < PLAIN_BELOW else _fan(size)
    return _fitted(drawn, size)


def window_icon() -> pygame.Surface:
    """What the window shows in the task bar where the desktop has no icon of its own."""
    return draw_icon(WINDOW_ICON_SIZE)


def _fan(size: int) -> pygame.Surface:
    """The two cards of the table's art, tilted apart, on a canvas with room to spare."""
    art = CardArt()
    width = max(8, round(size * 0.6))
    joker = pygame.transform.rotozoom(art.face_surface(JOKER_FACE, width), JOKER_TILT, 1.0)
    ace = pygame.transform.rotozoom(art.face_surface(face(ACE, SPADES), width), ACE_TILT, 1.0)
    canvas = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    shift = width * 0.3
    canvas.blit(joker, joker.get_rect(center=(round(size - shift), size)))
    canvas.blit(ace, ace.get_rect(center=(round(size + shift), size)))
    return canvas


def _card(width: float, fill: palette.Colour, border: float) -> pygame.Surface:
    """A plain rounded card: ``border`` of the card art's border colour round ``fill``."""
    size = (round(width), round(width * ASPECT))
    card = pygame.Surface(size, pygame.SRCALPHA)
    radius = round(width * 0.12)
    pygame.draw.rect(card, palette.CARD_BORDER, card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-2 * round(border), -2 * round(border))
    pygame.draw.rect(card, fill, inner, border_radius=max(1, radius - round(border)))
    return card


def _plain(size: int) -> pygame.Surface:
    big = size * _PLAIN_SCALE
    width = big * 0.56
    border = max(_PLAIN_SCALE * 0.9, width * 0.06)
    joker = _card(width, palette.JOKER_MAIN, border)
    star = ink("★", width * 0.36, palette.JOKER_ACCENT, bold=False)
    joker.blit(star, star.get_rect(center=(round(width * 0.25), round(width * ASPECT / 2))))
    ace = _card(width, palette.CARD_FACE, border)
    spade = ink("♠", width * 0.62, palette.SUITS_CLASSIC[SPADES], bold=False)
    ace.blit(spade, spade.get_rect(center=ace.get_rect().center))
    canvas = pygame.Surface((big * 2, big * 2), pygame.SRCALPHA)
    for card, tilt, dx in ((joker, JOKER_TILT, -0.25), (ace, ACE_TILT, 0.25)):
        turned = pygame.transform.rotozoom(card, tilt, 1.0)
        canvas.blit(turned, turned.get_rect(center=(round(big + dx * width), big)))
    return canvas


def _fitted(drawn: pygame.Surface, size: int) -> pygame.Surface:
    """``drawn`` cropped to its ink and scaled to fill ``size`` less a 1/16 margin each side,
    centred."""
    ink_box = drawn.get_bounding_rect()
    room = size - 2 * max(1, round(size / 16))
    scale = room / max(ink_box.width, ink_box.height)
    shape = (max(1, round(ink_box.width * scale)), max(1, round(ink_box.height * scale)))
    scaled = pygame.transform.smoothscale(drawn.subsurface(ink_box), shape)
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.blit(scaled, scaled.get_rect(center=(size // 2, size // 2)))
    return icon
