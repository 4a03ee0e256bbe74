"""One test per RuleSet field (named after it): changing the field changes what is legal
or how it scores. The last test fails when a field is added without a test here."""

import dataclasses
import re
from pathlib import Path

import pytest

from kalooki.engine import events as ev
from kalooki.engine.actions import (
    Allow,
    Call,
    Discard,
    DrawStock,
    LayDown,
    MeldSpec,
    Pass,
    Refuse,
    ReleaseJoker,
    ShiftJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import DealResult, Phase
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import (
    GROUP_KIND,
    RUN_KIND,
    check_contract,
    make_group,
    make_run,
    meld_value,
)
from kalooki.engine.play import dealing
from kalooki.engine.rng import Rng
from kalooki.engine.rules import GROUP, RESHUFFLE_CEILING, RUN, RuleSet, preset
from kalooki.engine.scoring import card_points
from kalooki.engine.state import Game
from kalooki.words.presets import preset_title
from tests.support.rig import CARIB, FOUR, discarded, eager, held, rigged

K51 = preset("kalooki51")
R40 = preset("rami40")


def with_(rules, **changes):
    return dataclasses.replace(rules, **changes)


def cards(text, taken=()):
    return parse_cards(text.split(), taken=taken)


def spec(game, player, kind, text):
    return MeldSpec(kind, held(game, player, text))


def lay(game, player, *melds):
    return LayDown(tuple(spec(game, player, kind, text) for kind, text in melds))


def refused(game, action):
    problem = game.why_illegal(action, game.to_act)
    return problem is not None


DEAL1 = "5S 5H 5D 6S 6H 6D 7S 7H 7D KC QC"


def down_game(rules=CARIB, hand=DEAL1, others=("2C 3C 4D", "4C 8C 9D"), **kw):
    """Player 0 draws and lays deal 1's contract."""
    game = rigged([hand, *others], rules=rules, stock="9C 2D 3D 4H", **kw)
    game.apply(DrawStock(), game.to_act)
    game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                   (GROUP_KIND, "7S 7H 7D")), game.to_act)
    return game


def out_scores(rules, **kw):
    game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D", "JK AS AH 10D 7C", "2C 3C"],
                  rules=rules, stock="KC", **kw)
    game.apply(DrawStock(), game.to_act)
    game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                   (GROUP_KIND, "7S 7H 7D")), game.to_act)
    game.apply(Discard(held(game, 0, "KC")[0]), game.to_act)
    return game.results[-1].scores


# --- deck and players -------------------------------------------------------

def test_name():
    assert preset_title(with_(K51, name="our table").name) == "our table"
    assert RuleSet.from_dict({"name": "x"}).name == "x"


def test_packs():
    assert len(Game.new(with_(CARIB, packs=3, cut_bonus=False), 4, 1).cards_in_play()) == 160


def test_jokers():
    assert len(Game.new(with_(CARIB, jokers=2, cut_bonus=False), 4, 1).cards_in_play()) == 106


def test_packs_by_players():
    assert CARIB.deck_for(7) == (3, 6)
    assert with_(CARIB, packs_by_players=()).deck_for(7) == (2, 4)


def test_players_min():
    with pytest.raises(RuleError):
        CARIB.validate(2)
    with_(CARIB, players_min=2).validate(2)


def test_players_max():
    with pytest.raises(RuleError):
        K51.validate(7)
    with_(K51, players_max=7).validate(7)


# --- deals ------------------------------------------------------------------

def test_hand_sizes():
    game = Game.new(with_(K51, hand_sizes=(11,)), 3, 1)
    assert [len(h) for h in game.hands] == [11, 11, 11]


def test_contracts():
    hand = "5S 5H 5D 6S 6H 6D 7S 7H 7D KC QC"
    game = rigged([hand, "2C", "3C"], stock="9C")
    game.apply(DrawStock(), game.to_act)
    two = lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"))
    assert refused(game, two)
    game.rules = with_(CARIB, contracts=((GROUP, GROUP),) * 9)
    assert not refused(game, two)


def _finish_first_deal(rules):
    game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D", "JK AS", "2C 3C"], rules=rules, stock="KC")
    game.apply(DrawStock(), game.to_act)
    game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                   (GROUP_KIND, "7S 7H 7D")), game.to_act)
    game.apply(Discard(held(game, 0, "KC")[0]), game.to_act)
    return game


