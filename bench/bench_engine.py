"""Full four-player Caribbean deals between random legal players, calls included.

Prints deals per second on one core (target: >= 100), in CPU time: the machines are
shared, and wall-clock figures swing with other people's load. The engine's own caches
(shared events, the solver's per-rule-set tables) work as in a real game; the tables'
one-off build is printed apart. Void deals count as deals: the stock ran out twice and
the engine redealt, which is a finished deal in the rules.
"""

from __future__ import annotations

import time

from kalooki.ai.random_player import choose_random
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.solver.tables import tables
from kalooki.engine.state import Game

DEALS = 300
TARGET = 100


def play_deals(count: int, seed: int = 1) -> tuple[int, int]:
    """Play ``count`` deals (across as many matches as needed); returns (deals, actions)."""
    rules = preset("caribbean")
    rng = Rng(seed)
    deals = actions = 0
    game = Game.new(rules, 4, seed)
    while deals < count:
        if game.over:
            game = Game.new(rules, 4, rng.next_u64())
        before = len(game.results)
        seat = game.to_act
        assert seat is not None
        game.apply(choose_random(game.view(seat), rng), seat)
        actions += 1
        deals += len(game.results) - before
    return deals, actions


def main() -> None:
    start = time.process_time()
    tables(preset("caribbean"))  # once per rule set, and a game would pay it once
    print(f"rule-set tables built in {(time.process_time() - start) * 1000:.0f} CPU ms "
          f"(not counted below)")
    wall = time.perf_counter()
    start = time.process_time()
    deals, actions = play_deals(DEALS)
    elapsed = time.process_time() - start
    wall = time.perf_counter() - wall
    rate = deals / elapsed
    print(f"random 4-player Caribbean deals: {rate:.0f} deals per CPU second "
          f"(target {TARGET}{'' if rate >= TARGET else ' MISSED'}; "
          f"{deals / wall:.0f} per wall second on this machine now; "
          f"{actions / deals:.0f} actions per deal, {actions / elapsed:.0f} actions/s)")
