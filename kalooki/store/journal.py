"""The store's live data in one SQLite file: the autosave journal and the statistics.

Each action of a match in progress is appended as one row, in one transaction that also
moves the match's summary on (and, at the end of a deal, writes the statistics), so the
cost of a save does not grow with the match and a kill at any instant leaves either the
state before the action or the state after it, statistics included. The file is in WAL
mode with ``synchronous=NORMAL``: a killed program loses nothing committed; a power cut
may lose the last few actions, never the file's consistency. The transaction of the action
that ends a deal is written with ``synchronous=FULL`` (its commit reaches the disk, with
every action before it), so a power cut never loses a finished deal.

A match read back becomes the same :class:`GameSave` document a JSON save holds and passes
the same proofs (field checks, replay, digests, rules digest), so nothing the journal
returns is believed before it is replayed. A match that fails them is set aside (marked,
kept in the file, never offered again) and the notice says so. A file SQLite cannot read
is moved aside whole and a new one started.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kalooki import version
from kalooki.engine.facts.said import Fact, fact
from kalooki.engine.record import HASH_EVERY, GameRecord, Recorder
from kalooki.engine.rules import RuleSet
from kalooki.store.atomic import set_aside
from kalooki.store.bounded import check_regular
from kalooki.store.journal_import import import_once
from kalooki.store.migrations import migrate
from kalooki.store.notices import db_reason, notice
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import (
    FORMAT_VERSION,
    GameSave,
    SaveError,
    Seat,
    card_codes,
    default_name,
    first_deck,
    rules_digest,
)

JOURNAL_FILE = "kalooki.sqlite3"
"""In the data folder: autosaves (the journal) and statistics."""
BUSY_SECONDS = 5.0
"""How long to wait for another copy of the game that is writing the file."""
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS matches (key TEXT PRIMARY KEY, header TEXT NOT NULL,"
    " summary TEXT NOT NULL, saved_at TEXT NOT NULL, over INTEGER NOT NULL,"
    " aside TEXT)",
    "CREATE TABLE IF NOT EXISTS actions (key TEXT NOT NULL, number INTEGER NOT NULL,"
    " code TEXT NOT NULL, digest TEXT, PRIMARY KEY (key, number)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS kept (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
)
TABLES = ("matches", "actions", "kept")
MADE_SUFFIX = ".made"
"""Beside the journal, a file saying the game has written one here: a journal found empty,
missing or without its tables after that is a loss to report, not a first start."""
Hook = Callable[[sqlite3.Connection], None]
"""More writing to do inside an append's transaction (the statistics of a deal)."""


def journal_path(paths: StorePaths) -> Path:
    return paths.data_dir / JOURNAL_FILE


def now() -> datetime:
    return datetime.now(UTC)


def connect(paths: StorePaths) -> tuple[sqlite3.Connection, tuple[Fact, ...]]:
    """The store's SQLite file (see :func:`connect_file`), with an earlier version's
    autosaves and statistics imported into it the first time."""
    connection, warnings = connect_file(journal_path(paths))
    try:
        imported = import_once(connection, paths, write_match)
        keyless = set_keyless_aside(connection)
    except sqlite3.Error:
        connection.close()
        raise
    aside = (notice("rows-aside", file=JOURNAL_FILE, count=keyless),) if keyless else ()
    return connection, (*warnings, *imported, *aside)


def connect_file(path: Path) -> tuple[sqlite3.Connection, tuple[Fact, ...]]:
    """The SQLite file at ``path``, created when missing; one SQLite cannot read is set
    aside (the notice names where it went) and a new one made. Raises OSError or
    sqlite3.Error only when the folder refuses a new file, or when ``path`` is no file
    (FileRefused: a folder or a device is never opened as the journal)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    check_regular(path)
    existed = path.exists()
    try:
        connection, told = _opened(path, existed)
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError) and not _is_damage(error):
            raise
        damaged = notice("file-damaged", file=path.name, reason=db_reason(error),
                         aside=set_aside(path))
        for extra in ("-wal", "-shm"):
            path.with_name(path.name + extra).unlink(missing_ok=True)
        connection, _ = _opened(path, existed=None)  # a new file, made on purpose
        told = (damaged,)
    marker = path.with_name(path.name + MADE_SUFFIX)
    if not marker.exists():
        with contextlib.suppress(OSError):  # a read-only folder: the next start tries
            marker.touch()
    return connection, told


def connect_read_only(path: Path) -> sqlite3.Connection:
    """The SQLite file at ``path`` for a check that must change nothing (no creation, no
    setting aside). Raises sqlite3.Error when it cannot be read."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                           timeout=BUSY_SECONDS)


