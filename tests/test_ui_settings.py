"""The settings screen, driven by posted clicks and keys: every setting changed through
its widget lands in the saved file and takes effect; Restore defaults asks first; Back
and Esc return to the menu or to the paused match. The first tests are meta-tests: a
setting without a widget, or without its words, fails them."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from kalooki.engine.facts.fields import specs_by_name
from kalooki.store.paths import StorePaths
from kalooki.store.settings import (
    SETTING_SPECS,
    Settings,
    SettingSection,
    load_settings,
    settings_in,
    settings_path,
)
from kalooki.ui.app import MIN_SIZE, App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.settings import SettingsScene
from kalooki.ui.play.match import Profile, open_menu
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.form import Choice, Slider, Stepper, TextLine, Toggle
from kalooki.words import language, tr
from kalooki.words.layout import read
from tests.support.pages import table_with_moves
from tests.support.ui import (
    FakeClock,
    choose,
    click,
    cut_words,
    frames_until,
    handled,
    point_at,
    press,
    press_at,
    release_at,
    type_text,
)

PLAYER_SPECS = [spec for spec in SETTING_SPECS if spec.section is not None]
SPECS = specs_by_name(Settings)


# --- meta-tests -------------------------------------------------------------------------

def test_every_stored_setting_is_described_for_the_screen() -> None:
    stored = [f.name for f in dataclasses.fields(Settings) if f.name != "extra"]
    assert [spec.name for spec in SETTING_SPECS] == stored, \
        "declare the new setting with _setting(...) (kalooki/store/settings.py)"


def test_every_setting_a_player_may_change_has_a_widget(app: App) -> None:
    scene = SettingsScene(app, Settings(), lambda fields: Settings(), lambda: None)
    app.switch(scene)
    reached: set[str] = set()
    for section in SettingSection:
        scene.open_section(section.value)
        reached |= set(scene.editors) | set(scene.columns)
        assert {spec.name for spec in settings_in(section)} <= reached
    assert reached == {spec.name for spec in PLAYER_SPECS}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_setting_has_its_words(lang: str) -> None:
    entries = read(lang)
    for spec in PLAYER_SPECS:
        assert spec.label_key in entries and spec.help_key in entries, spec.name
        for choice in spec.item.choices:
            assert spec.item.choice_key(choice) in entries, (spec.name, choice)
    assert SPECS["opponent_levels"].row_key in entries


# --- gestures ---------------------------------------------------------------------------


def change(app: App, editor, menu_text=None) -> object:
    """Change one editor by the mouse (and keys for text); the value it should now hold."""
    if isinstance(editor, Toggle):
        expected = not editor.value
        click(app, editor.button)
    elif isinstance(editor, Choice):
        other = next(option for option in editor.options if option[1] != editor.value)
        choose(app, editor.menu, other[0])
        expected = other[1]
    elif isinstance(editor, Slider):
        expected = round(min(editor.high, editor.value + editor.step), 6)
        if expected == editor.value:
            expected = round(editor.value - editor.step, 6)
            click(app, editor.slider.left_button)
        else:
            click(app, editor.slider.right_button)
    elif isinstance(editor, Stepper):
        expected = editor.value + 1
        click(app, editor.plus)
    else:
        assert isinstance(editor, TextLine)
        expected = "Zed"
        type_text(app, editor.entry, expected)
    app.run_frames(2)
    return expected


def open_settings(app: App, profile: Profile) -> SettingsScene:
    open_menu(app, profile)
    menu = app.scene
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons["settings"])
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def open_tab(app: App, scene: SettingsScene, section: str) -> None:
    click(app, scene.tabs.buttons[section])
    assert scene.section.value == section


def saved(home: StorePaths) -> dict:
    return json.loads(settings_path(home).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", [spec.name for spec in PLAYER_SPECS])
def test_each_setting_changed_through_its_widget_is_saved_and_takes_effect(
        name: str, profile: Profile, home: StorePaths) -> None:
    app = App(clock=FakeClock())
    try:
        scene = open_settings(app, profile)
        spec = SPECS[name]
        assert spec.section is not None
        open_tab(app, scene, spec.section.value)
        if name in scene.editors:
            editor = scene.editors[name]
            scene.form.reveal(editor.widgets()[0])
            app.run_frames(1)
            expected = change(app, editor)
        else:
            editor = scene.columns[name][1]  # the second opponent
            expected = list(getattr(profile.settings, name))
            expected[1] = change(app, editor)
        on_disk = saved(home)[name]
        assert on_disk == (list(expected) if isinstance(expected, list) else expected)
        assert getattr(load_settings(home)[0], name) == (
            tuple(expected) if isinstance(expected, list) else expected)
        effects = {
            "fullscreen": lambda: app.fullscreen is True,
            "four_colour_deck": lambda: app.card_art.four_colour is True,
            "english_card_letters": lambda: app.card_art.english_letters is True,
            "language": lambda: language() == "fr" and tr("settings.heading") == "Paramètres",
            "sound": lambda: app.sounds.enabled is False,
            "volume": lambda: app.sounds.volume == pytest.approx(0.85),
        }
        if name in effects:
            assert effects[name]()
    finally:
        app.close()


def test_a_blank_name_is_refused_beside_the_field_and_not_saved(profile: Profile,
                                                               home: StorePaths,
                                                               app: App) -> None:
    scene = open_settings(app, profile)
    open_tab(app, scene, "players")
    type_text(app, scene.editors["player_name"].entry, "   ")
    assert scene.problems["player_name"].text == tr("form.text_length", high=20)
    assert not settings_path(home).exists()
    type_text(app, scene.editors["player_name"].entry, "Ana")
    assert saved(home)["player_name"] == "Ana"
    assert scene.problems["player_name"].text == " "


def test_restore_defaults_asks_first(profile: Profile, home: StorePaths, app: App) -> None:
    scene = open_settings(app, profile)
    change(app, scene.editors["four_colour_deck"])
    assert saved(home)["four_colour_deck"] is True
    click(app, scene.restore_button)
    assert scene.dialog is not None
    click(app, scene.dialog.cancel_button)
    assert scene.dialog is None and saved(home)["four_colour_deck"] is True
    click(app, scene.restore_button)
    click(app, scene.dialog.ok_button)
    assert scene.dialog is None
    assert saved(home)["four_colour_deck"] is False and saved(home)["animation_speed"] == \
        "normal"
    assert scene.editors["four_colour_deck"].value is False


def test_back_and_escape_return_to_the_menu(profile: Profile, app: App) -> None:
    scene = open_settings(app, profile)
    click(app, scene.back_button)
    assert isinstance(app.scene, MainMenuScene)
    open_settings(app, profile)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert isinstance(app.scene, MainMenuScene)


# --- a slider's track, by the mouse ----------------------------------------------------

SLIDERS = ["card_scale", "volume", "call_window_seconds"]
"""Times, a percentage, and whole seconds (a range of whole numbers)."""


def slider_shown(app: App, profile: Profile, name: str) -> Slider:
    """The settings screen at ``name``'s tab, its slider scrolled into view."""
    scene = open_settings(app, profile)
    section = SPECS[name].section
    assert section is not None
    open_tab(app, scene, section.value)
    editor = scene.editors[name]
    assert isinstance(editor, Slider)
    scene.form.reveal(editor.slider)
    frames_until(app, lambda: editor.slider.visible)
    return editor


