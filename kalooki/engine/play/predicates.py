"""The rules of play as questions, one home each: pure functions of the rule set and plain
facts (a hand, who is down, whose meld), never of a whole game.

The engine's judge (:mod:`kalooki.engine.play.legality`) and its move listing ask them, and so
do the sampler of hidden cards, the table simulation and the computer players, so a house
rule means one thing wherever it is asked. A function named ``*_problem`` returns the
refusal (a :class:`RuleError`, its reason for the player) or None when the rule allows it.
"""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.actions import Action, ReleaseJoker, ShiftJoker, TackOn
from kalooki.engine.cards import JOKER_BASE, is_joker
from kalooki.engine.errors import RuleError
from kalooki.engine.rules import RuleSet
from kalooki.engine.rules.choices import DiscardTake

# -- the end of a turn ------------------------------------------------------------------


def may_discard(card: int, rules: RuleSet) -> bool:
    """Whether ``card`` may be discarded at all (a joker only under ``joker_discard``)."""
    return not is_joker(card) or rules.joker_discard


def discardable_problem(card: int, rules: RuleSet) -> RuleError | None:
    """:func:`may_discard`, with the reason when not."""
    return None if may_discard(card, rules) else RuleError("joker-discard")


def may_end_without_discard(hand: Sequence[int], rules: RuleSet) -> bool:
    """A turn ends with a discard; only a hand holding nothing it may discard (jokers,
    which the rules forbid discarding) ends its turn without one."""
    return not rules.joker_discard and all(c >= JOKER_BASE for c in hand)  # all jokers


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
    ends = rules.joker_discard and rules.joker_final_discard  # joker_may_end, inline
    if not rest or not (ends or any(not is_joker(c) for c in rest)):
        return RuleError("keep-a-discard", case="any" if ends else "natural")
    return None


# -- taking the discard ------------------------------------------------------------------

_NOT_WHEN_DOWN, _MUST_MELD = DiscardTake.NOT_WHEN_DOWN, DiscardTake.MUST_MELD
"""The members found once: Python 3.11 does not cache looking one up on its enum class,
and every draw asks."""


def take_problem(rules: RuleSet, down: bool) -> RuleError | None:
    """Whether a player (``down`` or not) may take the top discard as their draw at all;
    under ``must-meld`` the hand must also be able to lay with it (:func:`take_obliges_meld`)."""
    if down and rules.discard_take == _NOT_WHEN_DOWN:
        return RuleError("down-draws-stock")
    return None


def take_obliges_meld(rules: RuleSet) -> bool:
    """Whether taking the discard (or refusing a call for it) owes a lay-down that turn."""
    return rules.discard_take == _MUST_MELD


# -- calls --------------------------------------------------------------------------------


def call_candidates(rules: RuleSet, players: int, turn: int, discarder: int,
                    down: Sequence[bool], calls_made: Sequence[int],
                    out: Sequence[bool]) -> list[int]:
    """Who may call the card ``discarder`` has just thrown, in the order they are asked
    (the nearest after the turn player first): every player still in who is not down and
    has calls left, but the discarder and the turn player, whose draw it would be."""
    if not rules.calls_enabled:
        return []
    most = rules.max_calls
    return [seat for step in range(1, players)
            if (seat := (turn + step) % players) != discarder and not out[seat]
            and not down[seat] and calls_made[seat] < most]


def must_allow(rules: RuleSet, turn_player_down: bool) -> bool:
    """Whether the turn player must allow a call (a down player, unless the rules let a
    down player refuse)."""
    return turn_player_down and not rules.down_player_may_refuse


# -- adding to the table ------------------------------------------------------------------


def may_add_to_table(rules: RuleSet, down: bool, went_down_now: bool) -> bool:
    """Whether a player may lay further melds or tack on now: being down, and not on the
    turn of going down unless ``tack_same_turn``."""
    return down and not (went_down_now and not rules.tack_same_turn)


def add_to_table_problem(rules: RuleSet, down: bool, went_down_now: bool) -> RuleError | None:
    """:func:`may_add_to_table`, with the reason when not."""
    if may_add_to_table(rules, down, went_down_now):
        return None
    if not down:
        return RuleError("not-down", case="contract" if rules.uses_contracts else "opening")
    if went_down_now and not rules.tack_same_turn:
        return RuleError("tack-next-turn")
    return None


def new_melds_problem(rules: RuleSet) -> RuleError | None:
    """Whether a player already down may lay new melds (else only tack)."""
    return None if rules.new_melds_after_down else RuleError("no-new-melds")


def others_meld_problem(rules: RuleSet, card: int) -> RuleError | None:
    """Whether ``card`` may be tacked onto another player's meld."""
    if not rules.tack_on_others:
        return RuleError("own-melds-only")
    if is_joker(card) and not rules.joker_on_others_melds:
        return RuleError("joker-own-melds")
    return None


def tacks_on_others(rules: RuleSet, action: Action, player: int, owner: int) -> bool:
    """Whether ``action`` by ``player`` on ``owner``'s meld adds to another player's meld
    (what the going-out bonus may forbid): a tack or a joker's release there, a joker's
    shift when it counts as tacking."""
    if owner == player:
        return False
    if isinstance(action, ShiftJoker):
        return rules.joker_shift_is_tacking
    return isinstance(action, TackOn | ReleaseJoker)


def shift_problem(rules: RuleSet, player: int, owner: int) -> RuleError | None:
    """Whether ``player`` may shift a joker in ``owner``'s run, as far as whose it is."""
    if owner != player and rules.joker_shift_is_tacking and not rules.tack_on_others:
        return RuleError("own-melds-only")
    return None


def release_owner_problem(rules: RuleSet, player: int, owner: int) -> RuleError | None:
    """Whether ``player`` may free a joker from ``owner``'s meld, as far as whose it is."""
    if owner != player and not rules.tack_on_others:
        return RuleError("own-melds-only")
    return None
