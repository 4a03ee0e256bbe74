"""Run a built program's ``--self-test`` headless from an unrelated folder and report its
exit status: what the release workflow checks on Windows and macOS.

``build/measure_start.py`` times the start by reading the program's ``first frame`` line;
the Windows program has no console (the spec builds it windowed), so its self-test reports
by exit status only, which is all this reads. Output, where there is some, is printed.

    python build/self_test_check.py [PROGRAM ...]     (default: both programs in dist/)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
from bundle_config import onefile_name  # noqa: E402

SUFFIX = ".exe" if sys.platform == "win32" else ""
PROGRAMS = (ROOT / "dist" / "kalooki" / f"kalooki{SUFFIX}",
            ROOT / "dist" / f"{onefile_name()}{SUFFIX}")
TIMEOUT = 600


def check(program: Path) -> int:
    """The program's self-test status, run with the dummy drivers and a home of its own."""
    with tempfile.TemporaryDirectory() as scratch:
        elsewhere = Path(scratch) / "elsewhere"
        elsewhere.mkdir()
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "KALOOKI_HOME": str(Path(scratch) / "home")}
        result = subprocess.run([str(program), "--self-test"], cwd=elsewhere, env=env,
                                capture_output=True, text=True, timeout=TIMEOUT)
    for line in (result.stdout + result.stderr).splitlines():
        print(f"  {line}")
    print(f"{program.name} --self-test: exit status {result.returncode}")
    return result.returncode


def main(argv: list[str]) -> int:
    programs = [Path(arg) for arg in argv] or list(PROGRAMS)
    missing = [str(program) for program in programs if not program.is_file()]
    if missing:
        print(f"not built: {', '.join(missing)}", file=sys.stderr)
        return 1
    statuses = [check(program) for program in programs]
    return 0 if all(status == 0 for status in statuses) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
