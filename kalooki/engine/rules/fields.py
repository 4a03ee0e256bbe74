"""How a house rule is declared and judged alone.

Each field of :class:`~kalooki.engine.rules.RuleSet` is declared by one line that says
everything about it (its kind, bounds, choices and section, in a
:class:`~kalooki.engine.facts.fields.FieldSpec`): ``packs: int = count(2, DECK, 1, 4)``. The
house-rules editor is built from these descriptions (a new field appears on screen with
no new screen code), and the rule set reads files and validates itself from the same
facts: :func:`read` turns a JSON value into the field's value or refuses its type,
:func:`problem` refuses a value outside the field's own range. What a field may be
*alone* lives here; what fields demand of each other (a contract that fits the cards
dealt) stays in :meth:`RuleSet.problems`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.fields import FieldSpec, Kind, spec_field
from kalooki.engine.showable import text_problem

GROUP, RUN = 3, 4
"""Contract notation as players say it: a "three" is a group, a "four" a run."""
MAX_DEALS = 100
MAX_HAND = 60
MAX_PLAYERS = 8
MAX_JOKERS = 16
"""Bounds that keep a hand-edited or damaged rule file from asking the impossible."""


class Section(StrEnum):
    """Where a field stands in the editor and in the rules, in this order."""

    DECK = "deck"
    DEALS = "deals"
    MELDS = "melds"
    OPENING = "opening"
    PLAY = "play"
    CALLS = "calls"
    SCORING = "scoring"


R = "rules.field"
"""The catalog prefix of every rule's words: ``rules.field.<name>.label`` and so on."""


def _rule(default: Any, section: Section, kind: Kind, low: int | None = None,
          high: int | None = None, **more: Any) -> Any:
    return spec_field(default, FieldSpec(kind, low, high, section=section, words=R, **more))


def on_off(default: bool, section: Section) -> Any:
    """A rule that is on or off."""
    return _rule(default, section, Kind.BOOL)


def count(default: int, section: Section, low: int, high: int | None) -> Any:
    """A whole number from ``low`` to ``high`` (no upper bound: None)."""
    return _rule(default, section, Kind.INT, low, high)


def count_or_none(default: int | None, section: Section, low: int, high: int | None) -> Any:
    """A whole number, or none (no limit, or not used)."""
    return _rule(default, section, Kind.OPTIONAL_INT, low, high)


def one_of(default: StrEnum, section: Section) -> Any:
    """One of the members of the default's enum, offered in the enum's order."""
    return _rule(default, section, Kind.CHOICE, choices=tuple(type(default)))


def any_of(default: tuple[StrEnum, ...], choices: type[StrEnum], section: Section) -> Any:
    """Any of the members of ``choices`` (a tuple of distinct ones)."""
    return _rule(default, section, Kind.CHOICE_SET, choices=tuple(choices))


def text(default: str, section: Section, low: int, high: int) -> Any:
    """A name of ``low`` to ``high`` characters."""
    return _rule(default, section, Kind.TEXT, low, high)


def per_deal(default: tuple[Any, ...] | None, section: Section, kind: Kind, low: int,
             high: int) -> Any:
    """Hand sizes or contracts, deal by deal (each deal's size, or its number of melds,
    from ``low`` to ``high``), for at most :data:`MAX_DEALS` deals."""
    return _rule(default, section, kind, low, high, max_items=MAX_DEALS)


PLAYERS = FieldSpec(Kind.INT, 2, MAX_PLAYERS)
PACKS = FieldSpec(Kind.INT, 1, 4)
JOKERS = FieldSpec(Kind.INT, 0, MAX_JOKERS)
"""A table's players, packs and jokers (the fields' own bounds, and a bigger table's)."""


def deck(default: int, section: Section, spec: FieldSpec) -> Any:
    """A number of players, packs or jokers, bounded as ``spec`` says."""
    return _rule(default, section, spec.kind, spec.minimum, spec.maximum)


def by_players(default: tuple[tuple[int, int, int], ...], section: Section) -> Any:
    """(from this many players, packs, jokers) entries, one per bigger table."""
    return _rule(default, section, Kind.PACKS_BY_PLAYERS, items=(PLAYERS, PACKS, JOKERS),
                 max_items=MAX_PLAYERS - 1)


# -- reading a file ----------------------------------------------------------------


