"""The house rules added for the gaps another engine's test suite found (issue 16, item 7):
computer players of every level play legally under any mix of them, and the clashes
between them are settled as the rules text says."""

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki.ai.arena import play_deal
from kalooki.ai.personalities import make_player
from kalooki.engine.rules import preset

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
