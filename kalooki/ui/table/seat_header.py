"""An opponent's header in its zone: the name, then rows of clauses ("Moyen · 12 cartes",
"pas posé · appels 0/3"). At six or eight players the zones are narrow, so a row that
does not fit breaks between its clauses and the rows' words grow smaller, down to a
floor, before anything is cut with "…" (they used to end in "…" in both languages)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kalooki.ui.resources import font

JOINT = " · "
SMALLEST = 10
"""The smallest size the rows are set in, in pixels."""


@dataclass(frozen=True)
class HeaderLine:
    words: str
    row: int
    """0: the name; then the index of the row (plus one) the words come from."""
    size: int
    top: int
    """Pixels below the header's top."""
    chip: bool = False
    """The name's other clauses ("dealer") did not fit beside it: a chip says it."""


def spacing(size: int) -> int:
    return round(size * 1.3)


def drawn_height(size: int) -> int:
    """How tall a line of ``size`` pixels is drawn (accents and descenders)."""
    return round(size * 1.2)


def _packed(clauses: Sequence[str], size: int, width: int, bold: bool = False) -> list[str]:
    """The clauses joined with " · " on as few lines as fit ``width``."""
    face = font(size, bold)
    lines: list[str] = []
    for clause in clauses:
        joined = f"{lines[-1]}{JOINT}{clause}" if lines else clause
        if lines and face.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(clause)
    return lines


@lru_cache(maxsize=256)
def header_lines(heading: tuple[str, ...], rows: tuple[tuple[str, ...], ...], width: int,
                 height: int, size: int, largest: int | None = None,
                 alone: str | None = None) -> tuple[HeaderLine, ...]:
    """Where each line of the header goes: the ``heading``'s clauses (the name, and
    "dealer" for the dealer) in ``size`` (bold) when they fit one line, else the name
    with a chip (a line of its own for "dealer" is more than a narrow zone can spare);
    the rows in the largest size from ``size - 2`` (or ``largest``) down to
    :data:`SMALLEST` whose lines all fit ``height`` (at the floor, the lines that fit;
    the painter cuts a line still too wide). Beside the chip stands ``alone`` (the name,
    wherever the language put it among the clauses), else the first clause."""
    chip = len(heading) > 1 and len(_packed(heading, size, width, bold=True)) > 1
    first = (alone or heading[0]) if chip else JOINT.join(heading)
    top_size = size - 2 if largest is None else min(size - 2, largest)
    lines: list[HeaderLine] = []
    for small in range(top_size, min(SMALLEST, top_size) - 1, -1):
        lines = [HeaderLine(first, 0, size, 0, chip)]
        top = spacing(size)
        for index, row in enumerate(rows, start=1):
            for words in _packed(row, small, width):
                lines.append(HeaderLine(words, index, small, top))
                top += spacing(small)
        if top - spacing(small) + drawn_height(small) <= height:
            return tuple(lines)
    return tuple(line for line in lines if line.top + drawn_height(line.size) <= height)


def row_size(lines: Sequence[HeaderLine]) -> int:
    """The size a header's rows were set in (its name's, when it has no rows)."""
    return min(line.size for line in lines)
