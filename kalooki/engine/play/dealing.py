"""A deal from its shuffle to its score, and the match around it: dealing, turns beginning,
the stock running out, scoring (or voiding) a deal, the next deal, eliminations and
buy-ins, the end of the match.

Functions of a :class:`~kalooki.engine.position.Position` that change it and return what
happened; the state machine (:mod:`kalooki.engine.state`) calls them as actions require.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from kalooki.engine import events as ev
from kalooki.engine.cards import build_deck
from kalooki.engine.deal import DealResult, Phase, Stall
from kalooki.engine.events import Event
from kalooki.engine.position import Position
from kalooki.engine.rules import RESHUFFLE_CEILING
from kalooki.engine.rules.choices import MatchEnd, StockExhaustion
from kalooki.engine.scoring import deal_scores, went_out_in_one_turn

_CUT, _DRAW, _BUY_IN, _MATCH_OVER = Phase.CUT, Phase.DRAW, Phase.BUY_IN, Phase.MATCH_OVER


@lru_cache(maxsize=8192)


def shared(kind: type[Event], player: int | None, cards: tuple[int, ...] = (),
           **payload: Any) -> Event:
    """An event of the kinds every turn makes, shared: an Event is a frozen value, and a
    deal makes hundreds of turns, draws, discards and calls that repeat the same few
    arguments."""
    return kind(player, cards, **payload)


def start_deal(pos: Position) -> list[Event]:
    pos._start_deal_fields()
    packs, jokers = pos.rules.deck_for(pos.players)
    deck = build_deck(packs, jokers)
    pos.rng.shuffle(deck)
    pos.deck_order = tuple(deck)
    events: list[Event] = [ev.DealStarted(pos.dealer, deal=pos.deal_no,
                                          contract=pos.contract,
                                          hand_size=pos.hand_size)]
    if pos.rules.cut_bonus:
        pos.phase = _CUT
        pos.to_act = pos.dealer
        return events
    return events + deal_cards(pos)


def deal_cards(pos: Position) -> list[Event]:
    deck = pos.deck_order
    order = [(pos.dealer + 1 + i) % pos.players for i in range(pos.players)]
    order = [p for p in order if not pos.out[p]]
    position = 0
    for _ in range(pos.hand_size):
        for player in order:
            pos.hands[player].append(deck[position])
            position += 1
    events: list[Event] = [ev.Dealt(p, tuple(pos.hands[p])) for p in order]
    pos.discard = []
    if pos.rules.first_upcard:
        upcard = deck[position]
        position += 1
        pos.discard.append(upcard)
        events.append(ev.UpcardTurned(None, (upcard,)))
    pos.stock = list(reversed(deck[position:]))
    return events + begin_turn(pos, order[0])


def begin_turn(pos: Position, player: int) -> list[Event]:
    pos.turns += 1
    pos.turn = player
    pos.to_act = player
    pos.phase = _DRAW
    pos.discarder = None
    pos.caller = None
    pos.callers = []
    pos.call_queue = []
    pos._reset_turn_flags()
    return [shared(ev.TurnBegan, player)]


def draw_from_stock(pos: Position, player: int, events: list[Event]) -> bool:
    """Move the top stock card to ``player``; False when the deal ended instead (void,
    or scored as the hands stand)."""
    if not pos.stock and not refill_stock(pos, events):
        return False
    card = pos.stock.pop()
    pos.hands[player].append(card)
    events.append(shared(ev.Drew, player, (card,)))
    return True


def refill_stock(pos: Position, events: list[Event]) -> bool:
    rules = pos.rules
    if rules.never_voids and pos.reshuffles >= RESHUFFLE_CEILING:
        events.extend(score_deal(pos, None, False, Stall.RESHUFFLES))
        return False
    if rules.never_voids and len(pos.discard) <= 1:
        events.extend(score_deal(pos, None, False, Stall.STOCK))
        return False
    limit = (1 if rules.stock_exhaustion == StockExhaustion.RESHUFFLE_ONCE_THEN_VOID
             else rules.reshuffle_limit)
    if (limit is not None and pos.reshuffles >= limit) or len(pos.discard) <= 1:
        events.extend(void_deal(pos))
        return False
    top = pos.discard[-1]
    pool = pos.discard[:-1]
    pos.rng.shuffle(pool)
    pos.stock = pool
    pos.discard = [top]
    pos.reshuffles += 1
    events.append(ev.Reshuffled(None, count=len(pool)))
    return True


def go_out(pos: Position, winner: int) -> list[Event]:
    rules = pos.rules
    bent = went_out_in_one_turn(pos.went_down_now, pos.tacked_others_now, rules)
    return score_deal(pos, winner, bent)


def score_deal(pos: Position, winner: int | None, bent: bool,
                stall: Stall = Stall.NONE) -> list[Event]:
    """Score the hands as they stand; no ``winner`` when the deal stalled (``stall``
    says why)."""
    scores = deal_scores(pos.hands, winner, bent, pos.out, pos.rules)
    if pos.cut_bonus_won:
        scores[pos.dealer] += pos.rules.cut_bonus_points
    result = DealResult(pos.deal_no, pos.dealer, tuple(scores), winner, bent, False,
                        pos.cut_bonus_won, tuple(tuple(h) for h in pos.hands),
                        stall=stall)
    return finish_deal(pos, result)


def voids_running(pos: Position) -> int:
    """How many times running the current deal has been void and dealt again."""
    count = 0
    for result in reversed(pos.results):
        if not result.void or result.deal != pos.deal_no:
            break
        count += 1
    return count


def void_deal(pos: Position) -> list[Event]:
    """The stock ran out for good: the deal is dealt again, unless it has been void
    ``redeal_limit`` times running; then it is scored as the hands stand."""
    limit = pos.rules.redeal_limit
    if limit is not None and voids_running(pos) >= limit:
        return score_deal(pos, None, False, Stall.REDEALS)
    result = DealResult(pos.deal_no, pos.dealer, (0,) * pos.players, None, False, True,
                        False, tuple(tuple(h) for h in pos.hands), tuple(pos.totals))
    pos.results.append(result)
    events: list[Event] = [ev.DealVoided(None, deal=pos.deal_no, result=result)]
    return events + start_deal(pos)


def finish_deal(pos: Position, result: DealResult) -> list[Event]:
    for player, points in enumerate(result.scores):
        pos.totals[player] += points
    result = replace(result, totals=tuple(pos.totals))
    pos.results.append(result)
    events: list[Event] = [ev.DealEnded(result.winner, deal=pos.deal_no, result=result,
                                        totals=tuple(pos.totals))]
    if pos.rules.match_end == MatchEnd.ELIMINATION:
        return events + eliminate(pos)
    if pos.deal_no >= pos.rules.deals_per_match:
        return events + end_match(pos)
    return events + next_deal(pos)


def next_deal(pos: Position) -> list[Event]:
    pos.deal_no += 1
    pos.dealer = pos.next_player(pos.dealer)
    return start_deal(pos)


def end_match(pos: Position) -> list[Event]:
    pos.phase = _MATCH_OVER
    pos.to_act = None
    return [ev.MatchEnded(None, winners=tuple(pos.winners()), totals=tuple(pos.totals))]


def eliminate(pos: Position) -> list[Event]:
    """Players above the limit go out, unless they buy back in while buy-ins last
    (offered only while ``buy_in_min_players`` are still in, those over included)."""
    rules = pos.rules
    order = [(pos.dealer + 1 + i) % pos.players for i in range(pos.players)]
    over = [p for p in order if not pos.out[p] and pos.totals[p] > rules.elimination_limit]
    if len(over) == len(pos.active):
        return end_match(pos)
    offered = len(pos.active) >= rules.buy_in_min_players
    events: list[Event] = []
    pos.buy_in_queue = []
    for player in over:
        if offered and pos.buy_ins_used[player] < rules.buy_ins:
            pos.buy_in_queue.append(player)
        else:
            events += drop(pos, player)
    return events + next_buy_in(pos)


def drop(pos: Position, player: int) -> list[Event]:
    pos.out[player] = True
    return [ev.Eliminated(player, total=pos.totals[player])]


def next_buy_in(pos: Position) -> list[Event]:
    if pos.buy_in_queue:
        pos.phase = _BUY_IN
        pos.to_act = pos.buy_in_queue[0]
        return [ev.BuyInOffered(pos.to_act, total=pos.totals[pos.to_act],
                                rejoin=pos.buy_in_score(),
                                left=pos.rules.buy_ins - pos.buy_ins_used[pos.to_act])]
    if len(pos.active) <= 1:
        return end_match(pos)
    return next_deal(pos)
