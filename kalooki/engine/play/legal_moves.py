"""The legal moves of a position as a lazy sequence (like python-chess's ``legal_moves``):
counting them, iterating, indexing and asking whether a move is among them cost only
what they need.

Only the lay-down is lazy: the solver's best one is searched for when it is first read,
not when the moves are listed or counted (whether there is one is a cheaper question).
The other moves are listed in full. The sequence is a snapshot: a list still alive when
its game changes is settled first (:meth:`LegalMoves.settle`), so it never shows a later
position.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from kalooki.engine.actions import Action, LayDown
from kalooki.engine.play import legality
from kalooki.engine.position import Position

UNKNOWN, NONE, FOUND = 0, 1, 2
"""What is known of the lay-down: not asked yet, there is none, there is one."""


class LegalMoves(Sequence[Action]):
    """The lay-down (first, when there is one) and then every other move, in the order
    :meth:`Moves.legal_actions <kalooki.engine.play.moves.Moves.legal_actions>` gives."""

    __slots__ = ("__weakref__", "_known", "_lay", "_moves", "_owner", "_player", "_source")

    def __init__(self, moves: list[Action], position: Position | None, player: int) -> None:
        """``moves``: every move but the lay-down. ``position``: the position the moves
        are of, where the lay-down of seat ``player`` is found (None: there is none to look
        for); it is told of each move handed out by index (:attr:`Position.vouched`), so
        that applying it needs no second judgement."""
        self._moves = moves
        self._source = position
        self._player = player
        self._lay: LayDown | None = None
        self._known = UNKNOWN if position is not None else NONE
        self._owner = position

    # -- the lay-down ------------------------------------------------------------------

    def has_lay_down(self) -> bool:
        if self._known == UNKNOWN:
            assert self._source is not None
            told = legality.lay_down_exists(self._source, self._player)
            if told is None:
                self._resolve()
            else:
                self._known = FOUND if told else NONE
        return self._known == FOUND

    def lay_down(self) -> LayDown | None:
        """The lay-down offered, built if it was not yet."""
        if self._source is not None:
            self._resolve()
        return self._lay

    def _resolve(self) -> None:
        assert self._source is not None
        lay = legality.suggested_lay_down(self._source, self._player)
        if self._known != UNKNOWN and (lay is not None) != (self._known == FOUND):
            raise AssertionError("the lay-down counted is not the lay-down found")
        self._lay = lay
        self._known = FOUND if lay is not None else NONE
        self._source = None

    def settle(self) -> None:
        """Find everything still to find, now (the position is about to change)."""
        if self._source is not None:
            self._resolve()
        self._owner = None

    # -- the sequence ------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._moves) + self.has_lay_down()

    def __bool__(self) -> bool:
        return bool(self._moves) or self.has_lay_down()

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if self._known == FOUND or (self._known == UNKNOWN and self.has_lay_down()):
            if index == 0 or index == -len(self._moves) - 1:
                action: Action | None = self.lay_down()
                assert action is not None
            else:
                action = self._moves[index - 1 if index > 0 else index]
        else:
            action = self._moves[index]
        owner = self._owner
        if owner is not None and owner.to_act is not None:
            owner._vouched = (action, owner.to_act)
        return action

    def __iter__(self) -> Iterator[Action]:
        if self.has_lay_down():
            lay = self.lay_down()
            assert lay is not None
            yield lay
        yield from self._moves

    def __contains__(self, action: object) -> bool:
        if isinstance(action, LayDown):
            return self.has_lay_down() and self.lay_down() == action
        return action in self._moves

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalMoves({list(self)!r})"
