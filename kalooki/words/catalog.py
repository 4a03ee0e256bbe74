"""The one lookup of player-facing text: ``tr(key, **params)`` over the JSON catalogs.

The catalogs (``kalooki/assets/translations/kalooki.<lang>.json``) are loaded into python-i18n,
the library pygame_gui translates its widgets with, so a widget given a key (see
:func:`ui_text`) and text the game draws itself (:func:`tr`) read the same entries, and a
language switch re-labels both. Keys are written without the ``kalooki.`` namespace that
python-i18n derives from the file name; :func:`ui_text` adds it for widgets.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import i18n

from kalooki import asset_path
from kalooki.words.elision import MARK, elided, elides
from kalooki.words.pseudo import pseudo_entries

FALLBACK = "en"
"""The language of a missing entry, and the one the pseudo-language is made from."""
PSEUDO = "qps"
"""A reserved code (ISO 639's private-use range): every English entry accented, longer
and bracketed (``[Ĉàļļ ··]``), made the first time it is spoken, never offered to players;
``kalooki screens DIR --lang qps`` shows cut text (no closing bracket) and words that do
not come from the catalogs (no accents)."""
NAMESPACE = "kalooki"
CODE = re.compile(r"[a-z]{2,3}")
"""A language's code in a catalog's file name (``kalooki.<code>.json``)."""
RESERVED_PARAMS = frozenset({"key", "locale", "default"})
"""Names python-i18n takes for itself: an entry may not use them as parameters."""

_log = logging.getLogger("kalooki.words")
_loaded = False
_pseudo_made = False
_pseudo_sources: dict[str, Mapping[str, Any]] = {}
"""Libraries' English entries the pseudo-language is to make its own (:func:`add_pseudo`)."""
_folder: Path | None = None
_reported: set[str] = set()


def catalog_dir() -> Path:
    """``kalooki/assets/translations``, wherever the package is (:func:`kalooki.asset_path`),
    unless :func:`use_catalogs` named another folder."""
    return _folder if _folder is not None else asset_path("translations")


def catalog_file(lang: str) -> Path:
    return catalog_dir() / f"{NAMESPACE}.{lang}.json"


def read_catalog(lang: str) -> dict[str, Any]:
    """The entries of ``lang``'s catalog, as written (no namespace)."""
    with open(catalog_file(lang), encoding="utf-8") as handle:
        return dict(json.load(handle)[lang])


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages the game offers (Settings, ``--lang``): one for each catalog file in
    :func:`catalog_dir`, English first, the others by code. Adding ``kalooki.xx.json``
    adds a language."""
    found = sorted(path.name.split(".")[1] for path in catalog_dir().glob(f"{NAMESPACE}.*.json"))
    return (FALLBACK, *(code for code in found if CODE.fullmatch(code)
                        and code not in (FALLBACK, PSEUDO)))


def spoken() -> tuple[str, ...]:
    """Every language the game can speak: those offered and the pseudo-language."""
    return (*languages(), PSEUDO)


def use_catalogs(folder: Path | None) -> None:
    """Read the catalogs from ``folder`` from now on (``None``: the game's own): a test
    adds a language by writing its file there. The language spoken goes back to English."""
    global _folder, _loaded, _pseudo_made
    _folder = folder
    languages.cache_clear()
    for entries in i18n.translations.container.values():
        for key in [key for key in entries if key.startswith(f"{NAMESPACE}.")]:
            del entries[key]
    _loaded = _pseudo_made = False
    _filled_once.cache_clear()
    _reported.clear()
    i18n.set("locale", FALLBACK)


def _load(lang: str | None = None) -> None:
    """Put every entry of every catalog into python-i18n once (the library pygame_gui
    translates its widgets with); the pseudo-language, made from English, only once
    ``lang`` is it: players never speak it, and making it cost a launch 20 ms."""
    global _loaded, _pseudo_made
    if not _loaded:
        i18n.set("file_format", "json")
        i18n.set("fallback", FALLBACK)
        for code in languages():
            for key, entry in read_catalog(code).items():
                i18n.translations.add(full_key(key), entry, code)
        _loaded = True
    if lang == PSEUDO and not _pseudo_made:
        _add_pseudo(NAMESPACE, read_catalog(FALLBACK))
        for namespace, english in _pseudo_sources.items():
            _add_pseudo(namespace, english)
        _pseudo_made = True


def add_pseudo(namespace: str, english: Mapping[str, Any]) -> None:
    """Give the pseudo-language a library's own English entries too (pygame_gui's "OK"
    and "Cancel" in its file dialog), so that no word on a screen escapes the check:
    now if it is made, else with the rest when it is."""
    _pseudo_sources[namespace] = english
    if _pseudo_made:
        _add_pseudo(namespace, english)


def _add_pseudo(namespace: str, english: Mapping[str, Any]) -> None:
    for key, entry in pseudo_entries(dict(english)).items():
        i18n.translations.add(f"{namespace}.{key}", entry, PSEUDO)


def forget_repeated_folders() -> None:
    """Keep each folder once in python-i18n's search path. Every pygame_gui manager adds
    its translations folder again, and every text that is not a key but holds a dot
    ("Saved.") is looked for in each folder of the path, a directory listing each: a window
    opened a hundred times (the picture tool, the tests) made every label slower."""
    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))


def full_key(key: str) -> str:
    """The key as python-i18n (and so a pygame_gui widget) knows it."""
    return f"{NAMESPACE}.{key}"


def has(key: str, lang: str | None = None) -> bool:
    asked = lang or language()
    _load(asked)
    return bool(i18n.translations.has(full_key(key), asked))


def spelled(number: int) -> object:
    """A small count in words where the language has them (``number.<n>``), else digits."""
    return phrase(f"number.{number}") if has(f"number.{number}", FALLBACK) else number


def language() -> str:
    """The language the game speaks now."""
    lang = i18n.get("locale")
    return lang if lang in spoken() else FALLBACK


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on. The UI also tells its UIManager (``ui.theme``), which
    re-labels every widget made with :func:`ui_text`."""
    if lang not in spoken():
        raise ValueError(f"language must be one of {', '.join(spoken())}, not {lang!r}")
    _load(lang)
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
    lang = locale if locale in spoken() else language()
    try:
        return _filled_once(key, lang, tuple((name, type(value), value)
                                             for name, value in params.items()))
    except TypeError:  # a parameter no cache may hold (or an entry asked wrongly: again)
        return _fill(key, lang, params)


@functools.lru_cache(maxsize=4096)
def _filled_once(key: str, lang: str, params: tuple[tuple[str, type, object], ...]) -> str:
    """:func:`_fill`, kept: a frame words the same labels again (the table asks about 40
    a frame, each 30 µs on a slow machine), and an entry's words depend only on its key,
    its language and its parameters, each with its type (1 and 1.0 are one key to a
    dict, not to the words), until :func:`use_catalogs` reads other catalogs."""
    return _fill(key, lang, {name: value for name, _, value in params})


def _fill(key: str, lang: str, params: Mapping[str, object]) -> str:
    _load(lang)
    name = full_key(key)
    found = i18n.translations.has(name, lang) or i18n.translations.has(name, FALLBACK)
    if not found:
        if key not in _reported:
            _reported.add(key)
            _log.warning("no catalog entry %r", key)
        return key
    entry = i18n.translations.get(name, lang if i18n.translations.has(name, lang)
                                  else FALLBACK)
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


def language_name(code: str) -> str:
    """A language's name in its own words ("Français"): its catalog's ``language.<code>``."""
    return tr(f"language.{code}", locale=code)


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
