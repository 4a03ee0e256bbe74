"""``make window-check``: the built program's window, on a real X server (Xvfb), carries the
class, the title and an icon the desktop entry matches it by.

Starts the program on ``$DISPLAY`` (``xvfb-run`` gives one), waits until its window has a
title, reads ``WM_CLASS``, ``_NET_WM_NAME`` and ``_NET_WM_ICON`` with xprop and compares
them with the entry ``kalooki desktop`` writes (``StartupWMClass``, ``Name``), then stops
the program. Linux (X11) only, like the desktop entry it checks; xdotool and xprop are
Debian's (``.ci/run`` installs them).

    xvfb-run -a python build/window_check.py [PROGRAM]
"""

from __future__ import annotations

import configparser
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kalooki.tools.desktop import desktop_entry  # noqa: E402

PROGRAM = ROOT / "dist" / "kalooki" / "kalooki"
WAIT = 90.0
POLL = 0.5


def _xprop(window: str) -> str:
    return subprocess.run(["xprop", "-id", window, "WM_CLASS", "_NET_WM_NAME", "_NET_WM_ICON"],
                          capture_output=True, text=True).stdout


def _window(pid: int) -> tuple[str, str]:
    """The program's window with a title, and its properties, once it has them."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--pid", str(pid), "--name", "."],
                               capture_output=True, text=True).stdout.split()
        for window in found:
            shown = _xprop(window)
            if "_NET_WM_NAME(UTF8_STRING)" in shown and "Icon (" in shown:
                return window, shown
        time.sleep(POLL)
    raise SystemExit(f"no titled window with an icon after {WAIT:.0f} s")


def main(argv: list[str]) -> int:
    program = Path(argv[0]) if argv else PROGRAM
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read_string(desktop_entry(["kalooki"]))
    wanted = entry["Desktop Entry"]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "KALOOKI_HOME": home}
        process = subprocess.Popen([str(program)], env=env, cwd=home,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            window, shown = _window(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
    classes = re.search(r'WM_CLASS\(STRING\) = "([^"]*)", "([^"]*)"', shown)
    title = re.search(r'_NET_WM_NAME\(UTF8_STRING\) = "([^"]*)"', shown)
    icon = re.search(r"Icon \((\d+) x (\d+)\)", shown)
    print(f"window {window}: class {classes and classes.groups()}, title "
          f"{title and title[1]!r}, icon {icon and icon.groups()}")
    problems = []
    if classes is None or classes[2] != wanted["StartupWMClass"]:
        problems.append(f"class is not the entry's StartupWMClass {wanted['StartupWMClass']!r}")
    if title is None or title[1] != wanted["Name"]:
        problems.append(f"title is not the entry's Name {wanted['Name']!r}")
    if icon is None:
        problems.append("no icon")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
