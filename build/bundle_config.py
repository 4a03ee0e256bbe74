"""What the standalone build takes in and leaves out; ``pyinstaller.spec`` reads this.

Kept apart from the spec so tests can check it without PyInstaller: the spec is only
glue, the choices live here.
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path, PurePath

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kalooki

ASSETS = PurePath("kalooki", "assets")
"""The assets' folder, the same in the repository and in the bundle: ``kalooki.asset_path``
finds it beside the package through importlib.resources, which PyInstaller serves."""

EXCLUDED_MODULES = (
    # The standard library's GUI, test and tooling packages: the game uses none of them.
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "unittest", "doctest",
    "pydoc", "pydoc_data", "lib2to3", "test", "distutils", "ensurepip", "venv",
    "xmlrpc", "curses",
    # asyncio (0.3 MB): nothing the game runs imports it (the self-test, simulate's workers).
    "asyncio", "_asyncio",
    # OpenSSL (4.7 MB): hashlib falls back to Python's own SHA-256, which the saves use.
    "_hashlib", "ssl", "_ssl",
    # Third-party packages that optional code paths in pygame may try to import.
    "numpy", "PIL", "setuptools", "pkg_resources", "IPython", "pytest", "hypothesis",
    # pygame's own examples, documentation, tests and the camera/MIDI modules.
    "pygame.examples", "pygame.docs", "pygame.tests", "pygame.camera",
    "pygame._camera_opencv", "pygame.midi",
)

UNUSED_FONTS = (
    # pygame_gui's fonts for languages Kalooki is not offered in: ~38 MB of CJK fonts and
    # the Arabic, Hebrew and Georgian ones. Our theme uses the shipped DejaVu fonts;
    # pygame_gui itself loads NotoSans (locale "en") and FiraCode (its symbols font).
    "NotoSansJP-", "NotoSansKR-", "NotoSansSC-",
    "NotoSansArabic-", "NotoSansHebrew-", "NotoSansGeorgian-",
    # Its italics (1.2 MB): loaded only for <i> text in its default font; our theme gives
    # every element DejaVu, and no catalog entry has <i> (tests/test_packaging.py).
    "NotoSans-Italic", "NotoSans-BoldItalic",
)
UNUSED_DATA_FOLDERS = ("pygame/examples", "pygame/docs", "pygame/tests",
                       # pygame's own font, for pygame.font.Font(None): nothing asks for it
                       "pygame/freesansbold.ttf")
UNUSED_ASSETS = ("sounds/.gitkeep",)


def asset_datas(root: Path) -> list[tuple[str, str]]:
    """Every file under ``kalooki/assets/`` as a (source, bundle folder) pair, keeping
    sub-folders (the window's icon is drawn by the game, kalooki.ui.art.icon)."""
    assets = root / ASSETS
    pairs = [(str(path), str(ASSETS / path.parent.relative_to(assets)))
             for path in sorted(assets.rglob("*"))
             if path.is_file() and path.relative_to(assets).as_posix() not in UNUSED_ASSETS]
    return pairs


def licence_datas() -> list[tuple[str, str]]:
    """pygame_gui's font licences (its hook leaves them out), so that every download
    carries the licence of every font inside it."""
    import pygame_gui

    licences = Path(pygame_gui.__file__).parent / "data" / "licenses"
    return [(str(path), "pygame_gui/data/licenses") for path in sorted(licences.glob("*"))
            if path.is_file() and not path.name.startswith(UNUSED_FONTS)]


def _unused(dest: str) -> bool:
    dest = PurePath(dest).as_posix()
    name = dest.rsplit("/", 1)[-1]
    if dest.startswith("pygame_gui/data/") and name.startswith(UNUSED_FONTS):
        return True
    return dest.startswith(UNUSED_DATA_FOLDERS)


def slim_datas(datas: list) -> list:
    """The Analysis' data files less the unused fonts and pygame's examples/docs/tests.
    Entries are PyInstaller TOC tuples ``(dest, source, kind)``."""
    return [entry for entry in datas if not _unused(entry[0])]


def slim_binaries(binaries: list) -> list:
    """The Analysis' binaries less those of excluded pygame modules."""
    return [entry for entry in binaries
            if not PurePath(entry[0]).name.startswith(("_camera.", "pypm."))]


def icon_file(root: Path) -> Path | None:
    """The program icon for this platform, if ``build/prepare.py`` made one: ``.ico`` on
    Windows, ``.icns`` on macOS; none on Linux, where programs carry no icon (the desktop
    entry names it, and the game gives its window one)."""
    folder = root / "build" / "work" / "icon"
    if sys.platform == "win32":
        chosen = folder / "kalooki.ico"
    elif sys.platform == "darwin":
        chosen = folder / "kalooki.icns"
    else:
        return None
    return chosen if chosen.exists() else None


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def onefile_name() -> str:
    """``kalooki-0.1.0-linux-x86_64``: the one-file program says what it is when downloaded."""
    return f"kalooki-{kalooki.version()}-{platform_tag()}"
