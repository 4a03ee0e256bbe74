"""Saved games: one autosave per match in the journal, named saves, and the listing of both.

Named saves are ``<safe name>.json`` under ``StorePaths.saves_dir``; every write is atomic
and keeps the previous copy as ``.bak``, so a crash mid-save leaves the old save or the
new one; a damaged file is set aside and its ``.bak`` used (see :mod:`kalooki.store.atomic`),
and the notices say so. Autosaves are matches in the journal (:mod:`kalooki.store.journal`);
an autosave's path is the journal file joined with the match's key, as ``zipfile.Path``
names a member of an archive. Listing proves each save by replaying it, as loading does,
so the list shows what Load will really load; a save already proved is remembered by its
digest and not replayed again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from kalooki.engine.facts.said import Fact
from kalooki.engine.record import GameRecord, Recorder
from kalooki.store import journal
from kalooki.store.atomic import (
    DAMAGE,
    Loaded,
    backup_path,
    damage_reason,
    read_with_fallback,
    write_json_atomic,
)
from kalooki.store.fields import Invalid
from kalooki.store.filenames import numbered, safe_stem
from kalooki.store.notices import db_reason, notice
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import MAX_SAVE_BYTES, ResumedGame, decode, load, read_save_bytes
from kalooki.store.savegame import NAME_CHARS, GameSave, SaveError, Seat, resume, save_name

AUTOSAVES_KEPT = 5
"""Autosaves of this many most recent matches are kept; older ones are deleted."""
SUFFIX = ".json"
_BAK = backup_path(Path("save")).name.removeprefix("save")
"""The suffix the atomic writer gives a file's previous copy."""
_PROVED: set[bytes] = set()
"""SHA-256 of saves whose replay passed: the same bytes always replay the same."""
_PROVED_KEPT = 1024
_LOG = logging.getLogger("kalooki.store")
T = TypeVar("T")


@dataclass(frozen=True)
class SaveEntry:
    """One line of the load screen, read without replaying the game."""

    path: Path
    name: str
    kind: str
    saved_at: datetime
    preset: str
    deal: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    over: bool
    actions: int

    @classmethod
    def of(cls, path: Path, save: GameSave) -> SaveEntry:
        assert save.saved_at is not None  # decoded saves always carry their time
        return cls(path, save.name, save.kind, save.saved_at, save.record.rules.name,
                   save.summary.deal, tuple(s.name for s in save.seats),
                   save.summary.totals, save.summary.over, save.summary.actions)


def autosave_path(paths: StorePaths, record: GameRecord) -> Path:
    """The path that names the match of ``record`` in the journal (a member, not a file)."""
    return _member(paths, journal.match_key(record.rules, record.players, record.seed))


def _member(paths: StorePaths, key: str) -> Path:
    return journal.journal_path(paths) / key


def autosave(paths: StorePaths, recorder: Recorder, seats: Sequence[Seat]) -> tuple[Fact, ...]:
    """Save the match in progress once (a match being played keeps a
    :class:`~kalooki.store.journal.Journal` open instead); returns warnings, empty when
    saved. Never raises."""
    writer = autosave_writer(paths)
    try:
        return writer.append(recorder, seats)
    finally:
        writer.close()


def autosave_writer(paths: StorePaths) -> journal.Journal:
    """The journal a match appends to after every action; the first append of a new
    match forgets all but the newest few matches."""
    return journal.Journal(paths, AUTOSAVES_KEPT)


def open_journal(paths: StorePaths) -> tuple[Fact, ...]:
    """Open the journal as the menu opens, so an earlier version's files are imported
    before the menu asks about Continue; returns what that said (where the old files went,
    what was damaged), for the window. Never raises."""
    try:
        connection, warnings = journal.connect(paths)
    except (OSError, sqlite3.Error) as error:
        return (notice("file-unreadable", file=journal.JOURNAL_FILE, reason=db_reason(error)),)
    connection.close()
    return warnings


def latest_autosave(paths: StorePaths) -> SaveEntry | None:
    """The autosave "Continue" resumes: the newest of a match not yet over. Read without
    replaying (the menu asks often); loading it proves it, and says so if it fails."""
    for stored in _journal_rows(paths):
        try:
            save = journal.save_of(_row_document(stored))
        except DAMAGE:  # Continue will load it, fail, set it aside and say why
            return _unread_entry(_member(paths, stored.key))
        if not save.summary.over:
            return SaveEntry.of(_member(paths, stored.key), save)
    return None


