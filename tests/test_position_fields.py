"""A position's fields are declared once (issue 28, Build 3): every field of
:class:`Position` says how it is copied, who sees it and whether the state hash covers it,
and clone, the state digest, a player's view and the sampler all follow the declarations.
The digest covers everything that decides the future: two positions with equal digests
play on alike."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.ai.random_player import choose_random
from kalooki.engine.deal import Phase
from kalooki.engine.position import (
    FIELDS,
    HASH_VERSION,
    HASHED,
    Copy,
    Declared,
    Position,
    Seen,
    state_digest,
)
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.sampling import sample_game, shown_fields
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView

DERIVED_VIEW_FIELDS = {"player", "contract", "hand", "hand_counts", "stock_count", "legal",
                       "rejoin_score"}
"""View fields worked out from hidden ones (or from the viewer), not shown as they are."""
DECIDING_NOTHING = {"seed", "actions_applied", "start_events", "hash_version"}
"""The fields the digest leaves out: where the match began, how many moves it has had, what
its setting up said, which digest its record keeps. None decides a move to come."""


def played(rules_name: str = "caribbean", actions: int = 120, seed: int = 5) -> Game:
    """A match some way in: melds on the table, calls made, cards everywhere."""
    game = Game.new(preset(rules_name), 4, seed)
    rng = Rng(seed)
    for _ in range(actions):
        seat = game.to_act
        assert seat is not None
        game.apply(choose_random(game.view(seat), rng), seat)
    return game


def test_every_field_declares_itself() -> None:
    for field in dataclasses.fields(Position):
        assert isinstance(field.metadata.get("declared"), Declared), field.name
    assert [name for name, _ in FIELDS] == [f.name for f in dataclasses.fields(Position)]


def test_a_clone_shares_nothing_a_move_may_change() -> None:
    game = played()
    other = game.clone()
    for name, declared in FIELDS:
        mine, theirs = getattr(game, name), getattr(other, name)
        if declared.copy is Copy.VALUE:
            hash(mine)  # immutable, so shared safely
            assert mine == theirs, name
        elif declared.copy is Copy.RNG:
            assert mine is not theirs and mine.state == theirs.state
        else:
            assert mine is not theirs, name
            assert repr(mine) == repr(theirs), name
        if declared.copy is Copy.LISTS:
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
        if declared.copy is Copy.TABLE:
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name


def changed(value: Any) -> Any:
    """Another value of the same kind of field."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None:
        return 1
    if isinstance(value, Phase):
        return Phase.CALL if value != Phase.CALL else Phase.PLAY
    if isinstance(value, Rng):
        return Rng(value.state + 1)
    if isinstance(value, list):
        return [*value, value[0] if value else 0]
    if isinstance(value, tuple):
        return (*value, 0)
    return dataclasses.replace(value, name="another table")  # the rule set


def test_the_digest_covers_exactly_the_fields_declared_hashed() -> None:
    game = played()
    before = state_digest(game)
    for name, declared in FIELDS:
        other = game.clone()
        setattr(other, name, changed(getattr(game, name)))
        assert (state_digest(other) != before) == declared.hashed, name
    assert {name for name, d in FIELDS if not d.hashed} == DECIDING_NOTHING
    for name in ("discarder", "deck_order", "cut_count", "turns", "results", "rules"):
        assert name in HASHED


def test_a_view_shows_the_fields_declared_seen_and_no_other() -> None:
    shown = {name for name, d in FIELDS if d.seen is not Seen.NOBODY}
    view_fields = {f.name for f in dataclasses.fields(PlayerView)}
    assert view_fields == shown | DERIVED_VIEW_FIELDS
    assert not shown & DERIVED_VIEW_FIELDS
    game = played()
    for seat in range(4):
        view = game.view(seat)
        assert set(shown_fields(view)) == shown
        for name, declared in FIELDS:
            if declared.seen is Seen.OWN_TURN and game.turn != seat:
                default = next(f.default for f in dataclasses.fields(Position) if f.name == name)
                assert getattr(view, name) == default, name


def test_a_sampled_game_agrees_with_the_view_it_was_drawn_from() -> None:
    game = played(actions=70)
    for seat in range(4):
        view = game.view(seat)
        sample = sample_game(view, Rng(seat))
        for name in shown_fields(view):
            assert getattr(sample.view(seat), name) == getattr(view, name), name


def from_hashed_fields(game: Game) -> Game:
    """A game built from nothing but the fields the digest covers (the others at their
    defaults): what the digest does not cover must not decide anything."""
    copy = game.clone()
    return Game(**{name: getattr(copy, name) for name in HASHED})


@settings(max_examples=12)
@given(name=st.sampled_from(["caribbean", "baby", "kalooki51", "rami40"]),
       seed=st.integers(0, 2**32), upto=st.integers(0, 400))
def test_equal_digests_play_on_alike(name: str, seed: int, upto: int) -> None:
    """Two positions with equal digests, played on by the same moves for 200 actions,
    say the same things, offer the same moves and keep equal digests."""
    game = played(name, 0, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(upto):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(choose_random(game.view(seat), rng), seat)
    twin = from_hashed_fields(game)
    assert twin.state_hash() == game.state_hash()
    for _ in range(200):
        if game.over:
            assert twin.over
            break
        seat = game.to_act
        assert twin.to_act == seat and seat is not None
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        action = choose_random(view, rng)
        assert game.apply(action, seat) == twin.apply(action, seat)
        assert state_digest(game) == state_digest(twin)


def test_each_digest_version_stays_what_records_hold() -> None:
    """Records keep digests for ever: what a version covers, and how, never changes (a
    field hashed later is declared ``since`` a new version)."""
    assert all(d.since <= HASH_VERSION for _, d in FIELDS if d.hashed)
    caribbean, kalooki51 = played(), played("kalooki51", 300, 9)
    assert [state_digest(caribbean, v) for v in (1, 2)] == ["2e3f10414e25c60b",
                                                             "3953e3b408894e67"]
    assert [state_digest(kalooki51, v) for v in (1, 2)] == ["5f2891ef632ed296",
                                                             "30426d31d9bfcbbf"]
