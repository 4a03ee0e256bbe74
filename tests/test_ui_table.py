"""The table, driven headless by posted mouse events: a whole deal played as the human
against computer players, refusals, resizing mid-drag and mid-animation, and autoplay."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest

from kalooki.engine.actions import (
    Discard,
)
from kalooki.engine.deal import Phase
from kalooki.engine.rules import preset
from kalooki.store.paths import StorePaths
from kalooki.store.settings import Settings
from kalooki.ui.app import App
from kalooki.ui.pages.menu import MainMenuScene
from kalooki.ui.play.autoplay import run_autoplay
from kalooki.ui.play.match import Profile, open_menu
from kalooki.ui.table.options import INSTANT, TableOptions
from kalooki.ui.table.scene import TableScene
from kalooki.ui.workers import InlineWorker
from tests.support.pages import seeds_from
from tests.support.table import (
    assert_cards_whole,
    card_centre,
    click,
    drag,
    human_decision,
    make_session,
    perform,
    play_whole_deal,
    post,
    wait_for_human,
)
from tests.support.ui import FakeClock


def test_a_whole_deal_played_with_the_mouse(app: App, good_seed: int) -> None:
    table, kinds = play_whole_deal(app, good_seed, perform)
    session = table.session
    assert {"draw", "lay", "tack", "discard"} <= set(kinds)
    assert session.game.results[0].winner is not None
    assert table.summary_surface is not None and table.buttons["next"].visible
    click(app, table.buttons["next"].rect.center)
    assert table.result is None and not session.paused
    assert any("went out" in line for line in map(str, table.log))


def test_an_illegal_drop_changes_nothing_and_shows_why(app: App, good_seed: int) -> None:
    session = make_session(good_seed)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    while session.game.phase != Phase.DRAW:
        perform(app, table, human_decision(session.view()))
        wait_for_human(app, table)
    state = session.game.state_hash()
    card = table.hand.arrangement.order[0]
    drag(app, card_centre(table, card), table.layout.discard.center)  # discard before drawing
    assert session.game.state_hash() == state
    assert table.toast[1] > 0 and "draw" in str(table.toast[0]).lower()
    x, y, _ = table.placement.spots[card]
    motion = table.motion  # back in the hand, or on its way there
    assert motion.pos[card] == (x, y) or card in motion.tweens.active


def test_a_double_click_discards_and_two_slow_clicks_only_select(app: App,
                                                                  good_seed: int) -> None:
    """Counted on the injected frame clock: 2 frames apart is quick, 30 frames is not."""
    session = make_session(good_seed)
    table = TableScene(app, session, INSTANT)
    app.switch(table)
    wait_for_human(app, table)
    while session.view().phase != Phase.PLAY:
        perform(app, table, human_decision(session.view()))
        wait_for_human(app, table)
    card = next(a.card for a in session.view().legal if isinstance(a, Discard))
    before = len(session.recorder.actions)
    click(app, card_centre(table, card))
    app.run_frames(30)  # 0.5 s on the fake clock: too slow for a double-click
    click(app, card_centre(table, card))
    assert len(session.recorder.actions) == before and not table.hand.arrangement.selected
    app.run_frames(30)
    click(app, card_centre(table, card))
    click(app, card_centre(table, card))
    assert session.recorder.actions[before:before + 1] == [Discard(card).code]


def test_resize_during_a_drag_and_an_animation(app: App, good_seed: int) -> None:
    session = make_session(good_seed)
    table = TableScene(app, session, TableOptions(speed="normal"))
    app.switch(table)
    app.run_frames(3)
    assert table.motion.busy  # the deal is still flying
    app.window.size = (1024, 640)
    app.run_frames(2)
    assert table.layout.size == (1024, 640)
    wait_for_human(app, table, limit=20000)
    card = table.hand.arrangement.order[0]
    start = card_centre(table, card)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0))
    app.run_frames(1)
    assert table.input.drag is not None
    app.window.size = (1920, 1080)
    app.run_frames(2)
    post(pygame.MOUSEMOTION, pos=(900, 900), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(900, 900), button=1)
    app.run_frames(30)
    assert table.input.drag is None and table.layout.size == (1920, 1080)
    assert card in table.hand.arrangement.all_cards()
    assert_cards_whole(table)


def test_autoplay_plays_one_deal_and_writes_a_png(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """It printed nothing: a smoke test that passed looked like one that never ran."""
    shot = tmp_path / "last.png"
    assert run_autoplay(preset("baby"), 4, 1, shot, seed=3, clock=FakeClock()) == 0
    image = pygame.image.load(shot)
    assert image.get_size() == (1280, 720)
    said = capsys.readouterr().out
    assert said.startswith("1 deal played: ") and said.count(" point") == 4


def test_start_in_the_setup_panel_opens_the_table_and_esc_quits_to_menu(app: App) -> None:
    open_menu(app, Profile(StorePaths.default(), Settings(), worker=InlineWorker,
                           deal_seed=seeds_from()))
    menu = app.scene
    assert isinstance(menu, MainMenuScene)
    menu.open_setup()
    app.run_frames(1)
    click(app, menu.setup.start.rect.center)
    table = app.scene
    assert isinstance(table, TableScene) and table.session.game.players == 4
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.run_frames(1)
    assert table.asking.chooser is not None and table.session.paused
    click(app, table.asking.chooser.buttons[-1].rect.center)  # Quit to menu
    assert isinstance(app.scene, MainMenuScene)


def test_autoplay_seats_computers_under_people_s_names_only() -> None:
    """The seat a person would have was "North", an English word on a French table; it
    goes to Marcus, as in a watched match."""
    from kalooki.ui.play.autoplay import autoplay_session
    from kalooki.ui.play.watch import watch_seats, watch_setup

    names = autoplay_session(preset("caribbean"), 4, seed=3).names
    assert "North" not in names and len(set(names)) == 4
    assert names[0] == watch_seats(watch_setup("caribbean", 4))[0].name
