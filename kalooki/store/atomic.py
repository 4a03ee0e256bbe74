"""Crash-safe files: a write either happens whole or not at all, and a bad read never crashes.

A writer killed at any instant leaves the old file or the new one, never half of each;
the previous good copy is kept as ``<name>.bak``. A reader that meets damage moves the
file aside as ``<name>.broken-<time>`` (so nothing is lost and the next start is clean),
says so (a fact, worded at the edges), and falls back to the ``.bak``. Only JSON is
parsed: never pickle, never eval.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.said import Fact, fact
from kalooki.store.bounded import FileRefused, read_bounded
from kalooki.store.notices import Damaged, Refused, notice, os_reason

T = TypeVar("T")

_MISSING: Any = object()
_FAULT: Any = object()
TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 600
"""A temporary file this old was left by a writer that was killed (a write takes
milliseconds); a younger one may belong to another copy of the game writing now."""
MAX_FILE_BYTES = 16 << 20
"""The most a store file (settings, an earlier version's statistics) is read up to: the
largest, a history of 5,000 matches, is about 1 MiB."""
MAX_COPY_BYTES = 256 << 20
"""The most a file being replaced is copied to its ``.bak``; a larger one is not copied
(it is no file the game wrote)."""
_LOG = logging.getLogger("kalooki.store")
DAMAGE = (Refused, RuleError)
"""What reading a file may raise when the file is at fault (the store's refusals, the
engine's); anything else a parser raises is a fault of ours."""


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a read produced: the value (None when no usable file), where from, and why not."""

    value: T | None
    warnings: tuple[Fact, ...] = ()
    source: Path | None = None
    """The file the value came from: the main file, its ``.bak``, or None."""
    fault: bool = False
    """Reading failed on a fault of ours, not of the file (logged with its traceback):
    the file is kept where it is and no older copy was tried."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the current file as ``.bak``.

    Raises OSError (disk full, read-only folder) with ``path`` and its ``.bak`` untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        previous: bytes | None = read_bounded(path, MAX_COPY_BYTES)
    except (FileNotFoundError, FileRefused):
        previous = None  # nothing there, or nothing the game wrote (a folder, a device)
    if previous is not None:
        _replace_with(backup_path(path), previous)
    _replace_with(path, data)
    _fsync_dir(path.parent)


def _replace_with(path: Path, data: bytes) -> None:
    """Write a temp file beside ``path``, flush it to the disk, then rename it over ``path``."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # mkstemp makes 0600; a store file follows the umask
            os.fchmod(fd, file_mode())
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


@functools.cache
def file_mode() -> int:
    """The mode a new file gets under the user's umask (read once: setting the umask to
    read it is process-wide, so it is done a single time)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def remove_stale_temps(folders: Iterable[Path], now: float | None = None) -> list[Path]:
    """Delete the temporary files killed writers left in ``folders`` (and below them);
    return what was removed. Called at start, so they never pile up."""
    limit = (time.time() if now is None else now) - STALE_SECONDS
    removed = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for temp in folder.rglob(f".*{TEMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                if temp.is_file() and temp.stat().st_mtime < limit:
                    temp.unlink()
                    removed.append(temp)
    return removed


def _fsync_dir(folder: Path) -> None:
    """Make the renames themselves durable; Windows cannot open a folder, and needs not."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def read_with_fallback(path: Path, parse: Callable[[bytes], T],
                       limit: int = MAX_FILE_BYTES) -> Loaded[T]:
    """Parse ``path``, or else its ``.bak``; damaged files are set aside and reported.
    A file is read only when it is a regular file, and only up to ``limit`` bytes: a
    larger one is damage, a folder or a device is unreadable (and left where it is).

    Never raises. What ``parse`` raises among :data:`DAMAGE` is damage: the file is set
    aside and the ``.bak`` tried. Anything else is a fault of ours: logged with its
    traceback, said as ours, the file kept, and no older copy tried in its place.
    """
    warnings: list[Fact] = []
    value = _read_one(path, parse, warnings, limit)
    if value is _FAULT:
        return Loaded(None, tuple(warnings), fault=True)
    if value is not _MISSING:
        return Loaded(value, tuple(warnings), path)
    backup = backup_path(path)
    value = _read_one(backup, parse, warnings, limit)
    if value is _MISSING or value is _FAULT:
        return Loaded(None, tuple(warnings), fault=value is _FAULT)
    if not warnings:
        warnings.append(notice("file-missing", file=path.name))
    warnings.append(notice("using-backup", backup=backup.name))
    return Loaded(value, tuple(warnings), backup)


def _read_one(path: Path, parse: Callable[[bytes], T], warnings: list[Fact],
              limit: int) -> Any:
    try:
        data = read_bounded(path, limit)
    except FileNotFoundError:
        return _MISSING
    except FileRefused as error:
        if error.fact.code == "too-large":  # no file of ours: set aside, as damage is
            warnings.append(notice("file-damaged", file=path.name, reason=error.fact,
                                   aside=set_aside(path)))
        else:  # a folder or a device is left where it is
            warnings.append(notice("file-unreadable", file=path.name, reason=error.fact))
        return _MISSING
    except OSError as error:
        warnings.append(notice("file-unreadable", file=path.name, reason=os_reason(error)))
        return _MISSING
    try:
        return parse(data)
    except DAMAGE as error:
        if getattr(error, "damage", True):
            warnings.append(notice("file-damaged", file=path.name, reason=damage_reason(error),
                                   aside=set_aside(path)))
        else:  # not for this version (a newer game's): kept for the game that can
            warnings.append(notice("file-kept", file=path.name, reason=damage_reason(error)))
        return _MISSING
    except Exception:  # a fault of ours: never the file's damage
        _LOG.exception("a fault reading %s", path)
        warnings.append(notice("fault", file=path.name))
        return _FAULT


def damage_reason(error: Refused | RuleError) -> Fact | RuleError:
    """Why a file or a row cannot be used: the store's refusal as a fact, the engine's
    as itself (both worded at the edges)."""
    return error.fact if isinstance(error, Refused) else error


def json_reason(error: ValueError | RecursionError) -> Fact:
    """Why bytes are not JSON, as a fact: where the JSON breaks, not UTF-8 text, nested
    too deeply, or a number too long for any field."""
    if isinstance(error, json.JSONDecodeError):
        return fact("not-json", line=error.lineno, column=error.colno)
    if isinstance(error, UnicodeDecodeError):
        return fact("not-text")
    if isinstance(error, RecursionError):
        return fact("too-deep")
    return fact("number-too-long")  # Python refuses to read a number of 4,300 digits


def set_aside(path: Path) -> Fact:
    """Rename a damaged file out of the way, keeping it for the curious; say where it went."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{number}")
    try:
        path.replace(target)
    except OSError as error:
        return fact("not-moved", reason=os_reason(error))
    return fact("kept-aside", target=target.name)


def encode_json(value: Any) -> bytes:
    """Stable, readable JSON: sorted keys, indented, UTF-8, strict (no NaN)."""
    text = json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def parse_json_object(data: bytes) -> dict[str, Any]:
    """Every store file is a JSON object (it carries a format version); anything else is damage.

    A byte-order mark, as some editors add, is accepted. Raises :class:`Damaged`.
    """
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:  # JSON, UTF-8, nesting, huge numbers
        raise Damaged(json_reason(error)) from None
    if not isinstance(value, dict):
        raise Damaged("not-object")
    return value


def write_json_atomic(path: Path, value: Any) -> None:
    write_atomic(path, encode_json(value))


def read_json(path: Path) -> Loaded[dict[str, Any]]:
    return read_with_fallback(path, parse_json_object)


def save_json(path: Path, value: Any, what: str) -> tuple[Fact, ...]:
    """Write like :func:`write_json_atomic`, but report a failure instead of raising.

    Returns warnings: empty when saved. ``what`` names the file for the player
    (``settings``: worded as ``store.what.settings``).
    """
    try:
        write_json_atomic(path, value)
    except ValueError:  # text JSON or UTF-8 cannot hold (a lone surrogate, NaN)
        return (notice("not-saved", what=what, reason=fact("unwritable-text")),)
    except OSError as error:
        return (notice("not-saved", what=what, reason=os_reason(error)),)
    return ()
