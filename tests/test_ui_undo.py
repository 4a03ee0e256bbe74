"""Undo and redo of what is not yet played: the arrangement's gestures (pure, with
hypothesis) and the table's keys, buttons and marks (headless)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.engine.actions import Action, DrawStock
from kalooki.engine.cards import sort_key_rank, sort_key_suit
from kalooki.ui.app import App
from kalooki.ui.hand.edits import HandEdits
from kalooki.ui.table.scene import TableScene
from tests.support.table import table_at_draw
from tests.support.ui import shown

HAND = list(range(0, 26, 2))
"""Thirteen card ids, as a dealt hand."""

Gesture = Callable[[HandEdits], object]


@st.composite
def gestures(draw: st.DrawFn) -> Gesture:
    """One gesture of a person arranging their hand, chosen among every kind there is."""
    kind = draw(st.sampled_from(["toggle", "clear", "shift", "sort", "stage", "to_hand",
                                 "unstage", "drag"]))
    card = draw(st.sampled_from(HAND))
    index = draw(st.none() | st.integers(0, 14))
    if kind == "toggle":
        return lambda e: e.toggle(card)
    if kind == "clear":
        return lambda e: e.clear_selection()
    if kind == "shift":
        step = draw(st.sampled_from([-1, 1]))
        return lambda e: e.shift(step)
    if kind == "sort":
        key = draw(st.sampled_from([sort_key_suit, sort_key_rank]))
        return lambda e: e.sort(key)
    if kind == "stage":
        return lambda e: e.stage(e.arrangement.chosen() or [card], index)
    if kind == "to_hand":
        return lambda e: e.to_hand(e.arrangement.chosen() or [card], index)
    if kind == "unstage":
        return lambda e: e.unstage(e.arrangement.chosen())

    def dragged(e: HandEdits) -> None:  # picked up, dropped in the hand at ``index``
        cards = e.lift(card)
        e.to_hand(cards, index)
        e.settle()
    return dragged


def dealt() -> HandEdits:
    edits = HandEdits()
    edits.follow(HAND, dealt=True)
    return edits


@settings(max_examples=150, deadline=None)
@given(st.lists(gestures(), min_size=1, max_size=25))
def test_undo_and_redo_walk_back_and_forth_through_every_arrangement(moves: list[Gesture]
                                                                     ) -> None:
    edits = dealt()
    seen = [edits.arrangement.snapshot()]
    for move in moves:
        move(edits)
        now = edits.arrangement.snapshot()
        if now != seen[-1]:  # a gesture that changed nothing is no step
            seen.append(now)
    assert sorted(edits.arrangement.all_cards()) == HAND  # no card lost or doubled
    for earlier in reversed(seen[:-1]):
        assert edits.undo()
        assert edits.arrangement.snapshot() == earlier
    assert not edits.undo()
    for later in seen[1:]:
        assert edits.redo()
        assert edits.arrangement.snapshot() == later
    assert not edits.redo()


def test_a_new_gesture_forgets_what_was_undone_and_a_move_ends_the_history() -> None:
    edits = dealt()
    edits.toggle(HAND[0])
    edits.sort(sort_key_rank)
    edits.undo()
    edits.toggle(HAND[1])
    assert not edits.redo()
    assert edits.arrangement.selected == {HAND[0], HAND[1]}
    edits.committed()
    assert not edits.undo() and edits.arrangement.selected == {HAND[0], HAND[1]}


def test_unstaging_leaves_the_hand_in_its_order() -> None:
    """U takes staged cards back; a chosen card already in the hand stays where it is
    (it used to jump to the end, undoing a manual order)."""
    edits = dealt()
    edits.stage([HAND[3], HAND[4]], None)
    order = list(edits.arrangement.order)
    edits.toggle(HAND[0])
    edits.unstage(edits.arrangement.chosen())
    assert edits.arrangement.order == order and edits.arrangement.staged
    edits.unstage([])
    assert edits.arrangement.order == [*order, HAND[3], HAND[4]]
    assert not edits.arrangement.staged


def test_u_with_nothing_chosen_takes_back_the_last_meld_only() -> None:
    """U with nothing chosen took back every staged meld: a newcomer lost two melds to
    one press. It peels off the meld staged last, one press each."""
    edits = dealt()
    edits.stage([HAND[3], HAND[4]], None)
    edits.stage([HAND[6], HAND[7]], None)
    first = list(edits.arrangement.staged[0])
    edits.unstage([])
    assert [list(meld) for meld in edits.arrangement.staged] == [first]
    assert edits.arrangement.order[-2:] == [HAND[6], HAND[7]]
    edits.unstage([])
    assert not edits.arrangement.staged


def test_a_drag_carries_the_selection_only_when_it_picks_up_a_selected_card() -> None:
    """The hint selects its card; dragging another card must not carry that one along
    (it was refused as "A♠ does not belong in a group of 5s")."""
    edits = dealt()
    edits.toggle(HAND[0])  # as the hint leaves it
    assert edits.lift(HAND[5]) == [HAND[5]]
    edits.settle()
    edits.toggle(HAND[7])  # HAND[5] and HAND[7] chosen
    assert sorted(edits.lift(HAND[7])) == [HAND[5], HAND[7]]


def test_cards_that_come_in_are_fresh_until_the_next_move_and_end_the_history() -> None:
    edits = dealt()
    assert not edits.fresh  # a dealt hand is no draw
    edits.toggle(HAND[0])
    edits.follow([*HAND, 99], dealt=False)
    assert edits.fresh == {99} and not edits.history.can_undo
    edits.committed()
    assert not edits.fresh


# --- at the table -------------------------------------------------------------------------

def key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                         scancode=0))
    app.run_frames(1)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.run_frames(2)


def card_point(table: TableScene, card: int) -> tuple[int, int]:
    x, y, width = table.placement.spots[card]
    return x + max(4, width // 8), y + width // 2


def test_ctrl_z_ctrl_y_and_the_buttons_undo_and_redo_at_the_table(app: App) -> None:
    table = table_at_draw(app)
    first, second = table.hand.arrangement.order[:2]
    assert not table.buttons["undo"].is_enabled and not table.buttons["redo"].is_enabled
    before = table.hand.arrangement.snapshot()
    click(app, card_point(table, first))
    key(app, pygame.K_g)  # staged
    assert table.hand.arrangement.staged == [[first]] and table.buttons["undo"].is_enabled
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.hand.arrangement.selected == {first} and not table.hand.arrangement.staged
    click(app, table.buttons["undo"].rect.center)
    assert table.hand.arrangement.snapshot() == before and table.buttons["redo"].is_enabled
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert table.hand.arrangement.selected == {first}
    key(app, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)  # Ctrl+Shift+Z redoes
    assert table.hand.arrangement.staged == [[first]]
    click(app, table.buttons["redo"].rect.center)  # nothing left to redo: no change
    assert table.hand.arrangement.staged == [[first]]
    click(app, card_point(table, second))
    assert shown(table.buttons["undo"]) == "Undo"
    committed(app, table, DrawStock())
    assert not table.buttons["undo"].is_enabled  # a move the engine took ends it


def committed(app: App, table: TableScene, action: Action) -> None:
    assert table.submit(action)
    app.run_frames(1)
    assert not table.hand.edits.history.can_undo


def test_a_click_on_bare_felt_lets_go_of_the_selection(app: App) -> None:
    table = table_at_draw(app)
    card = table.hand.arrangement.order[0]
    click(app, card_point(table, card))
    assert table.hand.arrangement.selected == {card}
    layout = table.layout
    felt = (layout.stock.right + 4, layout.my_melds.top - 6)  # between the piles' row
    assert not any(r.collidepoint(felt) for r in (layout.staging, layout.hand, layout.my_melds,
                                                   layout.discard, layout.stock))
    click(app, felt)
    assert not table.hand.arrangement.selected
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.hand.arrangement.selected == {card}


def test_the_card_just_drawn_is_marked_until_the_next_move(app: App) -> None:
    table = table_at_draw(app)
    hand = set(table.session.view().hand)
    committed(app, table, DrawStock())
    drawn = set(table.session.view().hand) - hand
    assert table.hand.edits.fresh == drawn
    app.run_frames(5)
    sprites = {s.face: s for s in table.frame().cards}
    marked = [s for s in table.frame().cards if s.fresh]
    assert len(marked) == 1 and not any(s.fresh for s in sprites.values() if s not in marked)
    view = table.session.view()
    discard = next(a for a in view.legal if a.code.startswith("discard")
                   and a.card not in drawn)  # type: ignore[attr-defined]
    committed(app, table, discard)
    assert not table.hand.edits.fresh and not any(s.fresh for s in table.frame().cards)
