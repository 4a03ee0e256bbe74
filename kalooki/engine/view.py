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
from kalooki.engine.melds import Meld
from kalooki.engine.rules import RuleSet
from kalooki.engine.state import DealResult, Game, Phase


@dataclass(frozen=True, slots=True)
class PublicMeld:
    owner: int
    meld: Meld


@dataclass(frozen=True)
class PlayerView:
    """One player's view (no slots: :func:`view_of` fills a new view's ``__dict__`` in one
    step, and the tests check it gives every field)."""

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


_BUY_IN = Phase.BUY_IN  # found once (see state.py)


def view_of(game: Game, player: int) -> PlayerView:
    """Build ``player``'s view of ``game``. Finished deals' hands are public (they were
    shown at scoring), so results are shared whole."""
    own_turn = game.turn == player
    return _make_view({
        "player": player,
        "rules": game.rules,
        "players": game.players,
        "deal_no": game.deal_no,
        "dealer": game.dealer,
        "contract": game.contract,
        "phase": game.phase,
        "turn": game.turn,
        "to_act": game.to_act,
        "hand": tuple(game.hands[player]),
        "hand_counts": tuple([len(h) for h in game.hands]),
        "table": tuple([PublicMeld(t.owner, t.meld) for t in game.table]),
        "discard": tuple(game.discard),
        "stock_count": len(game.stock),
        "down": tuple(game.down),
        "calls_made": tuple(game.calls_made),
        "totals": tuple(game.totals),
        "results": tuple(game.results),
        "discarder": game.discarder,
        "caller": game.caller,
        "discard_dead": game.discard_dead,
        "took_discard": game.took_discard,
        "went_down_now": game.went_down_now and own_turn,
        "legal": tuple(game.legal_actions(player)),
        "out": tuple(game.out),
        "rejoin_score": game.buy_in_score() if game.phase == _BUY_IN else None,
        "buy_ins_used": tuple(game.buy_ins_used),
        "meld_owed": game.meld_owed and own_turn,
        "freed_joker": game.freed_joker if own_turn else None,
    })


def _make_view(values: dict[str, Any]) -> PlayerView:
    """``PlayerView(**values)`` at a fraction of the cost: a view is built for every move,
    and a frozen dataclass's ``__init__`` sets each of its thirty fields the slow way."""
    view = object.__new__(PlayerView)
    view.__dict__.update(values)
    return view
