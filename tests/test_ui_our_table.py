"""Issue 13's walk, by posted clicks and keys: a player builds "our table" (12 cards in
the first three deals, jokers worth 25, two calls a deal, no cut bonus) in the house-rules
editor opened from New game, reads its rules, saves it, plays a deal with it, quits,
resumes with the same rules, finds it in Statistics, exports it; another player imports
it and plays it. Only the moves of the deal itself go through the table's door without
the mouse (the table's own tests drive it by the mouse)."""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path

import pygame

from kalooki.engine.rules import PRESETS
from kalooki.store.paths import StorePaths
from kalooki.store.presets import delete_preset, load_shelf, presets_dir
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.house_rules.editor import PRESETS_PAGE, RulesEditorScene
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.pages.statistics import StatsScene
from kalooki.ui.play.match import Profile, open_menu
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import InlineWorker
from kalooki.words.house_rules import built_in_names
from tests.support.pages import seeds_from
from tests.support.table import human_decision
from tests.support.ui import (
    FakeClock,
    click,
    editor_of,
    file_dialog_pick,
    open_page,
    press_widget,
    type_text,
)

OURS = dataclasses.replace(PRESETS["caribbean"], name="Our table",
                           hand_sizes=(12, 12, 12, 12, 12, 13, 14, 15, 16), joker_points=25,
                           max_calls=2, cut_bonus=False)

RESERVED = built_in_names()
"""The names the words give the built-in presets: no custom preset may take one."""


def profile_in(folder: Path) -> Profile:
    settings = dataclasses.replace(Settings(), ai_pause_seconds=0.0, animation_speed="instant",
                                   opponent_levels=("easy",) * 7, last_players=3)
    return Profile(StorePaths.under(folder), settings, worker=InlineWorker,
                   deal_seed=seeds_from())


def menu_of(app: App) -> MainMenuScene:
    assert isinstance(app.scene, MainMenuScene)
    return app.scene


def house_rules_from_new_game(app: App) -> RulesEditorScene:
    menu = menu_of(app)
    click(app, menu.buttons["new_game"])
    assert menu.setup_open and menu.setup.house_rules_button is not None
    click(app, menu.setup.house_rules_button)
    assert isinstance(app.scene, RulesEditorScene)
    return app.scene


def build_our_table(app: App, editor: RulesEditorScene) -> None:
    open_page(app, editor, "deals")
    for deal, clicks in ((0, 3), (1, 2), (2, 1)):
        for _ in range(clicks):
            press_widget(app, editor, editor_of(editor, "hand_sizes").cells[deal][0].plus)
    press_widget(app, editor, editor_of(editor, "cut_bonus").editor.button)
    open_page(app, editor, "scoring")
    joker = editor_of(editor, "joker_points").editor
    press_widget(app, editor, joker.entry)
    type_text(app, joker.entry, "25")
    open_page(app, editor, "calls")
    press_widget(app, editor, editor_of(editor, "max_calls").editor.minus)


def play_a_deal(app: App, table: TableScene) -> None:
    session = table.session
    for _ in range(40000):
        if table.result is not None:
            return
        if session.screen_to_act and table.asking.chooser is None:
            assert table.submit(human_decision(session.view()))
        app.run_frames(1)
    raise AssertionError("the deal never ended")


def quit_to_menu(app: App, table: TableScene) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(2)
    assert table.asking.chooser is not None
    click(app, table.asking.chooser.buttons[-1])  # Quit to menu
    menu_of(app)


