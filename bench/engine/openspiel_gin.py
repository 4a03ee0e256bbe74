"""OpenSpiel's ``gin_rummy`` (C++, driven from Python) under random play: the yardstick
``python -m bench engine`` holds the engine against when told where OpenSpiel lives.

Run by the python of a virtual environment that has ``open_spiel`` (never the project's)::

    /path/to/ospiel-venv/bin/python bench/engine/openspiel_gin.py 5

Prints one JSON line: the player decisions made (each a uniform choice from
``legal_actions()``), the chance steps (dealing and drawing, sampled from
``chance_outcomes()``, which a card game of ours does inside its moves), games finished
and CPU seconds.
"""

from __future__ import annotations

import json
import random
import sys
import time

import pyspiel  # type: ignore[import-not-found]

CHECK_EVERY = 64


def play(seconds: float, seed: int = 1) -> dict[str, float]:
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    decisions = chance = games = 0
    state = game.new_initial_state()
    start = time.process_time()
    while True:
        if state.is_terminal():
            games += 1
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            chance += 1
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
        if decisions % CHECK_EVERY == 0 and time.process_time() - start >= seconds:
            break
    return {"mode": "openspiel", "actions": decisions, "chance": chance, "games": games,
            "cpu": time.process_time() - start}


if __name__ == "__main__":
    print(json.dumps(play(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)))
