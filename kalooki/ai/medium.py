"""The medium player: every decision driven by the meld solver's "cards still needed".

Each decision returns the action and a one-line reason, so the same code answers the
human's hint. Easy and hard players are this player with parts swapped out.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Collection, Sequence

from kalooki.ai import knowledge
from kalooki.ai.knowledge import Evaluator, evaluator_for
from kalooki.ai.player import Style
from kalooki.ai.table_sim import cards_left_after
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
from kalooki.engine.cards import (
    JOKER_BASE,
    face_of,
    is_joker,
    sort_key_rank,
)
from kalooki.engine.deal import Phase
from kalooki.engine.facts.seats import Level
from kalooki.engine.play.predicates import keep_for_discard, take_obliges_meld, take_problem
from kalooki.engine.rng import Rng
from kalooki.engine.scoring import card_points
from kalooki.engine.solver import opening
from kalooki.engine.view import PlayerView
from kalooki.words import Phrase, Said, phrase
from kalooki.words.cards import card_said, cards_faces
from kalooki.words.melds import owned_meld_name

Decision = tuple[Action, Said]

BUY_IN_ROOM = 25
"""Buy back in only when rejoining leaves at least this much room under the limit: with
less, one more bad deal puts the player out again."""
KEEP_MARGIN = 6.0
"""Medium's ``keep_margin``."""
OUT_WEIGHT = 3.0
"""Score of one out in a discard's rank (a card still needed is 100): a card fewer
needed always comes first."""
DENY_POINTS = 5
"""A refused call leaves this card in hand: deny only cheap cards."""
HOLD_STOCK_MIN = 15
"""Hold the contract back for a bent table only while the stock is this deep."""
KEEPERS_SHOWN = 4
"""A discard's hint names at most this many of the cards it keeps (then how many more), so
the hint stays one short line."""


