"""Scoring in its one home: card points, the going-out bonus and what the feat is called,
and the command line scoring exactly as the engine does."""

import dataclasses

import pytest

from kalooki.cli.main import main
from kalooki.engine.cards import parse_cards
from kalooki.engine.rules import PRESETS, preset
from kalooki.engine.scoring import (
    OneTurnOut,
    deal_scores,
    hand_points,
    one_turn_out,
    went_out_in_one_turn,
    with_bonus,
)

CARIB, K51, R40 = preset("caribbean"), preset("kalooki51"), preset("rami40")


def cards(text):
    return parse_cards(text.split())


def test_hand_points_of_the_example_hand():
    assert hand_points(cards("JK AS AH 10D 7C"), CARIB) == 83


def test_card_points_follow_the_rule_set():
    assert hand_points(cards("AS AC AH AD"), CARIB) == 32
    assert hand_points(cards("KS QS JS 10S 9S 2S"), CARIB) == 51
    cheaper = dataclasses.replace(CARIB, joker_points=25)
    assert hand_points(cards("JK"), cheaper) == 25


def test_the_bonus_doubles_adds_or_does_nothing():
    assert with_bonus(7, CARIB) == 14
    assert with_bonus(7, K51) == 32
    assert with_bonus(7, dataclasses.replace(K51, going_out_bonus_points=40)) == 47
    assert with_bonus(7, dataclasses.replace(CARIB, going_out_bonus="none")) == 7


def test_going_out_in_one_turn_needs_the_first_lay_down_and_may_forbid_tacking():
    assert went_out_in_one_turn(True, False, K51)
    assert not went_out_in_one_turn(True, True, K51)
    assert went_out_in_one_turn(True, True, R40)
    assert not went_out_in_one_turn(False, False, CARIB)


def test_deal_scores_spare_the_winner_and_the_eliminated():
    hands = [[], cards("7C"), cards("7S")]
    assert deal_scores(hands, 0, True, [False, False, False], CARIB) == [0, 14, 14]
    assert deal_scores(hands, 0, True, [False, False, True], CARIB) == [0, 14, 7]
    assert deal_scores(hands, 0, False, [False] * 3, CARIB) == [0, 7, 7]


def test_the_feat_is_named_from_the_rules_not_the_preset_name():
    assert one_turn_out(CARIB) is OneTurnOut.BENT_TABLE
    assert one_turn_out(K51) is OneTurnOut.GOING_KALOOKI
    assert one_turn_out(R40) is OneTurnOut.GOING_RAMI
    renamed = dataclasses.replace(R40, name="rami-at-home")
    assert one_turn_out(dataclasses.replace(renamed, going_out_bonus_no_tacking=True)) \
        is OneTurnOut.GOING_KALOOKI


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("hand", ["7C", "JK AS AH 10D 7C"])
def test_rules_score_bent_prints_what_the_engine_scores(capsys, name, hand):
    rules = PRESETS[name]
    assert main(["rules", "score", "--preset", name, "--bent", *hand.split()]) == 0
    printed = int(capsys.readouterr().out)
    assert printed == deal_scores([[], cards(hand)], 0, True, [False, False], rules)[1]
    assert main(["rules", "score", "--preset", name, *hand.split()]) == 0
    assert int(capsys.readouterr().out) == hand_points(cards(hand), rules)


def test_rules_score_bent_for_kalooki51_adds_the_bonus(capsys):
    assert main(["rules", "score", "--preset", "kalooki51", "--bent", "7C"]) == 0
    assert capsys.readouterr().out.strip() == "32"