def save_named(paths: StorePaths, save: GameSave, name: str) -> Path:
    """Save under ``name``; returns the file. A save already called exactly ``name`` is
    replaced (its previous copy kept as ``.bak``); another name that maps to the same
    file name gets a numbered file. Raises SaveError for a bad name, OSError when the
    disk refuses (the player asked to save and must hear that it failed)."""
    name = _checked_name(name)
    target = _named_path(paths, name, lambda existing: _stored_name(existing) == name)
    named = dataclasses.replace(save, name=name, kind="named", saved_at=_now())
    write_json_atomic(target, named.to_dict())
    return target


def list_saves(paths: StorePaths) -> tuple[list[SaveEntry], list[Fact]]:
    """Every named save and autosave, newest first, and what went wrong reading them.

    Never raises; a damaged file is set aside and its ``.bak`` listed instead.
    """
    named, warnings = _entries(paths.saves_dir)
    autos, more = _journal_entries(paths)
    entries = sorted([*named, *autos], key=lambda e: e.saved_at, reverse=True)
    return entries, [*warnings, *more]


def find_save(paths: StorePaths, name: str) -> Path | None:
    """The named save or autosave called ``name``, found without moving or repairing
    anything (for checks such as ``kalooki replay NAME``)."""
    for path in _main_files(paths.saves_dir):
        if _stored_name(path) == name:
            return path
    for stored in _journal_rows(paths):
        if stored.header.get("name") == name:
            return _member(paths, stored.key)
    return None


def load_save(path: Path) -> Loaded[ResumedGame]:
    """The game in ``path`` (or its ``.bak`` when ``path`` is damaged), replayed and
    checked. Never raises; ``value`` is None when neither copy is usable. The warnings say
    every fallback, and when the previous copy was loaded, how far that copy goes. An
    autosave has no previous copy: a match that fails its proofs is set aside and said."""
    if is_autosave(path):
        return _load_match(path, _resumed)
    loaded = read_with_fallback(path, load, MAX_SAVE_BYTES)
    if loaded.value is None or loaded.source in (None, path):
        return loaded
    game = loaded.value.game
    told = notice("using-backup-game", backup=loaded.source.name,
                  actions=game.actions_applied, deal=game.deal_no)
    return dataclasses.replace(loaded, warnings=(*loaded.warnings[:-1], told))


def keep_further_autosave(paths: StorePaths, save: GameSave,
                          name_of: Callable[[GameSave], str]) -> GameSave | None:
    """Before the named ``save`` resumes, keep the journal's copy of its match as a new
    named save (called ``name_of(copy)``, replacing none) when that copy holds moves
    ``save`` lacks: the resumed match goes its own way in the journal, which would drop
    them. Returns the copy kept, or None when nothing would be lost or the journal's copy
    cannot be read. Raises OSError when the disk refuses the copy."""
    path = autosave_path(paths, save.record)
    listed = _load_match(path, lambda stored: stored).value  # no replay to find nothing lost
    if listed is None or save.record.actions[:len(listed.record.actions)] == \
            listed.record.actions:
        return None
    further = _load_match(path, _proved_save).value
    if further is None:
        return None
    kept = dataclasses.replace(further, name=_checked_name(name_of(further)), kind="named",
                               saved_at=_now())
    write_json_atomic(_named_path(paths, kept.name, lambda existing: False), kept.to_dict())
    return kept


def read_autosave(path: Path) -> ResumedGame:
    """The autosave ``path`` names, replayed and checked, with nothing moved, marked or
    created (for ``kalooki replay``). Raises SaveError saying what is wrong."""
    try:
        with contextlib.closing(journal.connect_read_only(path.parent)) as connection:
            doc = journal.document(connection, path.name)
    except sqlite3.Error as error:
        raise SaveError("save-journal", file=journal.JOURNAL_FILE,
                        reason=db_reason(error)) from None
    if doc is None:
        raise SaveError("save-gone", file=path.name)
    return _resumed(journal.save_of(doc))


