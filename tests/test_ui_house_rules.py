"""The house-rules editor, driven by posted clicks and keys. One test per rule-set field,
generated from the field descriptions: the field is changed through the editor's widgets
and the edited rules have it; a meta-test fails when a field has no editor. Then live
validation, presets kept as files, and the issue's walk from "our table" to an import
on another machine."""

from __future__ import annotations

import dataclasses
import html
import json
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki.engine.facts.fields import Kind
from kalooki.engine.rules import FIELDS, PRESETS, SPECS
from kalooki.engine.rules.fields import RUN, Section
from kalooki.store.paths import StorePaths
from kalooki.store.presets import load_shelf, presets_dir, save_preset
from kalooki.ui.app import MIN_SIZE, App
from kalooki.ui.house_rules.draft import Draft
from kalooki.ui.house_rules.editor import PRESETS_PAGE, RulesEditorScene, new_draft
from kalooki.ui.house_rules.rows import BiggerTables, DealTable
from kalooki.ui.widgets.field_rows import ChoiceSet, OptionalNumber, SingleField
from kalooki.ui.widgets.form import Choice, Stepper, TextLine, Toggle
from kalooki.words import set_language, tr
from kalooki.words.house_rules import built_in_names
from kalooki.words.layout import read
from tests.support.ui import (
    FakeClock,
    bring_into_view,
    choose,
    click,
    cut_words,
    editor_of,
    file_dialog_pick,
    open_page,
    press,
    press_widget,
    shown,
    type_text,
)
from tests.support.words import plain

RESERVED = built_in_names()
"""The names the words give the built-in presets: no custom preset may take one."""



@pytest.fixture
def home(tmp_path: Path) -> StorePaths:
    return StorePaths.under(tmp_path / "home")


def editor_on(app: App, home: StorePaths, base: str = "caribbean", **kw) -> RulesEditorScene:
    scene = RulesEditorScene(app, home, new_draft(home, base), lambda: None, **kw)
    app.switch(scene)
    app.run_frames(1)
    return scene


# --- meta-tests -------------------------------------------------------------------------

def test_every_rule_field_has_an_editor_in_its_section(app: App, home: StorePaths) -> None:
    scene = editor_on(app, home)
    covered: set[str] = set()
    for section in Section:
        open_page(app, scene, section.value)
        for editor in scene.editors:
            assert all(SPECS[name].section is section for name in editor.fields)
            covered |= set(editor.fields)
    assert covered == {spec.name for spec in FIELDS}, "a field cannot be edited"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rule_field_has_its_words(lang: str) -> None:
    entries = read(lang)
    for spec in FIELDS:
        assert spec.label_key in entries and spec.help_key in entries, spec.name
        for choice in spec.choices:
            assert spec.choice_key(choice) in entries, (spec.name, choice)
        if spec.kind is Kind.OPTIONAL_INT:
            assert f"rules.field.{spec.name}.none" in entries
            assert f"rules.field.{spec.name}.some" in entries
    for section in Section:
        assert f"rules.section.{section.value}" in entries


# --- one test per field -----------------------------------------------------------------

def change_field(app: App, scene: RulesEditorScene, name: str) -> object:
    """Change ``name`` through its widgets; the value the rules should now hold."""
    rules = scene.draft.rules
    editor = editor_of(scene, name)
    value = getattr(rules, name)
    if isinstance(editor, SingleField):
        widget = editor.editor
        if isinstance(widget, Toggle):
            press_widget(app, scene, widget.button)
            return not value
        if isinstance(widget, Choice):
            other = next(o for o in widget.options if o[1] != value)
            bring_into_view(app, scene, widget.menu)
            choose(app, widget.menu, other[0])
            return other[1]
        if isinstance(widget, TextLine):
            bring_into_view(app, scene, widget.entry)
            type_text(app, widget.entry, "Friday table")
            return "Friday table"
        assert isinstance(widget, Stepper)
        up = widget.high is None or value < widget.high
        press_widget(app, scene, widget.plus if up else widget.minus)
        return value + (1 if up else -1)
    if isinstance(editor, OptionalNumber):
        press_widget(app, scene, editor.switch.button)
        return None if value is not None else editor.fallback
    if isinstance(editor, ChoiceSet):
        first = editor.order[0]
        press_widget(app, scene, editor.switches[first].button)
        return tuple(code for code in editor.order if (code in value) != (code == first))
    if isinstance(editor, BiggerTables):
        press_widget(app, scene, editor.removers[0] if value else editor.add_button)
        return value[1:] if value else ((7, 3, 6),)
    assert isinstance(editor, DealTable)
    if name == "hand_sizes":
        press_widget(app, scene, editor.cells[0][0].plus)
        return (value[0] + 1, *value[1:])
    press_widget(app, scene, editor.cells[0][2].plus)  # one more run in deal 1
    return ((*value[0], RUN), *value[1:])


