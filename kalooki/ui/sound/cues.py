"""Which moment makes which sound: engine events and UI gestures in, sound names out.

Pure (no pygame mixer, no clock), so the whole mapping is tested without a sound card.
One batch of events (what one action caused) plays each sound at most once: four players'
deals are one dealing sound, and the end of a match drowns the end of its last deal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame
import pygame_gui

from kalooki.engine.cards import is_joker
from kalooki.engine.events import Event
from kalooki.ui.sound import recipes as s


@dataclass(frozen=True)
class Cue:
    """A sound to play; ``on_landing`` ones wait until the moved card has flown to its
    place (a snap belongs to the card touching the felt, not to it leaving the hand)."""

    sound: str
    on_landing: bool = False


_BY_KIND: dict[str, Cue] = {
    "deal-start": Cue(s.SHUFFLE),
    "reshuffle": Cue(s.SHUFFLE),
    "deal": Cue(s.DEAL),
    "cut": Cue(s.DRAW),
    "upcard": Cue(s.DISCARD, on_landing=True),
    "draw": Cue(s.DRAW),
    "take": Cue(s.DRAW),
    "allow": Cue(s.DRAW),
    "refuse": Cue(s.DRAW),
    "call": Cue(s.CALL),
    "call-won": Cue(s.CALL_WON),
    "discard": Cue(s.DISCARD, on_landing=True),
    "lay": Cue(s.LAY_DOWN, on_landing=True),
    "tack": Cue(s.TACK_ON, on_landing=True),
    "shift": Cue(s.TACK_ON, on_landing=True),
    "release": Cue(s.TACK_ON, on_landing=True),
    "match-end": Cue(s.MATCH_WON),
}
"""Events whose sound depends on nothing but their kind."""
_JOKER_MOVES = ("shift", "release")
"""Events that move a joker on the table even though the card played is a natural."""
_PUT_DOWN = ("discard", "lay", "tack")
_ENDINGS = {s.GOING_OUT, s.BEND}


def event_cue(event: Event) -> list[Cue]:
    """The sounds of one event, in the order they are heard."""
    cues = [_BY_KIND[event.kind]] if event.kind in _BY_KIND else []
    if event.kind == "deal-end":
        cues.append(Cue(s.BEND if event.info["result"].bent else s.GOING_OUT))
    if event.kind in _JOKER_MOVES or (event.kind in _PUT_DOWN
                                      and any(is_joker(c) for c in event.cards)):
        cues.append(Cue(s.JOKER, on_landing=True))
    return cues


def batch_cues(events: Iterable[Event]) -> list[Cue]:
    """The sounds of a batch of events: each once, the match's chime alone at its end."""
    cues: list[Cue] = []
    for event in events:
        cues += [cue for cue in event_cue(event) if cue not in cues]
    if Cue(s.MATCH_WON) in cues:
        cues = [cue for cue in cues if cue.sound not in _ENDINGS]
    return cues


_GESTURES = (pygame_gui.UI_BUTTON_START_PRESS,)
"""pygame_gui posts this when an enabled button is pressed, even one that runs a command
(which posts no UI_BUTTON_PRESSED); a drop-down's opener and its options are buttons too."""


def gesture_cue(event: pygame.event.Event) -> Cue | None:
    """A soft click as the player presses a button or a drop-down's choice."""
    return Cue(s.CLICK) if event.type in _GESTURES else None
