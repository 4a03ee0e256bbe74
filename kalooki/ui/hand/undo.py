"""Undo and redo of what the person has not yet played: the gestures that only rearrange
their own cards (selecting, staging, unstaging, reordering, sorting, a hint readying
them). The engine never hears of these, so their history is the table's; a move
committed to the engine ends it (a played card cannot come back).

Pure: the history holds :class:`~kalooki.ui.hand.arrangement.Snapshot` values, the table
takes one before and after each gesture and restores the one undo or redo hands back.
"""

from __future__ import annotations

from kalooki.ui.hand.arrangement import Snapshot

UNDO_LIMIT = 200
"""Gestures kept; a turn never comes near it, and older ones are let go."""


class UndoHistory:
    def __init__(self, limit: int = UNDO_LIMIT) -> None:
        self.limit = limit
        self._past: list[Snapshot] = []
        self._future: list[Snapshot] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def note(self, before: Snapshot, after: Snapshot) -> None:
        """A gesture took the arrangement from ``before`` to ``after``; one that changed
        nothing is no step, and a new step forgets what had been undone."""
        if before == after:
            return
        self._past.append(before)
        del self._past[:-self.limit]
        self._future.clear()

    def undo(self, now: Snapshot) -> Snapshot | None:
        """The arrangement before the last gesture (None: nothing to undo)."""
        if not self._past:
            return None
        self._future.append(now)
        return self._past.pop()

    def redo(self, now: Snapshot) -> Snapshot | None:
        """The arrangement the last undo left (None: nothing to redo)."""
        if not self._future:
            return None
        self._past.append(now)
        return self._future.pop()

    def clear(self) -> None:
        self._past.clear()
        self._future.clear()
