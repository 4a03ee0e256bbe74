"""Nothing lost, round three (issue 30): whatever a disk or a player leaves in the store,
the game starts, no read is unbounded or blocks, an emptied journal is said, refusals are
quick, and a fault of ours is named as ours, never as damage to the player's file."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import pytest

from kalooki.ai.random_player import choose_random
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store import journal, savegame, saves
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import Seat, snapshot
from kalooki.store.saves import (
    autosave,
    autosave_path,
    find_save,
    latest_autosave,
    list_saves,
    load_save,
    save_named,
)

SEATS = (Seat("You", "human"), Seat("Marcia", "easy"), Seat("Desmond", "medium"))
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
    from tests.ui_support import FakeClock

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
        assert "a fault in the game, not in your file" in loaded.warnings[0]
    assert sorted(p.name for p in named.parent.iterdir()) == [named.name]  # nothing aside
    monkeypatch.undo()
    assert latest_autosave(paths) is not None
    assert {e.name for e in list_saves(paths)[0]} == {"Friday night", SEATS_NAME}
    for path in (auto, named):
        assert load_save(path).value is not None
