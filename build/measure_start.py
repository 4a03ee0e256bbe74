"""Time the built program from launch to its first frame (``make exe-check`` runs this).

Launches ``dist/kalooki/kalooki --self-test`` (or the program named on the command line)
with the dummy drivers, a few times, and reads the wall time until it prints its
``first frame`` line: the bootloader, Python's start, the imports, the window and the
main menu's first frame. Also checks the self-test's exit status, so CI can rely on it.

    python build/measure_start.py [PROGRAM | --onefile] [--runs N] [--limit SECONDS]
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


def one_run(program: Path) -> tuple[float, int, str]:
    """Seconds to the first frame, the exit status and the program's last line.
    Run from an unrelated folder: the bundle must find its assets from anywhere."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as elsewhere:
        began = time.perf_counter()
        process = subprocess.Popen([str(program), "--self-test"], stdout=subprocess.PIPE,
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
    parser.add_argument("--onefile", action="store_true", help="the one-file program in dist/")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, help="fail when the median exceeds this")
    args = parser.parse_args(argv)
    if args.onefile:
        args.program = ONEFILE_PROGRAM
    times = []
    for _ in range(args.runs):
        seconds, status, last = one_run(args.program)
        if status != 0:
            print(f"{args.program.name} --self-test exited {status}: {last}", file=sys.stderr)
            return 1
        times.append(seconds)
    median = statistics.median(times)
    print(f"{args.program.name}: launch to first frame {median:.2f} s median of {args.runs} "
          f"({', '.join(f'{t:.2f}' for t in times)}); self-test passed: {last}")
    if args.limit is not None and median > args.limit:
        print(f"slower than the {args.limit:.2f} s limit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
