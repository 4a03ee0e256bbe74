"""Undo after Hint takes the hint back, all of it: the card it selected (or the melds it
staged) and the hint itself, its line and its outlines; Redo brings both again. Undo is
lit after Hint because there is something to take back, and greyed after taking it back
it says that what was undone can be redone, not that there was nothing to undo."""

from __future__ import annotations

import pygame

from kalooki.engine.actions import Discard, DrawStock
from kalooki.ui.app import App
from kalooki.ui.art.highlight import selection_ring
from kalooki.ui.table.scene import TableScene
from kalooki.words import tr
from tests.support.keys import key
from tests.support.table import table_at_draw
from tests.support.ui import click, hover, tip_of


def table_after_draw(app: App) -> TableScene:
    """A table where the person at the screen has just drawn and is to play on."""
    table = table_at_draw(app)
    assert table.submit(DrawStock())
    app.run_frames(1)
    return table


def test_undo_after_hint_takes_back_the_hint_and_redo_brings_it_again(app: App) -> None:
    table = table_after_draw(app)
    undo, redo = table.buttons["undo"], table.buttons["redo"]
    assert not undo.is_enabled
    key(app, pygame.K_h)
    hinted = table.frame()
    assert isinstance(table.hand.hint.action if table.hand.hint else None, Discard)
    card = table.hand.hint.action.card  # type: ignore[union-attr]
    assert table.hand.arrangement.selected == {card}
    assert hinted.hint_reason is not None and hinted.hint_cards
    assert undo.is_enabled  # there is something to take back: the hint

    click(app, undo)
    undone = table.frame()
    assert not table.hand.arrangement.selected
    assert undone.hint_reason is None and not undone.hint_cards and not undone.hint_places
    assert not undo.is_enabled and redo.is_enabled
    hover(app, undo)  # the pointer is still on it: it says what it did, not "nothing"
    assert tip_of(undo) == ("Nothing more to undo since your last move; "
                            "Redo (Ctrl+Y) does again what Undo took back")

    click(app, redo)
    assert table.hand.arrangement.selected == {card}
    assert table.frame().hint_reason == hinted.hint_reason
    assert table.frame().hint_cards == hinted.hint_cards

    key(app, pygame.K_z, pygame.KMOD_CTRL)  # taken back again, then a gesture of one's own
    other = next(c for c in table.hand.arrangement.order if c != card)
    table.hand.rearrange(lambda edits: edits.toggle(other))
    assert table.frame().hint_reason is None  # the hint does not come back with it
    assert not redo.is_enabled


def test_a_gesture_after_the_hint_keeps_it_until_the_hint_itself_is_undone(app: App) -> None:
    table = table_after_draw(app)
    key(app, pygame.K_h)
    assert table.hand.hint is not None
    card = table.hand.hint.action.card  # type: ignore[attr-defined]
    other = next(c for c in table.hand.arrangement.order if c != card)
    table.hand.rearrange(lambda edits: edits.toggle(other))
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the gesture taken back: the hint stays
    assert table.hand.arrangement.selected == {card}
    assert table.frame().hint_reason is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # then the hint
    assert table.frame().hint_reason is None and not table.buttons["undo"].is_enabled


def test_the_greyed_undo_after_an_undo_says_so_in_french(app: App) -> None:
    table = table_after_draw(app)
    key(app, pygame.K_h)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.set_language("fr")
    undo = table.buttons["undo"]
    hover(app, undo)
    assert tip_of(undo) == tr("table.undo_done_greyed_tip")
    assert tip_of(undo).startswith("Plus rien à annuler")


def test_hint_asked_twice_is_taken_back_by_one_undo(app: App) -> None:
    """The same hint asked again changes nothing on screen, so it is no second step."""
    table = table_after_draw(app)
    key(app, pygame.K_h)
    key(app, pygame.K_h)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.hand.hint is None and not table.hand.arrangement.selected
    assert not table.buttons["undo"].is_enabled


def test_the_card_a_hint_chose_still_shows_its_gold_ring_inside_the_hint_outline(
        app: App) -> None:
    """The hint chooses the card it plays: its outline is drawn beyond the chosen card's
    gold ring, so a player sees the card is chosen (and that G would stage it too)."""
    table = table_after_draw(app)
    key(app, pygame.K_h)
    app.run_frames(1)
    (rect,) = table.frame().hint_cards
    ring = selection_ring(rect.width)
    gold = app.surface.get_at((rect.left - ring // 2 - 1, rect.centery))[:3]
    assert gold[0] > 200 and gold[1] > 170 and gold[2] < 140, gold  # the ring, not cyan
    outline = app.surface.get_at((rect.left - ring - 3, rect.centery))[:3]
    assert outline[2] > 200 and outline[0] < 160, outline  # the hint's cyan beyond it