def test_our_table_from_the_editor_to_another_players_game(tmp_path: Path) -> None:
    app = App(clock=FakeClock())
    try:
        mine = profile_in(tmp_path / "mine")
        open_menu(app, mine)
        editor = house_rules_from_new_game(app)
        build_our_table(app, editor)
        assert editor.draft.rules == OURS
        assert "House rules: 12 cards in deals 1–3 · Dealer's cut bonus: no · Calls per " \
               "deal: 2 · Jokers: 25 points" in html.unescape(editor.summary_box.html_text)

        click(app, editor.buttons["preview"])  # the rules text of these rules
        shown = app.scene
        assert isinstance(shown, RulesScene) and shown.rules == OURS
        words = " ".join(html.unescape(shown.text_box.html_text).split())
        assert "12 cards in deals 1–5" in words
        assert "at most 2 successful calls per deal" in words
        assert "a joker 25" in words.lower() or "jokers 25" in words.lower(), words
        click(app, shown.back_button)
        assert app.scene is editor and editor.draft.rules == OURS

        click(app, editor.buttons["save"])
        assert [p.name for p in load_shelf(mine.paths, reserved=RESERVED).presets] == ["Our table"]
        click(app, editor.buttons["play"])
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.session.game.rules == OURS
        assert len(table.session.view().hand) in (12, 13)  # 13: the first player drew
        assert table.session.game.phase.name != "CUT"  # no cut bonus: no cut

        play_a_deal(app, table)
        click(app, table.buttons["next"])
        quit_to_menu(app, table)

        shelf = load_shelf(mine.paths, reserved=RESERVED)
        delete_preset(mine.paths, shelf.presets[0])  # the save keeps its rules
        click(app, menu_of(app).buttons["continue"])
        resumed = app.scene
        assert isinstance(resumed, TableScene) and resumed.session.game.rules == OURS
        assert resumed.session.game.deal_no == 2
        quit_to_menu(app, resumed)

        click(app, menu_of(app).buttons["statistics"])
        stats = app.scene
        assert isinstance(stats, StatsScene)
        assert any(name == "Our table (house rules)" for name, _, _ in stats.row_texts())
        click(app, stats.back_button)

        editor = house_rules_from_new_game(app)  # the preset was deleted: build it again
        build_our_table(app, editor)
        click(app, editor.buttons["save"])
        open_page(app, editor, "presets")
        export = next(b for b, act in editor.presets.buttons if act.what == "export")
        press_widget(app, editor, export)
        shared = tmp_path / "our-table.json"
        file_dialog_pick(app, editor, shared)
        assert shared.exists()
        click(app, editor.back_button)
        menu_of(app)

        friend = profile_in(tmp_path / "friend")
        open_menu(app, friend)
        editor = house_rules_from_new_game(app)
        open_page(app, editor, "presets")
        press_widget(app, editor, next(b for b, act in editor.presets.buttons
                                       if act.what == "import"))
        file_dialog_pick(app, editor, shared)
        assert (presets_dir(friend.paths) / "Our table.json").exists()
        press_widget(app, editor, next(b for b, act in editor.presets.buttons
                                       if act.what == "edit" and act.target == "Our table"))
        assert editor.draft.rules == OURS
        click(app, editor.buttons["play"])
        theirs = app.scene
        assert isinstance(theirs, TableScene) and theirs.session.game.rules == OURS
    finally:
        app.close()


def test_custom_presets_are_offered_in_new_game_marked_with_their_summary(
        tmp_path: Path) -> None:
    from kalooki.store.presets import save_preset
    from tests.support.ui import choose

    app = App(clock=FakeClock())
    try:
        mine = profile_in(tmp_path)
        save_preset(mine.paths, dataclasses.replace(OURS, players_max=8), "caribbean",
                    "Our table", reserved=RESERVED)
        open_menu(app, mine)
        menu = menu_of(app)
        click(app, menu.buttons["new_game"])
        panel = menu.setup
        choose(app, panel.preset, "Our table (house rules)")
        assert panel.summary.text.startswith("House rules: Most players: 8 · 12 cards in deals")
        counts = [text for text, _ in panel.players.options_list]
        assert counts == ["3", "4", "5", "6", "7", "8"]
        choose(app, panel.players, "8")
        assert all(widget.visible for row in panel.rows for widget in row)
        window = pygame.Rect((0, 0), app.size)
        assert window.contains(panel.panel.rect)
        click(app, panel.start)
        table = app.scene
        assert isinstance(table, TableScene) and table.session.game.players == 8
        assert table.session.game.rules.name == "Our table"
    finally:
        app.close()


# --- back from the editor: the setup offers the rules just saved ------------------------

