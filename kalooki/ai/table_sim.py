"""Look one lay-down ahead without the engine: which cards would still be in hand after
laying these melds, any further melds and every tack the table then allows. A computer
player has only its view, so it builds and checks melds itself with melds.py."""

from __future__ import annotations

from kalooki.ai.knowledge import extended
from kalooki.engine import solver
from kalooki.engine.actions import LayDown
from kalooki.engine.cards import is_joker
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import Meld, declared_meld
from kalooki.engine.play.predicates import (
    keep_for_discard,
    keep_problem,
    may_add_to_table,
    new_melds_problem,
    others_meld_problem,
)
from kalooki.engine.rules import RuleSet
from kalooki.engine.view import PlayerView


def cards_left_after(view: PlayerView, lay: LayDown) -> int:
    """Cards in hand after ``lay`` (a first lay-down), further melds and all tacks.
    Returns the hand size when the lay-down is not valid."""
    rules = view.rules
    hand = list(view.hand)
    try:
        mine: list[Meld] = []
        for spec in lay.melds:
            for card in spec.cards:
                hand.remove(card)
            mine.append(declared_meld(spec.kind, spec.cards, rules))
    except (RuleError, ValueError):
        return len(view.hand)
    if not may_add_to_table(rules, down=True, went_down_now=True):
        return len(hand)
    if new_melds_problem(rules) is None and hand:
        extra = solver.best_melds(hand, rules, keep=keep_for_discard(rules))
        mine.extend(extra.melds)
        hand = list(extra.leftover)
    return len(_tack_all(hand, mine, [t.meld for t in view.table], rules))


def may_tack(rules: RuleSet, hand: list[int], card: int, own: bool) -> bool:
    """Whether ``card`` may leave ``hand`` for a meld (the player's ``own`` or another's),
    as far as the rules go: the engine's own questions, so the simulation plays by them."""
    if not own and others_meld_problem(rules, card) is not None:
        return False
    return keep_problem([c for c in hand if c != card], rules) is None


def _tack_all(hand: list[int], mine: list[Meld], others: list[Meld],
              rules: RuleSet) -> list[int]:
    """Tack cards greedily (jokers first) until nothing more fits or may go."""
    melds = [(m, True) for m in mine] + [(m, False) for m in others]
    progress = True
    while progress:
        progress = False
        for card in sorted(hand, key=is_joker, reverse=True):
            for i, (meld, own) in enumerate(melds):
                if not may_tack(rules, hand, card, own):
                    continue
                grown = extended(meld, card, rules)
                if grown is not None:
                    melds[i] = (grown, own)
                    hand.remove(card)
                    progress = True
                    break
            if progress:
                break
    return hand

