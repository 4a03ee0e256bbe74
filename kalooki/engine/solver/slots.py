"""The hand as the contract searches see it: counts per face and per rank, and which
naturals a run and a group might fight over. Runs are chosen suit by suit; the groups
then follow in closed form from the cards the runs left."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import ACE, ACE_HIGH
from kalooki.engine.rules import GROUP, RUN, RuleSet
from kalooki.engine.solver.hand import Counts, Hand
from kalooki.engine.solver.tables import tables


def slot_search_applies(rules: RuleSet) -> bool:
    """The slot search assumes one group per rank and one run per suit in a contract."""
    return rules.contract_distinct_ranks and rules.contract_distinct_suits


class Slots:
    """The hand seen by the contract search: counts per face and rank, and the rules'
    group limits. Runs are chosen suit by suit; groups then follow in closed form."""

    def __init__(self, hand: Hand | Counts, contract: Sequence[int], rules: RuleSet
                 ) -> None:
        self.rules = rules
        self.tab = tables(rules)
        self.counts = hand.counts
        self.jokers = hand.jokers
        self.groups = list(contract).count(GROUP)
        self.runs = list(contract).count(RUN)
        self.avail = [0, 0, 0, 0]
        self.rank_total = [0] * 15
        for f, c in enumerate(self.counts):
            if c:
                self.avail[f // 13] |= 1 << (f % 13 + 1)
                self.rank_total[f % 13 + 1] += c
        for s in range(4):
            if self.avail[s] & 2:
                self.avail[s] |= 1 << ACE_HIGH
        self.capped = (rules.group_max is not None or rules.max_jokers_per_meld is not None
                       or rules.group_distinct_suits)
        # a run's natural may need to go to a group instead only when that group could
        # run short of naturals; otherwise the run keeps it and the group takes a joker
        self.contested = [0, 0, 0, 0]
        if self.groups:
            short = 0
            for r in range(1, 14):
                if self.rank_total[r] < rules.group_min_naturals + self.runs:
                    short |= 1 << r | (1 << ACE_HIGH if r == ACE else 0)
            self.contested = [a & short for a in self.avail]
