"""Does hard's search choose better than medium? A check in minutes instead of a
thousand-deal simulation.

Hard plays seat 0 against three medium players. Wherever its search leaves its own
judgement's choice (medium's moves judged by hard: "medium's choice" below), both choices
are valued in the true deal (hidden hands and stock order included) by playing the deal
out, seat 0 by hard's judgement without its search (remembering what hard's tracker
knows) and the others by medium. The opponents really are medium and neither draws on
chance, so this value is exact. Prints, per decision type, how many times the search left
its judgement's choice, the mean change in seat 0's relative penalty that caused
(negative is better), and how often it was better.

By the performance-difference argument, the sum of these changes over a deal is what the
search gains in that deal over hard's judgement alone: the advantage of a departure is
measured with the policy it departs from, hard's judgement, continuing. (Until issue 31
seat 0 continued as a medium player of the default style, which calls less eagerly and
holds its contract back where hard does not: that figure, "medium continues", is printed
beside it.) The figure per deal is what to compare between versions of the search.

``KALOOKI_HARD_SEEDS`` deals per contract (default 2), ``KALOOKI_HARD_FIRST`` the first
deal seed (default 0: a second run with another gives fresh deals),
``KALOOKI_HARD_WORLDS`` a fixed number of sampled deals per decision (default: the
budget), ``KALOOKI_HARD_ORDERS`` the stock orders each true change is averaged over
(default 8; 1: the real order only)."""

from __future__ import annotations

import copy
import os
import statistics
import time
from collections import defaultdict

from kalooki.ai.arena import rules_from_deal
from kalooki.ai.hard import MAX_STEPS, HardPlayer, _play_out
from kalooki.ai.medium import MediumPlayer
from kalooki.engine.actions import Action, Discard
from kalooki.engine.facts.seats import DEFAULT_BUDGET
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game

SEEDS = int(os.environ.get("KALOOKI_HARD_SEEDS", "2"))
FIRST = int(os.environ.get("KALOOKI_HARD_FIRST", "0"))
WORLDS = int(os.environ["KALOOKI_HARD_WORLDS"]) if "KALOOKI_HARD_WORLDS" in os.environ else None
ORDERS = int(os.environ.get("KALOOKI_HARD_ORDERS", "8"))


def judgement(hard: HardPlayer, first: Action) -> HardPlayer:
    """Hard's judgement without its search, remembering what ``hard`` has tracked, about
    to play ``first``."""
    player = HardPlayer(hard.style, max_worlds=0)
    player.tracker = copy.copy(hard.tracker)
    player.tracker.held = dict(hard.tracker.held)
    player.tracker.my_discard = first.card if isinstance(first, Discard) else None
    player.tacked_others = hard.tacked_others
    return player


def true_change(game: Game, chosen: Action, medium_choice: Action,
                hard: HardPlayer | None, orders: int = 1) -> float:
    """Seat 0's relative penalty after ``chosen`` minus after medium's choice, the deal
    played out for real (neither hard's judgement nor medium draws on chance); seat 0
    continues by ``hard``'s judgement, or as medium when it is None. Averaged over
    ``orders`` orders of the stock, the real one first: nobody has seen the stock, so
    every order of it is as likely as the real one, and the mean keeps the real hands'
    expectation with a smaller spread than one order gives."""
    total = 0.0
    for k in range(orders):
        deal = game
        if k:
            deal = game.clone()
            Rng(k).shuffle(deal.stock)
        values = []
        for action in (chosen, medium_choice):
            policy = [judgement(hard, action) if hard else MediumPlayer()] \
                + [MediumPlayer() for _ in range(game.players - 1)]
            values.append(_play_out(deal, action, 0, policy, Rng(1), MAX_STEPS)[0])
        total += values[0] - values[1]
    return total / orders


def main() -> None:
    base = preset("caribbean")
    changes: dict[str, list[float]] = defaultdict(list)
    as_medium: list[float] = []
    agreed: dict[str, int] = defaultdict(int)
    searched = worlds = 0
    thought = 0.0
    for deal in range(1, base.deals_per_match + 1):
        rules = rules_from_deal(base, deal)
        for s in range(SEEDS):
            game = Game.new(rules, 4, 7919 * deal + FIRST + s)
            hard = HardPlayer(worlds=WORLDS)
            others = [MediumPlayer() for _ in range(4)]
            rng = Rng(deal * 31 + s)
            while not game.results:
                seat = game.to_act
                assert seat is not None
                view = game.view(seat)
                if seat != 0:
                    game.apply(others[seat].choose(view, rng), seat)
                    continue
                hard.last_search = {}
                began = time.thread_time()
                action = hard.choose(view, rng)
                if hard.last_search:
                    searched += 1
                    thought += time.thread_time() - began
                    worlds += int(hard.last_search["worlds"])
                if hard.last_search.get("chosen"):
                    # hard's choice before its search (its own medium judgement)
                    medium_choice = MediumPlayer.decide(hard, view, Rng(0))[0]
                    kind = (f"{view.phase.name.lower()}: {type(medium_choice).__name__} -> "
                            f"{type(action).__name__}")
                    change = true_change(game, action, medium_choice, hard, ORDERS)
                    changes[kind].append(change)
                    as_medium.append(true_change(game, action, medium_choice, None))
                    agreed[kind] += change < 0
                game.apply(action, seat)
    print(f"hard against 3 medium, {SEEDS} deal(s) per contract, "
          f"{f'budget {DEFAULT_BUDGET} s' if WORLDS is None else f'{WORLDS} sampled deals'}: "
          f"{searched} searched decisions, {worlds / max(1, searched):.1f} sampled deals each, "
          f"{worlds / max(thought, 1e-9):.1f} per CPU second of them")
    every = [c for values in changes.values() for c in values]
    for kind, values in sorted(changes.items()):
        print(f"  {kind:<40} {len(values):>4} left medium's choice, true change "
              f"{statistics.fmean(values):+7.1f}, better {agreed[kind]}/{len(values)}")
    if every:
        half = 1.96 * statistics.stdev(every) / len(every) ** 0.5 if len(every) > 1 else 0.0
        mean = statistics.fmean(every)
        deals = base.deals_per_match * SEEDS
        per_deal, per_half = sum(every) / deals, half * len(every) / deals
        print(f"  all: {len(every)} departures, mean true change {mean:+.1f} points per "
              f"departure (95% interval {mean - half:+.1f} to {mean + half:+.1f}), "
              f"{per_deal:+.1f} per deal ({per_deal - per_half:+.1f} to "
              f"{per_deal + per_half:+.1f})")
        mean = statistics.fmean(as_medium)
        half = 1.96 * statistics.stdev(as_medium) / len(as_medium) ** 0.5 \
            if len(as_medium) > 1 else 0.0
        print(f"  medium continues (the measure before issue 31): mean true change "
              f"{mean:+.1f} per departure (95% interval {mean - half:+.1f} to "
              f"{mean + half:+.1f})")
