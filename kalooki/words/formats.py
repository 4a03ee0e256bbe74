"""Numbers and dates the way each language writes them ("12.5" / "12,5"; "3 Mar 2026 18:30"
/ "3 mars 2026 18:30"), from the catalogs' ``format.*`` entries rather than the system
locale, so the game speaks one language whatever the machine is set to; the default
name of a person, which follows the language too; and words about a person's name that
some languages change before a vowel (French "de Keisha" but "d'Ann")."""

from __future__ import annotations

import unicodedata
from datetime import datetime

from kalooki.words.catalog import LANGUAGES, tr


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark."""
    return f"{value:.{places}f}".replace(".", tr("format.decimal_mark"))


def short_date(when: datetime) -> str:
    """Day, short month name, year and time of day."""
    return tr("format.date_time", day=when.day, month=tr(f"format.month.{when.month}"),
              year=when.year, time=f"{when:%H:%M}")


def seat_name(name: str) -> str:
    """A seat's name as this language says it: the word the game gives a person who
    did not type a name ("You", "Vous") follows the language; a typed name stays."""
    if name in {tr("setup.you", locale=lang) for lang in LANGUAGES}:
        return tr("setup.you")
    return name


_VOWELS = frozenset("aeiouh")


def begins_with_vowel(name: str) -> bool:
    """Whether ``name`` begins with a vowel sound as French hears it: a vowel (accents
    aside), a mute h, or a y before a consonant (Yves, but not Yann)."""
    letters = unicodedata.normalize("NFD", name.strip().lower())
    bare = "".join(c for c in letters if c.isalpha())
    if bare[:1] == "y":
        return len(bare) > 1 and bare[1] not in _VOWELS | {"y"}
    return bare[:1] in _VOWELS


def about_name(key: str, name: str) -> str:
    """``key``'s words naming ``name``; ``<key>_vowel``'s before a vowel sound, where a
    language elides ("Les combinaisons d'Ann")."""
    return tr(f"{key}_vowel" if begins_with_vowel(name) else key, name=name)


def melds_label(owner: str | None) -> str:
    """The label of the viewer's melds: "Your melds", or the owner's by name when
    several people share the screen."""
    return tr("table.label.my_melds") if owner is None else about_name(
        "table.label.melds_of", owner)
