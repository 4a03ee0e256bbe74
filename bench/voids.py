"""How often deals are void, per preset, table size and deal (issue 19, "voids that
cannot loop"): the figures behind three packs from six players and the redeal bound.

Each cell plays one deal of the schedule ``SEEDS`` times between easy computer players,
as the first deal of the same rules started there (``ai.arena.rules_from_deal``), until it
is scored: by going out, or as the hands stand once ``redeal_limit`` redeals are spent.
A cell shows the share of dealt attempts whose stock ran out for good (void, or stalled
at the bound), then ``/`` and the share of deals that ended stalled (scored with nobody
out). The "two packs" rows are the Caribbean
default before this change, for comparison. Run ``python -m bench voids``.
"""

from __future__ import annotations

import dataclasses
import sys
import time

from kalooki.ai.arena import rules_from_deal
from kalooki.ai.personalities import make_player
from kalooki.engine.rng import Rng
from kalooki.engine.rules import RuleSet, preset
from kalooki.engine.state import Game

SEEDS = 6
LEVEL = "easy"


def one_deal(rules: RuleSet, players: int, seed: int) -> tuple[int, bool]:
    """(void attempts, stalled) of one deal played until it is scored."""
    game = Game.new(rules, players, seed)
    seats = [make_player(LEVEL) for _ in range(players)]
    rng = Rng(seed * 7919 + players)
    while not any(not result.void for result in game.results):
        seat = game.to_act
        assert seat is not None
        game.apply(seats[seat].choose(game.view(seat), rng), seat)
    return sum(result.void for result in game.results), game.results[-1].stalled


def row(rules: RuleSet, players: int, deals: int) -> list[str]:
    cells = []
    for deal in range(1, deals + 1):
        schedule = rules_from_deal(rules, deal)
        outcomes = [one_deal(schedule, players, seed) for seed in range(1, SEEDS + 1)]
        voids = sum(v for v, _ in outcomes)
        stalled = sum(s for _, s in outcomes)
        ran_out = voids + stalled
        cells.append(f"{ran_out / (voids + SEEDS):4.0%}/{stalled / SEEDS:<4.0%}")
    return cells


def main(names: list[str] | None = None) -> None:
    caribbean = preset("caribbean")
    two_packs = dataclasses.replace(caribbean, name="caribbean, two packs",
                                    packs_by_players=((7, 3, 6),))
    tables: list[tuple[RuleSet, tuple[int, ...]]] = [
        (caribbean, (3, 4, 5, 6)), (two_packs, (6,)),
        (preset("kalooki51"), (2, 4, 6)), (preset("rami40"), (2, 4, 6))]
    if names:
        tables = [t for t in tables if any(n in t[0].name for n in names)]
    start = time.process_time()
    print(f"share of attempts run out / of deals scored stalled; {SEEDS} deals "
          f"per cell, {LEVEL} players, redeal limit {caribbean.redeal_limit}")
    for rules, counts in tables:
        deals = min(rules.deals_per_match, len(rules.hand_sizes))
        print(f"{rules.name:<22} " + " ".join(f"deal {d:<5}" for d in range(1, deals + 1)))
        for players in counts:
            packs, jokers = rules.deck_for(players)
            label = f"  {players} players ({packs}p{jokers}j)"
            print(f"{label:<22} " + " ".join(row(rules, players, deals)), flush=True)
    print(f"({time.process_time() - start:.0f} CPU s)")


if __name__ == "__main__":
    main(sys.argv[1:])
