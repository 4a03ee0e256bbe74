"""Solver timings (uncached: the solver keeps no answers between calls; only what it derives
from a rule set outlives a call: its tables, whose one-off build time is printed first, the
melds each face can join given the few counts they depend on, and the last few contract
lay-downs met, as a game's calls share them too).

Two hand classes per contract: random hands from the 108-card Caribbean deck, and
"near-contract" hands built from the contract's melds (with jokers standing in) and then
spoiled by 0-2 random swaps, the hands computer players actually ask about late in a deal.
Targets (means): can_meet <= 50 µs, best_contract (keep 0 and keep 1) <= 150 µs,
cards_needed <= 400 µs, best_melds (keep 1, a down player's further melds) <= 500 µs.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence

from kalooki.engine.cards import JOKER_BASE, build_deck, make_card
from kalooki.engine.rules import CARIBBEAN, GROUP
from kalooki.engine.solver import best_contract, best_melds, can_meet_contract, cards_needed
from kalooki.engine.solver.tables import tables

HAND = 16
SAMPLES = 300
DECK = build_deck(2, 4)
CONTRACTS = {9: CARIBBEAN.contract(9), 6: CARIBBEAN.contract(6), 7: CARIBBEAN.contract(7),
             8: CARIBBEAN.contract(8)}
TARGETS = {"can_meet": 50, "best_contract": 150, "best_contract k1": 150,
           "cards_needed": 400, "best_melds k1": 500}


def random_hand(rng: random.Random, contract: Sequence[int], size: int = HAND) -> list[int]:
    return rng.sample(DECK, size)


def near_hand(rng: random.Random, contract: Sequence[int], size: int = HAND) -> list[int]:
    """The contract's melds (a joker for one card in about a third of them), topped up
    to ``size`` cards at random, then up to two cards swapped for random ones."""
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
    while len(hand) < size:
        hand.append(pool.pop())
    for _ in range(rng.randint(0, 2)):
        hand[rng.randrange(len(hand))] = pool.pop()
    return hand[:size]


def timed(fn: Callable[[list[int]], object], hand: list[int]) -> float:
    """One call in microseconds of this thread's CPU time (so that other processes on a
    busy machine do not count), with the garbage collector held off as timeit does."""
    gc.disable()
    start = time.thread_time_ns()
    fn(hand)
    elapsed = time.thread_time_ns() - start
    gc.enable()
    return elapsed / 1000


def report(label: str, samples: list[float]) -> None:
    samples.sort()
    p95 = samples[int(len(samples) * 0.95) - 1]
    mean = statistics.fmean(samples)
    target = TARGETS.get(label)
    verdict = ""
    if target is not None:
        verdict = f"   (target {target} µs{'' if mean <= target else ' MISSED'})"
    print(f"  {label:<17} mean {mean:8.1f} µs   p95 {p95:8.1f} µs{verdict}")


def calls(contract: Sequence[int]) -> list[tuple[str, Callable[[list[int]], object]]]:
    rules = CARIBBEAN
    return [("can_meet", lambda h: can_meet_contract(h, contract, rules)),
            ("best_contract", lambda h: best_contract(h, contract, rules)),
            ("best_contract k1", lambda h: best_contract(h, contract, rules, keep=1)),
            ("cards_needed", lambda h: cards_needed(h, contract, rules)),
            ("best_melds k1", lambda h: best_melds(h, rules, keep=1))]


def main() -> None:
    start = time.perf_counter()
    tables(CARIBBEAN)
    print(f"rule-set tables built in {(time.perf_counter() - start) * 1000:.0f} ms "
          f"(once per rule set)")
    rng = random.Random(20240611)
    for deal, contract in CONTRACTS.items():
        for name, make in (("random", random_hand), ("near-contract", near_hand)):
            hands = [make(rng, contract) for _ in range(SAMPLES)]
            met = sum(can_meet_contract(h, contract, CARIBBEAN) for h in hands)
            print(f"deal {deal} {contract}, {name} hands ({met}/{SAMPLES} meet it):")
            for label, fn in calls(contract):
                report(label, [timed(fn, h) for h in hands])
    print("hand sizes seen in play (near-contract hands, every contract that fits):")
    for size in range(9, 19):
        cases = []
        for _ in range(SAMPLES):
            contract = rng.choice([c for c in CARIBBEAN.contracts or () if sum(c) <= size])
            cases.append((near_hand(rng, contract, size), contract))
        samples = [timed(lambda h, c=c: best_contract(h, c, CARIBBEAN, keep=1), h)
                   for h, c in cases]
        report(f"{size:2d} cards: best k1", samples)
        report(f"{size:2d} cards: melds k1",
               [timed(lambda h: best_melds(h, CARIBBEAN, keep=1), h) for h, _ in cases])


if __name__ == "__main__":
    main()
