"""The person's own cards as they arrange them at the table, every gesture an undoable
step: selecting, staging, unstaging, reordering, sorting, and a hint shown with the cards
it readies. None of these reaches the engine; a move that does (a discard, a lay-down, a
draw) ends the history, since a played card cannot come back. Pure: no pygame, no view;
the table asks, then places the cards.

Also kept here: the cards that just came into the hand (drawn, taken, won by a call),
marked until the person's next move, so the newcomer is easy to find.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from kalooki.ui.hand.arrangement import Arrangement, Snapshot
from kalooki.ui.hand.undo import UndoHistory


class HandEdits:
    def __init__(self) -> None:
        self.arrangement = Arrangement()
        self.history = UndoHistory()
        self.fresh: frozenset[int] = frozenset()
        """Cards that came into the hand with the last move, until the person's next."""
        self._lifted: Snapshot | None = None
        """The arrangement before a drag picked a card up: the drop is one step with it."""

    def _step(self, change: Callable[[Arrangement], object]) -> None:
        before = self._lifted if self._lifted is not None else self.arrangement.snapshot()
        self._lifted = None
        change(self.arrangement)
        self.history.note(before, self.arrangement.snapshot())

    # --- gestures ------------------------------------------------------------------------

    def toggle(self, card: int) -> None:
        self._step(lambda a: a.toggle(card))

    def clear_selection(self) -> None:
        self._step(lambda a: a.selected.clear())

    def advise(self, advice: object,
               ready: Callable[[Arrangement], object] | None = None) -> None:
        """Show ``advice`` (the table's hint) with the cards ``ready`` readies for it (its
        card selected, its melds staged), as one step: undo takes both back, redo brings
        both again."""
        def change(a: Arrangement) -> None:
            a.advise(advice)
            if ready is not None:
                ready(a)
        self._step(change)

    def drop_advice(self, chosen: Collection[int] = ()) -> None:
        """The game moved on: the hint shown is no longer (no step, nothing to undo), nor
        the cards it chose (``chosen``): a card still lit after the turn it was suggested
        for reads as still suggested. Other cards the person chose stay chosen."""
        self.arrangement.advise(None)
        self.arrangement.let_go(chosen)

    def shift(self, step: int) -> None:
        self._step(lambda a: a.shift(step))

    def sort(self, key: Callable[[int], Any]) -> None:
        self._step(lambda a: a.sort(key))

    def stage(self, cards: Sequence[int], meld: int | None) -> None:
        def change(a: Arrangement) -> None:
            a.stage(cards, meld)
            a.selected.clear()
        self._step(change)

    def to_hand(self, cards: Sequence[int], index: int | None) -> None:
        self._step(lambda a: a.move_to_hand(cards, index))

    def arrived(self) -> list[int]:
        """The cards that just came in, in the hand's order."""
        return [c for c in self.arrangement.order if c in self.fresh]

    def land(self, index: int) -> None:
        """The cards that just came in (a pile dragged to the hand) go where they were let
        go, before the ``index``-th of the other hand cards: part of the draw, which the
        engine made, so no step to undo."""
        self.arrangement.move_to_hand(self.arrived(), index)

    def unstage(self, cards: Sequence[int]) -> None:
        """Back to the end of the hand: the staged ones of ``cards``, or the meld staged
        last when none is chosen (every staged meld at once undid more than a press
        means); cards already in the hand keep their place."""
        staged = [c for meld in self.arrangement.staged for c in meld]
        last = list(self.arrangement.staged[-1]) if self.arrangement.staged else []
        back = [c for c in cards if c in staged] if cards else last
        if back:
            self.to_hand(back, None)

    def lift(self, card: int) -> list[int]:
        """A drag picks up the selection when ``card`` is one of it, else ``card`` alone
        (a card the hint or an earlier click left selected does not ride along on a drag
        of another card); the cards it carries."""
        if self._lifted is None:
            self._lifted = self.arrangement.snapshot()
        selected = self.arrangement.selected
        if card not in selected:
            selected.clear()
            selected.add(card)
        return self.arrangement.chosen()

    def settle(self) -> None:
        """A drag ended: what it changed (at least the selection) is one step."""
        if self._lifted is not None:
            self._step(lambda a: None)

    # --- undo, redo, and the engine's moves ------------------------------------------------

    def undo(self) -> bool:
        return self._travel(self.history.undo)

    def redo(self) -> bool:
        return self._travel(self.history.redo)

    def _travel(self, move: Callable[[Snapshot], Snapshot | None]) -> bool:
        self.settle()
        found = move(self.arrangement.snapshot())
        if found is None:
            return False
        self.arrangement.restore(found)
        return True

    def committed(self) -> None:
        """The person made a move the engine took: nothing before it can be undone."""
        self.history.clear()
        self._lifted = None
        self.fresh = frozenset()

    def follow(self, hand: Sequence[int], dealt: bool) -> None:
        """Follow the engine's hand after a move. Cards that came in are marked fresh
        (unless the move ``dealt`` a whole new hand) and end the history, whose steps
        never held them."""
        before = set(self.arrangement.all_cards())
        self.arrangement.sync(hand)
        held = set(hand)
        arrived = held - before
        if arrived or before - held:
            self.history.clear()
            self._lifted = None
        if arrived:
            self.fresh = frozenset() if dealt else frozenset(arrived)
        self.fresh &= held
