"""The guided first game, driven by posted events: Learn to play opens a Baby Kalooki
match with the lessons over the table; each lesson waits for its move and refuses others
with its own sentence; the first deal is played through to its scoring lesson by keys;
skipping ends the lessons and the match goes on as any other."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from kalooki.engine.actions import Discard, LayDown
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.lesson_scene import LessonScene
from kalooki.ui.menu import MainMenuScene
from kalooki.ui.play import open_menu
from kalooki.ui.profile import Profile
from kalooki.ui.session import InlineWorker
from kalooki.words import tr
from tests.test_ui_app import click
from tests.test_ui_keyboard_play import by_keys, choose, key
from tests.test_ui_table import human_decision, wait_for_human


@pytest.fixture
def profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Profile:
    monkeypatch.setenv("KALOOKI_HOME", str(tmp_path))
    return Profile(StorePaths.default(), dataclasses.replace(
        Settings(), ai_pause_seconds=0.0, animation_speed="instant"), worker=InlineWorker)


def learn(app: App, profile: Profile) -> LessonScene:
    menu = open_menu(app, profile)
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons["learn"])
    lesson = app.scene
    assert isinstance(lesson, LessonScene)
    return lesson


def test_the_guided_game_teaches_its_first_deal_through_to_the_scoring(
        app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table, teacher = lesson.table, lesson.teacher
    seen: list[str] = []
    refused = False
    while table.result is None:
        wait_for_human(app, table)
        app.run_frames(1)
        if table.result is not None:
            break
        if teacher.current is not None and teacher.current.name not in seen:
            seen.append(teacher.current.name)
        action = human_decision(table.session.view())
        if isinstance(action, LayDown) and not refused:  # a discard is held back first
            card = table.arrangement.order[-1]
            before = len(table.session.recorder.actions)
            choose(app, table, (card,))
            key(app, pygame.K_x)
            assert len(table.session.recorder.actions) == before
            assert str(table.toast[0]) == tr("error.lesson.contract")
            key(app, pygame.K_SPACE)  # let go of it again
            refused = True
        by_keys(app, table, action)
        app.run_frames(1)
    app.run_frames(2)
    assert refused and {"draw", "contract", "discard", "call"} <= set(seen)
    assert set(seen) - {"scoring"} <= teacher.done  # each learnt once, not again and again
    assert teacher.current is not None and teacher.current.name == "scoring"
    assert lesson.buttons["got_it"].visible
    click(app, lesson.buttons["got_it"])
    assert teacher.current is None and "scoring" in teacher.done
    assert not lesson.buttons["skip"].visible


def test_skipping_ends_the_lessons_and_frees_every_move(app: App, profile: Profile) -> None:
    lesson = learn(app, profile)
    table = lesson.table
    wait_for_human(app, table)
    app.run_frames(1)
    while lesson.teacher.current is None:  # the cut teaches nothing: the draw comes next
        by_keys(app, table, human_decision(table.session.view()))
        wait_for_human(app, table)
        app.run_frames(1)
    assert lesson.buttons["skip"].visible
    click(app, lesson.buttons["skip"])
    assert lesson.teacher.current is None and not lesson.buttons["skip"].visible
    while not isinstance(human_decision(table.session.view()), LayDown):
        by_keys(app, table, human_decision(table.session.view()))
        wait_for_human(app, table)
    card = next(a.card for a in table.session.view().legal if isinstance(a, Discard))
    by_keys(app, table, Discard(card))  # the contract lesson would hold this back
    assert lesson.teacher.current is None


def test_learn_to_play_is_offered_first_until_a_game_is_recorded(
        app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    assert menu.buttons["learn"].object_ids[-1] == "#primary"
    assert menu.buttons["new_game"].object_ids[-1] != "#primary"
    menu = MainMenuScene(app, on_learn=lambda: None, newcomer=lambda: False)
    app.switch(menu)
    assert menu.buttons["new_game"].object_ids[-1] == "#primary"
    assert menu.buttons["learn"].object_ids[-1] != "#primary"
