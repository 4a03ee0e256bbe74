"""The screens around the table, opened from the main menu and the pause menu by posted
clicks and keys: rules, statistics, load game (load, rename, delete) and save game.
The store lives in a temporary folder."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame
import pytest

from kalooki.store.saves import list_saves
from kalooki.store.settings import load_settings
from kalooki.store.stats import (
    DealOutcome,
    MatchOutcome,
    Stats,
    record_deal,
    record_match,
    save_stats,
)
from kalooki.ui.app import App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.pages.statistics import StatsScene
from kalooki.ui.play.match import Profile, open_menu
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.dialogs import DialogScene
from kalooki.words import language, tr
from tests.support.pages import menu_button, named_save, open_load, table_with_moves
from tests.support.ui import FakeClock, choose, click, hover, shown, tip_of
from tests.support.words import plain


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    app.run_frames(2)


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(2)


# --- the main menu ----------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_menu_button_fits_the_window_without_overlapping(size: tuple[int, int]) -> None:
    application = App(size, clock=FakeClock())
    try:
        menu = MainMenuScene(application, has_autosave=lambda: True, has_saves=lambda: True,
                             on_load=lambda: None, on_rules=lambda: None,
                             on_stats=lambda: None)
        application.switch(menu)
        assert list(menu.buttons) == ["continue", "new_game", "load_game", "rules",
                                      "statistics", "quit"]
        window = pygame.Rect((0, 0), application.size)
        rects = [button.rect for button in menu.buttons.values()]
        title = menu.title.get_rect(topleft=menu.title_pos)
        for index, rect in enumerate(rects):
            assert window.contains(rect)
            assert rect.top >= title.bottom - 2
            assert rect.collidelist(rects[:index]) == -1
    finally:
        application.close()


def test_load_game_is_always_offered_and_the_menu_never_moves(app: App,
                                                                profile: Profile) -> None:
    """Load game is on the menu from the first start, greyed (saying why when pointed
    at) until there is something to load; Continue likewise; no button moves when a
    save appears."""
    menu = open_menu(app, profile)
    places = {name: button.rect.copy() for name, button in menu.buttons.items()}
    for name in ("load_game", "continue"):
        assert menu.buttons[name].visible and not menu.buttons[name].is_enabled
    hover(app, menu.buttons["load_game"])
    assert tip_of(menu.buttons["load_game"]).startswith("Nothing to load yet: Save game")
    table = table_with_moves(app, profile, 2)
    named_save(profile.paths, table, "Evening game")
    menu = open_menu(app, profile)
    assert {name: button.rect for name, button in menu.buttons.items()} == places
    assert menu.buttons["load_game"].is_enabled and menu.buttons["continue"].is_enabled


# --- rules ----------------------------------------------------------------------------

def test_rules_switch_preset_and_language_and_go_back(app: App, profile: Profile) -> None:
    open_menu(app, profile)
    menu_button(app, "rules")
    rules = app.scene
    assert isinstance(rules, RulesScene)
    caribbean = rules.text_box.html_text
    assert "Cards and players" in caribbean and "four jokers" in caribbean
    assert rules.preset_menu is not None
    choose(app, rules.preset_menu, "Kalooki 51")
    assert rules.rules.name == "kalooki51"
    fifty_one = rules.text_box.html_text
    assert fifty_one != caribbean and "51" in fifty_one
    click(app, rules.lang_buttons["fr"])
    rules = app.scene
    assert isinstance(rules, RulesScene)
    french = rules.text_box.html_text
    assert language() == "fr" and "Cartes et joueurs" in french
    assert plain(shown(rules.heading_label)) == "Règles — Kalooki 51"
    assert shown(rules.back_button) == "Retour", "the whole window speaks French"
    assert load_settings(profile.paths)[0].language == "fr"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenuScene)
    menu_button(app, "rules")
    again = app.scene
    assert isinstance(again, RulesScene) and language() == "fr"
    assert shown(app.scene.back_button) == "Retour"
    click(app, again.back_button)
    assert isinstance(app.scene, MainMenuScene)


def test_rules_from_the_pause_menu_show_the_game_and_return_to_it(app: App,
                                                                   profile: Profile) -> None:
    table = table_with_moves(app, profile, 4)
    state = table.session.game.state_hash()
    press(app, pygame.K_ESCAPE)
    assert table.asking.chooser is not None
    click(app, table.asking.chooser.buttons[1])  # Rules
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.preset_menu is None
    assert rules.rules == table.session.game.rules
    assert shown(rules.heading_label) == "Rules — Baby Kalooki"
    assert not any(button.visible for button in table.buttons.values())
    app.run_frames(5)
    press(app, pygame.K_ESCAPE)
    assert app.scene is table and table.asking.chooser is not None  # back on the pause menu
    assert table.session.game.state_hash() == state
    click(app, table.asking.chooser.buttons[0])  # Resume
    assert table.asking.chooser is None
    table.leave()


# --- statistics -------------------------------------------------------------------------

def test_statistics_show_the_recorded_numbers(app: App, profile: Profile) -> None:
    stats = Stats()
    for penalty, won in ((0, True), (30, False), (15, False)):
        stats = record_deal(stats, DealOutcome("baby", 3, penalty, won, won, 2))
    stats = record_match(stats, MatchOutcome("baby", 3, 45, False))
    stats = record_match(stats, MatchOutcome("baby", 3, 12, True))
    stats = record_deal(stats, DealOutcome("caribbean", 4, 50, False, False, 0))
    stats = record_deal(stats, DealOutcome("rami40", 3, 20, False, False, 0))
    assert not save_stats(profile.paths, stats)
    open_menu(app, profile)
    menu_button(app, "statistics")
    scene = app.scene
    assert isinstance(scene, StatsScene)
    rows = scene.row_texts()
    assert rows[0] == ("Caribbean Kalooki", "4 players",
                       ("0", "0", "1", "0", "50.0", "0", "0", "–", "–"))
    assert rows[1] == ("Baby Kalooki", "3 players",
                       ("2", "1", "3", "1", "15.0", "1", "6", "12", "45"))
    # Rami 40 has no calls: none counted, not "0"
    assert rows[-1] == ("Rami 40", "3 players",
                        ("0", "0", "1", "0", "20.0", "0", "–", "–", "–"))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenuScene)


def test_statistics_without_games_say_so(app: App, profile: Profile) -> None:
    open_menu(app, profile)
    menu_button(app, "statistics")
    scene = app.scene
    assert isinstance(scene, StatsScene) and scene.row_texts() == []
    assert tr("stats.empty") == "No games played yet."
    click(app, scene.back_button)
    assert isinstance(app.scene, MainMenuScene)


# --- load, rename, delete ---------------------------------------------------------------


def test_load_game_lists_a_save_and_load_resumes_the_same_state(app: App,
                                                              profile: Profile) -> None:
    table = table_with_moves(app, profile, 10)
    session = table.session
    state, hands = session.game.state_hash(), [list(h) for h in session.game.hands]
    named_save(profile.paths, table, "Before supper")
    table.leave()
    scene = open_load(app, profile)
    names = [row[0] for row in scene.rows()]
    assert "Before supper" in names
    chosen = names.index("Before supper")
    first = scene.list_rect.top + chosen * scene.row_h + scene.row_h // 2
    click_at(app, (scene.list_rect.left + 40, first))
    assert scene.selected == chosen
    click(app, scene.actions["load"])
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.session.game.state_hash() == state
    assert [list(h) for h in resumed.session.game.hands] == hands
    assert [s.name for s in resumed.session.seats] == ["You", "Grace", "Bert"]


def test_a_double_click_on_a_save_loads_it_and_two_slow_clicks_only_select(
        app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 4)
    state = table.session.game.state_hash()
    named_save(profile.paths, table, "Quick")
    table.leave()
    scene = open_load(app, profile)
    row = [row[0] for row in scene.rows()].index("Quick")
    spot = (scene.list_rect.left + 40, scene.list_rect.top + row * scene.row_h + scene.row_h // 2)
    click_at(app, spot)
    app.run_frames(30)  # 0.5 s on the fake clock: too slow for a double-click
    click_at(app, spot)
    assert app.scene is scene and scene.selected == row
    app.run_frames(30)
    click_at(app, spot)
    assert app.scene is scene
    click_at(app, spot)  # 2 frames after the first: quick enough
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed.session.game.state_hash() == state


def test_rename_refuses_a_bad_name_then_renames_and_delete_asks_first(
        app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 2)
    named_save(profile.paths, table, "Old name")
    table.leave()
    scene = open_load(app, profile)
    scene.select([row[0] for row in scene.rows()].index("Old name"))
    click(app, scene.actions["rename"])
    dialog = scene.dialog
    assert dialog is not None and dialog.entry is not None
    assert not scene.actions["load"].is_enabled  # the list waits for the dialog
    dialog.entry.set_text("   ")
    click(app, dialog.ok_button)
    assert scene.dialog is dialog and "name" in dialog.message.html_text
    dialog.entry.set_text("New name")
    click(app, dialog.ok_button)
    assert scene.dialog is None and str(scene.status[0]) == "Renamed to “New name”."
    names = [entry.name for entry in list_saves(profile.paths)[0]]
    assert "New name" in names and "Old name" not in names

    scene.select([row[0] for row in scene.rows()].index("New name"))
    click(app, scene.actions["delete"])
    assert scene.dialog is not None
    press(app, pygame.K_ESCAPE)  # Esc cancels the question, not the screen
    assert scene.dialog is None and app.scene is scene
    assert "New name" in [entry.name for entry in list_saves(profile.paths)[0]]
    click(app, scene.actions["delete"])
    assert scene.dialog is not None
    click(app, scene.dialog.ok_button)
    assert "New name" not in [entry.name for entry in list_saves(profile.paths)[0]]
    assert "New name" not in [row[0] for row in scene.rows()]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenuScene)


def test_a_damaged_save_shows_its_reason(app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 2)
    named_save(profile.paths, table, "Good one")
    named_save(profile.paths, table, "Bad one").write_text('{"name": ', encoding="utf-8")
    table.leave()
    scene = open_load(app, profile)
    app.run_frames(2)
    rows = scene.rows()
    listed = [row[0] for row in rows if not row[3]]
    assert "Good one" in listed and "Bad one" not in listed
    damaged = [row[1] for row in rows if row[3]]
    assert len(damaged) == 1 and "damaged" in damaged[0] and "Bad one" in damaged[0]
    scene.select(0)
    scene.refresh()  # the file is set aside now, but the screen still says why
    assert any(row[3] for row in scene.rows())


def test_a_one_line_damage_notice_stands_in_the_middle_of_its_row(app: App,
                                                                   profile: Profile) -> None:
    """It used to take the row's first line and leave the second empty."""
    from kalooki.ui.art import text as ink

    table = table_with_moves(app, profile, 2)
    named_save(profile.paths, table, "Torn").write_text('{"name": ', encoding="utf-8")
    table.leave()
    scene = open_load(app, profile)
    app.run_frames(2)
    [index] = [i for i, row in enumerate(scene.rows()) if row[3]]
    assert len(ink.wrap(scene.rows()[index][1], scene.size, scene.list_rect.width - 24)) == 1
    surface = pygame.Surface(app.size)
    scene.draw_body(surface)
    top = scene.list_rect.top + (index - scene.scroll) * scene.row_h
    red = [y for y in range(top, top + scene.row_h)
           for x in range(scene.list_rect.left, scene.list_rect.centerx)
           if _reddish(surface.get_at((x, y)))]
    assert red
    above, below = min(red) - top, top + scene.row_h - 1 - max(red)
    assert abs(above - below) <= 4, (above, below)


