"""What refusing costs (issue 30.4, 30.2): the CPU time to refuse a save holding a 50 MB
string (in an action, a card of the first deck, the save's name), a save file of 256 MiB
(larger than any save: refused unread), and ``/dev/zero`` given as a save; each through
loading and through the Load screen's listing. Target: under a second each, whatever the
size refused. Problems counted: a refusal that took a second or more, or that was no
refusal.

    python -m bench.refusals
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import Seat, snapshot
from kalooki.store.saves import list_saves, load_save

HUGE = 50_000_000
"""Characters of the huge string: 50 MB, under the 64 MiB a save may be, so it is read."""
FILE = 256 << 20
TARGET = 1.0
SEATS = (Seat("You", "human"), Seat("Marcia", "easy"), Seat("Desmond", "medium"))


def save_doc() -> dict[str, object]:
    recorder = Recorder.new(preset("caribbean"), len(SEATS), 30)
    rng = Rng(30)
    while len(recorder.actions) < 60:
        seat = recorder.game.to_act
        assert seat is not None
        recorder.apply(choose_random(recorder.game.view(seat), rng), seat)
    save = dataclasses.replace(snapshot(recorder, SEATS), saved_at=datetime(2026, 1, 1,
                                                                            tzinfo=UTC))
    return save.to_dict()


def with_huge(where: str) -> bytes:
    doc = save_doc()
    huge = "x" * HUGE
    record = doc["record"]
    assert isinstance(record, dict)
    if where == "action":
        record["actions"][3] = huge
    elif where == "card":
        first = doc["first_deck"]
        assert isinstance(first, list)
        first[0] = huge
    else:
        doc["name"] = huge
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    problems = 0
    with tempfile.TemporaryDirectory() as folder:
        paths = StorePaths.under(Path(folder))
        paths.saves_dir.mkdir(parents=True)
        cases: list[tuple[str, Path]] = []
        for where in ("action", "card", "name"):
            path = paths.saves_dir / f"huge-{where}.json"
            path.write_bytes(with_huge(where))
            cases.append((f"a 50 MB string in its {where}", path))
        big = paths.saves_dir / "big.json"
        with big.open("wb") as file:
            file.truncate(FILE)  # sparse: no disk used
        cases.append(("a 256 MiB save file", big))
        zero = Path("/dev/zero")
        if zero.exists():
            cases.append(("/dev/zero as a save", zero))
        for what, path in cases:
            kept = path.read_bytes() if path.is_file() and path.stat().st_size < FILE else None
            loaded: list[object] = []
            seconds = timed(lambda path=path, loaded=loaded:  # type: ignore[misc]
                            loaded.append(load_save(path)))
            refused = getattr(loaded[0], "value", None) is None
            problems += seconds >= TARGET or not refused
            print(f"load {what}: {'refused' if refused else 'LOADED'} in {seconds:.3f} s CPU")
            if kept is not None and not path.exists():
                path.write_bytes(kept)  # set aside by the load: back for the listing
        listing = timed(lambda: list_saves(paths))
        problems += listing >= TARGET * len(cases)
        print(f"listing the folder of all of them: {listing:.3f} s CPU")
    print(f"problems: {problems}")


if __name__ == "__main__":
    main()
