"""The game on a freedesktop (Linux, BSD) desktop: its menu entry, its icons at every size
and its AppStream metainfo, laid out under a ``share`` folder as the desktop looks for them.

``kalooki desktop install`` writes them into the user's data folder (``$XDG_DATA_HOME``, as
platformdirs gives it), for a copy installed with pip or pipx; ``kalooki desktop write
ROOT`` writes them under ``ROOT`` for a package (``make deb``). Every word comes from the
catalogs' ``desktop.*`` entries: English as the default value, each other language as its
``[lang]`` key (desktop entry) or ``xml:lang`` element (metainfo).
"""

from __future__ import annotations

import os
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from kalooki import APP_ID
from kalooki.ui import PROGRAM_NAME, PYGAME_ENVIRONMENT
from kalooki.words import FALLBACK, languages, tr

COMMAND = "kalooki"
LICENCE = "MIT"
"""The game's licence (pyproject's ``license``); the metainfo's own text is CC0."""
HOMEPAGE = "https://github.com/kalooki/kalooki"
"""Where the project lives in public; the screenshots are looked for beneath it."""
SCREENSHOTS_URL = "https://raw.githubusercontent.com/kalooki/kalooki/main/docs/screenshots"
"""Where the published screenshots are (``kalooki desktop write --screenshots`` makes them)."""
SCREENSHOT_SIZE = (1280, 800)
SCREENSHOTS = (("table", "table-4p"), ("menu", "menu"), ("summary", "summary"))
"""(screen of ``kalooki screens``, its picture's name): the first is the default."""
CATEGORIES = ("Game", "CardGame")
KEYWORDS_SEPARATOR = ","
"""The catalogs list keywords as words a translator reads: comma-separated."""
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ABOUT_PARAGRAPHS = 3
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
"""Characters that make an Exec argument need quoting (desktop entry specification)."""


def _translations() -> tuple[str, ...]:
    """The languages besides English that a desktop is told about: those the game offers,
    a catalog each (:func:`kalooki.words.languages` never offers the pseudo-language)."""
    return languages()[1:]


def screenshot_names() -> list[str]:
    width, height = SCREENSHOT_SIZE
    return [f"{picture}-{width}x{height}.png" for _, picture in SCREENSHOTS]


@dataclass(frozen=True)
class Layout:
    """Where each file goes under one ``share`` folder."""

    share: Path

    @property
    def entry(self) -> Path:
        return self.share / "applications" / f"{APP_ID}.desktop"

    @property
    def metainfo(self) -> Path:
        return self.share / "metainfo" / f"{APP_ID}.metainfo.xml"

    def icon(self, size: int | None) -> Path:
        """The PNG of ``size`` pixels, or the SVG for None."""
        folder = "scalable" if size is None else f"{size}x{size}"
        suffix = ".svg" if size is None else ".png"
        return self.share / "icons" / "hicolor" / folder / "apps" / f"{APP_ID}{suffix}"

    def files(self) -> list[Path]:
        from kalooki.ui.art.icon import ICON_SIZES

        icons = [self.icon(size) for size in (*ICON_SIZES, None)]
        return [self.entry, self.metainfo, *icons]


# --- the desktop entry ------------------------------------------------------------------


def _exec_argument(argument: str) -> str:
    """One argument of ``Exec``, quoted when it must be, ``%`` doubled."""
    argument = argument.replace("%", "%%")
    if not _RESERVED & set(argument):
        return argument
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument)
    return f'"{escaped}"'