def _reddish(colour: pygame.Color) -> bool:
    return colour.r > 150 and colour.r > colour.g + 50


# --- save game from the pause menu ------------------------------------------------------

def test_save_game_from_the_pause_menu_writes_a_named_save(app: App,
                                                           profile: Profile) -> None:
    table = table_with_moves(app, profile, 6)
    press(app, pygame.K_ESCAPE)
    assert table.asking.chooser is not None
    click(app, table.asking.chooser.buttons[2])  # Save game
    scene = app.scene
    assert isinstance(scene, DialogScene)
    dialog = scene.dialog
    assert dialog.entry is not None and dialog.text().startswith("Baby Kalooki 20")
    dialog.entry.set_text("")
    click(app, dialog.ok_button)
    assert app.scene is scene and "characters" in dialog.message.html_text
    assert not list_saves(profile.paths)[0] or all(
        entry.kind == "autosave" for entry in list_saves(profile.paths)[0])
    dialog.entry.set_text("Halfway")
    click(app, dialog.ok_button)
    assert app.scene is table and table.asking.chooser is not None
    assert str(app.note[0]) == "Saved as “Halfway”."
    saved = [entry for entry in list_saves(profile.paths)[0] if entry.kind == "named"]
    assert [entry.name for entry in saved] == ["Halfway"]
    assert saved[0].actions == len(table.session.recorder.actions)
    click(app, table.asking.chooser.buttons[0])
    table.leave()
