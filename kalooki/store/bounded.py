"""Reading a file the store was pointed at, bounded: only a regular file is read, and never
more than its kind of file can hold, whatever the file system says its size is.

A device (``/dev/zero``, ``/dev/urandom``) reports a size of 0 and never ends; a FIFO
blocks whoever opens it until a writer comes; a folder cannot be read at all. Each is
refused before a byte is read, without an open that could wait, and a file that grows
past its limit while it is read is refused at the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from kalooki.engine.facts.said import Fact, fact

_CHUNK = 1 << 20
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))
"""Opening never waits (a FIFO swapped in after the check), never makes a terminal ours."""


class FileRefused(OSError):
    """A file not read because of what it is: not a regular file, or larger than its
    kind of file can be. ``fact`` says which, without naming the file (``not-a-file``
    with the kind, or ``too-large`` with the limit in MiB or KiB). An OSError, so whoever
    reports a file it could not read reports this too."""

    def __init__(self, told: Fact) -> None:
        super().__init__(str(told))
        self.fact = told


def what_it_is(mode: int) -> str | None:
    """None for a regular file; else ``folder``, ``fifo``, ``device`` or ``other``."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "other"


def check_regular(path: Path) -> None:
    """Raise FileRefused unless ``path`` is a regular file (or absent: the OSError of
    opening it then says so). Reads nothing, opens nothing."""
    try:
        kind = what_it_is(os.stat(path).st_mode)
    except FileNotFoundError:
        return
    if kind is not None:
        raise FileRefused(fact("not-a-file", kind=kind))


def _too_large(limit: int) -> FileRefused:
    if limit >= 1 << 20:
        return FileRefused(fact("too-large", size=limit >> 20, unit="mib"))
    return FileRefused(fact("too-large", size=limit >> 10, unit="kib"))


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them. Raises
    FileRefused for anything else or anything larger, OSError when it cannot be read."""
    check_regular(path)
    fd = os.open(path, _OPEN_FLAGS)
    try:
        status = os.fstat(fd)
        kind = what_it_is(status.st_mode)
        if kind is not None:  # swapped between the check and the open
            raise FileRefused(fact("not-a-file", kind=kind))
        if status.st_size > limit:
            raise _too_large(limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(limit)
    return b"".join(chunks)
