"""The field descriptions the house-rules editor is built from: one per RuleSet field, of
the field's own type, and with ranges and choices that agree with validate() both ways
(a value outside a range is refused; each end of a range can be played)."""

import dataclasses
import types
import typing
from enum import StrEnum

import pytest

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.fields import Kind
from kalooki.engine.rules import FIELDS, PRESETS, SPECS, RuleSet, fields_in
from kalooki.engine.rules.fields import GROUP, RUN, Section, problem

HINTS = typing.get_type_hints(RuleSet)
STRUCTURED = {
    Kind.HAND_SIZES: tuple[int, ...],
    Kind.CONTRACTS: tuple[tuple[int, ...], ...] | None,
    Kind.PACKS_BY_PLAYERS: tuple[tuple[int, int, int], ...],
}


def test_every_ruleset_field_has_one_spec_in_the_same_order():
    assert [spec.name for spec in FIELDS] == [f.name for f in dataclasses.fields(RuleSet)]


def test_every_section_has_fields_and_every_field_a_section():
    assert sum(len(fields_in(section)) for section in Section) == len(FIELDS)
    assert all(fields_in(section) for section in Section)


@pytest.mark.parametrize("spec", FIELDS, ids=lambda s: s.name)
def test_a_spec_kind_matches_the_field_type(spec):
    hint = HINTS[spec.name]
    if spec.kind is Kind.CHOICE:
        assert isinstance(hint, type) and issubclass(hint, StrEnum)
        assert spec.choices == tuple(hint)
    elif spec.kind is Kind.CHOICE_SET:
        (member,) = {a for a in typing.get_args(hint) if a is not Ellipsis}
        assert typing.get_origin(hint) is tuple and spec.choices == tuple(member)
    elif spec.kind in STRUCTURED:
        assert hint == STRUCTURED[spec.kind]
    else:
        expected = {Kind.BOOL: bool, Kind.INT: int, Kind.TEXT: str,
                    Kind.OPTIONAL_INT: int | None}[spec.kind]
        assert hint == expected
        if spec.kind is Kind.OPTIONAL_INT:
            assert isinstance(hint, types.UnionType)


def test_catalog_keys_follow_one_convention():
    spec = SPECS["discard_take"]
    assert spec.label_key == "rules.field.discard_take.label"
    assert spec.help_key == "rules.field.discard_take.help"
    assert spec.choice_key("free") == "rules.field.discard_take.choice.free"


def _outside(spec):
    """Values just outside the spec's range (or choices), each of the right type."""
    kind, low, high = spec.kind, spec.minimum, spec.maximum
    if kind in (Kind.INT, Kind.OPTIONAL_INT):
        return [v for v in (None if low is None else low - 1,
                            None if high is None else high + 1) if v is not None]
    if kind is Kind.CHOICE:
        return ["no-such-choice"]
    if kind is Kind.CHOICE_SET:
        return [("no-such-choice",)]
    if kind is Kind.TEXT:
        return ["", "x" * (high + 1)]
    if kind is Kind.HAND_SIZES:
        return [(), (low - 1,), (high + 1,), (low,) * (spec.max_items + 1)]
    if kind is Kind.CONTRACTS:
        return [((),), ((GROUP,) * (high + 1),), ((5,),), ((RUN,),) * (spec.max_items + 1)]
    if kind is Kind.PACKS_BY_PLAYERS:
        return [((1, 2, 4),), ((9, 2, 4),), ((7, 0, 4),), ((7, 5, 4),), ((7, 3, -1),),
                ((7, 3, 17),), tuple((7, 3, 6) for _ in range(spec.max_items + 1))]
    return []  # a bool has no outside


OUTSIDE = [(spec.name, value) for spec in FIELDS for value in _outside(spec)]


@pytest.mark.parametrize(("name", "value"), OUTSIDE)
def test_a_value_outside_the_range_is_refused_by_validate_on_every_preset(name, value):
    for rules in PRESETS.values():
        with pytest.raises(RuleError):
            dataclasses.replace(rules, **{name: value}).validate()


