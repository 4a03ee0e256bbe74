"""House rules as RULES.md writes them, each reached by ordinary moves from a stacked deck
(issue 28, Build 1): a turn ends with a discard whenever a card may be discarded, cards
count alike in hand and towards an opening, Kalooki 51 and Rami 40 never void a deal, and
distinct suits alone keep a group to four cards."""

from __future__ import annotations

import dataclasses

import pytest

from kalooki.engine.actions import (
    Discard,
    DrawStock,
    EndTurn,
    LayDown,
    MeldSpec,
    TackOn,
)
from kalooki.engine.cards import is_joker, parse_cards
from kalooki.engine.deal import Stall
from kalooki.engine.errors import RuleError
from kalooki.engine.melds import GROUP_KIND, RUN_KIND, End
from kalooki.engine.rules import RESHUFFLE_CEILING, preset
from kalooki.engine.scoring import card_points
from kalooki.engine.state import Game
from kalooki.words.rules_text import render_text
from tests.support.rig import CARIB, rigged

K51, R40 = preset("kalooki51"), preset("rami40")


def pick(game: Game, player: int, text: str) -> tuple[int, ...]:
    """The ids of these faces in ``player``'s hand, first copies first."""
    hand, found = list(game.hands[player]), []
    for token in text.split():
        face = None if token == "JK" else parse_cards([token])[0] % 52
        card = next(c for c in hand if c not in found and (
            is_joker(c) if face is None else not is_joker(c) and c % 52 == face))
        found.append(card)
    return tuple(found)


def group(game: Game, text: str) -> MeldSpec:
    return MeldSpec(GROUP_KIND, pick(game, game.turn, text))


def run(game: Game, text: str) -> MeldSpec:
    return MeldSpec(RUN_KIND, pick(game, game.turn, text))


def said(rules, lang: str) -> str:
    """The rules text in ``lang``, its lines joined (it is wrapped for reading)."""
    return " ".join(render_text(rules, lang).split())


# -- 1. a hand of jokers discards one when jokers may be discarded ----------------------

@pytest.mark.parametrize("final", [True, False], ids=["joker_final", "no_joker_final"])
def test_a_hand_of_only_jokers_must_discard_when_jokers_may_be_discarded(final: bool) -> None:
    """RULES.md section 2: a turn ends with a discard. Ending without one is only for a
    hand of jokers that may not be discarded; ``joker_discard`` lifts that."""
    rules = dataclasses.replace(CARIB, joker_discard=True, joker_final_discard=final)
    game = rigged(["JK", "2S 3S", "4S 5S", "6S 7S"], rules=rules, stock="JK", down=(0,),
                  table=((0, "8H 9H 10H JH"),))
    game.apply(DrawStock(), 0)
    assert all(is_joker(c) for c in game.hands[0]) and len(game.hands[0]) == 2
    legal = game.legal_actions(0)
    assert EndTurn() not in legal
    assert game.why_illegal(EndTurn(), 0).code == "must-discard"
    joker = game.hands[0][0]
    assert Discard(joker) in legal
    game.apply(Discard(joker), 0)
    assert game.hands[0] == [game.hands[0][0]] and game.turn == 1


def test_a_hand_of_jokers_that_may_not_be_discarded_ends_its_turn() -> None:
    game = rigged(["JK", "2S 3S", "4S 5S", "6S 7S"], stock="JK", down=(0,),
                  table=((0, "8H 9H 10H JH"),))
    game.apply(DrawStock(), 0)
    assert EndTurn() in game.legal_actions(0)
    assert not any(isinstance(a, Discard) for a in game.legal_actions(0))
    game.apply(EndTurn(), 0)
    assert game.turn == 1 and len(game.hands[0]) == 2


# -- 2. cards count alike in hand and towards an opening --------------------------------

OPENER = "7H 8H 9H 2C 3C 4C 5S 6D QC 9S"
"""Two runs worth 24 + 9 towards an opening, and cards that make nothing."""


