"""Sampled deals whose opponents stand as near their contracts as real ones.

:func:`~kalooki.engine.sampling.sample_game` deals the cards a player cannot see
uniformly. A real opponent's hand is not uniform: it has kept what brings its contract
closer and thrown the rest for several turns. In Caribbean against three medium players,
at hard's draws, an opponent not yet down needed 2.4 cards on average to go down, a
uniformly dealt hand of the same size 4.4. Play-outs in uniform deals therefore meet
slower opponents than the real ones, and value moves that cost time (holding the contract
back, passing a useful discard) as if the table gave that time.

So each opponent not yet down takes, of a few hands drawn from its unknown cards and the
stock, the one nearest its contract (cards its tracker knows it holds stay); a player
calling the discard takes one that the card brings closer, as a medium player's call
shows. Only the viewer's own knowledge goes into it: the view, the tracker's cards, and
the rules.
"""

from __future__ import annotations

from kalooki.ai.knowledge import Evaluator
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.sampling import Known, sample_game
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView

TRIES = 16
"""Hands drawn for each opponent not yet down, the nearest kept: opponents then need 2.8
cards on average against the real 2.4 (uniform: 4.4; 4 tries: 3.5, 8: 3.1) at hard's
draws in 27 Caribbean deals against medium."""

UNCALLED = 100
"""Added to the distance of a caller's hand that the called card would not bring closer:
any hand it would comes first."""


def near_world(view: PlayerView, rng: Rng, known: Known, evaluator: Evaluator,
               tries: int = TRIES) -> tuple[Game, int]:
    """A sampled deal (as :func:`sample_game`) in which every opponent not yet down holds
    the nearest to its contract of ``tries`` hands (contract games; in threshold games, or
    with one try, the uniform deal), and how many hands were weighed: each costs a search
    about what one play-out move costs (a solver question)."""
    world = sample_game(view, rng, known)
    weighed = 0
    if tries <= 1 or not view.rules.uses_contracts:
        return world, weighed
    called = view.top_discard if view.phase == Phase.ALLOW else None
    for seat in range(view.players):
        if seat == view.player or view.down[seat]:
            continue
        wants = called if seat == view.caller else None
        hand = world.hands[seat]
        kept = [c for c in hand if c in known.held]
        free = [c for c in hand if c not in known.held]
        pool = free + world.stock
        best, least = free, _distance(evaluator, hand, wants)
        weighed += tries
        for _ in range(tries - 1):
            drawn = _draw(pool, len(free), rng)
            need = _distance(evaluator, kept + drawn, wants)
            if need < least:
                best, least = drawn, need
        if best is not free:
            taken = set(best)
            world.hands[seat] = kept + best
            world.stock = [c for c in pool if c not in taken]
            rng.shuffle(world.stock)
    return world, weighed


def _distance(evaluator: Evaluator, hand: list[int], wants: int | None) -> int:
    """Cards ``hand`` still needs, far more when it would not call ``wants``."""
    need = evaluator.need(hand)
    if wants is not None and evaluator.need_with(hand, wants) >= need:
        return need + UNCALLED
    return need


def _draw(pool: list[int], count: int, rng: Rng) -> list[int]:
    """``count`` cards of ``pool`` at random (a partial shuffle of a copy)."""
    cards = list(pool)
    for i in range(count):
        j = i + rng.below(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:count]
