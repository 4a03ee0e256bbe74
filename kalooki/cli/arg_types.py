"""Argument types for the command line: each refuses a value in one sentence, so argparse
reports it as a usage error (one line, exit 2) before anything runs, never as a traceback
halfway through."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from kalooki.store.notices import os_reason
from kalooki.words import tr
from kalooki.words.notices import notice_said

MAX_DIGITS = 18
"""A count on the command line is at most this many digits (a trillion deals is 13)."""
MAX_SECONDS = 60
"""The longest thinking time per decision."""


def count(text: str) -> int:
    """A whole number of at least 1 (deals, jobs)."""
    refused = tr("cli.refused.count", value=text)
    value = _whole(text, refused)
    if value < 1:
        raise argparse.ArgumentTypeError(refused)
    return value


def whole(text: str) -> int:
    """Any whole number (a seed; a deal number, which the rules check)."""
    return _whole(text, tr("cli.refused.whole", value=text))


def players(text: str) -> int:
    """A number of players. Whether the rules seat that many is the rules' to say, with
    their own range: a second, wider range here read as a contradiction ("from 2 to 8",
    then "3 to 6 players, not 8")."""
    return _whole(text, tr("cli.refused.players", value=text))


def seconds(text: str) -> float:
    """A thinking time: a finite number of seconds above 0 and at most a minute."""
    refused = argparse.ArgumentTypeError(tr("cli.refused.seconds", value=text,
                                            most=MAX_SECONDS))
    try:
        value = float(text)
    except ValueError:
        raise refused from None
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise refused
    return value


def picture(text: str) -> Path:
    """A PNG file to write: not a folder, in a folder that is not a file."""
    path = Path(text)
    if _kind(path, text) == "folder":
        raise argparse.ArgumentTypeError(tr("cli.refused.picture_folder", path=text))
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(tr("cli.refused.not_png", path=text))
    _no_file_above(path.parent, text)
    return path


def folder(text: str) -> Path:
    """A folder to write into: existing or not yet, but not a file."""
    path = Path(text)
    if _kind(path, text) == "file":
        raise argparse.ArgumentTypeError(tr("cli.refused.a_file", path=text))
    _no_file_above(path, text)
    return path


def ensure_folder(path: Path) -> str | None:
    """Create ``path`` if needed; why it cannot be written into, or None when it can."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return tr("cli.refused.cannot_create", path=str(path),
                  reason=notice_said(os_reason(error)))
    if not os.access(path, os.W_OK | os.X_OK):
        return tr("cli.refused.cannot_write", path=str(path))
    return None


def _whole(text: str, refused: str) -> int:
    """A whole number (a sign allowed), or else the refusal ``refused``."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(refused)
    return int(text)


def _kind(path: Path, text: str) -> str | None:
    """``folder``, ``file`` or None (nothing there yet); a path the system cannot even
    look at (too long, not permitted) is refused."""
    try:
        return "folder" if path.is_dir() else "file" if path.exists() else None
    except OSError as error:
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise argparse.ArgumentTypeError(tr("cli.refused.unusable", path=shown,
                                            reason=notice_said(os_reason(error)))) from None


def _no_file_above(path: Path, text: str) -> None:
    for above in (path, *path.parents):
        kind = _kind(above, text)
        if kind == "file":
            raise argparse.ArgumentTypeError(tr("cli.on", subject=text, said=tr(
                "cli.refused.a_file", path=str(above))))
        if kind == "folder":
            return


PERSON = "person"
SEAT_NAME_LIMIT = 16
"""As long as a name the New game panel takes."""
SeatChoice = tuple[str, str]
"""One seat from ``--seats``: ``(HUMAN, name)`` for a person, else ``(level, name)``, the
name "" for the usual names."""


def seats(text: str) -> tuple[SeatChoice, ...]:
    """``person:Ann,person:Ben,medium,hard``: the seats, as ``simulate`` takes them
    (how many the rules seat is theirs to say); a computer may be named too
    (``hard:Viktor`` plays in that personality's style when it is one of the level's),
    and every name is a seat's own."""
    from kalooki.engine.facts.seats import HUMAN, OPPONENT_LEVELS

    chosen: list[SeatChoice] = []
    for part in text.split(","):
        kind, colon, name = (piece.strip() for piece in part.partition(":"))
        person = kind.lower() == PERSON
        if not person and kind not in OPPONENT_LEVELS:
            raise argparse.ArgumentTypeError(tr(
                "cli.refused.seat", seat=part.strip(), person=PERSON,
                name=tr("cli.metavar.name"), levels=", ".join(OPPONENT_LEVELS)))
        if (person or colon) and not (0 < len(name) <= SEAT_NAME_LIMIT
                                      and name.isprintable()):
            raise argparse.ArgumentTypeError(tr(
                "cli.refused.seat_name", seat=part, kind=kind, name=tr("cli.metavar.name"),
                most=SEAT_NAME_LIMIT))
        chosen.append((HUMAN if person else kind, name))
    names = [name.casefold() for _, name in chosen if name]
    if len(set(names)) < len(names):
        raise argparse.ArgumentTypeError(tr("cli.refused.seat_twice"))
    if not any(kind == HUMAN for kind, _ in chosen):
        raise argparse.ArgumentTypeError(tr("cli.refused.no_person"))
    return tuple(chosen)
