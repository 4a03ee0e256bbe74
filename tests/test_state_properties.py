"""Invariants under random legal play: cards conserved, replays identical, views sealed."""

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kalooki.ai.random_player import choose_random
from kalooki.engine.cards import build_deck
from kalooki.engine.record import Recorder, replay
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from tests.support.rig import eager, permute_hidden

PROPERTY = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play(recorder: Recorder, rng: Rng, steps: int, check=None) -> None:
    game = recorder.game
    for _ in range(steps):
        if game.over:
            return
        recorder.apply(choose_random(game.view(game.to_act), rng), recorder.game.to_act)
        if check:
            check(game)


def assert_cards_conserved(game: Game) -> None:
    cards = game.cards_in_play()
    packs, jokers = game.rules.deck_for(game.players)
    assert len(cards) == len(set(cards)), "a card is in two places"
    assert sorted(cards) == sorted(build_deck(packs, jokers)), "a card went missing"


@PROPERTY
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), rng_seed=st.integers(0, 2**16))
def test_every_card_is_always_in_exactly_one_place(seed, players, rng_seed):
    recorder = Recorder.new(preset("caribbean"), players, seed)
    play(recorder, Rng(rng_seed), 400, assert_cards_conserved)


@PROPERTY
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), rng_seed=st.integers(0, 2**16))
def test_random_legal_play_always_finishes_a_deal_without_raising(seed, players, rng_seed):
    recorder = Recorder.new(preset("caribbean"), players, seed)
    game = recorder.game
    rng = Rng(rng_seed)
    for _ in range(5000):
        recorder.apply(choose_random(game.view(game.to_act), rng), recorder.game.to_act)
        if game.results:
            break
    assert game.results, "no deal ended (by going out or by a void stock) in 5000 actions"
    assert_cards_conserved(game)


@PROPERTY
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), rng_seed=st.integers(0, 2**16))
@example(seed=897, players=6, rng_seed=25527)  # once 145 deals, 143 void, in 30,000 actions
def test_eager_random_play_completes_a_baby_match(seed, players, rng_seed):
    recorder = Recorder.new(preset("baby"), players, seed)
    game = recorder.game
    rng = Rng(rng_seed)
    for _ in range(30_000):
        if game.over:
            break
        recorder.apply(eager(game.view(game.to_act), rng), recorder.game.to_act)
    assert game.over
    played = [r for r in game.results if not r.void]
    assert [r.deal for r in played] == [1, 2, 3]
    assert game.totals == [sum(r.scores[p] for r in game.results) for p in range(players)]


@PROPERTY
@given(seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**16), steps=st.integers(0, 600))
def test_a_record_replays_to_the_identical_game(seed, rng_seed, steps):
    recorder = Recorder.new(preset("caribbean"), 4, seed)
    play(recorder, Rng(rng_seed), steps)
    again = replay(recorder.record)
    assert again.game.state_hash() == recorder.game.state_hash()
    assert again.game.hands == recorder.game.hands
    assert again.record == recorder.record


@PROPERTY
@given(seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**16), steps=st.integers(0, 300),
       shuffle_seed=st.integers(0, 2**16))
def test_permuting_hidden_cards_leaves_a_players_view_unchanged(seed, rng_seed, steps,
                                                                shuffle_seed):
    recorder = Recorder.new(preset("caribbean"), 4, seed)
    play(recorder, Rng(rng_seed), steps)
    game = recorder.game
    viewer = game.to_act if game.to_act is not None else 0
    before = game.view(viewer)
    assert permute_hidden(game, viewer, shuffle_seed).view(viewer) == before


def test_clone_is_independent():
    game = Game.new(preset("caribbean"), 4, 1)
    copy = game.clone()
    play(Recorder(copy), Rng(3), 50)
    assert game.state_hash() != copy.state_hash()
    assert game.actions_applied == 0