def test_deals_per_match():
    assert _finish_first_deal(with_(CARIB, deals_per_match=1)).over
    assert not _finish_first_deal(CARIB).over


def test_a_fixed_match_longer_than_its_schedule_plays_the_last_row_again():
    """The editor's last row reads "Deal 3 and after": five deals on Baby Kalooki's three
    rows are playable, and deals 4 and 5 deal the third row's cards and contract."""
    rules = with_(preset("baby"), deals_per_match=5)
    rules.validate(3)
    game, rng, started = Game.new(rules, 3, 7), Rng(7), []
    for _ in range(200_000):
        if game.over:
            break
        started += [e for e in game.apply(eager(game.view(game.to_act), rng), game.to_act)
                    if isinstance(e, ev.DealStarted)]
    assert game.over
    assert [r.deal for r in game.results if not r.void] == [1, 2, 3, 4, 5]
    last = preset("baby").contracts[-1]
    assert {(e.deal, e.hand_size, e.contract) for e in started if e.deal > 3} == \
        {(4, 11, last), (5, 11, last)}


def test_match_end():
    rules = with_(CARIB, deals_per_match=1, match_end="elimination", elimination_limit=60)
    game = _finish_first_deal(rules)
    assert game.out == [False, True, False] and not game.over   # 50 + 15 + doubled = 130
    fixed = _finish_first_deal(with_(CARIB, deals_per_match=1))
    assert fixed.over and fixed.out == [False, False, False]


def test_elimination_limit():
    low = _finish_first_deal(with_(CARIB, match_end="elimination", elimination_limit=5))
    high = _finish_first_deal(with_(CARIB, match_end="elimination", elimination_limit=500))
    assert low.out[1] and low.out[2] and low.over
    assert not any(high.out) and not high.over


def test_buy_ins():
    rules = with_(CARIB, match_end="elimination", elimination_limit=60, buy_ins=1)
    game = _finish_first_deal(rules)
    assert game.phase == Phase.BUY_IN and game.to_act == 1
    assert [a.code for a in game.legal_actions(1)] == ["buy-in", "drop-out"]
    game.apply(game.legal_actions(1)[0], game.to_act)
    assert game.totals[1] == max(game.totals[0], game.totals[2]) and not game.out[1]
    assert game.buy_ins_used[1] == 1


def test_buy_in_min_players():
    """Three players in, one over the limit: offered at 3, not at 4 (and the old game's
    2 offers it wherever a match goes on)."""
    rules = with_(CARIB, match_end="elimination", elimination_limit=60, buy_ins=1)
    assert rules.buy_in_min_players == 3
    assert _finish_first_deal(rules).phase == Phase.BUY_IN
    strict = _finish_first_deal(with_(rules, buy_in_min_players=4))
    assert strict.phase != Phase.BUY_IN and strict.out == [False, True, False]
    assert _finish_first_deal(with_(rules, buy_in_min_players=2)).phase == Phase.BUY_IN


def test_cut_bonus():
    assert Game.new(CARIB, 4, 1).phase == Phase.CUT
    assert Game.new(with_(CARIB, cut_bonus=False), 4, 1).phase == Phase.DRAW


def test_cut_bonus_points():
    def dealer_score(points):
        game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D", "3C 4C", "8C 9C"], stock="JH",
                      rules=with_(CARIB, cut_bonus_points=points))
        game.cut_bonus_won, game.dealer = True, 1
        game.apply(DrawStock(), game.to_act)
        game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                       (GROUP_KIND, "7S 7H 7D")), game.to_act)
        game.apply(Discard(held(game, 0, "JH")[0]), game.to_act)
        return game.results[-1].scores[1]
    assert dealer_score(-50) == 14 - 50 and dealer_score(-20) == 14 - 20


def test_first_dealer():
    rules = with_(CARIB, first_dealer="first-seat")
    assert {Game.new(rules, 4, seed).dealer for seed in range(8)} == {0}
    assert len({Game.new(CARIB, 4, seed).dealer for seed in range(8)}) > 1


