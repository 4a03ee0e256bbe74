"""What may be done in a position, and why not: every refusal the rules make, with the
reason a player reads, and the lay-down the solver would offer.

:meth:`Legality.why_illegal` is the one judge: the state machine asks it before it applies
any action, and listing the legal moves (:mod:`kalooki.engine.play.moves`) asks it of every
candidate move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kalooki.engine import solver
from kalooki.engine.actions import (
    Action,
    Allow,
    BuyIn,
    Call,
    Cut,
    Discard,
    DrawStock,
    DropOut,
    EndTurn,
    LayDown,
    MeldSpec,
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import face_of
from kalooki.engine.deal import Phase, TableMeld
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import (
    HIGH,
    LOW,
    RUN_KIND,
    End,
    Meld,
    check_contract,
    declared_meld,
    extend,
    opening_value,
    release_joker,
    shift_joker,
)
from kalooki.engine.play import predicates
from kalooki.engine.position import Position
from kalooki.engine.solver import opening

_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN, _MATCH_OVER = Phase.PLAY, Phase.BUY_IN, Phase.MATCH_OVER
"""The members found once: Python 3.11 does not cache looking one up on its enum class
(about 0.2 µs), and a move asks for phases several times."""


def is_legal(pos: Position, action: Action, player: int) -> bool:
    return why_illegal(pos, action, player) is None


def why_illegal(pos: Position, action: Action, player: int) -> RuleError | None:
    """The reason ``action`` by seat ``player`` is refused; None when it is legal.
    Only the seat to act may act: any other is told whose turn it is (``seat``)."""
    if pos.phase == _MATCH_OVER or pos.to_act is None:
        return RuleError("match-over")
    if player != pos.to_act:
        return RuleError("not-your-turn", seat=pos.to_act)
    checker = _CHECKS.get(type(action))
    if checker is None:
        return RuleError("bad-action", case="move", text=str(action))
    return checker(pos, player, action)


def _phase_problem(pos: Position, *phases: Phase) -> RuleError | None:
    phase = pos.phase
    if phase in phases:
        return None
    return RuleError("wrong-phase", case=(
        "cut" if phase == _CUT else "draw" if phase == _DRAW else "call" if phase == _CALL
        else "allow" if phase == _ALLOW else "play" if phase == _PLAY
        else "buy_in" if phase == _BUY_IN else "over"))


def _cut_problem(pos: Position, player: int, action: Cut) -> RuleError | None:
    problem = _phase_problem(pos, _CUT)
    if problem is None and not 1 <= action.aim < len(pos.deck_order):
        problem = RuleError("bad-cut", count=len(pos.deck_order) - 1)
    return problem


def _draw_problem(pos: Position, player: int, action: DrawStock) -> RuleError | None:
    return _phase_problem(pos, _DRAW)


def take_problem(pos: Position, player: int, action: TakeDiscard | None = None) -> RuleError | None:
    problem = _phase_problem(pos, _DRAW)
    if problem:
        return problem
    if not pos.discard:
        return RuleError("discard-empty")
    if pos.discard_dead:
        return RuleError("discard-dead")
    return (predicates.take_problem(pos.rules, pos.down[player])
            or _must_meld_problem(pos, player, pos.discard[-1]))


def _must_meld_problem(pos: Position, player: int, card: int) -> RuleError | None:
    """Under ``must-meld``, the discard may be taken only by a hand that can then lay."""
    if not predicates.take_obliges_meld(pos.rules):
        return None
    must = card if pos.rules.discard_take_card_in_meld else None
    found = _best_lay(pos, player, [*pos.hands[player], card], must)
    if found is None or not found.melds:
        return RuleError("take-cannot-meld", case=(
            "card" if must is not None else "meld" if pos.down[player]
            else "opening" if not pos.rules.uses_contracts else "contract"))
    return None


def _call_problem(pos: Position, player: int, action: Call | Pass) -> RuleError | None:
    return _phase_problem(pos, _CALL)


def allow_problem(pos: Position, player: int, action: Allow | Refuse) -> RuleError | None:
    problem = _phase_problem(pos, _ALLOW)
    if problem is None and isinstance(action, Refuse):
        return _must_meld_problem(pos, player, pos.discard[-1])
    return problem


def _buy_in_problem(pos: Position, player: int, action: BuyIn | DropOut) -> RuleError | None:
    return _phase_problem(pos, _BUY_IN)


def can_add_to_table(pos: Position, player: int) -> bool:
    """Whether ``player`` may lay new melds or tack on right now (being down)."""
    return predicates.may_add_to_table(pos.rules, pos.down[player], pos.went_down_now)


def _may_add_to_table(pos: Position, player: int) -> RuleError | None:
    """:func:`can_add_to_table`, with the reason when not (listing moves asks the question
    without building a refusal)."""
    return predicates.add_to_table_problem(pos.rules, pos.down[player], pos.went_down_now)


def _keep_problem(pos: Position, player: int, leaving: Sequence[int]) -> RuleError | None:
    """A final discard is required: the cards kept must include one that may be the
    last discard (:func:`predicates.keep_problem`)."""
    if not pos.rules.final_discard:
        return None
    rest = list(pos.hands[player])
    for card in leaving:
        rest.remove(card)
    return predicates.keep_problem(rest, pos.rules)


def _owed_problem(pos: Position, player: int) -> RuleError | None:
    """Refuse any move but placing what is owed (a freed joker, a meld after a take)."""
    if pos.freed_joker is not None:
        return RuleError("use-freed-joker")
    if pos.meld_owed:
        return RuleError("must-meld")
    return None


def _lay_problem(pos: Position, player: int, action: LayDown) -> RuleError | None:
    problem = _phase_problem(pos, _PLAY)
    if problem:
        return problem
    try:
        melds = declared_melds(pos, player, action.melds)
    except RuleError as error:
        return error
    owed = owed_card(pos)
    if owed is not None and not any(owed in m.cards for m in melds):
        return RuleError("must-meld-card", card=owed)
    if pos.down[player]:
        problem = _may_add_to_table(pos, player) or predicates.new_melds_problem(pos.rules)
        if problem:
            return problem
    elif pos.rules.uses_contracts:
        try:
            check_contract(melds, pos.contract, pos.rules, pos.deal_no)
        except RuleError as error:
            return error
    else:
        problem = _opening_problem(pos, melds)
        if problem:
            return problem
    return _keep_problem(pos, player, [c for m in melds for c in m.cards])


def _opening_problem(pos: Position, melds: Sequence[Meld]) -> RuleError | None:
    threshold = pos.rules.opening_points or 0
    value = opening_value(melds, pos.rules)
    if value < threshold:
        return RuleError("opening-short", count=value, needed=threshold)
    if pos.rules.opening_pure_run and not any(
            m.kind == RUN_KIND and not m.joker_positions() for m in melds):
        return RuleError("opening-pure-run")
    return None


def declared_melds(pos: Position, player: int, specs: Sequence[MeldSpec]) -> list[Meld]:
    if not specs:
        raise RuleError("empty-lay")
    hand = list(pos.hands[player])
    for spec in specs:
        for card in spec.cards:
            if card not in hand:
                raise RuleError("card-not-in-hand", case="twice", card=card)
            hand.remove(card)
    return [declared_meld(spec.kind, spec.cards, pos.rules) for spec in specs]


def _table_meld(pos: Position, index: int) -> TableMeld:
    if not 0 <= index < len(pos.table):
        raise RuleError("no-such-meld")
    return pos.table[index]


def tack_problem(pos: Position, player: int, action: TackOn) -> RuleError | None:
    problem = _phase_problem(pos, _PLAY) or _may_add_to_table(pos, player)
    if problem:
        return problem
    if action.card != pos.freed_joker:
        problem = _owed_problem(pos, player)
        if problem:
            return problem
    elif pos.rules.released_joker_new_meld:
        return RuleError("freed-joker-new-meld")
    if action.card not in pos.hands[player]:
        return RuleError("card-not-in-hand", case="single", card=action.card)
    try:
        target = _table_meld(pos, action.meld)
        if target.owner != player:
            problem = predicates.others_meld_problem(pos.rules, action.card)
            if problem:
                return problem
        extend(target.meld, action.card, action.end, pos.rules)
    except RuleError as error:
        return error
    return _keep_problem(pos, player, [action.card])


def shift_problem(pos: Position, player: int, action: ShiftJoker) -> RuleError | None:
    problem = (_phase_problem(pos, _PLAY) or _may_add_to_table(pos, player)
               or _owed_problem(pos, player))
    if problem:
        return problem
    if action.card not in pos.hands[player]:
        return RuleError("card-not-in-hand", case="single", card=action.card)
    try:
        target = _table_meld(pos, action.meld)
        problem = predicates.shift_problem(pos.rules, player, target.owner)
        if problem:
            return problem
        shift_joker(target.meld, action.card, action.end, pos.rules)
    except RuleError as error:
        return error
    return _keep_problem(pos, player, [action.card])


def release_problem(pos: Position, player: int, action: ReleaseJoker) -> RuleError | None:
    problem = _phase_problem(pos, _PLAY) or _owed_problem(pos, player)
    if problem:
        return problem
    rules = pos.rules
    if not rules.joker_release:
        return RuleError("release-off")
    if pos.down[player]:
        problem = _may_add_to_table(pos, player)
        if problem:
            return problem
    elif rules.joker_release_needs_down:
        return RuleError("release-needs-down",
                         case="opening" if not rules.uses_contracts else "contract")
    hand = list(pos.hands[player])
    for card in action.cards:
        if card not in hand:
            return RuleError("card-not-in-hand", case="twice", card=card)
        hand.remove(card)
    try:
        target = _table_meld(pos, action.meld)
        problem = predicates.release_owner_problem(rules, player, target.owner)
        if problem:
            return problem
        release_joker(target.meld, action.cards, rules)
    except RuleError as error:
        return error
    problem = _keep_problem(pos, player, action.cards)
    if problem is None and rules.released_joker_must_be_used:
        trial = pos.clone()
        release_into(trial, player, action)
        if not freed_joker_moves(trial, player):
            return RuleError("release-no-use")
    return problem


def _discard_problem(pos: Position, player: int, card: int) -> RuleError | None:
    return _discard_turn_problem(pos, player) or _discard_card_problem(pos, player, card)


def _discard_turn_problem(pos: Position, player: int) -> RuleError | None:
    """Whether the turn may end with a discard now, whichever card it is."""
    return _phase_problem(pos, _PLAY) or _owed_problem(pos, player)


def _discard_card_problem(pos: Position, player: int, card: int) -> RuleError | None:
    if card not in pos.hands[player]:
        return RuleError("card-not-in-hand", case="single", card=card)
    return _discardable_problem(pos, card)


def _discardable_problem(pos: Position, card: int) -> RuleError | None:
    return predicates.discardable_problem(card, pos.rules)


def _discard_action_problem(pos: Position, player: int, action: Discard) -> RuleError | None:
    return _discard_problem(pos, player, action.card)


def _end_problem(pos: Position, player: int, action: EndTurn | None = None) -> RuleError | None:
    problem = _phase_problem(pos, _PLAY) or _owed_problem(pos, player)
    if problem:
        return problem
    if not predicates.may_end_without_discard(pos.hands[player], pos.rules):
        return RuleError("must-discard")
    return None


# -- the lay-down the solver would make ------------------------------------------

def owed_card(pos: Position) -> int | None:
    """The card a lay-down must hold now: a freed joker still to place, or the discard
    just taken when the rules want it melded."""
    if pos.freed_joker is not None:
        return pos.freed_joker
    if pos.meld_owed and pos.rules.discard_take_card_in_meld:
        return pos.took_discard
    return None


def suggested_lay_down(pos: Position, player: int) -> LayDown | None:
    arrangement = _best_lay(pos, player, pos.hands[player], owed_card(pos))
    if arrangement is None or not arrangement.melds:
        return None
    action = LayDown(tuple(MeldSpec(m.kind, m.cards) for m in arrangement.melds))
    return action if _lay_problem(pos, player, action) is None else None


def lay_down_exists(pos: Position, player: int) -> bool | None:
    """Whether :func:`suggested_lay_down` finds a lay-down, told without building it
    where the solver can (None where it cannot: then it is built)."""
    rules = pos.rules
    if pos.freed_joker is not None or (pos.meld_owed and rules.discard_take_card_in_meld):
        return None  # a lay-down holding a given card: found, not told
    keep = predicates.keep_for_discard(rules)
    if not pos.down[player]:
        if not rules.uses_contracts:
            return None
        return solver.contract_lay_exists(pos.hands[player], rules.contract(pos.deal_no),
                                          rules, keep)
    if can_add_to_table(pos, player) and predicates.new_melds_problem(rules) is None:
        return solver.melds_exist(pos.hands[player], rules, keep)
    return False


def _best_lay(pos: Position, player: int, hand: Sequence[int], must: int | None
              ) -> solver.Arrangement | None:
    """The solver's lay-down for ``hand`` (holding ``must`` if given), or None."""
    keep = predicates.keep_for_discard(pos.rules)
    if not pos.down[player]:
        if not pos.rules.uses_contracts:
            return opening.best_opening(hand, pos.rules, keep=keep, must=must)
        found = solver.best_contract(hand, pos.contract, pos.rules, keep=keep)
        return found if found is None or must is None else _holding(found, must)
    if can_add_to_table(pos, player) and predicates.new_melds_problem(pos.rules) is None:
        if must is not None:
            return opening.fewest_points(hand, pos.rules, keep=keep, must=must)
        return solver.best_melds(hand, pos.rules, keep=keep)
    return None


