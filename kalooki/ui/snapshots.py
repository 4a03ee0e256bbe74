"""Save PNGs of the menu, the setup panel and card sheets, to look at the game's art
without a display: ``python -m kalooki.ui.snapshots OUTDIR``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from kalooki.engine.cards import JOKER_FACE
from kalooki.ui.app import App
from kalooki.ui.card_art import CardArt, card_height
from kalooki.ui.felt import felt
from kalooki.ui.menu import MainMenuScene

SHEET_COLUMNS = 14


def card_sheet(art: CardArt, width: int) -> pygame.Surface:
    """All 53 faces in suit rows, the joker and the back last, on the baize."""
    gap = max(6, width // 10)
    faces = [*range(JOKER_FACE + 1)]
    rows = 4
    size = (gap + SHEET_COLUMNS * (width + gap), gap + rows * (card_height(width) + gap))
    sheet = felt(size).copy()
    for index, face_code in enumerate(faces):
        row, column = (index // 13, index % 13) if face_code < JOKER_FACE else (0, 13)
        sheet.blit(art.face_surface(face_code, width),
                   (gap + column * (width + gap), gap + row * (card_height(width) + gap)))
    sheet.blit(art.back_surface(width), (gap + 13 * (width + gap), gap + card_height(width) + gap))
    return sheet


def save_menu(out: Path, size: tuple[int, int], name: str, open_setup: bool = False) -> None:
    app = App(size)
    scene = MainMenuScene(app, has_autosave=lambda: True)
    app.switch(scene)
    if open_setup:
        scene.open_setup()
    app.step([])
    pygame.image.save(app.surface, out / name)
    app.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "kalooki-shots")
    out.mkdir(parents=True, exist_ok=True)
    for size in ((1280, 720), (1024, 640), (1920, 1080)):
        save_menu(out, size, f"menu-{size[0]}x{size[1]}.png")
    save_menu(out, (1280, 720), "setup-1280x720.png", open_setup=True)
    save_menu(out, (1024, 640), "setup-1024x640.png", open_setup=True)
    for four_colour in (False, True):
        art = CardArt(four_colour=four_colour)
        for width in (64, 120):
            name = f"cards-{'four' if four_colour else 'two'}-colour-{width}.png"
            pygame.image.save(card_sheet(art, width), out / name)
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
