"""Nothing lost, round three (issue 30): whatever a disk or a player leaves in the store,
the game starts, no read is unbounded or blocks, an emptied journal is said, refusals are
quick, and a fault of ours is named as ours, never as damage to the player's file."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store import journal, savegame, saves
from kalooki.store.bounded import FileRefused, read_bounded
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import MAX_SAVE_BYTES
from kalooki.store.savegame import Seat, snapshot
from kalooki.store.saves import (
    autosave,
    autosave_path,
    autosave_writer,
    find_save,
    latest_autosave,
    list_saves,
    load_save,
    open_journal,
    save_named,
)
from kalooki.store.settings import Settings, load_settings, settings_path
from kalooki.store.stats import DealOutcome, Stats, load_stats, record_deal, save_stats
from kalooki.words.notices import notice_said, notices_text

SEATS = (Seat("You", "human"), Seat("Marcia", "easy"), Seat("Desmond", "medium"))
T = TypeVar("T")
SEATS_NAME = "caribbean: You, Marcia, Desmond"
"""The autosave's name: its rules and its players."""


def match(steps: int, seed: int = 7) -> Recorder:
    """A match of random legal play, ``steps`` actions long."""
    recorder = Recorder.new(preset("caribbean"), len(SEATS), seed)
    rng = Rng(seed)
    while len(recorder.actions) < steps:
        seat = recorder.game.to_act
        assert seat is not None
        recorder.apply(choose_random(recorder.game.view(seat), rng), seat)
    return recorder


def set_column(paths: StorePaths, column: str, value: str) -> None:
    connection = sqlite3.connect(journal.journal_path(paths))
    with connection:
        connection.execute(f"UPDATE matches SET {column} = ?", (value,))
    connection.close()


# -- 1. every document read is checked for shape ---------------------------------------

SHAPES = ['"a string"', "[1, 2]", "7", "null", "true", '{"record": [1]}',
          '{"record": {}, "name": ["x"]}']


@pytest.mark.parametrize("header", SHAPES)
def test_a_journal_header_of_the_wrong_shape_is_damage_not_a_crash(paths: StorePaths,
                                                                   header: str) -> None:
    assert autosave(paths, match(30), SEATS) == ()
    set_column(paths, "header", header)
    entry = latest_autosave(paths)  # the menu asks this on every start
    assert entry is not None
    assert find_save(paths, "no such save") is None
    loaded = load_save(entry.path)  # Continue: refused, set aside, said
    assert loaded.value is None and loaded.warnings
    assert latest_autosave(paths) is None
    assert list_saves(paths) == ([], [])


@pytest.mark.parametrize("summary", SHAPES)
def test_a_journal_summary_of_the_wrong_shape_is_damage_not_a_crash(paths: StorePaths,
                                                                    summary: str) -> None:
    assert autosave(paths, match(30), SEATS) == ()
    set_column(paths, "summary", summary)
    entry = latest_autosave(paths)
    assert entry is not None
    loaded = load_save(entry.path)
    assert loaded.value is None and loaded.warnings
    assert latest_autosave(paths) is None


def test_the_main_menu_opens_over_a_journal_with_a_string_header(paths: StorePaths) -> None:
    from kalooki.ui.launcher import launch
    from kalooki.ui.pages.menu import MainMenuScene
    from tests.support.ui import FakeClock

    assert autosave(paths, match(30), SEATS) == ()
    set_column(paths, "header", '"a string"')
    app = launch(paths, clock=FakeClock())
    try:
        assert isinstance(app.scene, MainMenuScene)
        assert app.run_frames(3)
    finally:
        app.close()


def test_kalooki_saves_lists_around_a_header_of_the_wrong_shape(paths: StorePaths,
                                                                tmp_path: Path,
                                                                capsys) -> None:
    from kalooki.cli.main import main

    assert autosave(paths, match(30), SEATS) == ()
    set_column(paths, "header", json.dumps(["not", "an", "object"]))
    assert main(["saves", "--data-dir", str(tmp_path)]) == 0
    assert "Traceback" not in capsys.readouterr().err


# -- 5. only damage is damage ------------------------------------------------------------


