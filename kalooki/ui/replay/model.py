"""The replay viewer's model: a cursor over a game record, stepping action by action
forward and back, jumping to a deal, and the events (for the log) up to where it stands.
No pygame and no words: the scene draws the position and narrates the events.

Opening a record replays it once from the root, checking every action and digest
(:func:`engine.record.replay`'s checks), and keeps a copy of the game every
:data:`CHECKPOINT_EVERY` actions and at the start of every deal, so going back or
jumping costs at most that many actions, however long the match.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from kalooki.engine.actions import parse_action
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.record import GameRecord, replay
from kalooki.engine.state import Game
from kalooki.engine.view import PublicMeld

CHECKPOINT_EVERY = 40


def public_table(game: Game) -> tuple[PublicMeld, ...]:
    """The melds on the table as every player sees them."""
    return tuple(PublicMeld(meld.owner, meld.meld) for meld in game.table)


@dataclass(frozen=True)
class Step:
    """One action of the record: who made it, what it was, what it caused, and the table
    right after it (the log names melds by their place on the table)."""

    number: int
    """1-based, as the record's refusals count."""
    seat: int
    code: str
    events: tuple[Event, ...]
    table: tuple[PublicMeld, ...]
    deal: int
    """The deal being played when the action was made."""


class ReplayCursor:
    """A position in a recorded match: ``position`` actions applied (0 is the deal of
    the first hand, ``len(steps)`` the end of the record)."""

    def __init__(self, record: GameRecord) -> None:
        replay(record)  # every action and digest proved first: raises RuleError "bad-record"
        self.record = record
        game = Game.new(record.rules, record.players, record.seed)
        self.start_events = tuple(game.start_events)
        self.start_table = public_table(game)
        self._checkpoints: list[tuple[int, Game]] = [(0, game.clone())]
        self.deal_starts: dict[int, int] = {game.deal_no: 0}
        """Deal number → the position where it starts (its first hand dealt)."""
        steps: list[Step] = []
        for number, code in enumerate(record.actions, start=1):
            seat, deal = game.to_act, game.deal_no
            assert seat is not None  # replay() has proved the record
            events = tuple(game.apply(parse_action(code), seat))
            steps.append(Step(number, seat, code, events, public_table(game), deal))
            if game.deal_no != deal and game.deal_no not in self.deal_starts:
                self.deal_starts[game.deal_no] = number
                self._checkpoints.append((number, game.clone()))
            elif number % CHECKPOINT_EVERY == 0:
                self._checkpoints.append((number, game.clone()))
        self.steps = tuple(steps)
        self.end_hash = game.state_hash()
        self.finished = game.over
        """The record reaches the end of the match (a save of a game still going does not)."""
        self.last_deal = game.deal_no
        """The deal the record stops in: unfinished while the match is not."""
        self._positions = [position for position, _ in self._checkpoints]
        self.position = 0
        self._game = self._checkpoints[0][1].clone()

    @classmethod
    def open(cls, record: GameRecord) -> ReplayCursor | RuleError:
        """The cursor, or the refusal saying what is wrong with the record."""
        try:
            return cls(record)
        except RuleError as error:
            return error

    # --- where it stands ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game at the cursor. Read it (views, hands); never apply to it."""
        return self._game

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == self.length

    @property
    def deal(self) -> int:
        return self._game.deal_no

    def deal_is_over(self, deal: int) -> bool:
        """Whether ``deal`` was played to its end in the record: then every hand of it may
        be shown, since no one can still play with what it hid."""
        return self.finished or deal < self.last_deal

    @property
    def last_step(self) -> Step | None:
        """The action that led here (None at the start)."""
        return self.steps[self.position - 1] if self.position else None

    def events(self) -> list[Event]:
        """Every event from the first deal up to the cursor, in order (the log's source)."""
        found = list(self.start_events)
        for step in self.steps[:self.position]:
            found.extend(step.events)
        return found

    def table_after(self, position: int) -> tuple[PublicMeld, ...]:
        """The table once ``position`` actions were applied."""
        return self.steps[position - 1].table if position else self.start_table

    # --- moving ---------------------------------------------------------------------------

    def forward(self) -> Step | None:
        """Apply the next action; the step made (None at the end)."""
        if self.at_end:
            return None
        step = self.steps[self.position]
        self._game.apply(parse_action(step.code), step.seat)
        self.position += 1
        return step

    def back(self) -> bool:
        """Undo the last action (by replaying from the checkpoint before it)."""
        if self.at_start:
            return False
        self.seek(self.position - 1)
        return True

    def seek(self, position: int) -> None:
        """Stand after ``position`` actions (clamped to the record)."""
        position = max(0, min(self.length, position))
        if position < self.position or position - self.position > CHECKPOINT_EVERY:
            index = bisect_right(self._positions, position) - 1
            start, game = self._checkpoints[index]
            self._game, self.position = game.clone(), start
        while self.position < position:
            self.forward()

    def to_deal(self, deal: int) -> bool:
        """Stand where ``deal`` starts; False for a deal the record never reached."""
        if deal not in self.deal_starts:
            return False
        self.seek(self.deal_starts[deal])
        return True

    def next_deal(self) -> bool:
        later = [d for d in self.deal_starts if d > self.deal]
        return self.to_deal(min(later)) if later else False

    def previous_deal(self) -> bool:
        """The start of this deal, or of the one before when already at its start."""
        start = self.deal_starts.get(self.deal, 0)
        if self.position > start:
            self.seek(start)
            return True
        earlier = [d for d in self.deal_starts if d < self.deal]
        return self.to_deal(max(earlier)) if earlier else False
