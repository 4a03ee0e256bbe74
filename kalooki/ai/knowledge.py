"""What a player can work out from its own view: how far a hand is from going down,
which cards are still live, which cards fit the table, how much a card holds a hand
together. Pure functions plus one cache, shared by every level and by the hints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from kalooki.engine import solver
from kalooki.engine.cards import (
    JOKER_BASE,
    JOKER_FACE,
    MAX_JOKERS,
    face_of,
    is_joker,
    rank_of,
    suit_of,
)
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import HIGH, LOW, End, Meld, extend, opening_value
from kalooki.engine.play.predicates import others_meld_problem
from kalooki.engine.rules import RuleSet
from kalooki.engine.solver import opening
from kalooki.engine.view import PlayerView

OPENING_POINTS_PER_CARD = 7
"""A rough worth of one more card towards an opening threshold (threshold games)."""
ROUGH = -1
"""``exact_cards`` of an Evaluator that estimates every distance to opening roughly."""
_FACES = tuple(face_of(c) for c in range(JOKER_BASE + MAX_JOKERS))
"""Face of every card id: play-outs look up millions of faces."""


class Evaluator:
    """Cards still needed to go down, cached by the hand's faces: the solver is pure and
    one decision asks about many hands that differ by one card."""

    def __init__(self, rules: RuleSet, contract: tuple[int, ...],
                 exact_cards: int = ROUGH) -> None:
        self.rules = rules
        self.contract = contract
        self.exact_cards = exact_cards
        """Threshold games: distances to opening up to this many cards are exact (a
        stand-in joker for each missing card: a joker is worth the card it stands for, so a
        hand that opens with k more jokers opens with the k naturals they represent; the
        card kept for the discard is not counted, the next draw provides it); farther, the
        rough worth of the best melds."""
        self._need: dict[tuple[int, ...], int] = {}

    def need(self, hand: Sequence[int], low: int = 0, high: int | None = None) -> int:
        """``low``/``high``: bounds already known (contract games only), which make a
        search shorter, never its answer different."""
        key = tuple(sorted(map(_FACES.__getitem__, hand)))
        found = self._need.get(key)
        if found is None:
            found = self._solve(hand, low, high)
            self._need[key] = found
        return found

    def _solve(self, hand: Sequence[int], low: int, high: int | None) -> int:
        if self.rules.uses_contracts:
            return solver.cards_needed(hand, self.contract, self.rules, low, high)
        rules = self.rules
        stand_ins = [c for c in range(JOKER_BASE, JOKER_BASE + 8) if c not in hand]
        for k in range(self.exact_cards + 1):
            if opening.can_open([*hand, *stand_ins[:k]], rules):
                return k
        best = solver.best_melds(hand, rules)
        value = opening_value(best.melds, rules)
        deficit = max(0, (rules.opening_points or 0) - value)
        return max(self.exact_cards + 1, -(-deficit // OPENING_POINTS_PER_CARD))

    def least_without(self, hand: Sequence[int]) -> int:
        """A lower bound of ``need_without(hand, card)`` for every card: a card fewer never
        brings a hand closer (threshold games: nor does a rough estimate ever fall below
        its floor)."""
        now = self.need(hand)
        return now if self.rules.uses_contracts else min(now, self.exact_cards + 1)

    def need_without(self, hand: Sequence[int], card: int) -> int:
        rest = list(hand)
        rest.remove(card)
        if not self.rules.uses_contracts:
            return self.need(rest)
        now = self.need(hand)
        return self.need(rest, now, now + 1)

    def need_with(self, hand: Sequence[int], card: int) -> int:
        if not self.rules.uses_contracts:
            return self.need([*hand, card])
        now = self.need(hand)
        return self.need([*hand, card], max(0, now - 1), now)

    def outs(self, hand: Sequence[int], live: Counter[int]) -> int:
        """Live copies of the faces that would each bring ``hand`` a card closer to going
        down: how many draws help, which pairs and neighbours only hint at."""
        now = self.need(hand)
        if now == 0:
            return 0
        held = set(hand)
        count = 0
        for face, copies_left in live.items():
            if copies_left and self.need_with(hand, _stand_in(face, held)) < now:
                count += copies_left
        return count


def _stand_in(face: int, held: set[int]) -> int:
    """A card id of ``face`` that is not in the hand (the solver counts faces, but a hand
    must never hold one id twice)."""
    if face == JOKER_FACE:
        return next(c for c in range(JOKER_BASE, JOKER_BASE + MAX_JOKERS) if c not in held)
    return next(c for c in range(face, JOKER_BASE, 52) if c not in held)


def evaluator_for(view: PlayerView, current: Evaluator | None,
                  exact_cards: int = ROUGH) -> Evaluator:
    """Reuse the cache while the rules and contract stay the same."""
    if current is not None and current.rules is view.rules and current.contract == view.contract:
        return current
    return Evaluator(view.rules, view.contract, exact_cards)


def copies(rules: RuleSet, players: int, face: int) -> int:
    packs, jokers = rules.deck_for(players)
    return jokers if face == JOKER_FACE else packs


def visible_cards(view: PlayerView) -> list[int]:
    """Every card the viewer can see now: its hand, the table, the discard pile."""
    cards = list(view.hand) + list(view.discard)
    for public in view.table:
        cards.extend(public.meld.cards)
    return cards


def live_counts(view: PlayerView, also_seen: Iterable[int] = ()) -> Counter[int]:
    """Copies of each face not visible to the viewer (and not in ``also_seen``)."""
    packs, jokers = view.rules.deck_for(view.players)
    unseen = [packs] * 52 + [jokers]
    for cards in (visible_cards(view), also_seen):
        for card in cards:
            unseen[_FACES[card]] -= 1
    return Counter({face: max(0, count) for face, count in enumerate(unseen)})


def extended(meld: Meld, card: int, rules: RuleSet) -> Meld | None:
    """``meld`` with ``card`` tacked on at whichever end takes it; None if none does."""
    for end in ((LOW, HIGH) if meld.is_run else (End.NONE,)):
        try:
            return extend(meld, card, end, rules)
        except RuleError:
            continue
    return None


def fits_meld(meld: Meld, card: int, rules: RuleSet) -> bool:
    return extended(meld, card, rules) is not None


def fits_table(view: PlayerView, card: int, player: int | None = None) -> bool:
    """Whether a natural card could be tacked by ``player`` (the viewer by default) onto
    some meld on the table: their own, or another's where the rules allow it."""
    seat = view.player if player is None else player
    rules = view.rules
    return not is_joker(card) and any(
        fits_meld(t.meld, card, rules) for t in view.table
        if t.owner == seat or others_meld_problem(rules, card) is None)


