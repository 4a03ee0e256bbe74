"""A position of a match: every fact that decides what happens next, declared in one place.

:class:`Position` is the state the game machine works on (:class:`~kalooki.engine.state.Game`
is the door to it). Its constructor is public, so a test, or the sampler of hidden cards,
builds a position by naming it, field by field; a new match starts from
:meth:`Game.new <kalooki.engine.state.Game.new>`.

Each field declares, in its metadata (:class:`Declared`), how it is copied, who sees it,
whether the state hash covers it and when it starts afresh (each match, deal or turn).
:meth:`Position.clone`, :func:`state_digest`, a player's view
(:mod:`kalooki.engine.state`) and the sampler (:mod:`kalooki.engine.sampling`) are all
made from those declarations, so a new field is declared once and each of them follows.
"""

from __future__ import annotations

import dataclasses
import hashlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Self

from kalooki.engine.deal import DealResult, Phase, TableMeld
from kalooki.engine.events import Event
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet


class Copy(Enum):
    """How :meth:`Position.clone` copies a field so that a copy shares nothing it changes."""

    VALUE = "value"
    """An immutable value (a number, a tuple, the rule set): shared."""
    LIST = "list"
    """A list of immutable values: a new list."""
    LISTS = "lists"
    """A list of lists (the hands): new lists at both levels."""
    TABLE = "table"
    """The table's melds: each :class:`TableMeld` anew (a tack replaces its meld)."""
    RNG = "rng"
    """The chance stream: a generator at the same state."""


class Seen(Enum):
    """Who sees a field in a :class:`~kalooki.engine.view.PlayerView`."""

    ALL = "all"
    """Everyone, under the field's own name (a list as a tuple)."""
    OWN_TURN = "own-turn"
    """The turn player only; the others see the field's default."""
    NOBODY = "nobody"
    """No view holds it (hidden cards, the chance stream, bookkeeping); what a view shows
    of it is worked out by a view field of its own (``hand``, ``stock_count``)."""


class Scope(Enum):
    """When a field starts afresh, at its default (per-player lists at their start)."""

    MATCH = "match"
    DEAL = "deal"
    TURN = "turn"
    """Reset as each turn begins (and each deal)."""


@dataclass(frozen=True)
class Declared:
    """What a field of :class:`Position` is, for everything made from the fields."""

    copy: Copy = Copy.VALUE
    seen: Seen = Seen.NOBODY
    scope: Scope = Scope.MATCH
    hashed: bool = True
    """Covered by the state digest: it decides what can happen next."""
    since: int = 2
    """The first digest version that covers it: a field added later is hashed from a new
    version on, so the digests records already hold stay as they are."""
    per_player: Callable[[], Any] | None = None
    """For a per-player list: each player's start value (the list gets one per seat)."""


def declare(default: Any = dataclasses.MISSING, *, factory: Callable[[], Any] | None = None,
            copy: Copy = Copy.VALUE, seen: Seen = Seen.NOBODY, scope: Scope = Scope.MATCH,
            hashed: bool = True, per_player: Callable[[], Any] | None = None,
            since: int = 2) -> Any:
    """A field of :class:`Position` with its declaration."""
    metadata = {"declared": Declared(copy, seen, scope, hashed, since, per_player)}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


_ALL, _OWN, _DEAL, _TURN = Seen.ALL, Seen.OWN_TURN, Scope.DEAL, Scope.TURN

HASH_VERSION = 2
"""The state digest new records keep. 1: the digest before every deciding field was
hashed (no discarder, pack order, cut count, turn count, deal results, players or rules);
records written with it say so (a record without ``hash_version``, a save of format 2 or
older) and are checked with it, so old saves replay and keep their digests."""


