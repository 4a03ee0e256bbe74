"""The frame snapshot: one small frozen value holding everything the painter draws.

The table scene builds a :class:`TableFrame` for every frame it draws
(:meth:`TableScene.frame`) from the player's view, the placement, the motion and what the
hands on the mouse are doing; :class:`table_draw.TablePainter` draws it and reads
nothing else. So the painter cannot depend on how the scene keeps its state, and a frame
can be built and checked without a window.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

import pygame

from kalooki.engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    DrawStock,
    EndTurn,
    LayDown,
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import face_of
from kalooki.engine.view import PlayerView
from kalooki.ui.hand.staging import StagedMeld
from kalooki.ui.table.gestures import draws_from, targets
from kalooki.ui.table.input import Drag, drag_spots
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.log.book import LogPage
from kalooki.ui.table.motion import Motion, Sprite
from kalooki.ui.table.placement import Placement
from kalooki.words import Said


@dataclass(frozen=True)
class Lit:
    """Where dragged cards (or the freed joker) may go, outlined: table melds, the discard
    pile, the staging area, and the freed joker itself."""

    melds: tuple[pygame.Rect, ...] = ()
    discard: bool = False
    staging: bool = False
    card: pygame.Rect | None = None


@dataclass(frozen=True)
class Marks:
    """Cards and places to light, where they are drawn."""

    cards: tuple[pygame.Rect, ...] = ()
    places: tuple[pygame.Rect, ...] = ()


@dataclass(frozen=True)
class TableFrame:
    layout: TableLayout
    view: PlayerView
    names: tuple[str, ...]
    open_hands: Mapping[int, tuple[int, ...]]
    """Opponents' hands drawn face up (a watched match), by seat."""
    levels: tuple[str, ...]
    at_screen: bool
    """A person plays the viewer's seat: the prompts speak to them."""
    melds_owner: str | None
    """Whose melds the viewer's box holds, named when several people share the screen
    (None: "Your melds"; "": no one's, while the screen is covered)."""
    callers: tuple[int, ...]
    """The people of the shared call window open now (several people at one screen)."""
    cards: tuple[Sprite, ...]
    """The placed cards in drawing order, the moving ones last."""
    flights: tuple[Sprite, ...]
    dragged: tuple[Sprite, ...]
    lit: Lit
    staged: tuple[tuple[StagedMeld, pygame.Rect], ...]
    ready: bool
    """The staged melds make a legal lay-down."""
    lay_problem: Said
    cut: tuple[int, float | None] | None
    """While the viewer cuts: the pack's size, and how far along it a cut drag is."""
    hint_reason: Said | None
    hint_cards: tuple[pygame.Rect, ...]
    hint_places: tuple[pygame.Rect, ...]
    taught: Marks
    """What the guided game's lesson on screen talks about, lit."""
    call_asked: bool
    """The person at the screen is asked whether to call (their window, not passed)."""
    call_seconds: int | None
    """The call countdown's number (the Call button shows the same); None while held."""
    log: LogPage
    """The log's entries on screen, wrapped to the panel (worded as drawn)."""
    toast: Said
    banner: Said
    lesson_box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where the guided game's lesson box lies over the table (empty: none)."""


def dragged_sprites(drag: Drag | None, layout: TableLayout,
                    view: PlayerView) -> tuple[Sprite, ...]:
    """The cards under the pointer: the dragged hand cards, or a pile's top card."""
    if drag is None or drag.source == "cut":
        return ()
    spots = drag_spots(drag, layout)
    if drag.source == "cards":
        return tuple(Sprite(face_of(card), x, y, width, shadow=True)
                     for card, (x, y, width) in zip(drag.cards, spots, strict=False))
    top = view.top_discard
    face = face_of(top) if drag.source == "discard" and top is not None else None
    x, y, width = spots[0]
    return (Sprite(face, x, y, width, shadow=True),)


