"""Solver timings on 16-card hands (uncached: the solver keeps nothing between calls).

Two hand classes per contract: random hands from the 108-card Caribbean deck, and
"near-contract" hands built from the contract's melds (with jokers standing in) and then
spoiled by 0-2 random swaps, the hands computer players actually ask about late in a deal.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence

from kalooki.engine.cards import JOKER_BASE, build_deck, make_card
from kalooki.engine.rules import CARIBBEAN, GROUP
from kalooki.engine.solver import best_contract, can_meet_contract, cards_needed

HAND = 16
SAMPLES = 300
DECK = build_deck(2, 4)
CONTRACTS = {9: CARIBBEAN.contract(9), 6: CARIBBEAN.contract(6), 7: CARIBBEAN.contract(7),
             8: CARIBBEAN.contract(8)}


def random_hand(rng: random.Random, contract: Sequence[int]) -> list[int]:
    return rng.sample(DECK, HAND)


def near_hand(rng: random.Random, contract: Sequence[int]) -> list[int]:
    """The contract's melds (a joker for one card in about a third of them), topped up
    to 16 cards at random, then up to two cards swapped for random ones."""
    pool = list(DECK)
    rng.shuffle(pool)
    hand: list[int] = []
    ranks = rng.sample(range(1, 14), 13)
    suits = rng.sample(range(4), 4)

    def take(card: int) -> None:
        for pack in range(2):
            copy = card + 52 * pack
            if copy in pool:
                pool.remove(copy)
                hand.append(copy)
                return
        hand.append(pool.pop())

    for kind in contract:
        if kind == GROUP:
            rank = ranks.pop()
            faces = [make_card(rank, rng.randrange(4)) for _ in range(3)]
        else:
            suit = suits.pop()
            low = rng.randint(1, 10)
            faces = [make_card(low + i, suit) for i in range(4)]
        if rng.random() < 0.35:
            jokers = [c for c in pool if c >= JOKER_BASE]
            if jokers:
                pool.remove(jokers[0])
                hand.append(jokers[0])
                faces.pop(rng.randrange(1, len(faces) - 1))
        for face in faces:
            take(face)
    while len(hand) < HAND:
        hand.append(pool.pop())
    for _ in range(rng.randint(0, 2)):
        hand[rng.randrange(HAND)] = pool.pop()
    return hand[:HAND]


def timed(fn: Callable[..., object], hand: list[int], contract: Sequence[int]) -> float:
    """One call in microseconds, with the garbage collector held off as timeit does."""
    gc.disable()
    start = time.perf_counter_ns()
    fn(hand, contract, CARIBBEAN)
    elapsed = time.perf_counter_ns() - start
    gc.enable()
    return elapsed / 1000


def report(label: str, samples: list[float]) -> None:
    samples.sort()
    p95 = samples[int(len(samples) * 0.95) - 1]
    print(f"  {label:<16} mean {statistics.fmean(samples):8.1f} µs   p95 {p95:8.1f} µs")


def main() -> None:
    rng = random.Random(20240611)
    for deal, contract in CONTRACTS.items():
        for name, make in (("random", random_hand), ("near-contract", near_hand)):
            hands = [make(rng, contract) for _ in range(SAMPLES)]
            met = sum(can_meet_contract(h, contract, CARIBBEAN) for h in hands)
            print(f"deal {deal} {contract}, {name} hands ({met}/{SAMPLES} meet it):")
            for label, fn in (("can_meet", can_meet_contract), ("best_contract", best_contract),
                              ("cards_needed", cards_needed)):
                report(label, [timed(fn, h, contract) for h in hands])

if __name__ == "__main__":
    main()