def opening_count(rules, three: str) -> int | None:
    """Lay ``three`` (a group) and the two runs of :data:`OPENER` as an opening: None when
    it opens, else the count the refusal names."""
    game = rigged([f"{three} {OPENER}", "2S 3S", "4S 5S"], rules=rules, stock="2D")
    game.apply(DrawStock(), 0)
    lay = LayDown((group(game, three), run(game, "7H 8H 9H"), run(game, "2C 3C 4C")))
    problem = game.why_illegal(lay, 0)
    if problem is None:
        assert lay in game.legal_actions(0) or any(
            isinstance(a, LayDown) for a in game.legal_actions(0))
        return None
    assert problem.code == "opening-short"
    return problem.params["count"]


def test_tens_count_towards_an_opening_as_picture_cards_do() -> None:
    """Kalooki 51 with picture cards and tens at 5: K K K and 10 10 10 are worth the same
    in hand, so they are worth the same in an opening (48 < 51, refused both)."""
    rules = dataclasses.replace(K51, face_points=5, ten_points=5)
    assert opening_count(rules, "KS KH KD") == 48
    assert opening_count(rules, "10S 10H 10D") == 48
    assert opening_count(K51, "KS KH KD") is None
    assert opening_count(K51, "10S 10H 10D") is None


def test_pip_points_count_in_hand_and_towards_an_opening() -> None:
    """``pip_points``: every card from 2 to 9 counts that many points, in hand and towards
    an opening (K K K 30 + 7 8 9 30 + 2 3 4 30 = 90 with pips at 10)."""
    assert opening_count(dataclasses.replace(K51, face_points=5), "KS KH KD") == 48
    tens = dataclasses.replace(K51, face_points=5, pip_points=10)
    assert opening_count(tens, "KS KH KD") is None
    (seven,) = parse_cards(["7H"])
    assert card_points(seven, tens) == 10 and card_points(seven, K51) == 7
    low = dataclasses.replace(K51, pip_points=1)
    assert opening_count(low, "KS KH KD") == 36  # 30 + 3 + 3


def test_the_rules_text_says_what_an_opening_counts() -> None:
    rules = dataclasses.replace(K51, ten_points=5, pip_points=2)
    for lang, words in (("en", ["as it does in hand", "a ten 5", "2 to 9 2 each"]),
                        ("fr", ["comme en main", "un dix 5", "de 2 à 9 2 chacune"])):
        text = said(rules, lang)
        assert all(w in text for w in words), lang
        assert "2 to 9 their face value" in said(K51, "en")


# -- 3. Kalooki 51 and Rami 40 never void ------------------------------------------------

TABLE = tuple((2, " ".join(f"{rank}{suit}" for suit in "SHDC"))
              for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
              for _ in range(2))
"""Both packs' 2s to kings, in groups of four suits owned by seat 2: only aces and the
jokers are left to play with, and no hand can reach an opening with them."""


def stuck(rules, stock: str, upcard: str) -> Game:
    """Three hands that can never open (three aces at most, 33 points)."""
    held = "AS AH AC" if upcard == "" else "AS"
    return rigged(["AS AH JK", "AD AC JK", held], rules=rules, discard=upcard, stock=stock,
                  down=(2,), table=TABLE)


def draw_and_throw_back(game: Game) -> None:
    """Play on until the deal ends: each turn draws the stock and discards what it drew."""
    start = len(game.results)
    while len(game.results) == start:
        seat = game.turn
        game.apply(DrawStock(), seat)
        if len(game.results) == start:
            game.apply(Discard(game.hands[seat][-1]), seat)