Shape = tuple[list[int], list[list[int]]]
"""A hand's naturals counted by rank and by suit and rank (ranks 1..13)."""


def shape_of(hand: Sequence[int]) -> Shape:
    """Count a hand once, so asking about each of its cards is cheap."""
    by_rank = [0] * 14
    by_suit = [[0] * 14 for _ in range(4)]
    for card in hand:
        if not is_joker(card):
            rank = rank_of(card)
            by_rank[rank] += 1
            by_suit[suit_of(card)][rank] += 1
    return by_rank, by_suit


def neighbours(card: int, hand: Sequence[int], shape: Shape | None = None
               ) -> tuple[int, int, int]:
    """(same rank, same suit one apart, same suit two apart) among the other cards.
    ``shape`` is ``shape_of(hand)``, given when many cards of one hand are asked about."""
    if is_joker(card) or card not in hand:
        return _neighbours_slow(card, hand)
    by_rank, by_suit = shape or shape_of(hand)
    rank = rank_of(card)
    counts = by_suit[suit_of(card)]
    near = gap = 0
    for other in _AT_DISTANCE[rank][1]:
        near += counts[other]
    for other in _AT_DISTANCE[rank][2]:
        gap += counts[other]
    return by_rank[rank] - 1, near, gap


def _neighbours_slow(card: int, hand: Sequence[int]) -> tuple[int, int, int]:
    same = near = gap = 0
    rank, suit = rank_of(card), suit_of(card)
    for other in hand:
        if other == card or is_joker(other):
            continue
        if rank_of(other) == rank:
            same += 1
        elif suit_of(other) == suit:
            d = _rank_distance(rank, rank_of(other))
            near += d == 1
            gap += d == 2
    return same, near, gap


def _rank_distance(a: int, b: int) -> int:
    """Distance in a run, an ace counting low or high."""
    d = abs(a - b)
    if 1 in (a, b):
        d = min(d, abs(14 - max(a, b)))
    return d


def keep_value(card: int, hand: Sequence[int], live: Counter[int],
               shape: Shape | None = None) -> float:
    """How much ``card`` holds the hand together: pairs and near neighbours, weighted by
    how many of the cards that would complete them are still live."""
    same, near, gap = neighbours(card, hand, shape)
    rank, suit = rank_of(card), suit_of(card)
    partners = live[rank - 1] + live[rank + 12] + live[rank + 25] + live[rank + 38]
    base = suit * 13
    run_partners = 0
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 1 <= r <= 14:
            run_partners += live[base + (r - 1) % 13]
    return 3.0 * same + 2.0 * near + 1.0 * gap + 0.3 * (partners + run_partners) / 2


_AT_DISTANCE = [[[r for r in range(1, 14) if r != a and _rank_distance(a, r) == d]
                 for d in range(3)] for a in range(14)]
"""Ranks of one suit at run distance 0..2 from each rank (an ace counts low or high)."""


def threat(view: PlayerView) -> float:
    """0..1: how soon someone else may go out (others down, cards left, stock left)."""
    others = [p for p in range(view.players) if p != view.player]
    down = [p for p in others if view.down[p]]
    if not down:
        return 0.15 if view.stock_count > 20 else 0.3
    fewest = min(view.hand_counts[p] for p in down)
    return min(1.0, 0.5 + 0.5 / max(1, fewest - 1))
