"""Saved games on disk: one autosave per match, named saves, and the listing of both.

Layout under ``StorePaths.saves_dir``: named saves as ``<safe name>.json``, autosaves in
``autosave/<match key>.json``. Every write is atomic and keeps the previous copy as
``.bak``, so a crash mid-save leaves the old save or the new one; a damaged file is set
aside and its ``.bak`` used (see :mod:`kalooki.store.atomic`), and the notices say so.
Listing proves each file by replaying it, as loading does, so the list shows what Load
will really load; a file already proved is remembered by its digest and not replayed again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from kalooki.engine.record import GameRecord
from kalooki.store.atomic import (
    Loaded,
    backup_path,
    read_with_fallback,
    save_json,
    write_json_atomic,
)
from kalooki.store.filenames import numbered, safe_stem
from kalooki.store.notices import notice
from kalooki.store.paths import StorePaths
from kalooki.store.savefile import ResumedGame, decode, load
from kalooki.store.savegame import NAME_CHARS, GameSave, SaveError, resume, save_name

AUTOSAVE_FOLDER = "autosave"
AUTOSAVES_KEPT = 5
"""Autosaves of this many most recent matches are kept; older ones are deleted."""
SUFFIX = ".json"
_BAK = backup_path(Path("save")).name.removeprefix("save")
"""The suffix the atomic writer gives a file's previous copy."""
_PROVED: set[bytes] = set()
"""SHA-256 of save files whose replay passed: the same bytes always replay the same."""
_PROVED_KEPT = 1024


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


def autosave_dir(paths: StorePaths) -> Path:
    return paths.saves_dir / AUTOSAVE_FOLDER


def autosave_path(paths: StorePaths, record: GameRecord) -> Path:
    """One file per match: the key is a digest of what defines the match (rules, players,
    seed), so every autosave of a match replaces the previous one."""
    header = f"{record.rules!r}|{record.players}|{record.seed}"
    return autosave_dir(paths) / f"{hashlib.sha256(header.encode()).hexdigest()[:16]}{SUFFIX}"


def autosave(paths: StorePaths, save: GameSave) -> tuple[str, ...]:
    """Save the match in progress (after every action); returns warnings, empty when saved.

    Never raises: a full disk must not stop the game. The first autosave of a new match
    deletes the autosaves of all but the newest few matches.
    """
    path = autosave_path(paths, save.record)
    new_match = not path.exists()
    stamped = dataclasses.replace(save, kind="autosave", saved_at=_now())
    warnings = save_json(path, stamped.to_dict(), "autosave")
    if new_match and not warnings:
        _prune_autosaves(paths, path)
    return warnings


def latest_autosave(paths: StorePaths) -> SaveEntry | None:
    """The autosave "Continue" resumes: the newest of a match not yet over."""
    entries, _ = _entries(autosave_dir(paths))
    going = [e for e in entries if not e.over]
    return max(going, key=lambda e: e.saved_at, default=None)


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


def list_saves(paths: StorePaths) -> tuple[list[SaveEntry], list[str]]:
    """Every named save and autosave, newest first, and what went wrong reading them.

    Never raises; a damaged file is set aside and its ``.bak`` listed instead.
    """
    named, warnings = _entries(paths.saves_dir)
    autos, more = _entries(autosave_dir(paths))
    entries = sorted([*named, *autos], key=lambda e: e.saved_at, reverse=True)
    return entries, [*warnings, *more]


def find_save(paths: StorePaths, name: str) -> Path | None:
    """The named save or autosave called ``name``, found without moving or repairing
    anything (for checks such as ``kalooki replay NAME``)."""
    for folder in (paths.saves_dir, autosave_dir(paths)):
        for path in _main_files(folder):
            if _stored_name(path) == name:
                return path
    return None


def load_save(path: Path) -> Loaded[ResumedGame]:
    """The game in ``path`` (or its ``.bak`` when ``path`` is damaged), replayed and
    checked. Never raises; ``value`` is None when neither copy is usable. The warnings say
    every fallback, and when the previous copy was loaded, how far that copy goes."""
    loaded = read_with_fallback(path, load)
    if loaded.value is None or loaded.source in (None, path):
        return loaded
    game = loaded.value.game
    told = notice("using-backup-game", backup=loaded.source.name,
                  actions=game.actions_applied, deal=game.deal_no)
    return dataclasses.replace(loaded, warnings=(*loaded.warnings[:-1], told))


def rename_save(paths: StorePaths, path: Path, new_name: str) -> Path:
    """Give a save a new name (an autosave so renamed becomes a named save); returns its
    file. The renamed copy is written before the old file goes, so a crash loses nothing."""
    _check_own(paths, path)
    name = _checked_name(new_name)
    loaded = read_with_fallback(path, _proved)
    if loaded.value is None:
        if loaded.warnings:
            raise SaveError(loaded.warnings[0], "save-damaged")
        raise SaveError(f"{path.name} is gone.", "save-gone", file=path.name)
    target = _named_path(paths, name, lambda existing: existing == path)
    write_json_atomic(target, dataclasses.replace(loaded.value, name=name,
                                                  kind="named").to_dict())
    if target != path:
        _remove(path)
    return target


def delete_save(paths: StorePaths, path: Path) -> None:
    """Delete a save and its previous copy. Raises OSError when the disk refuses."""
    _check_own(paths, path)
    _remove(path)


# -- helpers -----------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


def _checked_name(name: str) -> str:
    try:
        checked: str = save_name(name)
    except ValueError as error:
        raise SaveError(f"A save's name: {error}.", "save-name", most=NAME_CHARS) from None
    return checked


def _stored_name(path: Path) -> str | None:
    try:
        return decode(path.read_bytes()).name
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
    save = decode(data)
    key = hashlib.sha256(data).digest()
    if key not in _PROVED:
        resume(save)
        if len(_PROVED) >= _PROVED_KEPT:
            _PROVED.clear()
        _PROVED.add(key)
    return save


def _entries(folder: Path) -> tuple[list[SaveEntry], list[str]]:
    entries: list[SaveEntry] = []
    warnings: list[str] = []
    for path in _main_files(folder):
        loaded = read_with_fallback(path, _proved)
        warnings.extend(loaded.warnings)
        if loaded.value is not None:
            entries.append(SaveEntry.of(path, loaded.value))
    return entries, warnings


def _prune_autosaves(paths: StorePaths, keep: Path) -> None:
    entries, _ = _entries(autosave_dir(paths))
    older = sorted((e for e in entries if e.path != keep), key=lambda e: e.saved_at,
                   reverse=True)[AUTOSAVES_KEPT - 1:]
    for entry in older:
        try:
            _remove(entry.path)
        except OSError:
            continue  # kept for now; the next new match tries again


def _check_own(paths: StorePaths, path: Path) -> None:
    """Refuse paths outside the saves folders, whatever a caller was handed."""
    folder = path.resolve().parent
    if path.suffix != SUFFIX or folder not in (paths.saves_dir.resolve(),
                                               autosave_dir(paths).resolve()):
        raise SaveError(f"{path} is not a saved game of this program.", "save-foreign",
                        file=path.name)


def _remove(path: Path) -> None:
    for file in (path, backup_path(path)):
        file.unlink(missing_ok=True)
