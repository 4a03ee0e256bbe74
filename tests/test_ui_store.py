"""The table with everything around it: real computer players on a worker thread, the
call window, the joker chooser, autosave and Continue, settings, statistics and hints.
Every test keeps the store in a temporary folder."""

from __future__ import annotations

import contextlib
import os
import sqlite3

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from kalooki.engine.actions import Action, DrawStock
from kalooki.engine.cards import parse_cards
from kalooki.engine.deal import Phase
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.engine.view import PlayerView
from kalooki.store.paths import StorePaths
from kalooki.store.saves import latest_autosave
from kalooki.store.settings import Settings, load_settings, save_settings
from kalooki.store.stats import load_stats
from kalooki.ui.app import App
from kalooki.ui.keeper import MatchKeeper
from kalooki.ui.launcher import launch
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.setup import GameSetup
from kalooki.ui.play.match import continue_match, open_menu, start_match
from kalooki.ui.session import MatchSession, Seat
from kalooki.ui.table.options import INSTANT, TableOptions
from kalooki.ui.table.painter import prompt
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import thinking_thread
from tests.support.pages import play_until, quick_profile
from tests.support.rig import rigged
from tests.support.saves import legacy_store
from tests.support.table import click, human_decision, make_session, perform, seats, wait_for_human
from tests.support.ui import FakeClock

RULES = dataclasses.replace(preset("baby"), hand_sizes=(12, 10, 11))


# --- computer players ----------------------------------------------------------------

def run_while_thinking(app: App, done: Callable[[], bool], seconds: float) -> None:
    """Run frames until ``done``, pausing a millisecond per frame as the real frame cap
    would, so the worker thread gets the interpreter; the time bound only stops a hang."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        app.run_frames(1)
        time.sleep(0.001)


def test_a_computer_only_deal_with_real_medium_players_finishes(app: App) -> None:
    seats = [Seat(name, "medium") for name in ("North", "Marcia", "Delroy")]
    session = MatchSession(RULES, seats, 21, ai_pause=0.0)  # thinking inline: in step
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    for _ in range(20000):
        if table.result is not None:
            break
        app.run_frames(1)
    assert table.result is not None and session.game.results
    assert any("went out" in line or "void" in line for line in map(str, table.log))
    table.leave()


def test_thinking_runs_off_the_main_thread_and_the_prompt_says_so(app: App) -> None:
    """The one test with the game's real worker thread: the computer's choice waits for
    the test's word, so what is seen meanwhile does not depend on scheduling."""
    import threading

    release = threading.Event()
    session = MatchSession(RULES, seats(3), 5, ai_pause=0.0, worker=thinking_thread())
    chosen = session.choosers[1]
    assert chosen is not None

    def slow(view: PlayerView, rng: Rng) -> Action:
        assert threading.current_thread() is not threading.main_thread()
        release.wait()
        return chosen(view, rng)

    session.choosers = [None, slow, slow]
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    try:
        play_until(app, table, lambda: session.computer_to_act is not None)
        app.run_frames(5)  # frames keep coming while the computer thinks
        assert session.thinking and "thinking" in prompt(table.frame())
        before = len(session.recorder.actions)
    finally:
        release.set()
    run_while_thinking(app, lambda: len(session.recorder.actions) > before, seconds=300)
    assert len(session.recorder.actions) > before
    table.leave()


# --- the call window and the joker chooser ---------------------------------------------

def test_call_button_in_the_window_calls_and_a_timeout_passes(app: App) -> None:
    session = make_session(3)
    table = TableScene(app, session, TableOptions(speed="instant", call_seconds=0.5))
    app.switch(table)

    def call_asked() -> bool:
        view = session.view()
        return view.phase == Phase.CALL and view.my_turn

    play_until(app, table, call_asked)
    assert table.buttons["call"].visible
    click(app, table.buttons["call"].rect.center)
    assert session.recorder.actions[-1] == "call" or any(
        code == "call" for code in session.recorder.actions[-3:])
    assert any(line.startswith("You called") for line in map(str, table.log))
    play_until(app, table, call_asked)
    before = len(session.recorder.actions)
    app.run_frames(40)  # 0.64 s of frames: the 0.5 s window closes
    assert session.recorder.actions[before] == "pass"


def test_two_joker_readings_ask_where_the_joker_goes(app: App) -> None:
    rules = preset("caribbean-12")
    game = rigged(["5H 5C 5D 9S 9C 9D 7H 8H 9H JK KS QD", "2C 3C 4C 6S 7S 8S 10D JD QC",
                   "2D 3D 4D 6D 7D 8D 10S JS QS"], rules=rules, deal_no=2, stock="KD")
    session = make_session(3)
    session.recorder = Recorder(game)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    assert table.submit(DrawStock())
    packs, jokers = rules.deck_for(3)
    hand = set(game.hands[0])
    for text in ("5H 5C 5D", "9S 9C 9D", "7H 8H 9H JK"):
        cards = [c for c in parse_cards(text.split(), packs, jokers) if c in hand]
        table.hand.stage(cards, None)
    assert len(table.hand.lays) == 2
    click(app, table.buttons["lay"].rect.center)
    assert table.asking.chooser is not None and len(table.asking.chooser.buttons) == 3
    click(app, table.asking.chooser.buttons[1].rect.center)
    assert table.asking.chooser is None
    laid = session.recorder.actions[-1]
    assert laid.startswith("lay") and session.game.down[0]


