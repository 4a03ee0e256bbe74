"""Input at the table: the mouse and the keys, turned into the table's verbs.

Pygame events come in; hit tests over the frame's placement find what they touched; a
press becomes a drag once it moves a few pixels; a release is a click or a drop. What is
done about it is the table's business: :class:`TableVerbs` is what this module may ask
of it (the scene implements it, asking :mod:`table_gestures` what a gesture means).
Double-clicks are counted on the frame clock (:mod:`clicks`).

Where cards can be let go is a :class:`Place`, and :func:`places` lists them all with
their rects in the order a drop tries them. That list is the focus ring for keyboard
play: moving a focus over these places and letting the chosen cards go on one is the
verb a click there calls, ``drop_cards(cards, place, clicked=True)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

import pygame

from kalooki.engine.actions import Action, Allow, Call, Pass, Refuse
from kalooki.engine.melds import HIGH, LOW
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.table.keys import KeyedHand, KeyedSeats, KeyedTable, KeyFocus
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.log.book import WHEEL_ENTRIES, TableLog, log_box
from kalooki.ui.table.placement import Placement, Spot
from kalooki.ui.table.prompts import REVEAL_KEY
from kalooki.ui.widgets.clicks import DoubleClicks

DRAG_THRESHOLD = 6
"""Pixels a pressed button must move before the press becomes a drag."""


@dataclass
class Press:
    """A mouse button held down that has not yet become a drag."""

    source: Literal["card", "stock", "discard", "cut", "felt"]
    card: int | None
    pos: tuple[int, int]


@dataclass
class Drag:
    source: Literal["cards", "stock", "discard", "cut"]
    cards: list[int]
    grab: tuple[int, int]
    pos: tuple[int, int]


@dataclass(frozen=True)
class Place:
    """Where cards can be let go: the discard pile; one end of a table meld; a staged meld
    (``index``) or the staging area's free space (None); the hand, before the ``index``-th
    card (None: at the end)."""

    kind: Literal["discard", "meld", "staging", "hand"]
    index: int | None = None
    end: str = ""


class HandVerbs(KeyedHand, Protocol):
    """What input may ask of the person's hand (:class:`kalooki.ui.table.hand.Hand`)."""

    @property
    def cutting(self) -> bool: ...
    def pick_up(self, card: int) -> list[int]: ...
    def let_go(self, cards: list[int], spots: list[Spot]) -> None: ...
    def discard(self, cards: list[int]) -> None: ...
    def cut_at(self, share: float | None) -> None: ...
    def lay_down(self) -> None: ...
    def stage(self, cards: list[int], meld: int | None) -> None: ...
    def sort(self, order: str) -> None: ...


class SeatVerbs(KeyedSeats, Protocol):
    @property
    def passing(self) -> bool: ...
    def toggle_hands(self) -> None: ...


class AskingVerbs(Protocol):
    @property
    def open(self) -> bool: ...
    def pick(self, index: int) -> None: ...
    def close(self) -> None: ...


class CallVerbs(Protocol):
    def answer(self, action: Action) -> None: ...
    def hold_call(self) -> None: ...


class SharedVerbs(Protocol):
    def key(self, key: int) -> bool: ...


class TableVerbs(KeyedTable, Protocol):
    """What input may ask of the table and its rooms (the keyboard's focus asks a part
    of it)."""

    logbook: TableLog
    lesson_box: pygame.Rect

    @property
    def hand(self) -> HandVerbs: ...
    @property
    def seats(self) -> SeatVerbs: ...
    @property
    def asking(self) -> AskingVerbs: ...
    @property
    def calls(self) -> CallVerbs: ...
    @property
    def shared_calls(self) -> SharedVerbs: ...
    @property
    def result(self) -> object | None: ...
    def place_cards(self) -> None: ...
    def show_hint(self) -> None: ...
    def open_pause(self) -> None: ...
    def next_deal(self) -> None: ...


def places(layout: TableLayout, placement: Placement) -> list[tuple[Place, pygame.Rect]]:
    """Every place cards can be let go, with its rect, in the order a drop tries them."""
    found = [(Place("discard"), layout.discard.inflate(16, 16))]
    for index, rect in enumerate(placement.meld_rects):
        box = rect.inflate(8, 8)
        found.append((Place("meld", index, LOW), pygame.Rect(
            box.left, box.top, rect.centerx - box.left, box.height)))
        found.append((Place("meld", index, HIGH), pygame.Rect(
            rect.centerx, box.top, box.right - rect.centerx, box.height)))
    for index, rect in enumerate(placement.staged_rects):
        found.append((Place("staging", index), rect.inflate(12, 12).clip(layout.staging)))
    found.append((Place("staging"), layout.staging))
    found += [(Place("hand"), layout.hand), (Place("hand"), layout.prompt)]
    return found


