"""cards_needed when a contract may repeat a rank (``contract_distinct_ranks`` off) or a
suit (``contract_distinct_suits`` off): the computer players and ``kalooki rules
contract`` ask it every turn. Random hands from the Caribbean deck; prints the mean and the
worst time per call, how often the answer is the exact one (the exhaustive trial, run
only where it is quick enough: answers of two cards or fewer), and how often it lies above
the relaxation's lower bound (there it may be an over-estimate, by the gap at most).

``python -m bench needed_repeats``
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time

from kalooki.engine.cards import build_deck
from kalooki.engine.rules import CARIBBEAN, GROUP, RUN, RuleSet
from kalooki.engine.solver import can_meet_contract, cards_needed
from kalooki.engine.solver.repeats import relaxed_bound, trial

CASES = (("3-3-3, 10 cards", (GROUP, GROUP, GROUP), 10, 40),
         ("3-3-4, 12 cards", (GROUP, GROUP, RUN), 12, 40),
         ("4-4-4-4, 16 cards", (RUN, RUN, RUN, RUN), 16, 40),
         ("3-3-3-3, 14 cards", (GROUP, GROUP, GROUP, GROUP), 14, 40))
RULES = {"ranks may repeat": dataclasses.replace(CARIBBEAN, contract_distinct_ranks=False),
         "suits may repeat": dataclasses.replace(CARIBBEAN, contract_distinct_suits=False)}
EXACT_UP_TO = 2
"""Answers up to this are checked by the exhaustive trial (slow beyond: 20 s+ a hand)."""


def exact(hand: list[int], contract: tuple[int, ...], rules: RuleSet, answer: int,
          low: int = 0) -> int:
    """The exhaustive trial's answer, looked for from ``low`` (a known lower bound) up to
    ``answer`` (answer + 1: none)."""
    return trial(hand, rules, low, answer + 1,
                 lambda cards: can_meet_contract(cards, contract, rules), math.inf)


def main() -> None:
    deck = build_deck(2, 4)
    for label, rules in RULES.items():
        for name, contract, size, samples in CASES:
            rng = random.Random(7)
            times, agree, checked, open_gap = [], 0, 0, 0
            for _ in range(samples):
                hand = rng.sample(deck, size)
                start = time.perf_counter()
                answer = cards_needed(hand, contract, rules)
                times.append(time.perf_counter() - start)
                open_gap += relaxed_bound(hand, contract, rules) < answer
                if answer <= EXACT_UP_TO:
                    checked += 1
                    agree += answer == exact(hand, contract, rules, answer)
            note = f", exact {agree}/{checked}" if checked else ""
            note += f", above the lower bound {open_gap}/{samples}"
            print(f"{label:17} {name:18} mean {statistics.mean(times) * 1e3:8.1f} ms, "
                  f"worst {max(times) * 1e3:8.1f} ms{note}", flush=True)
    check_gaps()


GAP_CHECKS = 4
"""Per rule set: hands whose answer lies above the lower bound, checked exhaustively
between the two (a few seconds each: eleven cards, answers of three or fewer)."""


def check_gaps() -> None:
    """Where the bounds did not meet, is the answer still the exact one?"""
    deck = build_deck(2, 4)
    for label, rules in RULES.items():
        contract = (GROUP, GROUP, RUN) if not rules.contract_distinct_ranks else (
            GROUP, RUN, RUN)
        rng = random.Random(1)
        agree = checked = 0
        while checked < GAP_CHECKS:
            hand = rng.sample(deck, 11)
            answer = cards_needed(hand, contract, rules)
            low = relaxed_bound(hand, contract, rules)
            if low < answer <= 3:
                checked += 1
                agree += answer == exact(hand, contract, rules, answer, low)
        print(f"{label:17} answers above the lower bound, exact: {agree}/{checked}",
              flush=True)


if __name__ == "__main__":
    main()
