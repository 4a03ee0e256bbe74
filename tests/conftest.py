"""Every test runs headless and keeps its files in a temporary folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, saves and statistics go to a temporary folder, never the player's."""
    monkeypatch.setenv("KALOOKI_HOME", str(tmp_path))


@pytest.fixture(autouse=True)
def _english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in English on a system that names no language of its own; a
    test wanting French (or a French system) says so."""
    from kalooki.words import set_language

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")


@pytest.fixture
def paths(tmp_path: Path) -> object:
    """The store's folders, all under this test's temporary folder."""
    from kalooki.store.paths import StorePaths

    return StorePaths.under(tmp_path)


@pytest.fixture
def app() -> Iterator[object]:
    """A window driven frame by frame with a fake clock."""
    import pygame

    from kalooki.ui.app import App
    from tests.ui_support import FakeClock

    application = App(clock=FakeClock())
    pygame.event.clear()
    yield application
    application.close()