@pytest.mark.parametrize("name", [spec.name for spec in FIELDS])
def test_each_rule_field_changed_through_the_editor_is_in_the_rules(
        name: str, app: App, home: StorePaths) -> None:
    scene = editor_on(app, home)
    open_page(app, scene, SPECS[name].section.value)
    expected = change_field(app, scene, name)
    assert getattr(scene.draft.rules, name) == expected
    assert scene.draft.edited[-1] == name
    other = {spec.name for spec in FIELDS} - {name, "contracts" if name == "hand_sizes"
                                                else name}
    base = dataclasses.replace(PRESETS["caribbean"], name=scene.draft.rules.name)
    changed = {n for n in other if getattr(scene.draft.rules, n) != getattr(base, n)}
    assert changed <= {"hand_sizes", "contracts"}, changed


def test_contracts_switch_off_for_an_opening_game_and_back(app: App, home: StorePaths) -> None:
    scene = editor_on(app, home)
    open_page(app, scene, "deals")
    table = editor_of(scene, "contracts")
    assert isinstance(table, DealTable)
    press_widget(app, scene, table.switch.button)
    assert scene.draft.rules.contracts is None
    assert not scene.buttons["save"].is_enabled  # neither contracts nor an opening
    open_page(app, scene, "opening")
    press_widget(app, scene, editor_of(scene, "opening_points").switch.button)
    assert scene.draft.rules.opening_points == 51
    # Caribbean's hands (16 cards, three calls) are more than the opening search answers
    # in time (issue 19, bounded work): the editor says so on the opening's page
    problems = scene.draft.problems()
    assert [p.field for p in problems] == ["opening_points"]
    assert "opening search" in problems[0].sentence and not scene.buttons["save"].is_enabled
    open_page(app, scene, "deals")
    press_widget(app, scene, editor_of(scene, "contracts").switch.button)
    assert scene.draft.rules.contracts == PRESETS["caribbean"].contracts


def test_deals_are_added_and_removed_in_the_table(app: App, home: StorePaths) -> None:
    scene = editor_on(app, home, "baby")
    open_page(app, scene, "deals")
    press_widget(app, scene, editor_of(scene, "hand_sizes").add_button)
    assert scene.draft.rules.hand_sizes == (9, 10, 11, 11)
    assert scene.draft.rules.contracts[-1] == scene.draft.rules.contracts[-2]
    press_widget(app, scene, editor_of(scene, "hand_sizes").remove_button)
    press_widget(app, scene, editor_of(scene, "hand_sizes").remove_button)
    assert scene.draft.rules.hand_sizes == (9, 10)
    assert len(scene.draft.rules.contracts) == 2


def test_a_fixed_match_may_play_more_deals_than_the_table_has_rows(app: App, home: StorePaths
                                                                   ) -> None:
    """The table's last row says "Deal 3 and after": a fixed match of five deals on Baby
    Kalooki's three rows is taken (it was refused), Save and Play stay on."""
    scene = editor_on(app, home, "baby", on_play=lambda name: None)
    open_page(app, scene, "deals")
    for _ in range(2):
        press_widget(app, scene, editor_of(scene, "deals_per_match").editor.plus)
    rules = scene.draft.rules
    assert (rules.match_end, rules.deals_per_match, len(rules.contracts)) == ("fixed", 5, 3)
    assert scene.draft.problems() == []
    assert scene.buttons["save"].is_enabled and scene.buttons["play"].is_enabled
    labels = [shown(label) for label in editor_of(scene, "contracts").row_labels]
    assert labels == ["Deal 1", "Deal 2", "Deal 3 and after"]
    assert "Deals in a match: 5" in html.unescape(scene.summary_box.html_text)