def _ends(spec):
    """The values at each end of the spec's range, every choice, and none if allowed."""
    kind, low, high = spec.kind, spec.minimum, spec.maximum
    ends = [None] if spec.nullable else []
    if kind is Kind.BOOL:
        return [False, True]
    if kind in (Kind.INT, Kind.OPTIONAL_INT):
        return ends + [low, high]
    if kind is Kind.CHOICE:
        return list(spec.choices)
    if kind is Kind.CHOICE_SET:
        return [(), *((c,) for c in spec.choices), spec.choices]
    if kind is Kind.TEXT:
        return ["x" * low, "x" * high]
    if kind is Kind.HAND_SIZES:
        return [(13,) * spec.max_items, (low + 12,), (high,)]
    if kind is Kind.CONTRACTS:
        return ends + [((GROUP,) * low,), ((RUN,) * 4 + (GROUP,) * (high - 4),)]
    return [(), ((2, 1, 0),), tuple((p, 4, 16) for p in range(2, 2 + spec.max_items))]


COMPANIONS = {
    # a value that asks for others: the ones it asks for (each documented in validate)
    ("players_min", 8): {"players_max": 8},
    ("jokers", 0): {"joker_release": ()},
    ("group_min", 16): {"group_distinct_suits": False, "group_max": None, "packs": 4},
    ("group_max", 2): {"group_min": 2, "joker_release": ()},
    ("group_max", 32): {"group_distinct_suits": False},
    ("group_min_naturals", 16): {"group_min": 16, "group_distinct_suits": False,
                                 "group_max": None, "packs": 4},
    ("opening_points", 500): {"hand_sizes": (21,), "face_points": 100, "packs": 4},
    # a player who is down holds at most SEARCH_DOWN_HAND cards: three runs of 13 are laid
    ("hand_sizes", (60,)): {"packs": 4, "calls_enabled": False, "run_min": 13,
                            "contracts": ((RUN,) * 3,), "deals_per_match": 1},
    ("contracts", ((GROUP,) * 1,)): {"opening_points": None, "deals_per_match": 1},
    ("contracts", ((RUN,) * 4 + (GROUP,) * 4,)): {"opening_points": None, "packs": 4,
                                                  "hand_sizes": (40,), "deals_per_match": 1},
    ("opening_points", 0): {"contracts": None},
    ("buy_ins", 10): {"match_end": "elimination"},
    ("joker_release", ("group-both-missing",)): {"group_max": None},
    ("joker_release", ("run-exact", "group-both-missing", "group-any-missing")):
        {"group_max": None},
}


def _playable(rules):
    """Whether some table the rules allow can play them."""
    for players in range(rules.players_min, rules.players_max + 1):
        try:
            rules.validate(players)
        except RuleError:
            continue
        return True
    return False


ENDS = [(spec.name, value) for spec in FIELDS for value in _ends(spec)]


@pytest.mark.parametrize(("name", "value"), ENDS, ids=str)
def test_each_end_of_a_range_is_playable_on_some_preset(name, value):
    try:
        companions = COMPANIONS.get((name, value), {})
    except TypeError:  # an unhashable value has no companions
        companions = {}
    changes = {**companions, name: value}
    assert problem(SPECS[name], value) is None
    assert any(_playable(dataclasses.replace(rules, **changes)) for rules in PRESETS.values())


@pytest.mark.parametrize("spec", FIELDS, ids=lambda s: s.name)
def test_a_file_value_of_the_wrong_type_is_refused_naming_the_field(spec):
    wrong = 7 if spec.kind in (Kind.BOOL, Kind.TEXT, Kind.CHOICE) else "seven"
    with pytest.raises(RuleError, match=spec.name):
        RuleSet.from_dict({spec.name: wrong})


@pytest.mark.parametrize("name", PRESETS)
def test_a_rule_file_reads_back_choices_as_their_enums(name):
    rules = PRESETS[name]
    data = rules.to_dict()
    assert all(type(data[s.name]) is str for s in FIELDS if s.kind is Kind.CHOICE)
    again = RuleSet.from_dict(data)
    assert again == rules
    for spec in FIELDS:
        if spec.kind is Kind.CHOICE:
            assert isinstance(getattr(again, spec.name), StrEnum)
