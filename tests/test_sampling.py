"""Determinisation: a sampled game shows its viewer exactly the view it came from,
keeps every card, honours what the viewer knows and deals the hidden cards afresh."""

from __future__ import annotations

import pytest

from kalooki.ai.medium import MediumPlayer
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.sampling import SOME_OPPONENT, Known, sample_game, unseen_cards
from kalooki.engine.state import Game


def _positions(name: str, seed: int, every: int = 7, limit: int = 350):
    """Views met in a game played by medium players (cut, draws, calls, plays)."""
    game = Game.new(preset(name), 4, seed)
    player, rng = MediumPlayer(), Rng(seed)
    for step in range(limit):
        if game.over:
            return
        view = game.view(game.to_act)
        if step % every == 0 or view.phase in (Phase.CALL, Phase.ALLOW, Phase.CUT):
            yield game, view
        game.apply(player.choose(view, rng), game.to_act)


@pytest.mark.parametrize("name", ["caribbean", "kalooki51", "rami40"])
def test_a_sampled_game_shows_the_viewer_the_same_view_and_keeps_every_card(name):
    phases = set()
    for seed in range(2):
        for game, view in _positions(name, seed):
            sampled = sample_game(view, Rng(seed))
            assert sampled.view(view.player) == view
            assert sorted(sampled.cards_in_play()) == sorted(game.cards_in_play())
            phases.add(view.phase)
    assert {Phase.DRAW, Phase.PLAY} <= phases
    assert Phase.CALL in phases or not preset(name).calls_enabled


def test_hidden_cards_are_dealt_differently_by_different_streams():
    _, view = next((g, v) for g, v in _positions("caribbean", 3) if v.phase == Phase.PLAY)
    deals = set()
    for seed in range(5):
        game = sample_game(view, Rng(seed))
        deals.add((tuple(map(tuple, game.hands)), tuple(game.stock)))
        assert game.hands[view.player] == list(view.hand)
    assert len(deals) == 5
    again = sample_game(view, Rng(0))
    first = sample_game(view, Rng(0))
    assert (again.hands, again.stock) == (first.hands, first.stock)


def test_known_cards_stay_with_their_holders():
    _, view = next((g, v) for g, v in _positions("caribbean", 4) if v.phase == Phase.PLAY)
    hidden = unseen_cards(view)
    others = [p for p in range(view.players) if p != view.player]
    held = {hidden[0]: others[0], hidden[1]: others[0], hidden[2]: others[1],
            hidden[3]: SOME_OPPONENT}
    for seed in range(20):
        game = sample_game(view, Rng(seed), Known(held, reshuffles=1))
        assert hidden[0] in game.hands[others[0]] and hidden[1] in game.hands[others[0]]
        assert hidden[2] in game.hands[others[1]]
        assert any(hidden[3] in game.hands[p] for p in others)
        assert game.reshuffles == 1
        assert [len(h) for h in game.hands] == list(view.hand_counts)
        assert len(game.stock) == view.stock_count


def test_a_sample_uses_only_the_view():
    """Two games that differ only in hidden cards give identical samples."""
    for game, view in _positions("caribbean", 5, every=11):
        other = game.clone()
        seats = [p for p in range(game.players) if p != view.player]
        pool = [c for p in seats for c in other.hands[p]] + other.stock
        Rng(9).shuffle(pool)
        for p in seats:
            size = len(other.hands[p])
            other.hands[p], pool = pool[:size], pool[size:]
        other.stock = pool
        a = sample_game(view, Rng(1))
        b = sample_game(other.view(view.player), Rng(1))
        assert a.state_hash() == b.state_hash()
