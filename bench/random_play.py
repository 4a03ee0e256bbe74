"""Random legal play, timed: the loops behind ``python -m bench engine``.

Self-contained on purpose: it imports only the engine's oldest public surface
(``Game.new``, ``view(seat).legal``, ``legal_actions``, ``apply``), so that the same loop
times another checkout of the engine in the same run. As a script it plays for a number
of CPU seconds under whichever ``kalooki`` its ``PYTHONPATH`` finds and prints one JSON
line::

    PYTHONPATH=/path/to/other/checkout python bench/random_play.py view 5

Modes: ``view`` (each move drawn from ``game.view(seat).legal``, as the project's random
player does), ``legal`` (from ``game.legal_actions(seat)``). Caribbean, four players,
whole matches one after another; every action applied counts, a dealt card does not.
"""

from __future__ import annotations

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


def _applier(game: Any) -> Callable[[Any, Any, int], object]:
    """``apply`` with the seat, or without it in checkouts whose ``apply`` took none."""
    if len(inspect.signature(game.apply).parameters) >= 2:
        return lambda g, action, seat: g.apply(action, seat)
    return lambda g, action, seat: g.apply(action)


def pick(legal: Any, rng: Rng) -> Any:
    """A uniform choice among the legal moves."""
    return legal[rng.below(len(legal))]


def play(mode: str, seconds: float = 0.0, actions: int = 0, seed: int = 1
         ) -> tuple[int, int, float]:
    """Random play for ``seconds`` of CPU time, or for ``actions`` actions; returns
    (actions, deals finished, CPU seconds)."""
    rules = preset("caribbean")
    rng = Rng(seed)
    game: Any = Game.new(rules, 4, seed)
    apply = _applier(game)
    through_view = mode == "view"
    done = deals = 0
    start = time.process_time()
    while True:
        if game.over:
            deals += len(game.results)
            game = Game.new(rules, 4, rng.next_u64())
        seat = game.to_act
        # as the random player does: nothing keeps the view or the list once it has chosen
        apply(game, pick(game.view(seat).legal if through_view else game.legal_actions(seat),
                         rng), seat)
        done += 1
        if done % CHECK_EVERY == 0:
            if actions and done >= actions:
                break
            if seconds and time.process_time() - start >= seconds:
                break
    elapsed = time.process_time() - start
    return done, deals + len(game.results), elapsed


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "view"
    seconds = float(argv[1]) if len(argv) > 1 else 5.0
    done, deals, elapsed = play(mode, seconds=seconds)
    print(json.dumps({"mode": mode, "actions": done, "deals": deals, "cpu": elapsed,
                      "engine": inspect.getfile(Game)}))


if __name__ == "__main__":
    main(sys.argv[1:])
