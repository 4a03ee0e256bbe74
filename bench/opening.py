"""Opening solver timings (Kalooki 51 and Rami 40) on 13- and 14-card hands.

Two hand classes: random hands from the 106-card deck, and "near" hands holding two or
three melds topped up at random (the hands players actually ask about). Targets: opening
feasibility <= 100 µs mean, best arrangement <= 300 µs mean.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable

from kalooki.engine.cards import build_deck, make_card
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.solver.opening import best_opening, can_open

SAMPLES = 1500
DECK = build_deck(2, 2)


def random_hand(rng: random.Random, size: int) -> list[int]:
    return rng.sample(DECK, size)


def near_hand(rng: random.Random, size: int) -> list[int]:
    """A run and a group (sometimes with a joker), then random cards up to ``size``."""
    suit, start = rng.randrange(4), rng.randrange(2, 10)
    hand = [make_card(r, suit) for r in range(start, start + 3)]
    rank = rng.randrange(1, 14)
    hand += [make_card(rank, s, 1) for s in rng.sample(range(4), 3)]
    if rng.random() < 0.3:
        hand[rng.randrange(len(hand))] = DECK[-1]
    pool = [c for c in DECK if c not in hand]
    return hand + rng.sample(pool, size - len(hand))


def _time(fn: Callable[[list[int]], object], hands: list[list[int]]) -> float:
    gc.collect()
    start = time.perf_counter()
    for hand in hands:
        fn(hand)
    return (time.perf_counter() - start) / len(hands) * 1e6


def main() -> None:
    rng = random.Random(20240601)
    print(f"{'rules':10} {'hands':8} {'size':>4} {'feasible µs':>12} {'best µs':>9} "
          f"{'cold best':>10} {'open %':>7}")
    means = {"feasible": [], "best": []}
    for name in ("kalooki51", "rami40"):
        rules = preset(name)
        for label, make in (("random", random_hand), ("near", near_hand)):
            for size in (13, 14):
                hands = [make(rng, size) for _ in range(SAMPLES)]
                def feasible_fn(h: list[int], rules: RuleSet = rules) -> bool:
                    return can_open(h, rules, keep=1)

                def best_fn(h: list[int], rules: RuleSet = rules) -> object:
                    return best_opening(h, rules, keep=1)

                cold = _time(best_fn, hands)  # also fills the solver's pattern tables
                feasible = _time(feasible_fn, hands)
                best = _time(best_fn, hands)
                share = 100 * sum(can_open(h, rules, keep=1) for h in hands) / len(hands)
                means["feasible"].append(feasible)
                means["best"].append(best)
                print(f"{name:10} {label:8} {size:>4} {feasible:>12.1f} {best:>9.1f} "
                      f"{cold:>10.1f} {share:>6.0f}%")
    print(f"mean feasibility {statistics.mean(means['feasible']):.1f} µs (target 100), "
          f"mean best {statistics.mean(means['best']):.1f} µs (target 300)")


if __name__ == "__main__":
    main()
