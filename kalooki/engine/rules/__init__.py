"""The rule set: every point on which Kalooki tables disagree, as one frozen value.

A rule set is data. It serialises to a plain dict (for saves and custom presets), is
compared field by field against its preset, and refuses impossible combinations in
:meth:`RuleSet.validate` with a sentence a player can act on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from kalooki.engine.errors import RuleError
from kalooki.engine.facts.fields import FieldSpec, Kind, specs_by_name, specs_in, specs_of
from kalooki.engine.rules.choices import (
    AceInRuns,
    CallPriority,
    DiscardTake,
    FirstDealer,
    GoingOutBonus,
    JokerRelease,
    JokerShift,
    MatchEnd,
    StockExhaustion,
)
from kalooki.engine.rules.fields import (
    CARD_POINTS,
    GROUP,
    JOKERS,
    MAX_DEALS,
    MAX_HAND,
    MAX_JOKERS,
    MAX_PLAYERS,
    PACKS,
    PLAYERS,
    RUN,
    Section,
    any_of,
    by_players,
    count,
    count_or_none,
    deck,
    on_off,
    one_of,
    per_deal,
    problem,
    read,
    text,
)

_D, _DL, _M, _O, _P, _C, _S = (Section.DECK, Section.DEALS, Section.MELDS, Section.OPENING,
                               Section.PLAY, Section.CALLS, Section.SCORING)

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
    """Every house-rule field of the specification, with Caribbean Kalooki's defaults.

    Each field is declared here once, with all a form and a file need of it (its kind,
    range, choices and section: :mod:`kalooki.engine.rules.fields`); its words are the
    catalogs' ``rules.field.<name>.*`` entries. A new house rule is a line here, the
    engine code that obeys it and its words."""

    name: str = text("caribbean", _D, 1, 40)
    # Deck
    packs: int = deck(2, _D, PACKS)
    jokers: int = deck(4, _D, JOKERS)
    packs_by_players: tuple[tuple[int, int, int], ...] = by_players(((6, 3, 6),), _D)
    """(from this many players, packs, jokers): bigger tables use more cards. Six players
    take a third pack: with two, six hands of 16 leave 11 cards of stock and late deals
    void nearly every time (``python -m bench voids``)."""
    players_min: int = deck(3, _D, PLAYERS)
    players_max: int = deck(6, _D, PLAYERS)
    # Deals
    hand_sizes: tuple[int, ...] = per_deal(CARIBBEAN_HAND_SIZES, _DL, Kind.HAND_SIZES, 1,
                                            MAX_HAND)
    contracts: tuple[tuple[int, ...], ...] | None = per_deal(CARIBBEAN_CONTRACTS, _DL,
                                                             Kind.CONTRACTS, 1, 8)
    deals_per_match: int = count(9, _DL, 1, MAX_DEALS)
    match_end: MatchEnd = one_of(MatchEnd.FIXED, _DL)
    elimination_limit: int = count(150, _DL, 1, 10_000)
    buy_ins: int = count(0, _DL, 0, 10)
    buy_in_min_players: int = count(3, _DL, 2, MAX_PLAYERS)
    """Buy-ins are offered only while at least this many players are still in the match
    (those over the limit included): no buying back in once the match is down to two."""
    cut_bonus: bool = on_off(True, _DL)
    cut_bonus_points: int = count(-50, _DL, -1000, 1000)
    first_dealer: FirstDealer = one_of(FirstDealer.RANDOM, _DL)
    first_upcard: bool = on_off(True, _DL)
    """Off: no card is turned up, the discard pile starts empty and the first player
    draws from the stock."""
    # Melds
    group_min: int = count(3, _M, 2, 16)
    group_max: int | None = count_or_none(None, _M, 2, 32)
    group_distinct_suits: bool = on_off(False, _M)
    group_min_naturals: int = count(2, _M, 1, 16)
    max_jokers_per_meld: int | None = count_or_none(None, _M, 0, 16)
    run_min: int = count(4, _M, 2, 13)
    ace_in_runs: AceInRuns = one_of(AceInRuns.LOW_OR_HIGH, _M)
    adjacent_jokers_in_run: bool = on_off(False, _M)
    contract_distinct_ranks: bool = on_off(True, _M)
    contract_distinct_suits: bool = on_off(True, _M)
    # Opening (threshold games); None for contract games
    opening_points: int | None = count_or_none(None, _O, 0, 500)
    opening_pure_run: bool = on_off(False, _O)
    # Play
    discard_take: DiscardTake = one_of(DiscardTake.NOT_WHEN_DOWN, _P)
    discard_take_card_in_meld: bool = on_off(False, _P)
    new_melds_after_down: bool = on_off(True, _P)
    tack_same_turn: bool = on_off(True, _P)
    tack_on_others: bool = on_off(True, _P)
    joker_on_others_melds: bool = on_off(False, _P)
    joker_discard: bool = on_off(False, _P)
    joker_final_discard: bool = on_off(True, _P)
    """With ``joker_discard``: a joker may be the last card, discarded to go out (off:
    the card kept back for the final discard must be a natural)."""
    joker_release: tuple[JokerRelease, ...] = any_of((), JokerRelease, _P)
    released_joker_must_be_used: bool = on_off(True, _P)
    released_joker_new_meld: bool = on_off(False, _P)
    """With ``released_joker_must_be_used``: the freed joker must go into a new meld laid
    that turn, never onto a meld already on the table."""
    joker_release_needs_down: bool = on_off(True, _P)
    joker_shift_in_run: JokerShift = one_of(JokerShift.EITHER_END, _P)
    joker_shift_is_tacking: bool = on_off(True, _P)
    """Putting a card in place of a joker in another player's run adds to their meld: it
    needs ``tack_on_others`` and costs ``going_out_bonus_no_tacking``'s bonus."""
    final_discard: bool = on_off(True, _P)
    # Calls
    calls_enabled: bool = on_off(True, _C)
    max_calls: int = count(3, _C, 0, 20)
    call_penalty_cards: int = count(1, _C, 0, 10)
    call_priority: CallPriority = one_of(CallPriority.NEAREST, _C)
    down_player_may_refuse: bool = on_off(False, _C)
    # Scoring (points of cards left in hand)
    joker_points: int = count(50, _S, 0, CARD_POINTS)
    black_ace_points: int = count(15, _S, 0, CARD_POINTS)
    red_ace_points: int = count(1, _S, 0, CARD_POINTS)
    face_points: int = count(10, _S, 0, CARD_POINTS)
    ten_points: int = count(10, _S, 0, CARD_POINTS)
    pip_points: int | None = count_or_none(None, _S, 0, CARD_POINTS)
    """What each card from 2 to 9 counts; None: its face value. Like the tens and the
    picture cards, a pip card counts the same towards an opening as in hand."""
    going_out_bonus: GoingOutBonus = one_of(GoingOutBonus.DOUBLE, _S)
    going_out_bonus_points: int = count(25, _S, 0, 1000)
    going_out_bonus_no_tacking: bool = on_off(False, _S)
    """The bonus needs the whole hand laid as new melds (Kalooki 51's "going Kalooki")."""
    stock_exhaustion: StockExhaustion = one_of(StockExhaustion.RESHUFFLE_ONCE_THEN_VOID, _S)
    reshuffle_limit: int | None = count_or_none(8, _S, 1, 100)
    """With ``always-reshuffle``: after this many new stocks the next exhaustion voids the
    deal, so a deal nobody can finish (every hand stuck with unplayable cards) still ends.
    None: no limit of the table's own; after :data:`RESHUFFLE_CEILING` new stocks the
    deal is scored as the hands stand, so even then it ends."""
    redeal_limit: int | None = count_or_none(2, _S, 0, 20)
    """How many times running one deal may be void and dealt again. When it would be void
    once more, it is scored as the hands stand (nobody went out), so a table that keeps
    running out of stock still moves on and every match ends. None: no limit."""
    # Opening values: what a card is worth towards an opening threshold
    opening_ace_low_points: int = count(1, _O, 0, CARD_POINTS)
    opening_ace_high_points: int = count(11, _O, 0, CARD_POINTS)

    # -- derived ---------------------------------------------------------------

    @property
    def uses_contracts(self) -> bool:
        return self.opening_points is None

    def rank_points(self, rank: int) -> int:
        """What a card of ``rank`` from 2 to the king counts: the same in hand and towards
        an opening (aces have fields of their own for each)."""
        if rank > 10:
            return self.face_points
        if rank == 10:
            return self.ten_points
        return rank if self.pip_points is None else self.pip_points

    @property
    def never_voids(self) -> bool:
        """Whether no deal is ever void: the stock is rebuilt as often as it runs out, with
        no limit of the table's own (a stuck deal is scored as the hands stand)."""
        return (self.stock_exhaustion == StockExhaustion.ALWAYS_RESHUFFLE
                and self.reshuffle_limit is None)

    @property
    def group_limit(self) -> int | None:
        """The most cards a group may hold: ``group_max``, and never more than the four
        suits when a group's suits must differ (None: no limit)."""
        if self.group_distinct_suits:
            return min(4, self.group_max or 4)
        return self.group_max

    def hand_size(self, deal: int) -> int:
        """Cards dealt in ``deal`` (1-based); the last size repeats for longer matches."""
        return self.hand_sizes[min(deal, len(self.hand_sizes)) - 1]

    def reachable_deals(self) -> range:
        """Every deal a match can reach: a fixed match its deal count; one played to
        elimination goes on past it, through every row of the schedule (and the last row
        again after that), so each row must be playable."""
        deals = self.deals_per_match
        if self.match_end == MatchEnd.ELIMINATION:
            deals = max(deals, len(self.hand_sizes), len(self.contracts or ()))
        return range(1, deals + 1)

    def largest_hand(self, deal: int) -> int:
        """The most cards a player can hold in ``deal``: the cards dealt, one drawn, and
        what every call allowed brings (the discard and its penalty cards)."""
        calls = self.max_calls * (1 + self.call_penalty_cards) if self.calls_enabled else 0
        return self.hand_size(deal) + 1 + calls

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
        data["joker_release"] = [str(choice) for choice in self.joker_release]
        for spec in FIELDS:
            if spec.kind is Kind.CHOICE:
                data[spec.name] = str(data[spec.name])  # the code, not the enum member
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Build from a dict; missing fields come from ``base`` (default: Caribbean).
        An unknown field or a value of the wrong type is refused, naming the field."""
        if not isinstance(data, dict):
            raise RuleError("bad-rules", case="not_table")
        values: dict[str, Any] = {}
        for key, raw in data.items():
            spec = SPECS.get(key)
            if spec is None:
                raise RuleError("bad-rules", case="unknown_field", field=key)
            values[key] = read(spec, raw)
        return dataclasses.replace(base or cls(), **values)

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> RuleSet:
        """The rules a saved record holds. A field the record is older than takes the value
        it had before it existed (:data:`LATER_FIELDS`), so the record replays as played."""
        if not isinstance(data, dict):
            raise RuleError("bad-rules", case="not_table")
        return cls.from_dict({**LATER_FIELDS, **data})

    def validate(self, players: int | None = None) -> None:
        """Refuse impossible or contradictory combinations with a readable sentence (a
        rule set found playable is remembered: every new match asks, and searches and
        benches start thousands)."""
        key = (self, players)
        if key in _PLAYABLE:
            return
        problems = self.problems(players)
        if problems:
            raise problems[0]
        if len(_PLAYABLE) >= MAX_PLAYABLE:
            _PLAYABLE.clear()
        _PLAYABLE.add(key)

    def problems(self, players: int | None = None) -> list[RuleError]:
        """Every reason this rule set cannot be played: first each field alone (its
        range, as its spec says), then what the fields demand of each other."""
        p = [fault for spec in FIELDS
             if (fault := problem(spec, getattr(self, spec.name))) is not None]
        if p:
            return p  # the checks below rely on every field being within its range
        if self.players_min > self.players_max:
            p.append(RuleError("rules-players-range", most=MAX_PLAYERS))
        if self.group_max is not None and self.group_max < self.group_min:
            p.append(RuleError("rules-group-sizes"))
        if self.group_distinct_suits and self.group_max is not None and self.group_max > 4:
            p.append(RuleError("rules-suit-groups-long"))
        if self.group_distinct_suits and self.group_min > 4:
            p.append(RuleError("rules-suit-groups-short"))
        if self.group_min_naturals > self.group_min:
            p.append(RuleError("rules-group-naturals"))
        if self.match_end == MatchEnd.FIXED and self.buy_ins:
            p.append(RuleError("rules-buy-ins"))
        if {JokerRelease.GROUP_BOTH_MISSING, JokerRelease.GROUP_ANY_MISSING,
                JokerRelease.GROUP_ALL_MISSING} \
                & set(self.joker_release) and self.jokers == 0:
            p.append(RuleError("rules-release-no-jokers"))
        if JokerRelease.GROUP_BOTH_MISSING in self.joker_release \
                and self.group_max is not None and self.group_max < self.group_min + 1:
            p.append(RuleError("rules-release-two"))
        if self.opening_points is not None and self.contracts is not None:
            p.append(RuleError("rules-contracts-and-opening"))
        if self.uses_contracts:
            p.extend(self._contract_problems())
        else:
            p.extend(self._opening_problems())
        if not p:
            p.extend(self._search_problems())
        if players is None:
            for count in range(self.players_min, self.players_max + 1):
                p.extend(self._deck_problems(count))
        else:
            if not self.players_min <= players <= self.players_max:
                p.append(RuleError("rules-players", least=self.players_min,
                                   most=self.players_max, players=players))
            if 2 <= players <= MAX_PLAYERS:
                p.extend(self._deck_problems(players))
        return list({problem.facts: problem for problem in p}.values())

    def _contract_problems(self) -> list[RuleError]:
        """Every deal's contract must fit the cards dealt and the ranks and suits there are.
        A match longer than the schedule plays its last contract again, as it deals its
        last hand size again (:meth:`contract`, :meth:`hand_size`): the editor's last row
        is "deal N and after", for a fixed match as for one played to elimination."""
        if not self.contracts:
            return [RuleError("rules-no-contracts")]
        p = []
        for deal in self.reachable_deals():
            contract = self.contract(deal)
            need = sum(self.group_min if m == GROUP else self.run_min for m in contract)
            if need > self.hand_size(deal):
                p.append(RuleError("rules-deal-short", deal=deal, need=need,
                                   dealt=self.hand_size(deal)))
            if self.contract_distinct_ranks and contract.count(GROUP) > 13:
                p.append(RuleError("rules-deal-ranks", deal=deal))
            if self.contract_distinct_suits and contract.count(RUN) > 4:
                p.append(RuleError("rules-deal-suits", deal=deal))
        return p

    def _opening_problems(self) -> list[RuleError]:
        """The threshold must be reachable with the fewest cards any deal deals."""
        threshold = self.opening_points or 0
        keep = 1 if self.final_discard else 0
        smallest = min(self.hand_size(d) for d in self.reachable_deals())
        top = max(self.face_points, self.ten_points, self.pip_points or 9,
                  self.opening_ace_high_points, self.opening_ace_low_points)
        usable = smallest + 1 - keep
        p = []
        if threshold > usable * top:
            p.append(RuleError("rules-opening-unreachable", points=threshold, dealt=smallest))
        need = self.run_min if self.opening_pure_run else min(self.run_min, self.group_min)
        if need > usable:
            p.append(RuleError("rules-opening-short", need=need, dealt=smallest))
        return p

    def _search_problems(self) -> list[RuleError]:
        """Hands larger than the solver answers within a turn's budget are refused: the
        table would freeze (limits measured by ``python -m bench limits``)."""
        deals = range(1, max(len(self.reachable_deals()), len(self.hand_sizes)) + 1)
        if self.uses_contracts:
            for deal in deals:
                contract = self.contract(deal)
                need = sum(self.group_min if m == GROUP else self.run_min for m in contract)
                down = self.largest_hand(deal) - need
                if down > SEARCH_DOWN_HAND:
                    return [RuleError("rules-search-down", deal=deal, size=down,
                                      most=SEARCH_DOWN_HAND)]
            return []
        jokers = max(self.deck_for(n)[1] for n in range(self.players_min, self.players_max + 1))
        most = next(cards for up_to, cards in SEARCH_OPENING_HAND if jokers <= up_to)
        largest = max(self.largest_hand(deal) for deal in deals)
        if largest > most:
            return [RuleError("rules-search-opening", size=largest, count=jokers, most=most)]
        return []

    def _deck_problems(self, players: int) -> list[RuleError]:
        """A table of ``players`` must leave a stock after the deal."""
        packs, jokers = self.deck_for(players)
        cards = packs * 52 + jokers
        largest = max(self.hand_sizes)
        if players * largest + 1 >= cards:
            return [RuleError("rules-deck-small", players=players, size=largest, deck=cards)]
        if cards - players * largest - 1 < players:
            return [RuleError("rules-no-stock", players=players, size=largest)]
        return []


FIELDS: tuple[FieldSpec, ...] = specs_of(RuleSet)
"""Every field, in the rule set's order."""
SPECS: dict[str, FieldSpec] = specs_by_name(RuleSet)
_PLAYABLE: set[tuple[RuleSet, int | None]] = set()
"""Rule sets (with a table size) :meth:`RuleSet.validate` found playable."""
MAX_PLAYABLE = 256


