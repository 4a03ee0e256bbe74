"""How a field of a frozen record describes itself, once, on the field: its kind, its
bounds, its choices, its section and its words.

A house rule (:class:`~kalooki.engine.rules.RuleSet`) and a setting
(:class:`~kalooki.store.settings.Settings`) are each declared by one line of their
dataclass, whose metadata holds a :class:`FieldSpec`. Everything else is made from it:
reading a file and judging a value (the rules, :mod:`kalooki.engine.rules.fields`; the
settings, :mod:`kalooki.store.fields`), the one form builder both screens are drawn by
(:mod:`kalooki.ui.widgets.field_rows`), and the catalog keys of the field's words.

Words are not kept here: a field's label and explanation are catalog entries under keys
made by one convention from its ``words`` prefix and name (:attr:`FieldSpec.label_key`,
:attr:`FieldSpec.help_key`, :meth:`FieldSpec.choice_key`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

_META = "spec"


class Kind(StrEnum):
    """What sort of value a field holds (and so which widget edits it)."""

    BOOL = "bool"
    INT = "int"
    OPTIONAL_INT = "optional-int"
    """A whole number, or none (no limit, or not used)."""
    NUMBER = "number"
    """Any number in a range (a slider)."""
    CHOICE = "choice"
    LANGUAGE = "language"
    """One of the languages the catalogs offer (found at run time by the words layer)."""
    CHOICE_SET = "choice-set"
    """Any number of distinct choices (a tuple of them)."""
    TEXT = "text"
    LIST = "list"
    """A tuple of values, each as its one ``items`` spec says."""
    PAIR = "pair"
    """Two values, as its two ``items`` specs say."""
    HAND_SIZES = "hand-sizes"
    """Cards dealt per deal: a tuple of numbers, the last repeating for longer matches."""
    CONTRACTS = "contracts"
    """Per deal a tuple of melds (groups and runs); none for an opening game."""
    PACKS_BY_PLAYERS = "packs-by-players"
    """(from this many players, packs, jokers) entries: bigger tables use more cards."""


class Shown(StrEnum):
    """How a value reads: a number beside its slider, or a name."""

    PLAIN = "plain"
    SECONDS = "seconds"
    PERCENT = "percent"
    TIMES = "times"
    """A scale: ×1.2."""
    NAME = "name"
    """A person's name: the word the game gives one who typed none ("You") reads in the
    language of the moment ("Vous")."""


@dataclass(frozen=True)
class FieldSpec:
    """One field's description. ``low``/``high`` bound a number, a text's length or a
    list's entries (for hand sizes, each deal's size; for contracts, the melds of one
    deal's contract); ``max_items`` bounds the entries of a rule's tuple. ``choices`` are
    the codes a choice takes, in the order a form offers them. ``section`` is the page of
    its form (None: not the player's to set). A number with a ``step`` is edited with a
    slider, read as ``shown``; without one, with a stepper."""

    kind: Kind
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    items: tuple[FieldSpec, ...] = ()
    max_items: int | None = None
    section: str | None = None
    words: str = ""
    """The catalog prefix of the field's words: ``rules.field``, ``settings.field``."""
    choice_words: str | None = None
    """The catalog prefix of the choices' words when another screen has them already
    (``language`` for the languages' own names); else ``<words>.<name>.choice``."""
    step: float | None = None
    shown: Shown = Shown.PLAIN
    name: str = ""
    """The field's name (filled in by :func:`specs_of`)."""

    @property
    def minimum(self) -> int | None:
        return None if self.low is None else int(self.low)

    @property
    def maximum(self) -> int | None:
        return None if self.high is None else int(self.high)

    @property
    def nullable(self) -> bool:
        return self.kind in (Kind.OPTIONAL_INT, Kind.CONTRACTS)

    @property
    def item(self) -> FieldSpec:
        """What each entry of a list is, with the list's name and words (the spec itself
        for any other kind)."""
        if self.kind is not Kind.LIST or not self.items:
            return self
        return dataclasses.replace(self.items[0], name=self.name, words=self.words,
                                   choice_words=self.choice_words, section=self.section)

    def key(self, part: str) -> str:
        """The catalog key ``<words>.<name>.<part>``."""
        return f"{self.words}.{self.name}.{part}"

    @property
    def label_key(self) -> str:
        return self.key("label")

    @property
    def help_key(self) -> str:
        return self.key("help")

    @property
    def row_key(self) -> str:
        """A list field's row label ("Opponent %{number}")."""
        return self.key("row")

    def choice_key(self, choice: str) -> str:
        """The catalog key of one choice's words (keys spell a code's hyphens as ``_``)."""
        prefix = self.choice_words or self.key("choice")
        return f"{prefix}.{choice.replace('-', '_')}"

    def named(self, name: str) -> FieldSpec:
        return dataclasses.replace(self, name=name)


def spec_field(default: Any, spec: FieldSpec, **extra: Any) -> Any:
    """A dataclass field with ``default``, described by ``spec`` (and any other metadata
    the record keeps, such as the store's check)."""
    return dataclasses.field(default=default, metadata={_META: spec, **extra})


@cache
def specs_of(record: type) -> tuple[FieldSpec, ...]:
    """The described fields of a dataclass, in its order, each spec knowing its name."""
    return tuple(f.metadata[_META].named(f.name) for f in dataclasses.fields(record)
                 if _META in f.metadata)


def specs_by_name(record: type) -> dict[str, FieldSpec]:
    return {spec.name: spec for spec in specs_of(record)}


def specs_in(record: type, section: str) -> tuple[FieldSpec, ...]:
    """The fields of one section (one page of the form), in the record's order."""
    return tuple(spec for spec in specs_of(record) if spec.section == section)