def _is_damage(error: sqlite3.Error) -> bool:
    return "malformed" in str(error) or "not a database" in str(error)


def _opened(path: Path, existed: bool | None) -> tuple[sqlite3.Connection, tuple[Fact, ...]]:
    """The file opened with its tables, and what was found lost on the way: a journal the
    game had written (its marker says so) that is now missing, empty or short of tables
    is said, and the file as it was is kept aside (moved when nothing is left in it,
    copied when some tables are). ``existed`` None: a new file made on purpose."""
    connection = _connection(path)
    told: tuple[Fact, ...] = ()
    try:
        missing = [t for t in TABLES if t not in _tables(connection)]
        if missing and existed is not None \
                and path.with_name(path.name + MADE_SUFFIX).exists():
            if not existed:
                told = (notice("journal-missing", file=path.name),)
            elif len(missing) == len(TABLES):  # empty: move it aside, start anew
                connection.close()
                aside = set_aside(path)
                for extra in ("-wal", "-shm"):
                    path.with_name(path.name + extra).unlink(missing_ok=True)
                connection = _connection(path)
                told = (notice("journal-emptied", file=path.name, aside=aside),)
            else:  # keep what is left where it is, and a copy as it was
                told = (notice("journal-tables", file=path.name, tables=", ".join(missing),
                               aside=_copy_aside(connection, path)),)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        for statement in _SCHEMA:
            connection.execute(statement)
        connection.execute("SELECT count(*) FROM matches").fetchone()
    except sqlite3.Error:
        connection.close()
        raise
    return connection, told


def _connection(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                           check_same_thread=False)


def _tables(connection: sqlite3.Connection) -> set[str]:
    return {name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}


