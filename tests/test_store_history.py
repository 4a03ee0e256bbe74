"""The match history: dated entries kept oldest first, damaged ones dropped with a reason,
cleared on reset, and a finished match adds its line (dated by an injected clock). It lives
in the journal; an earlier version's file is imported once, read by the same rules."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime

import pytest

from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store import documents, history
from kalooki.store.history import MatchEntry, add_match, load_history
from kalooki.store.journal_import import HISTORY_NAME, LEGACY_HISTORY
from kalooki.store.paths import StorePaths
from kalooki.ui.keeper import MatchKeeper
from kalooki.ui.session import MatchSession, Seat
from kalooki.words.notices import notices_text
from tests.support.rig import eager

ENTRY = MatchEntry("2026-03-14T20:30", "caribbean", 4, 212, False, 9, 212, 3)


def test_entries_come_back_oldest_first(paths: StorePaths) -> None:
    later = dataclasses.replace(ENTRY, played="2026-04-01T09:05", won=True, place=1)
    assert add_match(paths, later) == ()
    assert add_match(paths, ENTRY) == ()
    entries, warnings = load_history(paths)
    assert entries == (ENTRY, later) and warnings == []
    assert entries[1].when == datetime(2026, 4, 1, 9, 5)


def legacy_file(paths: StorePaths, text: str) -> None:
    """An earlier version's history file, before the journal exists."""
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    (paths.data_dir / LEGACY_HISTORY).write_text(text)


def test_a_damaged_entry_is_dropped_and_named(paths: StorePaths) -> None:
    add_match(paths, ENTRY)
    data, _ = documents.in_transaction(
        paths, lambda connection: documents.read(connection, HISTORY_NAME)[0])
    assert data is not None
    data["matches"] += [{**data["matches"][0], "total": "lots"},
                        {**data["matches"][0], "played": "yesterday"},
                        {"preset": "baby"}, 7]
    documents.in_transaction(
        paths, lambda connection: documents.write(connection, HISTORY_NAME, data))
    entries, warnings = load_history(paths)
    assert entries == (ENTRY,)
    assert len(warnings) == 4
    assert "match 2" in notices_text(warnings[0]) and "total" in notices_text(warnings[0])
    assert "match 3" in notices_text(warnings[1]) and "played" in notices_text(warnings[1])
    assert "match 4" in notices_text(warnings[2]) and "no played" in notices_text(warnings[2])


def test_matches_that_are_not_a_list_start_afresh(paths: StorePaths) -> None:
    legacy_file(paths, '{"format_version": 1, "matches": {}}')
    entries, warnings = load_history(paths)
    assert entries == () and "afresh" in notices_text(warnings[-1])


def test_an_old_file_is_imported_once_with_its_entries(paths: StorePaths) -> None:
    legacy_file(paths, json.dumps(history.history_to_dict([ENTRY])))
    entries, warnings = load_history(paths)
    assert entries == (ENTRY,)
    assert "of an earlier version imported; old files kept in" in notices_text(warnings[0])
    [folder] = paths.data_dir.glob("imported-*")
    assert (folder / LEGACY_HISTORY).exists()
    assert load_history(paths) == ((ENTRY,), [])


def test_an_unreadable_file_is_set_aside_not_fatal(paths: StorePaths) -> None:
    legacy_file(paths, "{not json")
    entries, warnings = load_history(paths)
    assert entries == ()
    assert "of an earlier version imported; old files kept in" in notices_text(warnings[0])
    assert "damaged" in notices_text(warnings[1])
    assert [p.read_text() for p in paths.data_dir.glob("match_history.json.broken-*")] \
        == ["{not json"]
    assert add_match(paths, ENTRY) == ()
    assert load_history(paths) == ((ENTRY,), [])


def test_the_oldest_matches_go_beyond_the_limit(paths: StorePaths,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "MOST_MATCHES", 3)
    for day in range(1, 6):
        add_match(paths, dataclasses.replace(ENTRY, played=f"2026-03-0{day}T10:00"))
    entries, _ = load_history(paths)
    assert [entry.when.day for entry in entries] == [3, 4, 5]


def test_a_bad_entry_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="played"):
        MatchEntry("soon", "caribbean", 4, 0, False, 1, 0, 1)


def test_a_finished_match_adds_its_dated_line(paths: StorePaths) -> None:
    rules = dataclasses.replace(preset("baby"), deals_per_match=2)
    session = MatchSession(rules, [Seat("You", "human", True), Seat("A", "easy"),
                                   Seat("B", "easy")], 5, ai_pause=0.0)
    notes: list[str] = []
    when = datetime(2026, 5, 2, 18, 45)
    session.after_action.append(MatchKeeper(paths, notes.append, now=lambda: when))
    rng = Rng(5)
    while not session.over:
        seat = session.game.to_act
        assert seat is not None
        assert session.submit(eager(session.game.view(seat), rng), seat) is None
    (entry,), warnings = load_history(paths)
    game = session.game
    assert warnings == [] and notes == []
    assert entry.when == when and entry.preset == "baby" and entry.players == 3
    assert entry.total == game.totals[0] and entry.deals == 2
    assert entry.penalty == sum(result.scores[0] for result in game.results)
    assert entry.won == (0 in game.winners())
    assert entry.place == 1 + sum(total < game.totals[0] for total in game.totals)
