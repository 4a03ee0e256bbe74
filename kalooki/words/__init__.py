"""Every word a player sees, in the player's language: the catalogs and their one lookup.

Above the engine (which returns codes and parameters, never sentences) and below
everything that shows text. No pygame here: the command line speaks through it too.
See ``docs/translations.md`` for the keys and how to write entries.
"""

from kalooki.words.catalog import (
    FALLBACK,
    PSEUDO,
    Phrase,
    Said,
    language,
    language_name,
    languages,
    phrase,
    set_language,
    tr,
    ui_text,
    ui_text_of,
    ui_tooltip,
)

__all__ = ["FALLBACK", "PSEUDO", "Phrase", "Said", "language", "language_name", "languages",
           "phrase", "set_language", "tr", "ui_text", "ui_text_of", "ui_tooltip"]