def log_covered(table: TableVerbs) -> bool:
    """The guided game's lesson box lies over the log: it keeps still under it."""
    return table.lesson_box.colliderect(table.layout.log)


def share_along(strip: pygame.Rect, x: float) -> float:
    """How far along the spread pack ``x`` is, from 0 to 1."""
    return min(1.0, max(0.0, (x - strip.left) / max(1, strip.width)))


def drag_spots(drag: Drag, layout: TableLayout) -> list[Spot]:
    """Where the dragged cards are drawn: fanned out from the pointer."""
    width = layout.card_w
    grab = (min(drag.grab[0], width), min(drag.grab[1], round(width * 1.4)))
    step = round(width * 0.45)
    x, y = drag.pos[0] - grab[0], drag.pos[1] - grab[1]
    return [(x + i * step, y, width) for i in range(max(1, len(drag.cards)))]


class TableInput:
    def __init__(self) -> None:
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.clicks = DoubleClicks()
        self.keys = KeyFocus()
        """The keyboard's focus on the person's cards and the table's places."""
        self.pointer = (0, 0)
        """Where the mouse was last seen (a wheel event says nothing of it)."""

    def draw_focus(self, surface: pygame.Surface, table: TableVerbs) -> None:
        self.keys.draw(surface, table, places(table.layout, table.placement))

    def tick(self, dt: float) -> None:
        self.clicks.tick(dt)

    def cut_share(self, layout: TableLayout) -> float | None:
        """How far along the pack a cut drag is (None when no cut is being dragged)."""
        if self.drag is None or self.drag.source != "cut":
            return None
        return share_along(layout.cut_strip, self.drag.pos[0])

    def handle(self, event: pygame.event.Event, table: TableVerbs) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod, table)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keys.step_aside()  # the mouse is in use: the keys' focus steps aside
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if table.asking.open or (table.result is not None):
            self.press = self.drag = None
            return
        if event.type == pygame.MOUSEWHEEL and table.layout.log.collidepoint(self.pointer):
            if not log_covered(table):  # under the lesson box it keeps still
                table.logbook.scroll_in(log_box(table.layout), -event.y * WHEEL_ENTRIES)
            return
        chip = None if log_covered(table) else table.logbook.chip(log_box(table.layout))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and chip is not None \
                and chip.collidepoint(event.pos):
            table.logbook.follow()  # the "new lines ↓" chip: to the newest line
            return
        if not table.seats.at_screen:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos, table)
        elif event.type == pygame.MOUSEMOTION:
            self._move(event.pos, table)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos, table)

    # --- hit tests -------------------------------------------------------------------

    @staticmethod
    def card_at(table: TableVerbs, pos: tuple[int, int]) -> int | None:
        """The topmost of the player's own cards (hand or staged) under ``pos``."""
        mine = set(table.hand.arrangement.all_cards())
        spots = table.placement.spots
        for card in reversed(table.placement.order):
            x, y, w = spots[card]
            if card in mine and pygame.Rect(x, y, w, round(w * 1.4)).collidepoint(pos):
                return card
        return None

    @staticmethod
    def place_at(table: TableVerbs, pos: tuple[int, int], moving: list[int]) -> Place | None:
        for place, rect in places(table.layout, table.placement):
            if not rect.collidepoint(pos):
                continue
            if place.kind != "hand":
                return place
            half = table.layout.card_w // 2
            return Place("hand", len([c for left, c in table.placement.hand_xs
                                      if c not in moving and left + half < pos[0]]))
        return None

    # --- the mouse -------------------------------------------------------------------

    def _down(self, pos: tuple[int, int], table: TableVerbs) -> None:
        card = self.card_at(table, pos)
        layout = table.layout
        if table.hand.cutting and layout.cut_strip.collidepoint(pos):
            self.press = Press("cut", None, pos)
        elif card is not None:
            self.press = Press("card", card, pos)
        elif layout.stock.collidepoint(pos):
            self.press = Press("stock", None, pos)
        elif layout.discard.collidepoint(pos):
            self.press = Press("discard", None, pos)
        else:
            self.press = Press("felt", None, pos)

    def _move(self, pos: tuple[int, int], table: TableVerbs) -> None:
        if self.drag is not None:
            self.drag.pos = pos
            return
        press = self.press
        if press is None or press.source == "felt":
            return
        if abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) < DRAG_THRESHOLD:
            return
        if press.source == "card" and press.card in table.placement.spots:
            assert press.card is not None
            x, y, _ = table.placement.spots[press.card]
            grab = (press.pos[0] - x, press.pos[1] - y)
            self.drag = Drag("cards", table.hand.pick_up(press.card), grab, pos)
            table.place_cards()  # the lifted cards leave their spots
        elif press.source == "cut":
            self.drag = Drag("cut", [], (0, 0), pos)
        elif press.source in ("stock", "discard"):
            rect = table.layout.stock if press.source == "stock" else table.layout.discard
            grab = (press.pos[0] - rect.left, press.pos[1] - rect.top)
            self.drag = Drag("stock" if press.source == "stock" else "discard", [], grab, pos)
        self.press = None

    def _up(self, pos: tuple[int, int], table: TableVerbs) -> None:
        drag, press = self.drag, self.press
        self.drag = self.press = None
        if drag is not None:
            self._drop(drag, pos, table)
        elif press is not None:
            self._click(press, pos, table)

    def _click(self, press: Press, pos: tuple[int, int], table: TableVerbs) -> None:
        if press.source == "card" and press.card is not None:
            if self.clicks.click(press.card):
                table.hand.discard([press.card])
            else:
                card = press.card
                table.hand.rearrange(lambda edits: edits.toggle(card))
        elif press.source == "cut":
            table.hand.cut_at(None)
        elif press.source in ("stock", "discard") and self.clicks.click(press.source):
            return  # a double-click's second click: one gesture, drawn once
        elif press.source == "stock":
            table.hand.from_pile("stock")
        elif press.source == "discard":
            table.hand.click_discard()
        else:
            chosen = table.hand.arrangement.chosen()
            place = self.place_at(table, pos, chosen)
            if chosen and place is None:  # a click on the bare felt lets go of them
                table.hand.rearrange(HandEdits.clear_selection)
            elif chosen:
                table.hand.drop_cards(chosen, place, clicked=True)

    def _drop(self, drag: Drag, pos: tuple[int, int], table: TableVerbs) -> None:
        layout = table.layout
        if drag.source == "cut":
            if table.hand.cutting:
                table.hand.cut_at(share_along(layout.cut_strip, pos[0]))
        elif drag.source in ("stock", "discard"):
            if pos[1] >= layout.staging.top:
                table.hand.from_pile("stock" if drag.source == "stock" else "discard",
                                     self.place_at(table, pos, []))
        else:
            table.hand.let_go(drag.cards, drag_spots(drag, layout))
            table.hand.drop_cards(drag.cards, self.place_at(table, pos, drag.cards), clicked=False)

    # --- the keys --------------------------------------------------------------------

    def _key(self, key: int, mod: int, table: TableVerbs) -> None:
        if key == pygame.K_ESCAPE:
            if table.asking.open and not table.seats.passing:
                table.asking.close()
            else:
                table.open_pause()
            return
        if table.seats.passing:  # its own key; Space and Enter are told they are not
            if key in (REVEAL_KEY, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                table.asking.pick(0)
            return
        if (table.result is not None):
            if key in (pygame.K_RETURN, pygame.K_SPACE):
                table.next_deal()
            return
        if key == pygame.K_v and not table.asking.open:
            table.seats.toggle_hands()
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not table.asking.open:
            if not log_covered(table):
                table.logbook.scroll_in(log_box(table.layout),
                                        pages=-1 if key == pygame.K_PAGEUP else 1)
            return
        if table.asking.open or not table.seats.at_screen or table.shared_calls.key(key):
            return
        if table.hand.cutting and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            table.hand.cut_at(None)  # the keyboard cuts anywhere, as a click on the pack does
            return
        if self.keys.key(key, mod, table, places(table.layout, table.placement)):
            return
        if mod & pygame.KMOD_CTRL:
            if key == pygame.K_z:
                table.hand.rearrange(HandEdits.redo if mod & pygame.KMOD_SHIFT
                                else HandEdits.undo)
            elif key == pygame.K_y:
                table.hand.rearrange(HandEdits.redo)
            return
        chosen = table.hand.arrangement.chosen()
        commands: dict[int, Callable[[], object]] = {
            pygame.K_s: lambda: table.hand.sort("suit"),
            pygame.K_r: lambda: table.hand.sort("rank"),
            pygame.K_d: lambda: table.hand.from_pile("stock"),
            pygame.K_t: lambda: table.hand.from_pile("discard"),
            pygame.K_RETURN: table.hand.lay_down,
            pygame.K_x: lambda: table.hand.discard(chosen),
            pygame.K_DELETE: lambda: table.hand.discard(chosen),
            pygame.K_g: lambda: table.hand.stage(chosen, None) if chosen else None,
            pygame.K_u: lambda: table.hand.rearrange(lambda e: e.unstage(chosen)),
            pygame.K_LEFT: lambda: table.hand.rearrange(lambda e: e.shift(-1)),
            pygame.K_RIGHT: lambda: table.hand.rearrange(lambda e: e.shift(1)),
            pygame.K_c: lambda: table.calls.answer(Call()),
            pygame.K_p: lambda: table.calls.answer(Pass()),
            pygame.K_a: lambda: table.calls.answer(Allow()),
            pygame.K_f: lambda: table.calls.answer(Refuse()),
            pygame.K_SPACE: table.calls.hold_call,
            pygame.K_h: table.show_hint,
        }
        command = commands.get(key)
        if command is not None:
            command()
