"""The language a first start should speak: the system's, when the game speaks it."""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Mapping

from kalooki.words.catalog import LANGUAGES

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where POSIX systems name the language of messages, in gettext's order of precedence."""


def _system_locale_name() -> str | None:
    return locale.getlocale()[0]


def system_language(environ: Mapping[str, str] | None = None,
                    locale_name: Callable[[], str | None] = _system_locale_name) -> str:
    """French for a French system (``fr_FR.UTF-8``, ``fr_CA``, Windows' ``French_France``),
    English for any other. The environment decides where it names a language; otherwise
    (Windows, a macOS app) the process locale does."""
    env = os.environ if environ is None else environ
    named = next((env[name] for name in _LOCALE_VARIABLES if env.get(name)), None)
    named = named.split(":")[0] if named is not None else locale_name()
    code = (named or "").lower()
    for lang in LANGUAGES:
        if code.startswith((f"{lang}_", f"{lang}-", f"{lang}.")) or code == lang:
            return lang
    if code.startswith("french"):
        return "fr"
    return LANGUAGES[0]
