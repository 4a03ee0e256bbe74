"""The one lookup of player-facing text: ``tr(key, **params)`` over the JSON catalogs.

The catalogs (``kalooki/assets/translations/kalooki.<lang>.json``) are loaded into python-i18n,
the library pygame_gui translates its widgets with, so a widget given a key (see
:func:`ui_text`) and text the game draws itself (:func:`tr`) read the same entries, and a
language switch re-labels both. Keys are written without the ``kalooki.`` namespace that
python-i18n derives from the file name; :func:`ui_text` adds it for widgets.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import i18n

from kalooki import asset_path
from kalooki.words.elision import MARK, elided, elides

LANGUAGES = ("en", "fr")
"""The languages the game speaks; the first is the fallback for a missing entry."""
NAMESPACE = "kalooki"
RESERVED_PARAMS = frozenset({"key", "locale", "default"})
"""Names python-i18n takes for itself: an entry may not use them as parameters."""

_log = logging.getLogger("kalooki.words")
_loaded = False
_reported: set[str] = set()


def catalog_dir() -> Path:
    """``kalooki/assets/translations``, wherever the package is (:func:`kalooki.asset_path`)."""
    return asset_path("translations")


def catalog_file(lang: str) -> Path:
    return catalog_dir() / f"{NAMESPACE}.{lang}.json"


def _load() -> None:
    """Put every entry of both catalogs into python-i18n once, with its own loader (so
    the file layout is exactly the one pygame_gui's translation directories use)."""
    global _loaded
    if _loaded:
        return
    i18n.set("file_format", "json")
    i18n.set("fallback", LANGUAGES[0])
    for lang in LANGUAGES:
        i18n.resource_loader.load_translation_file(catalog_file(lang).name, str(catalog_dir()),
                                                   lang)
    _loaded = True


def full_key(key: str) -> str:
    """The key as python-i18n (and so a pygame_gui widget) knows it."""
    return f"{NAMESPACE}.{key}"


def has(key: str, lang: str | None = None) -> bool:
    _load()
    return bool(i18n.translations.has(full_key(key), lang or language()))


def language() -> str:
    """The language the game speaks now."""
    lang = i18n.get("locale")
    return lang if lang in LANGUAGES else LANGUAGES[0]


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on. The UI also tells its UIManager (``ui.theme``), which
    re-labels every widget made with :func:`ui_text`."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    _load()
    i18n.set("locale", lang)


def tr(key: str, /, *, locale: str | None = None, **params: object) -> str:
    """The entry ``key`` in the current language (or in ``locale``, for text that names
    its language, like the rules printed by ``kalooki rules explain --lang fr``), its
    ``%{name}`` placeholders filled from ``params`` (elided where the language joins a
    word to a value: "d'Ana"); ``count`` also chooses the plural form. A missing key is
    shown as itself (and logged once) rather than stopping the game; the catalog tests
    keep that rare."""
    return _filled(key, locale, params)


def _filled(key: str, locale: str | None, params: Mapping[str, object]) -> str:
    _load()
    lang = locale if locale in LANGUAGES else language()
    name = full_key(key)
    found = i18n.translations.has(name, lang) or i18n.translations.has(name, LANGUAGES[0])
    if not found:
        if key not in _reported:
            _reported.add(key)
            _log.warning("no catalog entry %r", key)
        return key
    entry = i18n.translations.get(name, lang if i18n.translations.has(name, lang)
                                  else LANGUAGES[0])
    if isinstance(entry, dict) and "count" not in params:
        raise TypeError(f"catalog entry {key!r} has plural forms: pass count=")
    params = {param: _filled(value.key, lang, dict(value.params))
              if isinstance(value, Phrase) else value for param, value in params.items()}
    if not elides(lang):
        return str(i18n.t(name, locale=lang, **params))
    marked = {param: f"{MARK}{value}" if isinstance(value, str | Phrase) else value
              for param, value in params.items()}
    return elided(str(i18n.t(name, locale=lang, **marked)), lang)


@dataclass(frozen=True)
class Phrase:
    """A sentence kept as its key and parameters, made into words only when shown, so
    it follows a language switch (a log line, a refusal, a notice). A parameter may be a
    Phrase itself: it is put into words in the same language."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        return _filled(self.key, None, dict(self.params))


def phrase(key: str, /, **params: object) -> Phrase:
    return Phrase(key, tuple(params.items()))


def worded(said: Said, locale: str | None = None) -> str:
    """``said`` in words: a Phrase (and every Phrase inside it) in ``locale``, or in the
    language of the moment; a str as it is."""
    return _filled(said.key, locale, dict(said.params)) if isinstance(said, Phrase) \
        else said


def ui_text(key: str, /, **params: object) -> dict[str, Any]:
    """Keyword arguments giving a pygame_gui widget the entry ``key``:
    ``UIButton(rect, **ui_text("menu.quit"), manager=...)`` or
    ``label.set_text(**ui_text("table.stock", count=n))``. The widget translates it and
    re-translates it when the language changes."""
    _load()
    return {"text": full_key(key), "text_kwargs": dict(params)}


Said = Phrase | str
"""Something to show: a Phrase, or a str already in the player's language (a name, or a
sentence made from the catalogs)."""


def ui_text_of(said: Said) -> dict[str, Any]:
    """:func:`ui_text` for a Phrase; a str is shown as it is."""
    if isinstance(said, Phrase):
        return ui_text(said.key, **dict(said.params))
    return {"text": said, "text_kwargs": {}}


def ui_tooltip(key: str, /, **params: object) -> dict[str, Any]:
    """The same for a widget's tooltip (``tool_tip_text`` and its parameters)."""
    _load()
    return {"tool_tip_text": full_key(key), "tool_tip_text_kwargs": dict(params)}
