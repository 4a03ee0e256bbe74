"""The autosave journal: one row per action, Continue from it, damage set aside and said,
a refused write caught up, and the one-time import of an earlier version's JSON files."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from kalooki.store import journal
from kalooki.store.atomic import save_json
from kalooki.store.journal_import import LEGACY_AUTOSAVES, LEGACY_STATS
from kalooki.store.paths import StorePaths
from kalooki.store.saves import (
    AUTOSAVES_KEPT,
    autosave,
    autosave_path,
    autosave_writer,
    latest_autosave,
    list_saves,
    load_save,
)
from kalooki.store.stats import Stats, load_stats, stats_to_dict
from kalooki.words.notices import notices_text
from tests.support.saves import Faulty, legacy_store, play, same_game, seats, stamped


@contextlib.contextmanager
def opened(paths: StorePaths) -> Iterator[sqlite3.Connection]:
    connection, _ = journal.connect(paths)
    try:
        yield connection
    finally:
        connection.close()


def test_continue_resumes_the_journal_at_every_action(paths: StorePaths) -> None:
    writer = autosave_writer(paths)
    original = play(0)
    for _ in range(60):
        seat = original.game.to_act
        assert seat is not None
        original.apply(original.game.view(seat).legal[0], seat)
        assert writer.append(original, seats(4)) == ()
        entry = latest_autosave(paths)
        assert entry is not None and entry.actions == len(original.actions)
        loaded = load_save(entry.path)
        assert loaded.value is not None and loaded.warnings == ()
        same_game(loaded.value.recorder, original)
    writer.close()


def test_each_append_writes_one_action_row_however_long_the_match(paths: StorePaths) -> None:
    """The constant cost: the transaction after action n holds one new row, not n."""
    recorder = play(300)
    autosave(paths, recorder, seats(4))
    writer = autosave_writer(paths)
    assert writer.append(recorder, seats(4)) == ()  # the match read once, nothing new
    rows: list[int] = []
    real, _ = journal.connect(paths)
    spy = Faulty(real, fail_at=0)
    spy.executemany = lambda sql, batch: rows.append(len(list(batch)))  # type: ignore
    writer._connection = spy  # type: ignore[assignment]
    for _ in range(5):
        seat = recorder.game.to_act
        assert seat is not None
        recorder.apply(recorder.game.view(seat).legal[0], seat)
        assert writer.append(recorder, seats(4)) == ()
    assert rows == [1, 1, 1, 1, 1]
    real.close()


def test_only_the_newest_matches_are_kept(paths: StorePaths) -> None:
    matches = [play(3, seed=s) for s in range(AUTOSAVES_KEPT + 2)]
    for recorder in matches:
        autosave(paths, recorder, seats(4))
    entries, warnings = list_saves(paths)
    assert warnings == []
    assert sorted(e.path for e in entries) == sorted(
        autosave_path(paths, r.record) for r in matches[2:])
    with opened(paths) as connection:
        kept = {key for (key,) in connection.execute("SELECT DISTINCT key FROM actions")}
    assert kept == {autosave_path(paths, r.record).name for r in matches[2:]}


def test_a_refused_write_is_reported_and_caught_up_by_the_next(paths: StorePaths) -> None:
    recorder = play(20)
    writer = autosave_writer(paths)
    assert writer.append(recorder, seats(4)) == ()
    assert writer._connection is not None
    full = Faulty(writer._connection, fail_at=2,
                  error=sqlite3.OperationalError("database or disk is full"))
    writer._connection = full  # type: ignore[assignment]
    more = play(21)
    warnings = writer.append(more, seats(4))
    assert warnings
    assert "Could not save the autosave (database or disk is full" in notices_text(warnings[0])
    loaded = load_save(autosave_path(paths, recorder.record))
    assert loaded.value is not None and loaded.value.save.summary.actions == 20
    later = play(23)
    assert writer.append(later, seats(4)) == ()  # writes actions 21 to 23 at once
    loaded = load_save(autosave_path(paths, recorder.record))
    assert loaded.value is not None
    same_game(loaded.value.recorder, later)
    writer.close()


@pytest.mark.parametrize("damage", ["action", "summary", "header", "gap"])
def test_a_damaged_match_is_set_aside_and_said_never_an_older_game(
        paths: StorePaths, damage: str) -> None:
    autosave(paths, play(30, seed=1), seats(4))  # an older match, not over
    newer = play(41, seed=2)
    autosave(paths, newer, seats(4))
    path = autosave_path(paths, newer.record)
    edits = {
        "action": "UPDATE actions SET code = 'draw' WHERE number = 31 AND key = ?",
        "summary": "UPDATE matches SET summary = replace(summary, '\"deal\": 1', "
                   "'\"deal\": 2') WHERE key = ?",
        "header": "UPDATE matches SET header = '{\"record\": 3' WHERE key = ?",
        "gap": "DELETE FROM actions WHERE number = 7 AND key = ?",
    }
    with opened(paths) as connection:
        connection.execute(edits[damage], (path.name,))
    assert latest_autosave(paths) is not None and latest_autosave(paths).path == path
    loaded = load_save(path)
    assert loaded.value is None
    [warning] = loaded.warnings
    # Named as the list names it when its rows still say; else by its key.
    named = "caribbean: You, Marcia, Desmond, Keisha" if damage in ("action", "summary") \
        else path.name
    said = notices_text(warning)
    assert f"the autosave \u201c{named}\u201d was set aside; it could not be used" in said
    entries, warnings = list_saves(paths)
    assert [e.actions for e in entries] == [30] and warnings == []
    with opened(paths) as connection:
        [(aside,)] = connection.execute("SELECT aside FROM matches WHERE key = ?",
                                        (path.name,))
    assert aside  # kept in the file, for whoever wants to look


def test_a_file_sqlite_cannot_read_is_set_aside_and_a_new_journal_started(
        paths: StorePaths) -> None:
    file = journal.journal_path(paths)
    file.parent.mkdir(parents=True)
    file.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    entries, warnings = list_saves(paths)
    assert entries == []
    [told] = warnings
    said = notices_text(told)
    assert f"{file.name} was damaged" in said and f"kept as {file.name}.broken-" in said
    assert latest_autosave(paths) is None
    [aside] = file.parent.glob(f"{file.name}.broken-*")
    assert aside.read_bytes().startswith(b"SQLite format 3")
    stats, told = load_stats(paths)
    assert stats == Stats() and told == []
    assert autosave(paths, play(5), seats(4)) == ()


def test_a_surrogate_name_is_refused_not_stored(paths: StorePaths) -> None:
    warnings = autosave(paths, play(5), (seats(4)[0], *seats(4)[1:]))
    assert warnings == ()
    bad = dataclasses.replace(seats(4)[1])
    object.__setattr__(bad, "name", "\ud800")
    assert autosave(paths, play(6), (seats(4)[0], bad, *seats(4)[2:]))
    loaded = load_save(autosave_path(paths, play(5).record))
    assert loaded.value is not None and loaded.value.save.summary.actions == 5


# -- the import of an earlier version's files ----------------------------------------


def test_old_autosaves_and_statistics_are_imported_once_and_kept_aside(
        paths: StorePaths) -> None:
    recorders, stats = legacy_store(paths)
    newest = recorders[2]  # saved at 18:30, the latest of the three
    entry = latest_autosave(paths)
    assert entry is not None and entry.actions == 3
    loaded = load_save(entry.path)
    assert loaded.value is not None
    assert loaded.value.game.state_hash() == newest.game.state_hash()
    same_game(loaded.value.recorder, newest)
    assert load_stats(paths) == (stats, [])
    [folder] = paths.data_dir.glob("imported-*")
    assert (folder / LEGACY_STATS).exists() and (folder / LEGACY_AUTOSAVES).is_dir()
    assert not (paths.saves_dir / LEGACY_AUTOSAVES).exists()
    entries, warnings = list_saves(paths)
    assert sorted(e.actions for e in entries) == [3, 40, 75] and warnings == []
    # Files put back (a copy restored by hand) are not imported a second time.
    save_json(paths.data_dir / LEGACY_STATS, stats_to_dict(stats), "statistics")
    assert load_stats(paths) == (stats, [])


def test_the_import_says_where_the_old_files_went(paths: StorePaths) -> None:
    legacy_store(paths)
    connection, warnings = journal.connect(paths)
    connection.close()
    [folder] = paths.data_dir.glob("imported-*")
    assert len(warnings) == 1 and folder.name in notices_text(warnings[0])
    assert warnings[0].code == "imported"
    connection, warnings = journal.connect(paths)
    connection.close()
    assert warnings == ()


def test_a_damaged_old_autosave_is_set_aside_and_its_backup_imported(
        paths: StorePaths) -> None:
    legacy_store(paths)
    folder = paths.saves_dir / LEGACY_AUTOSAVES
    first = folder / f"{0:016x}.json"
    later = dataclasses.replace(stamped(play(45, seed=1)), kind="autosave")
    save_json(first, later.to_dict(), "autosave")  # 40 actions now in the .bak
    first.write_bytes(first.read_bytes()[:300])
    connection, warnings = journal.connect(paths)
    connection.close()
    assert "was damaged" in notices_text(warnings)
    entries, _ = list_saves(paths)
    assert sorted(e.actions for e in entries) == [3, 40, 75]
    [imported] = paths.data_dir.glob("imported-*")
    assert list((imported / LEGACY_AUTOSAVES).glob("*.broken-*"))


def test_a_store_that_never_had_files_imports_nothing(tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path)
    assert load_stats(paths) == (Stats(), [])
    assert not list(paths.data_dir.glob("imported-*"))
