"""Crash safety through the saves API: a writer killed at any of its writes, 200 times,
always leaves an autosave and a named save that load, each as the old version or the new
one. Each kill lands on a state the writer announces (see tests/support/kills.py)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from kalooki.store.paths import StorePaths
from kalooki.store.saves import autosave_path, list_saves, load_save
from tests.support.kills import HOLD, Forker, Target
from tests.support.saves import play

KILLS = 200
VERSIONS = (100, 140)
"""The same match saved after this many actions: the old and the new version."""

WRITER = """
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import snapshot
from kalooki.store.saves import autosave, save_named
from tests.support.saves import play, seats
paths = StorePaths.under(sys.argv[3])
played = [play(n) for n in map(int, sys.argv[4:])]
versions = [snapshot(p, seats(4)) for p in played]
autosave(paths, played[0], seats(4))
save_named(paths, versions[0], "Crash test")
STEPS.append(lambda i: autosave(paths, played[i % 2], seats(4)))
STEPS.append(lambda i: save_named(paths, versions[(i + 1) % 2], "Crash test"))
"""
"""Each iteration autosaves one version (a row in the journal) and saves the other under a
name (a JSON file written atomically)."""
KILL_AT = (Target("at 0 0"), Target("sql BEGIN"), Target("sql INSERT"), Target("sql COMMIT"),
           Target("at 0 1"), Target("fsync", 1), Target("replace", 1), Target("fsync", 2),
           Target("replace", 2), Target("at 1 0"), Target("sql COMMIT", 2))
"""As the autosave begins, as its transaction begins, writes its row and commits; as the
named save begins, after each flush and rename of it and its .bak; in the next autosave."""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_killed_saver_always_leaves_saves_that_load(tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path)
    auto = autosave_path(paths, play(1).record)
    named = paths.saves_dir / "Crash test.json"
    rng = random.Random(20260301)
    seen: set[tuple[str, int]] = set()
    forker = Forker(WRITER, str(tmp_path), *map(str, VERSIONS))
    try:
        for kill in range(KILLS):
            target = HOLD if kill % 8 == 0 else rng.choice(KILL_AT)
            start = kill // 8  # the holding writers start on either version in turn
            forker.kill_at(target, start)
            for path, version in ((auto, start % 2), (named, (start + 1) % 2)):
                loaded = load_save(path)
                assert loaded.warnings == () and loaded.source == path
                assert loaded.value is not None
                actions = len(loaded.value.recorder.actions)
                assert actions in VERSIONS
                if target.hold:  # the first iteration whole: the versions it wrote
                    assert actions == VERSIONS[version], (path.name, kill)
                seen.add((path.name, actions))
        entries, warnings = list_saves(paths)
        assert warnings == [] and len(entries) == 2
    finally:
        forker.close()
    assert seen == {(p.name, n) for p in (auto, named) for n in VERSIONS}
