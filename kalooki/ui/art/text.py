"""Rendered text, cached: the table redraws every frame and pygame's font rendering is the
slowest thing it would otherwise do."""

from __future__ import annotations

from functools import lru_cache

import pygame

from kalooki.ui.resources import font

Colour = tuple[int, int, int]

TEXT: Colour = (244, 236, 214)
DIM: Colour = (186, 196, 182)
GOLD: Colour = (246, 215, 122)
GOOD: Colour = (130, 230, 140)
BAD: Colour = (255, 140, 120)


@lru_cache(maxsize=2048)
def text(words: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """``words`` rendered anti-aliased (cached; never draw on the result)."""
    return font(size, bold).render(words, True, colour)


def fit(words: str, size: int, width: int, colour: Colour = TEXT,
        bold: bool = False) -> pygame.Surface:
    """``words`` shortened with an ellipsis until it fits ``width`` pixels."""
    surface = text(words, size, colour, bold)
    while surface.get_width() > width and len(words) > 1:
        words = words[:-2] + "…"
        surface = text(words, size, colour, bold)
    return surface


def wrap(words: str, size: int, width: int) -> list[str]:
    """Lines of ``words`` no wider than ``width`` at ``size`` (word wrap)."""
    face = font(size)
    lines: list[str] = []
    line = ""
    for word in words.split():
        candidate = f"{line} {word}".strip()
        if line and face.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def wrap_items(items: list[str], joiner: str, size: int, width: int) -> list[str]:
    """``items`` joined by ``joiner`` into lines no wider than ``width``, breaking only
    between items (a checklist that must not be cut off mid-item)."""
    face = font(size)
    lines: list[str] = []
    for item in items:
        if lines and face.size(lines[-1] + joiner + item)[0] <= width:
            lines[-1] += joiner + item
        else:
            lines.append(item)
    return lines
