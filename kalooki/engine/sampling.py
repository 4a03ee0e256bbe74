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

from kalooki.engine.cards import build_deck
from kalooki.engine.deal import Phase, TableMeld
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

    ``sample_game(v, rng).view(v.player) == v`` for any view ``v``. Not recoverable from
    a view, and set to their usual values: a dealer's cut bonus still to be scored
    (False), the cut count, the game's seed and the callers of a random-priority call
    window still open.
    """
    known = known or Known()
    game = Game.new(view.rules, view.players, rng.next_u64())  # every field, then ours
    n = view.players
    me = view.player
    game.deal_no = view.deal_no
    game.dealer = view.dealer
    game.totals = list(view.totals)
    game.out = list(view.out) if view.out else [False] * n
    game.buy_ins_used = list(view.buy_ins_used) if view.buy_ins_used else [0] * n
    game.buy_in_queue = []
    game.results = list(view.results)
    game._start_deal_fields()
    game.phase = view.phase
    game.to_act = view.to_act
    game.turn = view.turn
    game.discarder = view.discarder
    game.caller = view.caller
    game.reshuffles = known.reshuffles
    if view.phase == Phase.CUT:
        packs, jokers = view.rules.deck_for(n)
        deck = build_deck(packs, jokers)
        rng.shuffle(deck)
        game.deck_order = tuple(deck)
        return game
    game.hands = _deal_hidden(view, rng, known)
    game.hands[me] = list(view.hand)
    pool = game.hands.pop()  # the stock rides along as an extra "hand"
    game.stock = pool
    game.discard = list(view.discard)
    game.table = [TableMeld(t.owner, t.meld) for t in view.table]
    game.down = list(view.down)
    game.calls_made = list(view.calls_made)
    game.call_queue = _call_queue(view) if view.phase == Phase.CALL else []
    game.discard_dead = view.discard_dead
    game.took_discard = view.took_discard
    mine = view.turn == me
    game.went_down_now = view.went_down_now and mine
    game.laid_now = game.went_down_now
    game.tacked_others_now = known.tacked_others_now and mine
    game.meld_owed = view.meld_owed and mine
    game.freed_joker = view.freed_joker if mine else None
    return game


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
    out = view.out or (False,) * n
    queue = []
    for step in range(1, n):
        candidate = (view.turn + step) % n
        if candidate == view.discarder or out[candidate]:
            continue
        if not view.down[candidate] and view.calls_made[candidate] < view.rules.max_calls:
            queue.append(candidate)
    if view.to_act in queue:
        return queue[queue.index(view.to_act):]
    return [view.to_act] if view.to_act is not None else []
