"""Laying down the contract, further melds, tacking on, jokers and going out."""

import dataclasses

from kalooki.engine import events as ev
from kalooki.engine.actions import Discard, DrawStock, LayDown, MeldSpec, ShiftJoker, TackOn
from kalooki.engine.cards import parse_cards
from kalooki.engine.melds import GROUP_KIND, RUN_KIND
from kalooki.words.refusals import refusal_text
from tests.support.rig import CARIB, deal_one_contract, group, ids, ready, rigged


def run(game, player, text):
    return MeldSpec(RUN_KIND, ids(game, player, text))


def test_laying_the_exact_contract_puts_the_player_down():
    game = ready()
    game.apply(deal_one_contract(game), game.to_act)
    assert game.down[0] and len(game.table) == 3 and len(game.hands[0]) == 3


def test_an_incomplete_or_oversized_lay_down_is_refused_with_the_reason():
    game = ready()
    short = LayDown((group(game, 0, "5S 5H 5D"), group(game, 0, "6S 6H 6D")))
    error = game.why_illegal(short, game.to_act)
    assert error.code == "not-contract"
    assert refusal_text(error) == "Deal 1 needs three groups; your melds make two groups."
    assert not game.down[0]


def test_a_longer_meld_counts_once():
    game = ready("5S 5H 5D 5C 6S 6H 6D 7S 7H 7D KC")
    game.apply(LayDown((group(game, 0, "5S 5H 5D 5C"), group(game, 0, "6S 6H 6D"),
                        group(game, 0, "7S 7H 7D"))), game.to_act)
    assert len(game.table[0].meld.cards) == 4


def test_the_lay_down_must_leave_a_natural_to_discard():
    game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H JK", "2C 3C", "4C 8C"], stock="7D")
    game.apply(DrawStock(), game.to_act)
    whole = LayDown((group(game, 0, "5S 5H 5D"), group(game, 0, "6S 6H 6D"),
                     group(game, 0, "7S 7H 7D JK")))
    assert game.why_illegal(whole, game.to_act).code == "keep-a-discard"
    optional = dataclasses.replace(CARIB, final_discard=False)
    game2 = rigged(["5S 5H 5D 6S 6H 6D 7S 7H JK", "2C 3C", "4C 8C"], stock="7D",
                   rules=optional)
    game2.apply(DrawStock(), game2.to_act)
    events = game2.apply(LayDown((group(game2, 0, "5S 5H 5D"), group(game2, 0, "6S 6H 6D"),
                                  group(game2, 0, "7S 7H 7D JK"))), game2.to_act)
    assert ev.DealEnded in [type(e) for e in events]


def test_cards_not_in_hand_are_refused():
    game = ready()
    bogus = LayDown((MeldSpec(GROUP_KIND, tuple(parse_cards(["9S", "9H", "9D"]))),))
    assert game.why_illegal(bogus, game.to_act).code == "card-not-in-hand"


def test_a_player_not_down_can_tack_nothing():
    game = ready(table=((1, "9S 9H 9D"),))
    assert game.why_illegal(TackOn(ids(game, 0, "KC")[0], 0, ""), game.to_act).code == "not-down"


def test_tacking_on_the_same_turn_and_onto_others_melds():
    game = ready(table=((1, "KS KH KD"),))
    game.apply(deal_one_contract(game), game.to_act)
    game.apply(TackOn(ids(game, 0, "KC")[0], 0, ""), game.to_act)
    assert len(game.table[0].meld.cards) == 4 and game.tacked_others_now


def test_house_rule_tack_only_from_the_next_turn():
    rules = dataclasses.replace(CARIB, tack_same_turn=False)
    game = ready(rules=rules, table=((1, "KS KH KD"),))
    game.apply(deal_one_contract(game), game.to_act)
    assert game.why_illegal(TackOn(ids(game, 0, "KC")[0], 0, ""), 0).code == "tack-next-turn"


def test_jokers_go_only_onto_ones_own_melds():
    game = ready("5S 5H 5D 6S 6H 6D 7S 7H 7D JK QC", table=((1, "KS KH KD"),))
    game.apply(deal_one_contract(game), game.to_act)
    jk = ids(game, 0, "JK")[0]
    assert game.why_illegal(TackOn(jk, 0, ""), game.to_act).code == "joker-own-melds"
    game.apply(TackOn(jk, 1, ""), game.to_act)
    assert jk in game.table[1].meld.cards


def test_runs_take_the_next_card_at_either_end():
    hand = "5S 5H 5D 6S 6H 6D 9C 10C JC QC 4H 2D"
    game = rigged([hand, "2C 3C", "4C 8C"], stock="KD", deal_no=2,
                  table=((1, "5H 6H 7H 8H"),))
    game.apply(DrawStock(), game.to_act)
    game.apply(LayDown((group(game, 0, "5S 5H 5D"), group(game, 0, "6S 6D 6H"),
                        run(game, 0, "9C 10C JC QC"))), game.to_act)
    assert game.why_illegal(TackOn(ids(game, 0, "4H")[0], 0, "hi"), 0).code == "tack-wrong-card"
    game.apply(TackOn(ids(game, 0, "4H")[0], 0, "lo"), game.to_act)
    assert game.table[0].meld.rank == 4


def test_down_player_shifts_a_joker_with_the_natural_it_stands_for():
    game = rigged(["6H 2C 3C", "4C 8C", "9C 10C"], stock="QD", down=(0,),
                  table=((1, "5H JK 7H 8H"),))
    game.apply(DrawStock(), game.to_act)
    six = ids(game, 0, "6H")[0]
    legal = game.legal_actions(0)
    assert ShiftJoker(six, 0, "hi") in legal and ShiftJoker(six, 0, "lo") in legal
    game.apply(ShiftJoker(six, 0, "hi"), game.to_act)
    meld = game.table[0].meld
    assert meld.cards[1] == six and meld.high == 9 and meld.joker_positions() == [4]
    assert all(c < 208 for c in game.hands[0])


def test_shift_house_rule_off():
    rules = dataclasses.replace(CARIB, joker_shift_in_run="off")
    game = rigged(["6H 2C 3C", "4C 8C", "9C 10C"], rules=rules, stock="QD", down=(0,),
                  table=((1, "5H JK 7H 8H"),))
    game.apply(DrawStock(), game.to_act)
    assert not any(isinstance(a, ShiftJoker) for a in game.legal_actions(0))


def test_bending_the_table_doubles_everyone_elses_points():
    game = ready("5S 5H 5D 6S 6H 6D 7S 7H 7D", others=("2C 3C", "KC AS"))
    game.apply(deal_one_contract(game), game.to_act)
    events = game.apply(Discard(game.hands[0][0]), game.to_act)
    result = next(e for e in events if isinstance(e, ev.DealEnded)).result
    assert result.bent and result.winner == 0
    assert result.scores == (0, 2 * 5, 2 * 25)


def test_going_out_with_the_last_discard_ends_the_deal_and_scores_hands():
    game = rigged(["9C 2D", "2C 3C", "KC AS"], stock="9D", down=(0,),
                  table=((0, "9S 9H 9D"),))
    game.apply(DrawStock(), game.to_act)
    game.apply(TackOn(ids(game, 0, "9C")[0], 0, ""), game.to_act)
    game.apply(TackOn(ids(game, 0, "9D")[0], 0, ""), game.to_act)
    events = game.apply(Discard(ids(game, 0, "2D")[0]), game.to_act)
    result = next(e for e in events if isinstance(e, ev.DealEnded)).result
    assert not result.bent and result.scores == (0, 5, 25)
    assert game.totals == [0, 5, 25] and game.deal_no == 2
