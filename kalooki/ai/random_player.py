"""The random player: any legal move, uniformly. For tests and benchmarks only."""

from __future__ import annotations

from kalooki.engine.actions import Action
from kalooki.engine.facts.seats import Level
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView


def choose_random(view: PlayerView, rng: Rng) -> Action:
    """Pick one of the view's legal actions; the stream is the player's own."""
    return view.legal[rng.below(len(view.legal))]


class RandomPlayer:
    """:func:`choose_random` behind the :class:`~kalooki.ai.player.Player` protocol."""

    level = Level.RANDOM

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: PlayerView, rng: Rng) -> Action:
        return choose_random(view, rng)
