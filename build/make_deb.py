"""``make deb``: the Debian package ``dist/kalooki_<version>_<arch>.deb``, from the one-folder
program that ``make exe`` left in ``dist/kalooki/``, with ``dpkg-deb``.

It holds the program in ``/usr/lib/kalooki/`` (a private folder: the bundle's libraries are
its own), a ``/usr/games/kalooki`` link to it, the desktop entry, the icons and the
AppStream metainfo (``kalooki desktop write``), a manual page made from the command's own
help, and ``/usr/share/doc/kalooki/copyright``, which lists what the bundle carries with its
licence, the fonts' licences in full, read from their own files.

Where the bundle carries a copy of a library Debian itself provides (zlib, bzip2, xz,
libffi, SQLite, the C++ runtime), the package leaves the copy out and depends on Debian's;
``Depends`` comes from ``dpkg-shlibdeps`` over the bundle's binaries. The search paths the
wheels' builders left in the binaries (``/usr/local/lib``...) are cleared in the package's
copy (``build/elf_runpath.py``). What lintian still says of a bundle (the libraries
pygame-ce's wheel carries, Python's modules not linked to libc) is overridden, with why, in
``build/deb/lintian-overrides``.

Linux only, by nature: the Windows and macOS programs are packed by ``build/build_exe.py``.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from deb_texts import changelog, control, copyright_file, manual_page  # noqa: E402
from elf_runpath import clear_foreign_search_paths  # noqa: E402

import kalooki  # noqa: E402

DIST = ROOT / "dist"
FOLDER = DIST / "kalooki"
WORK = ROOT / "build" / "work" / "deb"
PACKAGE = "kalooki"
PROGRAM_DIR = Path("usr/lib/kalooki")
LAUNCHER = Path("usr/games/kalooki")
OVERRIDES = ROOT / "build" / "deb" / "lintian-overrides"
DEBIAN_LIBRARIES = ("libz.so.1", "libbz2.so.1.0", "liblzma.so.5", "libffi.so.8",
                    "libsqlite3.so.0", "libstdc++.so.6", "libgcc_s.so.1")
"""Copies of Debian's own libraries that PyInstaller took from the build machine: the
package depends on Debian's instead."""


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def deb_name(version: str | None = None, arch: str | None = None) -> str:
    """``kalooki_0.1.0_amd64.deb`` (the version: this copy's unless given)."""
    return f"{PACKAGE}_{version or kalooki.version()}_{arch or architecture()}.deb"


def _gzip(text: str, path: Path) -> None:
    """Gzipped as Debian wants it: best compression, no name or time inside."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9,
                                               filename="", mtime=0) as packed:
        packed.write(text.encode("utf-8"))


def _normalise_modes(root: Path, program: Path) -> None:
    """Folders 0755; the program 0755; every other file 0644 (shared libraries need no
    executable bit to be loaded)."""
    for path in sorted(root.rglob("*")):
        if path.is_symlink():
            continue
        mode = 0o755 if path.is_dir() or path == program else 0o644
        path.chmod(mode)


def _elves(folder: Path) -> list[Path]:
    """The ELF files (programs, libraries) under ``folder``, links left out."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def _depends(root: Path) -> str:
    """What the bundle's ELF files need from the system, as dpkg-shlibdeps says it (the
    bundle's own libraries are searched first, so only the system's remain)."""
    internal = root / PROGRAM_DIR / "_internal"
    elves = _elves(root / PROGRAM_DIR)
    with tempfile.TemporaryDirectory() as scratch:
        debian = Path(scratch) / "debian"
        debian.mkdir()
        (debian / "control").write_text(f"Source: {PACKAGE}\n\nPackage: {PACKAGE}\n"
                                         "Architecture: any\n", encoding="utf-8")
        folders = sorted({str(path.parent) for path in elves} | {str(internal)})
        result = subprocess.run(
            ["dpkg-shlibdeps", "-O", "--ignore-missing-info", "--warnings=0",
             *[f"-l{folder}" for folder in folders], *map(str, elves)],
            capture_output=True, text=True, check=True, cwd=scratch)
    for line in result.stdout.splitlines():
        if line.startswith("shlibs:Depends="):
            return line.partition("=")[2]
    return ""


def _md5sums(root: Path) -> str:
    lines = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink() and "DEBIAN" not in path.parts:
            digest = hashlib.md5(path.read_bytes()).hexdigest()
            lines.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    return "".join(lines)


def build(folder: Path = FOLDER, out: Path = DIST) -> Path:
    """The .deb of ``folder``, written into ``out``; its path."""
    from kalooki.tools.desktop import write

    if not (folder / PACKAGE).is_file():
        raise SystemExit(f"no {folder / PACKAGE}: run make exe first")
    arch, version = architecture(), kalooki.version()
    root = WORK / f"{PACKAGE}_{version}_{arch}"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(folder, root / PROGRAM_DIR, symlinks=True)
    for name in DEBIAN_LIBRARIES:
        (root / PROGRAM_DIR / "_internal" / name).unlink(missing_ok=True)
    for path in _elves(root / PROGRAM_DIR):
        clear_foreign_search_paths(path)
    launcher = root / LAUNCHER
    launcher.parent.mkdir(parents=True)
    launcher.symlink_to(Path("..") / "lib" / PACKAGE / PACKAGE)
    overrides = root / "usr" / "share" / "lintian" / "overrides" / PACKAGE
    overrides.parent.mkdir(parents=True)
    shutil.copy(OVERRIDES, overrides)
    write(root / "usr" / "share", [PACKAGE])
    doc = root / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_file(ROOT, root / PROGRAM_DIR), encoding="utf-8")
    _gzip(changelog(version), doc / "changelog.gz")
    _gzip(manual_page(version), root / "usr" / "share" / "man" / "man6" / "kalooki.6.gz")
    _normalise_modes(root, root / PROGRAM_DIR / PACKAGE)
    installed_kb = sum(p.stat().st_size for p in root.rglob("*")
                       if p.is_file() and not p.is_symlink()) // 1024 + 1
    debian = root / "DEBIAN"
    debian.mkdir()
    (debian / "control").write_text(control(version, arch, _depends(root), installed_kb),
                                    encoding="utf-8")
    (debian / "md5sums").write_text(_md5sums(root), encoding="utf-8")
    for path in debian.iterdir():
        path.chmod(0o644)
    debian.chmod(0o755)
    out.mkdir(parents=True, exist_ok=True)
    target = out / deb_name(version, arch)
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root),
                    str(target)], check=True, stdout=subprocess.DEVNULL)
    return target


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    target = build()
    print(f"{target.relative_to(ROOT)}  {target.stat().st_size / 1_000_000:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
