"""What a match leaves on disk: an autosave after every action, and the human's statistics
at the end of each deal and of the match (each person's under their name when several
share the computer). No pygame; every failure becomes a message for
the player, never an exception, because a full disk must not stop the game."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

from kalooki.engine.deal import DealResult
from kalooki.engine.events import Event
from kalooki.engine.state import Game
from kalooki.store import savegame
from kalooki.store.history import MatchEntry, add_match
from kalooki.store.paths import StorePaths
from kalooki.store.saves import autosave
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    Stats,
    load_stats,
    record_deal,
    record_match,
    save_stats,
)
from kalooki.ui.session import MatchSession, Seat
from kalooki.words import Said, phrase
from kalooki.words.notices import notice_said


def save_seats(seats: tuple[Seat, ...]) -> list[savegame.Seat]:
    return [savegame.Seat(seat.name, seat.level) for seat in seats]


class MatchKeeper:
    """An ``after_action`` hook for a session. ``notify`` shows a message without
    stopping play; ``stats`` is loaded on first use, so a match that never ends a deal
    never reads the file."""

    def __init__(self, paths: StorePaths, notify: Callable[[Said], None], *,
                 now: Callable[[], datetime] = datetime.now) -> None:
        self.paths = paths
        self.notify = notify
        self.now = now
        """The clock that dates a finished match in the history (a test's own)."""
        self.stats: Stats | None = None

    def __call__(self, session: MatchSession, events: list[Event]) -> None:
        self._autosave(session)
        people = [i for i, seat in enumerate(session.seats) if seat.human]
        for event in events:
            for human in people:
                name = session.seats[human].name if len(people) > 1 else None
                if event.kind == "deal-end":
                    self._record_deal(session, human, name, event.info["result"])
                elif event.kind == "match-end":
                    self._record_match(session, human, name, tuple(event.info["winners"]))

    def _autosave(self, session: MatchSession) -> None:
        try:
            save = savegame.snapshot(session.recorder, save_seats(session.seats))
        except (ValueError, savegame.SaveError) as error:
            self.notify(phrase("notice.autosave_failed", reason=str(error)))
            return
        warnings = autosave(self.paths, save)
        if warnings:
            self.notify(notice_said(warnings[0]))

    def _loaded(self) -> Stats:
        if self.stats is None:
            self.stats, warnings = load_stats(self.paths)
            if warnings:
                self.notify(notice_said(warnings[0]))
        return self.stats

    def _save(self, stats: Stats) -> None:
        self.stats = stats
        warnings = save_stats(self.paths, stats)
        if warnings:
            self.notify(notice_said(warnings[0]))

    def _record_deal(self, session: MatchSession, human: int, name: str | None,
                     result: DealResult) -> None:
        """``human``'s deal, under ``name`` when several people share the computer."""
        won = result.winner == human
        outcome = DealOutcome(session.game.rules.name, session.game.players,
                              result.scores[human], won, won and result.bent,
                              session.calls_before[human], player=name)
        self._save(record_deal(self._loaded(), outcome))

    def _record_match(self, session: MatchSession, human: int, name: str | None,
                      winners: tuple[int, ...]) -> None:
        game = session.game
        outcome = MatchOutcome(game.rules.name, game.players, game.totals[human],
                               human in winners, player=name)
        self._save(record_match(self._loaded(), outcome))
        entry = dataclasses.replace(match_entry(game, human, winners, self.now()), player=name)
        warnings = add_match(self.paths, entry)
        if warnings:
            self.notify(notice_said(warnings[0]))


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
