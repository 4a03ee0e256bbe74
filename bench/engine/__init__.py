"""The engine's speed under random play, and the worlds the hard player's search can play.

Four-player Caribbean matches between random legal players, calls included, in CPU time
(the machines are shared, and wall-clock figures swing with other people's load):

- actions per second with each move drawn from ``game.view(seat).legal`` (as the
  project's random player does), and deals per second (target: >= 100), over whole deals
  of each of the nine contracts in turn (the standing measure, see
  :mod:`bench.engine.random_play`) and over whole matches;
- actions per second with each move drawn from ``game.legal_actions(seat)``;
- worlds per second as the hard player makes them: a deal sampled from a player's view
  (``sample_game``), copied, and played out to the deal's end by random players
  drawing from the view.

The engine's own caches (shared events, the solver's per-rule-set tables) work as in a
real game; the tables' one-off build is printed apart. Void deals count as deals.

Side by side with other engines (``KALOOKI_BENCH_OPENSPIEL``: the python of a virtual
environment holding ``open_spiel``, never the project's; ``KALOOKI_BENCH_OTHER``: the
root of another checkout, e.g. an old commit's worktree, or several joined by ``:``):
``ROUNDS`` rounds of ``ROUND_SECONDS`` CPU seconds each, every engine in a fresh process,
taking turns within each round, so that a change in the machine's load falls on all of
them alike; the engines of this project play the ``deals`` loop (the same deals for each).
OpenSpiel's ``gin_rummy`` counts player decisions only (its dealing and drawing are chance
steps).
Target: this engine's view at least ``TARGET_RATIO`` times each other engine.

    KALOOKI_BENCH_OPENSPIEL=/path/to/venv/bin/python KALOOKI_BENCH_OTHER=/path/to/5dbe38f \
        nice -n 10 .venv/bin/python -m bench engine
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.engine.random_play import pick, play
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.sampling import sample_game
from kalooki.engine.solver.tables import tables
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView

ACTIONS = 100_000
TARGET_DEALS = 100
WORLD_VIEWS = 40
"""Views (at a turn's start, across a few random matches) that worlds are sampled from."""
WORLDS_PER_VIEW = 5
ROUNDS = 3
TARGET_RATIO = 1.5
"""Actions/s through the view, against each other engine's (issue 32)."""
ROUND_SECONDS = 5.0
HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
"""The checkout this engine is in, as ``PYTHONPATH`` for the timed loops."""
LOOP_NAMES = {"deals": "each contract's deals in turn", "match": "whole matches"}


def turn_views(count: int, seed: int = 7) -> list[PlayerView]:
    """Views of the turn player as it is about to draw, spread over random matches."""
    rules = preset("caribbean")
    rng = Rng(seed)
    views: list[PlayerView] = []
    game = Game.new(rules, 4, seed)
    step = 0
    while len(views) < count:
        if game.over:
            game = Game.new(rules, 4, rng.next_u64())
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        step += 1
        if step % 97 == 0 and view.phase.name == "DRAW":
            views.append(view)
        game.apply(view.legal[rng.below(len(view.legal))], seat)
    return views


def play_out_worlds(views: list[PlayerView], per_view: int, seed: int = 3
                    ) -> tuple[int, int, float]:
    """Sample ``per_view`` worlds from each view, copy each and play it to the deal's
    end; returns (worlds, actions played, CPU seconds)."""
    rng = Rng(seed)
    worlds = actions = 0
    start = time.process_time()
    for view in views:
        for _ in range(per_view):
            game = sample_game(view, rng).clone()
            done = len(game.results)
            while len(game.results) == done:
                seat = game.to_act
                assert seat is not None
                game.apply(pick(game.view(seat).legal, rng), seat)
                actions += 1
            worlds += 1
    return worlds, actions, time.process_time() - start


def own_figures() -> None:
    start = time.process_time()
    tables(preset("caribbean"))  # once per rule set, and a game would pay it once
    print(f"rule-set tables built in {(time.process_time() - start) * 1000:.0f} CPU ms "
          f"(not counted below)")
    for mode, how, loop in (("view", "game.view(seat).legal", "deals"),
                            ("view", "game.view(seat).legal", "match"),
                            ("legal", "game.legal_actions", "deals")):
        actions, deals, elapsed = play(mode, actions=ACTIONS, loop=loop)
        rate = deals / elapsed
        verdict = "" if mode != "view" else (
            f"; {rate:.0f} deals/s (target {TARGET_DEALS}"
            f"{'' if rate >= TARGET_DEALS else ' MISSED'})")
        print(f"random play through {how}, {LOOP_NAMES[loop]}: {actions / elapsed:,.0f} "
              f"actions/s ({actions / deals:.0f} actions per deal{verdict})")
    views = turn_views(WORLD_VIEWS)
    worlds, actions, elapsed = play_out_worlds(views, WORLDS_PER_VIEW)
    print(f"hard's sampling, sample_game + clone + random play to the deal's end: "
          f"{worlds / elapsed:,.0f} worlds/s ({actions / worlds:.0f} actions per world, "
          f"{actions / elapsed:,.0f} actions/s)")


def _run(command: list[str], env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def side_by_side(openspiel: str | None, other: str | None) -> None:
    """Alternating rounds of this engine, another checkout and OpenSpiel's gin rummy."""
    script = str(HERE / "random_play.py")
    env = dict(os.environ)
    contenders: dict[str, tuple[list[str], dict[str, str]]] = {
        "this engine, view": ([sys.executable, script, "view", str(ROUND_SECONDS), "deals"],
                              {**env, "PYTHONPATH": str(CHECKOUT)}),
        "this engine, legal_actions": ([sys.executable, script, "legal",
                                        str(ROUND_SECONDS), "deals"],
                                       {**env, "PYTHONPATH": str(CHECKOUT)}),
    }
    for root in other.split(os.pathsep) if other else ():
        contenders[f"{root}, view"] = ([sys.executable, script, "view",
                                        str(ROUND_SECONDS), "deals"],
                                       {**env, "PYTHONPATH": root})
    if openspiel:
        contenders["OpenSpiel gin_rummy, decisions"] = (
            [openspiel, str(HERE / "openspiel_gin.py"), str(ROUND_SECONDS)], env)
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    print(f"side by side, {LOOP_NAMES['deals']}, {ROUNDS} rounds of {ROUND_SECONDS:.0f} "
          f"CPU s each, taking turns (load {os.getloadavg()[0]:.2f} at the start):")
    for round_no in range(ROUNDS):
        for name, (command, cenv) in contenders.items():
            found = _run(command, cenv)
            rates[name].append(found["actions"] / found["cpu"])
        print(f"  round {round_no + 1}: " + ", ".join(
            f"{name} {values[-1]:,.0f}" for name, values in rates.items())
            + f"  (load {os.getloadavg()[0]:.2f})")
    ours = statistics.median(rates["this engine, view"])
    for name, values in rates.items():
        middle = statistics.median(values)
        verdict = ""
        if not name.startswith("this engine"):
            verdict = (f" (target {TARGET_RATIO}x"
                       f"{'' if ours / middle >= TARGET_RATIO else ' MISSED'})")
        print(f"  {name:<40} median {middle:>9,.0f} actions/s; this engine's view "
              f"{ours / middle:.2f}x{verdict}")


def main() -> None:
    own_figures()
    openspiel = os.environ.get("KALOOKI_BENCH_OPENSPIEL")
    other = os.environ.get("KALOOKI_BENCH_OTHER")
    if openspiel or other:
        side_by_side(openspiel, other)
