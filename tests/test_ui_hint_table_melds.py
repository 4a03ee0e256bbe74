"""A hint to put a card on a table meld (tack it on, take a joker's place, free a joker)
outlines the card and that meld, and names the meld, but does not choose the card: X, which
discards the chosen card, would throw away the card the hint said to place."""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from kalooki.engine.actions import Action, Allow, Cut, Pass, ReleaseJoker, ShiftJoker, TackOn
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.painter import prompt
from kalooki.ui.table.scene import TableScene
from kalooki.words import tr
from kalooki.words.melds import meld_name
from tests.support.keys import key

_ON_A_MELD = (TackOn, ShiftJoker, ReleaseJoker)


def _table_at_a_meld_hint(app: App) -> TableScene:
    """A Rami 40 table where the person has played every move the hint gave, up to the
    first hint that plays on a table meld, which is on screen."""
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]
    table = TableScene(app, MatchSession(preset("rami40"), seats, seed=3, ai_pause=0.0),
                       TableOptions(speed="instant"))
    app.switch(table)
    for _ in range(20000):
        view = table.view
        acting = table.session.screen_to_act
        if table.result is not None:
            table.next_deal()
        elif table.calls.asked and app.guard.drawn == table.calls.prompt():
            table.calls.answer(Pass())
        elif acting and view.phase == Phase.CUT:
            table.submit(Cut(20))
        elif acting and view.phase == Phase.ALLOW:
            table.submit(Allow())
        elif acting and view.phase in (Phase.DRAW, Phase.PLAY):
            table.show_hint()
            assert table.hand.hint is not None
            if isinstance(table.hand.hint.action, _ON_A_MELD):
                return table
            action: Action = table.hand.hint.action
            table.submit(action)
        app.run_frames(1)
    raise AssertionError("the hint never played on a table meld")


def test_a_hint_to_place_a_card_on_a_meld_names_it_and_x_does_not_discard_it(app: App
                                                                           ) -> None:
    table = _table_at_a_meld_hint(app)
    assert table.hand.hint is not None
    move = table.hand.hint.action
    assert isinstance(move, _ON_A_MELD)
    placed = move.cards if isinstance(move, ReleaseJoker) else (move.card,)
    assert not table.hand.arrangement.selected  # nothing X could throw away
    frame = table.frame()
    assert len(frame.hint_cards) == len(placed)  # the cards to place are outlined
    assert table.placement.meld_rects[move.meld] in frame.hint_places  # and the meld
    said = tr("table.prompt.hint", reason=frame.hint_reason)
    assert str(meld_name(table.view.table[move.meld].meld)) in said and said.endswith(".")
    hand = table.view.hand
    key(app, pygame.K_x)
    app.run_frames(2)
    assert table.view.hand == hand  # X discarded nothing


def test_ready_melds_after_opening_name_the_button_as_it_reads(app: App) -> None:
    table = _table_at_a_meld_hint(app)  # the person has opened: the button says Lay melds
    assert table.view.down[table.view.player]
    ready = dataclasses.replace(table.frame(), hint_reason=None, ready=True)
    assert tr("table.button.lay_more") in prompt(ready)
