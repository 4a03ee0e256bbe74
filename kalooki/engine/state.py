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

import weakref
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from kalooki.engine import events as ev
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
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import build_deck
from kalooki.engine.deal import DealResult, Phase, Stall, TableMeld
from kalooki.engine.events import Event
from kalooki.engine.legal_moves import as_sequence
from kalooki.engine.melds import extend, shift_joker
from kalooki.engine.moves import Moves
from kalooki.engine.rng import Rng
from kalooki.engine.rule_choices import (
    CallPriority,
    DiscardTake,
    FirstDealer,
    MatchEnd,
    StockExhaustion,
)
from kalooki.engine.rules import RESHUFFLE_CEILING, TURN_CEILING, RuleSet
from kalooki.engine.scoring import deal_scores, went_out_in_one_turn
from kalooki.engine.view import PlayerView, PublicMeld, live_view, settle_view

CUT_WOBBLE = 3
"""A dealer aims the cut but cannot count cards by feel: the engine adds ±3."""
_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN, _MATCH_OVER = Phase.PLAY, Phase.BUY_IN, Phase.MATCH_OVER


class Game(Moves):
    """A whole match: a position, the rules that judge a move, the moves listed, and
    applying one. Start one with :meth:`Game.new`; build a chosen position with the
    constructor (see :class:`Position`); copy with :meth:`clone`."""

    @classmethod
    def new(cls, rules: RuleSet, players: int, seed: int) -> Game:
        """A new match: the first dealer chosen, the pack shuffled, the first deal dealt
        (or the cut offered first, when the rules have a cut bonus)."""
        rules.validate(players)
        rng = Rng(seed)
        dealer = rng.below(players) if rules.first_dealer == FirstDealer.RANDOM else 0
        game = cls(rules=rules, players=players, seed=seed, rng=rng, dealer=dealer)
        game.start_events = game._start_deal()
        return game

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (see :mod:`kalooki.engine.view`). Finished deals' hands
        are public (they were shown at scoring), so results are shared whole. The view is
        lazy: each field is found when first read, or when the game is about to change."""
        view = live_view(self, player, _VIEW_MAKERS)
        self._pending.append(weakref.ref(view))
        return view

    def _start_deal(self) -> list[Event]:
        self._start_deal_fields()
        packs, jokers = self.rules.deck_for(self.players)
        deck = build_deck(packs, jokers)
        self.rng.shuffle(deck)
        self.deck_order = tuple(deck)
        events: list[Event] = [ev.DealStarted(self.dealer, deal=self.deal_no,
                                              contract=self.contract,
                                              hand_size=self.hand_size)]
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
        events: list[Event] = [ev.Dealt(p, tuple(self.hands[p])) for p in order]
        self.discard = []
        if self.rules.first_upcard:
            upcard = deck[position]
            position += 1
            self.discard.append(upcard)
            events.append(ev.UpcardTurned(None, (upcard,)))
        self.stock = list(reversed(deck[position:]))
        return events + self._begin_turn(order[0])

    def _begin_turn(self, player: int) -> list[Event]:
        self.turns += 1
        self.turn = player
        self.to_act = player
        self.phase = _DRAW
        self.discarder = None
        self.caller = None
        self.callers = []
        self.call_queue = []
        self._reset_turn_flags()
        return [_shared(ev.TurnBegan, player)]

    def apply(self, action: Action, player: int) -> list[Event]:
        """Check and perform ``action`` by seat ``player``; returns what happened. A
        refusal (a RuleError, raised) changes nothing."""
        if self._pending:
            self._settle_listings()
        if self._vouched is None or self._vouched[0] is not action \
                or self._vouched[1] != player:
            problem = self.why_illegal(action, player)
            if problem is not None:
                raise problem
        self._vouched = None
        self.actions_applied += 1
        return _DOERS[type(action)](self, player, action)

    def _settle_listings(self) -> None:
        """Fill every view and move list of this position still alive (the position is
        about to change), and forget them."""
        pending = self._pending
        self._pending = []
        for ref in pending:
            listing = ref()
            if isinstance(listing, PlayerView):
                settle_view(listing)
            elif listing is not None:
                listing.settle()
        self._pending = []

    def _do_cut(self, player: int, action: Cut) -> list[Event]:
        wobble = self.rng.below(2 * CUT_WOBBLE + 1) - CUT_WOBBLE
        count = min(max(action.aim + wobble, 1), len(self.deck_order) - 1)
        needed = len(self.active) * self.hand_size
        self.cut_count = count
        self.cut_bonus_won = self.rules.cut_bonus and count == needed
        events: list[Event] = [ev.PackCut(player, count=count, needed=needed,
                                          bonus=self.cut_bonus_won)]
        return events + self._deal_cards()

    def _do_draw(self, player: int, action: DrawStock) -> list[Event]:
        events: list[Event] = []
        if not self._draw_from_stock(player, events):
            return events
        self.phase = _PLAY
        return events

    def _draw_from_stock(self, player: int, events: list[Event]) -> bool:
        """Move the top stock card to ``player``; False when the deal ended instead (void,
        or scored as the hands stand)."""
        if not self.stock and not self._refill_stock(events):
            return False
        card = self.stock.pop()
        self.hands[player].append(card)
        events.append(_shared(ev.Drew, player, (card,)))
        return True

    def _refill_stock(self, events: list[Event]) -> bool:
        rules = self.rules
        if rules.never_voids and self.reshuffles >= RESHUFFLE_CEILING:
            events.extend(self._score_deal(None, False, Stall.RESHUFFLES))
            return False
        if rules.never_voids and len(self.discard) <= 1:
            events.extend(self._score_deal(None, False, Stall.STOCK))
            return False
        limit = (1 if rules.stock_exhaustion == StockExhaustion.RESHUFFLE_ONCE_THEN_VOID
                 else rules.reshuffle_limit)
        if (limit is not None and self.reshuffles >= limit) or len(self.discard) <= 1:
            events.extend(self._void_deal())
            return False
        top = self.discard[-1]
        pool = self.discard[:-1]
        self.rng.shuffle(pool)
        self.stock = pool
        self.discard = [top]
        self.reshuffles += 1
        events.append(ev.Reshuffled(None, count=len(pool)))
        return True

    def _do_take(self, player: int, action: TakeDiscard) -> list[Event]:
        card = self.discard.pop()
        self.hands[player].append(card)
        self.took_discard = card
        self.meld_owed = self.rules.discard_take == DiscardTake.MUST_MELD
        self.phase = _PLAY
        return [_shared(ev.Took, player, (card,))]

    def _do_call(self, player: int, action: Call | Pass) -> list[Event]:
        events = [_shared(ev.Called if isinstance(action, Call) else ev.Passed, player)]
        if isinstance(action, Call):
            self.callers.append(player)
        self.call_queue.pop(0)
        if self.callers and self.rules.call_priority == CallPriority.NEAREST:
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
        events = [_shared(ev.CallWon, self.caller, (self.discard[-1],))]
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
        self.meld_owed = self.rules.discard_take == DiscardTake.MUST_MELD
        self.phase = _PLAY
        self.to_act = player
        return [_shared(ev.Refused, player, (card,))]

    def _allow_call(self) -> list[Event]:
        caller = self.caller
        assert caller is not None
        card = self.discard.pop()
        self.hands[caller].append(card)
        self.calls_made[caller] += 1
        events: list[Event] = [ev.Allowed(self.turn, (card,), caller=caller)]
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
        events: list[Event] = [ev.Laid(player, tuple(c for m in melds for c in m.cards),
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
        events: list[Event] = [ev.TackedOn(player, (action.card,), meld=action.meld,
                                          end=action.end)]
        return events + self._maybe_out_without_discard(player)

    def _do_shift(self, player: int, action: ShiftJoker) -> list[Event]:
        target = self.table[action.meld]
        target.meld, _ = shift_joker(target.meld, action.card, action.end, self.rules)
        self.hands[player].remove(action.card)
        if target.owner != player and self.rules.joker_shift_is_tacking:
            self.tacked_others_now = True
        events: list[Event] = [ev.JokerShifted(player, (action.card,), meld=action.meld,
                                              end=action.end)]
        return events + self._maybe_out_without_discard(player)

    def _do_release(self, player: int, action: ReleaseJoker) -> list[Event]:
        joker_card = self._release_into(player, action)
        return [ev.JokerReleased(player, action.cards, meld=action.meld, joker=joker_card)]

    def _maybe_out_without_discard(self, player: int) -> list[Event]:
        return self._go_out(player) if not self.hands[player] else []

    def _do_discard(self, player: int, action: Discard) -> list[Event]:
        self.hands[player].remove(action.card)
        self.discard.append(action.card)
        events = [_shared(ev.Discarded, player, (action.card,))]
        if not self.hands[player]:
            return events + self._go_out(player)
        if self.turns >= TURN_CEILING:
            return events + self._score_deal(None, False, Stall.TURNS)
        return events + self._after_discard(player)

    def _do_end(self, player: int, action: EndTurn) -> list[Event]:
        events = [_shared(ev.TurnEnded, player)]
        if self.turns >= TURN_CEILING:
            return events + self._score_deal(None, False, Stall.TURNS)
        return events + self._begin_turn(self.next_player(player))

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
        return events + [_shared(ev.CallWindowOpened, discarder, (self.discard[-1],),
                                 callers=tuple(queue))]

    def _go_out(self, winner: int) -> list[Event]:
        rules = self.rules
        bent = went_out_in_one_turn(self.went_down_now, self.tacked_others_now, rules)
        return self._score_deal(winner, bent)

    def _score_deal(self, winner: int | None, bent: bool,
                    stall: Stall = Stall.NONE) -> list[Event]:
        """Score the hands as they stand; no ``winner`` when the deal stalled (``stall``
        says why)."""
        scores = deal_scores(self.hands, winner, bent, self.out, self.rules)
        if self.cut_bonus_won:
            scores[self.dealer] += self.rules.cut_bonus_points
        result = DealResult(self.deal_no, self.dealer, tuple(scores), winner, bent, False,
                            self.cut_bonus_won, tuple(tuple(h) for h in self.hands),
                            stall=stall)
        return self._finish_deal(result)

    def voids_running(self) -> int:
        """How many times running the current deal has been void and dealt again."""
        count = 0
        for result in reversed(self.results):
            if not result.void or result.deal != self.deal_no:
                break
            count += 1
        return count

    def _void_deal(self) -> list[Event]:
        """The stock ran out for good: the deal is dealt again, unless it has been void
        ``redeal_limit`` times running; then it is scored as the hands stand."""
        limit = self.rules.redeal_limit
        if limit is not None and self.voids_running() >= limit:
            return self._score_deal(None, False, Stall.REDEALS)
        result = DealResult(self.deal_no, self.dealer, (0,) * self.players, None, False, True,
                            False, tuple(tuple(h) for h in self.hands), tuple(self.totals))
        self.results.append(result)
        events: list[Event] = [ev.DealVoided(None, deal=self.deal_no, result=result)]
        return events + self._start_deal()

    def _finish_deal(self, result: DealResult) -> list[Event]:
        for player, points in enumerate(result.scores):
            self.totals[player] += points
        result = replace(result, totals=tuple(self.totals))
        self.results.append(result)
        events: list[Event] = [ev.DealEnded(result.winner, deal=self.deal_no, result=result,
                                            totals=tuple(self.totals))]
        if self.rules.match_end == MatchEnd.ELIMINATION:
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
        return [ev.MatchEnded(None, winners=tuple(self.winners()), totals=tuple(self.totals))]

    def _eliminate(self) -> list[Event]:
        """Players above the limit go out, unless they buy back in while buy-ins last
        (offered only while ``buy_in_min_players`` are still in, those over included)."""
        rules = self.rules
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        over = [p for p in order if not self.out[p] and self.totals[p] > rules.elimination_limit]
        if len(over) == len(self.active):
            return self._end_match()
        offered = len(self.active) >= rules.buy_in_min_players
        events: list[Event] = []
        self.buy_in_queue = []
        for player in over:
            if offered and self.buy_ins_used[player] < rules.buy_ins:
                self.buy_in_queue.append(player)
            else:
                events += self._drop(player)
        return events + self._next_buy_in()

    def _drop(self, player: int) -> list[Event]:
        self.out[player] = True
        return [ev.Eliminated(player, total=self.totals[player])]

    def _next_buy_in(self) -> list[Event]:
        if self.buy_in_queue:
            self.phase = _BUY_IN
            self.to_act = self.buy_in_queue[0]
            return [ev.BuyInOffered(self.to_act, total=self.totals[self.to_act],
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
            events: list[Event] = [ev.BoughtIn(player, total=self.totals[player])]
        else:
            events = self._drop(player)
        return events + self._next_buy_in()


_VIEW_MAKERS: dict[str, Callable[[Game, int], object]] = {
    "rules": lambda game, player: game.rules,
    "players": lambda game, player: game.players,
    "deal_no": lambda game, player: game.deal_no,
    "dealer": lambda game, player: game.dealer,
    "phase": lambda game, player: game.phase,
    "turn": lambda game, player: game.turn,
    "to_act": lambda game, player: game.to_act,
    "stock_count": lambda game, player: len(game.stock),
    "discarder": lambda game, player: game.discarder,
    "caller": lambda game, player: game.caller,
    "discard_dead": lambda game, player: game.discard_dead,
    "took_discard": lambda game, player: game.took_discard,
    "went_down_now": lambda game, player: game.went_down_now and game.turn == player,
    "meld_owed": lambda game, player: game.meld_owed and game.turn == player,
    "freed_joker": lambda game, player: game.freed_joker if game.turn == player else None,
    "contract": lambda game, player: game.contract,
    "hand": lambda game, player: tuple(game.hands[player]),
    "hand_counts": lambda game, player: tuple([len(h) for h in game.hands]),
    "table": lambda game, player: tuple([PublicMeld(t.owner, t.meld) for t in game.table]),
    "discard": lambda game, player: tuple(game.discard),
    "down": lambda game, player: tuple(game.down),
    "calls_made": lambda game, player: tuple(game.calls_made),
    "totals": lambda game, player: tuple(game.totals),
    "results": lambda game, player: tuple(game.results),
    "legal": lambda game, player: as_sequence(game.legal_actions(player)),
    "out": lambda game, player: tuple(game.out),
    "rejoin_score": lambda game, player: (game.buy_in_score() if game.phase == _BUY_IN
                                          else None),
    "buy_ins_used": lambda game, player: tuple(game.buy_ins_used),
}
"""How each field of a view is found (when first read, or before the game changes)."""

@lru_cache(maxsize=8192)
def _shared(kind: type[Event], player: int | None, cards: tuple[int, ...] = (),
            **payload: Any) -> Event:
    """An event of the kinds every turn makes, shared: an Event is a frozen value, and a
    deal makes hundreds of turns, draws, discards and calls that repeat the same few
    arguments."""
    return kind(player, cards, **payload)

_DOERS: dict[type[Action], Callable[[Game, int, Any], list[Event]]] = {
    # Any: each doer takes its own kind of action; the table keys each one by that kind.
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
