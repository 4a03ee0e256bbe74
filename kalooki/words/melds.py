"""Melds and contracts in words: "run 5♥–8♥ (joker as 6♥)", "groupe de trois dames", "two groups
and one run" / "deux groupes et une suite". Cards inside them keep their symbols, which
read the same in every language."""

from __future__ import annotations

from collections.abc import Sequence

from kalooki.engine.cards import ACE, ACE_HIGH
from kalooki.engine.melds import Meld
from kalooki.engine.rules import GROUP, RUN
from kalooki.words.cards import face_said
from kalooki.words.catalog import Phrase, phrase, spelled

MAX_SPELLED = 6
"""Contracts name up to this many melds of a kind in words; more are written as digits."""


def ranks_name(rank: int) -> Phrase:
    """A rank in the plural, as in "two queens" / "deux dames"."""
    return phrase(f"cards.ranks.{ACE if rank == ACE_HIGH else rank}")


def meld_name(meld: Meld) -> Phrase:
    """How the log and the table name a meld on the table."""
    if not meld.is_run:
        return phrase("meld.group", number=spelled(len(meld.cards)), ranks=ranks_name(meld.rank))
    run = phrase("meld.run", low=face_said(meld.rank, meld.suit),
                 high=face_said(meld.high, meld.suit))
    jokers = [phrase("meld.joker_as", card=face_said(meld.rank + i, meld.suit))
              for i in meld.joker_positions()]
    if not jokers:
        return run
    return phrase("meld.with_jokers", meld=run, jokers=_listed(jokers))


def owned_meld_name(meld: Meld, owner: int, viewer: int, names: Sequence[str] = ()) -> Phrase:
    """A table meld with whose it is, so a sentence points at one meld of the table: "your
    run 5♥–8♥", "la suite 5♥–8♥ de Marcia", or "the run 5♥–8♥" when no names are known."""
    kind = "run" if meld.is_run else "group"
    if owner == viewer:
        return phrase(f"log.meld.yours.{kind}", meld=meld_name(meld))
    if 0 <= owner < len(names):
        return phrase(f"log.meld.theirs.{kind}", meld=meld_name(meld), owner=names[owner])
    return phrase(f"meld.the.{kind}", meld=meld_name(meld))


def _listed(items: Sequence[object]) -> Phrase | object:
    """Items joined by commas, kept as phrases so each is worded when shown."""
    joined: object = items[0]
    for item in items[1:]:
        joined = phrase("meld.list", first=joined, next=item)
    return joined


def contract_name(kinds: Sequence[int]) -> Phrase:
    """A contract (or what was laid) by its kinds of meld: "one group and two runs";
    "nothing" when empty."""
    parts = []
    for kind, noun in ((GROUP, "groups"), (RUN, "runs")):
        count = list(kinds).count(kind)
        if count:
            parts.append(phrase(f"contract.{noun}.{count}") if count <= MAX_SPELLED
                         else phrase(f"contract.{noun}.many", count=count))
    if not parts:
        return phrase("contract.nothing")
    if len(parts) == 1:
        return parts[0]
    return phrase("contract.both", groups=parts[0], runs=parts[1])


def melds_names(melds: Sequence[Meld]) -> object:
    """Several melds named one after the other ("run 5♥–8♥; group of 7s")."""
    joined: object = meld_name(melds[0])
    for meld in melds[1:]:
        joined = phrase("meld.alternatives", first=joined, next=meld_name(meld))
    return joined

