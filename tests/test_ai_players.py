"""Computer players: they see only their view, play only legal moves, and decide well
where a decision is clear."""

from __future__ import annotations

import dataclasses

import pytest

from kalooki.ai.hint import hint
from kalooki.ai.personalities import LEVELS, PERSONALITIES, make_player
from kalooki.ai.tracker import Tracker
from kalooki.engine.actions import Discard, DrawStock, LayDown, TakeDiscard
from kalooki.engine.cards import card_text
from kalooki.engine.rng import Rng
from kalooki.engine.rules import PRESETS, preset
from kalooki.engine.state import Game
from tests.support.rig import CARIB, permute_hidden, rigged


def _advance(game: Game, steps: int, seed: int) -> None:
    """Move the game on with medium players (a spread of real positions)."""
    rng = Rng(seed)
    for _ in range(steps):
        if game.over:
            return
        before = game.deal_no
        seat = game.to_act
        game.apply(make_player("medium").choose(game.view(seat), rng), game.to_act)
        if game.deal_no != before:
            return


@pytest.mark.parametrize("level", LEVELS)
def test_a_player_cannot_see_hidden_cards(level):
    checked = 0
    for seed in range(6):
        game = Game.new(CARIB, 4, seed)
        for steps in (1, 9, 17, 30, 45):
            _advance(game, 8 if steps > 1 else 1, seed * 100 + steps)
            if game.over:
                break
            seat = game.to_act
            choice = make_player(level, think_budget=0.05, reproducible=True).choose(
                game.view(seat), Rng(seed))
            for variant in range(3):
                shuffled = permute_hidden(game, seat, variant)
                assert shuffled.hands[seat] == game.hands[seat]
                other = make_player(level, think_budget=0.05, reproducible=True).choose(
                    shuffled.view(seat), Rng(seed))
                assert other == choice
                checked += 1
    assert checked >= 60


def test_the_permutation_really_moves_hidden_cards():
    game = Game.new(CARIB, 4, 1)
    _advance(game, 5, 1)
    seat = game.to_act
    shuffled = permute_hidden(game, seat, 0)
    assert any(shuffled.hands[p] != game.hands[p] for p in range(4) if p != seat)


def test_medium_takes_the_discard_that_completes_its_contract():
    game = rigged(["5H 5S 5D 8C 8D 9S 9H 9C KD", "2C 3C 4C 6D 7D JC 10C AS 4S",
                   "2D 3D 4D 6H 7H JD QD AH 4H"], discard="8S", turn=0)
    view = game.view(0)
    action, reason = make_player("medium").decide(view, Rng(1))
    assert action == TakeDiscard()
    assert "completes" in str(reason)


def test_medium_draws_when_the_discard_is_useless():
    game = rigged(["5H 5S 5D 8C 8D 9S 9H 9C KD", "2C 3C 4C 6D 7D JC 10C AS 4S",
                   "2D 3D 4D 6H 7H JD QD AH 4H"], discard="QC", turn=0)
    assert make_player("medium").choose(game.view(0), Rng(1)) == DrawStock()


def test_medium_lays_down_and_discards_the_card_nobody_needs():
    game = rigged(["5H 5S 5D 8C 8D 8S 9S 9H 9C KD", "2C 3C 4C 6D 7D JC 10C AS 4S",
                   "2D 3D 4D 6H 7H JD QD AH 4H"], turn=0)
    game.phase = game.phase.PLAY
    player = make_player("medium")
    action = player.choose(game.view(0), Rng(1))
    assert isinstance(action, LayDown)
    game.apply(action, game.to_act)
    assert player.choose(game.view(0), Rng(1)) == Discard(game.hands[0][0])


def test_hint_gives_a_legal_action_and_a_reason_naming_the_card():
    game = rigged(["5H 5S 5D 8C 8D 9S 9H 9C KD", "2C 3C 4C 6D 7D JC 10C AS 4S",
                   "2D 3D 4D 6H 7H JD QD AH 4H"], discard="8S", turn=0)
    action, reason = hint(game.view(0))
    assert action in game.view(0).legal
    assert card_text(game.discard[-1], True) in str(reason)


