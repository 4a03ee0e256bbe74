"""What one player may know: the only door through which computer players and the
table screen look at a game.

A :class:`PlayerView` holds the viewer's own hand and everything public (the table,
the discard pile, card counts, scores); it never holds another player's hidden card
or the order of the stock.

A game's views are lazy: :func:`live_view` fills a field when it is first read, from the
game as it stands; a view still alive when its game is about to change is filled whole
first (:func:`settle_view`), so a view always shows the moment it was asked for. A
player that reads only the legal moves pays for nothing else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from kalooki.engine.actions import Action
from kalooki.engine.deal import DealResult, Phase
from kalooki.engine.melds import Meld
from kalooki.engine.play.legal_moves import LegalMoves
from kalooki.engine.position import FIELDS, Copy, Position, Seen
from kalooki.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class PublicMeld:
    owner: int
    meld: Meld


@dataclass(frozen=True, eq=False)
class PlayerView:
    """One player's view, built by :meth:`Game.view <kalooki.engine.state.Game.view>`
    (no slots: a game's view is a :func:`live_view` that fills its ``__dict__`` as its
    fields are read). Views are equal when every field is, however they were built."""

    player: int
    rules: RuleSet
    players: int
    deal_no: int
    dealer: int
    contract: tuple[int, ...]
    phase: Phase
    turn: int
    to_act: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    table: tuple[PublicMeld, ...]
    discard: tuple[int, ...]
    stock_count: int
    down: tuple[bool, ...]
    calls_made: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]
    discarder: int | None
    caller: int | None
    discard_dead: bool
    took_discard: int | None
    went_down_now: bool
    legal: Sequence[Action]
    """A tuple, or a game's lazy :class:`~kalooki.engine.play.legal_moves.LegalMoves`."""
    out: tuple[bool, ...] = ()
    """Players eliminated from the match (elimination games); empty means nobody."""
    buy_ins_used: tuple[int, ...] = ()
    rejoin_score: int | None = None
    """During a buy-in offer: the total a player who buys in rejoins at."""
    meld_owed: bool = False
    """The viewer took the discard under ``must-meld`` and still owes a lay-down."""
    freed_joker: int | None = None
    """A joker the viewer freed this turn and must still place."""

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.player

    @property
    def top_discard(self) -> int | None:
        return self.discard[-1] if self.discard else None


    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in _FIELDS])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self is other or self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())


_FIELDS = tuple(f.name for f in fields(PlayerView))

Maker = Callable[[Any, int], object]
"""How one field of a view is found: from the game and the viewer's seat."""


def shown_fields() -> dict[str, Maker]:
    """How a view finds each field of the position it shows (:class:`Seen`): under the
    field's name, a list as a tuple, the table's melds as :class:`PublicMeld`; a field
    the turn player alone sees shows its default to the others."""
    makers: dict[str, Maker] = {}
    defaults = {f.name: f.default for f in dataclasses.fields(Position)}
    for name, declared in FIELDS:
        if declared.seen is Seen.NOBODY:
            continue
        if declared.seen is Seen.OWN_TURN:
            makers[name] = _own_turn(name, defaults[name])
        else:
            makers[name] = _shown(name, declared.copy)
    return makers


def _shown(name: str, copy: Copy) -> Maker:
    def table(game: Any, player: int) -> object:
        return tuple([PublicMeld(t.owner, t.meld) for t in getattr(game, name)])

    def listed(game: Any, player: int) -> object:
        return tuple(getattr(game, name))

    def value(game: Any, player: int) -> object:
        return getattr(game, name)
    return table if copy is Copy.TABLE else listed if copy is Copy.LIST else value


def _own_turn(name: str, default: object) -> Maker:
    def make(game: Any, player: int) -> object:
        return getattr(game, name) if game.turn == player else default
    return make


class _Lazy:
    """A field filled on first reading (a non-data descriptor: once the value is in the
    view's ``__dict__``, reading it costs what reading any attribute does)."""

    __slots__ = ("make", "name")

    def __init__(self, name: str, make: Maker) -> None:
        self.name = name
        self.make = make

    def __get__(self, view: object, owner: type | None = None) -> object:
        if view is None:
            return self
        values = view.__dict__
        value = values[self.name] = self.make(values["_game"], values["player"])
        return value


_LIVE: dict[int, type[PlayerView]] = {}
"""The view class of each table of makers, by the table's id."""
_KEEP: list[object] = []


def live_view(game: object, player: int, makers: Mapping[str, Maker]) -> PlayerView:
    """``player``'s view of ``game``, every other field found by its maker when first
    read (the game must not change before :func:`settle_view`)."""
    kind = _LIVE.get(id(makers))
    if kind is None:
        kind = _LIVE[id(makers)] = type(
            "LivePlayerView", (PlayerView,),
            {name: _Lazy(name, make) for name, make in makers.items()})
        _KEEP.append(makers)  # its id stays its own
    view = object.__new__(kind)
    values = view.__dict__
    values["player"] = player
    values["_game"] = game
    return view


def settle_view(view: PlayerView) -> None:
    """Fill every field still unread, from the game as it stands, and let the game go."""
    values = view.__dict__
    if "_game" not in values:
        return
    for name in _FIELDS:
        if name not in values:
            getattr(view, name)
    legal = values["legal"]
    if isinstance(legal, LegalMoves):
        legal.settle()
    del values["_game"]


def view_fields(view: PlayerView) -> dict[str, Any]:
    """Every field of ``view`` by name (what ``PlayerView(**...)`` takes)."""
    return {name: getattr(view, name) for name in _FIELDS}
