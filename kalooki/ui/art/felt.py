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
    """A tile of faint light and dark specks; seeded so every run looks the same."""
    tile = pygame.Surface((_WEAVE_TILE, _WEAVE_TILE), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(_WEAVE_TILE * _WEAVE_TILE // 6):
        shade = rng.choice((0, 255))
        tile.set_at((rng.randrange(_WEAVE_TILE), rng.randrange(_WEAVE_TILE)),
                    (shade, shade, shade, rng.randrange(6, 16)))
    return tile


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The baize at ``size``: a small gradient smooth-scaled up (cheap and banding-free)."""
    small = pygame.Surface(_GRID)
    gw, gh = _GRID
    for x in range(gw):
        for y in range(gh):
            dx, dy = (x + 0.5) / gw - 0.5, ((y + 0.5) / gh - 0.42) * 0.9
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 * 1.55)
            small.set_at((x, y), _mix(palette.FELT_CENTRE, palette.FELT_EDGE, t * t))
    surface = pygame.transform.smoothscale(small, size)
    weave = _weave()
    for x in range(0, size[0], _WEAVE_TILE):
        for y in range(0, size[1], _WEAVE_TILE):
            surface.blit(weave, (x, y))
    return surface
