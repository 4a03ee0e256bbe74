"""Argument types for the command line: each refuses a value in one sentence, so argparse
reports it as a usage error (one line, exit 2) before anything runs, never as a traceback
halfway through."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

MAX_DIGITS = 18
"""A count on the command line is at most this many digits (a trillion deals is 13)."""


def count(text: str) -> int:
    """A whole number of at least 1 (deals, jobs)."""
    value = _whole(text, "a whole number of at least 1")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def players(text: str) -> int:
    """A number of players; whether the rules seat that many is the rules' to say."""
    value = _whole(text, "a number of players from 2 to 8")
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError(f"{text} is not a number of players from 2 to 8")
    return value


def seconds(text: str) -> float:
    """A thinking time: a finite number of seconds above 0 and at most a minute."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"{text} is not a time from 0 to 60 seconds")
    return value


def picture(text: str) -> Path:
    """A PNG file to write: not a folder, in a folder that is not a file."""
    path = Path(text)
    if _kind(path, text) == "folder":
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file name for a PNG")
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text} does not end in .png")
    _no_file_above(path.parent, text)
    return path


def folder(text: str) -> Path:
    """A folder to write into: existing or not yet, but not a file."""
    path = Path(text)
    if _kind(path, text) == "file":
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    _no_file_above(path, text)
    return path


def ensure_folder(path: Path) -> str | None:
    """Create ``path`` if needed; why it cannot be written into, or None when it can."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"cannot create the folder {path} ({error.strerror or error})"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"cannot write into the folder {path}"
    return None


def _whole(text: str, expected: str) -> int:
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected {expected}, not {text!r}")
    return int(text)


def _kind(path: Path, text: str) -> str | None:
    """``folder``, ``file`` or None (nothing there yet); a path the system cannot even
    look at (too long, not permitted) is refused."""
    try:
        return "folder" if path.is_dir() else "file" if path.exists() else None
    except OSError as error:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise argparse.ArgumentTypeError(f"cannot use {shown} ({error.strerror or error})"
                                         ) from None


def _no_file_above(path: Path, text: str) -> None:
    for above in (path, *path.parents):
        kind = _kind(above, text)
        if kind == "file":
            raise argparse.ArgumentTypeError(f"{text}: {above} is a file, not a folder")
        if kind == "folder":
            return


PERSON = "person"
SEAT_NAME_LIMIT = 16
"""As long as a name the New game panel takes."""
SeatChoice = tuple[str, str]
"""One seat from ``--seats``: ``(HUMAN, name)`` for a person, else ``(level, name)``, the
name "" for the usual names."""


def seats(text: str) -> tuple[SeatChoice, ...]:
    """``person:Ann,person:Ben,medium,hard``: two to eight seats, as ``simulate`` takes
    them; a computer may be named too (``hard:Viktor`` plays in that personality's style
    when it is one of the level's), and every name is a seat's own."""
    from kalooki.engine.facts.seats import HUMAN, OPPONENT_LEVELS

    chosen: list[SeatChoice] = []
    for part in text.split(","):
        kind, colon, name = (piece.strip() for piece in part.partition(":"))
        person = kind.lower() == PERSON
        if not person and kind not in OPPONENT_LEVELS:
            levels = ", ".join(OPPONENT_LEVELS)
            raise argparse.ArgumentTypeError(
                f"{part.strip()!r} is not a seat: say person:NAME or a level ({levels})")
        if (person or colon) and not (0 < len(name) <= SEAT_NAME_LIMIT
                                      and name.isprintable()):
            raise argparse.ArgumentTypeError(
                f"{kind}:NAME needs a name of 1 to {SEAT_NAME_LIMIT} letters, not {part!r}")
        chosen.append((HUMAN if person else kind, name))
    if not 2 <= len(chosen) <= 8:
        raise argparse.ArgumentTypeError(f"a table has 2 to 8 seats, not {len(chosen)}")
    names = [name.casefold() for _, name in chosen if name]
    if len(set(names)) < len(names):
        raise argparse.ArgumentTypeError("two seats have one name: give each their own")
    if not any(kind == HUMAN for kind, _ in chosen):
        raise argparse.ArgumentTypeError("no person among the seats (--watch shows a "
                                         "computers' game)")
    return tuple(chosen)
