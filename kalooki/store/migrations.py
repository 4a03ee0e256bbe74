"""Older save formats, brought up to the current one step by step.

``MIGRATIONS[n]`` turns a format-``n`` document into format ``n + 1``; reading chains the
steps, so each step is written once and never touched again. Migrating happens in
memory only: the file keeps its old format until the game is saved again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.position import HASH_VERSION
from kalooki.engine.record import GameRecord, replay
from kalooki.engine.rules import RuleSet
from kalooki.store.fields import Invalid
from kalooki.store.savegame import (
    FORMAT_VERSION,
    SaveError,
    Seat,
    Summary,
    card_codes,
    first_deck,
    json_object,
    need,
    rules_digest,
    save_name,
    timestamp,
)

Document = dict[str, Any]
MIGRATED_APP_VERSION = "unknown"
"""Format 0 did not say which version of the program wrote it."""


def _from_0(doc: Document) -> Document:
    """Format 0 (the first saves): ``seats`` as ``[name, level]`` pairs, the engine fields
    (``rules``, ``seed``, ``actions``) at the top, no kind, digests or check fields.
    The check fields are recomputed by replaying the log, which also checks it."""
    seats = need(doc, "seats", _pairs)
    try:
        record = GameRecord.from_dict({**doc, "players": len(seats), "hashes": [],
                                       "hash_version": HASH_VERSION})  # digests made anew
        recorder = replay(record)
    except RuleError as error:  # the engine refusing the file; anything else is a fault
        raise SaveError("save-replay", reason=error) from None
    return {
        "format_version": 1,
        "app_version": MIGRATED_APP_VERSION,
        "kind": "named",
        "saved_at": need(doc, "saved_at", timestamp).isoformat(),
        "name": need(doc, "name", save_name),
        "players": [seat.to_dict() for seat in seats],
        "record": recorder.record.to_dict(),
        "first_deck": card_codes(first_deck(record)),
        "summary": Summary.of(recorder.game).to_dict(),
    }


def _pairs(value: Any) -> list[Seat]:
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 for p in value):
        raise Invalid("expected-pairs")
    return [Seat(name, level) for name, level in value]


def _from_1(doc: Document) -> Document:
    """Format 1 had no digest of the rules: it is computed from the file's own rules (an
    older file's swapped rules cannot be told apart; from format 2 on they are)."""
    summary = need(doc, "summary", json_object)
    record = need(doc, "record", json_object)
    try:
        rules = RuleSet.from_record(need(record, "rules", json_object, "record."))
    except RuleError as error:
        raise SaveError("save-record", reason=error) from None
    return {**doc, "format_version": 2, "summary": {**summary, "rules": rules_digest(rules)}}


def _from_2(doc: Document) -> Document:
    """Format 2 and older kept the first state digest, which left out some fields that
    decide the future: the record says so, and its digests are checked as written (a
    format-0 save, which had none, was given the current ones by its own migration)."""
    record = need(doc, "record", json_object)
    return {**doc, "format_version": 3, "record": {"hash_version": 1, **record}}


MIGRATIONS: dict[int, Callable[[Document], Document]] = {0: _from_0, 1: _from_1, 2: _from_2}


def migrate(doc: Document) -> Document:
    """The document in the current format; a SaveError for a version this program cannot read."""
    version = need(doc, "format_version", _version)
    if version > FORMAT_VERSION:
        raise SaveError("save-newer", version=version, newest=FORMAT_VERSION)
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError("save-format", version=version)
        doc = step(doc)
        version += 1
    return doc


def _version(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid("expected-whole")
    return value
