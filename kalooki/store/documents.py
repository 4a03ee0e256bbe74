"""JSON documents kept in the journal (the statistics, the match history): read and
written inside a transaction, so the table can update them in the transaction of the
action that ended a deal or a match, and read as forgivingly as the files they replace.

A document that is not a JSON object is kept aside under another name in the same file,
said, and started afresh: nothing is lost, nothing crashes.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any, TypeVar

from kalooki.engine.facts.said import Fact, fact
from kalooki.store import journal
from kalooki.store.atomic import damage_reason, parse_json_object
from kalooki.store.notices import Damaged, notice
from kalooki.store.paths import StorePaths

T = TypeVar("T")


def read(connection: sqlite3.Connection, name: str) -> tuple[dict[str, Any] | None, list[Fact]]:
    """The document ``name`` (None when there is none yet), inside the caller's
    transaction, and what went wrong reading it."""
    kept = journal.kept_value(connection, name)
    if kept is None:
        return None, []
    try:
        return parse_json_object(kept.encode("utf-8", "surrogatepass")), []
    except Damaged as error:
        aside = f"{name}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
        journal.keep_value(connection, aside, kept)
        connection.execute("DELETE FROM kept WHERE name = ?", (name,))
        return None, [notice("file-damaged", file=f"{journal.JOURNAL_FILE} ({name})",
                             reason=damage_reason(error),
                             aside=fact("kept-aside", target=aside))]


def write(connection: sqlite3.Connection, name: str, document: dict[str, Any]) -> None:
    """Write inside the caller's transaction. Raises ValueError for text JSON cannot hold
    (a lone surrogate is refused here, not stored)."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, allow_nan=False)
    text.encode("utf-8")
    journal.keep_value(connection, name, text)


def in_transaction(paths: StorePaths, work: Callable[[sqlite3.Connection], T],
                   ) -> tuple[T, tuple[Fact, ...]]:
    """``work`` done in one transaction of the store's journal, and what opening it said.
    Raises OSError or sqlite3.Error when the journal refuses, and what ``work`` raises."""
    connection, warnings = journal.connect(paths)
    try:
        with journal.transaction(connection):
            return work(connection), warnings
    finally:
        connection.close()
