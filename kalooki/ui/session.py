"""A match being played at the table: seats, the game record, who decides next, and the
computer players' pacing. No pygame here, so the whole flow can be tested without a window.

The session is the single door to the engine for the table: the human's gestures and the
computer players' choices both arrive as actions through :meth:`MatchSession.submit`, and
everything that happened comes back out of :meth:`MatchSession.take_events`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.ai.random_player import choose_random
from kalooki.engine.actions import Action
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet
from kalooki.engine.state import Game, Phase
from kalooki.engine.view import PlayerView

Chooser = Callable[[PlayerView, Rng], Action]
HUMAN_SEAT = 0
_PLAYER_SALT = 1000


def computer_player(level: str) -> Chooser:
    """The one place a level becomes a computer player. Swap in ``kalooki.ai`` here when
    its players exist; until then every level plays random legal moves."""
    del level
    return choose_random


def autosave_hook(recorder: Recorder) -> None:
    """HOOK (store): write an autosave of ``recorder.record`` here once
    ``kalooki.store.saves.autosave`` exists. Called after every applied action."""
    del recorder


@dataclass(frozen=True)
class Seat:
    name: str
    level: str  # "human" for the person at the table
    human: bool = False


class MatchSession:
    """One match. ``viewer`` is the seat whose eyes the table uses (the human's; seat 0 in
    autoplay). ``ai_pause`` seconds pass after every action before a computer player
    moves; a computer's call or pass during a call window is made at once."""

    def __init__(self, rules: RuleSet, seats: Sequence[Seat], seed: int, *,
                 ai_pause: float = 0.6, viewer: int = HUMAN_SEAT) -> None:
        self.seats = tuple(seats)
        self.recorder = Recorder.new(rules, len(self.seats), seed)
        stream = Rng(seed ^ 0x5EED)
        self.rngs = [stream.fork(_PLAYER_SALT + i) for i in range(len(self.seats))]
        self.choosers: list[Chooser | None] = [
            None if seat.human else computer_player(seat.level) for seat in self.seats]
        self.viewer = viewer
        self.ai_pause = ai_pause
        self.waited = 0.0
        self.paused = False
        self._events: list[Event] = list(self.game.start_events)

    @property
    def game(self) -> Game:
        return self.recorder.game

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def view(self) -> PlayerView:
        return self.game.view(self.viewer)

    @property
    def human_to_act(self) -> bool:
        to_act = self.game.to_act
        return to_act is not None and self.seats[to_act].human

    @property
    def over(self) -> bool:
        return self.game.phase == Phase.MATCH_OVER

    def why_illegal(self, action: Action) -> RuleError | None:
        return self.game.why_illegal(action)

    def submit(self, action: Action) -> RuleError | None:
        """Apply ``action`` for whoever is to act; a refusal changes nothing."""
        problem = self.game.why_illegal(action)
        if problem is not None:
            return problem
        self._events.extend(self.recorder.apply(action))
        self.waited = 0.0
        autosave_hook(self.recorder)
        return None

    def take_events(self) -> list[Event]:
        """Everything that happened since the last call, as the viewer may see it."""
        events = [e.seen_by(self.viewer) for e in self._events]
        self._events.clear()
        return events

    def update(self, dt: float, busy: bool) -> bool:
        """Let a computer player move once its pause is over and the table is idle
        (``busy`` while animations run). True when an action was applied."""
        game = self.game
        to_act = game.to_act
        if self.paused or to_act is None or busy:
            return False
        chooser = self.choosers[to_act]
        if chooser is None:
            return False
        self.waited += dt
        if game.phase != Phase.CALL and self.waited < self.ai_pause:
            return False
        action = chooser(game.view(to_act), self.rngs[to_act])
        problem = self.submit(action)
        if problem is not None:  # a computer player must only choose legal moves
            raise problem
        return True