def test_each_deal_row_says_whether_the_match_plays_it(app: App, home: StorePaths) -> None:
    """Rows past a fixed match's last deal say they are not played; the last row says
    "and after" only while later deals play it again; the names follow the deal count."""
    scene = editor_on(app, home, "baby", on_play=lambda name: None)
    open_page(app, scene, "deals")
    table, deals = editor_of(scene, "contracts"), editor_of(scene, "deals_per_match").editor

    def names() -> list[str]:
        return [shown(label) for label in table.row_labels]

    assert names() == ["Deal 1", "Deal 2", "Deal 3"]
    press_widget(app, scene, deals.minus)
    assert names() == ["Deal 1", "Deal 2", "Deal 3: not played"]
    press_widget(app, scene, deals.plus)
    press_widget(app, scene, deals.plus)
    assert names() == ["Deal 1", "Deal 2", "Deal 3 and after"]
    scene.draft.set(match_end="elimination", deals_per_match=2)
    scene.refresh()
    assert names() == ["Deal 1", "Deal 2", "Deal 3 and after"]


# --- validation -------------------------------------------------------------------------

def test_an_impossible_contract_disables_save_and_play_and_says_why_beside_it(
        app: App, home: StorePaths) -> None:
    scene = editor_on(app, home, on_play=lambda name: None)
    open_page(app, scene, "deals")
    table = editor_of(scene, "hand_sizes")
    bring_into_view(app, scene, table.cells[0][0].entry)
    type_text(app, table.cells[0][0].entry, "5")
    sentence = "Deal 1: the contract needs 9 cards, 5 dealt."
    assert table.help_label.text == sentence
    assert not scene.buttons["save"].is_enabled and not scene.buttons["play"].is_enabled
    assert scene.status_label.text == sentence
    open_page(app, scene, "scoring")  # elsewhere, the line says where
    assert scene.status_label.text == f"Deals: {sentence}"
    open_page(app, scene, "deals")
    table = editor_of(scene, "hand_sizes")
    press_widget(app, scene, table.cells[0][0].plus)
    for _ in range(3):
        press_widget(app, scene, editor_of(scene, "hand_sizes").cells[0][0].plus)
    assert scene.draft.problems() == [] and scene.buttons["save"].is_enabled
    assert editor_of(scene, "hand_sizes").help_label.text == \
        "kalooki.rules.field.hand_sizes.help"


@pytest.mark.parametrize("typed", ["", "-", "-5", "9999999", "00", "--3"])
def test_nothing_typed_in_a_number_crashes_or_reaches_the_rules(typed: str, app: App,
                                                                home: StorePaths) -> None:
    scene = editor_on(app, home)
    open_page(app, scene, "deck")
    packs = editor_of(scene, "packs")
    type_text(app, packs.editor.entry, typed)
    assert scene.draft.rules.packs in (1, 2, 3, 4)
    if scene.draft.rules.packs == 2:  # nothing taken: the reason is said, Save waits
        assert "whole number from 1 to 4" in packs.help_label.text
        assert not scene.buttons["save"].is_enabled


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from([spec.name for spec in FIELDS if spec.kind in
                             (Kind.INT, Kind.OPTIONAL_INT)]),
       value=st.integers(-10**9, 10**9))
def test_any_number_in_any_field_is_judged_never_raised(name: str, value: int) -> None:
    draft = Draft(PRESETS["caribbean"], "caribbean")
    draft.set(**{name: value})
    for problem in draft.problems():
        assert problem.sentence and (problem.field is None or problem.field in SPECS)


def test_a_problem_is_blamed_on_the_field_that_made_it() -> None:
    draft = Draft(PRESETS["caribbean"], "caribbean")
    draft.set(run_min=13)
    draft.set(jokers=3)
    blamed = {problem.field for problem in draft.problems()}
    assert blamed == {"run_min"}
    draft = Draft(PRESETS["kalooki51"], "kalooki51")
    draft.set(group_max=3)
    draft.set(joker_points=10)
    assert {p.field for p in draft.problems()} == {"group_max"}


def test_the_summary_says_the_differences_in_words(app: App, home: StorePaths) -> None:
    scene = editor_on(app, home)
    scene.draft.set(hand_sizes=(12, 12, 12, 12, 12, 13, 14, 15, 16), joker_points=25,
                    max_calls=2, cut_bonus=False)
    scene.refresh()
    assert "House rules: 12 cards in deals 1–3 · Dealer's cut bonus: no · Calls per deal: 2" \
           " · Jokers: 25 points" in html.unescape(scene.summary_box.html_text)



