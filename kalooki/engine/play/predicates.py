"""The rules of play as questions, one home each: pure functions of the rule set and plain
facts (a hand, who is down, whose meld), never of a whole game.

The engine's judge (:mod:`kalooki.engine.play.legality`) and its move listing ask them, and so
do the sampler of hidden cards, the table simulation and the computer players, so a house
rule means one thing wherever it is asked. A function named ``*_problem`` returns the
refusal (a :class:`RuleError`, its reason for the player) or None when the rule allows it.
"""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import is_joker
from kalooki.engine.errors import RuleError
from kalooki.engine.rules import RuleSet

# -- the end of a turn ------------------------------------------------------------------


def discardable_problem(card: int, rules: RuleSet) -> RuleError | None:
    """Whether ``card`` may be discarded at all (a joker only under ``joker_discard``)."""
    if is_joker(card) and not rules.joker_discard:
        return RuleError("joker-discard")
    return None


def may_end_without_discard(hand: Sequence[int], rules: RuleSet) -> bool:
    """A turn ends with a discard; only a hand holding nothing it may discard (jokers,
    which the rules forbid discarding) ends its turn without one."""
    return all(is_joker(c) for c in hand) and not rules.joker_discard


def keep_for_discard(rules: RuleSet) -> int:
    """Cards a lay-down or tack must leave in hand for the final discard (0 or 1)."""
    return 1 if rules.final_discard else 0


def joker_may_end(rules: RuleSet) -> bool:
    """Whether a joker may be the last card, discarded to go out."""
    return rules.joker_discard and rules.joker_final_discard


def keep_problem(rest: Sequence[int], rules: RuleSet) -> RuleError | None:
    """Whether a hand left holding ``rest`` (after a lay-down or a tack) can still end
    with a discard, when the rules want one: a card that may be the last discard (a
    natural, or a joker too when the rules let it end a hand)."""
    if not rules.final_discard:
        return None
    ends = joker_may_end(rules)
    if not rest or not (ends or any(not is_joker(c) for c in rest)):
        return RuleError("keep-a-discard", case="any" if ends else "natural")
    return None
