"""Voids that cannot loop (issue 19): a table that keeps running out of stock still moves
on, so every match ends, under any play, within a bound the rules state."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kalooki.ai.random_player import choose_random
from kalooki.engine import events as ev
from kalooki.engine.actions import Action, Discard, DrawStock, EndTurn, Pass, Refuse, TakeDiscard
from kalooki.engine.deal import Stall
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import PRESETS, RESHUFFLE_CEILING, TURN_CEILING, RuleSet, preset
from kalooki.engine.scoring import hand_points
from kalooki.engine.view import PlayerView
from kalooki.words.rules_text import render_text
from tests.support.rig import eager
from tests.support.words import plain

ATTEMPT_ACTIONS = 5_000
"""Actions one deal attempt may take under random play: measured at most 2,062 (Kalooki
51, three players, eight new stocks) over 80 random matches of every preset."""

POLICIES = {"random": choose_random, "eager": eager}


def action_bound(rules: RuleSet) -> int:
    """A fixed-length match plays each deal at most ``redeal_limit + 1`` times."""
    assert rules.redeal_limit is not None
    return rules.deals_per_match * (rules.redeal_limit + 1) * ATTEMPT_ACTIONS


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6),
       policy=st.sampled_from(sorted(POLICIES)), seed=st.integers(0, 2**32),
       rng_seed=st.integers(0, 2**16))
@example(name="baby", players=6, policy="eager", seed=897, rng_seed=25527)
@example(name="caribbean", players=6, policy="random", seed=1, rng_seed=1)
def test_any_play_ends_a_match_within_the_bound(name, players, policy, seed, rng_seed):
    rules = preset(name)
    players = min(max(players, rules.players_min), rules.players_max)
    recorder = Recorder.new(rules, players, seed)
    game, rng, choose = recorder.game, Rng(rng_seed), POLICIES[policy]
    bound = action_bound(rules)
    for _ in range(bound):
        if game.over:
            break
        recorder.apply(choose(game.view(game.to_act), rng), game.to_act)
    assert game.over, f"{name} with {players} players not over after {bound} actions"
    voids_running = 0
    for result in game.results:
        voids_running = voids_running + 1 if result.void else 0
        assert voids_running <= rules.redeal_limit
    scored = [r.deal for r in game.results if not r.void]
    assert scored == list(range(1, rules.deals_per_match + 1))


def test_random_players_at_six_now_finish_a_caribbean_match_they_once_could_not():
    """With two packs and no redeal bound, random play at six voids late deals for ever;
    the bound is what ends it (the scored-as-they-stand deals prove it acted)."""
    rules = dataclasses.replace(preset("caribbean"), packs_by_players=((7, 3, 6),))
    recorder = Recorder.new(rules, 6, 1)
    game, rng = recorder.game, Rng(1)
    for _ in range(action_bound(rules)):
        if game.over:
            break
        recorder.apply(choose_random(game.view(game.to_act), rng), game.to_act)
    assert game.over and any(r.stalled for r in game.results)
    assert len(game.results) <= rules.deals_per_match * (rules.redeal_limit + 1)


def test_six_players_take_a_third_pack_in_the_contract_presets():
    for name in ("caribbean", "caribbean-12", "baby"):
        assert preset(name).deck_for(5) == (2, 4)
        assert preset(name).deck_for(6) == (3, 6)


def test_the_rules_text_states_the_redeal_bound():
    english = render_text(preset("caribbean"), "en")
    assert "at most two times running" in english and "as the hands stand" in english
    french = plain(render_text(preset("caribbean"), "fr"))
    assert "deux fois de suite au plus" in french
    unbounded = render_text(dataclasses.replace(preset("caribbean"), redeal_limit=None), "en")
    assert "dealt again at most" not in unbounded and "dealt again at most" in english


def test_the_rules_text_states_the_reshuffle_ceiling():
    """Without a reshuffle limit a deal still ends: the text says when."""
    unlimited = preset("kalooki51")
    assert unlimited.reshuffle_limit is None
    assert f"rebuilt {RESHUFFLE_CEILING} times" in render_text(unlimited, "en")
    assert f"refaite {RESHUFFLE_CEILING} fois" in plain(render_text(unlimited, "fr"))
    limited = dataclasses.replace(unlimited, reshuffle_limit=8)
    assert f"rebuilt {RESHUFFLE_CEILING}" not in render_text(limited, "en")


def taker(view: PlayerView, rng: Rng) -> Action:
    """Takes the discard whenever it may and throws a card back, never calls, never lays:
    the stock never shrinks, so only the turn ceiling can end the deal."""
    for kind in (TakeDiscard, Pass, Refuse, Discard, DrawStock, EndTurn):
        options = [a for a in view.legal if isinstance(a, kind)]
        if options:
            return options[rng.below(len(options))]
    return choose_random(view, rng)


def play_one_deal(rules: RuleSet, players: int, seed: int, choose, rng: Rng,
                  cap: int) -> tuple[Recorder, list[int]]:
    """Play until the first deal attempt ends; the turns each dealt hand took."""
    recorder = Recorder.new(rules, players, seed)
    game, turns = recorder.game, []
    events = game.start_events
    for _ in range(cap):
        for e in events:
            if isinstance(e, ev.DealStarted):
                turns.append(0)
            elif isinstance(e, ev.TurnBegan):
                turns[-1] += 1
        if game.over or game.deal_no > 1:
            break
        events = recorder.apply(choose(game.view(game.to_act), rng), game.to_act)
    return recorder, turns


def test_taking_the_discard_and_throwing_one_back_ends_at_the_turn_ceiling():
    rules = dataclasses.replace(preset("caribbean"), discard_take="free", reshuffle_limit=None,
                                redeal_limit=None, cut_bonus=False)
    recorder, turns = play_one_deal(rules, 4, 7, taker, Rng(3), TURN_CEILING * 4)
    game = recorder.game
    assert game.results, "deal 1 never ended"
    first = game.results[0]
    assert first.stall == Stall.TURNS and first.stalled and first.winner is None
    assert not first.void and game.deal_no == 2 and turns[0] == TURN_CEILING
    assert first.scores == tuple(hand_points(hand, rules) for hand in first.hands)


def test_a_deal_one_turn_short_of_the_ceiling_goes_on():
    rules = dataclasses.replace(preset("caribbean"), discard_take="free")
    recorder = Recorder.new(rules, 4, 7)
    game, rng = recorder.game, Rng(3)
    while game.turns < TURN_CEILING - 1:
        recorder.apply(taker(game.view(game.to_act), rng), game.to_act)
    while game.turns == TURN_CEILING - 1:
        recorder.apply(taker(game.view(game.to_act), rng), game.to_act)
    assert game.deal_no == 1 and game.turns == TURN_CEILING and not game.results


BOUND_FIELDS = st.fixed_dictionaries({
    "stock_exhaustion": st.sampled_from(["always-reshuffle", "reshuffle-once-then-void"]),
    "reshuffle_limit": st.none() | st.integers(1, 100),
    "redeal_limit": st.none() | st.integers(0, 20),
    "discard_take": st.sampled_from(["free", "not-when-down", "must-meld"]),
    "discard_take_card_in_meld": st.booleans(),
    "calls_enabled": st.booleans(),
    "first_upcard": st.booleans(),
    "final_discard": st.booleans(),
})
"""The fields that decide whether a deal can go round in circles."""


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6), fields=BOUND_FIELDS,
       policy=st.sampled_from(["random", "taker"]), seed=st.integers(0, 2**32),
       rng_seed=st.integers(0, 2**16))
@example(name="caribbean", players=4, fields={"stock_exhaustion": "always-reshuffle",
         "reshuffle_limit": None, "redeal_limit": None, "discard_take": "free",
         "discard_take_card_in_meld": False, "calls_enabled": True, "first_upcard": True,
         "final_discard": True}, policy="taker", seed=7, rng_seed=3)
def test_under_any_rules_a_deal_ends_within_the_turn_ceiling(name, players, fields, policy,
                                                            seed, rng_seed):
    """Whatever the stock and take rules, every dealt hand lasts at most TURN_CEILING
    turns, and the deal is over after them (scored, or void and dealt again)."""
    rules = dataclasses.replace(preset(name), **fields)
    players = min(max(players, rules.players_min), rules.players_max)
    rules.validate(players)
    choose = taker if policy == "taker" else choose_random
    recorder, turns = play_one_deal(rules, players, seed, choose, Rng(rng_seed),
                                    ATTEMPT_ACTIONS * 40)
    game = recorder.game
    assert game.over or game.deal_no > 1, f"deal 1 still running after {turns} turns"
    assert max(turns) <= TURN_CEILING


def test_the_rules_text_states_the_turn_ceiling():
    """Every rule set ends a deal that goes round in circles; the text says when."""
    for name in PRESETS:
        assert f"{TURN_CEILING} turns" in render_text(preset(name), "en")
        assert f"{TURN_CEILING} tours" in plain(render_text(preset(name), "fr"))