@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_two_line_summary_shows_whole_in_the_smallest_window(lang: str, home: StorePaths
                                                               ) -> None:
    """Four changes in French wrap onto a second line: it is shown whole, with no scroll
    bar (the box once cut its second line through the letters at 1024x640)."""
    set_language(lang)  # every test starts in English again (conftest)
    app = App(MIN_SIZE, clock=FakeClock())
    try:
        scene = editor_on(app, home)
        scene.draft.set(hand_sizes=(5, 12, 12, 12, 12, 13, 14, 15, 16), joker_points=25,
                        max_calls=2, cut_bonus=False)
        scene.refresh()
        app.run_frames(1)
        assert scene.summary_box.scroll_bar is None, html.unescape(scene.summary_box.html_text)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_tab_is_named_like_a_button(lang: str, app: App, home: StorePaths) -> None:
    """A tab called "Play" beside a "Play" button that starts a game read as one thing."""
    set_language(lang)
    scene = editor_on(app, home, on_play=lambda name: None)
    tabs = {shown(button) for button in scene.tabs.buttons.values()}
    buttons = {shown(button) for button in scene.buttons.values()}
    assert len(tabs) == len(scene.tabs.buttons) and not tabs & buttons, tabs & buttons

# --- presets as files -------------------------------------------------------------------

def test_save_writes_the_preset_file_and_a_damaged_one_is_listed_with_its_reason(
        app: App, home: StorePaths) -> None:
    presets_dir(home).mkdir(parents=True)
    (presets_dir(home) / "huge.json").write_bytes(b" " * (10 * 1024 * 1024))
    scene = editor_on(app, home)
    open_page(app, scene, "calls")
    press_widget(app, scene, editor_of(scene, "max_calls").editor.minus)
    click(app, scene.buttons["save"])
    saved = json.loads((presets_dir(home) / "Our table.json").read_text(encoding="utf-8"))
    assert saved["max_calls"] == 2 and saved["based_on"] == "caribbean"
    assert scene.status_label.text == "Saved “Our table”."
    open_page(app, scene, PRESETS_PAGE)
    labels = [w.text for w in scene.form.widgets if hasattr(w, "text")]
    assert ("Damaged: huge.json could not be read (larger than 64 KiB, more than any file of "
            "the game).") in labels
    assert "Our table" in labels


def test_rename_duplicate_and_delete_from_the_presets_page(app: App, home: StorePaths) -> None:
    save_preset(home, dataclasses.replace(PRESETS["baby"], joker_points=5), "baby", "kids",
                reserved=RESERVED)
    scene = editor_on(app, home)
    open_page(app, scene, PRESETS_PAGE)

    def button(what: str, target: str):
        return next(b for b, act in scene.presets.buttons
                    if act.what == what and act.target == target)

    press_widget(app, scene, button("rename", "kids"))
    type_text(app, scene.dialog.entry, "Baby")
    click(app, scene.dialog.ok_button)
    assert "built-in" in scene.dialog.message.html_text  # "baby" is a built-in code
    type_text(app, scene.dialog.entry, "little ones")
    click(app, scene.dialog.ok_button)
    assert scene.dialog is None
    assert [p.name for p in load_shelf(home, reserved=RESERVED).presets] == ["little ones"]
    press_widget(app, scene, button("duplicate", "little ones"))
    shelf = load_shelf(home, reserved=RESERVED)
    assert [p.name for p in shelf.presets] == ["little ones", "little ones (2)"]
    press_widget(app, scene, button("delete", "little ones (2)"))
    assert scene.dialog is not None  # asks first
    click(app, scene.dialog.cancel_button)
    assert len(load_shelf(home, reserved=RESERVED).presets) == 2
    press_widget(app, scene, button("delete", "little ones (2)"))
    click(app, scene.dialog.ok_button)
    assert [p.name for p in load_shelf(home, reserved=RESERVED).presets] == ["little ones"]
    press_widget(app, scene, button("edit", "little ones"))
    assert scene.draft.origin == "little ones" and scene.draft.rules.joker_points == 5
    assert scene.draft.base == "baby" and scene.page == "deck"


