"""The language a first start should speak: the system's, when the game speaks it."""

from __future__ import annotations

import locale
import os
from collections.abc import Callable, Mapping

from kalooki.words.catalog import FALLBACK, languages

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where POSIX systems name the language of messages, in gettext's order of precedence."""


def _system_locale_name() -> str | None:
    return locale.getlocale()[0]


def system_language(environ: Mapping[str, str] | None = None,
                    locale_name: Callable[[], str | None] = _system_locale_name) -> str:
    """The system's language when the game has its catalog (French for ``fr_FR.UTF-8``,
    ``fr_CA``, Windows' ``French_France``), English for any other. The environment
    decides where it names a language; otherwise (Windows, a macOS app) the process
    locale does."""
    env = os.environ if environ is None else environ
    named = next((env[name] for name in _LOCALE_VARIABLES if env.get(name)), None)
    named = named.split(":")[0] if named is not None else locale_name()
    code = (named or "").lower()
    for name in (code, locale.normalize(code.split("_")[0]).lower()):
        # the second: a Windows name ("french_france") by the code it stands for
        for lang in languages():
            if name.startswith((f"{lang}_", f"{lang}-", f"{lang}.")) or name == lang:
                return lang
    return FALLBACK
