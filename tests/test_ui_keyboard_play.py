"""Playing at the table by keyboard alone: a whole deal with no mouse event (the same
plan as the mouse's deal in test_ui_table, each action made with the keys: the focus
walked to a card with the arrows, Space to choose it, the letters and Enter to act)."""

from __future__ import annotations

import pygame

from kalooki.engine.actions import DrawStock
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


def test_up_and_down_walk_the_rows_as_they_lie_table_staged_cards_hand(
        app: App, good_seed: int) -> None:
    """Three cards chosen with the arrows and Space, staged with G. From the
    hand ↑ reaches the staged cards, and ↓ from there goes back to the hand (it did
    nothing: the staged cards were the hand's row); from the table ↓ goes through the
    staged cards to the hand."""
    from tests.support.keys import choose

    table = TableScene(app, make_session(good_seed), INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    by_keys(app, table, DrawStock())
    arrangement, keys = table.hand.arrangement, table.input.keys
    three = tuple(arrangement.order[:3])
    choose(app, table, three)
    key(app, pygame.K_g)
    assert sorted(arrangement.staged[-1]) == sorted(three)

    def focused() -> object:
        found = keys.current(table, _places(table))
        assert found is not None
        return found[0]

    key(app, pygame.K_UP)
    assert focused() in three, "↑ from the hand: the staged cards"
    key(app, pygame.K_LEFT)
    assert focused() in three
    key(app, pygame.K_DOWN)
    assert focused() in arrangement.order, "↓ from the staged cards: the hand"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert focused() == "stock"
    key(app, pygame.K_DOWN)
    assert focused() in three
    key(app, pygame.K_DOWN)
    assert focused() in arrangement.order
    key(app, pygame.K_DOWN)
    assert focused() in arrangement.order, "the hand is the bottom row"
