"""A match being played at the table: seats, the game record, who decides next, and the
computer players' pacing. No pygame here, so the whole flow can be tested without a window.

The session is the single door to the engine for the table: the human's gestures and the
computer players' choices both arrive as actions through :meth:`MatchSession.submit`, each
naming the seat that acts, and everything that happened comes back out of
:meth:`MatchSession.take_events`. An action from a seat that is not to act is refused (and
the refusal says whose turn it is), so a key pressed during a computer's move can never
move for the computer.

A computer player may think for half a second, so its choice is handed to a *worker* (an
``Executor``, :mod:`kalooki.ui.workers`) with the player's view (immutable). The action
is applied here, on the main thread, once it is ready; the engine's game is only ever
touched by the main thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace

from kalooki.engine import events as ev
from kalooki.engine.actions import Action, Call, LayDown, Pass
from kalooki.engine.deal import Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.facts.seats import DEFAULT_BUDGET
from kalooki.engine.melds import declared_meld, opening_value
from kalooki.engine.record import GameRecord, Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from kalooki.ui.workers import InlineWorker
from kalooki.words.formats import seat_name

Chooser = Callable[[PlayerView, Rng], Action]
AfterAction = Callable[["MatchSession", list[Event]], None]
HUMAN_SEAT = 0
_PLAYER_SALT = 1000


def computer_player(level: str, name: str = "", think_budget: float = DEFAULT_BUDGET,
                    stop: threading.Event | None = None) -> Chooser:
    """The one place a level becomes a computer player; a name that is one of the
    personalities of that level plays in that personality's style. ``stop``, once set,
    ends a think in progress (the session is closing). The computer players load with
    the first one made, not before the main menu's first frame."""
    from kalooki.ai.personalities import PERSONALITIES, make_player

    personality = next((p.name for p in PERSONALITIES
                        if p.name.lower() == name.lower() and p.level == level), None)
    return make_player(level, personality, think_budget=think_budget, stop=stop).choose


@dataclass(frozen=True)
class Seat:
    name: str
    level: str  # HUMAN for a person at the table
    human: bool = False


def public_part(view: PlayerView) -> PlayerView:
    """What of ``view`` everyone may see: no hand, no moves to offer (a screen that
    several people share, between their turns)."""
    return replace(view, hand=(), legal=(), went_down_now=False, meld_owed=False,
                   freed_joker=None)


