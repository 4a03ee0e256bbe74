"""An arrangement of a hand (its melds, the cards kept back, their penalty), made from a
search's plans, and the duty to keep naturals back for a final discard."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.engine.cards import face_of, is_joker
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import Meld, make_group, make_run
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import card_points, hand_points
from kalooki.engine.solver.bits import face_at
from kalooki.engine.solver.candidates import Group, Run
from kalooki.engine.solver.hand import Hand


@dataclass(frozen=True)
class Arrangement:
    """A lay-down: the melds, the cards kept back and the penalty those would score."""

    melds: tuple[Meld, ...]
    leftover: tuple[int, ...]
    penalty: int


def build(hand: Sequence[int], plans: Sequence[Run | Group], rules: RuleSet,
          must: int | None = None) -> Arrangement:
    """Turn plans into physical melds (validated by melds.py, so every meld proposed is
    valid by construction), in the order given, and the cards left over. ``must``, a card
    the lay-down has to hold, is the first of its face to be used."""
    pool = Hand(hand)
    jokers = list(pool.joker_ids)
    if must is not None:
        same = jokers if is_joker(must) else pool.ids[face_of(must)]
        same.remove(must)
        same.insert(0, must)
    melds: list[Meld] = []
    for plan in plans:
        if isinstance(plan, Group):
            cards = ([pool.ids[f].pop(0) for f in plan.faces]
                     + [jokers.pop(0) for _ in range(plan.jokers)])
            melds.append(make_group(cards, rules))
        else:
            cards = [pool.ids[face_at(plan.suit, p)].pop(0) if plan.naturals >> p & 1
                     else jokers.pop(0) for p in range(plan.lo, plan.hi + 1)]
            melds.append(make_run(cards, rules))
    leftover = tuple(sorted([c for ids in pool.ids.values() for c in ids] + jokers))
    return Arrangement(tuple(melds), leftover, hand_points(leftover, rules))


def build_plan(hand: Sequence[int], runs: Sequence[Run], groups: Sequence[Group],
               rules: RuleSet) -> Arrangement:
    """:func:`build` in the order the contract and free searches lay their melds: groups
    by rank, then runs by suit and first position."""
    plans: list[Run | Group] = [*sorted(groups, key=lambda g: g.rank),
                                *sorted(runs, key=lambda r: (r.suit, r.lo))]
    return build(hand, plans, rules)


def with_keep(hand: Sequence[int], keep: int, rules: RuleSet,
               solve: Callable[[Sequence[int]], Arrangement | None]) -> Arrangement | None:
    """Best arrangement whose leftover holds at least ``keep`` naturals: if the free
    optimum keeps too few, some natural must stay in hand, so try each face in turn,
    cheapest first. Any such option scores at least the free optimum, and at least the
    card kept, which ends the trial early."""
    best = solve(hand)
    if best is None or keep <= 0:
        return best
    kept = sum(not is_joker(c) for c in best.leftover)
    if kept >= keep:
        return best
    found: Arrangement | None = None
    seen: set[int] = set()
    for card in sorted(hand, key=lambda c: (card_points(c, rules), -c)):
        if is_joker(card) or face_of(card) in seen:
            continue
        points = card_points(card, rules)
        if found is not None and (points >= found.penalty or found.penalty <= best.penalty):
            break
        seen.add(face_of(card))
        if best.penalty == 0 and kept + 1 >= keep:
            peeled = peel(best, face_of(card), rules)
            if peeled is not None:  # as good as any option keeping this face can be
                found = peeled
                continue
        rest = list(hand)
        rest.remove(card)
        sub = with_keep(rest, keep - 1, rules, solve)
        if sub is None:
            continue
        option = Arrangement(sub.melds, tuple(sorted((*sub.leftover, card))),
                             sub.penalty + points)
        if found is None or option.penalty < found.penalty:
            found = option
    return found


def peel(arrangement: Arrangement, face: int, rules: RuleSet) -> Arrangement | None:
    """The arrangement with one natural of ``face`` taken back into hand from a meld that
    stays valid without it (an end of a run, or a group with cards to spare), if any."""
    for i, meld in enumerate(arrangement.melds):
        cards = meld.cards
        if meld.is_run:
            tries = [j for j in (0, len(cards) - 1) if face_of(cards[j]) == face
                     and not is_joker(cards[j])]
        else:
            tries = [j for j, c in enumerate(cards) if not is_joker(c) and face_of(c) == face]
        for j in tries[:2]:
            rest = cards[:j] + cards[j + 1:]
            try:
                smaller = make_run(rest, rules) if meld.is_run else make_group(rest, rules)
            except RuleError:
                continue
            if smaller.kind != meld.kind:
                continue
            melds = (*arrangement.melds[:i], smaller, *arrangement.melds[i + 1:])
            leftover = tuple(sorted((*arrangement.leftover, cards[j])))
            return Arrangement(melds, leftover, hand_points(leftover, rules))
    return None


# --- generic search ---------------------------------------------------------
