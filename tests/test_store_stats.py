"""Statistics: recorded immutably per (preset, players), stored as forgivingly as settings.

They live in the journal; an earlier version's ``statistics.json`` is read by the same
forgiving rules when it is imported at the first start (the file cases below)."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.store import journal
from kalooki.store.atomic import save_json
from kalooki.store.history import MatchEntry, add_match, load_history
from kalooki.store.journal_import import LEGACY_STATS, STATS_NAME
from kalooki.store.paths import StorePaths
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    Stats,
    TableStats,
    forget,
    load_stats,
    record_deal,
    record_match,
    save_stats,
    stats_from_dict,
    stats_to_dict,
)
from kalooki.words.notices import notices_text


def write_raw(paths: StorePaths, content: bytes) -> Path:
    """An earlier version's statistics file, before the journal exists."""
    path = paths.data_dir / LEGACY_STATS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def imported(paths: StorePaths) -> tuple[Stats, list[str]]:
    """The statistics once a legacy file is imported, without the notice saying it was."""
    stats, warnings = load_stats(paths)
    assert [w for w in warnings if getattr(w, "code", "") == "imported"]
    return stats, [w for w in warnings if getattr(w, "code", "") != "imported"]


def stored(paths: StorePaths) -> dict[str, object]:
    """The statistics document as the journal holds it."""
    connection, _ = journal.connect(paths)
    try:
        value = journal.kept_value(connection, STATS_NAME)
    finally:
        connection.close()
    assert value is not None
    data: dict[str, object] = json.loads(value)
    return data


def played() -> Stats:
    stats = Stats()
    stats = record_deal(stats, DealOutcome("caribbean", 4, penalty=0, won=True, bent=True,
                                           calls=2))
    stats = record_deal(stats, DealOutcome("caribbean", 4, penalty=35, won=False, bent=False,
                                           calls=1))
    stats = record_match(stats, MatchOutcome("caribbean", 4, total=120, won=False))
    stats = record_match(stats, MatchOutcome("caribbean", 4, total=-10, won=True))
    stats = record_match(stats, MatchOutcome("caribbean", 4, total=60, won=True))
    return record_deal(stats, DealOutcome("kalooki-51", 2, penalty=7, won=False, bent=False,
                                          calls=0))


def test_recording_counts_per_table() -> None:
    stats = played()
    assert stats.table("caribbean", 4) == TableStats(
        matches_played=3, matches_won=2, deals_played=2, deals_won=1, total_penalty=35,
        times_bent=1, calls_made=3, best_match_total=-10, worst_match_total=120)
    assert stats.table("caribbean", 4).average_penalty == 17.5
    assert stats.table("kalooki-51", 2).deals_played == 1
    assert stats.table("caribbean", 3) == TableStats()
    assert TableStats().average_penalty is None


def test_recording_leaves_the_old_value_alone() -> None:
    before = Stats()
    after = record_deal(before, DealOutcome("caribbean", 4, 10, False, False, 0))
    assert before == Stats() and before.tables == {}
    assert after != before
    with pytest.raises(TypeError):
        after.tables[("x", 2)] = TableStats()  # type: ignore[index]


def test_outcomes_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="players"):
        DealOutcome("caribbean", 1, 0, False, False, 0)
    with pytest.raises(ValueError, match="calls"):
        DealOutcome("caribbean", 4, 0, False, False, -1)
    with pytest.raises(ValueError, match="preset"):
        MatchOutcome("", 4, 0, False)


def test_round_trip(paths: StorePaths) -> None:
    assert load_stats(paths) == (Stats(), [])
    assert save_stats(paths, played()) == ()
    assert load_stats(paths) == (played(), [])


def test_file_lists_tables_with_their_keys(paths: StorePaths) -> None:
    save_stats(paths, played())
    data: dict[str, Any] = stored(paths)
    assert data["format_version"] == 1
    assert [(t["preset"], t["players"]) for t in data["tables"]] == [
        ("caribbean", 4), ("kalooki-51", 2)]
    assert data["tables"][0]["best_match_total"] == -10


def test_every_counter_wrong_resets_each_with_a_warning(paths: StorePaths) -> None:
    counters = [f.name for f in dataclasses.fields(TableStats) if f.name != "extra"]
    entry = {name: "lots" for name in counters} | {"preset": "caribbean", "players": 4}
    write_raw(paths, json.dumps({"format_version": -1, "tables": [entry]}).encode())
    stats, warnings = imported(paths)
    assert stats == Stats({("caribbean", 4): TableStats()})
    assert len(warnings) == len(counters) + 1
    assert all(f"'{name}'" in notices_text(w)
               for name, w in zip(counters, warnings[1:], strict=True))
    assert "statistics.json (caribbean, 4)" in notices_text(warnings[1])


def test_unreadable_tables_are_dropped_with_a_warning(paths: StorePaths) -> None:
    good = {"preset": "caribbean", "players": 4, "deals_played": 3}
    data = {"tables": [good, 7, {"preset": "caribbean"}, {"players": 3},
                       {**good, "deals_played": 9}]}
    write_raw(paths, json.dumps(data).encode())
    stats, warnings = imported(paths)
    assert stats == Stats({("caribbean", 4): TableStats(deals_played=3)})
    assert len(warnings) == 4


