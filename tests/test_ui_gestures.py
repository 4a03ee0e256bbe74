"""What gestures mean, as pure functions of the player's view: no window, no session.
Where a gesture could mean several moves the legal one is chosen (with the player's own
copy of a card); where none is legal the plain attempt comes back for the engine to
refuse with its reason."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki.ai.random_player import choose_random
from kalooki.engine.actions import (
    Call,
    Cut,
    Discard,
    DrawStock,
    EndTurn,
    ReleaseJoker,
    TackOn,
    TakeDiscard,
)
from kalooki.engine.cards import face_of, parse_cards
from kalooki.engine.melds import HIGH, LOW
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.state import Game, Phase
from kalooki.ui.table import gestures
from tests.support.rig import rigged

CARIB = preset("caribbean")
KALOOKI51 = preset("kalooki51")
FILLER = ("2S 3S 5S 8D 10C QC 4C 6C 8D 2D 4D 7D 9C", "4S 6C 10D JC 2C 3C 6S 8S QD 5D 7C KC AS")
"""Two more hands without a heart, for the runs of hearts below."""


def ids(game: Game, player: int, text: str) -> list[int]:
    """The ids of these faces in ``player``'s hand (first copies first)."""
    hand = list(game.hands[player])
    found: list[int] = []
    for face in (face_of(card) for card in parse_cards(text.split())):
        found.append(next(c for c in hand if c not in found and face_of(c) == face))
    return found


def drawn(game: Game) -> Game:
    """The player to act, after drawing from the stock: in the play phase."""
    seat = game.to_act
    assert seat is not None
    game.apply(DrawStock(), seat)
    return game


def down_with_a_run() -> Game:
    """Seat 0 is down with 5H 6H 7H 8H on the table and holds 4H, 9H, 9C, KD."""
    return drawn(rigged(["4H 9H 9C KD", *FILLER], table=((0, "5H 6H 7H 8H"),), down=(0,),
                        stock="2C"))


# --- piles and the cut -----------------------------------------------------------------

def test_the_piles_mean_draw_and_take() -> None:
    view = rigged(["4H 8H 9C KD", *FILLER], discard="QS").view(0)
    rng = random.Random(1)
    assert gestures.from_pile(view, "stock", rng) == DrawStock()
    assert gestures.from_pile(view, "discard", rng) == TakeDiscard()


def test_the_stock_while_cutting_cuts_anywhere_and_a_drag_cuts_there() -> None:
    game = Game.new(CARIB, 3, seed=4)
    dealer = game.to_act
    assert dealer is not None and game.phase == Phase.CUT
    view = game.view(dealer)
    aims = gestures.cut_aims(view)
    assert aims == sorted(a.aim for a in game.legal_actions(dealer))
    clicked = gestures.from_pile(view, "stock", random.Random(3))
    assert isinstance(clicked, Cut) and clicked.aim in aims
    assert gestures.cut(view, 0.0, random.Random(3)) == Cut(aims[0])
    assert gestures.cut(view, 1.0, random.Random(3)) == Cut(aims[-1])
    middle = gestures.cut(view, 0.5, random.Random(3))
    assert middle is not None and abs(middle.aim - (aims[-1] + 1) / 2) <= 1
    other = game.view((dealer + 1) % 3)  # not this player's cut: nothing to cut
    assert gestures.cut(other, 0.5, random.Random(3)) is None


def test_one_card_is_discarded_and_more_get_a_nudge() -> None:
    game = down_with_a_run()
    four, nine = ids(game, 0, "4H 9H")
    view = game.view(0)
    assert gestures.discard(view, [four]) == Discard(four)
    assert isinstance(gestures.discard(view, [four, nine]), gestures.Nudge)
    assert isinstance(gestures.discard(view, []), gestures.Nudge)


