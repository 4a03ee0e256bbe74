"""What a match leaves on disk: its journal after every action, and the human's statistics
at the end of each deal and of the match (each person's under their name when several
share the computer). The statistics of a deal are written in the same transaction as the
action that ended it, so a kill at any instant loses neither and never counts a deal
twice. No pygame; every failure becomes a message for the player, never an exception,
because a full disk must not stop the game."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Mapping
from datetime import datetime

from kalooki.engine import events as ev
from kalooki.engine.deal import DealResult
from kalooki.engine.events import Event
from kalooki.engine.facts.said import Fact
from kalooki.engine.state import Game
from kalooki.store import savegame
from kalooki.store.history import MatchEntry, add_in
from kalooki.store.paths import StorePaths
from kalooki.store.saves import autosave_writer
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    read_stats,
    record,
    write_stats,
)
from kalooki.ui.session import MatchSession, Seat
from kalooki.words import Said
from kalooki.words.notices import brief_said


def save_seats(seats: tuple[Seat, ...],
               layouts: Mapping[int, savegame.HandLayout] | None = None) -> list[savegame.Seat]:
    """The seats as a save keeps them, each person's with their cards as laid out."""
    layouts = layouts or {}
    return [savegame.Seat(seat.name, seat.level, layouts.get(number) if seat.human else None)
            for number, seat in enumerate(seats)]


class MatchKeeper:
    """An ``after_action`` hook for a session. ``notify`` shows a message without
    stopping play. Outcomes not yet written (the disk refused) wait in ``pending`` and go
    with the next action that is."""

    def __init__(self, paths: StorePaths, notify: Callable[[Said], None], *,
                 now: Callable[[], datetime] = datetime.now,
                 layouts: Callable[[], Mapping[int, savegame.HandLayout]] = dict) -> None:
        self.paths = paths
        self.notify = notify
        self.now = now
        """The clock that dates a finished match in the history (a test's own)."""
        self.journal = autosave_writer(paths)
        self.pending: list[DealOutcome | MatchOutcome] = []
        self.pending_entries: list[MatchEntry] = []
        """The history's lines of finished matches, waiting like ``pending``."""
        self.layouts = layouts
        """How the people at the table have laid out their cards now (the table's own):
        the autosave keeps them with the action, so a resume gives them back."""
        self.written: list[savegame.Seat] | None = None
        """The seats as the autosave last took them."""

    def __call__(self, session: MatchSession, events: list[Event]) -> None:
        people = [i for i, seat in enumerate(session.seats) if seat.human]
        for event in events:
            for human in people:
                name = session.seats[human].name if len(people) > 1 else None
                if isinstance(event, ev.DealEnded):
                    self.pending.append(deal_outcome(session, human, name, event.result))
                elif isinstance(event, ev.MatchEnded):
                    winners = event.winners
                    game = session.game
                    self.pending.append(MatchOutcome(game.rules.name, game.players,
                                                     game.totals[human], human in winners,
                                                     player=name))
                    self.pending_entries.append(dataclasses.replace(
                        match_entry(game, human, winners, self.now()), player=name))
        told: list[Fact] = []
        hooks = [lambda connection: told.extend(self._count(connection))] \
            if self.pending or self.pending_entries else []
        seats = save_seats(session.seats, self.layouts())
        warnings = self.journal.append(session.recorder, seats, hooks)
        self.written = None if warnings else seats
        if not warnings:
            self.pending.clear()
            self.pending_entries.clear()
        if warnings or told:
            self.notify(brief_said([*warnings, *told][0]))

    def keep_layouts(self, session: MatchSession) -> None:
        """The table is being left: the autosave keeps the cards as the people left them
        (melds staged since the last action too), with no action of its own."""
        if not session.over and save_seats(session.seats, self.layouts()) != self.written:
            self(session, [])

    def _count(self, connection: sqlite3.Connection) -> list[Fact]:
        """Within the action's transaction: the pending outcomes added to the statistics,
        the finished matches to the history."""
        stats, warnings = read_stats(connection)
        write_stats(connection, record(stats, self.pending))
        if self.pending_entries:
            warnings.extend(add_in(connection, self.pending_entries))
        return warnings


def deal_outcome(session: MatchSession, human: int, name: str | None,
                 result: DealResult) -> DealOutcome:
    """``human``'s deal, under ``name`` when several people share the computer."""
    won = result.winner == human
    return DealOutcome(session.game.rules.name, session.game.players,
                       result.scores[human], won, won and result.bent,
                       session.calls_before[human], player=name)


def match_entry(game: Game, human: int, winners: tuple[int, ...],
                when: datetime) -> MatchEntry:
    """The history's line for ``human`` in a finished match."""
    counted = [result for result in game.results if not result.void]
    mine = game.totals[human]

    def ahead(other: int) -> bool:
        if game.out[other] != game.out[human]:
            return game.out[human]
        return game.totals[other] < mine

    place = 1 if human in winners else 1 + sum(ahead(p) for p in range(game.players))
    return MatchEntry(when.isoformat(timespec="minutes"), game.rules.name, game.players,
                      mine, human in winners, len(counted),
                      sum(result.scores[human] for result in counted), place)
