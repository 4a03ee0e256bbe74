"""What the replay viewer can open: a save from the store (named or autosave), or any
record file a player picks — a save file, or a bare game record (``GameRecord.to_dict``).
Whatever cannot be watched comes back as the sentence saying why, never an exception."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.seats import HUMAN
from kalooki.engine.record import GameRecord
from kalooki.store.notices import os_reason
from kalooki.store.savefile import decode, read_save_bytes
from kalooki.store.savegame import GameSave, SaveError
from kalooki.store.saves import load_save
from kalooki.ui.replay.model import ReplayCursor
from kalooki.words import Said, phrase, tr
from kalooki.words.house_rules import match_title
from kalooki.words.notices import notice_said
from kalooki.words.refusals import refusal


@dataclass(frozen=True)
class Watched:
    """A match ready to watch: its cursor, who sat where, and whose eyes it opens with
    (the person who played it, else the first seat)."""

    cursor: ReplayCursor
    names: tuple[str, ...]
    levels: tuple[str, ...]
    viewer: int
    title: str


def _watched(record: GameRecord, names: tuple[str, ...], levels: tuple[str, ...],
             title: str) -> Watched | Said:
    opened = ReplayCursor.open(record)
    if isinstance(opened, RuleError):
        return phrase("replay.damaged", name=title, reason=refusal(opened))
    viewer = levels.index(HUMAN) if HUMAN in levels else 0
    return Watched(opened, names, levels, viewer, title)


def watched_save(save: GameSave) -> Watched | Said:
    """A save, titled as the list of saves shows it (an autosave by its rules and
    players: its stored name is the preset's code, "baby: Ada, Grace")."""
    names = tuple(s.name for s in save.seats)
    rules = save.record.rules.name
    title = match_title(rules, names) if save.kind == "autosave" else save.name
    return _watched(save.record, names, tuple(s.level for s in save.seats), title)


def watch_stored(path: Path) -> Watched | Said:
    """A save in the store (its previous copy if the file is damaged)."""
    loaded = load_save(path)
    if loaded.value is None:
        reason = notice_said(loaded.warnings[-1]) if loaded.warnings else path.name
        return phrase("replay.unreadable", name=path.name, reason=reason)
    return watched_save(loaded.value.save)


def watch_file(path: Path) -> Watched | Said:
    """Any file a player picked: a save, or a bare record."""
    try:
        data = read_save_bytes(path)  # a record is read as a save is: bounded
    except OSError as error:  # not a file, too large, or the disk refused
        return phrase("replay.unreadable", name=path.name,
                      reason=notice_said(os_reason(error)))
    try:
        return watched_save(decode(data))
    except SaveError as error:
        bare = _bare_record(data)
        if bare is None:
            return phrase("replay.unreadable", name=path.name, reason=notice_said(error.fact))
    if isinstance(bare, RuleError):
        return phrase("replay.damaged", name=path.name, reason=refusal(bare))
    names = tuple(tr("replay.seat", number=seat + 1) for seat in range(bare.players))
    return _watched(bare, names, ("",) * bare.players, path.stem)


def _bare_record(data: bytes) -> GameRecord | RuleError | None:
    """The record in ``data`` when it is one (None when it is not even JSON of one)."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or "actions" not in doc or "rules" not in doc:
        return None
    try:
        return GameRecord.from_dict(doc)
    except RuleError as error:
        return error
