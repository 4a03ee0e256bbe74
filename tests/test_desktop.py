"""The game on a Linux desktop: its icon at every size, the SVG, the desktop entry and the
AppStream metainfo (words from the catalogs, names that match the window), and
``kalooki desktop`` putting them in place and taking them away. Where Debian's validators
are installed (CI installs them), the files written pass them."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from kalooki import APP_ID
from kalooki.cli.main import main
from kalooki.tools import desktop
from kalooki.ui import PYGAME_ENVIRONMENT
from kalooki.ui.app import TITLE
from kalooki.ui.art import palette
from kalooki.ui.art.icon import ICON_SIZES, draw_icon, window_icon
from kalooki.ui.art.icon_svg import icon_svg
from kalooki.ui.resources import font
from kalooki.words import languages, tr

ROOT = Path(__file__).resolve().parents[1]
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@pytest.fixture(autouse=True)
def _pygame() -> object:
    pygame.display.init()
    yield
    font.cache_clear()  # fonts die with pygame.quit()
    pygame.quit()


def _near(colour: pygame.Color, wanted: palette.Colour, within: int = 40) -> bool:
    return all(abs(a - b) <= within for a, b in zip(colour[:3], wanted[:3], strict=True))


@pytest.mark.parametrize("size", ICON_SIZES)
def test_the_icon_fills_its_square_less_a_margin_and_shows_both_cards(size: int) -> None:
    icon = draw_icon(size)
    assert icon.get_size() == (size, size)
    box = icon.get_bounding_rect()
    margin = max(1, round(size / 16))
    assert box.left >= margin - 1 and box.top >= margin - 1
    assert box.right <= size - margin + 1 and box.bottom <= size - margin + 1
    assert max(box.width, box.height) >= size - 2 * margin - 1
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((size - 1, size - 1)).a == 0
    seen = [icon.get_at((x, y)) for x in range(size) for y in range(size)]
    solid = [colour for colour in seen if colour.a > 250]
    assert any(_near(c, palette.CARD_FACE, 12) for c in solid)  # the ace's face
    assert any(_near(c, palette.SUITS_CLASSIC[0], 50) for c in solid)  # its spade
    assert any(_near(c, palette.JOKER_ACCENT, 60) for c in solid)  # the joker's gold star
    if size < 48:  # the plain drawing: the joker is its purple
        assert any(_near(c, palette.JOKER_MAIN, 30) for c in solid)


def test_the_window_shows_the_icon() -> None:
    assert window_icon().get_size() == (64, 64)


def test_the_svg_icon_is_a_square_drawing_in_the_card_art_s_colours() -> None:
    text = icon_svg()
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 128 128" and root.get("width") == root.get("height")
    for colour in (palette.CARD_FACE, palette.JOKER_MAIN, palette.JOKER_ACCENT, palette.GOLD):
        assert "#" + "".join(f"{part:02x}" for part in colour[:3]) in text
    assert "<text" not in text  # no font to count on


def _entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_desktop_entry_names_the_window_as_the_game_names_it() -> None:
    entry = _entry(desktop.desktop_entry(["/usr/bin/kalooki"]))
    assert entry["Name"] == TITLE
    assert entry["StartupWMClass"] == PYGAME_ENVIRONMENT["SDL_VIDEO_X11_WMCLASS"]
    assert entry["Icon"] == APP_ID == PYGAME_ENVIRONMENT["SDL_VIDEO_WAYLAND_WMCLASS"]
    assert desktop.Layout(Path("share")).entry.name == f"{APP_ID}.desktop"
    assert entry["Exec"] == "/usr/bin/kalooki" and entry["Type"] == "Application"
    assert entry["Categories"] == "Game;CardGame;" and entry["Terminal"] == "false"


def test_the_desktop_entry_speaks_every_language_from_the_catalogs() -> None:
    entry = _entry(desktop.desktop_entry(["kalooki"]))
    assert entry["Comment"] == tr("desktop.comment", locale="en")
    assert entry["Comment[fr]"] == tr("desktop.comment", locale="fr")
    assert entry["GenericName[fr]"] == tr("desktop.generic_name", locale="fr")
    assert entry["Keywords[fr]"].endswith(";") and "Caraïbes;" in entry["Keywords[fr]"]
    for lang in languages()[1:]:
        assert f"Comment[{lang}]" in entry


@pytest.mark.parametrize(("command", "written"), [
    (["/opt/My Games/kalooki"], '"/opt/My Games/kalooki"'),
    (["/usr/bin/python3", "-m", "kalooki"], "/usr/bin/python3 -m kalooki"),
    (["/home/ann/100%/kalooki"], "/home/ann/100%%/kalooki"),
    (['/srv/a"b$c/kalooki'], '"/srv/a\\\\"b\\\\$c/kalooki"'),
])
def test_the_command_is_quoted_as_the_desktop_entry_specification_says(
        command: list[str], written: str) -> None:
    assert _entry(desktop.desktop_entry(command))["Exec"] == written


def test_the_metainfo_describes_the_game_with_its_screenshots() -> None:
    root = ET.fromstring(desktop.metainfo("https://example.org/shots/"))
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("name") == TITLE
    assert root.findtext("provides/binary") == "kalooki"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert root.findtext("project_license") == pyproject["project"]["license"]
    summaries = {s.get(XML_LANG): s.text for s in root.findall("summary")}
    assert summaries == {None: tr("desktop.summary", locale="en"),
                         "fr": tr("desktop.summary", locale="fr")}
    paragraphs = root.findall("description/p")
    assert len(paragraphs) == 2 * desktop.ABOUT_PARAGRAPHS
    shots = root.findall("screenshots/screenshot")
    assert [shot.get("type") for shot in shots] == ["default", None, None]
    images = [shot.findtext("image") for shot in shots]
    assert images == [f"https://example.org/shots/{name}"
                      for name in desktop.screenshot_names()]
    for shot in shots:
        assert {c.get(XML_LANG) for c in shot.findall("caption")} == {None, "fr"}


def _validate(tool: str, *args: str | Path) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (CI installs it: .ci/run)")
    result = subprocess.run([tool, *map(str, args)], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_write_lays_out_every_file_and_remove_takes_them_away(tmp_path: Path) -> None:
    share = tmp_path / "share"
    written = desktop.write(share, ["/usr/bin/kalooki"])
    layout = desktop.Layout(share)
    assert sorted(written) == sorted(layout.files())
    assert all(path.is_file() for path in written)
    for size in ICON_SIZES:
        assert pygame.image.load(str(layout.icon(size))).get_size() == (size, size)
    assert layout.icon(None).read_text(encoding="utf-8") == icon_svg()
    _validate("desktop-file-validate", layout.entry)
    _validate("appstreamcli", "validate", "--no-net", layout.metainfo)
    (share / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    assert sorted(desktop.remove(share)) == sorted(written)
    assert not any(path.exists() for path in written)
    assert (share / "applications" / "other.desktop").is_file()  # not ours: left alone


def test_install_puts_the_entry_in_the_user_s_data_folder_starting_this_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(desktop, "installable_here", lambda: True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "venv" / "bin" / "kalooki")])
    assert main(["desktop", "install"]) == 0
    entry = tmp_path / "data" / "applications" / f"{APP_ID}.desktop"
    assert str(entry) in capsys.readouterr().out
    assert _entry(entry.read_text(encoding="utf-8"))["Exec"] == str(
        tmp_path / "venv" / "bin" / "kalooki")
    assert main(["desktop", "uninstall"]) == 0
    assert not entry.exists()


def test_install_is_refused_where_no_freedesktop_desktop_reads_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(desktop, "installable_here", lambda: False)
    assert main(["desktop", "install"]) == 2
    assert capsys.readouterr().err.strip() == f"kalooki: {tr('cli.desktop_elsewhere')}"


@pytest.mark.parametrize(("frozen", "argv0", "expected"), [
    (True, "kalooki", ["PROGRAM"]),
    (False, "/home/ann/.local/bin/kalooki", ["/home/ann/.local/bin/kalooki"]),
    (False, "/src/kalooki/__main__.py", ["PYTHON", "-m", "kalooki"]),
])
def test_the_desktop_starts_the_copy_that_installed_it(
        monkeypatch: pytest.MonkeyPatch, frozen: bool, argv0: str,
        expected: list[str]) -> None:
    monkeypatch.setattr(sys, "frozen", frozen, raising=False)
    monkeypatch.setattr(sys, "argv", [argv0])
    monkeypatch.setattr(sys, "executable", "PROGRAM" if frozen else "PYTHON")
    assert desktop.launch_command() == expected
