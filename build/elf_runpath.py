"""The library search paths a bundled ELF file names, and clearing those that point outside
the bundle (``build/make_deb.py`` does it in the .deb's copy).

The wheels a bundle is built from carry the paths of the machines that built them
(``/usr/local/lib``, ``/root/.pyenv/versions/3.11.7/lib``): never wanted on a player's
machine, where a library there would be loaded instead of the bundle's. Paths relative to
the file (``$ORIGIN...``) are how the bundle finds its own libraries, and stay.

The string is rewritten in place with only the file-relative entries (shorter or as long,
ended by a NUL; empty when none is left), which changes no offset or size in the file.
Only 64-bit little-endian ELF (x86-64, arm64), the architectures the .deb is built for.
"""

from __future__ import annotations

import struct
from pathlib import Path

ELF64_LE = b"\x7fELF\x02\x01"
SHT_DYNAMIC = 6
DT_NULL, DT_RPATH, DT_RUNPATH = 0, 15, 29
OWN_PREFIX = b"$ORIGIN"


def _sections(data: bytes | bytearray) -> list[tuple[int, int, int, int]]:
    """(type, offset, size, link) of each section."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    found = []
    for index in range(shnum):
        at = shoff + index * shentsize
        kind, = struct.unpack_from("<I", data, at + 4)
        offset, size = struct.unpack_from("<QQ", data, at + 0x18)
        link, = struct.unpack_from("<I", data, at + 0x28)
        found.append((kind, offset, size, link))
    return found


def _search_paths(data: bytes | bytearray) -> list[tuple[int, bytes]]:
    """(file offset, text) of every RPATH and RUNPATH string."""
    if not data.startswith(ELF64_LE):
        return []
    sections = _sections(data)
    found = []
    for kind, offset, size, link in sections:
        if kind != SHT_DYNAMIC:
            continue
        strings = sections[link][1]
        for at in range(offset, offset + size, 16):
            tag, value = struct.unpack_from("<qQ", data, at)
            if tag == DT_NULL:
                break
            if tag in (DT_RPATH, DT_RUNPATH):
                start = strings + value
                found.append((start, bytes(data[start:data.index(b"\0", start)])))
    return found


def search_paths(path: Path) -> list[str]:
    """The RPATH and RUNPATH entries of ``path`` (none for a file that is not ELF64)."""
    return [text.decode("utf-8", "replace") for _, text in _search_paths(path.read_bytes())]


def clear_foreign_search_paths(path: Path) -> list[str]:
    """Drop from each search path of ``path`` the entries not relative to the file itself;
    the entries dropped."""
    data = bytearray(path.read_bytes())
    cleared = []
    for start, text in _search_paths(data):
        parts = text.split(b":") if text else []
        kept = b":".join(part for part in parts if part.startswith(OWN_PREFIX))
        if len(kept) < len(text):
            data[start:start + len(kept) + 1] = kept + b"\0"
            cleared += [p.decode("utf-8", "replace") for p in parts
                        if not p.startswith(OWN_PREFIX)]
    if cleared:
        path.write_bytes(bytes(data))
    return cleared
