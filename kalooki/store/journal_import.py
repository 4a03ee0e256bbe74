"""The one-time move of an earlier version's files into the journal.

Before the journal, each match's autosave was a JSON file in ``saves/autosave/``, and the
statistics and match history were ``statistics.json`` and ``match_history.json`` in the
data folder. At the first start with the
journal they are read as they always were (a damaged file set aside, its ``.bak`` used,
every autosave replayed and checked), written into the journal in one transaction that
also marks the import done, and then moved into ``imported-<time>/`` in the data folder,
which the notice names. The mark, not the files' absence, keeps the import from running
twice: statistics counted twice would be worse than old files left in place.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from kalooki.engine.facts.said import Fact
from kalooki.engine.record import Recorder
from kalooki.store.atomic import backup_path, read_json, read_with_fallback
from kalooki.store.notices import notice, os_reason
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import MAX_SAVE_BYTES, load
from kalooki.store.savegame import Seat

LEGACY_STATS = "statistics.json"
LEGACY_HISTORY = "match_history.json"
LEGACY_AUTOSAVES = "autosave"
"""The folder of JSON autosaves, under the saves folder."""
IMPORTED_MARK = "imported"
STATS_NAME = "statistics"
HISTORY_NAME = "history"
"""The statistics' and the match history's documents in the journal's ``kept`` table."""
DOCUMENTS = ((LEGACY_STATS, STATS_NAME), (LEGACY_HISTORY, HISTORY_NAME))
WriteMatch = Callable[[sqlite3.Connection, Recorder, Sequence[Seat], str], None]


def legacy_files(paths: StorePaths) -> list[Path]:
    """The earlier version's files still in place."""
    files = [paths.data_dir / file for file, _ in DOCUMENTS]
    candidates = [*files, *map(backup_path, files), paths.saves_dir / LEGACY_AUTOSAVES]
    return [path for path in candidates if path.exists()]


def import_once(connection: sqlite3.Connection, paths: StorePaths,
                write_match: WriteMatch) -> list[Fact]:
    """Import the earlier version's files unless the journal says it was done; returns
    the notices (what was damaged, where the old files went). Raises sqlite3.Error when
    the journal refuses the writes (the next start tries again)."""
    if _imported(connection):
        return []
    warnings: list[Fact] = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        if _imported(connection):  # another copy of the game did it meanwhile
            connection.execute("ROLLBACK")
            return []
        found = legacy_files(paths)
        if found:
            for file, name in DOCUMENTS:
                warnings.extend(_import_document(connection, paths.data_dir / file, name))
            warnings.extend(_import_autosaves(connection, paths, write_match))
        connection.execute("INSERT OR REPLACE INTO kept (name, value) VALUES (?, ?)",
                           (IMPORTED_MARK, time.strftime("%Y-%m-%dT%H:%M:%S")))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    if found:  # where the old files went first: a window shows the first notice whole
        warnings.insert(0, _move_aside(paths, found))
    return warnings


def _imported(connection: sqlite3.Connection) -> bool:
    return connection.execute("SELECT 1 FROM kept WHERE name = ?",
                              (IMPORTED_MARK,)).fetchone() is not None


def _import_document(connection: sqlite3.Connection, path: Path, name: str) -> list[Fact]:
    """A file's document as it was; whoever reads it reads it forgivingly, field by field,
    as the file was read."""
    if not path.exists() and not backup_path(path).exists():
        return []
    loaded = read_json(path)
    if loaded.value is not None:
        connection.execute("INSERT OR REPLACE INTO kept (name, value) VALUES (?, ?)",
                           (name, json.dumps(loaded.value, ensure_ascii=True)))
    return list(loaded.warnings)


def _import_autosaves(connection: sqlite3.Connection, paths: StorePaths,
                      write_match: WriteMatch) -> list[Fact]:
    warnings: list[Fact] = []
    for path in _autosave_files(paths.saves_dir / LEGACY_AUTOSAVES):
        loaded = read_with_fallback(path, load, MAX_SAVE_BYTES)
        warnings.extend(loaded.warnings)
        if loaded.value is not None:
            save = loaded.value.save
            assert save.saved_at is not None  # decoded saves carry their time
            write_match(connection, loaded.value.recorder, save.seats,
                        save.saved_at.isoformat())
    return warnings


def _autosave_files(folder: Path) -> Iterator[Path]:
    """Each autosave once by its main name, even when only its ``.bak`` is left."""
    if not folder.is_dir():
        return
    names = {p.name.removesuffix(".bak") for p in folder.iterdir() if p.is_file()}
    yield from (folder / name for name in sorted(names)
                if name.endswith(".json") and not name.startswith("."))


def _move_aside(paths: StorePaths, found: list[Path]) -> Fact:
    """Move the imported files into one new folder and say where; if the disk refuses,
    they stay (the journal's mark keeps them from being imported again)."""
    target = paths.data_dir / f"imported-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        target.mkdir(parents=True, exist_ok=True)
        for path in found:
            if path.exists():
                shutil.move(path, target / path.name)
    except OSError as error:
        return notice("import-not-moved", reason=os_reason(error))
    logging.getLogger("kalooki.store").info("the imported files are in %s", target)
    return notice("imported", folder=target.name)
