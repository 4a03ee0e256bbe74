#!/usr/bin/env python3
"""The suite's two promises, measured (issue 29): the same verdict every run, and the
verdict within minutes.

  python3 .ci/suite_runs.py repeat 20                 # 20 whole-suite runs, -n 2 and plain in turn
  python3 .ci/suite_runs.py repeat 5 --modes xdist    # only the parallel runs
  python3 .ci/suite_runs.py clean --times 3           # `make test` on a fresh clone, 3 times
  python3 .ci/suite_runs.py clean --beside            # the same with a second copy beside it

`repeat` runs in this checkout (its .venv, from `make lint`) and prints one line a run:
its mode, the counts, the wall time and the load; then whether every run gave every test
the same verdict (a test that passes in one run and fails in another is named). `clean`
clones the committed HEAD into a temporary folder (no .venv, no caches), times
`make test` there and prints the wall time with the load before and after (and the tests
that failed; the whole output is kept in $TMPDIR); --beside starts a second clone's
`make test` at the same moment and times both. Exit status 1 when a run
failed or the verdicts differed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
MODES = {
    "xdist": ["-n", "2", "--dist", "loadfile"],
    "plain": [],
}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def verdicts(junit: Path) -> dict[str, str]:
    """Each test's outcome in a JUnit report: passed, failed, error or skipped."""
    found: dict[str, str] = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = {"failure": "failed"}.get(child.tag, child.tag)
        found[name] = outcome
    return found


def repeat(runs: int, modes: list[str]) -> int:
    python = ROOT / ".venv" / "bin" / "python"
    if not python.exists():
        sys.exit("no .venv here: run `make lint` first")
    first: dict[str, str] | None = None
    differing: set[str] = set()
    failed_runs = 0
    with tempfile.TemporaryDirectory(prefix="suite-runs-") as scratch:
        for number in range(1, runs + 1):
            mode = modes[(number - 1) % len(modes)]
            junit = Path(scratch) / f"run-{number}.xml"
            before, start = load(), time.monotonic()
            done = subprocess.run(
                [str(python), "-m", "pytest", "-p", "no:cacheprovider", "-q",
                 f"--junitxml={junit}", *MODES[mode]],
                cwd=ROOT, env={**os.environ, **HEADLESS}, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, text=True)
            wall = time.monotonic() - start
            seen = verdicts(junit) if junit.exists() else {}
            counts = {k: sum(v == k for v in seen.values())
                      for k in ("passed", "failed", "error", "skipped")}
            failed_runs += done.returncode != 0
            print(f"run {number}/{runs} {mode:5}: " + ", ".join(
                f"{n} {k}" for k, n in counts.items()) + f" in {wall:.0f} s"
                f" (exit {done.returncode}; load before {before}, after {load()})",
                flush=True)
            for name, outcome in sorted(seen.items()):
                if outcome in ("failed", "error"):
                    print(f"    {outcome}: {name}", flush=True)
            if first is None:
                first = seen
            else:
                differing |= {n for n in first.keys() | seen.keys()
                              if first.get(n) != seen.get(n)}
    if differing:
        print(f"verdicts differ between runs for {len(differing)} tests:")
        for name in sorted(differing):
            print(f"    {name}")
    else:
        print(f"the same verdict for every test in all {runs} runs")
    return 1 if differing or failed_runs else 0


def clean(times: int, beside: bool) -> int:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    worst = 0
    for number in range(1, times + 1):
        with tempfile.TemporaryDirectory(prefix="suite-clean-") as scratch:
            copies = [Path(scratch) / f"copy-{i}" for i in range(2 if beside else 1)]
            for copy in copies:
                subprocess.run(["git", "clone", "-q", str(ROOT), str(copy)], check=True)
                subprocess.run(["git", "checkout", "-q", head], cwd=copy, check=True)
            before, start = load(), time.monotonic()
            with contextlib.ExitStack() as logs:
                running = [subprocess.Popen(
                    ["make", "test"], cwd=copy, stderr=subprocess.STDOUT,
                    stdout=logs.enter_context(open(copy / "make-test.log", "w")))
                    for copy in copies]
                ends: list[float | None] = [None] * len(running)
                while None in ends:
                    for i, process in enumerate(running):
                        if ends[i] is None and process.poll() is not None:
                            ends[i] = time.monotonic() - start
                    time.sleep(0.5)
            for copy, process, wall in zip(copies, running, ends, strict=True):
                assert wall is not None
                text = (copy / "make-test.log").read_text()
                kept = Path(tempfile.gettempdir()) / f"suite-clean-{head}-{number}-{copy.name}.log"
                kept.write_text(text)
                tail = [line for line in text.splitlines() if " in " in line
                        and ("passed" in line or "failed" in line)][-1:]
                print(f"clean {number}/{times} {copy.name} at {head}: make test exit "
                      f"{process.returncode} in {wall // 60:.0f} min {wall % 60:.0f} s "
                      f"(load before {before}, after {load()}) {' '.join(tail)} [{kept}]",
                      flush=True)
                for line in text.splitlines():
                    if line.startswith(("FAILED", "ERROR")):
                        print(f"    {line}", flush=True)
                worst = max(worst, process.returncode)
    return 1 if worst else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("repeat", help="whole-suite runs in this checkout")
    rep.add_argument("runs", type=int)
    rep.add_argument("--modes", default="xdist,plain",
                     help="comma-separated, taken in turn: xdist (-n 2), plain")
    cl = sub.add_parser("clean", help="make test on fresh clones of HEAD")
    cl.add_argument("--times", type=int, default=1)
    cl.add_argument("--beside", action="store_true", help="a second copy at the same time")
    args = parser.parse_args()
    if args.command == "repeat":
        modes = args.modes.split(",")
        unknown = [m for m in modes if m not in MODES]
        if unknown:
            parser.error(f"unknown mode {unknown[0]!r}")
        return repeat(args.runs, modes)
    return clean(args.times, args.beside)


if __name__ == "__main__":
    raise SystemExit(main())
