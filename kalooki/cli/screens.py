"""``kalooki screens DIR``: render every screen of the game to PNG files in DIR, headless,
so translators and theme authors can look at all of them at once."""

from __future__ import annotations

import argparse
import os
import re

from kalooki.cli.arg_types import ensure_folder, folder
from kalooki.cli.common import Commands, UsageError
from kalooki.words import FALLBACK, tr
from kalooki.words.catalog import spoken


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{3,4})[xX](\d{3,4})", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x720")
    width, height = int(match[1]), int(match[2])
    if width < 1024 or height < 640:
        raise argparse.ArgumentTypeError(f"{text} is below the smallest window, 1024x640")
    return width, height


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "screens", help="render every screen to PNG files (for translators and themes)")
    parser.add_argument("dir", metavar="DIR", nargs="?", type=folder,
                        help="folder for the PNG files")
    parser.add_argument("--lang", choices=spoken(), default=FALLBACK,
                        help="language of the words (qps: the pseudo-language that shows cut "
                             "text and words not from the catalogs)")
    parser.add_argument("--size", type=_size, action="append", metavar="WxH",
                        help="window size (repeatable; default 1024x640 and 1920x1080)")
    parser.add_argument("--only", action="append", metavar="SCREEN",
                        help="render only this screen (repeatable); see --list")
    parser.add_argument("--list", action="store_true", help="list the screens and exit")
    parser.set_defaults(run=run_screens)


def run_screens(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from kalooki.tools.screens.check import Problem
    from kalooki.tools.screens.registry import SIZES, render, screen_names

    if args.list:
        print("\n".join(screen_names()))
        return 0
    if args.dir is None:
        raise UsageError("screens needs a folder for the pictures: kalooki screens DIR")
    unknown = [name for name in args.only or () if name not in screen_names()]
    if unknown:
        raise UsageError(f"no screen called {', '.join(unknown)} "
                         f"(try: {', '.join(screen_names())})")
    problem = ensure_folder(args.dir)
    if problem is not None:
        raise UsageError(problem)
    found: list[Problem] = []
    written = render(args.dir, args.size or SIZES, args.lang, args.only or (), found)
    count = sum(len(files) for files in written.values())
    print(tr("cli.screens_written", count=count, dir=str(args.dir), locale=args.lang))
    for cut_or_stray in found:  # the pseudo-language's check (issue 25)
        print(cut_or_stray)
    return 1 if found else 0