def _copy_aside(connection: sqlite3.Connection, path: Path) -> Fact:
    """A copy of the journal as it is, beside it; the notice saying where."""
    target = path.with_name(f"{path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        with contextlib.closing(sqlite3.connect(target)) as copy:
            connection.backup(copy)
    except (OSError, sqlite3.Error) as error:
        return fact("not-moved", reason=db_reason(error))
    return fact("kept-aside", target=target.name)


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One all-or-nothing write: committed when the block ends, rolled back on any error."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def match_key(rules: RuleSet, players: int, seed: int) -> str:
    """What defines a match (rules, players, seed): every autosave of it is one match."""
    header = f"{rules!r}|{players}|{seed}"
    return hashlib.sha256(header.encode()).hexdigest()[:16]


# -- reading --------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredMatch:
    """One match's row, read without its actions (for Continue and listings)."""

    key: str
    header: dict[str, Any]
    summary: dict[str, Any]
    saved_at: str


def matches(connection: sqlite3.Connection) -> list[StoredMatch]:
    """The matches not set aside, newest first; a row whose JSON cannot be read is set
    aside by :func:`load_match` when it is asked for, so here it is simply left out."""
    found = []
    rows = connection.execute("SELECT key, header, summary, saved_at FROM matches"
                              " WHERE aside IS NULL AND typeof(key) = 'text'"
                              " ORDER BY saved_at DESC")  # a key that is no text names none
    for key, header, summary, saved_at in rows:
        found.append(StoredMatch(key, _object(header), _object(summary), str(saved_at)))
    return found


def _object(text: object) -> dict[str, Any]:
    """A row's JSON object; {} for anything else (not text, not JSON, not an object),
    which the match's load then refuses as damage."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def set_keyless_aside(connection: sqlite3.Connection) -> int:
    """Set aside the rows whose key is no text (no game writes one: it can name no match)
    and say how many there were; nothing is written when there are none."""
    if connection.execute("SELECT 1 FROM matches WHERE aside IS NULL"
                          " AND typeof(key) != 'text' LIMIT 1").fetchone() is None:
        return 0
    with transaction(connection):
        return connection.execute("UPDATE matches SET aside = ? WHERE aside IS NULL AND "
                                  "typeof(key) != 'text'",
                                  (f"{now().isoformat()} {fact('key-not-text')}",)).rowcount


def document(connection: sqlite3.Connection, key: str) -> dict[str, Any] | None:
    """The match as a save document (the JSON save's shape), or None when not kept.
    Raises SaveError when its rows cannot make one."""
    row = connection.execute("SELECT header, summary, saved_at FROM matches"
                             " WHERE key = ? AND aside IS NULL", (key,)).fetchone()
    if row is None:
        return None
    doc = _object(row[0])
    if not isinstance(doc.get("record"), dict):
        raise SaveError("save-row", row=key)
    summary = _object(row[1])  # a summary that is no object is refused by its check
    codes, hashes = [], []
    for number, code, digest in connection.execute(
            "SELECT number, code, digest FROM actions WHERE key = ? ORDER BY number", (key,)):
        codes.append(code)
        if digest is not None:
            hashes.append([number, digest])
        if number != len(codes):
            raise SaveError("save-row-missing", row=key, number=len(codes))
    doc["record"] = {**doc["record"], "actions": codes, "hashes": hashes}
    return {**doc, "summary": summary, "saved_at": row[2], "kind": "autosave"}


def set_match_aside(connection: sqlite3.Connection, key: str, reason: str) -> None:
    """Never offer the match again, but keep its rows for whoever wants to look."""
    with transaction(connection):
        connection.execute("UPDATE matches SET aside = ? WHERE key = ?",
                           (f"{now().isoformat()} {reason}", key))


def delete_match(connection: sqlite3.Connection, key: str) -> None:
    with transaction(connection):
        connection.execute("DELETE FROM actions WHERE key = ?", (key,))
        connection.execute("DELETE FROM matches WHERE key = ?", (key,))


def kept_value(connection: sqlite3.Connection, name: str) -> str | None:
    row = connection.execute("SELECT value FROM kept WHERE name = ?", (name,)).fetchone()
    return None if row is None else str(row[0])


def keep_value(connection: sqlite3.Connection, name: str, value: str) -> None:
    """Write inside the caller's transaction."""
    connection.execute("INSERT OR REPLACE INTO kept (name, value) VALUES (?, ?)",
                       (name, value))


# -- writing --------------------------------------------------------------------------


def header_of(recorder: Recorder, seats: Sequence[Seat]) -> dict[str, Any]:
    """The part of a save document that changes only with its seats: who sits where, and
    how each person had laid out their cards."""
    game = recorder.game
    bare = GameRecord(game.rules, game.players, game.seed)
    return {
        "format_version": FORMAT_VERSION,
        "app_version": version(),
        "name": default_name(bare, seats),
        "players": [seat.to_dict() for seat in seats],
        "record": {"rules": game.rules.to_dict(), "players": game.players, "seed": game.seed,
                   "hash_version": game.hash_version},
        "first_deck": card_codes(first_deck(bare)),
    }


class Journal:
    """The autosave writer a match keeps open: :meth:`append` is called after every action
    and costs the same at action 10 and at action 200,000. Safe to call from any thread."""

    def __init__(self, paths: StorePaths, kept_matches: int,
                 clock: Callable[[], datetime] = now) -> None:
        self.paths = paths
        self.kept_matches = kept_matches
        self.clock = clock
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._stored: dict[str, int] = {}
        """Actions known to be in the file per match (read once per match, then kept)."""
        self._seats: dict[str, tuple[Seat, ...]] = {}
        """The seats whose header the file holds, per match (a header is rewritten only
        when someone changes seat)."""
        self._rules: dict[str, str] = {}
        self._ended: dict[str, int] = {}
        """Deals ended in each match as last written: an append that ends one more (or
        the first append of a match) is written with full durability."""

    def _open(self) -> tuple[sqlite3.Connection, tuple[Fact, ...]]:
        if self._connection is not None:
            return self._connection, ()
        self._connection, warnings = connect(self.paths)
        return self._connection, warnings

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def append(self, recorder: Recorder, seats: Sequence[Seat],
               also: Sequence[Hook] = ()) -> tuple[Fact, ...]:
        """Write what the file lacks of the match (one action, normally), its summary and
        ``also``, in one transaction. Returns warnings, empty when all was written; on a
        failure nothing was written and the next append writes it all."""
        with self._lock:
            try:
                connection, warnings = self._open()
                self._append(connection, recorder, tuple(seats), also)
            except (OSError, sqlite3.Error, ValueError) as error:
                self._stored.clear()  # read the file again next time: it may have moved
                self._seats.clear()
                self._ended.clear()
                return (notice("not-saved", what="autosave", reason=db_reason(error)),)
            return warnings

    def _append(self, connection: sqlite3.Connection, recorder: Recorder,
                seats: tuple[Seat, ...], also: Sequence[Hook]) -> None:
        game = recorder.game
        key = match_key(game.rules, game.players, game.seed)
        if key not in self._rules:
            self._rules[key] = rules_digest(game.rules)
        stamp = self.clock().isoformat()
        ended = len(game.results)
        durable = ended != self._ended.get(key)
        if durable:  # a deal ended (or the match is new to this writer): the commit
            # reaches the disk, with every action before it, before append returns
            connection.execute("PRAGMA synchronous=FULL")
        try:
            with transaction(connection):
                stored = self._stored.get(key)
                if stored is None:
                    stored = self._keep_common(connection, key, recorder)
                if stored is None or self._seats.get(key) != seats:
                    _put_header(connection, key, recorder, seats, stamp)
                    if stored is None:
                        self._prune(connection, key)
                _put_actions(connection, key, recorder, stored or 0)
                _put_summary(connection, key, recorder, stamp, self._rules[key])
                for hook in also:
                    hook(connection)
        finally:
            if durable:
                connection.execute("PRAGMA synchronous=NORMAL")
        self._stored[key] = len(recorder.actions)
        self._seats[key] = seats
        self._ended[key] = ended

    def _keep_common(self, connection: sqlite3.Connection, key: str,
                     recorder: Recorder) -> int | None:
        """How many of the match's actions the file holds that agree with ``recorder``
        (None when the match is not in the file); rows past that point are removed, as a
        match resumed from an earlier named save goes its own way."""
        if connection.execute("SELECT 1 FROM matches WHERE key = ?", (key,)).fetchone() \
                is None:
            connection.execute("DELETE FROM actions WHERE key = ?", (key,))
            return None
        common = 0
        for number, code in connection.execute(
                "SELECT number, code FROM actions WHERE key = ? ORDER BY number", (key,)):
            if number != common + 1 or number > len(recorder.actions) \
                    or recorder.actions[number - 1] != code:
                break
            common = number
        connection.execute("DELETE FROM actions WHERE key = ? AND number > ?", (key, common))
        return common

    def _prune(self, connection: sqlite3.Connection, keep: str) -> None:
        """A new match: forget all but the newest few matches (set-aside ones included)."""
        older = [key for (key,) in connection.execute(
            "SELECT key FROM matches WHERE key != ? ORDER BY saved_at DESC LIMIT -1 "
            "OFFSET ?", (keep, self.kept_matches - 1))]
        for key in older:
            connection.execute("DELETE FROM actions WHERE key = ?", (key,))
            connection.execute("DELETE FROM matches WHERE key = ?", (key,))


def write_match(connection: sqlite3.Connection, recorder: Recorder, seats: Sequence[Seat],
                stamp: str) -> None:
    """Inside the caller's transaction: the whole match, replacing any rows it had."""
    game = recorder.game
    key = match_key(game.rules, game.players, game.seed)
    connection.execute("DELETE FROM actions WHERE key = ?", (key,))
    _put_header(connection, key, recorder, tuple(seats), stamp)
    _put_actions(connection, key, recorder, 0)
    _put_summary(connection, key, recorder, stamp, rules_digest(game.rules))


def _put_header(connection: sqlite3.Connection, key: str, recorder: Recorder,
                seats: tuple[Seat, ...], stamp: str) -> None:
    connection.execute(
        "INSERT INTO matches (key, header, summary, saved_at, over) VALUES (?, ?, '{}', ?, ?)"
        " ON CONFLICT (key) DO UPDATE SET header = excluded.header, aside = NULL",
        (key, json.dumps(header_of(recorder, seats), sort_keys=True, ensure_ascii=False),
         stamp, recorder.game.over))


def _put_actions(connection: sqlite3.Connection, key: str, recorder: Recorder,
                 stored: int) -> None:
    """The actions after the first ``stored`` (one, normally)."""
    connection.executemany(
        "INSERT INTO actions (key, number, code, digest) VALUES (?, ?, ?, ?)",
        [(key, number, recorder.actions[number - 1], _digest_at(recorder, number))
         for number in range(stored + 1, len(recorder.actions) + 1)])


def _put_summary(connection: sqlite3.Connection, key: str, recorder: Recorder, stamp: str,
                 rules: str) -> None:
    """What a load checks the replay against, after the last action."""
    game = recorder.game
    summary = json.dumps({
        "deal": game.deal_no, "over": game.over, "totals": list(game.totals),
        "actions": game.actions_applied, "digest": game.state_hash(), "rules": rules})
    connection.execute("UPDATE matches SET summary = ?, saved_at = ?, over = ? WHERE key = ?",
                       (summary, stamp, game.over, key))


def _digest_at(recorder: Recorder, number: int) -> str | None:
    """The record's state digest after action ``number``, if it keeps one there."""
    if number % HASH_EVERY:
        return None
    at, digest = recorder.hashes[number // HASH_EVERY - 1]
    assert at == number  # a recorder keeps one digest every HASH_EVERY actions
    return digest


def save_of(doc: dict[str, Any]) -> GameSave:
    """The document as a checked save (its actions not yet replayed)."""
    return GameSave.from_dict(migrate(doc))
