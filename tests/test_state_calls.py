"""Calls: the out-of-turn claim of a discard (RULES.md §2, "Calls")."""

import dataclasses

from kalooki.engine import events as ev
from kalooki.engine.actions import Allow, Call, Discard, DrawStock, Pass, Refuse, TakeDiscard
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import Phase
from tests.support.rig import CARIB, rigged

FOUR = ["2S 3S", "4S 5S", "6S 7S", "8S 9S"]


def card(text):
    return parse_cards([text])[0]


def discard_from_seat_zero(game, text="2S"):
    game.apply(DrawStock(), game.to_act)
    return game.apply(Discard(card(text)), game.to_act)


def test_call_window_asks_others_nearest_after_the_turn_player_first():
    game = rigged(FOUR, stock="KH")
    events = discard_from_seat_zero(game)
    window = next(e for e in events if isinstance(e, ev.CallWindowOpened))
    assert window.callers == (2, 3)
    assert game.phase == Phase.CALL and game.to_act == 2 and game.turn == 1


def test_discarder_next_player_down_players_and_exhausted_callers_cannot_call():
    game = rigged(FOUR, stock="KH", down=(2,))
    game.calls_made[3] = 3
    discard_from_seat_zero(game)
    assert game.phase == Phase.DRAW and game.to_act == 1


def test_allowed_call_gives_the_caller_the_discard_and_the_top_stock_card():
    game = rigged(FOUR, discard="9D", stock="KH QH")
    discard_from_seat_zero(game)
    game.apply(Pass(), game.to_act)
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.ALLOW and game.to_act == 1
    game.apply(Allow(), game.to_act)
    assert card("2S") in game.hands[3] and card("QH") in game.hands[3]
    assert len(game.hands[3]) == 4 and game.calls_made[3] == 1
    assert game.phase == Phase.DRAW and game.to_act == 1
    assert [a.code for a in game.legal_actions(1)] == ["draw"]
    assert game.why_illegal(TakeDiscard(), game.to_act).code == "discard-dead"


def test_refused_call_gives_the_discard_to_the_turn_player_as_their_draw():
    game = rigged(FOUR, stock="KH QH")
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    game.apply(Refuse(), game.to_act)
    assert card("2S") in game.hands[1] and game.phase == Phase.PLAY and game.to_act == 1
    assert game.calls_made == [0, 0, 0, 0]


def test_nearest_caller_wins_and_later_players_are_not_asked():
    game = rigged(FOUR, stock="KH QH")
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    assert game.caller == 2 and game.phase == Phase.ALLOW


def test_a_turn_player_who_is_down_must_allow():
    game = rigged(FOUR, stock="KH QH", down=(1,))
    discard_from_seat_zero(game)
    events = game.apply(Call(), game.to_act)
    assert ev.Allowed in [type(e) for e in events]
    assert card("2S") in game.hands[2] and game.phase == Phase.DRAW and game.to_act == 1


def test_house_rule_lets_a_down_turn_player_refuse():
    rules = dataclasses.replace(CARIB, down_player_may_refuse=True)
    game = rigged(FOUR, rules=rules, stock="KH QH", down=(1,))
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.ALLOW


def test_no_call_once_everyone_passes_and_the_turn_player_may_take_the_card():
    game = rigged(FOUR, stock="KH QH")
    discard_from_seat_zero(game)
    game.apply(Pass(), game.to_act)
    game.apply(Pass(), game.to_act)
    assert game.phase == Phase.DRAW and "take" in [a.code for a in game.legal_actions(1)]


def test_three_successful_calls_per_deal_at_most():
    game = rigged(FOUR, stock="KH QH")
    game.calls_made[2] = 2
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    game.apply(Allow(), game.to_act)
    assert game.calls_made[2] == 3
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(game.hands[1][0]), game.to_act)
    assert 2 not in game.call_queue


def test_refused_calls_do_not_count():
    game = rigged(FOUR, stock="KH QH")
    game.calls_made[2] = 2
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    game.apply(Refuse(), game.to_act)
    assert game.calls_made[2] == 2


def test_call_penalty_cards_house_rule():
    rules = dataclasses.replace(CARIB, call_penalty_cards=2)
    game = rigged(FOUR, rules=rules, stock="KH QH JH")
    discard_from_seat_zero(game)
    game.apply(Call(), game.to_act)
    game.apply(Allow(), game.to_act)
    assert len(game.hands[2]) == 2 + 3


def test_random_priority_asks_everyone_then_draws_a_winner():
    rules = dataclasses.replace(CARIB, call_priority="random")
    winners = set()
    for seed in range(12):
        game = rigged(FOUR + ["10S JS"], rules=rules, stock="KH QH")
        game.rng.state = seed
        discard_from_seat_zero(game)
        game.apply(Call(), game.to_act)
        assert game.phase == Phase.CALL and game.to_act == 3
        game.apply(Call(), game.to_act)
        game.apply(Pass(), game.to_act)
        winners.add(game.caller)
    assert winners == {2, 3}


def test_calls_disabled_house_rule():
    game = rigged(FOUR, rules=dataclasses.replace(CARIB, calls_enabled=False), stock="KH")
    discard_from_seat_zero(game)
    assert game.phase == Phase.DRAW and game.to_act == 1
