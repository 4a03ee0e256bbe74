"""Named opponents: each level comes in a few characters that differ by style."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from kalooki.ai.easy import EasyPlayer
from kalooki.ai.hard import HardPlayer
from kalooki.ai.medium import MediumPlayer
from kalooki.ai.player import Player, Style
from kalooki.ai.random_player import RandomPlayer
from kalooki.engine.facts.seats import DEFAULT_BUDGET, Level

LEVELS = tuple(Level)


@dataclass(frozen=True)
class Personality:
    name: str
    level: Level
    style: Style


PERSONALITIES: list[Personality] = [
    # calls at everything and forgets to tack
    Personality("Rosie", Level.EASY, Style(call_eagerness=0.8, risk=0.0, slips=0.3)),
    # shy of calls, easily distracted
    Personality("Bert", Level.EASY, Style(call_eagerness=0.2, risk=0.0, slips=0.35)),
    # steady and sensible
    Personality("Marcus", Level.MEDIUM, Style()),
    # calls hard and chases the bent table
    Personality("Delia", Level.MEDIUM, Style(call_eagerness=0.9, risk=0.8)),
    # careful: sheds points early and refuses calls
    Personality("Percy", Level.MEDIUM, Style(call_eagerness=0.2, risk=0.1, deny=True)),
    # counts every card, calls whenever it helps
    Personality("Grace", Level.HARD, Style(call_eagerness=1.0)),
    # counts cards and gambles on the bent table
    Personality("Viktor", Level.HARD, Style(call_eagerness=0.8, risk=0.8, deny=True)),
]


def find_personality(name: str) -> Personality:
    for p in PERSONALITIES:
        if p.name.lower() == name.lower():
            return p
    raise ValueError(f"No personality called '{name}' "
                     f"(try: {', '.join(p.name for p in PERSONALITIES)}).")


def make_player(level: str, personality: str | None = None,
                think_budget: float = DEFAULT_BUDGET, reproducible: bool = False,
                stop: threading.Event | None = None) -> Player:
    """A computer player of ``level``, styled by a named personality of that level.
    ``reproducible`` makes a hard player count its search instead of timing it; ``stop``,
    once set, ends a hard player's search at once (nobody wants its answer any more)."""
    if level not in LEVELS:
        raise ValueError(f"No level called '{level}' (try: {', '.join(LEVELS)}).")
    if level == Level.RANDOM:
        return RandomPlayer()
    style, name = None, level
    if personality is not None:
        chosen = find_personality(personality)
        if chosen.level != level:
            raise ValueError(f"{chosen.name} plays at level {chosen.level}, not {level}.")
        style, name = chosen.style, chosen.name
    if level == "easy":
        return EasyPlayer(style, name)
    if level == "medium":
        return MediumPlayer(style, name)
    return HardPlayer(style, name, think_budget=think_budget, reproducible=reproducible,
                      stop=stop)
