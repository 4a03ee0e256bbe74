""""Not now" says what is going on to the one it is said to. A move made at the wrong
moment is refused only to the player whose turn it is (anyone else hears whose turn it
is), so each moment's sentence speaks to them: the person asked whether to allow a call
is told that they are deciding on a call, not that "the player whose turn it is" is; the
person who has drawn and clicks the stock again is told that they have drawn already,
not that "cards are being laid down" (the second click of a double-click is no click of
its own: it says nothing)."""

from __future__ import annotations

import dataclasses

import pygame

from kalooki.ai.random_player import choose_random
from kalooki.engine.actions import (
    Action,
    Allow,
    BuyIn,
    Call,
    Cut,
    DrawStock,
    DropOut,
    EndTurn,
    Pass,
    Refuse,
    TakeDiscard,
)
from kalooki.engine.deal import Phase
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.rules.choices import MatchEnd
from kalooki.engine.state import Game
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.scene import TableScene
from kalooki.words import tr
from kalooki.words.refusals import refusal_text
from tests.support.table import human_decision

OUT_OF_TURN: tuple[Action, ...] = (Cut(1), DrawStock(), TakeDiscard(), Call(), Pass(),
                                   Allow(), Refuse(), EndTurn(), BuyIn(), DropOut())


SAID = {
    Phase.CUT: "Not now: you are the dealer: cut the pack first.",
    Phase.DRAW: "Not now: it is time to draw a card.",
    Phase.CALL: "Not now: you are deciding whether to call the discard: call or pass first.",
    Phase.ALLOW: "Not now: you are deciding on a call: allow it or refuse it first.",
    Phase.PLAY: "Not now: you have already drawn; lay melds or add to them, then discard.",
    Phase.BUY_IN: "Not now: your total is over the limit: buy in or drop out first.",
}
"""What the player to act is told at each moment, for a move of another moment."""
BUYING = dataclasses.replace(preset("baby"), match_end=MatchEnd.ELIMINATION, buy_ins=2,
                             elimination_limit=60)
"""Baby Kalooki where totals soon pass the limit, so buying back in is asked too."""


def test_a_wrong_moment_is_told_to_the_player_to_act_in_their_own_words() -> None:
    """At every moment of whole random matches, any other seat hears whose turn it is,
    whatever they try (so each sentence may say "you"), and the seat to act trying a
    move of another moment hears what they are to do now."""
    phases = set()
    for seed in range(8):
        game = Game.new(BUYING, 3, seed)
        rng = Rng(seed)
        for _ in range(3000):
            seat = game.to_act
            if seat is None:
                break
            for other in set(range(game.players)) - {seat}:
                for action in OUT_OF_TURN:
                    problem = game.why_illegal(action, other)
                    assert problem is not None and problem.code != "wrong-phase"
            wrong = [problem for action in OUT_OF_TURN
                     if (problem := game.why_illegal(action, seat)) is not None
                     and problem.code == "wrong-phase"]
            assert wrong and {refusal_text(problem) for problem in wrong} == {SAID[game.phase]}
            phases.add(game.phase)
            game.apply(choose_random(game.view(seat), rng), seat)
    assert phases == set(SAID)


def table_asked(app: App, phase: Phase, seed: int = 8) -> TableScene:
    """A table where the person at the screen is asked to act in ``phase`` (on seed 7
    they deal first)."""
    seats = [Seat("You", "human", True), Seat("Marcia", "easy"), Seat("Delroy", "easy")]
    session = MatchSession(preset("baby"), seats, seed=seed, ai_pause=0.0)
    table = TableScene(app, session, TableOptions(speed="instant", settle_seconds=0.0))
    app.switch(table)
    for _ in range(20000):
        if session.screen_to_act:
            view = session.view()
            if view.phase == phase:
                return table
            assert table.submit(human_decision(view))
        app.run_frames(1)
    raise AssertionError(f"the person was never asked to act in {phase}")


def click_stock(app: App, table: TableScene, times: int = 1) -> None:
    """The stock clicked, twice in a row for a double-click."""
    pos = table.layout.stock.center
    for _ in range(times):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.run_frames(2)


def test_the_person_deciding_on_a_call_is_told_so(app: App) -> None:
    table = table_asked(app, Phase.ALLOW)
    moves = len(table.session.recorder.actions)
    click_stock(app, table)
    assert len(table.session.recorder.actions) == moves
    assert str(table.toast[0]) == SAID[Phase.ALLOW]
    app.set_language("fr")
    assert str(table.toast[0]) == tr("error.wrong_phase.allow")
    assert "vous" in str(table.toast[0]) and "le joueur dont" not in str(table.toast[0])


def test_a_double_click_on_the_stock_draws_once_and_says_nothing(app: App) -> None:
    """A double-click is one gesture: its second click is no second draw to refuse."""
    table = table_asked(app, Phase.DRAW)
    hand = len(table.session.view().hand)
    click_stock(app, table, times=2)
    view = table.session.view()
    assert view.phase == Phase.PLAY and len(view.hand) == hand + 1  # one card drawn
    assert str(table.toast[0]) == ""


def test_the_stock_clicked_again_after_the_draw_says_the_draw_is_made(app: App) -> None:
    table = table_asked(app, Phase.DRAW)
    click_stock(app, table)
    app.run_frames(60)  # longer than a double-click
    click_stock(app, table)
    assert table.session.view().phase == Phase.PLAY
    assert str(table.toast[0]) == SAID[Phase.PLAY]
    app.set_language("fr")
    assert str(table.toast[0]) == tr("error.wrong_phase.play")
    assert "vous avez déjà pioché" in str(table.toast[0])


def test_the_dealer_asked_to_cut_is_told_to_cut(app: App) -> None:
    table = table_asked(app, Phase.CUT, seed=7)
    table.hand.from_pile("discard")  # T: take the discard, before the cards are dealt
    assert str(table.toast[0]) == SAID[Phase.CUT]
