"""Random legal play, timed: the loops behind ``python -m bench engine``.

Self-contained on purpose: it imports only the engine's oldest public surface
(``Game.new``, ``view(seat).legal``, ``legal_actions``, ``apply``, a preset rule set), so
that the same loop times another checkout of the engine in the same run. As a script it
plays for a number of CPU seconds under whichever ``kalooki`` its ``PYTHONPATH`` finds and
prints one JSON line::

    PYTHONPATH=/path/to/other/checkout python bench/engine/random_play.py view 5 deals

Modes: ``view`` (each move drawn from ``game.view(seat).legal``, as the project's random
player does), ``legal`` (from ``game.legal_actions(seat)``). Caribbean, four players;
every action applied counts, a dealt card does not. Loops:

- ``deals`` (the standing measure): whole deals of each of the nine contracts in turn,
  each the one deal of a fresh match, played to its end (void or not). Every engine plays
  the same deals, whatever its rules do after a deal: 5dbe38f redeals a void deal for
  ever, so its matches of random players stall in the void deals of the fourth contract
  (three runs of four), the cheapest deals there are (nobody ever lays down), and
  whole matches would time it on a different, easier mixture than a later engine that
  moves on after two voids.
- ``match``: whole matches one after another (each engine's own rules decide the mixture).

Before the clock starts, each loop plays one deal of each contract (the rule sets'
solver tables are built once per rule set, as a real game pays them once).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game

CHECK_EVERY = 64
"""Actions between two looks at the clock."""
LOOPS = ("deals", "match")


def _applier(game: Any) -> Callable[[Any, Any, int], object]:
    """``apply`` with the seat, or without it in checkouts whose ``apply`` took none."""
    if len(inspect.signature(game.apply).parameters) >= 2:
        return lambda g, action, seat: g.apply(action, seat)
    return lambda g, action, seat: g.apply(action)


def pick(legal: Any, rng: Rng) -> Any:
    """A uniform choice among the legal moves."""
    return legal[rng.below(len(legal))]


def each_deal(rules: Any) -> list[Any]:
    """One rule set per deal of a match of ``rules``: a one-deal match of that deal's
    hand size and contract."""
    return [dataclasses.replace(rules, hand_sizes=(size,), contracts=(contract,),
                                deals_per_match=1)
            for size, contract in zip(rules.hand_sizes, rules.contracts, strict=True)]


def play(mode: str, seconds: float = 0.0, actions: int = 0, seed: int = 1,
         loop: str = "deals") -> tuple[int, int, float]:
    """Random play for ``seconds`` of CPU time, or for ``actions`` actions; returns
    (actions, deals finished, CPU seconds)."""
    rules = preset("caribbean")
    chain = each_deal(rules) if loop == "deals" else [rules]
    _run(chain, mode, 0, len(chain) if loop == "deals" else 1, seed + 1000)  # warm up
    return _run(chain, mode, seconds, actions, seed, clocked=True)


def _run(chain: list[Any], mode: str, seconds: float, limit: int, seed: int,
         clocked: bool = False) -> tuple[int, int, float]:
    """Play the rule sets of ``chain`` in turn (each to its match's end, or a one-deal
    match to its deal's end): for ``seconds`` or ``limit`` actions when ``clocked``, for
    ``limit`` matches when not."""
    rng = Rng(seed)
    index = 0
    game: Any = Game.new(chain[0], 4, rng.next_u64())
    apply = _applier(game)
    through_view = mode == "view"
    done = deals = matches = 0
    start = time.process_time()
    while True:
        if game.over or (game.results and len(chain) > 1):
            deals += len(game.results)
            matches += 1
            if not clocked and matches >= limit:
                break
            index = (index + 1) % len(chain)
            game = Game.new(chain[index], 4, rng.next_u64())
        seat = game.to_act
        # as the random player does: nothing keeps the view or the list once it has chosen
        apply(game, pick(game.view(seat).legal if through_view else game.legal_actions(seat),
                         rng), seat)
        done += 1
        if clocked and done % CHECK_EVERY == 0:
            if limit and done >= limit:
                break
            if seconds and time.process_time() - start >= seconds:
                break
    elapsed = time.process_time() - start
    return done, deals + len(game.results), elapsed


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "view"
    seconds = float(argv[1]) if len(argv) > 1 else 5.0
    loop = argv[2] if len(argv) > 2 else "deals"
    done, deals, elapsed = play(mode, seconds=seconds, loop=loop)
    print(json.dumps({"mode": mode, "loop": loop, "actions": done, "deals": deals,
                      "cpu": elapsed, "engine": inspect.getfile(Game)}))


if __name__ == "__main__":
    main(sys.argv[1:])
