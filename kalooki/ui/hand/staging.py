"""What the staged melds amount to: each one's readings or the reason it is no meld, the
contract checklist, and the lay-downs they allow. Pure: asks the engine's meld rules."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kalooki.engine.actions import LayDown, MeldSpec
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import (
    GROUP_KIND,
    RUN_KIND,
    Meld,
    explain_invalid,
    interpretations,
    meld_value,
)
from kalooki.engine.rules import GROUP, RuleSet
from kalooki.words import Said, tr
from kalooki.words.melds import meld_name
from kalooki.words.refusals import refusal

_MAX_LAYS = 32
"""Combinations of joker readings tried; more than this never occurs in real hands."""


@dataclass(frozen=True)
class StagedMeld:
    cards: tuple[int, ...]
    readings: tuple[Meld, ...]
    reason: Said

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    def label(self) -> str:
        """The meld's name in the current language ("run 5♥–8♥ or run 6♥–9♥"), or why
        the cards make none."""
        if not self.readings:
            return str(self.reason)
        named = str(meld_name(self.readings[0]))
        for reading in self.readings[1:]:
            named = tr("meld.either", first=named, next=meld_name(reading))
        return named


def assess(cards: Sequence[int], rules: RuleSet) -> StagedMeld:
    readings = tuple(interpretations(cards, rules))
    reason = "" if readings else refusal(explain_invalid(cards, rules))
    return StagedMeld(tuple(cards), readings, reason)


def checklist(contract: Sequence[int], staged: Sequence[StagedMeld]) -> list[tuple[str, bool]]:
    """Each contract meld with whether a distinct valid staged meld fills it (groups of
    different ranks, runs of different suits)."""
    used: set[int] = set()
    taken: set[tuple[str, int]] = set()
    marks: list[tuple[str, bool]] = []
    for slot in contract:
        kind = GROUP_KIND if slot == GROUP else RUN_KIND
        found = False
        for index, meld in enumerate(staged):
            fit = next((m for m in meld.readings
                        if m.kind == kind and (kind, _identity(m)) not in taken), None)
            if index not in used and fit is not None:
                used.add(index)
                taken.add((kind, _identity(fit)))
                found = True
                break
        marks.append((kind, found))
    return marks


@dataclass(frozen=True)
class OpeningTally:
    """What the staged melds are worth towards the opening threshold."""

    value: int
    needed: int
    pure_run_missing: bool
    """The rules want a run without a joker and no staged meld is one."""

    @property
    def enough(self) -> bool:
        return self.value >= self.needed and not self.pure_run_missing


def opening_tally(staged: Sequence[StagedMeld], rules: RuleSet) -> OpeningTally:
    """The valid staged melds' points (each at its best reading) against the threshold."""
    value = sum(max(meld_value(m, rules) for m in meld.readings)
                for meld in staged if meld.valid)
    pure = any(m.kind == RUN_KIND and not m.joker_positions()
               for meld in staged for m in meld.readings)
    return OpeningTally(value, rules.opening_points or 0, rules.opening_pure_run and not pure)


def _identity(meld: Meld) -> int:
    """What must differ between two contract melds of one kind: rank or suit."""
    return meld.rank if meld.kind == GROUP_KIND else meld.suit


def lay_downs(staged: Sequence[StagedMeld]) -> list[LayDown]:
    """Every lay-down the staged melds can make, one per combination of readings."""
    if not staged or not all(m.valid for m in staged):
        return []
    combos = itertools.islice(itertools.product(*(m.readings for m in staged)), _MAX_LAYS)
    return [LayDown(tuple(MeldSpec(m.kind, m.cards) for m in combo)) for combo in combos]


def legal_lay_downs(staged: Sequence[StagedMeld],
                    why_illegal: Callable[[LayDown], RuleError | None]
                    ) -> tuple[list[LayDown], RuleError | None]:
    """The legal lay-downs, and when there are none the engine's reason for the first."""
    lays = lay_downs(staged)
    legal = [lay for lay in lays if why_illegal(lay) is None]
    if legal or not lays:
        return legal, None
    return [], why_illegal(lays[0])
