"""The replay viewer in the window, driven by posted events: reached from the main menu and
the Load screen (a save, or any record file picked in the file dialog), stepped with keys
and buttons, hands opened only where the record lets them be, a damaged file explained,
and ``kalooki replay FILE --watch`` opening it (a bad file a clear line, no traceback)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from kalooki.cli.main import main
from kalooki.engine import events as ev
from kalooki.engine.cards import card_text
from kalooki.engine.record import Recorder
from kalooki.engine.rng import Rng
from kalooki.engine.rules import preset
from kalooki.store.atomic import backup_path
from kalooki.store.paths import StorePaths
from kalooki.store.savegame import GameSave, Seat, snapshot
from kalooki.store.saves import save_named
from kalooki.store.settings import Settings
from kalooki.ui.app import MIN_SIZE, App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.pages.saves import LoadGameScene
from kalooki.ui.play.match import open_menu
from kalooki.ui.profile import Profile
from kalooki.ui.replay.scene import ReplayScene
from kalooki.ui.widgets.file_dialog import FileDialog
from kalooki.words import languages, set_language
from tests.support.pages import seeds_from
from tests.support.rig import eager
from tests.support.ui import FakeClock, click, shown

SEATS = [Seat("You", "human"), Seat("Grace", "easy"), Seat("Bert", "easy")]


def played(stop_in_deal: int | None = None, seed: int = 21) -> GameSave:
    """A three-deal baby match played to its end, or stopped ten actions into a deal."""
    rules = dataclasses.replace(preset("baby"), deals_per_match=3)
    recorder = Recorder.new(rules, 3, seed)
    rng, into = Rng(seed), 0
    while recorder.game.to_act is not None:
        if stop_in_deal is not None and recorder.game.deal_no == stop_in_deal:
            into += 1
            if into > 10:
                break
        seat = recorder.game.to_act
        recorder.apply(eager(recorder.game.view(seat), rng), seat)
    return snapshot(recorder, SEATS)


@pytest.fixture(scope="module")
def finished() -> GameSave:
    return played()


@pytest.fixture(scope="module")
def unfinished() -> GameSave:
    return played(stop_in_deal=2)


@pytest.fixture
def profile(home: StorePaths) -> Profile:
    return Profile(home, Settings(), deal_seed=seeds_from())


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    app.run_frames(2)


def watch_list(app: App, profile: Profile) -> LoadGameScene:
    scene = from_menu(app, profile, "replay")
    assert scene.watching
    return scene


def from_menu(app: App, profile: Profile, button: str) -> LoadGameScene:
    """The list of saves as the menu's ``button`` opens it (Load game, Watch a replay)."""
    menu = open_menu(app, profile)
    assert isinstance(menu, MainMenuScene)
    click(app, menu.buttons[button])
    scene = app.scene
    assert isinstance(scene, LoadGameScene)
    return scene


def open_file(app: App, listing: LoadGameScene) -> FileDialog:
    click(app, listing.actions["open_file"])
    assert listing.picker is not None
    return listing.picker