@dataclass(eq=False, repr=False, kw_only=True)
class Position:
    """Every field of a match in progress. Per-player lists left empty start at zero (no
    points, nobody out or down, no calls, no cards)."""

    rules: RuleSet = declare(seen=_ALL)
    players: int = declare(seen=_ALL)
    seed: int = declare(0, hashed=False)
    """What the match was started from (the chance stream carries on from it)."""
    rng: Rng = declare(factory=lambda: Rng(0), copy=Copy.RNG)
    """All chance of the match (the cut's wobble, reshuffles, a random call winner)."""
    actions_applied: int = declare(0, hashed=False)
    """A count of the moves made, for the record; it decides nothing."""
    start_events: tuple[Event, ...] = declare((), hashed=False)
    """What happened as the match was set up (the first deal, unless a cut comes first)."""
    hash_version: int = declare(HASH_VERSION, hashed=False)
    """Which state digest this game's record keeps (:func:`state_digest`): a game replayed
    from an older record goes on with that record's digest."""

    # -- the match ---------------------------------------------------------------
    deal_no: int = declare(1, seen=_ALL)
    dealer: int = declare(0, seen=_ALL)
    totals: list[int] = declare(factory=list, copy=Copy.LIST, seen=_ALL, per_player=int)
    out: list[bool] = declare(factory=list, copy=Copy.LIST, seen=_ALL, per_player=bool)
    """Players eliminated from the match (elimination games)."""
    buy_ins_used: list[int] = declare(factory=list, copy=Copy.LIST, seen=_ALL,
                                      per_player=int)
    buy_in_queue: list[int] = declare(factory=list, copy=Copy.LIST)
    """Players over the limit still to answer a buy-in offer, in order."""
    results: list[DealResult] = declare(factory=list, copy=Copy.LIST, seen=_ALL)
    """Every deal so far, void ones too (how many voids run decides a redeal)."""
    phase: Phase = declare(Phase.CUT, seen=_ALL)
    to_act: int | None = declare(None, seen=_ALL)
    """The one seat asked to act; None once the match is over."""

    # -- the deal ----------------------------------------------------------------
    deck_order: tuple[int, ...] = declare((), scope=_DEAL)
    """The shuffled pack before the deal (what a cut lifts from)."""
    hands: list[list[int]] = declare(factory=list, copy=Copy.LISTS, scope=_DEAL,
                                     per_player=list)
    stock: list[int] = declare(factory=list, copy=Copy.LIST, scope=_DEAL)
    """Face down; the last card is the top."""
    discard: list[int] = declare(factory=list, copy=Copy.LIST, seen=_ALL, scope=_DEAL)
    """Face up; the last card is the top."""
    table: list[TableMeld] = declare(factory=list, copy=Copy.TABLE, seen=_ALL, scope=_DEAL)
    down: list[bool] = declare(factory=list, copy=Copy.LIST, seen=_ALL, scope=_DEAL,
                               per_player=bool)
    """Players who have laid their contract (or opened) this deal."""
    calls_made: list[int] = declare(factory=list, copy=Copy.LIST, seen=_ALL, scope=_DEAL,
                                    per_player=int)
    cut_count: int | None = declare(None, scope=_DEAL)
    """How many cards the cut lifted (the cut bonus was judged on it)."""
    cut_bonus_won: bool = declare(False, scope=_DEAL)
    reshuffles: int = declare(0, scope=_DEAL)
    """New stocks made from the discards this deal."""
    turns: int = declare(0, scope=_DEAL)
    """Turns begun this deal (:data:`~kalooki.engine.rules.TURN_CEILING` ends a deal)."""
    turn: int = declare(0, seen=_ALL, scope=_DEAL)
    """The turn player (who draws and plays; others act only in a call window)."""
    discarder: int | None = declare(None, seen=_ALL, scope=_DEAL)
    """Who discarded the card a call window is open on (no one calls their own)."""
    call_queue: list[int] = declare(factory=list, copy=Copy.LIST, scope=_DEAL)
    """Players still to say whether they call the discard, in priority order."""
    callers: list[int] = declare(factory=list, copy=Copy.LIST, scope=_DEAL)
    caller: int | None = declare(None, seen=_ALL, scope=_DEAL)
    """The caller who won the call, while the turn player decides on it."""

    # -- this turn ---------------------------------------------------------------
    discard_dead: bool = declare(False, seen=_ALL, scope=_TURN)
    """A call was allowed: the turn player draws from the stock."""
    took_discard: int | None = declare(None, seen=_ALL, scope=_TURN)
    meld_owed: bool = declare(False, seen=_OWN, scope=_TURN)
    """Took the discard under ``must-meld``: a lay-down is owed before anything else."""
    freed_joker: int | None = declare(None, seen=_OWN, scope=_TURN)
    """A joker freed this turn that must still be placed (``released_joker_must_be_used``)."""
    went_down_now: bool = declare(False, seen=_OWN, scope=_TURN)
    laid_now: bool = declare(False, scope=_TURN)
    tacked_others_now: bool = declare(False, scope=_TURN)
    """Added to another player's meld this turn (the going-out bonus may forbid it)."""

    def __post_init__(self) -> None:
        n = self.players
        for name, start in _PER_PLAYER:
            if not getattr(self, name):
                setattr(self, name, [start() for _ in range(n)])
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
        self._offered: tuple[tuple[object, ...], int] | None = None
        """The moves last listed whole for the seat to act (outside the play phase: a
        draw, a call, an allowance, a buy-in), and the seat: each was judged legal when
        listed, so applying one of them needs no second judgement."""

    def _start_deal_fields(self) -> None:
        """A fresh deal: every deal and turn field at its start (no cards anywhere yet,
        nobody down, no calls)."""
        values = self.__dict__
        n = self.players
        for name, start in _DEAL_STARTS:
            values[name] = start(n)

    def _reset_turn_flags(self) -> None:
        self.__dict__.update(_TURN_STARTS)

    def clone(self) -> Self:
        """A cheap independent copy (search clones thousands of times): the fields copied
        in one step, then each as its declaration says, so that nothing is shared."""
        other = object.__new__(type(self))
        values = other.__dict__
        values.update(self.__dict__)
        for name in _LISTS:
            values[name] = values[name][:]
        for name in _NESTED:
            values[name] = [inner[:] for inner in values[name]]
        for name in _TABLES:
            values[name] = [TableMeld(t.owner, t.meld) for t in values[name]]
        for name in _RNGS:
            values[name] = Rng(values[name].state)
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
        """A digest of everything that decides the future; equal games hash equal. It is
        the digest of the game's record (:attr:`hash_version`)."""
        return state_digest(self, self.hash_version)


