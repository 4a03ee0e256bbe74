"""Generated inputs of the standalone build, written to ``build/work/`` (ignored by git):

- ``icon/kalooki.png``, ``icon/kalooki.ico`` and ``icon/kalooki.icns``: the game's icon
  (:mod:`kalooki.ui.art.icon`, drawn by the card art; no image files to keep in step with
  it), each size drawn at its own size (the plain drawing below 48 px). The ``.ico``
  (Windows Vista and later) and the ``.icns`` (macOS 10.7 and later) hold PNG images, so
  no Pillow is needed for either.
- ``version_info.txt``: the Windows version resource, from ``version_info.template`` and
  ``kalooki.version()``.

Run headless: ``SDL_VIDEODRIVER=dummy python build/prepare.py`` (``make exe`` does).
"""

from __future__ import annotations

import io
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

import kalooki  # noqa: E402
from kalooki.ui.art.icon import draw_icon  # noqa: E402

WORK = ROOT / "build" / "work"
ICON_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
              (b"ic10", 1024))
"""The ICNS entries that hold PNG data, with their sizes in pixels (ic11-ic14 and ic10 are
the Retina twins of 16, 32, 128, 256 and 512 points)."""


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(sizes: Sequence[int] = ICO_SIZES) -> bytes:
    """An ICO file whose images are PNGs: a 6-byte header, one 16-byte entry per size
    (0 stands for 256), then the PNG data."""
    images = [png_bytes(draw_icon(size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def icns_bytes(types: Sequence[tuple[bytes, int]] = ICNS_TYPES) -> bytes:
    """An ICNS file: ``icns`` and the file's length, then per entry its type, its length
    (with these 8 bytes) and its PNG, all big-endian."""
    drawn: dict[int, bytes] = {}
    body = b""
    for kind, size in types:
        if size not in drawn:
            drawn[size] = png_bytes(draw_icon(size))
        data = drawn[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def version_info(version: str | None = None) -> str:
    """The template with the version (this copy's unless given) filled in; Windows wants
    four numbers as a tuple."""
    version = version or kalooki.version()
    numbers = [int(part) for part in version.split("+")[0].split(".")[:4] if part.isdigit()]
    numbers += [0] * (4 - len(numbers))
    template = (ROOT / "build" / "version_info.template").read_text(encoding="utf-8")
    return (template.replace("{version_tuple}", ", ".join(map(str, numbers)))
            .replace("{version}", version))


def main() -> int:
    pygame.display.init()
    icon_dir = WORK / "icon"
    icon_dir.mkdir(parents=True, exist_ok=True)
    (icon_dir / "kalooki.png").write_bytes(png_bytes(draw_icon(ICON_SIZE)))
    (icon_dir / "kalooki.ico").write_bytes(ico_bytes())
    (icon_dir / "kalooki.icns").write_bytes(icns_bytes())
    (WORK / "version_info.txt").write_text(version_info(), encoding="utf-8")
    pygame.quit()
    print(f"prepared: {icon_dir / 'kalooki.png'}, kalooki.ico, kalooki.icns, "
          f"{WORK / 'version_info.txt'} (version {kalooki.version()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
