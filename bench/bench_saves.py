"""Autosave cost: a 600-action match autosaved after every action, as the table screen does.

Prints the time per autosave (building the save plus one atomic write with its ``.bak``),
split into the two parts, the file size at the end, and what loading and listing cost.
Target: an autosave well under a frame (16 ms) so it never stalls the animation.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import Seat, snapshot
from kalooki.store.saves import autosave, latest_autosave, list_saves, load_save

ACTIONS = 600
SEATS = (Seat("You", "human"), Seat("Marcia", "easy"), Seat("Desmond", "medium"),
         Seat("Keisha", "hard"))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = StorePaths.under(Path(folder))
        recorder = Recorder.new(preset("caribbean"), len(SEATS), 2024)
        rng = Rng(7)
        build: list[float] = []
        write: list[float] = []
        for _ in range(ACTIONS):
            game = recorder.game
            seat = game.to_act
            assert seat is not None
            recorder.apply(choose_random(game.view(seat), rng), seat)
            start = time.perf_counter()
            save = snapshot(recorder, SEATS)
            built = time.perf_counter()
            assert autosave(paths, save) == ()
            write.append(time.perf_counter() - built)
            build.append(built - start)
        total = [b + w for b, w in zip(build, write, strict=True)]
        entry = latest_autosave(paths)
        assert entry is not None
        start = time.perf_counter()
        loaded = load_save(entry.path)
        load_time = time.perf_counter() - start
        assert loaded.value is not None
        start = time.perf_counter()
        list_saves(paths)
        list_time = time.perf_counter() - start
        size = entry.path.stat().st_size
        sync = fsync_time(Path(folder) / "probe", size)
    print(f"autosave after each of {ACTIONS} actions: mean {ms(statistics.mean(total))}, "
          f"median {ms(statistics.median(total))}, max {ms(max(total))} "
          f"(build {ms(statistics.mean(build))} + write {ms(statistics.mean(write))})")
    print(f"file at {ACTIONS} actions: {size / 1024:.1f} KiB; load (replay + checks) "
          f"{ms(load_time)}; listing {ms(list_time)}")
    print(f"for scale, one fsync of such a file here: {ms(sync)} (a write makes three: "
          f"the .bak, the file, the folder)")


def fsync_time(path: Path, size: int, times: int = 20) -> float:
    """The disk's share: the median time to flush a file of ``size`` bytes."""
    spent = []
    with path.open("wb") as file:
        for _ in range(times):
            file.write(b"x" * size)
            file.flush()
            start = time.perf_counter()
            os.fsync(file.fileno())
            spent.append(time.perf_counter() - start)
    return statistics.median(spent)
