"""The house rules added for the gaps another engine's test suite found (issue 16, item 7):
computer players of every level play legally under any mix of them, and the clashes
between them are settled as the rules text says."""

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki.ai.arena import play_deal
from kalooki.ai.personalities import make_player
from kalooki.engine.actions import Allow, Call, Discard, DrawStock, Refuse, TakeDiscard
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.words.rules_text import render_text
from tests.support.rig import CARIB, discarded, rigged

GAP_FIELDS = st.fixed_dictionaries({
    "first_upcard": st.booleans(),
    "joker_discard": st.booleans(),
    "joker_final_discard": st.booleans(),
    "final_discard": st.booleans(),
    "joker_release": st.sampled_from([(), ("run-exact", "group-all-missing"),
                                      ("group-all-missing", "group-any-missing")]),
    "released_joker_must_be_used": st.booleans(),
    "released_joker_new_meld": st.booleans(),
    "joker_release_needs_down": st.booleans(),
    "joker_shift_in_run": st.sampled_from(["off", "either-end", "upward"]),
    "joker_shift_is_tacking": st.booleans(),
    "tack_on_others": st.booleans(),
    "going_out_bonus_no_tacking": st.booleans(),
    "down_player_may_refuse": st.booleans(),
    "discard_take": st.sampled_from(["free", "not-when-down", "must-meld"]),
})
"""The new fields, with the older ones they play against."""


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(["caribbean", "kalooki51"]), fields=GAP_FIELDS,
       seed=st.integers(0, 2**32))
def test_every_level_plays_legally_under_the_new_fields(base, fields, seed):
    """A whole deal by easy, medium, hard and random seats: play_deal applies each choice
    through the engine, which refuses any illegal one (the test then fails)."""
    rules = dataclasses.replace(preset(base), **fields)
    rules.validate(4)
    seats = [make_player("easy"), make_player("medium"),
             make_player("hard", think_budget=0.01, reproducible=True), make_player("random")]
    outcome = play_deal(rules, seed, seats, ["easy", "medium", "hard", "random"])
    assert len(outcome.seats) == 4


def test_a_down_player_who_may_refuse_takes_the_called_card_under_not_when_down():
    """The clash of ``down_player_may_refuse`` with ``discard_take = not-when-down`` is
    settled for refusing (the narrower rule, chosen on purpose), and the rules say so."""
    rules = dataclasses.replace(CARIB, down_player_may_refuse=True)
    assert rules.discard_take == "not-when-down"
    rules.validate(4)
    game = discarded(rules, down=(1,))
    assert game.why_illegal(TakeDiscard(), 1).code == "not-your-turn"
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.ALLOW and game.to_act == 1
    top = game.discard[-1]
    game.apply(Refuse(), 1)
    assert top in game.hands[1] and game.took_discard == top and game.calls_made[2] == 0
    for lang, words in (("en", "Refusing wins over"), ("fr", "Le refus l'emporte")):
        assert words in render_text(rules, lang)
        assert words not in render_text(CARIB, lang)
        assert words not in render_text(dataclasses.replace(rules, discard_take="free"), lang)


def test_a_medium_player_allows_a_call_it_may_not_refuse():
    """Under ``must-meld`` a hand that cannot lay with the called card may not refuse; the
    medium player (and so the hard player's play-outs) allowed by refusing anyway."""
    rules = dataclasses.replace(CARIB, discard_take="must-meld")
    game = rigged(["2S 3S", "2H 2D 9H 9D QC", "6S 7S", "8S 9S"], rules=rules, discard="9C",
                  stock="KH QH JH")
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(game.hands[0][0]), game.to_act)   # 2S: seat 1 would keep it
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.ALLOW and Refuse() not in game.legal_actions(1)
    assert make_player("medium").choose(game.view(1), Rng(1)) == Allow()
