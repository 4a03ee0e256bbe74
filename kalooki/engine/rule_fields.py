"""A description of every rule-set field: its section, its kind, the values it may take.

The house-rules editor is built from these descriptions (a new field appears on screen
with no new screen code), and the rule set reads files and validates itself from the
same facts: :meth:`FieldSpec.read` turns a JSON value into the field's value or refuses
its type, :meth:`FieldSpec.problem` refuses a value outside the field's own range.
What a field may be *alone* lives here; what fields demand of each other (a contract
that fits the cards dealt) stays in :meth:`RuleSet.problems`.

Words are not kept here: a field's label and explanation are catalog entries under keys
made by one convention (:attr:`FieldSpec.label_key`, :attr:`FieldSpec.help_key`,
:meth:`FieldSpec.choice_key`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.rule_choices import (
    AceInRuns,
    CallPriority,
    DiscardTake,
    FirstDealer,
    GoingOutBonus,
    JokerRelease,
    JokerShift,
    MatchEnd,
    StockExhaustion,
)
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


class Kind(StrEnum):
    """What sort of value a field holds (and so which widget edits it)."""

    BOOL = "bool"
    INT = "int"
    OPTIONAL_INT = "optional-int"
    """A whole number, or none (no limit, or not used)."""
    CHOICE = "choice"
    CHOICE_SET = "choice-set"
    """Any number of distinct choices (a tuple of them)."""
    TEXT = "text"
    HAND_SIZES = "hand-sizes"
    """Cards dealt per deal: a tuple of numbers, the last repeating for longer matches."""
    CONTRACTS = "contracts"
    """Per deal a tuple of melds (:data:`GROUP` or :data:`RUN`); none for an opening game."""
    PACKS_BY_PLAYERS = "packs-by-players"
    """(from this many players, packs, jokers) entries: bigger tables use more cards."""


@dataclass(frozen=True)
class FieldSpec:
    """One field of :class:`~kalooki.engine.rules.RuleSet`.

    ``minimum``/``maximum`` bound a number; for hand sizes, each deal's size; for
    contracts, the melds of one deal's contract; text, its length. ``max_items`` bounds
    the entries of a tuple-valued field. ``choices`` are the codes a choice takes, in the
    order the editor offers them."""

    name: str
    section: Section
    kind: Kind
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    max_items: int | None = None

    @property
    def label_key(self) -> str:
        return f"rules.field.{self.name}.label"

    @property
    def help_key(self) -> str:
        return f"rules.field.{self.name}.help"

    def choice_key(self, choice: str) -> str:
        """The catalog key of one choice's words (keys spell a code's hyphens as ``_``)."""
        return f"rules.field.{self.name}.choice.{choice.replace('-', '_')}"

    @property
    def nullable(self) -> bool:
        return self.kind in (Kind.OPTIONAL_INT, Kind.CONTRACTS)

    # -- reading a file --------------------------------------------------------------

    def read(self, raw: Any) -> Any:
        """The field's value from a JSON value (tuples come in as lists, choices as text);
        a value of the wrong type is refused, naming the field. Ranges are left to
        :meth:`problem`, so that a file and an edited rule set are judged alike."""
        value = _from_json(self.kind, raw)
        if self.kind is Kind.CHOICE and value in self.choices:
            value = _ENUMS[self.name](value)
        elif self.kind is Kind.CHOICE_SET and isinstance(value, tuple):
            value = tuple(_ENUMS[self.name](v) if v in self.choices else v for v in value)
        if not self._typed(value):
            raise RuleError("rules-field-type", rule=self.name)
        return value

    # -- judging a value -------------------------------------------------------------

    def problem(self, value: Any) -> RuleError | None:
        """Why ``value`` cannot be this field's, on its own; None when it can."""
        if not self._typed(value):
            return RuleError("rules-field-type", rule=self.name)
        if value is None:
            return None
        kind = self.kind
        if kind in (Kind.CHOICE, Kind.CHOICE_SET) and not set(
                value if kind is Kind.CHOICE_SET else (value,)) <= set(self.choices):
            return RuleError("rules-field-choice", rule=self.name)
        low, high = self.minimum, self.maximum
        if kind in (Kind.INT, Kind.OPTIONAL_INT) and not self._within(value):
            return RuleError("rules-field-range", case="at_least" if high is None
                             else "between", rule=self.name, least=low, most=high,
                             value=value)
        if kind is Kind.TEXT and text_problem(value, high or len(value)) is not None:
            return RuleError("rules-field-text", rule=self.name, least=low, most=high)
        if self.max_items is not None and len(value) > self.max_items:
            return RuleError("rules-field-items", rule=self.name, most=self.max_items)
        if kind is Kind.HAND_SIZES and (not value or not all(self._within(h) for h in value)):
            return RuleError("rules-hand-sizes", least=low, most=high)
        if kind is Kind.CONTRACTS and not all(
                self._within(len(c)) and all(m in (GROUP, RUN) for m in c) for c in value):
            return RuleError("rules-contract-melds", least=low, most=high)
        if kind is Kind.PACKS_BY_PLAYERS and not all(_deck_entry_ok(t) for t in value):
            return RuleError("rules-deck-entries")
        return None

    def _within(self, number: int) -> bool:
        return ((self.minimum is None or number >= self.minimum)
                and (self.maximum is None or number <= self.maximum))

    def _typed(self, value: Any) -> bool:
        """Whether ``value`` has this field's type (any range)."""
        kind = self.kind
        if value is None:
            return self.nullable
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