def test_a_fault_in_replay_is_ours_logged_whole_and_the_games_are_kept(
        paths: StorePaths, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    recorder = match(40, seed=11)
    assert autosave(paths, recorder, SEATS) == ()
    named = save_named(paths, snapshot(recorder, SEATS), "Friday night")
    auto = autosave_path(paths, recorder.record)

    def slip(record: object) -> Recorder:
        raise TypeError("a refactoring slip")

    monkeypatch.setattr(savegame, "replay", slip)
    monkeypatch.setattr(saves, "_PROVED", set())  # nothing proved before the slip
    with caplog.at_level(logging.ERROR, "kalooki.store"):
        entries, warnings = list_saves(paths)
    assert sorted(e.name for e in entries) == ["Friday night", SEATS_NAME]
    assert sorted(w.code for w in warnings) == ["fault", "match-fault"]  # type: ignore
    slips = [r for r in caplog.records if r.exc_info and r.exc_info[0] is TypeError]
    assert len(slips) == 2 and "a refactoring slip" in caplog.text  # the traceback, logged
    for path in (auto, named):
        loaded = load_save(path)
        assert loaded.value is None and loaded.fault
        assert "a fault in the game, not in your file" in notices_text(loaded.warnings[0])
    assert sorted(p.name for p in named.parent.iterdir()) == [named.name]  # nothing aside
    monkeypatch.undo()
    assert latest_autosave(paths) is not None
    assert {e.name for e in list_saves(paths)[0]} == {"Friday night", SEATS_NAME}
    for path in (auto, named):
        assert load_save(path).value is not None


# -- 2. every read is bounded, and only regular files are read ---------------------------

DEVICE = Path("/dev/zero")
needs_devices = pytest.mark.skipif(not DEVICE.exists() or not hasattr(os, "mkfifo"),
                                   reason="a system with /dev/zero and FIFOs")
_GUARD = 60.0
"""Seconds after which a read that should have been refused counts as blocked (a failure
guard: a refused read returns at once)."""


def in_thread(work: Callable[[], T]) -> T:
    """``work``'s result, run where a read that blocks cannot stop the test run."""
    done: list[T] = []
    thread = threading.Thread(target=lambda: done.append(work()), daemon=True)
    thread.start()
    thread.join(_GUARD)
    assert done, "blocked"
    return done[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "record.json"
    os.mkfifo(path)
    yield path
    with contextlib.suppress(OSError):  # free a reader the old code left waiting
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


@needs_devices
@pytest.mark.parametrize("watch", [False, True])
def test_replay_of_a_device_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                   watch: bool) -> None:
    from kalooki.cli.main import main

    assert in_thread(lambda: main(["replay", str(DEVICE), *(["--watch"] * watch)])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a file but a device" in err


@needs_devices
@pytest.mark.parametrize("command", [["replay", "{}"], ["replay", "{}", "--watch"],
                                     ["rules", "meld", "--rules", "{}", "7H", "8H", "9H"]])
def test_a_fifo_on_the_command_line_is_refused_unopened(fifo: Path, command: list[str],
                                                        capsys: pytest.CaptureFixture[str],
                                                        ) -> None:
    from kalooki.cli.main import main

    argv = [part.format(fifo) for part in command]
    assert in_thread(lambda: main(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "named pipe (FIFO)" in err


def test_replay_of_a_folder_is_one_line_and_exit_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from kalooki.cli.main import main

    assert main(["replay", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a file but a folder" in err


@needs_devices
def test_the_window_says_a_fifo_is_no_record(fifo: Path) -> None:
    from kalooki.ui.replay.sources import watch_file

    said = in_thread(lambda: watch_file(fifo))
    assert "named pipe (FIFO)" in str(said)


@needs_devices
def test_settings_that_are_a_device_give_defaults_and_a_notice(paths: StorePaths) -> None:
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).symlink_to(DEVICE)
    settings, warnings = in_thread(lambda: load_settings(paths))
    assert settings == Settings()
    assert "not a file but a device" in notices_text(warnings[0])
    assert settings_path(paths).is_symlink()  # a device is left where it is


def test_a_read_stops_at_its_limit_whatever_the_size_says(tmp_path: Path) -> None:
    status = Path("/proc/self/status")  # a regular file whose size says 0
    if not status.exists() or status.stat().st_size:
        pytest.skip("a /proc whose files say no size")
    with pytest.raises(FileRefused):
        read_bounded(status, 16)
    assert read_bounded(status, 1 << 20).startswith(b"Name:")


def test_a_save_larger_than_any_match_is_refused_unread(paths: StorePaths,
                                                        capsys: pytest.CaptureFixture[str],
                                                        ) -> None:
    from kalooki.cli.main import main

    path = paths.saves_dir / "huge.json"
    path.parent.mkdir(parents=True)
    with path.open("wb") as file:
        file.truncate(MAX_SAVE_BYTES + 1)  # sparse: costs no disk
    assert main(["replay", str(path)]) == 1
    assert "larger than 64 MiB" in capsys.readouterr().err
    entries, warnings = list_saves(paths)
    assert entries == [] and "larger than 64 MiB" in str(notice_said(warnings[0]))


# -- 3. a journal emptied after the game wrote one is said, and kept aside ---------------


def _played_once(paths: StorePaths) -> None:
    """A first run: a match autosaved and a deal counted in the statistics."""
    assert autosave(paths, match(30), SEATS) == ()
    assert save_stats(paths, record_deal(Stats(), DealOutcome("caribbean", 3, 12))) == ()


def test_a_first_start_is_silent(paths: StorePaths) -> None:
    assert open_journal(paths) == ()
    assert open_journal(paths) == ()


def test_an_emptied_journal_is_said_and_kept_aside(paths: StorePaths) -> None:
    _played_once(paths)
    path = journal.journal_path(paths)
    path.write_bytes(b"")  # what a sync tool or a full disk may leave
    told = open_journal(paths)
    assert [w.code for w in told] == ["journal-emptied"]
    said = str(notice_said(told[0]))
    assert "its autosaves and statistics are lost" in said
    kept = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.broken-")]
    assert len(kept) == 1 and kept[0].stat().st_size == 0 and kept[0].name in said
    assert open_journal(paths) == ()  # said once; the new journal is the game's now
    assert latest_autosave(paths) is None


def test_a_journal_that_lost_a_table_keeps_the_rest(paths: StorePaths) -> None:
    _played_once(paths)
    path = journal.journal_path(paths)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("DROP TABLE matches")
        connection.commit()
    told = open_journal(paths)
    assert [w.code for w in told] == ["journal-tables"]
    assert "(matches)" in notices_text(told[0])
    stats, _ = load_stats(paths)
    assert stats.table("caribbean", 3).deals_played == 1  # what was left is still used
    kept = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.broken-")]
    assert len(kept) == 1
    with contextlib.closing(sqlite3.connect(kept[0])) as copy:
        assert copy.execute("SELECT count(*) FROM actions").fetchone()[0] == 30


def test_a_deleted_journal_is_said(paths: StorePaths) -> None:
    _played_once(paths)
    journal.journal_path(paths).unlink()
    told = open_journal(paths)
    assert [w.code for w in told] == ["journal-missing"]


def test_an_earlier_version_s_journal_is_marked_silently(paths: StorePaths) -> None:
    _played_once(paths)
    marker = journal.journal_path(paths).with_name(journal.JOURNAL_FILE + journal.MADE_SUFFIX)
    marker.unlink()  # as a journal written before the marker was
    assert open_journal(paths) == ()
    assert marker.exists()


def test_the_window_says_the_journal_was_emptied(paths: StorePaths) -> None:
    from kalooki.ui.launcher import launch
    from tests.support.ui import FakeClock

    _played_once(paths)
    journal.journal_path(paths).write_bytes(b"")
    app = launch(paths, clock=FakeClock())
    try:
        assert app.note is not None and "was empty" in str(app.note[0])
    finally:
        app.close()


# -- 6. the transaction that ends a deal is written with full durability -----------------


def test_the_action_that_ends_a_deal_is_committed_with_full_durability(
        paths: StorePaths) -> None:
    recorder = Recorder.new(preset("baby"), len(SEATS), 3)
    writer = autosave_writer(paths)
    assert writer.append(recorder, SEATS) == ()
    connection = writer._connection
    assert connection is not None
    statements: list[str] = []
    connection.set_trace_callback(statements.append)
    durable: list[bool] = []
    ended: list[bool] = []
    rng = Rng(3)
    while len(recorder.game.results) < 2:
        seat = recorder.game.to_act
        assert seat is not None
        results = len(recorder.game.results)
        recorder.apply(choose_random(recorder.game.view(seat), rng), seat)
        statements.clear()
        assert writer.append(recorder, SEATS) == ()
        durable.append("PRAGMA synchronous=FULL" in statements)
        ended.append(len(recorder.game.results) > results)
        assert connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL again
    writer.close()
    assert durable == ended and sum(durable) == 2


def test_a_journal_row_whose_key_is_no_text_is_set_aside_and_said(paths: StorePaths) -> None:
    assert autosave(paths, match(30), SEATS) == ()
    with contextlib.closing(sqlite3.connect(journal.journal_path(paths))) as connection:
        connection.execute("UPDATE matches SET key = ?", (b"\x00 a blob",))
        connection.commit()
    told = open_journal(paths)
    assert [w.code for w in told] == ["rows-aside"]
    assert notices_text(told) == ("kalooki.sqlite3: 1 autosave had no name the game can "
                                  "read; it was set aside.")
    assert latest_autosave(paths) is None and list_saves(paths) == ([], [])


@needs_devices
def test_a_fifo_in_the_sound_cache_is_made_again_not_read(tmp_path: Path) -> None:
    from kalooki.ui.sound.cache import cached_or_made, sound_file
    from kalooki.ui.sound.recipes import CLICK, RECIPES

    path = sound_file(tmp_path, CLICK, RECIPES[CLICK])
    os.mkfifo(path)
    try:
        data = in_thread(lambda: cached_or_made(tmp_path, CLICK, RECIPES[CLICK]))
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert data.startswith(b"RIFF") and path.is_file()  # a sound of ours in its place
