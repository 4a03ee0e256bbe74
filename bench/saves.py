"""Autosave cost in the journal: the time of one append, as the table makes after every
action, at 1,000 actions and at 200,000 actions into a match.

The first match is real (random players, 1,000 actions, each appended through
:class:`kalooki.store.journal.Journal`, exactly as ``MatchKeeper`` does). For the second,
the journal is filled with 199,000 rows written directly (quick), and a real match then
goes on from there through the same append path, its actions numbered after the filler,
so each append lands in a journal that already holds 199,000 to 200,000 actions.
Target (issue 19): at most 2 ms per append at both sizes.

Then what durability costs (issue 30.6): the append of the action that ends a deal is
committed with ``synchronous=FULL`` (its commit waits for the disk), every other with
``NORMAL``; a match of short deals is played through DEALS deals (or to its end) and both kinds of
append are timed. Problems counted: an append that warned, a load or listing that did not
give back the match as played.

    python -m bench.saves
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import HASH_EVERY, Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store import journal
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import Seat
from kalooki.store.saves import AUTOSAVES_KEPT, latest_autosave, list_saves, load_save

ACTIONS = 1000
FILLER = 199_000
"""Rows already in the journal before the long match's timed appends (a multiple of
HASH_EVERY, so the digests keep their places)."""
DEALS = 8
SEATS = (Seat("You", "human"), Seat("Marcia", "easy"), Seat("Desmond", "medium"),
         Seat("Keisha", "hard"))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    return (f"{name}: mean {ms(statistics.mean(times))}, median {ms(statistics.median(times))}"
            f", p99 {ms(ordered[int(len(ordered) * 0.99)])}, max {ms(ordered[-1])} "
            f"over {len(times)} appends")


def step(recorder: Recorder, rng: Rng) -> None:
    game = recorder.game
    seat = game.to_act
    assert seat is not None
    recorder.apply(choose_random(game.view(seat), rng), seat)


def short_match(paths: StorePaths) -> list[float]:
    writer = journal.Journal(paths, AUTOSAVES_KEPT)
    recorder = Recorder.new(preset("caribbean"), len(SEATS), 2024)
    rng = Rng(7)
    times = []
    while len(recorder.actions) < ACTIONS and not recorder.game.over:
        step(recorder, rng)
        start = time.perf_counter()
        assert writer.append(recorder, SEATS) == ()
        times.append(time.perf_counter() - start)
    writer.close()
    return times


class Shifted(Recorder):
    """A real match whose record is numbered after FILLER rows of another."""

    def __init__(self, inner: Recorder) -> None:
        super().__init__(inner.game, ["draw"] * FILLER,
                         [(n, "0" * 16) for n in range(HASH_EVERY, FILLER + 1, HASH_EVERY)])
        self.inner = inner

    def follow(self) -> None:
        self.actions.append(self.inner.actions[-1])
        if len(self.inner.actions) % HASH_EVERY == 0:
            self.hashes.append((FILLER + len(self.inner.actions), self.inner.hashes[-1][1]))


def long_match(paths: StorePaths) -> list[float]:
    inner = Recorder.new(preset("caribbean"), len(SEATS), 4048)
    shifted = Shifted(inner)
    writer = journal.Journal(paths, AUTOSAVES_KEPT)
    assert writer.append(shifted, SEATS) == ()  # the header row and 199,000 rows: once
    connection, _ = journal.connect(paths)
    rows = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
    connection.close()
    assert rows >= FILLER
    rng = Rng(11)
    times = []
    while len(inner.actions) < ACTIONS and not inner.game.over:
        step(inner, rng)
        shifted.follow()
        start = time.perf_counter()
        assert writer.append(shifted, SEATS) == ()
        times.append(time.perf_counter() - start)
    writer.close()
    return times


def durable_appends(paths: StorePaths) -> tuple[list[float], list[float], int]:
    """Appends timed through DEALS deal ends: (ordinary, deal-ending, problems)."""
    writer = journal.Journal(paths, AUTOSAVES_KEPT)
    recorder = Recorder.new(preset("baby"), len(SEATS), 30)
    rng = Rng(30)
    ordinary: list[float] = []
    ending: list[float] = []
    problems = int(writer.append(recorder, SEATS) != ())
    while len(recorder.game.results) < DEALS and not recorder.game.over:
        ended = len(recorder.game.results)
        step(recorder, rng)
        start = time.perf_counter()
        problems += writer.append(recorder, SEATS) != ()
        took = time.perf_counter() - start
        (ending if len(recorder.game.results) > ended else ordinary).append(took)
    writer.close()
    return ordinary, ending, problems


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = StorePaths.under(Path(folder) / "short")
        short = short_match(paths)
        entry = latest_autosave(paths)
        assert entry is not None
        start = time.perf_counter()
        loaded = load_save(entry.path)
        load_time = time.perf_counter() - start
        assert loaded.value is not None
        start = time.perf_counter()
        list_saves(paths)
        list_time = time.perf_counter() - start
        size = journal.journal_path(paths).stat().st_size
        long_paths = StorePaths.under(Path(folder) / "long")
        start = time.perf_counter()
        long = long_match(long_paths)
        built = time.perf_counter() - start - sum(long)
        long_size = sum(p.stat().st_size for p in long_paths.data_dir.glob("kalooki.sqlite3*"))
        problems = int(len(loaded.value.recorder.actions) != len(short))
        problems += len(loaded.warnings) + len(list_saves(paths)[1])
        ordinary, ending, more = durable_appends(StorePaths.under(Path(folder) / "deals"))
        problems += more
    print(figures(f"append at 1 to {len(short)} actions", short))
    print(figures(f"append at {FILLER + 1:,} to {FILLER + len(long):,} actions", long))
    print(f"journal at {len(short)} actions: {size / 1024:.0f} KiB; at {FILLER + len(long):,}"
          f" actions: {long_size / 2**20:.1f} MiB (filled in {built:.1f} s)")
    print(f"the {len(short)}-action match: load (replay + checks) {ms(load_time)}; "
          f"listing {ms(list_time)}")
    print(figures(f"append of an action that ends a deal (FULL), {len(ending)} deals", ending))
    print(figures("append of any other action (NORMAL) in those deals", ordinary))
    print(f"problems: {problems}")
    print(json.dumps({"ms_per_append_1k": round(statistics.mean(short) * 1000, 3),
                      "ms_per_append_200k": round(statistics.mean(long) * 1000, 3),
                      "ms_per_deal_end_append": round(statistics.mean(ending) * 1000, 3),
                      "problems": problems}))


if __name__ == "__main__":
    main()