# --- autosave and Continue -----------------------------------------------------------

def test_the_first_start_imports_older_files_and_the_window_says_where_they_went(
        app: App, home: StorePaths) -> None:
    recorders, stats = legacy_store(home)
    menu = open_menu(app, quick_profile(home))
    assert app.note is not None
    said = str(app.note[0])
    [folder] = home.data_dir.glob("imported-*")
    assert "of an earlier version imported; old files kept in" in said and folder.name in said
    assert menu.buttons["continue"].is_enabled
    resumed = continue_match(app, quick_profile(home))
    assert resumed is not None
    assert resumed.session.game.state_hash() == recorders[2].game.state_hash()
    assert load_stats(home)[0] == stats
    app.note = None
    open_menu(app, quick_profile(home))
    assert app.note is None  # imported once, said once


def test_autosave_after_actions_and_continue_resumes_the_same_game(app: App,
                                                                    home: StorePaths) -> None:
    chosen = quick_profile(home)
    open_menu(app, chosen)
    assert not app.scene.buttons["continue"].is_enabled  # type: ignore[union-attr]
    table = start_match(app, GameSetup("baby", 3, ("medium", "easy"), ("Grace", "Bert")),
                        chosen, seed=8)
    assert table is not None
    session = table.session
    play_until(app, table, lambda: len(session.recorder.actions) >= 12)
    entry = latest_autosave(home)
    assert entry is not None and entry.actions == len(session.recorder.actions)
    state, hands = session.game.state_hash(), [list(h) for h in session.game.hands]
    table.on_quit()
    menu = app.scene
    assert isinstance(menu, MainMenuScene) and menu.buttons["continue"].visible
    resumed = continue_match(app, chosen)  # what the button does, without a frame after
    assert isinstance(resumed, TableScene) and app.scene is resumed
    assert resumed.session.game.state_hash() == state
    assert [list(h) for h in resumed.session.game.hands] == hands
    assert resumed.session.seats == session.seats
    assert [s.level for s in resumed.session.seats] == ["human", "medium", "easy"]


def test_a_broken_autosave_is_explained_and_the_menu_stays(app: App,
                                                          home: StorePaths) -> None:
    chosen = quick_profile(home)
    table = start_match(app, GameSetup("baby", 3, ("easy", "easy"), ("A", "B")), chosen,
                        seed=2)
    assert table is not None
    play_until(app, table, lambda: len(table.session.recorder.actions) >= 3)
    entry = latest_autosave(home)
    assert entry is not None
    with contextlib.closing(sqlite3.connect(entry.path.parent)) as journal, journal:
        journal.execute("""UPDATE matches SET summary = replace(summary, '"digest": "',
                        '"digest": "0')""")
    menu = open_menu(app, chosen)
    assert continue_match(app, chosen) is None
    assert app.scene is menu and menu.notice.visible and menu.notice_text


def test_a_finished_match_is_no_longer_offered(app: App, home: StorePaths) -> None:
    chosen = quick_profile(home)
    session = MatchSession(dataclasses.replace(RULES, deals_per_match=1),
                           [Seat("You", "human", True), Seat("A", "easy"), Seat("B", "easy")],
                           4, ai_pause=0.0)
    session.after_action.append(MatchKeeper(home, app.notify))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    play_until(app, table, lambda: len(session.recorder.actions) >= 2)
    assert latest_autosave(home) is not None
    play_until(app, table, lambda: session.over)
    assert latest_autosave(home) is None
    menu = open_menu(app, chosen)
    assert not menu.buttons["continue"].is_enabled


