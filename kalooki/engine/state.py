"""The state machine of a Kalooki match: cut, deal, turns, calls, lay-downs, scoring.

One :class:`Game` holds a whole match. Exactly one player is asked to act at a time
(``to_act``); :meth:`Game.legal_actions` lists that player's finite moves and
:meth:`Game.apply` checks an action by a named seat, changes the state and returns
:class:`Event`s; an action from any seat but the one to act is refused.
Every refusal is a :class:`RuleError` whose sentence a player understands. All chance
comes from the game's own :class:`Rng`, so a seed and the list of actions replay the
identical match.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

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
from kalooki.engine.cards import (
    JOKER_BASE,
    JOKER_FACE,
    MAX_JOKERS,
    build_deck,
    card_text,
    face_of,
    is_joker,
    rank_of,
)
from kalooki.engine.deal import DealResult, Phase, TableMeld
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event, event
from kalooki.engine.melds import (
    HIGH,
    LOW,
    RUN_KIND,
    Meld,
    check_contract,
    declared_meld,
    extend,
    fitting_faces,
    opening_value,
    release_joker,
    shift_joker,
)
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import deal_scores, went_out_in_one_turn
from kalooki.engine.solver import opening
from kalooki.engine.view import PlayerView, PublicMeld, make_view

CUT_WOBBLE = 3
"""A dealer aims the cut but cannot count cards by feel: the engine adds ±3."""


# Python 3.11 does not cache looking a member up on its enum class (about 0.2 µs), and the
# state machine asks for phases several times a move: these are the members, found once.
_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN, _MATCH_OVER = Phase.PLAY, Phase.BUY_IN, Phase.MATCH_OVER


class Game:
    """A whole match. Build with :meth:`Game.new`; copy with :meth:`clone`."""

    # -- construction ------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, players: int, seed: int) -> Game:
        rules.validate(players)
        game = cls.__new__(cls)
        game.rules = rules
        game.players = players
        game.seed = seed
        game.rng = Rng(seed)
        game.deal_no = 1
        game.dealer = game.rng.below(players) if rules.first_dealer == "random" else 0
        game.totals = [0] * players
        game.out = [False] * players
        game.buy_ins_used = [0] * players
        game.buy_in_queue = []
        game.results = []
        game.actions_applied = 0
        game._start_deal_fields()
        game.phase = _CUT
        game.to_act = None
        game.start_events = game._start_deal()
        return game

    def _start_deal_fields(self) -> None:
        n = self.players
        self.deck_order: tuple[int, ...] = ()
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.table: list[TableMeld] = []
        self.down = [False] * n
        self.calls_made = [0] * n
        self.cut_count: int | None = None
        self.cut_bonus_won = False
        self.reshuffles = 0
        self.turn = 0
        self.discarder: int | None = None
        self.call_queue: list[int] = []
        self.callers: list[int] = []
        self.caller: int | None = None
        self._reset_turn_flags()

    def _reset_turn_flags(self) -> None:
        self.discard_dead = False
        self.took_discard: int | None = None
        self.meld_owed = False
        """Took the discard under ``must-meld``: a lay-down is owed before anything else."""
        self.freed_joker: int | None = None
        """A joker freed this turn that must still be placed (``released_joker_must_be_used``)."""
        self.went_down_now = False
        self.laid_now = False
        self.tacked_others_now = False

    def clone(self) -> Game:
        """A cheap independent copy (search clones thousands of times)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.totals = self.totals[:]
        other.out = self.out[:]
        other.buy_ins_used = self.buy_ins_used[:]
        other.buy_in_queue = self.buy_in_queue[:]
        other.results = self.results[:]
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.table = [TableMeld(t.owner, t.meld) for t in self.table]
        other.down = self.down[:]
        other.calls_made = self.calls_made[:]
        other.call_queue = self.call_queue[:]
        other.callers = self.callers[:]
        return other

    # -- read-only helpers ---------------------------------------------------------

    @property
    def contract(self) -> tuple[int, ...]:
        return self.rules.contract(self.deal_no)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size(self.deal_no)

    @property
    def over(self) -> bool:
        return self.phase == _MATCH_OVER

    def next_player(self, player: int) -> int:
        """The next player to the left still in the match."""
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if not self.out[candidate]:
                return candidate
        return player  # pragma: no cover - a match always keeps one player

    @property
    def active(self) -> list[int]:
        """Players still in the match (everyone, unless players are eliminated)."""
        return [p for p in range(self.players) if not self.out[p]]

    def winners(self) -> list[int]:
        """Lowest total among players still in wins; ties share the win (only meaningful
        once the match is over)."""
        best = min(self.totals[p] for p in self.active)
        return [p for p in self.active if self.totals[p] == best]

    def cards_in_play(self) -> list[int]:
        """Every card of the deal wherever it lies (the uncut pack, hands, stock, discard,
        table)."""
        if self.phase == _CUT:
            return list(self.deck_order)
        cards = [c for hand in self.hands for c in hand]
        cards += self.stock + self.discard
        cards += [c for t in self.table for c in t.meld.cards]
        return cards

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (see :mod:`kalooki.engine.view`). Finished deals' hands
        are public (they were shown at scoring), so results are shared whole."""
        own_turn = self.turn == player
        return make_view({
            "player": player,
            "rules": self.rules,
            "players": self.players,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "contract": self.contract,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "hand": tuple(self.hands[player]),
            "hand_counts": tuple([len(h) for h in self.hands]),
            "table": tuple([PublicMeld(t.owner, t.meld) for t in self.table]),
            "discard": tuple(self.discard),
            "stock_count": len(self.stock),
            "down": tuple(self.down),
            "calls_made": tuple(self.calls_made),
            "totals": tuple(self.totals),
            "results": tuple(self.results),
            "discarder": self.discarder,
            "caller": self.caller,
            "discard_dead": self.discard_dead,
            "took_discard": self.took_discard,
            "went_down_now": self.went_down_now and own_turn,
            "legal": tuple(self.legal_actions(player)),
            "out": tuple(self.out),
            "rejoin_score": self.buy_in_score() if self.phase == _BUY_IN else None,
            "buy_ins_used": tuple(self.buy_ins_used),
            "meld_owed": self.meld_owed and own_turn,
            "freed_joker": self.freed_joker if own_turn else None,
        })

    # -- the deal ----------------------------------------------------------------------

    def _start_deal(self) -> list[Event]:
        self._start_deal_fields()
        packs, jokers = self.rules.deck_for(self.players)
        deck = build_deck(packs, jokers)
        self.rng.shuffle(deck)
        self.deck_order = tuple(deck)
        events = [event("deal-start", self.dealer, deal=self.deal_no,
                        contract=self.contract, hand_size=self.hand_size)]
        if self.rules.cut_bonus:
            self.phase = _CUT
            self.to_act = self.dealer
            return events
        return events + self._deal_cards()

    def _deal_cards(self) -> list[Event]:
        deck = self.deck_order
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        order = [p for p in order if not self.out[p]]
        position = 0
        for _ in range(self.hand_size):
            for player in order:
                self.hands[player].append(deck[position])
                position += 1
        upcard = deck[position]
        self.stock = list(reversed(deck[position + 1:]))
        self.discard = [upcard]
        events = [event("deal", p, tuple(self.hands[p]), private=True) for p in order]
        events.append(event("upcard", None, (upcard,)))
        return events + self._begin_turn(order[0])

    def _begin_turn(self, player: int) -> list[Event]:
        self.turn = player
        self.to_act = player
        self.phase = _DRAW
        self.discarder = None
        self.caller = None
        self.callers = []
        self.call_queue = []
        self._reset_turn_flags()
        return [_common_event("turn", player)]

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        """The finite moves of ``player`` now. In the play phase the lay-down offered is
        the solver's best one; any other lay-down can be checked with :meth:`is_legal`."""
        if player != self.to_act:
            return []
        phase = self.phase
        if phase == _CUT:
            return [Cut(aim) for aim in range(1, len(self.deck_order))]
        if phase == _CALL:
            return list(_CALL_MOVES)
        if phase == _ALLOW:
            moves = [_ALLOW_CALL]
            if self._allow_problem(player, _REFUSE_CALL) is None:
                moves.append(_REFUSE_CALL)
            return moves
        if phase == _BUY_IN:
            return list(_BUY_IN_MOVES)
        if phase == _DRAW:
            moves: list[Action] = [_DRAW_STOCK]
            if self._take_problem(player) is None:
                moves.append(_TAKE_DISCARD)
            return moves
        if phase == _PLAY:
            return self._play_moves(player)
        return []

    def _play_moves(self, player: int) -> list[Action]:
        hand = self.hands[player]
        moves: list[Action] = []
        lay = self._suggested_lay_down(player)
        if lay is not None:
            moves.append(lay)
        if self.freed_joker is not None:
            return moves + [TackOn(self.freed_joker, i, end) for i, t in enumerate(self.table)
                            for end in ((LOW, HIGH) if t.meld.is_run else ("",))
                            if self._tack_problem(player, TackOn(self.freed_joker, i, end))
                            is None]
        if self.meld_owed:
            return moves
        # from here on the phase is play and nothing is owed
        moves.extend(self._release_moves(player))
        by_face: dict[int, int] = {}
        for card in hand:
            by_face.setdefault(_FACES[card], card)
        joker_card = by_face.get(JOKER_FACE)
        if self.table and self._can_add_to_table(player):
            for index, table_meld in enumerate(self.table):
                ends = (LOW, HIGH) if table_meld.meld.is_run else ("",)
                candidates = [by_face[f] for f in fitting_faces(table_meld.meld) if f in by_face]
                if joker_card is not None:
                    candidates.append(joker_card)
                for card in candidates:
                    for end in ends:
                        if self._tack_problem(player, TackOn(card, index, end)) is None:
                            moves.append(TackOn(card, index, end))
                        if (end and table_meld.meld.joker_positions() and not is_joker(card)
                                and self._shift_problem(player, ShiftJoker(card, index, end))
                                is None):
                            moves.append(ShiftJoker(card, index, end))
        # whether a card may be discarded depends only on whether it is a joker
        if joker_card is None or self._discardable_problem(joker_card) is None:
            moves.extend([_DISCARDS[card] for card in by_face.values()])
        else:
            moves.extend([_DISCARDS[card] for card in by_face.values() if card != joker_card])
        if not by_face.keys() - {JOKER_FACE}:  # no natural, so no discard owed
            moves.append(_END_TURN)
        return moves

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

    def _best_lay(self, player: int, hand: Sequence[int], must: int | None
                  ) -> solver.Arrangement | None:
        """The solver's lay-down for ``hand`` (holding ``must`` if given), or None."""
        keep = 1 if self.rules.final_discard else 0
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

    def _release_moves(self, player: int) -> list[Action]:
        """Every way the hand can free a joker from the table."""
        if not self.rules.joker_release:
            return []
        moves: list[Action] = []
        naturals = {}
        for card in self.hands[player]:
            if not is_joker(card):
                naturals.setdefault(face_of(card), card)
        for index, table_meld in enumerate(self.table):
            meld = table_meld.meld
            if not meld.joker_positions():
                continue
            if meld.is_run:
                options = [(c,) for c in naturals.values()
                           if any(meld.represented_rank(i) % 13 == rank_of(c) % 13
                                  for i in meld.joker_positions())]
            else:
                same = [c for c in naturals.values() if rank_of(c) == meld.rank]
                options = [(c,) for c in same] + [
                    (a, b) for i, a in enumerate(same) for b in same[i + 1:]]
            for cards in options:
                action = ReleaseJoker(cards, index)
                if self._release_problem(player, action) is None:
                    moves.append(action)
        return moves

    def is_legal(self, action: Action, player: int) -> bool:
        return self.why_illegal(action, player) is None

    def why_illegal(self, action: Action, player: int) -> RuleError | None:
        """The reason ``action`` by seat ``player`` is refused; None when it is legal.
        Only the seat to act may act: any other is told whose turn it is (``seat``)."""
        if self.phase == _MATCH_OVER or self.to_act is None:
            return RuleError("match-over", "The match is over.")
        if player != self.to_act:
            return RuleError("not-your-turn", f"It is player {self.to_act + 1}'s turn.",
                             seat=self.to_act)
        checker = _CHECKS.get(type(action))
        if checker is None:
            return RuleError("bad-action", f"'{action}' is not a move of this game.")
        return checker(self, player, action)

    # -- checks (no state change) ------------------------------------------------------

    def _phase_problem(self, *phases: Phase) -> RuleError | None:
        if self.phase in phases:
            return None
        wanted = {
            _CUT: "the dealer is cutting the pack",
            _DRAW: "it is time to draw a card",
            _CALL: "players are deciding whether to call the discard",
            _ALLOW: "the turn player is deciding on a call",
            _PLAY: "cards are being laid and discarded",
        }
        return RuleError("wrong-phase", f"Not now: {wanted.get(self.phase, 'the deal is over')}.")

    def _cut_problem(self, player: int, action: Cut) -> RuleError | None:
        problem = self._phase_problem(_CUT)
        if problem is None and not 1 <= action.aim < len(self.deck_order):
            problem = RuleError("bad-cut", f"Cut between 1 and {len(self.deck_order) - 1} cards.")
        return problem

    def _draw_problem(self, player: int, action: DrawStock) -> RuleError | None:
        return self._phase_problem(_DRAW)

    def _take_problem(self, player: int, action: TakeDiscard | None = None) -> RuleError | None:
        problem = self._phase_problem(_DRAW)
        if problem:
            return problem
        if not self.discard:
            return RuleError("discard-empty", "The discard pile is empty.")
        if self.discard_dead:
            return RuleError("discard-dead", "After a call you draw from the stock.")
        if self.rules.discard_take == "not-when-down" and self.down[player]:
            return RuleError("down-draws-stock",
                             "Once you are down you draw only from the stock.")
        return self._must_meld_problem(player, self.discard[-1])

    def _must_meld_problem(self, player: int, card: int) -> RuleError | None:
        """Under ``must-meld``, the discard may be taken only by a hand that can then lay."""
        if self.rules.discard_take != "must-meld":
            return None
        must = card if self.rules.discard_take_card_in_meld else None
        found = self._best_lay(player, [*self.hands[player], card], must)
        if found is None or not found.melds:
            what = "a meld holding that card" if must is not None else (
                "a meld" if self.down[player] else "your opening" if not
                self.rules.uses_contracts else "your contract")
            return RuleError("take-cannot-meld", f"You may take the discard only to lay "
                             f"{what} this turn, and your hand cannot.")
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
            return RuleError("not-down", "You must lay down your contract before you can add "
                             "to the table." if self.rules.uses_contracts else
                             "You must open before you can add to the table.")
        if self.went_down_now and not self.rules.tack_same_turn:
            return RuleError("tack-next-turn", "At this table you add to the table from your "
                             "next turn on.")
        return None

    def _keep_problem(self, player: int, leaving: Sequence[int]) -> RuleError | None:
        """A final discard is required: the cards kept must include a natural card."""
        if not self.rules.final_discard:
            return None
        used = list(leaving)
        rest = list(self.hands[player])
        for card in used:
            rest.remove(card)
        if not any(not is_joker(c) for c in rest):
            return RuleError("keep-a-discard", "Keep a natural card in your hand: you must end "
                             "your turn with a discard.")
        return None

    def _owed_problem(self, player: int) -> RuleError | None:
        """Refuse any move but placing what is owed (a freed joker, a meld after a take)."""
        if self.freed_joker is not None:
            return RuleError("use-freed-joker", "First place the joker you freed, in a meld "
                             "or on the table.")
        if self.meld_owed:
            return RuleError("must-meld", "You took the discard: lay your meld first.")
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
            return RuleError("must-meld-card", f"Your lay-down must hold "
                             f"{card_text(owed, True)}.")
        if self.down[player]:
            problem = self._may_add_to_table(player)
            if problem:
                return problem
            if not self.rules.new_melds_after_down:
                return RuleError("no-new-melds", "At this table you may only add cards to melds "
                                 "already on the table.")
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
            return RuleError("opening-short", f"Your opening is worth {value} points; "
                             f"it needs at least {threshold}.")
        if self.rules.opening_pure_run and not any(
                m.kind == RUN_KIND and not m.joker_positions() for m in melds):
            return RuleError("opening-pure-run", "Your opening must include a run without "
                             "a joker.")
        return None

    def _declared_melds(self, player: int, specs: Sequence[MeldSpec]) -> list[Meld]:
        if not specs:
            raise RuleError("empty-lay", "Lay at least one meld.")
        hand = list(self.hands[player])
        for spec in specs:
            for card in spec.cards:
                if card not in hand:
                    raise RuleError("card-not-in-hand", f"{card_text(card, True)} is not in your "
                                    f"hand (or is used twice).")
                hand.remove(card)
        return [declared_meld(spec.kind, spec.cards, self.rules) for spec in specs]

    def _table_meld(self, index: int) -> TableMeld:
        if not 0 <= index < len(self.table):
            raise RuleError("no-such-meld", "There is no such meld on the table.")
        return self.table[index]

    def _tack_problem(self, player: int, action: TackOn) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._may_add_to_table(player)
        if problem:
            return problem
        if action.card != self.freed_joker:
            problem = self._owed_problem(player)
            if problem:
                return problem
        if action.card not in self.hands[player]:
            return RuleError("card-not-in-hand", "That card is not in your hand.")
        try:
            target = self._table_meld(action.meld)
            if target.owner != player:
                if not self.rules.tack_on_others:
                    return RuleError("own-melds-only", "At this table you add cards only to "
                                     "your own melds.")
                if is_joker(action.card) and not self.rules.joker_on_others_melds:
                    return RuleError("joker-own-melds", "A joker may be added only to your "
                                     "own melds.")
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
            return RuleError("card-not-in-hand", "That card is not in your hand.")
        try:
            shift_joker(self._table_meld(action.meld).meld, action.card, action.end, self.rules)
        except RuleError as error:
            return error
        return self._keep_problem(player, [action.card])

    def _release_problem(self, player: int, action: ReleaseJoker) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._owed_problem(player)
        if problem:
            return problem
        rules = self.rules
        if not rules.joker_release:
            return RuleError("release-off", "At this table a joker on the table stays where "
                             "it is.")
        if self.down[player]:
            problem = self._may_add_to_table(player)
            if problem:
                return problem
        elif rules.joker_release_needs_down:
            return RuleError("release-needs-down", "Only a player who has opened may free a "
                             "joker." if not rules.uses_contracts else "Only a player who is "
                             "down may free a joker.")
        hand = list(self.hands[player])
        for card in action.cards:
            if card not in hand:
                return RuleError("card-not-in-hand", f"{card_text(card, True)} is not in your "
                                 f"hand (or is used twice).")
            hand.remove(card)
        try:
            target = self._table_meld(action.meld)
            if target.owner != player and not rules.tack_on_others:
                return RuleError("own-melds-only", "At this table you add cards only to your "
                                 "own melds.")
            release_joker(target.meld, action.cards, rules)
        except RuleError as error:
            return error
        problem = self._keep_problem(player, action.cards)
        if problem is None and rules.released_joker_must_be_used:
            trial = self.clone()
            trial._do_release(player, action)
            if not trial._play_moves(player):
                return RuleError("release-no-use", "You could not place the freed joker this "
                                 "turn, and the rules say you must.")
        return problem

    def _discard_problem(self, player: int, card: int) -> RuleError | None:
        return self._discard_turn_problem(player) or self._discard_card_problem(player, card)

    def _discard_turn_problem(self, player: int) -> RuleError | None:
        """Whether the turn may end with a discard now, whichever card it is."""
        return self._phase_problem(_PLAY) or self._owed_problem(player)

    def _discard_card_problem(self, player: int, card: int) -> RuleError | None:
        if card not in self.hands[player]:
            return RuleError("card-not-in-hand", "That card is not in your hand.")
        return self._discardable_problem(card)

    def _discardable_problem(self, card: int) -> RuleError | None:
        if is_joker(card) and not self.rules.joker_discard:
            return RuleError("joker-discard", "A joker can never be discarded.")
        return None

    def _discard_action_problem(self, player: int, action: Discard) -> RuleError | None:
        return self._discard_problem(player, action.card)

    def _end_problem(self, player: int, action: EndTurn | None = None) -> RuleError | None:
        problem = self._phase_problem(_PLAY) or self._owed_problem(player)
        if problem:
            return problem
        if any(not is_joker(c) for c in self.hands[player]):
            return RuleError("must-discard", "End your turn by discarding a card.")
        return None

    # -- applying ----------------------------------------------------------------------

    def apply(self, action: Action, player: int) -> list[Event]:
        """Check and perform ``action`` by seat ``player``; returns what happened. A
        refusal (a RuleError, raised) changes nothing."""
        problem = self.why_illegal(action, player)
        if problem is not None:
            raise problem
        self.actions_applied += 1
        return _DOERS[type(action)](self, player, action)

    def _do_cut(self, player: int, action: Cut) -> list[Event]:
        wobble = self.rng.below(2 * CUT_WOBBLE + 1) - CUT_WOBBLE
        count = min(max(action.aim + wobble, 1), len(self.deck_order) - 1)
        needed = len(self.active) * self.hand_size
        self.cut_count = count
        self.cut_bonus_won = self.rules.cut_bonus and count == needed
        events = [event("cut", player, count=count, needed=needed, bonus=self.cut_bonus_won)]
        return events + self._deal_cards()

    def _do_draw(self, player: int, action: DrawStock) -> list[Event]:
        events: list[Event] = []
        if not self._draw_from_stock(player, events):
            return events
        self.phase = _PLAY
        return events

    def _draw_from_stock(self, player: int, events: list[Event]) -> bool:
        """Move the top stock card to ``player``; False when the deal became void."""
        if not self.stock and not self._refill_stock(events):
            return False
        card = self.stock.pop()
        self.hands[player].append(card)
        events.append(_common_event("draw", player, (card,), private=True))
        return True

    def _refill_stock(self, events: list[Event]) -> bool:
        limit = (1 if self.rules.stock_exhaustion == "reshuffle-once-then-void"
                 else self.rules.reshuffle_limit)
        if (limit is not None and self.reshuffles >= limit) or len(self.discard) <= 1:
            events.extend(self._void_deal())
            return False
        top = self.discard[-1]
        pool = self.discard[:-1]
        self.rng.shuffle(pool)
        self.stock = pool
        self.discard = [top]
        self.reshuffles += 1
        events.append(event("reshuffle", None, count=len(pool)))
        return True

    def _do_take(self, player: int, action: TakeDiscard) -> list[Event]:
        card = self.discard.pop()
        self.hands[player].append(card)
        self.took_discard = card
        self.meld_owed = self.rules.discard_take == "must-meld"
        self.phase = _PLAY
        return [_common_event("take", player, (card,))]

    def _do_call(self, player: int, action: Call | Pass) -> list[Event]:
        events = [_common_event("call" if isinstance(action, Call) else "pass", player)]
        if isinstance(action, Call):
            self.callers.append(player)
        self.call_queue.pop(0)
        if self.callers and self.rules.call_priority == "nearest":
            self.caller = self.callers[0]
        elif not self.call_queue and self.callers:
            self.caller = self.callers[self.rng.below(len(self.callers))]
        if self.caller is not None:
            return events + self._resolve_call()
        if self.call_queue:
            self.to_act = self.call_queue[0]
            return events
        return events + self._open_turn_after_window()

    def _open_turn_after_window(self) -> list[Event]:
        self.phase = _DRAW
        self.to_act = self.turn
        self.call_queue = []
        return []

    def _resolve_call(self) -> list[Event]:
        assert self.caller is not None
        events = [_common_event("call-won", self.caller, (self.discard[-1],))]
        if self.down[self.turn] and not self.rules.down_player_may_refuse:
            return events + self._allow_call()
        self.phase = _ALLOW
        self.to_act = self.turn
        return events

    def _do_allow(self, player: int, action: Allow | Refuse) -> list[Event]:
        if isinstance(action, Allow):
            return self._allow_call()
        card = self.discard.pop()
        self.hands[player].append(card)
        self.took_discard = card
        self.meld_owed = self.rules.discard_take == "must-meld"
        self.phase = _PLAY
        self.to_act = player
        return [_common_event("refuse", player, (card,))]

    def _allow_call(self) -> list[Event]:
        caller = self.caller
        assert caller is not None
        card = self.discard.pop()
        self.hands[caller].append(card)
        self.calls_made[caller] += 1
        events = [event("allow", self.turn, (card,), caller=caller)]
        for _ in range(self.rules.call_penalty_cards):
            if not self._draw_from_stock(caller, events):
                return events
        self.phase = _DRAW
        self.to_act = self.turn
        self.caller = None
        self.discard_dead = True
        return events

    def _do_lay(self, player: int, action: LayDown) -> list[Event]:
        melds = self._declared_melds(player, action.melds)
        first = not self.down[player]
        indices = []
        for meld in melds:
            for card in meld.cards:
                self.hands[player].remove(card)
            indices.append(len(self.table))
            self.table.append(TableMeld(player, meld))
        self.laid_now = True
        self.meld_owed = False
        if self.freed_joker is not None and any(self.freed_joker in m.cards for m in melds):
            self.freed_joker = None
        if first:
            self.down[player] = True
            self.went_down_now = True
        events = [event("lay", player, tuple(c for m in melds for c in m.cards),
                        melds=tuple(indices), first=first)]
        return events + self._maybe_out_without_discard(player)

    def _do_tack(self, player: int, action: TackOn) -> list[Event]:
        target = self.table[action.meld]
        target.meld = extend(target.meld, action.card, action.end, self.rules)
        self.hands[player].remove(action.card)
        if action.card == self.freed_joker:
            self.freed_joker = None
        if target.owner != player:
            self.tacked_others_now = True
        events = [event("tack", player, (action.card,), meld=action.meld, end=action.end)]
        return events + self._maybe_out_without_discard(player)

    def _do_shift(self, player: int, action: ShiftJoker) -> list[Event]:
        target = self.table[action.meld]
        target.meld, _ = shift_joker(target.meld, action.card, action.end, self.rules)
        self.hands[player].remove(action.card)
        events = [event("shift", player, (action.card,), meld=action.meld, end=action.end)]
        return events + self._maybe_out_without_discard(player)

    def _do_release(self, player: int, action: ReleaseJoker) -> list[Event]:
        target = self.table[action.meld]
        target.meld, joker_card = release_joker(target.meld, action.cards, self.rules)
        for card in action.cards:
            self.hands[player].remove(card)
        self.hands[player].append(joker_card)
        if self.rules.released_joker_must_be_used:
            self.freed_joker = joker_card
        if target.owner != player:
            self.tacked_others_now = True
        return [event("release", player, action.cards, meld=action.meld, joker=joker_card)]

    def _maybe_out_without_discard(self, player: int) -> list[Event]:
        return self._go_out(player) if not self.hands[player] else []

    def _do_discard(self, player: int, action: Discard) -> list[Event]:
        self.hands[player].remove(action.card)
        self.discard.append(action.card)
        events = [_common_event("discard", player, (action.card,))]
        if not self.hands[player]:
            return events + self._go_out(player)
        return events + self._after_discard(player)

    def _do_end(self, player: int, action: EndTurn) -> list[Event]:
        return [_common_event("end-turn", player)] + self._begin_turn(self.next_player(player))

    def _after_discard(self, discarder: int) -> list[Event]:
        """Open the call window on the card just discarded, or pass the turn on."""
        nxt = self.next_player(discarder)
        events = self._begin_turn(nxt)
        if not self.rules.calls_enabled:
            return events
        queue = []
        for step in range(1, self.players):
            candidate = (nxt + step) % self.players
            if candidate == discarder or self.out[candidate]:
                continue
            if not self.down[candidate] and self.calls_made[candidate] < self.rules.max_calls:
                queue.append(candidate)
        if not queue:
            return events
        self.discarder = discarder
        self.call_queue = queue
        self.phase = _CALL
        self.to_act = queue[0]
        return events + [_common_event("call-window", discarder, (self.discard[-1],),
                               callers=tuple(queue))]

    # -- ending a deal -----------------------------------------------------------------

    def _go_out(self, winner: int) -> list[Event]:
        rules = self.rules
        bent = went_out_in_one_turn(self.went_down_now, self.tacked_others_now, rules)
        scores = deal_scores(self.hands, winner, bent, self.out, rules)
        if self.cut_bonus_won:
            scores[self.dealer] += rules.cut_bonus_points
        result = DealResult(self.deal_no, self.dealer, tuple(scores), winner, bent, False,
                            self.cut_bonus_won, tuple(tuple(h) for h in self.hands))
        return self._finish_deal(result)

    def _void_deal(self) -> list[Event]:
        result = DealResult(self.deal_no, self.dealer, (0,) * self.players, None, False, True,
                            False, tuple(tuple(h) for h in self.hands), tuple(self.totals))
        self.results.append(result)
        events = [event("deal-void", None, deal=self.deal_no, result=result)]
        return events + self._start_deal()

    def _finish_deal(self, result: DealResult) -> list[Event]:
        for player, points in enumerate(result.scores):
            self.totals[player] += points
        result = replace(result, totals=tuple(self.totals))
        self.results.append(result)
        events = [event("deal-end", result.winner, deal=self.deal_no, result=result,
                        totals=tuple(self.totals))]
        if self.rules.match_end == "elimination":
            return events + self._eliminate()
        if self.deal_no >= self.rules.deals_per_match:
            return events + self._end_match()
        return events + self._next_deal()

    def _next_deal(self) -> list[Event]:
        self.deal_no += 1
        self.dealer = self.next_player(self.dealer)
        return self._start_deal()

    def _end_match(self) -> list[Event]:
        self.phase = _MATCH_OVER
        self.to_act = None
        return [event("match-end", None, winners=tuple(self.winners()),
                      totals=tuple(self.totals))]

    def _eliminate(self) -> list[Event]:
        """Players above the limit go out, unless they buy back in while buy-ins last."""
        limit = self.rules.elimination_limit
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        over = [p for p in order if not self.out[p] and self.totals[p] > limit]
        if len(over) == len(self.active):
            return self._end_match()
        events: list[Event] = []
        self.buy_in_queue = []
        for player in over:
            if self.buy_ins_used[player] < self.rules.buy_ins:
                self.buy_in_queue.append(player)
            else:
                events += self._drop(player)
        return events + self._next_buy_in()

    def _drop(self, player: int) -> list[Event]:
        self.out[player] = True
        return [event("eliminated", player, total=self.totals[player])]

    def buy_in_score(self) -> int:
        """A player buying in rejoins at the highest score of those under the limit."""
        limit = self.rules.elimination_limit
        return max((self.totals[p] for p in self.active if self.totals[p] <= limit),
                   default=0)

    def _next_buy_in(self) -> list[Event]:
        if self.buy_in_queue:
            self.phase = _BUY_IN
            self.to_act = self.buy_in_queue[0]
            return [event("buy-in-offer", self.to_act, total=self.totals[self.to_act],
                          rejoin=self.buy_in_score(),
                          left=self.rules.buy_ins - self.buy_ins_used[self.to_act])]
        if len(self.active) <= 1:
            return self._end_match()
        return self._next_deal()

    def _do_buy_in(self, player: int, action: BuyIn | DropOut) -> list[Event]:
        self.buy_in_queue.pop(0)
        if isinstance(action, BuyIn):
            self.buy_ins_used[player] += 1
            self.totals[player] = self.buy_in_score()
            events = [event("buy-in", player, total=self.totals[player])]
        else:
            events = self._drop(player)
        return events + self._next_buy_in()

    # -- identity ----------------------------------------------------------------------

    def state_hash(self) -> str:
        """A digest of everything that decides the future; equal games hash equal."""
        parts = [
            self.phase.value, str(self.to_act), str(self.deal_no), str(self.dealer),
            str(self.turn), str(self.rng.state), repr(self.totals), repr(self.hands),
            repr(self.stock), repr(self.discard), repr(self.down), repr(self.calls_made),
            repr([(t.owner, t.meld.kind, t.meld.cards, t.meld.rank) for t in self.table]),
            repr(self.call_queue), repr(self.callers), str(self.caller), str(self.reshuffles),
            str(self.discard_dead), str(self.took_discard), str(self.went_down_now),
            str(self.laid_now), str(self.tacked_others_now), str(self.cut_bonus_won),
            repr(self.out), repr(self.buy_ins_used), repr(self.buy_in_queue),
            str(self.meld_owed), str(self.freed_joker),
        ]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


