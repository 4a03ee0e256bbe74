"""The rules opened through the help (the "?" button, then "The rules (R)") and left with
Esc or Back go back to the screen the help was over, as it was: the table playing on (no
pause menu the player never opened), the guided game with its lesson. The rules opened
from the pause menu still go back to the pause menu."""

from __future__ import annotations

import pygame

from kalooki.ui.app import App
from kalooki.ui.lesson.scene import LessonScene
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.play.match import open_menu
from kalooki.ui.profile import Profile
from kalooki.ui.table.scene import TableScene
from tests.support.pages import table_with_moves
from tests.support.ui import click, press


def rules_through_the_help(app: App) -> RulesScene:
    """The "?" button, then the help's rules link, as a player clicks them."""
    click(app, app.help_button)
    assert app.help is not None and app.help.rules_rect is not None
    link = app.help.rules_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link, button=1))
    app.run_frames(2)
    rules = app.scene
    assert isinstance(rules, RulesScene) and app.help is None
    return rules


def assert_playing(app: App, table: TableScene) -> None:
    """The table on screen with no panel over it and its buttons back."""
    assert table.asking.chooser is None and not table.session.paused
    assert app.help is None and app.help_button.visible
    assert table.buttons["hint"].visible and not table.away


def test_esc_from_the_rules_opened_through_the_help_goes_back_to_the_table(
        app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 4)
    state = table.session.game.state_hash()
    rules_through_the_help(app)
    assert not any(button.visible for button in table.buttons.values())
    press(app, pygame.K_ESCAPE)
    assert app.scene is table
    assert_playing(app, table)
    assert table.session.game.state_hash() == state
    table.leave()


def test_back_from_the_rules_opened_through_the_help_goes_back_to_the_table(
        app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 4)
    rules = rules_through_the_help(app)
    click(app, rules.back_button)
    assert app.scene is table
    assert_playing(app, table)
    table.leave()


def test_the_rules_from_the_pause_menu_still_go_back_to_it(app: App, profile: Profile) -> None:
    table = table_with_moves(app, profile, 4)
    press(app, pygame.K_ESCAPE)
    assert table.asking.chooser is not None
    click(app, table.asking.chooser.buttons[1])  # Rules
    assert isinstance(app.scene, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is table and table.asking.chooser is not None
    table.leave()


def test_the_guided_game_comes_back_with_its_lesson_after_the_rules(
        app: App, profile: Profile) -> None:
    """Through the help or the pause menu, the rules go back to the guided game, not to
    the bare table beneath it: the lesson is still drawn and still waits for its move."""
    menu = open_menu(app, profile)
    click(app, menu.buttons["learn"])
    lesson = app.scene
    assert isinstance(lesson, LessonScene)
    app.run_frames(2)
    assert lesson.teacher.current is not None  # the welcome
    rules_through_the_help(app)
    press(app, pygame.K_ESCAPE)
    assert app.scene is lesson
    assert_playing(app, lesson.table)
    assert lesson.buttons["skip"].visible
    press(app, pygame.K_ESCAPE)
    assert lesson.table.asking.chooser is not None
    click(app, lesson.table.asking.chooser.buttons[1])  # Rules
    assert isinstance(app.scene, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is lesson and lesson.table.asking.chooser is not None


def test_the_lesson_s_buttons_hide_under_the_screens_opened_over_it(
        app: App, profile: Profile) -> None:
    """Skip the lessons and Got it showed through the rules page opened over the guided
    game; they come back with it."""
    menu = open_menu(app, profile)
    click(app, menu.buttons["learn"])
    lesson = app.scene
    assert isinstance(lesson, LessonScene)
    app.run_frames(2)
    assert lesson.buttons["skip"].visible and lesson.buttons["got_it"].visible
    rules_through_the_help(app)
    assert not any(button.visible for button in lesson.buttons.values())
    press(app, pygame.K_ESCAPE)
    assert app.scene is lesson
    assert lesson.buttons["skip"].visible and lesson.buttons["got_it"].visible
