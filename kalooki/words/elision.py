"""Elision where a catalog entry meets the words put into it: French writes "d'Ana", not
"de Ana", "qu'Ana", and "au groupe", not "à le groupe". A catalog cannot say it ("de
%{name}" is right for Marcia), so the lookup marks where each parameter's words begin,
and the language's rules join the word before the mark to a value that begins with a
vowel, or with an article. Only filled-in words change: the catalog's own text is
written elided already.
"""

from __future__ import annotations

import re

MARK = "\x1f"
"""Put before each parameter's words while an entry is filled, then taken out (a control
character no catalog entry or name may hold)."""

_VOWELS = "AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü"
_GAP = "[ \u00a0]"
"""The space between a word and a value: an ordinary one, or the no-break one the French
catalog binds a card to its word with (so that it never stands alone on a line)."""
_RULES = {
    "fr": ((re.compile(rf"\b([Dd]|[Qq]u)e{_GAP}{MARK}(?=[{_VOWELS}])"), r"\1'"),
           (re.compile(rf"\bà{_GAP}{MARK}les "), "aux "),
           (re.compile(rf"\bà{_GAP}{MARK}le "), "au "),
           (re.compile(rf"\bÀ{_GAP}{MARK}les "), "Aux "),
           (re.compile(rf"\bÀ{_GAP}{MARK}le "), "Au "),
           (re.compile(rf"\b([Dd])e{_GAP}{MARK}les "), r"\1es "),
           (re.compile(rf"\b([Dd])e{_GAP}{MARK}le "), r"\1u ")),
}
"""Per language: the words that elide before a vowel, and what they become ("d'Ana"),
and the contractions of a preposition with the article that begins a filled-in phrase
("à le groupe" is "au groupe", "de le" is "du"). A vowel, not a mute h or a digit: "de
Hugo" and "de 8" stay as they are ("huit", "onze" do not elide), which is never wrong,
only plain; only a lower-case "le" contracts, so a name such as "Le Goff" is left alone."""


def elides(lang: str) -> bool:
    return lang in _RULES


def elided(text: str, lang: str) -> str:
    """``text`` (filled, its parameters marked) with the language's elisions made and
    the marks taken out."""
    for pattern, joined in _RULES.get(lang, ()):
        text = pattern.sub(joined, text)
    return text.replace(MARK, "")
