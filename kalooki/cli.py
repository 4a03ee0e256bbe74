"""Command line: ``kalooki`` opens the game; subcommands serve scripting and tests."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from kalooki.cli_common import UsageError, UsageParser


def _positive(text: str) -> int:
    """A whole number of at least 1; anything else is a usage error naming the argument."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _add_autoplay_options(parser: argparse.ArgumentParser) -> None:
    """``--autoplay``: computer players in every seat through the real table (smoke test)."""
    parser.add_argument("--autoplay", action="store_true",
                        help="let computer players play at instant speed, then exit")
    parser.add_argument("--preset", default="caribbean",
                        help="rules for --autoplay and --watch: a built-in or custom "
                             "preset's name")
    parser.add_argument("--players", type=int, default=4,
                        help="players for --autoplay and --watch")
    parser.add_argument("--watch", action="store_true",
                        help="open the game on a match of computer players to watch, at "
                             "the animation speed of your settings")
    parser.add_argument("--deals", type=_positive, default=None,
                        help="deals to play with --autoplay (default 1) or --watch "
                             "(default: the whole match)")
    parser.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG")


def build_parser() -> argparse.ArgumentParser:
    parser = UsageParser(prog="kalooki", description="Kalooki, the Caribbean contract rummy.")
    _add_autoplay_options(parser)
    parser.add_argument("--portable", action="store_true",
                        help="keep settings, saves and logs in KalookiData beside the program")
    parser.add_argument("--self-test", action="store_true",
                        help="open the window, play, save and reload a deal, then exit")
    commands = parser.add_subparsers(dest="command", parser_class=UsageParser)
    from kalooki import cli_rules, cli_saves

    cli_rules.add_parser(commands)
    cli_saves.add_parser(commands)
    from kalooki import cli_screens, cli_simulate

    cli_simulate.add_parser(commands)
    cli_screens.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    if args.self_test:
        from kalooki.selftest import run_self_test

        return run_self_test()
    if getattr(args, "run", None) is None:
        from kalooki.ui.app import run_game

        return run_game(args)
    try:
        return int(args.run(args))
    except UsageError as error:
        print(f"kalooki: {error}", file=sys.stderr)
        return 2