def test_export_then_import_through_the_file_dialog(app: App, home: StorePaths,
                                                    tmp_path: Path) -> None:
    save_preset(home, dataclasses.replace(PRESETS["caribbean"], max_calls=1), "caribbean",
                "one call", reserved=RESERVED)
    scene = editor_on(app, home)
    open_page(app, scene, PRESETS_PAGE)
    export = next(b for b, act in scene.presets.buttons if act.what == "export")
    press_widget(app, scene, export)
    target = tmp_path / "shared" / "one-call.json"
    target.parent.mkdir()
    file_dialog_pick(app, scene, target)
    assert json.loads(target.read_text(encoding="utf-8"))["max_calls"] == 1
    friend = StorePaths.under(tmp_path / "friend")
    other = editor_on(app, friend)
    open_page(app, other, PRESETS_PAGE)
    press_widget(app, other, next(b for b, act in other.presets.buttons
                                  if act.what == "import"))
    file_dialog_pick(app, other, target)
    assert [p.name for p in load_shelf(friend, reserved=RESERVED).presets] == ["one call"]
    assert other.status_label.text == "Imported “one call”."
    hostile = tmp_path / "shared" / "deep.json"
    hostile.write_text('{"name": "x", "contracts": ' + "[" * 3000 + "]" * 3000 + "}",
                       encoding="utf-8")
    press_widget(app, other, next(b for b, act in other.presets.buttons
                                  if act.what == "import"))
    file_dialog_pick(app, other, hostile)
    assert other.status_label.text == "deep.json nests too deeply to be a preset."
    assert [p.name for p in load_shelf(friend, reserved=RESERVED).presets] == ["one call"]


def test_the_import_dialog_offers_only_preset_files_and_folders(app: App, home: StorePaths
                                                               ) -> None:
    """Import… lists the files a preset can come from (``.json``) and the folders to go
    through, not every file of the documents folder (a photo, a backup ``.bak``)."""
    assert home.documents_dir is not None
    folder = home.documents_dir
    folder.mkdir(parents=True)
    (folder / "one call.json").write_text("{}", encoding="utf-8")
    (folder / "one call.json.bak").write_text("{}", encoding="utf-8")
    (folder / "holiday.png").write_bytes(b"")
    (folder / "Shared").mkdir()
    scene = editor_on(app, home)
    open_page(app, scene, PRESETS_PAGE)
    press_widget(app, scene, next(b for b, act in scene.presets.buttons
                                  if act.what == "import"))
    assert scene.file_dialog is not None
    names = [item[0] if isinstance(item, tuple) else item
             for item in scene.file_dialog.current_file_list]
    assert sorted(names) == ["Shared", "one call.json"]


def test_back_with_unsaved_changes_asks_first(app: App, home: StorePaths) -> None:
    left: list[bool] = []
    scene = RulesEditorScene(app, home, new_draft(home, "caribbean"),
                             lambda: left.append(True))
    app.switch(scene)
    open_page(app, scene, "scoring")
    press_widget(app, scene, editor_of(scene, "ten_points").editor.minus)
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is not None and not left
    click(app, scene.dialog.cancel_button)
    assert scene.draft.rules.ten_points == 9 and not left
    click(app, scene.back_button)
    click(app, scene.dialog.ok_button)
    assert left == [True]


def test_the_editor_speaks_the_players_language(app: App, home: StorePaths) -> None:
    scene = editor_on(app, home)
    open_page(app, scene, "scoring")
    app.set_language("fr")
    assert shown(scene.tabs.buttons["deck"]) == "Cartes"
    assert scene.page == "scoring"  # laid out again where the player was
    joker = editor_of(scene, "joker_points")
    assert shown(joker.help_label) == "Points d'un joker resté en main."
    assert plain(tr("house_rules.summary", changes="x")) == "Règles maison : x"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rule_s_explanation_shows_whole_in_the_smallest_window(
        home: StorePaths, lang: str) -> None:
    """An explanation cut to "…" leaves its end to a tooltip (two French ones were)."""
    app = App(MIN_SIZE, clock=FakeClock())
    try:
        app.set_language(lang)
        scene = editor_on(app, home)
        cut = []
        for page in scene.tabs.buttons:
            open_page(app, scene, page)
            cut += cut_words(scene.form)
        assert cut == []
    finally:
        app.close()
