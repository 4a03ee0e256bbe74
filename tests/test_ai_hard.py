"""The hard player: blind to hidden cards, reproducible, legal, and its search bounded."""

from __future__ import annotations

import pytest

from kalooki.ai.hard import HardPlayer
from kalooki.ai.medium import MediumPlayer
from kalooki.ai.tracker import Tracker
from kalooki.engine.actions import Allow, Discard, Refuse, TakeDiscard
from kalooki.engine.cards import card_text
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game
from kalooki.engine.view import PlayerView
from tests.support.rig import CARIB, permute_hidden, rigged


def _positions(seed: int, every: int = 9, limit: int = 240):
    """(game, view) pairs from a caribbean game played by medium players."""
    game = Game.new(CARIB, 4, seed)
    player, rng = MediumPlayer(), Rng(seed)
    for step in range(limit):
        if game.over:
            return
        view = game.view(game.to_act)
        if step % every == 0 and view.phase != Phase.CUT:
            yield game, view
        game.apply(player.choose(view, rng), game.to_act)


def _hard() -> HardPlayer:
    return HardPlayer(worlds=4, horizon=24)


def test_hard_never_peeks_at_hidden_cards():
    searched = checked = 0
    for seed in range(3):
        for game, view in _positions(seed, every=17):
            player = _hard()
            choice = player.choose(view, Rng(seed))
            searched += bool(player.last_search) and player.last_search["options"] > 1
            for variant in range(2):
                shuffled = permute_hidden(game, view.player, variant)
                assert shuffled.hands != game.hands or shuffled.stock != game.stock
                assert _hard().choose(shuffled.view(view.player), Rng(seed)) == choice
                checked += 1
    assert checked >= 30 and searched >= 8


def test_hard_is_deterministic_and_legal():
    for game, view in _positions(7, every=13):
        first = HardPlayer(worlds=3, horizon=24).choose(view, Rng(11))
        assert first == HardPlayer(worlds=3, horizon=24).choose(view, Rng(11))
        assert game.is_legal(first, game.to_act)


def test_search_respects_max_worlds_and_the_budget():
    searches = []
    for _, view in _positions(2, every=11):
        player = HardPlayer(think_budget=50.0, max_worlds=3, horizon=24)
        player.choose(view, Rng(1))
        if player.last_search:
            searches.append(player.last_search)
            assert player.last_search["worlds"] <= 3
    assert searches
    small = []
    for _, view in _positions(2, every=11):
        player = HardPlayer(think_budget=0.01, reproducible=True)
        player.choose(view, Rng(1))
        if player.last_search:
            small.append(player.last_search["worlds"])
    assert small and max(small) <= 2  # 30 moves of budget: one or two deals


