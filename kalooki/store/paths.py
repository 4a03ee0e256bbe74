"""Where the store keeps its files: platform folders, one folder for tests, or portable.

Everything that touches disk takes a :class:`StorePaths`, so tests and portable mode
never reach the real user folders.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TypeVar

import platformdirs

APP_NAME = "Kalooki"
HOME_ENV = "KALOOKI_HOME"
"""Environment variable naming one folder to hold everything (tests, experiments)."""
PORTABLE_FOLDER = "KalookiData"


P = TypeVar("P", bound=PurePath)


def portable_root(program: P) -> P:
    """The portable folder of a program at ``program``: ``KalookiData`` beside it, in the
    program's own path flavour (a Windows program's folder is a Windows path)."""
    return program.parent / PORTABLE_FOLDER


@dataclass(frozen=True)
class StorePaths:
    """The folders of the store. Building one creates nothing; writers create on demand."""

    config_dir: Path
    data_dir: Path
    saves_dir: Path
    log_dir: Path
    cache_dir: Path
    """Files the game can make again (its synthesised sounds): losing them costs nothing."""
    documents_dir: Path | None = None
    """The player's documents folder, where a file dialog starts (presets to import or
    export); None: their home folder."""

    @classmethod
    def default(cls) -> StorePaths:
        """The platform's user folders, or everything under ``$KALOOKI_HOME`` when set."""
        home = os.environ.get(HOME_ENV)
        if home:
            return cls.under(Path(home).expanduser())
        return cls.of_platform(platformdirs.PlatformDirs(APP_NAME, appauthor=False))

    @classmethod
    def of_platform(cls, dirs: platformdirs.api.PlatformDirsABC) -> StorePaths:
        """The folders ``dirs`` gives (this platform's, or another's in a test)."""
        data_dir = Path(dirs.user_data_dir)
        return cls(
            config_dir=Path(dirs.user_config_dir),
            data_dir=data_dir,
            saves_dir=data_dir / "saves",
            log_dir=Path(dirs.user_log_dir),
            cache_dir=Path(dirs.user_cache_dir),
            documents_dir=Path(dirs.user_documents_dir),
        )

    @classmethod
    def under(cls, root: Path | str) -> StorePaths:
        """Everything beneath one folder."""
        root = Path(root)
        return cls(
            config_dir=root / "config",
            data_dir=root / "data",
            saves_dir=root / "data" / "saves",
            log_dir=root / "logs",
            cache_dir=root / "cache",
            documents_dir=root / "documents",
        )

    @classmethod
    def portable(cls) -> StorePaths:
        """Everything in ``KalookiData`` beside the program, for a copy run from a USB stick.

        A PyInstaller build sets ``sys.frozen``; then the program is ``sys.executable``.
        Run from source, "beside the program" is the current working directory.
        """
        if getattr(sys, "frozen", False):
            return cls.under(portable_root(Path(sys.executable).resolve()))
        return cls.under(Path.cwd() / PORTABLE_FOLDER)

    @classmethod
    def chosen(cls, portable: bool) -> StorePaths:
        """What one run of the program uses: ``--portable``'s folder, else the user's."""
        return cls.portable() if portable else cls.default()

    def documents(self) -> Path:
        """Where a file dialog starts: the documents folder when there is one, else home."""
        folder = self.documents_dir
        return folder if folder is not None and folder.is_dir() else Path.home()

    def ensure(self) -> StorePaths:
        """Create the four folders of lasting files (for a log handler that opens its file
        itself); the cache is made by whoever fills it."""
        for folder in (self.config_dir, self.data_dir, self.saves_dir, self.log_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self
