"""The human player's finished matches, one entry each with its date: what the statistics
screen draws its charts over time from.

Kept beside the counters of :mod:`kalooki.store.stats` and as forgivingly: a damaged entry
is dropped with a warning, the others kept. The whole of it is three calls —
:func:`load_history`, :func:`add_match` and :func:`clear_history` — so moving it into
another store changes this file only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from kalooki.store.atomic import read_json, save_json
from kalooki.store.fields import boolean, checked, integer, optional, text, validate
from kalooki.store.notices import notice
from kalooki.store.paths import StorePaths

FORMAT_VERSION = 1
HISTORY_FILE = "match_history.json"
LABEL = "Match history"
MOST_MATCHES = 5000
"""The oldest matches are forgotten beyond this many (a file that stays quick to read)."""


def _moment(value: Any) -> str:
    """An ISO date and time to the minute, local to the player ("2026-03-14T20:30")."""
    if not isinstance(value, str):
        raise ValueError("expected a date like 2026-03-14T20:30")
    try:
        return datetime.fromisoformat(value).strftime("%Y-%m-%dT%H:%M")
    except ValueError:
        raise ValueError("expected a date like 2026-03-14T20:30") from None


@dataclass(frozen=True)
class MatchEntry:
    """One finished match as the human played it. ``penalty`` is the sum of the human's
    deal scores over ``deals`` deals (the total can differ after a buy-in); ``place`` is
    1 for the lowest total, tied players sharing a place."""

    played: str = checked("2000-01-01T00:00", _moment)
    preset: str = checked("", text(40))
    players: int = checked(2, integer(2))
    total: int = checked(0, integer())
    won: bool = checked(False, boolean)
    deals: int = checked(0, integer(0))
    penalty: int = checked(0, integer())
    place: int = checked(1, integer(1))
    player: str | None = checked(None, optional(text(20)))
    """The person's name when several people shared the computer (None: the one person
    at it, as every entry before names were kept)."""

    def __post_init__(self) -> None:
        validate(self)

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.played)

    @property
    def table(self) -> tuple[str, int]:
        """The kind of table, as the statistics' rows name it: (preset, players)."""
        return self.preset, self.players


def history_path(paths: StorePaths) -> Path:
    return paths.data_dir / HISTORY_FILE


def history_from_dict(data: Mapping[str, Any]) -> tuple[tuple[MatchEntry, ...], list[str]]:
    """Entries from a parsed file, oldest first; a bad entry is dropped with a warning
    (fields this version does not know are left out)."""
    raw = data.get("matches", [])
    if not isinstance(raw, list):
        return (), [notice("matches-reset", file=LABEL)]
    entries: list[MatchEntry] = []
    warnings: list[str] = []
    needed = [f.name for f in dataclasses.fields(MatchEntry) if f.name != "player"]
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            warnings.append(notice("match-dropped", file=LABEL, number=number,
                                   reason="not an object"))
            continue
        missing = [name for name in needed if name not in item]
        try:
            if missing:
                raise ValueError(f"no {', '.join(missing)}")
            entries.append(MatchEntry(**{name: item[name] for name in needed},
                                      player=item.get("player")))
        except ValueError as error:
            warnings.append(notice("match-dropped", file=LABEL, number=number, reason=error))
    entries.sort(key=lambda entry: entry.played)
    return tuple(entries[-MOST_MATCHES:]), warnings


def history_to_dict(entries: Sequence[MatchEntry]) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION,
            "matches": [dataclasses.asdict(entry) for entry in entries[-MOST_MATCHES:]]}


def load_history(paths: StorePaths) -> tuple[tuple[MatchEntry, ...], list[str]]:
    """The finished matches, oldest first, and what went wrong reading them. Never raises."""
    loaded = read_json(history_path(paths))
    if loaded.value is None:
        return (), list(loaded.warnings)
    entries, warnings = history_from_dict(loaded.value)
    return entries, [*loaded.warnings, *warnings]


def add_match(paths: StorePaths, entry: MatchEntry) -> tuple[str, ...]:
    """Append ``entry`` and save atomically; the warnings (empty when all went well)."""
    entries, warnings = load_history(paths)
    return (*warnings, *save_json(history_path(paths), history_to_dict([*entries, entry]),
                                  "history"))


def clear_history(paths: StorePaths) -> tuple[str, ...]:
    """Forget every match (Reset statistics); the previous file is kept as its backup."""
    return save_json(history_path(paths), history_to_dict(()), "history")
