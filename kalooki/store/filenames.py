"""File names from names people type: any name is accepted, no name can escape its folder.

A save is called whatever the player likes ("Friday night", "Mã's game", "../../etc").
The file name keeps the readable part and drops what a file system would refuse or
misread: separators, control characters, Windows' reserved characters and device names,
leading dots (hidden files, ``..``) and trailing dots or spaces.
"""

from __future__ import annotations

import unicodedata

FALLBACK_STEM = "save"
MAX_STEM_BYTES = 100
"""Well under the 255-byte limit of common file systems, leaving room for suffixes."""

_FORBIDDEN = frozenset('<>:"/\\|?*')
_BAD_CATEGORIES = frozenset({"Cc", "Cs"})
"""Control characters and lone surrogates (which UTF-8 cannot even encode)."""
_DEVICE_NAMES = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{d}{n}" for d in ("COM", "LPT") for n in (*range(1, 10), "¹", "²", "³")})
"""Windows' device names: a file called one (``CON``, ``com¹.json``, ``CON .x``; case, an
extension and spaces before the dot do not help) opens the device, not a file."""


def safe_stem(name: str) -> str:
    """A file name stem for ``name``: never empty, never a path, at most 100 UTF-8 bytes."""
    spaced = " ".join(unicodedata.normalize("NFC", name).split())
    stem = "".join("_" if c in _FORBIDDEN or unicodedata.category(c) in _BAD_CATEGORIES
                   else c for c in spaced).strip(" .")
    while len(stem.encode("utf-8")) > MAX_STEM_BYTES:
        stem = stem[:-1]
    stem = stem.rstrip(" .") or FALLBACK_STEM
    if stem.split(".")[0].rstrip(" ").upper() in _DEVICE_NAMES:
        stem = "_" + stem
    return stem


def numbered(stem: str, number: int) -> str:
    """The ``number``-th candidate for ``stem`` when earlier ones are taken: a, a-2, a-3…"""
    return stem if number == 1 else f"{stem}-{number}"
