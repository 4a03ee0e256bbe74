"""One rule, one meaning (issue 28, Build 2): the worlds the computer players imagine follow
the engine's rules. For every house-rule field that touches calls, taking the discard or
adding to the table, and each of its values, a game is played and at every move:
- a game sampled from the mover's view (what the hard player searches) offers exactly the
  engine's legal moves and, in a call window, asks the same players in the same order;
- after a first lay-down, the table simulation (what the medium player looks ahead with)
  lets a card go onto a meld exactly when the engine would let it be tacked there.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from kalooki.ai.knowledge import extended
from kalooki.ai.random_player import choose_random
from kalooki.ai.table_sim import may_tack
from kalooki.engine.actions import (
    Action,
    DrawStock,
    LayDown,
    MeldSpec,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
)
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.melds import GROUP_KIND, HIGH, LOW, End
from kalooki.engine.play import legality
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.sampling import sample_game
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from tests.support.rig import rigged

CASES: list[tuple[str, str, Any]] = [
    # calls
    ("caribbean", "calls_enabled", False),
    ("caribbean", "max_calls", 1),
    ("caribbean", "max_calls", 0),
    ("caribbean", "call_penalty_cards", 0),
    ("caribbean", "call_penalty_cards", 2),
    ("caribbean", "call_priority", "random"),
    ("caribbean", "down_player_may_refuse", True),
    # taking the discard
    ("caribbean", "discard_take", "free"),
    ("caribbean", "discard_take", "must-meld"),
    ("rami40", "discard_take_card_in_meld", True),
    ("kalooki51", "discard_take", "not-when-down"),
    # adding to the table
    ("caribbean", "tack_same_turn", False),
    ("caribbean", "tack_on_others", False),
    ("caribbean", "joker_on_others_melds", True),
    ("kalooki51", "joker_on_others_melds", False),
    ("caribbean", "new_melds_after_down", False),
    ("caribbean", "joker_shift_in_run", "off"),
    ("caribbean", "joker_shift_in_run", "upward"),
    ("caribbean", "joker_shift_is_tacking", False),
    ("caribbean", "final_discard", False),
    ("caribbean", "joker_discard", True),
    ("kalooki51", "joker_discard", True),
    ("caribbean", "joker_final_discard", False),
    ("kalooki51", "tack_on_others", False),
    ("kalooki51", "joker_release", ("run-exact", "group-any-missing")),
    ("caribbean", "joker_release", ("run-exact", "group-all-missing")),
    ("kalooki51", "released_joker_must_be_used", False),
    ("kalooki51", "released_joker_new_meld", True),
    ("kalooki51", "joker_release_needs_down", False),
]
"""(preset, field, a value other than the preset's); each preset as it is comes too."""

PRESETS = [("caribbean", "name", "caribbean"), ("kalooki51", "name", "kalooki51"),
           ("rami40", "name", "rami40")]
ACTIONS = 400


def keen(view: PlayerView, rng: Rng) -> Action:
    """Random, but adding to the table more often than not, so tacks and shifts arise."""
    adds = [a for a in view.legal if isinstance(a, LayDown | TackOn | ShiftJoker | ReleaseJoker)]
    if adds and rng.below(4):
        return adds[rng.below(len(adds))]
    return choose_random(view, rng)


def each_move(base: str, field: str, value: Any, seed: int = 11):
    """The game before each move of ``ACTIONS`` moves under the changed rule."""
    rules = dataclasses.replace(preset(base), **{field: value})
    rules.validate(4)
    game = Game.new(rules, 4, seed)
    rng = Rng(seed * 31 + 7)
    for _ in range(ACTIONS):
        if game.over:
            return
        yield game
        seat = game.to_act
        assert seat is not None
        game.apply(keen(game.view(seat), rng), seat)


@pytest.mark.parametrize(("base", "field", "value"), PRESETS + CASES,
                         ids=lambda v: str(v) if not isinstance(v, tuple) else "+".join(v))
def test_a_sampled_game_offers_the_engines_moves(base: str, field: str, value: Any) -> None:
    moves = calls = 0
    for number, game in enumerate(each_move(base, field, value)):
        seat = game.to_act
        assert seat is not None
        sample = sample_game(game.view(seat), Rng(number))
        assert tuple(sample.legal_actions(seat)) == tuple(game.legal_actions(seat)), number
        if game.phase == Phase.CALL:
            assert sample.call_queue == game.call_queue, number
            calls += 1
        moves += game.phase == Phase.PLAY
    assert moves > 20 and (calls > 0 or field in ("calls_enabled", "max_calls")
                           or base != "caribbean")


def _engine_tacks(game: Game, seat: int, card: int, meld: int) -> bool:
    ends = (LOW, HIGH) if game.table[meld].meld.is_run else (End.NONE,)
    return any(legality.tack_problem(game, seat, TackOn(card, meld, end)) is None
               for end in ends)


TACKING = [case for case in CASES if case[1] in (
    "tack_same_turn", "tack_on_others", "joker_on_others_melds", "final_discard",
    "joker_discard", "joker_final_discard", "new_melds_after_down")]


@pytest.mark.parametrize(("base", "field", "value"), PRESETS + TACKING,
                         ids=lambda v: str(v))
def test_the_table_simulation_tacks_as_the_engine_does(base: str, field: str,
                                                       value: Any) -> None:
    """Once a first lay-down is made, each card the simulation would let go onto a meld
    (where the meld takes it) is one the engine lets the player tack there, and back."""
    compared = 0
    for game in each_move(base, field, value):
        seat = game.to_act
        if game.phase != Phase.PLAY or game.down[seat] or seat is None:
            continue
        lay = legality.suggested_lay_down(game, seat)
        if lay is None:
            continue
        after = game.clone()
        after.apply(lay, seat)
        if after.phase != Phase.PLAY or after.to_act != seat:
            continue  # the lay-down went out
        rules, hand = after.rules, list(after.hands[seat])
        same_turn = legality.can_add_to_table(after, seat)
        for card in hand:
            for index, table_meld in enumerate(after.table):
                fits = extended(table_meld.meld, card, rules) is not None
                simulated = same_turn and fits and may_tack(rules, hand, card,
                                                            table_meld.owner == seat)
                assert simulated == (fits and _engine_tacks(after, seat, card, index)), (
                    card, index)
                compared += 1
    assert compared > 0


@pytest.mark.parametrize(("kept", "drawn"), [("JK 8C 3C", "2D"), ("JK", "8C")])
@pytest.mark.parametrize(("base", "field", "value"), PRESETS[:1] + [
    case for case in TACKING if case[0] == "caribbean"], ids=lambda v: str(v))
def test_the_table_simulation_tacks_a_kept_joker_as_the_engine_does(
        base: str, field: str, value: Any, kept: str, drawn: str) -> None:
    """A first lay-down that keeps a joker (and naturals) back, beside another player's
    run: each card goes where the engine would let it, joker and naturals alike, and the
    card kept for the last discard is kept as the engine keeps it."""
    rules = dataclasses.replace(preset(base), **{field: value})
    game = rigged([f"5S 5H 5D 8S 8H 8D KS KH KD {kept}", "2S 3S", "4S 5S", "6S 7S"],
                  rules=rules, stock=drawn, down=(1,), table=((1, "4C 5C 6C 7C"),))
    game.apply(DrawStock(), 0)
    hand = game.hands[0]

    def held(text: str) -> tuple[int, ...]:
        faces = [parse_cards([token])[0] % 52 for token in text.split()]
        return tuple(next(c for c in hand if c < 208 and c % 52 == f) for f in faces)

    lay = LayDown(tuple(MeldSpec(GROUP_KIND, held(text))
                        for text in ("5S 5H 5D", "8S 8H 8D", "KS KH KD")))
    assert all(len(m.cards) == 3 for m in lay.melds)
    game.apply(lay, 0)
    hand = list(game.hands[0])
    assert len(hand) == len(kept.split()) + 1
    same_turn = legality.can_add_to_table(game, 0)
    for card in hand:
        for index, table_meld in enumerate(game.table):
            fits = extended(table_meld.meld, card, rules) is not None
            simulated = same_turn and fits and may_tack(rules, hand, card, table_meld.owner == 0)
            assert simulated == (fits and _engine_tacks(game, 0, card, index)), (card, index)
