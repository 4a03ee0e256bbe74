"""Where a catalog's sentence may break between lines: at its ordinary spaces only (the
game's word wrap and pygame_gui's both keep a no-break space whole)."""

from __future__ import annotations

import re

NBSP = "\u00a0"
"""A no-break space, as wide as a space: a number and its unit ("12 cartes")."""
NNBSP = "\u202f"
"""A narrow no-break space: French sets it before ; ? ! % and inside « »."""
NUMBERS = frozenset({
    "bonus", "card", "ceiling", "column", "count", "deal", "dealt", "deals", "gain",
    "high", "least", "length", "limit", "line", "low", "most", "need", "needed",
    "number", "points", "position", "redeals", "rejoin", "score", "seconds",
    "size", "speed", "total", "turns"})
"""The parameters that are always a number or a card's face ("12", "×2", "R♥")."""
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")
_NOT_WORDS = re.compile(r"(?:10|[2-9AKQJRDV])[♠♥♦♣]|JK|\d+[A-Za-z]?")
"""What reads as no word: a card's face, a number, a number with its letter ("8s",
"7H", "1024x640")."""


def _masked(piece: str) -> str:
    """``piece`` with each number's placeholder a digit and every other one a word."""
    return _PLACEHOLDER.sub(lambda m: "0" if m.group(1) in NUMBERS else "x", piece)


def wordless(text: str) -> bool:
    """Whether ``text`` holds no word, only numbers, cards and marks ("3.", "A♦–4♦")."""
    return not re.search(r"[^\W\d_]", _NOT_WORDS.sub("", text))


def lone_pieces(text: str) -> list[str]:
    """The pieces of ``text`` between its ordinary spaces that hold nothing but a number
    or a card and their marks ("3.", "8s", "(%{count}", "A♦–4♦"), in a sentence that has
    words too: the wrap could leave one alone at the end or the start of a line."""
    pieces = text.split(" ")
    if all(wordless(_masked(piece)) for piece in pieces):
        return []
    return [piece for piece in pieces
            if _NOT_WORDS.search(_masked(piece)) and wordless(_masked(piece))]
