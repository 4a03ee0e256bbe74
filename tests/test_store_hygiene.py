"""A damaged file's reason in the player's language, no temporary files left behind by
killed writes, file modes that follow the umask, and byte-order marks accepted (issue 19,
Build 7 and the damage messages)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from kalooki.engine.facts.said import fact
from kalooki.engine.rules import preset
from kalooki.store.atomic import (
    STALE_SECONDS,
    file_mode,
    read_json,
    remove_stale_temps,
    write_atomic,
)
from kalooki.store.logs import start_logging
from kalooki.store.paths import StorePaths
from kalooki.store.presets import parse_preset
from kalooki.store.savefile import decode
from kalooki.store.savegame import SaveError
from kalooki.store.settings import load_settings, settings_path
from kalooki.words.house_rules import built_in_names
from kalooki.words.notices import notice_said, notices_text
from tests.support.words import plain

RESERVED = built_in_names()
"""The names the words give the built-in presets: no custom preset may take one."""



def test_a_damaged_settings_file_is_explained_in_french(tmp_path, french):
    paths = StorePaths.under(tmp_path)
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).write_text('{"volume": 3,\n  oops}', encoding="utf-8")
    _, warnings = load_settings(paths)
    assert warnings[0].code == "file-damaged"  # the store says a fact, in no language
    assert warnings[0].facts["reason"] == fact("not-json", line=2, column=3)
    shown = plain(notices_text(warnings))
    assert "JSON non valide à la ligne 2, colonne 3" in shown
    assert "Expecting" not in shown and "line" not in shown


@pytest.mark.parametrize(("data", "words"), [
    (b"\xff\xfe{}", "pas du texte UTF-8"),
    (b"[1, 2]", "pas un objet JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "trop d'imbrications"),
])
def test_each_kind_of_unreadable_file_has_french_words(tmp_path, french, data, words):
    target = tmp_path / "stats.json"
    target.write_bytes(data)
    loaded = read_json(target)
    assert loaded.value is None
    assert words in " ".join(str(notice_said(w)) for w in loaded.warnings)


def test_a_save_that_is_not_json_says_why_in_french(french):
    with pytest.raises(SaveError) as caught:
        decode(b"{not json")
    said = plain(notices_text(caught.value.fact))
    assert said.startswith("pas un objet JSON lisible : JSON non valide")
    assert "Expecting" not in said


def test_temporary_files_left_by_killed_writes_are_removed_at_start(tmp_path):
    paths = StorePaths.under(tmp_path)
    old = paths.saves_dir / "autosave" / ".abc.json.k2j3h.tmp"
    fresh = paths.config_dir / ".settings.json.x1y2.tmp"
    kept = paths.data_dir / "notes.tmp"  # not one of ours: no leading dot
    for path in (old, fresh, kept):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half")
    now = os.stat(fresh).st_mtime
    os.utime(old, (now - STALE_SECONDS - 1, now - STALE_SECONDS - 1))
    os.utime(kept, (now - STALE_SECONDS - 1, now - STALE_SECONDS - 1))
    assert remove_stale_temps([paths.data_dir], now=now) == [old]
    assert not old.exists() and fresh.exists() and kept.exists()
    os.utime(fresh, (now - STALE_SECONDS - 1, now - STALE_SECONDS - 1))
    start_logging(paths)
    assert not fresh.exists() and kept.exists()


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX modes")
@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_files_written_follow_the_umask(tmp_path, mask):
    previous = os.umask(mask)
    file_mode.cache_clear()
    try:
        target = tmp_path / "settings.json"
        write_atomic(target, b"{}")
        write_atomic(target, b"{}")  # the .bak copy too
        for path in (target, tmp_path / "settings.json.bak"):
            assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    finally:
        os.umask(previous)
        file_mode.cache_clear()


def test_a_settings_file_with_a_byte_order_mark_loads(tmp_path):
    paths = StorePaths.under(tmp_path)
    settings_path(paths).parent.mkdir(parents=True)
    settings_path(paths).write_bytes(b"\xef\xbb\xbf" + json.dumps({"format_version": 1})
                                     .encode())
    _, warnings = load_settings(paths)
    assert not any("damaged" in w for w in warnings)
    assert settings_path(paths).exists()  # not set aside


def test_a_preset_file_with_a_byte_order_mark_loads():
    data = b"\xef\xbb\xbf" + json.dumps({"name": "ours", "based_on": "baby"}).encode()
    rules, _ = parse_preset(data, "ours.json", reserved=RESERVED)
    assert rules.hand_sizes == preset("baby").hand_sizes