def test_first_upcard():
    """Off: nothing is turned up, the first player may only draw, and the card that would
    have been the upcard is the stock's top."""
    rules = with_(CARIB, cut_bonus=False)
    dealt = Game.new(rules, 4, 3)
    bare = Game.new(with_(rules, first_upcard=False), 4, 3)
    assert len(dealt.discard) == 1 and bare.discard == []
    assert bare.stock[-1] == dealt.discard[0] and len(bare.stock) == len(dealt.stock) + 1
    assert bare.why_illegal(TakeDiscard(), bare.to_act).code == "discard-empty"
    assert [type(a) for a in bare.legal_actions(bare.to_act)] == [DrawStock]
    assert ev.UpcardTurned not in {type(e) for e in bare.start_events}


# --- melds ------------------------------------------------------------------

def test_group_min():
    with pytest.raises(RuleError):
        make_group(cards("7H 7S"), CARIB)
    assert make_group(cards("7H 7S"), with_(CARIB, group_min=2, group_min_naturals=2))


def test_group_max():
    five = cards("7H 7S 7D 7C 7H", taken=())
    assert make_group(five, CARIB)
    with pytest.raises(RuleError) as refused:
        make_group(five, with_(CARIB, group_max=4))
    assert (refused.value.code, refused.value.params) == ("group-too-long", {"count": 4})


def test_group_distinct_suits():
    assert make_group(cards("8H 8H 8S"), CARIB)
    with pytest.raises(RuleError) as refused:
        make_group(cards("8H 8H 8S"), K51)
    assert refused.value.code == "group-repeated-suit"


def test_group_min_naturals():
    with pytest.raises(RuleError):
        make_group(cards("QS JK JK"), CARIB)
    assert make_group(cards("QS JK JK"), with_(CARIB, group_min_naturals=1))


def test_max_jokers_per_meld():
    run = cards("5H JK 7H JK")
    assert make_run(run, CARIB)
    with pytest.raises(RuleError) as refused:
        make_run(run, with_(CARIB, max_jokers_per_meld=1))
    assert (refused.value.code, refused.value.params) == ("too-many-jokers", {"count": 1})


def test_run_min():
    with pytest.raises(RuleError):
        make_run(cards("5H 6H 7H"), CARIB)
    assert make_run(cards("5H 6H 7H"), with_(CARIB, run_min=3))


def test_ace_in_runs():
    assert make_run(cards("AH 2H 3H"), K51)
    with pytest.raises(RuleError) as refused:
        make_run(cards("AH 2H 3H"), R40)
    assert (refused.value.code, refused.value.params) == ("run-ace", {"case": "high"})
    assert make_run(cards("QH KH AH"), R40)
    with pytest.raises(RuleError):
        make_run(cards("QH KH AH"), with_(K51, ace_in_runs="low-only"))


def test_adjacent_jokers_in_run():
    run = cards("5H JK JK 8H")
    with pytest.raises(RuleError) as refused:
        make_run(run, CARIB)
    assert refused.value.code == "run-adjacent-jokers"
    assert make_run(run, with_(CARIB, adjacent_jokers_in_run=True))


def test_contract_distinct_ranks():
    melds = [make_group(cards(t, taken=()), CARIB) for t in ("5S 5H 5D", "9S 9H 9D")]
    melds.append(make_group(parse_cards(["5S", "5H", "5D"], taken=melds[0].cards), CARIB))
    with pytest.raises(RuleError) as refused:
        check_contract(melds, (GROUP,) * 3, CARIB)
    assert refused.value.code == "contract-same-rank"
    check_contract(melds, (GROUP,) * 3, with_(CARIB, contract_distinct_ranks=False))


def test_contract_distinct_suits():
    first = make_run(cards("2H 3H 4H 5H"), CARIB)
    second = make_run(cards("9H 10H JH QH"), CARIB)
    group = make_group(cards("7S 7C 7D"), CARIB)
    with pytest.raises(RuleError) as refused:
        check_contract([group, first, second], (GROUP, RUN, RUN), CARIB)
    assert refused.value.code == "contract-same-suit"
    check_contract([group, first, second], (GROUP, RUN, RUN),
                   with_(CARIB, contract_distinct_suits=False))


# --- opening ----------------------------------------------------------------

def opening_game(rules, hand="7H 8H 9H KS KD KC 2C 5D", **kw):
    game = rigged([hand, "2S 3S", "4S 5S"], rules=rules, stock="10C", **kw)
    game.apply(DrawStock(), game.to_act)
    return game


