"""Does hard's search choose better than medium? A check in minutes instead of a
thousand-deal simulation.

Hard plays seat 0 against three medium players. Wherever its search leaves medium's
choice, both choices are valued in the true deal (hidden hands and stock order included)
by playing the deal out with medium in every seat. The opponents really are medium, so
this value is exact for the hard-against-medium question, assuming hard continues as
medium. Prints, per decision type, how many times the search left medium's choice, the
mean change in seat 0's relative penalty that caused (negative is better), and how often
the search's own estimate had the right sign.

By the performance-difference argument, the sum of these changes over a deal is what the
search gains in that deal against medium (its discards, which follow medium's judgement
plus the tracker, are not counted). The figure per deal is what to compare between
versions of the search.

``KALOOKI_HARD_SEEDS`` deals per contract (default 2), ``KALOOKI_HARD_FIRST`` the first
deal seed (default 0: a second run with another gives fresh deals),
``KALOOKI_HARD_WORLDS`` a fixed number of sampled deals per decision (default: the
budget)."""

from __future__ import annotations

import os
import statistics
from collections import defaultdict

from kalooki.ai.arena import rules_from_deal
from kalooki.ai.hard import MAX_STEPS, HardPlayer, _play_out
from kalooki.ai.medium import MediumPlayer
from kalooki.engine.facts.seats import DEFAULT_BUDGET
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game

SEEDS = int(os.environ.get("KALOOKI_HARD_SEEDS", "2"))
FIRST = int(os.environ.get("KALOOKI_HARD_FIRST", "0"))
WORLDS = int(os.environ["KALOOKI_HARD_WORLDS"]) if "KALOOKI_HARD_WORLDS" in os.environ else None


def true_change(game: Game, chosen: object, medium_choice: object) -> float:
    """Seat 0's relative penalty after ``chosen`` minus after medium's choice, the deal
    played out for real (medium players do not draw on chance)."""
    policy = [MediumPlayer() for _ in range(game.players)]
    mine, _ = _play_out(game, chosen, 0, policy, Rng(1), MAX_STEPS)  # type: ignore[arg-type]
    theirs, _ = _play_out(game, medium_choice, 0, policy, Rng(1), MAX_STEPS)  # type: ignore[arg-type]
    return mine - theirs


def main() -> None:
    base = preset("caribbean")
    changes: dict[str, list[float]] = defaultdict(list)
    agreed: dict[str, int] = defaultdict(int)
    searched = 0
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
                action = hard.choose(view, rng)
                searched += bool(hard.last_search)
                if hard.last_search.get("chosen"):
                    # hard's choice before its search (its own medium judgement)
                    medium_choice = MediumPlayer.decide(hard, view, Rng(0))[0]
                    kind = (f"{view.phase.name.lower()}: {type(medium_choice).__name__} -> "
                            f"{type(action).__name__}")
                    change = true_change(game, action, medium_choice)
                    changes[kind].append(change)
                    agreed[kind] += change < 0
                game.apply(action, seat)
    print(f"hard against 3 medium, {SEEDS} deal(s) per contract, "
          f"{f'budget {DEFAULT_BUDGET} s' if WORLDS is None else f'{WORLDS} sampled deals'}: "
          f"{searched} searched decisions")
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
