"""The hand as the contract searches see it: counts per face and per rank, and which
naturals a run and a group might fight over. Runs are chosen suit by suit; the groups
then follow in closed form from the cards the runs left."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

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
        counts = self.counts
        avail = self.avail = [0, 0, 0, 0]
        rank_total = self.rank_total = [0] * 15
        for f in compress(_FACES, counts):  # the faces held (picked in C: most are not)
            avail[f // 13] |= 1 << (f % 13 + 1)
            rank_total[f % 13 + 1] += counts[f]
        for s in range(4):
            if avail[s] & 2:
                avail[s] |= 1 << ACE_HIGH
        self.capped = (rules.group_max is not None or rules.max_jokers_per_meld is not None
                       or rules.group_distinct_suits)
        # a run's natural may need to go to a group instead only when that group could
        # run short of naturals; otherwise the run keeps it and the group takes a joker
        self.contested = [0, 0, 0, 0]
        self.scarce = 0
        """Positions of ranks a group might miss (held fewer than group_min + runs
        times); none without groups."""
        if self.groups:
            short = scarce = 0
            least = rules.group_min_naturals + self.runs
            most = rules.group_min + self.runs
            for r in range(1, 14):
                total = self.rank_total[r]
                if total < most or total < least:
                    bit = 1 << r | (1 << ACE_HIGH if r == ACE else 0)
                    if total < most:
                        scarce |= bit
                    if total < least:
                        short |= bit
            self.contested = [a & short for a in self.avail]
            self.scarce = scarce


_FACES = range(52)
