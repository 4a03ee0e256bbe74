"""The hard player: medium's move generator, checked by play-outs of sampled deals.

For each two-way decision (take or draw, call or pass, allow or refuse, lay down now or
hold back) it takes medium's choice and the other one, deals the cards it cannot see at
random many times (consistent with its view and with the cards its tracker knows
opponents hold: :mod:`kalooki.engine.sampling`) and plays both out to the end of the
deal in each sampled deal, every seat played by the medium policy. Both meet the same
sampled deals and the same random stream (common random numbers), so their difference
is measured, not their luck. It leaves medium's choice only when the other's mean
relative penalty is clearly better (by more than two paired standard errors): a small
search must not make it worse than the greedy player it starts from.

The budget is CPU time of the thinking thread: a play-out move costs ten times more in
some contracts and in the opening games than in others, so only a clock keeps every
decision near its budget, and CPU time (unlike wall time) does not shrink the search
when the machine is busy. ``reproducible`` counts play-out moves instead, at a fixed
rate, so one view and one random stream always give one choice: the tests use it to
prove the choice depends only on the view.
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Sequence

from kalooki.ai import knowledge
from kalooki.ai.knowledge import Evaluator, evaluator_for
from kalooki.ai.medium import Decision, MediumPlayer
from kalooki.ai.player import Style
from kalooki.ai.tracker import Tracker
from kalooki.ai.worlds import near_world
from kalooki.engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    DrawStock,
    LayDown,
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.deal import Phase
from kalooki.engine.facts.seats import DEFAULT_BUDGET, Level
from kalooki.engine.play.predicates import tacks_on_others
from kalooki.engine.rng import Rng
from kalooki.engine.scoring import hand_points
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from kalooki.words import Phrase, Said, phrase
from kalooki.words.cards import card_said

MOVES_PER_SECOND = 3300
"""Play-out moves per second of budget in reproducible mode: the slowest contract's rate
on the slowest machine measured, so that a reproducible search thinks no longer than its
budget there (a faster machine gives it less time, never other moves). On 2026-12-03
this machine ran random play 2.3 times slower than the day before (``python -m bench
engine``: 35,000 actions a second against 78,000-85,000) and searched decisions of a
deal of each Caribbean contract against medium at 3,400-8,700 play-out moves per CPU
second, deals 7 and 8 the slowest; at the 5,000 counted until then, hard's decision p95
was 1.07 s over a chunk of 36 deals. The faster day's rates were 5,700-11,600."""
MAX_WORLDS = 64
"""Sampled deals per decision at most, however large the budget."""
MIN_WORLDS = 6
"""Fewer sampled deals than this cannot justify leaving medium's choice."""
MIN_GAIN = 1.0
"""Least mean gain in relative penalty for leaving medium's choice."""
CONFIDENCE = 2.0
"""How many paired standard errors an alternative must win by (and lose by, to be
dropped early). ``python -m bench hard`` preferred one (54 deals: -65 points a deal
against -23 at two), but the simulator did not: at one, hard won 26.0% of 972 deals
against 3 medium with a relative penalty of +5.1; at two, 26.5% of 324 with -4.1. Two
keeps hard nearer the greedy player it starts from."""
MAX_STEPS = 600
"""A play-out longer than this is scored from the hands as they lie."""
HARD_STYLE = Style(call_eagerness=1.0)
"""Hard's own style: it calls whenever a card brings its contract closer, whatever the
threat (:meth:`HardPlayer.call_threat_limit`). A player not down is caught with 168
points on average (``python -m bench judgement``'s deals, 44-47% of deals), one down
with 11, so going down sooner is where the points are."""
HOLD_RISK = 0.5
"""Hard holds its contract back for a bent table only with a style riskier than this
(Viktor's): against medium, holding back lost more deals than the bent tables won."""


