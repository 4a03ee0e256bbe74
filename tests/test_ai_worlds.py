"""Hard's sampled deals: consistent with the view, opponents nearer their contracts."""

from __future__ import annotations

from kalooki.ai.knowledge import Evaluator
from kalooki.ai.medium import MediumPlayer
from kalooki.ai.worlds import TRIES, near_world
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.sampling import Known, sample_game
from kalooki.engine.state import Game
from tests.support.rig import CARIB


def _draw_views(seed: int, limit: int = 6):
    """Seat 0's views at its draws in a caribbean deal played by medium players."""
    game = Game.new(CARIB, 4, seed)
    player, rng = MediumPlayer(), Rng(seed)
    views = []
    while not game.results and len(views) < limit:
        view = game.view(game.to_act)
        if view.player == 0 and view.phase == Phase.DRAW:
            views.append((game.clone(), view))
        game.apply(player.choose(view, rng), game.to_act)
    return views


def test_a_near_world_agrees_with_the_view_and_keeps_the_known_cards():
    for game, view in _draw_views(5):
        holder = next(p for p in range(1, 4) if not view.down[p])
        card = game.hands[holder][0]
        known = Known({card: holder})
        world, _ = near_world(view, Rng(7), known, Evaluator(view.rules, view.contract))
        assert world.view(0) == view
        assert card in world.hands[holder]
        hidden = [c for h in world.hands for c in h] + world.stock
        assert sorted(hidden) == sorted([c for h in game.hands for c in h] + game.stock)


def test_each_opponent_is_at_least_as_near_its_contract_as_in_the_uniform_deal():
    nearer = 0
    for _, view in _draw_views(6):
        ev = Evaluator(view.rules, view.contract)
        uniform = sample_game(view, Rng(9))
        world, weighed = near_world(view, Rng(9), Known(), ev)
        assert weighed == TRIES * sum(not view.down[p] for p in range(1, 4))
        for seat in range(1, 4):
            if not view.down[seat]:
                assert ev.need(world.hands[seat]) <= ev.need(uniform.hands[seat])
                nearer += ev.need(world.hands[seat]) < ev.need(uniform.hands[seat])
    assert nearer


def test_one_try_is_the_uniform_deal():
    _, view = _draw_views(6)[-1]
    ev = Evaluator(view.rules, view.contract)
    world, weighed = near_world(view, Rng(9), Known(), ev, tries=1)
    assert weighed == 0 and world.hands == sample_game(view, Rng(9)).hands


def _allow_view():
    """The first view of a turn player asked to allow a call, in medium play."""
    for seed in range(1, 40):
        game = Game.new(CARIB, 4, seed)
        player, rng = MediumPlayer(), Rng(seed)
        while not game.results:
            view = game.view(game.to_act)
            if view.phase == Phase.ALLOW and not view.down[view.caller]:
                return view
            game.apply(player.choose(view, rng), game.to_act)
    raise AssertionError("no call to allow")


def test_a_caller_is_dealt_a_hand_that_the_called_card_brings_closer():
    view = _allow_view()
    ev = Evaluator(view.rules, view.contract)
    for seed in range(5):
        hand = near_world(view, Rng(seed), Known(), ev)[0].hands[view.caller]
        assert ev.need_with(hand, view.top_discard) < ev.need(hand)
