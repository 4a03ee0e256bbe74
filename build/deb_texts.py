"""The texts of the Debian package (``build/make_deb.py`` writes them): the control file, the
changelog, the copyright file and the manual page.

The words are the game's own where it has them (the catalogs' English ``desktop.*``
entries, the command line's help), so the package says what the desktop and ``--help`` say.
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
import textwrap
import time
from email.utils import formatdate
from importlib.resources import files
from pathlib import Path

from kalooki.tools.desktop import ABOUT_PARAGRAPHS, HOMEPAGE
from kalooki.words import tr

PACKAGE = "kalooki"
MAINTAINER = "Kalooki developers <kalooki@users.noreply.github.com>"
"""Who answers for the package (Debian wants a name and an address)."""
SECTION = "games"
COPYRIGHT_TEMPLATE = Path(__file__).resolve().parent / "deb" / "copyright.in"
WIDTH = 79


def _paragraphs() -> list[str]:
    return [tr(f"desktop.about.{n}", locale="en") for n in range(1, ABOUT_PARAGRAPHS + 1)]


def _folded(paragraphs: list[str]) -> str:
    """Paragraphs as an extended control-file field: each line one space in, a lone ``.``
    between paragraphs."""
    blocks = [textwrap.fill(text, WIDTH - 1, initial_indent=" ", subsequent_indent=" ")
              for text in paragraphs]
    return "\n .\n".join(blocks)


def control(version: str, arch: str, depends: str, installed_kb: int) -> str:
    fields = [("Package", PACKAGE), ("Version", version), ("Architecture", arch),
              ("Maintainer", MAINTAINER), ("Installed-Size", str(installed_kb))]
    if depends:
        fields.append(("Depends", depends))
    fields += [("Section", SECTION), ("Priority", "optional"), ("Homepage", HOMEPAGE),
               ("Description", tr("desktop.comment", locale="en"))]
    return "".join(f"{key}: {value}\n" for key, value in fields) + _folded(_paragraphs()) + "\n"


def release_time() -> float:
    """When this version was made: ``SOURCE_DATE_EPOCH`` when set (reproducible builds),
    else the last commit's time, else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return float(epoch)
    try:
        stamp = subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True,
                               text=True, check=True, cwd=Path(__file__).parent).stdout
        return float(stamp.strip())
    except (OSError, subprocess.CalledProcessError, ValueError):
        return time.time()


def changelog(version: str) -> str:
    """A native package's changelog (the version has no Debian revision)."""
    when = formatdate(release_time(), usegmt=False)
    return (f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
            f"  * Kalooki {version}, packed from the one-folder program.\n\n"
            f" -- {MAINTAINER}  {when}\n")


def _indented(text: str) -> str:
    """A licence text as a copyright-file field: one space in, ``.`` for a blank line."""
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in
                     text.strip("\n").splitlines())


def _dejavu_licence(repo: Path) -> str:
    text = (repo / "kalooki" / "assets" / "fonts" / "LICENSE-DejaVu.txt").read_text("utf-8")
    return text.split("License: bitstream-vera", 1)[1]


def _pygame_gui_licence(bundle: Path, name: str) -> str:
    """A font licence pygame_gui ships, from the bundle (else the installed package)."""
    bundled = bundle / "_internal" / "pygame_gui" / "data" / "licenses" / name
    if bundled.is_file():
        return bundled.read_text(encoding="utf-8")
    return files("pygame_gui.data").joinpath("licenses", name).read_text(encoding="utf-8")


def copyright_file(repo: Path, bundle: Path) -> str:
    """``/usr/share/doc/kalooki/copyright``: the template with the fonts' licences filled
    in from their own files. Refuses a bundle holding a file no paragraph names."""
    text = COPYRIGHT_TEMPLATE.read_text(encoding="utf-8")
    text = (text.replace("@MAINTAINER@", MAINTAINER).replace("@HOMEPAGE@", HOMEPAGE)
            .replace("@DEJAVU@", _indented(_dejavu_licence(repo)))
            .replace("@OFL_NOTO@", _indented(_pygame_gui_licence(bundle, "NotoSans-LICENSE.txt")))
            .replace("@OFL_FIRA@", _indented(_pygame_gui_licence(bundle,
                                                                 "FiraCode-LICENSE.txt"))))
    unlisted = unlisted_files(text, bundle)
    if unlisted:
        raise SystemExit("build/deb/copyright.in names no licence for: " + ", ".join(unlisted))
    return text


def _patterns(text: str) -> list[str]:
    """The ``Files:`` patterns of the copyright file, less the catch-all ``*``."""
    found: list[str] = []
    reading = False
    for line in text.splitlines():
        if line.startswith("Files:"):
            found += line.removeprefix("Files:").split()
            reading = True
        elif reading and line.startswith(" "):
            found += line.split()
        else:
            reading = False
    return [pattern for pattern in found if pattern != "*"]


def unlisted_files(text: str, bundle: Path, prefix: str = "usr/lib/kalooki") -> list[str]:
    """The bundle's files (as installed under ``prefix``) that no paragraph but the
    catch-all ``*`` covers, other than the game's own (its modules, theme, catalogs and
    metadata; its fonts are not its own and must be listed). Links are their target's."""
    patterns = _patterns(text)
    ours = tuple(f"{prefix}/_internal/{name}" for name in
                 ("kalooki/", "kalooki.egg-info/", "kalooki-", "pygame_gui/data/licenses/"))
    fonts = f"{prefix}/_internal/kalooki/assets/fonts/"
    unlisted = []
    for path in sorted(bundle.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        name = f"{prefix}/{path.relative_to(bundle).as_posix()}"
        if name.startswith(ours) and not name.startswith(fonts):
            continue
        if not any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            unlisted.append(name)
    return unlisted


def _roff(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def manual_page(version: str) -> str:
    """``kalooki(6)``, from the command's own parser: its options and its subcommands."""
    import argparse

    from kalooki.cli.main import build_parser

    parser = build_parser()
    lines = [f'.TH KALOOKI 6 "" "kalooki {version}" "Games"', ".SH NAME",
             f"kalooki \\- {_roff(tr('desktop.comment', locale='en'))}", ".SH SYNOPSIS",
             ".B kalooki", "[\\fIOPTIONS\\fR] [\\fICOMMAND\\fR ...]", ".SH DESCRIPTION"]
    for paragraph in _paragraphs():
        lines += [_roff(paragraph), ".PP"]
    lines[-1] = ".SH OPTIONS"
    commands: list[tuple[str, str]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            commands = [(choice.dest, choice.help or "") for choice in action._choices_actions]
        elif action.option_strings and action.help != argparse.SUPPRESS:
            names = ", ".join(f"\\fB{_roff(name)}\\fR" for name in action.option_strings)
            if action.metavar or action.nargs != 0:
                names += f" \\fI{_roff(str(action.metavar or action.dest.upper()))}\\fR"
            lines += [".TP", names, _roff(action.help or "")]
    lines.append(".SH COMMANDS")
    for name, text in commands:
        lines += [".TP", f"\\fB{_roff(name)}\\fR", _roff(text)]
    lines += [".PP", "Each command tells its own options: \\fBkalooki\\fR \\fICOMMAND\\fR "
              "\\fB\\-\\-help\\fR.", ".SH SEE ALSO", _roff(HOMEPAGE)]
    return "\n".join(lines) + "\n"
