"""The window speaks the player's language and switches it live."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

from kalooki.store.settings import Settings, save_settings
from kalooki.ui.launcher import launch
from kalooki.words import language, tr, ui_text, ui_tooltip
from tests.support.ui import FakeClock, shown
from tests.support.words import plain


def test_a_language_switch_relabels_widgets_without_rebuilding_them(app) -> None:
    button = UIButton(pygame.Rect(10, 10, 200, 40), **ui_text("common.back"), manager=app.ui,
                      **ui_tooltip("common.ok"))
    label = UILabel(pygame.Rect(10, 60, 200, 40), **ui_text("cards.count", count=2),
                    manager=app.ui)
    app.step([])
    assert (shown(button), shown(label)) == ("Back", "2 cards")
    app.set_language("fr")
    app.step([])
    assert (shown(button), plain(shown(label))) == ("Retour", "2 cartes")
    assert (language(), tr("common.back")) == ("fr", "Retour")
    app.set_language("en")
    assert shown(button) == "Back"


def test_the_window_opens_in_the_saved_language(paths) -> None:
    save_settings(paths, Settings(language="fr"))
    app = launch(paths, clock=FakeClock())
    try:
        assert language() == "fr"
        assert app.ui.get_locale() == "fr"
    finally:
        app.close()


def test_the_menu_and_its_setup_panel_speak_french_and_switch_back_live(app) -> None:
    from kalooki.ui.pages.menu import MainMenuScene

    menu = MainMenuScene(app, has_autosave=lambda: True)
    app.switch(menu)
    app.set_language("fr")
    menu = app.scene
    assert [shown(b) for b in menu.buttons.values()] == [
        "Continuer", "Nouvelle partie", "Quitter"]
    menu.open_setup()
    app.step([])
    assert shown(menu.setup.start) == "Commencer"
    assert menu.setup.rows[0][1].selected_option[0] == "Moyen"
    assert plain(shown(menu.setup.rows[0][0])) == "Joueur 2"
    app.set_language("en")
    assert shown(menu.setup.start) == "Start" and menu.setup.panel.visible, \
        "a switch keeps the panel open"
    assert menu.setup.rows[0][1].selected_option == ("Medium", "medium")


def test_every_page_heading_and_back_button_follow_the_language(app, paths) -> None:
    from kalooki.engine.rules import PRESETS
    from kalooki.store.stats import Stats
    from kalooki.ui.pages.rules import RulesScene
    from kalooki.ui.pages.saves import LoadGameScene
    from kalooki.ui.pages.statistics import StatsScene

    pages = {
        "Statistiques": lambda: StatsScene(app, Stats(), lambda: None),
        "Charger une partie": lambda: LoadGameScene(app, paths, lambda _: None, lambda: None),
        "Règles — Kalooki caribéen": lambda: RulesScene(app, PRESETS["caribbean"],
                                                         lambda: None, choices=PRESETS),
    }
    app.set_language("fr")
    for heading, make in pages.items():
        page = make()
        app.switch(page)
        app.step([])
        assert (shown(page.heading_label), shown(page.back_button)) == (heading, "Retour")


ENGLISH = ("the ", "Your ", "your ", "You ", "draw", "Stage", "discard", " is ", "Deal ")


def test_a_whole_deal_played_in_french_by_the_mouse(app, good_seed: int) -> None:
    """Every prompt above the hand and every log line of a deal played with posted mouse
    events is French; switching back words the same log in English."""
    from kalooki.ui.table.options import INSTANT
    from kalooki.ui.table.painter import prompt
    from kalooki.ui.table.scene import TableScene
    from kalooki.words import set_language
    from tests.support.table import human_decision, make_session, perform, wait_for_human

    app.set_language("fr")
    session = make_session(good_seed)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    app.run_frames(2)
    prompts = set()
    while table.result is None:
        wait_for_human(app, table)
        if table.result is not None:
            break
        prompts.add(plain(prompt(table.frame())))
        perform(app, table, human_decision(session.view()))
        app.run_frames(1)
    assert session.game.results[0].winner is not None
    french = [plain(str(line)) for line in table.log]
    assert {"À vous : piochez.", "Préparez votre contrat au-dessus de votre main, ou "
            "défaussez (double-clic sur une carte)."} & prompts
    assert any(line.startswith("Vous avez défaussé ") for line in french)
    assert any(" a pioché" in line for line in french)
    assert any("La donne 1 est finie." in line for line in french)
    for words in (*prompts, *french):
        assert not any(english in words for english in ENGLISH), words
    assert shown(table.buttons["next"]) == "Donne suivante"
    set_language("en")
    english = [str(line) for line in table.log]
    assert len(english) == len(french) and not set(english) & set(french)
    assert any("Deal 1 is over." in line for line in english)


def test_every_table_button_fits_its_words_in_french_at_the_smallest_window() -> None:
    """French words are longer: a row of buttons sets them smaller rather than cut them."""
    from kalooki.ui.app import App
    from tests.support.calls import open_table

    app = App((1024, 640), clock=FakeClock())
    try:
        app.set_language("fr")
        table = open_table(app)
        app.step([])
        buttons = table._buttons.by_name
        for name, button in buttons.items():
            words = shown(button)
            assert words and button.font.size(words)[0] + 8 <= button.rect.width, name
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_buttons_of_the_sidebar_s_foot_share_one_font(lang: str,
                                                          size: tuple[int, int]) -> None:
    """A row of long French words set small under a row set large read as two kinds of
    button (play-test finding): the foot takes the largest font every row fits."""
    from kalooki.ui.app import App
    from tests.support.calls import open_table

    app = App(size, clock=FakeClock())
    try:
        app.set_language(lang)
        table = open_table(app)
        app.step([])
        foot = [b for name, b in table._buttons.by_name.items() if name != "next"]
        assert len({b.font.get_point_size() for b in foot}) == 1
        assert all(b.font.size(shown(b))[0] + 8 <= b.rect.width for b in foot)
    finally:
        app.close()


def test_the_default_name_of_a_person_follows_the_language() -> None:
    from kalooki.words import set_language
    from kalooki.words.formats import seat_name

    set_language("fr")
    assert (seat_name("You"), seat_name("Vous"), seat_name("Marcia")) == \
        ("Vous", "Vous", "Marcia")
    set_language("en")
    assert seat_name("Vous") == "You"


def test_the_load_screen_says_seats_and_damage_in_french(app, profile) -> None:
    """A save made in English names its person "You": in a French window it is "Vous";
    a torn file is said in French too (the store's facts stay for its log)."""
    from tests.support.pages import named_save, open_load, table_with_moves

    person = profile
    table = table_with_moves(app, person, 2)  # in English: the person is "You"
    named_save(person.paths, table, "Good one")
    named_save(person.paths, table, "Torn").write_text('{"name": ', encoding="utf-8")
    table.leave()
    app.set_language("fr")
    scene = open_load(app, person)
    app.run_frames(2)
    rows = scene.rows()
    saved = [row[1] for row in rows if not row[3]]
    damaged = [row[1] for row in rows if row[3]]
    assert saved and all("Vous" in row and "You" not in row for row in saved)
    assert len(damaged) == 1 and "abîmé" in damaged[0], damaged
    assert not any(word in damaged[0] for word in ("damaged", "kept", "file", "The "))