def test_the_last_card_in_hand_is_discarded_without_choosing_it() -> None:
    """X with one card left goes out with it (a newcomer was told to select it first)."""
    game = down_with_a_run()
    four, nine = ids(game, 0, "4H 9H")
    last = dataclasses.replace(game.view(0), hand=(nine,))
    assert gestures.discard(last, []) == Discard(nine)
    assert gestures.discard(last, [nine]) == Discard(nine)
    assert isinstance(gestures.discard(dataclasses.replace(last, hand=(four, nine)), []),
                      gestures.Nudge)


def test_clicking_the_discard_pile_depends_on_the_moment() -> None:
    game = rigged(["4H 8H 9C KD", *FILLER], discard="QS")
    assert gestures.click_discard(game.view(0), []) == TakeDiscard()
    drawn(game)
    four = ids(game, 0, "4H")
    assert gestures.click_discard(game.view(0), four) == Discard(four[0])
    assert gestures.click_discard(game.view(0), []) == TakeDiscard()  # refused: drawn
    only_jokers = drawn(rigged(["JK", "4S 5S", "6S 7S"], stock="JK"))
    assert gestures.click_discard(only_jokers.view(0), []) == EndTurn()
    calling = rigged(["4H 8H 9C KD", *FILLER])
    drawn(calling)
    calling.apply(Discard(ids(calling, 0, "KD")[0]), 0)
    assert calling.phase == Phase.CALL
    caller = calling.to_act
    assert caller is not None
    assert gestures.click_discard(calling.view(caller), []) == Call()


# --- melds on the table ----------------------------------------------------------------

def test_a_card_dropped_on_the_wrong_end_of_a_run_goes_to_the_end_it_fits() -> None:
    game = down_with_a_run()
    view = game.view(0)
    four, nine = ids(game, 0, "4H 9H")
    assert gestures.tack(view, four, 0, HIGH) == TackOn(four, 0, LOW)
    assert gestures.tack(view, nine, 0, LOW) == TackOn(nine, 0, HIGH)
    assert gestures.tack(view, nine, 0, HIGH) == TackOn(nine, 0, HIGH)
    for action in (gestures.tack(view, four, 0, HIGH), gestures.tack(view, nine, 0, LOW)):
        assert game.is_legal(action, 0)


def test_a_card_that_fits_nowhere_comes_back_as_the_plain_attempt() -> None:
    game = down_with_a_run()
    king = ids(game, 0, "KD")[0]
    attempt = gestures.tack(game.view(0), king, 0, LOW)
    assert attempt == TackOn(king, 0, LOW)
    refusal = game.why_illegal(attempt, 0)
    assert refusal is not None  # the engine says why


def test_the_players_own_copy_is_the_one_tacked() -> None:
    """Two packs hold two 4H; the engine lists one of them, the gesture moves the other."""
    game = drawn(rigged(["4H 4H 9C KD", *FILLER], table=((0, "5H 6H 7H 8H"),), down=(0,),
                        stock="2C"))
    view = game.view(0)
    listed = {a.card for a in view.legal if isinstance(a, TackOn)}
    first, second = ids(game, 0, "4H 4H")
    assert listed == {first}
    assert gestures.tack(view, second, 0, HIGH) == TackOn(second, 0, LOW)  # fits low only
    assert game.is_legal(TackOn(second, 0, LOW), 0)


def test_several_cards_go_on_nearest_the_meld_first() -> None:
    game = drawn(rigged(["3H 4H 9H 10H", *FILLER], table=((0, "5H 6H 7H 8H"),), down=(0,),
                        stock="2C"))
    view = game.view(0)
    three, four, nine, ten = ids(game, 0, "3H 4H 9H 10H")
    assert gestures.tack_order(view, [three, four], 0, LOW) == [four, three]
    assert gestures.tack_order(view, [ten, nine], 0, HIGH) == [nine, ten]


def release_game() -> Game:
    """Kalooki 51: Marcia's 7S 7H JK on the table; seat 0, opened, holds 7C and 7D."""
    return drawn(rigged(["7C 7D 2S 9H KD", "3C 5H 8S QS JD", "4S 6C 10D JC 2H"],
                        rules=KALOOKI51, table=((1, "7S 7H JK"), (0, "3D 4D 5D")),
                        down=(0, 1), stock="KS"))