def rename_save(paths: StorePaths, path: Path, new_name: str) -> Path:
    """Give a save a new name (an autosave so renamed becomes a named save); returns its
    file. The renamed copy is written before the old file goes, so a crash loses nothing."""
    _check_own(paths, path)
    name = _checked_name(new_name)
    loaded = _load_match(path, _proved_save) if is_autosave(path) \
        else read_with_fallback(path, _proved, MAX_SAVE_BYTES)
    if loaded.value is None:
        if loaded.warnings:
            raise SaveError("save-damaged", reason=loaded.warnings[0])
        raise SaveError("save-gone", file=path.name)
    target = _named_path(paths, name, lambda existing: existing == path)
    write_json_atomic(target, dataclasses.replace(loaded.value, name=name,
                                                  kind="named").to_dict())
    if target != path:
        _remove(path)
    return target


def _remove(path: Path) -> None:
    if is_autosave(path):
        with _journal_of(path) as connection:
            journal.delete_match(connection, path.name)
        return
    for file in (path, backup_path(path)):
        file.unlink(missing_ok=True)


def delete_save(paths: StorePaths, path: Path) -> None:
    """Delete a save and its previous copy. Raises OSError when the disk refuses."""
    _check_own(paths, path)
    _remove(path)


def is_autosave(path: Path) -> bool:
    """Whether ``path`` names a match in the journal rather than a file."""
    return path.parent.name == journal.JOURNAL_FILE


# -- helpers -----------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _checked_name(name: str) -> str:
    try:
        checked: str = save_name(name)
    except Invalid as error:
        raise SaveError("save-name", most=NAME_CHARS, reason=error.fact) from None
    return checked


def _stored_name(path: Path) -> str | None:
    try:
        return decode(read_save_bytes(path)).name
    except (OSError, SaveError):
        return None


def _named_path(paths: StorePaths, name: str, may_replace: Callable[[Path], bool]) -> Path:
    """The first free file for ``name`` (a, a-2, a-3…), or an existing one ``may_replace``
    allows. Names are compared without case, as Windows and macOS compare them."""
    folder = paths.saves_dir
    taken = {p.name.casefold(): p for p in _main_files(folder)}
    stem = safe_stem(name)
    for number in itertools.count(1):
        candidate = folder / f"{numbered(stem, number)}{SUFFIX}"
        existing = taken.get(candidate.name.casefold())
        if existing is None:
            return candidate
        if may_replace(existing):
            return existing
    raise AssertionError("unreachable")  # pragma: no cover


def _main_files(folder: Path) -> Iterator[Path]:
    """Each save in ``folder`` once, by its main name, even when only its ``.bak`` is left."""
    try:
        names = {p.name for p in folder.iterdir() if p.is_file()}
    except OSError:
        return
    mains = {n.removesuffix(_BAK) for n in names}
    yield from (folder / n for n in sorted(mains)
                if n.endswith(SUFFIX) and not n.startswith("."))


def _proved(data: bytes) -> GameSave:
    """The save in ``data`` once its replay has passed (a SaveError when it does not)."""
    return _proved_save(decode(data))


def _entries(folder: Path) -> tuple[list[SaveEntry], list[Fact]]:
    entries: list[SaveEntry] = []
    warnings: list[Fact] = []
    for path in _main_files(folder):
        loaded = read_with_fallback(path, _proved, MAX_SAVE_BYTES)
        warnings.extend(loaded.warnings)
        if loaded.value is not None:
            entries.append(SaveEntry.of(path, loaded.value))
        elif loaded.fault:  # kept, and listed as its file says (loading it says why not)
            with contextlib.suppress(OSError, *DAMAGE):
                entries.append(SaveEntry.of(path, decode(read_save_bytes(path))))
    return entries, warnings


def _check_own(paths: StorePaths, path: Path) -> None:
    """Refuse paths outside the saves folders, whatever a caller was handed."""
    if is_autosave(path):
        if path.parent.resolve() == journal.journal_path(paths).resolve():
            return
    elif path.suffix == SUFFIX and path.resolve().parent == paths.saves_dir.resolve():
        return
    raise SaveError("save-foreign", file=path.name)


# -- the journal's matches -----------------------------------------------------------


@contextlib.contextmanager
def _journal_of(path: Path) -> Iterator[sqlite3.Connection]:
    """The journal ``path`` is a member of, opened for one piece of work."""
    connection, _ = journal.connect_file(path.parent)
    try:
        yield connection
    finally:
        connection.close()


