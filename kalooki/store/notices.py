"""Every sentence the store says to a player, made in one place from a code and parameters.

A :class:`Notice` is a string (the English sentence, for the log file and the command line)
that also keeps its ``code`` and ``params``, so a screen can say it in the player's
language from the same facts. Each notice is written to the log file as it is made:
whatever the store falls back to is on record even when no screen shows it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from kalooki.engine.showable import escaped

_LOG = logging.getLogger("kalooki.store")
logging.getLogger("kalooki").addHandler(logging.NullHandler())
"""Notices go to the log file when the game keeps one, and nowhere else: a command that
prints its own warnings must not have Python's fallback handler print them again."""

ENGLISH: dict[str, str] = {
    "file-missing": "{file} was missing.",
    "file-unreadable": "{file} could not be read ({reason}).",
    "not-a-file": "not a file but a {kind}",
    "too-large": "larger than {size} {unit}, more than any file of the game",
    "file-kept": "{file} cannot be used ({reason}); it is kept.",
    "file-damaged": "{file} was damaged ({reason}); {aside}",
    "kept-aside": "it was kept as {target}.",
    "not-json": "not valid JSON at line {line}, column {column}",
    "not-text": "not UTF-8 text",
    "too-deep": "nested too deeply",
    "not-object": "not a JSON object",
    "save-not-json": "The file is not a readable JSON object ({reason}).",
    "not-moved": "it could not be moved aside ({reason}).",
    "using-backup": "Using the previous copy, {backup}.",
    "using-backup-game": "Loaded the previous copy, {backup}: {actions} actions, deal {deal}.",
    "nothing-usable": "Neither {file} nor its previous copy could be used.",
    "not-saved": "Could not save the {what} ({reason}); the previous copy is unchanged.",
    "field-default": "{file}: '{field}' had an unusable value {value} ({reason}); "
                     "using {default} instead.",
    "field-dropped": "{file}: the unknown field '{field}' held text that cannot be "
                     "written, so it was dropped.",
    "table-dropped": "{file}: table entry {number} was dropped ({reason}).",
    "table-repeated": "{file}: a second entry for {preset}/{players} players was dropped.",
    "tables-reset": "{file}: 'tables' was not a list; starting the tables afresh.",
    "journal-missing": "{file} was missing: the autosaves and statistics it held are lost; "
                       "a new one is started.",
    "journal-emptied": "{file} was found empty: the autosaves and statistics it held are "
                       "lost; a new one is started, and {aside}",
    "journal-tables": "{file} had lost part of what it held ({tables}); the rest is kept, "
                      "and {aside}",
    "imported": "Saves and statistics of an earlier version imported; old files kept in "
                "{folder}.",
    "import-not-moved": "An earlier version's saves and statistics were imported; the old "
                        "files could not be moved aside ({reason}).",
    "match-aside": "{file}: the autosave \u201c{match}\u201d was set aside; it could not "
                   "be used ({reason}).",
    "match-kept": "{file}: the autosave \u201c{match}\u201d cannot be used ({reason}); it "
                  "is kept.",
    "match-dropped": "{file}: match {number} was dropped ({reason}).",
    "matches-reset": "{file}: 'matches' was not a list; starting the history afresh.",
    "fault": "{file} could not be loaded (a fault in the game, not in your file); it is "
             "kept.",
    "match-fault": "The autosave \u201c{match}\u201d could not be loaded (a fault in the "
                   "game, not in your file); it is kept.",
}


class Notice(str):
    """One sentence for the player, with the code and parameters it was made from."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Notice:
        """Parameters that quote a file (names, reasons) are escaped so they can be shown."""
        params = {k: escaped(v) if isinstance(v, str) else v for k, v in params.items()}
        made = super().__new__(cls, escaped(ENGLISH[code].format(**params)))
        made.code = code
        made.params = params
        return made


class Refused(Exception):
    """The store will not use something it was given (a file's bytes, a journal's row, a
    name): the one base of the store's refusals, so a reader tells them from a fault of
    ours (any other exception), which is logged with its traceback and never called
    damage. ``damage``: whether the thing is damaged (set aside) or only not for this
    version (a newer game's save, kept where it is)."""

    damage = True


class Damaged(Refused, ValueError):
    """Bytes that are not the file they should be (not JSON, not text, not an object);
    ``reason`` is the notice saying which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        """A Notice when the store made it, else the parser's own words."""


def notice(code: str, **params: Any) -> Notice:
    """Make a notice and put it in the log file."""
    made = Notice(code, **params)
    _LOG.warning("%s", made)
    return made


def joined(notices: Iterable[str]) -> str:
    """Several notices as the one message a window shows."""
    return " ".join(notices)