def _kept_by_the_hint(hand: str, deal_no: int) -> str:
    """The reason the hint gives for its discard, holding ``hand`` and drawing J♣."""
    game = rigged([hand, "2D 3D 4D 6D 7D JD QD AH 4S 5S", "2S 3S 4S 6S 7S JS QS AS 8S 10S"],
                  rules=preset("baby"), stock="JC", turn=0, deal_no=deal_no)
    game.apply(DrawStock(), 0)
    action, reason = hint(game.view(0))
    assert action == Discard(game.hands[0][-1])  # J♣, which nothing uses
    return str(reason)


def test_the_hints_keeps_name_only_cards_of_melds_the_contract_can_use():
    # three groups: 5♥ 6♥ are neighbours but in no meld this contract lays
    groups = _kept_by_the_hint("7S 7H 9D 9C KS KH KD 5H 6H 2C", deal_no=1)
    # the complete group of kings is kept too: the hint says so rather than cut them off
    assert "keep 7♠ 7♥ 9♣ 9♦ and 3 more: you need 2 more cards" in groups
    assert "5♥" not in groups and "6♥" not in groups and "2♣" not in groups
    # two groups and a run: the same 5♥ 6♥, with 7♥, begin the run
    run = _kept_by_the_hint("7S 7H 9D 9C KS KH KD 5H 6H 2C", deal_no=2)
    assert "keep 5♥ 6♥ 7♥" in run and "2♣" not in run


def test_the_hints_keeps_say_in_french_how_many_more_it_keeps(french: None) -> None:
    groups = _kept_by_the_hint("7S 7H 9D 9C KS KH KD 5H 6H 2C", deal_no=1)
    assert "garder 7♠ 7♥ 9♣ 9♦ et 3\xa0autres\xa0: il vous manque 2\xa0cartes" in groups


def test_hint_refuses_a_view_that_is_not_the_players_turn():
    game = rigged(["5H 5S 5D", "2C 3C 4C", "2D 3D 4D"], turn=0)
    with pytest.raises(ValueError):
        hint(game.view(1))


def test_every_personality_builds_a_player_of_its_level():
    for p in PERSONALITIES:
        assert make_player(p.level, p.name).level == p.level
    assert {p.level for p in PERSONALITIES} == {"easy", "medium", "hard"}
    with pytest.raises(ValueError):
        make_player("medium", "Rosie")
    with pytest.raises(ValueError):
        make_player("genius")


def test_tracker_remembers_who_took_a_discard_and_forgets_at_a_new_deal():
    game = rigged(["5H 5S 9D 8C KD QS", "2C 3C 4C 6D 7D JC", "2D 3D 4D 6H 7H JD"],
                  discard="7C", turn=0)
    tracker = Tracker()
    tracker.observe(game.view(2))
    top = game.discard[-1]
    game.apply(TakeDiscard(), game.to_act)
    tracker.observe(game.view(2))
    assert tracker.known() == {top: 0}
    later = dataclasses.replace(game.view(2), deal_no=2)
    tracker.observe(later)
    assert tracker.known() == {}


def test_baby_and_twelve_card_presets_exist_for_the_soak():
    assert {"caribbean", "caribbean-12", "baby"} <= set(PRESETS)
    assert preset("baby").deals_per_match == 3


def test_medium_buys_in_only_with_room_under_the_limit():
    import dataclasses

    from kalooki.ai.medium import MediumPlayer
    from kalooki.engine.deal import Phase
    from kalooki.engine.rng import Rng
    from kalooki.engine.rules import preset
    from kalooki.engine.state import Game

    rules = dataclasses.replace(preset("kalooki51"), match_end="elimination", buy_ins=1)
    view = Game.new(rules, 3, 1).view(0)
    offer = dataclasses.replace(view, phase=Phase.BUY_IN, to_act=0)
    roomy = dataclasses.replace(offer, rejoin_score=40)
    crowded = dataclasses.replace(offer, rejoin_score=140)
    assert MediumPlayer().choose(roomy, Rng(1)).code == "buy-in"
    assert MediumPlayer().choose(crowded, Rng(1)).code == "drop-out"


def test_the_hint_never_throws_back_the_card_just_taken():
    # 2♠, the least useful card in the hand, is the one just taken
    game = rigged(["5H 5S 5D 8C 8D 9H 9C KD KS", "2C 3C 4C 6D 7D JC 10C AS 4S",
                   "2D 3D 4D 6H 7H JD QD AH 4H"], rules=preset("baby"), discard="2S", turn=0)
    game.apply(TakeDiscard(), 0)
    view = game.view(0)
    assert view.took_discard is not None
    action, _ = hint(view)
    assert action != Discard(view.took_discard)
