"""Voids that cannot loop (issue 19): a table that keeps running out of stock still moves
on, so every match ends, under any play, within a bound the rules state."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import PRESETS, RESHUFFLE_CEILING, RuleSet, preset
from kalooki.words.rules_text import render_text
from tests.rig import eager

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
    french = render_text(preset("caribbean"), "fr")
    assert "deux fois de suite au plus" in french
    unbounded = render_text(dataclasses.replace(preset("caribbean"), redeal_limit=None), "en")
    assert "as the hands stand" not in unbounded


def test_the_rules_text_states_the_reshuffle_ceiling():
    """Without a reshuffle limit a deal still ends: the text says when."""
    unlimited = dataclasses.replace(preset("kalooki51"), reshuffle_limit=None)
    assert f"rebuilt {RESHUFFLE_CEILING} times" in render_text(unlimited, "en")
    assert f"refaite {RESHUFFLE_CEILING} fois" in render_text(unlimited, "fr")
    assert f"rebuilt {RESHUFFLE_CEILING}" not in render_text(preset("kalooki51"), "en")
