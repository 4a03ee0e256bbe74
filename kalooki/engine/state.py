"""The state machine of a Kalooki match: cut, deal, turns, calls, lay-downs, scoring.

One :class:`Game` holds a whole match. Exactly one player is asked to act at a time
(``to_act``); :meth:`Game.legal_actions` lists that player's finite moves and
:meth:`Game.apply` checks an action by a named seat, changes the state and returns
:class:`Event`s; an action from any seat but the one to act is refused.
Every refusal is a :class:`RuleError` whose sentence a player understands. All chance
comes from the game's own :class:`Rng`, so a seed and the list of actions replay the
identical match.

A game is its :class:`~kalooki.engine.position.Position` (every field of the match) and
this door to it. The rules are modules of functions over the position, in
:mod:`kalooki.engine.play`: what is legal and why not (``legality``), the moves listed
(``moves``), the deal's life (``dealing``); below, what each action does.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
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
from kalooki.engine.deal import Phase, Stall, TableMeld
from kalooki.engine.errors import RuleError
from kalooki.engine.events import Event
from kalooki.engine.melds import extend, shift_joker
from kalooki.engine.play import dealing, legality, moves, predicates
from kalooki.engine.play.dealing import shared
from kalooki.engine.play.legal_moves import LegalMoves
from kalooki.engine.position import Position
from kalooki.engine.rng import Rng
from kalooki.engine.rules import TURN_CEILING, RuleSet
from kalooki.engine.rules.choices import CallPriority, FirstDealer
from kalooki.engine.view import PlayerView, live_view, settle_view, shown_fields

CUT_WOBBLE = 3
"""A dealer aims the cut but cannot count cards by feel: the engine adds ±3."""
_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN, _MATCH_OVER = Phase.PLAY, Phase.BUY_IN, Phase.MATCH_OVER
_NEAREST = CallPriority.NEAREST


class Game(Position):
    """A whole match: its position, and the door to it (the moves listed, each judged and
    applied). Start one with :meth:`Game.new`; build a chosen position with the
    constructor (see :class:`Position`); copy with :meth:`clone`."""

    @classmethod
    def new(cls, rules: RuleSet, players: int, seed: int) -> Game:
        """A new match: the first dealer chosen, the pack shuffled, the first deal dealt
        (or the cut offered first, when the rules have a cut bonus)."""
        rules.validate(players)
        rng = Rng(seed)
        dealer = rng.below(players) if rules.first_dealer == FirstDealer.RANDOM else 0
        game = cls(rules=rules, players=players, seed=seed, rng=rng, dealer=dealer)
        game.start_events = tuple(dealing.start_deal(game))
        return game

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see (see :mod:`kalooki.engine.view`). Finished deals' hands
        are public (they were shown at scoring), so results are shared whole. The view is
        lazy: each field is found when first read, or when the game is about to change."""
        view = live_view(self, player, _VIEW_MAKERS)
        self._pending.append(weakref.ref(view))
        return view

    def legal_actions(self, player: int) -> Sequence[Action]:
        """The finite moves of ``player`` now (:func:`moves.legal_actions
        <kalooki.engine.play.moves.legal_actions>`)."""
        return moves.legal_actions(self, player)

    def why_illegal(self, action: Action, player: int) -> RuleError | None:
        """The reason ``action`` by seat ``player`` is refused; None when it is legal
        (:func:`legality.why_illegal <kalooki.engine.play.legality.why_illegal>`)."""
        return legality.why_illegal(self, action, player)

    def is_legal(self, action: Action, player: int) -> bool:
        return legality.why_illegal(self, action, player) is None

    def voids_running(self) -> int:
        """How many times running the current deal has been void and dealt again."""
        return dealing.voids_running(self)

    def apply(self, action: Action, player: int) -> list[Event]:
        """Check and perform ``action`` by seat ``player``; returns what happened. A
        refusal (a RuleError, raised) changes nothing."""
        pending = self._pending
        if pending:  # every view and move list of this position still alive is filled now
            self._pending = []
            for ref in pending:
                listing = ref()
                if listing is not None:  # (most are gone: nobody kept them)
                    _settle(listing)
            self._pending = []  # (settling a view lists its moves, already settled)
        vouched = self._vouched
        if vouched is None or vouched[0] is not action or vouched[1] != player:
            offered = self._offered
            if offered is None or offered[1] != player or action not in offered[0]:
                problem = legality.why_illegal(self, action, player)
                if problem is not None:
                    raise problem
        self._vouched = self._offered = None
        self.actions_applied += 1
        return _DOERS[type(action)](self, player, action)


