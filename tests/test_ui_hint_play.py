"""A hint to lay down stages its melds (one step Ctrl+Z takes back), so Lay down and Enter
lay them at once: the person is not left to guess how to arrange the lit cards. A hint to
discard selects its card, and lets it go once the person has played another."""

from __future__ import annotations

import dataclasses
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from kalooki.engine.actions import Action, Allow, Cut, Discard, LayDown, Pass
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.ui.app import App
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import TableOptions
from kalooki.ui.table.painter import prompt
from kalooki.ui.table.scene import TableScene
from kalooki.words import tr
from tests.support.keys import key


def _table_at_a_hint(app: App, kind: type[Action]) -> TableScene:
    """A table where the person has played every move the hint gave, up to the first
    hint of ``kind``, which is on screen."""
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]
    table = TableScene(app, MatchSession(preset("baby"), seats, seed=5, ai_pause=0.0),
                       TableOptions(speed="instant", call_seconds=5))
    app.switch(table)
    for _ in range(20000):
        view = table.view
        if table.calls.asked and app.guard.drawn == table.calls.prompt():
            table.calls.answer(Pass())
        elif table.session.screen_to_act and view.phase == Phase.CUT:
            table.submit(Cut(20))
        elif table.session.screen_to_act and view.phase == Phase.ALLOW:
            table.submit(Allow())
        elif table.session.screen_to_act and view.phase in (Phase.DRAW, Phase.PLAY):
            table.show_hint()
            assert table.hand.hint is not None
            if isinstance(table.hand.hint.action, kind):
                return table
            table.submit(table.hand.hint.action)
        app.run_frames(1)
    raise AssertionError(f"the hint never said {kind.__name__}")


def test_a_lay_down_hint_stages_the_melds_and_enter_lays_them(app: App) -> None:
    table = _table_at_a_hint(app, LayDown)
    assert table.hand.hint is not None
    lay = table.hand.hint.action
    assert isinstance(lay, LayDown)
    assert sorted(map(sorted, table.hand.arrangement.staged)) == \
        sorted(sorted(spec.cards) for spec in lay.melds)
    assert table.hand.lays and table.buttons["lay"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # one step back: nothing staged
    assert not table.hand.arrangement.staged
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    staged_by_hand = dataclasses.replace(table.frame(), hint_reason=None)
    assert staged_by_hand.ready and prompt(staged_by_hand) == tr("table.prompt.ready")
    key(app, pygame.K_RETURN)
    assert table.session.view().down[table.view.player]


def test_staging_melds_is_one_step_and_puts_the_rest_back_in_the_hand() -> None:
    edits = HandEdits()
    edits.follow(list(range(10)), dealt=True)
    edits.stage([9, 8], None)
    edits.advise("the hint", lambda cards: cards.stage_only([(0, 1, 2), (3, 4, 5)]))
    assert edits.arrangement.staged == [[0, 1, 2], [3, 4, 5]]
    assert set(edits.arrangement.order) == {6, 7, 8, 9}
    assert edits.arrangement.advice == "the hint"
    assert edits.undo() and edits.arrangement.staged == [[9, 8]]
    assert edits.arrangement.advice is None


def test_the_card_a_hint_chose_is_let_go_once_another_is_discarded(app: App) -> None:
    table = _table_at_a_hint(app, Discard)
    assert table.hand.hint is not None
    chosen = table.hand.hint.action
    assert isinstance(chosen, Discard)
    suggested = chosen.card
    assert table.hand.arrangement.selected == {suggested}
    other = next(a for a in table.view.legal
                 if isinstance(a, Discard) and a.card != suggested)
    # the person threw another card by double-click: its first click chose it too
    table.hand.rearrange(lambda edits: edits.toggle(other.card))
    table.submit(other)
    assert table.hand.hint is None
    assert suggested in table.session.view().hand
    assert suggested not in table.hand.arrangement.selected