def _journal_rows(paths: StorePaths,
                  told: list[Fact] | None = None) -> list[journal.StoredMatch]:
    """The journal's matches, newest first; none when the journal cannot be opened. What
    went wrong opening it is added to ``told`` (and is in the log either way)."""
    warnings: tuple[Fact, ...]
    try:
        connection, warnings = journal.connect(paths)
        try:
            rows = journal.matches(connection)
        finally:
            connection.close()
    except (OSError, sqlite3.Error) as error:
        warnings = (notice("file-unreadable", file=journal.JOURNAL_FILE, reason=db_reason(error)),)
        rows = []
    if told is not None:
        told.extend(warnings)
    return rows


def _row_document(stored: journal.StoredMatch) -> dict[str, Any]:
    """A listing's document of a match: its header and summary, without its actions."""
    record = stored.header.get("record")
    if not isinstance(record, dict):
        raise SaveError("save-row", row=stored.key)
    return {**stored.header, "record": {**record, "actions": [], "hashes": []},
            "summary": stored.summary, "saved_at": stored.saved_at, "kind": "autosave"}


def _unread_entry(path: Path) -> SaveEntry:
    """An entry for a match whose row cannot be read, so that loading it says why."""
    return SaveEntry(path, path.name, "autosave", datetime.min.replace(tzinfo=UTC), "", 1,
                     (), (), False, 0)


def _resumed(save: GameSave) -> ResumedGame:
    return ResumedGame(save, resume(save))


def _proved_save(save: GameSave) -> GameSave:
    """``save`` once its replay has passed (remembered by the document's digest)."""
    key = hashlib.sha256(json.dumps(save.to_dict(), sort_keys=True).encode("ascii")).digest()
    if key not in _PROVED:
        resume(save)
        if len(_PROVED) >= _PROVED_KEPT:
            _PROVED.clear()
        _PROVED.add(key)
    return save


def _load_match(path: Path, prove: Callable[[GameSave], T]) -> Loaded[T]:
    """The match ``path`` names, read from the journal and proved by ``prove``; one whose
    rows are damaged is set aside in the journal and the notice says so. A fault of ours
    (anything but :data:`DAMAGE` and the disk's errors) is logged with its traceback and
    said as ours, and the match is kept as it is. Never raises."""
    try:
        with _journal_of(path) as connection:
            doc: dict[str, Any] | None = None
            try:
                doc = journal.document(connection, path.name)
                if doc is None:
                    return Loaded(None, (notice("file-missing", file=path.name),))
                return Loaded(prove(journal.save_of(doc)), (), path)
            except DAMAGE as error:
                reason = damage_reason(error)
                match = _match_name(doc, path)
                if not getattr(error, "damage", True):  # a newer game's: kept for it
                    return Loaded(None, (notice("match-kept", file=journal.JOURNAL_FILE,
                                                reason=reason, match=match),))
                journal.set_match_aside(connection, path.name, str(error))
                return Loaded(None, (notice("match-aside", file=journal.JOURNAL_FILE,
                                            reason=reason, match=match),))
            except (OSError, sqlite3.Error):
                raise
            except Exception:  # a fault of ours: never the file's damage
                _LOG.exception("a fault loading the autosave %s", path.name)
                return Loaded(None, (notice("match-fault", match=_match_name(doc, path)),),
                              fault=True)
    except (OSError, sqlite3.Error) as error:
        return Loaded(None, (notice("file-unreadable", file=journal.JOURNAL_FILE,
                                    reason=db_reason(error)),))


def _match_name(doc: dict[str, Any] | None, path: Path) -> str:
    name = doc.get("name") if doc is not None else None
    return name if isinstance(name, str) else path.name


def _journal_entries(paths: StorePaths) -> tuple[list[SaveEntry], list[Fact]]:
    entries: list[SaveEntry] = []
    warnings: list[Fact] = []
    for stored in _journal_rows(paths, warnings):
        path = _member(paths, stored.key)
        loaded = _load_match(path, _proved_save)
        warnings.extend(loaded.warnings)
        if loaded.value is not None:
            entries.append(SaveEntry.of(path, loaded.value))
        elif loaded.fault:  # kept, and listed as its row says (loading it says why not)
            with contextlib.suppress(*DAMAGE):
                entries.append(SaveEntry.of(path, journal.save_of(_row_document(stored))))
    return entries, warnings
