"""The store's notices in the player's language.

The store makes each notice from a code and parameters (``kalooki.store.notices``), and
keeps its English sentence for the log file; here the same facts become a Phrase from the
catalog's ``store.<code>`` (a refused save's ``SaveError`` too, by its code; an engine
refusal among the facts by its own sentence). Read by duck typing, since the store lives
above this layer.
"""

from __future__ import annotations

from collections.abc import Mapping

from kalooki.engine.errors import RuleError
from kalooki.words.catalog import FALLBACK, Said, has, phrase
from kalooki.words.refusals import refusal

_RENAMED = {"default": "instead"}
"""Parameters whose store names python-i18n reserves, and the names the catalog uses."""


_WORDED = ("what", "kind", "unit")
"""Parameters whose values are codes with words of their own (``store.kind.folder``)."""


def _key(code: str) -> str:
    return "store." + code.replace("-", "_")


def _param(name: str, value: object) -> object:
    if isinstance(value, RuleError):
        return refusal(value)
    if hasattr(value, "code") and hasattr(value, "params"):
        return notice_said(value)
    if name in _WORDED and has(f"store.{name}.{value}", FALLBACK):
        return phrase(f"store.{name}.{value}")
    return value


def notice_said(told: object) -> Said:
    """A notice (a str with ``code`` and ``params``) as a Phrase when the catalogs have its
    code; any other str as it is."""
    code = getattr(told, "code", None)
    params = getattr(told, "params", None)
    if not isinstance(code, str) or not isinstance(params, Mapping) \
            or not has(_key(code), FALLBACK):
        return str(told)
    named: dict[str, object] = {_RENAMED.get(str(name), str(name)): _param(str(name), value)
                                for name, value in params.items()}
    return phrase(_key(code), **named)
