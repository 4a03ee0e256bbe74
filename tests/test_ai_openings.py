"""Computer players in threshold games (Kalooki 51, Rami 40): exact distance to opening,
when and what to open with, taking, joker releases; and contract play left untouched."""

from __future__ import annotations

import hashlib

import pytest

from kalooki.ai.easy import EasyPlayer
from kalooki.ai.knowledge import Evaluator, evaluator_for
from kalooki.ai.medium import MediumPlayer
from kalooki.engine.actions import LayDown, ReleaseJoker, TackOn, TakeDiscard
from kalooki.engine.cards import cards_text, is_joker
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.solver import opening
from kalooki.engine.state import Game
from tests.support.rig import rigged

CONTRACT_DIGEST = "3d1daa00b976a71ecf4b8eaf0468954cd7b60e72047b52e7846c98fb912996fc"
"""sha256 of medium's and easy's choices on the contract positions below, recorded with
the players as they were before threshold play was tuned: contract play must not move."""


def _contract_choices() -> str:
    """Medium plays every seat of a few contract deals; at every position medium's choice
    and an easy player's (own stream) are written down."""
    out = []
    for name in ("caribbean", "baby", "caribbean-12"):
        rules = preset(name)
        for seed in range(4):
            game = Game.new(rules, 4, seed)
            mediums = [MediumPlayer() for _ in range(4)]
            easies = [EasyPlayer() for _ in range(4)]
            rng = Rng(seed)
            for step in range(90):
                if game.over or game.deal_no > 1:
                    break
                seat = game.to_act
                view = game.view(seat)
                easy = easies[seat].choose(view, Rng(seed * 1000 + step))
                action = mediums[seat].choose(view, rng)
                out.append(f"{action.code}|{easy.code}")
                game.apply(action, game.to_act)
    return "\n".join(out)


def test_contract_choices_are_unchanged():
    choices = _contract_choices()
    assert choices.count("\n") >= 300
    assert hashlib.sha256(choices.encode()).hexdigest() == CONTRACT_DIGEST


K51 = preset("kalooki51")
R40 = preset("rami40")


def _threshold_hands(rules, count: int) -> list[list[int]]:
    """Hands of real deals a few turns in (13 and 14 cards), played by medium."""
    hands = []
    for seed in range(count):
        game = Game.new(rules, 4, 900 + seed)
        players = [MediumPlayer() for _ in range(4)]
        rng = Rng(seed)
        for _ in range(seed % 5 * 8):
            if game.over or game.deal_no > 1:
                break
            game.apply(players[game.to_act].choose(game.view(game.to_act), rng), game.to_act)
        if not game.over and game.deal_no == 1:
            seat = game.to_act
            if not game.down[seat]:
                hands.append(list(game.hands[seat]))
    return hands


@pytest.mark.parametrize("rules", [K51, R40], ids=["kalooki51", "rami40"])
def test_distance_to_opening_is_exact_up_to_one_card(rules):
    evaluator = Evaluator(rules, (), exact_cards=1)
    hands = _threshold_hands(rules, 24)
    assert len(hands) >= 15
    seen = set()
    for hand in hands:
        need = evaluator.need(hand)
        exact = opening.cards_to_open(hand, rules, limit=1)
        assert min(need, 2) == exact, cards_text(hand)
        seen.add(exact)
    assert seen >= {1, 2}


def test_lazy_discard_scores_find_the_same_best_card():
    checked = 0
    for seed in range(12):
        game = Game.new(K51, 4, 700 + seed)
        players = [MediumPlayer() for _ in range(4)]
        rng = Rng(seed)
        for _ in range(60):
            if game.over or game.deal_no > 1:
                break
            seat = game.to_act
            view = game.view(seat)
            player = players[seat]
            if view.phase == Phase.PLAY and not view.down[seat] and seed % 3 == len(
                    view.hand) % 3:
                player.evaluator = evaluator_for(view, player.evaluator)
                cards = player.discard_candidates(view, rng)
                if cards:
                    lazy = player.score_discards(view, list(view.hand), cards)
                    full = player.score_discards(view, list(view.hand), cards, exact=cards)
                    assert min(lazy, key=lambda c: (lazy[c], c)) == min(
                        full, key=lambda c: (full[c], c))
                    assert all(lazy[c] <= full[c] for c in cards)
                    checked += 1
            game.apply(player.choose(view, rng), game.to_act)
    assert checked >= 20


def test_rami40_medium_takes_the_discard_that_opens():
    game = rigged(["KH KS QH QD QS 2C 4D 6S 8C 9H 3D 7C 5H", "2D 3S 4H 6C 7D 9S 10D JH 2H 3C "
                   "4S 5D 6D", "8H 9D 10S JC 2S 3H 4C 5S 6H 7H 8S 9C 10H"],
                  rules=R40, discard="KD", turn=0)
    player = MediumPlayer()
    action, _ = player.decide(game.view(0), Rng(1))
    assert action == TakeDiscard()
    game.apply(action, game.to_act)
    action, _ = player.decide(game.view(0), Rng(1))
    assert isinstance(action, LayDown)
    game.apply(action, game.to_act)
    assert game.down[0]


def test_an_opened_player_takes_a_discard_that_makes_a_new_meld():
    game = rigged(["8D 8S 2C 5H 9H", "2D 3S 4H 6C 7D 9S 10D JH 2H", "3H 4C 5S 6H 7H 9C 10H"],
                  rules=K51, discard="8C", turn=0, down=(0, 1),
                  table=((1, "JC QC KC"), (0, "2D 3D 4D 5D")))
    action, _ = MediumPlayer().decide(game.view(0), Rng(1))
    assert action == TakeDiscard()


def test_an_opened_player_frees_a_joker_and_places_it():
    game = rigged(["6H 2S 4D 8S KC", "2D 3S 4H 6C 7D 9S 10D JH 2H", "3H 4C 5S 10H 7H 9C"],
                  rules=K51, stock="3C", turn=0, down=(0, 1),
                  table=((1, "5H JK 7H"), (0, "9C 10C JC")))
    player = MediumPlayer()
    game.apply(player.choose(game.view(0), Rng(1)), game.to_act)
    action, _ = player.decide(game.view(0), Rng(1))
    assert isinstance(action, ReleaseJoker)
    game.apply(action, game.to_act)
    action, _ = player.decide(game.view(0), Rng(1))
    assert isinstance(action, TackOn | LayDown)
    game.apply(action, game.to_act)
    assert len(game.hands[0]) == 5
    assert not any(is_joker(c) for c in game.hands[0])