@pytest.mark.parametrize("rules", [K51, R40], ids=["kalooki51", "rami40"])
def test_a_stuck_deal_is_never_void_but_scored_as_the_hands_stand(rules) -> None:
    """RULES.md section 4: play never voids. The stock is rebuilt each time it runs out;
    after RESHUFFLE_CEILING new stocks the deal is scored as the hands stand."""
    assert rules.never_voids
    game = stuck(rules, stock="AD AC", upcard="AH")
    hands = [list(h) for h in game.hands]
    draw_and_throw_back(game)
    result = game.results[-1]
    assert not result.void and result.stall == Stall.RESHUFFLES and result.winner is None
    assert game.reshuffles == 0 and game.deal_no == 2  # the next deal has begun
    assert sorted(result.hands[0]) == sorted(hands[0])
    assert result.scores[0] == sum(card_points(c, rules) for c in hands[0])
    for lang, words in (("en", "so no deal is void"), ("fr", "aucune donne n'est annulée")):
        assert words in said(rules, lang)
        assert "dealt again at most" not in said(rules, "en")


@pytest.mark.parametrize("rules", [K51, R40], ids=["kalooki51", "rami40"])
def test_a_stock_with_no_discards_to_rebuild_it_from_ends_the_deal_unvoided(rules) -> None:
    """No card turned up and one card of stock: the second player finds neither stock nor
    discards to rebuild it from. A game that never voids scores the deal as it stands."""
    rules = dataclasses.replace(rules, first_upcard=False)
    game = stuck(rules, stock="AD", upcard="")
    draw_and_throw_back(game)
    result = game.results[-1]
    assert not result.void and result.stall == Stall.STOCK
    assert game.reshuffles == 0 and result.hands[1] == tuple(game.results[-1].hands[1])


def test_a_table_reshuffle_limit_still_voids_a_stuck_deal() -> None:
    """A table that sets its own limit keeps it: after that many new stocks, void."""
    rules = dataclasses.replace(K51, reshuffle_limit=3)
    assert not rules.never_voids and RESHUFFLE_CEILING > 3
    game = stuck(rules, stock="AD AC", upcard="AH")
    draw_and_throw_back(game)
    assert game.results[-1].void


# -- 4. distinct suits alone keep groups to four ------------------------------------------

def test_distinct_suits_alone_make_groups_of_at_most_four() -> None:
    """Caribbean with ``group_distinct_suits`` and no ``group_max``: a playable rule set
    (the suits already allow no fifth card), its groups 3 or 4 cards of different suits."""
    rules = dataclasses.replace(CARIB, group_distinct_suits=True)
    rules.validate(4)
    assert rules.group_limit == 4
    game = rigged(["7S 7H 7D 9S 9H 9C KS KH KD JK 2C", "2S 3S", "4S 5S", "6S 7C"],
                  rules=rules, stock="7C")
    game.apply(DrawStock(), 0)
    five = LayDown((group(game, "7S 7H 7D 7C JK"), group(game, "9S 9H 9C"),
                    group(game, "KS KH KD")))
    assert game.why_illegal(five, 0).code == "group-too-long"
    lay = next(a for a in game.legal_actions(0) if isinstance(a, LayDown))
    assert all(len(m.cards) <= 4 for m in lay.melds)
    four = LayDown((group(game, "7S 7H 7D 7C"), group(game, "9S 9H 9C"),
                    group(game, "KS KH KD")))
    game.apply(four, 0)
    (joker,) = pick(game, 0, "JK")
    assert game.why_illegal(TackOn(joker, 0, End.NONE), 0).code == "group-too-long"
    assert game.why_illegal(TackOn(joker, 1, End.NONE), 0) is None
    for lang, words in (("en", "3 or 4 cards of the same rank (all of different suits)"),
                        ("fr", "3 ou 4 cartes de même valeur (toutes de couleurs")):
        assert words in said(rules, lang)


def test_distinct_suits_with_a_longer_group_max_is_still_refused() -> None:
    rules = dataclasses.replace(CARIB, group_distinct_suits=True, group_max=5)
    with pytest.raises(RuleError) as caught:
        rules.validate(4)
    assert caught.value.code == "rules-suit-groups-long"
