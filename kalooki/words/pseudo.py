"""The pseudo-language: English made strange on purpose, to check the screens.

Each entry's words get an accent on every letter, grow by about 40% (a run of ``·``, as
a longer language would) and are bracketed: "Call" is ``[Ĉàļļ ··]``. On a screen, a
label that ends without its ``]`` was cut, and a word without accents did not come from
the catalogs. Parameters (``%{name}``) are kept as they are, so names and numbers read
plainly inside the brackets. Made when the catalogs load: nobody translates it.
"""

from __future__ import annotations

import math
import re
import string
import unicodedata
from typing import Any

GROWTH = 0.4
"""How much longer a pseudo entry is than its English (the padding's share)."""
PAD = "\u00b7"
"""The padding: a middle dot."""
OPEN, CLOSE = "[", "]"
_MARKS = ("\u0301", "\u0302", "\u0300", "\u0308", "\u030c", "\u0327", "\u0303", "\u030a",
          "\u0306", "\u0304", "\u0307", "\u0328")
"""Combining accents, tried in order: acute, circumflex, grave, diaeresis, caron,
cedilla, tilde, ring, breve, macron, dot above, ogonek."""
_TOKEN = re.compile(r"%\{[A-Za-z_][A-Za-z0-9_]*\}|%[A-Za-z_][A-Za-z0-9_]*|%%")
KEPT = ("format.",)
"""Entries that are not words but how numbers and dates are written: left as they are."""
LETTERS_ONLY = ("cards.letter.", "cards.face", "cards.faces", "cli.metavar.")
"""A card's letters (in its corner, in the log: ``Ķ♥``) and the command line's
placeholders (``ĈÀŔĐ``, in ``--help``): accented, neither padded nor bracketed, as they
stand among other words (in a usage line, brackets mean "optional")."""


def _accented(letter: str) -> str:
    """``letter`` with the first accent that makes one character of the Latin-1 or
    Latin Extended-A ranges (every font the game ships draws those), else of any range;
    the letter itself when none does ("q")."""
    found = [composed for mark in _MARKS
             if len(composed := unicodedata.normalize("NFC", letter + mark)) == 1]
    common = [char for char in found if ord(char) <= 0x17F]
    return (common or found or [letter])[0]


_ACCENTS = str.maketrans({letter: _accented(letter) for letter in string.ascii_letters})


def accented(text: str) -> str:
    """Every ASCII letter of ``text`` accented, placeholders kept."""
    pieces = _TOKEN.split(text)
    tokens = _TOKEN.findall(text)
    out = [pieces[0].translate(_ACCENTS)]
    for token, piece in zip(tokens, pieces[1:], strict=True):
        out += [token, piece.translate(_ACCENTS)]
    return "".join(out)


def pseudo(text: str) -> str:
    """``text`` accented, padded and bracketed."""
    shown = len(_TOKEN.sub("", text))
    pad = PAD * max(1, math.ceil(GROWTH * shown))
    return f"{OPEN}{accented(text)} {pad}{CLOSE}"


def pseudo_entry(key: str, entry: Any) -> Any:
    """One catalog entry (text, or plural forms) in the pseudo-language."""
    if key.startswith(KEPT):
        return entry
    made = accented if key.startswith(LETTERS_ONLY) else pseudo
    if isinstance(entry, dict):
        return {form: made(text) for form, text in entry.items()}
    return made(entry)


def pseudo_entries(english: dict[str, Any]) -> dict[str, Any]:
    """The whole pseudo catalog, made from the English one."""
    return {key: pseudo_entry(key, entry) for key, entry in english.items()}