def test_tables_not_a_list_is_reported(paths: StorePaths) -> None:
    write_raw(paths, b'{"tables": {"caribbean": 1}}')
    stats, [warning] = imported(paths)
    assert stats == Stats() and "'tables'" in notices_text(warning)


def test_unknown_fields_are_kept(paths: StorePaths) -> None:
    data = {"format_version": 3, "streak": {"best": 4},
            "tables": [{"preset": "caribbean", "players": 4, "jokers_held": 12}]}
    write_raw(paths, json.dumps(data).encode())
    stats, warnings = imported(paths)
    assert warnings == []
    stats = record_deal(stats, DealOutcome("caribbean", 4, 5, False, False, 0))
    save_stats(paths, stats)
    saved: dict[str, Any] = stored(paths)
    assert saved["streak"] == {"best": 4} and saved["format_version"] == 3
    assert saved["tables"][0]["jokers_held"] == 12
    assert saved["tables"][0]["deals_played"] == 1


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b'"stats"', b"\xfe\xff\x00"])
def test_an_unparseable_file_is_set_aside_and_its_backup_imported(
        paths: StorePaths, content: bytes) -> None:
    path = paths.data_dir / LEGACY_STATS
    save_json(path, stats_to_dict(played()), "statistics")  # as the earlier version wrote
    save_json(path, stats_to_dict(record_match(played(), MatchOutcome("caribbean", 4, 5,
                                                                      True))), "statistics")
    write_raw(paths, content)
    stats, warnings = imported(paths)
    assert stats == played()
    assert len(warnings) == 2
    [aside] = path.parent.glob("statistics.json.broken-*")
    assert aside.read_bytes() == content and aside.name in notices_text(warnings[0])
    [folder] = path.parent.glob("imported-*")
    assert (folder / "statistics.json.bak").exists() and not path.exists()


def test_an_unparseable_file_without_backup_starts_afresh(paths: StorePaths) -> None:
    write_raw(paths, b"\x00" * 10)
    stats, [warning] = imported(paths)
    assert stats == Stats() and "damaged" in notices_text(warning)


def test_a_damaged_document_in_the_journal_is_kept_aside_and_counting_restarts(
        paths: StorePaths) -> None:
    save_stats(paths, played())
    connection, _ = journal.connect(paths)
    with journal.transaction(connection):
        journal.keep_value(connection, STATS_NAME, "{not json")
    connection.close()
    stats, [warning] = load_stats(paths)
    said = notices_text(warning)
    assert stats == Stats() and "damaged" in said and "statistics.broken-" in said
    assert load_stats(paths) == (Stats(), [])


OUTCOMES = st.lists(st.one_of(
    st.builds(DealOutcome, st.sampled_from(["caribbean", "51"]), st.integers(2, 6),
              st.integers(-50, 500), st.booleans(), st.booleans(), st.integers(0, 3)),
    st.builds(MatchOutcome, st.sampled_from(["caribbean", "51"]), st.integers(2, 6),
              st.integers(-100, 2000), st.booleans()),
), max_size=30)


@settings(max_examples=100, deadline=None)
@given(OUTCOMES)
def test_any_history_round_trips_and_adds_up(outcomes: list[DealOutcome | MatchOutcome]) -> None:
    stats = Stats()
    for outcome in outcomes:
        stats = (record_deal(stats, outcome) if isinstance(outcome, DealOutcome)
                 else record_match(stats, outcome))
    assert stats_from_dict(json.loads(json.dumps(stats_to_dict(stats)))) == (stats, [])
    deals = [o for o in outcomes if isinstance(o, DealOutcome)]
    matches = [o for o in outcomes if isinstance(o, MatchOutcome)]
    tables = stats.tables.values()
    assert sum(t.deals_played for t in tables) == len(deals)
    assert sum(t.total_penalty for t in tables) == sum(d.penalty for d in deals)
    assert sum(t.matches_won for t in tables) == sum(m.won for m in matches)
    for table in tables:
        if table.matches_played:
            assert table.best_match_total <= table.worst_match_total  # type: ignore[operator]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_load_without_raising(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as root:
        paths = StorePaths.under(root)
        write_raw(paths, content)
        assert isinstance(load_stats(paths)[0], Stats)


def test_forgetting_one_person_keeps_everyone_else(paths: StorePaths) -> None:
    stats = Stats()
    for name in (None, "Ann", "Ben"):
        stats = record_match(stats, MatchOutcome("baby", 3, 40, True, player=name))
        assert add_match(paths, MatchEntry("2026-03-01T20:00", "baby", 3, 40, True, 3, 40, 1,
                                           player=name)) == ()
    assert save_stats(paths, stats) == ()
    assert forget(paths, "Ann") == ()
    kept = load_stats(paths)[0]
    assert set(kept.people) == {"Ben"} and kept.table("baby", 3).matches_played == 1
    assert [entry.player for entry in load_history(paths)[0]] == [None, "Ben"]
    assert forget(paths, None) == ()
    kept = load_stats(paths)[0]
    assert not kept.tables and kept.table("baby", 3, "Ben").matches_played == 1
    assert [entry.player for entry in load_history(paths)[0]] == ["Ben"]
