"""Rendered text, cached: the table redraws every frame and pygame's font rendering is the
slowest thing it would otherwise do."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import pairwise

import pygame

from kalooki.ui.resources import font
from kalooki.words import tr

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


_watchers: list[list[str]] = []


@contextmanager
def watching_cuts() -> Iterator[list[str]]:
    """The words :func:`fit` has to shorten while inside: ``kalooki screens`` checks each
    picture's drawn text this way, as it checks its widgets."""
    cut: list[str] = []
    _watchers.append(cut)
    try:
        yield cut
    finally:
        _watchers.remove(cut)


SHRINK = 0.8
"""How far :func:`fit` may shrink words before it cuts them: a language longer than
English (French, German) reads a little smaller rather than end in "…"."""
SMALLEST = 11
"""Nor below this size (pixels)."""


def _smallest(size: int, shrink: float) -> int:
    return min(size, max(SMALLEST, round(size * shrink)))


def fits(words: str, size: int, width: int, bold: bool = False,
         shrink: float = SHRINK) -> bool:
    """Whether :func:`fit` shows ``words`` whole in ``width`` (a little smaller, maybe)."""
    return font(_smallest(size, shrink), bold).size(words)[0] <= width


def fit(words: str, size: int, width: int, colour: Colour = TEXT,
        bold: bool = False, shrink: float = SHRINK) -> pygame.Surface:
    """``words`` in ``width`` pixels: at ``size``, else as much smaller as it takes (to
    ``shrink`` of it), else shortened with an ellipsis."""
    surface = text(words, size, colour, bold)
    if surface.get_width() <= width:
        return surface
    smallest = _smallest(size, shrink)
    if fits(words, size, width, bold, shrink):
        while size > smallest and surface.get_width() > width:
            size -= 1
            surface = text(words, size, colour, bold)
        return surface
    for cut in _watchers:
        cut.append(words)
    size = smallest
    surface = text(words, size, colour, bold)
    while surface.get_width() > width and len(words) > 1:
        words = words[:-2] + "…"
        surface = text(words, size, colour, bold)
    return surface


_BREAKS = re.compile(r"[ \t\n\r\f\v]+")
"""Where a line may break: ordinary white space, never a no-break space (U+00A0, U+202F),
which binds a number to its unit and a French mark to its word ("partie »")."""
_NO_WORD = re.compile(r"\S?\S[♠♥♦♣]|\d+[^\W\d_]?")
"""What reads as no word: a card's face ("10♣", "R♥"), a number ("3", "8s")."""


def wordless(line: str) -> bool:
    """Whether ``line`` holds only numbers, cards and marks ("3.", "A♦–4♦.")."""
    left = _NO_WORD.sub("", line).replace(tr("cards.letter.joker"), "")
    return not any(char.isalpha() for char in left)


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``words`` no wider than ``width`` at ``size`` (word wrap). A line that
    would hold only a number or a card ("…to his group of" / "5s.") takes the word
    before it along, where that fits."""
    face = font(size, bold)
    lines: list[list[str]] = []
    for word in filter(None, _BREAKS.split(words)):
        if lines and face.size(" ".join([*lines[-1], word]))[0] <= width:
            lines[-1].append(word)
        else:
            lines.append([word])
    for above, line in pairwise(lines):
        if (len(above) > 1 and wordless(" ".join(line))
                and face.size(" ".join([above[-1], *line]))[0] <= width):
            line.insert(0, above.pop())
    return [" ".join(line) for line in lines]


def wrap_at_most(words: str, size: int, width: int, most: int) -> list[str]:
    """:func:`wrap`'s lines, at most ``most`` of them: what is left over joins the last
    line (for :func:`fit` to make room for it)."""
    lines = wrap(words, size, width)
    return lines if len(lines) <= most else [*lines[:most - 1], " ".join(lines[most - 1:])]


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
