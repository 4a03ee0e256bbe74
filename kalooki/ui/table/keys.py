"""Playing at the table by keyboard alone: a focus on one of the person's own cards (the
hand left to right, or the staged melds' cards) or on one place of the table (the stock,
the discard pile, either end of a table meld, a staged meld, the staging area's free
space).

← and → walk the row in focus; ↑ and ↓ go from row to row as they lie on the screen:
the table's places, the staged cards (when some are staged), the hand;
Space chooses (or lets go of) the card in focus; Enter on a place does what a click there
does with the chosen cards (draw from the stock, take or discard on the pile, tack on a
meld, stage). The letters keep their own work (D draws, X discards, G stages…). The focus
is drawn only while the keys are in use: a mouse press hides it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import pygame

from kalooki.ui.hand.arrangement import Arrangement
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.table.gestures import Pile
from kalooki.ui.table.layout import TableLayout
from kalooki.ui.table.placement import Placement

Row = Literal["table", "staged", "cards"]
ROWS: tuple[Row, ...] = ("table", "staged", "cards")
"""The rows top to bottom: ↓ from the staged cards goes to the hand, not nowhere."""


class KeyedHand(Protocol):
    """What the focus may ask of the person's hand (:class:`kalooki.ui.table.hand.Hand`)."""

    @property
    def arrangement(self) -> Arrangement: ...
    def rearrange(self, change: Callable[[HandEdits], object]) -> None: ...
    def from_pile(self, pile: Pile, place: Any = None) -> None: ...
    def click_discard(self) -> None: ...
    def drop_cards(self, cards: list[int], place: Any, clicked: bool) -> None: ...


class KeyedSeats(Protocol):
    @property
    def at_screen(self) -> bool: ...


class KeyedTable(Protocol):
    """What the focus may ask of the table (:class:`table_input.TableVerbs` is more)."""

    layout: TableLayout
    placement: Placement

    @property
    def hand(self) -> KeyedHand: ...
    @property
    def seats(self) -> KeyedSeats: ...


Spots = Sequence[tuple[Any, pygame.Rect]]
"""The table's places (a :class:`table_input.Place` each) with their rects."""

FOCUS_COLOUR = (255, 255, 250)
"""As the window's focus ring (:mod:`focus`): brighter than every gold of the table."""
_WIDTH = 3
_MOVES = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


@dataclass
class KeyFocus:
    row: Row = "cards"
    index: int = 0
    shown: bool = False

    def targets(self, table: KeyedTable, places: Spots) -> list[tuple[object, pygame.Rect]]:
        """What the row in focus holds, left to right, with where each is drawn."""
        return self._row(self.row, table, places)

    @staticmethod
    def _row(row: Row, table: KeyedTable,
             places: Spots) -> list[tuple[object, pygame.Rect]]:
        if row != "table":
            spots, arrangement = table.placement.spots, table.hand.arrangement
            cards = (arrangement.order if row == "cards"
                     else [card for meld in arrangement.staged for card in meld])
            return [(card, pygame.Rect(spots[card][0], spots[card][1], spots[card][2],
                                       round(spots[card][2] * 1.4)))
                    for card in cards if card in spots]
        found: list[tuple[object, pygame.Rect]] = [("stock", table.layout.stock.inflate(8, 8))]
        found += [(place, rect) for place, rect in places if place.kind != "hand"]
        return found

    def current(self, table: KeyedTable, places: Spots) -> tuple[object, pygame.Rect] | None:
        """The card or place in focus (None when the row is empty)."""
        found = self.targets(table, places)
        if not found and self.row == "staged":  # laid or put back: the hand is below
            self.row, self.index = "cards", 0
            found = self.targets(table, places)
        if not found:
            return None
        self.index = max(0, min(len(found) - 1, self.index))
        return found[self.index]

    def step_aside(self) -> None:
        """The mouse is in use: the keys' focus is not drawn until a key is used."""
        self.shown = False

    def key(self, key: int, mod: int, table: KeyedTable, places: Spots) -> bool:
        """Answer the focus keys; True when ``key`` was one of them and is used up."""
        if key in _MOVES and not mod & pygame.KMOD_SHIFT:
            if self.shown:
                self.index += _MOVES[key]
                self.current(table, places)
            self.shown = True
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            rows = [row for row in ROWS
                    if row != "staged" or row == self.row or self._row(row, table, places)]
            at = rows.index(self.row) + (1 if key == pygame.K_DOWN else -1)
            row = rows[max(0, min(len(rows) - 1, at))]
            if row != self.row:
                self.row, self.index = row, 0
            self.shown = True
            return True
        if not self.shown:
            return False
        focused = self.current(table, places)
        if key == pygame.K_SPACE and self.row != "table" and focused is not None:
            card = focused[0]
            assert isinstance(card, int)
            table.hand.rearrange(lambda edits: edits.toggle(card))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row == "table" \
                and focused is not None:
            self._use(focused[0], table)
            return True
        return False

    @staticmethod
    def _use(target: object, table: KeyedTable) -> None:
        """What a click on ``target`` does (see :meth:`TableInput._click`)."""
        chosen = table.hand.arrangement.chosen()
        if target == "stock":
            table.hand.from_pile("stock")
        elif getattr(target, "kind", None) == "discard":
            table.hand.click_discard()
        elif chosen:
            table.hand.drop_cards(chosen, target, clicked=True)

    def draw(self, surface: pygame.Surface, table: KeyedTable, places: Spots) -> None:
        if not self.shown or not table.seats.at_screen:
            return
        focused = self.current(table, places)
        if focused is not None:
            pygame.draw.rect(surface, FOCUS_COLOUR, focused[1].inflate(6, 6), _WIDTH,
                             border_radius=8)
