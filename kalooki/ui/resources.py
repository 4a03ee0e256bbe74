"""Finding shipped assets and loading fonts.

Assets live in the repository's ``assets/`` folder; a PyInstaller bundle unpacks them under
``sys._MEIPASS``. Paths are never taken relative to the working directory, so the game starts
the same from any folder.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

FONT_REGULAR = ("fonts", "DejaVuSans.ttf")
FONT_BOLD = ("fonts", "DejaVuSans-Bold.ttf")


def assets_root() -> Path:
    """The ``assets`` folder of a PyInstaller bundle, else of the source checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font (DejaVu Sans, which has ♠♥♦♣) at ``size`` pixels, loaded once."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(asset_path(*(FONT_BOLD if bold else FONT_REGULAR)), max(1, size))
