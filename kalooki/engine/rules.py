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
MAX_DEALS = 100
MAX_HAND = 60
"""Bounds that keep a hand-edited or damaged rule file from asking the impossible."""
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
    reshuffle_limit: int | None = 8
    """With ``always-reshuffle``: after this many new stocks the next exhaustion voids the
    deal, so a deal nobody can finish (every hand stuck with unplayable cards) still ends.
    None: no limit."""
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

    def diff(self, base: RuleSet) -> list[str]:
        """Readable lines for every field that differs from ``base`` ("house rules: …")."""
        from kalooki.engine.rules_text import diff_lines

        return diff_lines(self, base)

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
        if not 1 <= self.deals_per_match <= MAX_DEALS:
            p.append(f"A match has between 1 and {MAX_DEALS} deals.")
        if not self.hand_sizes or any(not 1 <= h <= MAX_HAND for h in self.hand_sizes):
            p.append(f"Every deal must deal between 1 and {MAX_HAND} cards.")
        if len(self.hand_sizes) > MAX_DEALS or (
                self.contracts is not None and len(self.contracts) > MAX_DEALS):
            p.append(f"Hand sizes and contracts cover at most {MAX_DEALS} deals.")
        if p and (not self.hand_sizes or not 1 <= self.deals_per_match <= MAX_DEALS):
            return p  # the checks below walk the deals and hand sizes
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
        if self.max_jokers_per_meld is not None and self.max_jokers_per_meld < 0:
            p.append("The jokers allowed in a meld cannot be negative.")
        if self.elimination_limit < 1:
            p.append("The elimination limit must be at least 1 point.")
        if self.reshuffle_limit is not None and self.reshuffle_limit < 1:
            p.append("A deal must allow at least one new stock (or no limit).")
        if self.buy_ins < 0:
            p.append("Buy-ins cannot be negative.")
        if self.match_end == "fixed" and self.buy_ins:
            p.append("Buy-ins only make sense when players are eliminated (match_end "
                     "elimination).")
        if {"group-both-missing", "group-any-missing"} & set(self.joker_release) \
                and self.jokers == 0:
            p.append("Jokers can be released only in a game that has jokers.")
        if "group-both-missing" in self.joker_release and self.group_max is not None \
                and self.group_max < self.group_min + 1:
            p.append("Freeing a joker by adding two naturals needs groups that can grow "
                     "past their minimum size.")
        if any(t[0] < 2 or t[1] < 1 or t[2] < 0 for t in self.packs_by_players) or any(
                t[1] > 4 or t[2] > 16 for t in self.packs_by_players):
            p.append("Each bigger-table deck needs at least 2 players, 1 to 4 packs and "
                     "0 to 16 jokers.")
        if self.opening_points is not None and self.contracts is not None:
            p.append("A game has either contracts or an opening threshold, not both "
                     "(set contracts to null for an opening game).")
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
        else:
            if self.opening_points < 0:
                p.append("The opening threshold cannot be negative.")
            keep = 1 if self.final_discard else 0
            smallest = min(self.hand_size(d) for d in range(1, self.deals_per_match + 1))
            top = max(self.face_points, self.opening_ace_high_points, 10,
                      self.opening_ace_low_points)
            usable = smallest + 1 - keep
            if self.opening_points > usable * top:
                p.append(f"An opening of {self.opening_points} points cannot be reached with "
                         f"{smallest} cards.")
            need = self.run_min if self.opening_pure_run else min(self.run_min, self.group_min)
            if need > usable:
                p.append(f"An opening needs at least {need} cards but only {smallest} "
                         f"are dealt.")
        for count in range(self.players_min, self.players_max + 1):
            if players is None and 2 <= self.players_min <= self.players_max <= 8:
                p.extend(self._deck_problems(count))
        if players is not None:
            if not self.players_min <= players <= self.players_max:
                p.append(f"This game is for {self.players_min} to {self.players_max} players, "
                         f"not {players}.")
            p.extend(self._deck_problems(players))
        return list(dict.fromkeys(p))

    def _deck_problems(self, players: int) -> list[str]:
        """A table of ``players`` must leave a stock after the deal."""
        packs, jokers = self.deck_for(players)
        if not (1 <= packs <= 4 and 0 <= jokers <= 16):
            return []
        cards = packs * 52 + jokers
        deals = max(self.deals_per_match, len(self.hand_sizes))
        largest = max(self.hand_size(d) for d in range(1, deals + 1))
        if players * largest + 1 >= cards:
            return [f"{players} hands of {largest} cards need more than the "
                    f"{cards} cards in the deck."]
        if cards - players * largest - 1 < players:
            return [f"{players} hands of {largest} cards leave almost no stock "
                    f"to draw from."]
        return []


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
KALOOKI51 = dataclasses.replace(
    CARIBBEAN, name="kalooki51",
    jokers=2, packs_by_players=(), players_min=2, players_max=6,
    hand_sizes=(13,), contracts=None, deals_per_match=5, cut_bonus=False,
    group_max=4, group_distinct_suits=True, group_min_naturals=1, run_min=3,
    adjacent_jokers_in_run=True, opening_points=51,
    discard_take="free", joker_on_others_melds=True,
    joker_release=("run-exact", "group-both-missing"), joker_shift_in_run="off",
    calls_enabled=False,
    joker_points=25, black_ace_points=11, red_ace_points=11,
    going_out_bonus="plus", going_out_bonus_points=25, going_out_bonus_no_tacking=True,
    stock_exhaustion="always-reshuffle",
)
PRESETS["kalooki51"] = KALOOKI51
PRESETS["rami40"] = dataclasses.replace(
    KALOOKI51, name="rami40", opening_points=40, ace_in_runs="high-only",
    discard_take="must-meld", joker_points=15, going_out_bonus_no_tacking=False,
)
PRESET_SUMMARIES: dict[str, str] = {
    "caribbean": "Caribbean Kalooki: nine deals of contracts, calls, four jokers.",
    "caribbean-12": "Caribbean Kalooki with 12 cards dealt in the first three deals.",
    "baby": "Baby Kalooki: the first three Caribbean deals, for learning.",
    "kalooki51": "Kalooki 51 (Rami 51): 13 cards, open with 51 points, two jokers, "
                 "five deals.",
    "rami40": "Rami 40: 13 cards, open with 40 points, ace high only, take the discard "
              "only to meld.",
}


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleError("unknown-preset", f"There is no preset called '{name}' "
                        f"(try: {', '.join(PRESETS)}).") from None




