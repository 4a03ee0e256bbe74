"""Watch mode: from the menu's "Watch a game" and ``kalooki --watch``, computer players in
every seat at the settings' pace, every hand shown or hidden by the table's button or V,
nothing saved, and a watch of a few deals that leads back to the menu."""

from __future__ import annotations

import dataclasses
import os
from itertools import pairwise

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest

from kalooki.cli.main import main
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.saves import latest_autosave
from kalooki.store.settings import Settings, save_settings
from kalooki.ui.app import App
from kalooki.ui.launcher import launch
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.rules import RulesScene
from kalooki.ui.pages.settings import SettingsScene
from kalooki.ui.pages.setup import GameSetup, player_counts
from kalooki.ui.play.match import Profile, open_menu, watch_from_command_line
from kalooki.ui.play.watch import watch_seats, watch_setup
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.scene import TableScene
from kalooki.ui.widgets.form import Choice, Slider
from kalooki.ui.workers import InlineWorker
from kalooki.words import tr
from tests.support.pages import seeds_from
from tests.support.table import click
from tests.support.ui import FakeClock, choose, frames_until, shown, type_text
from tests.support.ui import click as click_widget


def quick(home: StorePaths, **fields: object) -> Profile:
    return Profile(home, dataclasses.replace(Settings(), ai_pause_seconds=0.0, **fields),
                   worker=InlineWorker, deal_seed=seeds_from())


