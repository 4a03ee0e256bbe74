"""Colours shared by the card art and the drawn parts of scenes (the widgets' colours live in
the pygame_gui theme)."""

from __future__ import annotations

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# Suits in engine order S H C D.
SUITS_CLASSIC: tuple[Colour, ...] = ((24, 24, 30), (196, 22, 42), (24, 24, 30), (196, 22, 42))
SUITS_FOUR: tuple[Colour, ...] = ((24, 24, 30), (196, 22, 42), (22, 122, 56), (24, 78, 186))

CARD_FACE: Colour = (253, 252, 247)
CARD_BORDER: Colour = (118, 116, 108)
COURT_PANEL: Colour = (247, 239, 218)
GOLD: Colour = (214, 168, 58)
GOLD_DARK: Colour = (140, 100, 26)
PEARL: Colour = (250, 248, 240)
LEAF: Colour = (46, 128, 72)

JOKER_MAIN: Colour = (104, 36, 150)
JOKER_ACCENT: Colour = (232, 178, 36)
JOKER_GLOW: Colour = (244, 232, 250)

BACK_MAIN: Colour = (128, 24, 40)
BACK_LINE: Colour = (170, 56, 72)
BACK_DOT: Colour = (214, 168, 58)

FELT_CENTRE: Colour = (26, 110, 64)
FELT_EDGE: Colour = (8, 48, 28)
TITLE: Colour = (246, 215, 122)
TITLE_SHADOW: tuple[int, int, int, int] = (0, 0, 0, 150)
SUBTITLE: Colour = (228, 220, 196)

SELECTED: Colour = (255, 214, 64)
DROP_TARGET: Colour = (96, 232, 255)
LESSON: Colour = (255, 150, 70)
FRESH: Colour = (255, 246, 214)
SHADOW: Colour = (0, 0, 0)
