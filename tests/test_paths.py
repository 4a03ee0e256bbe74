"""Paths as every platform has them, checked on any: the file names made from the names
people give their saves and presets are valid Windows names (``PureWindowsPath``), portable
mode keeps its folder beside a Windows or macOS program, and the folders platformdirs gives
on Windows, macOS and Linux hold the store's files without two of them meeting. Nothing of
the game, its build scripts or its spec names a Linux-only path, call or font.

The release workflow (``.github/workflows/release.yml``) runs this file on Windows and
macOS too."""

from __future__ import annotations

import ntpath
import os
import re
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath
from types import SimpleNamespace

import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from kalooki.store import journal, presets, settings
from kalooki.store.filenames import safe_stem
from kalooki.store.journal_import import LEGACY_HISTORY, LEGACY_STATS
from kalooki.store.paths import APP_NAME, PORTABLE_FOLDER, StorePaths, portable_root

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = ".json"
WINDOWS_FORBIDDEN = set('<>:"/\\|?*')
HOSTILE_NAMES = [
    "Friday night", "Mã's game", "../../etc/passwd", r"C:\Windows\System32\drivers",
    r"\\server\share\x", "CON", "con.txt", "CON .x", "Con. ", "aux ", " nul.tar.gz", "LPT9",
    "COM1.kalooki", "CONIN$", "conout$", "COM¹", "LPT³ ", "trailing dot.", "trailing space ",
    "...", ". .", "", "   ", 'a<b>c:d"e/f\\g|h?i*j', "tab\there", "nul\x00byte", "bell\x07",
    "é" * 200, "🂡" * 60, "\ud800lone", "a" * 300, "ﾃｽﾄ", "Ａ：ｂ", "name:stream",
]
"""Names a person might type (or paste) for a save or a preset."""


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=range(len(HOSTILE_NAMES)))
def test_every_name_makes_a_valid_windows_file_name(name: str) -> None:
    file_name = safe_stem(name) + SUFFIX
    folder = PureWindowsPath(r"C:\Users\Ann\AppData\Local\Kalooki\saves")
    path = folder / file_name
    assert path.parent == folder and path.name == file_name  # no separator, no drive
    assert not path.is_reserved(), f"{file_name!r} names a Windows device"
    assert not WINDOWS_FORBIDDEN & set(file_name)
    assert all(ord(c) >= 32 for c in file_name)
    assert not safe_stem(name).endswith((" ", "."))  # Windows drops them: two names, one file
    assert len(file_name.encode("utf-16-le", "surrogatepass")) // 2 <= 255
    assert PurePosixPath("/home/ann/saves", file_name).parent == PurePosixPath("/home/ann/saves")


@pytest.mark.parametrize("program", [
    PureWindowsPath(r"C:\Games\Kalooki\kalooki.exe"),
    PureWindowsPath(r"E:\kalooki-0.1.0-windows-x86_64.exe"),  # the one-file program
    PurePosixPath("/Volumes/USB/kalooki/kalooki"),
    PurePosixPath("/home/ann/kalooki/kalooki"),
])
def test_portable_mode_keeps_everything_beside_the_program(
        program: PureWindowsPath | PurePosixPath) -> None:
    root = portable_root(program)
    assert root == program.parent / PORTABLE_FOLDER
    assert type(root) is type(program)  # a Windows program's folder is a Windows path


def test_the_portable_folder_holds_every_store_folder_by_plain_names() -> None:
    """The layout under one folder is made of plain names, so it is the same under a
    Windows root as under this machine's."""
    paths = StorePaths.under(Path("root"))
    for folder in (paths.config_dir, paths.data_dir, paths.saves_dir, paths.log_dir,
                   paths.cache_dir):
        parts = folder.relative_to("root").parts
        windows = PureWindowsPath(r"E:\Kalooki\KalookiData").joinpath(*parts)
        assert windows.parent.parts[:3] == ("E:\\", "Kalooki", "KalookiData")
        assert all(re.fullmatch(r"[a-z]+", part) for part in parts)


def _windows(monkeypatch: pytest.MonkeyPatch) -> platformdirs.windows.Windows:
    """platformdirs' Windows folders for Ann, as the shell would give them."""
    folders = {"CSIDL_APPDATA": r"C:\Users\Ann\AppData\Roaming",
               "CSIDL_LOCAL_APPDATA": r"C:\Users\Ann\AppData\Local",
               "CSIDL_PERSONAL": r"C:\Users\Ann\Documents"}
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", folders.__getitem__)
    monkeypatch.setattr(platformdirs.windows, "os", SimpleNamespace(**{**vars(os), "path": ntpath}))
    return platformdirs.windows.Windows(APP_NAME, appauthor=False)


def _in(kind: type[PureWindowsPath] | type[PurePosixPath],
        paths: StorePaths) -> dict[str, PureWindowsPath | PurePosixPath]:
    """The store's folders as ``kind`` paths, whichever machine runs the test (a Windows
    folder read on Linux, a macOS one read on Windows)."""
    as_windows = {name: PureWindowsPath(str(getattr(paths, name))) for name in
                  ("config_dir", "data_dir", "saves_dir", "log_dir", "cache_dir",
                   "documents_dir")}
    if kind is PureWindowsPath:
        return dict(as_windows)
    return {name: PurePosixPath(path.as_posix()) for name, path in as_windows.items()}


