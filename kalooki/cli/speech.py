"""The language the command line speaks, and argparse's own phrases in it.

A run of ``kalooki`` speaks, first found:

1. the language asked with ``--lang`` (``kalooki`` and every subcommand take it; it words
   the command line, the self-test and ``--autoplay``: the game's window, which speaks
   the language of the settings, refuses it);
2. the language of the player's saved settings, in the store the run uses (``--portable``,
   ``--data-dir``), read without touching the file;
3. the system's language, as the window's first start chooses it;
4. English.

It is chosen before the parser is built, so that ``--help`` is worded in it too. What
scripts read stays the same in every language: ``--json``, card codes, numbers and the
exit codes.

argparse words its fixed phrases ("usage:", "the following arguments are required") with
``gettext.gettext``, which it binds as its module's ``_``. :func:`argparse_speaking` points
that name at the catalogs' ``cli.argparse.*`` entries while a parser is built, parses or
formats its help; a phrase not listed here stays argparse's own.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from kalooki.store.paths import StorePaths
from kalooki.store.settings import saved_language
from kalooki.words import set_language, tr
from kalooki.words.catalog import languages, spoken
from kalooki.words.system import system_language

LANG = "--lang"
_STORE_OPTIONS = ("--portable", "--data-dir")


def chosen_language(argv: Sequence[str]) -> str:
    """The language a run with these arguments speaks (see the module's docstring)."""
    asked = _last_value(argv, LANG)
    if asked in spoken():
        return asked
    try:
        saved = saved_language(_store(argv))
    except OSError:  # --portable run from a folder that is gone
        saved = None
    return saved if saved in languages() else system_language()


def speak(argv: Sequence[str]) -> None:
    set_language(chosen_language(argv))


def _last_value(argv: Sequence[str], option: str) -> str | None:
    """The value given to ``option`` (``--x V`` or ``--x=V``; the last one, as argparse
    takes it), before any ``--``."""
    found = None
    for index, token in enumerate(argv):
        if token == "--":
            break
        if token == option and index + 1 < len(argv):
            found = argv[index + 1]
        elif token.startswith(f"{option}="):
            found = token.partition("=")[2]
    return found


def _store(argv: Sequence[str]) -> StorePaths:
    """The store the run uses, as ``--data-dir`` or ``--portable`` choose it."""
    portable, data_dir = _STORE_OPTIONS
    folder = _last_value(argv, data_dir)
    if folder:
        return StorePaths.under(Path(folder))
    before_end = argv[:argv.index("--")] if "--" in argv else argv
    return StorePaths.chosen(portable in before_end)


ARGPARSE_MSGIDS: dict[str, Callable[[], str]] = {
    "usage: ": lambda: tr("cli.argparse.usage") + " ",
    "positional arguments": lambda: tr("cli.argparse.positionals"),
    "options": lambda: tr("cli.argparse.options"),
    "show this help message and exit": lambda: tr("cli.argparse.help"),
    "argument %(argument_name)s: %(message)s": lambda: tr(
        "cli.argparse.argument", argument="%(argument_name)s", message="%(message)s"),
    "unrecognized arguments: %s": lambda: tr("cli.argparse.unrecognized", arguments="%s"),
    "the following arguments are required: %s": lambda: tr("cli.argparse.required",
                                                           arguments="%s"),
    "expected one argument": lambda: tr("cli.argparse.one_value"),
    "expected at least one argument": lambda: tr("cli.argparse.some_values"),
    "ambiguous option: %(option)s could match %(matches)s": lambda: tr(
        "cli.argparse.ambiguous", option="%(option)s", matches="%(matches)s"),
    "invalid %(type)s value: %(value)r": lambda: tr("cli.argparse.invalid_value",
                                                    value="%(value)s"),
    "invalid choice: %(value)r (choose from %(choices)s)": lambda: tr(
        "cli.argparse.invalid_choice", value="%(value)s", choices="%(choices)s"),
    "ignored explicit argument %r": lambda: tr("cli.argparse.no_value", value="%s"),
}
"""argparse's phrases a player meets (its msgids, matched to look up our own entries,
never shown): each gives the entry with argparse's placeholders put back in."""


def _worded(message: str) -> str:
    said = ARGPARSE_MSGIDS.get(message)
    return message if said is None else said()


@contextmanager
def argparse_speaking() -> Iterator[None]:
    """argparse's phrases from the catalogs, in the language of the moment, until the
    block ends (nested blocks are fine). A Python whose argparse has no ``_`` to point
    elsewhere keeps its own phrases."""
    before = getattr(argparse, "_", None)
    if before is None:
        yield
        return
    argparse._ = _worded  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = before  # type: ignore[attr-defined]
