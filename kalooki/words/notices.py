"""The store's facts in the player's language: the one place its notices and refusals
become words, for the window and the command line alike.

The store says what it found as a :class:`~kalooki.engine.facts.said.Fact` (a code and
its parameters); here it becomes a Phrase of the catalog's ``store.<code>`` (or
``store.<code>.<case>`` when the fact names a ``case``; a page may say it in brief, by
``store.<code>.brief``, leaving the detail to the log file). A parameter is worded by
what it is: a Fact by its own words, an engine refusal by its sentence, a code with words
of its own (``what``, ``kind``, ``unit``) by them; anything else (a count, a file's name,
a quoted value) as it is.
"""

from __future__ import annotations

from collections.abc import Iterable

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.said import Fact
from kalooki.words.catalog import FALLBACK, Said, has, phrase
from kalooki.words.refusals import refusal

_RENAMED = {"default": "instead"}
"""Parameters whose store names python-i18n reserves, and the names the catalog uses."""
_WORDED = ("what", "kind", "unit")
"""Parameters whose values are codes with words of their own (``store.kind.folder``)."""


def notice_key(code: str, case: object = None) -> str:
    """The catalog key of a fact's sentence."""
    key = "store." + code.replace("-", "_")
    return key if case is None else f"{key}.{case}"


def _param(name: str, value: object) -> object:
    if isinstance(value, Fact):
        return notice_said(value)
    if isinstance(value, RuleError):
        return refusal(value)
    if name in _WORDED and has(f"store.{name}.{value}", FALLBACK):
        return phrase(f"store.{name}.{value}")
    return value


def notice_said(told: Fact) -> Said:
    """The fact's sentence, worded when shown; a fact the catalogs have no sentence for
    says its code and facts (as the log file does)."""
    params = dict(told.params)
    case = params.pop("case", None)
    key = notice_key(told.code, case)
    if case is not None and not has(key, FALLBACK):
        key = notice_key(told.code)
    if not has(key, FALLBACK):
        return str(told)
    return _worded(key, params)


def brief_said(told: Fact) -> Said:
    """The fact as a page of the window says it: the catalog's ``store.<code>.brief`` when
    it has one, a sentence without what only whoever debugs can use (where a damaged
    file's JSON breaks; the log file keeps every fact whole), else the whole sentence."""
    key = f"{notice_key(told.code)}.brief"
    if not has(key, FALLBACK):
        return notice_said(told)
    return _worded(key, dict(told.params))


def _worded(key: str, params: dict[str, object]) -> Said:
    return phrase(key, **{_RENAMED.get(name, name): _param(name, value)
                          for name, value in params.items()})


def notices_text(told: Fact | Iterable[Fact], brief: bool = False) -> str:
    """A fact, or several as the one message a window or a terminal shows, worded now
    (``brief``: as a page of the window says them, :func:`brief_said`)."""
    every = [told] if isinstance(told, Fact) else told
    say = brief_said if brief else notice_said
    return " ".join(str(say(each)) for each in every)