def watching(app: App, profile: Profile, save: GameSave, name: str) -> ReplayScene:
    save_named(profile.paths, save, name)
    listing = watch_list(app, profile)
    listing.select([row[0] for row in listing.rows()].index(name))
    press(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    return scene


def test_keys_step_seek_and_jump_and_the_end_is_the_saved_state(
        app: App, profile: Profile, finished: GameSave) -> None:
    scene = watching(app, profile, finished, "Sunday")
    cursor = scene.cursor
    assert cursor.at_start and scene.panel.buttons["back"].is_enabled is False
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert cursor.position == 2
    first_two = scene.sight.log()
    press(app, pygame.K_LEFT)
    assert cursor.position == 1 and len(scene.sight.log()) < len(first_two)
    press(app, pygame.K_END)
    assert cursor.at_end and cursor.game.state_hash() == finished.summary.digest
    assert scene.summary is not None  # the match's end is shown as it was
    press(app, pygame.K_HOME)
    assert cursor.at_start
    press(app, pygame.K_PAGEDOWN)
    assert cursor.position == cursor.deal_starts[2] and cursor.deal == 2
    press(app, pygame.K_PAGEDOWN)
    assert cursor.deal == 3
    press(app, pygame.K_PAGEUP)  # at the start of deal 3: back to deal 2's start
    assert cursor.position == cursor.deal_starts[2]
    press(app, pygame.K_1)
    assert cursor.at_start


def test_the_buttons_step_too_and_back_returns_to_the_list(
        app: App, profile: Profile, finished: GameSave) -> None:
    scene = watching(app, profile, finished, "Buttons")
    click(app, scene.panel.buttons["forward"])
    click(app, scene.panel.buttons["forward"])
    assert scene.cursor.position == 2
    click(app, scene.panel.buttons["back"])
    assert scene.cursor.position == 1
    click(app, scene.panel.buttons["next_deal"])
    assert scene.cursor.deal == 2 and scene.summary is not None
    click(app, scene.panel.buttons["forward"])  # hidden under the summary: the click lifts it
    assert scene.summary is None and scene.cursor.position == scene.cursor.deal_starts[2]
    click(app, scene.panel.buttons["quit"])
    assert isinstance(app.scene, LoadGameScene) and app.scene.watching


def test_a_finished_match_opens_every_hand_and_any_seat(
        app: App, profile: Profile, finished: GameSave) -> None:
    scene = watching(app, profile, finished, "Open")
    press(app, pygame.K_RIGHT)
    hands = scene.cursor.game.hands
    assert scene.open_hands_now() == {1: tuple(hands[1]), 2: tuple(hands[2])}
    press(app, pygame.K_s)
    assert scene.sight.shown_seat() == 1 and scene.view.hand == tuple(hands[1])
    press(app, pygame.K_v)
    assert scene.open_hands_now() == {}


def test_the_deal_a_save_stopped_in_keeps_the_other_hands_hidden(
        app: App, profile: Profile, unfinished: GameSave) -> None:
    scene = watching(app, profile, unfinished, "Unfinished")
    cursor = scene.cursor
    assert not cursor.finished and cursor.last_deal == 2
    press(app, pygame.K_RIGHT)  # deal 1 is over in the record: all may be seen
    assert set(scene.open_hands_now()) == {1, 2}
    press(app, pygame.K_s)
    assert scene.sight.shown_seat() == 1
    press(app, pygame.K_END)  # deal 2 is still being played in the save
    assert cursor.deal == 2
    assert scene.open_hands_now() == {} and scene.sight.shown_seat() == 0
    assert scene.view.hand == tuple(cursor.game.hands[0])
    buttons = scene.panel.buttons
    assert not buttons["seat"].is_enabled and not buttons["hands"].is_enabled
    press(app, pygame.K_s)
    press(app, pygame.K_v)
    assert scene.open_hands_now() == {} and scene.sight.shown_seat() == 0
    start = cursor.deal_starts[2]
    secret_draws = [(number, card_text(event.cards[0], True))
                    for number, step in enumerate(cursor.steps[start:], start=start + 1)
                    for event in step.events
                    if isinstance(event, ev.Drew) and event.private and event.player != 0]
    assert secret_draws  # the others drew from the stock in deal 2
    for number, face in secret_draws:  # the log says they drew, not what
        lines = scene.sight.lines[number]
        assert lines and not any(face in str(line) for line in lines)
    press(app, pygame.K_HOME)  # back in deal 1, the chosen seat and open hands return
    assert scene.sight.shown_seat() == 1 and set(scene.open_hands_now()) == {0, 2}


def test_a_damaged_file_picked_in_the_file_dialog_says_why(
        app: App, profile: Profile, tmp_path: Path, finished: GameSave) -> None:
    listing = watch_list(app, profile)
    click(app, listing.actions["open_file"])
    assert listing.picker is not None
    broken = tmp_path / "broken.json"
    broken.write_text('{"rules": {}, "actions": [1, 2', encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         ui_element=listing.picker, text=str(broken)))
    app.run_frames(2)
    assert app.scene is listing and listing.picker is None
    words, bad = listing.status
    assert bad and "broken.json" in str(words)


def test_a_bare_record_picked_in_the_file_dialog_is_watched(
        app: App, profile: Profile, tmp_path: Path, finished: GameSave) -> None:
    record = tmp_path / "record.json"
    record.write_text(json.dumps(finished.record.to_dict()), encoding="utf-8")
    listing = watch_list(app, profile)
    press(app, pygame.K_o)
    assert listing.picker is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         ui_element=listing.picker, text=str(record)))
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.watched.names == ("Player 1", "Player 2", "Player 3")
    assert scene.sight.person is None and scene.sight.free(scene.cursor.deal)


@pytest.mark.parametrize("page", ["load_game", "replay"])
def test_the_file_dialog_offers_only_the_files_the_game_can_open(
        app: App, profile: Profile, finished: GameSave, page: str) -> None:
    """Open file… lists saves and game records, and the folders to go through, never a
    save's previous copy (``.bak``) or a damaged file the store set aside (``.broken-…``)."""
    path = save_named(profile.paths, finished, "Friday night")
    backup_path(path).write_bytes(path.read_bytes())
    path.with_name(f"{path.name}.broken-20261203-084226").write_text('{"rec', encoding="utf-8")
    (path.parent / "Spring").mkdir()
    dialog = open_file(app, from_menu(app, profile, page))
    names = [item[0] if isinstance(item, tuple) else item for item in dialog.current_file_list]
    assert names == ["Spring", path.name]