# -- a freed joker --------------------------------------------------------------------

def freed_joker_tacks(pos: Position, player: int, joker_card: int) -> list[Action]:
    """Every legal place on the table for a joker just freed."""
    return [TackOn(joker_card, i, end) for i, t in enumerate(pos.table)
            for end in ((LOW, HIGH) if t.meld.is_run else (End.NONE,))
            if tack_problem(pos, player, TackOn(joker_card, i, end)) is None]


def freed_joker_moves(pos: Position, player: int) -> list[Action]:
    """The moves that place the joker freed this turn: the lay-down the solver finds
    holding it, and every tack of it."""
    assert pos.freed_joker is not None
    lay = suggested_lay_down(pos, player)
    return ([lay] if lay is not None else []) + freed_joker_tacks(pos, player,
                                                                        pos.freed_joker)


def release_into(pos: Position, player: int, action: ReleaseJoker) -> int:
    """Free the joker (a checked release): the naturals go into the meld, the joker to
    the hand, owed there when the rules want it used. Returns the joker."""
    target = pos.table[action.meld]
    target.meld, joker_card = release_joker(target.meld, action.cards, pos.rules)
    for card in action.cards:
        pos.hands[player].remove(card)
    pos.hands[player].append(joker_card)
    if pos.rules.released_joker_must_be_used:
        pos.freed_joker = joker_card
    if predicates.tacks_on_others(pos.rules, action, player, target.owner):
        pos.tacked_others_now = True
    return joker_card


