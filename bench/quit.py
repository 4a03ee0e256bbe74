"""Quitting during a computer player's think (issue 30.6): how long closing a table takes
while a hard player searches on its thread with a long budget, until the thread has
ended (what quitting the game waits for). Target: under 0.2 s every time.

Hard players only (every seat), a budget of 5 s a decision, so every close lands in a
search; each close comes 0.05 to 0.5 s into a think.

    python -m bench.quit [CLOSES]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from kalooki.engine.rules import preset
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.workers import thinking_thread

CLOSES = 20
TARGET = 0.2


def one_close(seed: int, into: float) -> float:
    """Play until a hard player is thinking, let it think ``into`` seconds, then close:
    the seconds from close() to the thinking thread's end."""
    pool = thinking_thread()
    session = MatchSession(preset("caribbean"), [Seat(f"H{n}", "hard") for n in range(4)],
                           seed=seed, ai_pause=0.0, worker=pool, think_budget=5.0)
    while True:
        session.update(1.0, busy=False)
        if session.thinking:
            began = time.perf_counter()
            while session.thinking and time.perf_counter() - began < into:
                time.sleep(0.005)
            if session.thinking:
                break
    start = time.perf_counter()
    session.close()
    pool.shutdown(wait=True)
    return time.perf_counter() - start


def main(closes: int = CLOSES) -> None:
    rng = random.Random(30)
    times = [one_close(seed, rng.uniform(0.05, 0.5)) for seed in range(1, closes + 1)]
    worst = max(times)
    print(f"close during a think: mean {statistics.mean(times) * 1000:.1f} ms, "
          f"max {worst * 1000:.1f} ms over {closes} closes "
          f"({'within' if worst < TARGET else 'OVER'} the {TARGET * 1000:.0f} ms target)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else CLOSES)
