"""The worst rule sets ``validate()`` accepts, and how long the solver takes on them
(issue 19, "bounded work"): the figures behind ``rules.SEARCH_DOWN_HAND`` and
``rules.SEARCH_OPENING_HAND``.

For each worst case (four packs, the most jokers, the largest hand the limits allow) it
times, in CPU time, the searches a turn asks for: the opening (best and fewest points)
or, in a contract game, the contract and the further melds of a player who is down. Hands
are loaded with jokers (0 up to every joker the hand can hold) and the worst of
``HANDS`` hands per load is printed, against a budget of ``BUDGET_MS``. It also times
``validate()`` itself on the worst rule set. Run ``python -m bench limits``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from kalooki.engine.cards import build_deck
from kalooki.engine.rng import Rng
from kalooki.engine.rules import SEARCH_DOWN_HAND, SEARCH_OPENING_HAND, RuleSet, preset
from kalooki.engine.rules.fields import GROUP, MAX_DEALS, MAX_JOKERS
from kalooki.engine.solver import best_contract, best_melds, opening

HANDS = 3
BUDGET_MS = 150
"""What a turn may spend in the solver before the table feels stuck."""


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def hands(rules: RuleSet, size: int, jokers: int) -> list[list[int]]:
    deck = build_deck(rules.packs, rules.jokers)
    natural = [c for c in deck if c < rules.packs * 52]
    wild = [c for c in deck if c >= rules.packs * 52]
    out = []
    for seed in range(HANDS):
        Rng(seed * 977 + size).shuffle(natural)
        out.append(wild[:jokers] + natural[:size - jokers])
    return out


def worst(rules: RuleSet, size: int, search: Callable[[list[int]], object]) -> str:
    cells = []
    for jokers in sorted({0, 1, 2, 3, 4, 6, 8, 10, 12, min(size, rules.jokers)}):
        if jokers > min(size, rules.jokers):
            continue
        slowest = max(cpu_ms(lambda h=h: search(h)) for h in hands(rules, size, jokers))
        mark = "" if slowest <= BUDGET_MS else " OVER"
        cells.append(f"{jokers}j {slowest:.0f}{mark}")
    return ", ".join(cells)


def main() -> None:
    print(f"worst of {HANDS} hands per joker load, CPU ms (budget {BUDGET_MS} ms)")
    k51 = preset("kalooki51")
    for up_to, cards in SEARCH_OPENING_HAND:
        rules = dataclasses.replace(k51, packs=4, jokers=min(up_to, MAX_JOKERS),
                                    hand_sizes=(cards - 1,))
        assert rules.problems() == [], rules.problems()
        rules.validate()

        def search(hand: list[int], rules: RuleSet = rules) -> object:
            return (opening.best_opening(hand, rules, keep=1),
                    opening.fewest_points(hand, rules, keep=1))

        print(f"opening game, {rules.jokers} jokers, {cards} cards: "
              f"{worst(rules, cards, search)}", flush=True)
    caribbean = dataclasses.replace(preset("caribbean"), packs=4, jokers=MAX_JOKERS,
                                    packs_by_players=(), players_max=3)
    contract = (GROUP,) * 3
    largest = caribbean.largest_hand(1) - caribbean.hand_size(1)
    deal = SEARCH_DOWN_HAND + 9 - largest
    rules = dataclasses.replace(caribbean, hand_sizes=(deal,) * 9, contracts=(contract,) * 9)
    assert rules.problems() == [], rules.problems()
    print(f"contract game, {rules.jokers} jokers, lay the contract from "
          f"{rules.largest_hand(1)} cards: "
          f"{worst(rules, rules.largest_hand(1), lambda h: best_contract(h, contract, rules))}")
    print(f"contract game, {rules.jokers} jokers, further melds from {SEARCH_DOWN_HAND} "
          f"cards: {worst(rules, SEARCH_DOWN_HAND, lambda h: best_melds(h, rules, keep=1))}",
          flush=True)
    longest = dataclasses.replace(rules, hand_sizes=(deal,) * MAX_DEALS,
                                  contracts=(contract,) * MAX_DEALS, deals_per_match=MAX_DEALS)
    print(f"validate() on a {MAX_DEALS}-deal rule set: "
          f"{cpu_ms(lambda: longest.problems()):.1f} ms")


if __name__ == "__main__":
    main()
