"""The icon as SVG, for desktops that scale icons (hicolor's ``scalable`` size).

The same drawing as :mod:`kalooki.ui.art.icon` from 48 px up, in vectors: the joker (its
glow, its gold star, the small star of its index) tilted behind the ace of spades (its
gold ring, the spade, the A of its index), in the card art's colours and proportions. The
words a card carries (JOKER, JK) are left out: an SVG cannot count on our font.
No pygame here: it is text, written by ``kalooki desktop``.
"""

from __future__ import annotations

import math

from kalooki.ui.art import palette
from kalooki.ui.art.cards import ASPECT
from kalooki.ui.art.icon import ACE_TILT, JOKER_TILT

VIEW = 128
CARD_WIDTH = 64.0
CARD_HEIGHT = CARD_WIDTH * ASPECT
SHIFT = CARD_WIDTH * 0.3
"""How far each card's centre sits from the middle, as in the raster fan."""

SPADE = ("M0,-0.5 C0.10,-0.3 0.41,-0.12 0.41,0.1 C0.41,0.32 0.21,0.4 0.07,0.24 "
         "C0.08,0.36 0.13,0.45 0.20,0.5 L-0.20,0.5 C-0.13,0.45 -0.08,0.36 -0.07,0.24 "
         "C-0.21,0.4 -0.41,0.32 -0.41,0.1 C-0.41,-0.12 -0.10,-0.3 0,-0.5 Z")
"""A spade one unit tall, centred on the origin."""
LETTER_A = ("M-0.36,0.5 L-0.09,-0.5 L0.09,-0.5 L0.36,0.5 L0.19,0.5 L0.12,0.25 "
            "L-0.12,0.25 L-0.19,0.5 Z M-0.08,0.1 L0.08,0.1 L0,-0.22 Z")
"""The A of the ace's index, one unit tall (its counter cut out by the even-odd rule)."""


def _colour(colour: palette.Colour) -> str:
    return "#" + "".join(f"{part:02x}" for part in colour[:3])


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    corners = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        corners.append(f"{cx + radius * math.cos(angle):.2f},{cy + radius * math.sin(angle):.2f}")
    return "M" + " L".join(corners) + " Z"


def _shape(path: str, cx: float, cy: float, height: float, colour: palette.Colour,
           flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<path transform="translate({cx:.2f},{cy:.2f}){turn} scale({height:.2f})" '
            f'fill="{_colour(colour)}" fill-rule="evenodd" d="{path}"/>')


def _card(inside: list[str], cx: float, tilt: float) -> str:
    w, h = CARD_WIDTH, CARD_HEIGHT
    border = max(1.0, w / 60)
    body = (f'<rect x="{-w / 2:.2f}" y="{-h / 2:.2f}" width="{w:.2f}" height="{h:.2f}" '
            f'rx="{w * 0.075:.2f}" fill="{_colour(palette.CARD_FACE)}" '
            f'stroke="{_colour(palette.CARD_BORDER)}" stroke-width="{border:.2f}"/>')
    # SVG turns clockwise, pygame's rotozoom anticlockwise: the same lean, the other sign.
    return (f'<g transform="translate({cx:.2f},{VIEW / 2}) rotate({-tilt:.1f})">'
            + body + "".join(inside) + "</g>")


def _joker() -> list[str]:
    w = CARD_WIDTH
    index_star = _star(-w / 2 + w * 0.115, -CARD_HEIGHT / 2 + w * 0.14, w * 0.075, w * 0.03)
    return [
        f'<circle r="{w * 0.29:.2f}" fill="{_colour(palette.JOKER_GLOW)}"/>',
        f'<path d="{_star(0, w * 0.016, w * 0.26, w * 0.104)}" '
        f'fill="{_colour(palette.JOKER_ACCENT)}" stroke="{_colour(palette.JOKER_MAIN)}" '
        f'stroke-width="{w * 0.03:.2f}" stroke-linejoin="round"/>',
        f'<path d="{index_star}" fill="{_colour(palette.JOKER_MAIN)}"/>',
    ]


def _ace() -> list[str]:
    w, h = CARD_WIDTH, CARD_HEIGHT
    gold = _colour(palette.GOLD)
    ink = palette.SUITS_CLASSIC[0]
    corner_x, letter_y, suit_y = -w / 2 + w * 0.115, -h / 2 + w * 0.14, -h / 2 + w * 0.3
    return [
        f'<circle r="{w * 0.3:.2f}" fill="none" stroke="{gold}" '
        f'stroke-width="{w * 0.012:.2f}"/>',
        f'<circle r="{w * 0.27:.2f}" fill="none" stroke="{gold}" '
        f'stroke-width="{w * 0.005:.2f}"/>',
        _shape(SPADE, 0, 0, w * 0.4, ink),
        _shape(LETTER_A, corner_x, letter_y, w * 0.145, ink),
        _shape(SPADE, corner_x, suit_y, w * 0.12, ink),
        _shape(LETTER_A, -corner_x, -letter_y, w * 0.145, ink, flip=True),
        _shape(SPADE, -corner_x, -suit_y, w * 0.12, ink, flip=True),
    ]


def _fit() -> str:
    """The transform that makes the two tilted cards fill the square less a 1/16 margin
    on each side, centred, as the raster icon does."""
    xs, ys = [], []
    for cx, tilt in ((VIEW / 2 - SHIFT, JOKER_TILT), (VIEW / 2 + SHIFT, ACE_TILT)):
        turn = math.radians(-tilt)
        for dx in (-CARD_WIDTH / 2, CARD_WIDTH / 2):
            for dy in (-CARD_HEIGHT / 2, CARD_HEIGHT / 2):
                xs.append(cx + dx * math.cos(turn) - dy * math.sin(turn))
                ys.append(VIEW / 2 + dx * math.sin(turn) + dy * math.cos(turn))
    scale = VIEW * 14 / 16 / max(max(xs) - min(xs), max(ys) - min(ys))
    middle_x, middle_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return (f"translate({VIEW / 2:.2f},{VIEW / 2:.2f}) scale({scale:.4f}) "
            f"translate({-middle_x:.2f},{-middle_y:.2f})")


def icon_svg() -> str:
    """The icon as a standalone SVG document, ``VIEW`` units square."""
    cards = (_card(_joker(), VIEW / 2 - SHIFT, JOKER_TILT)
             + _card(_ace(), VIEW / 2 + SHIFT, ACE_TILT))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{VIEW}" height="{VIEW}" '
            f'viewBox="0 0 {VIEW} {VIEW}"><g transform="{_fit()}">{cards}</g></svg>\n')
