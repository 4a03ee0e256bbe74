"""Generated inputs of the standalone build, written to ``build/work/`` (ignored by git):

- ``icon/kalooki.png`` and ``icon/kalooki.ico``: a joker fanned behind the ace of spades,
  drawn by the game's own :class:`~kalooki.ui.art.cards.CardArt` (no image files to keep
  in step with the art). The ``.ico`` holds PNG images, which Windows Vista and later
  read, so no Pillow is needed.
- ``version_info.txt``: the Windows version resource, from ``version_info.template`` and
  ``kalooki.__version__``.

Run headless: ``SDL_VIDEODRIVER=dummy python build/prepare.py`` (``make exe`` does).
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from kalooki import __version__  # noqa: E402
from kalooki.engine.cards import ACE, JOKER_FACE, face  # noqa: E402
from kalooki.ui.art.cards import CardArt, card_height  # noqa: E402

WORK = ROOT / "build" / "work"
ICON_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
SPADES = 0


def draw_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """A square, transparent icon: the joker leaning left behind the upright ace of spades."""
    art = CardArt()
    width = round(size * 0.74 / 1.4)  # cards 74% of the icon's height, before tilting
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    joker = pygame.transform.rotozoom(art.face_surface(JOKER_FACE, width), 16, 1.0)
    ace = pygame.transform.rotozoom(art.face_surface(face(ACE, SPADES), width), -8, 1.0)
    centre_y = size / 2
    icon.blit(joker, joker.get_rect(center=(round(size * 0.40), round(centre_y))))
    icon.blit(ace, ace.get_rect(center=(round(size * 0.60), round(centre_y))))
    assert card_height(width) < size  # the fan fits
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(icon: pygame.Surface, sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """An ICO file whose images are PNGs: a 6-byte header, one 16-byte entry per size
    (0 stands for 256), then the PNG data."""
    images = [png_bytes(pygame.transform.smoothscale(icon, (s, s))) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def version_info(version: str = __version__) -> str:
    """The template with the version filled in; Windows wants four numbers as a tuple."""
    numbers = [int(part) for part in version.split("+")[0].split(".")[:4] if part.isdigit()]
    numbers += [0] * (4 - len(numbers))
    template = (ROOT / "build" / "version_info.template").read_text(encoding="utf-8")
    return (template.replace("{version_tuple}", ", ".join(map(str, numbers)))
            .replace("{version}", version))


def main() -> int:
    pygame.display.init()
    icon_dir = WORK / "icon"
    icon_dir.mkdir(parents=True, exist_ok=True)
    icon = draw_icon()
    (icon_dir / "kalooki.png").write_bytes(png_bytes(icon))
    (icon_dir / "kalooki.ico").write_bytes(ico_bytes(icon))
    (WORK / "version_info.txt").write_text(version_info(), encoding="utf-8")
    pygame.quit()
    print(f"prepared: {icon_dir / 'kalooki.png'}, kalooki.ico, "
          f"{WORK / 'version_info.txt'} (version {__version__})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
