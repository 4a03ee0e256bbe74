"""``kalooki replay FILE`` and ``kalooki saves``: tables for people, one line for damage."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from kalooki.cli.main import main
from kalooki.engine.record import Recorder
from kalooki.store.atomic import encode_json
from kalooki.store.paths import HOME_ENV, StorePaths
from kalooki.store.savefile import encode
from kalooki.store.saves import (
    autosave,
    autosave_path,
    latest_autosave,
    list_saves,
    save_named,
)
from tests.support.saves import eager, play, seats, stamped


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StorePaths:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return StorePaths.default()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def finished() -> Recorder:
    return play(2000, seed=3, rules="baby", players=3, policy=eager)


def test_replay_prints_each_deal_and_the_totals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: Recorder) -> None:
    path = tmp_path / "done.json"
    path.write_bytes(encode(stamped(finished, "Done")))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"Done: baby, 3 players, seed 3, {len(finished.actions)} "
                               f"actions, {len(finished.hashes)} digests checked")
    assert lines[1].split() == ["Deal", "Dealer", "You", "Marcia", "Desmond"]
    results = finished.game.results
    for line, result in zip(lines[2:5], results, strict=True):
        cells = line.split()
        assert cells[0] == str(result.deal)
        assert cells[2:5] == [str(s) for s in result.scores]
    assert lines[5].split() == ["Total", *map(str, finished.game.totals)]
    assert lines[6].startswith("Match over after 3 deals; lowest total: ")


def test_replay_of_a_match_in_progress_says_who_is_to_act(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recorder = play(33)
    path = tmp_path / "going.json"
    path.write_bytes(encode(stamped(recorder)))
    code, out, _ = run(capsys, "replay", str(path))
    to_act = seats(4)[recorder.game.to_act].name
    assert code == 0
    assert out.splitlines()[-1] == f"In progress: deal 1 of 9, {to_act} to act."


@pytest.mark.parametrize(("damage", "says"), [
    (lambda d: d["record"]["actions"].__setitem__(20, "discard JK#2"),
     "its moves cannot be played again: Action 21 ('discard JK#2') cannot be replayed"),
    (lambda d: d["record"]["hashes"][0].__setitem__(1, "f" * 16),
     "its moves cannot be played again: The game after action 25 differs from the one"),
    (lambda d: d["players"][0].pop("level"),
     "'players' holds a value the game cannot use (player 1: 'level': expected one of"),
    (lambda d: d["summary"].update(totals=[1, 2, 3, 4]),
     "its 'summary.totals' is [1, 2, 3, 4], but playing its moves again gives [0, 0, 0, 0]"),
])
def test_a_tampered_file_exits_1_with_one_line_and_is_left_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], damage, says: str) -> None:
    doc = stamped(play(40)).to_dict()
    damage(doc)
    path = tmp_path / "bad.json"
    path.write_bytes(encode_json(doc))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and err.startswith(f"kalooki replay: {path}: {says}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


@pytest.mark.parametrize("content", [b"", b"{\"format_version\": 1", b"\xff" * 10])
def test_an_unreadable_file_exits_1_with_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and err.count("\n") == 1 and "not a readable JSON object" in err


def test_a_missing_file_exits_1(home: StorePaths, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", "no-such-save")
    assert code == 1
    assert err == "kalooki replay: no-such-save: cannot be read (no such file or folder).\n"


def test_replay_finds_a_save_by_name_in_the_store(
        home: StorePaths, capsys: pytest.CaptureFixture[str]) -> None:
    save_named(home, stamped(play(30)), "Friday night")
    code, out, _ = run(capsys, "replay", "Friday night")
    assert code == 0 and out.startswith("Friday night: caribbean, 4 players")


def test_replay_checks_an_autosave_in_the_journal_and_moves_nothing(
        home: StorePaths, capsys: pytest.CaptureFixture[str]) -> None:
    recorder = play(30)
    autosave(home, recorder, seats(4))
    name = "caribbean: You, Marcia, Desmond, Keisha"
    code, out, _ = run(capsys, "replay", name)
    assert code == 0 and out.startswith(f"{name}: caribbean, 4 players, seed 5, 30 actions")
    journal_file = autosave_path(home, recorder.record).parent
    with contextlib.closing(sqlite3.connect(journal_file)) as connection, connection:
        connection.execute("UPDATE actions SET code = 'draw' WHERE number = 12")
    code, out, err = run(capsys, "replay", name)
    assert code == 1 and out == "" and "Action 12 ('draw')" in err and err.count("\n") == 1
    with contextlib.closing(sqlite3.connect(journal_file)) as connection:
        assert connection.execute("SELECT aside FROM matches").fetchall() == [(None,)]
    assert not list(journal_file.parent.glob("*.broken-*"))  # nothing marked or moved
    assert latest_autosave(home) is not None


def test_saves_lists_what_the_api_lists(
        home: StorePaths, capsys: pytest.CaptureFixture[str], finished: Recorder) -> None:
    save_named(home, stamped(finished), "Done")
    autosave(home, play(12), seats(4))
    code, out, err = run(capsys, "saves")
    assert (code, err) == (0, "")
    header, *rows = out.splitlines()
    assert header.split() == ["Saved", "Name", "Kind", "Rules", "Deal", "Players", "Scores",
                              "File"]
    entries, _ = list_saves(home)
    assert len(rows) == len(entries) == 2
    for row, entry in zip(rows, entries, strict=True):
        assert entry.name in row and entry.kind in row and entry.preset in row
        assert ", ".join(entry.players) in row and " ".join(map(str, entry.totals)) in row
    assert rows[0].endswith(entries[0].path.relative_to(home.data_dir).as_posix())
    assert rows[1].endswith(entries[1].path.relative_to(home.saves_dir).as_posix())
    assert " 3 (over) " in rows[1]


def test_saves_honours_data_dir_and_reports_damage(
        home: StorePaths, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = StorePaths.under(tmp_path / "elsewhere")
    save_named(other, stamped(play(5)), "Elsewhere")
    other.saves_dir.joinpath("broken.json").write_bytes(b"{")
    code, out, err = run(capsys, "saves", "--data-dir", str(tmp_path / "elsewhere"))
    assert code == 0 and "Elsewhere" in out.splitlines()[1]
    assert err.startswith("kalooki saves: broken.json was damaged") and err.count("\n") == 1
    code, out, _ = run(capsys, "saves")
    assert code == 0 and out == f"No saved games in {home.saves_dir}.\n"


@pytest.mark.parametrize("argv", [["replay"], ["saves", "--bogus"], ["replay", "a", "b"]])
def test_bad_usage_exits_2_with_one_line(
        home: StorePaths, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1 and err.startswith("kalooki")


def test_the_real_command_prints_no_traceback(tmp_path: Path) -> None:
    doc = json.loads(encode(stamped(play(30))))
    doc["record"]["actions"][3] = "tack 7H#1 m0 lo"
    path = tmp_path / "bad.json"
    path.write_bytes(encode_json(doc))
    env = {**os.environ, HOME_ENV: str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "kalooki", "replay", str(path)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Action 4 ('tack 7H#1 m0 lo')" in done.stderr
