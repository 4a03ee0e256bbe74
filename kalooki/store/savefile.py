"""Saves as bytes: encoding, and decoding with every check a loaded game must pass.

:func:`decode` is cheap (no replay) and serves listings; :func:`load` replays the log
and is what resuming a game or ``kalooki replay`` uses. Both raise only
:class:`SaveError`, whose fact names the field or action at fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kalooki.engine.record import Recorder
from kalooki.engine.state import Game
from kalooki.store.atomic import encode_json, parse_json_object
from kalooki.store.bounded import read_bounded
from kalooki.store.migrations import migrate
from kalooki.store.notices import Damaged
from kalooki.store.savegame import GameSave, SaveError, resume

MAX_SAVE_BYTES = 64 << 20
"""The most a save or a game record is read up to: twenty times the longest match's
(a 200,000-action match takes about 3 MiB), so a larger file is refused unread."""


@dataclass(frozen=True)
class ResumedGame:
    """A save and the game it holds, rebuilt action by action."""

    save: GameSave
    recorder: Recorder

    @property
    def game(self) -> Game:
        return self.recorder.game


def encode(save: GameSave) -> bytes:
    return encode_json(save.to_dict())


def decode(data: bytes) -> GameSave:
    """The save in ``data``, its fields checked but its actions not yet replayed."""
    try:
        doc = parse_json_object(data)
    except Damaged as error:
        raise SaveError("save-unreadable", reason=error.fact) from None
    return GameSave.from_dict(migrate(doc))


def load(data: bytes) -> ResumedGame:
    """The save in ``data`` and its game, replayed and checked against every digest."""
    save = decode(data)
    return ResumedGame(save, resume(save))


def read_save_bytes(path: Path) -> bytes:
    """A save file's bytes, read bounded (:func:`~kalooki.store.bounded.read_bounded`):
    FileRefused for anything but a regular file of at most :data:`MAX_SAVE_BYTES`."""
    return read_bounded(path, MAX_SAVE_BYTES)
