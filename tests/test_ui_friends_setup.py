"""Friends at one computer, set up from the New game panel: each seat a person (with a
name) or a computer player (with a level), the choices remembered in the settings; no
person at all makes a game to watch; two players may not share a name."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from kalooki.engine.facts.seats import HUMAN
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings, load_settings
from kalooki.ui.app import App
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import Profile, open_menu, seats_for, setup_from
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import InlineWorker
from kalooki.words import tr
from tests.support.pages import seeds_from
from tests.support.ui import choose, click, shown


def typed(app: App, entry: object, text: str) -> None:
    """Replace a name field's text, as typing would (pygame_gui says it changed)."""
    entry.set_text(text)  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry,
                                         text=text))
    app.run_frames(2)


@pytest.fixture
def profile(tmp_path: object) -> Profile:
    return Profile(StorePaths.default(), Settings(player_name="Ann"), worker=InlineWorker,
                   deal_seed=seeds_from())


def test_two_people_and_two_computers_from_the_panel(app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    menu.open_setup()
    app.run_frames(1)
    setup = menu.setup
    assert setup.first[2].get_text() == "Ann" and setup.first[1].selected_option[1] == HUMAN
    choose(app, setup.players, "4")
    choose(app, setup.rows[1][1], "Person")
    typed(app, setup.rows[1][2], "Ben")
    choose(app, setup.rows[0][1], "Hard")
    assert shown(setup.start) == tr("setup.start") and setup.start.is_enabled
    click(app, setup.start)
    table = app.scene
    assert isinstance(table, TableScene)
    seats = table.session.seats
    assert [(s.name, s.human) for s in seats] == [
        ("Ann", True), (profile.settings.opponent_names[0], False), ("Ben", True),
        (profile.settings.opponent_names[2], False)]
    assert seats[1].level == "hard"
    saved, _ = load_settings(profile.paths)
    assert saved.first_seat == HUMAN and saved.player_name == "Ann"
    assert saved.opponent_levels[:3] == ("hard", HUMAN, "medium")
    assert saved.opponent_names[1] == "Ben"
    again = setup_from(saved)  # the panel opens as it was left
    assert again.levels[1] == HUMAN and again.names[1] == "Ben"


def test_two_players_of_one_name_cannot_start(app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    menu.open_setup()
    app.run_frames(1)
    setup = menu.setup
    typed(app, setup.rows[0][2], "ann")
    assert not setup.start.is_enabled
    assert shown(setup.note) == "Two players are called ann: give each a name of their own."
    typed(app, setup.rows[0][2], "Cleo")
    assert setup.start.is_enabled and shown(setup.note).strip() == ""


def test_with_nobody_playing_the_panel_starts_a_game_to_watch(app: App,
                                                             profile: Profile) -> None:
    menu = open_menu(app, profile)
    menu.open_setup()
    app.run_frames(1)
    choose(app, menu.setup.first[1], "Easy")
    assert shown(menu.setup.start) == tr("setup.watch")
    click(app, menu.setup.start)
    table = app.scene
    assert isinstance(table, TableScene) and table.seats.watching
    assert table.session.seats[0].level == "easy"
    assert not any(seat.human for seat in table.session.seats)


def test_the_watch_panel_offers_computers_only_and_keeps_the_people_for_later(
        app: App, profile: Profile) -> None:
    menu = open_menu(app, profile)
    menu.setup_values = GameSetup("caribbean", 3, (HUMAN, "hard"), ("Ben", "Cleo"),
                                  first_name="Ann")
    menu.open_watch()
    app.run_frames(1)
    setup = menu.setup
    for kinds in (setup.first[1], setup.rows[0][1]):
        assert "Person" not in [text for text, _ in kinds.options_list]
    assert setup.first[2].visible and setup.first[2].get_text() == "Marcus"  # never Ann
    assert setup.chosen().people == 0 and shown(setup.start) == tr("setup.watch")
    click(app, setup.back)
    assert menu.setup_values.levels[0] == HUMAN  # still a person's, for a game to play
    assert (menu.setup_values.first, menu.setup_values.first_name) == (HUMAN, "Ann")
    menu.open_setup()
    app.run_frames(1)
    assert menu.setup.rows[0][1].selected_option[1] == HUMAN
    assert menu.setup.first[2].get_text() == "Ann"


def test_seats_for_names_the_first_person_and_seats_every_kind() -> None:
    setup = GameSetup("baby", 3, (HUMAN, "easy"), ("Ben", "Cleo"))
    seats = seats_for(setup, "Ann")
    assert [(s.name, s.level, s.human) for s in seats] == [
        ("Ann", "human", True), ("Ben", "human", True), ("Cleo", "easy", False)]
    computer_first = GameSetup("baby", 3, (HUMAN, "easy"), ("Ben", "Cleo"), first="hard")
    assert [s.human for s in seats_for(computer_first, "Ann")] == [False, True, False]


def test_an_old_settings_file_opens_the_panel_as_before() -> None:
    """Settings written before seats could be people: the first seat is the person's,
    the others computers, as they were."""
    settings, warnings = Settings.from_dict({"format_version": 1, "player_name": "Ann",
                                             "opponent_levels": ["hard", "easy"]})
    assert not warnings
    setup = setup_from(settings)
    assert setup.first == HUMAN and setup.first_name == "Ann"
    assert setup.levels[:2] == ("hard", "easy") and setup.people == 1


# --- statistics by name ------------------------------------------------------------------

def test_each_persons_results_are_kept_under_their_name(tmp_path: object) -> None:
    """The keeper records a deal for every person at a shared computer, each under their
    name; a person alone at the computer is recorded as before, unnamed."""
    from kalooki.engine.rules import preset
    from kalooki.store.stats import load_stats
    from kalooki.ui.keeper import MatchKeeper
    from kalooki.ui.session import MatchSession, Seat

    paths = StorePaths.default()
    seats = [Seat("Ann", "human", True), Seat("Ben", "human", True), Seat("Cal", "easy")]
    session = MatchSession(preset("baby"), seats, seed=4, ai_pause=0.0)
    keeper = MatchKeeper(paths, lambda said: None)
    session.after_action.append(keeper)
    for seat in range(3):  # everyone plays as a computer would, the door kept
        session.choosers[seat] = session.choosers[2]
    while not session.game.results:
        to_act = session.game.to_act
        assert to_act is not None
        chooser = session.choosers[to_act]
        assert chooser is not None
        if session.awaited is not None:
            assert session.reveal(session.awaited)  # the device passed to the person
        assert session.submit(chooser(session.game.view(to_act), session.rngs[to_act]),
                              to_act) is None
    result = session.game.results[0]
    stats, _ = load_stats(paths)
    assert set(stats.people) == {"Ann", "Ben"} and not stats.tables
    for seat, name in ((0, "Ann"), (1, "Ben")):
        kept = stats.table("baby", 3, name)
        assert kept.deals_played == 1 and kept.total_penalty == result.scores[seat]
        assert kept.deals_won == (result.winner == seat)


def test_the_statistics_screen_shows_whose_it_is_asked(app: App) -> None:
    from kalooki.store.stats import DealOutcome, Stats, record_deal
    from kalooki.ui.pages.statistics import StatsScene

    stats = record_deal(Stats(), DealOutcome("baby", 3, 12, False, False, 0))
    stats = record_deal(stats, DealOutcome("caribbean", 4, 0, True, False, 1, player="Ben"))
    scene = StatsScene(app, stats, lambda: None)
    app.switch(scene)
    app.run_frames(2)
    assert scene.whose_menu is not None and scene.whose is None
    assert [key for key, _ in scene.rows] == [("baby", 3)]
    choose(app, scene.whose_menu, "Ben, with friends")
    assert scene.whose == "Ben" and [key for key, _ in scene.rows] == [("caribbean", 4)]
    app.focus.focus(scene.whose_menu)  # the keyboard's way: the ring on the menu, Up
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0,
                                         unicode="", scancode=0))
    app.run_frames(3)
    assert scene.whose is None and [key for key, _ in scene.rows] == [("baby", 3)]


