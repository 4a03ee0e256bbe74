"""Where files go: platform folders by default, one folder for tests or portable mode."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from kalooki.store.paths import HOME_ENV, StorePaths


def test_under_puts_everything_beneath_one_folder(tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path)
    folders = (paths.config_dir, paths.data_dir, paths.saves_dir, paths.log_dir,
               paths.cache_dir)
    assert all(tmp_path in folder.parents for folder in folders)
    assert len(set(folders)) == 5
    assert paths.saves_dir.parent == paths.data_dir


def test_building_paths_creates_nothing_until_ensured(tmp_path: Path) -> None:
    paths = StorePaths.under(tmp_path / "root")
    assert not (tmp_path / "root").exists()
    assert paths.ensure() == paths
    assert all(f.is_dir() for f in (paths.config_dir, paths.saves_dir, paths.log_dir))


def test_home_variable_overrides_the_platform_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert StorePaths.default() == StorePaths.under(tmp_path)


def test_default_uses_platform_folders_for_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)
    paths = StorePaths.default()
    assert paths.config_dir == Path(platformdirs.user_config_dir("Kalooki", appauthor=False))
    assert paths.data_dir == Path(platformdirs.user_data_dir("Kalooki", appauthor=False))
    assert paths.saves_dir == paths.data_dir / "saves"
    assert paths.log_dir == Path(platformdirs.user_log_dir("Kalooki", appauthor=False))
    assert paths.cache_dir == Path(platformdirs.user_cache_dir("Kalooki", appauthor=False))


def test_portable_from_source_uses_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert StorePaths.portable() == StorePaths.under(tmp_path / "KalookiData")


def test_portable_when_frozen_uses_the_executables_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "dist" / "Kalooki.exe"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    monkeypatch.chdir(tmp_path)
    assert StorePaths.portable() == StorePaths.under(tmp_path / "dist" / "KalookiData")