def test_an_autosave_that_cannot_be_written_is_a_toast_not_a_crash(
        app: App, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    paths = StorePaths.under(blocker)
    session = make_session(6)
    session.after_action.append(MatchKeeper(paths, app.notify))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    perform(app, table, human_decision(session.view()))
    assert app.note[1] > 0 and app.note[0]


# --- statistics ----------------------------------------------------------------------

def test_statistics_recorded_after_a_deal(app: App, home: StorePaths) -> None:
    session = make_session(6)
    session.after_action.append(MatchKeeper(home, app.notify))
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    play_until(app, table, lambda: table.result is not None)
    stats, warnings = load_stats(home)
    assert not warnings
    counters = stats.table(RULES.name, 3)
    result = table.result
    assert result is not None and counters.deals_played == 1
    assert counters.total_penalty == result.scores[0]
    assert counters.deals_won == (result.winner == 0)


# --- settings --------------------------------------------------------------------------

def test_settings_shape_the_window_and_the_table(home: StorePaths) -> None:
    save_settings(home, dataclasses.replace(
        Settings(), window_size=(1100, 700), last_preset="baby", last_players=3,
        opponent_names=("Grace", "Percy"), opponent_levels=("hard", "medium"),
        four_colour_deck=True))
    app = launch(home, clock=FakeClock(), desktop=lambda: (1920, 1080))
    try:
        assert app.size == (1100, 700) and app.card_art.four_colour
        menu = app.scene
        assert isinstance(menu, MainMenuScene)
        assert menu.setup_values.preset == "baby" and menu.setup_values.players == 3
        assert menu.setup_values.names[:2] == ("Grace", "Percy")
        app.window.size = (1200, 760)
        app.run_frames(80)  # the new size settles and is remembered
        assert load_settings(home)[0].window_size == (1200, 760)
    finally:
        app.close()


@pytest.mark.parametrize(("left", "desktop", "opened"), [
    ((1280, 720), (1024, 640), (1024, 640)),  # a first start on a small screen: the least
    ((1280, 720), (1366, 768), (1280, 704)),  # a laptop's: the bottom row clear of the bar
    ((1900, 1000), (1280, 800), (1280, 736)),  # left on a bigger screen than now
    ((1280, 720), (1920, 1080), (1280, 720)),
    ((1280, 720), None, (1280, 720)),  # a system that says no desktop size
])
def test_the_window_opens_no_larger_than_the_desktop(
        home: StorePaths, left: tuple[int, int], desktop: tuple[int, int] | None,
        opened: tuple[int, int]) -> None:
    """The window opens at the size it was left (the default the first time) unless the
    desktop is smaller: then it fits, title bar and task bar included, so the table's
    buttons are on the screen; never smaller than the screens are laid out for."""
    save_settings(home, dataclasses.replace(Settings(), window_size=left))
    app = launch(home, clock=FakeClock(), desktop=lambda: desktop)
    try:
        assert app.size == opened
    finally:
        app.close()


def test_a_damaged_settings_file_is_said_once(home: StorePaths) -> None:
    home.config_dir.mkdir(parents=True)
    (home.config_dir / "settings.json").write_text('{"card_scale": "huge"}')
    app = launch(home, clock=FakeClock())
    try:
        assert app.note[1] > 0 and "card_scale" in str(app.note[0])
    finally:
        app.close()


def test_a_torn_settings_file_is_said_in_the_player_s_words(home: StorePaths) -> None:
    """The start's notice of a torn settings file names it and where it was set aside,
    not where the parser stopped (line and column are for the log file)."""
    home.config_dir.mkdir(parents=True)
    (home.config_dir / "settings.json").write_text('{"card_scale": ', encoding="utf-8")
    app = launch(home, clock=FakeClock())
    try:
        [aside] = [p.name for p in home.config_dir.iterdir() if ".broken-" in p.name]
        said = str(app.note[0])
        assert "settings.json" in said and aside in said
        assert "line" not in said and "column" not in said
    finally:
        app.close()


def test_starting_a_game_remembers_the_setup(app: App, home: StorePaths) -> None:
    chosen = quick_profile(home)
    menu = open_menu(app, chosen)
    menu.open_setup()
    app.run_frames(1)
    click(app, menu.setup.start.rect.center)
    assert isinstance(app.scene, TableScene)
    saved, _ = load_settings(home)
    assert saved.last_players == menu.setup_values.players
    assert saved.opponent_names == menu.setup_values.names


# --- hints -----------------------------------------------------------------------------

def test_hint_shows_a_reason_and_marks_the_cards(app: App) -> None:
    session = make_session(6)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    play_until(app, table, lambda: session.screen_to_act
               and session.view().phase == Phase.PLAY)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    app.run_frames(1)
    assert table.hand.hint is not None and table.hand.hint.reason
    assert prompt(table.frame()) == f"Hint: {table.hand.hint.reason}."
    frame = table.frame()
    assert frame.hint_cards or frame.hint_places
    assert table.submit(table.hand.hint.action)
    assert table.hand.hint is None


def test_human_dealer_cuts_by_dragging(app: App) -> None:
    session = make_session(6)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    play_until(app, table, lambda: table.hand.cutting, limit=40000)
    strip = table.layout.cut_strip
    start, end = (strip.left + 10, strip.centery), (strip.left + strip.width // 3,
                                                    strip.centery)
    before = len(session.recorder.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.run_frames(1)
    assert table.input.cut_share(table.layout) == pytest.approx(1 / 3, abs=0.02)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.run_frames(1)
    code = session.recorder.actions[before]
    aims = len(session.game.deck_order)
    assert code.startswith("cut ") and abs(int(code.split()[1]) - aims / 3) <= 2
