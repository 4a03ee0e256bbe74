"""``make exe``: draw the icon, run PyInstaller once for both layouts, pack and fingerprint.

Leaves in ``dist/``: the one-folder program ``kalooki/``, that folder packed as
``kalooki-<version>-<platform>-folder.tar.gz`` (``.zip`` on Windows), the one-file program
``kalooki-<version>-<platform>[.exe]`` and ``SHA256SUMS`` for the two downloads. Prints
each one's size in MB and SHA-256. PyInstaller's work files go to ``build/work/``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
from bundle_config import onefile_name  # noqa: E402

DIST = ROOT / "dist"
WORK = ROOT / "build" / "work"
MB = 1_000_000


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def pack(folder: Path, stem: str) -> Path:
    """The one-folder program as one download (symlinks kept, so it stays the same size)."""
    kind = "zip" if sys.platform == "win32" else "gztar"
    return Path(shutil.make_archive(str(DIST / stem), kind, root_dir=DIST, base_dir=folder.name))


def main() -> int:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    started = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "build" / "prepare.py")], check=True, env=env)
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "WARN", "--workpath", str(WORK), "--distpath", str(DIST),
                    str(ROOT / "pyinstaller.spec"), "--", "--both"],
                   check=True, env=env, cwd=ROOT)
    suffix = ".exe" if sys.platform == "win32" else ""
    onefile = DIST / f"{onefile_name()}{suffix}"
    folder = DIST / "kalooki"
    archive = pack(folder, f"{onefile_name()}-folder")
    sums = [(sha256(onefile), onefile), (sha256(archive), archive)]
    (DIST / "SHA256SUMS").write_text("".join(f"{h}  {p.name}\n" for h, p in sums),
                                     encoding="utf-8")
    print(f"built in {time.perf_counter() - started:.0f} s")
    print(f"one folder: {folder.relative_to(ROOT)}/  {folder_size(folder) / MB:.1f} MB")
    for digest, path in ((sums[1][0], archive), (sums[0][0], onefile)):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size / MB:.1f} MB  sha256 {digest}")
    print(f"checksums: {(DIST / 'SHA256SUMS').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