TABLE_TEST = dataclasses.replace(PRESETS["caribbean"], name="Table test", jokers=2,
                                 red_ace_points=15)


def save_table_test(app: App, editor: RulesEditorScene) -> None:
    """The newcomer's walk: jokers down to 2, a red ace worth 15, Save as… "Table test"."""
    open_page(app, editor, "deck")
    for _ in range(2):
        press_widget(app, editor, editor_of(editor, "jokers").editor.minus)
    open_page(app, editor, "scoring")
    red_ace = editor_of(editor, "red_ace_points").editor
    press_widget(app, editor, red_ace.entry)
    type_text(app, red_ace.entry, "15")
    click(app, editor.buttons["save_as"])
    assert editor.dialog is not None
    type_text(app, editor.dialog.entry, "Table test")
    click(app, editor.dialog.ok_button)
    assert editor.dialog is None and not editor.draft.unsaved


def back_to_setup(app: App, editor: RulesEditorScene) -> MainMenuScene:
    click(app, editor.back_button)
    menu = menu_of(app)
    assert menu.setup_open
    return menu


def test_back_from_a_save_as_offers_the_new_rules_and_start_plays_them(
        tmp_path: Path) -> None:
    app = App(clock=FakeClock())
    try:
        open_menu(app, profile_in(tmp_path))
        editor = house_rules_from_new_game(app)
        assert editor.draft.base == "caribbean"
        save_table_test(app, editor)
        panel = back_to_setup(app, editor).setup
        assert panel.preset_name() == "Table test"
        assert panel.preset.selected_option[0] == "Table test (house rules)"
        assert panel.summary.text.startswith("House rules: ")
        click(app, panel.start)
        table = app.scene
        assert isinstance(table, TableScene) and table.session.game.rules == TABLE_TEST
    finally:
        app.close()


def test_back_from_editing_the_chosen_rules_follows_a_new_name(tmp_path: Path) -> None:
    """The chosen preset saved under a new name (or renamed on the Presets page) is still
    the chosen one; left without saving, or deleted, the setup keeps what it had."""
    from kalooki.store.presets import save_preset

    app = App(clock=FakeClock())
    try:
        mine = profile_in(tmp_path)
        save_preset(mine.paths, TABLE_TEST, "caribbean", "Table test", reserved=RESERVED)
        mine.settings = dataclasses.replace(mine.settings, last_preset="Table test")
        open_menu(app, mine)
        editor = house_rules_from_new_game(app)
        assert editor.draft.origin == "Table test"
        name = editor_of(editor, "name").editor
        press_widget(app, editor, name.entry)
        type_text(app, name.entry, "Friday table")
        click(app, editor.buttons["save"])
        assert back_to_setup(app, editor).setup.preset_name() == "Friday table"

        editor = house_rules_from_new_game(app)
        open_page(app, editor, PRESETS_PAGE)
        assert editor.presets is not None
        rename = next(b for b, act in editor.presets.buttons
                      if act.what == "rename" and act.target == "Friday table")
        press_widget(app, editor, rename)
        assert editor.dialog is not None
        type_text(app, editor.dialog.entry, "Saturday table")
        click(app, editor.dialog.ok_button)
        assert back_to_setup(app, editor).setup.preset_name() == "Saturday table"

        editor = house_rules_from_new_game(app)  # a look at another preset, not saved
        open_page(app, editor, PRESETS_PAGE)
        assert editor.presets is not None
        start = next(b for b, act in editor.presets.buttons
                     if act.what == "start" and act.target == "baby")
        press_widget(app, editor, start)
        assert back_to_setup(app, editor).setup.preset_name() == "Saturday table"

        editor = house_rules_from_new_game(app)
        save_table_test(app, editor)  # a new preset from the chosen one, then deleted
        open_page(app, editor, PRESETS_PAGE)
        assert editor.presets is not None
        delete = next(b for b, act in editor.presets.buttons
                      if act.what == "delete" and act.target == "Table test")
        press_widget(app, editor, delete)
        assert editor.dialog is not None
        click(app, editor.dialog.ok_button)
        assert back_to_setup(app, editor).setup.preset_name() == "Saturday table"
    finally:
        app.close()
