"""What may be done in a position, and why not: every refusal the rules make, with the
reason a player reads, and the lay-down the solver would offer.

:meth:`Legality.why_illegal` is the one judge: the state machine asks it before it applies
any action, and listing the legal moves (:mod:`kalooki.engine.moves`) asks it of every
candidate move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kalooki.engine import predicates, solver
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
from kalooki.engine.cards import face_of, is_joker
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
from kalooki.engine.position import Position
from kalooki.engine.rule_choices import DiscardTake
from kalooki.engine.solver import opening

_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN, _MATCH_OVER = Phase.PLAY, Phase.BUY_IN, Phase.MATCH_OVER
"""The members found once: Python 3.11 does not cache looking one up on its enum class
(about 0.2 µs), and a move asks for phases several times."""


class Legality(Position):
    """A position and the rules that judge each move in it."""

    def is_legal(self, action: Action, player: int) -> bool:
        return self.why_illegal(action, player) is None

    def why_illegal(self, action: Action, player: int) -> RuleError | None:
        """The reason ``action`` by seat ``player`` is refused; None when it is legal.
        Only the seat to act may act: any other is told whose turn it is (``seat``)."""
        if self.phase == _MATCH_OVER or self.to_act is None:
            return RuleError("match-over")
        if player != self.to_act:
            return RuleError("not-your-turn", seat=self.to_act)
        checker = _CHECKS.get(type(action))
        if checker is None:
            return RuleError("bad-action", case="move", text=str(action))
        return checker(self, player, action)

    def _phase_problem(self, *phases: Phase) -> RuleError | None:
        phase = self.phase
        if phase in phases:
            return None
        return RuleError("wrong-phase", case=(
            "cut" if phase == _CUT else "draw" if phase == _DRAW else "call" if phase == _CALL
            else "allow" if phase == _ALLOW else "play" if phase == _PLAY
            else "buy_in" if phase == _BUY_IN else "over"))

    def _cut_problem(self, player: int, action: Cut) -> RuleError | None:
        problem = self._phase_problem(_CUT)
        if problem is None and not 1 <= action.aim < len(self.deck_order):
            problem = RuleError("bad-cut", count=len(self.deck_order) - 1)
        return problem

    def _draw_problem(self, player: int, action: DrawStock) -> RuleError | None:
        return self._phase_problem(_DRAW)

    def _take_problem(self, player: int, action: TakeDiscard | None = None) -> RuleError | None:
        problem = self._phase_problem(_DRAW)
        if problem:
            return problem
        if not self.discard:
            return RuleError("discard-empty")
        if self.discard_dead:
            return RuleError("discard-dead")
        if self.rules.discard_take == DiscardTake.NOT_WHEN_DOWN and self.down[player]:
            return RuleError("down-draws-stock")
        return self._must_meld_problem(player, self.discard[-1])

    def _must_meld_problem(self, player: int, card: int) -> RuleError | None:
        """Under ``must-meld``, the discard may be taken only by a hand that can then lay."""
        if self.rules.discard_take != DiscardTake.MUST_MELD:
            return None
        must = card if self.rules.discard_take_card_in_meld else None
        found = self._best_lay(player, [*self.hands[player], card], must)
        if found is None or not found.melds:
            return RuleError("take-cannot-meld", case=(
                "card" if must is not None else "meld" if self.down[player]
                else "opening" if not self.rules.uses_contracts else "contract"))
        return None

    def _call_problem(self, player: int, action: Call | Pass) -> RuleError | None:
        return self._phase_problem(_CALL)

    def _allow_problem(self, player: int, action: Allow | Refuse) -> RuleError | None:
        problem = self._phase_problem(_ALLOW)
        if problem is None and isinstance(action, Refuse):
            return self._must_meld_problem(player, self.discard[-1])
        return problem

    def _buy_in_problem(self, player: int, action: BuyIn | DropOut) -> RuleError | None:
        return self._phase_problem(_BUY_IN)

    def _can_add_to_table(self, player: int) -> bool:
        """Whether ``player`` may lay new melds or tack on right now (being down)."""
        return self.down[player] and not (self.went_down_now and not self.rules.tack_same_turn)

    def _may_add_to_table(self, player: int) -> RuleError | None:
        """:meth:`_can_add_to_table`, with the reason when not (listing moves asks the
        question without building a refusal)."""
        if self._can_add_to_table(player):
            return None
        if not self.down[player]:
            return RuleError("not-down", case="contract" if self.rules.uses_contracts
                             else "opening")
        if self.went_down_now and not self.rules.tack_same_turn:
            return RuleError("tack-next-turn")
        return None

    def _keep_problem(self, player: int, leaving: Sequence[int]) -> RuleError | None:
        """A final discard is required: the cards kept must include one that may be the
        last discard (:func:`predicates.keep_problem`)."""
        if not self.rules.final_discard:
            return None
        rest = list(self.hands[player])
        for card in leaving:
            rest.remove(card)
        return predicates.keep_problem(rest, self.rules)

    def _owed_problem(self, player: int) -> RuleError | None:
        """Refuse any move but placing what is owed (a freed joker, a meld after a take)."""
        if self.freed_joker is not None:
            return RuleError("use-freed-joker")
        if self.meld_owed:
            return RuleError("must-meld")
        return None

    def _lay_problem(self, player: int, action: LayDown) -> RuleError | None:
        problem = self._phase_problem(_PLAY)
        if problem:
            return problem
        try:
            melds = self._declared_melds(player, action.melds)
        except RuleError as error:
            return error
        owed = self._owed_card()
        if owed is not None and not any(owed in m.cards for m in melds):
            return RuleError("must-meld-card", card=owed)
        if self.down[player]:
            problem = self._may_add_to_table(player)
            if problem:
                return problem
            if not self.rules.new_melds_after_down:
                return RuleError("no-new-melds")
        elif self.rules.uses_contracts:
            try:
                check_contract(melds, self.contract, self.rules, self.deal_no)
            except RuleError as error:
                return error
        else:
            problem = self._opening_problem(melds)
            if problem:
                return problem
        return self._keep_problem(player, [c for m in melds for c in m.cards])

    def _opening_problem(self, melds: Sequence[Meld]) -> RuleError | None:
        threshold = self.rules.opening_points or 0
        value = opening_value(melds, self.rules)
        if value < threshold:
            return RuleError("opening-short", count=value, needed=threshold)
        if self.rules.opening_pure_run and not any(
                m.kind == RUN_KIND and not m.joker_positions() for m in melds):
            return RuleError("opening-pure-run")
        return None

    def _declared_melds(self, player: int, specs: Sequence[MeldSpec]) -> list[Meld]:
        if not specs:
            raise RuleError("empty-lay")
        hand = list(self.hands[player])
        for spec in specs:
            for card in spec.cards:
                if card not in hand:
                    raise RuleError("card-not-in-hand", case="twice", card=card)
                hand.remove(card)
        return [declared_meld(spec.kind, spec.cards, self.rules) for spec in specs]

    def _table_meld(self, index: int) -> TableMeld:
        if not 0 <= index < len(self.table):
            raise RuleError("no-such-meld")
        return self.table[index]

    def _tack_problem(self, player: int, action: TackOn) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._may_add_to_table(player)
        if problem:
            return problem
        if action.card != self.freed_joker:
            problem = self._owed_problem(player)
            if problem:
                return problem
        elif self.rules.released_joker_new_meld:
            return RuleError("freed-joker-new-meld")
        if action.card not in self.hands[player]:
            return RuleError("card-not-in-hand", case="single", card=action.card)
        try:
            target = self._table_meld(action.meld)
            if target.owner != player:
                if not self.rules.tack_on_others:
                    return RuleError("own-melds-only")
                if is_joker(action.card) and not self.rules.joker_on_others_melds:
                    return RuleError("joker-own-melds")
            extend(target.meld, action.card, action.end, self.rules)
        except RuleError as error:
            return error
        return self._keep_problem(player, [action.card])

    def _shift_problem(self, player: int, action: ShiftJoker) -> RuleError | None:
        problem = (self._phase_problem(_PLAY) or self._may_add_to_table(player)
                   or self._owed_problem(player))
        if problem:
            return problem
        if action.card not in self.hands[player]:
            return RuleError("card-not-in-hand", case="single", card=action.card)
        try:
            target = self._table_meld(action.meld)
            if target.owner != player and self.rules.joker_shift_is_tacking \
                    and not self.rules.tack_on_others:
                return RuleError("own-melds-only")
            shift_joker(target.meld, action.card, action.end, self.rules)
        except RuleError as error:
            return error
        return self._keep_problem(player, [action.card])

    def _release_problem(self, player: int, action: ReleaseJoker) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._owed_problem(player)
        if problem:
            return problem
        rules = self.rules
        if not rules.joker_release:
            return RuleError("release-off")
        if self.down[player]:
            problem = self._may_add_to_table(player)
            if problem:
                return problem
        elif rules.joker_release_needs_down:
            return RuleError("release-needs-down",
                             case="opening" if not rules.uses_contracts else "contract")
        hand = list(self.hands[player])
        for card in action.cards:
            if card not in hand:
                return RuleError("card-not-in-hand", case="twice", card=card)
            hand.remove(card)
        try:
            target = self._table_meld(action.meld)
            if target.owner != player and not rules.tack_on_others:
                return RuleError("own-melds-only")
            release_joker(target.meld, action.cards, rules)
        except RuleError as error:
            return error
        problem = self._keep_problem(player, action.cards)
        if problem is None and rules.released_joker_must_be_used:
            trial = self.clone()
            trial._release_into(player, action)
            if not trial._freed_joker_moves(player):
                return RuleError("release-no-use")
        return problem

    def _discard_problem(self, player: int, card: int) -> RuleError | None:
        return self._discard_turn_problem(player) or self._discard_card_problem(player, card)

    def _discard_turn_problem(self, player: int) -> RuleError | None:
        """Whether the turn may end with a discard now, whichever card it is."""
        return self._phase_problem(_PLAY) or self._owed_problem(player)

    def _discard_card_problem(self, player: int, card: int) -> RuleError | None:
        if card not in self.hands[player]:
            return RuleError("card-not-in-hand", case="single", card=card)
        return self._discardable_problem(card)

    def _discardable_problem(self, card: int) -> RuleError | None:
        return predicates.discardable_problem(card, self.rules)

    def _discard_action_problem(self, player: int, action: Discard) -> RuleError | None:
        return self._discard_problem(player, action.card)

    def _end_problem(self, player: int, action: EndTurn | None = None) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._owed_problem(player)
        if problem:
            return problem
        if not predicates.may_end_without_discard(self.hands[player], self.rules):
            return RuleError("must-discard")
        return None

    # -- the lay-down the solver would make ------------------------------------------

    def _owed_card(self) -> int | None:
        """The card a lay-down must hold now: a freed joker still to place, or the discard
        just taken when the rules want it melded."""
        if self.freed_joker is not None:
            return self.freed_joker
        if self.meld_owed and self.rules.discard_take_card_in_meld:
            return self.took_discard
        return None

    def _suggested_lay_down(self, player: int) -> LayDown | None:
        arrangement = self._best_lay(player, self.hands[player], self._owed_card())
        if arrangement is None or not arrangement.melds:
            return None
        action = LayDown(tuple(MeldSpec(m.kind, m.cards) for m in arrangement.melds))
        return action if self._lay_problem(player, action) is None else None

    def _lay_down_exists(self, player: int) -> bool | None:
        """Whether :meth:`_suggested_lay_down` finds a lay-down, told without building it
        where the solver can (None where it cannot: then it is built)."""
        rules = self.rules
        if self.freed_joker is not None or (self.meld_owed and rules.discard_take_card_in_meld):
            return None  # a lay-down holding a given card: found, not told
        keep = 1 if rules.final_discard else 0
        if not self.down[player]:
            if not rules.uses_contracts:
                return None
            return solver.contract_lay_exists(self.hands[player], rules.contract(self.deal_no),
                                              rules, keep)
        if self._can_add_to_table(player) and rules.new_melds_after_down:
            return solver.melds_exist(self.hands[player], rules, keep)
        return False

    def _best_lay(self, player: int, hand: Sequence[int], must: int | None
                  ) -> solver.Arrangement | None:
        """The solver's lay-down for ``hand`` (holding ``must`` if given), or None."""
        keep = predicates.keep_for_discard(self.rules)
        if not self.down[player]:
            if not self.rules.uses_contracts:
                return opening.best_opening(hand, self.rules, keep=keep, must=must)
            found = solver.best_contract(hand, self.contract, self.rules, keep=keep)
            return found if found is None or must is None else _holding(found, must)
        if self._can_add_to_table(player) and self.rules.new_melds_after_down:
            if must is not None:
                return opening.fewest_points(hand, self.rules, keep=keep, must=must)
            return solver.best_melds(hand, self.rules, keep=keep)
        return None

    # -- a freed joker --------------------------------------------------------------------

    def _freed_joker_tacks(self, player: int, joker_card: int) -> list[Action]:
        """Every legal place on the table for a joker just freed."""
        return [TackOn(joker_card, i, end) for i, t in enumerate(self.table)
                for end in ((LOW, HIGH) if t.meld.is_run else (End.NONE,))
                if self._tack_problem(player, TackOn(joker_card, i, end)) is None]

    def _freed_joker_moves(self, player: int) -> list[Action]:
        """The moves that place the joker freed this turn: the lay-down the solver finds
        holding it, and every tack of it."""
        assert self.freed_joker is not None
        lay = self._suggested_lay_down(player)
        return ([lay] if lay is not None else []) + self._freed_joker_tacks(player,
                                                                            self.freed_joker)

    def _release_into(self, player: int, action: ReleaseJoker) -> int:
        """Free the joker (a checked release): the naturals go into the meld, the joker to
        the hand, owed there when the rules want it used. Returns the joker."""
        target = self.table[action.meld]
        target.meld, joker_card = release_joker(target.meld, action.cards, self.rules)
        for card in action.cards:
            self.hands[player].remove(card)
        self.hands[player].append(joker_card)
        if self.rules.released_joker_must_be_used:
            self.freed_joker = joker_card
        if target.owner != player:
            self.tacked_others_now = True
        return joker_card


_CHECKS: dict[type[Action], Callable[[Legality, int, Any], RuleError | None]] = {
    # Any: each check takes its own kind of action; the table keys each one by that kind.
    Cut: Legality._cut_problem,
    DrawStock: Legality._draw_problem,
    TakeDiscard: Legality._take_problem,
    Call: Legality._call_problem,
    Pass: Legality._call_problem,
    Allow: Legality._allow_problem,
    Refuse: Legality._allow_problem,
    LayDown: Legality._lay_problem,
    TackOn: Legality._tack_problem,
    ShiftJoker: Legality._shift_problem,
    ReleaseJoker: Legality._release_problem,
    BuyIn: Legality._buy_in_problem,
    DropOut: Legality._buy_in_problem,
    Discard: Legality._discard_action_problem,
    EndTurn: Legality._end_problem,
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