def test_statistics_by_name_survive_the_file(tmp_path: object) -> None:
    from kalooki.store.stats import (
        DealOutcome,
        Stats,
        record_deal,
        stats_from_dict,
        stats_to_dict,
    )

    stats = record_deal(Stats(), DealOutcome("baby", 3, 12, False, False, 0))
    stats = record_deal(stats, DealOutcome("baby", 3, 5, True, False, 0, player="Ann"))
    back, warnings = stats_from_dict(stats_to_dict(stats))
    assert back == stats and not warnings
    assert back.table("baby", 3).total_penalty == 12
    assert back.table("baby", 3, "Ann").total_penalty == 5


def test_a_person_behind_a_computer_in_the_first_seat_has_the_table(
        app: App, profile: Profile) -> None:
    """The table looks through the first person's eyes, wherever they sit."""
    from kalooki.ui.play.match import start_match

    setup = GameSetup("baby", 3, (HUMAN, "easy"), ("Ben", "Cleo"), first="hard")
    table = start_match(app, setup, profile, seed=3)
    assert table is not None and table.session.viewer == 1
    assert table.session.screen_seat == 1


def test_a_game_of_friends_continues_from_its_autosave_behind_the_pass_screen(
        app: App, profile: Profile) -> None:
    """The autosave keeps who is a person; continued, the table waits for the person to
    act behind the pass screen, as at the start."""
    from kalooki.ui.play.match import continue_match, start_match

    setup = GameSetup("baby", 3, (HUMAN, "easy"), ("Ben", "Cleo"))
    table = start_match(app, setup, profile, seed=3)
    assert table is not None
    for _ in range(400):  # until a person has moved, so an autosave exists
        if table.seats.passing:
            table.seats.reveal()
        elif table.session.screen_to_act and table.asking.chooser is None:
            legal = table.view.legal
            assert table.submit(legal[0])
            break
        app.step([])
    moves = table.session.moves
    again = continue_match(app, profile)
    assert again is not None and again is not table and again.session.moves == moves
    assert [s.human for s in again.session.seats] == [True, True, False]
    assert again.session.covered
    app.run_frames(2)
    to_act = again.session.game.to_act
    assert to_act is not None
    assert again.seats.passing == again.session.seats[to_act].human
