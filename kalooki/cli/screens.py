"""``kalooki screens DIR``: render every screen of the game to PNG files in DIR, headless,
so translators and theme authors can look at all of them at once."""

from __future__ import annotations

import argparse
import os
import re

from kalooki.cli.arg_types import ensure_folder, folder
from kalooki.cli.common import Commands, UsageError, add_lang
from kalooki.words import language, tr

SMALLEST = (1024, 640)
"""The smallest window the game opens."""
LARGEST = (7680, 4320)
"""The largest picture drawn: a size past this is a typing slip, and its pictures would
fill the memory."""


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{1,6})[xX](\d{1,6})", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(tr("cli.screens.not_a_size", value=text))
    width, height = int(match[1]), int(match[2])
    if width < SMALLEST[0] or height < SMALLEST[1]:
        raise argparse.ArgumentTypeError(tr("cli.screens.too_small", value=text,
                                            smallest=_shown(SMALLEST)))
    if width > LARGEST[0] or height > LARGEST[1]:
        raise argparse.ArgumentTypeError(tr("cli.screens.too_large", value=text,
                                            largest=_shown(LARGEST)))
    return width, height


def _shown(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser("screens", help=tr("cli.help.screens"),
                                 description=tr("cli.help.screens"))
    parser.add_argument("dir", metavar=tr("cli.metavar.dir"), nargs="?", type=folder,
                        help=tr("cli.help.screens_dir"))
    add_lang(parser, "cli.help.screens_lang")
    parser.add_argument("--size", type=_size, action="append",
                        metavar=tr("cli.metavar.size"), help=tr("cli.help.size"))
    parser.add_argument("--only", action="append", metavar=tr("cli.metavar.screen"),
                        help=tr("cli.help.only"))
    parser.add_argument("--list", action="store_true", help=tr("cli.help.list"))
    parser.set_defaults(run=run_screens)


def run_screens(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import kalooki.ui  # noqa: F401  (first: it hides pygame's banner before pygame loads)
    from kalooki.tools.screens.check import Problem
    from kalooki.tools.screens.registry import SIZES, render, screen_names

    if args.list:
        print("\n".join(screen_names()))
        return 0
    if args.dir is None:
        raise UsageError(tr("cli.screens.no_dir", dir=tr("cli.metavar.dir")))
    unknown = [name for name in args.only or () if name not in screen_names()]
    if unknown:
        raise UsageError(tr("cli.screens.unknown", count=len(unknown),
                            names=", ".join(unknown), screens=", ".join(screen_names())))
    problem = ensure_folder(args.dir)
    if problem is not None:
        raise UsageError(problem)
    found: list[Problem] = []
    written = render(args.dir, args.size or SIZES, language(), args.only or (), found)
    count = sum(len(files) for files in written.values())
    print(tr("cli.screens_written", count=count, dir=str(args.dir)))
    for cut_or_stray in found:  # the pseudo-language's check (issue 25)
        print(cut_or_stray)
    return 1 if found else 0
