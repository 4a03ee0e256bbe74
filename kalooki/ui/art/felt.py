"""The green baize behind every scene: a soft radial light with darker edges and a faint
weave, rendered once per window size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from kalooki.ui.art import palette

_GRID = (48, 27)
_WEAVE_TILE = 128


def _mix(a: palette.Colour, b: palette.Colour, t: float) -> tuple[int, int, int]:
    def part(i: int) -> int:
        return round(a[i] + (b[i] - a[i]) * t)
    return part(0), part(1), part(2)


@lru_cache(maxsize=1)
def _weave() -> pygame.Surface:
    """A tile of faint light and dark specks, one in six pixels, 6-15 of 255 opaque;
    seeded so every run looks the same. Written as bytes: a speck at a time through
    ``set_at`` and ``randrange`` cost the menu's first frame 30 ms."""
    pixels = _WEAVE_TILE * _WEAVE_TILE
    specks = pixels // 6
    noise = random.Random(7).randbytes(3 * specks)
    rgba = bytearray(4 * pixels)
    for i in range(0, 3 * specks, 3):
        at = 4 * ((noise[i] << 8 | noise[i + 1]) % pixels)
        shade = 255 if noise[i + 2] & 1 else 0
        rgba[at:at + 4] = bytes((shade, shade, shade, 6 + (noise[i + 2] >> 1) % 10))
    return pygame.image.frombytes(bytes(rgba), (_WEAVE_TILE, _WEAVE_TILE), "RGBA")


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The baize at ``size``: a small gradient smooth-scaled up (cheap and banding-free)."""
    gw, gh = _GRID
    rgb = bytearray()
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw - 0.5, ((y + 0.5) / gh - 0.42) * 0.9
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 * 1.55)
            rgb += bytes(_mix(palette.FELT_CENTRE, palette.FELT_EDGE, t * t))
    small = pygame.Surface(_GRID)  # the window's own format: a 24-bit felt made each
    small.blit(pygame.image.frombytes(bytes(rgb), _GRID, "RGB"), (0, 0))  # frame 3x dearer
    surface = pygame.transform.smoothscale(small, size)
    weave = _weave()
    for x in range(0, size[0], _WEAVE_TILE):
        for y in range(0, size[1], _WEAVE_TILE):
            surface.blit(weave, (x, y))
    return surface
