"""What the store tells a player, as facts: a code and its parameters, never words.

Every notice (a file damaged and kept aside, a setting reset) and every refusal (a save
that cannot be loaded, a name no save may take) is a
:class:`~kalooki.engine.facts.said.Fact`; the words are made at the edges, in the
player's language (:mod:`kalooki.words.notices`, the catalog's ``store.<code>``). Each
notice is written to the log file as it is made, so whatever the store falls back to is
on record even when no screen shows it.
"""

from __future__ import annotations

import errno
import logging
import sqlite3
from typing import Any

from kalooki.engine.facts.said import Fact, fact
from kalooki.store.bounded import FileRefused

_LOG = logging.getLogger("kalooki.store")
logging.getLogger("kalooki").addHandler(logging.NullHandler())
"""Notices go to the log file when the game keeps one, and nowhere else: a command that
prints its own warnings must not have Python's fallback handler print them again."""


def notice(code: str, /, **params: Any) -> Fact:
    """A notice, put in the log file as it is made."""
    made = fact(code, **params)
    _LOG.warning("%s", made)
    return made


class Refused(Exception):
    """The store will not use something it was given (a file's bytes, a journal's row, a
    name), and ``fact`` says why: the one base of the store's refusals, so a reader tells
    them from a fault of ours (any other exception), which is logged with its traceback
    and never called damage. ``damage``: whether the thing is damaged (set aside) or only
    not for this version (a newer game's save, kept where it is)."""

    damage = True

    def __init__(self, code: str | Fact, /, **params: Any) -> None:
        self.fact = code if isinstance(code, Fact) else fact(code, **params)
        super().__init__(self.fact)

    def __str__(self) -> str:
        return str(self.fact)

    @property
    def code(self) -> str:
        return self.fact.code


class Damaged(Refused, ValueError):
    """Bytes that are not the file they should be (not JSON, not text, not an object,
    nested too deeply): the fact says which."""


def os_reason(error: OSError) -> Fact:
    """Why the disk refused, as a fact: a refusal of the store's own reader as it said
    it (``error.fact``: not a file, too large); else the system's error by its name
    (``case``: ``enospc``, ``eacces``…, for the commonest to be worded) and its message."""
    if isinstance(error, FileRefused):
        return error.fact
    name = errno.errorcode.get(error.errno or 0, "")
    return fact("os-error", case=name.lower() or None, text=error.strerror or str(error))


def db_reason(error: sqlite3.Error | OSError | ValueError) -> Fact:
    """Why the journal could not be used or written, as a fact: the disk's refusal, SQLite's
    own message, or (a ValueError) text that JSON or UTF-8 cannot hold."""
    if isinstance(error, OSError):
        return os_reason(error)
    if isinstance(error, ValueError):
        return fact("unwritable-text")
    return fact("db-error", text=str(error))
