"""Atomic writes and forgiving reads: no half-written file, no crash on a damaged one."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from kalooki.engine.errors import RuleError
from kalooki.store import atomic
from kalooki.store.atomic import (
    backup_path,
    read_json,
    read_with_fallback,
    save_json,
    write_atomic,
    write_json_atomic,
)
from kalooki.words.notices import notices_text
from tests.support.kills import HOLD, Forker, Target


def broken_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".broken-*"))


def test_write_creates_folders_and_keeps_the_previous_copy(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "file.json"
    write_atomic(path, b"one")
    assert path.read_bytes() == b"one"
    assert not backup_path(path).exists()
    write_atomic(path, b"two")
    write_atomic(path, b"three")
    assert path.read_bytes() == b"three"
    assert backup_path(path).read_bytes() == b"two"
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json", "file.json.bak"]


def test_json_is_sorted_indented_utf8(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"b": 1, "a": "Kalooki ♥"})
    text = path.read_bytes().decode("utf-8")
    assert text == '{\n  "a": "Kalooki ♥",\n  "b": 1\n}\n'
    assert read_json(path).value == {"a": "Kalooki ♥", "b": 1}


def test_missing_file_reads_as_none_without_warnings(tmp_path: Path) -> None:
    loaded = read_json(tmp_path / "none.json")
    assert (loaded.value, loaded.warnings, loaded.source) == (None, (), None)


def test_a_good_read_names_its_source(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"x": 1})
    loaded = read_json(path)
    assert (loaded.value, loaded.warnings, loaded.source) == ({"x": 1}, (), path)


@pytest.mark.parametrize("content", [
    b"", b"\x00\xff garbage", b'{"x": 1', b"[1, 2]", b'"text"', b"null", b"\xff\xfe{}",
    b"[" * 100_000, b"1" * 5000,
])
def test_damaged_file_is_set_aside_and_the_backup_used(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"v": "old"})
    write_json_atomic(path, {"v": "new"})
    path.write_bytes(content)
    loaded = read_json(path)
    assert loaded.value == {"v": "old"}
    assert loaded.source == backup_path(path)
    [aside] = broken_copies(path)
    assert aside.read_bytes() == content
    assert not path.exists()
    assert len(loaded.warnings) == 2
    said = notices_text(loaded.warnings[0])
    assert "f.json was damaged" in said and aside.name in said
    assert "previous copy" in notices_text(loaded.warnings[1])


def test_after_setting_aside_the_backup_is_still_found_next_time(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"v": "old"})
    write_json_atomic(path, {"v": "new"})
    path.write_bytes(b"{")
    read_json(path)
    loaded = read_json(path)
    assert loaded.value == {"v": "old"}
    assert [(w.code, w.facts) for w in loaded.warnings] == [
        ("file-missing", {"file": "f.json"}), ("using-backup", {"backup": "f.json.bak"})]
    assert notices_text(loaded.warnings) == ("f.json was missing. Using the previous copy, "
                                             "f.json.bak.")
    write_json_atomic(path, {"v": "newer"})
    assert backup_path(path).read_bytes() == atomic.encode_json({"v": "old"})


def test_both_copies_damaged_gives_none_and_keeps_both(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"{bad")
    backup_path(path).write_bytes(b"{worse")
    loaded = read_json(path)
    assert loaded.value is None and loaded.source is None
    assert len(loaded.warnings) == 2
    assert [p.read_bytes() for p in broken_copies(path)] == [b"{bad"]
    assert [p.read_bytes() for p in broken_copies(backup_path(path))] == [b"{worse"]


def test_repeated_damage_in_the_same_second_keeps_every_copy(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    for n in range(3):
        path.write_bytes(b"bad %d" % n)
        read_json(path)
    assert sorted(p.read_bytes() for p in broken_copies(path)) == [b"bad 0", b"bad 1", b"bad 2"]


def test_a_parser_s_own_fault_is_not_damage(tmp_path: Path) -> None:
    """Issue 30.5: only the store's refusals and the engine's are damage; a KeyError is a
    fault of ours: said as ours, the file kept where it is, its older copy not tried."""
    path = tmp_path / "f.txt"
    path.write_bytes(b"x")
    backup_path(path).write_bytes(b"y")

    def parse(data: bytes) -> int:
        raise KeyError("no")

    loaded = read_with_fallback(path, parse)
    assert loaded.value is None and loaded.fault
    assert "a fault in the game, not in your file" in notices_text(loaded.warnings[0])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt", "f.txt.bak"]


def test_a_refusal_while_parsing_counts_as_damage(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"x")

    def parse(data: bytes) -> int:
        raise RuleError("bad-record", case="actions")

    loaded = read_with_fallback(path, parse)
    assert loaded.value is None and not loaded.fault
    assert "damaged" in notices_text(loaded.warnings[0])
    assert not path.exists()  # set aside


def test_unreadable_path_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.mkdir()
    loaded = read_json(path)
    assert loaded.value is None
    assert "could not be read" in notices_text(loaded.warnings[0])
    assert path.is_dir()


def test_failed_write_leaves_old_file_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.json"
    write_json_atomic(path, {"v": 1})
    before = sorted(tmp_path.iterdir())

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        write_json_atomic(path, {"v": 2})
    warnings = save_json(path, {"v": 3}, "settings")
    assert warnings
    assert "Could not save the settings (the disk is full)" in notices_text(warnings[0])
    assert sorted(tmp_path.iterdir()) == before
    assert read_json(path).value == {"v": 1}


def test_save_json_returns_no_warnings_when_saved(tmp_path: Path) -> None:
    assert save_json(tmp_path / "f.json", {"v": 1}, "settings") == ()
    assert read_json(tmp_path / "f.json").value == {"v": 1}


# -- crash safety ---------------------------------------------------------------------

VERSIONS = [{"version": name, "payload": [name * 64] * 3000} for name in ("A", "B")]
"""Two large-ish (~400 kB) contents, so a write takes a while."""

WRITER = """
from pathlib import Path
from kalooki.store.atomic import write_json_atomic
path = Path(sys.argv[3])
versions = [{"version": n, "payload": [n * 64] * 3000} for n in ("A", "B")]
STEPS.append(lambda i: write_json_atomic(path, versions[i % 2]))
"""
KILL_AT = (Target("at 0 0"), Target("fsync", 1), Target("replace", 1), Target("fsync", 2),
           Target("replace", 2), Target("fsync", 3), Target("at 1 0"), Target("replace", 3))
"""A write copies the old file to .bak (temp, fsync, rename), then writes the new one
(temp, fsync, rename) and flushes the folder: a kill as it begins, after each flush and
each rename, and in the next write."""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_killed_writer_always_leaves_a_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    write_json_atomic(path, VERSIONS[0])
    rng = random.Random(20240601)
    seen = set()
    forker = Forker(WRITER, str(path))
    try:
        for kill in range(200):
            target = HOLD if kill % 8 == 0 else rng.choice(KILL_AT)
            forker.kill_at(target, start=kill // 8)
            loaded = read_json(path)
            assert loaded.warnings == ()
            assert loaded.source == path
            assert loaded.value in VERSIONS
            if target.hold:  # a whole write, the version it started on
                assert loaded.value == VERSIONS[(kill // 8) % 2]
            seen.add(loaded.value["version"])
            if backup_path(path).exists():  # absent only until one write completes
                assert json.loads(backup_path(path).read_bytes()) in VERSIONS
    finally:
        forker.close()
    assert seen == {"A", "B"}
