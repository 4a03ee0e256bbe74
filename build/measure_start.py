"""Time the game from launch to its first frame (``make exe-check`` runs this).

Launches ``dist/kalooki/kalooki --self-test`` (or the one file, the program named on the
command line, or with ``--source`` this checkout through ``python -m kalooki``) with the
dummy drivers, a few times, and reads the wall time until it prints its ``first frame``
line: the bootloader, Python's start, the imports, the window and the main menu's first
frame. Also checks the self-test's exit status, so CI can rely on it. With ``--source`` it
first compiles the checkout's modules, as Python does at a player's first start (a machine
that sets ``PYTHONDONTWRITEBYTECODE``, as this one does, would otherwise compile all of
them at every launch: 0.47-0.67 s of our own instead of 0.24-0.30 s), so the runs time a
warm start.

Beside each run it times a bare pygame-ce window (Python's start, ``import pygame``, a
window of the menu's size, one frame) with the same interpreter, alternating the two, so
the figure that matters, the game's own time above what any pygame-ce window costs, is
read on one machine in one moment however loaded it is.

    python build/measure_start.py [PROGRAM | --onefile | --source] [--runs N]
                                  [--limit SECONDS] [--own-limit SECONDS]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
from bundle_config import onefile_name  # noqa: E402

SUFFIX = ".exe" if sys.platform == "win32" else ""
FOLDER_PROGRAM = ROOT / "dist" / "kalooki" / f"kalooki{SUFFIX}"
ONEFILE_PROGRAM = ROOT / "dist" / f"{onefile_name()}{SUFFIX}"
FIRST_FRAME = "first frame"
BARE_WINDOW = f"""
import pygame
pygame.display.init()
window = pygame.display.set_mode((1024, 640))
window.fill((20, 90, 50))
pygame.display.flip()
print("{FIRST_FRAME}", flush=True)
pygame.quit()
"""
"""The reference: what opening any pygame-ce window costs on this machine."""


def one_run(command: list[str]) -> tuple[float, int, str]:
    """Seconds to the first frame, the exit status and the program's last line.
    Run from an unrelated folder: the bundle must find its assets from anywhere."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as elsewhere:
        began = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, env=env, cwd=elsewhere)
        assert process.stdout is not None
        first: float | None = None
        last = ""
        for line in process.stdout:
            if line.startswith(FIRST_FRAME) and first is None:
                first = time.perf_counter() - began
            last = line.strip() or last
        status = process.wait()
        if first is None and status == 0:
            status, last = 1, f"no '{FIRST_FRAME}' line; last line: {last}"
        return first or 0.0, status, last


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", nargs="?", type=Path, default=FOLDER_PROGRAM)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--onefile", action="store_true", help="the one-file program in dist/")
    where.add_argument("--source", action="store_true",
                       help="this checkout, through python -m kalooki")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, help="fail when the median exceeds this")
    parser.add_argument("--own-limit", type=float,
                        help="fail when the median above the bare window exceeds this")
    args = parser.parse_args(argv)
    if args.onefile:
        args.program = ONEFILE_PROGRAM
    name = "python -m kalooki" if args.source else args.program.name
    command = ([sys.executable, "-m", "kalooki", "--self-test"] if args.source
               else [str(args.program), "--self-test"])
    if args.source:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "kalooki")],
                       check=True, stdout=subprocess.DEVNULL)
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(args.runs):
        seconds, status, last = one_run(command)
        if status != 0:
            print(f"{name} --self-test exited {status}: {last}", file=sys.stderr)
            return 1
        ours.append(seconds)
        reference, status, said = one_run([sys.executable, "-c", BARE_WINDOW])
        if status != 0:
            print(f"the bare pygame-ce window failed: {said}", file=sys.stderr)
            return 1
        bare.append(reference)
    median, bare_median = statistics.median(ours), statistics.median(bare)
    own = median - bare_median
    print(f"{name}: launch to first frame {median:.2f} s median of {args.runs} "
          f"({_listed(ours)}); a bare pygame-ce window {bare_median:.2f} s ({_listed(bare)}); "
          f"the game's own {own:.2f} s; self-test passed: {last}")
    if args.limit is not None and median > args.limit:
        print(f"slower than the {args.limit:.2f} s limit", file=sys.stderr)
        return 1
    if args.own_limit is not None and own > args.own_limit:
        print(f"the game's own start is over the {args.own_limit:.2f} s limit", file=sys.stderr)
        return 1
    return 0


def _listed(times: list[float]) -> str:
    return ", ".join(f"{t:.2f}" for t in times)


if __name__ == "__main__":
    raise SystemExit(main())