class MediumPlayer:
    """Solver-driven play: draw or take, call or pass, allow or refuse, lay down or hold,
    tack, shift jokers and discard by cards still needed and penalty risk."""

    level = Level.MEDIUM
    exact_opening_cards = knowledge.ROUGH
    """Threshold games: distances to opening worked out exactly up to this many cards
    (-1: the rough worth only; measured, the exact one-card distance made medium open
    less often in Kalooki 51: it cannot tell one out from twenty)."""
    counts_outs = False
    """Contract games, before going down: rank discards that leave the hand equally far
    from its contract by the outs they keep (:meth:`Evaluator.outs`) instead of by pairs
    and neighbours. Many times dearer than the estimate, so the hard player's."""
    keep_margin = KEEP_MARGIN
    """How much better than the worst card in hand a discard must be to be taken."""
    explains = True
    """Whether a discard comes with its reason: the hard player's play-outs need none,
    and working it out costs them a twentieth of their time."""
    seat_names: tuple[str, ...] = ()
    """Who sits in each seat, for reasons that name another player's meld (the hint's)."""

    def __init__(self, style: Style | None = None, name: str = "medium") -> None:
        self.style = style or Style()
        self.name = name
        self.evaluator: Evaluator | None = None

    # -- the protocol ------------------------------------------------------------------

    def choose(self, view: PlayerView, rng: Rng) -> Action:
        return self.decide(view, rng)[0]

    def decide(self, view: PlayerView, rng: Rng) -> Decision:
        self.evaluator = evaluator_for(view, self.evaluator, self.exact_opening_cards)
        self.observe(view)
        handler = {
            Phase.CUT: self.cut,
            Phase.CALL: self.call,
            Phase.ALLOW: self.allow,
            Phase.DRAW: self.draw,
            Phase.PLAY: self.play,
            Phase.BUY_IN: self.buy_in,
        }[view.phase]
        return handler(view, rng)

    def observe(self, view: PlayerView) -> None:
        """Hook for players with memory (hard); medium sees only the present."""

    @property
    def ev(self) -> Evaluator:
        assert self.evaluator is not None
        return self.evaluator

    # -- cut, draw, call, allow --------------------------------------------------------

    def buy_in(self, view: PlayerView, rng: Rng) -> Decision:
        """Stay in the match while rejoining leaves room for another bad deal."""
        room = view.rules.elimination_limit - (view.rejoin_score or 0)
        if room >= BUY_IN_ROOM:
            return BuyIn(), phrase("hint.reason.buy_in", score=view.rejoin_score)
        return DropOut(), phrase("hint.reason.drop_out")

    def cut(self, view: PlayerView, rng: Rng) -> Decision:
        needed = view.players * view.rules.hand_size(view.deal_no)
        aim = min(max(needed, 1), len(view.legal))
        return Cut(aim), phrase("hint.reason.cut")

    def keeps(self, view: PlayerView, card: int) -> bool:
        """Would the hand keep ``card`` if it held it? Yes when, with the card in hand,
        the best discard is another card by a clear margin."""
        hand = [*view.hand, card]
        others = [c for c in self._distinct(view.hand) if not is_joker(c)]
        if not others:
            return False
        scores = self.score_discards(view, hand, [*others, card], exact=(card,))
        best = min(others, key=lambda c: (scores[c], c))
        return scores[card] - scores[best] > self.keep_margin

    def draw(self, view: PlayerView, rng: Rng) -> Decision:
        top = view.top_discard
        if TakeDiscard() not in view.legal or top is None:
            return DrawStock(), phrase("hint.reason.draw_stock")
        if not view.rules.uses_contracts:
            return self.draw_threshold(view, rng, top)
        return self.draw_basic(view, rng, top)

    def draw_basic(self, view: PlayerView, rng: Rng, top: int) -> Decision:
        """Take a card that fits the table once down, else one the hand keeps."""
        if view.down[view.player]:
            if knowledge.fits_table(view, top):
                return TakeDiscard(), phrase("hint.reason.take_fits_table", card=card_said(top))
            return DrawStock(), phrase("hint.reason.draw_stock")
        if take_obliges_meld(view.rules) and self.ev.need_with(view.hand, top) > 0:
            return DrawStock(), phrase("hint.reason.draw_take_obliges", card=card_said(top))
        if self.keeps(view, top) and not self.slip(rng):
            return TakeDiscard(), self._take_reason(view, top)
        return DrawStock(), phrase("hint.reason.draw_no_help", card=card_said(top))

    def draw_threshold(self, view: PlayerView, rng: Rng, top: int) -> Decision:
        """Threshold games. Where a take obliges a meld, the engine offers it only when
        one can be laid: take it, it opens (or lays a meld) at once. An opened player takes
        a card that fits the table or makes a new meld with its hand."""
        rules = view.rules
        if take_obliges_meld(rules):
            if self.slip(rng):
                return DrawStock(), phrase("hint.reason.draw_not_worth", card=card_said(top))
            if view.down[view.player]:
                return TakeDiscard(), phrase("hint.reason.take_lay_now", card=card_said(top))
            return TakeDiscard(), phrase("hint.reason.take_open_now", card=card_said(top))
        if view.down[view.player]:
            if knowledge.fits_table(view, top):
                return TakeDiscard(), phrase("hint.reason.take_fits_table", card=card_said(top))
            keep = keep_for_discard(rules)
            if opening.fewest_points([*view.hand, top], rules, keep=keep,
                                     must=top) is not None and not self.slip(rng):
                return TakeDiscard(), phrase("hint.reason.take_new_meld", card=card_said(top))
            return DrawStock(), phrase("hint.reason.draw_stock")
        if self.keeps(view, top) and not self.slip(rng):
            return TakeDiscard(), self._take_reason(view, top)
        return DrawStock(), phrase("hint.reason.draw_no_help", card=card_said(top))

    def _take_reason(self, view: PlayerView, top: int) -> Phrase:
        hand = list(view.hand)
        after = self.ev.need_with(hand, top)
        if after == 0:
            return phrase("hint.reason.take_completes", card=card_said(top))
        if after < self.ev.need(hand):
            return phrase("hint.reason.take_closer", card=card_said(top))
        return phrase("hint.reason.take_better", card=card_said(top))

    def call(self, view: PlayerView, rng: Rng) -> Decision:
        top = view.top_discard
        if top is None:
            return Pass(), phrase("hint.reason.nothing_to_call")
        hand = list(view.hand)
        now, after = self.ev.need(hand), self.ev.need_with(hand, top)
        if after == 0 and now > 0:
            return Call(), phrase("hint.reason.call_completes", card=card_said(top))
        if now - after >= 1 and knowledge.threat(view) < self.call_threat_limit() \
                and not self.slip(rng):
            return Call(), phrase("hint.reason.call_closer", card=card_said(top))
        return Pass(), phrase("hint.reason.pass", card=card_said(top))

    def call_threat_limit(self) -> float:
        """Call a card that brings the contract closer only while the threat of someone
        going out (:func:`knowledge.threat`, 0..1) stays below this."""
        return 0.3 + 0.6 * self.style.call_eagerness

    def allow(self, view: PlayerView, rng: Rng) -> Decision:
        top = view.top_discard
        if top is None or Refuse() not in view.legal:  # must-meld: a hand that cannot lay
            return Allow(), phrase("hint.reason.allow_nothing")
        if self.keeps(view, top):
            return Refuse(), phrase("hint.reason.refuse_keep", card=card_said(top))
        if self.style.deny and knowledge.threat(view) < 0.3 and card_points(
                top, view.rules) <= DENY_POINTS:
            return Refuse(), phrase("hint.reason.refuse_deny", card=card_said(top))
        return Allow(), phrase("hint.reason.allow_no_help", card=card_said(top))

    # -- play ----------------------------------------------------------------------------

    def play(self, view: PlayerView, rng: Rng) -> Decision:
        me = view.player
        lay = next((a for a in view.legal if isinstance(a, LayDown)), None)
        if not view.down[me]:
            if lay is not None and not self.hold_back(view, lay):
                return lay, phrase("hint.reason.lay_contract")
            return self.discard(view, rng, holding=lay is not None)
        if lay is not None:
            return lay, phrase("hint.reason.lay_more", count=len(lay.melds))
        release = self.best_release(view, rng)
        if release is not None:
            return release
        tack = self.best_tack(view, rng)
        if tack is not None:
            return tack
        return self.discard(view, rng, holding=False)

    def hold_back(self, view: PlayerView, lay: LayDown) -> bool:
        """Keep the contract in hand for a bent table when the hand is one card from
        going out in one turn, nobody threatens to go out and the stock is deep."""
        left = cards_left_after(view, lay)
        one_too_many = 1 + keep_for_discard(view.rules)
        return (left == one_too_many and self.style.risk >= 0.5
                and knowledge.threat(view) < 0.3 and view.stock_count >= HOLD_STOCK_MIN)

    def best_release(self, view: PlayerView, rng: Rng) -> Decision | None:
        """Free a joker from the table with naturals from the hand (threshold games): the
        naturals leave the hand and the joker goes straight back onto a meld."""
        releases = [a for a in view.legal if isinstance(a, ReleaseJoker)]
        if not releases or view.rules.uses_contracts or self.slip(rng):
            return None
        joker = JOKER_BASE
        if not any(knowledge.extended(t.meld, joker, view.rules) is not None
                   for t in view.table):
            return None
        best = max(releases, key=lambda a: (len(a.cards),
                                            sum(card_points(c, view.rules) for c in a.cards),
                                            a.code))
        return best, phrase("hint.reason.release", cards=cards_faces(best.cards),
                            meld=meld_said(view, best.meld, self.seat_names))

    def best_tack(self, view: PlayerView, rng: Rng) -> Decision | None:
        """Rid the hand of the costliest card that fits the table (jokers first)."""
        tacks = [a for a in view.legal if isinstance(a, TackOn | ShiftJoker)]
        if not tacks or self.slip(rng):
            return None
        best = max(tacks, key=lambda a: (card_points(a.card, view.rules), a.code))
        return best, phrase("hint.reason.shift" if isinstance(best, ShiftJoker)
                            else "hint.reason.tack", card=card_said(best.card),
                            meld=meld_said(view, best.meld, self.seat_names))

    # -- discards ------------------------------------------------------------------------

    def discard_candidates(self, view: PlayerView, rng: Rng) -> list[int]:
        return [a.card for a in view.legal if isinstance(a, Discard)]

    def discard(self, view: PlayerView, rng: Rng, holding: bool) -> Decision:
        cards = self.discard_candidates(view, rng)
        if not cards:
            if EndTurn() in view.legal:
                return EndTurn(), phrase("hint.reason.end_turn_jokers")
            return view.legal[0], phrase("hint.reason.only_move")
        scored = self.score_discards(view, list(view.hand), cards)
        card = min(scored, key=lambda c: (scored[c], c))
        return Discard(card), self._discard_reason(view, card, holding) if self.explains else ""

    def score_discards(self, view: PlayerView, hand: list[int], cards: Sequence[int],
                       exact: Collection[int] = ()) -> dict[int, float]:
        """Lower is a better discard from ``hand``: cards still needed first, then how
        much the card holds the hand together, its points (more urgent as others near
        going out), and the danger of feeding a player who wants it.

        Cards still needed cost a search, so they are settled best-first: the best score
        and those of ``exact`` are exact, the others may be lower bounds."""
        down = view.down[view.player]
        live = self.live(view)
        weight = 0.6 + 2.0 * knowledge.threat(view) * (1.0 - 0.5 * self.style.risk)
        if down:
            weight += 1.0
        by_outs = self.counts_outs and not down and view.rules.uses_contracts
        shape = knowledge.shape_of(hand)
        rest = {c: (0.0 if by_outs else 4.0 * knowledge.keep_value(c, hand, live, shape))
                - weight * card_points(c, view.rules) + self.danger(view, c) for c in cards}
        if down:
            return rest  # nothing still needed
        if by_outs:
            return self._scores_by_outs(hand, cards, rest, live)
        floor = self.ev.least_without(hand)
        scores = {c: 100.0 * floor + rest[c] for c in cards}
        settled: set[int] = set()
        queue = [(scores[c], c) for c in cards]
        heapq.heapify(queue)
        while queue:
            _, card = heapq.heappop(queue)
            if card in settled:
                if card not in exact:
                    break
                continue
            settled.add(card)
            scores[card] = 100.0 * self.ev.need_without(hand, card) + rest[card]
            heapq.heappush(queue, (scores[card], card))
        for card in exact:
            if card not in settled and card in scores:
                scores[card] = 100.0 * self.ev.need_without(hand, card) + rest[card]
        return scores

    def _scores_by_outs(self, hand: list[int], cards: Sequence[int], rest: dict[int, float],
                        live: Counter[int]) -> dict[int, float]:
        """Every card's exact score, the outs counted for those that leave the hand
        nearest its contract (the others cannot win however many outs they keep)."""
        need = {c: self.ev.need_without(hand, c) for c in cards}
        least = min(need.values())
        scores = {c: 100.0 * need[c] + rest[c] for c in cards}
        for card in cards:
            if need[card] == least:
                kept = list(hand)
                kept.remove(card)
                scores[card] -= OUT_WEIGHT * self.ev.outs(kept, live)
        return scores

    def live(self, view: PlayerView) -> Counter[int]:
        return knowledge.live_counts(view)

    def danger(self, view: PlayerView, card: int) -> float:
        """Feeding the next player: a down player who may take the discard can tack it."""
        nxt = (view.player + 1) % view.players
        if (view.down[nxt] and take_problem(view.rules, down=True) is None
                and knowledge.fits_table(view, card, nxt)):
            return 30.0
        return 0.0

    def _discard_reason(self, view: PlayerView, card: int, holding: bool) -> Phrase:
        if holding:
            return phrase("hint.reason.discard_hold", card=card_said(card))
        if view.down[view.player]:
            return self._down_discard_reason(view, card)
        hand = [c for c in view.hand if c != card]
        need = self.ev.need(hand)
        # the cards the hand is building on: without any one of them it is further from
        # going down (a card with mere neighbours, in no meld the contract can use, is not)
        keepers = [c for c in hand if need > 0 and self.ev.need_without(hand, c) > need]
        if keepers:
            keepers.sort(key=sort_key_rank)
            shown = keepers_said(keepers)
            kind = "keeps" if view.rules.uses_contracts else "keeps_open"
            return phrase(f"hint.reason.discard_{kind}", card=card_said(card), keepers=shown,
                          count=need)
        return phrase("hint.reason.discard_least", card=card_said(card))

    def _down_discard_reason(self, view: PlayerView, card: int) -> Phrase:
        """Down, a discard weighs points against what holds the hand together and what
        would feed the next player: the reason says which kept a costlier card."""
        points = card_points(card, view.rules)
        costlier = [a.card for a in view.legal
                    if isinstance(a, Discard) and card_points(a.card, view.rules) > points]
        if not costlier:
            return phrase("hint.reason.discard_costliest", card=card_said(card))
        hand = list(view.hand)
        shape = knowledge.shape_of(hand)
        building = sorted((c for c in costlier if any(knowledge.neighbours(c, hand, shape))),
                          key=sort_key_rank)
        if building:
            return phrase("hint.reason.discard_builds", card=card_said(card),
                          keepers=keepers_said(building), count=len(building))
        if any(self.danger(view, c) for c in costlier):
            return phrase("hint.reason.discard_safe", card=card_said(card))
        return phrase("hint.reason.discard_least", card=card_said(card))

    # -- helpers -------------------------------------------------------------------------

    def slip(self, rng: Rng) -> bool:
        """A human-like slip, as often as the style says (never for medium)."""
        slips = self.style.slips
        return slips > 0 and rng.below(1000) < slips * 1000

    @staticmethod
    def _distinct(hand: Sequence[int]) -> list[int]:
        seen: set[int] = set()
        out = []
        for card in hand:
            if face_of(card) not in seen:
                seen.add(face_of(card))
                out.append(card)
        return out


def meld_said(view: PlayerView, index: int, names: Sequence[str]) -> Phrase:
    """The table meld a move plays on, named so the reason points at it."""
    table = view.table[index]
    return owned_meld_name(table.meld, table.owner, view.player, names)


def keepers_said(keepers: Sequence[int]) -> object:
    """The cards a discard keeps, the first few by name (then how many more), so the
    hint stays one short line."""
    shown: object = cards_faces(keepers[:KEEPERS_SHOWN])
    if len(keepers) > KEEPERS_SHOWN:  # say that more are kept, not that these are all
        shown = phrase("hint.keepers_more", cards=shown, count=len(keepers) - KEEPERS_SHOWN)
    return shown