_CHECKS: dict[type[Action], Callable[[Position, int, Any], RuleError | None]] = {
    # Any: each check takes its own kind of action; the table keys each one by that kind.
    Cut: _cut_problem,
    DrawStock: _draw_problem,
    TakeDiscard: take_problem,
    Call: _call_problem,
    Pass: _call_problem,
    Allow: allow_problem,
    Refuse: allow_problem,
    LayDown: _lay_problem,
    TackOn: tack_problem,
    ShiftJoker: shift_problem,
    ReleaseJoker: release_problem,
    BuyIn: _buy_in_problem,
    DropOut: _buy_in_problem,
    Discard: _discard_action_problem,
    EndTurn: _end_problem,
}


def _holding(found: solver.Arrangement, must: int) -> solver.Arrangement | None:
    """``found`` with the physical card ``must`` in place of a melded card of the same face
    (two packs hold twins); None when no melded card has its face."""
    for index, meld in enumerate(found.melds):
        if must in meld.cards:
            return found
        twin = next((c for c in meld.cards if face_of(c) == face_of(must)), None)
        if twin is not None and must in found.leftover:
            cards = tuple(must if c == twin else c for c in meld.cards)
            melds = list(found.melds)
            melds[index] = Meld(meld.kind, cards, meld.rank, meld.suit)
            leftover = tuple(sorted(twin if c == must else c for c in found.leftover))
            return solver.Arrangement(tuple(melds), leftover, found.penalty)
    return None


