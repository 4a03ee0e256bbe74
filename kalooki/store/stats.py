"""Statistics per table kind (preset, player count), kept as forgivingly as the settings.

The UI turns the engine's end-of-deal and end-of-match events into :class:`DealOutcome`
and :class:`MatchOutcome`; recording returns new statistics, so a half-finished update
can never reach the disk. Scores are penalty points: lower is better.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from kalooki.engine.facts.said import Fact
from kalooki.store import documents, history, journal
from kalooki.store.fields import (
    Invalid,
    boolean,
    checked,
    integer,
    load_fields,
    optional,
    text,
    validate,
)
from kalooki.store.journal_import import HISTORY_NAME, STATS_NAME
from kalooki.store.notices import db_reason, notice
from kalooki.store.paths import StorePaths

FORMAT_VERSION = 1
STATS_FILE = "statistics.json"
"""Where the statistics were before the journal (imported once, then set aside); it
names them in notices still."""

TableKey = tuple[str, int]
"""(preset name, number of players)."""

_COUNT = integer(0)
_POINTS = optional(integer())
_PLAYER = optional(text(20))
"""Whose result: a person's name when several people shared the computer; None for
the one person at it (the statistics kept before names were)."""


@dataclass(frozen=True)
class DealOutcome:
    """The human player's result in one deal."""

    preset: str = checked("", text(40))
    players: int = checked(2, integer(2))
    penalty: int = checked(0, integer())
    won: bool = checked(False, boolean)
    bent: bool = checked(False, boolean)
    """Whether the player bent the table: went out with the whole hand in one turn."""
    calls: int = checked(0, integer(0))
    player: str | None = checked(None, _PLAYER)

    def __post_init__(self) -> None:
        validate(self)


@dataclass(frozen=True)
class MatchOutcome:
    """The human player's result in one finished match."""

    preset: str = checked("", text(40))
    players: int = checked(2, integer(2))
    total: int = checked(0, integer())
    won: bool = checked(False, boolean)
    player: str | None = checked(None, _PLAYER)

    def __post_init__(self) -> None:
        validate(self)


@dataclass(frozen=True)
class TableStats:
    """Counters for one kind of table."""

    matches_played: int = checked(0, _COUNT)
    matches_won: int = checked(0, _COUNT)
    deals_played: int = checked(0, _COUNT)
    deals_won: int = checked(0, _COUNT)
    total_penalty: int = checked(0, integer())
    times_bent: int = checked(0, _COUNT)
    calls_made: int = checked(0, _COUNT)
    best_match_total: int | None = checked(None, _POINTS)
    worst_match_total: int | None = checked(None, _POINTS)
    extra: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False)
    """Counters from a newer version, kept and written back."""

    def __post_init__(self) -> None:
        validate(self)

    @property
    def average_penalty(self) -> float | None:
        """Penalty per deal, or None before the first deal."""
        return self.total_penalty / self.deals_played if self.deals_played else None


@dataclass(frozen=True)
class Stats:
    """All tables' statistics; ``tables`` is read-only, recording builds a new value.
    ``tables`` are the one person's at the computer; ``people`` each named person's,
    from games several people shared."""

    tables: Mapping[TableKey, TableStats] = dataclasses.field(default_factory=dict)
    people: Mapping[str, Mapping[TableKey, TableStats]] = dataclasses.field(
        default_factory=dict)
    format_version: int = checked(FORMAT_VERSION, integer(1))
    extra: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        validate(self)
        object.__setattr__(self, "tables", MappingProxyType(dict(self.tables)))
        object.__setattr__(self, "people", MappingProxyType(
            {name: MappingProxyType(dict(tables)) for name, tables in self.people.items()}))

    def table(self, preset: str, players: int, player: str | None = None) -> TableStats:
        return self.of(player).tables.get((preset, players), TableStats())

    def of(self, player: str | None) -> Stats:
        """One person's statistics: ``player``'s by name, or (None) the one person's."""
        if player is None:
            return Stats(self.tables) if self.people else self
        return Stats(self.people.get(player, {}))

    def without(self, player: str | None) -> Stats:
        """These statistics with one person's forgotten (None: the one person's), the
        others' kept: Reset statistics resets only whose the screen shows."""
        if player is None:
            return dataclasses.replace(self, tables={})
        return dataclasses.replace(self, people={
            name: tables for name, tables in self.people.items() if name != player})


def _with_table(stats: Stats, player: str | None, key: TableKey, table: TableStats) -> Stats:
    if player is None:
        return dataclasses.replace(stats, tables={**stats.tables, key: table})
    mine = {**stats.people.get(player, {}), key: table}
    return dataclasses.replace(stats, people={**stats.people, player: mine})


def record_deal(stats: Stats, outcome: DealOutcome) -> Stats:
    old = stats.table(outcome.preset, outcome.players, outcome.player)
    key = (outcome.preset, outcome.players)
    return _with_table(stats, outcome.player, key, dataclasses.replace(
        old,
        deals_played=old.deals_played + 1,
        deals_won=old.deals_won + outcome.won,
        total_penalty=old.total_penalty + outcome.penalty,
        times_bent=old.times_bent + outcome.bent,
        calls_made=old.calls_made + outcome.calls,
    ))


def record(stats: Stats, outcomes: Sequence[DealOutcome | MatchOutcome]) -> Stats:
    """``stats`` with each outcome counted, in order."""
    for outcome in outcomes:
        stats = record_deal(stats, outcome) if isinstance(outcome, DealOutcome) \
            else record_match(stats, outcome)
    return stats