class HardPlayer(MediumPlayer):
    level = Level.HARD
    counts_outs = True
    keep_margin = 10.0
    """Take the discard only for a clear gain: outs make close scores closer.

    Outs and this margin, measured without the search against three medium players
    (``python -m bench judgement``, seeds 60-99, 1440 Caribbean deals): 26.5% of deals
    won, relative penalty -16. The tracker's guess at which cards an opponent wants, as a
    danger of feeding them, gained nothing there (26.4%, -15) and lost 1.3 points of wins
    in an exploratory run on other deals, so hard's discards do not use it; its memory
    still serves the live counts and the sampled deals."""

    def __init__(self, style: Style | None = None, name: str = "hard",
                 think_budget: float = DEFAULT_BUDGET, max_worlds: int = MAX_WORLDS,
                 worlds: int | None = None, reproducible: bool = False,
                 horizon: int = MAX_STEPS, stop: threading.Event | None = None) -> None:
        super().__init__(style or HARD_STYLE, name)
        self.think_budget = think_budget
        self.max_worlds = max_worlds
        self.worlds = worlds
        """A fixed number of sampled deals per searched decision (ignores the budget)."""
        self.reproducible = reproducible
        self.clock = time.thread_time
        """CPU seconds of the thinking thread (a test may swap in a fake clock)."""
        self.horizon = horizon
        """Play-out moves before a play-out is scored from the hands as they lie."""
        self.stop = stop or threading.Event()
        """Set by whoever no longer wants the answer (the table being left, the game
        quitting): the search ends within one play-out move, with medium's choice."""
        self.tracker = Tracker()
        self.tacked_others = False
        self.rollout_evaluator: Evaluator | None = None
        self.last_search: dict[str, float] = {}
        """Figures of the last searched decision (worlds, moves, best gain): for tests and
        benches."""

    # -- memory ----------------------------------------------------------------------

    def observe(self, view: PlayerView) -> None:
        if self.tracker.previous is not view:
            self.tracker.observe(view)
        if view.phase != Phase.PLAY or view.turn != view.player:
            self.tacked_others = False

    def live(self, view: PlayerView) -> Counter[int]:
        return knowledge.live_counts(view, also_seen=self.tracker.known())

    def hold_back(self, view: PlayerView, lay: LayDown) -> bool:
        return _holds_back(self, view, lay)

    def call_threat_limit(self) -> float:
        """The most eager style calls whatever the threat, even with a down opponent at
        its last two cards: by the true change such passes cost 16.9 points (68 of them in
        427 deals), and calling through them lowered hard's relative penalty by 1.4 (-2.2
        to -0.6) over 4,320 paired deals without search (docs/computer-players.md)."""
        if self.style.call_eagerness >= 1.0:
            return math.inf
        return super().call_threat_limit()

    # -- the decision ----------------------------------------------------------------

    def decide(self, view: PlayerView, rng: Rng) -> Decision:
        start = self.clock()
        base = super().decide(view, rng)
        options = self.options(view, base[0], rng)
        decision = base
        if len(options) > 1:
            best = self.search(view, rng, options, start)
            if best != base[0]:
                decision = best, self._search_reason(view, best)
        self._remember(view, decision[0])
        return decision

    def _remember(self, view: PlayerView, action: Action) -> None:
        if isinstance(action, Discard):
            self.tracker.note_discard(action.card)
        elif isinstance(action, TackOn | ReleaseJoker | ShiftJoker) \
                and 0 <= action.meld < len(view.table) and tacks_on_others(
                    view.rules, action, view.player, view.table[action.meld].owner):
            self.tacked_others = True  # as the engine counts it for the no-tacking bonus

    def options(self, view: PlayerView, chosen: Action, rng: Rng) -> list[Action]:
        """Medium's choice first, then the alternatives worth playing out."""
        legal = view.legal
        if len(legal) <= 1 or view.phase == Phase.CUT:
            return [chosen]
        others: list[Action] = []
        if view.phase == Phase.DRAW:
            others = [a for a in (DrawStock(), TakeDiscard()) if a in legal]
        elif view.phase == Phase.ALLOW and isinstance(chosen, Allow) and Refuse() in legal:
            # A refusal keeps a card the hand wants. Sampled deals cannot know that the
            # caller wants it too, so they undervalue the refusal: allowing one instead
            # cost 34 points a time in the bench.
            others = [Refuse()]
        elif view.phase == Phase.CALL:
            top = view.top_discard
            hand = list(view.hand)
            if top is not None and self.ev.need_with(hand, top) < self.ev.need(hand):
                others = [Call(), Pass()]
        elif view.phase == Phase.PLAY and view.freed_joker is None and not view.meld_owed:
            others = self._play_options(view, chosen, rng)
        return [chosen] + [a for a in others if a != chosen]

    def _play_options(self, view: PlayerView, chosen: Action, rng: Rng) -> list[Action]:
        """Lay the contract down now or hold it back. Which card to discard is left to
        hard's own judgement (outs, and live counts that leave out the cards its tracker
        knows opponents hold): discards are close in value, and the deals a second allows
        could not tell them apart (``python -m bench hard``)."""
        if view.down[view.player]:
            return []
        if isinstance(chosen, LayDown):
            return [self.discard(view, rng, holding=True)[0]]  # hold the contract back
        lay = next((a for a in view.legal if isinstance(a, LayDown)), None)
        return [lay] if lay is not None and isinstance(chosen, Discard) else []

    # -- search ----------------------------------------------------------------------

    def search(self, view: PlayerView, rng: Rng, options: Sequence[Action],
               start: float) -> Action:
        """Play every option out in the same sampled deals; keep medium's choice
        (``options[0]``) unless another is clearly better on average. An alternative
        clearly worse is dropped, so the budget goes on the ones still in doubt, and the
        search ends early when none is left. ``start`` is the thread CPU time when the
        decision began."""
        stream = Rng(rng.next_u64())
        known = self.tracker.known_state(self.tacked_others and view.turn == view.player)
        policy = self._policy(view)
        budget = int(self.think_budget * MOVES_PER_SECOND)
        cap = self.worlds if self.worlds is not None else self.max_worlds
        diffs: dict[int, list[float]] = {i: [] for i in range(1, len(options))}
        active = list(diffs)
        moves = worlds = 0
        searching = self.clock()
        while worlds < cap and active and not self.stop.is_set():
            if self.worlds is None and worlds:
                if self.reproducible:
                    if moves + moves / worlds > budget:
                        break
                else:
                    now = self.clock()
                    if now - start + (now - searching) / worlds > self.think_budget:
                        break
            world, weighed = near_world(view, stream, known, policy[view.player].ev)
            moves += weighed
            seed = stream.next_u64()
            base, used = _play_out(world, options[0], view.player, policy, Rng(seed),
                                   self.horizon, self.stop)
            moves += used
            for i in active:
                value, used = _play_out(world, options[i], view.player, policy, Rng(seed),
                                        self.horizon, self.stop)
                diffs[i].append(value - base)
                moves += used
            worlds += 1
            if worlds >= MIN_WORLDS:
                active = [i for i in active if _errors_from_zero(diffs[i]) <= CONFIDENCE]
        stopped = self.stop.is_set()  # abandoned: play-outs cut short tell nothing
        best, best_gain = 0, 0.0
        for i, paired in ({} if stopped else diffs).items():
            gain = -sum(paired) / len(paired) if paired else 0.0
            if len(paired) >= MIN_WORLDS and gain > max(MIN_GAIN, best_gain) \
                    and _errors_from_zero(paired) < -CONFIDENCE:
                best, best_gain = i, gain
        self.last_search = {"worlds": worlds, "moves": moves, "options": len(options),
                            "best_gain": best_gain, "chosen": best}
        return options[best]

    def _policy(self, view: PlayerView) -> list[MediumPlayer]:
        """Medium players for every seat of a play-out (this player's style in its own
        seat), sharing one cache of cards-still-needed."""
        shared = evaluator_for(view, self.rollout_evaluator)
        if len(shared._need) > 200_000:
            shared = Evaluator(view.rules, view.contract)
        self.rollout_evaluator = shared
        seats: list[MediumPlayer] = []
        for p in range(view.players):
            player = _OwnSeat(self.style, "play-out") if p == view.player \
                else MediumPlayer(None, "play-out")
            player.evaluator = shared
            player.explains = False
            seats.append(player)
        return seats

    def _search_reason(self, view: PlayerView, action: Action) -> Phrase:
        gain = self.last_search.get("best_gain", 0.0)
        worlds = int(self.last_search.get("worlds", 0))
        top = _sym(view.top_discard)
        what = {
            DrawStock: phrase("hint.what.draw"),
            TakeDiscard: phrase("hint.what.take", card=top),
            Call: phrase("hint.what.call", card=top),
            Pass: phrase("hint.what.pass"),
            Refuse: phrase("hint.what.refuse"),
            LayDown: phrase("hint.what.lay"),
        }.get(type(action), phrase("hint.what.other", code=action.code))
        if isinstance(action, Discard):
            what = phrase("hint.what.discard", card=_sym(action.card))
        return phrase("hint.reason.searched", what=what, worlds=worlds, gain=round(gain))


