"""The human player's finished matches, one entry each with its date: what the statistics
screen draws its charts over time from.

Kept in the journal beside the counters of :mod:`kalooki.store.stats` and as forgivingly:
a damaged entry is dropped with a warning, the others kept. A finished match's line is
written in the transaction of the match's last action (:func:`add_in`), so a kill can
neither lose it nor write it twice. An earlier version's ``match_history.json`` is
imported once (:mod:`kalooki.store.journal_import`).
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kalooki.engine.facts.said import Fact, fact
from kalooki.store import documents, journal
from kalooki.store.fields import Invalid, boolean, checked, integer, optional, text, validate
from kalooki.store.journal_import import HISTORY_NAME
from kalooki.store.notices import db_reason, notice
from kalooki.store.paths import StorePaths

FORMAT_VERSION = 1
LABEL = f"{journal.JOURNAL_FILE} ({HISTORY_NAME})"
MOST_MATCHES = 5000
"""The oldest matches are forgotten beyond this many (a file that stays quick to read)."""


def _moment(value: Any) -> str:
    """An ISO date and time to the minute, local to the player ("2026-03-14T20:30")."""
    if not isinstance(value, str):
        raise Invalid("expected-date")
    try:
        return datetime.fromisoformat(value).strftime("%Y-%m-%dT%H:%M")
    except ValueError:
        raise Invalid("expected-date") from None


@dataclass(frozen=True)
class MatchEntry:
    """One finished match as the human played it. ``penalty`` is the sum of the human's
    deal scores over ``deals`` deals (the total can differ after a buy-in); ``place`` is
    1 for the lowest total, tied players sharing a place."""

    played: str = checked("2000-01-01T00:00", _moment)
    preset: str = checked("", text(40))
    players: int = checked(2, integer(2))
    total: int = checked(0, integer())
    won: bool = checked(False, boolean)
    deals: int = checked(0, integer(0))
    penalty: int = checked(0, integer())
    place: int = checked(1, integer(1))
    player: str | None = checked(None, optional(text(20)))
    """The person's name when several people shared the computer (None: the one person
    at it, as every entry before names were kept)."""

    def __post_init__(self) -> None:
        validate(self)

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.played)

    @property
    def table(self) -> tuple[str, int]:
        """The kind of table, as the statistics' rows name it: (preset, players)."""
        return self.preset, self.players


def history_from_dict(data: Mapping[str, Any]) -> tuple[tuple[MatchEntry, ...], list[Fact]]:
    """Entries from a parsed file, oldest first; a bad entry is dropped with a warning
    (fields this version does not know are left out)."""
    raw = data.get("matches", [])
    if not isinstance(raw, list):
        return (), [notice("matches-reset", file=LABEL)]
    entries: list[MatchEntry] = []
    warnings: list[Fact] = []
    needed = [f.name for f in dataclasses.fields(MatchEntry) if f.name != "player"]
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            warnings.append(notice("match-dropped", file=LABEL, number=number,
                                   reason=fact("not-object")))
            continue
        missing = [name for name in needed if name not in item]
        try:
            if missing:
                raise Invalid("missing-fields", fields=", ".join(missing))
            entries.append(MatchEntry(**{name: item[name] for name in needed},
                                      player=item.get("player")))
        except Invalid as error:
            warnings.append(notice("match-dropped", file=LABEL, number=number,
                                   reason=error.fact))
    entries.sort(key=lambda entry: entry.played)
    return tuple(entries[-MOST_MATCHES:]), warnings


def history_to_dict(entries: Sequence[MatchEntry]) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION,
            "matches": [dataclasses.asdict(entry) for entry in entries[-MOST_MATCHES:]]}


def load_history(paths: StorePaths) -> tuple[tuple[MatchEntry, ...], list[Fact]]:
    """The finished matches, oldest first, and what went wrong reading them. Never raises."""
    try:
        (entries, warnings), told = documents.in_transaction(paths, read_history)
    except (OSError, sqlite3.Error) as error:
        return (), [notice("file-unreadable", file=journal.JOURNAL_FILE, reason=db_reason(error))]
    return entries, [*told, *warnings]


def read_history(connection: sqlite3.Connection) -> tuple[tuple[MatchEntry, ...], list[Fact]]:
    """The history in the journal, read inside the caller's transaction."""
    data, warnings = documents.read(connection, HISTORY_NAME)
    if data is None:
        return (), warnings
    entries, more = history_from_dict(data)
    return entries, [*warnings, *more]


def add_in(connection: sqlite3.Connection, entries: Sequence[MatchEntry]) -> list[Fact]:
    """Inside the caller's transaction: ``entries`` added; what reading the history said."""
    kept, warnings = read_history(connection)
    documents.write(connection, HISTORY_NAME, history_to_dict([*kept, *entries]))
    return warnings


def add_match(paths: StorePaths, entry: MatchEntry) -> tuple[Fact, ...]:
    """Add ``entry`` in one transaction; the warnings (empty when all went well)."""
    return _saved(paths, lambda connection: add_in(connection, [entry]))


def _saved(paths: StorePaths, work: Callable[[sqlite3.Connection], list[Fact]],
           ) -> tuple[Fact, ...]:
    try:
        warnings, told = documents.in_transaction(paths, work)
    except (OSError, sqlite3.Error, ValueError) as error:
        return (notice("not-saved", what="history", reason=db_reason(error)),)
    return (*told, *warnings)