def track_spot(editor: Slider, share: float) -> tuple[float, tuple[int, int]]:
    """The value ``share`` of the way along ``editor``'s range (on a step), and the spot
    of the track where the thumb's centre stands for it, read off the drawn arrows."""
    slider = editor.slider
    steps = round((editor.high - editor.low) / editor.step)
    step = round(share * steps)
    value = round(editor.low + step * editor.step, 6)
    half = slider.sliding_button.rect.width / 2
    first, last = slider.left_button.rect.right + half, slider.right_button.rect.left - half
    return value, (round(first + step / steps * (last - first)), slider.rect.centery)


def let_go(app: App, pos: tuple[int, int]) -> None:
    release_at(app, pos)
    handled(app)


@pytest.mark.parametrize("name", SLIDERS)
def test_a_click_on_a_slider_s_track_moves_it_there_and_a_held_button_drags_on(
        name: str, profile: Profile, home: StorePaths, app: App) -> None:
    """As in a desktop toolkit: the thumb jumps to the spot of the track clicked, the
    setting is saved and applied; the button held, the thumb is dragged on from there,
    and the keyboard goes on from the slider clicked."""
    editor = slider_shown(app, profile, name)
    slider, thumb = editor.slider, editor.slider.sliding_button
    there, spot = track_spot(editor, 0.75)
    assert there != editor.value and not thumb.rect.collidepoint(spot)
    press_at(app, spot)
    frames_until(app, lambda: editor.value == there)
    assert saved(home)[name] == there and abs(thumb.rect.centerx - spot[0]) <= 2
    frames_until(app, lambda: slider.grabbed_slider)  # in hand, as if the thumb was pressed
    handled(app)
    assert editor.value == there  # held still, a whole number is not cut down by one
    back, spot_back = track_spot(editor, 0.25)
    point_at(app, spot_back, held=True)
    frames_until(app, lambda: editor.value == back)
    let_go(app, spot_back)
    assert not thumb.held and editor.value == back
    assert saved(home)[name] == back and getattr(load_settings(home)[0], name) == back
    if name == "volume":
        assert app.sounds.volume == pytest.approx(back)
    press(app, pygame.K_TAB)
    assert app.focus.current is slider
    press(app, pygame.K_RIGHT)
    frames_until(app, lambda: editor.value == round(back + editor.step, 6))


