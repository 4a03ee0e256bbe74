"""Hard's judgement without its search, against three medium players: the check of a
change to how hard ranks its own moves (outs, the take margin) in minutes, where hard
with its search needs an hour per thousand deals.

Caribbean, four players: every deal seed is played once per contract and once per seat
rotation, so each seat meets the same cards (the all-medium table wins exactly 25% with
a relative penalty of 0). Hard's search is switched off (no sampled deals); its tracker
is on (the live counts leave out cards it knows opponents hold). Prints the deal-win
share and the mean relative penalty, each with its 95% interval, and the go-down rate, in
all and for each contract.

``KALOOKI_JUDGEMENT_SEEDS`` deal seeds (default 40: 1440 deals, 2-4 min on two
cores), ``KALOOKI_JUDGEMENT_FIRST`` the first seed (default 0)."""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time

from kalooki.ai.arena import play_deal, rules_from_deal
from kalooki.ai.hard import HardPlayer
from kalooki.ai.medium import MediumPlayer
from kalooki.ai.player import Player
from kalooki.cli.simulate import wilson
from kalooki.engine.rules import preset

SEEDS = int(os.environ.get("KALOOKI_JUDGEMENT_SEEDS", "40"))
FIRST = int(os.environ.get("KALOOKI_JUDGEMENT_FIRST", "0"))
PLAYERS = 4

Seat = tuple[bool, float, bool, int]
"""Hard's seat in one deal: won, relative penalty, went down, the deal's number (its
contract)."""


def play_seed(seed: int) -> list[Seat]:
    """Every contract of one seed, hard in each seat in turn."""
    base = preset("caribbean")
    seats: list[Seat] = []
    for deal in range(1, base.deals_per_match + 1):
        rules = rules_from_deal(base, deal)
        for rotation in range(PLAYERS):
            players: list[Player] = [MediumPlayer() for _ in range(PLAYERS)]
            players[rotation] = HardPlayer(max_worlds=0)
            labels = ["medium"] * PLAYERS
            labels[rotation] = "hard"
            outcome = play_deal(rules, seed * 1000 + deal, players, labels)
            mine = outcome.seats[rotation]
            seats.append((mine.won, mine.relative, mine.went_down, deal))
    return seats


def main() -> None:
    start = time.perf_counter()
    seeds = range(FIRST, FIRST + SEEDS)
    with multiprocessing.Pool(os.cpu_count() or 1) as pool:
        seats = [s for chunk in pool.map(play_seed, seeds) for s in chunk]
    n = len(seats)
    print(f"hard without search vs 3 medium, caribbean, seeds {FIRST}-{FIRST + SEEDS - 1}: "
          f"{n} deals")
    print(f"  {figures(seats)}   ({time.perf_counter() - start:.0f} s wall)")
    contracts = preset("caribbean").contracts or ()
    for deal, contract in enumerate(contracts, start=1):
        mine = [s for s in seats if s[3] == deal]
        if len(mine) > 1:
            print(f"  deal {deal} ({' '.join(map(str, contract))}): {figures(mine)}")


def figures(seats: list[Seat]) -> str:
    """Deal wins and the mean relative penalty, each with its 95% interval, and the
    go-down rate; per contract too, where a change that helps one kind of contract and
    hurts another shows (160 deals a contract move by about 7 points of deals won, so
    compare two versions on the same seeds)."""
    n = len(seats)
    wins = sum(seat[0] for seat in seats)
    low, high = wilson(wins, n)
    penalties = [seat[1] for seat in seats]
    relative = statistics.fmean(penalties)
    half = 1.96 * statistics.stdev(penalties) / n ** 0.5
    down = sum(seat[2] for seat in seats) / n
    return (f"deal wins {wins / n:.1%} ({low:.1%}-{high:.1%})   relative penalty "
            f"{relative:+.1f} ({relative - half:+.1f} to {relative + half:+.1f})   "
            f"went down {down:.0%}")


if __name__ == "__main__":
    main()
