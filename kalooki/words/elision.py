"""Elision where a catalog entry meets the words put into it: French writes "d'Ana", not
"de Ana", and "qu'Ana". A catalog cannot say it ("de %{name}" is right for Marcia), so
the lookup marks where each parameter's words begin, and the language's rule joins the
word before the mark to a value that begins with a vowel. Only filled-in words elide:
the catalog's own text is written elided already.
"""

from __future__ import annotations

import re

MARK = "\x1f"
"""Put before each parameter's words while an entry is filled, then taken out (a control
character no catalog entry or name may hold)."""

_VOWELS = "AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü"
_RULES = {
    "fr": (re.compile(rf"\b([Dd]|[Qq]u)e {MARK}(?=[{_VOWELS}])"), r"\1'"),
}
"""Per language: the words that elide before a vowel, and what they become. A vowel,
not a mute h or a digit: "de Hugo" and "de 8" stay as they are ("huit", "onze" do not
elide), which is never wrong, only plain."""


def elides(lang: str) -> bool:
    return lang in _RULES


def elided(text: str, lang: str) -> str:
    """``text`` (filled, its parameters marked) with the language's elisions made and
    the marks taken out."""
    rule = _RULES.get(lang)
    if rule is not None:
        pattern, joined = rule
        text = pattern.sub(joined, text)
    return text.replace(MARK, "")
