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
    if not rules.tack_same_turn:
        return len(hand)
    keep = 1 if rules.final_discard else 0
    if rules.new_melds_after_down and hand:
        extra = solver.best_melds(hand, rules, keep=keep)
        mine.extend(extra.melds)
        hand = list(extra.leftover)
    others = [t.meld for t in view.table] if rules.tack_on_others else []
    return len(_tack_all(hand, mine, others, rules, keep))


def _tack_all(hand: list[int], mine: list[Meld], others: list[Meld], rules: RuleSet,
              keep: int) -> list[int]:
    """Tack cards greedily until nothing more fits (jokers only on one's own melds unless
    the rules say otherwise), keeping ``keep`` naturals for the discard."""
    melds = [(m, True) for m in mine] + [(m, False) for m in others]
    progress = True
    while progress:
        progress = False
        for card in sorted(hand, key=is_joker, reverse=True):
            naturals_after = sum(not is_joker(c) for c in hand if c != card)
            if naturals_after < keep:
                continue
            for i, (meld, own) in enumerate(melds):
                if is_joker(card) and not own and not rules.joker_on_others_melds:
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

