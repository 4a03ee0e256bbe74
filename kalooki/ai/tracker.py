"""Card tracking for the hard player: a memory built only from the views it is shown
(and from its own moves).

Between two views the discard pile changes only at its top, so diffing the piles (the
earlier pile plus the viewer's own discard since) tells which cards left it. A card that
left the pile and is neither on the table nor in the viewer's hand is in an opponent's
hand: the caller's, if someone's call count went up; otherwise the player whose draw it
was (the player after the viewer, for the viewer's own discard; the turn player, for a
card on top while they had not drawn). When that cannot be told, the card is known only
to be in some opponent's hand. A reshuffle (the stock grew) sends the pile back to the
stock, so those cards become unknown again. The memory resets with every new deal.
"""

from __future__ import annotations

from kalooki.ai.knowledge import visible_cards
from kalooki.engine.deal import Phase
from kalooki.engine.sampling import SOME_OPPONENT, Known
from kalooki.engine.view import PlayerView

UNKNOWN = SOME_OPPONENT


class Tracker:
    def __init__(self) -> None:
        self.deal_key: tuple[int, int] | None = None
        self.previous: PlayerView | None = None
        self.held: dict[int, int] = {}
        """card -> the opponent known to hold it (or UNKNOWN)."""
        self.reshuffles = 0
        self.my_discard: int | None = None

    def note_discard(self, card: int) -> None:
        """The viewer discarded ``card`` after its last view."""
        self.my_discard = card

    def observe(self, view: PlayerView) -> None:
        key = (view.deal_no, len(view.results))
        if key != self.deal_key:
            self.deal_key, self.previous, self.held = key, None, {}
            self.reshuffles, self.my_discard = 0, None
        before, self.previous = self.previous, view
        mine, self.my_discard = self.my_discard, None
        if before is None or before is view:
            return
        if view.stock_count > before.stock_count:  # reshuffled: the pile went to the stock
            self.reshuffles += 1
            self._forget_visible(view)
            return
        pile = list(before.discard) + ([mine] if mine is not None else [])
        common = 0
        for a, b in zip(pile, view.discard, strict=False):
            if a != b:
                break
            common += 1
        gone = pile[common:]
        callers = [p for p in range(view.players)
                   if view.calls_made[p] > before.calls_made[p]]
        for card in gone:
            holder = self._taker(view, before, card, mine, callers, len(gone))
            if holder != view.player:
                self.held[card] = holder
        self._forget_visible(view)

    @staticmethod
    def _taker(view: PlayerView, before: PlayerView, card: int, mine: int | None,
               callers: list[int], gone: int) -> int:
        if gone != 1 or len(callers) > 1:
            return UNKNOWN
        if callers:
            return callers[0]
        if card == mine:
            out = view.out or (False,) * view.players
            for step in range(1, view.players):
                nxt = (view.player + step) % view.players
                if not out[nxt]:
                    return nxt
            return UNKNOWN
        if before.phase in (Phase.DRAW, Phase.CALL, Phase.ALLOW) and before.discard \
                and card == before.discard[-1]:
            return before.turn
        return UNKNOWN

    def _forget_visible(self, view: PlayerView) -> None:
        """A tracked card that reached the table (or the viewer) is no longer hidden."""
        visible = set(visible_cards(view))
        self.held = {c: p for c, p in self.held.items() if c not in visible}

    def known(self) -> dict[int, int]:
        return dict(self.held)

    def known_state(self, tacked_others_now: bool = False) -> Known:
        """What the sampler needs to deal worlds consistent with this memory."""
        return Known(dict(self.held), self.reshuffles, tacked_others_now)
