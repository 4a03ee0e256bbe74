"""Melds: what makes a group or a run, what a joker stands for, and why a meld is refused.

A run is kept in rank order, so a joker's position says which card it represents; a
group's jokers stand for its rank. Every check that can fail raises :class:`RuleError`
with the reason in a player's words, because the same checks serve the table's live
feedback, the command line and the state machine.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from kalooki.engine.cards import (
    ACE,
    ACE_HIGH,
    JOKER_BASE,
    KING,
    face,
    is_joker,
    rank_of,
    suit_of,
)
from kalooki.engine.errors import RuleError
from kalooki.engine.rules import GROUP, RUN, RuleSet
from kalooki.engine.rules.choices import AceInRuns, JokerRelease, JokerShift


class MeldKind(StrEnum):
    GROUP = "group"
    RUN = "run"


class End(StrEnum):
    """Where a tacked card goes: a run's low or high end; a group has no ends (NONE)."""

    NONE = ""
    LOW = "lo"
    HIGH = "hi"


GROUP_KIND, RUN_KIND = MeldKind.GROUP, MeldKind.RUN
LOW, HIGH = End.LOW, End.HIGH
"""The short names the layers above import."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as laid: ``cards`` in table order. For a run, ``rank`` is the rank of the
    first position (1..14 scale) and ``suit`` its suit; for a group ``rank`` is the
    shared rank and ``suit`` is -1."""

    kind: MeldKind
    cards: tuple[int, ...]
    rank: int
    suit: int = -1

    @property
    def is_run(self) -> bool:
        return self.kind == RUN_KIND

    @property
    def high(self) -> int:
        """Rank of the last position of a run (1..14 scale)."""
        return self.rank + len(self.cards) - 1

    def represented_rank(self, index: int) -> int:
        return self.rank + index if self.is_run else self.rank

    def represented_face(self, index: int) -> int:
        """Face the card at ``index`` stands for (a group's joker: its rank, suit unknown
        and reported as the group's first natural suit)."""
        if self.is_run:
            return face(self.rank + index, self.suit)
        natural = next(c for c in self.cards if not is_joker(c))
        return face(self.rank, suit_of(natural))

    def joker_positions(self) -> list[int]:
        return [i for i, c in enumerate(self.cards) if is_joker(c)]


# --- groups -----------------------------------------------------------------

def make_group(cards: Sequence[int], rules: RuleSet) -> Meld:
    """Validate ``cards`` as a group (order does not matter)."""
    cards = tuple(cards)
    naturals = [c for c in cards if not is_joker(c)]
    jokers = len(cards) - len(naturals)
    if len(cards) < rules.group_min:
        raise RuleError("group-too-short", count=rules.group_min)
    limit = rules.group_limit
    if limit is not None and len(cards) > limit:
        raise RuleError("group-too-long", count=limit)
    ranks = {rank_of(c) for c in naturals}
    if len(ranks) > 1:
        raise RuleError("group-mixed-ranks", cards=tuple(naturals))
    if len(naturals) < rules.group_min_naturals:
        raise RuleError("group-too-few-naturals", count=rules.group_min_naturals)
    _check_joker_count(jokers, rules)
    if rules.group_distinct_suits:
        seen: set[int] = set()
        for c in naturals:
            if suit_of(c) in seen:
                raise RuleError("group-repeated-suit", card=c)
            seen.add(suit_of(c))
    return Meld(GROUP_KIND, cards, ranks.pop())


def _check_joker_count(jokers: int, rules: RuleSet) -> None:
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        raise RuleError("too-many-jokers", count=rules.max_jokers_per_meld)


# --- runs -------------------------------------------------------------------

def ace_positions(rules: RuleSet) -> tuple[int, ...]:
    """Where an ace may stand in a run: low (1, before the 2), high (14, after the king),
    or either; the one ace table every run check and search reads."""
    return _ACE_POSITIONS[rules.ace_in_runs]


_ACE_POSITIONS = {AceInRuns.LOW_OR_HIGH: (ACE, ACE_HIGH), AceInRuns.HIGH_ONLY: (ACE_HIGH,),
                  AceInRuns.LOW_ONLY: (ACE,)}


