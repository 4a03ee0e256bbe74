"""The moves a seat may make now, listed (like a chess board's legal moves): the finite ones
in full, and for laying down the solver's best lay-down (any other is judged when
offered, by :func:`legality.why_illegal <kalooki.engine.play.legality.why_illegal>`).
Functions of a :class:`~kalooki.engine.position.Position`, as the judge's are."""

from __future__ import annotations

import weakref
from collections.abc import Sequence

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
    face_of,
    is_joker,
    rank_of,
    suit_of,
)
from kalooki.engine.deal import Phase
from kalooki.engine.melds import HIGH, LOW, End, fitting_faces, missing_suits
from kalooki.engine.play.legal_moves import LegalMoves
from kalooki.engine.play.legality import (
    allow_problem,
    can_add_to_table,
    freed_joker_tacks,
    release_problem,
    shift_problem,
    tack_problem,
    take_problem,
)
from kalooki.engine.play.predicates import may_discard, may_end_without_discard
from kalooki.engine.position import Position

_CUT, _DRAW, _CALL, _ALLOW = Phase.CUT, Phase.DRAW, Phase.CALL, Phase.ALLOW
_PLAY, _BUY_IN = Phase.PLAY, Phase.BUY_IN


def legal_actions(pos: Position, player: int) -> Sequence[Action]:
    """The finite moves of ``player`` now. In the play phase the lay-down offered is
    the solver's best one, first (any other lay-down can be checked with
    :meth:`is_legal`), and the moves come as a lazy :class:`LegalMoves`: the lay-down
    is searched for only when read."""
    listed = listing(pos, player)
    return listed if isinstance(listed, LegalMoves) else list(listed)


def listing(pos: Position, player: int) -> Sequence[Action]:
    """:func:`legal_actions` as a view holds them: the play phase's lazy list, or a tuple
    (the same tuple for the same moves: nobody changes one)."""
    if player != pos.to_act:
        return ()
    phase = pos.phase
    if phase is _PLAY:
        listed = LegalMoves(play_moves(pos, player), pos, player)
        pos._pending.append(weakref.ref(listed))
        return listed
    moves: tuple[Action, ...]
    if phase is _DRAW:
        moves = _DRAW_OR_TAKE if take_problem(pos, player) is None else _DRAW_MOVES
    elif phase is _CALL:
        moves = _CALL_MOVES
    elif phase is _ALLOW:
        moves = _ALLOW_OR_REFUSE if allow_problem(pos, player, _REFUSE_CALL) is None \
            else _ALLOW_MOVES
    elif phase is _BUY_IN:
        moves = _BUY_IN_MOVES
    else:
        moves = ()
    if moves:
        pos._offered = (moves, player)  # judged legal here: applying one needs no more
        return moves
    if phase is _CUT:
        return tuple([Cut(aim) for aim in range(1, len(pos.deck_order))])
    return ()


def play_moves(pos: Position, player: int) -> list[Action]:
    """Every move of the play phase but the lay-down."""
    if pos.freed_joker is not None:
        return freed_joker_tacks(pos, player, pos.freed_joker)
    if pos.meld_owed:
        return []
    # from here on the phase is play and nothing is owed
    hand = pos.hands[player]
    by_face: dict[int, int] = {}
    for card in hand:
        by_face.setdefault(_FACES[card], card)  # the first card of each face, in order
    joker_card = by_face.get(JOKER_FACE)
    table = pos.table
    moves: list[Action] = release_moves(pos, player, by_face) if table else []
    if table and can_add_to_table(pos, player):
        for index, table_meld in enumerate(table):
            meld = table_meld.meld
            ends = (LOW, HIGH) if meld.is_run else (End.NONE,)
            candidates = [by_face[f] for f in fitting_faces(meld) if f in by_face]
            if joker_card is not None:
                candidates.append(joker_card)
            for card in candidates:
                for end in ends:
                    if tack_problem(pos, player, TackOn(card, index, end)) is None:
                        moves.append(TackOn(card, index, end))
                    if (end and meld.joker_positions() and not is_joker(card)
                            and shift_problem(pos, player, ShiftJoker(card, index, end))
                            is None):
                        moves.append(ShiftJoker(card, index, end))
    # whether a card may be discarded depends only on whether it is a joker
    if joker_card is None or may_discard(joker_card, pos.rules):
        moves.extend([_DISCARDS[card] for card in by_face.values()])
    else:
        moves.extend([_DISCARDS[card] for card in by_face.values() if card != joker_card])
    if len(by_face) == 1 and joker_card is not None \
            and may_end_without_discard(hand, pos.rules):  # jokers only, none discardable
        moves.append(_END_TURN)
    return moves


def release_moves(pos: Position, player: int, by_face: dict[int, int]) -> list[Action]:
    """Every way the hand can free a joker from the table (``by_face``: the first card of
    each face the hand holds, in the hand's order)."""
    if not pos.rules.joker_release:
        return []
    moves: list[Action] = []
    naturals: list[int] | None = None
    for index, table_meld in enumerate(pos.table):
        meld = table_meld.meld
        jokers = meld.joker_positions()
        if not jokers:
            continue
        if naturals is None:
            naturals = [card for face, card in by_face.items() if face != JOKER_FACE]
        options: list[tuple[int, ...]]
        if meld.is_run:
            options = [(c,) for c in naturals
                       if any(meld.represented_rank(i) % 13 == rank_of(c) % 13
                              for i in jokers)]
        else:
            same = [c for c in naturals if rank_of(c) == meld.rank]
            options = [(c,) for c in same] + [
                (a, b) for i, a in enumerate(same) for b in same[i + 1:]]
            suits = {suit_of(c): c for c in same}
            missing = missing_suits(meld)
            if len(missing) > 2 and set(missing) <= suits.keys():
                options.append(tuple(suits[s] for s in missing))  # every suit it lacks
        for cards in options:
            action = ReleaseJoker(cards, index)
            if release_problem(pos, player, action) is None:
                moves.append(action)
    return moves


_DRAW_STOCK, _TAKE_DISCARD, _END_TURN = DrawStock(), TakeDiscard(), EndTurn()
_ALLOW_CALL, _REFUSE_CALL = Allow(), Refuse()
_CALL_MOVES, _BUY_IN_MOVES = (Call(), Pass()), (BuyIn(), DropOut())
_DRAW_MOVES, _DRAW_OR_TAKE = (_DRAW_STOCK,), (_DRAW_STOCK, _TAKE_DISCARD)
_ALLOW_MOVES, _ALLOW_OR_REFUSE = (_ALLOW_CALL,), (_ALLOW_CALL, _REFUSE_CALL)
_FACES = tuple(face_of(card) for card in range(JOKER_BASE + MAX_JOKERS))
"""The face of every card id, looked up rather than worked out (listing moves asks it of
every card held, at every turn)."""
_DISCARDS = tuple(Discard(card) for card in range(JOKER_BASE + MAX_JOKERS))
"""Every discard action, made once: listing a play phase's moves offers one per face held."""
