"""The help overlay, driven by posted events: F1, ? or the ? button open the keys and the
how-to of the screen shown (the menu, the table, a replay, Load game), in the player's
language; while open it takes the input; Esc, F1 or a click closes it; ? typed into a text
field stays a character; the rules are one click (or R) away where the screen has them."""

from __future__ import annotations

import re

import pygame
import pytest
from pygame_gui.elements import UITextEntryLine

from kalooki.ui.app import App
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import open_menu, start_match
from kalooki.ui.profile import Profile
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.help_overlay import TOPICS, key_words
from kalooki.words import set_language, tr
from kalooki.words.catalog import has
from tests.support.ui import click, shown


def key(app: App, code: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode,
                                         scancode=0))
    app.run_frames(2)


def test_f1_on_the_menu_shows_its_help_and_esc_closes_it(app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    menu.open_setup()
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.topic.name == "setup"
    shown = dict(app.help.lines())
    assert shown[key_words(("F1", "?"))] == tr("help.do.help")
    key(app, pygame.K_ESCAPE)  # closes the help, not the panel beneath
    assert app.help is None and menu.setup_open
    menu.close_setup()
    key(app, pygame.K_SLASH, "?")
    assert app.help is not None and app.help.topic.name == "menu"
    key(app, pygame.K_F1)
    assert app.help is None


def test_the_question_button_opens_it_and_a_click_closes_it(app: App,
                                                            profile: Profile) -> None:
    open_menu(app, profile)
    click(app, app.help_button)
    assert app.help is not None and not app.help_button.visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 300), button=1))
    app.run_frames(2)
    assert app.help is None and app.help_button.visible


def test_a_question_mark_typed_into_a_field_is_a_character(app: App,
                                                           profile: Profile) -> None:
    open_menu(app, profile)
    entry = UITextEntryLine(pygame.Rect(10, 10, 200, 40), app.ui)
    click(app, entry)
    key(app, pygame.K_SLASH, "?")
    assert app.help is None
    entry.kill()


def test_the_rules_are_one_click_away_from_the_menu_help(app: App, profile: Profile) -> None:
    open_menu(app, profile)
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.rules is not None
    rect = app.help.rules_rect
    assert rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.run_frames(2)
    assert app.help is None and isinstance(app.scene, RulesScene)


def test_the_table_help_lists_its_keys_in_french_and_holds_the_keys_back(
        app: App, profile: Profile) -> None:
    set_language("fr")
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("Grace", "Bert")),
                        profile, seed=8)
    assert isinstance(table, TableScene)
    for _ in range(400):
        if table.session.screen_to_act and table.asking.chooser is None:
            break
        app.run_frames(1)
    actions = len(table.session.recorder.actions)
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.topic.name == "table"
    doing = [said for _, said in app.help.lines()]
    assert "Piocher dans la pioche" in doing and "Afficher ou fermer cette aide" in doing
    key(app, pygame.K_d, "d")  # held back from the table while the help is open
    assert len(table.session.recorder.actions) == actions
    assert app.help.rules is not None
    key(app, pygame.K_r, "r")  # R opens this game's rules over the paused table
    assert app.help is None and isinstance(app.scene, RulesScene)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_menu_help_says_what_every_menu_button_does(lang: str, app: App,
                                                        profile: Profile) -> None:
    """Each button the menu offers is named in its help, as a sentence's subject ("Load
    game lists…"): Learn to play, Load game and Statistics once were not (play-test
    finding). The buttons are the menu's own, so one added later without words fails."""
    set_language(lang)
    menu = open_menu(app, profile)
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.topic.name == "menu"
    howto = tr(f"help.{app.help.topic.name}.howto")
    names = [shown(button) for button in menu.buttons.values()]
    assert len(names) == len(set(names)) >= 10
    unsaid = [name for name in names
              if not re.search(rf"(^|[.;] ){re.escape(name)} \w", howto)]
    assert unsaid == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_topic_is_written_in_both_languages(lang: str) -> None:
    for topic in TOPICS.values():
        assert has(f"help.{topic.name}.title", lang) and has(f"help.{topic.name}.howto", lang)
        for keys, doing in topic.keys:
            assert has(f"help.do.{doing}", lang)
            assert all(has(k, lang) for k in keys if k.startswith("key."))
