"""A position of a match: every fact that decides what happens next, declared in one place.

:class:`Position` is the state the game machine works on (:class:`~kalooki.engine.state.Game`
adds the rules of play to it). Its constructor is public, so a test, or the sampler of
hidden cards, builds a position by naming it, field by field; a new match starts from
:meth:`Game.new <kalooki.engine.state.Game.new>`.
"""

from __future__ import annotations

import hashlib
import weakref
from dataclasses import dataclass, field
from typing import Any, Self

from kalooki.engine.deal import DealResult, Phase, TableMeld
from kalooki.engine.events import Event
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet


@dataclass(eq=False, repr=False, kw_only=True)
class Position:
    """Every field of a match in progress. Per-player lists left empty start at zero (no
    points, nobody out or down, no calls, no cards)."""

    rules: RuleSet
    players: int
    seed: int = 0
    rng: Rng = field(default_factory=lambda: Rng(0))
    """All chance of the match (the cut's wobble, reshuffles, a random call winner)."""
    actions_applied: int = 0
    start_events: list[Event] = field(default_factory=list)
    """What happened as the match was set up (the first deal, unless a cut comes first)."""

    # -- the match ---------------------------------------------------------------
    deal_no: int = 1
    dealer: int = 0
    totals: list[int] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    """Players eliminated from the match (elimination games)."""
    buy_ins_used: list[int] = field(default_factory=list)
    buy_in_queue: list[int] = field(default_factory=list)
    """Players over the limit still to answer a buy-in offer, in order."""
    results: list[DealResult] = field(default_factory=list)
    phase: Phase = Phase.CUT
    to_act: int | None = None
    """The one seat asked to act; None once the match is over."""

    # -- the deal ----------------------------------------------------------------
    deck_order: tuple[int, ...] = ()
    """The shuffled pack before the deal (what a cut lifts from)."""
    hands: list[list[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    """Face down; the last card is the top."""
    discard: list[int] = field(default_factory=list)
    """Face up; the last card is the top."""
    table: list[TableMeld] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    """Players who have laid their contract (or opened) this deal."""
    calls_made: list[int] = field(default_factory=list)
    cut_count: int | None = None
    cut_bonus_won: bool = False
    reshuffles: int = 0
    """New stocks made from the discards this deal."""
    turns: int = 0
    """Turns begun this deal (left out of :meth:`state_hash`, so saves written before it
    keep their digests: it decides nothing until :data:`TURN_CEILING`, which no played
    deal nears)."""
    turn: int = 0
    """The turn player (who draws and plays; others act only in a call window)."""
    discarder: int | None = None
    call_queue: list[int] = field(default_factory=list)
    """Players still to say whether they call the discard, in priority order."""
    callers: list[int] = field(default_factory=list)
    caller: int | None = None
    """The caller who won the call, while the turn player decides on it."""

    # -- this turn ---------------------------------------------------------------
    discard_dead: bool = False
    """A call was allowed: the turn player draws from the stock."""
    took_discard: int | None = None
    meld_owed: bool = False
    """Took the discard under ``must-meld``: a lay-down is owed before anything else."""
    freed_joker: int | None = None
    """A joker freed this turn that must still be placed (``released_joker_must_be_used``)."""
    went_down_now: bool = False
    laid_now: bool = False
    tacked_others_now: bool = False
    """Added to another player's meld this turn (the going-out bonus may forbid it)."""

    def __post_init__(self) -> None:
        n = self.players
        self.totals = self.totals or [0] * n
        self.out = self.out or [False] * n
        self.buy_ins_used = self.buy_ins_used or [0] * n
        self.hands = self.hands or [[] for _ in range(n)]
        self.down = self.down or [False] * n
        self.calls_made = self.calls_made or [0] * n
        self._forget_listings()

    def _forget_listings(self) -> None:
        """No lazy view or move list of this position outstanding (none is part of the
        state: a copy starts without them)."""
        self._pending: list[weakref.ref[Any]] = []
        """Live views and move lists of the position as it stands, settled before it
        changes (:meth:`Game.apply <kalooki.engine.state.Game.apply>`)."""
        self._vouched: tuple[object, int] | None = None
        """The move last handed out by this position's legal-move list, and the seat: it
        was judged legal when listed, so applying it needs no second judgement."""

    def _start_deal_fields(self) -> None:
        """A fresh deal: no cards anywhere yet, nobody down, no calls."""
        n = self.players
        self.deck_order = ()
        self.hands = [[] for _ in range(n)]
        self.stock = []
        self.discard = []
        self.table = []
        self.down = [False] * n
        self.calls_made = [0] * n
        self.cut_count = None
        self.cut_bonus_won = False
        self.reshuffles = 0
        self.turns = 0
        self.turn = 0
        self.discarder = None
        self.call_queue = []
        self.callers = []
        self.caller = None
        self._reset_turn_flags()

    def _reset_turn_flags(self) -> None:
        self.discard_dead = False
        self.took_discard = None
        self.meld_owed = False
        self.freed_joker = None
        self.went_down_now = False
        self.laid_now = False
        self.tacked_others_now = False

    def clone(self) -> Self:
        """A cheap independent copy (search clones thousands of times): the fields copied
        in one step, then every list copied so that nothing is shared."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.totals = self.totals[:]
        other.out = self.out[:]
        other.buy_ins_used = self.buy_ins_used[:]
        other.buy_in_queue = self.buy_in_queue[:]
        other.results = self.results[:]
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.table = [TableMeld(t.owner, t.meld) for t in self.table]
        other.down = self.down[:]
        other.calls_made = self.calls_made[:]
        other.call_queue = self.call_queue[:]
        other.callers = self.callers[:]
        other._forget_listings()
        return other

    # -- read-only helpers -------------------------------------------------------

    @property
    def contract(self) -> tuple[int, ...]:
        return self.rules.contract(self.deal_no)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size(self.deal_no)

    @property
    def over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    def next_player(self, player: int) -> int:
        """The next player to the left still in the match."""
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if not self.out[candidate]:
                return candidate
        return player  # pragma: no cover - a match always keeps one player

    @property
    def active(self) -> list[int]:
        """Players still in the match (everyone, unless players are eliminated)."""
        return [p for p in range(self.players) if not self.out[p]]

    def winners(self) -> list[int]:
        """Lowest total among players still in wins; ties share the win (only meaningful
        once the match is over)."""
        best = min(self.totals[p] for p in self.active)
        return [p for p in self.active if self.totals[p] == best]

    def cards_in_play(self) -> list[int]:
        """Every card of the deal wherever it lies (the uncut pack, hands, stock, discard,
        table)."""
        if self.phase == Phase.CUT:
            return list(self.deck_order)
        cards = [c for hand in self.hands for c in hand]
        cards += self.stock + self.discard
        cards += [c for t in self.table for c in t.meld.cards]
        return cards

    def buy_in_score(self) -> int:
        """A player buying in rejoins at the highest score of those under the limit."""
        limit = self.rules.elimination_limit
        return max((self.totals[p] for p in self.active if self.totals[p] <= limit),
                   default=0)

    def state_hash(self) -> str:
        """A digest of everything that decides the future; equal games hash equal."""
        parts = [
            self.phase.value, str(self.to_act), str(self.deal_no), str(self.dealer),
            str(self.turn), str(self.rng.state), repr(self.totals), repr(self.hands),
            repr(self.stock), repr(self.discard), repr(self.down), repr(self.calls_made),
            repr([(t.owner, str(t.meld.kind), t.meld.cards, t.meld.rank) for t in self.table]),
            repr(self.call_queue), repr(self.callers), str(self.caller), str(self.reshuffles),
            str(self.discard_dead), str(self.took_discard), str(self.went_down_now),
            str(self.laid_now), str(self.tacked_others_now), str(self.cut_bonus_won),
            repr(self.out), repr(self.buy_ins_used), repr(self.buy_in_queue),
            str(self.meld_owed), str(self.freed_joker),
        ]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]
