"""Free melding, for a player who is down: the melds (any number, no contract) leaving the
fewest penalty points.

The generic search made fast by splitting the hand: a card that no meld can hold is
left over for sure, and the rest falls into clusters no meld crosses, solved apart and
sharing the jokers out by a knapsack."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from kalooki.engine.cards import ACE_HIGH
from kalooki.engine.rules import RuleSet
from kalooki.engine.scoring import hand_points
from kalooki.engine.solver.arrangement import Arrangement, build_plan
from kalooki.engine.solver.bits import bits, face_at
from kalooki.engine.solver.candidates import Group, Run, jokers_ok
from kalooki.engine.solver.generic import NONE, Generic
from kalooki.engine.solver.hand import face_counts
from kalooki.engine.solver.tables import Tables, tables


def best_melds(hand: Sequence[int], rules: RuleSet, keep: int = 0) -> Arrangement:
    """Melds (any number, no contract) leaving the fewest penalty points, for a player who
    is already down; the leftover holds at least ``keep`` naturals when the hand allows."""
    found = _free_arrangement(hand, rules, max(0, keep))
    if found is None:  # fewer naturals than ``keep``: nothing can be laid
        return Arrangement((), tuple(sorted(hand)), hand_points(hand, rules))
    return found


def melds_exist(hand: Sequence[int], rules: RuleSet, keep: int = 0) -> bool:
    """Whether :func:`best_melds` lays anything (``keep`` naturals kept back), without
    searching: every meld lays points, so the best lays one as soon as some meld can be
    laid from the hand with ``keep`` naturals spared."""
    tab = tables(rules)
    counts, masks, jokers = face_counts(hand)
    if not _any_meld(rules, tab, counts, masks, jokers):
        return False
    if keep <= 0:
        return True
    if keep > 1:
        return bool(best_melds(hand, rules, keep).melds)
    # a minimal meld holds at most this many naturals: a hand with more spares one
    if sum(counts) > max(rules.group_min, rules.run_min):
        return True
    for face, count in enumerate(counts):
        if count:
            counts[face] -= 1
            masks[face // 13] ^= 0 if counts[face] else 1 << face % 13
            found = _any_meld(rules, tab, counts, masks, jokers)
            masks[face // 13] |= 1 << face % 13
            counts[face] += 1
            if found:
                return True
    return False


def _any_meld(rules: RuleSet, tab: Tables, counts: Sequence[int], masks: Sequence[int],
              jokers: int) -> bool:
    """Whether any one meld can be laid from these counts (what :func:`_clusters` joins)."""
    room = min(jokers, tab.max_jokers)
    distinct = rules.group_distinct_suits
    for rank in range(13):  # (plain loops: quicker in CPython 3.11 than any() of a generator)
        a, b, c, d = counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39]
        naturals = (a > 0) + (b > 0) + (c > 0) + (d > 0) if distinct else a + b + c + d
        if _group_fits(rules, tab, naturals, room):
            return True
    for mask in masks:
        if mask:
            for _ in _usable_windows(tab, mask, room):
                return True
    return False


def _group_fits(rules: RuleSet, tab: Tables, naturals: int, room: int) -> bool:
    """Whether this many naturals of one rank (of distinct suits, when the rules want
    them) make a group with ``room`` jokers."""
    return (naturals >= rules.group_min_naturals
            and min(naturals, tab.group_max) + room >= rules.group_min)


def _group_faces(rules: RuleSet, tab: Tables, counts: Sequence[int], rank: int, room: int
                 ) -> list[int]:
    """The faces of ``rank`` held, if they can make a group with ``room`` jokers."""
    held = [f for f in range(rank, 52, 13) if counts[f]]
    naturals = len(held) if rules.group_distinct_suits else sum(counts[f] for f in held)
    return held if _group_fits(rules, tab, naturals, room) else []


def _usable_windows(tab: Tables, mask: int, room: int) -> Iterator[int]:
    """The positions held of each minimal run of a suit (13-bit rank ``mask``) that the
    hand can lay with ``room`` jokers."""
    avail = mask << 1 | (mask & 1) << ACE_HIGH
    for _, _, span in tab.windows:
        present = avail & span
        gaps = span ^ present
        if present and gaps.bit_count() <= room and jokers_ok(tab, gaps):
            yield present


# --- contract search (distinct ranks and suits) -----------------------------


def _free_arrangement(hand: Sequence[int], rules: RuleSet, keep: int) -> Arrangement | None:
    """The generic search without a contract (None when the hand holds fewer than ``keep``
    naturals), made fast by splitting the hand: a card that no meld can hold is left over
    for sure, and the rest falls into clusters no meld crosses (same rank, or same suit
    close enough for one run), which share only the jokers and the duty to keep naturals
    back. Each cluster is solved for every share of both it might get, and a knapsack
    hands them out."""
    tab = tables(rules)
    counts, masks, jokers = face_counts(hand)
    if sum(counts) < keep:
        return None
    clusters = _clusters(rules, tab, counts, masks, jokers)
    if not clusters:  # no meld can hold any card: the usual answer in play
        return Arrangement((), tuple(sorted(hand)), hand_points(hand, rules))
    loose = sum(counts) - sum(counts[f] for faces in clusters for f in faces)
    duty = max(0, keep - loose)  # naturals the clusters must keep between them
    search = Generic(rules, duty)
    subs: list[list[int]] = []
    for faces in clusters:
        sub = [0] * 52
        for f in faces:
            sub[f] = counts[f]
        subs.append(sub)
    # per cluster: (jokers given, naturals it keeps) -> (most points it lays, the search's
    # ``kept`` start); first without the duty, noting what each optimum keeps anyway,
    # which often settles the duty without a second search
    values: list[dict[tuple[int, int], tuple[int, int]]] = [{} for _ in clusters]
    chosen: tuple[int, tuple[tuple[int, int, int], ...]] | None = None
    for t in range(duty + 1):
        for faces, sub, row in zip(clusters, subs, values, strict=True):
            search.faces = faces
            for j in range(jokers, jokers + 1) if len(clusters) == 1 else range(jokers + 1):
                value = search.solve(sub, j, None, duty - t)
                if value == NONE:
                    continue
                held = t
                if t == 0 and duty:
                    laid_runs, laid_groups = search.plan(sub, j, None, duty)
                    held = min(duty, sum(sub) - sum(r.naturals.bit_count() for r in laid_runs)
                               - sum(len(g.faces) for g in laid_groups))
                if row.get((j, held), (NONE, 0))[0] < value:
                    row[j, held] = (value, duty - t)
        top, chosen = _share_out(values, jokers, duty)
        if chosen is not None and (t == duty or chosen[0] == top):
            break  # (before the last round, only a choice no duty-free one beats)
    if chosen is None:  # pragma: no cover - every cluster can keep all its naturals
        return None
    runs: list[Run] = []
    groups: list[Group] = []
    for faces, sub, (j, _, start) in zip(clusters, subs, chosen[1], strict=True):
        search.faces = faces
        more_runs, more_groups = search.plan(sub, j, None, start)
        runs += more_runs
        groups += more_groups
    return build_plan(hand, runs, groups, rules)


def _share_out(values: Sequence[dict[tuple[int, int], tuple[int, int]]], jokers: int,
               duty: int
               ) -> tuple[int, tuple[int, tuple[tuple[int, int, int], ...]] | None]:
    """A knapsack over clusters: the most points any choice lays, and the best choice
    (points, and per cluster: jokers given, naturals kept, search start) that uses at most
    ``jokers`` jokers and keeps ``duty`` naturals, if any does."""
    Entry = tuple[int, tuple[tuple[int, int, int], ...]]
    table: dict[tuple[int, int], Entry] = {(0, 0): (0, ())}
    for row in values:
        grown: dict[tuple[int, int], Entry] = {}
        for (used, held), (value, picks) in table.items():
            for (j, t), (v, start) in row.items():
                key = (used + j, min(duty, held + t))
                if key[0] <= jokers and (key not in grown or grown[key][0] < value + v):
                    grown[key] = (value + v, (*picks, (j, t, start)))
        table = grown
    top = max(value for value, _ in table.values())
    finals = [entry for (_, held), entry in table.items() if held >= duty]
    return top, (max(finals, key=lambda e: e[0]) if finals else None)


def _clusters(rules: RuleSet, tab: Tables, counts: Sequence[int], masks: Sequence[int],
              jokers: int) -> list[list[int]]:
    """The faces some meld could hold, split into clusters no meld crosses: faces of one
    rank that could make a group, and faces of one suit that could share a run."""
    room = min(jokers, tab.max_jokers)
    parent: dict[int, int] = {}

    def root(f: int) -> int:
        while parent[f] != f:
            parent[f] = parent[parent[f]]
            f = parent[f]
        return f

    def join(faces: list[int]) -> None:
        for f in faces:
            parent.setdefault(f, f)
        top = root(faces[0])
        for f in faces[1:]:
            parent[root(f)] = top

    for rank in range(13):
        held = _group_faces(rules, tab, counts, rank, room)
        if held:
            join(held)
    # with no two jokers side by side, windows next to each other in one run share a
    # natural, so joining each usable window's naturals joins every run's naturals
    whole_suit = tab.adjacent_ok or rules.run_min < 3
    for suit in range(4):
        usable = 0
        for present in _usable_windows(tab, masks[suit], room):
            usable |= present
            if not whole_suit:
                join([face_at(suit, p) for p in bits(present)])
        if whole_suit and usable:
            join([face_at(suit, p) for p in bits(usable)])
    found: dict[int, list[int]] = {}
    for f in sorted(parent):
        found.setdefault(root(f), []).append(f)
    return list(found.values())
