"""Installed as a Python user installs it: ``python -m build`` makes the sdist and, from it,
the wheel; the wheel goes into a fresh virtual environment with its dependencies (what
``pip install .`` and ``pipx install`` do), and the ``kalooki`` command it gives works from
an unrelated folder: the self-test (window, sounds, a deal, save and reload) and the French
rules, read from the catalogs inside the package.

Marked ``install`` (slow: a build, a venv, the dependencies from the package index or pip's
cache), so the default run leaves it out; ``make install-check`` runs it, and CI
(``.ci/run``) does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"]

pytestmark = pytest.mark.install


def _run(command: list[str | Path], cwd: Path, timeout: float = 600,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                            text=True, timeout=timeout, env=env)
    assert result.returncode == 0, (f"{command} exited {result.returncode}\n"
                                    f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


def _clean_copy(tree: Path) -> Path:
    """The files git keeps (and new ones not ignored), as a fresh clone has them: a build in
    the worktree would reuse its kalooki.egg-info, whose old file list can hide a data
    file the package no longer declares."""
    listed = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                  cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)
    return tree


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``kalooki`` command of a fresh venv holding the wheel built from the sdist."""
    work = tmp_path_factory.mktemp("install")
    tree = _clean_copy(work / "tree")
    _run([sys.executable, "-m", "build", "--outdir", work / "dist", tree], cwd=work)
    (wheel,) = (work / "dist").glob(f"kalooki-{VERSION}-py3-none-any.whl")
    (sdist,) = (work / "dist").glob(f"kalooki-{VERSION}.tar.gz")
    assert sdist.is_file()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for asset in ("theme/theme.json", "fonts/DejaVuSans.ttf", "fonts/LICENSE-DejaVu.txt",
                  "translations/kalooki.en.json", "translations/kalooki.fr.json"):
        assert f"kalooki/assets/{asset}" in names
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=work)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    _run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
         cwd=work)
    return scripts / ("kalooki.exe" if os.name == "nt" else "kalooki")


def _elsewhere(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder with nothing of the checkout in it, and an environment that does not point
    back at the checkout (no PYTHONPATH), headless, with a home of its own."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    env = {name: value for name, value in os.environ.items()
           if name not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               KALOOKI_HOME=str(tmp_path / "home"))
    return folder, env


def test_the_installed_command_passes_its_self_test(installed: Path, tmp_path: Path) -> None:
    folder, env = _elsewhere(tmp_path)
    result = _run([installed, "--self-test"], cwd=folder, env=env, timeout=300)
    assert "self-test passed" in result.stdout


def test_the_installed_command_explains_the_rules_in_french(
        installed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kalooki.cli.main import main

    folder, env = _elsewhere(tmp_path)
    result = _run([installed, "rules", "explain", "--lang", "fr"], cwd=folder, env=env)
    assert main(["rules", "explain", "--lang", "fr"]) == 0
    assert result.stdout == capsys.readouterr().out  # the checkout's French, word for word
    assert main(["rules", "explain", "--lang", "en"]) == 0
    assert result.stdout != capsys.readouterr().out  # and not the English


def test_the_installed_command_knows_its_version(installed: Path, tmp_path: Path) -> None:
    folder, env = _elsewhere(tmp_path)
    result = _run([installed, "--version"], cwd=folder, env=env)
    assert result.stdout.startswith(f"kalooki {VERSION} (saves: format ")