def run_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest position a run may reach (1..14 scale)."""
    aces = ace_positions(rules)
    return (ACE if ACE in aces else 2), (ACE_HIGH if ACE_HIGH in aces else KING)


def make_run(cards: Sequence[int], rules: RuleSet) -> Meld:
    """Validate ``cards`` as a run laid in this order, lowest rank first."""
    cards = tuple(cards)
    if len(cards) < rules.run_min:
        raise RuleError("run-too-short", count=rules.run_min)
    first_index, first = next(((i, c) for i, c in enumerate(cards) if not is_joker(c)),
                              (-1, -1))
    if first_index < 0:
        raise RuleError("run-no-natural")
    candidates = (ACE, ACE_HIGH) if rank_of(first) == ACE else (rank_of(first),)
    problems: list[RuleError] = []
    for rank in candidates:
        try:
            return _run_at(cards, rank - first_index, rules)
        except RuleError as error:
            problems.append(error)
    raise next((p for p in problems if p.code == "run-ace"), problems[0])


def _run_at(cards: tuple[int, ...], start: int, rules: RuleSet) -> Meld:
    """Validate ``cards`` as a run whose first position has rank ``start``."""
    naturals = [c for c in cards if not is_joker(c)]
    _check_joker_count(len(cards) - len(naturals), rules)
    suits = {suit_of(c) for c in naturals}
    if len(suits) > 1:
        raise RuleError("run-mixed-suits", cards=tuple(naturals))
    if not rules.adjacent_jokers_in_run:
        for left, right in itertools.pairwise(cards):
            if is_joker(left) and is_joker(right):
                raise RuleError("run-adjacent-jokers")
    aces = ace_positions(rules)
    for i, c in enumerate(cards):
        if is_joker(c):
            continue
        want, rank = start + i, rank_of(c)
        if rank == ACE:
            if want in (ACE, ACE_HIGH) and want not in aces:
                raise RuleError("run-ace", case="high" if ACE_HIGH in aces else "low")
            if want not in aces:
                raise RuleError("run-wrap")
        elif rank != want:
            if any(rank_of(x) == rank and not is_joker(x) for x in cards[:i]):
                raise RuleError("run-repeated-rank", rank=rank)
            raise RuleError("run-not-consecutive", cards=cards)
    low_bound, high_bound = run_bounds(rules)
    if start < low_bound or start + len(cards) - 1 > high_bound or len(cards) > KING:
        raise RuleError("run-past-ace")
    return Meld(RUN_KIND, cards, start, suits.pop())


def arrange_run(cards: Sequence[int], rules: RuleSet) -> list[Meld]:
    """Every way to lay these cards (in any order) as a run: one per placement of the
    jokers. Empty when no placement is valid."""
    naturals = [c for c in cards if not is_joker(c)]
    jokers = [c for c in cards if is_joker(c)]
    if not naturals:
        return []
    results: list[Meld] = []
    has_ace = any(rank_of(c) == ACE for c in naturals)
    for ace_rank in (ace_positions(rules) if has_ace else (0,)):
        def scale(c: int, ace_rank: int = ace_rank) -> int:
            return ace_rank if rank_of(c) == ACE else rank_of(c)
        ordered = sorted(naturals, key=scale)
        low, high = scale(ordered[0]), scale(ordered[-1])
        inside = high - low + 1
        extra = len(cards) - inside
        if extra < 0 or inside < len(ordered):
            continue
        for below in range(extra + 1):
            start = low - below
            slots: list[int | None] = [None] * len(cards)
            for c in ordered:
                index = scale(c) - start
                if slots[index] is not None:
                    break
                slots[index] = c
            else:
                free = iter(jokers)
                sequence = tuple(c if c is not None else next(free) for c in slots)
                with contextlib.suppress(RuleError):
                    results.append(make_run(sequence, rules))
    unique: dict[tuple[int, int], Meld] = {}
    for meld in results:
        unique.setdefault((meld.rank, len(meld.cards)), meld)
    return list(unique.values())


# --- any meld ---------------------------------------------------------------

def interpretations(cards: Sequence[int], rules: RuleSet) -> list[Meld]:
    """All ways to read an unordered set of cards as one meld (a group, or a run with
    each possible joker placement). The table asks the player when there are several."""
    found: list[Meld] = []
    with contextlib.suppress(RuleError):
        found.append(make_group(cards, rules))
    found.extend(arrange_run(cards, rules))
    return found


def explain_invalid(cards: Sequence[int], rules: RuleSet) -> RuleError:
    """The most helpful reason these cards make no meld."""
    naturals = [c for c in cards if not is_joker(c)]
    ranks = {rank_of(c) for c in naturals}
    if {ACE, 2, KING} <= ranks and len({suit_of(c) for c in naturals}) == 1:
        return RuleError("run-wrap")
    try:
        if len(ranks) <= 1:
            make_group(cards, rules)
        else:
            ordered = sorted(naturals, key=rank_of)
            make_run(_with_jokers_in_gaps(ordered, len(cards) - len(naturals)), rules)
    except RuleError as error:
        return error
    return RuleError("meld-invalid")


def _with_jokers_in_gaps(ordered: list[int], jokers: int) -> list[int]:
    """A best-effort ordering used only to word a refusal."""
    sequence: list[int] = []
    spare = jokers
    for i, c in enumerate(ordered):
        if i:
            gap = rank_of(c) - rank_of(ordered[i - 1]) - 1
            while gap > 0 and spare > 0:
                sequence.append(JOKER_BASE)
                gap -= 1
                spare -= 1
        sequence.append(c)
    sequence.extend([JOKER_BASE] * spare)
    return sequence


def make_meld(cards: Sequence[int], rules: RuleSet) -> Meld:
    """The meld these cards make, when there is exactly one reading; otherwise a
    refusal (no reading, or an ambiguity the player must settle)."""
    found = interpretations(cards, rules)
    if not found:
        raise explain_invalid(cards, rules)
    if len(found) > 1:
        raise RuleError("meld-ambiguous", melds=tuple(found))
    return found[0]


def declared_meld(kind: MeldKind, cards: Sequence[int], rules: RuleSet) -> Meld:
    """A meld as an action declares it: a group, or a run in table order."""
    if kind == GROUP_KIND:
        return make_group(cards, rules)
    if kind == RUN_KIND:
        return make_run(cards, rules)
    raise RuleError("bad-meld", kind=kind)


# --- adding to a meld -------------------------------------------------------

def extend(meld: Meld, card: int, end: End, rules: RuleSet) -> Meld:
    """The meld with ``card`` tacked on (``end`` is ``lo`` or ``hi`` for a run)."""
    if meld.is_run:
        if end not in (LOW, HIGH):
            raise RuleError("bad-end")
        if not is_joker(card) and suit_of(card) != meld.suit:
            raise RuleError("tack-wrong-card", case="suit", card=card, meld=meld)
        low_bound, high_bound = run_bounds(rules)
        at_bound = meld.rank <= low_bound if end == LOW else meld.high >= high_bound
        if at_bound or len(meld.cards) >= KING:
            raise RuleError("run-complete", meld=meld)
        try:
            if end == LOW:
                return _run_at((card, *meld.cards), meld.rank - 1, rules)
            return _run_at((*meld.cards, card), meld.rank, rules)
        except RuleError as error:
            if error.code in ("run-adjacent-jokers", "too-many-jokers"):
                raise
            raise RuleError("tack-wrong-card", case="low_end" if end == LOW else "high_end",
                            card=card, meld=meld) from None
    if not is_joker(card) and rank_of(card) != meld.rank:
        raise RuleError("tack-wrong-card", case="rank", card=card, meld=meld)
    return make_group((*meld.cards, card), rules)


def fitting_faces(meld: Meld) -> tuple[int, ...]:
    """The natural faces that could be tacked onto this meld or take a joker's place in it:
    a cheap filter before the full checks (listing legal moves asks this constantly)."""
    if meld.kind != RUN_KIND:
        return _GROUP_FACES[meld.rank]
    wanted = {meld.rank - 1, meld.high + 1, *(meld.rank + i for i in meld.joker_positions())}
    return tuple(face(rank, meld.suit) for rank in wanted if ACE <= rank <= ACE_HIGH)


_GROUP_FACES = {rank: tuple(face(rank, suit) for suit in range(4))
                for rank in range(ACE, ACE_HIGH + 1)}
"""The faces that fit a group of each rank, made once."""


def shift_joker(meld: Meld, natural: int, end: End, rules: RuleSet) -> tuple[Meld, int]:
    """Put ``natural`` where the run's joker stands for it and move that joker to ``end``.
    Returns the new meld and the index the natural took."""
    if not meld.is_run:
        raise RuleError("shift-not-run")
    if rules.joker_shift_in_run == JokerShift.OFF:
        raise RuleError("shift-off")
    if rules.joker_shift_in_run == JokerShift.UPWARD and end != HIGH:
        raise RuleError("shift-upward")
    if is_joker(natural):
        raise RuleError("shift-needs-natural")
    index = next((i for i in meld.joker_positions()
                  if meld.represented_face(i) == face(rank_of(natural), suit_of(natural))
                  or (rank_of(natural) == ACE and meld.suit == suit_of(natural)
                      and meld.represented_rank(i) in (ACE, ACE_HIGH))), None)
    if index is None:
        raise RuleError("shift-no-joker", card=natural)
    joker_card = meld.cards[index]
    replaced = list(meld.cards)
    replaced[index] = natural
    base = Meld(RUN_KIND, tuple(replaced), meld.rank, meld.suit)
    return extend(base, joker_card, end, rules), index + (1 if end == LOW else 0)


def missing_suits(meld: Meld) -> tuple[int, ...]:
    """The suits no natural of a group holds, in suit order."""
    held = {suit_of(c) for c in meld.cards if not is_joker(c)}
    return tuple(s for s in range(4) if s not in held)


def release_joker(meld: Meld, naturals: Sequence[int], rules: RuleSet) -> tuple[Meld, int]:
    """The meld after ``naturals`` take a joker's place, and the joker they free.

    A run's joker is freed by the one card it stands for (``run-exact``); a group's by two
    naturals of its rank (``group-both-missing``: a group of three with a joker becomes a
    closed group of four), by one (``group-any-missing``), or by one card of each suit its
    naturals lack (``group-all-missing``: so a group of four with a joker is freed by the
    last missing suit)."""
    modes = rules.joker_release
    if not modes:
        raise RuleError("release-off")
    if not naturals or any(is_joker(c) for c in naturals):
        raise RuleError("release-needs-naturals")
    jokers = meld.joker_positions()
    if not jokers:
        raise RuleError("release-no-joker", meld=meld)
    if meld.is_run:
        if JokerRelease.RUN_EXACT not in modes:
            raise RuleError("release-run-off")
        if len(naturals) != 1:
            raise RuleError("release-one-card")
        card = naturals[0]
        index = next((i for i in jokers if suit_of(card) == meld.suit and (
            meld.represented_rank(i) == rank_of(card)
            or (rank_of(card) == ACE and meld.represented_rank(i) == ACE_HIGH))), None)
        if index is None:
            raise RuleError("release-wrong-card", case="run", meld=meld, card=card)
        cards = list(meld.cards)
        joker_card, cards[index] = cards[index], card
        return _run_at(tuple(cards), meld.rank, rules), joker_card
    counts = {2} if JokerRelease.GROUP_BOTH_MISSING in modes else set()
    if JokerRelease.GROUP_ANY_MISSING in modes:
        counts.add(1)
    all_missing = JokerRelease.GROUP_ALL_MISSING in modes
    if not counts and not all_missing:
        raise RuleError("release-group-off")
    if any(rank_of(c) != meld.rank for c in naturals):
        raise RuleError("release-wrong-card", case="group", rank=meld.rank, meld=meld)
    missing = missing_suits(meld)
    completes = all_missing and sorted(suit_of(c) for c in naturals) == list(missing)
    if not completes and len(naturals) not in counts:
        if not counts:
            if not missing:
                raise RuleError("release-locked", meld=meld)
            raise RuleError("release-suits", count=len(missing))
        wanted = sorted(counts)
        raise RuleError("release-count", case="one" if wanted == [1] else
                        "two" if wanted == [2] else "one_or_two")
    joker_card = meld.cards[jokers[-1]]
    rest = [c for c in meld.cards if c != joker_card] + list(naturals)
    try:
        return make_group(rest, rules), joker_card
    except RuleError as error:
        if error.code == "group-too-long":
            raise RuleError("release-locked", meld=meld) from None
        raise


# --- contracts and values ---------------------------------------------------

def check_contract(melds: Sequence[Meld], contract: Sequence[int], rules: RuleSet,
                   deal: int | None = None) -> None:
    """Refuse a first lay-down that is not exactly the contract."""
    groups = [m for m in melds if m.kind == GROUP_KIND]
    runs = [m for m in melds if m.kind == RUN_KIND]
    want_groups = list(contract).count(GROUP)
    want_runs = list(contract).count(RUN)
    if len(groups) != want_groups or len(runs) != want_runs:
        laid = tuple(GROUP if m.kind == GROUP_KIND else RUN for m in melds)
        if deal:
            raise RuleError("not-contract", case="deal", deal=deal, contract=tuple(contract),
                            laid=laid)
        raise RuleError("not-contract", case="any", contract=tuple(contract), laid=laid)
    if rules.contract_distinct_ranks:
        ranks = [g.rank for g in groups]
        if len(set(ranks)) != len(ranks):
            raise RuleError("contract-same-rank")
    if rules.contract_distinct_suits:
        suits = [r.suit for r in runs]
        if len(set(suits)) != len(suits):
            raise RuleError("contract-same-suit")


def rank_value(rank: int, rules: RuleSet) -> int:
    """What a position of this rank is worth towards an opening threshold: what its card
    counts in hand, aces as the opening's own fields say."""
    if rank == ACE:
        return rules.opening_ace_low_points
    if rank == ACE_HIGH:
        return rules.opening_ace_high_points
    return rules.rank_points(rank)


def meld_value(meld: Meld, rules: RuleSet) -> int:
    """Opening value of a meld: each card, jokers included, counts as the card it stands
    for; a group of aces counts its aces high."""
    if meld.is_run:
        return sum(rank_value(meld.rank + i, rules) for i in range(len(meld.cards)))
    rank = ACE_HIGH if meld.rank == ACE else meld.rank
    return rank_value(rank, rules) * len(meld.cards)


def opening_value(melds: Sequence[Meld], rules: RuleSet) -> int:
    """What a lay-down is worth towards an opening threshold."""
    return sum(meld_value(m, rules) for m in melds)