def test_two_naturals_on_a_group_free_its_joker() -> None:
    game = release_game()
    view = game.view(0)
    seven_c, seven_d = ids(game, 0, "7C 7D")
    freed = gestures.release(view, [seven_d, seven_c], 0)
    assert isinstance(freed, ReleaseJoker) and sorted(freed.cards) == sorted([seven_c,
                                                                               seven_d])
    assert game.is_legal(freed, 0)
    assert gestures.targets(view, [seven_c, seven_d]) == ({0}, False)
    assert gestures.release(view, [seven_c, seven_d], 1) is None  # the run holds no joker


def test_a_pair_that_cannot_free_the_joker_is_still_tried_for_the_reason() -> None:
    game = drawn(rigged(["7C 7D 2S 9H KD", "3C 5H 8S QS JD", "4S 6C 10D JC 2H"],
                        rules=KALOOKI51, table=((1, "7S 7H JK"),), down=(1,), stock="KS"))
    view = game.view(0)  # seat 0 has not opened: no release is legal
    pair = ids(game, 0, "7C 7D")
    attempt = gestures.release(view, pair, 0)
    assert attempt == ReleaseJoker(tuple(pair), 0)
    assert game.why_illegal(attempt, 0) is not None
    assert gestures.release(view, pair[:1], 0) is None  # one card: a tack, not a release


def test_targets_light_what_the_dragged_cards_may_join() -> None:
    game = down_with_a_run()
    view = game.view(0)
    four, nine, king = ids(game, 0, "4H 9H KD")
    assert gestures.targets(view, [four]) == ({0}, True)
    assert gestures.targets(view, [king]) == (frozenset(), True)
    assert gestures.targets(view, [four, nine]) == ({0}, False)  # two cards: no discard


# --- the invariant: what the view offers, the engine accepts ----------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(10, 400), rng_seed=st.integers(0, 999))
def test_a_gesture_chosen_from_the_view_is_accepted_by_the_engine(seed: int, steps: int,
                                                                  rng_seed: int) -> None:
    """Wherever random play leaves a player in the play phase, every tack and release a
    gesture picks as legal (from the view's one card per face) the engine accepts with
    the player's own copy, and every plain attempt it returns the engine refuses."""
    recorder = Recorder.new(CARIB, 4, seed)
    game, rng = recorder.game, Rng(rng_seed)
    for _ in range(steps):
        seat = game.to_act
        if seat is None:
            return
        recorder.apply(choose_random(game.view(seat), rng), seat)
    for _ in range(60):  # on to someone's play phase
        seat = game.to_act
        if seat is None or game.phase == Phase.PLAY:
            break
        recorder.apply(choose_random(game.view(seat), rng), seat)
    seat = game.to_act
    if seat is None or game.phase != Phase.PLAY:
        return
    view = game.view(seat)
    for card in view.hand:
        for meld in range(len(view.table)):
            for end in (LOW, HIGH, ""):
                action = gestures.tack(view, card, meld, end)
                offered = any(gestures._face_key(a) == gestures._face_key(action)
                              for a in view.legal)
                assert game.is_legal(action, seat) == offered, action
            release = gestures.release(view, [card], meld)
            if release is not None:  # one natural on a run: offered only when legal
                assert game.is_legal(release, seat), release


def test_the_tables_rooms_read_the_players_view_never_the_game() -> None:
    """The table looks through the session's view of one player; the game itself (every
    hand) and its record are the session's alone."""
    table = Path(__file__).resolve().parents[1] / "kalooki" / "ui" / "table"
    for path in sorted(table.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("game", "recorder"):
                owner = node.value
                named = owner.attr if isinstance(owner, ast.Attribute) else getattr(
                    owner, "id", "")
                assert named != "session", f"{path.name}:{node.lineno} reads session.{node.attr}"