def test_opening_points():
    game = opening_game(K51)
    laydown = lay(game, 0, (RUN_KIND, "7H 8H 9H"), (GROUP_KIND, "KS KD KC"))
    assert not refused(game, laydown)
    game.rules = with_(K51, opening_points=60)
    assert game.why_illegal(laydown, game.to_act).code == "opening-short"


def test_opening_pure_run():
    game = opening_game(K51, hand="7H JK 9H KS KD KC 2C 5D")
    laydown = lay(game, 0, (RUN_KIND, "7H JK 9H"), (GROUP_KIND, "KS KD KC"))
    assert not refused(game, laydown)
    game.rules = with_(K51, opening_pure_run=True)
    assert game.why_illegal(laydown, game.to_act).code == "opening-pure-run"


def test_opening_ace_low_points():
    low = make_run(cards("AH 2H 3H"), K51)
    assert meld_value(low, K51) == 6
    assert meld_value(low, with_(K51, opening_ace_low_points=11)) == 16


def test_opening_ace_high_points():
    high = make_run(cards("QH KH AH"), R40)
    assert meld_value(high, R40) == 31
    assert meld_value(high, with_(R40, opening_ace_high_points=1)) == 21


# --- play -------------------------------------------------------------------

def test_discard_take():
    game = down_game()
    game.apply(Discard(held(game, 0, "KC")[0]), game.to_act)
    game.apply(Pass(), game.to_act) if game.phase == Phase.CALL else None
    dealing.begin_turn(game, 0)
    assert game.why_illegal(TakeDiscard(), game.to_act).code == "down-draws-stock"
    game.rules = with_(CARIB, discard_take="free")
    assert game.is_legal(TakeDiscard(), game.to_act)
    # must-meld: only a hand that can then lay may take
    r40 = rigged(["7H 8H 9H KS KD 2C 5D", "2S 3S", "4S 5S"], rules=R40, discard="KC")
    assert r40.is_legal(TakeDiscard(), r40.to_act)
    r40.discard = cards("4D", taken=[c for h in r40.hands for c in h])
    assert r40.why_illegal(TakeDiscard(), r40.to_act).code == "take-cannot-meld"


def test_discard_take_card_in_meld():
    hand = "QH KH AH 10S 10D 10C 9S 4D"
    game = rigged([hand, "2S 3S", "4S 5S"], rules=R40, discard="2C")
    assert game.is_legal(TakeDiscard(), game.to_act)     # may take 2C and open without it
    game.rules = with_(R40, discard_take_card_in_meld=True)
    assert game.why_illegal(TakeDiscard(), game.to_act).code == "take-cannot-meld"
    game.discard = parse_cards(["JH"], taken=[c for h in game.hands for c in h])
    assert game.is_legal(TakeDiscard(), game.to_act)
    game.apply(TakeDiscard(), game.to_act)
    assert game.why_illegal(Discard(held(game, 0, "4D")[0]), game.to_act).code == "must-meld"
    moves = game.legal_actions(0)
    assert moves and all(isinstance(m, LayDown) for m in moves)
    taken = game.took_discard
    assert all(any(taken in s.cards for s in m.melds) for m in moves)


def test_new_melds_after_down():
    game = down_game(hand="5S 5H 5D 6S 6H 6D 7S 7H 7D 8C 8D 8S QC")
    extra = lay(game, 0, (GROUP_KIND, "8C 8D 8S"))
    assert not refused(game, extra)
    game.rules = with_(CARIB, new_melds_after_down=False)
    assert game.why_illegal(extra, game.to_act).code == "no-new-melds"


def test_tack_same_turn():
    game = down_game(hand="5S 5H 5D 6S 6H 6D 7S 7H 7D 5C QC")
    tack = TackOn(held(game, 0, "5C")[0], 0, "")
    assert not refused(game, tack)
    game.rules = with_(CARIB, tack_same_turn=False)
    assert game.why_illegal(tack, game.to_act).code == "tack-next-turn"


def test_tack_on_others():
    game = down_game(hand="5S 5H 5D 6S 6H 6D 7S 7H 7D 8C QC",
                     table=((1, "8S 8H 8D"),), down=(1,))
    tack = TackOn(held(game, 0, "8C")[0], 0, "")
    assert not refused(game, tack)
    game.rules = with_(CARIB, tack_on_others=False)
    assert game.why_illegal(tack, game.to_act).code == "own-melds-only"