def read(spec: FieldSpec, raw: Any) -> Any:
    """The field's value from a JSON value (tuples come in as lists, choices as text);
    a value of the wrong type is refused, naming the field. Ranges are left to
    :func:`problem`, so that a file and an edited rule set are judged alike."""
    value = _from_json(spec.kind, raw)
    if spec.kind is Kind.CHOICE and value in spec.choices:
        value = _member(spec, value)
    elif spec.kind is Kind.CHOICE_SET and isinstance(value, tuple):
        value = tuple(_member(spec, v) if v in spec.choices else v for v in value)
    if not _typed(spec, value):
        raise RuleError("rules-field-type", rule=spec.name)
    return value


def _member(spec: FieldSpec, code: str) -> str:
    """The enum member a choice's code stands for."""
    return next(choice for choice in spec.choices if choice == code)


# -- judging a value ---------------------------------------------------------------


def problem(spec: FieldSpec, value: Any) -> RuleError | None:
    """Why ``value`` cannot be this field's, on its own; None when it can."""
    if not _typed(spec, value):
        return RuleError("rules-field-type", rule=spec.name)
    if value is None:
        return None
    kind = spec.kind
    if kind in (Kind.CHOICE, Kind.CHOICE_SET) and not set(
            value if kind is Kind.CHOICE_SET else (value,)) <= set(spec.choices):
        return RuleError("rules-field-choice", rule=spec.name)
    low, high = spec.minimum, spec.maximum
    if kind in (Kind.INT, Kind.OPTIONAL_INT) and not _within(spec, value):
        return RuleError("rules-field-range", case="at_least" if high is None
                         else "between", rule=spec.name, least=low, most=high,
                         value=value)
    if kind is Kind.TEXT and text_problem(value, high or len(value)) is not None:
        return RuleError("rules-field-text", rule=spec.name, least=low, most=high)
    if spec.max_items is not None and len(value) > spec.max_items:
        return RuleError("rules-field-items", rule=spec.name, most=spec.max_items)
    if kind is Kind.HAND_SIZES and (not value or not all(_within(spec, h) for h in value)):
        return RuleError("rules-hand-sizes", least=low, most=high)
    if kind is Kind.CONTRACTS and not all(
            _within(spec, len(c)) and all(m in (GROUP, RUN) for m in c) for c in value):
        return RuleError("rules-contract-melds", least=low, most=high)
    if kind is Kind.PACKS_BY_PLAYERS and not all(
            all(_within(part, n) for part, n in zip(spec.items, entry, strict=True))
            for entry in value):
        return RuleError("rules-deck-entries")
    return None


def _within(spec: FieldSpec, number: int) -> bool:
    return ((spec.low is None or number >= spec.low)
            and (spec.high is None or number <= spec.high))


def _typed(spec: FieldSpec, value: Any) -> bool:
    """Whether ``value`` has this field's type (any range)."""
    kind = spec.kind
    if value is None:
        return spec.nullable
    if kind is Kind.BOOL:
        return isinstance(value, bool)
    if kind in (Kind.INT, Kind.OPTIONAL_INT):
        return _is_int(value)
    if kind in (Kind.TEXT, Kind.CHOICE):
        return isinstance(value, str)
    if kind is Kind.CHOICE_SET:
        return isinstance(value, tuple) and all(isinstance(v, str) for v in value)
    if kind is Kind.HAND_SIZES:
        return isinstance(value, tuple) and all(_is_int(v) for v in value)
    if kind is Kind.CONTRACTS:
        return isinstance(value, tuple) and all(
            isinstance(c, tuple) and all(_is_int(m) for m in c) for c in value)
    return isinstance(value, tuple) and all(
        isinstance(t, tuple) and len(t) == 3 and all(_is_int(x) for x in t) for t in value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _from_json(kind: Kind, raw: Any) -> Any:
    """Lists become tuples, at every depth the kind has; anything else is left as it is
    (and judged by the type check)."""
    if not isinstance(raw, list):
        return raw
    if kind in (Kind.CONTRACTS, Kind.PACKS_BY_PLAYERS):
        return tuple(tuple(item) if isinstance(item, list) else item for item in raw)
    if kind in (Kind.HAND_SIZES, Kind.CHOICE_SET):
        return tuple(raw)
    return raw


CARD_POINTS = 100
"""The most a card may count, in penalty points or towards an opening."""