@pytest.fixture(params=languages())
def spoken(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def test_the_file_dialog_calls_what_it_opens_a_replay_as_the_menu_and_its_page_do(
        app: App, profile: Profile, finished: GameSave, spoken: str) -> None:
    """The menu's button, the page it opens and the file dialog of either list of saves
    use one word for what is watched (a "game record" in the dialog, a "replay" on the
    menu and the page, was two)."""
    save_named(profile.paths, finished, "Friday night")
    menu = open_menu(app, profile)
    button = shown(menu.buttons["replay"])
    replays = watch_list(app, profile)
    assert shown(replays.heading_label) == button
    assert open_file(app, replays).window_display_title == button
    assert open_file(app, from_menu(app, profile, "load_game")).window_display_title == button


def test_the_load_screen_offers_watch_beside_load(app: App, profile: Profile,
                                                  finished: GameSave) -> None:
    save_named(profile.paths, finished, "From load")
    menu = open_menu(app, profile)
    click(app, menu.buttons["load_game"])
    listing = app.scene
    assert isinstance(listing, LoadGameScene) and not listing.watching
    listing.select(0)
    click(app, listing.actions["watch"])
    assert isinstance(app.scene, ReplayScene)


def test_kalooki_replay_watch_opens_the_viewer(home: StorePaths, finished: GameSave,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_named(home, finished, "Command line")
    seen: list[object] = []

    def run(self: App) -> int:
        seen.append(self.scene)
        return 0

    monkeypatch.setattr(App, "run", run)
    assert main(["replay", str(path), "--watch"]) == 0
    assert isinstance(seen[0], ReplayScene)


@pytest.mark.parametrize("content", [b"", b"not json", b'{"actions": [], "rules": 4}'])
def test_kalooki_replay_watch_of_a_bad_file_says_why_in_one_line(
        home: StorePaths, tmp_path: Path, content: bytes,
        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.kalooki"
    bad.write_bytes(content)
    assert main(["replay", str(bad), "--watch"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("kalooki replay: ") and "bad.kalooki" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_deal_summary_covers_the_controls_until_a_click_lifts_it(
        app: App, profile: Profile, finished: GameSave) -> None:
    scene = watching(app, profile, finished, "Summary")
    press(app, pygame.K_PAGEDOWN)  # the action that ended deal 1 is the last one shown
    assert scene.summary is not None and not scene.panel.buttons["forward"].visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    app.run_frames(2)
    assert scene.summary is None and scene.panel.buttons["forward"].visible
    assert scene.cursor.deal == 2  # the table is still where the summary stood
    press(app, pygame.K_RIGHT)
    assert scene.summary is None and scene.cursor.position == scene.cursor.deal_starts[2] + 1


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_menu_with_every_entry_fits_the_smallest_window(size: tuple[int, int]) -> None:
    application = App(size)
    try:
        menu = MainMenuScene(application, has_autosave=lambda: True, has_saves=lambda: True,
                             on_load=lambda: None, on_rules=lambda: None,
                             on_stats=lambda: None, on_settings=lambda: None,
                             on_replay=lambda: None, on_watch=lambda setup: None)
        application.switch(menu)
        assert len(menu.buttons) == 9 and "replay" in menu.buttons
        window = pygame.Rect((0, 0), application.size)
        rects = [button.rect for button in menu.buttons.values()]
        for index, rect in enumerate(rects):
            assert window.contains(rect) and rect.collidelist(rects[:index]) == -1
    finally:
        application.close()


def test_the_file_dialog_grows_with_a_large_window(profile: Profile) -> None:
    """A large window gets a larger file dialog (it stayed 720×520 at 1920×1080), and
    every window holds it whole."""
    sizes = {}
    for size in (MIN_SIZE, (1920, 1080)):
        app = App(size, clock=FakeClock())
        try:
            rect = open_file(app, from_menu(app, profile, "replay")).rect
            assert pygame.Rect((0, 0), size).contains(rect)
            sizes[size] = rect.size
        finally:
            app.close()
    small, large = sizes[MIN_SIZE], sizes[(1920, 1080)]
    assert large[0] > small[0] and large[1] > small[1]


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Baby Kalooki: You, Grace, Bert"), ("fr", "Baby Kalooki\u00a0: Vous, Grace, Bert")])
def test_an_autosave_is_titled_by_its_rules_and_players_as_the_list_titles_it(
        finished: GameSave, lang: str, title: str) -> None:
    """An autosave's stored name is the preset's code ("baby: You, Grace, Bert"): the
    replay's heading said that where the list of saves said the rules' title."""
    from kalooki.ui.replay.sources import Watched, watched_save

    set_language(lang)
    autosave = dataclasses.replace(finished, kind="autosave")
    watched = watched_save(autosave)
    assert isinstance(watched, Watched) and watched.title == title
    named = watched_save(dataclasses.replace(finished, name="Sunday at Grace's"))
    assert isinstance(named, Watched) and named.title == "Sunday at Grace's"
