"""The rough edges of issue 24 (Build 3), one test each, driven by posted events on the
fake clock: what a play-test and a code review found a player would trip over."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from kalooki.store.paths import StorePaths
from kalooki.store.settings import SettingSection
from kalooki.ui.app import App
from kalooki.ui.house_rules.editor import PRESETS_PAGE, RulesEditorScene, new_draft
from kalooki.ui.pages.settings import SettingsScene
from kalooki.ui.play.match import open_menu
from kalooki.ui.profile import Profile
from kalooki.ui.table.log.book import LogBox, LogPage, TableLog, log_box
from kalooki.ui.table.options import INSTANT
from kalooki.ui.table.scene import TableScene
from kalooki.words import language, set_language, tr
from kalooki.words.formats import melds_label
from tests.support.friends import friends_table, play_on
from tests.support.pages import open_load, table_with_moves
from tests.support.table import card_centre, drag, human_decision, make_session, wait_for_human
from tests.support.table import click as click_at
from tests.support.ui import (
    choose,
    click,
    hover,
    key_press,
    open_page,
    press_widget,
    shown,
    tip_of,
    type_text,
)
from tests.support.words import plain


def shown_choice(menu: object) -> str:
    """The words a drop-down shows as its choice now."""
    from pygame_gui.core.utility import translate

    return str(translate(menu.selected_option[0]))  # type: ignore[attr-defined]


def hand_table(app: App, seed: int) -> TableScene:
    table = TableScene(app, make_session(seed), INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    app.run_frames(2)
    return table


def between(table: TableScene, left: int, right: int) -> tuple[int, int]:
    """A point of the hand between two of its cards (nearer neither's middle)."""
    xs = dict((card, x) for x, card in table.placement.hand_xs)
    half = table.layout.card_w // 2
    y = table.placement.spots[left][1] + table.layout.card_w // 2
    return (xs[left] + xs[right]) // 2 + half, int(y)


def test_a_card_dropped_between_two_cards_of_the_hand_goes_there(app: App,
                                                                  good_seed: int) -> None:
    """Rightwards, leftwards and from the staging area: the card lies between the two
    it was let go between (rightwards it went one place short; the place was counted
    with the moving card still in the hand)."""
    table = hand_table(app, good_seed)
    order = list(table.hand.arrangement.order)
    first = order[0]
    drag(app, card_centre(table, first), between(table, order[2], order[3]))
    assert table.hand.arrangement.order[:4] == [order[1], order[2], first, order[3]]
    order = list(table.hand.arrangement.order)
    last = order[-1]
    drag(app, card_centre(table, last), between(table, order[0], order[1]))
    assert table.hand.arrangement.order[:3] == [order[0], last, order[1]]
    order = list(table.hand.arrangement.order)
    staging = table.layout.staging
    drag(app, card_centre(table, order[0]), (staging.right - 30, staging.top + 30))
    staged = table.hand.arrangement.staged[-1][0]
    order = list(table.hand.arrangement.order)
    drag(app, card_centre(table, staged), between(table, order[3], order[4]))
    assert table.hand.arrangement.order[:5] == [*order[:4], staged]


def test_the_pass_screen_names_no_ones_melds() -> None:
    """Ann's turn ends and the screen asks for Ben: the melds box says "Melds", not
    "Ann's melds"; once Ben is at the screen, it says his."""
    with friends_table(seed=11) as (app, table):
        session = table.session
        for _ in range(4000):
            if table.seats.passing and session.awaited is not None and \
                    session.viewer != session.awaited:
                break
            play_on(app, table)
        else:
            raise AssertionError("the device was never passed from one person to the other")
        label = melds_label(table.frame().melds_owner)
        assert label == "Melds" and not any(name in label for name in session.names)
        awaited = session.awaited
        play_on(app, table)
        assert melds_label(table.frame().melds_owner) == f"{session.names[awaited]}'s melds"


def test_an_autosave_is_titled_by_its_rules_and_players(app: App, profile: Profile) -> None:
    """The load page names an autosave "Baby Kalooki: You, Grace, Bert", as the rules
    are offered everywhere, never by the preset's code ("baby: …"); in French too."""
    table_with_moves(app, profile)
    scene = open_load(app, profile)
    names = [row[0] for row in scene.rows()]
    assert names[0] == "Baby Kalooki: You, Grace, Bert  (autosave)", names
    set_language("fr")
    assert plain(scene.rows()[0][0]) == "Baby Kalooki : Vous, Grace, Bert  (sauvegarde auto)"


def test_greyed_undo_and_redo_say_why(app: App, good_seed: int) -> None:
    """Pointed at while greyed, Undo says that a draw cannot be taken back and what it
    does take back, Redo what it would do; usable, each says what it does now."""
    table = hand_table(app, good_seed)
    undo, redo = table.buttons["undo"], table.buttons["redo"]
    assert not undo.is_enabled and not redo.is_enabled
    hover(app, undo)
    assert tip_of(undo) == ("Nothing to undo: a draw or a discard cannot be taken back; "
                            "Undo takes back arranging your hand and staged melds")
    hover(app, redo)
    assert tip_of(redo) == "Nothing to redo: Redo does again what Undo took back"
    click_at(app, table.buttons["rank"].rect.center)
    assert undo.is_enabled
    hover(app, undo)
    assert tip_of(undo).startswith("Take back your last change")


def test_the_language_list_shows_the_language_in_use_after_a_live_switch(
        app: App, profile: Profile) -> None:
    """Français chosen in Settings: the page speaks French at once and its list says
    Français (it said English, the page being laid out again before the new value was
    kept); back to English, it says English."""
    open_menu(app, profile)
    click(app, app.scene.buttons["settings"])  # type: ignore[union-attr]
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    click(app, scene.tabs.buttons[SettingSection.DISPLAY.value])
    choose(app, scene.editors["language"].menu, "Français")
    assert language() == "fr" and tr("settings.heading") == "Paramètres"
    menu = scene.editors["language"].menu
    assert menu.selected_option[1] == "fr" and shown_choice(menu) == "Français"
    choose(app, menu, "English")
    menu = scene.editors["language"].menu
    assert language() == "en" and menu.selected_option[1] == "en"


def test_the_log_follows_again_once_the_page_is_back_at_its_end(app: App) -> None:
    """Scrolled back, then forward until the newest entry is on the page, whole: the log
    follows new entries again (the page stopped one entry short of following when the
    entries from where it stood exactly filled it)."""
    log = TableLog()
    for number in range(10):
        log.add(f"entry {number}")
    box = LogBox(pygame.Rect(0, 0, 300, 4 * 18), 14, 18, pygame.Rect(300, 0, 14, 72))
    log.scroll_to(6, LogPage((), 3, 2, 10))  # a scroll forward from a page of long entries
    assert log.page(box).lines == ("entry 6", "entry 7", "entry 8", "entry 9")
    log.add("entry 10")
    assert log.page(box).lines[-1] == "entry 10", "following the newest again"


def test_a_scrolled_back_log_says_new_lines_came_and_its_chip_goes_to_them(
        app: App, good_seed: int) -> None:
    """The wheel over the log takes it back; the match goes on: a "new lines ↓" chip at
    the log's foot says so, and a click on it goes to the newest line."""
    table = TableScene(app, make_session(good_seed), INSTANT)
    app.switch(table)

    def play(frames: int, until: Callable[[], bool]) -> None:
        for _ in range(frames):
            if until():
                return
            if table.session.screen_to_act and table.asking.chooser is None:
                table.submit(human_decision(table.view))
            app.run_frames(1)
        raise AssertionError("never came")

    play(2000, lambda: len(table.log) > 3 * table.frame().log.count)
    pointer = table.layout.log.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.run_frames(1)
    assert table.logbook.first is not None
    play(2000, lambda: table.logbook.chip(log_box(table.layout)) is not None)
    chip = table.logbook.chip(log_box(table.layout))
    assert chip is not None and table.frame().log.unread > 0
    click_at(app, chip.center)
    assert table.logbook.first is None and table.frame().log.at_end
    assert table.logbook.chip(log_box(table.layout)) is None


def _same_whatever_lies_beneath(draw_over: Callable[[pygame.Surface], None],
                                beneath: Callable[[pygame.Surface], None],
                                box: pygame.Rect) -> bool:
    """Whether a panel drawn by ``draw_over`` hides all that lies under it: its inside
    the same over a white and over a black window (``beneath`` is replaced by each)."""
    inside = box.inflate(-24, -24)
    seen = []
    for colour in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((1280, 720))
        beneath.fill_with = colour  # type: ignore[attr-defined]
        draw_over(surface)
        seen.append(pygame.image.tobytes(surface.subsurface(inside), "RGB"))
    return seen[0] == seen[1]


def test_no_panel_shows_the_text_beneath_it(app: App, profile: Profile) -> None:
    """The lesson's box over the staging area or the log, and the replay's panel over
    "Staging: drop cards here", are solid: nothing beneath shows through them."""
    from kalooki.engine.record import Recorder
    from kalooki.engine.rules import preset
    from kalooki.store.savegame import Seat as SavedSeat
    from kalooki.store.savegame import snapshot
    from kalooki.ui.play.match import start_lesson
    from kalooki.ui.replay.scene import ReplayScene
    from kalooki.ui.replay.sources import watched_save

    def under(surface: pygame.Surface, *_: object) -> None:
        surface.fill(under.fill_with)  # type: ignore[attr-defined]

    lesson = start_lesson(app, profile)
    app.run_frames(2)
    assert lesson.box.width > 0
    lesson.table.draw = lambda surface: under(surface)  # type: ignore[method-assign]
    assert _same_whatever_lies_beneath(lesson.draw, under, lesson.box)
    recorder = Recorder.new(preset("baby"), 3, 21)
    seats = [SavedSeat("Ann", "human"), SavedSeat("Grace", "easy"), SavedSeat("Bert", "easy")]
    watched = watched_save(snapshot(recorder, seats))
    assert not isinstance(watched, str)
    replay = ReplayScene(app, watched, lambda: None)
    app.switch(replay)
    app.run_frames(1)
    replay.painter.draw = under  # type: ignore[method-assign]
    assert _same_whatever_lies_beneath(replay.draw, under, replay.layout.staging)


def typed(app: App, text: str) -> None:
    """Letters typed into the entry in focus, one by one."""
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    app.run_frames(3)


def backspaces(app: App, count: int) -> None:
    for event in [e for _ in range(count) for e in key_press(pygame.K_BACKSPACE)]:
        pygame.event.post(event)
    app.run_frames(2)


def test_a_name_field_refuses_what_it_cannot_hold_as_it_is_typed_and_says_why(
        app: App, profile: Profile) -> None:
    """The player's name in Settings: the 21st letter is refused as it is typed, and the
    line under the field says the most a name holds; 🎉 (which the game's letters cannot
    draw) is refused with a sentence, never shown as a box; once the name changes again
    (and is valid), the red line clears. Nothing typed is cut."""
    open_menu(app, profile)
    click(app, app.scene.buttons["settings"])  # type: ignore[union-attr]
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    click(app, scene.tabs.buttons[SettingSection.PLAYERS.value])
    entry = scene.editors["player_name"].entry  # type: ignore[attr-defined]
    type_text(app, entry, "Bartholomew Ashcroft")  # 20: the most a name holds
    typed(app, "e")
    assert entry.get_text() == "Bartholomew Ashcroft"
    assert scene.problems["player_name"].text == \
        "A name holds at most 20 letters, figures or signs."
    backspaces(app, 1)
    assert scene.problems["player_name"].text == " ", "valid again: the red line clears"
    typed(app, "🎉")
    assert entry.get_text() == "Bartholomew Ashcrof"
    assert scene.problems["player_name"].text.startswith(
        "The game's letters cannot draw that sign")
    typed(app, "t")
    assert entry.get_text() == "Bartholomew Ashcroft" and scene.problems["player_name"].text \
        == " "
    assert profile.settings.player_name == "Bartholomew Ashcroft"


def test_the_save_dialog_says_why_it_refuses_a_sign_and_clears_when_typing_goes_on(
        app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 2)
    table.open_pause()
    labels = [button.text for button in table.asking.chooser.buttons]  # type: ignore[union-attr]
    click(app, table.asking.chooser.buttons[labels.index("Save game")])  # type: ignore[union-attr]
    dialog = app.scene.dialog  # type: ignore[union-attr]
    said = dialog.message.html_text
    typed(app, "🎉")
    assert "cannot draw that sign" in dialog.message.html_text
    typed(app, "!")
    assert dialog.message.html_text == said and "!" in dialog.text()


def test_the_import_dialog_starts_in_the_documents_hides_dot_files_and_says_its_buttons(
        app: App, home: StorePaths) -> None:
    """Import…: the file dialog opens in the player's documents folder, lists no hidden
    file (".cargo"), sets each name in a row as tall as its letters, and its buttons
    say what they do in words (Home, Up, Refresh, Delete; Import, Cancel)."""
    documents = home.documents_dir
    assert documents is not None
    documents.mkdir(parents=True)
    (documents / ".cargo").mkdir()
    (documents / ".bashrc").write_text("", encoding="utf-8")
    (documents / "family rules.json").write_text("{}", encoding="utf-8")
    (documents / "Spring").mkdir()
    scene = RulesEditorScene(app, home, new_draft(home, "caribbean"), lambda: None)
    app.switch(scene)
    app.run_frames(1)
    open_page(app, scene, PRESETS_PAGE)
    press_widget(app, scene, next(b for b, act in scene.presets.buttons
                                  if act.what == "import"))
    dialog = scene.file_dialog
    assert dialog is not None and Path(dialog.current_directory_path) == documents
    names = [item[0] if isinstance(item, tuple) else item for item in dialog.current_file_list]
    assert names == ["Spring", "family rules.json"]
    listing = dialog.file_selection_list
    row = listing.item_list_container.elements[0]
    letters = row.font.get_rect("Spring gjpqy").height
    assert listing.list_item_height >= letters + 8, (listing.list_item_height, letters)
    words = [shown(getattr(dialog, name)) for name in
             ("home_button", "parent_directory_button", "refresh_button", "delete_button",
              "ok_button", "cancel_button")]
    assert words == ["Home", "Up", "Refresh", "Delete", "Import", "Cancel"]


def test_quitting_to_the_menu_takes_the_table_s_buttons_away(app: App,
                                                             profile: Profile) -> None:
    """Quit to menu left the table's Lay down, Undo, Redo, sorts, Hint and log scroll bar
    on the main menu, live (the table's leave no longer removed them)."""
    from kalooki.ui.pages.menu import MainMenuScene

    table = table_with_moves(app, profile)
    widgets = [*table.buttons.values(), table._buttons.log_bar]
    assert any(widget is not None and widget.visible for widget in widgets)
    table.open_pause()
    assert table.asking.chooser is not None
    labels = [button.text for button in table.asking.chooser.buttons]
    click(app, table.asking.chooser.buttons[labels.index("Quit to menu")])
    assert isinstance(app.scene, MainMenuScene)
    app.run_frames(2)
    assert [widget for widget in widgets if widget is not None and widget.alive()] == []
