"""A refusal in the player's language: the engine's ``RuleError`` carries a code and the
facts of its sentence (``params``); the sentence is the catalog's ``error.<code>``, or
``error.<code>.<case>`` when the error names a ``case`` (one code, several sentences).

Parameters are put into words by what they are: a Meld by its name, a nested RuleError by
its own sentence, a ``card``/``cards`` parameter (card ids) by the cards' faces, ``rank``
by the rank's plural, ``contract``/``laid`` (kinds of meld) as a contract, ``seat`` by
the player's number (from 1), ``rule`` (a RuleSet field) by its label; anything else
(a count, a name, a typed word) as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.melds import Meld
from kalooki.words.cards import card_face, cards_faces
from kalooki.words.catalog import FALLBACK, Said, has, phrase
from kalooki.words.melds import contract_name, meld_name, melds_names, ranks_name

_BY_NAME: dict[str, Callable[[Any], object]] = {
    "card": card_face,
    "cards": cards_faces,
    "rank": ranks_name,
    "contract": contract_name,
    "laid": contract_name,
    "seat": lambda seat: seat + 1,
    "rule": lambda name: phrase(f"rules.field.{name}.label")
    if has(f"rules.field.{name}.label", FALLBACK) else name,
}
"""How a parameter is put into words, by its name (a seat, counted from 0 by the
program, is the player's number, counted from 1; a rule field by its label)."""


def refusal_key(code: str, case: object = None) -> str:
    """The catalog key of a refusal's sentence."""
    key = "error." + code.replace("-", "_")
    return key if case is None else f"{key}.{case}"


def _worded(name: str, value: object) -> object:
    if isinstance(value, RuleError):
        return refusal(value)
    if isinstance(value, Meld):
        return meld_name(value)
    if isinstance(value, Sequence) and value and all(isinstance(v, Meld) for v in value):
        return melds_names(value)
    if name in _BY_NAME:
        return _BY_NAME[name](value)
    return value


def refusal(error: RuleError) -> Said:
    """The refusal's sentence, worded when shown; an error the catalogs have no sentence
    for says its engine message (or its code)."""
    params = dict(error.params)
    key = refusal_key(error.code, params.pop("case", None))
    if not has(key, FALLBACK):
        return error.message or error.code
    return phrase(key, **{name: _worded(name, value) for name, value in params.items()})


def refusal_text(error: RuleError) -> str:
    """The refusal's sentence in the current language, now."""
    return str(refusal(error))