PRESET_NAMES: dict[str, tuple[str, str]] = {
    "caribbean": ("Caribbean Kalooki", "Kalooki caribéen"),
    "caribbean-12": ("Caribbean Kalooki, 12 cards", "Kalooki caribéen à 12 cartes"),
    "baby": ("Baby Kalooki", "Baby Kalooki"),
    "kalooki51": ("Kalooki 51", "Kalooki 51"),
    "rami40": ("Rami 40", "Rami 40"),
}
"""Display titles (English, French) of the presets."""

FIELD_LABELS: dict[str, tuple[str, str]] = {
    "packs": ("packs", "jeux de cartes"),
    "jokers": ("jokers in the deck", "jokers dans le paquet"),
    "packs_by_players": ("bigger tables (players, packs, jokers)",
                         "grandes tables (joueurs, jeux, jokers)"),
    "players_min": ("fewest players", "joueurs au minimum"),
    "players_max": ("most players", "joueurs au maximum"),
    "hand_sizes": ("cards dealt", "cartes distribuées"),
    "contracts": ("contracts", "contrats"),
    "deals_per_match": ("deals per match", "donnes par partie"),
    "match_end": ("end of the match", "fin de la partie"),
    "elimination_limit": ("out above", "éliminé au-delà de"),
    "buy_ins": ("buy-ins", "rachats"),
    "cut_bonus": ("cut bonus", "prime à la coupe"),
    "cut_bonus_points": ("cut bonus points", "points de la prime à la coupe"),
    "first_dealer": ("first dealer", "premier donneur"),
    "group_min": ("smallest group", "plus petit groupe"),
    "group_max": ("largest group", "plus grand groupe"),
    "group_distinct_suits": ("groups of different suits", "groupes de couleurs différentes"),
    "group_min_naturals": ("real cards in a group", "vraies cartes dans un groupe"),
    "max_jokers_per_meld": ("jokers per meld", "jokers par combinaison"),
    "run_min": ("shortest run", "plus courte suite"),
    "ace_in_runs": ("ace in runs", "as dans les suites"),
    "adjacent_jokers_in_run": ("jokers side by side in a run", "jokers côte à côte"),
    "contract_distinct_ranks": ("contract groups of different ranks",
                                "groupes du contrat de valeurs différentes"),
    "contract_distinct_suits": ("contract runs of different suits",
                                "suites du contrat de couleurs différentes"),
    "opening_points": ("opening needs", "ouverture minimale"),
    "opening_pure_run": ("opening needs a run without joker", "ouverture avec suite sans joker"),
    "discard_take": ("taking the discard", "prendre la défausse"),
    "discard_take_card_in_meld": ("taken card must be melded", "carte prise à poser"),
    "new_melds_after_down": ("new melds after going down", "nouvelles combinaisons après la pose"),
    "tack_same_turn": ("add to the table on the turn of going down",
                       "ajouter dès le tour de la pose"),
    "tack_on_others": ("add to others' melds", "ajouter aux combinaisons des autres"),
    "joker_on_others_melds": ("jokers on others' melds", "jokers sur les combinaisons des autres"),
    "joker_discard": ("jokers may be discarded", "défausser un joker"),
    "joker_release": ("freeing jokers", "libération des jokers"),
    "released_joker_must_be_used": ("freed joker used at once", "joker libéré à reposer"),
    "joker_release_needs_down": ("only a player who is down frees jokers",
                                 "seul un joueur posé libère un joker"),
    "joker_shift_in_run": ("moving a joker in a run", "déplacer un joker dans une suite"),
    "final_discard": ("final discard required", "défausse finale obligatoire"),
    "calls_enabled": ("calls", "appels"),
    "max_calls": ("calls per deal", "appels par donne"),
    "call_penalty_cards": ("extra cards for a call", "cartes en plus pour un appel"),
    "call_priority": ("call priority", "priorité des appels"),
    "down_player_may_refuse": ("a player who is down may refuse a call",
                               "un joueur posé peut refuser un appel"),
    "joker_points": ("jokers count", "un joker compte"),
    "black_ace_points": ("black aces count", "un as noir compte"),
    "red_ace_points": ("red aces count", "un as rouge compte"),
    "face_points": ("picture cards count", "une figure compte"),
    "ten_points": ("tens count", "un dix compte"),
    "going_out_bonus": ("going out in one turn", "sortie en un seul tour"),
    "going_out_bonus_points": ("going-out bonus points", "points de la sortie en un tour"),
    "going_out_bonus_no_tacking": ("bonus needs no adding to others' melds",
                                   "bonus sans ajout aux autres"),
    "stock_exhaustion": ("when the stock runs out", "pioche épuisée"),
    "reshuffle_limit": ("new stocks before a deal is void", "nouvelles pioches avant annulation"),
    "opening_ace_low_points": ("low ace in an opening", "as bas dans l'ouverture"),
    "opening_ace_high_points": ("high ace in an opening", "as haut dans l'ouverture"),
}
"""Short labels (English, French) for the house-rules editor and for :meth:`RuleSet.diff`."""
