"""The standalone build's inputs, checked without running PyInstaller: the spec compiles,
the bundle carries the assets where the game looks for them, the slimming keeps what
the game uses, and the generated icon and version file are well formed."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from kalooki import version
from kalooki.ui import resources

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

import bundle_config  # noqa: E402
import prepare  # noqa: E402

SPEC = ROOT / "pyinstaller.spec"
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_spec_compiles_and_offers_both_layouts() -> None:
    source = SPEC.read_text(encoding="utf-8")
    compile(source, str(SPEC), "exec")
    for needed in ("--onefile", "--both", "KALOOKI_ONEFILE", "bundle_config.asset_datas",
                   'copy_metadata("kalooki")',
                   "slim_datas", "COLLECT(", "strip=STRIP"):
        assert needed in source


def test_the_bundle_lists_every_asset_where_the_package_has_it() -> None:
    pairs = bundle_config.asset_datas(ROOT)
    bundled = {(Path(src).name, Path(dest).as_posix()) for src, dest in pairs}
    assets = ROOT / "kalooki" / "assets"
    for path in assets.rglob("*"):
        if path.is_file():
            folder = path.parent.relative_to(ROOT).as_posix()
            assert (path.name, folder) in bundled
    assert ("theme.json", "kalooki/assets/theme") in bundled
    assert ("DejaVuSans.ttf", "kalooki/assets/fonts") in bundled


def test_slimming_keeps_the_fonts_in_use_and_drops_the_rest() -> None:
    def entry(dest: str) -> tuple[str, str, str]:
        return (dest, "/src/" + dest, "DATA")

    kept = bundle_config.slim_datas([entry("pygame_gui/data/NotoSans-Regular.ttf"),
                                     entry("pygame_gui/data/FiraCode-Regular.ttf"),
                                     entry("pygame_gui/data/default_theme.json"),
                                     entry("pygame_gui/data/NotoSansSC-Bold.otf"),
                                     entry("pygame_gui/data/NotoSansJP-Regular.otf"),
                                     entry("pygame_gui/data/NotoSans-Italic.ttf"),
                                     entry("pygame_gui/data/NotoSans-BoldItalic.ttf"),
                                     entry("pygame/examples/data/city.png"),
                                     entry("pygame/freesansbold.ttf"),
                                     entry("kalooki/assets/fonts/DejaVuSans.ttf")])
    assert [dest for dest, _, _ in kept] == ["pygame_gui/data/NotoSans-Regular.ttf",
                                             "pygame_gui/data/FiraCode-Regular.ttf",
                                             "pygame_gui/data/default_theme.json",
                                             "kalooki/assets/fonts/DejaVuSans.ttf"]


def test_every_bundled_font_s_licence_is_bundled() -> None:
    names = {Path(source).name for source, _ in bundle_config.licence_datas()}
    assert names == {"NotoSans-LICENSE.txt", "FiraCode-LICENSE.txt"}
    assert ("LICENSE-DejaVu.txt", "kalooki/assets/fonts") in {
        (Path(source).name, dest) for source, dest in bundle_config.asset_datas(ROOT)}


def test_nothing_asks_for_the_italics_the_bundle_leaves_out() -> None:
    """pygame_gui loads its NotoSans italics only for <i> text in its default font."""
    theme_text = (ROOT / "kalooki" / "assets" / "theme" / "theme.json").read_text("utf-8")
    assert "italic" not in theme_text
    for catalog in (ROOT / "kalooki" / "assets" / "translations").glob("*.json"):
        assert "<i>" not in catalog.read_text(encoding="utf-8")


def test_no_excluded_module_is_one_the_game_needs() -> None:
    excluded = set(bundle_config.EXCLUDED_MODULES)
    assert not {"kalooki", "pygame", "pygame_gui", "platformdirs", "json", "hashlib",
                "pygame.font", "pygame.mixer", "_sha256", "importlib"} & excluded


def test_assets_are_found_from_another_working_directory(tmp_path: Path) -> None:
    code = ("from kalooki.ui.resources import asset_path; from kalooki.ui.theme import "
            "theme_data; theme_data(); print(asset_path('fonts', 'DejaVuSans.ttf').is_file())")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                            text=True, check=True, timeout=60)
    assert result.stdout.strip() == "True"


def test_assets_are_found_in_a_bundle_laid_out_by_the_spec(tmp_path: Path) -> None:
    """The package where the bundle puts it, with the data files where the spec puts them:
    the assets are found there (importlib.resources, no bundle-specific path), from
    another folder."""
    bundle = tmp_path / "bundle"
    (bundle / "kalooki").mkdir(parents=True)
    shutil.copy(ROOT / "kalooki" / "__init__.py", bundle / "kalooki")
    for source, dest in bundle_config.asset_datas(ROOT):
        (bundle / dest).mkdir(parents=True, exist_ok=True)
        shutil.copy(source, bundle / dest)
    code = ("import kalooki; print(kalooki.asset_path('fonts', 'DejaVuSans.ttf')); "
            "print(kalooki.asset_path('theme', 'theme.json').is_file())")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                            text=True, check=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(bundle)})
    font_path, theme_found = result.stdout.split()
    assert Path(font_path) == bundle / "kalooki" / "assets" / "fonts" / "DejaVuSans.ttf"
    assert theme_found == "True"


def test_the_ico_and_icns_hold_every_size_as_png() -> None:
    pygame.display.init()
    try:
        ico = prepare.ico_bytes((16, 32, 256))
        icns = prepare.icns_bytes(((b"icp4", 16), (b"ic07", 128)))
    finally:
        resources.font.cache_clear()  # fonts die with pygame.quit()
        pygame.quit()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, 3)
    sides = [ico[6 + 16 * i] for i in range(count)]
    assert sides == [16, 32, 0]  # 0 means 256
    _, _, _, _, _, _, size, offset = struct.unpack_from("<BBBBHHII", ico, 6)
    assert ico[offset:offset + 8] == PNG and offset + size <= len(ico)
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    at, found = 8, []
    while at < len(icns):
        entry, length = icns[at:at + 4], struct.unpack_from(">I", icns, at + 4)[0]
        assert icns[at + 8:at + 16] == PNG
        width, height = struct.unpack_from(">II", icns, at + 8 + 16)  # the PNG's IHDR
        found.append((entry, width, height))
        at += length
    assert found == [(b"icp4", 16, 16), (b"ic07", 128, 128)] and at == len(icns)


def test_the_program_icon_is_the_platform_s_own_kind(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "build" / "work" / "icon"
    folder.mkdir(parents=True)
    for name in ("kalooki.png", "kalooki.ico", "kalooki.icns"):
        (folder / name).write_bytes(b"")
    for platform, expected in (("win32", "kalooki.ico"), ("darwin", "kalooki.icns"),
                               ("linux", None)):
        monkeypatch.setattr(sys, "platform", platform)
        found = bundle_config.icon_file(tmp_path)
        assert (found and found.name) == expected


def test_the_windows_version_file_carries_the_version() -> None:
    text = prepare.version_info("1.2.3")
    assert "filevers=(1, 2, 3, 0)" in text and "'ProductVersion', '1.2.3'" in text
    assert "{version" not in text
    assert prepare.version_info().count(version()) >= 2


def test_the_version_is_written_once_in_pyproject() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert version() == project["project"]["version"]
    assert "version" not in project["project"].get("dynamic", [])
    written = [path for path in (ROOT / "kalooki").rglob("*.py")
               if f'"{version()}"' in path.read_text(encoding="utf-8")]
    assert not written


def _version_of_copy(folder: Path, cwd: Path) -> str:
    """``kalooki.version()`` of the package's ``__init__`` copied into ``folder``."""
    (folder / "kalooki").mkdir(parents=True)
    shutil.copy(ROOT / "kalooki" / "__init__.py", folder / "kalooki")
    code = "import kalooki; print(kalooki.version())"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, check=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(folder)}).stdout.strip()


