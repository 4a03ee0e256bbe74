"""Mixed-level soak: many deals across every preset, 2-6 players (within each preset's
limits) and all levels seated together. Prints deals played, illegal moves (must be 0),
exceptions (must be 0) and decision times per level."""

from __future__ import annotations

import os
import sys
import time
import traceback

from kalooki.ai.arena import play_deal, rules_from_deal
from kalooki.ai.personalities import LEVELS, make_player
from kalooki.engine.rules import PRESETS
from kalooki.engine.state import Game

DEALS_PER_TABLE = int(os.environ.get("KALOOKI_SOAK_DEALS", "2"))
"""Deals per (preset, player count) table; ``KALOOKI_SOAK_DEALS=455`` gives the full
10,000-deal soak (about an hour on one core)."""
THINK = 0.05


def soak(deals_per_table: int = DEALS_PER_TABLE, think: float = THINK
         ) -> tuple[int, int, int, dict[str, list[float]]]:
    """(deals, illegal moves, exceptions, decision times per level)."""
    deals = illegal = errors = 0
    times: dict[str, list[float]] = {level: [] for level in LEVELS}

    def check(game: Game, action: object) -> None:
        nonlocal illegal
        if not game.is_legal(action):  # type: ignore[arg-type]
            illegal += 1

    for p_index, (_, base) in enumerate(sorted(PRESETS.items())):
        for players in range(max(2, base.players_min), min(6, base.players_max) + 1):
            for k in range(deals_per_table):
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
            print(f"  {base.name} with {players} players: {deals} deals so far, {illegal} illegal, "
                  f"{errors} exceptions", file=sys.stderr, flush=True)  # a long run shows life
    return deals, illegal, errors, times


def main() -> None:
    start = time.perf_counter()
    deals, illegal, errors, times = soak()
    elapsed = time.perf_counter() - start
    print(f"mixed-level soak: {deals} deals in {elapsed:.0f} s, "
          f"{illegal} illegal moves, {errors} exceptions")
    for level, values in times.items():
        if values:
            values.sort()
            print(f"  {level:<7} decisions {len(values):>6}  p50 "
                  f"{1000 * values[len(values) // 2]:.1f} ms  p95 "
                  f"{1000 * values[int(len(values) * 0.95)]:.1f} ms")
