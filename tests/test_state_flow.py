"""The deal, the turn, drawing and discarding (RULES.md §2)."""

import dataclasses

import pytest

from kalooki.engine import events as ev
from kalooki.engine.actions import Cut, Discard, DrawStock, EndTurn, TakeDiscard
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from kalooki.words.refusals import refusal_text
from tests.support.rig import CARIB, eager, rigged


def card(text, game=None, taken=()):
    return parse_cards([text], taken=taken)[0]


def test_dealer_cuts_then_everyone_gets_the_deal_size_one_at_a_time_from_the_left():
    game = Game.new(CARIB, 4, seed=3)
    assert game.phase == Phase.CUT and game.to_act == game.dealer
    game.apply(Cut(30), game.to_act)
    dealer = game.dealer
    first = (dealer + 1) % 4
    assert [len(h) for h in game.hands] == [9] * 4
    assert game.hands[first][0] == game.deck_order[0]
    assert game.hands[(first + 1) % 4][0] == game.deck_order[1]
    assert game.discard == [game.deck_order[36]]
    assert len(game.stock) == 108 - 36 - 1
    assert game.stock[-1] == game.deck_order[37]
    assert game.turn == first and game.phase == Phase.DRAW


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    a, b, c = Game.new(CARIB, 4, 11), Game.new(CARIB, 4, 11), Game.new(CARIB, 4, 12)
    assert a.deck_order == b.deck_order != c.deck_order
    assert sorted(a.deck_order) == sorted(c.deck_order)


def test_cut_bonus_when_the_cut_holds_exactly_the_cards_dealt():
    base = Game.new(CARIB, 4, seed=5)
    needed = 4 * 9
    for aim in range(needed - 3, needed + 4):
        game = base.clone()
        game.apply(Cut(aim), game.to_act)
        if game.cut_count == needed:
            assert game.cut_bonus_won
            break
    else:
        pytest.fail("no aim near the deal size gave an exact cut")
    far = base.clone()
    far.apply(Cut(80), far.to_act)
    assert not far.cut_bonus_won


def test_cut_bonus_scores_minus_fifty_for_the_dealer_when_the_deal_ends():
    game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D", "3C 4C", "8C 9C"], stock="JH")
    game.cut_bonus_won = True
    game.dealer = 1
    game.apply(DrawStock(), game.to_act)
    game.apply(game.legal_actions(0)[0], game.to_act)
    events = game.apply(Discard(game.hands[0][0]), game.to_act)
    result = next(e for e in events if isinstance(e, ev.DealEnded)).result
    assert result.scores[1] == 2 * (3 + 4) - 50


def test_the_turn_player_draws_from_stock_or_takes_the_discard():
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], discard="KD", stock="QH")
    assert {a.code for a in game.legal_actions(0)} == {"draw", "take"}
    game.apply(TakeDiscard(), game.to_act)
    assert card("KD") in game.hands[0] and game.phase == Phase.PLAY
    game2 = rigged(["2S 3S", "4S 5S", "6S 7S"], discard="KD", stock="QH")
    game2.apply(DrawStock(), game2.to_act)
    assert card("QH") in game2.hands[0]


def test_a_player_who_is_down_draws_only_from_the_stock():
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], discard="KD", down=(0,),
                  table=((0, "9S 9H 9D"), (0, "10S 10H 10D"), (0, "JS JH JD")))
    assert [a.code for a in game.legal_actions(0)] == ["draw"]
    assert game.why_illegal(TakeDiscard(), game.to_act).code == "down-draws-stock"


def test_free_discard_take_house_rule_lets_a_down_player_take():
    rules = dataclasses.replace(CARIB, discard_take="free")
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], rules=rules, discard="KD", down=(0,))
    assert game.is_legal(TakeDiscard(), game.to_act)


