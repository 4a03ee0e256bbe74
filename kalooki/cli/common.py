"""What every ``kalooki`` subcommand shares: one :class:`UsageError` for a wrong command
line (reported in one line with exit code 2), the argument parser that raises it instead
of exiting on its own, how a line names what it is about (``kalooki saves: …``), the
``--lang`` option, and the store a run uses.

``cli.py`` imports every subcommand module and they all need these: kept apart from both
so that neither has to import the other.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, NoReturn, TypeAlias

from kalooki.engine.showable import escaped
from kalooki.words import tr
from kalooki.words.catalog import spoken

if TYPE_CHECKING:
    from kalooki.store.paths import StorePaths


PROG = "kalooki"
"""The command's name, the same in every language (each subcommand's is ``kalooki <it>``)."""
DEFAULT_PRESET = "caribbean"
"""The rules a command plays or checks when no ``--preset`` is given."""


class UsageError(Exception):
    """A wrong command line: reported in one line with exit code 2."""


class HelpWords(argparse.HelpFormatter):
    """Help as the catalogs word it: a ``%`` in an entry is a percent sign, not one of
    argparse's placeholders."""

    def _get_help_string(self, action: argparse.Action) -> str:
        return (action.help or "").replace("%", "%%")


class UsageParser(argparse.ArgumentParser):
    """argparse that raises instead of printing a traceback-free exit of its own, so every
    usage error takes the same path (one line, exit 2)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", HelpWords)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise UsageError(about(self.prog, message))


def about(subject: str, said: object) -> str:
    """``subject: said`` as the language writes it ("kalooki : …" in French)."""
    return tr("cli.on", subject=subject, said=said)


def complain(command: str, said: object) -> None:
    """One line on stderr from ``kalooki <command>``, safe for any terminal (what a file or
    an argument said is never printed raw)."""
    print(escaped(" ".join(about(f"{PROG} {command}", said).split())), file=sys.stderr)


def add_lang(parser: argparse.ArgumentParser, help_key: str = "cli.help.lang") -> None:
    """``--lang``: the language of this run's words (see :mod:`kalooki.cli.speech`)."""
    parser.add_argument("--lang", choices=spoken(), default=None, help=tr(help_key))


Commands: TypeAlias = "argparse._SubParsersAction[UsageParser]"
"""The subcommands of ``kalooki``: each ``cli_*`` module adds its own to them."""


def store_paths(args: argparse.Namespace) -> StorePaths:
    """The store this run uses: beside the program with ``--portable``, else the user's."""
    from kalooki.store.paths import StorePaths

    return StorePaths.chosen(bool(getattr(args, "portable", False)))
