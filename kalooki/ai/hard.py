"""The hard player: medium play plus card tracking and sampled deals of the unseen cards.

Tracking makes its discards defensive (a card like those an opponent took is dangerous)
and its sense of which cards are live sharper. Before a discard it compares its best few
candidates by determinisation: it deals the unseen cards at random to the other hands
(consistent with their counts and with the cards it knows they hold) and checks, in each
sampled deal, whether the next player would take the card or another player would call
it because it brings their contract closer. The look-ahead is one reply deep: deeper
roll-outs with medium players cost far more time than they gained in measurement.
"""

from __future__ import annotations

from collections import Counter

from kalooki.ai import knowledge
from kalooki.ai.medium import MediumPlayer
from kalooki.ai.player import Style
from kalooki.ai.tracker import Tracker
from kalooki.engine.cards import build_deck
from kalooki.engine.rng import Rng
from kalooki.engine.view import PlayerView

DEFAULT_BUDGET = 0.5
"""Seconds a hard player may think about one decision."""
CANDIDATES = 3
"""Discards compared by sampling: the medium scoring's best few."""
CLOSE = 12.0
"""Only candidates within this score of the best are worth sampling."""
SAMPLES_PER_SECOND = 60
"""Sampled deals per second of budget: a count, not a clock, so a decision is
reproducible (and provably blind to hidden cards) on any machine."""
FEED_COST = 10.0
"""Score added per sampled opponent that the discard brings a card closer."""


class HardPlayer(MediumPlayer):
    level = "hard"

    def __init__(self, style: Style | None = None, name: str = "hard",
                 think_budget: float = DEFAULT_BUDGET) -> None:
        super().__init__(style, name)
        self.think_budget = think_budget
        self.tracker = Tracker()

    def observe(self, view: PlayerView) -> None:
        self.tracker.observe(view)

    def live(self, view: PlayerView) -> Counter[int]:
        return knowledge.live_counts(view, also_seen=self.tracker.known())

    def danger(self, view: PlayerView, card: int) -> float:
        base = super().danger(view, card)
        nxt = (view.player + 1) % view.players
        score = 0.0
        for p in self._takers(view):
            weight = 4.0 if p == nxt else 2.0
            score += weight * self.tracker.interest(p, card)
        return base + score

    @staticmethod
    def _takers(view: PlayerView) -> list[int]:
        """Opponents who could take or call the next discard."""
        nxt = (view.player + 1) % view.players
        rules = view.rules
        found = []
        for p in range(view.players):
            if p == view.player or view.down[p]:
                continue
            if p == nxt or (rules.calls_enabled and view.calls_made[p] < rules.max_calls):
                found.append(p)
        return found

    def score_discards(self, view: PlayerView, hand: list[int], cards: list[int]
                       ) -> dict[int, float]:
        scores = super().score_discards(view, hand, cards)
        if hand != list(view.hand):  # a what-if hand (take or refuse): no sampling
            return scores
        ranked = sorted(scores, key=lambda c: (scores[c], c))
        best = scores[ranked[0]]
        close = [c for c in ranked[:CANDIDATES] if scores[c] - best <= CLOSE]
        if len(close) > 1 and self._takers(view):
            for card, fed in self.feeding(view, close).items():
                scores[card] += FEED_COST * fed
        return scores

    def feeding(self, view: PlayerView, cards: list[int]) -> dict[int, float]:
        """For each card: the mean number of opponents, over sampled deals, whom it
        would bring a card closer to going down."""
        samples = max(2, int(self.think_budget * SAMPLES_PER_SECOND))
        rng = Rng(hash((view.hand, view.discard, view.deal_no)) & 0xFFFFFFFF)
        takers = self._takers(view)
        opponents = self.ev
        fed = dict.fromkeys(cards, 0.0)
        for _ in range(samples):
            hands = sample_hands(view, self.tracker.known(), rng)
            for p in takers:
                now = opponents.need(hands[p])
                for card in cards:
                    if opponents.need([*hands[p], card]) < now:
                        fed[card] += 1.0
        return {c: v / samples for c, v in fed.items()}


def sample_hands(view: PlayerView, known: dict[int, int], rng: Rng) -> dict[int, list[int]]:
    """Deal the unseen cards to the other hands, consistent with their counts; cards known
    to be in a hand stay there."""
    packs, jokers = view.rules.deck_for(view.players)
    seen = set(knowledge.visible_cards(view))
    hands: dict[int, list[int]] = {p: [] for p in range(view.players) if p != view.player}
    loose: list[int] = []
    for card, holder in known.items():
        if holder in hands and len(hands[holder]) < view.hand_counts[holder]:
            hands[holder].append(card)
        else:
            loose.append(card)
    for card in loose:  # held by some opponent, we do not know whom
        room = [p for p, h in hands.items() if len(h) < view.hand_counts[p]]
        if room:
            hands[room[rng.below(len(room))]].append(card)
    placed = {c for h in hands.values() for c in h}
    pool = [c for c in build_deck(packs, jokers) if c not in seen and c not in placed]
    rng.shuffle(pool)
    for p, hand in hands.items():
        while len(hand) < view.hand_counts[p] and pool:
            hand.append(pool.pop(0))
    return hands