def record_match(stats: Stats, outcome: MatchOutcome) -> Stats:
    old = stats.table(outcome.preset, outcome.players, outcome.player)
    totals = [t for t in (old.best_match_total, old.worst_match_total) if t is not None]
    key = (outcome.preset, outcome.players)
    return _with_table(stats, outcome.player, key, dataclasses.replace(
        old,
        matches_played=old.matches_played + 1,
        matches_won=old.matches_won + outcome.won,
        best_match_total=min([*totals, outcome.total]),
        worst_match_total=max([*totals, outcome.total]),
    ))


# -- on disk ---------------------------------------------------------------------------
# {"format_version": 1, "tables": [{"preset": "caribbean", "players": 4, <counters>}, ...]}
# A named person's table also says "player": "Ann" (older versions keep it as an extra).

_KEY_NAME = text(40)
_KEY_PLAYERS = integer(2)
_KEYS = ("preset", "players", "player")


def stats_to_dict(stats: Stats) -> dict[str, Any]:
    everyone: list[tuple[str | None, Mapping[TableKey, TableStats]]] = [
        (None, stats.tables), *sorted(stats.people.items())]
    tables = []
    for player, kept in everyone:
        for (preset, players), table in sorted(kept.items()):
            counters = {f.name: getattr(table, f.name) for f in dataclasses.fields(table)
                        if f.name != "extra"}
            whose = {} if player is None else {"player": player}
            tables.append({**table.extra, **counters, "preset": preset, "players": players,
                           **whose})
    return {**stats.extra, "format_version": stats.format_version, "tables": tables}


def stats_from_dict(data: Mapping[str, Any]) -> tuple[Stats, list[Fact]]:
    """Statistics from a parsed file: bad counters reset with a warning, unreadable tables
    dropped with a warning, unknown fields kept."""
    top = {k: v for k, v in data.items() if k != "tables"}
    values, extra, warnings = load_fields(Stats, top, STATS_FILE)
    entries = data.get("tables", [])
    if not isinstance(entries, list):
        warnings.append(notice("tables-reset", file=STATS_FILE))
        entries = []
    everyone: dict[str | None, dict[TableKey, TableStats]] = {None: {}}
    for index, entry in enumerate(entries):
        try:
            if not isinstance(entry, dict):
                raise Invalid("not-object")
            key = (_KEY_NAME(entry.get("preset")), _KEY_PLAYERS(entry.get("players")))
            player = _PLAYER(entry.get("player"))
        except Invalid as error:
            warnings.append(notice("table-dropped", file=STATS_FILE, number=index + 1,
                                   reason=error.fact))
            continue
        tables = everyone.setdefault(player, {})
        if key in tables:
            warnings.append(notice("table-repeated", file=STATS_FILE, preset=key[0],
                                   players=key[1]))
            continue
        counters = {k: v for k, v in entry.items() if k not in _KEYS}
        good, unknown, bad = load_fields(TableStats, counters,
                                         f"{STATS_FILE} ({key[0]}, {key[1]})")
        tables[key] = TableStats(**good, extra=unknown)
        warnings.extend(bad)
    mine = everyone.pop(None)
    people = {name: tables for name, tables in everyone.items() if name is not None}
    return Stats(mine, people, **values, extra=extra), warnings


def load_stats(paths: StorePaths) -> tuple[Stats, list[Fact]]:
    """The saved statistics (or none yet) and what went wrong reading them. Never raises."""
    try:
        (stats, warnings), told = documents.in_transaction(paths, read_stats)
    except (OSError, sqlite3.Error) as error:
        return Stats(), [notice("file-unreadable", file=journal.JOURNAL_FILE,
                                reason=db_reason(error))]
    return stats, [*told, *warnings]


def save_stats(paths: StorePaths, stats: Stats) -> tuple[Fact, ...]:
    """Replace the statistics in one transaction; returns warnings, empty when saved."""
    try:
        _, told = documents.in_transaction(paths, lambda c: write_stats(c, stats))
    except (OSError, sqlite3.Error, ValueError) as error:
        return (notice("not-saved", what="statistics", reason=db_reason(error)),)
    return told


def forget(paths: StorePaths, player: str | None) -> tuple[Fact, ...]:
    """Reset statistics: one person's counters and finished matches forgotten in one
    transaction (None: the one person's), everyone else's kept; empty when saved."""
    def forgotten(connection: sqlite3.Connection) -> None:
        stats, _ = read_stats(connection)
        matches, _ = history.read_history(connection)
        write_stats(connection, stats.without(player))
        documents.write(connection, HISTORY_NAME, history.history_to_dict(
            [entry for entry in matches if entry.player != player]))

    try:
        _, told = documents.in_transaction(paths, forgotten)
    except (OSError, sqlite3.Error, ValueError) as error:
        return (notice("not-saved", what="statistics", reason=db_reason(error)),)
    return told


def read_stats(connection: sqlite3.Connection) -> tuple[Stats, list[Fact]]:
    """The statistics in the journal, read inside the caller's transaction."""
    data, warnings = documents.read(connection, STATS_NAME)
    if data is None:
        return Stats(), warnings
    stats, more = stats_from_dict(data)
    return stats, [*warnings, *more]


def write_stats(connection: sqlite3.Connection, stats: Stats) -> None:
    """Write inside the caller's transaction. Raises ValueError for text JSON cannot hold."""
    documents.write(connection, STATS_NAME, stats_to_dict(stats))