def _entry_string(text: str) -> str:
    """A value of type string: backslash, newline, tab and return escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def _keywords(lang: str) -> str:
    words = [word.strip() for word in tr("desktop.keywords", locale=lang).split(
        KEYWORDS_SEPARATOR)]
    return "".join(word.replace(";", "\\;") + ";" for word in words if word)


def desktop_entry(command: Sequence[str]) -> str:
    """The ``.desktop`` file that starts ``command`` (the program and its arguments)."""
    lines = ["[Desktop Entry]", "Type=Application", f"Name={PROGRAM_NAME}"]
    for key, entry in (("GenericName", "desktop.generic_name"), ("Comment", "desktop.comment")):
        lines.append(f"{key}={_entry_string(tr(entry, locale=FALLBACK))}")
        lines += [f"{key}[{lang}]={_entry_string(tr(entry, locale=lang))}"
                  for lang in _translations()]
    lines.append(f"Keywords={_entry_string(_keywords(FALLBACK))}")
    lines += [f"Keywords[{lang}]={_entry_string(_keywords(lang))}" for lang in _translations()]
    lines += [
        f"Exec={_entry_string(' '.join(_exec_argument(part) for part in command))}",
        f"Icon={APP_ID}",
        "Terminal=false",
        f"Categories={''.join(c + ';' for c in CATEGORIES)}",
        f"StartupWMClass={PYGAME_ENVIRONMENT['SDL_VIDEO_X11_WMCLASS']}",
    ]
    return "\n".join(lines) + "\n"


# --- the AppStream metainfo -------------------------------------------------------------


def _said(parent: ET.Element, tag: str, key: str) -> None:
    """``<tag>`` in English, then one ``<tag xml:lang=…>`` per other language."""
    ET.SubElement(parent, tag).text = tr(key, locale=FALLBACK)
    for lang in _translations():
        ET.SubElement(parent, tag, {XML_LANG: lang}).text = tr(key, locale=lang)


def metainfo(screenshots_url: str = SCREENSHOTS_URL) -> str:
    """The AppStream metainfo document (component type ``desktop-application``)."""
    component = ET.Element("component", type="desktop-application")
    ET.SubElement(component, "id").text = APP_ID
    ET.SubElement(component, "metadata_license").text = "CC0-1.0"
    ET.SubElement(component, "project_license").text = LICENCE
    ET.SubElement(component, "name").text = PROGRAM_NAME
    _said(component, "summary", "desktop.summary")
    description = ET.SubElement(component, "description")
    for number in range(1, ABOUT_PARAGRAPHS + 1):
        _said(description, "p", f"desktop.about.{number}")
    ET.SubElement(component, "launchable", type="desktop-id").text = f"{APP_ID}.desktop"
    ET.SubElement(component, "url", type="homepage").text = HOMEPAGE
    _said(component, "developer_name", "desktop.developer")
    shots = ET.SubElement(component, "screenshots")
    width, height = SCREENSHOT_SIZE
    for index, ((screen, _), name) in enumerate(zip(SCREENSHOTS, screenshot_names(),
                                                    strict=True)):
        shot = ET.SubElement(shots, "screenshot", {"type": "default"} if index == 0 else {})
        _said(shot, "caption", f"desktop.screenshot.{screen}")
        ET.SubElement(shot, "image", type="source", width=str(width),
                      height=str(height)).text = f"{screenshots_url.rstrip('/')}/{name}"
    ET.SubElement(component, "content_rating", type="oars-1.1")
    provides = ET.SubElement(component, "provides")
    ET.SubElement(provides, "binary").text = COMMAND
    ET.indent(component)
    body = ET.tostring(component, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


# --- writing them -----------------------------------------------------------------------


def launch_command() -> list[str]:
    """How the desktop starts this copy: the frozen program itself, the ``kalooki``
    script that started this run (pip, pipx), else this Python with ``-m kalooki``."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.argv[0])
    if script.stem == COMMAND and script.suffix in ("", ".exe"):
        return [str(script.absolute())]
    return [sys.executable, "-m", COMMAND]


def user_share() -> Path:
    """The user's ``share`` folder: ``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(platformdirs.user_data_dir())


def installable_here() -> bool:
    """A freedesktop desktop reads these files: not Windows or macOS."""
    return os.name == "posix" and sys.platform != "darwin"


def write(share: Path, command: Sequence[str],
          screenshots_url: str = SCREENSHOTS_URL) -> list[Path]:
    """Every file of :class:`Layout` under ``share``; the files written."""
    import pygame

    from kalooki.ui.art.icon import ICON_SIZES, draw_icon
    from kalooki.ui.art.icon_svg import icon_svg

    layout = Layout(share)
    texts = {layout.entry: desktop_entry(command), layout.metainfo: metainfo(screenshots_url),
             layout.icon(None): icon_svg()}
    for path, text in texts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    for size in ICON_SIZES:
        path = layout.icon(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
    return layout.files()


def remove(share: Path) -> list[Path]:
    """Take away what :func:`write` put under ``share``; the files that were there."""
    removed = [path for path in Layout(share).files() if path.is_file()]
    for path in removed:
        path.unlink()
    return removed


def render_screenshots(folder: Path) -> list[Path]:
    """The metainfo's screenshots, taken by ``kalooki screens``, copied into ``folder``."""
    import shutil
    import tempfile

    from kalooki.tools.screens.registry import render

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        render(Path(scratch), [SCREENSHOT_SIZE], FALLBACK,
               [screen for screen, _ in SCREENSHOTS])
        return [Path(shutil.copy(Path(scratch) / name, folder / name))
                for name in screenshot_names()]
