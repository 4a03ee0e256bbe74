"""A question before what cannot be taken back (delete, reset, restore) defaults to its safe
answer on every screen: Cancel is drawn as the default, the focus ring starts on it and
Enter answers it."""

from __future__ import annotations

import pygame

from kalooki.store.saves import list_saves
from kalooki.store.settings import load_settings
from kalooki.ui.app import App
from kalooki.ui.play.match import Profile, open_settings
from kalooki.ui.widgets.dialogs import Dialog
from tests.support.pages import named_save, open_load, table_with_moves
from tests.support.ui import click, press


def safe_by_default(dialog: Dialog | None) -> Dialog:
    assert dialog is not None
    assert dialog.cancel_button.object_ids[-1] == "#primary"
    assert dialog.ok_button.object_ids[-1] != "#primary"
    return dialog


def test_enter_on_delete_a_save_keeps_it(app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 2)
    named_save(profile.paths, table, "Keep me")
    table.leave()
    scene = open_load(app, profile)
    scene.select([row[0] for row in scene.rows()].index("Keep me"))
    press(app, pygame.K_DELETE)
    safe_by_default(scene.dialog)
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and app.scene is scene
    app.focus.focus(scene.actions["delete"])  # by keyboard: the ring on Delete, Enter twice
    press(app, pygame.K_RETURN)
    assert app.focus.current is safe_by_default(scene.dialog).cancel_button
    press(app, pygame.K_RETURN)
    assert scene.dialog is None
    assert "Keep me" in [entry.name for entry in list_saves(profile.paths)[0]]


def test_enter_on_restore_defaults_keeps_the_settings(app: App, profile: Profile) -> None:
    profile.change(app, four_colour_deck=True)
    scene = open_settings(app, profile)
    click(app, scene.restore_button)
    safe_by_default(scene.dialog)
    press(app, pygame.K_RETURN)
    assert scene.dialog is None
    assert load_settings(profile.paths)[0].four_colour_deck is True
    assert scene.settings.four_colour_deck is True
