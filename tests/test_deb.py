"""The Debian package's parts, checked without dpkg: its control file, changelog and manual
page say what the game says; its copyright file names a licence for every file the bundle
carries (a new library is a decision); the search paths left by the wheels' builders are
cleared and the bundle's own kept. ``make deb-check`` (CI) builds the package, runs its
self-test from an extracted copy and runs lintian."""

from __future__ import annotations

import gzip
import struct
import subprocess
import sys
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest

from kalooki.cli.main import build_parser
from kalooki.words import tr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))

import deb_texts  # noqa: E402
import elf_runpath  # noqa: E402
import make_deb  # noqa: E402


def test_the_control_file_describes_the_game_in_its_own_words() -> None:
    text = deb_texts.control("1.2.3", "amd64", "libc6 (>= 2.36)", 4321)
    head, _, body = text.partition("Description: ")
    fields = dict(line.split(": ", 1) for line in head.splitlines())
    assert fields == {"Package": "kalooki", "Version": "1.2.3", "Architecture": "amd64",
                      "Maintainer": deb_texts.MAINTAINER, "Installed-Size": "4321",
                      "Depends": "libc6 (>= 2.36)", "Section": "games",
                      "Priority": "optional", "Homepage": fields["Homepage"]}
    synopsis, *extended = body.splitlines()
    assert synopsis == tr("desktop.comment", locale="en") and len(synopsis) < 80
    assert all(line.startswith(" ") and len(line) <= deb_texts.WIDTH for line in extended)
    assert extended.count(" .") == 2  # three paragraphs
    assert " ".join(extended).split()[:3] == tr("desktop.about.1", locale="en").split()[:3]


def test_the_changelog_is_a_native_package_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764633600")
    text = deb_texts.changelog("1.2.3")
    assert text.startswith("kalooki (1.2.3) unstable; urgency=medium\n")
    maintainer, _, when = text.splitlines()[-1].removeprefix(" -- ").partition("  ")
    assert maintainer == deb_texts.MAINTAINER
    assert parsedate_to_datetime(when).timestamp() == 1764633600


def test_the_manual_page_lists_every_option_and_command() -> None:
    page = deb_texts.manual_page("1.2.3")
    assert page.startswith('.TH KALOOKI 6 "" "kalooki 1.2.3"')
    help_text = build_parser().format_help()
    for option in ("--self-test", "--version", "--portable", "--seats"):
        assert option in help_text and option.replace("-", "\\-") in page
    for command in ("rules", "saves", "simulate", "screens", "desktop"):
        assert f".TP\n\\fB{command}\\fR\n" in page


def _bundle(tmp_path: Path, names: list[str]) -> Path:
    bundle = tmp_path / "kalooki"
    for name in names:
        (bundle / name).parent.mkdir(parents=True, exist_ok=True)
        (bundle / name).write_bytes(b"")
    return bundle


def test_the_copyright_file_names_a_licence_for_every_file_the_bundle_carries(
        tmp_path: Path) -> None:
    listed = ["kalooki", "_internal/libpython3.11.so.1.0", "_internal/base_library.zip",
              "_internal/python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so",
              "_internal/pygame/mixer.cpython-311-x86_64-linux-gnu.so",
              "_internal/pygame_ce.libs/libSDL2_mixer-2-6719e6f6.0.so.0.800.2",
              "_internal/pygame_ce.libs/libvorbisfile-07b6198b.so.3.3.8",
              "_internal/pygame_gui/data/NotoSans-Regular.ttf",
              "_internal/kalooki/assets/fonts/DejaVuSans.ttf",
              "_internal/kalooki/assets/translations/kalooki.fr.json",
              "_internal/kalooki.egg-info/PKG-INFO"]
    bundle = _bundle(tmp_path, listed)
    text = deb_texts.copyright_file(ROOT, bundle)
    assert "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" in text
    assert "@" + "OFL" not in text and "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Bitstream Vera" in text
    (bundle / "_internal" / "pygame_ce.libs" / "libnew-1234.so.1").write_bytes(b"")
    (bundle / "_internal" / "kalooki" / "assets" / "fonts" / "Other.ttf").write_bytes(b"")
    assert deb_texts.unlisted_files(text, bundle) == [
        "usr/lib/kalooki/_internal/kalooki/assets/fonts/Other.ttf",
        "usr/lib/kalooki/_internal/pygame_ce.libs/libnew-1234.so.1"]
    with pytest.raises(SystemExit, match="libnew-1234"):
        deb_texts.copyright_file(ROOT, bundle)


@pytest.mark.parametrize("font", ["kalooki/assets/fonts/DejaVuSans.ttf",
                                  "pygame_gui/data/NotoSans-Bold.ttf",
                                  "pygame_gui/data/FiraCode-Regular.ttf"])
def test_every_font_of_the_bundle_has_its_own_paragraph(tmp_path: Path, font: str) -> None:
    text = deb_texts.COPYRIGHT_TEMPLATE.read_text(encoding="utf-8")
    assert deb_texts.unlisted_files(text, _bundle(tmp_path, [f"_internal/{font}"])) == []
    paragraph = next(block for block in text.split("\n\n")
                     if block.startswith("Files:") and f"/{Path(font).parent.as_posix()}/"
                     in block.splitlines()[0])
    assert "License: OFL-1.1" in paragraph or "License: bitstream-vera" in paragraph


