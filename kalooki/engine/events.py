"""Events: what happened, as the engine tells it, so the UI can animate and narrate it.

One frozen class per kind of event, each with its own typed payload: the UI tells them
apart with ``match`` (``case DealEnded(result=result):``) or ``isinstance``, never by a
word, so a misspelt kind or a renamed field is a type error. Every event has ``player``
(who did it, None for the table) and ``cards`` (the cards it moved, in order).

Some events move hidden cards (a stock draw, the deal). Their class says ``private``:
only ``player`` may see the cards; :meth:`Event.seen_by` hides them from everyone else
(the cards become a ``count``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from kalooki.engine.deal import DealResult
from kalooki.engine.melds import End


@dataclass(frozen=True, slots=True)
class Event:
    """What every event says: who did it and the cards it moved."""

    player: int | None = None
    cards: tuple[int, ...] = ()
    private: ClassVar[bool] = False

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (the same event: only the private ones
        hide anything)."""
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class _Hidden(Event):
    """An event that moves cards only its player may see."""

    count: int | None = None
    """How many cards moved, once they are hidden (None while they are shown)."""
    private: ClassVar[bool] = True

    def seen_by(self, viewer: int | None) -> Event:
        if viewer == self.player:
            return self
        return replace(self, cards=(), count=len(self.cards))


# --- a deal begins ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted(Event):
    """A deal begins (``player`` deals); the cards come with :class:`Dealt`."""

    deal: int
    contract: tuple[int, ...]
    hand_size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PackCut(Event):
    """The dealer cut ``count`` cards; ``bonus`` when it was the ``needed`` count."""

    count: int
    needed: int
    bonus: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(_Hidden):
    """``player`` was dealt ``cards``."""


@dataclass(frozen=True, slots=True)
class UpcardTurned(Event):
    """The first discard was turned up from the stock."""


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """``player``'s turn begins."""


# --- a turn ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(_Hidden):
    """``player`` drew from the stock (a call's penalty cards too)."""


@dataclass(frozen=True, slots=True)
class Took(Event):
    """``player`` took the discard."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """The discards (``count`` cards, the top one kept) became the stock."""

    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Laid(Event):
    """``player`` laid melds: table melds number ``melds``; ``first`` when it is the
    player's contract (or opening)."""

    melds: tuple[int, ...]
    first: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TackedOn(Event):
    """``player`` added ``cards[0]`` to table meld ``meld`` at ``end``."""

    meld: int
    end: End


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerShifted(Event):
    """``player`` put ``cards[0]`` where a run's joker stood; the joker moved to ``end``."""

    meld: int
    end: End


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerReleased(Event):
    """``player`` put ``cards`` into table meld ``meld`` and took back its ``joker``."""

    meld: int
    joker: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``player`` discarded ``cards[0]``."""


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """``player`` ended the turn without a discard (after going down by some rules)."""


# --- calls -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CallWindowOpened(Event):
    """``player`` discarded ``cards[0]``, which ``callers`` (in turn) may call."""

    callers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Called(Event):
    """``player`` called the card under call."""


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``player`` let the card under call go."""


@dataclass(frozen=True, slots=True)
class CallWon(Event):
    """``player``'s call on ``cards[0]`` comes first; the turn player answers it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Allowed(Event):
    """``player`` (the turn player) let ``caller`` take ``cards[0]``."""

    caller: int


@dataclass(frozen=True, slots=True)
class Refused(Event):
    """``player`` (the turn player) took the called card ``cards[0]`` themself."""


# --- the end of a deal, of a match -----------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealEnded(Event):
    """Deal ``deal`` is scored (``player`` went out; None when it stalled)."""

    deal: int
    result: DealResult
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealVoided(Event):
    """Deal ``deal`` is void (the stock ran out) and is dealt again."""

    deal: int
    result: DealResult


@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminated(Event):
    """``player`` is out of the match, at ``total`` points."""

    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BuyInOffered(Event):
    """``player`` (at ``total``) may buy back in at ``rejoin`` points, ``left`` times more."""

    total: int
    rejoin: int
    left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoughtIn(Event):
    """``player`` bought back in and now stands at ``total``."""

    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchEnded(Event):
    """The match is over: ``winners`` (ties share it) and the ``totals``."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


KINDS: tuple[type[Event], ...] = (
    DealStarted, PackCut, Dealt, UpcardTurned, TurnBegan, Drew, Took, Reshuffled, Laid,
    TackedOn, JokerShifted, JokerReleased, Discarded, TurnEnded, CallWindowOpened, Called,
    Passed, CallWon, Allowed, Refused, DealEnded, DealVoided, Eliminated, BuyInOffered,
    BoughtIn, MatchEnded)
"""Every kind of event, in about the order a deal meets them."""