def test_joker_on_others_melds():
    game = down_game(hand="5S 5H 5D 6S 6H 6D 7S 7H 7D JK QC",
                     table=((1, "8S 8H 8D"),), down=(1,))
    tack = TackOn(held(game, 0, "JK")[0], 0, "")
    assert game.why_illegal(tack, game.to_act).code == "joker-own-melds"
    game.rules = with_(CARIB, joker_on_others_melds=True)
    assert not refused(game, tack)


def test_joker_discard():
    game = rigged(["JK 5C", "2S", "3S"], stock="9D")
    game.apply(DrawStock(), game.to_act)
    joker = held(game, 0, "JK")[0]
    assert game.why_illegal(Discard(joker), game.to_act).code == "joker-discard"
    game.rules = with_(CARIB, joker_discard=True)
    assert not refused(game, Discard(joker))


def test_joker_final_discard():
    """With jokers discardable, a lay-down may keep only a joker back, and discarding it
    goes out; with the field off (or jokers not discardable) a natural must be kept."""
    def game(rules):
        g = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D", "2C 3C", "4C 8C"], rules=rules, stock="JK")
        g.apply(DrawStock(), g.to_act)
        return g, lay(g, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                      (GROUP_KIND, "7S 7H 7D"))
    free = with_(CARIB, joker_discard=True)
    g, contract = game(free)
    assert free.joker_final_discard and not refused(g, contract)
    g.apply(contract, g.to_act)
    g.apply(Discard(held(g, 0, "JK")[0]), g.to_act)
    assert g.results[-1].winner == 0
    for rules in (with_(free, joker_final_discard=False), CARIB):
        g, contract = game(rules)
        problem = g.why_illegal(contract, g.to_act)
        assert problem.code == "keep-a-discard" and problem.params["case"] == "natural"


def release_game(rules=K51, hand="10C 10D 4S 5S 9S", table=((1, "10S 10H JK"),)):
    game = rigged([hand, "2S 3S", "4C 5C"], rules=rules, stock="KD",
                  table=table, down=(0, 1))
    game.apply(DrawStock(), game.to_act)
    return game


def test_joker_release():
    game = release_game()
    action = ReleaseJoker(held(game, 0, "10C 10D"), 0)
    assert action in game.legal_actions(0)
    assert game.why_illegal(ReleaseJoker(held(game, 0, "10C"), 0), 0).code == "release-count"
    game.rules = with_(K51, joker_release=("run-exact", "group-any-missing"))
    assert not refused(game, ReleaseJoker(held(game, 0, "10C"), 0))
    game.rules = with_(K51, joker_release=())
    assert game.why_illegal(action, game.to_act).code == "release-off"


def test_joker_release_group_all_missing():
    """Only the suits a group's real cards lack free its joker: a group of four (three
    suits and a joker) by its last suit, which ``group-both-missing`` leaves locked."""
    rules = with_(K51, joker_release=("group-all-missing",))
    game = release_game(rules, table=((1, "10S 10H 10D JK"),))
    last = ReleaseJoker(held(game, 0, "10C"), 0)
    assert last in game.legal_actions(0)
    game.apply(last, game.to_act)
    assert game.freed_joker is not None and len(game.table[0].meld.cards) == 4
    locked = release_game(table=((1, "10S 10H 10D JK"),))
    assert refused(locked, ReleaseJoker(held(locked, 0, "10C"), 0))
    three = release_game(rules, hand="10C 10D 10H 8S 9S")
    assert three.why_illegal(ReleaseJoker(held(three, 0, "10C"), 0), 0).code == "release-suits"
    assert three.why_illegal(ReleaseJoker(held(three, 0, "10C"), 0), 0).params["count"] == 2
    assert not refused(three, ReleaseJoker(held(three, 0, "10C 10D"), 0))
    assert refused(three, ReleaseJoker(held(three, 0, "10C 10H"), 0))
    loose = with_(CARIB, joker_release=("group-all-missing",), group_min_naturals=1)
    lone = release_game(loose, hand="10C 10D 10H 7S 8S 9S", table=((1, "10S JK JK"),))
    assert ReleaseJoker(held(lone, 0, "10H 10C 10D"), 0) in lone.legal_actions(0)


