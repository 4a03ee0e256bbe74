"""Card tracking for the hard player: a memory built only from the views it is shown.

Between two views the discard pile changes only at its top, so diffing the piles tells
which cards left it. A card that left the pile and is neither on the table nor in the
viewer's hand is in an opponent's hand: the caller's, if someone's call count went up,
otherwise the turn player's. A reshuffle (the stock grew) sends the pile back to the
stock, so those cards become unknown again. The memory resets with every new deal.
"""

from __future__ import annotations

from kalooki.ai.knowledge import visible_cards
from kalooki.engine.cards import is_joker, rank_of, suit_of
from kalooki.engine.view import PlayerView

UNKNOWN = -1


class Tracker:
    def __init__(self) -> None:
        self.deal_key: tuple[int, int] | None = None
        self.previous: PlayerView | None = None
        self.held: dict[int, int] = {}
        """card -> the opponent known to hold it (or UNKNOWN)."""

    def observe(self, view: PlayerView) -> None:
        key = (view.deal_no, len(view.results))
        if key != self.deal_key:
            self.deal_key, self.previous, self.held = key, None, {}
        before, self.previous = self.previous, view
        if before is None:
            return
        if view.stock_count > before.stock_count:  # reshuffled: the pile went to the stock
            return
        common = 0
        for a, b in zip(before.discard, view.discard, strict=False):
            if a != b:
                break
            common += 1
        gone = before.discard[common:]
        if not gone:
            self._forget_visible(view)
            return
        callers = [p for p in range(view.players)
                   if view.calls_made[p] > before.calls_made[p]]
        taker = callers[0] if len(callers) == 1 else (
            before.turn if not callers and len(gone) == 1 else UNKNOWN)
        for card in gone:
            if taker != view.player:
                self.held[card] = taker
        self._forget_visible(view)

    def _forget_visible(self, view: PlayerView) -> None:
        """A tracked card that reached the table (or the viewer) is no longer hidden."""
        visible = set(visible_cards(view))
        self.held = {c: p for c, p in self.held.items() if c not in visible}

    def known(self) -> dict[int, int]:
        return dict(self.held)

    def interest(self, player: int, card: int) -> float:
        """How much ``player`` has shown wanting cards like ``card``: they took cards of
        its rank (a group) or of its suit close by (a run)."""
        if is_joker(card):
            return 0.0
        score = 0.0
        for taken, holder in self.held.items():
            if holder != player or is_joker(taken):
                continue
            if rank_of(taken) == rank_of(card):
                score += 1.0
            elif suit_of(taken) == suit_of(card) and abs(rank_of(taken) - rank_of(card)) <= 2:
                score += 0.7
        return score