def every_table_move(game: Game, player: int) -> set:
    """Brute force: every card of the hand against every meld end, by the full checks."""
    from kalooki.engine.actions import ShiftJoker, TackOn
    from kalooki.engine.cards import face_of

    moves = set()
    for index, table_meld in enumerate(game.table):
        for card in {face_of(c): c for c in game.hands[player]}.values():
            for end in ("lo", "hi") if table_meld.meld.is_run else ("",):
                if game.is_legal(TackOn(card, index, end), player):
                    moves.add(TackOn(card, index, end))
                if end and game.is_legal(ShiftJoker(card, index, end), player):
                    moves.add(ShiftJoker(card, index, end))
    return moves


def by_face(moves: set) -> set:
    """Two copies of one face are the same move."""
    from kalooki.engine.cards import face_of

    return {(type(m).__name__, face_of(m.card), m.meld, m.end) for m in moves}


@PROPERTY
@given(seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**16))
def test_listed_table_moves_are_exactly_the_legal_ones(seed, rng_seed):
    from kalooki.engine.actions import ShiftJoker, TackOn
    from kalooki.engine.deal import Phase

    recorder = Recorder.new(preset("caribbean"), 4, seed)
    game = recorder.game
    rng = Rng(rng_seed)
    checked = 0
    for _ in range(3000):
        if game.over or checked >= 40:
            break
        player = game.to_act
        if game.phase == Phase.PLAY and game.table and game.down[player]:
            listed = {a for a in game.legal_actions(player) if isinstance(a, TackOn | ShiftJoker)}
            assert by_face(listed) == by_face(every_table_move(game, player))
            checked += 1
        recorder.apply(eager(game.view(player), rng), recorder.game.to_act)


def every_simple_move(game: Game, player: int) -> set:
    """Brute force over the moves without choices: each face held as a discard, and the
    fixed actions, by the full checks."""
    from kalooki.engine.actions import (
        Allow,
        BuyIn,
        Call,
        Discard,
        DrawStock,
        DropOut,
        EndTurn,
        Pass,
        Refuse,
        TakeDiscard,
    )

    fixed = [DrawStock(), TakeDiscard(), Call(), Pass(), Allow(), Refuse(), BuyIn(), DropOut(),
             EndTurn()]
    moves = {a for a in fixed if game.is_legal(a, player)}
    return moves | {Discard(c) for c in game.hands[player] if game.is_legal(Discard(c), player)}


def simple_by_face(moves) -> set:
    from kalooki.engine.actions import Discard
    from kalooki.engine.cards import face_of

    return {(type(m).__name__, face_of(m.card) if isinstance(m, Discard) else None)
            for m in moves}


@PROPERTY
@given(seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**16),
       joker_discard=st.booleans())
def test_listed_moves_are_legal_and_every_simple_legal_move_is_listed(seed, rng_seed,
                                                                      joker_discard):
    import dataclasses

    from kalooki.engine.actions import Cut, LayDown, ReleaseJoker, ShiftJoker, TackOn

    rules = dataclasses.replace(preset("caribbean"), joker_discard=joker_discard)
    recorder = Recorder.new(rules, 4, seed)
    game = recorder.game
    rng = Rng(rng_seed)
    for _ in range(400):
        if game.over:
            break
        player = game.to_act
        listed = game.legal_actions(player)
        assert all(game.is_legal(a, player) for a in listed)
        assert len(set(listed)) == len(listed)
        chosen = [a for a in listed
                  if not isinstance(a, Cut | LayDown | TackOn | ShiftJoker | ReleaseJoker)]
        assert simple_by_face(chosen) == simple_by_face(every_simple_move(game, player))
        recorder.apply(eager(game.view(player), rng), recorder.game.to_act)


def test_a_view_gives_every_field_and_equals_one_built_the_usual_way():
    from kalooki.engine.view import PlayerView, view_fields

    game = Game.new(preset("caribbean"), 4, 5)
    rng = Rng(2)
    for _ in range(200):
        view = game.view(game.to_act)
        assert view == PlayerView(**view_fields(view))
        assert hash(view) == hash(PlayerView(**view_fields(view)))
        game.apply(choose_random(view, rng), game.to_act)
