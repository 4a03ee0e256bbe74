"""What one player may know: the only door through which computer players and the
table screen look at a game.

A :class:`PlayerView` holds the viewer's own hand and everything public (the table,
the discard pile, card counts, scores); it never holds another player's hidden card
or the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kalooki.engine.actions import Action
from kalooki.engine.deal import DealResult, Phase
from kalooki.engine.melds import Meld
from kalooki.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class PublicMeld:
    owner: int
    meld: Meld


@dataclass(frozen=True)
class PlayerView:
    """One player's view, built by :meth:`Game.view <kalooki.engine.state.Game.view>`
    (no slots: it fills a new view's ``__dict__`` in one step, and the tests check it
    gives every field)."""

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
    legal: tuple[Action, ...]
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


def make_view(values: dict[str, Any]) -> PlayerView:
    """``PlayerView(**values)`` at a fraction of the cost: a view is built for every move,
    and a frozen dataclass's ``__init__`` sets each of its thirty fields the slow way."""
    view = object.__new__(PlayerView)
    view.__dict__.update(values)
    return view
