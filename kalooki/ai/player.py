"""The one door every computer player goes through, and the knobs that give it a style."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from kalooki.engine.actions import Action
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView


class Player(Protocol):
    """A computer player sees only its view and draws chance from its own stream, so it
    can neither peek at hidden cards nor change the deal."""

    def choose(self, view: PlayerView, rng: Rng) -> Action: ...


@dataclass(frozen=True)
class Style:
    """What makes two players of one level play differently.

    ``call_eagerness``: 0 calls only when it clearly pays, 1 calls whenever it helps.
    ``risk``: 0 dumps points early and never holds back, 1 chases the bent table.
    ``slips``: chance of a human-like slip (a missed call, tack or take; a loose discard).
    ``deny``: refuse a call with a neutral card just to keep it from the caller.
    """

    call_eagerness: float = 0.5
    risk: float = 0.5
    slips: float = 0.0
    deny: bool = False
