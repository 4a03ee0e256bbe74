"""Bounded work (issue 19, finding 7): rule sets whose hands the solver cannot answer in
time are refused with a sentence, and the command line refuses more cards than a hand can
hold, instead of searching for minutes (the limits are measured by ``bench limits``)."""

from __future__ import annotations

import dataclasses

import pytest

from kalooki.cli.main import main
from kalooki.engine.cards import build_deck, card_text
from kalooki.engine.errors import RuleError
from kalooki.engine.record import GameRecord, replay
from kalooki.engine.rules import (
    GROUP,
    PRESETS,
    RUN,
    SEARCH_DOWN_HAND,
    SEARCH_OPENING_HAND,
    preset,
)
from kalooki.words.refusals import refusal_text

K51 = preset("kalooki51")
CARIB = preset("caribbean")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_within_the_limits(name):
    assert PRESETS[name].problems() == []


def test_the_probe_rule_set_of_four_packs_sixteen_jokers_and_30_cards_is_refused():
    probe = dataclasses.replace(K51, packs=4, jokers=16, hand_sizes=(30,))
    with pytest.raises(RuleError, match="rules-search-opening"):
        probe.validate(4)
    saved = GameRecord(probe, 4, 1, ()).to_dict()  # a save built on it cannot be replayed
    with pytest.raises(RuleError, match="rules-search-opening"):
        replay(GameRecord.from_dict(saved))


@pytest.mark.parametrize(("up_to", "cards"), SEARCH_OPENING_HAND)
def test_an_opening_hand_is_bounded_by_the_jokers_in_the_deck(up_to, cards):
    rules = dataclasses.replace(K51, jokers=up_to, packs=4)
    largest = cards - 1  # the hand dealt plus the card drawn
    assert dataclasses.replace(rules, hand_sizes=(largest,)).problems() == []
    refused = dataclasses.replace(rules, hand_sizes=(largest + 1,)).problems()
    assert refused and f"at most {cards} cards" in refusal_text(refused[0])


def test_a_larger_deck_of_jokers_counts_where_players_bring_more():
    rules = dataclasses.replace(K51, hand_sizes=(21,), players_max=4,
                                packs_by_players=((4, 3, 6),))
    assert rules.problems() and "6 jokers" in refusal_text(rules.problems()[0])
    assert dataclasses.replace(rules, packs_by_players=((4, 3, 2),)).problems() == []


def test_a_contract_game_bounds_the_hand_left_after_laying_the_contract():
    # 26 dealt, one drawn, three calls of two cards each: 33; the contract takes 9
    fits = dataclasses.replace(CARIB, hand_sizes=(26,) * 9, contracts=((GROUP,) * 3,) * 9,
                               players_max=3)
    assert fits.largest_hand(1) - 9 == SEARCH_DOWN_HAND and fits.problems() == []
    over = dataclasses.replace(fits, hand_sizes=(27,) * 9)
    assert any("after laying the contract" in refusal_text(p) for p in over.problems())
    no_calls = dataclasses.replace(over, calls_enabled=False)
    assert no_calls.problems() == []
    longer = dataclasses.replace(over, contracts=((RUN,) + (GROUP,) * 2,) * 9)
    assert longer.problems() == []


def hand(count):
    return [card_text(c) for c in build_deck(2, 2)[:count]]


def test_the_cli_refuses_more_cards_than_a_hand_holds(capsys):
    assert main(["rules", "contract", "--preset", "kalooki51", *hand(44)]) == 2
    err = capsys.readouterr().err
    assert "44 cards" in err and "at most 14" in err and "Traceback" not in err
    assert main(["rules", "contract", "--preset", "caribbean", "--deal", "1",
                 *hand(17)]) == 2
    assert "at most 16" in capsys.readouterr().err
    assert main(["rules", "contract", "--preset", "caribbean", "--deal", "1",
                 *hand(16)]) in (0, 1)
