"""Which gesture makes which sound, and the sound a moment makes: a name and when it plays.

Pure (no pygame mixer, no clock), so the mapping is tested without a sound card. The
engine's events have their sounds in :mod:`kalooki.ui.sound.event_cues`, which the
table loads: the menu's clicks need no engine.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from kalooki.ui.sound import recipes as s


@dataclass(frozen=True)
class Cue:
    """A sound to play; ``on_landing`` ones wait until the moved card has flown to its
    place (a snap belongs to the card touching the felt, not to it leaving the hand)."""

    sound: str
    on_landing: bool = False


_GESTURES = (pygame_gui.UI_BUTTON_START_PRESS,)
"""pygame_gui posts this when an enabled button is pressed, even one that runs a command
(which posts no UI_BUTTON_PRESSED); a drop-down's opener and its options are buttons too."""


def gesture_cue(event: pygame.event.Event) -> Cue | None:
    """A soft click as the player presses a button or a drop-down's choice."""
    return Cue(s.CLICK) if event.type in _GESTURES else None
