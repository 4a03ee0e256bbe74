"""The human's own cards as they lie on the screen: the hand in the order the player chose,
the melds being built in the staging area, the selection, and the hint they were readied
for. Pure data, no pygame.

The engine knows only which cards are in the hand; this arrangement follows it with
``sync`` after every event, keeping the player's order and staged melds where possible.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Snapshot:
    """An arrangement as it stood: what undo goes back to."""

    order: tuple[int, ...]
    staged: tuple[tuple[int, ...], ...]
    selected: frozenset[int]
    advice: object = None


class Arrangement:
    def __init__(self) -> None:
        self.order: list[int] = []
        self.staged: list[list[int]] = []
        self.selected: set[int] = set()
        self.advice: object = None
        """The hint the table shows over these cards (its own value, opaque here): part of
        what undo takes back, so Undo after Hint takes back the hint with the cards it
        readied."""

    def sync(self, hand: Sequence[int]) -> None:
        """Follow the engine's hand: forget cards that left it, append new ones."""
        held = set(hand)
        self.order = [c for c in self.order if c in held]
        self.staged = [[c for c in meld if c in held] for meld in self.staged]
        self.staged = [meld for meld in self.staged if meld]
        self.selected &= held
        placed = set(self.order).union(*self.staged)
        self.order.extend(c for c in hand if c not in placed)

    def snapshot(self) -> Snapshot:
        return Snapshot(tuple(self.order), tuple(tuple(meld) for meld in self.staged),
                        frozenset(self.selected), self.advice)

    def restore(self, snapshot: Snapshot) -> None:
        self.order = list(snapshot.order)
        self.staged = [list(meld) for meld in snapshot.staged]
        self.selected = set(snapshot.selected)
        self.advice = snapshot.advice

    def all_cards(self) -> list[int]:
        return self.order + [c for meld in self.staged for c in meld]

    def _held(self, cards: Sequence[int]) -> list[int]:
        """``cards`` still in the hand: a drag may outlive a card it started with."""
        held = set(self.all_cards())
        return [c for c in cards if c in held]

    def _remove(self, cards: Iterable[int]) -> None:
        moving = set(cards)
        self.order = [c for c in self.order if c not in moving]
        for meld in self.staged:  # in place: callers hold on to a target meld
            meld[:] = [c for c in meld if c not in moving]

    def _drop_empty(self) -> None:
        self.staged = [meld for meld in self.staged if meld]

    def move_to_hand(self, cards: Sequence[int], index: int | None = None) -> None:
        """Put ``cards`` (in this order) into the hand before the ``index``-th of its
        other cards (default: at the end), as a drop between two cards is told: counted
        without the cards that move, wherever they came from."""
        cards = self._held(cards)
        self._remove(cards)
        at = len(self.order) if index is None else max(0, min(index, len(self.order)))
        self.order[at:at] = list(cards)
        self._drop_empty()

    def stage(self, cards: Sequence[int], meld: int | None = None) -> None:
        """Add ``cards`` to staged meld ``meld``, or start a new staged meld."""
        cards = self._held(cards)
        if not cards:
            return
        target = self.staged[meld] if meld is not None and meld < len(self.staged) else None
        self._remove(cards)
        if target is None:
            self.staged.append(list(cards))
        else:
            target.extend(cards)
        self._drop_empty()

    def sort(self, key: Callable[[int], Any]) -> None:
        self.order.sort(key=key)

    def toggle(self, card: int) -> None:
        self.selected ^= {card}

    def advise(self, advice: object) -> None:
        """The hint shown over these cards from now on (None: none)."""
        self.advice = advice

    def choose(self, cards: Sequence[int]) -> None:
        """Exactly ``cards`` selected (a hint's card)."""
        self.selected = set(cards)

    def let_go(self, cards: Collection[int]) -> None:
        """``cards`` no longer selected (a hint's card, once its turn is past)."""
        self.selected -= set(cards)

    def stage_only(self, melds: Sequence[Sequence[int]]) -> None:
        """Exactly ``melds`` staged (a hint's lay-down), every other card in the hand, none
        selected."""
        self.move_to_hand([c for meld in self.staged for c in meld], None)
        for cards in melds:
            self.stage(cards)
        self.selected.clear()

    def chosen(self) -> list[int]:
        """The selected cards in screen order."""
        return [c for c in self.all_cards() if c in self.selected]

    def shift(self, step: int) -> None:
        """Move the selected hand cards one place left (-1) or right (+1)."""
        picked = [c for c in self.order if c in self.selected]
        if not picked:
            return
        first = self.order.index(picked[0])
        rest = [c for c in self.order if c not in self.selected]
        at = max(0, min(len(rest), first + step))
        self.order = rest[:at] + picked + rest[at:]