def test_released_joker_new_meld():
    """The freed joker may start a new meld but not go onto one on the table."""
    def freed(rules):
        game = release_game(rules, hand="10C 10D 4S 9S 5H 6H",
                            table=((1, "10S 10H JK"), (1, "7S 8S 9S")))
        game.apply(ReleaseJoker(held(game, 0, "10C 10D"), 0), game.to_act)
        return game, TackOn(game.freed_joker, 1, "hi")
    game, tack = freed(with_(K51, released_joker_new_meld=True))
    assert game.why_illegal(tack, game.to_act).code == "freed-joker-new-meld"
    moves = game.legal_actions(0)
    assert moves and all(isinstance(m, LayDown) for m in moves)
    game.apply(moves[0], game.to_act)
    assert game.freed_joker is None
    game, tack = freed(K51)
    assert tack in game.legal_actions(0)


def test_released_joker_must_be_used():
    game = release_game(hand="10C 10D 4S 9S 5H 6H", table=((1, "10S 10H JK"), (1, "7S 8S 9S")))
    game.apply(ReleaseJoker(held(game, 0, "10C 10D"), 0), game.to_act)
    joker = game.freed_joker
    assert joker is not None and joker in game.hands[0]
    assert game.why_illegal(Discard(held(game, 0, "4S")[0]), game.to_act).code == "use-freed-joker"
    for move in game.legal_actions(0):
        if isinstance(move, LayDown):
            assert any(joker in meld.cards for meld in move.melds)
        else:
            assert isinstance(move, TackOn) and move.card == joker
    kept = release_game(rules=with_(K51, released_joker_must_be_used=False))
    kept.apply(ReleaseJoker(held(kept, 0, "10C 10D"), 0), kept.to_act)
    assert kept.freed_joker is None
    assert not refused(kept, Discard(held(kept, 0, "4S")[0]))


def test_joker_release_needs_down():
    game = release_game()
    game.down[0] = False
    action = ReleaseJoker(held(game, 0, "10C 10D"), 0)
    assert game.why_illegal(action, game.to_act).code == "release-needs-down"
    game.rules = with_(K51, joker_release_needs_down=False, released_joker_must_be_used=False)
    assert not refused(game, action)


def test_joker_shift_in_run():
    game = down_game(hand="5S 5H 5D 6S 6H 6D 7S 7H 7D 6C QC",
                     table=((1, "4C 5C JK 7C"),), down=(1,))
    shift = ShiftJoker(held(game, 0, "6C")[0], 0, "hi")
    assert not refused(game, shift)
    game.rules = with_(CARIB, joker_shift_in_run="upward")
    assert refused(game, ShiftJoker(held(game, 0, "6C")[0], 0, "lo"))
    game.rules = with_(CARIB, joker_shift_in_run="off")
    assert game.why_illegal(shift, game.to_act).code == "shift-off"


def test_joker_shift_is_tacking():
    """A shift in another player's run is adding to it: refused where cards go only onto
    one's own melds, and it costs the no-tacking bonus; off, as before the field."""
    def shifted(**changes):
        game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D 6C", "2C 3C", "4D 8C"], stock="KH",
                      rules=with_(CARIB, **changes), table=((1, "4C 5C JK 7C"),), down=(1,))
        game.apply(DrawStock(), game.to_act)
        game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                       (GROUP_KIND, "7S 7H 7D")), game.to_act)
        return game, ShiftJoker(held(game, 0, "6C")[0], 0, "hi")
    game, shift = shifted(tack_on_others=False)
    assert game.why_illegal(shift, game.to_act).code == "own-melds-only"
    game, shift = shifted(tack_on_others=False, joker_shift_is_tacking=False)
    assert not refused(game, shift)

    def bent(**changes):
        game, shift = shifted(going_out_bonus_no_tacking=True, **changes)
        game.apply(shift, game.to_act)
        game.apply(Discard(held(game, 0, "KH")[0]), game.to_act)
        assert game.results[-1].winner == 0
        return game.results[-1].bent
    assert not bent() and bent(joker_shift_is_tacking=False)