class _OwnSeat(MediumPlayer):
    """Hard's own seat in a play-out: medium's moves with the cheap part of hard's
    judgement (its take margin; no hold-back unless its style is riskier), so a play-out
    continues as hard would. Its outs would make a play-out seven times dearer."""

    keep_margin = HardPlayer.keep_margin

    def hold_back(self, view: PlayerView, lay: LayDown) -> bool:
        return _holds_back(self, view, lay)


def _holds_back(player: MediumPlayer, view: PlayerView, lay: LayDown) -> bool:
    return player.style.risk > HOLD_RISK and MediumPlayer.hold_back(player, view, lay)


def _errors_from_zero(paired: Sequence[float]) -> float:
    """How many standard errors the mean of paired differences lies above zero (below:
    negative); infinite when every difference is the same non-zero number."""
    n = len(paired)
    mean = sum(paired) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in paired) / max(1, n - 1))
    if spread == 0.0:
        return 0.0 if mean == 0.0 else math.copysign(math.inf, mean)
    return mean / (spread / math.sqrt(n))


def _sym(card: int | None) -> Said:
    return card_said(card) if card is not None else phrase("hint.the_discard")


def _play_out(world: Game, option: Action, me: int, policy: Sequence[MediumPlayer],
              rng: Rng, horizon: int, stop: threading.Event | None = None,
              ) -> tuple[float, int]:
    """``option`` then medium play for every seat to the end of the deal: the relative
    penalty of seat ``me`` (own points minus the others' mean) and the moves played.
    Once ``stop`` is set it is scored from the hands as they lie, at the next move."""
    game = world.clone()
    done = len(game.results)
    game.apply(option, me)
    steps = 0
    while len(game.results) == done and steps < horizon \
            and (stop is None or not stop.is_set()):
        seat = game.to_act
        assert seat is not None
        game.apply(policy[seat].choose(game.view(seat), rng), seat)
        steps += 1
    if len(game.results) > done:
        result = game.results[done]
        scores: Sequence[int] = result.scores
    else:
        scores = [hand_points(h, game.rules) for h in game.hands]
    n = len(scores)
    return scores[me] - (sum(scores) - scores[me]) / max(1, n - 1), steps + 1
