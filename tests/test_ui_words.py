"""The window speaks the player's language and switches it live."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel

from kalooki.store.settings import Settings, save_settings
from kalooki.ui.launcher import launch
from kalooki.words import language, tr, ui_text, ui_tooltip
from tests.test_ui_table import good_seed  # noqa: F401  (the fixture)
from tests.ui_support import FakeClock, shown


def test_a_language_switch_relabels_widgets_without_rebuilding_them(app) -> None:
    button = UIButton(pygame.Rect(10, 10, 200, 40), **ui_text("common.back"), manager=app.ui,
                      **ui_tooltip("language.fr"))
    label = UILabel(pygame.Rect(10, 60, 200, 40), **ui_text("cards.count", count=2),
                    manager=app.ui)
    app.step([])
    assert (shown(button), shown(label)) == ("Back", "2 cards")
    app.set_language("fr")
    app.step([])
    assert (shown(button), shown(label)) == ("Retour", "2 cartes")
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
    from kalooki.ui.menu import MainMenuScene

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
    assert shown(menu.setup.rows[0][0]) == "Joueur 2"
    app.set_language("en")
    assert shown(menu.setup.start) == "Start" and menu.setup.panel.visible, \
        "a switch keeps the panel open"
    assert menu.setup.rows[0][1].selected_option == ("Medium", "medium")


def test_every_page_heading_and_back_button_follow_the_language(app, paths) -> None:
    from kalooki.engine.rules import PRESETS
    from kalooki.store.stats import Stats
    from kalooki.ui.rules_scene import RulesScene
    from kalooki.ui.saves_scene import LoadGameScene
    from kalooki.ui.stats_scene import StatsScene

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


def test_a_store_notice_is_said_in_the_players_language() -> None:
    from kalooki.store.notices import Notice
    from kalooki.words import set_language
    from kalooki.words.notices import notice_said

    told = Notice("file-damaged", file="stats.json", reason="bad JSON",
                  aside=Notice("kept-aside", target="stats.json.damaged"))
    said = notice_said(told)
    assert str(said) == str(told), "the same sentence as the store's, in English"
    set_language("fr")
    assert str(said) == ("stats.json était abîmé (bad JSON) ; il a été mis de côté sous le "
                         "nom stats.json.damaged.")
    assert notice_said("plain words") == "plain words"


def test_every_store_notice_code_has_a_sentence_with_its_parameters() -> None:
    import re

    from kalooki.store.notices import ENGLISH
    from kalooki.words.catalog import has
    from kalooki.words.layout import read
    from kalooki.words.notices import _RENAMED, _key

    for lang in ("en", "fr"):
        entries = read(lang)
        for code, english in ENGLISH.items():
            assert has(_key(code), lang), f"{lang}: no sentence for store notice {code}"
            wanted = {_RENAMED.get(n, n) for n in re.findall(r"\{(\w+)\}", english)}
            assert set(re.findall(r"%\{(\w+)\}", entries[_key(code)])) == wanted, code


ENGLISH = ("the ", "Your ", "your ", "You ", "draw", "Stage", "discard", " is ", "Deal ")


def test_a_whole_deal_played_in_french_by_the_mouse(app, good_seed: int) -> None:  # noqa: F811
    """Every prompt above the hand and every log line of a deal played with posted mouse
    events is French; switching back words the same log in English."""
    from kalooki.ui.table import TableScene
    from kalooki.ui.table_draw import prompt
    from kalooki.words import set_language
    from tests.test_ui_table import human_decision, make_session, perform, wait_for_human

    app.set_language("fr")
    session = make_session(good_seed)
    table = TableScene(app, session, speed="instant")
    app.switch(table)
    app.run_frames(2)
    prompts = set()
    while table.result is None:
        wait_for_human(app, table)
        if table.result is not None:
            break
        prompts.add(prompt(table.frame()))
        perform(app, table, human_decision(session.view()))
        app.run_frames(1)
    assert session.game.results[0].winner is not None
    french = [str(line) for line in table.log]
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