def _home(monkeypatch: pytest.MonkeyPatch, home: str) -> None:
    """``~`` is ``home`` for platformdirs, no XDG variable is set and no user-dirs.dirs file
    names a documents folder (as on a machine where nobody moved it)."""
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(platformdirs.unix, "_get_user_dirs_folder", lambda key: None)
    for module in (platformdirs.unix, platformdirs.macos):
        monkeypatch.setattr(module, "expand_user",
                            lambda path, *_, **__: path.replace("~", home, 1))


def test_the_windows_folders_are_the_user_s_local_application_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _in(PureWindowsPath, StorePaths.of_platform(_windows(monkeypatch)))
    local = PureWindowsPath(r"C:\Users\Ann\AppData\Local\Kalooki")
    assert paths == {"config_dir": local, "data_dir": local, "saves_dir": local / "saves",
                     "log_dir": local / "Logs", "cache_dir": local / "Cache",
                     "documents_dir": PureWindowsPath(r"C:\Users\Ann\Documents")}


def test_the_macos_folders_are_the_user_s_library(monkeypatch: pytest.MonkeyPatch) -> None:
    _home(monkeypatch, "/Users/ann")
    paths = _in(PurePosixPath, StorePaths.of_platform(
        platformdirs.macos.MacOS(APP_NAME, appauthor=False)))
    support = PurePosixPath("/Users/ann/Library/Application Support/Kalooki")
    assert paths == {"config_dir": support, "data_dir": support,
                     "saves_dir": support / "saves",
                     "log_dir": PurePosixPath("/Users/ann/Library/Logs/Kalooki"),
                     "cache_dir": PurePosixPath("/Users/ann/Library/Caches/Kalooki"),
                     "documents_dir": PurePosixPath("/Users/ann/Documents")}


def test_the_linux_folders_follow_xdg(monkeypatch: pytest.MonkeyPatch) -> None:
    _home(monkeypatch, "/home/ann")
    paths = _in(PurePosixPath, StorePaths.of_platform(
        platformdirs.unix.Unix(APP_NAME, appauthor=False)))
    assert paths == {"config_dir": PurePosixPath("/home/ann/.config/Kalooki"),
                     "data_dir": PurePosixPath("/home/ann/.local/share/Kalooki"),
                     "saves_dir": PurePosixPath("/home/ann/.local/share/Kalooki/saves"),
                     "log_dir": PurePosixPath("/home/ann/.local/state/Kalooki/log"),
                     "cache_dir": PurePosixPath("/home/ann/.cache/Kalooki"),
                     "documents_dir": PurePosixPath("/home/ann/Documents")}


def test_the_default_is_this_platform_s_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KALOOKI_HOME")
    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    assert StorePaths.default() == StorePaths.of_platform(dirs)


def test_where_windows_and_macos_share_a_folder_no_two_files_meet() -> None:
    """On Windows and macOS the settings share the data folder (and on Windows the logs
    and the cache are folders in it): every name the store writes there is its own,
    compared without case as those systems compare."""
    config = {settings.SETTINGS_FILE}
    data = {journal.JOURNAL_FILE, presets.FOLDER, "saves", LEGACY_STATS, LEGACY_HISTORY}
    inside = {"Logs", "Cache"}
    names = [name.casefold() for name in (*config, *data, *inside)]
    assert len(names) == len(set(names))


LINUX_ONLY = re.compile(
    r"""["'](/usr/|/etc/|/proc/|/home/|/tmp/|/dev/|/var/|/opt/|~/\.)"""  # paths
    r"""|\bos\.(fork|getuid|geteuid|setsid|killpg)\b|\bfcntl\b|\bimport (pwd|grp|termios)\b"""
    r"""|fc-list|fontconfig|SysFont|match_font|\.so["']""")
"""What only a Linux (or Unix) machine has: its folders, its calls, its font lookup."""
PORTABLE_FILES = [*sorted((ROOT / "kalooki").rglob("*.py")), ROOT / "pyinstaller.spec",
                  ROOT / "build" / "bundle_config.py", ROOT / "build" / "build_exe.py",
                  ROOT / "build" / "prepare.py", ROOT / "build" / "measure_start.py",
                  ROOT / "build" / "size_report.py"]
"""The game and what builds it on every platform (build/make_deb.py and its helpers are
the Debian package's, Linux by nature)."""
def test_nothing_built_for_every_platform_names_a_linux_only_path_call_or_font() -> None:
    found = []
    for path in PORTABLE_FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LINUX_ONLY.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}")
    assert found == []


def test_the_program_icon_and_the_one_file_name_are_each_platform_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(ROOT / "build"))
    import bundle_config

    for platform, expected in (("win32", "windows"), ("darwin", "macos"), ("linux", "linux")):
        monkeypatch.setattr(sys, "platform", platform)
        assert bundle_config.platform_tag().startswith(f"{expected}-")
