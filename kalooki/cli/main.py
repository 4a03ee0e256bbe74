"""Command line: ``kalooki`` opens the game; subcommands serve scripting and tests."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from kalooki.cli import arg_types
from kalooki.cli.common import (
    DEFAULT_PRESET,
    PROG,
    UsageError,
    UsageParser,
    about,
    add_lang,
    store_paths,
)
from kalooki.cli.speech import argparse_speaking, speak
from kalooki.engine.showable import escaped
from kalooki.words import set_language, tr


def _add_autoplay_options(parser: argparse.ArgumentParser) -> None:
    """``--autoplay``: computer players in every seat through the real table (smoke test)."""
    from kalooki.engine.facts.seats import OPPONENT_LEVELS

    parser.add_argument("--autoplay", action="store_true", help=tr("cli.help.autoplay"))
    parser.add_argument("--preset", default=DEFAULT_PRESET, metavar=tr("cli.metavar.name"),
                        help=tr("cli.help.table_preset"))
    parser.add_argument("--players", type=arg_types.players, default=4, metavar="N",
                        help=tr("cli.help.table_players"))
    parser.add_argument("--seats", type=arg_types.seats, default=None, dest="play_seats",
                        metavar=tr("cli.metavar.seats"),
                        help=tr("cli.help.table_seats", levels=", ".join(OPPONENT_LEVELS),
                                name=tr("cli.metavar.name")))
    parser.add_argument("--watch", action="store_true", help=tr("cli.help.watch"))
    parser.add_argument("--deals", type=arg_types.count, default=None, metavar="N",
                        help=tr("cli.help.table_deals"))
    parser.add_argument("--screenshot", metavar=tr("cli.metavar.path"),
                        type=arg_types.picture, help=tr("cli.help.screenshot"))


def build_parser(with_commands: bool = True) -> argparse.ArgumentParser:
    """Every option and command, worded in the language of the moment. Without
    ``with_commands``, only the options of a launch of the game, and no ``--help``: parsing a
    launch that way spares the first frame the commands' modules (the engine's records,
    the solver, the computer players: 0.1 s on a slow machine)."""
    parser = UsageParser(prog=PROG, description=tr("cli.help.kalooki"), add_help=with_commands)
    _add_autoplay_options(parser)
    parser.add_argument("--portable", action="store_true", help=tr("cli.help.portable"))
    parser.add_argument("--self-test", action="store_true", help=tr("cli.help.self_test"))
    parser.add_argument("--version", action="store_true", help=tr("cli.help.version"))
    add_lang(parser, "cli.help.lang_kalooki")
    if not with_commands:
        return parser
    commands = parser.add_subparsers(dest="command", parser_class=UsageParser,
                                     metavar=tr("cli.metavar.command"))
    from kalooki.cli import desktop, rules, saves, screens, simulate

    for command in (rules, saves, simulate, screens, desktop):
        command.add_parser(commands)
    return parser


def parse(args_list: Sequence[str]) -> argparse.Namespace:
    """The arguments, parsed by the launch's options alone when they take them all;
    anything else (a command, ``-h``, an unknown or a wrong option) goes to the whole
    parser, which answers it as it always did."""
    try:
        args, rest = build_parser(with_commands=False).parse_known_args(args_list)
    except UsageError:
        rest = list(args_list)
    return build_parser().parse_args(args_list) if rest else args


INTERNAL_ERROR = "cli.internal_error"
"""The entry of the one line printed when the program itself fails (a bug, never bad
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
        print(_internal_error(error), file=sys.stderr)
        return 1


def _internal_error(error: Exception) -> str:
    detail = escaped(f"{type(error).__name__}: {error}")[:200]
    try:
        return tr(INTERNAL_ERROR, error=detail)
    except Exception:  # the words themselves failed: the entry's key still names the line
        return f"{INTERNAL_ERROR}: {detail}"


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    speak(args_list)
    try:
        with argparse_speaking():
            args = parse(args_list)
        if getattr(args, "lang", None) is not None:  # asked by an abbreviation (--lan)
            set_language(args.lang)
        if args.play_seats is not None and (args.autoplay or args.watch):
            raise UsageError(about(PROG, tr("cli.seats_alone")))
        if args.lang is not None and _opens_the_game(args):
            raise UsageError(about(PROG, tr("cli.lang_window", settings=tr("menu.settings"),
                                            display=tr("settings.section.display"))))
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
        print(escaped(about(PROG, str(error))), file=sys.stderr)
        return 2


def _opens_the_game(args: argparse.Namespace) -> bool:
    """The run opens the game's window, which speaks the language of the settings."""
    return getattr(args, "run", None) is None and not (args.version or args.self_test
                                                       or args.autoplay)


def _version_line() -> str:
    """``kalooki 0.1.0 (saves: format 2)``: the version (pyproject's, see kalooki/__init__)
    and the format of the saves and journals this copy writes."""
    from kalooki import version
    from kalooki.store.savegame import FORMAT_VERSION

    return tr("cli.version", version=version(), format=FORMAT_VERSION)


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
        raise UsageError(about(PROG, about(option, notice_said(error.fact)))) from None
    except RuleError as error:
        raise UsageError(about(PROG, about(option, refusal_text(error)))) from None