FIELDS: tuple[tuple[str, Declared], ...] = tuple(
    (f.name, f.metadata["declared"]) for f in dataclasses.fields(Position))
"""Every field of a position and its declaration, in order."""
_LISTS = tuple(name for name, d in FIELDS if d.copy is Copy.LIST)
_NESTED = tuple(name for name, d in FIELDS if d.copy is Copy.LISTS)
_TABLES = tuple(name for name, d in FIELDS if d.copy is Copy.TABLE)
_RNGS = tuple(name for name, d in FIELDS if d.copy is Copy.RNG)
_PER_PLAYER = tuple((name, d.per_player) for name, d in FIELDS if d.per_player is not None)


def _start_value(field: dataclasses.Field[Any]) -> Callable[[int], Any]:
    """How a deal or turn field starts, for ``n`` players."""
    start = field.metadata["declared"].per_player
    if start is not None:
        return lambda n: [start() for _ in range(n)]
    if field.default_factory is not dataclasses.MISSING:
        factory = field.default_factory
        return lambda n: factory()
    value = field.default
    return lambda n: value


_DEAL_STARTS = tuple((f.name, _start_value(f)) for f in dataclasses.fields(Position)
                     if f.metadata["declared"].scope in (Scope.DEAL, Scope.TURN))
_TURN_STARTS = {f.name: f.default for f in dataclasses.fields(Position)
                if f.metadata["declared"].scope is Scope.TURN}
"""Each turn field's start (immutable values, so one dict serves every position)."""
HASHED = tuple(name for name, d in FIELDS if d.hashed)
"""The fields the state digest covers (each from its ``since`` version on)."""


DIGEST_VERSIONS = (1, 2)
"""Every state digest a record may hold."""


def state_digest(position: Position, version: int = HASH_VERSION) -> str:
    """The digest of ``position`` as records of ``version`` keep it (16 hex digits)."""
    if version == 1:
        return _digest_v1(position)
    values = position.__dict__
    parts = []
    for name in _HASHED_IN.get(version) or _hashed_in(version):
        value = values[name]
        if name == "rules":
            value = _rules_key(value)
        elif name == "rng":
            value = value.state
        parts.append(f"{name}={value!r}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def _hashed_in(version: int) -> tuple[str, ...]:
    if version not in DIGEST_VERSIONS:
        raise ValueError(f"no state digest version {version}")
    names = _HASHED_IN[version] = tuple(
        name for name, d in FIELDS if d.hashed and d.since <= version)
    return names


_HASHED_IN: dict[int, tuple[str, ...]] = {}


@lru_cache(maxsize=64)
def _rules_key(rules: RuleSet) -> str:
    return hashlib.sha256(repr(rules).encode()).hexdigest()


def _digest_v1(p: Position) -> str:
    """The first state digest, as records of format 2 and older keep it (never changed)."""
    parts = [
        p.phase.value, str(p.to_act), str(p.deal_no), str(p.dealer),
        str(p.turn), str(p.rng.state), repr(p.totals), repr(p.hands),
        repr(p.stock), repr(p.discard), repr(p.down), repr(p.calls_made),
        repr([(t.owner, str(t.meld.kind), t.meld.cards, t.meld.rank) for t in p.table]),
        repr(p.call_queue), repr(p.callers), str(p.caller), str(p.reshuffles),
        str(p.discard_dead), str(p.took_discard), str(p.went_down_now),
        str(p.laid_now), str(p.tacked_others_now), str(p.cut_bonus_won),
        repr(p.out), repr(p.buy_ins_used), repr(p.buy_in_queue),
        str(p.meld_owed), str(p.freed_joker),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]
