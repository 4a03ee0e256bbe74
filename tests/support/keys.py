"""Moves made with the keyboard alone."""

from __future__ import annotations

import pygame

from kalooki.engine.actions import (
    Action,
    Allow,
    Cut,
    Discard,
    DrawStock,
    LayDown,
    Pass,
    TackOn,
    parse_action,
)
from kalooki.ui.app import App
from kalooki.ui.table.input import Place
from kalooki.ui.table.scene import TableScene
from tests.support.ui import key_press, settle


def key(app: App, code: int, mod: int = 0) -> None:
    """A key pressed and let go, once what it answers has been up long enough."""
    settle(app)
    for event in key_press(code, mod):
        pygame.event.post(event)
    app.run_frames(1)


def focus_on(app: App, table: TableScene, wanted: object, row: int) -> None:
    """Walk the focus to ``wanted`` with ``row`` (↓ towards the hand, ↑ towards the
    table) until its row holds it, then with ←/→."""
    keys = table.input.keys
    for _ in range(3):
        key(app, row)
        if any(target == wanted for target, _ in keys.targets(table, _places(table))):
            break
    key(app, pygame.K_LEFT)  # the first press shows the focus where it stands
    for _ in range(len(keys.targets(table, _places(table))) + 1):
        focused = keys.current(table, _places(table))
        if focused is not None and focused[0] == wanted:
            return
        key(app, pygame.K_RIGHT if _before(table, wanted) else pygame.K_LEFT)
    raise AssertionError(f"the focus never reached {wanted}")


def _places(table: TableScene) -> list[tuple[object, pygame.Rect]]:
    from kalooki.ui.table.input import places

    return list(places(table.layout, table.placement))


def _before(table: TableScene, wanted: object) -> bool:
    """Whether ``wanted`` lies right of the focus."""
    keys = table.input.keys
    found = [target for target, _ in keys.targets(table, _places(table))]
    return found.index(wanted) > keys.index


def choose(app: App, table: TableScene, cards: tuple[int, ...]) -> None:
    for card in cards:
        focus_on(app, table, card, pygame.K_DOWN)
        key(app, pygame.K_SPACE)
    assert table.hand.arrangement.selected == set(cards)


def by_keys(app: App, table: TableScene, action: Action) -> None:
    """Make ``action`` with the keys only, then check the engine recorded exactly it."""
    before = len(table.session.recorder.actions)
    if isinstance(action, Cut):
        key(app, pygame.K_RETURN)
    elif isinstance(action, DrawStock):
        focus_on(app, table, "stock", pygame.K_UP)
        key(app, pygame.K_RETURN)
    elif isinstance(action, Pass):
        key(app, pygame.K_p)
    elif isinstance(action, Allow):
        key(app, pygame.K_a)
    elif isinstance(action, LayDown):
        for spec in action.melds:
            choose(app, table, spec.cards)
            key(app, pygame.K_g)
            assert sorted(table.hand.arrangement.staged[-1]) == sorted(spec.cards)
        focus_on(app, table, table.hand.arrangement.order[0], pygame.K_DOWN)
        key(app, pygame.K_RETURN)
    elif isinstance(action, TackOn):
        choose(app, table, (action.card,))
        focus_on(app, table, Place("meld", action.meld, action.end or "hi"), pygame.K_UP)
        key(app, pygame.K_RETURN)
    elif isinstance(action, Discard):
        choose(app, table, (action.card,))
        key(app, pygame.K_x)
    else:
        raise AssertionError(f"no keys for {action}")
    app.run_frames(2)
    made = table.session.recorder.actions[before:before + 1]
    assert made and same(parse_action(made[0]), action)


def same(made: Action, meant: Action) -> bool:
    """The action meant was made (a meld's cards in any order: a group has none; a cut
    anywhere, as Enter cuts)."""
    if isinstance(made, Cut) and isinstance(meant, Cut):
        return True
    if isinstance(made, LayDown) and isinstance(meant, LayDown):
        return [(m.kind, sorted(m.cards)) for m in made.melds] == \
            [(m.kind, sorted(m.cards)) for m in meant.melds]
    return made == meant