def key(app: App, code: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


def play_frames(app: App, table: TableScene, until: object, limit: int = 30_000) -> None:
    for _ in range(limit):
        if until():  # type: ignore[operator]
            return
        app.step([])
    raise AssertionError("the watched game never got there")


def test_watch_a_game_from_the_menu_seats_computers_only(app: App, home: StorePaths) -> None:
    profile = quick(home, animation_speed="fast")
    menu = open_menu(app, profile)
    click(app, menu.buttons["watch"].rect.center)
    assert menu.setup_open and menu.watching
    assert shown(menu.setup.heading) == tr("menu.watch")
    assert shown(menu.setup.start) == tr("setup.watch")
    click(app, menu.setup.start.rect.center)
    table = app.scene
    assert isinstance(table, TableScene) and table.seats.watching
    assert not any(seat.human for seat in table.session.seats)
    assert table.options.speed == "fast"  # the player's animation speed, not autoplay's instant
    before = len(table.session.recorder.actions)
    play_frames(app, table, lambda: len(table.session.recorder.actions) > before + 10)
    assert latest_autosave(home) is None  # a watched match is nobody's game to continue


@pytest.mark.parametrize("size", [(1280, 720), (1900, 1040)])
def test_watching_every_seat_has_its_row_and_plays_as_set(home: StorePaths,
                                                          size: tuple[int, int]) -> None:
    """The watch panel left a blank where Player 1's row was, and that seat went to a
    computer called by the person's name, which nobody could change."""
    app = App(size, clock=FakeClock())
    try:
        profile = quick(home, player_name="Ann", last_preset="rami40", last_players=3)
        menu = open_menu(app, profile)
        click_widget(app, menu.buttons["watch"])
        setup = menu.setup
        window = pygame.Rect((0, 0), size)
        for count in player_counts(preset("rami40")):
            choose(app, setup.players, str(count))
            rows = [setup.first, *setup.rows]
            assert [row[0].visible for row in rows] == [n < count for n in range(len(rows))]
            tops = [row[0].rect.top for row in rows[:count]]
            assert [b - a for a, b in pairwise(tops)] == [setup.row_h] * (count - 1)
            for row in rows[:count]:
                assert all(window.contains(widget.rect) for widget in row)
        assert setup.first[2].get_text() != "Ann"
        choose(app, setup.players, "4")
        choose(app, setup.first[1], "Hard")
        type_text(app, setup.first[2], "Zed")
        choose(app, setup.rows[1][1], "Easy")
        click_widget(app, setup.start)
        table = app.scene
        assert isinstance(table, TableScene)
        names = [setup.first[2], *(entry for _, _, entry in setup.rows[:3])]
        assert [(s.name, s.level, s.human) for s in table.session.seats] == [
            ("Zed", "hard", False), (names[1].get_text(), "medium", False),
            (names[2].get_text(), "easy", False), (names[3].get_text(), "medium", False)]
    finally:
        app.close()


def test_watching_the_pause_menu_offers_rules_and_settings_that_reach_the_match(
        app: App, home: StorePaths) -> None:
    """A watched match's pause menu had only Resume and Quit: no rules, and no way to
    change the animation speed or the computers' pause while watching."""
    menu = open_menu(app, quick(home, animation_speed="fast"))
    click_widget(app, menu.buttons["watch"])
    click_widget(app, menu.setup.start)
    table = app.scene
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)
    chooser = table.asking.chooser
    assert chooser is not None
    labels = [button.text for button in chooser.buttons]
    assert labels == [tr(f"table.pause.{k}") for k in ("resume", "rules", "settings", "quit")]
    click_widget(app, chooser.buttons[labels.index(tr("table.pause.rules"))])
    assert isinstance(app.scene, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.asking.chooser is not None  # paused, as left
    buttons = table.asking.chooser.buttons
    click_widget(app, buttons[labels.index(tr("table.pause.settings"))])
    scene = app.scene
    assert isinstance(scene, SettingsScene) and scene.beneath is table
    speed, pause = scene.editors["animation_speed"], scene.editors["ai_pause_seconds"]
    assert isinstance(speed, Choice) and isinstance(pause, Slider)
    choose(app, speed.menu, next(text for text, value in speed.options if value == "normal"))
    scene.form.reveal(pause.widgets()[0])  # the form scrolls to it, as a player would
    app.run_frames(1)
    click_widget(app, pause.slider.right_button)
    frames_until(app, lambda: table.session.ai_pause == pytest.approx(0.1))
    assert table.options.speed == "normal"
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.asking.chooser is not None


def test_watching_the_help_opens_the_rules_and_goes_back_to_the_match(
        app: App, home: StorePaths) -> None:
    table = table_watching(app, home)
    click_widget(app, app.help_button)
    assert app.help is not None and app.help.rules_rect is not None  # as in a played match
    link = app.help.rules_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=link, button=1))
    app.run_frames(2)
    assert isinstance(app.scene, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.asking.chooser is None  # watching on, not paused


def test_new_game_after_watch_is_a_game_to_play_again(app: App, home: StorePaths) -> None:
    menu = open_menu(app, quick(home))
    menu.open_watch()
    menu.close_setup()
    menu.open_setup()
    assert not menu.watching and shown(menu.setup.start) == tr("setup.start")


def test_the_persons_seat_goes_to_a_computer_named_apart_from_the_others() -> None:
    seats = watch_seats(GameSetup("caribbean", 3, ("hard", "easy"), ("Marcus", "Delia")))
    assert [s.name for s in seats] == ["Marcia", "Marcus", "Delia"]
    assert [s.level for s in seats] == ["medium", "hard", "easy"]
    assert len(set(s.name for s in watch_seats(watch_setup("caribbean", 6)))) == 6


def table_watching(app: App, home: StorePaths, deals: int | None = None) -> TableScene:
    table = watch_from_command_line(preset("baby"), 3, deals)(app, quick(home))
    assert isinstance(table, TableScene)
    return table


def test_hands_shown_or_hidden_by_the_button_and_by_v(app: App, home: StorePaths) -> None:
    table = table_watching(app, home)
    app.step([])
    game = table.session.game
    assert table.seats.show_hands and table.buttons["hands"].visible
    assert table.seats.open_hands == {p: tuple(h) for p, h in enumerate(game.hands)}
    zone = table.layout.zones[1].fan
    faces = app.surface.subsurface(zone).copy()
    click(app, table.buttons["hands"].rect.center)
    assert not table.seats.show_hands and table.seats.open_hands == {}
    assert shown(table.buttons["hands"]) == tr("table.show_hands")
    app.step([])
    backs = app.surface.subsurface(zone).copy()
    assert pygame.image.tobytes(faces, "RGB") != pygame.image.tobytes(backs, "RGB")
    key(app, pygame.K_v)
    assert table.seats.show_hands and shown(table.buttons["hands"]) == tr("table.hide_hands")


def test_nobodys_hidden_cards_are_opened_while_a_person_plays(app: App) -> None:
    seats = [Seat("You", "human", True), Seat("Marcia", "medium"), Seat("Delroy", "medium")]
    session = MatchSession(preset("baby"), seats, 5, ai_pause=0.0)
    table = TableScene(app, session)
    app.switch(table)
    assert session.open_hands() == {} and table.seats.open_hands == {}
    assert not table.buttons["hands"].visible
    key(app, pygame.K_v)
    assert table.seats.open_hands == {}


def test_a_watch_of_one_deal_leads_back_to_the_menu(app: App, home: StorePaths) -> None:
    table = table_watching(app, home, deals=1)
    play_frames(app, table, lambda: table.result is not None)
    assert table.finished and table.session.over  # a match of one deal, with its standings
    assert table.buttons["next"].visible and shown(table.buttons["next"]) == "Back to menu"
    table.next_deal()
    assert isinstance(app.scene, MainMenuScene)


def test_a_watch_cut_to_two_deals_counts_them_as_its_match(app: App,
                                                            home: StorePaths) -> None:
    """The sidebar said "Deal 1 of 9" over a watch of two deals."""
    table = watch_from_command_line(preset("caribbean"), 3, 2)(
        app, quick(home, animation_speed="instant"))
    assert isinstance(table, TableScene)
    rules = table.view.rules
    assert preset("caribbean").deals_per_match == 9 and rules.deals_per_match == 2
    assert table.session.game.rules == rules
    for _ in range(20000):
        if table.result is not None:
            if table.finished:
                break
            table.next_deal()
        app.run_frames(1)
    assert table.session.over and table.session.game.deal_no == 2


def test_kalooki_watch_opens_the_table_over_the_menu(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KALOOKI_HOME", str(tmp_path))
    save_settings(StorePaths.under(tmp_path), Settings(animation_speed="normal"))
    seen: list[object] = []

    def first_frame_only(self: App) -> int:
        self.step([])
        seen.append(self.scene)
        return 0

    monkeypatch.setattr(App, "run", first_frame_only)
    assert main(["--watch", "--preset", "baby", "--players", "5", "--deals", "2"]) == 0
    table = seen[0]
    assert isinstance(table, TableScene) and table.seats.watching
    assert (table.options.speed, table.deal_limit, table.session.game.players) == ("normal", 2, 5)


@pytest.mark.parametrize(("args", "says"), [
    (["--deals", "0"], "at least 1"),
    (["--deals", "two"], "at least 1"),
    (["--players", "12"], "12"),
    (["--preset", "nowhere"], "nowhere"),
])
def test_a_bad_watch_is_a_usage_error_before_any_window(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--watch", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
    assert not pygame.display.get_init()


def test_the_launcher_can_open_a_watch_at_once(home: StorePaths) -> None:
    app = launch(home, clock=FakeClock(), then=watch_from_command_line(preset("baby"), 3, 1))
    try:
        assert isinstance(app.scene, TableScene) and app.scene.deal_limit == 1
    finally:
        app.close()


def test_the_sidebar_names_the_computer_in_the_persons_seat(app: App, home: StorePaths) -> None:
    """Autoplay's and a watch's sidebar said "Now: You" for the computer in seat 0."""
    from kalooki.ui.table.painter import _turn_text

    table = table_watching(app, home)
    play_frames(app, table, lambda: table.view.to_act == table.view.player)
    names = table.session.names
    assert not table.seats.at_screen
    assert _turn_text(table.view, names, table.seats.at_screen).startswith(
        f"Now: {names[table.view.player]} ")
    assert _turn_text(table.view, names, True).startswith("Now: You ")


def test_a_watch_calls_the_bottom_seat_by_name_never_you(app: App, home: StorePaths) -> None:
    """A watched match labelled the bottom seat's melds "Your melds" and, once it was
    down, said "Contract: done, you are down": nobody at the screen is "you"."""
    import dataclasses

    from kalooki.ui.table.painter import sidebar_progress
    from kalooki.words.formats import melds_label

    table = table_watching(app, home)
    app.step([])
    name = table.session.names[table.view.player]
    frame = table.frame()
    assert melds_label(frame.melds_owner) == f"{name}'s melds"
    down = dataclasses.replace(frame, view=dataclasses.replace(
        frame.view, down=tuple(True for _ in frame.view.down)))
    assert [words for words, _, _ in sidebar_progress(down, 2000, 14)] \
        == [f"Contract: done, {name} is down ✓"]
    person = dataclasses.replace(down, at_screen=True, melds_owner=None)
    assert [words for words, _, _ in sidebar_progress(person, 2000, 14)] \
        == [tr("table.sidebar.contract_done")]


def test_a_watch_does_not_ask_anyone_to_drop_cards_in_the_staging_area(
        app: App, home: StorePaths) -> None:
    """A watched match labelled the staging area "drop cards here to build melds": nobody
    at the screen has a hand to drop from, so it only names the area."""
    from kalooki.ui.table.painter import staging_label

    table = table_watching(app, home)
    app.step([])
    drawn = table.painter._static
    assert drawn is not None and drawn[1][1] == tr("table.label.staging_idle")
    assert staging_label(True) == tr("table.label.staging") != tr("table.label.staging_idle")
