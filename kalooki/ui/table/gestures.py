"""What a gesture at the table means: pure functions from the player's view and what the
gesture touched to the one action it means. No pygame, no engine call, no clock.

A gesture may mean several moves (which end of a run, a tack or a joker shift, the order
of two naturals freeing a joker): the one in ``view.legal`` is chosen, with the very
cards the player moved (the engine lists one card of each face; copies play alike).
Where nothing legal is meant, the plainest attempt comes back all the same, so that the
engine's refusal tells the player why. A gesture that means no move at all is a
:class:`Nudge`, words for the player. The table submits what comes back through the
session's door, for the seat at the screen only.

Keyboard play will meet the same functions: a key names a place as a click does.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from kalooki.engine.actions import (
    Action,
    Call,
    Cut,
    Discard,
    DrawStock,
    EndTurn,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import face_of, is_joker, sort_key_rank
from kalooki.engine.melds import HIGH, LOW, End
from kalooki.engine.state import Phase
from kalooki.engine.view import PlayerView
from kalooki.words import Phrase, phrase

Pile = Literal["stock", "discard"]


@dataclass(frozen=True)
class Nudge:
    """A gesture that is no move: what to tell the player instead."""

    text: Phrase


ONE_CARD = Nudge(phrase("table.toast.one_card"))


def _face_key(action: Action) -> Hashable:
    """What makes two actions the same move whatever copy of a card they use."""
    if isinstance(action, TackOn | ShiftJoker):
        return type(action), face_of(action.card), action.meld, action.end
    if isinstance(action, ReleaseJoker):
        return type(action), tuple(sorted(face_of(c) for c in action.cards)), action.meld
    return action


def _offered(view: PlayerView, wanted: Action) -> Action | None:
    """The legal move that ``wanted`` is a copy of, if any."""
    key = _face_key(wanted)
    return next((a for a in view.legal if _face_key(a) == key), None)


def cut_aims(view: PlayerView) -> list[int]:
    """The cuts the viewer may make now (none when it is not the viewer's cut)."""
    return sorted(a.aim for a in view.legal if isinstance(a, Cut))


def cut(view: PlayerView, share: float | None, rng: random.Random) -> Cut | None:
    """Cut ``share`` of the way along the pack, or anywhere for None (a click); None when
    there is nothing to cut. The engine adds its own wobble to the count."""
    aims = cut_aims(view)
    if not aims:
        return None
    if share is None:
        return Cut(rng.choice(aims))
    return Cut(min(aims, key=lambda a: abs(a - share * (aims[-1] + 1))))


def from_pile(view: PlayerView, pile: Pile, rng: random.Random) -> Action | None:
    """A pile clicked or dragged to the hand: draw, take, or (the stock while cutting) cut."""
    if pile == "stock" and view.phase == Phase.CUT:
        return cut(view, None, rng)
    return DrawStock() if pile == "stock" else TakeDiscard()


def draws_from(view: PlayerView, pile: Pile) -> bool:
    """Whether the viewer may draw from ``pile`` now: a drag of it lights the staging
    area, where the card drawn can be staged at once."""
    return _offered(view, DrawStock() if pile == "stock" else TakeDiscard()) is not None


def discard(view: PlayerView, cards: Sequence[int]) -> Discard | Nudge:
    """Throw the one card chosen; with none chosen and one card left in the hand, that card
    (the going-out discard needs no selecting first)."""
    if not cards and len(view.hand) == 1:
        cards = view.hand
    return Discard(cards[0]) if len(cards) == 1 else ONE_CARD


def click_discard(view: PlayerView, chosen: Sequence[int]) -> Action | Nudge:
    """The discard pile clicked: call it in a call window, throw the chosen card, end a turn
    that has nothing left to throw, or else take the top card."""
    if view.phase == Phase.CALL:
        return Call()
    if view.phase == Phase.PLAY and chosen:
        return discard(view, chosen)
    if view.phase == Phase.PLAY and any(isinstance(a, EndTurn) for a in view.legal):
        return EndTurn()
    return TakeDiscard()


def release(view: PlayerView, cards: Sequence[int], meld: int) -> ReleaseJoker | None:
    """The joker release that ``cards`` dropped on table meld ``meld`` make, when it is
    legal; for a pair dropped on a group holding a joker, the attempt anyway, so that its
    refusal says why. None when the drop is no release at all (then it is a tack)."""
    target = view.table[meld].meld
    if not target.joker_positions() or not 1 <= len(cards) <= 2 or any(
            is_joker(c) for c in cards):
        return None
    attempt = ReleaseJoker(tuple(cards), meld)
    legal = _offered(view, attempt)
    if isinstance(legal, ReleaseJoker):
        mine = list(cards)
        ordered = []
        for card in legal.cards:  # the player's cards, in the order the engine gave
            copy = next(c for c in mine if face_of(c) == face_of(card))
            mine.remove(copy)
            ordered.append(copy)
        return ReleaseJoker(tuple(ordered), meld)
    if target.is_run or len(cards) == 1:
        return None
    return attempt


def _ends(view: PlayerView, meld: int, end: str) -> tuple[End, ...]:
    """The ends to try, the half the cards were dropped on first (a group has none)."""
    if not view.table[meld].meld.is_run or not end:
        return (End.NONE,)
    return End(end), HIGH if end == LOW else LOW


def tack_order(view: PlayerView, cards: Sequence[int], meld: int, end: str) -> list[int]:
    """Several cards dropped on a meld go on one at a time, nearest the meld first."""
    low = view.table[meld].meld.is_run and end == LOW
    return sorted(cards, key=sort_key_rank, reverse=low)


def tack(view: PlayerView, card: int, meld: int, end: str) -> TackOn | ShiftJoker:
    """``card`` dropped on ``end`` of table meld ``meld``: tacked on there, or at the other
    end if it fits only there, or shifting a joker along, whichever is legal."""
    ends = _ends(view, meld, end)
    tries: list[TackOn | ShiftJoker] = [TackOn(card, meld, e) for e in ends]
    tries += [ShiftJoker(card, meld, e) for e in ends if e]
    for attempt in tries:
        if _offered(view, attempt) is not None:
            return attempt
    return tries[0]


def targets(view: PlayerView, cards: Sequence[int]) -> tuple[frozenset[int], bool]:
    """The table melds ``cards`` may join (a tack, a shift or a joker release), and whether
    the discard pile takes them: what lights up under a drag."""
    faces = {face_of(c) for c in cards}
    dragged = sorted(faces) if len(faces) == len(cards) else None
    freed = view.freed_joker
    melds = {a.meld for a in view.legal if isinstance(a, TackOn | ShiftJoker)
             and face_of(a.card) in faces and (a.card != freed or freed in cards)}
    melds |= {a.meld for a in view.legal if isinstance(a, ReleaseJoker)
              and sorted(face_of(c) for c in a.cards) == dragged}
    takes = len(cards) == 1 and any(isinstance(a, Discard) and face_of(a.card) in faces
                                    for a in view.legal)
    return frozenset(melds), takes