def _settle(listing: PlayerView | LegalMoves) -> None:
    """Fill a view or a move list of a position about to change."""
    if isinstance(listing, PlayerView):
        settle_view(listing)
    else:
        listing.settle()


# -- what each action does ---------------------------------------------------------------

def _do_cut(pos: Game, player: int, action: Cut) -> list[Event]:
    wobble = pos.rng.below(2 * CUT_WOBBLE + 1) - CUT_WOBBLE
    count = min(max(action.aim + wobble, 1), len(pos.deck_order) - 1)
    needed = len(pos.active) * pos.hand_size
    pos.cut_count = count
    pos.cut_bonus_won = pos.rules.cut_bonus and count == needed
    events: list[Event] = [ev.PackCut(player, count=count, needed=needed,
                                      bonus=pos.cut_bonus_won)]
    return events + dealing.deal_cards(pos)


def _do_draw(pos: Game, player: int, action: DrawStock) -> list[Event]:
    events: list[Event] = []
    if not dealing.draw_from_stock(pos, player, events):
        return events
    pos.phase = _PLAY
    return events


def _do_take(pos: Game, player: int, action: TakeDiscard) -> list[Event]:
    card = pos.discard.pop()
    pos.hands[player].append(card)
    pos.took_discard = card
    pos.meld_owed = predicates.take_obliges_meld(pos.rules)
    pos.phase = _PLAY
    return [shared(ev.Took, player, (card,))]


def _do_call(pos: Game, player: int, action: Call | Pass) -> list[Event]:
    events = [shared(ev.Called if isinstance(action, Call) else ev.Passed, player)]
    if isinstance(action, Call):
        pos.callers.append(player)
    pos.call_queue.pop(0)
    if pos.callers and pos.rules.call_priority == _NEAREST:
        pos.caller = pos.callers[0]
    elif not pos.call_queue and pos.callers:
        pos.caller = pos.callers[pos.rng.below(len(pos.callers))]
    if pos.caller is not None:
        return events + _resolve_call(pos)
    if pos.call_queue:
        pos.to_act = pos.call_queue[0]
        return events
    return events + _open_turn_after_window(pos)


def _open_turn_after_window(pos: Game) -> list[Event]:
    pos.phase = _DRAW
    pos.to_act = pos.turn
    pos.call_queue = []
    return []


def _resolve_call(pos: Game) -> list[Event]:
    assert pos.caller is not None
    events = [shared(ev.CallWon, pos.caller, (pos.discard[-1],))]
    if predicates.must_allow(pos.rules, pos.down[pos.turn]):
        return events + _allow_call(pos)
    pos.phase = _ALLOW
    pos.to_act = pos.turn
    return events


def _do_allow(pos: Game, player: int, action: Allow | Refuse) -> list[Event]:
    if isinstance(action, Allow):
        return _allow_call(pos)
    card = pos.discard.pop()
    pos.hands[player].append(card)
    pos.took_discard = card
    pos.meld_owed = predicates.take_obliges_meld(pos.rules)
    pos.phase = _PLAY
    pos.to_act = player
    return [shared(ev.Refused, player, (card,))]


def _allow_call(pos: Game) -> list[Event]:
    caller = pos.caller
    assert caller is not None
    card = pos.discard.pop()
    pos.hands[caller].append(card)
    pos.calls_made[caller] += 1
    events: list[Event] = [ev.Allowed(pos.turn, (card,), caller=caller)]
    for _ in range(pos.rules.call_penalty_cards):
        if not dealing.draw_from_stock(pos, caller, events):
            return events
    pos.phase = _DRAW
    pos.to_act = pos.turn
    pos.caller = None
    pos.discard_dead = True
    return events


def _do_lay(pos: Game, player: int, action: LayDown) -> list[Event]:
    melds = legality.declared_melds(pos, player, action.melds)
    first = not pos.down[player]
    indices = []
    for meld in melds:
        for card in meld.cards:
            pos.hands[player].remove(card)
        indices.append(len(pos.table))
        pos.table.append(TableMeld(player, meld))
    pos.laid_now = True
    pos.meld_owed = False
    if pos.freed_joker is not None and any(pos.freed_joker in m.cards for m in melds):
        pos.freed_joker = None
    if first:
        pos.down[player] = True
        pos.went_down_now = True
    events: list[Event] = [ev.Laid(player, tuple(c for m in melds for c in m.cards),
                                   melds=tuple(indices), first=first)]
    return events + _maybe_out_without_discard(pos, player)