class MatchSession:
    """One match. ``viewer`` is the seat whose eyes the table uses (the human's; seat 0 in
    autoplay). ``ai_pause`` seconds pass after every action before a computer player's
    move is applied; a computer's call or pass during a call window is made at once.
    ``after_action`` hooks run after every applied action (autosave, statistics).
    ``worker`` is where computer players think (default: inline, synchronously); the
    session shuts it down on :meth:`close`."""

    def __init__(self, rules: RuleSet, seats: Sequence[Seat], seed: int, *,
                 ai_pause: float = 0.6, viewer: int = HUMAN_SEAT, worker: Executor | None = None,
                 think_budget: float = DEFAULT_BUDGET, recorder: Recorder | None = None) -> None:
        self.seats = tuple(seats)
        self.recorder = recorder or Recorder.new(rules, len(self.seats), seed)
        stream = Rng(self.game.seed ^ 0x5EED)
        self.rngs = [stream.fork(_PLAYER_SALT + i) for i in range(len(self.seats))]
        self.stopping = threading.Event()
        """Set by :meth:`close`: a computer player thinking now stops at once."""
        self.choosers: list[Chooser | None] = [
            None if seat.human else computer_player(seat.level, seat.name, think_budget,
                                                    self.stopping)
            for seat in self.seats]
        self.viewer = viewer
        self.covered = self.shared_screen
        """Nobody's hand is on the screen: between two people's turns at a computer they
        share, until the next person says they are there (:meth:`reveal`)."""
        self.ai_pause = ai_pause
        self.waited = 0.0
        self.paused = False
        self.after_action: list[AfterAction] = []
        self.gate: Callable[[Action, int], RuleError | None] | None = None
        """The guided game's lesson: it may hold back a legal move, saying why."""
        self.calls_before = list(self.game.calls_made)
        """Each player's calls this deal, as they stood before the last action."""
        self._worker: Executor = worker or InlineWorker()
        self._pending: tuple[int, Future[Action]] | None = None
        self._events: list[Event] = list(self.game.start_events) if recorder is None else []
        self.call_windows = 0
        """Call windows opened so far in this session: a stamp naming the one open now."""
        self.window_people: tuple[int, ...] = self._people_of(self.game.call_queue) \
            if self.game.phase == Phase.CALL else ()
        """The people the rules let call the card of the window open now, nearest first."""
        self.openings: dict[tuple[int, int], int] = {}
        """(deal, player) → the points of that player's opening, in threshold games."""
        self.down_at_end: dict[int, tuple[bool, ...]] = {}
        """deal → who had gone down (opened) when it ended."""

    @property
    def game(self) -> Game:
        return self.recorder.game

    @property
    def moves(self) -> int:
        """Actions applied so far in the match: a stamp that changes with every move."""
        return len(self.recorder.actions)

    @property
    def record(self) -> GameRecord:
        """The match so far, as it would be saved: what the table tells again after a load."""
        return self.recorder.record

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as shown now: the default name of a person ("You") in the
        language of the moment ("Vous"), a typed name as typed."""
        return tuple(seat_name(seat.name) for seat in self.seats)

    def view(self) -> PlayerView:
        """What the screen shows: the viewer's view; while it is covered, the public part
        of it only (no hand, no moves to offer)."""
        view = self.game.view(self.viewer)
        return public_part(view) if self.covered else view

    @property
    def shared_screen(self) -> bool:
        """Several people play at this one computer: the device is passed between them."""
        return sum(seat.human for seat in self.seats) > 1

    @property
    def awaited(self) -> int | None:
        """The person the covered screen waits for: the one to act now, if a person (not
        in a call window: the people call in the shared window, no hand shown)."""
        to_act = self.game.to_act
        if not self.covered or to_act is None or not self.seats[to_act].human \
                or self.game.phase == Phase.CALL:
            return None
        return to_act

    def _people_of(self, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(seat for seat in seats if self.seats[seat].human)

    @property
    def shared_call(self) -> tuple[int, tuple[int, ...]] | None:
        """The call window open now on a screen several people share, if a person may
        call in it: its stamp and those people (nearest the discarder's left first)."""
        if not self.shared_screen or self.game.phase != Phase.CALL or not self.window_people:
            return None
        return self.call_windows, self.window_people

    def reveal(self, seat: int) -> bool:
        """``seat``'s person is at the screen: their eyes are the table's until their turn
        ends. Only the awaited person may be revealed (True when they were)."""
        if seat != self.awaited:
            return False
        self.viewer = seat
        self.covered = False
        return True

    @property
    def screen_seat(self) -> int | None:
        """The seat the person at the screen plays: the viewer's, when a person sits
        there; None when every seat is a computer's (autoplay). The table acts for this
        seat only. With several people at one computer, ``viewer`` moves from one person's
        seat to the next, and this follows it."""
        return self.viewer if self.seats[self.viewer].human else None

    @property
    def screen_to_act(self) -> bool:
        """The person at the screen is asked to act now (never while it is covered)."""
        seat = self.screen_seat
        return seat is not None and self.game.to_act == seat and not self.covered

    def open_hands(self) -> dict[int, tuple[int, ...]]:
        """Every player's hand, for a match with nobody at the screen in it (all seats
        computers: a match being watched); nothing when a person plays, whose opponents'
        cards must stay hidden."""
        if any(seat.human for seat in self.seats):
            return {}
        return {player: tuple(hand) for player, hand in enumerate(self.game.hands)}

    @property
    def computer_to_act(self) -> int | None:
        """The computer seat whose move the table is waiting for, if any."""
        to_act = self.game.to_act
        return None if to_act is None or self.seats[to_act].human else to_act

    @property
    def over(self) -> bool:
        return self.game.phase == Phase.MATCH_OVER

    def why_illegal(self, action: Action, seat: int) -> RuleError | None:
        """Why ``action`` by ``seat`` would be refused (None: it would not). Told that it
        is another seat's turn, the refusal names that seat's player (``name``)."""
        problem = self.game.why_illegal(action, seat)
        if problem is not None and problem.code == "not-your-turn":
            to_act = problem.params["seat"]
            assert isinstance(to_act, int)
            name = self.names[to_act]
            return RuleError("not-your-turn", case="named", seat=to_act, name=name)
        return problem

    def submit(self, action: Action, seat: int) -> RuleError | None:
        """Apply ``action`` by ``seat``; a refusal (another seat's turn, or against the
        rules) changes nothing and is returned."""
        if self.covered and self.seats[seat].human and not isinstance(action, Call | Pass):
            return RuleError("screen-covered", name=self.names[seat])  # a call needs no hand
        problem = self.why_illegal(action, seat)
        if problem is None and self.gate is not None:
            problem = self.gate(action, seat)
        if problem is not None:
            return problem
        self.calls_before = list(self.game.calls_made)
        self._note_opening(action, seat)
        deal, down = self.game.deal_no, list(self.game.down)
        if isinstance(action, LayDown):
            down[seat] = True
        events = self.recorder.apply(action, seat)
        if any(isinstance(e, ev.DealEnded) for e in events):
            self.down_at_end[deal] = tuple(down)
        self._events.extend(events)
        for opened in (e for e in events if isinstance(e, ev.CallWindowOpened)):
            self.call_windows += 1
            self.window_people = self._people_of(opened.callers)
        if self.shared_screen and self.game.to_act != self.viewer:
            self.covered = True  # the turn is over: the hand leaves the screen
        self.waited = 0.0
        self._pending = None
        for hook in self.after_action:
            hook(self, events)
        return None

    def _note_opening(self, action: Action, player: int) -> None:
        """Remember an opening's value before it is laid (the table of a deal that ends at
        once is gone by the time the events are read)."""
        game = self.game
        if not isinstance(action, LayDown) or game.down[player] or game.rules.uses_contracts:
            return
        self.openings[(game.deal_no, player)] = opening_value(
            [declared_meld(spec.kind, spec.cards, game.rules) for spec in action.melds],
            game.rules)

    def take_events(self) -> list[Event]:
        """Everything that happened since the last call, as the viewer may see it (as
        everyone may, while the screen is covered)."""
        eyes = None if self.covered else self.viewer
        events = [e.seen_by(eyes) for e in self._events]
        self._events.clear()
        return events

    def update(self, dt: float, busy: bool) -> bool:
        """Let a computer player move once its pause is over, its choice is made and the
        table is idle (``busy`` while animations run). True when an action was applied."""
        to_act = self.computer_to_act
        if to_act is None:
            return False
        self.waited += dt
        stamp = self.moves
        if self._pending is not None and self._pending[0] != stamp:
            self._pending = None  # the game moved on while it thought
        if self._pending is None:
            chooser = self.choosers[to_act]
            assert chooser is not None
            self._pending = (stamp, self._worker.submit(
                chooser, self.game.view(to_act), self.rngs[to_act]))
        if self.paused or busy:
            return False
        if self.game.phase != Phase.CALL and self.waited < self.ai_pause:
            return False
        future = self._pending[1]
        if not future.done():
            return False
        problem = self.submit(future.result(), to_act)
        if problem is not None:  # a computer player must only choose legal moves
            raise problem
        return True

    @property
    def thinking(self) -> bool:
        """A computer player's choice is still being worked out on the worker thread."""
        return self._pending is not None and not self._pending[1].done()

    def play_with(self, choosers: list[Chooser | None]) -> None:
        """Who chooses each seat's moves from now on (None: the person at the screen)."""
        self.choosers = choosers

    def set_paused(self, paused: bool) -> None:
        """Hold the computers' moves (a question or a summary is on screen), or go on."""
        self.paused = paused

    def set_gate(self, gate: Callable[[Action, int], RuleError | None] | None) -> None:
        """Let ``gate`` refuse a move before the engine sees it (a lesson waiting for its
        own move), or no one (None)."""
        self.gate = gate

    def set_ai_pause(self, seconds: float) -> None:
        """The pause after each computer move, from now on."""
        self.ai_pause = seconds

    def close(self) -> None:
        """Stop the worker: a choice in progress is abandoned, its search told to stop, so
        the thread ends within a play-out move and quitting need not wait out a think.
        Any later move is thought out inline (the session is over: hard players no longer
        search)."""
        self.stopping.set()
        self._worker.shutdown(wait=False, cancel_futures=True)
        self._worker = InlineWorker()
        self._pending = None
