"""Every widget within the keyboard's reach: Tab and Shift+Tab walk the window's widgets in
reading order, Enter or Space presses a button, Up/Down change a drop-down, Left/Right move
a slider, typing fills an entry in focus; a dialog keeps the ring inside it; rows of a
scrolling form are scrolled into view. All driven by posted key events, as a player would."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from kalooki.store.settings import settings_path
from kalooki.ui.app import App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.settings import SettingsScene
from kalooki.ui.play.match import Profile, open_menu
from kalooki.ui.widgets.focus import RING_COLOUR
from tests.support.ui import click


def key(app: App, code: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                         scancode=0))
    app.run_frames(frames)


def tab(app: App, times: int = 1, back: bool = False) -> None:
    for _ in range(times):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0, frames=1)


def settings_scene(app: App, profile: Profile) -> SettingsScene:
    menu = open_menu(app, profile)
    click(app, menu.buttons["settings"])
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def saved(profile: Profile) -> dict:
    return json.loads(settings_path(profile.paths).read_text(encoding="utf-8"))


def focus_on(app: App, wanted) -> None:
    """Tab until ``wanted`` is in focus (it must be reachable within one round)."""
    for _ in range(len(app.focus.reachable()) + 1):
        if app.focus.current is wanted and app.focus.shown:
            return
        tab(app)
    raise AssertionError(f"{wanted} is never reached by Tab")


def test_tab_walks_the_menu_in_reading_order_and_enter_presses(app: App,
                                                              profile: Profile) -> None:
    menu = open_menu(app, profile)
    buttons = [b for b in menu.buttons.values() if b.visible and b.is_enabled]
    assert app.focus.current is None and not app.focus.shown
    tab(app)
    order = sorted(buttons, key=lambda b: (b.rect.top, b.rect.left))
    assert app.focus.current is order[0]
    tab(app)
    assert app.focus.current is order[1]
    tab(app, back=True)
    assert app.focus.current is order[0]
    tab(app, back=True)
    assert app.focus.current is order[-1]  # round the end
    focus_on(app, menu.buttons["settings"])
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    assert app.focus.current is None  # a new screen starts with nothing in focus


def test_space_presses_too_and_a_click_hides_the_ring(app: App, profile: Profile) -> None:
    scene = settings_scene(app, profile)
    focus_on(app, scene.back_button)
    assert app.focus.shown
    click(app, scene.restore_button)
    assert not app.focus.shown
    assert scene.dialog is not None
    tab(app)
    assert app.focus.current is scene.dialog.cancel_button  # a question's safe answer
    key(app, pygame.K_SPACE)
    assert scene.dialog is None
    tab(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenuScene)


def test_a_dialog_keeps_the_ring_inside_it(app: App, profile: Profile) -> None:
    scene = settings_scene(app, profile)
    click(app, scene.restore_button)
    dialog = scene.dialog
    assert dialog is not None
    assert set(app.focus.reachable()) == {dialog.cancel_button, dialog.ok_button}
    for _ in range(5):
        tab(app)
        assert app.focus.current in (dialog.cancel_button, dialog.ok_button)
    focus_on(app, dialog.ok_button)
    key(app, pygame.K_RETURN)
    assert scene.dialog is None


def test_arrows_change_a_drop_down_and_a_slider_and_the_change_is_saved(
        app: App, profile: Profile) -> None:
    scene = settings_scene(app, profile)
    menu = scene.editors["animation_speed"].menu
    assert isinstance(menu, UIDropDownMenu)
    assert [o[1] for o in menu.options_list] == ["normal", "fast", "instant"]
    assert menu.selected_option[1] == "instant"  # the profile's, the last choice
    focus_on(app, menu)
    key(app, pygame.K_DOWN, frames=3)  # already the last: nothing changes
    assert scene.editors["animation_speed"].value == "instant"
    key(app, pygame.K_UP, frames=3)
    assert scene.editors["animation_speed"].value == "fast"
    assert saved(profile)["animation_speed"] == "fast"
    assert scene.editors["animation_speed"].menu.selected_option[1] == "fast"
    key(app, pygame.K_UP, frames=3)
    assert saved(profile)["animation_speed"] == "normal"
    slider_editor = scene.editors["card_scale"]
    slider = slider_editor.slider
    assert isinstance(slider, UIHorizontalSlider)
    start = slider_editor.value
    focus_on(app, slider)
    key(app, pygame.K_RIGHT, frames=3)
    assert slider_editor.value == pytest.approx(start + slider_editor.step)
    assert saved(profile)["card_scale"] == pytest.approx(start + slider_editor.step)
    key(app, pygame.K_LEFT, frames=3)
    assert saved(profile)["card_scale"] == pytest.approx(start)


def test_rows_out_of_view_are_scrolled_in_when_the_ring_reaches_them(
        app: App, profile: Profile) -> None:
    scene = settings_scene(app, profile)
    hidden = [e for e in app.focus.reachable() if not e.visible]
    assert hidden, "the Table section is taller than its view at 1280×720"
    assert scene.form.offset == 0
    focus_on(app, hidden[0])
    assert hidden[0].visible and scene.form.offset > 0
    assert scene.form.view.contains(hidden[0].rect)


def test_typing_goes_to_an_entry_in_focus(app: App, profile: Profile) -> None:
    scene = settings_scene(app, profile)
    scene.open_section("players")
    app.run_frames(2)
    entry = next(e for e in app.focus.reachable() if isinstance(e, UITextEntryLine))
    focus_on(app, entry)
    entry.set_text("")
    for letter in "Ann":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    key(app, pygame.K_RETURN, frames=3)
    assert entry.get_text() == "Ann"
    assert saved(profile)["player_name"] == "Ann"


def test_the_ring_is_drawn_around_the_widget_in_focus(app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    tab(app)
    widget = app.focus.current
    assert isinstance(widget, UIButton) and widget in menu.buttons.values()
    ring = widget.rect.inflate(8, 8)
    edge = (ring.centerx, ring.top + 1)
    assert tuple(app.surface.get_at(edge))[:3] == RING_COLOUR
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    app.run_frames(1)
    assert tuple(app.surface.get_at(edge))[:3] != RING_COLOUR


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.booleans(), min_size=1, max_size=30))
def test_the_ring_is_always_on_a_usable_widget_and_a_round_comes_back(
        app: App, profile: Profile, moves: list[bool]) -> None:
    scene = settings_scene(app, profile)
    for back in moves:
        tab(app, back=back)
        current = app.focus.current
        assert current is not None and current.alive() and current.is_enabled
        assert current.visible
    start = app.focus.current
    tab(app, times=len(app.focus.reachable()))
    assert app.focus.current is start
    assert isinstance(app.scene, SettingsScene) and app.scene is scene
