"""The program's pages driven from the menu: a profile that plays quickly, a match stopped
after a few moves, a named save, the load page."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from pathlib import Path

from kalooki.store import savegame
from kalooki.store.paths import StorePaths
from kalooki.store.saves import save_named
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.keeper import save_seats
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.saves import LoadGameScene
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import Profile, open_menu, start_match
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import InlineWorker
from tests.support.table import human_decision
from tests.support.ui import click


def menu_button(app: App, text: str) -> None:
    menu = app.scene
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons[text])


def table_with_moves(app: App, profile: Profile, moves: int = 8) -> TableScene:
    """A baby match on the table after ``moves`` actions, the human playing simply,
    stopped when the human is to act (so nothing moves while the test looks)."""
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Grace", "Bert")),
                        profile, seed=8)
    assert table is not None
    session = table.session
    for _ in range(20000):
        if len(session.recorder.actions) >= moves and session.screen_to_act:
            return table
        elif session.screen_to_act and table.asking.chooser is None:
            assert table.submit(human_decision(session.view()))
        app.run_frames(1)
    raise AssertionError("the match never got that far")


def named_save(paths: StorePaths, table: TableScene, name: str) -> Path:
    session = table.session
    return save_named(paths, savegame.snapshot(session.recorder, save_seats(session.seats)),
                      name)


def open_load(app: App, profile: Profile) -> LoadGameScene:
    open_menu(app, profile)
    menu_button(app, "load_game")
    scene = app.scene
    assert isinstance(scene, LoadGameScene)
    return scene


def seeds_from(first: int = 1) -> Callable[[], int]:
    """A profile's shuffles for a test: ``first``, then the next, and so on, the same every
    run, so a match opened from the menu plays the same deals each time."""
    return itertools.count(first).__next__


def quick_profile(paths: StorePaths, **fields: object) -> Profile:
    return Profile(paths, dataclasses.replace(Settings(), ai_pause_seconds=0.0,
                                              animation_speed="instant", **fields),
                   worker=InlineWorker, deal_seed=seeds_from())


def play_until(app: App, table: TableScene, done: object, limit: int = 20000) -> None:
    """Play the human's turns with the test strategy until ``done()`` holds."""
    session = table.session
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        if table.result is not None:
            table.next_deal()
        elif session.screen_to_act and table.asking.chooser is None:
            assert table.submit(human_decision(session.view()))
        app.run_frames(1)
    raise AssertionError("the game never got there")