def _elf(paths: list[tuple[int, bytes]]) -> bytes:
    """A minimal ELF64 little-endian file: a string table and a dynamic section holding
    ``(tag, string)`` entries, then DT_NULL."""
    strings = b"\0" + b"".join(text + b"\0" for _, text in paths)
    offsets, at = [], 1
    for _, text in paths:
        offsets.append(at)
        at += len(text) + 1
    dynamic = b"".join(struct.pack("<qQ", tag, offset)
                       for (tag, _), offset in zip(paths, offsets, strict=True))
    dynamic += struct.pack("<qQ", 0, 0)
    strings_at, dynamic_at = 64, 64 + len(strings)
    sections_at = dynamic_at + len(dynamic)
    header = bytearray(64)
    header[:6] = elf_runpath.ELF64_LE
    struct.pack_into("<Q", header, 0x28, sections_at)
    struct.pack_into("<HH", header, 0x3A, 64, 3)

    def section(kind: int, offset: int, size: int, link: int) -> bytes:
        entry = bytearray(64)
        struct.pack_into("<I", entry, 4, kind)
        struct.pack_into("<QQ", entry, 0x18, offset, size)
        struct.pack_into("<I", entry, 0x28, link)
        return bytes(entry)

    table = (section(0, 0, 0, 0) + section(3, strings_at, len(strings), 0)
             + section(elf_runpath.SHT_DYNAMIC, dynamic_at, len(dynamic), 1))
    return bytes(header) + strings + dynamic + table


def test_search_paths_outside_the_bundle_are_cleared_and_its_own_kept(tmp_path: Path) -> None:
    path = tmp_path / "module.so"
    data = _elf([(elf_runpath.DT_RUNPATH, b"/root/.pyenv/versions/3.11.7/lib"),
                 (elf_runpath.DT_RPATH, b"$ORIGIN/../pygame_ce.libs:/usr/local/lib")])
    path.write_bytes(data)
    assert elf_runpath.search_paths(path) == ["/root/.pyenv/versions/3.11.7/lib",
                                              "$ORIGIN/../pygame_ce.libs:/usr/local/lib"]
    cleared = elf_runpath.clear_foreign_search_paths(path)
    assert cleared == ["/root/.pyenv/versions/3.11.7/lib", "/usr/local/lib"]
    assert elf_runpath.search_paths(path) == ["", "$ORIGIN/../pygame_ce.libs"]
    assert path.stat().st_size == len(data)  # nothing moved
    assert elf_runpath.clear_foreign_search_paths(path) == []
    own = tmp_path / "own.so"
    own.write_bytes(_elf([(elf_runpath.DT_RUNPATH, b"$ORIGIN")]))
    assert elf_runpath.clear_foreign_search_paths(own) == []
    (tmp_path / "script").write_text("#!/bin/sh\n")
    assert elf_runpath.search_paths(tmp_path / "script") == []


def test_a_real_library_reads_as_readelf_reads_it(tmp_path: Path) -> None:
    import shutil

    readelf = shutil.which("readelf")
    library = next(Path(sys.base_prefix).glob("lib/python3*/lib-dynload/math*.so"), None)
    if readelf is None or library is None:
        pytest.skip("no readelf or no shared math module here")
    copy = tmp_path / library.name
    shutil.copy(library, copy)
    shown = subprocess.run([readelf, "-d", str(copy)], capture_output=True, text=True,
                           check=True).stdout
    for entry in elf_runpath.search_paths(copy):
        assert f"[{entry}]" in shown
    elf_runpath.clear_foreign_search_paths(copy)
    shown = subprocess.run([readelf, "-d", str(copy)], capture_output=True, text=True,
                           check=True).stdout
    assert "/root/" not in shown and "/usr/local/lib" not in shown


def test_the_package_is_named_for_its_version_and_architecture() -> None:
    assert make_deb.deb_name("1.2.3", "amd64") == "kalooki_1.2.3_amd64.deb"
    assert make_deb.LAUNCHER.as_posix() == "usr/games/kalooki"  # a game, as Debian wants


def test_the_lintian_overrides_say_why() -> None:
    lines = make_deb.OVERRIDES.read_text(encoding="utf-8").splitlines()
    tags = [line for line in lines if line and not line.startswith("#")]
    assert all(tag.split()[0] in ("embedded-library", "library-not-linked-against-libc")
               for tag in tags)
    assert sum(line.startswith("#") for line in lines) >= len(tags)


def test_gzip_is_reproducible(tmp_path: Path) -> None:
    make_deb._gzip("text\n", tmp_path / "a.gz")
    make_deb._gzip("text\n", tmp_path / "b.gz")
    assert (tmp_path / "a.gz").read_bytes() == (tmp_path / "b.gz").read_bytes()
    assert gzip.decompress((tmp_path / "a.gz").read_bytes()) == b"text\n"
