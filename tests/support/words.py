"""Reading the catalogs' sentences."""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"%(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]  # type: ignore[list-item]


def placeholders(entry: object) -> set[str]:
    return {a or b for text in forms(entry) for a, b in PLACEHOLDER.findall(text)}


def plain(text: str) -> str:
    """``text`` with its no-break spaces read as spaces: for a test of the wording, not of
    where its lines may break (``tests/test_words_typography.py`` checks that)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")