class _FakeClock:
    """Every reading is ``step`` seconds after the last: as if each stage took that long."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_clock_stops_the_search_before_the_budget_runs_out():
    searched = 0
    for _, view in _positions(2, every=11):
        player = HardPlayer(think_budget=0.5)
        player.clock = clock = _FakeClock(0.1)
        player.choose(view, Rng(1))
        if player.last_search:
            searched += 1
            # the decision starts at 0.1 and its search at 0.2; each sampled deal takes
            # 0.1 more: four deals use the 0.5 s exactly, a fifth would overrun
            assert player.last_search["worlds"] == 4
            assert clock.now == pytest.approx(0.6)  # the stop check is the last reading
    assert searched


def test_trivial_decisions_are_not_searched():
    game = Game.new(preset("caribbean"), 4, 1)  # the cut: straight to medium
    player = _hard()
    player.choose(game.view(game.to_act), Rng(1))
    assert player.last_search == {}


def test_a_hard_deal_finishes_with_legal_moves():
    game = Game.new(CARIB, 4, 3)
    players = [HardPlayer(worlds=2), MediumPlayer(), MediumPlayer(), MediumPlayer()]
    rng = Rng(3)
    for _ in range(3000):
        if len(game.results) or game.over:
            break
        seat = game.to_act
        action = players[seat].choose(game.view(seat), rng)
        assert game.is_legal(action, game.to_act)
        game.apply(action, game.to_act)
    assert game.results


def test_tracker_follows_the_viewers_own_discard_to_the_next_player():
    game = rigged(["5H 5S 9D 8C KD QS", "7C 7S 4C 6D 7D JC", "2D 3D 4D 6H 7H JD"],
                  discard="2S", turn=0)
    tracker = Tracker()
    game.apply(game.legal_actions(0)[0], game.to_act)  # draws
    tracker.observe(game.view(0))
    card = next(c for c in game.hands[0] if game.is_legal(Discard(c), game.to_act))
    game.apply(Discard(card), game.to_act)
    tracker.note_discard(card)
    while game.to_act != 1:  # call window, if any
        game.apply(game.legal_actions(game.to_act)[-1], game.to_act)
    game.apply(TakeDiscard(), game.to_act)
    tracker.observe(game.view(0))
    assert tracker.known() == {card: 1}


def test_the_search_drops_a_clearly_worse_move_and_takes_a_clearly_better_one(monkeypatch):
    import kalooki.ai.hard as hard_module

    _, view = next(p for p in _positions(4, every=5) if p[1].phase == Phase.PLAY)
    worse, better = Discard(1), Discard(2)
    mean = {worse: 50.0, better: -30.0}
    played = {worse: 0, better: 0}

    def fake_play_out(world, option, me, policy, rng, horizon, stop=None):
        if option in played:
            played[option] += 1
        return mean.get(option, 0.0) + rng.below(21) - 10, 10

    monkeypatch.setattr(hard_module, "_play_out", fake_play_out)
    player = HardPlayer(worlds=20)
    assert player.search(view, Rng(3), [Discard(0), worse, better], 0.0) == better
    assert played[worse] == hard_module.MIN_WORLDS  # dropped as soon as it could be
    assert played[better] == 20
    assert player.last_search["best_gain"] == pytest.approx(30.0, abs=6.0)


def test_a_move_no_better_beyond_noise_leaves_medium_s_choice(monkeypatch):
    import kalooki.ai.hard as hard_module

    _, view = next(p for p in _positions(4, every=5) if p[1].phase == Phase.PLAY)
    def fake_play_out(world, option, me, policy, rng, horizon, stop=None):
        luck = rng.below(201)
        if option == Discard(1):  # its own luck, 5 points better on average
            luck = rng.below(201) - 5
        return luck - 100.0, 10

    monkeypatch.setattr(hard_module, "_play_out", fake_play_out)
    player = HardPlayer(worlds=8)
    assert player.search(view, Rng(5), [Discard(0), Discard(1)], 0.0) == Discard(0)


def test_a_refusal_is_never_searched_into_an_allow():
    """Sampled deals cannot know that the caller wants the card, so they undervalue a
    refusal: hard may search an allow into a refusal, never the other way."""
    _, view = next(p for seed in range(1, 30) for p in _positions(seed, every=1, limit=400)
                   if p[1].phase == Phase.ALLOW)
    player = _hard()
    assert player.options(view, Refuse(), Rng(1)) == [Refuse()]
    assert player.options(view, Allow(), Rng(1)) == [Allow(), Refuse()]


_TWO_PAIRS = ["5H 5S 5D 9S 9H 9C 8C 8D QH QS", "2C 3C 4C 6D 7D JC 10C AS 4S",
              "2D 3D 4D 6H 7H JD QD AH 4H"]
"""Two groups down-ready and two pairs for the third: discarding from either pair leaves
the hand one card from its contract. The other six 8s lie in the discard pile."""


def test_outs_count_the_live_cards_that_bring_a_hand_closer():
    game = rigged(_TWO_PAIRS, discard="8S 8H 8S 8H 8C 8D", turn=0)
    view = game.view(0)
    player = HardPlayer()
    player.choose(view, Rng(0))  # sets up the evaluator for this contract
    live = player.live(view)
    keep_eights = [c for c in view.hand if card_text(c) not in ("QH", "QS")]
    keep_queens = [c for c in view.hand if card_text(c) != "8C"]
    # Queens: six live queens and four jokers complete the group; every 8 is in sight.
    assert player.ev.outs(keep_queens, live) == 10
    assert player.ev.outs(keep_eights, live) == 4


def test_hard_keeps_the_pair_that_can_still_grow():
    game = rigged(_TWO_PAIRS, discard="8S 8H 8S 8H 8C 8D", turn=0)
    game.phase = Phase.PLAY
    view = game.view(0)
    choice = HardPlayer(max_worlds=0).choose(view, Rng(0))
    # Without outs a queen would go: it carries more points than an 8.
    assert isinstance(choice, Discard) and card_text(choice.card) in ("8C", "8D")


def _play_view():
    return next(view for _, view in _positions(4, every=5) if view.phase == Phase.PLAY)


def test_a_stopped_search_ends_at_once_with_medium_s_choice():
    """Issue 30.6: the stop flag ends a search between sampled deals; the clock, frozen so
    the budget never runs out, sets it on its third reading."""
    view = _play_view()
    player = HardPlayer(max_worlds=10_000)
    readings = 0

    def frozen() -> float:
        nonlocal readings
        readings += 1
        if readings == 3:
            player.stop.set()
        return 0.0

    player.clock = frozen
    options = [a for a in view.legal if isinstance(a, Discard)][:2]
    assert player.search(view, Rng(3), options, 0.0) == options[0]
    # read as the search starts and before the second and third deals: the third deal's
    # play-outs end at their first move, and no fourth is dealt
    assert player.last_search["worlds"] == 3


def test_a_stopped_play_out_ends_at_the_next_move():
    import threading

    from kalooki.ai.hard import MAX_STEPS, _play_out

    view = _play_view()
    world = Game.new(CARIB, 4, 4)
    while world.view(world.to_act).phase != Phase.PLAY:
        world.apply(MediumPlayer().choose(world.view(world.to_act), Rng(1)), world.to_act)
    seat = world.to_act
    stop = threading.Event()
    stop.set()
    policy = [MediumPlayer() for _ in range(4)]
    option = world.legal_actions(seat)[-1]
    _, used = _play_out(world, option, seat, policy, Rng(1), MAX_STEPS, stop)
    assert used == 1  # the option itself, then nothing
    assert view.phase == Phase.PLAY


class _WildClock:
    """CPU readings that leap by 0-39 ms, a different amount each time: the timed search
    stops after a different number of sampled deals with each such clock."""

    def __init__(self, seed: int) -> None:
        self.now, self.rng = 0.0, Rng(seed)

    def __call__(self) -> float:
        self.now += self.rng.below(40) / 1000
        return self.now


def _reproducible_deal(clock_seed: int) -> tuple[list[tuple[int, str]], list[int]]:
    """One caribbean deal, a reproducible hard player in seat 0 whose clock runs wild:
    every action, and the sampled deals of each of its searches."""
    game = Game.new(CARIB, 4, 21)
    hard = HardPlayer(think_budget=0.1, reproducible=True)
    hard.clock = _WildClock(clock_seed)
    players = [hard, MediumPlayer(), MediumPlayer(), MediumPlayer()]
    rng, moves, worlds = Rng(21), [], []
    while not game.results:
        seat = game.to_act
        hard.last_search = {}
        action = players[seat].choose(game.view(seat), rng)
        if seat == 0 and hard.last_search:
            worlds.append(int(hard.last_search["worlds"]))
        moves.append((seat, action.code))
        game.apply(action, seat)
    return moves, worlds


def test_a_reproducible_search_plays_the_same_moves_however_the_clock_runs():
    """``--reproducible``: the same seed gives the same moves, the search's length counted
    in play-out moves, never read from the clock (here a different wild clock each run)."""
    moves, worlds = _reproducible_deal(1)
    assert len(worlds) >= 3 and max(worlds) >= 2  # it searched, over several deals
    assert _reproducible_deal(2) == (moves, worlds)


def test_hard_lays_its_contract_down_where_medium_holds_it_back_for_a_bent_table():
    """Against medium, holding back lost more deals than the bent tables won; only a
    gambling style (Viktor's) still holds."""
    from kalooki.ai.personalities import find_personality
    from kalooki.engine.actions import LayDown

    game = rigged(["5H 5S 5D 9S 9H 9C QH QS QD 2C 7D", "2D 3D 4D 6H 7H JD QC AH 4H",
                   "3C 4C 6D 7C 8C JC 10C AS 4S"], turn=0)
    game.phase = Phase.PLAY
    view = game.view(0)
    assert isinstance(MediumPlayer().choose(view, Rng(0)), Discard)  # holds back
    assert isinstance(HardPlayer(max_worlds=0).choose(view, Rng(0)), LayDown)
    viktor = find_personality("Viktor").style
    assert isinstance(HardPlayer(viktor, max_worlds=0).choose(view, Rng(0)), Discard)


def test_hard_calls_a_card_that_brings_it_closer_while_a_down_opponent_holds_three():
    """Medium passes once an opponent down to three cards threatens to go out; hard still
    calls: a hand caught before going down costs its owner 168 points on average."""
    from kalooki.engine.actions import Call, Pass

    view = seven_of_diamonds_on_call("AS 2S 3S")
    assert MediumPlayer().choose(view, Rng(0)) == Pass()
    assert HardPlayer(max_worlds=0).choose(view, Rng(0)) == Call()


def test_hard_calls_even_when_a_down_opponent_holds_two_but_viktor_passes():
    """With a down opponent at its last two cards medium's most eager style passes;
    hard calls all the same, and Viktor (a less eager hard style) passes."""
    from kalooki.ai.personalities import find_personality
    from kalooki.ai.player import Style
    from kalooki.engine.actions import Call, Pass

    view = seven_of_diamonds_on_call("AS 2S")
    assert MediumPlayer(Style(call_eagerness=1.0)).choose(view, Rng(0)) == Pass()
    assert HardPlayer(max_worlds=0).choose(view, Rng(0)) == Call()
    viktor = find_personality("Viktor").style
    assert HardPlayer(viktor, max_worlds=0).choose(view, Rng(0)) == Pass()


def seven_of_diamonds_on_call(down_hand: str) -> PlayerView:
    """Seat 2's view when seat 0's 7D is on call, seat 3 down holding ``down_hand``."""
    from kalooki.engine.actions import DrawStock, Pass

    game = rigged(["5H 5S 9D 8C KD QS 2C 3C 7D", "2D 3D 4D 6H 7H JD QC AH 4H",
                   "7C 7S 4C 4D JC JS 2H 9S KH", down_hand],
                  table=((3, "QH QC QD"), (3, "8H 8S 8D"), (3, "6H 6S 6C")), down=(3,),
                  turn=0)
    game.apply(DrawStock(), 0)
    game.apply(Discard(held_card(game, 0, "7D")), 0)
    while game.to_act != 2:
        assert game.phase == Phase.CALL
        game.apply(Pass(), game.to_act)
    view = game.view(2)
    assert view.phase == Phase.CALL
    return view


def held_card(game: Game, player: int, text: str) -> int:
    return next(c for c in game.hands[player] if card_text(c) == text)
