"""UI speed: frame time of a six-player table mid-deal at 1280x720 (dummy video driver),
and the time from launch to the first menu frame, measured in a fresh interpreter."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import statistics
import subprocess
import sys
import time

FRAMES = 600

_LAUNCH = """
import time; start = time.perf_counter()
import os, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from kalooki.store.paths import StorePaths
from kalooki.ui.launcher import launch
app = launch(StorePaths.under(tempfile.mkdtemp())); app.step([])
print(time.perf_counter() - start)
"""
"""The real start: settings read (from an empty store), window opened, menu drawn."""


def frame_times() -> list[float]:
    from kalooki.tools.screens.table import stage_something, table_at

    app, table = table_at((1280, 720), 6, melds=3)
    stage_something(table)
    times = []
    for _ in range(FRAMES):
        start = time.perf_counter()
        app.step([])
        times.append((time.perf_counter() - start) * 1000)
    app.close()
    return times


def launch_seconds() -> float:
    result = subprocess.run([sys.executable, "-c", _LAUNCH], capture_output=True, text=True,
                            check=True)
    return float(result.stdout.strip().splitlines()[-1])


def main() -> None:
    times = sorted(frame_times())
    p95 = times[round(len(times) * 0.95) - 1]
    print(f"table frame, 6 players, 1280x720: median {statistics.median(times):.2f} ms, "
          f"p95 {p95:.2f} ms (targets 8 / 16)")
    print(f"launch to first menu frame: {launch_seconds():.2f} s (target 1.5)")


if __name__ == "__main__":
    main()
