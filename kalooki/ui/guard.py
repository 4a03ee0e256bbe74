"""What the player meant: every key and click belongs to the prompt that was on screen
when it was made.

A scene names the prompt it draws (a :class:`Prompt`: a call for J♥, the pass screen for
Ben, the summary of deal 3) each frame it draws it; the window stamps every input as it
arrives with the prompt of the last frame drawn, how long that prompt had been up and
whether the key was already down (a :class:`Stamp`). A verb that answers a prompt asks
:meth:`InputGuard.verdict` whether the input being handled now was made for the prompt it
would answer now: made for another one (the bar changed under the click), too soon after
the prompt came up (its settle time), by a key held from before or repeated, or by a key
the prompt does not take, it is dropped (:class:`Verdict`).

A click belongs to where its press began: a button let go after the prompt changed was
pressed for the old one. Verbs called by code rather than by an input (a timer, a test
calling the scene) are not input and are let through.

The clock is the frame clock (:meth:`InputGuard.tick`), never the wall clock. No pygame
display here: events in, verdicts out.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import pygame

from kalooki.store.settings import Settings

SETTLE_SECONDS: float = Settings.input_settle_seconds
"""How long a prompt that came up by itself ignores input (the Settings' default)."""


@dataclass(frozen=True)
class Prompt:
    """One prompt as the player sees it. ``kind`` and ``serial`` tell it from every other
    (two call bars for two discards differ in ``serial``); ``about`` is what it is
    about, for the note a stale input gets (a card, a name, a deal); ``settle``: seconds
    it ignores input once up; ``keys``: the only keys that answer it (None: any)."""

    kind: str
    serial: int
    about: str = ""
    settle: float = 0.0
    keys: frozenset[int] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Stamp:
    """An input as it arrived: the prompt drawn last, how long it had been up, the key
    (None for the mouse), and whether that key was already down (held or repeated)."""

    prompt: Prompt | None
    age: float
    key: int | None = None
    held: bool = False


class Verdict(enum.Enum):
    TAKEN = "taken"
    """Made for this prompt, after its settle time, by a fresh press: do it."""
    STALE = "stale"
    """Made for another prompt (or for none): the one it was meant for is gone."""
    EARLY = "early"
    """Made within the prompt's settle time: the player had not seen it yet."""
    HELD = "held"
    """A key already down when pressed again: held, or repeated by the system."""
    WRONG_KEY = "wrong-key"
    """A key this prompt does not take (the pass screen takes no Space, no Enter)."""


_PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
_RELEASES = (pygame.MOUSEBUTTONUP, pygame.FINGERUP)


class InputGuard:
    """The window's guard: the prompt drawn, its age on the frame clock, keys held."""

    def __init__(self) -> None:
        self.now = 0.0
        self.drawn: Prompt | None = None
        """The prompt of the last frame drawn."""
        self.since = 0.0
        """When ``drawn`` was first drawn."""
        self._framed: Prompt | None = None
        self.down: set[int] = set()
        """Keys pressed and not yet let go."""
        self.handling: Stamp | None = None
        """The input being handled now (None between inputs)."""
        self._press: Stamp | None = None
        """Where the mouse button now down was pressed."""

    # --- the frame clock and what is drawn -----------------------------------------------

    def tick(self, dt: float) -> None:
        self.now += dt

    def shown(self, prompt: Prompt | None) -> None:
        """A scene draws ``prompt`` in the frame being drawn."""
        self._framed = prompt

    def frame_drawn(self) -> None:
        """The frame is on screen: its prompt (none if no scene named one) is the one
        the next inputs are made for."""
        if self._framed != self.drawn:
            self.drawn, self.since = self._framed, self.now
        self._framed = None

    def age(self) -> float:
        """Seconds the prompt drawn has been on screen."""
        return self.now - self.since

    def settled_in(self) -> float | None:
        """Seconds until the prompt drawn takes input (None: it takes it already)."""
        if self.drawn is None:
            return None
        left = self.drawn.settle - self.age()
        return left if left > 0 else None

    # --- inputs ------------------------------------------------------------------------

    def arrive(self, event: pygame.event.Event) -> None:
        """An input arrives: stamp it (keys and buttons; other events are no input)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            key = int(event.key)
            self.handling = Stamp(self.drawn, self.age(), key, key in self.down)
            self.down.add(key)
        elif kind == pygame.KEYUP:
            self.down.discard(int(event.key))
            self.handling = None
        elif kind in _PRESSES:
            self.handling = self._press = Stamp(self.drawn, self.age())
        elif kind in _RELEASES:
            self.handling = self._press or Stamp(self.drawn, self.age())
            self._press = None
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.down.clear()  # keys let go elsewhere never tell this window
            self.handling = None
        else:
            self.handling = None

    def handled(self) -> None:
        """The input has been handled: what runs now is no input."""
        self.handling = None

    def verdict(self, prompt: Prompt | None) -> Verdict:
        """Whether the input handled now answers ``prompt`` (the prompt the verb would
        answer now; None: there is none)."""
        stamp = self.handling
        if stamp is None:  # code, not input: it answers any prompt that is up
            return Verdict.TAKEN if prompt is not None else Verdict.STALE
        if prompt is None or stamp.prompt != prompt:
            return Verdict.STALE
        if stamp.held:
            return Verdict.HELD
        if stamp.age < prompt.settle:
            return Verdict.EARLY
        if stamp.key is not None and prompt.keys is not None and stamp.key not in prompt.keys:
            return Verdict.WRONG_KEY
        return Verdict.TAKEN

    def gone(self, prompt: Prompt | None) -> Prompt | None:
        """The prompt the input handled now was made for, when it is not ``prompt`` (the
        one on screen now) and was a prompt at all: the input came too late for it."""
        stamp = self.handling
        if stamp is None or stamp.prompt is None or stamp.prompt == prompt:
            return None
        return stamp.prompt