def lit(drag: Drag | None, view: PlayerView, layout: TableLayout,
        placement: Placement) -> Lit:
    freed = view.freed_joker
    if drag is None and freed is not None and freed in placement.spots:
        melds, _ = targets(view, [freed])
        x, y, width = placement.spots[freed]
        return Lit(tuple(placement.meld_rects[i] for i in sorted(melds)),
                   card=pygame.Rect(x, y, width, round(width * 1.4)))
    if drag is not None and drag.source == "cards":
        melds, discard = targets(view, drag.cards)
        return Lit(tuple(placement.meld_rects[i] for i in sorted(melds)), discard, True)
    if drag is not None and drag.source in ("stock", "discard"):
        return Lit(staging=draws_from(view, "stock" if drag.source == "stock" else "discard"))
    return Lit()


def hinted_card(action: Action | None) -> int | None:
    """The card a hint to discard selects, so X discards it. A card to put on a table meld
    is not selected: X, the next key, would discard it instead."""
    return action.card if isinstance(action, Discard) else None


def hint_marks(action: Action | None, layout: TableLayout, placement: Placement,
               motion: Motion, buttons: Mapping[str, pygame.Rect]
               ) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
    """The hinted cards, where they are drawn, and the places to outline (piles, melds,
    the shown buttons by name)."""
    if action is None:
        return (), ()
    places: list[pygame.Rect] = []
    cards: set[int] = set()
    if isinstance(action, DrawStock):
        places.append(layout.stock)
    elif isinstance(action, TakeDiscard | EndTurn):
        places.append(layout.discard)
    elif isinstance(action, Discard):
        cards.add(action.card)
        places.append(layout.discard)
    elif isinstance(action, LayDown):
        cards.update(c for spec in action.melds for c in spec.cards)
    elif isinstance(action, TackOn | ShiftJoker | ReleaseJoker):
        cards.update(action.cards if isinstance(action, ReleaseJoker) else (action.card,))
        if 0 <= action.meld < len(placement.meld_rects):
            places.append(placement.meld_rects[action.meld])
    else:
        name = {Call: "call", Pass: "pass", Allow: "allow", Refuse: "refuse"}.get(
            type(action))
        if name is not None and name in buttons:
            places.append(buttons[name])
    return card_rects(cards, placement, motion), tuple(places)


def card_rects(cards: Collection[int], placement: Placement,
               motion: Motion) -> tuple[pygame.Rect, ...]:
    """Where ``cards`` are drawn now (those on the table or in the hand)."""
    rects = []
    for card in cards:
        if card in motion.pos and card in placement.spots:
            x, y = motion.drawn_at(card)
            width = placement.spots[card][2]
            rects.append(pygame.Rect(round(x), round(y), width, round(width * 1.4)))
    return tuple(rects)


@dataclass(frozen=True)
class Lights:
    """What a lesson lights on the table for the person: cards of their hand, melds on
    the table (by index), and places by name: ``stock``, ``discard``, ``staging`` and
    the table's buttons (``lay``, ``call``, ``pass``, ``allow``, ``refuse``), the
    ``pack`` the dealer cuts and the sidebar's ``contract``. The table's
    painter outlines them; a lesson only names them."""

    cards: frozenset[int] = frozenset()
    melds: frozenset[int] = frozenset()
    places: frozenset[str] = frozenset()


def lesson_marks(lights: Lights, layout: TableLayout, placement: Placement, motion: Motion,
                 buttons: Mapping[str, pygame.Rect]) -> Marks:
    """A lesson's lights where they are on screen: its cards, the melds it names and its
    places (the piles, the pack being cut, the staging area, the shown buttons by name)."""
    spots = {"stock": layout.stock, "discard": layout.discard, "staging": layout.staging,
             "pack": layout.cut_strip, "contract": layout.contract, **buttons}
    melds = [placement.meld_rects[i] for i in sorted(lights.melds)
             if 0 <= i < len(placement.meld_rects)]
    return Marks(card_rects(lights.cards, placement, motion),
                 (*melds, *(spots[name] for name in sorted(lights.places) if name in spots)))
