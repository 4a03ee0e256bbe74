"""RuleSet: presets, data round trips and refusal of impossible tables."""

import dataclasses
import json
from collections.abc import Callable

import pytest

from kalooki.engine.errors import RuleError
from kalooki.engine.rules import GROUP, PRESETS, RUN, RuleSet, preset
from kalooki.words.refusals import refusal_text


def test_caribbean_has_nine_deals_with_the_published_schedule():
    rules = preset("caribbean")
    assert [rules.hand_size(d) for d in range(1, 10)] == [9, 10, 11, 12, 12, 13, 14, 15, 16]
    assert rules.contract(1) == (GROUP, GROUP, GROUP)
    assert rules.contract(4) == (RUN, RUN, RUN)
    assert rules.contract(9) == (RUN, RUN, RUN, RUN)
    assert rules.packs * 52 + rules.jokers == 108


def test_caribbean_12_deals_twelve_cards_in_the_first_three_deals():
    rules = preset("caribbean-12")
    assert [rules.hand_size(d) for d in (1, 2, 3, 4)] == [12, 12, 12, 12]
    assert rules.contract(1) == preset("caribbean").contract(1)


def test_baby_is_the_first_three_caribbean_deals():
    rules = preset("baby")
    assert rules.deals_per_match == 3
    assert [rules.contract(d) for d in (1, 2, 3)] == [preset("caribbean").contract(d)
                                                      for d in (1, 2, 3)]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_round_trips_through_json(name):
    rules = preset(name)
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    rules.validate(4)


def refused(act: Callable[[], object]) -> str:
    """The sentence a player reads for the refusal ``act`` raises."""
    with pytest.raises(RuleError) as caught:
        act()
    return refusal_text(caught.value)


def test_unknown_field_and_bad_value_are_refused_naming_the_field():
    with pytest.raises(RuleError, match="colour"):
        RuleSet.from_dict({"colour": 3})
    with pytest.raises(RuleError, match="max_calls"):
        RuleSet.from_dict({"max_calls": "three"})
    with pytest.raises(RuleError, match="cut_bonus"):
        RuleSet.from_dict({"cut_bonus": 1})


def test_validate_refuses_a_contract_needing_more_cards_than_dealt():
    rules = dataclasses.replace(preset("caribbean"), hand_sizes=(8,) * 9)
    assert "needs 9 cards, 8 dealt" in refused(rules.validate)


def test_an_elimination_match_checks_every_row_of_its_schedule():
    """An elimination match plays on past its deal count, through every row: an impossible
    row after the last counted deal is refused there. A fixed match never reaches it, so a
    table saved with such a row still loads."""
    baby = preset("baby")
    rows = (*baby.contracts, (GROUP,) * 4)  # four groups from 11 cards: one row too many
    fixed = dataclasses.replace(baby, contracts=rows)
    assert fixed.validate() is None
    eliminating = dataclasses.replace(fixed, match_end="elimination")
    assert "Deal 4: the contract needs 12 cards, 11 dealt" in refused(eliminating.validate)
    assert dataclasses.replace(eliminating, contracts=baby.contracts).validate() is None


def test_validate_refuses_more_players_than_the_deck_serves():
    rules = dataclasses.replace(preset("caribbean"), players_max=8, packs_by_players=())
    assert "8 hands of 16 cards" in refused(lambda: rules.validate(8))


def test_validate_refuses_unknown_choice_and_player_count():
    with pytest.raises(RuleError, match="call_priority"):
        dataclasses.replace(preset("caribbean"), call_priority="loudest").validate()
    assert "3 to 6 players" in refused(lambda: preset("caribbean").validate(2))


def test_unknown_preset_is_a_clear_error():
    assert "no preset called 'bridge'" in refused(lambda: preset("bridge"))


def test_big_tables_use_three_packs():
    assert preset("caribbean").deck_for(7) == (3, 6)
    assert preset("caribbean").deck_for(4) == (2, 4)


@pytest.mark.parametrize("field, value", [
    ("deals_per_match", 2**70), ("hand_sizes", [10**9] * 9), ("hand_sizes", []),
    ("contracts", [[3]] * 10**5),
])
def test_absurd_values_from_a_damaged_file_are_refused_quickly(field, value):
    rules = RuleSet.from_dict({field: value})
    with pytest.raises(RuleError):
        rules.validate(4)