def test_final_discard():
    game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H", "2C 3C", "4C 8C"], stock="7D")
    game.apply(DrawStock(), game.to_act)
    everything = lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                     (GROUP_KIND, "7S 7H 7D"))
    assert game.why_illegal(everything, game.to_act).code == "keep-a-discard"
    game.rules = with_(CARIB, final_discard=False)
    game.apply(everything, game.to_act)
    assert game.results and game.results[-1].winner == 0


# --- calls ------------------------------------------------------------------


def test_calls_enabled():
    assert discarded().phase == Phase.CALL
    assert discarded(with_(CARIB, calls_enabled=False)).phase == Phase.DRAW


def test_max_calls():
    game = rigged(FOUR, discard="9D", stock="KH")
    game.calls_made[2] = game.calls_made[3] = 1
    game.rules = with_(CARIB, max_calls=1)
    game.apply(DrawStock(), game.to_act)
    game.apply(Discard(held(game, 0, "2S")[0]), game.to_act)
    assert game.phase == Phase.DRAW


def test_call_penalty_cards():
    def caller_cards(n):
        game = discarded(with_(CARIB, call_penalty_cards=n))
        game.apply(Call(), game.to_act)
        game.apply(Allow(), game.to_act)
        return len(game.hands[2])
    assert caller_cards(1) == 4 and caller_cards(2) == 5


def test_call_priority():
    game = discarded()
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.ALLOW and game.caller == 2
    other = discarded(with_(CARIB, call_priority="random"))
    other.apply(Call(), other.to_act)
    assert other.phase == Phase.CALL and other.to_act == 3


def test_down_player_may_refuse():
    game = discarded(down=(1,))
    game.apply(Call(), game.to_act)
    assert game.phase == Phase.DRAW and game.calls_made[2] == 1
    other = discarded(with_(CARIB, down_player_may_refuse=True), down=(1,))
    other.apply(Call(), other.to_act)
    assert other.phase == Phase.ALLOW and other.is_legal(Refuse(), other.to_act)


# --- scoring ----------------------------------------------------------------

def test_joker_points():
    joker = cards("JK")[0]
    assert card_points(joker, CARIB) == 50 and card_points(joker, K51) == 25
    assert card_points(joker, R40) == 15


def test_black_ace_points():
    assert card_points(cards("AS")[0], CARIB) == 15
    assert card_points(cards("AS")[0], with_(CARIB, black_ace_points=11)) == 11


def test_red_ace_points():
    assert card_points(cards("AH")[0], CARIB) == 1
    assert card_points(cards("AH")[0], K51) == 11


def test_face_points():
    assert card_points(cards("KH")[0], with_(CARIB, face_points=13)) == 13
    assert card_points(cards("KH")[0], CARIB) == 10


def test_ten_points():
    assert card_points(cards("10H")[0], with_(CARIB, ten_points=5)) == 5
    assert card_points(cards("10H")[0], CARIB) == 10


def test_pip_points():
    """Each card from 2 to 9 counts ``pip_points`` (None: its face value); the opening
    counts it alike (tests/test_rules_as_written.py)."""
    assert card_points(cards("7H")[0], with_(CARIB, pip_points=5)) == 5
    assert card_points(cards("7H")[0], CARIB) == 7
    assert card_points(cards("10H")[0], with_(CARIB, pip_points=5)) == 10


def test_going_out_bonus():
    hand = 50 + 15 + 1 + 10 + 7
    assert out_scores(CARIB)[1] == 2 * hand
    assert out_scores(with_(CARIB, going_out_bonus="plus"))[1] == hand + 25
    assert out_scores(with_(CARIB, going_out_bonus="none"))[1] == hand


def test_going_out_bonus_points():
    hand = 50 + 15 + 1 + 10 + 7
    assert out_scores(with_(CARIB, going_out_bonus="plus",
                            going_out_bonus_points=40))[1] == hand + 40


def test_going_out_bonus_no_tacking():
    def second_score(rules):
        game = rigged(["5S 5H 5D 6S 6H 6D 7S 7H 7D 8C", "JK 2H", "2C 3C"], rules=rules,
                      stock="KC", table=((1, "8S 8H 8D"),), down=(1,))
        game.apply(DrawStock(), game.to_act)
        game.apply(lay(game, 0, (GROUP_KIND, "5S 5H 5D"), (GROUP_KIND, "6S 6H 6D"),
                       (GROUP_KIND, "7S 7H 7D")), game.to_act)
        game.apply(TackOn(held(game, 0, "8C")[0], 0, ""), game.to_act)
        game.apply(Discard(held(game, 0, "KC")[0]), game.to_act)
        return game.results[-1].scores[1]
    plus = with_(CARIB, going_out_bonus="plus")
    assert second_score(plus) == 52 + 25
    assert second_score(with_(plus, going_out_bonus_no_tacking=True)) == 52


