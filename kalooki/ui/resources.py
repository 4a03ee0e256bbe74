"""Loading the shipped fonts. The assets are found by :func:`kalooki.asset_path` (under
``kalooki/assets/``, never relative to the working directory); it is re-exported here.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from kalooki import asset_path

__all__ = ["FONT_BOLD", "FONT_REGULAR", "asset_path", "font"]

FONT_REGULAR = ("fonts", "DejaVuSans.ttf")
FONT_BOLD = ("fonts", "DejaVuSans-Bold.ttf")


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font (DejaVu Sans, which has ♠♥♦♣) at ``size`` pixels, loaded once."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(asset_path(*(FONT_BOLD if bold else FONT_REGULAR)), max(1, size))