def _do_tack(pos: Game, player: int, action: TackOn) -> list[Event]:
    target = pos.table[action.meld]
    target.meld = extend(target.meld, action.card, action.end, pos.rules)
    pos.hands[player].remove(action.card)
    if action.card == pos.freed_joker:
        pos.freed_joker = None
    if predicates.tacks_on_others(pos.rules, action, player, target.owner):
        pos.tacked_others_now = True
    events: list[Event] = [ev.TackedOn(player, (action.card,), meld=action.meld,
                                      end=action.end)]
    return events + _maybe_out_without_discard(pos, player)


def _do_shift(pos: Game, player: int, action: ShiftJoker) -> list[Event]:
    target = pos.table[action.meld]
    target.meld, _ = shift_joker(target.meld, action.card, action.end, pos.rules)
    pos.hands[player].remove(action.card)
    if predicates.tacks_on_others(pos.rules, action, player, target.owner):
        pos.tacked_others_now = True
    events: list[Event] = [ev.JokerShifted(player, (action.card,), meld=action.meld,
                                          end=action.end)]
    return events + _maybe_out_without_discard(pos, player)


def _do_release(pos: Game, player: int, action: ReleaseJoker) -> list[Event]:
    joker_card = legality.release_into(pos, player, action)
    return [ev.JokerReleased(player, action.cards, meld=action.meld, joker=joker_card)]


def _maybe_out_without_discard(pos: Game, player: int) -> list[Event]:
    return dealing.go_out(pos, player) if not pos.hands[player] else []


def _do_discard(pos: Game, player: int, action: Discard) -> list[Event]:
    pos.hands[player].remove(action.card)
    pos.discard.append(action.card)
    events = [shared(ev.Discarded, player, (action.card,))]
    if not pos.hands[player]:
        return events + dealing.go_out(pos, player)
    if pos.turns >= TURN_CEILING:
        return events + dealing.score_deal(pos, None, False, Stall.TURNS)
    return events + _after_discard(pos, player)


def _do_end(pos: Game, player: int, action: EndTurn) -> list[Event]:
    events = [shared(ev.TurnEnded, player)]
    if pos.turns >= TURN_CEILING:
        return events + dealing.score_deal(pos, None, False, Stall.TURNS)
    return events + dealing.begin_turn(pos, pos.next_player(player))


def _after_discard(pos: Game, discarder: int) -> list[Event]:
    """Open the call window on the card just discarded, or pass the turn on."""
    nxt = pos.next_player(discarder)
    events = dealing.begin_turn(pos, nxt)
    queue = predicates.call_candidates(pos.rules, pos.players, nxt, discarder, pos.down,
                                       pos.calls_made, pos.out)
    if not queue:
        return events
    pos.discarder = discarder
    pos.call_queue = queue
    pos.phase = _CALL
    pos.to_act = queue[0]
    return events + [shared(ev.CallWindowOpened, discarder, (pos.discard[-1],),
                             callers=tuple(queue))]


def _do_buy_in(pos: Game, player: int, action: BuyIn | DropOut) -> list[Event]:
    pos.buy_in_queue.pop(0)
    if isinstance(action, BuyIn):
        pos.buy_ins_used[player] += 1
        pos.totals[player] = pos.buy_in_score()
        events: list[Event] = [ev.BoughtIn(player, total=pos.totals[player])]
    else:
        events = dealing.drop(pos, player)
    return events + dealing.next_buy_in(pos)


_VIEW_MAKERS: dict[str, Callable[[Game, int], object]] = {
    **shown_fields(),  # every field of the position a view shows, as it declares
    "contract": lambda game, player: game.contract,
    "hand": lambda game, player: tuple(game.hands[player]),
    "hand_counts": lambda game, player: tuple([len(h) for h in game.hands]),
    "stock_count": lambda game, player: len(game.stock),
    "legal": moves.listing,
    "rejoin_score": lambda game, player: (game.buy_in_score() if game.phase == _BUY_IN
                                          else None),
}
"""How each field of a view is found (when first read, or before the game changes)."""


_DOERS: dict[type[Action], Callable[[Game, int, Any], list[Event]]] = {
    # Any: each doer takes its own kind of action; the table keys each one by that kind.
    Cut: _do_cut,
    DrawStock: _do_draw,
    TakeDiscard: _do_take,
    Call: _do_call,
    Pass: _do_call,
    Allow: _do_allow,
    Refuse: _do_allow,
    LayDown: _do_lay,
    TackOn: _do_tack,
    ShiftJoker: _do_shift,
    ReleaseJoker: _do_release,
    BuyIn: _do_buy_in,
    DropOut: _do_buy_in,
    Discard: _do_discard,
    EndTurn: _do_end,
}
