"""Playing at the table by keyboard alone: a whole deal with no mouse event (the same
plan as the mouse's deal in test_ui_table, each action made with the keys: the focus
walked to a card with the arrows, Space to choose it, the letters and Enter to act)."""

from __future__ import annotations

import pygame

from kalooki.ui.app import App
from kalooki.ui.table.keys import FOCUS_COLOUR
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from tests.support.keys import _places, by_keys, key
from tests.support.table import make_session, play_whole_deal, wait_for_human


def test_a_whole_deal_played_with_the_keyboard_alone(app: App, good_seed: int) -> None:
    table, kinds = play_whole_deal(app, good_seed, by_keys)
    assert {"draw", "lay", "tack", "discard"} <= set(kinds)
    assert table.session.game.results[0].winner is not None
    key(app, pygame.K_RETURN)  # the summary's next deal, by key too
    assert table.result is None


def test_the_focus_is_drawn_while_the_keys_are_in_use_and_a_click_hides_it(
        app: App, good_seed: int) -> None:
    table = TableScene(app, make_session(good_seed), INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    keys = table.input.keys
    assert not keys.shown
    key(app, pygame.K_RIGHT)
    assert keys.shown and keys.row == "cards"
    focused = keys.current(table, _places(table))
    assert focused is not None and focused[0] == table.hand.arrangement.all_cards()[0]
    key(app, pygame.K_RIGHT)
    focused = keys.current(table, _places(table))
    assert keys.index == 1 and focused is not None
    edge = (focused[1].centerx, focused[1].top - 2)
    assert tuple(app.surface.get_at(edge))[:3] == FOCUS_COLOUR
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 300), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 300), button=1))
    app.run_frames(2)
    assert not keys.shown and tuple(app.surface.get_at(edge))[:3] != FOCUS_COLOUR
