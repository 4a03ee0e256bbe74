"""Crash safety through the saves API: a writer killed at any moment, 200 times, always
leaves an autosave and a named save that load, each as the old version or the new one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kalooki.store.paths import StorePaths
from kalooki.store.saves import autosave_path, list_saves, load_save
from tests.support.saves import play

REPO = Path(__file__).resolve().parents[1]
KILLS = 200
VERSIONS = (100, 140)
"""The same match saved after this many actions: the old and the new version."""

WRITERS = """
import os, sys
sys.path.insert(0, sys.argv[1])
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import snapshot
from kalooki.store.saves import autosave, save_named
from tests.support.saves import play, seats
paths = StorePaths.under(sys.argv[2])
played = [play(n) for n in map(int, sys.argv[3:])]
versions = [snapshot(p, seats(4)) for p in played]
autosave(paths, played[0], seats(4))
save_named(paths, versions[0], "Crash test")
print("ready", flush=True)
for _ in sys.stdin:
    pid = os.fork()
    if pid == 0:
        try:
            for i in range(os.getpid() % 2, 10**9):  # each writer starts on either version
                autosave(paths, played[i % 2], seats(4))
                save_named(paths, versions[(i + 1) % 2], "Crash test")
        finally:
            os._exit(1)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""
"""Forks a fresh writer on each line of input: a new process per kill, without paying
Python's start-up (and the games' play) 200 times."""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_killed_saver_always_leaves_saves_that_load(tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path)
    auto = autosave_path(paths, play(1).record)
    named = paths.saves_dir / "Crash test.json"
    rng = random.Random(20260301)
    seen: set[tuple[str, int]] = set()
    forker = subprocess.Popen(
        [sys.executable, "-c", WRITERS, str(REPO), str(tmp_path), *map(str, VERSIONS)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert forker.stdin is not None and forker.stdout is not None
    writer = 0
    try:
        assert forker.stdout.readline() == "ready\n"
        for kill in range(KILLS):
            forker.stdin.write("go\n")
            forker.stdin.flush()
            writer = int(forker.stdout.readline())
            # Mostly mid-write kills; every eighth saver lives long enough to finish, even
            # on a loaded machine, so every version gets its turn on disk.
            time.sleep(rng.uniform(0.001, 0.050) if kill % 8 else rng.uniform(0.05, 0.4))
            os.kill(writer, signal.SIGKILL)
            writer = 0
            assert int(forker.stdout.readline()) == -signal.SIGKILL  # killed, not crashed
            for path in (auto, named):
                loaded = load_save(path)
                assert loaded.warnings == () and loaded.source == path
                assert loaded.value is not None
                actions = len(loaded.value.recorder.actions)
                assert actions in VERSIONS
                seen.add((path.name, actions))
        entries, warnings = list_saves(paths)
        assert warnings == [] and len(entries) == 2
    finally:
        if writer:  # a failed assertion left a writer running: stop it before its parent
            os.kill(writer, signal.SIGKILL)
        forker.kill()
        forker.communicate()
    assert seen == {(p.name, n) for p in (auto, named) for n in VERSIONS}