def fields_in(section: Section) -> tuple[FieldSpec, ...]:
    """The fields of one section, in the rule set's order (the editor's page)."""
    return specs_in(RuleSet, section)


SEARCH_DOWN_HAND = 24
"""Contract games: the most cards a player who is down may hold; laying further melds
from 24 cards takes the solver at most 0.13 s (4 packs, 16 jokers; ``bench limits``)."""
SEARCH_OPENING_HAND: tuple[tuple[int, int], ...] = ((2, 22), (4, 16), (MAX_JOKERS, 13))
"""Opening games: (jokers in the deck up to, most cards in a hand). The opening search
grows with the jokers a hand may hold: 28 cards with two jokers took it 2.8 s."""

RESHUFFLE_CEILING = 100
"""With ``reshuffle_limit`` None: a deal whose stock has been rebuilt this many times is
stuck (a played deal rebuilds it a few times at most), so the next exhaustion scores it as
the hands stand rather than letting it run for ever."""

TURN_CEILING = 5000
"""A deal that has lasted this many turns is scored as the hands stand at its next
discard. Taking the discard and throwing one back never shrinks the stock, so no stock
limit ends such a deal. Played deals are far shorter: the longest of 1,468 dealt hands by
easy and medium players, every preset and table size, took 143 turns; of 1,774 by random
players, who take the discard at whim, 1,389 (Kalooki 51, two players)."""

