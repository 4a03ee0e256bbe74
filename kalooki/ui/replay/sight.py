"""Whose eyes a replay is seen with, and the log as they may know it. Pure: no pygame.

Hands are opened, and other seats chosen, only in a deal the record played to its end
(or a match no person played): in the deal a save stopped in, the person could go on
playing it, so the table is then seen from their seat only, as they saw it. Several
people at one computer: an unfinished deal shows no hand and its log no hidden card, as
the table between their turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kalooki.engine.facts.seats import HUMAN
from kalooki.ui.replay.sources import Watched
from kalooki.ui.table.log.narrate import Narrator
from kalooki.words import Said

if TYPE_CHECKING:
    from kalooki.engine.events import Event
    from kalooki.engine.view import PublicMeld

LOG_LIMIT = 300


class Sight:
    """The seat the table is seen from, whether hands are open, and the log's lines,
    per step of the record, as that seat may know them."""

    def __init__(self, watched: Watched, open_hands: bool) -> None:
        self.watched = watched
        self.cursor = watched.cursor
        self.viewer = watched.viewer
        """The seat chosen to see the table from (where the deal allows it)."""
        self.person = watched.viewer if HUMAN in watched.levels else None
        """The seat a person played, whose hidden cards matter in an unfinished deal."""
        self.shared = watched.levels.count(HUMAN) > 1
        """Several people played it at one computer."""
        self.open_hands = open_hands
        self.lines: list[list[Said]] = []
        """The log's lines, per step (the first: what the first deal began with)."""
        self.narrate()

    def free(self, deal: int) -> bool:
        """Whether every hand of ``deal`` may be shown (see the module's docstring)."""
        return self.person is None or self.cursor.deal_is_over(deal)

    def eyes(self, deal: int) -> int:
        """The chosen seat, or in a deal still hiding its cards, the person's."""
        return self.person if self.person is not None and not self.free(deal) else self.viewer

    def shown_seat(self) -> int:
        """The seat the table is seen from now."""
        return self.eyes(self.cursor.deal)

    def hands_shown(self) -> bool:
        return self.open_hands and self.free(self.cursor.deal)

    def hidden(self) -> bool:
        """Whether the deal at the cursor shows no hand at all (people sharing a screen)."""
        return self.shared and not self.free(self.cursor.deal)

    def seer(self, deal: int) -> int | None:
        """Whose eyes a log line of ``deal`` is told with (None: everyone's)."""
        return None if self.open_hands and self.free(deal) else self.eyes(deal)

    def toggle_hands(self) -> bool:
        """Open or hide the hands, where the deal allows it; whether it did."""
        if not self.free(self.cursor.deal):
            return False
        self.open_hands = not self.open_hands
        self.narrate()
        return True

    def next_seat(self) -> bool:
        """See the table from the next seat, where the deal allows it; whether it did."""
        if not self.free(self.cursor.deal):
            return False
        self.viewer = (self.viewer + 1) % self.cursor.game.players
        self.narrate()
        return True

    def narrate(self) -> None:
        """Every log line of the match, per step, as the seat shown in its deal may know
        them (all of them with hands open)."""
        cursor = self.cursor
        narrator = Narrator(self.watched.names, None if self.shared else self.person,
                            cursor.record.rules)

        def said(events: tuple[Event, ...], table: tuple[PublicMeld, ...],
                 deal: int) -> list[Said]:
            seer = self.seer(deal)
            hidden = self.shared and not self.free(deal)
            lines = (narrator.line(e.seen_by(None) if hidden else e if seer is None
                                   else e.seen_by(seer), table) for e in events)
            return [line for line in lines if line]

        first = min(cursor.deal_starts)
        self.lines = [said(cursor.start_events, cursor.start_table, first)]
        self.lines += [said(step.events, step.table, step.deal) for step in cursor.steps]

    def log(self) -> tuple[Said, ...]:
        """The log as it stood at the cursor (phrases, worded as drawn)."""
        shown = [line for lines in self.lines[:self.cursor.position + 1] for line in lines]
        return tuple(shown[-LOG_LIMIT:])

    def last_line(self) -> str:
        """The newest line of the log at the cursor."""
        said = (line for lines in reversed(self.lines[:self.cursor.position + 1])
                for line in reversed(lines))
        return str(next(said, ""))