_common_event = lru_cache(maxsize=8192)(event)
"""``event``, for the kinds every turn makes, shared: an Event is a frozen value, and a deal
makes hundreds of turns, draws, discards and calls that repeat the same few arguments."""

# actions without fields, made once (listing moves offers them at every turn)
_DRAW_STOCK, _TAKE_DISCARD, _END_TURN = DrawStock(), TakeDiscard(), EndTurn()
_ALLOW_CALL, _REFUSE_CALL = Allow(), Refuse()
_CALL_MOVES, _BUY_IN_MOVES = (Call(), Pass()), (BuyIn(), DropOut())
_FACES = tuple(face_of(card) for card in range(JOKER_BASE + MAX_JOKERS))
"""The face of every card id, looked up rather than worked out (listing moves asks it of
every card held, at every turn)."""
_DISCARDS = tuple(Discard(card) for card in range(JOKER_BASE + MAX_JOKERS))
"""Every discard action, made once: listing a play phase's moves offers one per face held."""

_CHECKS = {
    Cut: Game._cut_problem,
    DrawStock: Game._draw_problem,
    TakeDiscard: Game._take_problem,
    Call: Game._call_problem,
    Pass: Game._call_problem,
    Allow: Game._allow_problem,
    Refuse: Game._allow_problem,
    LayDown: Game._lay_problem,
    TackOn: Game._tack_problem,
    ShiftJoker: Game._shift_problem,
    ReleaseJoker: Game._release_problem,
    BuyIn: Game._buy_in_problem,
    DropOut: Game._buy_in_problem,
    Discard: Game._discard_action_problem,
    EndTurn: Game._end_problem,
}
_DOERS = {
    Cut: Game._do_cut,
    DrawStock: Game._do_draw,
    TakeDiscard: Game._do_take,
    Call: Game._do_call,
    Pass: Game._do_call,
    Allow: Game._do_allow,
    Refuse: Game._do_allow,
    LayDown: Game._do_lay,
    TackOn: Game._do_tack,
    ShiftJoker: Game._do_shift,
    ReleaseJoker: Game._do_release,
    BuyIn: Game._do_buy_in,
    DropOut: Game._do_buy_in,
    Discard: Game._do_discard,
    EndTurn: Game._do_end,
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

