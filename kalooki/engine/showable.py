"""Text that can be shown: the one check for every name that comes from a file or a player.

A name ends up drawn by a font, printed to a terminal and written as UTF-8. Lone
surrogates cannot be encoded at all; control characters move a terminal's cursor;
bidirectional overrides (U+202E) turn the rest of a line backwards; unassigned and
private-use characters draw as boxes. So a name is refused if it holds any of them, is
blank, or is longer than its place allows. The answer is a code, never a sentence.
"""

from __future__ import annotations

import unicodedata

_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS = frozenset("\u200c\u200d")
"""Format characters that scripts and emoji need (zero-width non-joiner and joiner)."""


def showable(char: str) -> bool:
    """Whether one character may appear in a name: every format character (Cf: the
    bidirectional marks, embeddings, overrides and isolates among them) is refused but
    the joiners."""
    category = unicodedata.category(char)
    if category == "Cf":
        return char in _JOINERS
    return category not in _REFUSED_CATEGORIES


def text_problem(value: object, max_chars: int) -> str | None:
    """Why ``value`` cannot be a name of at most ``max_chars`` characters once trimmed:
    ``not-text``, ``blank``, ``too-long`` or ``unshowable``; None when it can."""
    if not isinstance(value, str):
        return "not-text"
    trimmed = value.strip()
    if not trimmed:
        return "blank"
    if len(trimmed) > max_chars:
        return "too-long"
    if not all(showable(c) for c in trimmed):
        return "unshowable"
    return None


def escaped(text: str) -> str:
    """``text`` with every character that cannot be shown written as ``\\uXXXX``, so a
    message quoting a damaged file is safe on any screen or terminal."""
    if all(showable(c) for c in text):
        return text
    return "".join(c if showable(c) else f"\\u{ord(c):04x}" for c in text)