def test_jokers_can_never_be_discarded():
    game = rigged(["JK 3S", "4S 5S", "6S 7S"])
    game.apply(DrawStock(), game.to_act)
    error = game.why_illegal(Discard(card("JK")), game.to_act)
    assert error.code == "joker-discard" and "never" in refusal_text(error)
    assert all(a.code != "discard JK#1" for a in game.legal_actions(0))


def test_a_hand_of_only_jokers_ends_the_turn_without_a_discard():
    game = rigged(["JK", "4S 5S", "6S 7S"], stock="JK")
    game.apply(DrawStock(), game.to_act)
    assert [a.code for a in game.legal_actions(0)] == ["end"]
    game.apply(EndTurn(), game.to_act)
    assert game.turn == 1
    normal = rigged(["JK 3S", "4S 5S", "6S 7S"])
    normal.apply(DrawStock(), normal.to_act)
    assert normal.why_illegal(EndTurn(), normal.to_act).code == "must-discard"


def test_only_the_player_to_act_may_act_and_only_in_the_right_phase():
    game = rigged(["2S 3S", "4S 5S", "6S 7S"])
    assert game.legal_actions(1) == []
    refusal = game.why_illegal(DrawStock(), 1)
    assert refusal is not None and refusal.code == "not-your-turn"
    assert refusal.params == {"seat": 0}  # whose turn it is, for the sentence
    before = game.state_hash()
    for seat in (1, 2):  # a legal move of seat 0 is refused from any other seat
        with pytest.raises(RuleError, match="turn"):
            game.apply(DrawStock(), seat)
    assert game.state_hash() == before and game.actions_applied == 0
    assert game.why_illegal(Discard(card("2S")), 0).code == "wrong-phase"
    with pytest.raises(RuleError):
        game.apply(Discard(card("2S")), 0)


def test_discarding_passes_the_turn_to_the_left():
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], rules=dataclasses.replace(
        CARIB, calls_enabled=False))
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(card("2S")), game.to_act)
    assert game.turn == 1 and game.phase == Phase.DRAW and game.discard[-1] == card("2S")


def test_stock_runs_out_once_reshuffle_keeping_the_top_discard_then_void():
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], discard="9C 8C KD",
                  rules=dataclasses.replace(CARIB, calls_enabled=False))
    game.stock = [card("QH")]
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(card("QH")), game.to_act)
    deal_no, dealer = game.deal_no, game.dealer
    events = game.apply(DrawStock(), game.to_act)
    assert [type(e) for e in events] == [ev.Reshuffled, ev.Drew]
    assert game.discard == [card("QH")] and len(game.stock) == 2
    game.stock = []
    events = game.apply(Discard(game.hands[1][0]), 1)
    events += game.apply(DrawStock(), game.to_act)
    assert ev.DealVoided in [type(e) for e in events]
    assert (game.deal_no, game.dealer) == (deal_no, dealer)
    assert game.totals == [0, 0, 0]
    assert game.results[-1].void


def test_always_reshuffle_house_rule_never_voids():
    rules = dataclasses.replace(CARIB, calls_enabled=False, stock_exhaustion="always-reshuffle")
    game = rigged(["2S 3S", "4S 5S", "6S 7S"], discard="9C 8C KD", rules=rules)
    game.reshuffles = 5
    game.stock = []
    events = game.apply(DrawStock(), game.to_act)
    assert [type(e) for e in events] == [ev.Reshuffled, ev.Drew]


def test_baby_match_ends_after_three_deals_and_the_dealer_rotates_left():
    rules = preset("baby")
    game = Game.new(rules, 3, seed=2)
    first_dealer = game.dealer
    rng = Rng(9)
    while not game.over:
        game.apply(eager(game.view(game.to_act), rng), game.to_act)
    completed = [r for r in game.results if not r.void]
    assert [r.deal for r in completed] == [1, 2, 3]
    assert [r.dealer for r in completed] == [(first_dealer + i) % 3 for i in range(3)]
    assert game.totals == [sum(r.scores[p] for r in game.results) for p in range(3)]
