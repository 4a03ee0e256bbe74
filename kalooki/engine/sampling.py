"""Determinisation: a whole engine :class:`Game` built from one player's view, the cards
that player cannot see dealt at random.

Search over hidden information (as in OpenSpiel's re-sampling for imperfect-information
games) plays moves out in many such sampled deals. A sampled game agrees with everything
the view shows (own hand, table, discard pile, counts, flags, call state, scores) and
with what the viewer has worked out (:class:`Known`: cards an opponent took and still
holds). Everything else about the hidden cards is uniform, so a sample can never carry
information the viewer does not have: it is built from the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kalooki.engine.cards import build_deck
from kalooki.engine.deal import Phase, TableMeld
from kalooki.engine.play.predicates import call_candidates
from kalooki.engine.position import FIELDS, Copy, Seen
from kalooki.engine.rng import Rng
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView

SOME_OPPONENT = -1
"""Holder of a card known to be in an opponent's hand, not known whose."""


@dataclass(frozen=True)
class Known:
    """What the viewer remembers beyond its view (kept by a card tracker)."""

    held: Mapping[int, int] = field(default_factory=dict)
    """card -> the opponent known to hold it (or :data:`SOME_OPPONENT`)."""
    reshuffles: int = 0
    """Times the stock has been rebuilt this deal (the view shows no such count)."""
    tacked_others_now: bool = False
    """The viewer, in its own turn, has added to another player's meld."""


def unseen_cards(view: PlayerView) -> list[int]:
    """Every card of the deal the viewer cannot see (other hands and the stock)."""
    packs, jokers = view.rules.deck_for(view.players)
    seen = list(view.hand) + list(view.discard)
    for public in view.table:
        seen.extend(public.meld.cards)
    left = set(build_deck(packs, jokers))
    left.difference_update(seen)
    return sorted(left)


def sample_game(view: PlayerView, rng: Rng, known: Known | None = None) -> Game:
    """A game consistent with ``view`` (and ``known``), hidden cards dealt from ``rng``.

    ``sample_game(v, rng).view(v.player) == v`` for any view ``v``. Every field a view
    shows is taken from it (:func:`shown_fields`); the hidden ones are dealt (hands,
    stock, the uncut pack), remembered (``known``) or rebuilt (the call queue); the rest are
    not recoverable from a view and take their defaults: a dealer's cut bonus still to be
    scored (False), the cut count, the deal's turn count, the game's seed and the callers
    of a random-priority call window still open.
    """
    known = known or Known()
    n = view.players
    me = view.player
    mine = view.turn == me
    # a new game's chance stream, once it has drawn its dealer and shuffled its first pack
    fresh = Game.new(view.rules, n, rng.next_u64())
    deck_order: tuple[int, ...] = ()
    hands: list[list[int]] = []
    stock: list[int] = []
    if view.phase == Phase.CUT:
        deck = build_deck(*view.rules.deck_for(n))
        rng.shuffle(deck)
        deck_order = tuple(deck)
    else:
        hands = _deal_hidden(view, rng, known)
        hands[me] = list(view.hand)
        stock = hands.pop()  # the stock rides along as an extra "hand"
    in_turn = mine and view.phase != Phase.CUT
    return Game(
        **shown_fields(view), seed=fresh.seed, rng=fresh.rng, reshuffles=known.reshuffles,
        deck_order=deck_order, hands=hands, stock=stock,
        call_queue=_call_queue(view) if view.phase == Phase.CALL else [],
        laid_now=in_turn and view.went_down_now,
        tacked_others_now=in_turn and known.tacked_others_now,
    )


def shown_fields(view: PlayerView) -> dict[str, Any]:
    """Every field of the position that ``view`` shows (as the position declares it), in
    the position's own form: lists for tuples, table melds for public ones."""
    values: dict[str, Any] = {}
    for name, declared in FIELDS:
        if declared.seen is Seen.NOBODY:
            continue
        value = getattr(view, name)
        if declared.copy is Copy.TABLE:
            value = [TableMeld(t.owner, t.meld) for t in value]
        elif declared.copy is Copy.LIST:
            value = list(value)
        values[name] = value
    return values


def _deal_hidden(view: PlayerView, rng: Rng, known: Known) -> list[list[int]]:
    """Hands for every seat plus the stock as a last entry: known cards to their holders
    (while they have room), the rest of the unseen cards shuffled into the gaps."""
    n = view.players
    me = view.player
    room = [0 if p == me else view.hand_counts[p] for p in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    unseen = unseen_cards(view)
    hidden = set(unseen)
    loose: list[int] = []
    for card in sorted(known.held):
        holder = known.held[card]
        if card not in hidden:
            continue
        if 0 <= holder < n and holder != me and len(hands[holder]) < room[holder]:
            hands[holder].append(card)
        elif holder == SOME_OPPONENT or (0 <= holder < n and holder != me):
            loose.append(card)
    for card in loose:
        open_seats = [p for p in range(n) if len(hands[p]) < room[p]]
        if open_seats:
            hands[open_seats[rng.below(len(open_seats))]].append(card)
    placed = {c for h in hands for c in h}
    pool = [c for c in unseen if c not in placed]
    rng.shuffle(pool)
    for p in range(n):
        gap = room[p] - len(hands[p])
        hands[p].extend(pool[:gap])
        del pool[:gap]
    hands.append(pool)
    return hands


def _call_queue(view: PlayerView) -> list[int]:
    """The players still to answer an open call window, rebuilt as the engine built it
    when the card was discarded (nobody's down flag or call count changes inside it)."""
    n = view.players
    assert view.discarder is not None  # a window is open on a discard
    queue = call_candidates(view.rules, n, view.turn, view.discarder, view.down,
                            view.calls_made, view.out or (False,) * n)
    if view.to_act in queue:
        return queue[queue.index(view.to_act):]
    return [view.to_act] if view.to_act is not None else []
