"""Play single deals between computer players and measure each seat: the machinery
behind ``kalooki simulate``, the AI bench and the AI tests.

A deal is a fresh game from a seed, played until its first deal is scored (void deals
are redealt by the engine). To measure every contract, deal ``k`` of a preset is
played as the first deal of the same rules with the schedule started at ``k``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.ai.player import Player
from kalooki.engine.actions import Action
from kalooki.engine.record import GameRecord, Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet
from kalooki.engine.state import Game

MAX_VOIDS = 20
"""Give up on a deal redealt this many times (random players can stall forever)."""
MAX_ACTIONS = 50_000
"""A deal still running after this many actions is a bug to report, not a result."""


@dataclass
class SeatResult:
    """One seat's part of one deal."""

    seat: int
    label: str
    score: int
    relative: float
    """The seat's penalty minus the mean of the other seats' (negative is good)."""
    won: bool
    went_down: bool
    calls: int
    times: list[float]


@dataclass
class DealOutcome:
    seats: list[SeatResult]
    void: bool
    record: GameRecord | None
    """The deal's record, when asked for (``keep_record``)."""


def rules_from_deal(rules: RuleSet, deal_no: int) -> RuleSet:
    """The same rules with the schedule starting at ``deal_no`` (1-based)."""
    if deal_no <= 1:
        return rules
    k = min(deal_no, len(rules.hand_sizes)) - 1
    contracts = None if rules.contracts is None else rules.contracts[
        min(deal_no, len(rules.contracts)) - 1:]
    return dataclasses.replace(rules, hand_sizes=rules.hand_sizes[k:], contracts=contracts,
                               deals_per_match=max(1, rules.deals_per_match - deal_no + 1))


def play_deal(rules: RuleSet, seed: int, players: Sequence[Player], labels: Sequence[str],
              keep_record: bool = False,
              check: Callable[[Game, Action, int], None] | None = None) -> DealOutcome:
    """Play one deal; every action a player returns must be legal (the engine refuses
    anything else with a RuleError, which propagates)."""
    recorder = Recorder.new(rules, len(players), seed)
    game = recorder.game
    base = Rng(seed ^ 0x5EED_A1)
    streams = [base.fork(seat) for seat in range(len(players))]
    times: list[list[float]] = [[] for _ in players]
    ever_down = [False] * len(players)
    calls = [0] * len(players)
    voids = 0
    while True:
        if game.actions_applied > MAX_ACTIONS:
            raise RuntimeError(f"deal with seed {seed} passed {MAX_ACTIONS} actions "
                               f"without ending ({', '.join(labels)})")
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        start = time.thread_time()  # CPU time: a busy machine does not inflate it
        action = players[seat].choose(view, streams[seat])
        times[seat].append(time.thread_time() - start)
        if check is not None:
            check(game, action, seat)
        before = len(game.results)
        recorder.apply(action, seat)
        if len(game.results) == before:
            ever_down = [a or b for a, b in zip(ever_down, game.down, strict=True)]
            calls = [max(a, b) for a, b in zip(calls, game.calls_made, strict=True)]
            continue
        result = game.results[-1]
        if result.void and voids < MAX_VOIDS and not game.over:
            voids += 1
            ever_down = [False] * len(players)
            calls = [0] * len(players)
            continue
        break
    scores = result.scores
    n = len(players)
    seats = []
    for p in range(n):
        others = (sum(scores) - scores[p]) / (n - 1)
        seats.append(SeatResult(p, labels[p], scores[p], scores[p] - others,
                                result.winner == p, ever_down[p] or result.winner == p,
                                calls[p], times[p]))
    record = recorder.record if keep_record else None
    return DealOutcome(seats, result.void, record)