def _deck_entry_ok(entry: tuple[int, int, int]) -> bool:
    players, packs, jokers = entry
    return (SPECS["players_max"]._within(players) and SPECS["packs"]._within(packs)
            and SPECS["jokers"]._within(jokers))


_ENUMS: dict[str, type[StrEnum]] = {
    "match_end": MatchEnd,
    "first_dealer": FirstDealer,
    "ace_in_runs": AceInRuns,
    "discard_take": DiscardTake,
    "joker_shift_in_run": JokerShift,
    "joker_release": JokerRelease,
    "call_priority": CallPriority,
    "going_out_bonus": GoingOutBonus,
    "stock_exhaustion": StockExhaustion,
}
"""The choice fields and the enum each is typed with (the rule set's annotations agree:
a test checks it)."""


def _choice(name: str, section: Section) -> FieldSpec:
    kind = Kind.CHOICE_SET if name == "joker_release" else Kind.CHOICE
    return FieldSpec(name, section, kind, choices=tuple(_ENUMS[name]))


def _int(name: str, section: Section, low: int, high: int | None) -> FieldSpec:
    return FieldSpec(name, section, Kind.INT, low, high)


def _maybe(name: str, section: Section, low: int, high: int | None) -> FieldSpec:
    return FieldSpec(name, section, Kind.OPTIONAL_INT, low, high)


def _bool(name: str, section: Section) -> FieldSpec:
    return FieldSpec(name, section, Kind.BOOL)


_D, _DL, _M, _O, _P, _C, _S = (Section.DECK, Section.DEALS, Section.MELDS, Section.OPENING,
                               Section.PLAY, Section.CALLS, Section.SCORING)
CARD_POINTS = 100
"""The most a card may count, in penalty points or towards an opening."""

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("name", _D, Kind.TEXT, 1, 40),
    _int("packs", _D, 1, 4),
    _int("jokers", _D, 0, MAX_JOKERS),
    FieldSpec("packs_by_players", _D, Kind.PACKS_BY_PLAYERS, max_items=MAX_PLAYERS - 1),
    _int("players_min", _D, 2, MAX_PLAYERS),
    _int("players_max", _D, 2, MAX_PLAYERS),
    FieldSpec("hand_sizes", _DL, Kind.HAND_SIZES, 1, MAX_HAND, max_items=MAX_DEALS),
    FieldSpec("contracts", _DL, Kind.CONTRACTS, 1, 8, max_items=MAX_DEALS),
    _int("deals_per_match", _DL, 1, MAX_DEALS),
    _choice("match_end", _DL),
    _int("elimination_limit", _DL, 1, 10_000),
    _int("buy_ins", _DL, 0, 10),
    _int("buy_in_min_players", _DL, 2, MAX_PLAYERS),
    _bool("cut_bonus", _DL),
    _int("cut_bonus_points", _DL, -1000, 1000),
    _choice("first_dealer", _DL),
    _bool("first_upcard", _DL),
    _int("group_min", _M, 2, 16),
    _maybe("group_max", _M, 2, 32),
    _bool("group_distinct_suits", _M),
    _int("group_min_naturals", _M, 1, 16),
    _maybe("max_jokers_per_meld", _M, 0, 16),
    _int("run_min", _M, 2, 13),
    _choice("ace_in_runs", _M),
    _bool("adjacent_jokers_in_run", _M),
    _bool("contract_distinct_ranks", _M),
    _bool("contract_distinct_suits", _M),
    _maybe("opening_points", _O, 0, 500),
    _bool("opening_pure_run", _O),
    _choice("discard_take", _P),
    _bool("discard_take_card_in_meld", _P),
    _bool("new_melds_after_down", _P),
    _bool("tack_same_turn", _P),
    _bool("tack_on_others", _P),
    _bool("joker_on_others_melds", _P),
    _bool("joker_discard", _P),
    _bool("joker_final_discard", _P),
    _choice("joker_release", _P),
    _bool("released_joker_must_be_used", _P),
    _bool("released_joker_new_meld", _P),
    _bool("joker_release_needs_down", _P),
    _choice("joker_shift_in_run", _P),
    _bool("joker_shift_is_tacking", _P),
    _bool("final_discard", _P),
    _bool("calls_enabled", _C),
    _int("max_calls", _C, 0, 20),
    _int("call_penalty_cards", _C, 0, 10),
    _choice("call_priority", _C),
    _bool("down_player_may_refuse", _C),
    _int("joker_points", _S, 0, CARD_POINTS),
    _int("black_ace_points", _S, 0, CARD_POINTS),
    _int("red_ace_points", _S, 0, CARD_POINTS),
    _int("face_points", _S, 0, CARD_POINTS),
    _int("ten_points", _S, 0, CARD_POINTS),
    _maybe("pip_points", _S, 0, CARD_POINTS),
    _choice("going_out_bonus", _S),
    _int("going_out_bonus_points", _S, 0, 1000),
    _bool("going_out_bonus_no_tacking", _S),
    _choice("stock_exhaustion", _S),
    _maybe("reshuffle_limit", _S, 1, 100),
    _maybe("redeal_limit", _S, 0, 20),
    _int("opening_ace_low_points", _O, 0, CARD_POINTS),
    _int("opening_ace_high_points", _O, 0, CARD_POINTS),
)
"""Every field, in the rule set's order."""

SPECS: dict[str, FieldSpec] = {spec.name: spec for spec in FIELDS}


def fields_in(section: Section) -> tuple[FieldSpec, ...]:
    """The fields of one section, in the rule set's order (the editor's page)."""
    return tuple(spec for spec in FIELDS if spec.section is section)
