"""The easy player: the medium player's sense with a beginner's attention span.

It weighs a take by the card alone (not by the discard it would make), looks at only a
few of its cards when discarding, never holds back or plays defence, and now and then
slips: a missed call, take or tack. It stays fast enough for slow machines.
"""

from __future__ import annotations

from kalooki.ai.medium import Decision, MediumPlayer
from kalooki.ai.player import Style
from kalooki.engine.actions import LayDown
from kalooki.engine.facts.seats import Level
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView

LOOKS_AT = 3
"""Cards an easy player compares before discarding."""


class EasyPlayer(MediumPlayer):
    level = Level.EASY

    def __init__(self, style: Style | None = None, name: str = "easy") -> None:
        super().__init__(style or Style(call_eagerness=0.5, risk=0.0, slips=0.3, deny=False),
                         name)

    def keeps(self, view: PlayerView, card: int) -> bool:
        """Only a card that brings the contract closer, judged by the card alone."""
        hand = list(view.hand)
        return self.ev.need_with(hand, card) < self.ev.need(hand)

    def hold_back(self, view: PlayerView, lay: LayDown) -> bool:
        return False

    def draw_threshold(self, view: PlayerView, rng: Rng, top: int) -> Decision:
        """No threshold-game craft: the take is judged as in a contract game."""
        return self.draw_basic(view, rng, top)

    def best_release(self, view: PlayerView, rng: Rng) -> Decision | None:
        """A beginner does not think of freeing jokers."""
        return None

    def discard_candidates(self, view: PlayerView, rng: Rng) -> list[int]:
        cards = super().discard_candidates(view, rng)
        rng.shuffle(cards)
        return cards[:LOOKS_AT]

    def danger(self, view: PlayerView, card: int) -> float:
        return 0.0
