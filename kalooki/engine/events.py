"""Events: what happened, as the engine tells it, so the UI can animate and narrate it.

Some events move hidden cards (a stock draw, the deal). Those carry ``private=True``:
only ``player`` may see the cards; :meth:`Event.seen_by` hides them from everyone else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class EventKind(StrEnum):
    """What happened, in the order a deal meets them; the values are the words the log's
    catalog entries and the UI's animations are keyed by."""

    CUT = "cut"
    DEAL = "deal"
    DEAL_START = "deal-start"
    UPCARD = "upcard"
    TURN = "turn"
    DRAW = "draw"
    TAKE = "take"
    CALL_WINDOW = "call-window"
    CALL = "call"
    CALL_WON = "call-won"
    ALLOW = "allow"
    REFUSE = "refuse"
    BUY_IN_OFFER = "buy-in-offer"
    BUY_IN = "buy-in"
    LAY = "lay"
    TACK = "tack"
    SHIFT = "shift"
    RELEASE = "release"
    DISCARD = "discard"
    END_TURN = "end-turn"
    RESHUFFLE = "reshuffle"
    DEAL_END = "deal-end"
    DEAL_VOID = "deal-void"
    ELIMINATED = "eliminated"
    MATCH_END = "match-end"


@dataclass(frozen=True, slots=True)
class Event:
    """``kind`` names what happened; ``cards`` are the cards it moved (in order)."""

    kind: EventKind
    player: int | None = None
    cards: tuple[int, ...] = ()
    private: bool = False
    info: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it: hidden cards become a count."""
        if not self.private or viewer == self.player:
            return self
        return replace(self, cards=(), info={**self.info, "count": len(self.cards)})


def event(kind: EventKind, player: int | None = None, cards: tuple[int, ...] = (),
          private: bool = False, **info: Any) -> Event:
    return Event(kind, player, cards, private, MappingProxyType(info) if info else _EMPTY)