@pytest.mark.parametrize("name", ["card_scale", "call_window_seconds"])
def test_a_click_on_a_slider_s_thumb_takes_it_in_hand_where_it_is(
        name: str, profile: Profile, home: StorePaths, app: App) -> None:
    """Pressed off its centre, the thumb stays put (no jump to the pointer, no whole
    number lost while held) and is dragged from there."""
    editor = slider_shown(app, profile, name)
    slider, thumb = editor.slider, editor.slider.sliding_button
    start, centre = editor.value, thumb.rect.center
    press_at(app, (centre[0] + 6, centre[1]))
    frames_until(app, lambda: slider.grabbed_slider)
    handled(app)
    assert editor.value == start and thumb.rect.center == centre
    there, spot = track_spot(editor, 0.75)
    point_at(app, (spot[0] + 6, spot[1]), held=True)
    frames_until(app, lambda: editor.value == there)
    let_go(app, (spot[0] + 6, spot[1]))
    assert saved(home)[name] == there


@pytest.mark.parametrize("name", SLIDERS)
def test_a_thumb_let_go_between_two_steps_rests_on_the_step_it_reads(
        name: str, profile: Profile, home: StorePaths, app: App) -> None:
    """Dragged to a spot between two steps and let go, the thumb stands where its value
    stands, as the reading beside it says, not between two steps."""
    editor = slider_shown(app, profile, name)
    slider, thumb = editor.slider, editor.slider.sliding_button
    low, spot_low = track_spot(editor, 0.25)
    _, spot_next = track_spot(editor, 0.25 + editor.step / (editor.high - editor.low))
    between = (spot_low[0] + (spot_next[0] - spot_low[0]) * 2 // 5, spot_low[1])
    assert spot_next[0] - spot_low[0] >= 3  # a spot between the two steps exists
    press_at(app, thumb.rect.center)
    frames_until(app, lambda: slider.grabbed_slider)
    point_at(app, between, held=True)
    frames_until(app, lambda: editor.value == low)
    let_go(app, between)
    frames_until(app, lambda: not slider.grabbed_slider)
    frames_until(app, lambda: abs(thumb.rect.centerx - spot_low[0]) <= 1)
    assert editor.value == low and saved(home)[name] == low


def test_a_click_beside_a_slider_s_track_moves_nothing(profile: Profile, home: StorePaths,
                                                      app: App) -> None:
    """Just above, just below, and in the gap before its reading, a click leaves the
    slider be; on the track at the same spot, it moves it."""
    editor = slider_shown(app, profile, "card_scale")
    slider, thumb = editor.slider, editor.slider.sliding_button
    start, centre = editor.value, thumb.rect.center
    there, spot = track_spot(editor, 0.75)
    beside = [(spot[0], slider.rect.top - 3), (spot[0], slider.rect.bottom + 2),
              (slider.rect.right + 3, spot[1])]
    for pos in beside:
        press_at(app, pos)
        let_go(app, pos)
        assert editor.value == start and thumb.rect.center == centre and not thumb.held, pos
    assert not settings_path(home).exists()
    press_at(app, spot)
    let_go(app, spot)
    assert editor.value == there and saved(home)["card_scale"] == there


def settings_over(app: App, table: TableScene) -> SettingsScene:
    """The settings screen, opened from the paused table's menu."""
    table.open_pause()
    assert table.asking.chooser is not None
    labels = [button.text for button in table.asking.chooser.buttons]
    click(app, table.asking.chooser.buttons[labels.index("Settings")])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    return scene


def test_settings_from_the_pause_menu_change_the_match_and_return_to_it(
        profile: Profile, home: StorePaths, app: App) -> None:
    table = table_with_moves(app, profile)
    scene = settings_over(app, table)
    assert scene.beneath is table
    change(app, scene.editors["card_scale"])
    assert table.options.card_scale == pytest.approx(1.05)
    open_tab(app, scene, "table")
    click(app, scene.editors["confirm_before_discard"].button)
    assert table.options.confirm_discard is True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert app.scene is table and table.asking.chooser is not None  # paused, as it was left
    assert isinstance(app.scene, TableScene)
    assert saved(home)["card_scale"] == pytest.approx(1.05)


def test_the_pause_menu_speaks_the_language_chosen_from_it(profile: Profile,
                                                          app: App) -> None:
    table = table_with_moves(app, profile)
    scene = settings_over(app, table)
    open_tab(app, scene, SPECS["language"].section.value)
    change(app, scene.editors["language"])
    assert language() == "fr"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert app.scene is table and table.asking.chooser is not None
    assert [button.text for button in table.asking.chooser.buttons] == [
        "Reprendre", "Règles", "Enregistrer la partie", "Paramètres", "Retour au menu"]


def test_speed_and_card_size_changed_over_a_paused_match_take_effect_in_it(
        profile: Profile, app: App) -> None:
    """Issue 24, Build 3: the animation speed and the card size chosen over a paused match
    apply to it at once (the speed was written to ``table.speed``, which nothing read again:
    the cards kept flying at the old speed; the card size waited for a resize)."""
    table = table_with_moves(app, profile)
    flight, width = table.motion.duration, table.layout.card_w
    scene = settings_over(app, table)
    assert change(app, scene.editors["animation_speed"]) == "normal"
    assert table.motion.duration > flight == 0
    change(app, scene.editors["card_scale"])
    assert table.layout.card_w > width


def test_the_table_keeps_its_buttons_hidden_under_settings_when_the_card_size_changes(
        profile: Profile, app: App) -> None:
    """A new card size rebuilds the paused table's widgets under the settings screen:
    they stay hidden there (its Lay down, Undo, Redo, sorts and Hint were drawn over the
    settings, Undo and Redo over Restore defaults), and so does the log's scroll bar."""
    table = table_with_moves(app, profile)
    scene = settings_over(app, table)

    def table_widgets_shown() -> list[str]:
        bar = table._buttons.log_bar
        return [name for name, button in table.buttons.items() if button.visible] + (
            ["log bar"] if bar is not None and bar.visible else [])

    assert table_widgets_shown() == []
    change(app, scene.editors["card_scale"])
    app.run_frames(2)
    assert table_widgets_shown() == []
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert app.scene is table and "log bar" in table_widgets_shown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_setting_s_explanation_shows_whole_in_the_smallest_window(
        profile: Profile, lang: str) -> None:
    """An explanation cut to "…" leaves its end to a tooltip few players find (the
    settle time's, in French, ended "…ou d'un écran de…")."""
    app = App(MIN_SIZE, clock=FakeClock())
    try:
        app.set_language(lang)
        scene = open_settings(app, profile)
        cut = []
        for section in scene.tabs.buttons:
            open_tab(app, scene, section)
            cut += cut_words(scene.form)
        assert cut == []
    finally:
        app.close()