def test_a_checkout_reports_its_pyproject_version(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "kalooki"\nversion = "9.8.7"\n',
                                             encoding="utf-8")
    assert _version_of_copy(tmp_path, cwd=tmp_path) == "9.8.7"


def test_an_installed_copy_reports_its_metadata_version(tmp_path: Path) -> None:
    """No pyproject beside it (a wheel's site-packages, a bundle): the distribution's
    metadata says (here the test venv's install of this checkout); another project's
    pyproject is not taken for ours."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "5"\n',
                                             encoding="utf-8")
    assert _version_of_copy(tmp_path, cwd=tmp_path) == version()


def test_version_names_the_saves_format(capsys: pytest.CaptureFixture[str]) -> None:
    from kalooki.cli.main import main
    from kalooki.store.savegame import FORMAT_VERSION

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"kalooki {version()} (saves: format {FORMAT_VERSION})\n"


def test_the_release_workflow_builds_tests_and_uploads_on_windows_and_macos() -> None:
    """The workflow's steps, read as text (no YAML parser in the test extras)."""
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "os: [windows-latest, macos-latest]" in text
    order = ["actions/checkout", "actions/setup-python", "pip install -e \".[test,build]\"",
             "pytest tests/test_paths.py", "build/build_exe.py", "build/self_test_check.py",
             "build/size_report.py", "actions/upload-artifact"]
    found = [text.index(wanted) for wanted in order]  # each there, in this order
    assert found == sorted(found)
    build_exe = (ROOT / "build" / "build_exe.py").read_text(encoding="utf-8")
    assert 'ROOT / "pyinstaller.spec"' in build_exe and "SDL_VIDEODRIVER: dummy" in text


def test_the_one_file_program_is_named_for_its_version_and_platform() -> None:
    assert bundle_config.onefile_name().startswith(f"kalooki-{version()}-")


def test_the_licence_is_declared_as_current_setuptools_wants_it() -> None:
    """A licence table (``{ text = ... }``) makes setuptools print deprecation warnings
    on every ``make play``; an SPDX string needs setuptools 77 or later to build."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    (setuptools,) = [r for r in project["build-system"]["requires"] if "setuptools" in r]
    assert setuptools.replace(" ", "") == "setuptools>=77"
