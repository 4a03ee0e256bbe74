"""What every ``kalooki`` subcommand shares: one :class:`UsageError` for a wrong command
line (reported in one line with exit code 2), the argument parser that raises it instead
of exiting on its own, and the store a run uses.

``cli.py`` imports every subcommand module and they all need these: kept apart from both
so that neither has to import the other.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, NoReturn, TypeAlias

if TYPE_CHECKING:
    from kalooki.store.paths import StorePaths


class UsageError(Exception):
    """A wrong command line: reported in one line with exit code 2."""


class UsageParser(argparse.ArgumentParser):
    """argparse that raises instead of printing a traceback-free exit of its own, so every
    usage error takes the same path (one line, exit 2)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


Commands: TypeAlias = "argparse._SubParsersAction[UsageParser]"
"""The subcommands of ``kalooki``: each ``cli_*`` module adds its own to them."""


def store_paths(args: argparse.Namespace) -> StorePaths:
    """The store this run uses: beside the program with ``--portable``, else the user's."""
    from kalooki.store.paths import StorePaths

    return StorePaths.chosen(bool(getattr(args, "portable", False)))
