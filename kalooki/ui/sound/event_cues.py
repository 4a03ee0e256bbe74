"""Which engine event makes which sound.

One batch of events (what one action caused) plays each sound at most once: four players'
deals are one dealing sound, and the end of a match drowns the end of its last deal.
"""

from __future__ import annotations

from collections.abc import Iterable

from kalooki.engine import events as ev
from kalooki.engine.cards import is_joker
from kalooki.engine.events import Event
from kalooki.ui.sound import recipes as s
from kalooki.ui.sound.cues import Cue

_BY_KIND: dict[type[Event], Cue] = {
    ev.DealStarted: Cue(s.SHUFFLE),
    ev.Reshuffled: Cue(s.SHUFFLE),
    ev.Dealt: Cue(s.DEAL),
    ev.PackCut: Cue(s.DRAW),
    ev.UpcardTurned: Cue(s.DISCARD, on_landing=True),
    ev.Drew: Cue(s.DRAW),
    ev.Took: Cue(s.DRAW),
    ev.Allowed: Cue(s.DRAW),
    ev.Refused: Cue(s.DRAW),
    ev.Called: Cue(s.CALL),
    ev.CallWon: Cue(s.CALL_WON),
    ev.Discarded: Cue(s.DISCARD, on_landing=True),
    ev.Laid: Cue(s.LAY_DOWN, on_landing=True),
    ev.TackedOn: Cue(s.TACK_ON, on_landing=True),
    ev.JokerShifted: Cue(s.TACK_ON, on_landing=True),
    ev.JokerReleased: Cue(s.TACK_ON, on_landing=True),
    ev.MatchEnded: Cue(s.MATCH_WON),
}
"""Events whose sound depends on nothing but their kind."""
_ENDINGS = {s.GOING_OUT, s.BEND}


def event_cue(event: Event) -> list[Cue]:
    """The sounds of one event, in the order they are heard."""
    cues = [_BY_KIND[type(event)]] if type(event) in _BY_KIND else []
    match event:
        case ev.DealEnded(result=result):
            cues.append(Cue(s.BEND if result.bent else s.GOING_OUT))
        case ev.JokerShifted() | ev.JokerReleased():  # a joker moves though a natural is played
            cues.append(Cue(s.JOKER, on_landing=True))
        case ev.Discarded() | ev.Laid() | ev.TackedOn() if any(is_joker(c) for c in event.cards):
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
