"""``make size``: what the standalone program is made of, against its budgets, so that the
next thing added to it is a decision.

Reads ``dist/`` as ``make exe`` left it: the one-folder program by group (the program and
its module archive, Python's runtime, pygame and the SDL libraries, pygame_gui, our
assets), its largest files, the Python packages inside the module archive (compressed, as
stored), then both sizes against the budgets. Exit status 1 when a budget is exceeded.

    python build/size_report.py [--top N]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path, PurePath

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
from bundle_config import onefile_name  # noqa: E402

MB = 1_000_000
FOLDER_BUDGET = 40 * MB
"""The one-folder program: at most this."""
ONEFILE_BUDGET = 20 * MB
"""The one-file program: under this."""
DIST = ROOT / "dist"
PYZ = ROOT / "build" / "work" / "pyinstaller" / "PYZ-00.pyz"
GROUPS = (
    ("kalooki/assets/", "our assets (fonts, theme, catalogs)"),
    ("pygame_gui/", "pygame_gui (its fonts and theme data)"),
    ("pygame_ce.libs/", "SDL and the libraries pygame-ce brings"),
    ("pygame/", "pygame-ce's modules"),
    ("python3", "Python's compiled modules (lib-dynload)"),
    ("libpython", "Python's runtime"),
    ("base_library.zip", "Python's runtime"),
)
"""Path prefixes inside ``_internal/`` (first match wins) and what they hold."""
PROGRAM = "the program (bootloader and module archive)"
OTHER = "other shared libraries"


def group_of(relative: PurePath) -> str:
    """The group a file of the one-folder program belongs to."""
    parts = relative.parts
    if len(parts) == 1:
        return PROGRAM
    inside = PurePath(*parts[1:]).as_posix()
    for prefix, name in GROUPS:
        if inside.startswith(prefix):
            return name
    return OTHER


def folder_files(folder: Path) -> dict[PurePath, int]:
    return {path.relative_to(folder): path.stat().st_size for path in folder.rglob("*")
            if path.is_file() and not path.is_symlink()}


def archive_packages(pyz: Path) -> Counter[str]:
    """Compressed bytes per top-level package in PyInstaller's module archive."""
    from PyInstaller.archive.readers import ZlibArchiveReader

    sizes: Counter[str] = Counter()
    for name, (_, _, length) in ZlibArchiveReader(str(pyz)).toc.items():
        sizes[name.split(".")[0]] += length
    return sizes


def _mb(size: int) -> str:
    return f"{size / MB:6.2f} MB"


def report(folder: Path, onefile: Path | None, top: int) -> tuple[list[str], bool]:
    """The report's lines, and whether both programs are within their budgets."""
    files = folder_files(folder)
    total = sum(files.values())
    groups: Counter[str] = Counter()
    for relative, size in files.items():
        groups[group_of(relative)] += size
    lines = [f"one folder {folder.name}/: {_mb(total)} in {len(files)} files", ""]
    lines += [f"  {_mb(size)}  {name}" for name, size in groups.most_common()]
    lines += ["", f"largest {top} files:"]
    largest = sorted(files.items(), key=lambda item: -item[1])[:top]
    lines += [f"  {_mb(size)}  {relative.as_posix()}" for relative, size in largest]
    if PYZ.exists():
        packages = archive_packages(PYZ)
        lines += ["", f"module archive ({_mb(sum(packages.values())).strip()} compressed), "
                  f"largest {top} packages:"]
        lines += [f"  {_mb(size)}  {name}" for name, size in packages.most_common(top)]
    within = total <= FOLDER_BUDGET
    lines += ["", f"one folder: {_mb(total).strip()} of at most {_mb(FOLDER_BUDGET).strip()}"
              f" -> {'ok' if within else 'OVER BUDGET'}"]
    if onefile is not None and onefile.exists():
        size = onefile.stat().st_size
        fits = size < ONEFILE_BUDGET
        within = within and fits
        lines.append(f"one file {onefile.name}: {_mb(size).strip()} of under "
                     f"{_mb(ONEFILE_BUDGET).strip()} -> {'ok' if fits else 'OVER BUDGET'}")
    return lines, within


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=20, help="files and packages listed")
    args = parser.parse_args(argv)
    folder = DIST / "kalooki"
    if not folder.is_dir():
        print(f"no {folder}: run make exe first", file=sys.stderr)
        return 1
    suffix = ".exe" if sys.platform == "win32" else ""
    lines, within = report(folder, DIST / f"{onefile_name()}{suffix}", args.top)
    print("\n".join(lines))
    return 0 if within else 1


if __name__ == "__main__":
    raise SystemExit(main())
