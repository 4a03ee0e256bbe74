"""Command line: ``kalooki`` opens the game; subcommands serve scripting and tests."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from kalooki.cli import arg_types
from kalooki.cli.common import UsageError, UsageParser, store_paths
from kalooki.engine.showable import escaped


def _add_autoplay_options(parser: argparse.ArgumentParser) -> None:
    """``--autoplay``: computer players in every seat through the real table (smoke test)."""
    parser.add_argument("--autoplay", action="store_true",
                        help="let computer players play at instant speed, then exit")
    parser.add_argument("--preset", default="caribbean",
                        help="rules for --autoplay, --watch and --seats: a built-in or "
                             "custom preset's name")
    parser.add_argument("--players", type=arg_types.players, default=4,
                        help="players for --autoplay and --watch")
    parser.add_argument("--seats", type=arg_types.seats, default=None, dest="play_seats",
                        help="start a match of friends at one computer (the rules of "
                        "--preset): person:NAME for each person, a level (easy, medium, "
                        "hard) for each computer player, e.g. person:Ann,person:Ben,hard")
    parser.add_argument("--watch", action="store_true",
                        help="open the game on a match of computer players to watch, at "
                             "the animation speed of your settings")
    parser.add_argument("--deals", type=arg_types.count, default=None,
                        help="deals to play with --autoplay (default 1) or --watch "
                             "(default: the whole match)")
    parser.add_argument("--screenshot", metavar="PATH", type=arg_types.picture,
                        help="save the last frame as PNG")


def build_parser() -> argparse.ArgumentParser:
    parser = UsageParser(prog="kalooki", description="Kalooki, the Caribbean contract rummy.")
    _add_autoplay_options(parser)
    parser.add_argument("--portable", action="store_true",
                        help="keep settings, saves and logs in KalookiData beside the program")
    parser.add_argument("--self-test", action="store_true",
                        help="open the window, play, save and reload a deal, then exit")
    parser.add_argument("--version", action="store_true",
                        help="print the version and the format its saves are written in")
    commands = parser.add_subparsers(dest="command", parser_class=UsageParser)
    from kalooki.cli import rules, saves

    rules.add_parser(commands)
    saves.add_parser(commands)
    from kalooki.cli import desktop, screens, simulate

    simulate.add_parser(commands)
    screens.add_parser(commands)
    desktop.add_parser(commands)
    return parser


INTERNAL_ERROR = "kalooki: internal error"
"""The start of the one line printed when the program itself fails (a bug, never bad
input: the command-line fuzz test proves no argument list reaches it)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: 0 done, 1 a check said no, 2 a usage error; never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        # A file name that is not UTF-8 reaches Python as lone surrogates: print it escaped.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130  # the shell's code for Ctrl-C; the person knows why it stopped
    except Exception as error:
        logging.getLogger("kalooki").exception("the command stopped on an unexpected error")
        print(f"{INTERNAL_ERROR}: {escaped(f'{type(error).__name__}: {error}')[:200]}",
              file=sys.stderr)
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
        if args.play_seats is not None and (args.autoplay or args.watch):
            raise UsageError("kalooki: --seats starts a match to play; it does not go "
                             "with --autoplay or --watch")
        if args.autoplay or args.watch or args.play_seats is not None:
            _check_table(args)
    except UsageError as error:
        print(escaped(str(error)), file=sys.stderr)
        return 2
    if args.version:
        print(_version_line())
        return 0
    if args.self_test:
        from kalooki.selftest import run_self_test

        return run_self_test()
    if getattr(args, "run", None) is None:
        from kalooki.ui.launcher import run_game

        return run_game(args)
    try:
        return int(args.run(args))
    except UsageError as error:
        print(f"kalooki: {escaped(str(error))}", file=sys.stderr)
        return 2


def _version_line() -> str:
    """``kalooki 0.1.0 (saves: format 2)``: the version (pyproject's, see kalooki/__init__)
    and the format of the saves and journals this copy writes."""
    from kalooki import __version__
    from kalooki.store.savegame import FORMAT_VERSION
    from kalooki.words import tr

    return tr("cli.version", version=__version__, format=FORMAT_VERSION)


def _check_table(args: argparse.Namespace) -> None:
    """The table of ``--autoplay``, ``--watch`` or ``--seats`` must be one the rules seat,
    before any window opens; the rule set found is handed on as ``args.table_rules``."""
    from kalooki.engine.errors import RuleError
    from kalooki.store.presets import PresetError, find_rules
    from kalooki.words.house_rules import built_in_names
    from kalooki.words.notices import notice_said
    from kalooki.words.refusals import refusal_text

    option = "--watch" if args.watch else "--autoplay" if args.autoplay else "--seats"
    players = args.players if args.play_seats is None else len(args.play_seats)
    try:
        args.table_rules = find_rules(store_paths(args), args.preset,
                                      reserved=built_in_names())
        args.table_rules.validate(players)
    except PresetError as error:
        raise UsageError(f"kalooki: {option}: {notice_said(error.fact)}") from None
    except RuleError as error:
        raise UsageError(f"kalooki: {option}: {refusal_text(error)}") from None
