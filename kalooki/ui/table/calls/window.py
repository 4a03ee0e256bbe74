"""The person's call window: how long it lasts, whether the person is asked at all, the
one countdown every part of the screen shows, and which decision a key press is for.

- Its length is the settings' ``call_window_seconds``.
- With "ask me only when the card helps me", the person is asked only when the card
  under call would bring their hand closer to its contract or opening (the solver's
  cards still needed, without and with the card); otherwise they pass unasked.
- With more than one person at the table, every window lasts its full time, asked or
  not: how soon a window closes must never tell the others whether the card helped.
- Space (or Wait) stops the clock until the person calls or passes.
- A key press belongs to the decision on screen when it was pressed (its
  :class:`Decision` names it; the table's prompts check it, :mod:`prompts`): pressed
  late, it does nothing, rather than being refused as a move of whatever came next.

- With several people at one screen, one :class:`SharedCall` window on the public table
  replaces them: a button and a key per person who may call, no hand shown.

Pure: no pygame, no clock (the table hands it each frame's ``dt``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kalooki.ai.knowledge import Evaluator
from kalooki.engine.actions import Action, Call, Pass
from kalooki.engine.deal import Phase
from kalooki.engine.view import PlayerView

HELP_EXACT_CARDS = 2
"""Threshold games: distances to opening worked out exactly up to this many cards (the
rough worth of the best melds beyond), so a card that helps an opening counts."""


@dataclass(frozen=True)
class Decision:
    """One decision asked of a person: their seat and how many moves had been made when
    it was asked (nothing moves while a person decides, so this names it)."""

    seat: int
    moves: int


def decision_of(view: PlayerView, screen_to_act: bool, moves: int) -> Decision | None:
    """The call, or the allowing of one, that the person at the screen (the viewer, asked
    now: ``screen_to_act``) must decide, ``moves`` actions into the match."""
    if view.phase not in (Phase.CALL, Phase.ALLOW) or view.to_act != view.player \
            or not screen_to_act:
        return None
    return Decision(view.player, moves)


def card_helps(view: PlayerView) -> bool:
    """Whether the discard under call would bring the viewer's hand closer to going
    down: fewer cards still needed with it than without."""
    card = view.top_discard
    if card is None:
        return False
    evaluator = Evaluator(view.rules, view.contract, HELP_EXACT_CARDS)
    hand = list(view.hand)
    return evaluator.need_with(hand, card) < evaluator.need(hand)


class Countdown:
    """A call window's clock: seconds left, stopped while held; the one number every
    part of the screen shows."""

    def __init__(self, seconds: float) -> None:
        self.left = seconds
        self.held = False

    def tick(self, dt: float) -> bool:
        """Let ``dt`` seconds pass (none while held); True once the time is up."""
        if not self.held:
            self.left -= dt
        return self.left <= 0

    @property
    def seconds_shown(self) -> int | None:
        """The countdown's number, the same on the button and in the prompt: whole seconds
        left, rounded up (a 5-second window starts at 5); None while held."""
        return None if self.held else max(1, math.ceil(self.left))

    def due(self) -> float | None:
        """Seconds until the number shown changes or the time is up (None while held)."""
        shown = self.seconds_shown
        return None if shown is None else max(0.0, self.left - (shown - 1))


class CallWindow(Countdown):
    def __init__(self, decision: Decision, seconds: float, asks: bool,
                 full_time: bool) -> None:
        super().__init__(seconds)
        self.decision = decision
        self.asks = asks
        """The person is shown the question (else the window passes for them)."""
        self.full_time = full_time
        """The window runs its whole length even when nobody is asked."""

    @classmethod
    def open(cls, decision: Decision, view: PlayerView, seconds: float,
             only_when_helps: bool, people: int) -> CallWindow:
        """The window ``view``'s player gets; ``people``: persons seated at the table."""
        asks = not only_when_helps or card_helps(view)
        return cls(decision, seconds, asks, full_time=people > 1)

    @property
    def passes_at_once(self) -> bool:
        """Not asked and nothing to wait for: the pass is made as the window opens."""
        return not self.asks and not self.full_time

    def hold(self) -> None:
        """Stop the clock: the window waits for Call or Pass."""
        if self.asks:
            self.held = True


class SharedCall(Countdown):
    """The one call window of a screen several people share, on the public table (no
    hand shown): everyone the rules let call the card is listed, each calls with their
    own button or key, and the window lasts its whole time whatever the cards (only a
    call, which all see, ends it sooner). The engine asks the callers one by one, nearest
    first: a person's answer is given when the engine asks them — Call if they said so,
    Pass once the time is up — so priority stays the rules'. Space holds the clock, and
    starts it again."""

    def __init__(self, stamp: int, people: tuple[int, ...], seconds: float) -> None:
        super().__init__(seconds)
        self.stamp = stamp
        """The session's number for this window."""
        self.people = people
        self.called: list[int] = []
        """The people who said they call, in the order they said it."""

    def call(self, seat: int) -> bool:
        """``seat``'s person calls (their own button or key); False when they may not
        call in this window or already did."""
        if seat not in self.people or seat in self.called:
            return False
        self.called.append(seat)
        return True

    def toggle_hold(self) -> None:
        self.held = not self.held

    def answer(self, asked: int) -> Action | None:
        """What ``asked``, the person the engine asks now, answers: Call once they said
        so, Pass when the time is up, else nothing yet."""
        if asked in self.called:
            return Call()
        return Pass() if self.left <= 0 else None


class CallDesk:
    """The person's call windows at the table, one after another."""

    def __init__(self) -> None:
        self.window: CallWindow | None = None

    @property
    def asked(self) -> bool:
        """A call window puts its question to the person now."""
        return self.window is not None and self.window.asks

    def hold(self) -> bool:
        """Space or Wait, for the window on screen: its clock stops."""
        window = self.window
        if window is None or not window.asks:
            return False
        window.hold()
        return True

    def tick(self, decision: Decision | None, view: PlayerView, dt: float, running: bool,
             seconds: float, only_when_helps: bool, people: int) -> bool:
        """Follow the person's call window (``decision``: the call they are asked now, if
        any; ``running``: the clock runs, no panel being open). True when they pass now:
        unasked, or out of time."""
        window = self.window
        if decision is None:
            self.window = None
            return False
        if window is None or window.decision != decision:
            self.window = window = CallWindow.open(decision, view, seconds, only_when_helps,
                                                   people)
            passes = window.passes_at_once
        else:
            passes = running and window.tick(dt)
        if passes:
            self.window = None
        return passes