LATER_FIELDS: dict[str, Any] = {
    "redeal_limit": None,
    "first_upcard": True,
    "buy_in_min_players": 2,
    "joker_final_discard": False,
    "released_joker_new_meld": False,
    "joker_shift_is_tacking": False,
    "pip_points": None,
}
"""Fields added after saves began to hold rule sets, each with the JSON value that means
what the game did before the field existed; such a value is left out of the rules digest
(``store.savegame.rules_digest``), so older saves keep theirs."""

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
    discard_take=DiscardTake.FREE, joker_on_others_melds=True,
    joker_release=(JokerRelease.RUN_EXACT, JokerRelease.GROUP_BOTH_MISSING),
    joker_shift_in_run=JokerShift.OFF,
    calls_enabled=False,
    joker_points=25, black_ace_points=11, red_ace_points=11,
    going_out_bonus=GoingOutBonus.PLUS, going_out_bonus_points=25, going_out_bonus_no_tacking=True,
    stock_exhaustion=StockExhaustion.ALWAYS_RESHUFFLE, reshuffle_limit=None,
)
"""Play never voids (RULES.md section 4): the stock is rebuilt as often as it runs out, and a
deal stuck for good is scored as the hands stand (:data:`RESHUFFLE_CEILING`)."""
PRESETS["kalooki51"] = KALOOKI51
PRESETS["rami40"] = dataclasses.replace(
    KALOOKI51, name="rami40", opening_points=40, ace_in_runs=AceInRuns.HIGH_ONLY,
    discard_take=DiscardTake.MUST_MELD, joker_points=15, going_out_bonus_no_tacking=False,
)
def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleError("unknown-preset", name=name, known=", ".join(PRESETS)) from None
