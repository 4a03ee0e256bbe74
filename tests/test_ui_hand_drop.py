"""A card drawn by dragging a pile to the hand lands where it was let go, as the hand's
own cards do when moved (on a staged meld or the staging area it is staged there); a click
or a key still puts it at the end. Headless, the mouse
and keys posted as a person makes them."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from kalooki.engine.cards import sort_key_rank, sort_key_suit
from kalooki.ui.app import App
from kalooki.ui.table.scene import TableScene
from tests.support.keys import key
from tests.support.table import card_centre, click, drag, post, table_at_draw
from tests.support.ui import press, settle


def between(table: TableScene, index: int) -> tuple[int, int]:
    """A point on the hand between its ``index - 1``-th and ``index``-th cards' middles
    (past the last card's middle for the hand's length)."""
    half = table.layout.card_w // 2
    lefts = [left for left, _ in table.placement.hand_xs]
    right = lefts[index] if index < len(lefts) else lefts[-1] + 2 * half
    return (lefts[index - 1] + right) // 2 + half, table.layout.hand.centery


def pile(table: TableScene, name: str) -> tuple[int, int]:
    return (table.layout.stock if name == "stock" else table.layout.discard).center


def drawn_by(table: TableScene, action: object) -> int:
    """The card the hand holds now and did not before ``action`` ran."""
    before = set(table.session.view().hand)
    action()  # type: ignore[operator]
    new = set(table.session.view().hand) - before
    assert len(new) == 1, "no card came into the hand"
    return new.pop()


@pytest.mark.parametrize("source", ["discard", "stock"])
def test_a_pile_dragged_between_two_cards_puts_the_card_there(app: App, source: str) -> None:
    table = table_at_draw(app)
    before = list(table.hand.arrangement.order)
    settle(app)
    card = drawn_by(table, lambda: drag(app, pile(table, source), between(table, 3)))
    assert table.hand.arrangement.order == [*before[:3], card, *before[3:]]
    assert card in table.hand.edits.fresh  # still marked as the card just drawn
    assert not table.hand.edits.history.can_undo  # part of the draw: nothing to undo


def test_a_pile_dragged_past_the_last_card_puts_it_at_the_end(app: App) -> None:
    table = table_at_draw(app)
    before = list(table.hand.arrangement.order)
    settle(app)
    card = drawn_by(table, lambda: drag(app, pile(table, "discard"),
                                        between(table, len(before))))
    assert table.hand.arrangement.order == [*before, card]


@pytest.mark.parametrize("source", ["discard", "stock"])
def test_a_pile_dragged_to_the_staging_area_stages_the_card_drawn(app: App,
                                                                  source: str) -> None:
    table = table_at_draw(app)
    settle(app)
    free = table.layout.staging.midleft[0] + 20, table.layout.staging.centery
    card = drawn_by(table, lambda: drag(app, pile(table, source), free))
    assert table.hand.arrangement.staged == [[card]]
    assert card not in table.hand.arrangement.order
    assert card in table.hand.edits.fresh
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # staging it was the person's: undone alone
    assert table.hand.arrangement.staged == []
    assert card in table.hand.arrangement.order
    assert card in table.session.view().hand


def held_over(app: App, start: tuple[int, int], over: tuple[int, int]) -> None:
    """A press at ``start`` carried to ``over`` and still held."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0))
    app.run_frames(1)


def test_a_pile_dragged_while_it_may_be_drawn_lights_the_staging_area(app: App) -> None:
    table = table_at_draw(app)
    settle(app)
    held_over(app, pile(table, "stock"), table.layout.staging.center)
    assert table.frame().lit.staging
    post(pygame.MOUSEBUTTONUP, pos=table.layout.hand.center, button=1)
    app.run_frames(1)
    settle(app)  # drawn: the discard pile may no longer be taken
    held_over(app, pile(table, "discard"), table.layout.staging.center)
    assert not table.frame().lit.staging


def test_a_pile_dragged_onto_a_staged_meld_joins_it(app: App) -> None:
    table = table_at_draw(app)
    first = table.hand.arrangement.order[0]
    settle(app)
    drag(app, card_centre(table, first), table.layout.staging.center)
    assert table.hand.arrangement.staged == [[first]]
    settle(app)
    card = drawn_by(table, lambda: drag(app, pile(table, "discard"),
                                        table.placement.staged_rects[0].center))
    assert sorted(table.hand.arrangement.staged[0]) == sorted([first, card])
    assert len(table.hand.arrangement.staged) == 1


@pytest.mark.parametrize(("key", "order"), [(pygame.K_s, sort_key_suit),
                                             (pygame.K_r, sort_key_rank)])
def test_a_drop_into_a_sorted_hand_stays_where_it_was_let_go(app: App, key: int,
                                                            order: object) -> None:
    """Sorting is a one-off arrangement (as Shift+arrows are moves): the drop is the
    player's own order from then on, never sorted in behind their back."""
    table = table_at_draw(app)
    press(app, key)
    before = list(table.hand.arrangement.order)
    assert before == sorted(before, key=order)  # type: ignore[arg-type]
    settle(app)
    card = drawn_by(table, lambda: drag(app, pile(table, "stock"), between(table, 1)))
    assert table.hand.arrangement.order == [before[0], card, *before[1:]]


@pytest.mark.parametrize("how", ["D", "T", "click stock", "click discard"])
def test_a_draw_by_key_or_click_still_goes_to_the_end(app: App, how: str) -> None:
    table = table_at_draw(app)
    press(app, pygame.K_s)  # even in a sorted hand: not sorted in
    before = list(table.hand.arrangement.order)
    settle(app)
    if how in ("D", "T"):
        card = drawn_by(table, lambda: press(app, pygame.K_d if how == "D" else pygame.K_t))
    else:
        card = drawn_by(table, lambda: click(app, pile(table, how.split()[1])))
    assert table.hand.arrangement.order == [*before, card]


@pytest.mark.parametrize("source", ["discard", "stock"])
def test_a_dragged_pile_card_stays_under_the_pointer_where_it_was_grabbed(
        app: App, source: str) -> None:
    """The card drawn under the pointer keeps the grab of the pile pressed (the discard's
    own, not the stock's), so it is let go where it is seen and lands there."""
    table = table_at_draw(app)
    settle(app)
    rect = table.layout.stock if source == "stock" else table.layout.discard
    start = (rect.left + 10, rect.top + 12)
    held = between(table, 3)
    held_over(app, start, held)
    (card,) = table.frame().dragged
    assert (card.x, card.y) == (held[0] - 10, held[1] - 12)
    post(pygame.MOUSEBUTTONUP, pos=held, button=1)
    app.run_frames(1)
