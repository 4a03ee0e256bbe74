"""A game's views and move lists are lazy (issue 32): what they show equals what an eager
build of the same moment shows, field for field and move for move, over random positions
of every preset; a view or list kept while the game moves on still shows its moment; and
a move handed out by a list of an earlier moment is judged again."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.engine.actions import Discard, LayDown
from kalooki.engine.deal import Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.play import legality
from kalooki.engine.play.legal_moves import LegalMoves
from kalooki.engine.rng import Rng
from kalooki.engine.rules import PRESETS, preset
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView, PublicMeld, view_fields

DERANDOMIZED = settings(derandomize=True, max_examples=30, deadline=None)


def eager_fields(game: Game, player: int) -> dict[str, object]:
    """Every field of ``player``'s view, read from the game now, the lay-down searched for
    first (as the engine listed moves before views were lazy)."""
    own_turn = game.turn == player
    legal = game.legal_actions(player)
    if isinstance(legal, LegalMoves):
        legal.lay_down()
    return {
        "player": player, "rules": game.rules, "players": game.players,
        "deal_no": game.deal_no, "dealer": game.dealer, "contract": game.contract,
        "phase": game.phase, "turn": game.turn, "to_act": game.to_act,
        "hand": tuple(game.hands[player]), "hand_counts": tuple(len(h) for h in game.hands),
        "table": tuple(PublicMeld(t.owner, t.meld) for t in game.table),
        "discard": tuple(game.discard), "stock_count": len(game.stock),
        "down": tuple(game.down), "calls_made": tuple(game.calls_made),
        "totals": tuple(game.totals), "results": tuple(game.results),
        "discarder": game.discarder, "caller": game.caller,
        "discard_dead": game.discard_dead, "took_discard": game.took_discard,
        "went_down_now": game.went_down_now and own_turn, "legal": tuple(legal),
        "out": tuple(game.out),
        "rejoin_score": game.buy_in_score() if game.phase == Phase.BUY_IN else None,
        "buy_ins_used": tuple(game.buy_ins_used),
        "meld_owed": game.meld_owed and own_turn,
        "freed_joker": game.freed_joker if own_turn else None,
    }


def random_game(name: str, players: int, seed: int, steps: int) -> Game:
    """A match of ``name`` after ``steps`` random legal moves (a deal often more: random
    players lay down only now and then)."""
    rules = preset(name)
    players = max(rules.players_min, min(players, rules.players_max))
    game = Game.new(rules, players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        legal = game.view(seat).legal
        game.apply(legal[rng.below(len(legal))], seat)
    return game


positions = st.builds(random_game, st.sampled_from(sorted(PRESETS)), st.integers(2, 6),
                      st.integers(0, 2**32 - 1), st.integers(0, 600))


@DERANDOMIZED
@given(positions)
def test_a_lazy_view_equals_the_eager_one_field_for_field(game):
    for player in range(game.players):
        view = game.view(player)
        assert view_fields(view) == eager_fields(game, player)
        assert view == PlayerView(**eager_fields(game, player))


@DERANDOMIZED
@given(positions, st.integers(0, 40))
def test_moves_counted_before_the_lay_down_is_found_are_the_moves_found(game, more):
    """The lay-down counted (the solver's cheap yes or no) is the lay-down found, in
    every order a list can be read in, along the next moves too."""
    rng = Rng(more)
    for _ in range(more):
        if game.over:
            break
        seat = game.to_act
        counted = game.legal_actions(seat)
        found = game.legal_actions(seat)
        size = len(counted)  # counted first, searched for only if need be
        suggested = found.lay_down() if isinstance(found, LegalMoves) else None
        assert suggested == legality.suggested_lay_down(game, seat) if game.phase == Phase.PLAY \
            else suggested is None
        assert size == len(found) == len(list(counted)) == len(tuple(found))
        assert list(counted) == list(found)
        assert [counted[i] for i in range(size)] == list(found)
        assert [counted[i - size] for i in range(size)] == list(found)
        assert all(move in counted for move in found)
        assert (suggested is not None) == any(isinstance(m, LayDown) for m in counted)
        assert all(game.is_legal(move, seat) for move in counted)
        game.apply(found[rng.below(size)], seat)


@DERANDOMIZED
@given(positions)
def test_a_view_kept_while_the_game_moves_on_shows_its_own_moment(game):
    if game.over:
        return
    seat = game.to_act
    before = {p: eager_fields(game, p) for p in range(game.players)}
    views = {p: game.view(p) for p in range(game.players)}
    kept = game.legal_actions(seat)
    moves = list(game.legal_actions(seat))
    game.apply(moves[0], seat)
    for player, view in views.items():
        assert view_fields(view) == before[player]
    assert tuple(kept) == before[seat]["legal"]


def test_a_move_handed_out_before_the_game_moved_on_is_judged_again():
    """A list kept from before a lay-down hands out a discard of a card now on the table:
    the same seat is still playing, and the discard is refused."""
    game = Game.new(preset("caribbean"), 4, 11)
    rng = Rng(3)
    while True:
        seat = game.to_act
        listed = game.legal_actions(seat)
        lay = listed.lay_down() if isinstance(listed, LegalMoves) else None
        if lay is not None:
            break
        game.apply(listed[rng.below(len(listed))], seat)
    melded = {card for spec in lay.melds for card in spec.cards}
    game.apply(lay, seat)
    assert game.to_act == seat and game.phase == Phase.PLAY
    stale = next(i for i, m in enumerate(listed)
                 if isinstance(m, Discard) and m.card in melded)
    with pytest.raises(RuleError):
        game.apply(listed[stale], seat)



def draw_phase() -> tuple[Game, int, tuple[object, ...]]:
    """A Caribbean match played at random up to a draw phase where the discard may be
    taken, its seat to act and that seat's two moves (draw, take)."""
    game = Game.new(preset("caribbean"), 4, 11)
    rng = Rng(5)
    while True:
        seat = game.to_act
        assert seat is not None
        listed = game.view(seat).legal
        if game.phase == Phase.DRAW and len(listed) == 2:
            return game, seat, tuple(listed)
        game.apply(listed[rng.below(len(listed))], seat)


def test_a_move_listed_whole_is_applied_without_a_second_judgement(monkeypatch):
    """Outside the play phase the moves are listed whole, each judged as it is listed:
    applying one of them (the seat it was listed for, the position unchanged) judges
    nothing again."""
    game, seat, listed = draw_phase()

    def judged(*args: object) -> None:
        raise AssertionError("judged twice")

    monkeypatch.setattr(legality, "why_illegal", judged)
    game.apply(listed[1], seat)
    assert game.phase == Phase.PLAY and game.took_discard is not None


def test_a_move_listed_whole_before_the_game_moved_on_is_judged_again():
    """A draw phase's list kept past the draw: its other move (taking the discard) is
    judged again, and refused in the play phase."""
    game, seat, (draw, take) = draw_phase()
    game.apply(draw, seat)
    with pytest.raises(RuleError):
        game.apply(take, seat)
