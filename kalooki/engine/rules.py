"""The rule set: every point on which Kalooki tables disagree, as one frozen value.

A rule set is data. It serialises to a plain dict (for saves and custom presets), is
compared field by field against its preset, and refuses impossible combinations in
:meth:`RuleSet.validate` with a sentence a player can act on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, get_type_hints

from kalooki.engine.errors import RuleError

GROUP, RUN = 3, 4
"""Contract notation as players say it: a "three" is a group, a "four" a run."""

CHOICES: dict[str, tuple[str, ...]] = {
    "match_end": ("fixed", "elimination"),
    "first_dealer": ("random", "first-seat"),
    "ace_in_runs": ("low-or-high", "high-only", "low-only"),
    "discard_take": ("free", "not-when-down", "must-meld"),
    "joker_shift_in_run": ("off", "either-end", "upward"),
    "call_priority": ("nearest", "random"),
    "going_out_bonus": ("double", "plus", "none"),
    "stock_exhaustion": ("reshuffle-once-then-void", "always-reshuffle"),
}
JOKER_RELEASES = ("run-exact", "group-both-missing", "group-any-missing")

CARIBBEAN_CONTRACTS: tuple[tuple[int, ...], ...] = (
    (GROUP, GROUP, GROUP),
    (GROUP, GROUP, RUN),
    (GROUP, RUN, RUN),
    (RUN, RUN, RUN),
    (GROUP, GROUP, GROUP, GROUP),
    (GROUP, GROUP, GROUP, RUN),
    (GROUP, GROUP, RUN, RUN),
    (GROUP, RUN, RUN, RUN),
    (RUN, RUN, RUN, RUN),
)
CARIBBEAN_HAND_SIZES = (9, 10, 11, 12, 12, 13, 14, 15, 16)


@dataclass(frozen=True)
class RuleSet:
    """Every house-rule field of the specification, with Caribbean Kalooki's defaults."""

    name: str = "caribbean"
    # Deck
    packs: int = 2
    jokers: int = 4
    packs_by_players: tuple[tuple[int, int, int], ...] = ((7, 3, 6),)
    """(from this many players, packs, jokers): bigger tables use more cards."""
    players_min: int = 3
    players_max: int = 6
    # Deals
    hand_sizes: tuple[int, ...] = CARIBBEAN_HAND_SIZES
    contracts: tuple[tuple[int, ...], ...] | None = CARIBBEAN_CONTRACTS
    deals_per_match: int = 9
    match_end: str = "fixed"
    elimination_limit: int = 150
    buy_ins: int = 0
    cut_bonus: bool = True
    cut_bonus_points: int = -50
    first_dealer: str = "random"
    # Melds
    group_min: int = 3
    group_max: int | None = None
    group_distinct_suits: bool = False
    group_min_naturals: int = 2
    max_jokers_per_meld: int | None = None
    run_min: int = 4
    ace_in_runs: str = "low-or-high"
    adjacent_jokers_in_run: bool = False
    contract_distinct_ranks: bool = True
    contract_distinct_suits: bool = True
    # Opening (threshold games); None for contract games
    opening_points: int | None = None
    opening_pure_run: bool = False
    # Play
    discard_take: str = "not-when-down"
    discard_take_card_in_meld: bool = False
    new_melds_after_down: bool = True
    tack_same_turn: bool = True
    tack_on_others: bool = True
    joker_on_others_melds: bool = False
    joker_discard: bool = False
    joker_release: tuple[str, ...] = ()
    released_joker_must_be_used: bool = True
    joker_release_needs_down: bool = True
    joker_shift_in_run: str = "either-end"
    final_discard: bool = True
    # Calls
    calls_enabled: bool = True
    max_calls: int = 3
    call_penalty_cards: int = 1
    call_priority: str = "nearest"
    down_player_may_refuse: bool = False
    # Scoring (points of cards left in hand)
    joker_points: int = 50
    black_ace_points: int = 15
    red_ace_points: int = 1
    face_points: int = 10
    ten_points: int = 10
    going_out_bonus: str = "double"
    going_out_bonus_points: int = 25
    going_out_bonus_no_tacking: bool = False
    """The bonus needs the whole hand laid as new melds (Kalooki 51's "going Kalooki")."""
    stock_exhaustion: str = "reshuffle-once-then-void"
    # Opening values: what a card is worth towards an opening threshold
    opening_ace_low_points: int = 1
    opening_ace_high_points: int = 11

    # -- derived ---------------------------------------------------------------

    @property
    def uses_contracts(self) -> bool:
        return self.opening_points is None

    def hand_size(self, deal: int) -> int:
        """Cards dealt in ``deal`` (1-based); the last size repeats for longer matches."""
        return self.hand_sizes[min(deal, len(self.hand_sizes)) - 1]

    def contract(self, deal: int) -> tuple[int, ...]:
        if self.contracts is None:
            return ()
        return self.contracts[min(deal, len(self.contracts)) - 1]

    def deck_for(self, players: int) -> tuple[int, int]:
        """(packs, jokers) used at a table of ``players``."""
        packs, jokers = self.packs, self.jokers
        for threshold, more_packs, more_jokers in sorted(self.packs_by_players):
            if players >= threshold:
                packs, jokers = more_packs, more_jokers
        return packs, jokers

    # -- data ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["packs_by_players"] = [list(t) for t in self.packs_by_players]
        data["hand_sizes"] = list(self.hand_sizes)
        data["contracts"] = None if self.contracts is None else [list(c) for c in self.contracts]
        data["joker_release"] = list(self.joker_release)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Build from a dict; missing fields come from ``base`` (default: Caribbean).
        An unknown field or a value of the wrong type is refused, naming the field."""
        if not isinstance(data, dict):
            raise RuleError("bad-rules", "A rule set must be a table of fields.")
        hints = get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in names:
                raise RuleError("bad-rules", f"Unknown rule field '{key}'.")
            values[key] = _coerce(key, hints[key], raw)
        return dataclasses.replace(base or cls(), **values)

    def validate(self, players: int | None = None) -> None:
        """Refuse impossible or contradictory combinations with a readable sentence."""
        problems = self.problems(players)
        if problems:
            raise RuleError("bad-rules", problems[0])

    def problems(self, players: int | None = None) -> list[str]:
        p: list[str] = []
        for name, options in CHOICES.items():
            if getattr(self, name) not in options:
                p.append(f"{name} must be one of: {', '.join(options)}.")
        for item in self.joker_release:
            if item not in JOKER_RELEASES:
                p.append(f"joker_release items must be among: {', '.join(JOKER_RELEASES)}.")
        if not 1 <= self.packs <= 4:
            p.append("Use between 1 and 4 packs.")
        if not 0 <= self.jokers <= 16:
            p.append("Use between 0 and 16 jokers.")
        if not 2 <= self.players_min <= self.players_max <= 8:
            p.append("Players must be between 2 and 8, the minimum not above the maximum.")
        if self.deals_per_match < 1:
            p.append("A match needs at least one deal.")
        if not self.hand_sizes or any(h < 1 for h in self.hand_sizes):
            p.append("Every deal must deal at least one card.")
        if self.group_min < 2:
            p.append("A group needs at least 2 cards.")
        if self.group_max is not None and self.group_max < self.group_min:
            p.append("The largest group allowed is smaller than the smallest.")
        if self.group_distinct_suits and (self.group_max is None or self.group_max > 4):
            p.append("Groups of different suits cannot hold more than 4 cards.")
        if self.group_distinct_suits and self.group_min > 4:
            p.append("Groups of different suits cannot need more than 4 cards.")
        if not 1 <= self.group_min_naturals <= self.group_min:
            p.append("A group's natural cards must number between 1 and its minimum size.")
        if not 2 <= self.run_min <= 13:
            p.append("A run needs between 2 and 13 cards.")
        if self.max_calls < 0 or self.call_penalty_cards < 0:
            p.append("Calls and call penalty cards cannot be negative.")
        if self.uses_contracts:
            if not self.contracts:
                p.append("A contract game needs a contract for each deal.")
            else:
                if self.deals_per_match > len(self.contracts):
                    p.append(f"{self.deals_per_match} deals but only "
                             f"{len(self.contracts)} contracts.")
                for deal in range(1, self.deals_per_match + 1):
                    contract = self.contract(deal)
                    need = sum(self.group_min if m == GROUP else self.run_min for m in contract)
                    if any(m not in (GROUP, RUN) for m in contract) or not contract:
                        p.append(f"Deal {deal}'s contract must be made of groups (3) "
                                 f"and runs (4).")
                    elif need > self.hand_size(deal):
                        p.append(f"Deal {deal}'s contract needs {need} cards but only "
                                 f"{self.hand_size(deal)} are dealt.")
                    groups = contract.count(GROUP)
                    runs = contract.count(RUN)
                    if self.contract_distinct_ranks and groups > 13:
                        p.append(f"Deal {deal} needs more groups than there are ranks.")
                    if self.contract_distinct_suits and runs > 4:
                        p.append(f"Deal {deal} needs more runs of different suits "
                                 f"than there are suits.")
        elif self.opening_points < 0:
            p.append("The opening threshold cannot be negative.")
        if players is not None:
            if not self.players_min <= players <= self.players_max:
                p.append(f"This game is for {self.players_min} to {self.players_max} players, "
                         f"not {players}.")
            packs, jokers = self.deck_for(players)
            cards = packs * 52 + jokers
            largest = max(self.hand_size(d) for d in range(1, self.deals_per_match + 1))
            if players * largest + 1 >= cards:
                p.append(f"{players} hands of {largest} cards need more than the "
                         f"{cards} cards in the deck.")
            elif cards - players * largest - 1 < players:
                p.append(f"{players} hands of {largest} cards leave almost no stock "
                         f"to draw from.")
        return p


def _coerce(name: str, hint: Any, raw: Any) -> Any:
    """Check one field's value against its declared type; tuples come in as lists."""
    def fail() -> RuleError:
        return RuleError("bad-rules", f"Rule field '{name}' has a bad value: {raw!r}.")

    text = str(hint)
    if hint is bool:
        if not isinstance(raw, bool):
            raise fail()
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise fail()
        return raw
    if hint is str:
        if not isinstance(raw, str):
            raise fail()
        return raw
    if text == "int | None":
        if raw is None:
            return None
        return _coerce(name, int, raw)
    if name == "joker_release":
        if not isinstance(raw, list | tuple) or not all(isinstance(x, str) for x in raw):
            raise fail()
        return tuple(raw)
    if name == "hand_sizes":
        if not isinstance(raw, list | tuple) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in raw):
            raise fail()
        return tuple(raw)
    if name == "packs_by_players":
        if not isinstance(raw, list | tuple) or not all(
                isinstance(t, list | tuple) and len(t) == 3
                and all(isinstance(x, int) and not isinstance(x, bool) for x in t) for t in raw):
            raise fail()
        return tuple(tuple(t) for t in raw)
    if name == "contracts":
        if raw is None:
            return None
        if not isinstance(raw, list | tuple) or not all(
                isinstance(c, list | tuple)
                and all(isinstance(x, int) and not isinstance(x, bool) for x in c) for c in raw):
            raise fail()
        return tuple(tuple(c) for c in raw)
    raise fail()  # pragma: no cover - every field is handled above


CARIBBEAN = RuleSet()
PRESETS: dict[str, RuleSet] = {
    "caribbean": CARIBBEAN,
    "caribbean-12": dataclasses.replace(
        CARIBBEAN, name="caribbean-12", hand_sizes=(12, 12, 12, 12, 12, 13, 14, 15, 16)),
    "baby": dataclasses.replace(
        CARIBBEAN, name="baby", hand_sizes=(9, 10, 11), contracts=CARIBBEAN_CONTRACTS[:3],
        deals_per_match=3),
}
PRESET_SUMMARIES: dict[str, str] = {
    "caribbean": "Caribbean Kalooki: nine deals of contracts, calls, four jokers.",
    "caribbean-12": "Caribbean Kalooki with 12 cards dealt in the first three deals.",
    "baby": "Baby Kalooki: the first three Caribbean deals, for learning.",
}


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleError("unknown-preset", f"There is no preset called '{name}' "
                        f"(try: {', '.join(PRESETS)}).") from None


