"""Matches played by a chosen policy, stamped as saves, compared action by action; faults
injected into the journal's connection."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from kalooki.ai.random_player import choose_random
from kalooki.engine.actions import Action, LayDown, ShiftJoker, TackOn
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.view import PlayerView
from kalooki.store.atomic import save_json
from kalooki.store.journal_import import LEGACY_AUTOSAVES, LEGACY_STATS
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import GameSave, Seat, snapshot
from kalooki.store.stats import DealOutcome, Stats, record_deal, stats_to_dict

NAMES = ("You", "Marcia", "Desmond", "Keisha", "Winston", "Paulette")
LEVELS = ("human", "easy", "medium", "hard", "random", "medium")
WHEN = datetime(2026, 3, 1, 18, 30, tzinfo=UTC)


Policy = Callable[[PlayerView, Rng], Action]


def seats(players: int) -> tuple[Seat, ...]:
    return tuple(Seat(n, lv) for n, lv in zip(NAMES[:players], LEVELS, strict=False))


def eager(view: PlayerView, rng: Rng) -> Action:
    """Lays and tacks whenever it can, so deals finish in a few hundred actions."""
    for kinds in ((LayDown,), (TackOn, ShiftJoker)):
        picks = [a for a in view.legal if isinstance(a, kinds)]
        if picks:
            return picks[rng.below(len(picks))]
    return choose_random(view, rng)


def play(steps: int, seed: int = 5, rules: str = "caribbean", players: int = 4,
         policy: Policy = choose_random,
         after: Callable[[Recorder], None] | None = None) -> Recorder:
    """A match of ``steps`` actions (fewer if it ends), calling ``after`` after each."""
    recorder = Recorder.new(preset(rules), players, seed)
    rng = Rng(seed * 7919 + 1)
    while len(recorder.actions) < steps and not recorder.game.over:
        seat = recorder.game.to_act
        recorder.apply(policy(recorder.game.view(seat), rng), seat)
        if after is not None:
            after(recorder)
    return recorder


def stamped(recorder: Recorder, name: str | None = None) -> GameSave:
    save = snapshot(recorder, seats(recorder.game.players), name)
    return dataclasses.replace(save, saved_at=WHEN)


def same_game(a: Recorder, b: Recorder) -> None:
    assert a.game.state_hash() == b.game.state_hash()
    assert a.game.hands == b.game.hands
    assert (a.game.to_act, a.game.phase) == (b.game.to_act, b.game.phase)
    assert a.actions == b.actions and a.hashes == b.hashes
    assert a.game.results == b.game.results and a.game.totals == b.game.totals


def format_0(recorder: Recorder) -> dict[str, Any]:
    """How the first saves looked: ``seats`` as pairs, engine fields on top, no checks."""
    record = recorder.record
    return {
        "format_version": 0,
        "saved_at": WHEN.isoformat(),
        "name": "Old game",
        "seats": [[s.name, s.level] for s in seats(record.players)],
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "actions": list(record.actions),
    }


WRITES = ("BEGIN", "INSERT", "UPDATE", "DELETE", "COMMIT")


class Killed(BaseException):
    """The program dying at a write point: nothing after it runs, not even a rollback."""


class Faulty:
    """A connection that fails at its ``fail_at``-th write statement (before it runs, or
    just after when ``after``), with ``error``; a Killed connection stays dead."""

    def __init__(self, real: sqlite3.Connection, fail_at: int, *, after: bool = False,
                 error: BaseException | None = None) -> None:
        self.real = real
        self.fail_at = fail_at
        self.after = after
        self.error = error or Killed()
        self.writes = 0
        self.dead = False

    def _statement(self, sql: str, run: Any) -> Any:
        if self.dead:
            raise Killed()
        if not sql.lstrip().upper().startswith(WRITES):
            return run()
        self.writes += 1
        if self.writes == self.fail_at and not self.after:
            self._fail()
        result = run()
        if self.writes == self.fail_at and self.after:
            self._fail()
        return result

    def _fail(self) -> None:
        self.dead = isinstance(self.error, Killed)
        raise self.error

    def execute(self, sql: str, params: Any = ()) -> Any:
        return self._statement(sql, lambda: self.real.execute(sql, params))

    def executemany(self, sql: str, rows: Any) -> Any:
        return self._statement(sql, lambda: self.real.executemany(sql, rows))

    @property
    def in_transaction(self) -> bool:
        return self.real.in_transaction

    def close(self) -> None:
        self.real.close()


def legacy_store(paths: StorePaths) -> tuple[list[Any], Stats]:
    """A data folder as the JSON version left it: three autosaves and statistics."""
    recorders = [play(40, seed=1), play(75, seed=2), play(3, seed=3)]
    folder = paths.saves_dir / LEGACY_AUTOSAVES
    for number, recorder in enumerate(recorders):
        save = dataclasses.replace(stamped(recorder), kind="autosave",
                                   saved_at=WHEN.replace(hour=10 + number * 4 % 11))
        save_json(folder / f"{number:016x}.json", save.to_dict(), "autosave")
    stats = record_deal(Stats(), DealOutcome("caribbean", 4, 35, False, False, 2))
    save_json(paths.data_dir / LEGACY_STATS, stats_to_dict(stats), "statistics")
    return recorders, stats
