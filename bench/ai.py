"""Mixed-level soak: many deals across every preset, 2-6 players (within each preset's
limits) and all levels seated together. Prints deals played, illegal moves (must be 0),
exceptions (must be 0) and decision times per level."""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from kalooki.ai.arena import play_deal, rules_from_deal
from kalooki.ai.personalities import LEVELS, make_player
from kalooki.engine.actions import Action
from kalooki.engine.rules import PRESETS
from kalooki.engine.state import Game

DEALS_PER_TABLE = int(os.environ.get("KALOOKI_SOAK_DEALS", "2"))
"""Deals per (preset, player count) table. There are 22 tables (five presets), so
``KALOOKI_SOAK_DEALS=455`` gives the full 10,010-deal soak (about three hours of CPU)."""
FIRST_DEAL = int(os.environ.get("KALOOKI_SOAK_FIRST", "0"))
"""Number of each table's first deal: a second run from here plays fresh deals, and two
runs together play the same deals as one long run."""
PRESET_NAMES = [n for n in os.environ.get("KALOOKI_SOAK_PRESETS", "").split(",") if n]
"""Only these presets (all when empty): a long soak can be resumed preset by preset."""
JOBS = int(os.environ.get("KALOOKI_SOAK_JOBS", str(os.cpu_count() or 1)))
"""Presets soaked at once, one process each."""
THINK = 0.05

Figures = tuple[int, int, int, dict[str, list[float]]]


def soak(deals_per_table: int = DEALS_PER_TABLE, think: float = THINK,
         names: Sequence[str] = (), jobs: int = 1, first: int = 0) -> Figures:
    """(deals, illegal moves, exceptions, decision times per level) over the presets
    ``names`` (all when empty), ``jobs`` presets at a time. Every deal's seed and seats
    depend only on its preset, player count and number, so a preset soaked alone plays
    the same deals as in a whole run."""
    indexed = [(i, name) for i, name in enumerate(sorted(PRESETS))
               if not names or name in names]
    work = [(i, name, first, deals_per_table, think) for i, name in indexed]
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(min(jobs, len(work))) as pool:
            parts = list(pool.map(_soak_preset, work))
    else:
        parts = [_soak_preset(w) for w in work]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    for _, _, _, part_times in parts:
        for level, values in part_times.items():
            times[level].extend(values)
    return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts),
            times)


def _soak_preset(work: tuple[int, str, int, int, float]) -> Figures:
    p_index, name, first, deals_per_table, think = work
    base = PRESETS[name]
    deals = illegal = errors = 0
    times: dict[str, list[float]] = {level: [] for level in LEVELS}

    def check(game: Game, action: Action, seat: int) -> None:
        nonlocal illegal
        if not game.is_legal(action, seat):
            illegal += 1

    for players in range(max(2, base.players_min), min(6, base.players_max) + 1):
        for k in range(first, first + deals_per_table):
            rules = rules_from_deal(base, k % base.deals_per_match + 1)
            labels = [LEVELS[(p_index + players + k + s) % len(LEVELS)]
                      for s in range(players)]
            seated = [make_player(label, think_budget=think) for label in labels]
            try:
                outcome = play_deal(rules, 1000 * p_index + 10 * players + k, seated,
                                    labels, check=check)
            except Exception:  # a soak reports every failure, then goes on
                errors += 1
                traceback.print_exc()
                continue
            deals += 1
            for seat in outcome.seats:
                times[seat.label].extend(seat.times)
        print(f"  {base.name} with {players} players: {deals} deals, {illegal} illegal, "
              f"{errors} exceptions", file=sys.stderr, flush=True)  # a long run shows life
    return deals, illegal, errors, times


def main() -> None:
    start = time.perf_counter()
    deals, illegal, errors, times = soak(names=PRESET_NAMES, jobs=JOBS, first=FIRST_DEAL)
    elapsed = time.perf_counter() - start
    which = f" ({', '.join(PRESET_NAMES)})" if PRESET_NAMES else ""
    print(f"mixed-level soak: {deals} deals in {elapsed:.0f} s{which}, "
          f"{illegal} illegal moves, {errors} exceptions")
    for level, values in times.items():
        if values:
            values.sort()
            print(f"  {level:<7} decisions {len(values):>6}  p50 "
                  f"{1000 * values[len(values) // 2]:.1f} ms  p95 "
                  f"{1000 * values[int(len(values) * 0.95)]:.1f} ms")