def test_stock_exhaustion():
    def exhaust(rules):
        game = rigged(["2S 3S", "4S 5S", "6S 7S"], rules=rules, discard="9D 9C KD")
        game.stock = game.stock[-1:]
        game.reshuffles = 1
        game.apply(DrawStock(), game.to_act)
        game.apply(Discard(held(game, 0, "2S")[0]), game.to_act)
        game.phase, game.to_act = Phase.DRAW, 1
        game.call_queue = []
        return game.apply(DrawStock(), game.to_act)
    assert any(isinstance(e, ev.DealVoided) for e in exhaust(CARIB))
    assert any(isinstance(e, ev.Reshuffled)
               for e in exhaust(with_(CARIB, stock_exhaustion="always-reshuffle")))


def test_reshuffle_limit():
    def exhaust(rules, reshuffles):
        game = rigged(["2S 3S", "4S 5S", "6S 7S"], rules=rules, discard="9D 9C KD")
        game.stock = []
        game.reshuffles = reshuffles
        return game.apply(DrawStock(), game.to_act)
    always = with_(CARIB, stock_exhaustion="always-reshuffle", reshuffle_limit=3)
    assert any(isinstance(e, ev.Reshuffled) for e in exhaust(always, 2))
    assert any(isinstance(e, ev.DealVoided) for e in exhaust(always, 3))
    unlimited = with_(always, reshuffle_limit=None)
    assert any(isinstance(e, ev.Reshuffled) for e in exhaust(unlimited, RESHUFFLE_CEILING - 1))
    stuck = exhaust(unlimited, RESHUFFLE_CEILING)
    ended = next(e for e in stuck if isinstance(e, ev.DealEnded))
    assert ended.result.stalled and not any(isinstance(e, ev.Reshuffled) for e in stuck)


def test_redeal_limit():
    """A deal void ``redeal_limit`` times running is scored as the hands stand the next
    time its stock runs out for good; voids of an earlier deal do not count."""
    def void(deal):
        return DealResult(deal, 0, (0, 0, 0), None, False, True, False, ((), (), ()),
                          (0, 0, 0))

    def exhaust(rules, earlier):
        game = rigged(["2S 3S", "4S 5S", "6S 7S"], rules=rules, discard="9D 9C KD", deal_no=4)
        game.stock, game.reshuffles, game.results = [], 1, list(earlier)
        return game, [type(e) for e in game.apply(DrawStock(), game.to_act)]

    game, kinds = exhaust(CARIB, [void(4)])
    assert ev.DealVoided in kinds and game.deal_no == 4 and game.voids_running() == 2
    game, kinds = exhaust(CARIB, [void(3), void(3), void(4)])
    assert ev.DealVoided in kinds and game.deal_no == 4
    game, kinds = exhaust(CARIB, [void(4), void(4)])
    assert ev.DealVoided not in kinds and ev.DealEnded in kinds
    stalled = game.results[-1]
    assert stalled.stalled and not stalled.void and stalled.winner is None
    assert stalled.scores == (5, 9, 13) and game.totals == [5, 9, 13] and game.deal_no == 5
    game, kinds = exhaust(with_(CARIB, redeal_limit=0), [])
    assert game.results[-1].stalled and game.voids_running() == 0
    game, kinds = exhaust(with_(CARIB, redeal_limit=None), [void(4)] * 30)
    assert ev.DealVoided in kinds and game.voids_running() == 31


# --- every field is tested here -----------------------------------------------

def test_every_ruleset_field_has_a_test_named_after_it():
    source = Path(__file__).read_text(encoding="utf-8")
    tests = set(re.findall(r"^def test_(\w+)\(", source, re.MULTILINE))
    missing = [f.name for f in dataclasses.fields(RuleSet) if f.name not in tests]
    assert not missing, f"RuleSet fields without a test in this file: {missing}"
