"""When the window must draw again: at once while something moves, at the next deadline
(a countdown's next second, a message's end, a computer's move), or only on input. An idle
window then sleeps in ``pygame.event.wait`` instead of drawing sixty frames a second.

A scene says what it needs through ``frame_due()``: 0 while it moves, the seconds until
it changes on its own, or None when only input changes it. A scene without that method is
drawn every frame, as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UITextEntryBox, UITextEntryLine

IDLE_POLL = 1.0
"""Seconds an idle window sleeps before it asks again whether anything is due."""
UI_SETTLE = 1.2
"""Seconds after the last input during which pygame_gui may still change on its own (a
tooltip appears after a second of hovering, a pressed button relaxes)."""
UI_POLL = 0.1
"""Frame interval while pygame_gui settles."""
CARET_BLINK = 0.4
"""pygame_gui's caret blink: a focused text field is drawn this often."""
CATCH_UP = 0.1
"""A frame longer than this followed a sleep: the scene catches up on the quiet time
before the input that woke it, so an animation that input starts is not skipped."""

NAP = 1 / 60
"""Seconds an idle window sleeps between looks at the event queue."""

EventWait = Callable[[float], list[pygame.event.Event]]
"""Sleep until events arrive or ``timeout`` seconds pass; the events, none on a timeout."""


def wait_for_events(timeout: float) -> list[pygame.event.Event]:
    """Nap in slices of :data:`NAP` looking for events between them. ``pygame.event.wait``
    looks every millisecond, which alone costs 2% of a core (measured with
    ``bench/idle.py``); a nap of one frame at 60 fps costs a fraction of that and
    answers input as soon as a 60 fps loop would."""
    end = time.monotonic() + timeout
    while True:
        events = pygame.event.get()
        left = end - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(NAP, left))


def soonest(*dues: float | None) -> float | None:
    """The nearest of several deadlines (None: no deadline at all)."""
    known = [max(0.0, due) for due in dues if due is not None]
    return min(known) if known else None


def scene_due(scene: object) -> float | None:
    frame_due = getattr(scene, "frame_due", None)
    return 0.0 if frame_due is None else frame_due()


def ui_due(manager: UIManager, since_input: float) -> float | None:
    """What pygame_gui needs: a blinking caret, or a moment to settle after input."""
    if since_input < UI_SETTLE:
        return UI_POLL
    typing = any(isinstance(element, UITextEntryLine | UITextEntryBox)
                 for element in manager.get_focus_set() or ())
    return CARET_BLINK if typing else None
